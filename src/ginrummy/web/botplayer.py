"""``ginrummy serve --opponent cmd:COMMAND``: a bot speaking the bot protocol (``docs/protocol.md``)
plays the computer's seat in every browser game.

The server's computer is stateless: each decision is made by a fresh agent from the views of
the game's finished hands and of the current hand (:data:`ginrummy.web.session.Decider`), so a
game survives a restart or being dropped from memory. A bot is run the same way:
:class:`BotDecisions` starts the bot's process for each of the computer's decisions, sends the
hello, shows it the finished hands (``hand_over``), asks for the one action (``act``) and ends
the process. So no process outlives its decision, none is shared between games, and a
decision waits at most the start budget plus the decision budget (``--bot-time``); the
request waits in one of the server's waiting threads, never on the event loop. The price is a
process start per decision (bench/README.md, section Protocol overhead).

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
from collections.abc import Sequence
from typing import Any, Protocol

from ginrummy.protocol import BotError, SubprocessBot, legal_json
from ginrummy.protocol.bot import DEFAULT_START_MS, DEFAULT_TIME_MS
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
    "bot_decide",
    "check_forfeit",
    "forfeit",
    "forfeit_message",
]

FORFEIT_STATUS = "forfeit"
"""A stored game's status once the computer's bot forfeited it."""


def bot_decide(
    command: str,
    finished: Sequence[AnyView],
    view: AnyView,
    time_ms: int = DEFAULT_TIME_MS,
    start_ms: int = DEFAULT_START_MS,
) -> AnyAction:
    """One decision of the bot ``command`` (``cmd:...``) in a process of its own: hello, a
    ``hand_over`` per ``finished`` view, one ``act`` on ``view`` (``time_ms`` to answer), quit.
    Raises :class:`~ginrummy.protocol.BotError` for whatever the bot does wrong (the process is
    ended in every case)."""
    bot = SubprocessBot(command, time_ms=time_ms, start_ms=start_ms)
    try:
        bot.start(view.rules)
        for done in finished:
            bot.hand_over(done)
        action = bot.act(view)
    finally:
        bot.close()
    own = getattr(action, "melds", None) is not None or getattr(action, "layoffs", None) is not None
    if own and str(action) not in legal_json(view):
        raise BotError(
            "illegal",
            bot.name,
            f"{str(action)!r} is not one of the legal actions as listed; in the browser a bot names "
            "its melds or layoffs as listed, or leaves them to the engine (knock 7h, layoff)",
        )
    return action


class BotForfeit(Exception):
    """The computer's bot failed (``error``): raised through the game's session to the server,
    which stores the forfeit (:func:`forfeit`). Not a ``ValueError``, so that nothing on the way
    takes it for the human's bad request."""

    def __init__(self, error: BotError) -> None:
        super().__init__(str(error))
        self.error = error


class BotDecisions(DecisionPool):
    """A :class:`~ginrummy.web.workers.DecisionPool` whose computer seat (player 1) is played by
    the bot ``command`` (:func:`bot_decide`, ``time_ms`` per decision; the game's level is not
    used); the human's seat (hints) is decided as by the pool (``workers`` processes)."""

    def __init__(self, workers: int, command: str, time_ms: int = DEFAULT_TIME_MS) -> None:
        super().__init__(workers)
        self.command = command
        self.time_ms = time_ms

    def decide(self, level: str, seed: int, finished: Sequence[AnyView], view: AnyView) -> AnyAction:
        """The bot's action for the computer's seat, else the pool's decision (a hint)."""
        if view.player == COMPUTER:
            try:
                return bot_decide(self.command, finished, view, self.time_ms)
            except BotError as exc:
                raise BotForfeit(exc) from None
        return super().decide(level, seed, finished, view)


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


def use_bot(app: Any, command: str, time_ms: int = DEFAULT_TIME_MS) -> None:
    """Make the bot ``command`` the computer player of every game of ``app`` (made by
    :func:`ginrummy.web.app.create_app`, before it starts)."""
    server = app.state.server
    server.pool = BotDecisions(server.pool.workers, command, time_ms)
