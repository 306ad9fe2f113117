"""Records: save a hand or a game as JSON and replay it from its seed and actions.

A hand record (``"format": "ginrummy-hand"``, ``"version": 1``)::

    {"format": "ginrummy-hand", "version": 1,
     "rules": {...every setting of Rules...},
     "dealer": 1, "seed": 1234,               # deck = shuffled_deck(random.Random(seed))
     "deck": "9d Qc ...",                     # the 52 cards in dealing order (checked against the seed)
     "knock_card": null,                      # Oklahoma with a second deck: the card setting the knock limit
     "actions": [[0, "pass"], [1, "take"], [1, "discard 7h"], ...],
     "names": ["Ann", "expert"],              # optional: the players in seat 0 and seat 1
     "result": {"outcome": "knock", "winner": 0, "points": 7}}

``seed`` may be ``null`` when the deck was not shuffled from a seed; ``deck`` is
then required. Actions use the notation of :mod:`ginrummy.hand.actions`, with knocks and
layoffs written out in full; a discard-pile pickup hand (002, ``"discard_pickup": true`` in
the rules) uses that of :mod:`ginrummy.variants.pickup.actions` (``take 3``, ``meld [7c 7d 7s]``,
``add 8h:2``) and has no knock card. A game record (``"format": "ginrummy-game"``) holds
the rules, the game seed, the player names, the first dealer and the hand records (a
Hollywood game's three columns are rebuilt from its hands). A match record
(``"format": "ginrummy-match"``) holds the rules, the match seed, the names and the game
records in order; a team record (``"format": "ginrummy-team-match"``) holds the rules,
the seed, the team names, each team's members and one match record per pairing. Each
game's seed must be the one the match derives (:func:`ginrummy.seeds.game_seed`).

>>> from ginrummy.rules import KnockCard, Rules
>>> from ginrummy.hand.actions import Pass
>>> state = HandState.deal(Rules(), dealer=1, rng=random.Random(5))
>>> state.push(Pass())
>>> rec = HandRecord.from_state(state, seed=5)
>>> HandRecord.load(rec.dump()).replay().log == state.log
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ginrummy.cards import Card, format_cards, parse_card
from ginrummy.errors import GinRummyError, RecordError
from ginrummy.hand.base import shuffle_for
from ginrummy.hand.state import HandState
from ginrummy.rules import KnockCard, Rules
from ginrummy.scoring.game import Game
from ginrummy.scoring.match import Match, TeamMatch
from ginrummy.variants import AnyAction, AnyHandState, deal_from, parse_any_action

__all__ = ["GameRecord", "HandRecord", "MatchRecord", "TeamRecord", "load_any"]

R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand: rules, dealer, seed and/or deck, the actions as ``(player, action)``, and
    optionally the players' ``names`` (seat 0, seat 1)."""

    rules: Rules
    dealer: int
    deck: tuple[Card, ...]
    actions: tuple[tuple[int, AnyAction], ...]
    seed: int | None = None
    knock_card: Card | None = None
    names: tuple[str, str] | None = None

    @classmethod
    def from_state(
        cls, state: AnyHandState, seed: int | None = None, names: tuple[str, str] | None = None
    ) -> HandRecord:
        """The record of ``state`` (a hand of any variant) so far; ``seed`` is the one its deck
        was shuffled from."""
        second = (
            state.knock_card
            if isinstance(state, HandState) and state.rules.knock_card is KnockCard.SECOND_DECK
            else None
        )
        return cls(state.rules, state.dealer, state.deck, state.log, seed, second, names)

    def replay(self) -> AnyHandState:
        """Deal the deck and apply every action. Raises :class:`RecordError` if the seed does
        not give the deck or an action is illegal (naming the action's index)."""
        if self.seed is not None:
            deck, second = shuffle_for(self.rules, random.Random(self.seed))
            if tuple(deck) != self.deck:
                raise RecordError("the deck does not come from the seed")
            if second != self.knock_card:
                raise RecordError("the knock card does not come from the seed")
        try:
            state = deal_from(self.rules, self.dealer, self.deck, self.knock_card)
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
        if self.names is not None:
            data["names"] = list(self.names)
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
            actions = tuple((int(p), parse_any_action(a, rules)) for p, a in data["actions"])
            names = data.get("names")
            if names is not None:
                if not isinstance(names, list) or len(names) != 2:
                    raise RecordError('"names" must be a list of two player names')
                names = (str(names[0]), str(names[1]))
            return cls(rules, int(data["dealer"]), deck, actions, seed, second, names)
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
    def from_game(cls, game: Game, states: Sequence[AnyHandState]) -> GameRecord:
        """The record of ``game`` whose hands were played as ``states`` (in order)."""
        assert game.first_dealer is not None
        hands = tuple(
            HandRecord.from_state(s, seed) for s, seed in zip(states, game.hand_seeds, strict=False)
        )
        return cls(game.rules, game.seed, game.names, game.first_dealer, hands)

    def replay(self) -> Game:
        """Replay every hand into a new :class:`Game`; checks the decks come from the game seed."""
        game = Game(self.rules, seed=self.seed, names=self.names, first_dealer=self.first_dealer)
        self.replay_into(game)
        return game

    def replay_into(self, game: Game) -> None:
        """Replay every hand into ``game``, a new game of the same rules, seed and first dealer.
        Raises :class:`RecordError` naming the hand (1-based) that does not belong (other
        rules, a deck not from the game seed, rules no variant plays) or does not replay."""
        if game.rules != self.rules or game.seed != self.seed or game.first_dealer != self.first_dealer:
            raise RecordError("the game record does not belong here (rules, seed or first dealer differ)")
        for i, rec in enumerate(self.hands):
            if game.is_over:
                raise RecordError(f"hand {i + 1} was played after the end of the game")
            if rec.rules != self.rules:
                raise RecordError(f"hand {i + 1} is played under other rules than the game")
            try:
                state = game.new_hand()
            except ValueError as exc:  # rules the variant does not play (a RulesError)
                raise RecordError(f"cannot deal hand {i + 1}: {exc}") from None
            if state.deck != rec.deck or state.dealer != rec.dealer:
                raise RecordError(f"hand {i + 1} was not dealt from the game seed")
            try:
                result = rec.replay().result
            except RecordError as exc:
                raise RecordError(f"hand {i + 1}: {exc}") from None
            if result is None:
                if i != len(self.hands) - 1:
                    raise RecordError(f"hand {i + 1} is unfinished but is not the last")
                break  # an unfinished last hand
            game.enter(result)

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready dict (see the module docstring)."""
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
        return cls.from_json(_parse(text, "game record"))

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Read a game record dict; raises :class:`RecordError` on a malformed one."""
        try:
            if not isinstance(data, dict) or data.get("format") != "ginrummy-game":
                raise RecordError('not a game record (no "format": "ginrummy-game")')
            return cls(
                Rules.from_settings(data["rules"]),
                int(data["seed"]),
                (str(data["names"][0]), str(data["names"][1])),
                int(data["first_dealer"]),
                tuple(_numbered("hand", i, HandRecord.from_json, h) for i, h in enumerate(data["hands"])),
            )
        except RecordError:
            raise
        except (GinRummyError, KeyError, TypeError, ValueError, IndexError) as exc:
            raise RecordError(f"malformed game record: {exc}") from None


def _numbered(kind: str, index: int, read: Callable[[Any], R], data: Any) -> R:
    """``read(data)``, its :class:`RecordError` prefixed with ``kind`` and the 1-based number."""
    try:
        return read(data)
    except RecordError as exc:
        raise RecordError(f"{kind} {index + 1}: {exc}") from None


def _parse(text: str, kind: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"malformed {kind}: not JSON: {exc}") from None


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A match of successive games: rules, match seed, names and the game records in order."""

    rules: Rules
    seed: int
    names: tuple[str, str]
    games: tuple[GameRecord, ...]

    @classmethod
    def from_match(cls, match: Match, states: Sequence[Sequence[AnyHandState]]) -> MatchRecord:
        """The record of ``match`` whose games' hands were played as ``states[k]`` (game ``k``)."""
        games = tuple(GameRecord.from_game(g, s) for g, s in zip(match.games, states, strict=False))
        return cls(match.rules, match.seed, match.names, games)

    def replay(self) -> Match:
        """Replay every game into a new :class:`Match`; checks each game's seed is the match's."""
        match = Match(self.rules, seed=self.seed, names=self.names)
        for k, rec in enumerate(self.games):
            try:
                game = match.new_game()
            except ValueError as exc:
                raise RecordError(f"game {k + 1} cannot follow: {exc}") from None
            try:
                rec.replay_into(game)
            except RecordError as exc:
                raise RecordError(f"game {k + 1}: {exc}") from None
        return match

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready dict (see the module docstring)."""
        return {
            "format": "ginrummy-match",
            "version": 1,
            "rules": self.rules.settings(),
            "seed": self.seed,
            "names": list(self.names),
            "games": [g.to_json() for g in self.games],
        }

    def dump(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def load(cls, text: str) -> MatchRecord:
        """Parse a JSON string made by :meth:`dump`; raises :class:`RecordError` if malformed."""
        return cls.from_json(_parse(text, "match record"))

    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        try:
            if not isinstance(data, dict) or data.get("format") != "ginrummy-match":
                raise RecordError('not a match record (no "format": "ginrummy-match")')
            return cls(
                Rules.from_settings(data["rules"]),
                int(data["seed"]),
                (str(data["names"][0]), str(data["names"][1])),
                tuple(_numbered("game", k, GameRecord.from_json, g) for k, g in enumerate(data["games"])),
            )
        except RecordError:
            raise
        except (GinRummyError, KeyError, TypeError, ValueError, IndexError) as exc:
            raise RecordError(f"malformed match record: {exc}") from None


@dataclass(frozen=True, slots=True)
class TeamRecord:
    """A team match: rules, seed, team names, each team's members and a match record per pairing."""

    rules: Rules
    seed: int
    team_names: tuple[str, str]
    members: tuple[tuple[str, ...], tuple[str, ...]]
    pairings: tuple[MatchRecord, ...]

    @classmethod
    def from_team(cls, team: TeamMatch, states: Sequence[Sequence[Sequence[AnyHandState]]]) -> TeamRecord:
        """The record of ``team``; ``states[i][k]`` are the hands of game ``k`` of pairing ``i``."""
        pairings = tuple(MatchRecord.from_match(m, s) for m, s in zip(team.pairings, states, strict=False))
        return cls(team.rules, team.seed, team.team_names, team.names, pairings)

    def replay(self) -> TeamMatch:
        """Replay every pairing into a new :class:`TeamMatch`; checks the seeds and names."""
        team = TeamMatch(self.rules, self.members, seed=self.seed, team_names=self.team_names)
        for i, rec in enumerate(self.pairings):
            try:
                match = team.new_pairing()
            except ValueError as exc:
                raise RecordError(f"pairing {i + 1} cannot follow: {exc}") from None
            if (rec.rules, rec.seed, rec.names) != (match.rules, match.seed, match.names):
                raise RecordError(
                    f"pairing {i + 1} does not belong to this team match (rules, seed or names)"
                )
            replayed = rec.replay()
            match.games = replayed.games
        return team

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready dict (see the module docstring)."""
        return {
            "format": "ginrummy-team-match",
            "version": 1,
            "rules": self.rules.settings(),
            "seed": self.seed,
            "team_names": list(self.team_names),
            "members": [list(m) for m in self.members],
            "pairings": [p.to_json() for p in self.pairings],
        }

    def dump(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def load(cls, text: str) -> TeamRecord:
        """Parse a JSON string made by :meth:`dump`; raises :class:`RecordError` if malformed."""
        data = _parse(text, "team record")
        try:
            if not isinstance(data, dict) or data.get("format") != "ginrummy-team-match":
                raise RecordError('not a team record (no "format": "ginrummy-team-match")')
            a, b = data["members"]
            return cls(
                Rules.from_settings(data["rules"]),
                int(data["seed"]),
                (str(data["team_names"][0]), str(data["team_names"][1])),
                (tuple(str(x) for x in a), tuple(str(x) for x in b)),
                tuple(MatchRecord.from_json(p) for p in data["pairings"]),
            )
        except RecordError:
            raise
        except (GinRummyError, KeyError, TypeError, ValueError, IndexError) as exc:
            raise RecordError(f"malformed team record: {exc}") from None


AnyRecord = HandRecord | GameRecord | MatchRecord | TeamRecord


def load_any(text: str) -> AnyRecord:
    """Read any record by its ``"format"``; raises :class:`RecordError` naming the formats."""
    data = _parse(text, "record")
    fmt = data.get("format") if isinstance(data, dict) else None
    if fmt == "ginrummy-hand":
        return HandRecord.from_json(data)
    if fmt == "ginrummy-game":
        return GameRecord.from_json(data)
    if fmt == "ginrummy-match":
        return MatchRecord.from_json(data)
    if fmt == "ginrummy-team-match":
        return TeamRecord.load(text)
    raise RecordError(
        f"not a ginrummy record (format {fmt!r}; expected ginrummy-hand, ginrummy-game, "
        "ginrummy-match or ginrummy-team-match)"
    )
