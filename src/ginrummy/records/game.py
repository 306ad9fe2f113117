"""Game records (``"format": "ginrummy-game"``): a game's hands, replayed into a new
:class:`~ginrummy.scoring.game.Game` to the stored result (the format: :mod:`ginrummy.records`)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ginrummy.checks import check_instance, check_names, check_seat, check_seed, check_str
from ginrummy.errors import ArgumentError, ArgumentTypeError, RecordError
from ginrummy.hand.base import BaseHandState
from ginrummy.records.claims import GameClaim, check
from ginrummy.records.hand import HandRecord, parse_json
from ginrummy.records.validate import VERSION, Fields, shown
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game
from ginrummy.variants import AnyHandState

__all__ = ["FORFEIT_KINDS", "GameForfeit", "GameRecord", "check_states", "records_of"]

WHERE = "game record"

R = TypeVar("R")

FORFEIT_KINDS = ("crash", "timeout", "garbage", "illegal", "unsupported")
"""Why a player (a bot, :mod:`ginrummy.protocol`) forfeited a game: it crashed, hung past its
time budget, answered with garbage or an illegal action, or does not play the rules."""


def check_states(name: str, states: Any) -> None:
    """Raise :class:`~ginrummy.errors.ArgumentTypeError` unless ``states`` is a sequence of hands."""
    if not isinstance(states, Sequence) or not all(isinstance(s, BaseHandState) for s in states):
        raise ArgumentTypeError(f"{name} must be a sequence of hands (BaseHandState), got {shown(states)}")


def records_of(name: str, value: Any, kind: type[R]) -> tuple[R, ...]:
    """``value`` as a tuple of records of ``kind`` (a list is taken too). Raises
    :class:`~ginrummy.errors.ArgumentTypeError` naming the field."""
    if not isinstance(value, tuple | list) or not all(isinstance(r, kind) for r in value):
        raise ArgumentTypeError(f"{name} must be a tuple of {kind.__name__}, got {shown(value)}")
    return tuple(value)


@dataclass(frozen=True, slots=True)
class GameForfeit:
    """A game ended by a forfeit (``"forfeit"`` in a game record): ``player`` (0 or 1, the seat
    that forfeited and lost), ``kind`` (one of :data:`FORFEIT_KINDS`) and ``message`` (what
    happened, as told to the players). The game stops where its hands stop: the last hand
    may be unfinished, and then it was ``player``'s turn in it.

    >>> GameForfeit(1, "timeout", "no reply within 5000 ms").to_json()
    {'player': 1, 'kind': 'timeout', 'message': 'no reply within 5000 ms'}
    """

    player: int
    kind: str
    message: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", check_seat("player", self.player))
        if check_str("kind", self.kind) not in FORFEIT_KINDS:
            raise ArgumentError(f"kind must be one of {', '.join(FORFEIT_KINDS)}, got {self.kind!r}")
        check_str("message", self.message)

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "kind": self.kind, "message": self.message}

    @classmethod
    def read(cls, record: Fields) -> GameForfeit | None:
        """The ``"forfeit"`` of a game record: absent or ``null`` for none; else an object with
        ``player`` (0 or 1), ``kind`` (one of :data:`FORFEIT_KINDS`) and ``message`` (a string)."""
        if record.data.get("forfeit") is None:
            return None
        f = record.obj("forfeit")
        return cls(f.choice("player", (0, 1)), f.choice("kind", FORFEIT_KINDS), f.text("message"))


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game: ``rules``, game ``seed``, ``names``, ``first_dealer``, the ``hands`` in order
    (the last may be unfinished) and the ``claim``: what the record says the game came to
    (``None``: none claimed, as in a version 1 record; :meth:`from_game` sets it); ``forfeit``:
    set when a player forfeited the game (the other one wins it, :attr:`winner`).

    What it cannot write it refuses on creation, as :class:`HandRecord` does
    (:class:`~ginrummy.errors.ArgumentTypeError` for a seed that is not an int, names that are
    not two strings, a first dealer that is not 0 or 1, hands that are not hand records)."""

    rules: Rules
    seed: int
    names: tuple[str, str]
    first_dealer: int
    hands: tuple[HandRecord, ...]
    claim: GameClaim | None = None
    forfeit: GameForfeit | None = None

    def __post_init__(self) -> None:
        put = object.__setattr__
        check_instance("rules", self.rules, Rules, "a Rules")
        put(self, "seed", check_seed("seed", self.seed))
        put(self, "names", check_names("names", self.names))
        put(self, "first_dealer", check_seat("first_dealer", self.first_dealer))
        put(self, "hands", records_of("hands", self.hands, HandRecord))
        if self.claim is not None:
            check_instance("claim", self.claim, GameClaim, "a GameClaim or None")
        if self.forfeit is not None:
            check_instance("forfeit", self.forfeit, GameForfeit, "a GameForfeit or None")

    @classmethod
    def from_game(
        cls, game: Game, states: Sequence[AnyHandState], forfeit: GameForfeit | None = None
    ) -> GameRecord:
        """The record of ``game`` whose hands were played as ``states`` (in order), ended by
        ``forfeit`` if given; replayed once for its claim, so it raises :class:`RecordError` if
        they do not replay (or the forfeit does not fit them, see :meth:`replay_into`)."""
        return cls.played(game, states, forfeit)[0]

    @classmethod
    def played(
        cls, game: Game, states: Sequence[AnyHandState], forfeit: GameForfeit | None = None
    ) -> tuple[GameRecord, Game]:
        """:meth:`from_game` and the game the record replays to (a new :class:`Game`). Raises
        :class:`~ginrummy.errors.ArgumentTypeError` for a ``game`` that is not a :class:`Game`
        or ``states`` that are not hands."""
        check_instance("game", game, Game, "a Game")
        check_states("states", states)
        assert game.first_dealer is not None  # Game draws it when not given
        hands = tuple(
            HandRecord.from_state(s, seed) for s, seed in zip(states, game.hand_seeds, strict=False)
        )
        rec = cls(game.rules, game.seed, game.names, game.first_dealer, hands, forfeit=forfeit)
        replayed = rec.replay()
        return dataclasses.replace(rec, claim=GameClaim.of(replayed)), replayed

    @property
    def winner(self) -> int | None:
        """Who won the game: the other player after a forfeit, else the claim's winner (``None``
        while the game goes on, on equal scores, or without a claim)."""
        if self.forfeit is not None:
            return 1 - self.forfeit.player
        return None if self.claim is None else self.claim.winner

    # -- replay -----------------------------------------------------------------------------------

    def replay(self, where: str = WHERE) -> Game:
        """Replay every hand into a new :class:`Game` (see :meth:`replay_into`)."""
        try:
            game = Game(self.rules, seed=self.seed, names=self.names, first_dealer=self.first_dealer)
        except (TypeError, ValueError) as exc:  # fields of other types, in a record built in code
            raise RecordError(f"{where}: cannot start the game: {exc}") from None
        self.replay_into(game, where)
        return game

    def replay_into(self, game: Game, where: str = WHERE) -> None:
        """Replay every hand into ``game``, a new game of the same rules, seed, names and first
        dealer (a match's game). Raises :class:`RecordError` (its message starting with
        ``where``) naming the hand (from 1) that does not belong (other rules or names, a seed,
        deck or dealer not the game's, a hand after the end or after an unfinished one, rules
        no variant plays) or does not replay, if the game does not come to the claim, or if
        its forfeit does not fit (a game with no hand, or an unfinished last hand in which it
        was the other player's turn)."""
        if (game.rules, game.seed, game.first_dealer) != (self.rules, self.seed, self.first_dealer):
            raise RecordError(
                f"{where}: the game record does not belong here (rules, seed or first dealer differ)"
            )
        if game.names != self.names:
            raise RecordError(f"{where}: the names {list(self.names)} are not the match's {list(game.names)}")
        for i, rec in enumerate(self.hands):
            at = f"{where}: hand {i + 1}"
            if game.is_over:
                raise RecordError(f"{at}: played after the end of the game")
            if rec.rules != self.rules:
                raise RecordError(f"{at}: played under other rules than the game")
            if rec.names is not None and rec.names != self.names:
                raise RecordError(f"{at}: its names {list(rec.names)} are not the game's")
            try:
                state = game.new_hand()
            except ValueError as exc:  # rules the variant does not play (a RulesError)
                raise RecordError(f"{at}: cannot deal: {exc}") from None
            if rec.seed != game.hand_seeds[-1] or state.deck != rec.deck or state.dealer != rec.dealer:
                raise RecordError(f"{at}: was not dealt from the game seed (its seed, deck or dealer differ)")
            result = rec.replay(at).result
            if result is None:
                if i != len(self.hands) - 1:
                    raise RecordError(f"{at}: unfinished but not the last hand")
                break
            game.enter(result)
        check(where, self.claim, GameClaim.of(game))
        if self.forfeit is not None:
            self._check_forfeit(game, where)

    def _check_forfeit(self, game: Game, where: str) -> None:
        assert self.forfeit is not None
        player = self.forfeit.player
        if not self.hands:
            raise RecordError(f'{where}: "forfeit": no hand was dealt, so no player could forfeit')
        last = self.hands[-1].replay(where)
        if not last.is_over:
            to_act = last.to_act
            if to_act != player:
                raise RecordError(
                    f'{where}: "forfeit": player {player} forfeits, but in the unfinished last hand '
                    f"it was player {to_act}'s turn"
                )

    # -- JSON -------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready dict (format version 2; see :mod:`ginrummy.records`).
        Without a claim the game is replayed for its result."""
        claim = self.claim if self.claim is not None else GameClaim.of(self.replay())
        return {
            "format": "ginrummy-game",
            "version": VERSION,
            "rules": self.rules.settings(),
            "seed": self.seed,
            "names": list(self.names),
            "first_dealer": self.first_dealer,
            "hands": [h.to_json() for h in self.hands],
            "result": claim.to_json(),
        } | ({} if self.forfeit is None else {"forfeit": self.forfeit.to_json()})

    def dump(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def load(cls, text: str) -> GameRecord:
        """Parse a JSON string made by :meth:`dump`; raises :class:`RecordError` if malformed."""
        return cls.from_json(parse_json(text, WHERE))

    @classmethod
    def from_json(cls, data: Any, where: str = WHERE, version: int | None = None) -> GameRecord:
        """Read a game record dict (format version 1 or 2; ``version``: the enclosing record's,
        which this one must have); raises :class:`RecordError` naming ``where`` and the field
        (``game record: hand 3: "dealer" ...``) for a malformed one. Loading does not replay."""
        f = Fields.of(data, where, "ginrummy-game")
        v = f.version(version)
        rules = f.rules()
        seed = f.integer("seed")
        names = f.names("names")
        first = f.choice("first_dealer", (0, 1))
        hands = tuple(
            HandRecord.from_json(h, f"{where}: hand {i + 1}", v) for i, h in enumerate(f.array("hands"))
        )
        claim = GameClaim.read(f) if v >= 2 or "result" in f.data else None
        return cls(rules, seed, names, first, hands, claim, GameForfeit.read(f))
