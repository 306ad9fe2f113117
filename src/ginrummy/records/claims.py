"""What a record says was played to (its ``"result"``), checked against the replay.

A hand record's ``result`` is the :class:`HandClaim`; version 2 game, match and team records
carry a :class:`GameClaim`, :class:`MatchClaim` and :class:`TeamClaim` (version 1 ones had
none). Replaying a record compares the claim with what the replay gives, so a record whose
actions, rules, seeds or results were changed replays to its stored result or raises a
:class:`~ginrummy.errors.RecordError` (never another score).

>>> HandClaim("knock", 0, 7).to_json()
{'outcome': 'knock', 'winner': 0, 'points': 7}
>>> str(GameClaim((104, 30), (254, 30), 0))
'points 104 to 30, final scores 254 to 30, won by player 0'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ginrummy.errors import RecordError
from ginrummy.hand.results import HandResult, Outcome
from ginrummy.records.validate import Fields
from ginrummy.scoring.game import Game
from ginrummy.scoring.match import Match, TeamMatch

__all__ = ["GameClaim", "HandClaim", "MatchClaim", "TeamClaim", "check"]

_OUTCOMES = tuple(o.value for o in Outcome)


def _winner(winner: int | None) -> str:
    return "no winner" if winner is None else f"won by player {winner}"


@dataclass(frozen=True, slots=True)
class HandClaim:
    """A hand's ``result``: ``outcome`` (an :class:`~ginrummy.hand.results.Outcome` value, or
    ``None`` for a hand not finished, which has no ``result``), ``winner`` (0, 1 or ``None``)
    and ``points`` (what the winner scores, >= 0)."""

    outcome: str | None
    winner: int | None = None
    points: int = 0

    @classmethod
    def of(cls, result: HandResult | None) -> HandClaim:
        """The claim a hand that ended with ``result`` (``None``: not finished) makes."""
        return cls(None) if result is None else cls(result.outcome.value, result.winner, result.points)

    @classmethod
    def read(cls, record: Fields) -> HandClaim:
        """The ``"result"`` of a hand record: absent or ``null`` for a hand not finished."""
        if record.data.get("result") is None:
            return cls(None)
        f = record.obj("result")
        return cls(f.choice("outcome", _OUTCOMES), f.choice("winner", (0, 1, None)), f.integer("points", 0))

    def to_json(self) -> dict[str, Any] | None:
        """The ``"result"`` object, or ``None`` (written as no ``result``) for a hand not finished."""
        if self.outcome is None:
            return None
        return {"outcome": self.outcome, "winner": self.winner, "points": self.points}

    def __str__(self) -> str:
        if self.outcome is None:
            return "a hand not finished"
        return f"{self.outcome}, {_winner(self.winner)}, {self.points} points"


@dataclass(frozen=True, slots=True)
class GameClaim:
    """A game's ``result``: ``points`` (hand points entered per player, the score toward the
    target; Hollywood: over its three games), ``final`` (final scores with every bonus,
    :attr:`~ginrummy.scoring.columns.GameSummary.totals`; ``None`` while the game goes on) and
    ``winner`` (the summary's winner; ``None`` while the game goes on or on equal scores)."""

    points: tuple[int, int]
    final: tuple[int, int] | None
    winner: int | None

    @classmethod
    def of(cls, game: Game) -> GameClaim:
        if not game.is_over:
            return cls(game.totals, None, None)
        summary = game.summary()
        return cls(game.totals, summary.totals, summary.winner)

    @classmethod
    def read(cls, record: Fields) -> GameClaim:
        f = record.obj("result")
        return cls(f.pair("points"), f.optional_pair("final"), f.choice("winner", (0, 1, None)))

    def to_json(self) -> dict[str, Any]:
        final = None if self.final is None else list(self.final)
        return {"points": list(self.points), "final": final, "winner": self.winner}

    def __str__(self) -> str:
        text = f"points {self.points[0]} to {self.points[1]}"
        if self.final is None:
            return f"{text}, not over"
        return f"{text}, final scores {self.final[0]} to {self.final[1]}, {_winner(self.winner)}"


@dataclass(frozen=True, slots=True)
class MatchClaim:
    """A match's ``result``: ``over``, ``games`` (each finished game's final scores),
    ``totals`` (their sum) and ``winner`` (:attr:`Match.winner <ginrummy.scoring.match.Match.winner>`)."""

    over: bool
    games: tuple[tuple[int, int], ...]
    totals: tuple[int, int]
    winner: int | None

    @classmethod
    def of(cls, match: Match) -> MatchClaim:
        return cls(match.is_over, tuple(match.game_totals()), match.totals, match.winner)

    @classmethod
    def read(cls, record: Fields) -> MatchClaim:
        f = record.obj("result")
        return cls(f.boolean("over"), f.pairs("games"), f.pair("totals"), f.choice("winner", (0, 1, None)))

    def to_json(self) -> dict[str, Any]:
        games = [list(g) for g in self.games]
        return {"over": self.over, "games": games, "totals": list(self.totals), "winner": self.winner}

    def __str__(self) -> str:
        state = _winner(self.winner) if self.over else "not over"
        return f"games {[list(g) for g in self.games]}, totals {self.totals[0]} to {self.totals[1]}, {state}"


@dataclass(frozen=True, slots=True)
class TeamClaim:
    """A team match's ``result``: ``over``, the team ``totals`` (members' totals plus the team
    bonus) and ``winner`` (0 = the first team, 1, or ``None``)."""

    over: bool
    totals: tuple[int, int]
    winner: int | None

    @classmethod
    def of(cls, team: TeamMatch) -> TeamClaim:
        return cls(team.is_over, team.totals, team.winner)

    @classmethod
    def read(cls, record: Fields) -> TeamClaim:
        f = record.obj("result")
        return cls(f.boolean("over"), f.pair("totals"), f.choice("winner", (0, 1, None)))

    def to_json(self) -> dict[str, Any]:
        return {"over": self.over, "totals": list(self.totals), "winner": self.winner}

    def __str__(self) -> str:
        state = _winner(self.winner) if self.over else "not over"
        return f"team totals {self.totals[0]} to {self.totals[1]}, {state}"


Claim = HandClaim | GameClaim | MatchClaim | TeamClaim


def check(where: str, claimed: Claim | None, replayed: Claim) -> None:
    """Raise :class:`RecordError` if a record's ``claimed`` result (``None``: it claims none,
    a version 1 game, match or team record) is not what it ``replayed`` to."""
    if claimed is not None and claimed != replayed:
        raise RecordError(f'{where}: "result" says {claimed}, but the record replays to {replayed}')
