"""The messages of the bot protocol (``docs/protocol.md``): a seat's view as JSON, and back.

:func:`view_json` writes only what a :class:`~ginrummy.variants.standard.view.PlayerView` (or a
:class:`~ginrummy.variants.pickup.PickupView`) holds, which is what that seat may see: never
the opponent's hidden cards or the stock order. Cards are in the engine's notation (``"7h"``,
``"Tc"``), card sets are lists of cards, melds are lists of cards, enums are their values.
:func:`view_from_json` reads a standard view back (a Python bot can then run any agent of
:mod:`ginrummy.agents` on it); a pickup view is refused with :class:`~ginrummy.errors.RecordError`.

>>> from ginrummy.variants.standard.state import HandState
>>> from ginrummy.rules import Rules
>>> view = HandState.deal(Rules(), dealer=1, rng=7).view(0)
>>> data = view_json(view)
>>> data["phase"], len(data["hand"]), data["opponent_hand_size"]
('offer', 10, 10)
>>> view_from_json(data) == view
True
>>> legal_json(view)
['take', 'pass']
"""

from __future__ import annotations

from typing import Any

from ginrummy.cards import Card, CardSet, cards_of, parse_card, parse_cards
from ginrummy.errors import GinRummyError, RecordError
from ginrummy.hand.phase import Event, Phase
from ginrummy.melds import Meld, meld_rules
from ginrummy.rules import Rules
from ginrummy.variants import AnyView
from ginrummy.variants.standard.view import PlayerView

__all__ = ["PROTOCOL", "hello_json", "legal_json", "variant_name", "view_from_json", "view_json"]

PROTOCOL = 1
"""The protocol version this engine speaks (``docs/protocol.md``)."""

_CARDSET_FIELDS = {"hand", "opponent_known", "knocker_deadwood", "taken_set"}


def variant_name(rules: Rules) -> str:
    """The name of the variant ``rules`` play (:attr:`Rules.variant <ginrummy.rules.Rules.variant>`:
    ``"standard"`` or ``"pickup"``): what a bot's hello lists."""
    return rules.variant


def _cards(mask: CardSet) -> list[str]:
    return [str(c) for c in cards_of(mask)]


def _meld(m: Meld) -> list[str]:
    return _cards(m.mask)


def _result_json(result: Any) -> dict[str, Any]:
    out: dict[str, Any] = {
        "outcome": result.outcome.value,
        "winner": result.winner,
        "points": result.points,
        "knocker": result.knocker,
        "hands": [_cards(h) for h in result.hands],
        "text": result.describe(),
    }
    if hasattr(result, "net"):
        out["net"] = list(result.net)
    return out


def _event_json(event: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"player": event.player, "kind": event.kind}
    if isinstance(event, Event):
        out["card"] = None if event.card is None else str(event.card)
    else:  # a pickup event
        out["cards"] = [str(c) for c in event.cards]
        out["meld"] = event.meld
    return out


def view_json(view: AnyView) -> dict[str, Any]:
    """The JSON object of ``view`` (its fields by name; see ``docs/protocol.md``): cards as
    strings, card sets and melds as lists of cards, ``rules`` as :meth:`Rules.settings`,
    ``history`` as ``{"player", "kind", "card"}`` objects (pickup: ``"cards"``, ``"meld"``),
    ``result`` (once the hand is over) with both hands as they were shown at the table."""
    out: dict[str, Any] = {}
    for name, value in view._asdict().items():
        if name == "rules":
            out[name] = value.settings()
        elif name == "phase":
            out[name] = value.value
        elif name == "history":
            out[name] = [_event_json(e) for e in value]
        elif name == "result":
            out[name] = None if value is None else _result_json(value)
        elif name in ("knocker_melds", "table"):
            out[name] = [_meld(m) for m in value]
        elif name == "laid":
            out[name] = [_cards(m) for m in value]
        elif name == "discard_pile":
            out[name] = [str(c) for c in value]
        elif name in _CARDSET_FIELDS or (
            name == "taken" and value is not None and not isinstance(value, Card)
        ):
            # a set of cards (pickup's cards taken this turn), not one card (the standard game's)
            out[name] = _cards(value)
        elif isinstance(value, Card):
            out[name] = str(value)
        else:
            out[name] = value
    return out


def legal_json(view: AnyView) -> list[str]:
    """The legal actions of ``view`` in the engine's notation (``str(action)``; read back with
    :func:`ginrummy.variants.parse_any_action`)."""
    return [str(a) for a in view.legal_actions]


def hello_json(rules: Rules, time_ms: int, game_time_ms: int | None = None) -> dict[str, Any]:
    """The runner's first message: protocol version, the rules and their variant name, the
    time budget per decision in milliseconds and, when there is one, the budget for all the
    bot's decisions in one game (``game_time_ms``)."""
    hello = {
        "type": "hello",
        "protocol": PROTOCOL,
        "variant": variant_name(rules),
        "rules": rules.settings(),
        "time_ms": time_ms,
    }
    if game_time_ms is not None:
        hello["game_time_ms"] = game_time_ms
    return hello


def _card(text: str | None) -> Card | None:
    return None if text is None else parse_card(text)


VIEWS_READ: tuple[str, ...] = ("standard",)
"""The variants whose views :func:`view_from_json` reads back (as a :class:`PlayerView`)."""


def view_from_json(data: dict[str, Any]) -> PlayerView:
    """A standard :class:`PlayerView` from :func:`view_json`'s object (``result`` is not read
    back: it is ``None``). Raises :class:`RecordError` for a pickup view or a malformed object."""
    try:
        rules = Rules.from_settings(data["rules"])
        if rules.variant not in VIEWS_READ:
            raise RecordError(f"view_from_json reads standard views only, not {rules.variant} ones")
        mr = meld_rules(rules)
        return PlayerView(
            player=int(data["player"]),
            rules=rules,
            dealer=int(data["dealer"]),
            phase=Phase(data["phase"]),
            to_act=int(data["to_act"]),
            hand=parse_cards(data["hand"]),
            discard_pile=tuple(parse_card(c) for c in data["discard_pile"]),
            stock_size=int(data["stock_size"]),
            opponent_hand_size=int(data["opponent_hand_size"]),
            opponent_known=parse_cards(data["opponent_known"]),
            history=tuple(Event(int(e["player"]), str(e["kind"]), _card(e["card"])) for e in data["history"]),
            drawn=_card(data["drawn"]),
            taken=_card(data["taken"]),
            knock_limit=int(data["knock_limit"]),
            may_take=bool(data["may_take"]),
            must_knock=bool(data["must_knock"]),
            knocker=None if data["knocker"] is None else int(data["knocker"]),
            knocker_melds=tuple(Meld(" ".join(m), mr) for m in data["knocker_melds"]),
            knocker_deadwood=parse_cards(data["knocker_deadwood"]),
            result=None,
            knock_card=_card(data["knock_card"]),
            multiplier=int(data["multiplier"]),
        )
    except RecordError:
        raise
    except (GinRummyError, KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"not a view object: {exc}") from None
