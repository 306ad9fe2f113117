"""``ginrummy serve --opponent cmd:COMMAND``: a bot speaking the bot protocol (``docs/protocol.md``)
plays the computer's seat in every browser game.

The server's computer is otherwise stateless: each decision is made by a fresh agent from the
views of the game's finished hands and of the current hand (:data:`ginrummy.web.session.Decider`),
so a game survives a restart or being dropped from memory. A bot keeps **one process per game**
instead (:class:`GameBot`, the decider of one game session, made when the server makes or
rebuilds the session: :attr:`BotDecisions.decide`): started at the game's first decision with
the hello and a ``hand_over`` for each hand of the game already finished, told each hand's end
(``hand_over``, at its next decision), asked each decision (``act``), and ended when the session
is dropped from memory (evicted from the cache, forfeited, the server stopping), when the match
moves to its next game, or when idle for :data:`IDLE_S`; a later decision starts a new process,
shown the finished hands as above. A decision waits at most the start budget plus the decision
budget (``--bot-time``) and the budget per game (``--bot-game-time``, counted over the game's
decisions within the session); the request waits in one of the server's waiting threads, never
on the event loop (bench/README.md, section Protocol overhead: the time a decision takes).

A bot that crashes, hangs past its budget, answers with garbage or an illegal action, or does
not play the rules forfeits the game (an action naming its own melds or layoffs must be one
of the legal actions as listed, or the bare ``knock 7h`` / ``layoff`` that leaves them to the
engine, since the browser game cannot take back a move the engine refuses): :func:`forfeit` stores it (the game's status
``"forfeit"`` and ``final``: ``{"winner": 0, "forfeit": {"player": 1, "kind": ..., "message":
...}}``) and answers the request with HTTP 409 and the message
``The computer player forfeits the game (KIND: WHAT HAPPENED). You win by forfeit.``; every later
move in that game gets the same answer (:func:`check_forfeit`). What the request had changed
before the bot failed is not stored (the game stays as it was after the last completed request).

Hints (the human's seat) still come from the strongest built-in level, through the pool the
bot wraps.
"""

from __future__ import annotations

import dataclasses
import threading
import time
import weakref
from collections.abc import Sequence
from typing import Any, Protocol

from ginrummy.protocol import BotError, SubprocessBot, legal_json
from ginrummy.protocol.bot import DEFAULT_TIME_MS
from ginrummy.records import GameForfeit
from ginrummy.storage.store import Store
from ginrummy.variants import AnyAction, AnyView
from ginrummy.web.guard import ApiError
from ginrummy.web.session import COMPUTER, HUMAN, GameSession
from ginrummy.web.workers import DecisionPool

__all__ = [
    "FORFEIT_STATUS",
    "BotDecisions",
    "BotForfeit",
    "GameBot",
    "check_forfeit",
    "forfeit",
    "forfeit_message",
]

FORFEIT_STATUS = "forfeit"
"""A stored game's status once the computer's bot forfeited it."""


IDLE_S = 300.0
"""A game's bot process idle this long (seconds: no decision asked of it) is ended when another
game's bot decides; the game's next decision starts a new one."""


def _own_melds_check(bot: SubprocessBot, action: AnyAction, view: AnyView) -> None:
    """Raise an ``illegal`` :class:`BotError` when ``action`` names its own melds or layoffs
    other than as listed: the browser game cannot take back a move the engine refuses."""
    own = getattr(action, "melds", None) is not None or getattr(action, "layoffs", None) is not None
    if own and str(action) not in legal_json(view):
        raise BotError(
            "illegal",
            bot.name,
            f"{str(action)!r} is not one of the legal actions as listed; in the browser a bot names "
            "its melds or layoffs as listed, or leaves them to the engine (knock 7h, layoff)",
        )


def _close_soon(bot: SubprocessBot) -> None:
    """End ``bot``'s process in a thread of its own (it may wait a second for the bot to quit;
    the caller may be the event loop, dropping a game from memory)."""
    if bot.proc is not None:
        try:
            threading.Thread(target=bot.close, name="close-bot", daemon=True).start()
        except RuntimeError:  # the interpreter is shutting down: no new threads
            bot.close()


class GameBot:
    """The computer's bot in one game session (a :data:`~ginrummy.web.session.Decider` for it):
    one process for the game, started at its first decision (hello, then a ``hand_over`` for
    each hand of the game already finished), told each hand's end (``hand_over``, sent at the
    next decision, when the server learns of it) and asked each decision (``act``). The process
    ends when the game's session is dropped from memory (evicted, forfeited, the server
    stopping), when the match moves to its next game (a new process for it), or after
    :data:`IDLE_S` idle; the next decision then starts a new one and shows it the finished
    hands. The budget per game (``game_ms``) counts across such restarts within the session.
    The human's seat (hints) is decided by ``pool`` as by a :class:`DecisionPool`."""

    def __init__(self, pool: BotDecisions) -> None:
        self.pool = pool
        self.bot: SubprocessBot | None = None
        self.shown = 0
        """How many of the game's finished hands the bot's process was shown (``hand_over``)."""
        self.used_ms = 0.0
        """The game's decision time so far (for the budget per game)."""
        self.last_used = time.monotonic()
        self._finalizer: weakref.finalize[Any, GameBot] | None = None
        self._busy = threading.Lock()

    def __call__(self, level: str, seed: int, finished: Sequence[AnyView], view: AnyView) -> AnyAction:
        if view.player != COMPUTER:
            return DecisionPool.decide(self.pool, level, seed, finished, view)
        self.pool.reap(self)
        with self._busy:
            return self._decide(finished, view)

    def _decide(self, finished: Sequence[AnyView], view: AnyView) -> AnyAction:
        self.last_used = time.monotonic()
        try:
            if len(finished) < self.shown:  # the match's next game: a new process, its own budget
                self.close()
                self.used_ms = 0.0
            bot = self.bot
            if bot is None:
                pool = self.pool
                bot = self.bot = SubprocessBot(pool.command, time_ms=pool.time_ms, game_ms=pool.game_ms)
                self.shown = 0
                self._finalizer = weakref.finalize(self, _close_soon, bot)
                bot.start(view.rules)
                bot.game_used_ms = self.used_ms
            for done in finished[self.shown :]:
                bot.hand_over(done)
            self.shown = len(finished)
            try:
                action = bot.act(view)
            finally:
                self.used_ms = bot.game_used_ms
                self.last_used = time.monotonic()
            _own_melds_check(bot, action, view)
        except BotError as exc:
            self.close()
            raise BotForfeit(exc) from None
        return action

    def close_if_idle(self, now: float) -> None:
        """End the bot's process if it has had no decision for :data:`IDLE_S` (and is not
        deciding now)."""
        if self.bot is None or now - self.last_used <= IDLE_S or not self._busy.acquire(blocking=False):
            return
        try:
            if now - self.last_used > IDLE_S:
                self.close()
        finally:
            self._busy.release()

    def close(self) -> None:
        """End the bot's process (if any); the next decision starts a new one."""
        bot, self.bot = self.bot, None
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        if bot is not None:
            bot.close()


class BotForfeit(Exception):
    """The computer's bot failed (``error``): raised through the game's session to the server,
    which stores the forfeit (:func:`forfeit`). Not a ``ValueError``, so that nothing on the way
    takes it for the human's bad request."""

    def __init__(self, error: BotError) -> None:
        super().__init__(str(error))
        self.error = error


class BotDecisions(DecisionPool):
    """A :class:`~ginrummy.web.workers.DecisionPool` whose computer seat (player 1) is played by
    the bot ``command`` (``time_ms`` per decision, ``game_ms`` per game or ``None``; the game's
    level is not used): each game session gets its own :class:`GameBot` (:attr:`decide`, read by
    the server once per session it makes). The human's seat (hints) is decided as by the pool
    (``workers`` processes)."""

    def __init__(
        self, workers: int, command: str, time_ms: int = DEFAULT_TIME_MS, game_ms: int | None = None
    ) -> None:
        super().__init__(workers)
        self.command = command
        self.time_ms = time_ms
        self.game_ms = game_ms
        self._games: weakref.WeakSet[GameBot] = weakref.WeakSet()
        self._games_lock = threading.Lock()

    @property
    def decide(self) -> GameBot:
        """A new game's decider: a :class:`GameBot` of its own (the server takes
        ``pool.decide`` once for each game session it makes or rebuilds)."""
        game = GameBot(self)
        with self._games_lock:
            self._games.add(game)
        return game

    def games(self) -> list[GameBot]:
        """The game sessions' bots still in memory."""
        with self._games_lock:
            return list(self._games)

    def reap(self, keep: GameBot) -> None:
        """End the processes of the other games' bots idle for :data:`IDLE_S`."""
        now = time.monotonic()
        for game in self.games():
            if game is not keep:
                game.close_if_idle(now)

    def close(self) -> None:
        """Stop the workers and every game's bot process."""
        super().close()
        for game in self.games():
            game.close()


class _Server(Protocol):
    """What :func:`forfeit` needs of the app's server."""

    store: Store

    @property
    def sessions(self) -> Any: ...


def forfeit_message(kind: str, message: str) -> str:
    """What the player is told (and the API answers) when the computer's bot forfeits."""
    return f"The computer player forfeits the game ({kind}: {message}). You win by forfeit."


def forfeit(server: _Server, s: GameSession, failure: BotForfeit) -> ApiError:
    """Store that the computer's bot forfeited the game of ``s`` (as its last completed request
    left it, or as dealt when the bot failed in the request that created it; the session in
    memory is dropped) and return the 409 answer to raise. Blocking (SQLite): call it in a thread."""
    server.sessions.drop(s.row.id)
    error = failure.error
    lost = GameForfeit(COMPUTER, error.kind, error.detail)
    final = {"winner": HUMAN, "forfeit": lost.to_json()}
    loaded = server.store.load_game(s.row.id)
    if loaded is None:  # the bot failed in the game's first request: store the game as it began
        row = dataclasses.replace(s.row, hands_dealt=0, status=FORFEIT_STATUS, final=final)
        server.store.create_game(row, [], [])
    else:
        server.store.save_progress(s.row.id, [], [], loaded[0].hands_dealt, FORFEIT_STATUS, final)
    return ApiError(409, forfeit_message(error.kind, error.detail))


def check_forfeit(s: GameSession) -> None:
    """Raise the 409 answer of :func:`forfeit` if the game of ``s`` was forfeited."""
    if s.row.status == FORFEIT_STATUS and s.row.final:
        lost = s.row.final.get("forfeit") or {}
        raise ApiError(409, forfeit_message(str(lost.get("kind")), str(lost.get("message"))))


def use_bot(app: Any, command: str, time_ms: int = DEFAULT_TIME_MS, game_ms: int | None = None) -> None:
    """Make the bot ``command`` the computer player of every game of ``app`` (made by
    :func:`ginrummy.web.app.create_app`, before it starts)."""
    server = app.state.server
    server.pool = BotDecisions(server.pool.workers, command, time_ms, game_ms)
