#!/usr/bin/env python3
"""Measures Ferrite's live output: `go infinite` from Kiwipete for --seconds, then `stop`.

Writes every line with its time since `go` (time.monotonic) to --out and prints the largest
gap between two engine lines, overall and after the first three seconds (from then on the
engine promises a line at least every second: `currmove`, a failed aspiration window, or a
progress line). With --python-chess it then lets python-chess (`pip install chess`) analyse
the same position for --seconds and reports what it parsed and any warning it logged.

    cargo build --release
    python3 uci-scripts/live-transcript.py target/release/ferrite --out /tmp/live-transcript.txt
    python3 uci-scripts/live-transcript.py target/release/ferrite --seconds 10 --python-chess
"""

import argparse
import subprocess
import threading
import time

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
LIVE_AFTER_S = 3.0


def transcript(engine, seconds, out):
    proc = subprocess.Popen(
        [engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )
    lines = []

    def read():
        for line in proc.stdout:
            lines.append((time.monotonic(), line.rstrip("\n")))

    reader = threading.Thread(target=read)
    reader.start()

    def send(command):
        lines.append((time.monotonic(), "<< " + command))
        proc.stdin.write(command + "\n")
        proc.stdin.flush()

    send("uci")
    send("position fen " + KIWIPETE)
    send("isready")
    time.sleep(0.5)
    send("go infinite")
    time.sleep(seconds)
    send("stop")
    time.sleep(0.5)
    send("quit")
    reader.join(5)

    go_at = next(at for at, line in lines if line == "<< go infinite")
    with open(out, "w") as f:
        for at, line in lines:
            if at >= go_at:
                f.write(f"{at - go_at:9.3f} {line}\n")
    engine_lines = [(at - go_at, line) for at, line in lines if at >= go_at and not line.startswith("<<")]
    gaps = [(b[0] - a[0], a[0], a[1][:70]) for a, b in zip(engine_lines, engine_lines[1:])]
    print(f"{len(engine_lines)} lines after go, transcript in {out}")
    print("largest gap: %.3f s, after the line at %.3f s: %s" % max(gaps))
    late = [gap for gap in gaps if gap[1] >= LIVE_AFTER_S]
    print("largest gap after the first 3 s: %.3f s, after the line at %.3f s: %s" % max(late))


def python_chess(engine, seconds):
    import logging

    import chess
    import chess.engine

    complaints = []

    class Collect(logging.Handler):
        def emit(self, record):
            if record.levelno >= logging.WARNING:
                complaints.append(record.getMessage())

    logging.getLogger("chess.engine").addHandler(Collect())
    kinds = {"currmove": 0, "bound": 0, "progress": 0, "score": 0}
    uci = chess.engine.SimpleEngine.popen_uci(engine)
    with uci.analysis(chess.Board(KIWIPETE), chess.engine.Limit(time=seconds)) as analysis:
        for info in analysis:
            if "currmove" in info:
                kinds["currmove"] += 1
            elif "lowerbound" in info or "upperbound" in info:
                kinds["bound"] += 1
            elif "score" in info:
                kinds["score"] += 1
            elif "nodes" in info:
                kinds["progress"] += 1
        best = analysis.wait().move
    uci.quit()
    print(f"python-chess {chess.__version__}: best {best}, info lines parsed {kinds}")
    print(f"python-chess warnings and errors: {complaints or 'none'}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("engine")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--out", default="/tmp/live-transcript.txt")
    parser.add_argument("--python-chess", action="store_true")
    args = parser.parse_args()
    if args.python_chess:
        python_chess(args.engine, args.seconds)
    else:
        transcript(args.engine, args.seconds, args.out)


if __name__ == "__main__":
    main()
