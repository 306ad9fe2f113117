"""Hypothesis strategies for the tests: random hands, meld-rich hands, and
knocker-melds / defender-hand pairs for layoffs.

Hands are CardSets (int bitmasks, bit ``suit * 13 + rank``); knocker melds are
lists of CardSets. The hand and layoff strategies use no engine code; the helpers
for playing hands at the end (decks, policies, arbitrary actions) use its public API.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from hypothesis import strategies as st

from ginrummy.cards import CARDS, Card, parse_card
from ginrummy.melds import Meld, all_melds, least_deadwood, least_deadwood_after_discard
from ginrummy.play import Agent
from ginrummy.rules import Rules
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
from ginrummy.variants.standard.state import HandState, Phase
from ginrummy.variants.standard.view import PlayerView
from helpers.hands import Watched, play_out

FULL = (1 << 52) - 1


def _card(rank: int, suit: int) -> int:
    return suit * 13 + rank


def _bits(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _cards(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def random_hands(n: int) -> st.SearchStrategy[int]:
    """Uniformly random hands of ``n`` distinct cards."""
    return st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True).map(_bits)


# -- meld-rich hands ---------------------------------------------------------------

ranks = st.integers(0, 12)
suits = st.integers(0, 3)


@st.composite
def set_of_four(draw: st.DrawFn) -> int:
    r = draw(ranks)
    return _bits([_card(r, s) for s in range(4)])


@st.composite
def set_of_three(draw: st.DrawFn) -> int:
    r = draw(ranks)
    missing = draw(suits)
    return _bits([_card(r, s) for s in range(4) if s != missing])


@st.composite
def run(draw: st.DrawFn, min_len: int = 3, max_len: int = 8) -> int:
    length = draw(st.integers(min_len, max_len))
    lo = draw(st.integers(0, 13 - length))
    s = draw(suits)
    return _bits([_card(r, s) for r in range(lo, lo + length)])


@st.composite
def set_and_run_cross(draw: st.DrawFn) -> int:
    """A set and a run that share a rank, e.g. 7c 7d 7s + 5s 6s 8s 9s: the shared rank's
    card of the run's suit can serve either meld."""
    r = draw(st.integers(2, 10))
    s = draw(suits)
    others = draw(st.lists(suits.filter(lambda x: x != s), min_size=2, max_size=3, unique=True))
    set_cards = [_card(r, x) for x in [s, *others]]
    below = draw(st.integers(0, min(2, r)))
    above = draw(st.integers(0, min(2, 12 - r)))
    run_cards = [_card(x, s) for x in range(r - below, r + above + 1) if x != r]
    return _bits(set_cards + run_cards)


@st.composite
def grid(draw: st.DrawFn) -> int:
    """Consecutive ranks x suits, e.g. 7c 7d 7h 8c 8d 8h 9c 9d 9h (sets or runs)."""
    width = draw(st.integers(3, 4))
    lo = draw(st.integers(0, 13 - width))
    ss = draw(st.lists(suits, min_size=2, max_size=3, unique=True))
    return _bits([_card(r, s) for r in range(lo, lo + width) for s in ss])


@st.composite
def near_meld(draw: st.DrawFn) -> int:
    """Two-card pieces of melds (a pair, or two cards of a suit a rank or two apart)."""
    r = draw(st.integers(0, 11))
    s = draw(suits)
    kind = draw(st.sampled_from(["pair", "conn", "gap"]))
    if kind == "pair":
        return _bits([_card(r, s), _card(r, (s + 1) % 4)])
    if kind == "conn":
        return _bits([_card(r, s), _card(r + 1, s)])
    return _bits([_card(r, s), _card(min(r + 2, 12), s)])


meld_blocks = st.one_of(set_of_four(), set_of_three(), run(), set_and_run_cross(), grid(), near_meld())


@st.composite
def meld_rich_hands(draw: st.DrawFn, n: int) -> int:
    """A hand of ``n`` cards built from melds and overlapping melds: unions of blocks
    until at least ``n - 2`` cards, random cards dropped down to ``n``, then random
    fill-up cards."""
    hand = 0
    target = draw(st.integers(max(n - 4, 3), n))
    for _ in range(8):
        if hand.bit_count() >= target:
            break
        hand |= draw(meld_blocks)
    cs = _cards(hand)
    if len(cs) > n:
        keep = draw(st.permutations(cs))[:n]
        hand = _bits(keep)
    free = [c for c in range(52) if not hand >> c & 1]
    need = n - hand.bit_count()
    if need:
        hand |= _bits(draw(st.permutations(free))[:need])
    assert hand.bit_count() == n
    return hand


def hands(n: int) -> st.SearchStrategy[int]:
    """Random or meld-rich hands of ``n`` cards."""
    return st.one_of(random_hands(n), meld_rich_hands(n))


# -- knocker melds and a defender hand ---------------------------------------------


@st.composite
def knocker_meld(draw: st.DrawFn, taken: int) -> int | None:
    """One meld avoiding the cards in ``taken`` (None if the draw collides)."""
    kind = draw(st.sampled_from(["set3", "set4", "run", "run", "run"]))
    if kind == "set3":
        m = draw(set_of_three())
    elif kind == "set4":
        m = draw(set_of_four())
    else:
        m = draw(run(3, 6))
    return None if m & taken else m


def _neighbours(meld: int) -> list[int]:
    """Cards that could become layoffs on ``meld``: the 4th card of a set of three, and
    up to four cards beyond each end of a run (chains)."""
    cs = _cards(meld)
    if len({c % 13 for c in cs}) == 1:
        r = cs[0] % 13
        return [_card(r, s) for s in range(4) if _card(r, s) not in cs]
    s = cs[0] // 13
    lo, hi = cs[0] % 13, cs[-1] % 13
    out = [_card(r, s) for r in range(lo - 4, lo) if r >= 0]
    out += [_card(r, s) for r in range(hi + 1, hi + 5) if r <= 12]
    return out


@st.composite
def layoff_cases(draw: st.DrawFn, size: int = 10) -> tuple[list[int], int]:
    """``(knocker_melds, defender_hand)``: 1-3 disjoint knocker melds (sets of 3 or 4,
    runs, often two runs in one suit) and a defender hand of ``size`` cards disjoint from
    them, rich in cards next to the knocker's runs (chains) and 4th cards of sets, with
    some that could serve both a set's 4th card and a run extension."""
    melds: list[int] = []
    taken = 0
    if draw(st.booleans()):
        # Two runs in the same suit with a gap between them.
        s = draw(suits)
        a_lo = draw(st.integers(0, 5))
        a_len = draw(st.integers(3, 4))
        gap = draw(st.integers(1, 3))
        b_lo = a_lo + a_len + gap
        b_len = draw(st.integers(3, 4))
        if b_lo + b_len <= 13:
            for lo, ln in ((a_lo, a_len), (b_lo, b_len)):
                m = _bits([_card(r, s) for r in range(lo, lo + ln)])
                melds.append(m)
                taken |= m
    for _ in range(draw(st.integers(1, 3 - len(melds) if melds else 3))):
        more = draw(knocker_meld(taken))
        if more is not None:
            melds.append(more)
            taken |= more
    if not melds:
        m = draw(run(3, 5))
        melds.append(m)
        taken |= m
    melds = draw(st.permutations(melds))
    pool = sorted({c for m in melds for c in _neighbours(m)} - set(_cards(taken)))
    wanted = draw(st.integers(0, min(size, len(pool))))
    chosen = draw(st.permutations(pool))[:wanted] if pool else []
    defender = _bits(chosen)
    if draw(st.booleans()):
        # Some melds of the defender's own, maybe using cards that could also be laid off.
        block = draw(meld_blocks)
        block &= ~taken
        room = size - defender.bit_count()
        defender |= _bits(_cards(block & ~defender)[:room])
    free = [c for c in range(52) if not (taken | defender) >> c & 1]
    need = size - defender.bit_count()
    defender |= _bits(draw(st.permutations(free))[:need])
    assert defender.bit_count() == size and defender & taken == 0
    return list(melds), defender


# -- aces high and low: hands and layoffs round the corner (Hollywood, 002) -----------


def _cyclic_run(start: int, length: int, s: int) -> int:
    """The cards of suit ``s`` from rank ``start`` up, ``length`` of them, K followed by A."""
    return _bits([_card((start + i) % 13, s) for i in range(length)])


@st.composite
def corner_run(draw: st.DrawFn, min_len: int = 3, max_len: int = 8) -> int:
    """A run that turns the corner: it holds the king and the ace of its suit (Q K A, K A 2 3, ...)."""
    length = draw(st.integers(min_len, max_len))
    start = draw(st.integers(min(14 - length, 12), 12))  # length 1: the king alone
    return _cyclic_run(start, length, draw(suits))


@st.composite
def ace_set(draw: st.DrawFn) -> int:
    """Three or four aces."""
    ss = draw(st.lists(suits, min_size=3, max_size=4, unique=True))
    return _bits([_card(0, x) for x in ss])


@st.composite
def ace_set_and_corner_run(draw: st.DrawFn) -> int:
    """Aces in a set and in a run at once: a set of aces and cards round the corner in the
    suit of one of them (Kh 2h, Qh Kh, 2h 3h, ...), so that ace may serve either meld."""
    s = draw(suits)
    others = draw(st.lists(suits.filter(lambda x: x != s), min_size=2, max_size=3, unique=True))
    below = draw(st.integers(0, 3))
    above = draw(st.integers(0 if below else 1, 3))
    run_cards = [_card((13 - i) % 13, s) for i in range(1, below + 1)] + [
        _card(i, s) for i in range(1, above + 1)
    ]
    return _bits([_card(0, x) for x in [s, *others]] + run_cards)


@st.composite
def near_corner(draw: st.DrawFn) -> int:
    """Two-card pieces of melds round the corner (K A, Q A, K 2, A 2, Q K), or a lone ace."""
    s = draw(suits)
    pair = draw(st.sampled_from([(12, 0), (11, 0), (12, 1), (0, 1), (11, 12), (0,)]))
    return _bits([_card(r, s) for r in pair])


corner_blocks = st.one_of(
    corner_run(),
    ace_set(),
    ace_set_and_corner_run(),
    near_corner(),
    run(),
    set_of_three(),
    set_and_run_cross(),
)


@st.composite
def corner_rich_hands(draw: st.DrawFn, n: int) -> int:
    """A hand of ``n`` cards built like :func:`meld_rich_hands` from blocks that use the
    corner: runs through K-A, sets of aces, aces that could go either way, near misses."""
    hand = 0
    target = draw(st.integers(max(n - 4, 3), n))
    for _ in range(8):
        if hand.bit_count() >= target:
            break
        hand |= draw(corner_blocks)
    cs = _cards(hand)
    if len(cs) > n:
        hand = _bits(draw(st.permutations(cs))[:n])
    free = [c for c in range(52) if not hand >> c & 1]
    need = n - hand.bit_count()
    if need:
        hand |= _bits(draw(st.permutations(free))[:need])
    assert hand.bit_count() == n
    return hand


def wrap_hands(n: int) -> st.SearchStrategy[int]:
    """Random, meld-rich or corner-rich hands of ``n`` cards."""
    return st.one_of(random_hands(n), meld_rich_hands(n), corner_rich_hands(n), corner_rich_hands(n))


def _neighbours_wrap(meld: int) -> list[int]:
    """Cards that could become layoffs on ``meld`` when runs turn the corner: the 4th card
    of a set of three; for a run, the cards its suit lacks, nearest to either end first."""
    cs = _cards(meld)
    if len({c % 13 for c in cs}) == 1:
        r = cs[0] % 13
        return [_card(r, x) for x in range(4) if _card(r, x) not in cs]
    s = cs[0] // 13
    return [_card(r, s) for r in range(13) if _card(r, s) not in cs]


@st.composite
def corner_layoff_cases(draw: st.DrawFn, size: int = 10) -> tuple[list[int], int]:
    """``(knocker_melds, defender_hand)`` for runs that may turn the corner: 1-3 disjoint
    knocker melds, among them runs at or through the corner (J Q K, Q K A, K A 2, A 2 3, ...)
    or long runs whose missing cards the defender may hold all of (chains to the whole
    suit), sets (of aces too); the defender holds many of the cards that could chain on
    them, some own melds, and random cards."""
    melds: list[int] = []
    taken = 0
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["corner", "edge", "long", "set3", "aces", "run"]))
        if kind == "corner":
            m = draw(corner_run(3, 6))
        elif kind == "edge":
            length = draw(st.integers(3, 5))
            start = draw(st.sampled_from([0, 13 - length, 1, 12 - length]))
            m = _cyclic_run(start, length, draw(suits))
        elif kind == "long":
            length = draw(st.integers(4, 11))
            m = _cyclic_run(draw(st.integers(0, 12)), length, draw(suits))
        elif kind == "set3":
            m = draw(set_of_three())
        elif kind == "aces":
            m = draw(ace_set())
        else:
            m = draw(run(3, 6))
        if not m & taken:
            melds.append(m)
            taken |= m
    melds = draw(st.permutations(melds))
    pool = sorted({c for m in melds for c in _neighbours_wrap(m)} - set(_cards(taken)))
    wanted = draw(st.integers(0, min(size, len(pool))))
    chosen = draw(st.permutations(pool))[:wanted] if pool else []
    defender = _bits(chosen)
    if draw(st.booleans()):
        block = draw(st.one_of(corner_blocks, meld_blocks)) & ~taken
        room = size - defender.bit_count()
        defender |= _bits(_cards(block & ~defender)[:room])
    free = [c for c in range(52) if not (taken | defender) >> c & 1]
    need = size - defender.bit_count()
    defender |= _bits(draw(st.permutations(free))[:need])
    assert defender.bit_count() == size and defender & taken == 0
    return list(melds), defender


# -- hands of play: decks, policies and arbitrary actions ---------------------------
#
# Helpers shared by test_state.py and test_view.py. They use the engine's public API only.


def build_deck(
    non_dealer: str,
    dealer: str,
    upcard: str | None = None,
    stock: str = "",
) -> list[int]:
    """A deck that deals these hands: ``non_dealer`` gets deck[0], deck[2], ... deck[18]
    (and deck[20] as an 11th card when ``upcard`` is None, for the 11-card opening),
    ``dealer`` deck[1], ..., deck[19]; ``upcard`` is deck[20]; ``stock`` comes next, then
    every other card in index order."""
    nd = [parse_card(t) for t in non_dealer.split()]
    dl = [parse_card(t) for t in dealer.split()]
    assert len(dl) == 10 and len(nd) == (10 if upcard is not None else 11)
    deck: list[int] = []
    for i in range(10):
        deck += [nd[i], dl[i]]
    deck.append(parse_card(upcard) if upcard is not None else nd[10])
    deck += [parse_card(t) for t in stock.split()]
    deck += [c for c in range(52) if c not in deck]
    assert sorted(deck) == list(range(52))
    return deck


def choose_action(state: HandState, rng: random.Random, mode: str = "mixed") -> Action:
    """A legal action for the player to act, by a simple policy.

    ``random``: uniform over the canonical legal actions; ``greedy``: take the upcard or
    discard when it lowers the deadwood, discard to least deadwood, knock when allowed;
    ``noknock``: like random but never knocks (so hands reach the end of the stock);
    ``mixed``: greedy or random at random."""
    acts = list(state.legal_actions)
    assert acts, "a state that is not over has legal actions"
    if mode == "mixed":
        mode = "greedy" if rng.random() < 0.7 else "random"
    if mode == "noknock":
        calm = [a for a in acts if not isinstance(a, (Knock, BigGin))]
        return rng.choice(calm or acts)
    if mode == "random":
        return rng.choice(acts)
    hand = state.hand(state.to_act)
    if state.phase in (Phase.OFFER, Phase.DRAW, Phase.LAST_CHANCE):
        if TakeDiscard() in acts and state.upcard is not None:
            with_up = hand | (1 << state.upcard)
            if least_deadwood_after_discard(with_up) < least_deadwood(hand):
                return TakeDiscard()
        for a in (DrawStock(), Pass()):
            if a in acts:
                return a
        return rng.choice(acts)
    if state.phase is Phase.DISCARD:
        knocks = [a for a in acts if isinstance(a, (Knock, BigGin))]
        if knocks and rng.random() < 0.8:
            return rng.choice(knocks)
        discards = [a for a in acts if isinstance(a, Discard)]
        if not discards:
            return rng.choice(acts)
        return min(discards, key=lambda d: (least_deadwood(hand & ~(1 << d.card)), rng.random()))
    return rng.choice(acts)


def arbitrary_action(state: HandState, rng: random.Random) -> tuple[Action, int]:
    """``(action, player)``: any action at all, legal or not, with some chance of being
    legal: every kind of action with random cards, random melds from the hand, random
    layoff plans; the player is usually the one to act."""
    p = state.to_act if rng.random() < 0.5 else rng.randrange(2)
    hand = state.hand(p)
    mine = _cards(hand)

    def some_card() -> Card:
        return CARDS[rng.choice(mine) if mine and rng.random() < 0.8 else rng.randrange(52)]

    def some_melds() -> tuple[Meld, ...]:
        options = all_melds(hand | state.hand(1 - p) if rng.random() < 0.1 else hand)
        rng.shuffle(options)
        return tuple(options[: rng.randrange(4)])

    kind = rng.randrange(10)
    if kind == 0:
        return Pass(), p
    if kind == 1:
        return TakeDiscard(), p
    if kind == 2:
        return DrawStock(), p
    if kind == 3:
        return Discard(some_card()), p
    if kind == 4:
        return Knock(some_card()), p
    if kind == 5:
        return Knock(some_card(), some_melds()), p
    if kind == 6:
        return BigGin(some_melds() if rng.random() < 0.5 else None), p
    if kind == 7:
        return LayOff(), p
    n = max(len(state.knocker_melds), 1)
    layoffs = tuple((some_card(), rng.randrange(n + 1) - (rng.random() < 0.05)) for _ in range(3))
    return LayOff(some_melds(), layoffs[: rng.randrange(4)]), p


def strong_views(
    accept: Callable[[PlayerView], bool], wanted: int, rules: Rules, seeds: int = 300
) -> list[PlayerView]:
    """The first ``wanted`` views that ``accept`` takes, met while ``strong`` plays ``strong``
    over seeded hands under ``rules`` (deal seed ``s``, dealer ``s % 2``, agents seeded ``s``
    and ``s + 1``). Raises ``AssertionError`` when the hands hold too few."""
    from ginrummy.agents.strong import StrongAgent

    found: list[PlayerView] = []

    def keep(view: PlayerView, action: Action) -> None:
        if len(found) < wanted and accept(view):
            found.append(view)

    for seed in range(seeds):
        state = HandState.deal(rules, dealer=seed % 2, rng=random.Random(seed))
        players = [cast(Agent, StrongAgent(seed)), cast(Agent, StrongAgent(seed + 1))]
        play_out(state, [Watched(players[0], keep), Watched(players[1], keep)])
        if len(found) >= wanted:
            return found
    raise AssertionError(f"fewer than {wanted} such positions in {seeds} hands")


def plain_discard(view: PlayerView) -> bool:
    """A discard where no knock is legal, with stock to play on (more cards than the rules'
    dead-hand count and one): where the expert's plain discard search runs."""
    return (
        view.phase is Phase.DISCARD
        and view.stock_size > view.rules.stock_left_dead + 1
        and not any(isinstance(a, Knock) for a in view.legal_actions)
    )


def knock_chance(view: PlayerView) -> bool:
    """A knock short of gin is legal and not forced, with stock to play on."""
    if (
        view.phase is not Phase.DISCARD
        or view.must_knock
        or view.stock_size <= view.rules.stock_left_dead + 1
    ):
        return False
    knocks = any(isinstance(a, Knock) for a in view.legal_actions)
    return knocks and least_deadwood_after_discard(view.hand) > 0
