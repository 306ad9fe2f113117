"""A game's rows in the store and back: a new game's row (:func:`new_row`), a stored game rebuilt
(:func:`load`), and the games a player may resume (:func:`resumable`, :func:`latest_resumable`).

A game is stored as it is played (:meth:`~ginrummy.session.core.GameSession.sync`): its row (rules,
seed, secret, first dealer, level, mode), its seats, every action and every finished hand; so any
front end rebuilds it by replaying its actions from the seed, whichever front end began it.

>>> from ginrummy.rules import Rules
>>> from ginrummy.storage.store import Store
>>> store = Store(":memory:")
>>> row = new_row(Rules(), 4, owner="o" * 64, name="You", level="simple", mode="rated", preset="default")
>>> s = GameSession(row, stored=False)
>>> _ = s.start(); s.sync(store)
>>> again = load(store, row.id)
>>> again.state.log == s.state.log, [g.id for g in resumable(store, "o" * 64)] == [row.id]
(True, True)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping

from ginrummy.errors import GinRummyError, RecordError, quoted
from ginrummy.play import Agent
from ginrummy.rules import Rules
from ginrummy.scoring.game import choose_first_dealer
from ginrummy.session.core import Decider, GameSession
from ginrummy.storage.store import GameRow, Store

__all__ = ["RESUMABLE_MODES", "latest_resumable", "load", "new_game_id", "new_row", "resumable"]

RESUMABLE_MODES = ("practice", "rated")
"""The games against the computer, which their player may resume from any front end (a game
between two people goes on in the browser, where both have their seat)."""


def new_game_id() -> str:
    """A fresh game id: 24 URL-safe characters (``secrets.token_urlsafe``) that never start with
    ``-``, which a command line would read as an option (``ginrummy play --resume ID``)."""
    while (game_id := secrets.token_urlsafe(18)).startswith("-"):
        pass
    return game_id


def new_row(
    rules: Rules,
    seed: int,
    *,
    owner: str,
    name: str,
    level: str,
    mode: str,
    preset: str,
    secret: str | None = None,
) -> GameRow:
    """The row of a new game (nothing dealt yet): a fresh id, the owner (the SHA-256 of a player's
    token, :func:`~ginrummy.storage.store.owner_of`), the first dealer drawn from ``seed`` as the
    game draws it (000), ``secret`` (default: fresh) for the seeds of fresh agents' decisions."""
    return GameRow(
        id=new_game_id(),
        owner=owner,
        preset=preset,
        rules=rules.settings(),
        level=level,
        mode=mode,
        name=name,
        seed=seed,
        secret=secret or secrets.token_hex(32),
        first_dealer=choose_first_dealer(random.Random(seed)),
    )


def load(
    store: Store, game_id: str, *, agents: Mapping[int, Agent] | None = None, decider: Decider | None = None
) -> GameSession:
    """Stored game ``game_id`` rebuilt (its rows, its seats, every action replayed), with ``agents``
    kept for computer seats (:class:`~ginrummy.session.core.GameSession`). Raises
    :class:`~ginrummy.errors.RecordError` when there is no such game or it does not replay (an
    unknown setting, an illegal action)."""
    loaded = store.load_game(game_id)
    if loaded is None:
        raise RecordError(f"no stored game {quoted(game_id)} in {store.path} (see ginrummy history)")
    row, actions = loaded
    try:
        return GameSession(row, actions, decider, store.load_seats(game_id), agents=agents)
    except GinRummyError as exc:
        raise RecordError(f"stored game {row.id} does not replay: {exc}") from None


def resumable(store: Store, owner: str) -> list[GameRow]:
    """The games of ``owner`` (the SHA-256 of a token) still being played against the computer,
    newest first: those a player left (quit, a closed browser, a killed process) and may resume."""
    return [g for g in store.list_games(owner) if g.status == "playing" and g.mode in RESUMABLE_MODES]


def latest_resumable(store: Store, owner: str) -> GameRow | None:
    """The newest of :func:`resumable`, or ``None``."""
    games = resumable(store, owner)
    return games[0] if games else None
