#!/usr/bin/env python3
"""Plays a match with pondering under a real clock, which fastchess and match.py cannot.

Each engine gets `Ponder=true`; after every move python-chess (`pip install chess`) sends
`go ponder` on the engine's predicted reply, then `ponderhit` when the opponent plays it or
`stop` and a fresh `go` when not. The clock runs from the moment the move is asked for
(`ponderhit` or `go`) to `bestmove`, as in a GUI: a clock that goes below zero loses the game.
Both engines think at once (one on its clock, one pondering), so use one thread each on a
2-core machine and nothing else heavy beside.

Games come in pairs (each opening once with each colour), openings from an EPD file in random
order. Writes a PGN with each move's time and clock left, and prints W-D-L from the first
engine's side, time losses, faults (illegal moves, crashes), ponder hits and the least clock
left after a move.

    python3 uci-scripts/ponder-match.py NEW OLD --tc 10+0.1 --games 100 \\
        --openings data/openings/noob_3moves_5000.epd --pgn ponder.pgn
"""

import argparse
import random
import time

import chess
import chess.engine
import chess.pgn


def parse_tc(text):
    base, _, inc = text.partition("+")
    return float(base), float(inc or 0)


def opening_fen(line):
    """The FEN of an EPD line: its four fields plus the move counters when it has them."""
    fields = line.split()
    if len(fields) >= 6 and fields[4].isdigit() and fields[5].isdigit():
        return " ".join(fields[:6])
    return " ".join(fields[:4]) + " 0 1"


class Player:
    """One engine over the whole match, with its tallies."""

    def __init__(self, command, name, hash_mb):
        self.name = name
        self.engine = chess.engine.SimpleEngine.popen_uci(command)
        self.engine.configure({"Hash": hash_mb, "Threads": 1})
        self.predicted = None
        self.ponder_hits = 0
        self.ponder_misses = 0
        self.least_clock = float("inf")
        self.moves = 0

    def close(self):
        try:
            self.engine.quit()
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError):
            self.engine.close()


def play_game(white, black, fen, base, inc, game_id):
    """Plays one game; returns (result, termination, pgn game, loser's fault or None)."""
    board = chess.Board(fen)
    game = chess.pgn.Game()
    game.setup(board)
    game.headers["White"], game.headers["Black"] = white.name, black.name
    game.headers["TimeControl"] = f"{base:g}+{inc:g}"
    node = game
    clocks = {chess.WHITE: base, chess.BLACK: base}
    players = {chess.WHITE: white, chess.BLACK: black}
    for player in players.values():
        player.predicted = None
    fault = None
    termination = "normal"
    while (outcome := board.outcome(claim_draw=True)) is None:
        side = board.turn
        player = players[side]
        # The player's last `bestmove` predicted the opponent's reply just played.
        if player.predicted is not None:
            if board.peek() == player.predicted:
                player.ponder_hits += 1
            else:
                player.ponder_misses += 1
        limit = chess.engine.Limit(
            white_clock=clocks[chess.WHITE],
            black_clock=clocks[chess.BLACK],
            white_inc=inc,
            black_inc=inc,
        )
        started = time.perf_counter()
        try:
            result = player.engine.play(
                board, limit, ponder=True, game=game_id, info=chess.engine.INFO_SCORE
            )
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as error:
            fault = f"{player.name} failed: {error}"
            break
        spent = time.perf_counter() - started
        clocks[side] -= spent
        if clocks[side] < 0:
            termination = "time forfeit"
            break
        if result.move is None or result.move not in board.legal_moves:
            fault = f"{player.name} played an illegal move {result.move}"
            break
        player.least_clock = min(player.least_clock, clocks[side])
        player.moves += 1
        player.predicted = result.ponder
        score = result.info.get("score")
        shown = score.pov(side).score(mate_score=100000) if score else None
        node = node.add_variation(result.move)
        node.comment = (
            f"{shown if shown is not None else '?'}/{result.info.get('depth', 0)} "
            f"{spent:.3f}s, tl={clocks[side]:.3f}s"
        )
        clocks[side] += inc
        board.push(result.move)
    # After a `break` the game is still going by the rules: `outcome` is None.
    if outcome is not None:
        result = outcome.result()
    else:
        # The side to move lost on time, failed or played an illegal move.
        result = "0-1" if board.turn == chess.WHITE else "1-0"
        if fault is not None:
            termination = "illegal move or crash"
    game.headers["Result"] = result
    game.headers["Termination"] = termination
    return result, termination, game, fault


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", help="the engine whose score is reported")
    parser.add_argument("second")
    parser.add_argument("--tc", default="10+0.1", help="base+increment in seconds")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--openings", required=True, help="EPD file of start positions")
    parser.add_argument("--pgn", required=True)
    parser.add_argument("--hash", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    base, inc = parse_tc(args.tc)
    with open(args.openings) as file:
        openings = [opening_fen(line) for line in file if line.strip()]
    random.Random(args.seed).shuffle(openings)
    first = Player(args.first, "first", args.hash)
    second = Player(args.second, "second", args.hash)
    score = {"1-0": 0, "1/2-1/2": 0, "0-1": 0}
    time_losses = 0
    faults = []
    try:
        with open(args.pgn, "w") as pgn:
            for number in range(args.games):
                fen = openings[number // 2 % len(openings)]
                swap = number % 2 == 1
                white, black = (second, first) if swap else (first, second)
                result, termination, game, fault = play_game(
                    white, black, fen, base, inc, number
                )
                game.headers["Round"] = str(number + 1)
                print(game, file=pgn, end="\n\n", flush=True)
                if fault is not None:
                    faults.append(f"game {number + 1}: {fault}")
                time_losses += termination == "time forfeit"
                # From the first engine's side: W, D, L.
                if result == "1/2-1/2":
                    score["1/2-1/2"] += 1
                elif (result == "1-0") != swap:
                    score["1-0"] += 1
                else:
                    score["0-1"] += 1
                print(
                    f"game {number + 1}: {white.name} - {black.name} {result} ({termination}); "
                    f"first W-D-L {score['1-0']}-{score['1/2-1/2']}-{score['0-1']}",
                    flush=True,
                )
    finally:
        first.close()
        second.close()
    print(f"W-D-L (first): {score['1-0']}-{score['1/2-1/2']}-{score['0-1']}")
    print(f"time losses: {time_losses}  faults: {len(faults)}")
    for fault in faults:
        print(f"  {fault}")
    for player in (first, second):
        guesses = player.ponder_hits + player.ponder_misses
        print(
            f"{player.name}: {player.moves} moves, ponder hits {player.ponder_hits}/{guesses}, "
            f"least clock left after a move {player.least_clock:.3f}s"
        )


if __name__ == "__main__":
    main()
