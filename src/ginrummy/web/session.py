"""One web game in memory: the engine's :class:`~ginrummy.scoring.game.Game`, its hands, and the computer.

The human is player 0, the computer player 1. A session is rebuilt from its stored
rows by replaying each action through the hand's ``push`` (so a restart resumes the
game exactly). The computer plays through the hand loop (:func:`ginrummy.play.play_hand`,
the human's seat empty, so the loop stops at the human's turn) and gets only its own view,
like any agent; its random choices come from a generator seeded per decision from the game's
secret, so they do not depend on when the server was restarted. Each decision is one call of a
:data:`Decider` (by default :func:`decide`, in the calling thread; the server passes one that
runs the slow levels in worker processes, :mod:`ginrummy.web.workers`): its inputs are views
and a seed only, so it can run anywhere and decides the same.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ginrummy.agents.hints import decide, hint_agent_name
from ginrummy.play import play_hand, undo_refusal
from ginrummy.records import GameRecord
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game
from ginrummy.storage.store import ActionRow, GameRow, HandRow
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
COMPUTER = 1

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
    """A game being played in the browser, rebuilt from its stored rows."""

    def __init__(self, row: GameRow, actions: list[ActionRow], decider: Decider = decide) -> None:
        self.row = row
        self.decider = decider
        self.rules = Rules.from_settings(row.rules)
        self.game = Game(
            self.rules, seed=row.seed, names=(row.name, "Computer"), first_dealer=row.first_dealer
        )
        self.states: list[AnyHandState] = []
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
    def state(self) -> AnyHandState | None:
        """The current (last dealt) hand, or ``None`` before the first deal."""
        return self.states[-1] if self.states else None

    @property
    def version(self) -> int:
        """Changes with every state change; a request must name it (stale requests are refused)."""
        return self.seq + len(self.states)

    @property
    def over(self) -> bool:
        return self.game.is_over

    @property
    def practice(self) -> bool:
        return self.row.mode == "practice"

    def commitment(self, index: int) -> str:
        """The commitment to hand ``index``'s seed."""
        return commitment(self.game.hand_seeds[index], hand_salt(self.row.secret, index))

    def salt(self, index: int) -> str:
        return hand_salt(self.row.secret, index)

    def undo_refusal(self) -> str | None:
        """Why undo is refused now, or ``None`` if allowed: practice games only, under the rule
        every front end shares (:func:`ginrummy.play.undo_refusal`, :data:`~ginrummy.play.UNDO_RULE`)."""
        if not self.practice:
            return "undo is off in rated games"
        return undo_refusal(self.state, HUMAN)

    def can_undo(self) -> bool:
        """Whether :meth:`undo` is allowed now (:meth:`undo_refusal`)."""
        return self.undo_refusal() is None

    def record(self) -> GameRecord:
        """The game record: every hand dealt so far (the last may be unfinished)."""
        return GameRecord.from_game(self.game, self.states)

    # -- changing --------------------------------------------------------------

    def start(self) -> Progress:
        """Deal the first hand and let the computer act until it is the human's turn."""
        if self.states:
            raise SessionError("the game has started")
        return self.next_hand()

    def next_hand(self) -> Progress:
        """Deal the next hand (after the last one ended)."""
        if self.over:
            raise SessionError("the game is over")
        if self.state is not None and not self.state.is_over:
            raise SessionError("the hand is not over yet")
        self._deal()
        progress = Progress()
        self._computer_moves(progress)
        return progress

    def act(self, text: str) -> Progress:
        """Apply the human's action (notation of :mod:`ginrummy.hand.actions`), then the computer's
        replies. Raises ``ValueError`` subclasses (nothing changed) for a bad or illegal action."""
        state = self.state
        if state is None or state.is_over:
            raise SessionError("no hand is being played; deal the next hand")
        action = parse_any_action(text, self.rules)
        if state.to_act != HUMAN:  # pragma: no cover - the computer always finishes its turn
            raise SessionError("it is the computer's turn")
        progress = Progress()
        state.push(action, player=HUMAN)
        self._logged(state, HUMAN, progress)
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
        if state is None or state.is_over or state.to_act != HUMAN:
            raise SessionError("a hint is given when it is your turn")
        return self._decide(hint_agent_name(), "hint", HUMAN, state.view(HUMAN))

    # -- internals -------------------------------------------------------------

    def _deal(self) -> AnyHandState:
        state = self.game.new_hand()
        self.states.append(state)
        return state

    def _decide(self, level: str, what: str, seat: int, view: AnyView) -> AnyAction:
        """The decision of a fresh agent of ``level`` for ``seat`` (agents are not kept between
        requests), shown the game's finished hands as that seat saw them."""
        finished = [done.view(seat) for done in self.states if done.is_over]
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
        return HandRow(
            len(self.states) - 1, result.outcome.value, result.winner, result.knocker, result.points
        )

    def _computer_moves(self, progress: Progress) -> None:
        state = self.state
        assert state is not None
        play_hand(
            state,
            [None, _FreshAgent(self)],
            on_action=lambda s, player, _action: self._logged(s, player, progress),
        )


class _FreshAgent:
    """The computer's seat in the hand loop: a fresh agent of the game's level for each decision
    (see :meth:`GameSession._agent`), so a restarted server plays the same moves."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self.name = session.row.level

    def act(self, view: AnyView) -> AnyAction:
        return self.session._decide(self.session.row.level, "move", COMPUTER, view)
