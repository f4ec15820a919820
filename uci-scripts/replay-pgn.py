#!/usr/bin/env python3
"""Replays every game of a PGN file with python-chess (`pip install chess`) and says whether
every move was legal: the check that `ferrite data pgn` writes games anyone can read.

    ferrite data pgn data/selfplay-s11.games > s11.pgn
    python3 uci-scripts/replay-pgn.py s11.pgn

Prints the games, moves and Chess960 games read, and each game python-chess could not replay
(its `Round` and the first error); exits 1 if there was one, 2 if the file cannot be read.
"""

import sys

import chess
import chess.pgn


def main():
    if len(sys.argv) != 2:
        print("usage: replay-pgn.py FILE.pgn", file=sys.stderr)
        return 2
    try:
        handle = open(sys.argv[1], encoding="utf-8")
    except OSError as err:
        print(f"error: {sys.argv[1]}: {err}", file=sys.stderr)
        return 2
    games = moves = chess960 = bad = 0
    with handle:
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            games += 1
            board = game.board()
            chess960 += board.chess960
            played = list(game.mainline_moves())
            if game.errors or not played:
                bad += 1
                what = game.errors[0] if game.errors else "no moves"
                print(f"game {game.headers.get('Round', '?')}: {what}")
                continue
            for move in played:
                board.push(move)
            moves += len(played)
    print(f"{games} games, {moves} moves, {chess960} Chess960 games, {bad} not replayed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
