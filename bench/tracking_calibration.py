"""How well the card tracking predicts the opponent's hand: the log-likelihood of the opponent's
true hand under ``Tracking.prob`` at ``strong``'s discard decisions, for the default evidence
factors (:class:`ginrummy.agents.tracking.Evidence`), for no evidence at all (every factor 1),
and for each factor scaled by 0.5, 0.75 and 1.5 (bench/README.md, section Strength).

Usage::

    .venv/bin/python bench/tracking_calibration.py --hands 150 --seed 5 --opponent strong

Seat 0 plays ``strong``, seat 1 the ``--opponent`` level; at each of seat 0's discard decisions
every unseen card not known to be in the opponent's hand scores ``log p`` if the opponent holds it
and ``log(1 - p)`` if not (``p`` clipped to 0.0001-0.9999), summed per position (nats). Higher is
better; the printed differences are against the default factors, so a positive one means that
factor, so scaled, predicts the opponent's hands better. The opponent's hand is read from the full
state only to score the prediction, never by a player.
"""

from __future__ import annotations

import argparse
import math
from dataclasses import fields, replace

from discard_positions import discard_positions
from ginrummy.agents.tracking import DEFAULT_EVIDENCE, Evidence, track
from ginrummy.cards import CardSet
from ginrummy.variants.standard.view import PlayerView


def positions(hands: int, seed: int, opponent: str, preset: str) -> list[tuple[PlayerView, CardSet]]:
    """(seat 0's view, the opponent's true hand) at seat 0's discard decisions in ``hands`` hands."""
    return [
        (view, state.hand(1)) for _, state, view in discard_positions(hands, seed, "strong", opponent, preset)
    ]


def log_likelihood(pos: list[tuple[PlayerView, CardSet]], evidence: Evidence) -> float:
    """Mean over positions of the summed log-likelihood (nats) of the opponent's true hand."""
    total = 0.0
    for view, opp in pos:
        tr = track(view, evidence)
        x = tr.unseen & ~tr.opp_known
        while x:
            low = x & -x
            c = low.bit_length() - 1
            x ^= low
            p = min(max(tr.prob[c], 1e-4), 1 - 1e-4)
            total += math.log(p) if opp >> c & 1 else math.log(1 - p)
    return total / len(pos)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=150)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--opponent", default="strong", help="the level in seat 1 (default strong)")
    ap.add_argument("--rules", default="eaai", help="rules preset (default eaai)")
    args = ap.parse_args()
    pos = positions(args.hands, args.seed, args.opponent, args.rules)
    base = log_likelihood(pos, DEFAULT_EVIDENCE)
    print(f"{len(pos)} positions, opponent {args.opponent}: default factors {base:.4f} nats per position")
    flat = Evidence(**{f.name: 1.0 for f in fields(Evidence)})
    print(f"no evidence (every factor 1): {log_likelihood(pos, flat) - base:+.4f}")
    for f in fields(Evidence):
        value = getattr(DEFAULT_EVIDENCE, f.name)
        diffs = []
        for scale in (0.5, 0.75, 1.5):
            ll = log_likelihood(pos, replace(DEFAULT_EVIDENCE, **{f.name: value * scale}))
            diffs.append(f"x{scale}: {ll - base:+.4f}")
        print(f"{f.name} ({value}): " + ", ".join(diffs), flush=True)


if __name__ == "__main__":
    main()
