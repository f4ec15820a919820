#!/usr/bin/env python3
"""Calibrates Ferrite's UCI_Elo scale and writes it into src/search/strength.rs.

Rerun it whenever the engine's strength changes (a new network, a search change): the
levels are node budgets, so a stronger engine plays each level better.

What it does:
1. Reads the current scale (ELO_SCALE: UCI_Elo -> skill, the log2 of the node budget).
2. Plays Ferrite at each --anchors UCI_Elo against Stockfish 15.1 (Debian's `stockfish`,
   whose UCI_Elo is anchored to the CCRL list) at the same UCI_Elo, both with
   UCI_LimitStrength: the score gives the rating that Ferrite's skill at that UCI_Elo
   really plays at. The top anchors (--top-from up) play at --top-tc, 60+0.6: their node
   budgets outlast the clock at 8+0.08, and Stockfish's own scale was fitted at 60+0.6.
3. Below Stockfish's floor (1350) the scale continues on its own: each --below UCI_Elo plays
   the level above it (the lowest anchor first), and its rating is that level's plus the
   Elo difference of the score. So a level 200 points lower scores about 24%.
4. Fits rating = a + b*skill + c*skill^2 to the anchors (weighted by games; linear if the
   quadratic is not rising over the measured range); below the lowest anchor it follows the
   chain of step 3 in straight lines (there the node budget hardly matters and the
   temperature makes the difference, which no one curve fits). For every row of the table it
   writes the skill whose rating is the row's UCI_Elo; rows rated above the highest anchor
   keep their skill, as the fit is not extrapolated.
5. Prints the data (for the commit message) and, with --write, rewrites the table.

Each match goes through match.py (CPU-heavy: take the shared lock on a shared machine):

  flock /tmp/ferrite-cpu.lock python3 uci-scripts/calibrate-elo.py \\
      --ferrite /tmp/ferrite --match <path to match.py> \\
      --openings data/openings/noob_3moves_5000.epd \\
      --games 30 --write --log calibration.txt
"""

import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "src", "search", "strength.rs")
TABLE = re.compile(r"(pub const ELO_SCALE: \[\(i32, f64\); )(\d+)(\] = \[\n)(.*?)(\n\];)", re.S)
ROW = re.compile(r"\((\d+),\s*(-?[\d.]+)\)")
STOCKFISH_FLOOR = 1350


def read_scale(path):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as error:
        sys.exit(f"calibrate-elo: cannot read {path}: {error}")
    found = TABLE.search(text)
    if not found:
        sys.exit(f"calibrate-elo: no ELO_SCALE table in {path}")
    rows = [(int(e), float(s)) for e, s in ROW.findall(found.group(4))]
    if len(rows) < 2:
        sys.exit(f"calibrate-elo: ELO_SCALE in {path} has fewer than two rows")
    return text, rows


def read_json(path, option):
    """The JSON in `path`, or a clear exit naming the option that gave it."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as error:
        sys.exit(f"calibrate-elo: cannot read {option} {path}: {error}")


def skill_for_elo(rows, elo):
    """The interpolation of strength.rs, in Python."""
    if elo <= rows[0][0]:
        return rows[0][1]
    for (e0, s0), (e1, s1) in zip(rows, rows[1:]):
        if elo <= e1:
            return s0 + (s1 - s0) * (elo - e0) / (e1 - e0)
    return rows[-1][1]


def elo_difference(score):
    score = min(max(score, 0.01), 0.99)
    return -400 * math.log10(1 / score - 1)


def play(args, first, second, label, tc):
    """Plays a match at `tc`; returns (wins, draws, losses) of `first`."""
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        summary_path = f.name
    command = [sys.executable, args.match,
               "--engine", *first, "--engine", *second,
               "--tc", tc, "--games", str(args.games),
               "--concurrency", str(args.concurrency),
               "--openings", args.openings, "--openings-order", "random",
               "--seed", str(args.seed), "--json", summary_path, "--quiet"]
    if args.resign:
        command += ["--resign", *args.resign]
    if args.pgn_dir:
        command += ["--pgnout", os.path.join(args.pgn_dir, f"{label}.pgn")]
    log(args, "$ " + " ".join(command))
    run = subprocess.run(command, capture_output=True, text=True)
    log(args, run.stdout.strip())
    if run.returncode not in (0, 3):
        sys.exit(f"calibrate-elo: match {label} failed ({run.returncode}): {run.stderr.strip()}")
    with open(summary_path, encoding="utf-8") as f:
        summary = json.load(f)
    os.unlink(summary_path)
    return summary["wins"], summary["draws"], summary["losses"]


def ferrite(args, elo, name):
    return [f"cmd={args.ferrite}", f"name={name}", "option.Hash=16",
            "option.UCI_LimitStrength=true", f"option.UCI_Elo={elo}"]


def log(args, text):
    print(text, flush=True)
    if args.log:
        with open(args.log, "a", encoding="utf-8") as f:
            f.write(text + "\n")


def solve(matrix, vector):
    """Gaussian elimination for the small normal equations."""
    n = len(vector)
    m = [row[:] + [v] for row, v in zip(matrix, vector)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-12:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col:
                factor = m[r][col] / m[col][col]
                m[r] = [a - factor * b for a, b in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(points, degree):
    """Weighted least squares of rating on skill: coefficients, lowest power first."""
    size = degree + 1
    matrix = [[sum(w * s ** (i + j) for s, _, w in points) for j in range(size)] for i in range(size)]
    vector = [sum(w * r * s ** i for s, r, w in points) for i in range(size)]
    return solve(matrix, vector)


def rating(coefficients, skill):
    return sum(c * skill ** i for i, c in enumerate(coefficients))


def rising(coefficients, low, high):
    steps = 100
    values = [rating(coefficients, low + (high - low) * k / steps) for k in range(steps + 1)]
    return all(b > a for a, b in zip(values, values[1:]))


def invert(coefficients, target, low, high):
    """The skill in [low, high] whose fitted rating is `target` (bisection; rating rises)."""
    for _ in range(100):
        middle = (low + high) / 2
        if rating(coefficients, middle) < target:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ferrite", required=True, help="Ferrite binary (copy it out of target/)")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--match", required=True,
                        help="match.py, the game runner (not part of this repository)")
    parser.add_argument("--openings", required=True,
                        help="EPD opening book, e.g. noob_3moves_5000.epd (not part of this repository)")
    parser.add_argument("--tc", default="8+0.08")
    parser.add_argument("--top-tc", default="60+0.6",
                        help="time control of the anchors from --top-from up, whose node budgets "
                        "the clock at --tc would cut short (Stockfish's scale is set at 60+0.6)")
    parser.add_argument("--top-from", type=int, default=2400)
    parser.add_argument("--games", type=int, default=30, help="games per level")
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--anchors", default="1400,1800,2200,2400",
                        help="UCI_Elo values played against Stockfish")
    parser.add_argument("--below", default="1200,1000",
                        help="UCI_Elo values below Stockfish's floor, each played against the level above")
    parser.add_argument("--results", help="JSON of earlier results to reuse instead of playing "
                        "({\"anchor\": {\"1400\": [w, d, l]}, \"below\": {\"1200\": [w, d, l]}})")
    parser.add_argument("--extra", help="JSON list of [skill, rating, games] measured by earlier runs "
                        "(their 'points:' line), fitted together with this run's")
    parser.add_argument("--resign", nargs="+", metavar="KEY=VALUE",
                        help="match.py's resign adjudication, e.g. movecount=4 score=1000: a game "
                        "both engines agree is lost ends early, which shortens the 60+0.6 matches")
    parser.add_argument("--write", action="store_true", help="rewrite ELO_SCALE in strength.rs")
    parser.add_argument("--pgn-dir", help="keep the games here")
    parser.add_argument("--log", help="append everything printed to this file")
    args = parser.parse_args()

    text, rows = read_scale(SOURCE)
    anchors = sorted(int(e) for e in args.anchors.split(",") if e)
    below = sorted((int(e) for e in args.below.split(",") if e), reverse=True)
    if not anchors or anchors[0] < STOCKFISH_FLOOR:
        sys.exit(f"calibrate-elo: anchors must be at least {STOCKFISH_FLOOR} (Stockfish's floor)")
    if below and below[0] >= anchors[0]:
        sys.exit("calibrate-elo: --below values must lie under the lowest anchor")
    earlier = {"anchor": {}, "below": {}}
    if args.results:
        earlier = read_json(args.results, "--results")

    results = {"anchor": {}, "below": {}}
    points = []  # (UCI_Elo, opponent's UCI_Elo, against Stockfish, (w, d, l))
    log(args, f"scale before: {rows}")
    for elo in anchors:
        wdl = earlier.get("anchor", {}).get(str(elo))
        if wdl is None:
            stockfish = [f"cmd={args.stockfish}", "name=stockfish", "option.Hash=16", "option.Threads=1",
                         "option.UCI_LimitStrength=true", f"option.UCI_Elo={elo}"]
            tc = args.top_tc if elo >= args.top_from else args.tc
            wdl = play(args, ferrite(args, elo, f"ferrite-{elo}"), stockfish, f"anchor-{elo}", tc)
        results["anchor"][str(elo)] = list(wdl)
        points.append((elo, elo, True, wdl))
    above = anchors[0]
    for elo in below:
        wdl = earlier.get("below", {}).get(str(elo))
        if wdl is None:
            wdl = play(args, ferrite(args, elo, f"ferrite-{elo}"), ferrite(args, above, f"ferrite-{above}"),
                       f"below-{elo}", args.tc)
        results["below"][str(elo)] = list(wdl)
        points.append((elo, above, False, wdl))
        above = elo

    # Ratings: anchors against Stockfish at their own UCI_Elo; each lower level against the
    # measured rating of the level above it.
    measured = []  # (skill, rating, games)
    ratings = {}
    far = []  # levels whose score is far from what the table means
    for own, opponent, stockfish, (w, d, l) in points:
        n = w + d + l
        if n == 0:
            sys.exit("calibrate-elo: a match played no games")
        score = (w + d / 2) / n
        value = (opponent if stockfish else ratings[opponent]) + elo_difference(score)
        ratings[own] = value
        skill = skill_for_elo(rows, own)
        measured.append((skill, value, n))
        log(args, f"UCI_Elo {own:4d} skill {skill:6.3f}: {w}-{d}-{l} ({100 * score:.1f}%) against "
                  f"{'Stockfish' if stockfish else 'Ferrite'} {opponent} -> plays at {value:.0f}")
        expected = 0.5 if stockfish else 0.24
        if abs(score - expected) > 0.1:
            far.append(own)
    log(args, "results: " + json.dumps(results))
    log(args, "points: " + json.dumps([[round(s, 3), round(r, 1), n] for s, r, n in measured]))
    # Above the floor: a smooth fit of every anchor's rating. Below the lowest anchor, where
    # the budget hardly matters and the temperature makes the difference, the chain itself:
    # straight lines between its levels, joined to the fit at the lowest anchor. An earlier
    # run's point joins the fit if its skill is within this run's anchors' reach, the chain
    # otherwise.
    anchor_points, below_points = measured[:len(anchors)], measured[len(anchors):]
    low = min(s for s, _, _ in anchor_points)
    if args.extra:
        for skill, value, n in read_json(args.extra, "--extra"):
            (anchor_points if skill >= low else below_points).append((skill, value, n))
    high = max(s for s, _, _ in anchor_points)
    coefficients = fit(anchor_points, 2) if len(anchor_points) >= 3 else None
    if coefficients is None or not rising(coefficients, low - 2, high + 2):
        coefficients = fit(anchor_points, 1) if len(anchor_points) >= 2 else None
    if coefficients is None or not rising(coefficients, low, high):
        sys.exit("calibrate-elo: the ratings do not rise with skill; play more games")
    log(args, "fit: rating = " + " + ".join(f"{c:.3f}*skill^{i}" for i, c in enumerate(coefficients)))
    lowest = measured[0]  # this run's lowest anchor, which its levels below were measured against
    shift = rating(coefficients, lowest[0]) - lowest[1]
    chain = sorted([(lowest[0], lowest[1] + shift)] + [(s, r + shift) for s, r, _ in below_points])
    if any(b[1] <= a[1] for a, b in zip(chain, chain[1:])):
        sys.exit("calibrate-elo: the levels below the floor do not rise with skill; play more games")
    log(args, "below the lowest anchor: " + ", ".join(f"skill {s:.2f} -> {r:.0f}" for s, r in chain))

    def chain_skill(elo):
        """Skill for `elo` on the chain's lines (the end lines extended)."""
        pairs = list(zip(chain, chain[1:]))
        (s0, r0), (s1, r1) = next(((a, b) for a, b in pairs if elo <= b[1]), pairs[-1])
        if elo < chain[0][1]:
            (s0, r0), (s1, r1) = pairs[0]
        return s0 + (s1 - s0) * (elo - r0) / (r1 - r0)

    top = rating(coefficients, high)
    new_rows = []
    for elo, old in rows:
        if len(chain) >= 2 and elo < rating(coefficients, lowest[0]):
            skill = chain_skill(elo)
        elif elo > top:
            # Past the highest anchor the fit is a guess, and at short time controls the clock,
            # not the budget, caps the top levels, so the fit flattens there: the row stays.
            skill = old
        else:
            skill = invert(coefficients, elo, lowest[0] - 10, high)
        if new_rows and skill <= new_rows[-1][1]:
            skill = new_rows[-1][1] + 0.01
        new_rows.append((elo, round(skill, 2)))
    log(args, f"scale after: {new_rows}")
    if far:
        # The rating is not a straight line in the skill (up to about skill 7, 128 nodes, the budget
        # hardly matters), so a row far from its measured point is only an estimate until measured.
        log(args, f"levels {far} scored far from their mark: run another pass on the new table, "
                  "with --extra and this run's points")
    if args.write:
        body = "\n".join(f"    ({elo}, {skill:.2f})," for elo, skill in new_rows)
        found = TABLE.search(text)
        text = text[:found.start()] + found.group(1) + str(len(new_rows)) + found.group(3) + body + \
            found.group(5) + text[found.end():]
        with open(SOURCE, "w", encoding="utf-8") as f:
            f.write(text)
        log(args, f"wrote {SOURCE}")


if __name__ == "__main__":
    main()
