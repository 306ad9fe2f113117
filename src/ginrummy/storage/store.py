"""SQLite storage of games played in the browser and in the terminal: one row per game, one row per
action, one row per finished hand, one row per seat.

Every action is written (and committed) as it is played (before the server replies; before the
terminal asks for the next move), so a game is rebuilt exactly by replaying its actions from the
seed (:class:`ginrummy.session.GameSession`, :func:`ginrummy.session.load`). A
game's hands are numbered across its match (game 2's first hand follows game 1's last). Each game
has an ``owner``: the SHA-256 of a browser's token (:func:`owner_of`), or for games played in the
terminal the store's local player, whose token (:meth:`Store.local_token`) is kept in the database
itself, so a browser that presents it (``ginrummy history --link`` prints a link that gives it to
the page) sees the terminal's games beside its own. The seats say who plays each side: a person
(the hash of their browser's token), a seat waiting for the person invited to it, or a computer
level (from the start, or since it took over an abandoned seat). Standard library only.

A game ends when its rules say, or earlier when a player resigns it (the other side wins it) or
abandons it against the computer (it is set aside, neither won nor lost): :meth:`Store.end_game`
keeps which (``ended``) and who (``ended_by``).

Schema versions (``PRAGMA user_version``): 0, the first (games, actions, hands; the ``local`` table
grows by ``CREATE ... IF NOT EXISTS``); 1 adds the ``seats`` table, filled for the games already
stored (seat 0 their owner, seat 1 the computer), so an older database opens and plays on unchanged;
2 adds the games' ``ended`` and ``ended_by`` columns (empty for the games already stored); 3 keys the
``reviews`` table (game reviews, kept so a second look is instant: :mod:`ginrummy.storage.reviews`)
by hand too and keeps the review engine's version (older reviews are kept as stale).
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

from ginrummy.errors import StoreError
from ginrummy.storage import reviews

__all__ = [
    "ABANDONED",
    "ENDINGS",
    "RESIGNED",
    "SCHEMA_VERSION",
    "SEAT_KINDS",
    "ActionRow",
    "GameRow",
    "HandRow",
    "SeatRow",
    "Store",
    "default_db_path",
    "default_seats",
    "owner_of",
]

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

_SEATS = """
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    owner TEXT,
    name TEXT NOT NULL,
    level TEXT,
    invite TEXT,
    since INTEGER NOT NULL DEFAULT 0,
    epoch INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS seats_owner ON seats(owner);
INSERT OR IGNORE INTO seats (game_id, seat, kind, owner, name)
    SELECT id, 0, 'person', owner, name FROM games;
INSERT OR IGNORE INTO seats (game_id, seat, kind, name, level)
    SELECT id, 1, 'computer', 'Computer', level FROM games;
"""

_ENDED = """
ALTER TABLE games ADD COLUMN ended TEXT;
ALTER TABLE games ADD COLUMN ended_by INTEGER;
"""

_GAME_COLUMNS = (
    "id, owner, created, updated, preset, rules, level, mode, name, seed, secret, first_dealer,"
    " hands_dealt, status, final, ended, ended_by"
)

_COLUMNS = {
    "games": tuple(c.strip() for c in _GAME_COLUMNS.split(",") if c.strip() not in ("ended", "ended_by")),
    "actions": ("game_id", "seq", "hand", "player", "action"),
    "hands": ("game_id", "hand", "outcome", "winner", "knocker", "points"),
    "seats": ("game_id", "seat", "kind", "owner", "name", "level", "invite", "since", "epoch"),
    "local": ("key", "value"),
    "reviews": ("game_id", "seat", "samples", "seed", "accuracy", "review"),
}
"""The columns each table has had since it was made (checked on opening; ``ended`` and
``ended_by`` come with version 2)."""

SCHEMA_VERSION = 3
"""The schema this module writes (``PRAGMA user_version``); older files are migrated on opening."""

RESIGNED = "resigned"
"""A game a player resigned: its status is ``"over"`` and the other side won it."""
ABANDONED = "abandoned"
"""A game against the computer its player abandoned: its status is ``"abandoned"``, neither won
nor lost (its finished hands still count in the statistics of hands)."""
ENDINGS = (RESIGNED, ABANDONED)
"""How a game may end before its rules end it (``GameRow.ended``)."""

SEAT_KINDS = ("person", "open", "computer")
"""A seat is played by a ``person`` (``owner`` set), is ``open`` (waiting for the person invited
with its ``invite`` secret), or played by the ``computer`` (``level``)."""


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
    to a client while the game is on. ``ended``: one of :data:`ENDINGS` when a player ended the
    game early (``ended_by``: their seat), else ``None``."""

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
    ended: str | None = None
    ended_by: int | None = None


@dataclass(frozen=True, slots=True)
class SeatRow:
    """Who plays ``seat`` (0 or 1) of a game: ``kind`` (:data:`SEAT_KINDS`); ``owner``, the
    SHA-256 of the person's browser token; ``name`` on the score sheet; ``level``, the computer
    level; ``invite``, the secret of the invitation link to an open seat (``None`` once taken);
    ``since``, the game's action number when the seat got its present player (a takeover), and
    ``epoch``, how many times it changed hands (joins and takeovers)."""

    seat: int
    kind: str
    name: str
    owner: str | None = None
    level: str | None = None
    invite: str | None = None
    since: int = 0
    epoch: int = 0


def default_seats(row: GameRow) -> tuple[SeatRow, SeatRow]:
    """The seats of a game against the computer: ``row.owner`` in seat 0, ``row.level`` in seat 1."""
    return SeatRow(0, "person", row.name, owner=row.owner), SeatRow(
        1, "computer", "Computer", level=row.level
    )


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
        """Open (or create) the store at ``path``. Raises :class:`~ginrummy.errors.StoreError`,
        naming the file and why, when it cannot be opened or created, is not an SQLite file, or is
        an SQLite file whose tables are not this module's (such a file is left as it was)."""
        path = str(path)
        self.path = path
        self._lock = threading.Lock()
        try:
            if path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"cannot open the store {path}: {exc}") from None
        try:
            self._check_tables()
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA + reviews.REVIEWS_TABLE)
            self._migrate()
        except (OSError, sqlite3.Error, StoreError) as exc:
            self._db.close()
            if isinstance(exc, StoreError):
                raise
            raise StoreError(f"cannot open the store {path}: {exc}") from None

    def _check_tables(self) -> None:
        """Before anything is written: raise :class:`~ginrummy.errors.StoreError` when a table
        this module uses is there without a column it has had since it was made (an SQLite file of
        another program with a table of the same name). Reading fails on a file that is not SQLite."""
        for table, wanted in _COLUMNS.items():
            have = {r[1] for r in self._db.execute(f"PRAGMA table_info({table})")}
            missing = [c for c in wanted if c not in have]
            if have and missing:  # (a table not there yet is made)
                raise StoreError(
                    f"{self.path} is not a ginrummy store: its table {table!r} lacks the "
                    f"column{'s' if len(missing) > 1 else ''} {', '.join(missing)}"
                )

    def _migrate(self) -> None:
        """Bring an older file up to :data:`SCHEMA_VERSION` (one transaction per step)."""
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version < 1:
            self._db.executescript(f"BEGIN IMMEDIATE; {_SEATS} PRAGMA user_version = 1; COMMIT;")
        if version < 2:
            have = {r[1] for r in self._db.execute("PRAGMA table_info(games)")}
            add = "" if "ended" in have else _ENDED  # (a file whose version was set back)
            self._db.executescript(f"BEGIN IMMEDIATE; {add} PRAGMA user_version = 2; COMMIT;")
        if version < 3:
            have = {r[1] for r in self._db.execute("PRAGMA table_info(reviews)")}
            add = "" if "engine" in have else reviews.REVIEWS_V3
            self._db.executescript(f"BEGIN IMMEDIATE; {add} PRAGMA user_version = 3; COMMIT;")

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
        self,
        row: GameRow,
        actions: Sequence[ActionRow] = (),
        hands: Sequence[HandRow] = (),
        seats: Sequence[SeatRow] | None = None,
    ) -> None:
        """Insert a new game with its first ``actions``, finished ``hands`` and ``seats`` (default:
        :func:`default_seats`), in one transaction: a crash leaves the whole game or nothing.
        ``row`` gives the progress (``hands_dealt``, ``status``, ``final``) after them."""
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
            for seat in seats if seats is not None else default_seats(row):
                _put_seat(db, row.id, seat)

    def change_seat(self, game_id: str, seat: SeatRow, expect: str) -> bool:
        """Replace ``seat`` of a game if its stored kind is still ``expect`` (so of two people
        following one invitation only the first gets the seat). Returns whether it changed."""
        with self._tx() as db:
            found = db.execute(
                "SELECT kind FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat.seat)
            ).fetchone()
            if found is None or found[0] != expect:
                return False
            _put_seat(db, game_id, seat)
            db.execute("UPDATE games SET updated = ? WHERE id = ?", (time.time(), game_id))
        return True

    def end_game(
        self, game_id: str, ended: str, seat: int, status: str, final: dict[str, Any] | None
    ) -> bool:
        """End a game being played before its rules end it: ``ended`` (one of :data:`ENDINGS`) by
        the player in ``seat``, with its new ``status`` and ``final`` score. Only a game still
        ``"playing"`` changes (of two requests to end a game only the first does); returns whether
        it did. Raises ``ValueError`` for an unknown ending or seat."""
        if ended not in ENDINGS or seat not in (0, 1):
            raise ValueError(f"a game ends early as one of {', '.join(ENDINGS)} by seat 0 or 1")
        with self._tx() as db:
            changed = db.execute(
                "UPDATE games SET status = ?, final = ?, ended = ?, ended_by = ?, updated = ?"
                " WHERE id = ? AND status = 'playing'",
                (status, json.dumps(final) if final else None, ended, seat, time.time(), game_id),
            ).rowcount
        return changed == 1

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
                f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ? AND hands_dealt > 0", (game_id,)
            ).fetchone()
            if row is None:
                return None
            acts = self._db.execute(
                "SELECT seq, hand, player, action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
        return _game_row(row), [ActionRow(*a) for a in acts]

    def load_seats(self, game_id: str) -> list[SeatRow]:
        """The game's seats in order (empty if there is no such game)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT seat, kind, name, owner, level, invite, since, epoch FROM seats"
                " WHERE game_id = ? ORDER BY seat",
                (game_id,),
            ).fetchall()
        return [SeatRow(*r) for r in rows]

    def seats_of(self, game_ids: Sequence[str]) -> dict[str, list[SeatRow]]:
        """The seats of each of ``game_ids`` (in order of seat; a game with none is left out)."""
        out: dict[str, list[SeatRow]] = {}
        ids = list(dict.fromkeys(game_ids))
        with self._lock:
            for start in range(0, len(ids), 500):  # SQLite's limit on bound parameters
                chunk = ids[start : start + 500]
                rows = self._db.execute(
                    "SELECT game_id, seat, kind, name, owner, level, invite, since, epoch FROM seats"
                    f" WHERE game_id IN ({', '.join('?' * len(chunk))}) ORDER BY game_id, seat",
                    chunk,
                ).fetchall()
                for r in rows:
                    out.setdefault(r[0], []).append(SeatRow(*r[1:]))
        return out

    def list_games(self, owner: str, limit: int = 200, seated: bool = False) -> list[GameRow]:
        """The owner's games, newest first (never a game never dealt: see :meth:`load_game`); with
        ``seated``, also the games the owner joined in another seat."""
        where = "g.owner = ?"
        if seated:
            where = "g.id IN (SELECT game_id FROM seats WHERE owner = ?)"
        with self._lock:
            rows = self._db.execute(
                f"SELECT {_GAME_COLUMNS} FROM games g WHERE {where} AND g.hands_dealt > 0"
                " ORDER BY g.created DESC LIMIT ?",
                (owner, limit),
            ).fetchall()
        return [_game_row(r) for r in rows]

    def hand_rows(self, owner: str) -> list[tuple[str, str, HandRow]]:
        """Every finished hand of the owner's games against the computer (practice or rated) as
        ``(game mode, game level, hand)``."""
        with self._lock:
            rows = self._db.execute(
                "SELECT g.mode, g.level, h.hand, h.outcome, h.winner, h.knocker, h.points FROM hands h"
                " JOIN games g ON g.id = h.game_id WHERE g.owner = ? AND g.mode IN ('practice', 'rated')"
                " ORDER BY g.created, h.hand",
                (owner,),
            ).fetchall()
        return [(r[0], r[1], HandRow(*r[2:])) for r in rows]

    # -- reviews ------------------------------------------------------------------

    def save_review(
        self, key: tuple[str, int, int, int, int], engine: int, accuracy: float | None, review: str
    ) -> None:
        """Keep a review's JSON text under ``key`` = ``(game_id, hand, seat, samples, seed)``
        (``hand`` 0: the whole game), made by review ``engine`` (:func:`ginrummy.storage.reviews.save`)."""
        with self._tx() as db:
            reviews.save(db, key, engine, accuracy, review)

    def load_review(self, key: tuple[str, int, int, int, int], engine: int) -> str | None:
        """The JSON text kept by :meth:`save_review` under ``key`` by ``engine``, or ``None``."""
        with self._lock:
            return reviews.load(self._db, key, engine)

    def review_accuracies(self, owner: str, engine: int) -> list[tuple[str, float]]:
        """``(mode, accuracy)`` of the owner's games reviewed whole by ``engine``, oldest first
        (:func:`ginrummy.storage.reviews.accuracies`)."""
        with self._lock:
            return reviews.accuracies(self._db, owner, engine)


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


def _put_seat(db: sqlite3.Connection, game_id: str, s: SeatRow) -> None:
    if s.kind not in SEAT_KINDS:
        raise ValueError(f"a seat is one of {', '.join(SEAT_KINDS)}, not {s.kind!r}")
    db.execute(
        "INSERT OR REPLACE INTO seats (game_id, seat, kind, owner, name, level, invite, since, epoch)"
        " VALUES (?,?,?,?,?,?,?,?,?)",
        (game_id, s.seat, s.kind, s.owner, s.name, s.level, s.invite, s.since, s.epoch),
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
        ended,
        ended_by,
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
        ended=ended,
        ended_by=ended_by,
    )
