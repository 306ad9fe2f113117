"""The standard game as a registered variant (:class:`Standard`): knock-and-draw gin with every
setting of the rules (Oklahoma, straight gin, Hollywood's aces, the 11-card opening, the
50th-card rule)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, SupportsIndex, cast

from ginrummy.cards import CARDS, Card
from ginrummy.hand.base import BaseHandState
from ginrummy.melds import arrangements, meld_rules
from ginrummy.rules import KnockCard, Rules
from ginrummy.variants.standard.actions import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    Knock,
    LayOff,
    Pass,
    TakeDiscard,
    parse_action,
)
from ginrummy.variants.standard.legality import legal_actions_of
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.view import PlayerView
from ginrummy.variants.variant import Variant

__all__ = ["Standard"]


class Standard(Variant):
    """The standard game (:class:`HandState`, :class:`PlayerView`); a record also stores the
    second deck's card that sets the knock limit (Oklahoma with a second deck, 002)."""

    name: ClassVar[str] = "standard"
    title: ClassVar[str] = "knock-and-draw gin"
    state = HandState
    view = PlayerView
    actions: ClassVar[tuple[type, ...]] = (Pass, TakeDiscard, DrawStock, Discard, Knock, BigGin, LayOff)
    legality = legal_actions_of
    record_fields: ClassVar[tuple[str, ...]] = ("knock_card",)
    knock_and_draw: ClassVar[bool] = True

    @classmethod
    def parse_action(cls, text: str, rules: Rules) -> Action:
        return parse_action(text, meld_rules(rules))

    @classmethod
    def deal_from(
        cls, rules: Rules, dealer: SupportsIndex, deck: Sequence[int], extras: dict[str, Any]
    ) -> HandState:
        made: type[HandState] = HandState  # called as an object: see make_meld in ginrummy.melds.meld
        return made(rules, dealer, deck, extras.get("knock_card"))

    @classmethod
    def record_extras(cls, state: BaseHandState[Any, Any]) -> dict[str, Card | None]:
        second = state.rules.knock_card is KnockCard.SECOND_DECK
        return {"knock_card": cast(HandState, state).knock_card if second else None}

    @classmethod
    def candidates(cls, state: BaseHandState[Any, Any]) -> list[Action]:
        hand = state.hand(state.to_act)
        mr = meld_rules(state.rules)
        out: list[Action] = [Pass(), TakeDiscard(), DrawStock(), *(Discard(c) for c in CARDS)]
        for c in CARDS:
            if hand >> c & 1:
                out.extend(Knock(c, a.melds) for a in arrangements(hand & ~(1 << c), mr=mr))
        out.extend(BigGin(a.melds) for a in arrangements(hand, mr=mr))
        out.extend(a for a in state.legal_actions if isinstance(a, LayOff))
        return out
