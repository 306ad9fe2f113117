"""One web game in memory: the engine's :class:`~ginrummy.scoring.match.Match` (a single game,
a Hollywood set, best of N or a match to a total, as the rules say), its hands, and who plays.

Two seats: seat 0 is the person who created the game; seat 1 the computer or a second person
invited by a link (:class:`~ginrummy.storage.store.SeatRow`); the computer may take over an
abandoned seat. A session is rebuilt from its stored rows by replaying each action through the
hand's ``push`` (so a restart resumes the game exactly); a match's hands are numbered across
its games, and a new game starts when the hand after a finished game is dealt. The computer
plays through the hand loop (:func:`ginrummy.play.play_hand`, a person's seat empty, so the
loop stops at a person's turn) and gets only its own view, like any agent; its random choices
come from a generator seeded per decision from the game's secret, so they do not depend on when
the server was restarted. Each decision is one call of a :data:`Decider` (by default
:func:`decide`, in the calling thread; the server passes one that runs the slow levels in
worker processes, :mod:`ginrummy.web.workers`): its inputs are views and a seed only, so it can
run anywhere and decides the same.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ginrummy.agents import make_agent
from ginrummy.agents.hints import decide, hint_agent_name
from ginrummy.play import Agent, play_hand, undo_refusal
from ginrummy.records import GameRecord, MatchRecord, TeamRecord
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game
from ginrummy.scoring.match import Match, TeamMatch
from ginrummy.seeds import derive_seed
from ginrummy.storage.store import (
    ABANDONED,
    ENDINGS,
    RESIGNED,
    ActionRow,
    GameRow,
    HandRow,
    SeatRow,
    default_seats,
)
from ginrummy.variants import AnyAction, AnyHandState, AnyView, parse_any_action
from ginrummy.web.fairness import commitment, hand_salt

__all__ = [
    "COMPUTER",
    "HUMAN",
    "Decider",
    "GameSession",
    "Progress",
    "SessionError",
]

HUMAN = 0
"""The seat of the person who created the game."""
COMPUTER = 1
"""The other seat: the computer's in a game against it."""

PARTNER_LEVEL = "simple"
"""Team play: the level of the computer players who play the other pairings."""

Decider = Callable[[str, int, Sequence[AnyView], AnyView], AnyAction]
"""``decider(level, seed, finished, view)``: the action a fresh agent of ``level`` seeded with
``seed`` chooses from ``view``, after being shown the views of the game's ``finished`` hands
from the same seat (:func:`decide`)."""


class SessionError(ValueError):
    """A request that does not fit the game's state (no hand to act in, no undo, ...)."""


@dataclass
class Progress:
    """What one request changed, to be stored before the reply."""

    actions: list[ActionRow] = field(default_factory=list)
    hands: list[HandRow] = field(default_factory=list)
    truncate_from: int | None = None


class GameSession:
    """A game (or match) being played in the browser, rebuilt from its stored rows.

    ``seats`` default to a game against the computer (:func:`~ginrummy.storage.store.default_seats`).
    ``match`` is the engine's match (a single game is a one-game match), ``game`` its current
    game; ``states`` every hand dealt, in order across the games, and ``game_states[k]`` the
    hands of game ``k``.

    Team play (``rules.team_size`` > 1, 002): the two seats play pairing 1 (this ``match``); when
    it is over, computer players of :data:`PARTNER_LEVEL` play the other pairings at once, dealt
    from the game's seed (so a rebuilt session plays them the same), and ``team`` is the team
    match (``None`` before); ``other_states[i][k]`` are the hands of game ``k`` of pairing ``i + 2``."""

    def __init__(
        self,
        row: GameRow,
        actions: list[ActionRow],
        decider: Decider = decide,
        seats: Sequence[SeatRow] | None = None,
    ) -> None:
        self.row = row
        self.decider = decider
        self.rules = Rules.from_settings(row.rules)
        self.seats: list[SeatRow] = list(seats) if seats else list(default_seats(row))
        self.match = Match(self.rules, seed=self.match_seed, names=self.names)
        self.game_states: list[list[AnyHandState]] = []
        self.states: list[AnyHandState] = []
        self.team: TeamMatch | None = None
        self.other_states: list[list[list[AnyHandState]]] = []
        self.seq = 0
        by_hand: dict[int, list[ActionRow]] = {}
        for a in actions:
            by_hand.setdefault(a.hand, []).append(a)
        for h in range(row.hands_dealt):
            state = self._deal()
            for a in by_hand.get(h, []):
                state.push(parse_any_action(a.action, self.rules), player=a.player)
                self.seq += 1
            if state.is_over:
                self._record_result(state)

    # -- reading ---------------------------------------------------------------

    @property
    def names(self) -> tuple[str, str]:
        """The players' names on the sheets, seat 0 first."""
        return self.seats[0].name, self.seats[1].name

    @property
    def match_seed(self) -> int:
        """The seed of the seats' match: the game's seed, or under team play pairing 1's seed of
        the team match dealt from it (:class:`~ginrummy.scoring.match.TeamMatch`)."""
        if self.rules.team_size > 1:
            return derive_seed(self.row.seed, "pairing", 0)
        return self.row.seed

    @property
    def game(self) -> Game:
        """The current game of the match (the first before any deal)."""
        return self.match.current or self._first_game()

    @property
    def state(self) -> AnyHandState | None:
        """The current (last dealt) hand, or ``None`` before the first deal."""
        return self.states[-1] if self.states else None

    @property
    def version(self) -> int:
        """Changes with every state change, seats and an early end included; a request must name it
        (stale requests are refused)."""
        ended = 1 if self.row.ended is not None else 0
        return self.seq + len(self.states) + sum(seat.epoch for seat in self.seats) + ended

    @property
    def over(self) -> bool:
        """Whether everything the rules make (the game, set, match or team match) has been played,
        or a player ended the game early (:meth:`ending`)."""
        if self.row.ended is not None:
            return True
        if self.rules.team_size > 1:
            return self.team is not None and self.team.is_over
        return self.match.is_over

    @property
    def practice(self) -> bool:
        return self.row.mode == "practice"

    @property
    def hand_seeds(self) -> list[int]:
        """Each hand's seed, in dealing order across the match's games."""
        return [seed for game in self.match.games for seed in game.hand_seeds]

    def against_computer(self) -> bool:
        """Whether one person plays the computer from the start (undo and hints are for these)."""
        return self.row.mode != "friend"

    def level(self, seat: int) -> str | None:
        """The computer level playing ``seat``, or ``None`` for a person (or an open seat)."""
        s = self.seats[seat]
        return s.level if s.kind == "computer" else None

    def seat_of(self, owner: str) -> int | None:
        """The seat of the person whose token hashes to ``owner``, or ``None``."""
        for s in self.seats:
            if s.kind == "person" and s.owner == owner:
                return s.seat
        return None

    def commitment(self, index: int) -> str:
        """The commitment to hand ``index``'s seed (counted across the match)."""
        return commitment(self.hand_seeds[index], hand_salt(self.row.secret, index))

    def salt(self, index: int) -> str:
        return hand_salt(self.row.secret, index)

    def ended_text(self) -> str:
        """How the game ended early, in words for the API's messages ("" if it did not)."""
        if self.row.ended == RESIGNED and self.row.ended_by is not None:
            return f"the game is over: {self.names[self.row.ended_by]} resigned it"
        if self.row.ended == ABANDONED:
            return "the game is over: it was abandoned"
        return ""

    def undo_refusal(self) -> str | None:
        """Why undo is refused now, or ``None`` if allowed: practice games only, under the rule
        every front end shares (:func:`ginrummy.play.undo_refusal`, :data:`~ginrummy.play.UNDO_RULE`)."""
        if self.row.ended is not None:
            return self.ended_text()
        if not self.against_computer():
            return "undo is for practice games against the computer"
        if not self.practice:
            return "undo is off in rated games"
        return undo_refusal(self.state, HUMAN)

    def can_undo(self) -> bool:
        """Whether :meth:`undo` is allowed now (:meth:`undo_refusal`)."""
        return self.undo_refusal() is None

    def record(self) -> GameRecord | MatchRecord | TeamRecord:
        """The record: every hand dealt so far (the last may be unfinished); a match record for
        a match of several games, a team record for team play once every pairing is played."""
        if self.team is not None:
            return TeamRecord.from_team(self.team, [self.game_states, *self.other_states])
        if self.match.kind != "single":
            return MatchRecord.from_match(self.match, self.game_states)
        return GameRecord.from_game(self.game, self.states)

    # -- changing --------------------------------------------------------------

    def start(self) -> Progress:
        """Deal the first hand and let the computer act until it is a person's turn."""
        if self.states:
            raise SessionError("the game has started")
        return self.next_hand()

    def next_hand(self) -> Progress:
        """Deal the next hand (after the last one ended), in the next game of the match when
        the current game is over."""
        if self.row.ended is not None:
            raise SessionError(self.ended_text())
        if self.over:
            raise SessionError("the match is over" if self.match.kind != "single" else "the game is over")
        if self.state is not None and not self.state.is_over:
            raise SessionError("the hand is not over yet")
        self._deal()
        progress = Progress()
        self._computer_moves(progress)
        return progress

    def act(self, text: str, seat: int = HUMAN) -> Progress:
        """Apply ``seat``'s action (notation of :mod:`ginrummy.hand.actions` or of the variant),
        then the computer's replies. Raises ``ValueError`` subclasses (nothing changed) for a
        bad or illegal action, :class:`SessionError` when it is not ``seat``'s turn."""
        state = self.state
        if self.row.ended is not None:
            raise SessionError(self.ended_text())
        if state is None or state.is_over:
            raise SessionError("no hand is being played; deal the next hand")
        action = parse_any_action(text, self.rules)
        if state.to_act != seat:
            raise SessionError(f"it is {self.names[state.to_act]}'s turn")
        progress = Progress()
        state.push(action, player=seat)
        self._logged(state, seat, progress)
        self._computer_moves(progress)
        return progress

    def undo(self) -> Progress:
        """Practice games: take back the human's last action, under the rule of
        :meth:`undo_refusal` (raises :class:`SessionError` with its message otherwise)."""
        refusal = self.undo_refusal()
        if refusal is not None:
            raise SessionError(refusal)
        state = self.state
        assert state is not None
        state.pop()
        self.seq -= 1
        return Progress(truncate_from=self.seq)

    def hint(self) -> AnyAction:
        """What the strongest registered agent would do for the human now (from the human's view)."""
        state = self.state
        if state is None or state.is_over or state.to_act != HUMAN or self.row.ended is not None:
            raise SessionError("a hint is given when it is your turn")
        return self._decide(hint_agent_name(), "hint", HUMAN, state.view(HUMAN))

    def ending(self, how: str, seat: int) -> GameRow:
        """The game's row once the player in ``seat`` ends it now, ``how``: ``"resigned"`` (the
        other side wins it, at the scores reached: ``final`` is ``{"totals", "winner",
        "resigned": seat}``; status ``"over"``) or ``"abandoned"`` (a game against the computer
        only: set aside, neither won nor lost; status ``"abandoned"``). Changes nothing: the
        caller stores it (:meth:`~ginrummy.storage.store.Store.end_game`) and then sets
        :attr:`row`. Raises :class:`SessionError` when the game is over or, for ``"abandoned"``,
        played between two people; ``ValueError`` for another ``how``."""
        if how not in ENDINGS:
            raise ValueError(f"a game ends early as one of {', '.join(ENDINGS)}, not {how!r}")
        if self.over:
            raise SessionError(self.ended_text() or "the game is over: there is nothing to end")
        if how == ABANDONED:
            if not self.against_computer():
                raise SessionError(
                    "a game between two people cannot be abandoned: resign it (the other player wins), "
                    "or leave it and they may let the computer play your seat"
                )
            return dataclasses.replace(self.row, status=ABANDONED, final=None, ended=how, ended_by=seat)
        final: dict[str, Any] = {"totals": self._totals(), "winner": 1 - seat, "resigned": seat}
        return dataclasses.replace(self.row, status="over", final=final, ended=how, ended_by=seat)

    def _totals(self) -> list[int]:
        """The scores reached: the team totals, the match's totals, or the game's."""
        if self.team is not None:
            return list(self.team.totals)
        if self.match.kind != "single":
            return list(self.match.totals)
        return list(self.game.totals)

    def seat_changed(self, seat: SeatRow) -> Progress:
        """Put ``seat`` (a join or a takeover, already stored) in place; the computer moves if it is
        now its turn (the caller stores the progress)."""
        self.seats[seat.seat] = seat
        self.match.names = self.names
        for game in self.match.games:
            game.names = self.names
        progress = Progress()
        if self.state is not None and not self.state.is_over and self.row.ended is None:
            self._computer_moves(progress)
        return progress

    # -- internals -------------------------------------------------------------

    def _first_game(self) -> Game:
        """Game 1 of the match, dealt by the stored first dealer (the draw of 000 from the seed)."""
        if self.match.games:
            return self.match.games[0]
        first = self.row.first_dealer if self.rules.team_size == 1 else None  # team play: drawn from the seed
        game = Game(self.rules, seed=self.match_seed, names=self.names, first_dealer=first)
        self.match.games.append(game)
        return game

    def _deal(self) -> AnyHandState:
        if not self.game_states:
            self._first_game()
            self.game_states.append([])
        elif self.game.is_over:
            self.match.new_game()
            self.game_states.append([])
        state = self.game.new_hand()
        self.states.append(state)
        self.game_states[-1].append(state)
        return state

    def _decide(self, level: str, what: str, seat: int, view: AnyView) -> AnyAction:
        """The decision of a fresh agent of ``level`` for ``seat`` (agents are not kept between
        requests), shown the game's finished hands as that seat saw them."""
        finished = [done.view(seat) for done in self.game_states[-1] if done.is_over]
        return self.decider(level, self._agent_seed(what), finished, view)

    def _agent_seed(self, what: str) -> int:
        digest = hashlib.sha256(f"{self.row.secret}:{what}:{len(self.states)}:{self.seq}".encode()).digest()
        return int.from_bytes(digest[:8], "big")

    def _logged(self, state: AnyHandState, player: int, progress: Progress) -> None:
        """Store the action ``player`` just made (as logged, engine choices filled in)."""
        last = state.last_action
        assert last is not None
        progress.actions.append(ActionRow(self.seq, len(self.states) - 1, player, str(last[1])))
        self.seq += 1
        if state.is_over:
            progress.hands.append(self._record_result(state))

    def _record_result(self, state: AnyHandState) -> HandRow:
        result = state.result
        assert result is not None
        self.game.enter(result)
        if self.rules.team_size > 1 and self.match.is_over and self.team is None:
            self._other_pairings()
        return HandRow(
            len(self.states) - 1, result.outcome.value, result.winner, result.knocker, result.points
        )

    def _other_pairings(self) -> None:
        """Team play: the other pairings, computer against computer, through the hand loop."""
        size = self.rules.team_size
        a, b = self.names
        team = TeamMatch(
            self.rules,
            (
                (a, *(f"Partner A{i}" for i in range(2, size + 1))),
                (b, *(f"Partner B{i}" for i in range(2, size + 1))),
            ),
            seed=self.row.seed,
            team_names=(f"Team {a}", f"Team {b}"),
            pairings=[self.match],
        )
        for i in range(1, size):
            match = team.new_pairing()
            players = [
                make_agent(PARTNER_LEVEL, derive_seed(self.row.seed, "partner", i, seat)) for seat in (0, 1)
            ]
            self.other_states.append(match.play_kept(players))
        self.team = team

    def _computer_moves(self, progress: Progress) -> None:
        state = self.state
        assert state is not None
        players: list[Agent | None] = []
        for seat in (0, 1):
            level = self.level(seat)
            players.append(None if level is None else _FreshAgent(self, seat, level))
        play_hand(state, players, on_action=lambda s, player, _action: self._logged(s, player, progress))


class _FreshAgent:
    """A computer's seat in the hand loop: a fresh agent of its level for each decision (see
    :meth:`GameSession._decide`), so a restarted server plays the same moves."""

    def __init__(self, session: GameSession, seat: int, level: str) -> None:
        self.session = session
        self.seat = seat
        self.name = level
        self.what = "move" if seat == COMPUTER else f"move:{seat}"

    def act(self, view: AnyView) -> AnyAction:
        return self.session._decide(self.name, self.what, self.seat, view)
