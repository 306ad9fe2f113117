"""Strength measurements: duplicate-dealt matches between levels and peers (see bench/README.md).

Usage::

    .venv/bin/python bench/strength.py --out /tmp/strength.jsonl --jobs 2 \
        strong:simple:eaai:2000 expert:simple:eaai:400 strong:rlcard:eaai:2000

Each argument is ``A:B:PRESET:GAMES`` (A and B: levels, sparring partners such as
``gin-seeker`` or ``expert-2026-11``, peers or ``cmd:`` bots); one JSON summary per line is appended to ``--out``
(:meth:`ginrummy.tournament.runner.MatchResult.summary`, plus ``seconds`` of wall time) and a
short report is printed.
"""

from __future__ import annotations

import argparse
import json
import time

from ginrummy.rules import Rules
from ginrummy.tournament import report_lines, run_match


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pairings", nargs="+", help="A:B:PRESET:GAMES")
    ap.add_argument("--out", required=True, help="JSON lines file to append to")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args()
    for spec in args.pairings:
        a, b, preset, games = spec.split(":")
        t0 = time.perf_counter()
        result = run_match([a, b], int(games), Rules.preset(preset), seed=args.seed, jobs=args.jobs)
        summary = result.summary()
        summary["seconds"] = time.perf_counter() - t0
        summary["preset"] = preset
        with open(args.out, "a") as f:
            f.write(json.dumps(summary) + "\n")
        print(
            "\n".join(report_lines(summary)), f"\n  ({summary['seconds']:.0f} s, rules {preset})", flush=True
        )


if __name__ == "__main__":
    main()
