"""ginrummy: an exact Gin Rummy rules engine, computer players, and games to play.

The public API, by part (each name also lives in the module that defines it):

* cards and melds: :class:`Card`, ``CardSet`` (a 52-bit int), :func:`parse_cards`,
  :func:`format_cards`, :class:`Meld`, :func:`least_deadwood`, :func:`arrangements`,
  :func:`best_discards`, :func:`best_layoff`;
* rules: :class:`Rules` and the named :data:`PRESETS` (sources 000-004, docs/sources.md);
* one hand: :class:`HandState` (the standard game) and :class:`PickupState` (discard-pile pickup),
  both :class:`BaseHandState`; :func:`deal_hand` deals the variant the rules name; the actions
  (:class:`Pass`, :class:`TakeDiscard`, :class:`DrawStock`, :class:`Discard`, :class:`Knock`,
  :class:`BigGin`, :class:`LayOff`; pickup's :class:`Take`, :class:`LayMeld`, :class:`AddCard`);
  :class:`Phase`, :class:`PlayerView`, :class:`PickupView`, :class:`HandResult`, :class:`Outcome`;
* playing: the hand loop :func:`play_hand`, the :class:`Agent` protocol, :func:`make_agent`;
* scores: :class:`Game`, :func:`play_game`, :class:`Match`, :class:`TeamMatch`;
* records: :class:`HandRecord`, :class:`GameRecord`, :class:`MatchRecord`, :class:`TeamRecord`,
  :func:`load_any`;
* errors: every error a caller can cause is a :class:`GinRummyError` (a ``ValueError``); an illegal
  action raises an :class:`IllegalActionError`, a bad record a :class:`RecordError`.

Each name is loaded from its module on first use (PEP 562), so importing one layer
(``import ginrummy.melds``) loads only that layer and those it stands on (ARCHITECTURE.md), and
``import ginrummy`` alone loads nothing more. A new public name is one entry in ``_WHERE`` (name to
module), its name in ``__all__`` and its import under ``TYPE_CHECKING`` (for type checkers);
tests/test_import_layers.py checks that the three agree.

>>> import ginrummy
>>> state = ginrummy.deal_hand(ginrummy.Rules.preset("pagat"), dealer=1, rng=7)
>>> list(state.legal_actions)
[TakeDiscard(), Pass()]
>>> ginrummy.least_deadwood(ginrummy.parse_cards("7c 7s 7d 8h 9h Th 2c 3c 4c Kd"))
10
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names' types for type checkers; at run time each is loaded on first use
    from ginrummy.agents import make_agent
    from ginrummy.cards import Card, CardSet, format_cards, parse_card, parse_cards
    from ginrummy.errors import GinRummyError, IllegalActionError, RecordError, RulesError
    from ginrummy.hand.base import BaseHandState
    from ginrummy.hand.phase import Phase
    from ginrummy.hand.results import HandResult, Outcome
    from ginrummy.layoff import best_layoff
    from ginrummy.melds import Meld, arrangements, best_discards, least_deadwood
    from ginrummy.play import Agent, HandTooLongError, play_hand
    from ginrummy.records import GameRecord, HandRecord, MatchRecord, TeamRecord, load_any
    from ginrummy.rules import PRESETS, Rules
    from ginrummy.scoring.game import Game, play_game
    from ginrummy.scoring.match import Match, TeamMatch
    from ginrummy.variants import AnyAction, AnyHandState, AnyView, deal_hand, parse_any_action
    from ginrummy.variants.pickup import AddCard, LayMeld, PickupState, PickupView, Take
    from ginrummy.variants.standard.actions import (
        BigGin,
        Discard,
        DrawStock,
        Knock,
        LayOff,
        Pass,
        TakeDiscard,
        parse_action,
    )
    from ginrummy.variants.standard.state import HandState
    from ginrummy.variants.standard.view import PlayerView

__all__ = [
    "PRESETS",
    "AddCard",
    "Agent",
    "AnyAction",
    "AnyHandState",
    "AnyView",
    "BaseHandState",
    "BigGin",
    "Card",
    "CardSet",
    "Discard",
    "DrawStock",
    "Game",
    "GameRecord",
    "GinRummyError",
    "HandRecord",
    "HandResult",
    "HandState",
    "HandTooLongError",
    "IllegalActionError",
    "Knock",
    "LayMeld",
    "LayOff",
    "Match",
    "MatchRecord",
    "Meld",
    "Outcome",
    "Pass",
    "Phase",
    "PickupState",
    "PickupView",
    "PlayerView",
    "RecordError",
    "Rules",
    "RulesError",
    "Take",
    "TakeDiscard",
    "TeamMatch",
    "TeamRecord",
    "arrangements",
    "best_discards",
    "best_layoff",
    "deal_hand",
    "format_cards",
    "least_deadwood",
    "load_any",
    "make_agent",
    "parse_action",
    "parse_any_action",
    "parse_card",
    "parse_cards",
    "play_game",
    "play_hand",
]

_WHERE: dict[str, str] = {
    "PRESETS": "ginrummy.rules",
    "AddCard": "ginrummy.variants.pickup",
    "Agent": "ginrummy.play",
    "AnyAction": "ginrummy.variants",
    "AnyHandState": "ginrummy.variants",
    "AnyView": "ginrummy.variants",
    "BaseHandState": "ginrummy.hand.base",
    "BigGin": "ginrummy.variants.standard.actions",
    "Card": "ginrummy.cards",
    "CardSet": "ginrummy.cards",
    "Discard": "ginrummy.variants.standard.actions",
    "DrawStock": "ginrummy.variants.standard.actions",
    "Game": "ginrummy.scoring.game",
    "GameRecord": "ginrummy.records",
    "GinRummyError": "ginrummy.errors",
    "HandRecord": "ginrummy.records",
    "HandResult": "ginrummy.hand.results",
    "HandState": "ginrummy.variants.standard.state",
    "HandTooLongError": "ginrummy.play",
    "IllegalActionError": "ginrummy.errors",
    "Knock": "ginrummy.variants.standard.actions",
    "LayMeld": "ginrummy.variants.pickup",
    "LayOff": "ginrummy.variants.standard.actions",
    "Match": "ginrummy.scoring.match",
    "MatchRecord": "ginrummy.records",
    "Meld": "ginrummy.melds",
    "Outcome": "ginrummy.hand.results",
    "Pass": "ginrummy.variants.standard.actions",
    "Phase": "ginrummy.hand.phase",
    "PickupState": "ginrummy.variants.pickup",
    "PickupView": "ginrummy.variants.pickup",
    "PlayerView": "ginrummy.variants.standard.view",
    "RecordError": "ginrummy.errors",
    "Rules": "ginrummy.rules",
    "RulesError": "ginrummy.errors",
    "Take": "ginrummy.variants.pickup",
    "TakeDiscard": "ginrummy.variants.standard.actions",
    "TeamMatch": "ginrummy.scoring.match",
    "TeamRecord": "ginrummy.records",
    "arrangements": "ginrummy.melds",
    "best_discards": "ginrummy.melds",
    "best_layoff": "ginrummy.layoff",
    "deal_hand": "ginrummy.variants",
    "format_cards": "ginrummy.cards",
    "least_deadwood": "ginrummy.melds",
    "load_any": "ginrummy.records",
    "make_agent": "ginrummy.agents",
    "parse_action": "ginrummy.variants.standard.actions",
    "parse_any_action": "ginrummy.variants",
    "parse_card": "ginrummy.cards",
    "parse_cards": "ginrummy.cards",
    "play_game": "ginrummy.scoring.game",
    "play_hand": "ginrummy.play",
}
"""The module that defines each name of :data:`__all__`, imported on the name's first use (PEP 562),
so ``import ginrummy.melds`` loads only the melds and what they stand on, not every layer."""


if not TYPE_CHECKING:  # hidden from type checkers, which see the imports above and flag unknown names

    def __getattr__(name: str) -> object:
        module = _WHERE.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(import_module(module), name)
        globals()[name] = value  # the next use finds it without calling here
        return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
