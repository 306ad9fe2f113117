"""Discard-pile pickup gin (002) in random and seeded play: legal actions agree with the engine,
cards are conserved, views hide what they must, the agents play legally, games to the target."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ginrummy.agents import make_agent
from ginrummy.agents.pickup_simple import PickupSimpleAgent
from ginrummy.agents.random_agent import RandomAgent
from ginrummy.cards import CARDS, Card, cards_of
from ginrummy.hand.actions import Discard, DrawStock, Pass
from ginrummy.hand.phase import Phase
from ginrummy.hand.results import Outcome
from ginrummy.melds import Meld, all_melds
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game, play_game
from ginrummy.variants.pickup import PickupEvent, PickupState, PickupView
from ginrummy.variants.pickup.actions import AddCard, LayMeld, PickupAction, Take, parse_pickup_action
from ginrummy.variants.pickup.scoring import PickupResult
from ginrummy.variants.standard.state import HandState
from helpers.hands import play_out, until_over
from helpers.pickup import FULL, PICKUP, accounted, deck_for, play

# -- random play: legality, conservation, hidden information ---------------------------------


def candidates(s: PickupState) -> Iterator[PickupAction]:
    """Many actions, legal or not, for the player to act."""
    both = s.hand(0) | s.hand(1)
    yield Pass()
    yield DrawStock()
    for k in range(0, len(s.discard_pile) + 2):
        yield Take(k)
    for m in all_melds(both):
        yield LayMeld(m)
    yield LayMeld(Meld("Ac 2c 3c"))
    for c in cards_of(both | (1 << s.discard_pile[-1] if s.discard_pile else 0)):
        yield Discard(c)
        for i in range(len(s.table) + 1):
            yield AddCard(c, i)


def test_legal_actions_match_the_engine_and_cards_are_conserved() -> None:
    rng = random.Random(11)
    seen_kinds: set[str] = set()
    for seed in range(16):
        s = PickupState.deal(PICKUP, seed % 2, seed)
        agents = [RandomAgent(seed), PickupSimpleAgent(seed)]
        for _ in until_over(s):
            assert accounted(s) == 52
            legal = list(s.legal_actions)
            assert len(set(legal)) == len(legal)
            accepted = [a for a in candidates(s) if s.can(a)]
            assert set(accepted) == set(legal)
            for a in legal:
                assert parse_pickup_action(str(a)) == a
            view = s.view(s.to_act)
            assert list(view.legal_actions) == legal
            assert s.view(1 - s.to_act).legal_actions == ()
            action = rng.choice(legal) if rng.random() < 0.6 else agents[s.to_act].act(view)  # type: ignore[arg-type]
            seen_kinds.add(
                type(action).__name__ + (str(action.count > 1) if isinstance(action, Take) else "")
            )
            s.push(action)
        assert accounted(s) == 52
    assert {"TakeTrue", "TakeFalse", "LayMeld", "AddCard", "Discard", "DrawStock", "Pass"} <= seen_kinds


def seen_by(s: PickupState, viewer: int) -> int:
    """Every card ``viewer`` has seen: own hand, discard pile, table at every step, and at the
    end the hands shown with the result."""
    replay = PickupState(s.rules, s.dealer, s.deck)
    seen = 0

    def look() -> int:
        return (
            replay.hand(viewer) | sum(1 << c for c in replay.discard_pile) | sum(m.mask for m in replay.table)
        )

    seen = look()
    for player, action in s.log:
        replay.push(action, player)
        seen |= look()
    if replay.result is not None:
        seen |= replay.result.hands[0] | replay.result.hands[1]
    return seen


def mentioned(value: Any) -> int:
    """Every card a view mentions, walking its fields."""
    if isinstance(value, Card):
        return 1 << value
    if isinstance(value, Meld):
        return value.mask
    if isinstance(value, PickupView):
        out = value.hand | value.opponent_known | value.laid[0] | value.laid[1] | value.taken
        for name in ("discard_pile", "table", "history", "drawn", "must_meld", "result"):
            out |= mentioned(getattr(value, name))
        return out
    if isinstance(value, PickupResult):
        return value.hands[0] | value.hands[1] | value.laid[0] | value.laid[1] | mentioned(value.table_melds)
    if isinstance(value, PickupEvent):
        return mentioned(value.cards)
    if isinstance(value, tuple):
        out = 0
        for item in value:
            out |= mentioned(item)
        return out
    assert value is None, value
    return 0


def test_views_hide_the_opponents_hand_and_the_stock() -> None:
    rng = random.Random(5)
    checked = {p: 0 for p in Phase}
    for seed in range(60):
        s = PickupState.deal(PICKUP, seed % 2, seed)
        agents = [RandomAgent(seed), PickupSimpleAgent(seed)]
        stop = rng.randrange(1, 80)
        while not s.is_over and len(s.log) < stop:
            s.push(agents[s.to_act].act(s.view(s.to_act)))  # type: ignore[arg-type]
        for viewer in (0, 1):
            if s.to_act != viewer and s.must_meld is not None:
                continue  # the opponent's take of several cards shows they can lay the deepest card
            seen = seen_by(s, viewer)
            hidden = FULL & ~seen
            view = s.view(viewer)
            assert mentioned(view) & hidden == 0
            assert sum(1 << c for c in s.stock) & ~hidden == 0
            if not s.is_over:
                assert s.hand(1 - viewer) & ~s.known[1 - viewer] & ~hidden == 0
            # Permute the hidden cards in the deck and replay: the view does not change.
            cards = cards_of(hidden)
            shuffled = cards[:]
            rng.shuffle(shuffled)
            if len(cards) >= 2 and shuffled == cards:
                shuffled = shuffled[1:] + shuffled[:1]
            sigma = dict(zip(cards, shuffled, strict=True))
            twin = PickupState(s.rules, s.dealer, [CARDS[sigma.get(c, c)] for c in s.deck])
            for player, action in s.log:
                twin.push(action, player)
            if len(cards) >= 2:
                assert twin.deck != s.deck
            assert twin.view(viewer) == view
            assert twin.view(viewer).legal_actions == view.legal_actions
            checked[s.phase] += 1
    assert all(checked[p] for p in (Phase.DRAW, Phase.DISCARD, Phase.END))


def test_thousands_of_seeded_hands_random_against_simple() -> None:
    outcomes = {Outcome.GIN: 0, Outcome.DEAD: 0}
    wins = [0, 0]
    hands = 2000
    for seed in range(hands):
        s = PickupState.deal(PICKUP, seed % 2, seed)
        simple_seat = seed % 2
        agents: list[Any] = [RandomAgent(seed), PickupSimpleAgent(seed)]
        if simple_seat == 0:
            agents.reverse()
        r = play_out(s, agents, note=f"seed {seed}")  # an illegal action would raise
        assert (
            s.hand(0).bit_count()
            + s.hand(1).bit_count()
            + s.stock_size
            + len(s.discard_pile)
            + sum(m.mask.bit_count() for m in s.table)
            == 52
        )
        outcomes[r.outcome] += 1
        if r.outcome is Outcome.DEAD:
            assert s.stock_size <= PICKUP.stock_left_dead and isinstance(s.log[-1][1], Discard)
            assert r.winner is None and r.points == 0
        else:
            assert isinstance(r, PickupResult) and r.knocker is not None
            assert s.hand(r.knocker) == 0
            assert r.points == abs(r.net[0] - r.net[1]) and r.points >= 0
            if r.winner is not None:
                wins[r.winner == simple_seat] += 1
    assert outcomes[Outcome.GIN] > 0.9 * hands
    assert wins[1] > 3 * wins[0]  # the simple policy beats random play


def test_make_agent_simple_and_random_play_pickup_views() -> None:
    for seed in range(30):
        s = PickupState.deal(PICKUP, seed % 2, seed)
        agents = [make_agent("simple", seed), make_agent("random", seed)]
        play_out(s, agents, note=f"seed {seed}")  # an illegal action raises IllegalActionError


def test_simple_lays_the_deepest_card_and_takes_when_it_melds() -> None:
    deck = deck_for(
        "8c 8d 3h 4h Kc Kd Ks Jc Tc 2s", "5h 6c 7d 9s Jd Qh Ah 2d 4s Td", upcard="8s", stock="Qc 6s"
    )
    s = PickupState(PICKUP, dealer=1, deck=deck)
    play(s, "0: pass; 1: pass; 0: draw; 0: discard 3h; 1: draw; 1: discard 5h")
    agent = PickupSimpleAgent(0)
    assert agent.act(s.view(0)) == Take(3)
    while s.to_act == 0 and not s.is_over:
        s.push(agent.act(s.view(0)), 0)
    assert s.is_over and s.result is not None and s.result.knocker == 0 and s.result.points == 190


def test_games_to_the_target() -> None:
    game = play_game(PICKUP, [make_agent("simple", 1), make_agent("random", 2)], seed=4)
    assert game.is_over and max(game.totals) >= 250
    assert all(isinstance(r, PickupResult) for r in game.results)
    assert game.sheet()
    g = Game(PICKUP, seed=9)
    state: object = g.new_hand()
    assert isinstance(state, PickupState) and state.dealer == g.dealer
    assert isinstance(Game(Rules(), seed=9).new_hand(), HandState)
