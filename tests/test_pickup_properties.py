"""Property tests of discard-pile pickup gin (002) against brute-force oracles written here.

The oracles know only the rules: a meld is 3-4 cards of one rank or 3+ cards of one suit in
sequence, ace low (Q-K-A and K-A-2 are not runs); a card joins a table meld when the two are a
meld together; a card can get onto the table this turn when some of the player's cards with it
are a meld, alone or with a table meld (they are then laid or added one at a time); cards score
A 15, 2-9 5, 10-K 10, gin 25. They enumerate every subset rather than reason about sequences.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import combinations
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.agents.pickup_simple import PickupSimpleAgent
from ginrummy.cards import CARDS, Card
from ginrummy.errors import IllegalActionError, InvalidMeldError, NotYourTurnError
from ginrummy.hand.phase import Phase
from ginrummy.hand.results import Outcome
from ginrummy.melds import Meld, MeldRules
from ginrummy.rules import Rules
from ginrummy.variants.pickup import (
    AddCard,
    LayMeld,
    PickupAction,
    PickupResult,
    PickupState,
    Take,
    addable_cards,
    card_value,
    parse_pickup_action,
    pickup_points,
    placeable,
)
from ginrummy.variants.pickup.scoring import pickup_result
from ginrummy.variants.standard.actions import BigGin, Discard, DrawStock, Knock, LayOff, Pass, TakeDiscard
from helpers.hands import until_over
from helpers.strategies import corner_run, random_hands, run, set_of_four, set_of_three

PICKUP = Rules.preset("pickup")
FULL = (1 << 52) - 1
WRAP = MeldRules.of(wrap=True)
SEEDS = st.integers(0, 2**32)


# -- the oracles -------------------------------------------------------------------------------


def cards(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def mask_of(cs: Iterable[int]) -> int:
    return sum(1 << c for c in set(cs))


def oracle_is_meld(cs: Iterable[int]) -> bool:
    """3-4 cards of one rank, or 3+ cards of one suit whose ranks (ace = 0) follow one another."""
    cs = sorted(set(cs))
    if len(cs) < 3:
        return False
    if len({c % 13 for c in cs}) == 1:
        return len(cs) <= 4
    if len({c // 13 for c in cs}) != 1:
        return False
    ranks = [c % 13 for c in cs]
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def oracle_melds(hand: int) -> set[int]:
    """Every meld of ``hand``: every subset of 3+ cards of one suit or of one rank that is a meld."""
    out: set[int] = set()
    groups = [[c for c in cards(hand) if c // 13 == s] for s in range(4)]
    groups += [[c for c in cards(hand) if c % 13 == r] for r in range(13)]
    for group in groups:
        for k in range(3, len(group) + 1):
            out.update(mask_of(sub) for sub in combinations(group, k) if oracle_is_meld(sub))
    return out


def oracle_addable(meld: int) -> int:
    """The cards that make a meld with table meld ``meld``."""
    return mask_of(c for c in range(52) if not meld >> c & 1 and oracle_is_meld([*cards(meld), c]))


def oracle_placeable(card: int, hand: int, table: Iterable[Meld]) -> bool:
    """Some cards of ``hand`` with ``card`` are a meld, alone or with one table meld."""
    pool = [c for c in cards(hand) if c != card and (c // 13 == card // 13 or c % 13 == card % 13)]
    table_cards = [cards(m.mask) for m in table]
    for k in range(len(pool) + 1):
        for extra in combinations(pool, k):
            group = [card, *extra]
            if oracle_is_meld(group) or any(oracle_is_meld(group + t) for t in table_cards):
                return True
    return False


def oracle_value(c: int) -> int:
    rank = c % 13
    return 15 if rank == 0 else 5 if rank <= 8 else 10


def oracle_legal(s: PickupState) -> set[Any]:
    """The legal actions of the player to act, from the rules (see the module docstring)."""
    if s.is_over:
        return set()
    if s.phase is Phase.OFFER:
        return {Take(1), Pass()}
    p = s.to_act
    hand, table, pile = s.hand(p), s.table, s.discard_pile
    out: set[Any] = set()
    if s.phase is Phase.DRAW:
        out.update([DrawStock()] if s.stock_size else [])
        both_passed = [type(a) for _, a in s.log] == [Pass, Pass]
        for k in range(1, 0 if both_passed else len(pile) + 1):
            if k == 1 or oracle_placeable(pile[-k], hand | mask_of(pile[-k:]), table):
                out.add(Take(k))
        return out
    pending = s.must_meld

    def keeps(h: int, t: tuple[Meld, ...]) -> bool:
        return pending is None or not h >> pending & 1 or oracle_placeable(pending, h, t)

    for m in oracle_melds(hand):
        if keeps(hand & ~m, (*table, Meld(m))):
            out.add(LayMeld(Meld(m)))
    for i, tm in enumerate(table):
        for c in cards(hand & oracle_addable(tm.mask)):
            if keeps(hand & ~(1 << c), (*table[:i], Meld(tm.mask | 1 << c), *table[i + 1 :])):
                out.add(AddCard(CARDS[c], i))
    if pending is None or not hand >> pending & 1:
        free = hand & ~s.taken == 0 or PICKUP.rediscard_taken_card
        out.update(Discard(CARDS[c]) for c in cards(hand) if free or not s.taken >> c & 1)
    return out


# -- meld legality, addable cards, placeable ---------------------------------------------------

ace_low_melds = st.one_of(set_of_three(), set_of_four(), run(3, 13))


@settings(max_examples=300, deadline=None)
@given(meld=ace_low_melds)
def test_addable_cards_match_brute_force(meld: int) -> None:
    assert addable_cards(meld) == oracle_addable(meld)


@st.composite
def placements(draw: st.DrawFn) -> tuple[int, int, list[Meld]]:
    """``(card, hand, table)``: 0-3 disjoint ace-low table melds, a hand disjoint from them
    (random cards, often near the table melds) and a card of the hand."""
    table: list[int] = []
    for m in draw(st.lists(ace_low_melds, max_size=3)):
        if not any(m & t for t in table):
            table.append(m)
    used = sum(table)
    near = [c for t in table for c in range(52) if abs(c - cards(t)[0]) <= 3 or abs(c - cards(t)[-1]) <= 3]
    pool = sorted(set(near) - set(cards(used))) or [c for c in range(52) if not used >> c & 1]
    hand = mask_of(draw(st.lists(st.sampled_from(pool), max_size=6)))
    hand |= draw(random_hands(draw(st.integers(1, 8)))) & ~used
    hand = hand or 1 << draw(st.sampled_from([c for c in range(52) if not used >> c & 1]))
    card = draw(st.sampled_from(cards(hand)))
    return card, hand, [Meld(t) for t in table]


@settings(max_examples=400, deadline=None)
@given(case=placements())
def test_placeable_matches_brute_force(case: tuple[int, int, list[Meld]]) -> None:
    card, hand, table = case
    assert placeable(card, hand, table) == oracle_placeable(card, hand, table)


def deal_holding(held: list[int], rng: random.Random) -> PickupState:
    """A hand (dealer 1) whose non-dealer, player 0, is dealt ``held`` and random other cards."""
    rest = [c for c in range(52) if c not in held]
    rng.shuffle(rest)
    mine, rest = held + rest[: 10 - len(held)], rest[10 - len(held) :]
    deck = [x for pair in zip(mine, rest[:10], strict=True) for x in pair] + rest[10:]
    return PickupState(PICKUP, 1, deck)


@settings(max_examples=150, deadline=None)
@given(corner=corner_run(3, 8), seed=SEEDS)
def test_a_meld_round_the_corner_is_refused(corner: int, seed: int) -> None:
    """Q-K-A, K-A-2 ... are runs only with aces high and low: laying one, or adding an ace to
    a run ending in the king, is refused with an IllegalActionError and changes nothing."""
    s = deal_holding(cards(corner), random.Random(seed))
    s.push(Take(1))
    meld = Meld(corner, mr=WRAP)
    before = snapshot(s)
    assert LayMeld(meld) not in set(s.legal_actions) and not s.can(LayMeld(meld))
    with pytest.raises(IllegalActionError):
        s.push(LayMeld(meld))
    assert snapshot(s) == before
    with pytest.raises(InvalidMeldError):
        parse_pickup_action(f"meld [{meld}]")
    suit = cards(corner)[0] // 13
    king_run = Meld(mask_of(suit * 13 + r for r in (10, 11, 12)))
    assert not addable_cards(king_run.mask) >> (suit * 13) & 1


# -- random play: the legal list, conservation, scoring ----------------------------------------


def choose(s: PickupState, rng: random.Random, agent: PickupSimpleAgent) -> PickupAction:
    """A legal action: the simple policy, a uniform choice, or the longest take on offer."""
    legal = list(s.legal_actions)
    takes = [a for a in legal if isinstance(a, Take) and a.count > 1]
    roll = rng.random()
    if takes and roll < 0.3:
        return max(takes, key=lambda a: a.count)
    if roll < 0.6:
        return agent.act(s.view(s.to_act))
    return rng.choice(legal)


def play_out(seed: int) -> tuple[PickupState, random.Random, list[PickupSimpleAgent]]:
    rng = random.Random(seed)
    return (
        PickupState.deal(PICKUP, rng.randrange(2), rng.randrange(2**32)),
        rng,
        [
            PickupSimpleAgent(seed),
            PickupSimpleAgent(seed + 1),
        ],
    )


def conserved(s: PickupState) -> None:
    """Hands, stock, discard pile and table melds hold each of the 52 cards exactly once."""
    places = [s.hand(0), s.hand(1), mask_of(s.stock), mask_of(s.discard_pile), *(m.mask for m in s.table)]
    counted = [c for m in places for c in cards(m)]
    assert sorted(counted) == list(range(52))
    assert len(s.stock) == s.stock_size and len(set(s.discard_pile)) == len(s.discard_pile)


def check_score(s: PickupState) -> None:
    """The result against a recount: each player's table cards (from the log) for them, hand
    cards against them, 25 to the gin player, the difference to the higher score."""
    r = s.result
    assert isinstance(r, PickupResult)
    laid = [0, 0]
    for p, a in s.log:
        laid[p] |= a.meld.mask if isinstance(a, LayMeld) else 1 << a.card if isinstance(a, AddCard) else 0
    assert laid[0] & laid[1] == 0 and laid[0] | laid[1] == mask_of(c for m in s.table for c in m.cards)
    table = [sum(oracle_value(c) for c in cards(m)) for m in laid]
    assert r.table_points == tuple(table) and r.laid == tuple(laid)
    if r.outcome is Outcome.DEAD:
        assert (r.winner, r.points, s.stock_size) == (None, 0, 2) and isinstance(s.log[-1][1], Discard)
        return
    g = r.knocker
    assert g is not None and s.hand(g) == 0 and r.outcome is Outcome.GIN
    held = [sum(oracle_value(c) for c in cards(s.hand(p))) for p in (0, 1)]
    net = [table[p] - held[p] + (25 if p == g else 0) for p in (0, 1)]
    assert (r.held_points, r.net, r.bonus) == (tuple(held), tuple(net), (25 * (g == 0), 25 * (g == 1)))
    assert r.points == abs(net[0] - net[1])
    assert r.winner == (None if net[0] == net[1] else 0 if net[0] > net[1] else 1)


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_random_play_legal_lists_conservation_views_and_scores(seed: int) -> None:
    """After every action of random play: the legal list is the oracle's and every action on
    it is accepted (each ``LayMeld`` a set or an ace-low run of the hand, every such meld listed
    unless it would strand the deepest card taken); the cards are all in one place each; the
    acting player's view lists the same actions, the other's none; the end is scored as the
    rules say."""
    s, rng, agents = play_out(seed)
    kinds = set()
    for _ in until_over(s):
        conserved(s)
        legal = list(s.legal_actions)
        assert len(set(legal)) == len(legal) and set(legal) == oracle_legal(s)
        assert all(s.can(a) for a in legal)
        for a in legal:
            if isinstance(a, LayMeld):
                assert oracle_is_meld(a.meld.cards) and a.meld.mask & ~s.hand(s.to_act) == 0
        assert s.view(s.to_act).legal_actions == tuple(legal) and s.view(1 - s.to_act).legal_actions == ()
        action = choose(s, rng, agents[s.to_act])
        kinds.add(type(action).__name__ + ("+" if isinstance(action, Take) and action.count > 1 else ""))
        s.push(action)
        assert s.action_count < 3000
    assert s.is_over and list(s.legal_actions) == [] and oracle_legal(s) == set()
    conserved(s)
    check_score(s)
    assert {"LayMeld", "Discard"} <= kinds


@settings(max_examples=200, deadline=None)
@given(mask=st.integers(0, FULL))
def test_pickup_points_match_a_recount(mask: int) -> None:
    assert pickup_points(mask) == sum(oracle_value(c) for c in cards(mask))
    assert all(card_value(c) == oracle_value(c) for c in cards(mask))


@settings(max_examples=300, deadline=None)
@given(deal=st.permutations(range(52)), sizes=st.tuples(*[st.integers(0, 13)] * 3), gin=st.integers(0, 1))
def test_pickup_result_matches_a_recount(deal: list[int], sizes: tuple[int, int, int], gin: int) -> None:
    a, b, c = sizes
    laid = (mask_of(deal[:a]), mask_of(deal[a : a + b]))
    hands = (0, mask_of(deal[a + b : a + b + c])) if gin == 0 else (mask_of(deal[a + b : a + b + c]), 0)
    r = pickup_result(PICKUP, gin, laid, hands, ())
    net = [
        sum(map(oracle_value, cards(laid[p]))) - sum(map(oracle_value, cards(hands[p]))) + 25 * (p == gin)
        for p in (0, 1)
    ]
    assert r.net == tuple(net) and r.points == abs(net[0] - net[1]) and r.knocker == gin
    assert r.winner == (None if net[0] == net[1] else net.index(max(net)))
    assert r.points >= 0 and (r.winner is None) == (r.points == 0)


# -- undo and copies ---------------------------------------------------------------------------


def snapshot(s: PickupState) -> tuple[Any, ...]:
    """Everything observable about a state."""
    return (
        repr(s),
        s.log,
        s.events(),
        s.view(0),
        s.view(1),
        s.result,
        list(s.legal_actions),
        (s.table, s.table_owners, s.laid, s.taken, s.must_meld, s.known, s.stock, s.phase, s.to_act),
    )


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS)
def test_push_pop_and_clones_are_exact(seed: int) -> None:
    s, rng, agents = play_out(seed)
    history = [snapshot(s)]
    for _ in until_over(s):
        if rng.random() < 0.2:
            other = s.clone()
            assert snapshot(other) == history[-1]
            other.push(choose(other, rng, agents[other.to_act]))
            assert snapshot(s) == history[-1]  # the original does not see the clone's action
            theirs = snapshot(other)
            s.push(choose(s, rng, agents[s.to_act]))
            assert snapshot(other) == theirs  # nor the clone the original's
            s.pop()
            assert snapshot(s) == history[-1]
        s.push(choose(s, rng, agents[s.to_act]))
        history.append(snapshot(s))
        assert len(history) < 3000
    assert s.is_over
    replay = PickupState(s.rules, s.dealer, s.deck)
    for player, action in s.log:
        replay.push(action, player)
    assert snapshot(replay) == history[-1]
    for snap in reversed(history[:-1]):
        s.pop()
        assert snapshot(s) == snap
    with pytest.raises(IndexError):
        s.pop()


# -- views -------------------------------------------------------------------------------------


def hidden_from(s: PickupState, viewer: int) -> int:
    """The cards ``viewer`` has not seen: the stock and the opponent's cards that did not come
    from the discard pile (all of them shown once the hand is scored)."""
    shown = s.result.hands[0] | s.result.hands[1] if s.result is not None else 0
    opp = 1 - viewer
    return (mask_of(s.stock) | s.hand(opp) & ~s.known[opp]) & ~shown


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, stop=st.integers(0, 150), viewer=st.integers(0, 1))
def test_views_do_not_depend_on_hidden_cards(seed: int, stop: int, viewer: int) -> None:
    """Permuting the cards ``viewer`` has not seen, in the deck, and replaying the same actions
    gives the same view (when the opponent's plays stay legal: several-card takes and plays
    with the deepest card pending depend on the opponent's hand)."""
    s, rng, agents = play_out(seed)
    while not s.is_over and s.action_count < stop:
        s.push(choose(s, rng, agents[s.to_act]))
    view = s.view(viewer)
    assert view.hand == s.hand(viewer) and view.stock_size == s.stock_size
    assert view.opponent_hand_size == s.hand(1 - viewer).bit_count()
    hidden = cards(hidden_from(s, viewer))
    moved = hidden[1:] + hidden[:1]
    sigma = dict(zip(hidden, moved, strict=True))
    twin = PickupState(s.rules, s.dealer, [CARDS[sigma.get(c, c)] for c in s.deck])
    for player, action in s.log:
        try:
            twin.push(action, player)
        except IllegalActionError:
            assert player != viewer, "the viewer's own play depends only on what they see"
            return
    assert twin.view(viewer) == view
    assert twin.view(viewer).legal_actions == view.legal_actions
    if len(hidden) >= 2:
        assert twin.deck != s.deck and (twin.hand(1 - viewer) != s.hand(1 - viewer) or twin.stock != s.stock)


# -- malformed actions -------------------------------------------------------------------------

any_card = st.one_of(
    st.sampled_from(CARDS),
    st.integers(-3, 60),
    st.booleans(),
    st.none(),
    st.floats(-1, 60),
    st.sampled_from(["7h", "", "Ac"]),
)
malformed_melds = st.one_of(
    ace_low_melds.map(Meld),
    corner_run(3, 5).map(lambda m: Meld(m, mr=WRAP)),
    st.integers(0, FULL),
    st.none(),
    st.sampled_from(["7c 7d 7s", (1, 2, 3), [Card("7h")]]),
)
malformed_actions = st.one_of(
    st.builds(Take, st.one_of(st.integers(-2, 40), st.booleans(), st.none(), st.floats(0, 5), st.just("2"))),
    st.builds(Discard, any_card),
    st.builds(AddCard, any_card, st.one_of(st.integers(-2, 100), st.booleans(), st.none(), st.just("1"))),
    st.builds(LayMeld, malformed_melds),
    st.sampled_from([Pass(), DrawStock(), TakeDiscard(), LayOff(), BigGin(), Knock(Card("7h"))]),
    st.sampled_from([None, 3, "take 1", ("discard", 7), Take, object()]),
)


def listed(action: object, legal: list[PickupAction]) -> bool:
    """``action`` equals a listed action and gives its cards and numbers as ints, not bools
    or floats (``Take(True) == Take(1)`` and ``Discard(False) == Discard(Ac)`` as dataclasses)."""
    values = [getattr(action, f) for f in getattr(action, "__dataclass_fields__", {})]
    exact = all(isinstance(v, Meld) or (isinstance(v, int) and not isinstance(v, bool)) for v in values)
    return exact and any(action == a and type(action) is type(a) for a in legal)


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, data=st.data())
def test_malformed_and_illegal_actions_raise_illegal_action_error_and_change_nothing(
    seed: int, data: st.DataObject
) -> None:
    s, rng, agents = play_out(seed)
    tried = 0
    for _ in until_over(s):
        legal = list(s.legal_actions)
        for _ in range(2):
            action: Any = data.draw(malformed_actions)
            player = data.draw(st.sampled_from([None, s.to_act, 1 - s.to_act]))
            if listed(action, legal) and player in (None, s.to_act):
                assert s.can(action, player)
                continue
            before = snapshot(s)
            with pytest.raises(IllegalActionError):
                s.verify(action, player)
            with pytest.raises(IllegalActionError) as info:
                s.push(action, player)
            if player == 1 - s.to_act:  # the message shows nothing of the hand whose turn it is
                assert isinstance(info.value, NotYourTurnError)
                assert not any(str(CARDS[c]) in str(info.value) for c in cards(s.hand(s.to_act)))
            assert not s.can(action, player) and (player is not None or action not in s.legal_actions)
            assert snapshot(s) == before
            tried += 1
        chosen = choose(s, rng, agents[s.to_act])
        s.push(with_plain_ints(chosen) if rng.random() < 0.5 else chosen)
        logged = s.log[-1][1]
        assert logged == chosen and listed(logged, legal)
        assert not isinstance(logged, Discard | AddCard) or type(logged.card) is Card
        assert s.action_count < 3000
    assert s.is_over and tried
    for action in (Pass(), Take(1), DrawStock(), Discard(CARDS[0]), AddCard(CARDS[0], 0)):
        before = snapshot(s)
        with pytest.raises(IllegalActionError):
            s.push(action)
        assert snapshot(s) == before


def with_plain_ints(action: PickupAction) -> PickupAction:
    """``action`` with its card given as a plain ``int`` (legal all the same; logged as a card)."""
    if isinstance(action, Discard):
        return Discard(cast(Card, int(action.card)))
    if isinstance(action, AddCard):
        return AddCard(cast(Card, int(action.card)), action.meld)
    return action
