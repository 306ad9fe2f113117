"""What the discard-pile pickup tests share (``tests/test_pickup*.py``): the preset, a deck that
deals given hands, scripted play in pickup notation, a snapshot of everything observable about a
state, and the check that every card is in one place."""

from __future__ import annotations

from typing import Any

from ginrummy.cards import CARDS, Card
from ginrummy.rules import Rules
from ginrummy.variants.pickup import PickupState
from ginrummy.variants.pickup.actions import parse_pickup_action

PICKUP = Rules.preset("pickup")
FULL = (1 << 52) - 1


def deck_for(non_dealer: str, dealer: str, upcard: str, stock: str = "") -> list[Card]:
    """A deck that deals these hands (10 cards each), this upcard, and a stock beginning with
    ``stock`` (top first), the other cards after in index order."""
    a = [Card(t) for t in non_dealer.split()]
    b = [Card(t) for t in dealer.split()]
    assert len(a) == len(b) == 10
    deck: list[Card] = []
    for x, y in zip(a, b, strict=True):
        deck += [x, y]
    deck.append(Card(upcard))
    deck += [Card(t) for t in stock.split()]
    deck += [c for c in CARDS if c not in deck]
    assert len(set(deck)) == 52
    return deck


def play(state: PickupState, script: str) -> None:
    """Play ``player: action`` steps separated by ``;`` (actions in pickup notation)."""
    for step in script.split(";"):
        who, _, text = step.strip().partition(":")
        state.push(parse_pickup_action(text.strip()), player=int(who))


def snapshot(s: PickupState) -> tuple[Any, ...]:
    return (
        repr(s),
        s.log,
        s.events(),
        s.view(0),
        s.view(1),
        s.phase,
        s.to_act,
        s.result,
        list(s.legal_actions),
    )


def accounted(s: PickupState) -> int:
    """Every card is in exactly one place: a hand, the stock, the pile or the table."""
    places = [s.hand(0), s.hand(1), sum(1 << c for c in s.stock), sum(1 << c for c in s.discard_pile)]
    places += [m.mask for m in s.table]
    union = 0
    total = 0
    for p in places:
        assert union & p == 0, "a card is in two places"
        union |= p
        total += p.bit_count()
    assert union == FULL
    return total
