"""The fuzzing core shared by bench/fuzz.py (millions of actions, outside CI) and tests/test_fuzz.py
(a fast hypothesis version): malformed and illegal actions thrown at every position of random
play, with the checks of bench/fuzz.py's docstring (exception class, unchanged state, ``pop``,
``can``, the canonical list, card conservation)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from ginrummy.cards import CARDS
from ginrummy.errors import IllegalActionError
from ginrummy.melds import Meld, meld_rules
from ginrummy.rules import PRESETS, Rules
from ginrummy.variants import AnyHandState, deal_hand
from ginrummy.variants.pickup import AddCard, LayMeld, PickupState, Take
from ginrummy.variants.standard.actions import BigGin, Discard, DrawStock, Knock, LayOff, Pass, TakeDiscard
from ginrummy.variants.standard.state import HandState
from helpers.build import COMPILED

VIOLATIONS = ("exception", "changed", "pop", "can", "unlisted", "conservation")
"""The kinds of violation counted (see bench/fuzz.py)."""

_WRAP = meld_rules(PRESETS["hollywood-aces"].rules)
CORNERS = [Meld(f"{a}{s} {b}{s} {c}{s}", mr=_WRAP) for s in "cdhs" for a, b, c in ("QKA", "KA2")]
"""Runs round the corner: melds only where aces are high and low."""


LISTED = (Pass, TakeDiscard, DrawStock, Discard, Take, LayMeld, AddCard)
"""Action kinds whose every legal instance is in the canonical list (a knock may name other melds)."""


def _made(make: Callable[[], Any]) -> list[Any]:
    """``[make()]``: an action of fields of the wrong kind; or ``[]`` where the compiled build
    (``ginrummy.compiled``) refuses to make it (mypyc checks a dataclass's field types when it is
    made, with a ``TypeError``), so that no engine can be handed it there; the pure build makes
    it, and the engine must refuse it when it is pushed."""
    try:
        return [make()]
    except TypeError:
        if not COMPILED:
            raise
        return []


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
        Discard(False),  # type: ignore[arg-type]
        Discard(True),  # type: ignore[arg-type]
        Discard(2),  # type: ignore[arg-type]
        Discard(-1),  # type: ignore[arg-type]
        Discard(52),  # type: ignore[arg-type]
        Discard("7h"),  # type: ignore[arg-type]
        *_made(lambda: Discard(None)),  # type: ignore[arg-type]
        Discard(card),
        Discard(mine),
        *_made(lambda: Knock(mine, 5)),  # type: ignore[arg-type]
        *_made(lambda: Knock(mine, ("x",))),  # type: ignore[arg-type]
        Knock(True),  # type: ignore[arg-type]
        Knock(card),
        Knock(mine),
        Knock(mine, (meld,)),
        *_made(lambda: BigGin(5)),  # type: ignore[arg-type]
        *_made(lambda: BigGin((1,))),  # type: ignore[arg-type]
        BigGin(),
        *_made(lambda: LayOff(("x",), ())),  # type: ignore[arg-type]
        *_made(lambda: LayOff((), ((card, "x"),))),  # type: ignore[arg-type]
        *_made(lambda: LayOff((), (5,))),  # type: ignore[arg-type]
        *_made(lambda: LayOff((), ((card, 0, 1),))),  # type: ignore[arg-type]
        LayOff((), ((True, 0),)),  # type: ignore[arg-type]
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
        *_made(lambda: Take("2")),  # type: ignore[arg-type]
        Take(rng.randrange(1, 8)),
        *_made(lambda: LayMeld("7c 7d 7s")),  # type: ignore[arg-type]
        LayMeld(meld),
        *(LayMeld(m) for m in CORNERS if m.mask & state.hand(state.to_act) == m.mask),
        AddCard(mine, 99),
        AddCard(mine, True),
        AddCard(mine, -1),
        AddCard(False, 0),  # type: ignore[arg-type]
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


def fuzz_hand(
    rules: Rules,
    dealer: int,
    rng: random.Random,
    tries: int,
    figures: Counter[str],
    violations: Counter[str],
    max_steps: int = 500,
) -> AnyHandState:
    """Deal a hand under ``rules`` and play it out with random legal actions, throwing ``tries``
    actions of :func:`catalogue` at every position; counts into ``figures`` (``tried``,
    ``refused``, ``accepted``, ``legal actions``, ``exception NAME``) and ``violations`` (by kind
    of :data:`VIOLATIONS`). Returns the finished hand (or the one cut at ``max_steps``)."""
    state = deal_hand(rules, dealer, rng)
    steps = 0
    while not state.is_over and steps < max_steps:
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
    figures["hands"] += 1
    return state
