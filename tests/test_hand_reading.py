"""The chain over the opponent's whole play (``ginrummy.agents.reading``): its likelihood of the
true history, its draws against a brute-force posterior, what it returns where it does not apply,
and that it reads the view alone."""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import replace
from typing import cast

import pytest

from ginrummy.agents import make_agent
from ginrummy.agents.expert import ExpertAgent, ExpertParams
from ginrummy.agents.reading import AT_ONCE, DISCARD, OFFER, HandReading, ReadingModel, read_hand
from ginrummy.agents.tracking import track
from ginrummy.cards import Card, CardSet
from ginrummy.errors import ArgumentError
from ginrummy.hand.phase import Phase
from ginrummy.melds import STANDARD
from ginrummy.play import play_hand
from ginrummy.rules import Rules
from ginrummy.variants.standard.actions import Action, DrawStock, Knock
from ginrummy.variants.standard.state import HandState


def _cards(mask: CardSet) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def _played_positions(seed: int, opponent: str, hands: int = 3):  # type: ignore[no-untyped-def]
    """(view of seat 0, the true filling of the opponent's slots) at seat 0's decisions, from
    hands of ``strong`` (seat 0) against ``opponent`` (seat 1) under the ``eaai`` rules. The true
    filling (its dealt cards, then each card it drew from the stock) is read from the state, only
    to check the chain against."""
    rng = random.Random(seed)
    rules = Rules.preset("eaai")
    for h in range(hands):
        state = HandState.deal(rules, dealer=h % 2, rng=rng.randrange(1 << 30))
        agents = [make_agent("strong", random.Random(h)), make_agent(opponent, random.Random(h + 1))]
        slots = _cards(state.hand(1))
        while not state.is_over:
            view = state.view(state.to_act)
            if state.to_act == 0 and state.phase in (Phase.DRAW, Phase.DISCARD):
                yield view, list(slots)
            mover, before = state.to_act, state.hand(1)
            action = cast(Action, agents[mover].act(view))
            state.push(action)
            if mover == 1 and isinstance(action, DrawStock):
                slots.extend(_cards(state.hand(1) & ~before))


@pytest.mark.parametrize("opponent", ["simple", "gin-seeker", "strong"])
def test_the_true_history_is_possible_and_draws_keep_to_the_tracking(opponent: str) -> None:
    checked = 0
    for view, true_slots in _played_positions(5, opponent):
        tr = track(view)
        reading = read_hand(view, tr, random.Random(1), burn_in=20, steps=2)
        if reading is None:
            continue
        checked += 1
        # the opponent's real dealt cards and stock draws explain its record
        assert reading.log_likelihood(true_slots) > -math.inf
        for _ in range(5):
            hand = reading.sample()
            assert hand.bit_count() == view.opponent_hand_size
            assert hand & tr.opp_known == tr.opp_known
            assert hand & ~(tr.opp_known | tr.unseen) == 0
    assert checked > 10


def test_a_filling_that_throws_a_card_it_never_held_is_impossible() -> None:
    for view, true_slots in _played_positions(2, "simple"):
        thrown = [ev.card for ev in view.history if ev.player == 1 and ev.kind == "discard"]
        hidden = [c for c in thrown if c in true_slots]  # thrown from its hidden cards
        reading = read_hand(view, track(view), random.Random(0), burn_in=0)
        if reading is None or not hidden:
            continue
        spare = next(c for c in range(52) if c not in true_slots)
        bad = [spare if c == hidden[0] else c for c in true_slots]
        assert reading.log_likelihood(true_slots) > -math.inf
        assert reading.log_likelihood(bad) == -math.inf
        return
    pytest.fail("no position after a discard of the opponent's hidden cards")


def _brute_posterior(
    turns: list[tuple[int, int, int]], fixed: list[int], pool: list[int], model: ReadingModel
) -> dict[int, float]:
    """P(card held) for each card of ``pool`` by enumerating every hand: the ten dealt slots hold
    ``fixed`` and the rest from ``pool`` (their order does not change the likelihood: no stock
    draws), each filling weighed by its likelihood (every filling is equally likely a priori)."""
    probe = HandReading(
        turns, fixed + pool[: 10 - len(fixed)], [], [], 0, STANDARD, 10, model, random.Random(0), 1
    )
    weights: dict[CardSet, float] = {}
    for combo in itertools.combinations(pool, 10 - len(fixed)):
        ll = probe.log_likelihood(fixed + list(combo))
        if ll > -math.inf:
            weights[sum(1 << c for c in combo)] = math.exp(ll)
    total = sum(weights.values())
    return {c: sum(w for h, w in weights.items() if h >> c & 1) / total for c in pool}


@pytest.mark.parametrize("model", [ReadingModel(), AT_ONCE])
def test_the_chain_draws_the_brute_force_posterior(model: ReadingModel) -> None:
    # the opponent took 5h (upcard) and threw Kc: one dealt slot holds Kc, nine hold cards of
    # a 13-card pool; the chain's share of draws holding each card against the exact posterior
    five_h, king_c = Card("5h"), Card("Kc")
    pool = [Card(t) for t in ["3h", "4h", "6h", "7h", "5c", "5s", "2c", "3c", "4c", "9d", "Td", "Jd", "Qs"]]
    turns = [(OFFER, five_h, 1), (DISCARD, king_c, five_h)]
    exact = _brute_posterior(turns, [king_c], pool, model)
    start = [king_c, *pool[:9]]
    chain = HandReading(
        turns, start, list(range(1, 10)), pool[9:], 1 << five_h, STANDARD, 10, model, random.Random(3), 3
    )
    n = 20000
    counts = dict.fromkeys(pool, 0)
    for _ in range(n):
        hand = chain.sample()
        assert hand >> five_h & 1 and not hand >> king_c & 1
        for c in pool:
            counts[c] += hand >> c & 1
    worst = max(abs(counts[c] / n - exact[c]) for c in pool)
    assert worst < 0.03, (worst, exact)
    # the evidence moves the posterior: not every card is equally likely
    assert max(exact.values()) - min(exact.values()) > 0.05


def test_no_chain_once_a_hand_is_knocked() -> None:
    state = HandState.deal(Rules.preset("eaai"), dealer=1, rng=3)
    agents = [make_agent("simple", random.Random(0)), make_agent("simple", random.Random(1))]
    while not state.is_over and state.knocker is None:
        state.push(cast(Action, agents[state.to_act].act(state.view(state.to_act))))
        if state.knocker is not None:
            view = state.view(1 - state.knocker)
            assert read_hand(view, track(view), random.Random(0)) is None
            return
    pytest.skip("the hand ended without a knock")


def test_the_chain_reads_the_view_alone() -> None:
    # two deals that differ only in the opponent's hidden cards (one of its dealt cards and the
    # stock's last card swapped): the same public play gives seat 0 the same view, and the
    # chain the same draws
    rules = Rules.preset("eaai")
    base = HandState.deal(rules, dealer=1, rng=11)
    deck = [int(c) for c in base.deck]
    other = list(deck)
    other[1], other[51] = other[51], other[1]
    a, b = HandState(rules, 1, deck), HandState(rules, 1, other)
    agents = [make_agent("strong", random.Random(0)), make_agent("strong", random.Random(1))]
    plies = 0
    while plies < 14 and not a.is_over:
        action = cast(Action, agents[a.to_act].act(a.view(a.to_act)))
        if isinstance(action, Knock) or action not in b.legal_actions:
            break
        a.push(action)
        b.push(action)
        plies += 1
    assert a.hand(1) != b.hand(1) and a.view(0) == b.view(0)
    va, vb = a.view(0), b.view(0)
    ra = read_hand(va, track(va), random.Random(5))
    rb = read_hand(vb, track(vb), random.Random(5))
    assert ra is not None and rb is not None
    assert [ra.sample() for _ in range(8)] == [rb.sample() for _ in range(8)]


def test_a_capped_chain_deals_out_its_hands_again_in_turn_and_says_which() -> None:
    for view, _ in _played_positions(7, "simple"):
        tr = track(view)
        reading = read_hand(view, tr, random.Random(2), burn_in=20, steps=3, hands=3)
        if reading is None or tr.opp_unknown < 2:
            continue
        assert reading.last == -1
        first = [reading.sample() for _ in range(3)]
        assert reading.last == 2
        again = []
        for _ in range(6):
            again.append(reading.sample())
            assert again[-1] == first[reading.last]  # last: which of the distinct hands it dealt
        assert again == first * 2
        return
    pytest.fail("no position with a chain")


@pytest.mark.parametrize(
    "bad", [{"read_steps": 0}, {"read_hands": -1}, {"read_beta": -0.5}, {"read_beta": math.nan}]
)
def test_bad_reading_settings_raise(bad: dict[str, float]) -> None:
    with pytest.raises(ArgumentError, match="read_steps"):
        ExpertParams(**bad)  # type: ignore[arg-type]


def test_the_expert_with_read_play_plays_legal_hands() -> None:
    search = replace(ExpertParams().untimed(), read_play=True, samples=16, max_samples=16)
    for h in range(2):
        state = HandState.deal(Rules.preset("eaai"), dealer=h, rng=h + 20)
        me = ExpertAgent(random.Random(h), search=search)
        result = play_hand(state, [me, make_agent("simple", random.Random(h))])
        assert result is not None and state.is_over


def _knock_choices(seed: int):  # type: ignore[no-untyped-def]
    """Seat 0's views at discard decisions where a knock short of gin is legal."""
    for view, _ in _played_positions(seed, "simple", hands=6):
        if view.phase is Phase.DISCARD and any(isinstance(a, Knock) and a.melds for a in view.legal_actions):
            yield view


@pytest.mark.parametrize("seed", [3, 4])
def test_without_read_knocks_a_knock_is_searched_on_the_trackings_worlds(seed: int) -> None:
    """With ``read_knocks`` off, a discard decision that holds a knock draws no world from the
    chain: the agent's generator ends where it ends with ``read_play`` off; with it on, the chain
    draws from it too."""
    base = replace(ExpertParams().untimed(), samples=8, max_samples=8)
    seen = 0
    for view in itertools.islice(_knock_choices(seed), 3):
        ends = {}
        for name, search in {
            "off": replace(base, read_play=False),
            "no-knocks": replace(base, read_play=True, read_knocks=False),
            "knocks": replace(base, read_play=True, read_knocks=True),
        }.items():
            agent = ExpertAgent(random.Random(seed), search=search)
            agent.act(view)
            ends[name] = agent.rng.getstate()
        assert ends["no-knocks"] == ends["off"]
        seen += ends["knocks"] != ends["off"]
    assert seen > 0


def test_worlds_sharing_a_capped_hand_count_once_in_the_paired_test() -> None:
    """Two hands dealt out again sixteen times each: the spread between the hands is not cut by
    the repeats with ``read_groups`` (two means prove nothing), only without it."""
    diffs = [3.0, -1.0] * 16
    grouped = ExpertAgent(0, search=replace(ExpertParams(), read_groups=True))
    plain = ExpertAgent(0, search=replace(ExpertParams(), read_groups=False))
    for agent in (grouped, plain):
        agent._groups = [0, 1] * 16
    assert plain._clearly_better(diffs)
    assert not grouped._clearly_better(diffs)
    grouped._groups = list(range(32))  # distinct hands: the plain test
    assert grouped._clearly_better(diffs)
