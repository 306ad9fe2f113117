"""How well sampled opponent hands predict an undercut at the expert's chances to knock: plain
samples from the card tracking (``strong.sample_opponent_hand``) against samples weighed by the
opponent's latest discard (``strong.infer_opponent_hand``), each with several ``extra`` draws
(bench/README.md, section Strength, "Reading the opponent's latest discard").

Usage::

    .venv/bin/python bench/knock_inference.py --opponent gin-seeker --hands 300 --seed 1
    .venv/bin/python bench/knock_inference.py --samplers 2:8,3:8,3:16   # (extra draws, pool) pairs

Seat 0 plays ``expert``, seat 1 ``--opponent``. At each of seat 0's discard decisions where a
knock short of gin is legal (and the opponent has discarded face up at least once), the knock
``strong`` would make is scored against the opponent's true hand (an undercut or not, the
defender's best layoffs made), and each sampler estimates the undercut chance from
``--samples`` hands. Printed per sampler: the mean estimate against the true rate, the Brier
score (lower is better) and the area under the ROC curve (how well the estimates rank the
chances; 0.5 is chance, higher is better). The true hand is read from the full state only to
score the estimates, never by a player.
"""

from __future__ import annotations

import argparse
import bisect
import random

from discard_positions import discard_positions
from ginrummy.agents.strong import StrongAgent, infer_opponent_hand
from ginrummy.agents.tracking import track
from ginrummy.layoff import best_layoff
from ginrummy.variants.standard.actions import Knock

SAMPLERS = [(0, 1), (3, 1), (6, 1), (2, 8), (3, 8), (6, 8)]
"""(extra draws, pool) of each sampler measured; pool 1 is the plain sample."""


def positions(
    hands: int, seed: int, opponent: str, samples: int, samplers: list[tuple[int, int]]
) -> list[tuple[bool, list[float]]]:
    """(undercut against the true hand, each sampler's estimate) at each knock chance."""
    rows: list[tuple[bool, list[float]]] = []
    judge = StrongAgent(0)
    for h, state, view in discard_positions(hands, seed, "expert", opponent):
        tr = track(view)
        knocks = [a for a in view.legal_actions if isinstance(a, Knock)]
        if not knocks or tr.opp_last_discard is None:
            continue
        knock, dw = judge.best_knock(tr, knocks)
        melds = knock.melds or ()
        if dw:
            truth = best_layoff(melds, state.hand(1), tr.mr).points <= dw
            r = random.Random(h)
            est = []
            for extra, pool in samplers:
                e = min(tr.opp_turns, extra)
                opp = [infer_opponent_hand(tr, r, e, pool) for _ in range(samples)]
                est.append(sum(best_layoff(melds, o, tr.mr).points <= dw for o in opp) / samples)
            rows.append((truth, est))
    return rows


def auc(rows: list[tuple[bool, list[float]]], i: int) -> float:
    """Area under the ROC curve of estimate ``i`` (ties count half)."""
    pos = sorted(r[1][i] for r in rows if r[0])
    neg = [r[1][i] for r in rows if not r[0]]
    total = 0.0
    for b in neg:
        lo, hi = bisect.bisect_left(pos, b), bisect.bisect_right(pos, b)
        total += len(pos) - hi + 0.5 * (hi - lo)
    return total / max(len(pos) * len(neg), 1)


def sampler_list(text: str) -> list[tuple[int, int]]:
    """``--samplers``: ``EXTRA:POOL`` pairs separated by commas (``argparse`` reports a bad one)."""
    try:
        pairs = [(int(e), int(p)) for e, p in (item.split(":") for item in text.split(","))]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not EXTRA:POOL,...: {text!r}") from None
    if any(e < 0 or p < 1 for e, p in pairs):
        raise argparse.ArgumentTypeError(f"EXTRA must be at least 0 and POOL at least 1: {text!r}")
    return pairs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--opponent", default="gin-seeker")
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--samples", type=int, default=128)
    ap.add_argument(
        "--samplers",
        type=sampler_list,
        default=SAMPLERS,
        help="EXTRA:POOL,... the samplers to measure (default: 0:1,3:1,6:1,2:8,3:8,6:8)",
    )
    args = ap.parse_args()
    samplers: list[tuple[int, int]] = args.samplers
    rows = positions(args.hands, args.seed, args.opponent, args.samples, samplers)
    true = sum(r[0] for r in rows) / len(rows)
    print(f"{args.opponent}: {len(rows)} knock chances in {args.hands} hands, undercut in {true:.1%}")
    print("| extra draws | pool | mean estimate | Brier | AUC |")
    print("|---:|---:|---:|---:|---:|")
    for i, (extra, pool) in enumerate(samplers):
        mean = sum(r[1][i] for r in rows) / len(rows)
        brier = sum((r[1][i] - r[0]) ** 2 for r in rows) / len(rows)
        print(f"| {extra} | {pool} | {mean:.3f} | {brier:.4f} | {auc(rows, i):.3f} |")


if __name__ == "__main__":
    main()
