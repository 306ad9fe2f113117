"""Hidden information: a player's view depends only on what that player may see.

For random seeded states in every phase, the cards the viewer has never seen (the
stock, the opponent's cards not known from discard pickups, the knocker's face-down
discard) are permuted in the deck, the same actions are replayed, and the viewer's
view must not change. The view must also never mention any of those cards.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.cards import Card, cards_of
from ginrummy.hand.results import HandResult
from ginrummy.layoff import LayoffPlan
from ginrummy.melds import Meld
from ginrummy.rules import Opening, Rules
from ginrummy.variants.standard.actions import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    Knock,
    LayOff,
    Pass,
    TakeDiscard,
)
from ginrummy.variants.standard.state import Event, HandState, Phase
from ginrummy.variants.standard.view import PlayerView
from helpers import oracle
from helpers.hands import until_over
from helpers.strategies import build_deck, choose_action

FULL = (1 << 52) - 1

# Rules and the policy that reach each phase often.
PHASE_SETUPS: dict[Phase, list[tuple[Rules, str]]] = {
    Phase.OFFER: [(Rules(), "random"), (Rules(big_gin=True), "random")],
    Phase.DRAW: [(Rules(), "mixed"), (Rules(opening=Opening.ELEVEN_CARDS), "noknock")],
    Phase.DISCARD: [(Rules(), "mixed"), (Rules(big_gin=True, rediscard_taken_card=True), "random")],
    Phase.LAST_CHANCE: [
        (Rules(action_on_50th_card=True, knock_limit=0), "noknock"),
        (Rules(action_on_50th_card=True, opening=Opening.ELEVEN_CARDS), "noknock"),
    ],
    Phase.LAYOFF: [(Rules(), "greedy"), (Rules(opening=Opening.ELEVEN_CARDS), "greedy")],
    Phase.END: [
        (Rules(), "greedy"),
        (Rules(big_gin=True), "greedy"),
        (Rules(), "noknock"),
        (Rules(action_on_50th_card=True), "mixed"),
    ],
}


def reach_phase(phase: Phase, rng: random.Random) -> HandState | None:
    """Play seeded hands until one reaches ``phase``; stop there (at a random visit)."""
    rules, mode = rng.choice(PHASE_SETUPS[phase])
    for _ in range(30):
        s = HandState.deal(rules, rng.randrange(2), rng.randrange(2**32))
        if phase is Phase.OFFER:
            if rng.random() < 0.5:
                s.push(Pass())
            return s
        once = phase in (Phase.LAST_CHANCE, Phase.LAYOFF)  # phases visited once a hand
        for _ in until_over(s):
            if s.phase is phase and (once or rng.random() < 0.3):
                return s
            s.push(choose_action(s, rng, mode))
        if phase is Phase.END:
            return s
    return None


def seen_by(s: HandState, viewer: int) -> int:
    """Every card ``viewer`` has seen: cards ever in their hand, the upcard and every card
    discarded face up, the opponent's known cards, and what was laid down on the table."""
    replay = HandState(s.rules, s.dealer, s.deck)
    seen = replay.hand(viewer) | oracle.mask_of(replay.discard_pile)
    for player, action in s.log:
        replay.push(action, player)
        seen |= replay.hand(viewer) | oracle.mask_of(replay.discard_pile)
        if isinstance(action, Discard):
            seen |= 1 << action.card
    seen |= replay.known[1 - viewer]
    if replay.phase in (Phase.LAYOFF, Phase.END) and replay.knocker is not None:
        knocker = replay.knocker
        seen |= replay.hand(knocker)  # melds and deadwood are shown
        if knocker == viewer:
            knock = [a for p, a in s.log if isinstance(a, Knock)]
            seen |= oracle.mask_of(a.card for a in knock)
    if replay.result is not None:
        seen |= replay.result.hands[0] | replay.result.hands[1]
    return seen


def map_action(action: Action, sigma: dict[int, int]) -> Action:
    """The action with every card renamed by ``sigma`` (identity outside it)."""

    def card(x: int) -> Card:
        return Card(sigma.get(int(x), int(x)))

    def melds(ms: tuple[Meld, ...] | None) -> tuple[Meld, ...] | None:
        if ms is None:
            return None
        return tuple(Meld([card(x) for x in m.cards]) for m in ms)

    if isinstance(action, Discard):
        return Discard(card(action.card))
    if isinstance(action, Knock):
        return Knock(card(action.card), melds(action.melds))
    if isinstance(action, BigGin):
        return BigGin(melds(action.melds))
    if isinstance(action, LayOff):
        lay = None if action.layoffs is None else tuple((card(x), i) for x, i in action.layoffs)
        return LayOff(melds(action.melds), lay)
    return action


def permuted_twin(s: HandState, hidden: list[int], rng: random.Random) -> HandState:
    """Replay ``s`` from a deck in which the ``hidden`` cards are permuted (never the
    identity when two or more are hidden), renaming cards in actions the same way."""
    shuffled = hidden[:]
    rng.shuffle(shuffled)
    if len(hidden) >= 2 and shuffled == hidden:
        shuffled = shuffled[1:] + shuffled[:1]
    sigma = dict(zip(hidden, shuffled, strict=True))
    deck = [Card(sigma.get(int(x), int(x))) for x in s.deck]
    twin = HandState(s.rules, s.dealer, deck)
    for player, action in s.log:
        twin.push(map_action(action, sigma), player)
    return twin


CARDSET_FIELDS = {"hand", "opponent_known", "knocker_deadwood", "deadwood", "hands"}
NUMBER_FIELDS = {
    "player",
    "dealer",
    "to_act",
    "stock_size",
    "opponent_hand_size",
    "knock_limit",
    "knocker",
    "winner",
    "points",
    "knocker_count",
    "defender_count",
    "multiplier",
    "ace_points",  # points of an unmelded ace (rules: 1, or 15 under Hollywood's aces)
    "layoffs",  # (card, knocker's meld number) pairs: the cards are Card objects
}


def mentioned_cards(value: Any, field: str = "") -> Iterator[int]:
    """Every card that appears anywhere in a view, walking all fields recursively."""
    if value is None or isinstance(value, (bool, str, Rules, Phase)):
        return
    if isinstance(value, Card):
        yield int(value)
    elif isinstance(value, Meld):
        yield from cards_of(value.mask)
    elif isinstance(value, int):
        if field in CARDSET_FIELDS:
            yield from cards_of(value)
        else:
            assert field in NUMBER_FIELDS, f"unknown int field {field!r} in a view"
    elif isinstance(value, (PlayerView, Event, HandResult, LayoffPlan)):
        # Named tuples or dataclasses: walk every field by name.
        names = getattr(value, "_fields", None) or [f.name for f in dataclasses.fields(value)]
        for name in names:
            yield from mentioned_cards(getattr(value, name), name)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from mentioned_cards(item, field)
    elif type(value).__name__ == "Outcome":
        return
    else:
        raise AssertionError(f"unexpected value in a view: {value!r} in field {field!r}")


def check_view_hides(s: HandState, viewer: int, rng: random.Random) -> None:
    seen = seen_by(s, viewer)
    hidden = FULL & ~seen
    stock = oracle.mask_of(s.stock)
    # Sanity: the stock is never seen; before the hand is laid down, neither is the
    # opponent's hand beyond the cards known from discard pickups.
    assert stock & ~hidden == 0
    opp = 1 - viewer
    if s.phase not in (Phase.LAYOFF, Phase.END):
        assert s.hand(opp) & ~s.known[opp] & ~hidden == 0
    else:
        assert hidden & ~stock & ~s.hand(opp) & ~seen_knock_card(s) == 0
    view = s.view(viewer)
    # 1. The view never mentions a hidden card (nor, so, the stock order).
    leaked = oracle.mask_of(mentioned_cards(view)) & hidden
    assert leaked == 0, f"view of player {viewer} shows hidden {oracle.text(leaked)}"
    # 2. Permuting the hidden cards and replaying changes nothing in the view.
    twin = permuted_twin(s, cards_of(hidden), rng)
    assert twin.phase is s.phase
    if hidden.bit_count() >= 2:
        assert twin.deck != s.deck
    assert twin.view(viewer) == view
    assert twin.hand(viewer) == s.hand(viewer)
    # 3. The view's legal actions are the state's, for the player to act.
    if s.to_act == viewer and not s.is_over:
        assert view.legal_actions == tuple(s.legal_actions)
        assert view.my_turn
    else:
        assert view.legal_actions == ()


def seen_knock_card(s: HandState) -> int:
    return oracle.mask_of(a.card for _, a in s.log if isinstance(a, Knock))


@pytest.mark.parametrize("phase", list(Phase), ids=lambda p: p.name)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_view_depends_only_on_what_the_player_sees(phase: Phase, seed: int) -> None:
    rng = random.Random(seed)
    s = reach_phase(phase, rng)
    assert s is not None, "the setup reaches this phase"
    assert s.phase is phase
    for viewer in (0, 1):
        check_view_hides(s, viewer, rng)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), rules=st.sampled_from([r for v in PHASE_SETUPS.values() for r, _ in v]))
def test_views_along_a_whole_hand(seed: int, rules: Rules) -> None:
    rng = random.Random(seed)
    s = HandState.deal(rules, rng.randrange(2), rng.randrange(2**32))

    def check_views() -> None:
        for viewer in (0, 1):
            v = s.view(viewer)
            assert v.player == viewer
            assert v.hand == s.hand(viewer)
            assert v.discard_pile == s.discard_pile and v.upcard == s.upcard
            assert v.stock_size == s.stock_size
            assert v.opponent_hand_size == s.hand(1 - viewer).bit_count()
            assert v.opponent_known == s.known[1 - viewer]
            assert v.phase is s.phase and v.to_act == s.to_act
            assert v.history == s.events()
            if rng.random() < 0.2:
                check_view_hides(s, viewer, rng)

    for _ in until_over(s):
        check_views()
        s.push(choose_action(s, rng, "mixed"))
    check_views()  # the finished hand's views too


def test_view_fields_at_the_knock() -> None:
    deck = build_deck("8h 9h Th 2c 2d 2s 4s 5s 6s Kc", "Jc Jd Jh Js Qh 3c 4c 5c 6c Kd", "7d", "As")
    s = HandState(Rules(), 1, deck)
    v0 = s.view(0)
    assert v0.my_turn and not s.view(1).my_turn
    assert v0.upcard == Card("7d") and v0.opponent_known == 0
    s.push(TakeDiscard())
    assert s.view(1).opponent_known == 1 << Card("7d")
    assert s.view(1).history[-1] == Event(0, "take", Card("7d"))
    assert s.view(0).taken == Card("7d") and s.view(1).taken is None
    s.push(Knock(Card("Kc")))
    v1 = s.view(1)
    assert v1.knocker == 0
    assert set(v1.knocker_melds) == {Meld("8h 9h Th"), Meld("2c 2d 2s"), Meld("4s 5s 6s")}
    assert v1.knocker_deadwood == 1 << Card("7d")
    assert v1.history[-1] == Event(0, "knock", None)  # the knock discard is face down
    assert Card("Kc") not in set(mentioned_cards(v1))


def test_drawn_card_only_in_own_view() -> None:
    s = HandState.deal(Rules(), 0, 11)
    s.push(Pass())
    s.push(Pass())
    top = s.stock[0]
    s.push(DrawStock())
    p = s.to_act
    assert s.view(p).drawn == top
    assert s.view(1 - p).drawn is None
    assert int(top) not in set(mentioned_cards(s.view(1 - p)))
    with pytest.raises(ValueError):
        s.view(2)


@pytest.mark.parametrize("preset", ["default", "oklahoma", "pickup"])
def test_every_view_and_event_holds_each_of_its_fields(preset: str) -> None:
    """The engine makes views and events with ``tuple.__new__`` (no Python code, compiled): each
    must hold exactly its class's fields, at every step of a played hand, for both seats."""
    from ginrummy.agents import make_agent
    from ginrummy.play import play_hand
    from ginrummy.rules import PRESETS
    from ginrummy.variants import deal_hand

    for seed in range(3):
        state = deal_hand(PRESETS[preset].rules, seed % 2, seed)
        seen = 0

        def check(s: Any, player: int, action: Any) -> None:
            nonlocal seen
            for seat in (0, 1):
                view = s.view(seat)
                assert len(view) == len(type(view)._fields)
                for event in getattr(view, "history", ()):
                    assert len(event) == len(type(event)._fields)
            seen += 1

        play_hand(state, [make_agent("simple", 1), make_agent("simple", 2)], on_action=check)
        assert seen > 0
