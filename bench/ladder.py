"""The levels on one scale: Bradley-Terry ratings from matches in the 2021 EAAI framework
(bench/README.md, section Strength, "The calibrated ladder"; issue 27 item 4).

Each pairing is played by ``../shared/eaai/run.sh`` (the framework deals, enforces its rules and
scores; games to 100, duplicate deals with the seats swapped), so the scale includes the
framework's own players: ``Simple`` (its SimpleGinRummyPlayer) and ``MARJJ`` (the 2021 winner).

Usage::

    .venv/bin/python bench/ladder.py play --out bench/ladder_results.jsonl --seed 1 --jobs 2 \\
        expert:MARJJ:400 strong:MARJJ:400 simple:Simple:200 ...
    .venv/bin/python bench/ladder.py fit bench/ladder_results.jsonl [--anchor Simple]

``add A B SEED DIR...`` appends the same lines for run folders already played by ``run.sh A B``
with ``SEED``. ``play`` appends one JSON line per pairing to ``--out``: ``a``, ``b``, ``games``, ``seed``, the
games won by ``a`` (ties half), ``pairs`` (``a``'s score in each duplicate pair: 0, 0.5 or 1),
the run's net points per hand and the measured tree's git commit. ``PYTHON`` in the environment
chooses the Python that plays the project's levels (``.venv-compiled/bin/python`` for the
compiled build; the same play, faster).

``fit`` pools every line (the same pairing at several seeds adds up) and fits Bradley-Terry
strengths by the minorisation-maximisation iteration, with one virtual drawn game per pairing
played (so a player who never wins a pairing keeps a finite rating). Ratings are on the Elo
scale (400 points: 10 to 1 odds), the ``--anchor`` player at 0. The 95% intervals come from
resampling the duplicate pairs of each pairing (``--boot`` times, seeded). It prints the
ladder strongest first, each player's interval, and whether each player's interval lies wholly
above the next one's.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import subprocess
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def play(a: str, b: str, games: int, seed: int, jobs: int, eaai: Path) -> dict[str, object]:
    """Play ``games`` games of ``a`` against ``b`` in the framework; the line ``play`` writes."""
    with tempfile.TemporaryDirectory(prefix="ladder-") as tmp:
        out = Path(tmp) / "run"
        env = dict(os.environ, SEED=str(seed), JOBS=str(jobs), OUT=str(out))
        subprocess.run([str(eaai / "run.sh"), a, b, str(games)], cwd=ROOT, env=env, check=True)
        return read_run(a, b, seed, out)


def read_run(a: str, b: str, seed: int, out: Path) -> dict[str, object]:
    """The line ``play`` writes, from a finished run folder ``out`` of ``run.sh A B``."""
    summary = json.loads((out / "summary.json").read_text())
    by_pair: dict[int, list[float]] = defaultdict(list)
    for path in sorted(out.glob("games-*.jsonl")):
        for line in path.read_text().splitlines():
            g = json.loads(line)
            w = g["winner"]
            by_pair[g["pair"]].append(1.0 if w == 0 else 0.0 if w == 1 else 0.5)
    info = (out / "run-info.txt").read_text()
    commit = next((ln.split("(git ")[1].split(",")[0] for ln in info.splitlines() if "(git " in ln), "")
    pairs = [sum(v) / len(v) for _, v in sorted(by_pair.items()) if len(v) == 2]
    return {
        "a": a,
        "b": b,
        "games": 2 * len(pairs),
        "seed": seed,
        "wins_a": 2 * sum(pairs),
        "pairs": pairs,
        "net_a": summary["net_points_per_hand_A"],
        "commit": commit,
    }


def bradley_terry(scores: dict[tuple[str, str], tuple[float, float]], iters: int = 2000) -> dict[str, float]:
    """Strengths (Elo points, mean 0) from ``scores[(a, b)] = (a's wins, games)`` (ties as
    half wins), each pairing with one virtual drawn game added."""
    players = sorted({p for ab in scores for p in ab})
    wins: dict[str, float] = defaultdict(float)
    games: dict[tuple[str, str], float] = defaultdict(float)
    for (a, b), (w, n) in scores.items():
        wins[a] += w + 0.5
        wins[b] += n - w + 0.5
        games[a, b] += n + 1
        games[b, a] += n + 1
    gamma = dict.fromkeys(players, 1.0)
    for _ in range(iters):
        new = {}
        for i in players:
            denom = sum(games[i, j] / (gamma[i] + gamma[j]) for j in players if games[i, j])
            new[i] = wins[i] / denom if denom else gamma[i]
        mean = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        change = max(abs(new[p] / mean - gamma[p]) for p in players)
        gamma = {p: v / mean for p, v in new.items()}
        if change < 1e-12:
            break
    return {p: 400 * math.log10(g) for p, g in gamma.items()}


def fit(paths: list[str], anchor: str, boot: int, seed: int) -> None:
    """Print the ladder fitted on the lines of ``paths`` (see the module docstring)."""
    pairs: dict[tuple[str, str], list[float]] = defaultdict(list)
    for path in paths:
        for line in Path(path).read_text().splitlines():
            r = json.loads(line)
            a, b = r["a"], r["b"]
            if (b, a) in pairs:
                pairs[b, a] += [1 - p for p in r["pairs"]]
            else:
                pairs[a, b] += r["pairs"]

    def scores(sample: dict[tuple[str, str], list[float]]) -> dict[tuple[str, str], tuple[float, float]]:
        return {ab: (2 * sum(v), 2 * len(v)) for ab, v in sample.items()}

    def anchored(r: dict[str, float]) -> dict[str, float]:
        base = r.get(anchor, 0.0)
        return {p: v - base for p, v in r.items()}

    point = anchored(bradley_terry(scores(pairs)))
    rng = random.Random(seed)
    draws: dict[str, list[float]] = defaultdict(list)
    for _ in range(boot):
        sample = {ab: [rng.choice(v) for _ in v] for ab, v in pairs.items()}
        for p, rating in anchored(bradley_terry(scores(sample), iters=500)).items():
            draws[p].append(rating)
    order = sorted(point, key=point.__getitem__, reverse=True)
    print(
        f"pairings: {len(pairs)}, games: {sum(2 * len(v) for v in pairs.values())}; Elo scale, {anchor} = 0"
    )
    for (a, b), got in sorted(pairs.items()):
        print(f"  {a} v {b}: {2 * len(got)} games, {a} won {sum(got) / len(got):.1%}")
    print("| player | rating | 95% interval | above the next |")
    print("|---|---:|---|---|")
    for i, p in enumerate(order):
        d = sorted(draws[p])
        lo, hi = d[int(0.025 * (len(d) - 1))], d[int(0.975 * (len(d) - 1))]
        above = ""
        if i + 1 < len(order):
            nd = sorted(draws[order[i + 1]])
            above = "yes" if lo > nd[int(0.975 * (len(nd) - 1))] else "no (intervals overlap)"
        print(f"| {p} | {point[p]:+.0f} | {lo:+.0f} to {hi:+.0f} | {above} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play", help="play pairings A:B:GAMES in the framework")
    p.add_argument("pairings", nargs="+")
    p.add_argument("--out", required=True)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--eaai", default=str(ROOT.parent / "shared" / "eaai"), help="the framework's folder")
    r = sub.add_parser("add", help="add finished run folders of run.sh A B (SEED as played)")
    r.add_argument("a")
    r.add_argument("b")
    r.add_argument("seed", type=int)
    r.add_argument("dirs", nargs="+")
    r.add_argument("--out", required=True)
    f = sub.add_parser("fit", help="fit the ratings")
    f.add_argument("files", nargs="+")
    f.add_argument("--anchor", default="Simple")
    f.add_argument("--boot", type=int, default=200)
    f.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.cmd == "play":
        for spec in args.pairings:
            a, b, games = spec.split(":")
            line = play(a, b, int(games), args.seed, args.jobs, Path(args.eaai))
            with open(args.out, "a") as out:
                out.write(json.dumps(line) + "\n")
            print(f"{a} v {b}: {line['wins_a']:.1f} of {line['games']}", flush=True)
    elif args.cmd == "add":
        for d in args.dirs:
            with open(args.out, "a") as out:
                out.write(json.dumps(read_run(args.a, args.b, args.seed, Path(d))) + "\n")
    else:
        fit(args.files, args.anchor, args.boot, args.seed)


if __name__ == "__main__":
    main()
