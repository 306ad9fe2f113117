"""How close the opponent hands the expert draws come to the true hand: the plain samples of the
card tracking, the samples weighed by the opponent's latest discard (the expert's worlds before
2026-12-03), and the same with ``at_once`` (an opponent who knocks at once holds no hand it could
knock with; ``strong.infer_opponent_hand``). bench/README.md, section Strength.

Usage::

    .venv/bin/python bench/hand_reading.py --opponent simple --hands 100 --seed 11

Seat 0 plays ``strong`` (the expert's decisions would give the same positions more slowly),
seat 1 the ``--opponent`` level, under the ``eaai`` rules. At each of seat 0's discard decisions
after the opponent's first face-up discard, each reader draws ``--samples`` hands (with the
expert's ``infer_draws`` and ``infer_pool``). Printed per reader: the share of the opponent's
unknown cards that a drawn hand holds (and that share for a hand drawn at random from the unseen
cards), the mean error and bias (drawn less true) of the hand's least deadwood (points), and the
share of drawn hands within the knock limit (none of the true hands is, against an opponent who
knocks at once). The true hand is read from the full state only to score the readers, never by
a player.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

from discard_positions import discard_positions
from ginrummy.agents.expert import ExpertParams
from ginrummy.agents.reading import AT_ONCE, ReadingModel, read_hand
from ginrummy.agents.strong import infer_opponent_hand, sample_opponent_hand
from ginrummy.agents.tracking import Tracking, track
from ginrummy.cards import CardSet
from ginrummy.melds import least_deadwood
from ginrummy.variants.standard.view import PlayerView

SEARCH = ExpertParams()
Reader = Callable[[Tracking, PlayerView, random.Random, int], list[CardSet]]


def _each(draw: Callable[[Tracking, random.Random], CardSet]) -> Reader:
    """A reader drawing each hand on its own with ``draw``."""
    return lambda tr, view, r, n: [draw(tr, r) for _ in range(n)]


def _latest(tr: Tracking, r: random.Random) -> CardSet:
    """One hand weighed by the opponent's latest discard, as the expert's worlds draw it."""
    return infer_opponent_hand(tr, r, min(tr.opp_turns, SEARCH.infer_draws), SEARCH.infer_pool)


def _chain(model: ReadingModel) -> Reader:
    """A reader drawing the hands from one chain over the opponent's whole play
    (:func:`ginrummy.agents.reading.read_hand` with ``model``), started from a hand weighed by its
    latest discard; the latest-discard reader where the chain does not apply."""

    def read(tr: Tracking, view: PlayerView, r: random.Random, n: int) -> list[CardSet]:
        chain = read_hand(view, tr, r, _latest(tr, r), model)
        if chain is None:
            return [_latest(tr, r) for _ in range(n)]
        return [chain.sample() for _ in range(n)]

    return read


READERS: dict[str, Reader] = {
    "plain": _each(lambda tr, r: sample_opponent_hand(tr, r, min(tr.opp_turns, SEARCH.infer_draws))),
    "latest discard": _each(_latest),
    "at once": _each(
        lambda tr, r: infer_opponent_hand(
            tr, r, min(tr.opp_turns, SEARCH.infer_draws), SEARCH.infer_pool, at_once=True
        )
    ),
    "whole play": _chain(ReadingModel()),
    "whole play, at once": _chain(AT_ONCE),
}
"""Each reader: a tracking, the view, a generator and a count to that many drawn opponent hands."""


def positions(hands: int, seed: int, opponent: str) -> list[tuple[Tracking, PlayerView, CardSet]]:
    """(seat 0's tracking, the opponent's true hand) at seat 0's discard decisions after the
    opponent's first face-up discard."""
    out: list[tuple[Tracking, PlayerView, CardSet]] = []
    for _, state, view in discard_positions(hands, seed, "strong", opponent):
        tr = track(view)
        if tr.opp_last_discard is not None and state.hand(1) & ~tr.opp_known:
            out.append((tr, view, state.hand(1)))
    return out


def score(
    pos: list[tuple[Tracking, PlayerView, CardSet]], reader: Reader, samples: int, seed: int
) -> tuple[float, ...]:
    """(share held, random share, deadwood error, deadwood bias, share within the knock limit)."""
    rng = random.Random(seed)
    held = rand = err = bias = within = 0.0
    for tr, view, opp in pos:
        unknown = opp & ~tr.opp_known
        k = unknown.bit_count()
        true_dw = least_deadwood(opp, mr=tr.mr)
        for h in reader(tr, view, rng, samples):
            dw = least_deadwood(h, mr=tr.mr)
            held += (h & unknown).bit_count() / k
            err += abs(dw - true_dw)
            bias += dw - true_dw
            within += dw <= tr.knock_limit
        rand += samples * k / (tr.unseen & ~tr.opp_known).bit_count()
    n = len(pos) * samples
    return held / n, rand / n, err / n, bias / n, within / n


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--opponent", default="simple")
    ap.add_argument("--hands", type=int, default=100)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--samples", type=int, default=32)
    a = ap.parse_args(argv)
    pos = positions(a.hands, a.seed, a.opponent)
    true_within = sum(least_deadwood(opp, mr=tr.mr) <= tr.knock_limit for tr, _, opp in pos) / len(pos)
    print(
        f"{a.opponent}: {len(pos)} positions in {a.hands} hands; true hands within the knock limit {true_within:.1%}"
    )
    print("| reader | unknown cards held | at random | deadwood error | bias | within the limit |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, reader in READERS.items():
        held, rand, err, bias, within = score(pos, reader, a.samples, a.seed)
        print(f"| {name} | {held:.3f} | {rand:.3f} | {err:.2f} | {bias:+.2f} | {within:.1%} |")


if __name__ == "__main__":
    main()
