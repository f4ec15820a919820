#!/usr/bin/env python3
"""Nodes each engine needs to finish each depth, on the bench positions (docs/search-tree.md).

For every position each engine gets `ucinewgame` (a cleared table), `position fen`, and
`go depth D`; the node count of the last `info depth d` line of each depth is what finishing
depth d cost. Prints, per depth, the geometric mean of those counts over the positions
every engine finished that depth in, and the effective branching factor (the ratio to the
depth before), one column pair per engine.

With `--pgn`, the positions are instead those after plies 7 to 47 of the file's first
`--games` games, searched one after another as in a game (`ucinewgame` only between games,
`position fen ... moves ...`), so each search starts from the table the one before left.
`--hash` sets every engine's table size (16 MiB unless given), to see what a larger table
saves a warm search. Node counts do not depend on the machine's speed, so this may run beside
other work.

    python3 docs/tree-width.py --depth 16 target/release/ferrite /usr/games/stockfish
    python3 docs/tree-width.py --depth 18 --pgn games.pgn --games 4 ENGINE ENGINE
    python3 docs/tree-width.py --depth 19 --pgn games.pgn --games 6 --hash 64 ENGINE
"""

import argparse
import math
import re
import subprocess

INFO = re.compile(r"\binfo\b.*\bdepth (\d+)\b.*\bnodes (\d+)\b")


def bench_games(ferrite):
    """The bench's positions, each a game of its own (a cleared table), as `ferrite bench`
    prints them on stderr after each node count."""
    run = subprocess.run([ferrite, "bench", "1"], capture_output=True, text=True, check=True)
    fens = []
    for line in run.stderr.splitlines():
        fields = line.split(maxsplit=1)
        if len(fields) == 2 and fields[0].isdigit() and "/" in fields[1]:
            fens.append([f"fen {fields[1]}"])
    return fens


def games(pgn, count):
    """The positions after plies 7 to 47 of the first `count` games of `pgn`, game by game."""
    import chess.pgn  # only here: the bench positions need no python-chess

    found = []
    with open(pgn) as file:
        while len(found) < count and (game := chess.pgn.read_game(file)) is not None:
            start = game.board().fen()
            moves = [move.uci() for move in game.mainline_moves()]
            plies = range(7, min(48, len(moves) + 1))
            found.append([f"fen {start} moves {' '.join(moves[:ply])}" for ply in plies])
    return found


class Engine:
    """One UCI engine over a pipe, one thread and a table of `hash_mb` MiB."""

    def __init__(self, command, hash_mb):
        self.name = command.rsplit("/", 1)[-1]
        self.process = subprocess.Popen(
            [command], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Threads value 1")
        self.send(f"setoption name Hash value {hash_mb}")

    def send(self, line):
        self.process.stdin.write(line + "\n")

    def wait_for(self, word):
        lines = []
        for line in self.process.stdout:
            lines.append(line)
            if line.split() and line.split()[0] == word:
                return lines
        raise RuntimeError(f"{self.name} ended before `{word}`")

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")

    def nodes_per_depth(self, position, depth):
        """Nodes at the end of each depth 1..`depth` of a search of `position` (the
        arguments of `position`)."""
        self.send(f"position {position}")
        self.send(f"go depth {depth}")
        finished = {}
        for line in self.wait_for("bestmove"):
            match = INFO.search(line)
            if match and " bound" not in line and "currmove" not in line:
                finished[int(match.group(1))] = int(match.group(2))
        return finished

    def close(self):
        self.send("quit")
        self.process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("engines", nargs="+", help="UCI engines; the first must be Ferrite")
    parser.add_argument("--depth", type=int, default=16)
    parser.add_argument("--pgn", help="search positions of these games instead of the bench's")
    parser.add_argument("--games", type=int, default=4, help="games of --pgn to use")
    parser.add_argument("--hash", type=int, default=16, help="each engine's table in MiB")
    args = parser.parse_args()
    engines = [Engine(command, args.hash) for command in args.engines]
    logs = [[] for _ in engines]
    for game in games(args.pgn, args.games) if args.pgn else bench_games(args.engines[0]):
        for engine in engines:
            engine.new_game()
        for position in game:
            for engine, log in zip(engines, logs):
                log.append(engine.nodes_per_depth(position, args.depth))
    for engine in engines:
        engine.close()
    print("geometric mean over the positions every engine finished the depth in of the nodes")
    print("it took, and the effective branching factor (the ratio to the depth before)")
    print("depth positions " + " ".join(f"{engine.name:>22}" for engine in engines))
    before = [None for _ in engines]
    searched = len(logs[0])
    for depth in range(1, args.depth + 1):
        # Positions a search left early (a mate found, a single legal move) drop out.
        kept = [
            i
            for i in range(searched)
            if all(depth in log[i] for log in logs)
        ]
        cells = []
        for index, log in enumerate(logs):
            counts = [log[i][depth] for i in kept]
            mean = math.exp(sum(math.log(max(n, 1)) for n in counts) / max(len(counts), 1))
            ebf = f"{mean / before[index]:5.2f}" if before[index] else "     "
            before[index] = mean
            cells.append(f"{mean:15.0f}  {ebf}")
        print(f"{depth:>5} {len(kept):>9} " + " ".join(cells))


if __name__ == "__main__":
    main()
