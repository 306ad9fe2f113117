"""What the tests of the hand state machine share (``tests/test_state*.py``): rule sets and
random-play modes to sample, card shorthands, a snapshot of everything observable about a state,
the check that every card is in one place, the check that an error names what is legal, a
fixed deck, and 001's layoff example."""

from __future__ import annotations

from typing import Any

from ginrummy.cards import Card, parse_cards
from ginrummy.rules import Opening, Rules
from ginrummy.variants.standard.actions import Knock
from ginrummy.variants.standard.state import HandState
from helpers import oracle
from helpers.strategies import build_deck

RULESETS = [
    Rules(),
    Rules(big_gin=True),
    Rules(rediscard_taken_card=True),
    Rules(action_on_50th_card=True),
    Rules(action_on_50th_card=True, knock_limit=0, big_gin=True),
    Rules(opening=Opening.ELEVEN_CARDS, big_gin=True),
    Rules(opening=Opening.ELEVEN_CARDS, action_on_50th_card=True, rediscard_taken_card=True),
    Rules(knock_limit=3, undercut_on_tie=False),
]
MODES = ["mixed", "greedy", "random", "noknock"]


def c(text: str) -> Card:
    return Card(text)


def h(text: str) -> int:
    return parse_cards(text)


def snapshot(s: HandState) -> tuple[Any, ...]:
    """Everything observable about a state."""
    return (
        s.hand(0),
        s.hand(1),
        s.discard_pile,
        s.stock,
        s.stock_size,
        s.upcard,
        s.phase,
        s.to_act,
        s.is_over,
        s.log,
        s.known,
        s.result,
        s.knocker,
        s.knocker_melds,
        s.events(),
        tuple(s.legal_actions),
        s.view(0),
        s.view(1),
    )


def accounted(s: HandState) -> None:
    """Every card is in exactly one place: a hand, the discard pile, the stock or the
    knocker's face-down discard."""
    places = [s.hand(0), s.hand(1), oracle.mask_of(s.discard_pile), oracle.mask_of(s.stock)]
    knock_cards = [a.card for _, a in s.log if isinstance(a, Knock)]
    assert len(knock_cards) <= 1
    places.append(oracle.mask_of(knock_cards))
    total = 0
    for m in places:
        assert total & m == 0, "a card in two places"
        total |= m
    assert total == (1 << 52) - 1, "a card is missing"
    assert len(s.discard_pile) == len(set(s.discard_pile))
    assert len(s.stock) == s.stock_size


def names_what_is_legal(s: HandState, message: str) -> bool:
    """The message says "legal now" and names every legal action: its kind (the first
    word of its notation) and its card, in whatever grouping."""
    if "legal now" not in message:
        return False
    for a in s.legal_actions:
        word = str(a).split()[0]
        card = getattr(a, "card", None)
        if word not in message or (card is not None and str(card) not in message):
            return False
    return True


# A deck whose first turn the tests follow step by step.
DECK = build_deck(
    "2c 5c 8c Jc 3d 6d 9d Qd 4h 7h",  # non-dealer (player 0; dealer is 1)
    "3c 6c 9c Qc 4d 7d Td Kd 5h 8h",
    "Ks",
    "As 2s 3s 4s",
)


def fresh(rules: Rules | None = None, deck: list[int] | None = None, dealer: int = 1) -> HandState:
    return HandState(rules or Rules(), dealer, deck or DECK)


# 001's layoff example: the knocker has 7 of deadwood, the defender 20 before laying off
# Jh (from a set of four jacks) and Qh on the knocker's heart run, 10 after.
KNOCKER_001 = "8h 9h Th 2c 2d 2s 4s 5s 6s Kc"
DEFENDER_001 = "Jc Jd Jh Js Qh 3c 4c 5c 6c Kd"
