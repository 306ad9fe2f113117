"""SQLite storage of games played in the browser and in the terminal: one row per game, one row per
action, one row per finished hand.

Every action is written (and committed) as it is played (before the server replies; before the
terminal asks for the next move), so a game is rebuilt exactly by replaying its actions from the
seed (:func:`ginrummy.storage.recorder.rebuild`). Each game has an ``owner``: the SHA-256 of a
browser's token (:func:`owner_of`), or for games played in the terminal the store's local player,
whose token (:meth:`Store.local_token`) is kept in the database itself, so a browser that presents
it (``ginrummy history --token`` prints it) sees the terminal's games beside its own. The schema
only grows by ``CREATE ... IF NOT EXISTS``: an older database opens unchanged. Standard library only.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["ActionRow", "GameRow", "HandRow", "Store", "default_db_path", "owner_of"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    preset TEXT NOT NULL,
    rules TEXT NOT NULL,
    level TEXT NOT NULL,
    mode TEXT NOT NULL,
    name TEXT NOT NULL,
    seed TEXT NOT NULL,
    secret TEXT NOT NULL,
    first_dealer INTEGER NOT NULL,
    hands_dealt INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'playing',
    final TEXT
);
CREATE INDEX IF NOT EXISTS games_owner ON games(owner, created);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    hand INTEGER NOT NULL,
    player INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS hands (
    game_id TEXT NOT NULL REFERENCES games(id),
    hand INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    winner INTEGER,
    knocker INTEGER,
    points INTEGER NOT NULL,
    PRIMARY KEY (game_id, hand)
);
CREATE TABLE IF NOT EXISTS local (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""


def owner_of(token: str) -> str:
    """The owner of a player's games: the SHA-256 (hex) of their token.

    >>> owner_of("x" * 32)[:12]
    'c62e4615bd39'
    """
    return hashlib.sha256(token.encode()).hexdigest()


def default_db_path() -> Path:
    """The default store: ``$XDG_DATA_HOME/ginrummy/games.sqlite3`` (``~/.local/share`` when unset)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "ginrummy" / "games.sqlite3"


@dataclass(frozen=True, slots=True)
class GameRow:
    """A game's settings and secrets. ``owner`` is the SHA-256 of the browser's token;
    ``seed`` (the game seed) and ``secret`` (for the commitment salts) are never sent
    to a client while the game is on."""

    id: str
    owner: str
    preset: str
    rules: dict[str, Any]
    level: str
    mode: str
    name: str
    seed: int
    secret: str
    first_dealer: int
    created: float = 0.0
    hands_dealt: int = 0
    status: str = "playing"
    final: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One action: its number in the game (``seq``, from 0), hand (from 0), player and notation."""

    seq: int
    hand: int
    player: int
    action: str


@dataclass(frozen=True, slots=True)
class HandRow:
    """A finished hand's result, kept for the history and statistics pages."""

    hand: int
    outcome: str
    winner: int | None
    knocker: int | None
    points: int


class Store:
    """The SQLite store; one connection shared by the server's threads behind a lock.

    WAL journal with ``synchronous=NORMAL``: a committed action survives the server
    process being killed.
    """

    def __init__(self, path: str | Path) -> None:
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    # -- writing ---------------------------------------------------------------

    def local_token(self) -> str:
        """The token of this store's local player (the terminal's games), made on first use: 43
        URL-safe characters, a valid browser token. Its owner is ``owner_of(local_token())``."""
        with self._tx() as db:
            db.execute(
                "INSERT OR IGNORE INTO local (key, value) VALUES ('token', ?)", (secrets.token_urlsafe(32),)
            )
            row = db.execute("SELECT value FROM local WHERE key = 'token'").fetchone()
        return str(row[0])

    def create_game(
        self, row: GameRow, actions: Sequence[ActionRow] = (), hands: Sequence[HandRow] = ()
    ) -> None:
        """Insert a new game with its first ``actions`` and finished ``hands``, in one
        transaction: a crash leaves the whole game or nothing. ``row`` gives the progress
        (``hands_dealt``, ``status``, ``final``) after them."""
        now = time.time()
        with self._tx() as db:
            db.execute(
                "INSERT INTO games (id, owner, created, updated, preset, rules, level, mode, name, seed,"
                " secret, first_dealer, hands_dealt, status, final) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    row.id,
                    row.owner,
                    now,
                    now,
                    row.preset,
                    json.dumps(row.rules),
                    row.level,
                    row.mode,
                    row.name,
                    str(row.seed),
                    row.secret,
                    row.first_dealer,
                    row.hands_dealt,
                    row.status,
                    json.dumps(row.final) if row.final else None,
                ),
            )
            _insert(db, row.id, actions, hands)

    def save_progress(
        self,
        game_id: str,
        actions: Sequence[ActionRow],
        hands: Sequence[HandRow],
        hands_dealt: int,
        status: str,
        final: dict[str, Any] | None,
        truncate_from: int | None = None,
    ) -> None:
        """In one transaction: delete actions from ``truncate_from`` (an undo), append
        ``actions`` and finished ``hands``, and update the game's progress."""
        with self._tx() as db:
            if truncate_from is not None:
                db.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, truncate_from))
            _insert(db, game_id, actions, hands)
            db.execute(
                "UPDATE games SET hands_dealt = ?, status = ?, final = ?, updated = ? WHERE id = ?",
                (hands_dealt, status, json.dumps(final) if final else None, time.time(), game_id),
            )

    # -- reading ---------------------------------------------------------------

    def load_game(self, game_id: str) -> tuple[GameRow, list[ActionRow]] | None:
        """The game and its actions in order, or ``None`` if there is no such game (or only a
        game never dealt, which older versions could leave behind after a crash)."""
        with self._lock:
            row = self._db.execute(
                "SELECT * FROM games WHERE id = ? AND hands_dealt > 0", (game_id,)
            ).fetchone()
            if row is None:
                return None
            acts = self._db.execute(
                "SELECT seq, hand, player, action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
        return _game_row(row), [ActionRow(*a) for a in acts]

    def list_games(self, owner: str, limit: int = 200) -> list[GameRow]:
        """The owner's games, newest first (never a game never dealt: see :meth:`load_game`)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT * FROM games WHERE owner = ? AND hands_dealt > 0 ORDER BY created DESC LIMIT ?",
                (owner, limit),
            ).fetchall()
        return [_game_row(r) for r in rows]

    def hand_rows(self, owner: str) -> list[tuple[str, str, HandRow]]:
        """Every finished hand of the owner's games as ``(game mode, game level, hand)``."""
        with self._lock:
            rows = self._db.execute(
                "SELECT g.mode, g.level, h.hand, h.outcome, h.winner, h.knocker, h.points FROM hands h"
                " JOIN games g ON g.id = h.game_id WHERE g.owner = ? ORDER BY g.created, h.hand",
                (owner,),
            ).fetchall()
        return [(r[0], r[1], HandRow(*r[2:])) for r in rows]


def _insert(
    db: sqlite3.Connection, game_id: str, actions: Sequence[ActionRow], hands: Sequence[HandRow]
) -> None:
    db.executemany(
        "INSERT INTO actions (game_id, seq, hand, player, action) VALUES (?,?,?,?,?)",
        [(game_id, a.seq, a.hand, a.player, a.action) for a in actions],
    )
    db.executemany(
        "INSERT OR REPLACE INTO hands (game_id, hand, outcome, winner, knocker, points) VALUES (?,?,?,?,?,?)",
        [(game_id, h.hand, h.outcome, h.winner, h.knocker, h.points) for h in hands],
    )


def _game_row(r: tuple[Any, ...]) -> GameRow:
    (
        gid,
        owner,
        created,
        _updated,
        preset,
        rules,
        level,
        mode,
        name,
        seed,
        secret,
        fd,
        dealt,
        status,
        final,
    ) = r
    return GameRow(
        id=gid,
        owner=owner,
        preset=preset,
        rules=json.loads(rules),
        level=level,
        mode=mode,
        name=name,
        seed=int(seed),
        secret=secret,
        first_dealer=fd,
        created=created,
        hands_dealt=dealt,
        status=status,
        final=json.loads(final) if final else None,
    )
