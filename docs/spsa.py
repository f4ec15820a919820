#!/usr/bin/env python3
"""SPSA of the search's tunables by self-play (docs/tuning.md, "SPSA").

The tuning build (`make FEATURES=spsa`) announces every tunable as a UCI option, and
`ferrite spsa` prints them as OpenBench takes them: `name, int, default, min, max, c_end,
r_end`. Each iteration perturbs every tuned value by +-c_k at random, plays game pairs
(one opening, both colours) between the values pushed up and those pushed down, and moves
each value by a_k * (wins - losses) / c_k in the direction that won: OpenBench's schedule
(alpha 0.602, gamma 0.101, A a tenth of the iterations). fastchess plays the games.

The state (the iteration and the values as fractions) is kept in `--state` after every
iteration, so a stopped run resumes where it was; `--log` gets one line an iteration.

    make FEATURES=spsa EXE=/tmp/ferrite-spsa
    python3 docs/spsa.py --engine /tmp/ferrite-spsa --iterations 4000 \\
        --state spsa.json --log spsa.tsv --exclude TM_
"""

import argparse
import json
import math
import os
import random
import re
import subprocess
import sys

ALPHA, GAMMA, A_SHARE = 0.602, 0.101, 0.1
SCORE = re.compile(r"Wins: (\d+), Losses: (\d+), Draws: (\d+)")


def tunables(engine, exclude):
    """The engine's tunables as dicts, from `ferrite spsa`, less those named by a prefix in
    `exclude`."""
    run = subprocess.run([engine, "spsa"], capture_output=True, text=True, check=True)
    found = []
    for line in run.stdout.splitlines():
        name, kind, default, low, high, c_end, r_end = [f.strip() for f in line.split(",")]
        if kind != "int" or any(name.startswith(prefix) for prefix in exclude):
            continue
        found.append(
            {
                "name": name,
                "value": float(default),
                "min": float(low),
                "max": float(high),
                "c_end": float(c_end),
                "r_end": float(r_end),
            }
        )
    return found


def schedule(param, iterations, k):
    """(a_k, c_k) of `param` at iteration `k` (from 0) of `iterations`."""
    c = param["c_end"] * iterations**GAMMA
    a_end = param["r_end"] * param["c_end"] ** 2
    a = a_end * (A_SHARE * iterations + iterations) ** ALPHA
    return a / (A_SHARE * iterations + k + 1) ** ALPHA, c / (k + 1) ** GAMMA


def clamp(param, value):
    """`value` within the parameter's range."""
    return min(param["max"], max(param["min"], value))


def integer(value):
    """`value` rounded half up (Python's `round` rounds halves to even, which would favour
    even values)."""
    return math.floor(value + 0.5)


def play(args, plus, minus, seed):
    """Wins less losses of the engine with the `plus` values over `args.pairs` game pairs."""

    def engine(name, values):
        options = [f"option.{key}={value}" for key, value in values.items()]
        return ["-engine", f"cmd={args.engine}", f"name={name}", *options]

    command = [
        args.fastchess,
        *engine("plus", plus),
        *engine("minus", minus),
        "-each",
        "tc=inf",
        f"nodes={args.nodes}",
        "option.Hash=16",
        "option.Threads=1",
        "-rounds",
        str(args.pairs),
        "-repeat",
        "-concurrency",
        str(args.concurrency),
        "-openings",
        f"file={args.openings}",
        "format=epd",
        "order=random",
        "-srand",
        str(seed),
    ]
    run = subprocess.run(command, capture_output=True, text=True)
    scores = SCORE.findall(run.stdout)
    if run.returncode != 0 or not scores:
        sys.exit(f"error: fastchess failed ({run.returncode}): {run.stderr.strip()[-500:]}")
    wins, losses, _ = map(int, scores[-1])
    return wins - losses


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", required=True, help="a build with --features spsa")
    parser.add_argument("--iterations", type=int, required=True)
    parser.add_argument("--state", required=True, help="JSON file, resumed if present")
    parser.add_argument("--log", required=True, help="TSV file, one line an iteration")
    parser.add_argument("--exclude", nargs="*", default=[], help="name prefixes left alone")
    parser.add_argument("--nodes", type=int, default=10_000)
    parser.add_argument("--pairs", type=int, default=2, help="game pairs an iteration")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--openings", default="data/openings/noob_3moves_5000.epd")
    parser.add_argument("--fastchess", default="fastchess")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    if os.path.exists(args.state):
        with open(args.state) as file:
            state = json.load(file)
        # The schedule depends on the run's length: resumed with another, it would change.
        if state["iterations"] != args.iterations:
            sys.exit(f"error: {args.state} is a run of {state['iterations']} iterations")
    else:
        state = {
            "iterations": args.iterations,
            "k": 0,
            "params": tunables(args.engine, args.exclude),
        }
    params = state["params"]
    rng = random.Random(f"{args.seed}-{state['k']}")
    with open(args.log, "a") as log:
        if state["k"] == 0:
            log.write("iteration\tresult\t" + "\t".join(p["name"] for p in params) + "\n")
        while state["k"] < args.iterations:
            k = state["k"]
            steps = [schedule(p, args.iterations, k) for p in params]
            signs = [rng.choice((-1, 1)) for _ in params]
            plus, minus = {}, {}
            for p, (_, c_k), sign in zip(params, steps, signs):
                plus[p["name"]] = integer(clamp(p, p["value"] + sign * c_k))
                minus[p["name"]] = integer(clamp(p, p["value"] - sign * c_k))
            result = play(args, plus, minus, args.seed * 1_000_003 + k)
            for p, (a_k, c_k), sign in zip(params, steps, signs):
                p["value"] = clamp(p, p["value"] + a_k * result * sign / c_k)
            state["k"] = k + 1
            with open(args.state + ".tmp", "w") as file:
                json.dump(state, file, indent=1)
            os.replace(args.state + ".tmp", args.state)
            values = "\t".join(f"{p['value']:.2f}" for p in params)
            log.write(f"{k + 1}\t{result}\t{values}\n")
            log.flush()


if __name__ == "__main__":
    main()
