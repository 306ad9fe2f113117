"""The kept game reviews: the ``reviews`` table of :mod:`ginrummy.storage.store` and its queries.

A review (:mod:`ginrummy.review`) is kept by game, ``hand`` (0: the whole game; ``n``: the game's
hand ``n``, from 1, counted across a match), seat, samples per decision and seed, with the
``engine`` that made it (:data:`ginrummy.review.ENGINE_VERSION`, bumped whenever the values
change): a review is only given back to the engine that made it, so a stale one is never shown
(the next review replaces it). Standard library only; the store calls these under its lock.
"""

from __future__ import annotations

import sqlite3

__all__ = ["REVIEWS_TABLE", "REVIEWS_V3", "accuracies", "load", "save"]

REVIEWS_TABLE = """
CREATE TABLE IF NOT EXISTS reviews (
    game_id TEXT NOT NULL,
    hand INTEGER NOT NULL DEFAULT 0,
    seat INTEGER NOT NULL,
    samples INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    engine INTEGER NOT NULL DEFAULT 0,
    accuracy REAL,
    review TEXT NOT NULL,
    PRIMARY KEY (game_id, hand, seat, samples, seed)
);
"""
"""The table as schema version 3 makes it."""

REVIEWS_V3 = (
    REVIEWS_TABLE.replace("EXISTS reviews", "EXISTS reviews_v3")
    + """
INSERT INTO reviews_v3 (game_id, hand, seat, samples, seed, engine, accuracy, review)
    SELECT game_id, 0, seat, samples, seed, 0, accuracy, review FROM reviews;
DROP TABLE reviews;
ALTER TABLE reviews_v3 RENAME TO reviews;
"""
)
"""Version 3's migration: the older table (whole games only, no engine) rebuilt with ``hand`` 0
and ``engine`` 0 (older than every engine, so never shown again)."""


def save(
    db: sqlite3.Connection,
    key: tuple[str, int, int, int, int],
    engine: int,
    accuracy: float | None,
    review: str,
) -> None:
    """Keep ``review`` (JSON text) under ``key`` = ``(game_id, hand, seat, samples, seed)``, made
    by ``engine``, with its ``accuracy`` (0-100 or ``None``); replaces what was kept there."""
    db.execute(
        "INSERT OR REPLACE INTO reviews (game_id, hand, seat, samples, seed, engine, accuracy, review)"
        " VALUES (?,?,?,?,?,?,?,?)",
        (*key, engine, accuracy, review),
    )


def load(db: sqlite3.Connection, key: tuple[str, int, int, int, int], engine: int) -> str | None:
    """The review kept under ``key`` (as :func:`save`) by ``engine``, or ``None`` (none kept, or
    one made by another engine)."""
    row = db.execute(
        "SELECT review FROM reviews WHERE game_id = ? AND hand = ? AND seat = ? AND samples = ?"
        " AND seed = ? AND engine = ?",
        (*key, engine),
    ).fetchone()
    return None if row is None else str(row[0])


def accuracies(db: sqlite3.Connection, owner: str, engine: int) -> list[tuple[str, float]]:
    """``(mode, accuracy)`` of each of the owner's games reviewed whole by ``engine``, seat 0 (the
    owner's seat in a game against the computer), oldest game first; of a game reviewed with
    several sample counts, the most samples' review counts."""
    rows = db.execute(
        "SELECT g.mode, r.accuracy FROM reviews r JOIN games g ON g.id = r.game_id"
        " WHERE g.owner = ? AND r.hand = 0 AND r.seat = 0 AND r.engine = ? AND r.accuracy IS NOT NULL"
        " AND r.samples = (SELECT MAX(samples) FROM reviews q WHERE q.game_id = r.game_id"
        " AND q.hand = 0 AND q.seat = 0 AND q.engine = r.engine)"
        " GROUP BY r.game_id ORDER BY g.created",
        (owner, engine),
    ).fetchall()
    return [(str(m), float(a)) for m, a in rows]
