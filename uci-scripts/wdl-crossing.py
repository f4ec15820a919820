#!/usr/bin/env python3
"""Where the displayed score crosses a 50% win chance, across varied positions.

Searches the `bench` positions (`src/search/bench.rs`: Bratko-Kopec, the perft positions,
openings, endgames) one by one to --depth with `UCI_ShowWDL`, keeps the last `info` line of
each that has a centipawn score (mate scores are skipped) until --positions are scored, and
prints them sorted by score with their `wdl` win per mille. Then the crossing: the highest
score whose win chance is under 500 per mille and the lowest at or above it. Normalised
scores put that crossing near +1.00 (see `docs/measurements.md`, "Scores").

    cargo build --release
    python3 uci-scripts/wdl-crossing.py target/release/ferrite
"""

import argparse
import pathlib
import re
import subprocess


def bench_positions():
    source = pathlib.Path(__file__).resolve().parent.parent / "src/search/bench.rs"
    body = source.read_text().split("pub const POSITIONS", 1)[1].split("];", 1)[0]
    return re.findall(r'"([^"]+)"', body)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine")
    parser.add_argument("--depth", type=int, default=10)
    parser.add_argument("--positions", type=int, default=40)
    args = parser.parse_args()

    engine = subprocess.Popen(
        [args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )

    def send(command):
        engine.stdin.write(command + "\n")
        engine.stdin.flush()

    send("uci")
    send("setoption name UCI_ShowWDL value true")
    send("isready")
    while engine.stdout.readline().strip() != "readyok":
        pass
    rows = []
    for fen in bench_positions():
        if len(rows) == args.positions:
            break
        send("ucinewgame")
        send(f"position fen {fen}")
        send(f"go depth {args.depth}")
        last = None
        while True:
            line = engine.stdout.readline()
            if not line:
                raise SystemExit("error: the engine closed its output")
            words = line.split()
            if words[:1] == ["info"] and "wdl" in words and "score" in words:
                last = words
            if words[:1] == ["bestmove"]:
                break
        if last is not None and last[last.index("score") + 1] == "cp":
            cp = int(last[last.index("score") + 2])
            win = int(last[last.index("wdl") + 1])
            rows.append((cp, win, fen))
    send("quit")
    engine.wait()
    rows.sort()
    for cp, win, fen in rows:
        print(f"{cp:+6d} cp  win {win:4d}  {fen}")
    below = [cp for cp, win, _ in rows if win < 500]
    above = [cp for cp, win, _ in rows if win >= 500]
    print(
        f"{len(rows)} positions at depth {args.depth}: highest score with win < 500: "
        f"{max(below) if below else None}; lowest with win >= 500: {min(above) if above else None}"
    )


if __name__ == "__main__":
    main()
