"""Records: save a hand or a game as JSON and replay it from its seed and actions.

A hand record (``"format": "ginrummy-hand"``, ``"version": 1``)::

    {"format": "ginrummy-hand", "version": 1,
     "rules": {...every setting of Rules...},
     "dealer": 1, "seed": 1234,               # deck = shuffled_deck(random.Random(seed))
     "deck": "9d Qc ...",                     # the 52 cards in dealing order (checked against the seed)
     "knock_card": null,                      # Oklahoma with a second deck: the card setting the knock limit
     "actions": [[0, "pass"], [1, "take"], [1, "discard 7h"], ...],
     "result": {"outcome": "knock", "winner": 0, "points": 7}}

``seed`` may be ``null`` when the deck was not shuffled from a seed; ``deck`` is
then required. Actions use the notation of :mod:`ginrummy.actions`, with knocks and
layoffs written out in full. A game record (``"format": "ginrummy-game"``) holds
the rules, the game seed, the player names, the first dealer and the hand records.

>>> from ginrummy.rules import KnockCard, Rules
>>> from ginrummy.actions import Pass
>>> state = HandState.deal(Rules(), dealer=1, rng=random.Random(5))
>>> state.push(Pass())
>>> rec = HandRecord.from_state(state, seed=5)
>>> HandRecord.load(rec.dump()).replay().log == state.log
True
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from ginrummy.actions import Action, parse_action
from ginrummy.cards import Card, format_cards, parse_card
from ginrummy.errors import GinRummyError, RecordError
from ginrummy.game import Game
from ginrummy.rules import KnockCard, Rules
from ginrummy.state import HandState, shuffle_for

__all__ = ["GameRecord", "HandRecord"]


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand: rules, dealer, seed and/or deck, and the actions as ``(player, action)``."""

    rules: Rules
    dealer: int
    deck: tuple[Card, ...]
    actions: tuple[tuple[int, Action], ...]
    seed: int | None = None
    knock_card: Card | None = None

    @classmethod
    def from_state(cls, state: HandState, seed: int | None = None) -> HandRecord:
        """The record of ``state`` so far; ``seed`` is the one its deck was shuffled from."""
        second = state.knock_card if state.rules.knock_card is KnockCard.SECOND_DECK else None
        return cls(state.rules, state.dealer, state.deck, state.log, seed, second)

    def replay(self) -> HandState:
        """Deal the deck and apply every action. Raises :class:`RecordError` if the seed does
        not give the deck or an action is illegal (naming the action's index)."""
        if self.seed is not None:
            deck, second = shuffle_for(self.rules, random.Random(self.seed))
            if tuple(deck) != self.deck or second != self.knock_card:
                raise RecordError("the deck does not come from the seed")
        try:
            state = HandState(self.rules, self.dealer, self.deck, self.knock_card)
        except ValueError as exc:
            raise RecordError(f"cannot deal this record: {exc}") from None
        for i, (player, action) in enumerate(self.actions):
            try:
                state.push(action, player=player)
            except GinRummyError as exc:
                raise RecordError(f"action {i} ({player}: {action}) does not replay: {exc}") from None
        return state

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready dict (see the module docstring)."""
        data: dict[str, Any] = {
            "format": "ginrummy-hand",
            "version": 1,
            "rules": self.rules.settings(),
            "dealer": self.dealer,
            "seed": self.seed,
            "deck": format_cards(self.deck),
            "knock_card": None if self.knock_card is None else str(self.knock_card),
            "actions": [[p, str(a)] for p, a in self.actions],
        }
        state = self.replay()
        if state.result is not None:
            r = state.result
            data["result"] = {"outcome": r.outcome.value, "winner": r.winner, "points": r.points}
        return data

    def dump(self) -> str:
        """The record as a JSON string."""
        return json.dumps(self.to_json())

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandRecord:
        """Read a record dict; raises :class:`RecordError` on a malformed one."""
        try:
            if not isinstance(data, dict) or data.get("format") != "ginrummy-hand":
                raise RecordError('not a hand record (no "format": "ginrummy-hand")')
            rules = Rules.from_settings(data["rules"])
            seed = data.get("seed")
            second = parse_card(data["knock_card"]) if data.get("knock_card") else None
            if data.get("deck"):
                deck = tuple(parse_card(t) for t in data["deck"].split())
            elif seed is not None:
                shuffled, second = shuffle_for(rules, random.Random(seed))
                deck = tuple(shuffled)
            else:
                raise RecordError("a hand record needs a seed or a deck")
            actions = tuple((int(p), parse_action(a)) for p, a in data["actions"])
            return cls(rules, int(data["dealer"]), deck, actions, seed, second)
        except RecordError:
            raise
        except (GinRummyError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"malformed hand record: {exc}") from None

    @classmethod
    def load(cls, text: str) -> HandRecord:
        """Parse a JSON string made by :meth:`dump`."""
        try:
            return cls.from_json(json.loads(text))
        except json.JSONDecodeError as exc:
            raise RecordError(f"not JSON: {exc}") from None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game: rules, game seed, names, first dealer and the hand records in order."""

    rules: Rules
    seed: int
    names: tuple[str, str]
    first_dealer: int
    hands: tuple[HandRecord, ...]

    @classmethod
    def from_game(cls, game: Game, states: list[HandState]) -> GameRecord:
        """The record of ``game`` whose hands were played as ``states`` (in order)."""
        assert game.first_dealer is not None
        hands = tuple(
            HandRecord.from_state(s, seed) for s, seed in zip(states, game.hand_seeds, strict=False)
        )
        return cls(game.rules, game.seed, game.names, game.first_dealer, hands)

    def replay(self) -> Game:
        """Replay every hand into a new :class:`Game`; checks the decks come from the game seed."""
        game = Game(self.rules, seed=self.seed, names=self.names, first_dealer=self.first_dealer)
        for i, rec in enumerate(self.hands):
            state = game.new_hand()
            if state.deck != rec.deck or state.dealer != rec.dealer:
                raise RecordError(f"hand {i + 1} was not dealt from the game seed")
            result = rec.replay().result
            if result is None:
                break  # an unfinished last hand
            game.record(result)
        return game

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "ginrummy-game",
            "version": 1,
            "rules": self.rules.settings(),
            "seed": self.seed,
            "names": list(self.names),
            "first_dealer": self.first_dealer,
            "hands": [h.to_json() for h in self.hands],
        }

    def dump(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def load(cls, text: str) -> GameRecord:
        """Parse a JSON string made by :meth:`dump`; raises :class:`RecordError` if malformed."""
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or data.get("format") != "ginrummy-game":
                raise RecordError('not a game record (no "format": "ginrummy-game")')
            return cls(
                Rules.from_settings(data["rules"]),
                int(data["seed"]),
                (str(data["names"][0]), str(data["names"][1])),
                int(data["first_dealer"]),
                tuple(HandRecord.from_json(h) for h in data["hands"]),
            )
        except RecordError:
            raise
        except (
            json.JSONDecodeError,
            GinRummyError,
            KeyError,
            TypeError,
            ValueError,
            IndexError,
        ) as exc:
            raise RecordError(f"malformed game record: {exc}") from None
