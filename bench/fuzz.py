"""Fuzz the hand engine: random legal play under every preset, with malformed and illegal actions
thrown at every position (not part of CI; the fast version is tests/test_fuzz.py).

Usage::

    .venv/bin/python bench/fuzz.py --actions 200000 --seed 1

At every position of a hand (dealt under each preset in turn, both variants), ``--tries`` actions
are drawn from a catalogue of malformed actions (wrong types, cards out of range, booleans as
cards, melds that are not melds, layoff pairs of the wrong shape, the other variant's actions,
non-actions) and of well-formed but mostly illegal ones (every action kind with random cards).
Each is pushed, and it is checked that:

* a refused action raises an :class:`~ginrummy.errors.IllegalActionError` (``exception`` violation
  otherwise) and leaves the state exactly as it was (``changed``): log, hands, stock, discard pile,
  phase, player to act and both players' views;
* an accepted action is one ``can`` accepts (``can``), is in the canonical list of legal actions
  where that list is complete (``unlisted``: all but knocks, big gin and layoffs, which may name
  other melds), and ``pop`` restores the state exactly (``pop``);
* after every legal action the 52 cards are each in exactly one place (``conservation``): the
  hands, the stock, the discard pile, a standard knock's face-down discard, pickup's table melds.

Prints the figures (actions tried, refused, accepted, violations by kind: all should be zero) and
exits 1 if any violation was found.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from typing import Any

from ginrummy.cards import CARDS
from ginrummy.errors import IllegalActionError
from ginrummy.hand.actions import BigGin, Discard, DrawStock, Knock, LayOff, Pass, TakeDiscard
from ginrummy.hand.state import HandState
from ginrummy.melds import Meld, meld_rules
from ginrummy.rules import PRESETS
from ginrummy.variants import AnyHandState, deal_hand
from ginrummy.variants.pickup import AddCard, LayMeld, PickupState, Take

_WRAP = meld_rules(PRESETS["hollywood-aces"].rules)
CORNERS = [Meld(f"{a}{s} {b}{s} {c}{s}", mr=_WRAP) for s in "cdhs" for a, b, c in ("QKA", "KA2")]
"""Runs round the corner: melds only where aces are high and low."""


LISTED = (Pass, TakeDiscard, DrawStock, Discard, Take, LayMeld, AddCard)
"""Action kinds whose every legal instance is in the canonical list (a knock may name other melds)."""


def catalogue(state: AnyHandState, rng: random.Random) -> list[Any]:
    """Actions to throw at ``state``: malformed ones and well-formed ones with random cards."""
    card = CARDS[rng.randrange(52)]
    held = [c for c in CARDS if state.hand(state.to_act) >> c & 1] or [card]
    mine = rng.choice(held)
    meld = Meld("7c 7d 7s")
    return [
        None,
        5,
        "pass",
        object(),
        Pass,
        Discard(False),
        Discard(True),
        Discard(2),
        Discard(-1),
        Discard(52),
        Discard("7h"),
        Discard(None),  # type: ignore[arg-type]
        Discard(card),
        Discard(mine),
        Knock(mine, 5),  # type: ignore[arg-type]
        Knock(mine, ("x",)),  # type: ignore[arg-type]
        Knock(True),
        Knock(card),
        Knock(mine),
        Knock(mine, (meld,)),
        BigGin(5),  # type: ignore[arg-type]
        BigGin((1,)),  # type: ignore[arg-type]
        BigGin(),
        LayOff(("x",), ()),  # type: ignore[arg-type]
        LayOff((), ((card, "x"),)),  # type: ignore[arg-type]
        LayOff((), (5,)),  # type: ignore[arg-type]
        LayOff((), ((card, 0, 1),)),  # type: ignore[arg-type]
        LayOff((), ((True, 0),)),
        LayOff((), ((mine, 0),)),
        LayOff((meld,), ()),
        LayOff((), ()),
        LayOff(),
        TakeDiscard(),
        DrawStock(),
        Pass(),
        Take(0),
        Take(True),
        Take(-1),
        Take("2"),  # type: ignore[arg-type]
        Take(rng.randrange(1, 8)),
        LayMeld("7c 7d 7s"),  # type: ignore[arg-type]
        LayMeld(meld),
        *(LayMeld(m) for m in CORNERS if m.mask & state.hand(state.to_act) == m.mask),
        AddCard(mine, 99),
        AddCard(mine, True),
        AddCard(mine, -1),
        AddCard(False, 0),
        AddCard(mine, 0),
    ]


def snapshot(state: AnyHandState) -> tuple[Any, ...]:
    return (
        state.log,
        state.hand(0),
        state.hand(1),
        state.stock,
        state.discard_pile,
        state.phase,
        state.to_act,
        state.result,
        state.view(0),
        state.view(1),
    )


def cards_in_place(state: AnyHandState) -> Counter[int]:
    """How many times each card is somewhere: hands, stock, discard pile, and the variant's places."""
    places: Counter[int] = Counter()
    for p in (0, 1):
        places.update(c for c in CARDS if state.hand(p) >> c & 1)
    places.update(state.stock)
    places.update(state.discard_pile)
    if isinstance(state, HandState):
        knocks = [a for _, a in state.log if isinstance(a, Knock)]
        places.update(a.card for a in knocks)
    elif isinstance(state, PickupState):
        for m in state.table:
            places.update(m.cards)
    return places


def fuzz(actions: int, tries: int, seed: int) -> tuple[Counter[str], Counter[str]]:
    """Run until ``actions`` actions were tried; returns (figures, violations by kind)."""
    rng = random.Random(seed)
    figures: Counter[str] = Counter()
    violations: Counter[str] = Counter()
    presets = sorted(PRESETS)
    while figures["tried"] < actions:
        name = presets[figures["hands"] % len(presets)]
        figures["hands"] += 1
        state = deal_hand(PRESETS[name].rules, rng.randrange(2), rng)
        steps = 0
        while not state.is_over and steps < 500:
            for action in rng.sample(catalogue(state, rng), tries):
                figures["tried"] += 1
                before = snapshot(state)
                try:
                    state.push(action)
                except IllegalActionError:
                    figures["refused"] += 1
                    if snapshot(state) != before:
                        violations["changed"] += 1
                    continue
                except Exception as exc:  # a violation: every refusal must be an IllegalActionError
                    violations["exception"] += 1
                    figures[f"exception {type(exc).__name__}"] += 1
                    continue
                figures["accepted"] += 1
                state.pop()
                if snapshot(state) != before:
                    violations["pop"] += 1
                if not state.can(action):
                    violations["can"] += 1
                if isinstance(action, LISTED) and action not in list(state.legal_actions):
                    violations["unlisted"] += 1
            state.push(rng.choice(list(state.legal_actions)))
            steps += 1
            if cards_in_place(state) != Counter(range(52)):
                violations["conservation"] += 1
        figures["legal actions"] += steps
    return figures, violations


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=200_000, help="malformed/illegal actions to try")
    ap.add_argument("--tries", type=int, default=6, help="actions tried at each position")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    t0 = time.perf_counter()
    figures, violations = fuzz(args.actions, args.tries, args.seed)
    print(f"fuzz: seed {args.seed}, {time.perf_counter() - t0:.0f} s, {len(PRESETS)} presets")
    for key in ("hands", "legal actions", "tried", "refused", "accepted"):
        print(f"  {key:<14} {figures[key]:>10,}")
    for key, n in sorted(figures.items()):
        if key.startswith("exception "):
            print(f"  {key:<14} {n:>10,}")
    kinds = ("exception", "changed", "pop", "can", "unlisted", "conservation")
    print("violations: " + ", ".join(f"{k} {violations[k]}" for k in kinds))
    sys.exit(1 if sum(violations.values()) else 0)


if __name__ == "__main__":
    main()
