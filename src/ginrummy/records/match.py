"""Match records (``"format": "ginrummy-match"``) and team records (``"format":
"ginrummy-team-match"``): successive games, and a match per pairing of two teams, replayed
into a new :class:`~ginrummy.scoring.match.Match` or :class:`~ginrummy.scoring.match.TeamMatch`
to the stored result (the format: :mod:`ginrummy.records`)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ginrummy.checks import check_instance, check_names, check_seed
from ginrummy.errors import ArgumentTypeError, RecordError
from ginrummy.records.claims import MatchClaim, TeamClaim, check
from ginrummy.records.game import GameRecord, check_states, records_of
from ginrummy.records.hand import parse_json
from ginrummy.records.validate import VERSION, Fields, shown
from ginrummy.rules import Rules
from ginrummy.scoring.match import Match, TeamMatch
from ginrummy.variants import AnyHandState

__all__ = ["MatchRecord", "TeamRecord"]


def _sequence(name: str, value: Any) -> Sequence[Any]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise ArgumentTypeError(f"{name} must be a sequence, got {shown(value)}")
    return value


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A match of successive games: ``rules``, match ``seed``, ``names``, the ``games`` in order
    (game ``k`` dealt from :func:`ginrummy.seeds.game_seed`) and the ``claim`` (``None``: none
    claimed, as in a version 1 record; :meth:`from_match` sets it)."""

    rules: Rules
    seed: int
    names: tuple[str, str]
    games: tuple[GameRecord, ...]
    claim: MatchClaim | None = None

    def __post_init__(self) -> None:
        """Refuse what cannot be written, as :class:`~ginrummy.records.game.GameRecord` does."""
        put = object.__setattr__
        check_instance("rules", self.rules, Rules, "a Rules")
        put(self, "seed", check_seed("seed", self.seed))
        put(self, "names", check_names("names", self.names))
        put(self, "games", records_of("games", self.games, GameRecord))
        if self.claim is not None:
            check_instance("claim", self.claim, MatchClaim, "a MatchClaim or None")

    @classmethod
    def from_match(cls, match: Match, states: Sequence[Sequence[AnyHandState]]) -> MatchRecord:
        """The record of ``match`` whose games' hands were played as ``states[k]`` (game ``k``)."""
        return cls.played(match, states)[0]

    @classmethod
    def played(cls, match: Match, states: Sequence[Sequence[AnyHandState]]) -> tuple[MatchRecord, Match]:
        """:meth:`from_match` and the match the record replays to (a new :class:`Match`). Raises
        :class:`~ginrummy.errors.ArgumentTypeError` for a ``match`` that is not a :class:`Match`
        or ``states`` that are not sequences of hands."""
        check_instance("match", match, Match, "a Match")
        for k, game_states in enumerate(_sequence("states", states)):
            check_states(f"states[{k}]", game_states)
        both = [GameRecord.played(g, s) for g, s in zip(match.games, states, strict=False)]
        rec = cls(match.rules, match.seed, match.names, tuple(r for r, _ in both))
        replayed = Match(match.rules, match.seed, match.names, [g for _, g in both])
        return dataclasses.replace(rec, claim=MatchClaim.of(replayed)), replayed

    def replay(self, where: str = "match record") -> Match:
        """Replay every game into a new :class:`Match`. Raises :class:`RecordError` (its
        message starting with ``where``) naming the game (from 1) that cannot follow (the match
        or the game before it is not over) or does not replay (see
        :meth:`GameRecord.replay_into`: each game's seed must be the match's), or if the match
        does not come to the claim."""
        match = Match(self.rules, seed=self.seed, names=self.names)
        for k, rec in enumerate(self.games):
            at = f"{where}: game {k + 1}"
            try:
                game = match.new_game()
            except ValueError as exc:
                raise RecordError(f"{at}: cannot follow: {exc}") from None
            rec.replay_into(game, at)
        check(where, self.claim, MatchClaim.of(match))
        return match

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready dict (format version 2; see :mod:`ginrummy.records`)."""
        claim = self.claim if self.claim is not None else MatchClaim.of(self.replay())
        return {
            "format": "ginrummy-match",
            "version": VERSION,
            "rules": self.rules.settings(),
            "seed": self.seed,
            "names": list(self.names),
            "games": [g.to_json() for g in self.games],
            "result": claim.to_json(),
        }

    def dump(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def load(cls, text: str) -> MatchRecord:
        """Parse a JSON string made by :meth:`dump`; raises :class:`RecordError` if malformed."""
        return cls.from_json(parse_json(text, "match record"))

    @classmethod
    def from_json(cls, data: Any, where: str = "match record", version: int | None = None) -> MatchRecord:
        """Read a match record dict (version 1 or 2); raises :class:`RecordError` naming ``where``
        and the field (``match record: game 2: hand 3: "dealer" ...``). Loading does not replay."""
        f = Fields.of(data, where, "ginrummy-match")
        v = f.version(version)
        rules, seed, names = f.rules(), f.integer("seed"), f.names("names")
        games = tuple(
            GameRecord.from_json(g, f"{where}: game {k + 1}", v) for k, g in enumerate(f.array("games"))
        )
        return cls(rules, seed, names, games, MatchClaim.read(f) if v >= 2 or "result" in f.data else None)


@dataclass(frozen=True, slots=True)
class TeamRecord:
    """A team match: ``rules``, ``seed``, ``team_names``, each team's ``members`` (names, no
    name twice), a match record per pairing (pairing ``i`` is member ``i`` of each team) and
    the ``claim`` (``None``: none claimed, as in a version 1 record)."""

    rules: Rules
    seed: int
    team_names: tuple[str, str]
    members: tuple[tuple[str, ...], tuple[str, ...]]
    pairings: tuple[MatchRecord, ...]
    claim: TeamClaim | None = None

    def __post_init__(self) -> None:
        """Refuse what cannot be written, as :class:`~ginrummy.records.game.GameRecord` does."""
        put = object.__setattr__
        check_instance("rules", self.rules, Rules, "a Rules")
        put(self, "seed", check_seed("seed", self.seed))
        put(self, "team_names", check_names("team_names", self.team_names))
        members = self.members
        if not (
            isinstance(members, tuple | list)
            and len(members) == 2
            and all(isinstance(t, tuple | list) and all(isinstance(n, str) for n in t) for t in members)
        ):
            raise ArgumentTypeError(f"members must be two lists of names (str), got {shown(members)}")
        put(self, "members", (tuple(members[0]), tuple(members[1])))
        put(self, "pairings", records_of("pairings", self.pairings, MatchRecord))
        if self.claim is not None:
            check_instance("claim", self.claim, TeamClaim, "a TeamClaim or None")

    @classmethod
    def from_team(cls, team: TeamMatch, states: Sequence[Sequence[Sequence[AnyHandState]]]) -> TeamRecord:
        """The record of ``team``; ``states[i][k]`` are the hands of game ``k`` of pairing ``i``.
        Raises :class:`~ginrummy.errors.ArgumentTypeError` for a ``team`` that is not a
        :class:`TeamMatch` (and what :meth:`MatchRecord.from_match` raises for ``states``)."""
        check_instance("team", team, TeamMatch, "a TeamMatch")
        _sequence("states", states)
        both = [MatchRecord.played(m, s) for m, s in zip(team.pairings, states, strict=False)]
        rec = cls(team.rules, team.seed, team.team_names, team.names, tuple(r for r, _ in both))
        replayed = TeamMatch(team.rules, team.names, team.seed, team.team_names, [m for _, m in both])
        return dataclasses.replace(rec, claim=TeamClaim.of(replayed))

    def replay(self, where: str = "team record") -> TeamMatch:
        """Replay every pairing into a new :class:`TeamMatch`. Raises :class:`RecordError`
        (its message starting with ``where``) naming the pairing (from 1) that cannot follow,
        is not the team match's (rules, seed or names) or does not replay, or if the team match
        does not come to the claim."""
        try:
            team = TeamMatch(self.rules, self.members, seed=self.seed, team_names=self.team_names)
        except (TypeError, ValueError) as exc:  # members the rules do not allow, in a record built in code
            raise RecordError(f"{where}: cannot start the team match: {exc}") from None
        for i, rec in enumerate(self.pairings):
            at = f"{where}: pairing {i + 1}"
            try:
                match = team.new_pairing()
            except ValueError as exc:
                raise RecordError(f"{at}: cannot follow: {exc}") from None
            if (rec.rules, rec.seed, rec.names) != (match.rules, match.seed, match.names):
                raise RecordError(f"{at}: does not belong to this team match (rules, seed or names)")
            match.games = rec.replay(at).games
        check(where, self.claim, TeamClaim.of(team))
        return team

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready dict (format version 2; see :mod:`ginrummy.records`)."""
        claim = self.claim if self.claim is not None else TeamClaim.of(self.replay())
        return {
            "format": "ginrummy-team-match",
            "version": VERSION,
            "rules": self.rules.settings(),
            "seed": self.seed,
            "team_names": list(self.team_names),
            "members": [list(m) for m in self.members],
            "pairings": [p.to_json() for p in self.pairings],
            "result": claim.to_json(),
        }

    def dump(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def load(cls, text: str) -> TeamRecord:
        """Parse a JSON string made by :meth:`dump`; raises :class:`RecordError` if malformed."""
        return cls.from_json(parse_json(text, "team record"))

    @classmethod
    def from_json(cls, data: Any, where: str = "team record") -> TeamRecord:
        """Read a team record dict (version 1 or 2); raises :class:`RecordError` naming the
        field (``team record: pairing 2: game 1: ...``). Loading does not replay."""
        f = Fields.of(data, where, "ginrummy-team-match")
        v = f.version()
        rules, seed, team_names = f.rules(), f.integer("seed"), f.names("team_names")
        members = f.members("members", rules.team_size)
        pairings = tuple(
            MatchRecord.from_json(p, f"{where}: pairing {i + 1}", v)
            for i, p in enumerate(f.array("pairings"))
        )
        return cls(
            rules,
            seed,
            team_names,
            members,
            pairings,
            TeamClaim.read(f) if v >= 2 or "result" in f.data else None,
        )
