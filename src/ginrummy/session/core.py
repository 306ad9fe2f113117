"""One table's game in memory, for every front end: the engine's
:class:`~ginrummy.scoring.match.Match` (a single game, a Hollywood set, best of N or a match to a
total, as the rules say), its hands, who plays each seat, and the rules of play around the hands.

Two seats: seat 0 is the person who created the game (the terminal's player, or a browser);
seat 1 the computer or a second person invited by a link (:class:`~ginrummy.storage.store.SeatRow`);
the computer may take over an abandoned seat. A session is built from its stored rows by replaying
each action (:func:`ginrummy.records.replay.replay_actions`), so a restarted server or a
terminal's ``ginrummy play --resume`` continues the game exactly where it stopped; a match's hands
are numbered across its games, and a new game starts when the hand after a finished game is dealt.

The computer plays through the one hand loop (:func:`ginrummy.play.play_hand`, a person's seat
empty, so the loop stops at a person's turn) and gets only its own view, like any agent. A seat
given a kept agent (``agents``: the terminal's computer player, a ``cmd:`` bot's process) plays
through it; any other computer seat decides through a :data:`Decider` with a fresh agent per
decision, seeded from the game's secret (so its moves do not depend on when the server restarted).
A kept agent made again for a rebuilt game is caught up on its seat's decisions
(:meth:`GameSession.catch_up`), so a resumed game goes on with the moves of one never left.

One behaviour for every front end:

- **undo** (:meth:`GameSession.undo_refusal`): practice games against the computer only, under
  :func:`ginrummy.play.undo_refusal`;
- **hints** (:meth:`GameSession.hint`): practice games, on the person's turn, the strongest level
  (:func:`~ginrummy.agents.hints.hint_agent_name`) from the person's view;
- **team play** (``rules.team_size`` > 1): the seats play pairing 1; when it is over the other
  pairings are played at once by computer players of :data:`PARTNER_LEVEL`, dealt from the
  game's seed (so a rebuilt game plays them the same); the names are :func:`team_names`;
- **ending early** (:meth:`GameSession.ending`): resigning (the other side wins, at the scores
  reached; the statistics count it lost) or abandoning a game against the computer;
- **storing** (:meth:`GameSession.sync`): whatever changed since the last sync (actions, undos,
  finished hands, progress) in one transaction, the row created at the first sync.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ginrummy.agents import make_agent
from ginrummy.agents.hints import decide, hint_agent_name
from ginrummy.cards import Card
from ginrummy.errors import GameFlowError
from ginrummy.hand.actions import DrawStock
from ginrummy.play import Agent, play_hand, show_hand_over, undo_refusal
from ginrummy.records import GameForfeit, GameRecord, MatchRecord, TeamRecord
from ginrummy.records.replay import replay_actions, replay_steps
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game
from ginrummy.scoring.match import Match, TeamMatch
from ginrummy.seeds import derive_seed
from ginrummy.session.rows import Progress, hand_row, with_forfeit
from ginrummy.session.teams import PARTNER_LEVEL, team_names
from ginrummy.storage.store import (
    ABANDONED,
    ENDINGS,
    RESIGNED,
    ActionRow,
    GameRow,
    HandRow,
    SeatRow,
    Store,
    default_seats,
)
from ginrummy.variants import AnyAction, AnyHandState, AnyView, parse_any_action

__all__ = [
    "COMPUTER",
    "HUMAN",
    "PARTNER_LEVEL",
    "Decider",
    "GameSession",
    "Progress",
    "SessionError",
    "show_finished",
    "team_names",
]

HUMAN = 0
"""The seat of the person who created the game."""
COMPUTER = 1
"""The other seat: the computer's in a game against it."""

Decider = Callable[[str, int, Sequence[AnyView], AnyView], AnyAction]
"""``decider(level, seed, finished, view)``: the action a fresh agent of ``level`` seeded with
``seed`` chooses from ``view``, after being shown the views of the game's ``finished`` hands
from the same seat (:func:`~ginrummy.agents.hints.decide`)."""


class SessionError(GameFlowError):
    """A request that does not fit the game's state (no hand to act in, no undo, ...): a
    :class:`~ginrummy.errors.GameFlowError`, so one of the package's errors (and a ``ValueError``)."""


class GameSession:
    """A game (or match, or team match) being played, built from its stored rows.

    ``row`` and ``actions`` are the stored game (:meth:`~ginrummy.storage.store.Store.load_game`;
    a new game: its row and no actions, ``stored=False`` until the first :meth:`sync`);
    ``seats`` default to a game against the computer (:func:`~ginrummy.storage.store.default_seats`);
    ``agents`` are kept agents for computer seats (others decide through ``decider``, by default
    :func:`~ginrummy.agents.hints.decide` in the calling thread).
    ``match`` is the engine's match (a single game is a one-game match), ``game`` its current
    game; ``states`` every hand dealt, in order across the games, and ``game_states[k]`` the
    hands of game ``k``; ``team`` the team match once the seats' pairing is over (``None``
    before) and ``other_states[i][k]`` the hands of game ``k`` of pairing ``i + 2``.
    Raises :class:`~ginrummy.records.replay.ReplayError` when the stored actions do not replay."""

    def __init__(
        self,
        row: GameRow,
        actions: Sequence[ActionRow] = (),
        decider: Decider | None = None,
        seats: Sequence[SeatRow] | None = None,
        *,
        agents: Mapping[int, Agent] | None = None,
        stored: bool = True,
    ) -> None:
        self.row = row
        self.decider = decider
        self.agents: dict[int, Agent] = dict(agents or {})
        self.rules = Rules.from_settings(row.rules)
        self.seats: list[SeatRow] = list(seats) if seats else list(default_seats(row))
        self.match = Match(self.rules, seed=self.match_seed, names=self.names)
        self.game_states: list[list[AnyHandState]] = []
        self.states: list[AnyHandState] = []
        self.team: TeamMatch | None = None
        self.other_states: list[list[list[AnyHandState]]] = []
        self.entered = 0
        """How many hands' results are entered in their games."""
        by_hand: dict[int, list[tuple[int, AnyAction]]] = {}
        for a in actions:
            by_hand.setdefault(a.hand, []).append((a.player, parse_any_action(a.action, self.rules)))
        for h in range(row.hands_dealt):
            replay_actions(self._deal(), by_hand.get(h, []))
            self._enter_finished()
        self.created = stored
        """Whether the game's row is in the store (a new game's is created by :meth:`sync`)."""
        self._stored: list[list[str]] = [[str(a) for _, a in s.log] for s in self.states] if stored else []
        self._stored_hands = sum(1 for s in self.states if s.is_over) if stored else 0

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
    def seq(self) -> int:
        """How many actions the game holds (the next action's number)."""
        return sum(len(s.log) for s in self.states)

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

    def ended_text(self) -> str:
        """How the game ended early, in words for the messages ("" if it did not)."""
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

    def drawn_cards(self, seat: int = HUMAN) -> dict[int, Card]:
        """The cards ``seat`` drew from the stock in the current hand, by action index: what that
        player saw, for a front end to show again in a hand resumed (the hand replayed from its
        deal by :func:`~ginrummy.records.replay.replay_steps`)."""
        state = self.state
        if state is None:
            return {}
        replayed = _dealt(state)
        drawn: dict[int, Card] = {}
        for i, player, action in replay_steps(replayed, state.log):
            card = replayed.view(seat).drawn if player == seat and isinstance(action, DrawStock) else None
            if card is not None:
                drawn[i] = card
        return drawn

    def totals(self) -> list[int]:
        """The scores reached: the team totals, the match's totals, or the game's."""
        if self.team is not None:
            return list(self.team.totals)
        if self.match.kind != "single":
            return list(self.match.totals)
        return list(self.game.totals)

    def progress(self) -> tuple[int, str, dict[str, Any] | None]:
        """What the store keeps of the game's progress: hands dealt, status (``playing``, ``over``,
        or as stored when a player ended it early) and the final score ``{"totals", "winner"}``
        (the team's, the match's or the game's) once over."""
        if self.row.ended is not None:
            return len(self.states), self.row.status, self.row.final
        if not self.over:
            return len(self.states), "playing", None
        if self.team is not None:
            final = {"totals": list(self.team.totals), "winner": self.team.winner}
        elif self.match.kind != "single":
            final = {"totals": list(self.match.totals), "winner": self.match.winner}
        else:
            sm = self.game.summary()
            final = {"totals": list(sm.totals), "winner": sm.winner}
        return len(self.states), "over", final

    def record(self, forfeit: GameForfeit | None = None) -> GameRecord | MatchRecord | TeamRecord:
        """The record: every hand dealt so far (the last may be unfinished); a match record for a
        match of several games; for team play a team record (the other pairings once played).
        ``forfeit`` (a ``cmd:`` bot's) goes on the seats' current game."""
        team = self.team if self.team is not None or self.rules.team_size == 1 else self._team_match()
        if team is not None:
            record = TeamRecord.from_team(team, [self.game_states, *self.other_states])
            if forfeit is None:
                return record
            first = with_forfeit(record.pairings[0], forfeit)
            return dataclasses.replace(record, pairings=(first, *record.pairings[1:]))
        if self.match.kind != "single":
            played = MatchRecord.from_match(self.match, self.game_states)
            return played if forfeit is None else with_forfeit(played, forfeit)
        return GameRecord.from_game(self.game, self.states, forfeit)

    # -- changing --------------------------------------------------------------

    def start(self) -> Progress:
        """Deal the first hand and let the computer act until it is a person's turn."""
        if self.states:
            raise SessionError("the game has started")
        return self.next_hand()

    def next_hand(self, play: bool = True) -> Progress:
        """Deal the next hand (after the last one ended), in the next game of the match when
        the current game is over; then (``play``) the computer's moves to a person's turn."""
        if self.row.ended is not None:
            raise SessionError(self.ended_text())
        if self.over:
            raise SessionError("the match is over" if self.match.kind != "single" else "the game is over")
        if self.state is not None and not self.state.is_over:
            raise SessionError("the hand is not over yet")
        self._deal()
        return self.advance() if play else Progress()

    def next_game(self) -> Game:
        """Start the match's next game once the current one is over (:meth:`next_hand` does when
        it deals the hand after a finished game); a kept ``cmd:`` bot's budget per game starts
        again. Raises ``ValueError`` when the match is over or the current game is not."""
        game = self.match.new_game()
        self.game_states.append([])
        for agent in self.agents.values():
            _new_game(agent)
        return game

    def catch_up(self, seat: int, agent: Agent) -> None:
        """Bring ``agent``, a kept agent for ``seat`` made again as it was first made (the same
        level and seed) for a game rebuilt from the store, to where the seat's agent stood when
        the game was left: it is asked each of the seat's decisions again, in order, from the view
        it had then, and shown each finished hand and each new game, as in a game never
        interrupted. A level's only randomness is its seed, so the resumed game plays on with
        the moves the uninterrupted game would have made (``ginrummy play --resume``)."""
        for k, states in enumerate(self.game_states):
            if k:
                _new_game(agent)
            for state in states:
                replayed = _dealt(state)
                for player, action in state.log:
                    if player == seat:
                        agent.act(replayed.view(seat))
                    replayed.push(action, player=player)
                if replayed.is_over:
                    show_hand_over(agent, replayed.view(seat))

    def act(self, action: AnyAction | str, seat: int = HUMAN, reply: bool = True) -> Progress:
        """Apply ``seat``'s action (an action, or its notation: :mod:`ginrummy.variants.standard.actions` or the
        variant's), then the computer's replies (not yet, with ``reply=False`` while the hand goes
        on: :meth:`advance` plays them). Raises ``ValueError`` subclasses (nothing changed)
        for a bad or illegal action, :class:`SessionError` when it is not ``seat``'s turn."""
        state = self.state
        if self.row.ended is not None:
            raise SessionError(self.ended_text())
        if state is None or state.is_over:
            raise SessionError("no hand is being played; deal the next hand")
        if isinstance(action, str):
            action = parse_any_action(action, self.rules)
        if state.to_act != seat:
            raise SessionError(f"it is {self.names[state.to_act]}'s turn")
        before = self.seq
        state.push(action, player=seat)
        if not reply and not state.is_over:
            return Progress(self._rows_since(before), [])
        return self.advance(before)

    def advance(self, since: int | None = None) -> Progress:
        """After a deal (:meth:`next_hand` with ``play=False``), a rebuilt game or a person's action
        (:meth:`act`, the only way a front end plays one): enter the hand's result once it is over,
        else let the computer play to a person's turn (entering the result if the hand ends). Returns what changed: the actions
        from number ``since`` (default: those the computer made here) and the finished hands."""
        before = self.seq if since is None else since
        state = self.state
        if state is not None and len(self.states) > self.entered:
            players: list[Agent | None] = []
            for seat in (0, 1):
                level = self.level(seat)
                kept = self.agents.get(seat)
                players.append(kept if kept is not None or level is None else _FreshAgent(self, seat, level))
            play_hand(state, players)
        hands = self._enter_finished()
        return Progress(self._rows_since(before), hands)

    def undo(self) -> Progress:
        """Practice games: take back the human's last action, under the rule of
        :meth:`undo_refusal` (raises :class:`SessionError` with its message otherwise)."""
        refusal = self.undo_refusal()
        if refusal is not None:
            raise SessionError(refusal)
        state = self.state
        assert state is not None
        state.pop()
        return Progress(truncate_from=self.seq)

    def hint(self) -> AnyAction:
        """What the strongest registered agent would do for the human now (from the human's view).
        Raises :class:`SessionError` when it is not the human's turn."""
        state = self.state
        if state is None or state.is_over or state.to_act != HUMAN or self.row.ended is not None:
            raise SessionError("a hint is given when it is your turn")
        return self._decide(hint_agent_name(), "hint", HUMAN, state.view(HUMAN))

    def ending(self, how: str, seat: int) -> GameRow:
        """The game's row once the player in ``seat`` ends it now, ``how``: ``"resigned"`` (the
        other side wins it, at the scores reached: ``final`` is ``{"totals", "winner",
        "resigned": seat}``; status ``"over"``) or ``"abandoned"`` (a game against the computer
        only: set aside, neither won nor lost; status ``"abandoned"``). Changes nothing: the
        caller stores it (:meth:`~ginrummy.storage.store.Store.end_game`, or :meth:`end`) and
        then sets :attr:`row`. Raises :class:`SessionError` when the game is over or, for
        ``"abandoned"``, played between two people; ``ValueError`` for another ``how``."""
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
        final: dict[str, Any] = {"totals": self.totals(), "winner": 1 - seat, "resigned": seat}
        return dataclasses.replace(self.row, status="over", final=final, ended=how, ended_by=seat)

    def end(self, store: Store, how: str, seat: int = HUMAN) -> bool:
        """End the game now (:meth:`ending`) and store it (what is played is synced first);
        returns whether the store took it (``False``: it had ended meanwhile). Raises as
        :meth:`ending` does, and ``sqlite3.Error``."""
        row = self.ending(how, seat)
        self.sync(store)
        if not store.end_game(self.row.id, how, seat, row.status, row.final):
            return False
        self.row = row
        return True

    def seat_changed(self, seat: SeatRow) -> Progress:
        """Put ``seat`` (a join or a takeover, already stored) in place; the computer moves if it is
        now its turn (the caller stores the progress)."""
        self.seats[seat.seat] = seat
        self.match.names = self.names
        for game in self.match.games:
            game.names = self.names
        if self.state is not None and not self.state.is_over and self.row.ended is None:
            return self.advance()
        return Progress()

    def sync(self, store: Store) -> None:
        """Store what changed since the last sync: the row (created at the first sync, with the
        seats), new actions (as logged, engine choices filled in), actions taken back, finished
        hands and the progress (:meth:`progress`), in one transaction. Raises ``sqlite3.Error``."""
        actions: list[ActionRow] = []
        truncate: int | None = None
        seq = 0
        for h, state in enumerate(self.states):
            logged = [str(a) for _, a in state.log]
            old = self._stored[h] if h < len(self._stored) else []
            same = 0
            while same < min(len(old), len(logged)) and old[same] == logged[same]:
                same += 1
            if same < len(old) and truncate is None:
                truncate = seq + same
            actions.extend(
                ActionRow(seq + i, h, state.log[i][0], logged[i]) for i in range(same, len(logged))
            )
            seq += len(logged)
        done = [h for h, s in enumerate(self.states) if s.is_over]
        hands = [hand_row(h, self.states[h]) for h in done[self._stored_hands :]]
        dealt, status, final = self.progress()
        changed = (dealt, status, final) != (self.row.hands_dealt, self.row.status, self.row.final)
        if self.created and not actions and not hands and truncate is None and not changed:
            return
        row = dataclasses.replace(self.row, hands_dealt=dealt, status=status, final=final)
        if not self.created:
            store.create_game(row, actions, hands, self.seats)
        else:
            store.save_progress(row.id, actions, hands, dealt, status, final, truncate)
        self.row, self.created = row, True
        self._stored = [[str(a) for _, a in s.log] for s in self.states]
        self._stored_hands = len(done)

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
            self.next_game()
        state = self.game.new_hand()
        self.states.append(state)
        self.game_states[-1].append(state)
        return state

    def _enter_finished(self) -> list[HandRow]:
        """Enter the results of the hands over but not yet entered (team play: once the seats'
        pairing is over, the other pairings are played)."""
        rows: list[HandRow] = []
        while self.entered < len(self.states) and self.states[self.entered].is_over:
            state = self.states[self.entered]
            result = state.result
            assert result is not None
            self.game.enter(result)
            rows.append(hand_row(self.entered, state))
            self.entered += 1
            if self.rules.team_size > 1 and self.match.is_over and self.team is None:
                self._other_pairings()
        return rows

    def _rows_since(self, seq: int) -> list[ActionRow]:
        rows: list[ActionRow] = []
        n = 0
        for h, state in enumerate(self.states):
            for player, action in state.log:
                if n >= seq:
                    rows.append(ActionRow(n, h, player, str(action)))
                n += 1
        return rows

    def _decide(self, level: str, what: str, seat: int, view: AnyView) -> AnyAction:
        """The decision of a fresh agent of ``level`` for ``seat`` (agents are not kept between
        requests), shown the game's finished hands as that seat saw them."""
        finished = [done.view(seat) for done in self.game_states[-1] if done.is_over]
        decider = self.decider or decide  # (looked up at each call: tests may spy on it)
        return decider(level, self._agent_seed(what), finished, view)

    def _agent_seed(self, what: str) -> int:
        digest = hashlib.sha256(f"{self.row.secret}:{what}:{len(self.states)}:{self.seq}".encode()).digest()
        return int.from_bytes(digest[:8], "big")

    def _team_match(self) -> TeamMatch:
        """Team play: the team match of the seats' pairing (:func:`team_names`), dealt from the seed."""
        first, second, teams = team_names(self.names, self.rules.team_size)
        return TeamMatch(
            self.rules, (first, second), seed=self.row.seed, team_names=teams, pairings=[self.match]
        )

    def _other_pairings(self) -> None:
        """Team play: the other pairings, computer against computer, through the hand loop."""
        team = self._team_match()
        for i in range(1, team.size):
            match = team.new_pairing()
            players = [
                make_agent(PARTNER_LEVEL, derive_seed(self.row.seed, "partner", i, seat)) for seat in (0, 1)
            ]
            self.other_states.append(match.play_kept(players))
        self.team = team


def show_finished(session: GameSession, seat: int, agent: Agent) -> None:
    """Show a kept ``agent`` for ``seat`` the current game's finished hands as that seat saw
    them (a game rebuilt from the store, before the agent plays on)."""
    if session.game_states:
        for done in session.game_states[-1]:
            if done.is_over:
                show_hand_over(agent, done.view(seat))


def _dealt(state: AnyHandState) -> AnyHandState:
    """A copy of ``state`` as it was dealt, before its first action."""
    dealt = state.clone()
    while dealt.log:
        dealt.pop()
    return dealt


def _new_game(agent: Agent) -> None:
    """Tell a kept ``agent`` that a new game of the match starts (a ``cmd:`` bot's budget per game
    starts again), if it listens."""
    new_game = getattr(agent, "new_game", None)
    if callable(new_game):
        new_game()


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
