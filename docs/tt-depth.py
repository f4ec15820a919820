"""Mean depth an engine reaches at a fixed node count on one side's positions of match games,
for each of several `Hash` sizes (docs/search-tree.md).

Each game's positions of the named player are searched in order by one engine process, so the
table carries over from move to move as it does in a game; a new process starts each game.

    python3 docs/tt-depth.py ENGINE GAMES.pgn N_GAMES NODES HASH[,HASH...] [--player PREFIX]

Needs python-chess.
"""

import argparse
import statistics
import sys

import chess
import chess.engine
import chess.pgn


def player_positions(pgn_path, games, player):
    """Per game, the positions where `player` (a name prefix) was to move."""
    lines = []
    with open(pgn_path, encoding="utf-8") as pgn:
        while len(lines) < games:
            game = chess.pgn.read_game(pgn)
            if game is None:
                break
            colour = chess.WHITE if game.headers["White"].startswith(player) else chess.BLACK
            board = game.board()
            line = []
            for move in game.mainline_moves():
                if board.turn == colour:
                    line.append(board.copy())
                board.push(move)
            lines.append(line)
    return lines


def mean_depth(engine_path, lines, nodes, hash_mb):
    """Mean depth over every position of `lines`, one engine process per line."""
    depths = []
    for line in lines:
        engine = chess.engine.SimpleEngine.popen_uci(engine_path)
        try:
            engine.configure({"Hash": hash_mb, "Threads": 1})
            for board in line:
                info = engine.analyse(board, chess.engine.Limit(nodes=nodes), game=line)
                depths.append(info.get("depth", 0))
        finally:
            engine.quit()
    return len(depths), statistics.mean(depths)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine")
    parser.add_argument("pgn")
    parser.add_argument("games", type=int)
    parser.add_argument("nodes", type=int)
    parser.add_argument("hashes", help="comma-separated Hash sizes in MiB")
    parser.add_argument("--player", default="Ferrite", help="name prefix of the side to search")
    args = parser.parse_args()
    lines = player_positions(args.pgn, args.games, args.player)
    if not any(lines):
        sys.exit(f"error: no positions of {args.player} in {args.pgn}")
    for hash_mb in (int(h) for h in args.hashes.split(",")):
        count, depth = mean_depth(args.engine, lines, args.nodes, hash_mb)
        print(f"Hash {hash_mb}: {count} positions, mean depth {depth:.2f}")


if __name__ == "__main__":
    main()
