"""The conformance test every registered variant passes (:data:`ginrummy.variants.VARIANTS`):
registering a variant is enough to have it checked here, under every preset that plays it.

Each variant's hands are played out at random (and by ``simple``) from several seeds, and at
every step: the view has the shared fields first and is the variant's view; a view never holds
the opponent's hidden cards or the stock order (a twin hand with those cards dealt otherwise gives
the same view, also after push/pop and in a clone); push then pop restores the state exactly and
a clone is independent; the legal list is exactly the candidate actions ``can`` accepts, the
view computes the same list, and each legal action's notation reads back; the hand always ends;
its record dumps, loads and replays to the same result; agents are shown views only.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ginrummy.agents import make_agent
from ginrummy.errors import IllegalActionError
from ginrummy.hand.base import VIEW_FIELDS, BaseHandState
from ginrummy.hand.phase import Phase
from ginrummy.play import play_hand
from ginrummy.records import HandRecord
from ginrummy.rules import PRESETS, Rules
from ginrummy.variants import VARIANTS, Variant, find_variant, variant_of

SEEDS = range(3)

CASES = [
    pytest.param(v, name, id=f"{v.name}-{name}")
    for v in VARIANTS
    for name, preset in sorted(PRESETS.items())
    if preset.rules.variant == v.name
]
"""Every registered variant under every preset that plays it."""


def _snapshot(s: BaseHandState[Any, Any]) -> tuple[Any, ...]:
    return (
        s.view(0),
        s.view(1),
        s.log,
        s.phase,
        s.to_act,
        s.stock,
        s.hand(0),
        s.hand(1),
        list(s.legal_actions),
    )


def _hidden_twin(v: type[Variant], s: BaseHandState[Any, Any], player: int, rng: random.Random) -> Any | None:
    """The hand ``s`` dealt again with the cards ``player`` cannot see (the opponent's hidden cards
    and the stock) shuffled among their places in the deck, and its actions replayed; ``None``
    when those actions are not all legal in the twin."""
    opponent = 1 - player
    hidden = (s.hand(opponent) & ~s.known[opponent]) | sum(1 << c for c in s.stock)
    places = [i for i, c in enumerate(s.deck) if hidden >> c & 1]
    cards = [s.deck[i] for i in places]
    rng.shuffle(cards)
    deck = list(s.deck)
    for i, c in zip(places, cards, strict=True):
        deck[i] = c
    twin = v.deal_from(s.rules, s.dealer, deck, v.record_extras(s))
    try:
        for p, a in s.log:
            twin.push(a, p)
    except IllegalActionError:
        return None  # the opponent's play so far needs their real cards (a pickup take to meld)
    return twin


def _random_hands(rules: Rules, count: int) -> list[tuple[int, BaseHandState[Any, Any], random.Random]]:
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        out.append((seed, variant_of(rules).deal(rules, seed % 2, seed), rng))
    return out


def test_every_variant_is_registered_once_and_found_by_name() -> None:
    names = [v.name for v in VARIANTS]
    assert len(set(names)) == len(names) and names[0] == "standard"
    for v in VARIANTS:
        assert find_variant(v.name) is v
        assert issubclass(v.state, BaseHandState) and v.view._fields[: len(VIEW_FIELDS)] == VIEW_FIELDS
        assert any(case.values[0] is v for case in CASES), f"no preset plays {v.name}"
    assert {type(PRESETS[n].rules.variant) for n in PRESETS} == {str}


@pytest.mark.parametrize(("v", "preset"), CASES)
def test_random_play_keeps_every_promise(v: type[Variant], preset: str) -> None:
    """Views, hidden information, push/pop/clone and legality at every step of random play."""
    rules = Rules.preset(preset)
    twins = 0
    for seed, s, rng in _random_hands(rules, len(SEEDS)):
        assert type(s) is v.state and variant_of(s.rules) is v
        for _ in range(400):
            p = s.to_act
            view = s.view(p)
            assert type(view) is v.view and type(s.view(1 - p)) is v.view
            if s.is_over:
                break
            legal = list(s.legal_actions)
            assert legal and list(view.legal_actions) == legal and s.view(1 - p).legal_actions == ()
            assert {a for a in v.candidates(s) if s.can(a)} == set(legal), (seed, s.phase)
            assert all(v.parse_action(str(a), rules) == a for a in legal)
            if s.phase not in (Phase.LAYOFF, Phase.END):
                for who in (0, 1):
                    twin = _hidden_twin(v, s, who, rng)
                    if twin is None:
                        continue
                    twins += 1
                    assert twin.view(who) == s.view(who), (seed, who, s.phase)
                    clone = twin.clone()
                    clone.push(next(iter(clone.legal_actions)))
                    clone.pop()
                    assert clone.view(who) == s.view(who)
            before = _snapshot(s)
            clone = s.clone()
            for a in legal[:6]:
                s.push(a)
                assert s.pop() == a and _snapshot(s) == before
            s.push(rng.choice(legal))
            assert _snapshot(clone) == before  # the clone does not move with the original
        assert s.is_over, f"seed {seed}: the hand did not end"
    assert twins > 20  # the hidden information was checked at most steps


class _Spy:
    """An agent that plays ``inner`` and keeps the type of everything it is shown."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = "spy"
        self.seen: list[type] = []

    def act(self, view: Any) -> Any:
        self.seen.append(type(view))
        return self.inner.act(view)

    def hand_over(self, view: Any) -> None:
        self.seen.append(type(view))


@pytest.mark.parametrize(("v", "preset"), CASES)
@pytest.mark.parametrize("level", ["random", "simple"])
def test_play_ends_records_round_trip_and_agents_see_views(v: type[Variant], preset: str, level: str) -> None:
    rules = Rules.preset(preset)
    for seed in SEEDS:
        s = v.deal(rules, seed % 2, 100 + seed)
        spies = [_Spy(make_agent(level, seed)), _Spy(make_agent(level, seed + 1))]
        result = play_hand(s, spies)
        assert s.is_over and result == s.result
        for spy in spies:
            assert spy.seen and set(spy.seen) == {v.view}, spy.seen
        assert set(v.record_extras(s)) == set(v.record_fields)
        record = HandRecord.from_state(s, seed=None)
        loaded = HandRecord.load(record.dump())
        again = loaded.replay()
        assert again.log == s.log and again.result == s.result and again.deck == s.deck
        assert type(again) is v.state
