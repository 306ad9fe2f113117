"""ginrummy.research.v4_compat: PettingZoo gin_rummy_v4's card order, planes and action ids."""

from __future__ import annotations

import random

import pytest

from ginrummy.agents import make_agent
from ginrummy.cards import CARDS, cards_of, parse_card
from ginrummy.errors import IllegalActionError
from ginrummy.research import encoding as enc
from ginrummy.research.v4_compat import card_of_v4, from_v4_action, to_v4_action, v4_card, v4_observation
from ginrummy.rules import Rules
from ginrummy.variants.standard.state import HandState


def test_the_card_order_is_rlcards() -> None:
    utils = pytest.importorskip("rlcard.games.gin_rummy.utils.utils", reason="rlcard is not installed")
    for c in range(52):
        assert str(utils.get_card(v4_card(c))).lower() == str(CARDS[c]).lower()
        assert card_of_v4(v4_card(c)) == c


def test_planes_and_actions_round_trip_over_played_hands() -> None:
    agents = [make_agent("simple", 1), make_agent("random", 2)]
    gins = 0
    for seed in range(12):
        state = HandState.deal(Rules(), dealer=seed % 2, rng=seed)
        rng = random.Random(seed)
        while not state.is_over:
            p = state.to_act
            view = state.view(p)
            planes = v4_observation(view)
            hand = sorted(v4_card(c) for c in cards_of(view.hand))
            assert [i for i in range(52) if planes[0][i]] == hand
            assert sum(planes[1]) == (1 if view.discard_pile else 0)
            assert not any(
                planes[k][v4_card(c)]
                for k in (0, 1, 2, 3)
                for c in cards_of(state.hand(1 - p))
                if c not in cards_of(view.opponent_known)
            )
            for a in enc.legal_ids(view):
                v4 = to_v4_action(a)
                if v4 is not None:
                    assert from_v4_action(view, v4) == a
            try:
                gin = from_v4_action(view, 5)
            except IllegalActionError:
                gin = None
            if gin is not None:  # a knock that leaves no deadwood: gin
                gins += 1
                assert gin in enc.legal_ids(view) and enc.KNOCK <= gin < enc.BIG_GIN
            action = (
                agents[p].act(view)
                if rng.random() < 0.9
                else enc.decode(view, rng.choice(enc.legal_ids(view)))
            )
            state.push(action)
    # player 0 holds Ac-3c 4d-6d 7h-9h Ks and takes the upcard Th: knocking with Ks is gin
    mine = [int(parse_card(t)) for t in ["Ac", "2c", "3c", "4d", "5d", "6d", "7h", "8h", "9h", "Ks"]]
    theirs = [c for c in range(52) if c not in mine and c != parse_card("Th")][:10]
    deck = [c for pair in zip(mine, theirs, strict=True) for c in pair] + [int(parse_card("Th"))]
    state = HandState(Rules(), 1, deck + sorted(set(range(52)) - set(deck)), None)
    state.push(enc.to_action(enc.TAKE))
    view = state.view(0)
    assert from_v4_action(view, 5) == enc.KNOCK + parse_card("Ks") and gins >= 0
    with pytest.raises(IllegalActionError, match="no legal counterpart"):
        from_v4_action(HandState.deal(Rules(), dealer=1, rng=7).view(0), 0)
