"""Paired comparison of A/B runs played on the same duplicate deals (bench/README.md, section
Strength, tenth session).

Each line of the input (JSON lines, e.g. ``bench/screen_results.jsonl``) is one run of the
measured player against one opponent: ``me``, ``opp``, ``games``, ``seed``, ``preset``, the
changed settings ``ep`` (:class:`ginrummy.agents.expert.ExpertParams` fields, or ``variant``
for a scratch subclass named in the README) and ``sp`` (:class:`ginrummy.agents.strong.StrongParams`),
``win`` (games won, ties half), ``net`` (net points per hand) and ``per_game``: the winner of
every game in pair order (0: the measured player, 1: the opponent, ``null``: a tie), as
:class:`ginrummy.tournament.runner.MatchResult` lists them. The line with no changed settings
for the same opponent, seed, games and preset is the baseline; every other line is compared
with it pair by pair: both runs played the same deals, so the difference of each pair's
score is what the change did there, and its mean has a smaller error than two separate win
rates would.

Usage::

    .venv/bin/python bench/paired.py bench/screen_results.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any


def pair_scores(winners: list[int | None]) -> list[float]:
    """The measured player's score per duplicate pair (0-1: games won, ties half), from the
    winners of the games in pair order.

    >>> pair_scores([0, 1, 0, None])
    [0.5, 0.75]
    """
    points = [1.0 if w == 0 else 0.5 if w is None else 0.0 for w in winners]
    return [(points[i] + points[i + 1]) / 2 for i in range(0, len(points) - 1, 2)]


def paired_difference(new: list[int | None], base: list[int | None]) -> tuple[float, float]:
    """(mean, 95% half-width) of the per-pair difference in score, ``new`` minus ``base``
    (fractions of games); raises ``ValueError`` when the runs differ in length or hold fewer
    than two pairs.

    >>> paired_difference([0, 0, 0, 1], [0, 1, 1, 1])
    (0.5, 0.0)
    """
    a, b = pair_scores(new), pair_scores(base)
    if len(a) != len(b) or len(a) < 2:
        raise ValueError("paired runs need the same games, at least two pairs")
    d = [x - y for x, y in zip(a, b, strict=True)]
    n = len(d)
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
    return mean, 1.96 * sd / math.sqrt(n)


def _key(line: dict[str, Any]) -> tuple[Any, ...]:
    return line["me"], line["opp"], line["seed"], line["games"], line.get("preset", "eaai")


def table(lines: list[dict[str, Any]]) -> str:
    """The Markdown table of every changed run against its baseline (see the module docstring)."""
    base = {_key(x): x for x in lines if not x.get("ep") and not x.get("sp")}
    rows = [
        "| opponent | seed | games | changed | won | baseline won | paired difference (95%) | net pts/hand (baseline) |",
        "|---|---:|---:|---|---:|---:|---|---|",
    ]
    for x in lines:
        b = base.get(_key(x))
        if b is None or b is x:
            continue
        mean, half = paired_difference(x["per_game"], b["per_game"])
        changed = ", ".join(f"{k}={v}" for k, v in {**x.get("sp", {}), **x.get("ep", {})}.items())
        rows.append(
            f"| {x['opp']} | {x['seed']} | {x['games']} | {changed} | {x['win']:.1%} | {b['win']:.1%} "
            f"| {100 * mean:+.1f} +- {100 * half:.1f} points | {x['net']:+.2f} ({b['net']:+.2f}) |"
        )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", type=Path, help="JSON lines of runs (see the module docstring)")
    args = ap.parse_args(argv)
    lines = [json.loads(t) for t in args.file.read_text().splitlines() if t.strip()]
    print(table(lines))


if __name__ == "__main__":
    main()
