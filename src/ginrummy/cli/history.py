"""``ginrummy history`` and ``ginrummy stats``: the games stored in the SQLite store shared with the
browser (:mod:`ginrummy.storage`), and the ``--db`` option of every command that uses it.

The terminal's games belong to the store's local player (:meth:`~ginrummy.storage.store.Store.local_token`);
``history --link`` prints a link to the page of ``ginrummy serve`` on the same file that carries
that player's token (``#claim=TOKEN``, after the ``#`` so it never reaches a server's log): the
page opened by it adopts the token, and lists these games with the browser's (``--token`` prints
the token alone).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ginrummy.errors import RecordError
from ginrummy.records import AnyRecord
from ginrummy.session import RESUMABLE_MODES, GameSession, latest_resumable, load
from ginrummy.storage import MODES, Store, default_db_path, review_trend, stats_json
from ginrummy.storage.store import GameRow, owner_of

__all__ = [
    "LATEST",
    "db_option",
    "game_line",
    "history",
    "open_store",
    "resumed_game",
    "review_lines_of",
    "stats",
    "stats_tables",
    "stored_record",
]


def db_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """``--db PATH``: the SQLite file of the games (the browser's, by default)."""
    return click.option(
        "--db",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        help="SQLite file of the stored games, shared with `ginrummy serve` (default: "
        "ginrummy/games.sqlite3 in the user's data folder).",
    )(f)


def open_store(db: Path | None, must_exist: bool = True) -> Store | None:
    """The store at ``db`` (default :func:`~ginrummy.storage.store.default_db_path`); ``None`` when
    ``must_exist`` and there is no such file yet (nothing stored)."""
    path = db or default_db_path()
    if must_exist and not path.exists():
        return None
    return Store(path)


LATEST = "latest"
"""``ginrummy play --resume`` without an ID: the local player's latest unfinished game."""


def resumed_game(db: Path | None, game_id: str, no_db: bool = False) -> GameSession:
    """The stored game ``game_id`` (or :data:`LATEST`: the local player's newest unfinished game)
    rebuilt to go on with it (``ginrummy play --resume``): a game against the computer still being
    played whose seat 0 is the store's local player (begun in the terminal, or in a browser that
    adopted the local player: ``ginrummy history --link``). Raises ``click.ClickException`` (one
    line: why) otherwise."""
    if no_db:
        raise click.UsageError("--resume goes on with a stored game: not with --no-db")
    store = open_store(db)
    if store is None:
        raise click.ClickException(f"no games stored in {db or default_db_path()} yet: nothing to resume")
    try:
        owner = owner_of(store.local_token())
        if game_id == LATEST:
            latest = latest_resumable(store, owner)
            if latest is None:
                raise click.ClickException(
                    f"no unfinished game of yours in {store.path} (see ginrummy history)"
                )
            game_id = latest.id
        try:
            core = load(store, game_id)
        except RecordError as exc:
            raise click.ClickException(str(exc)) from None
    finally:
        store.close()
    if core.seat_of(owner) != 0:
        raise click.ClickException(f"game {game_id} is not yours: it belongs to another player")
    if core.row.mode not in RESUMABLE_MODES:
        raise click.ClickException(f"game {game_id} is between two people: it goes on in the browser")
    if core.row.status != "playing":
        raise click.ClickException(f"game {game_id} is over ({_result(core.row)}): nothing to resume")
    return core


def stored_record(db: Path | None, game_id: str) -> AnyRecord:
    """The record of stored game ``game_id`` (any owner's; a game, match or team record), rebuilt
    from its seed and actions by the game core (:func:`ginrummy.session.load`). Raises
    :class:`~ginrummy.errors.RecordError` when there is no such game or it does not replay."""
    store = open_store(db)
    if store is None:
        raise RecordError(f"no store at {db or default_db_path()}")
    try:
        return load(store, game_id).record()
    finally:
        store.close()


def _result(row: GameRow) -> str:
    if row.ended == "abandoned":
        return f"abandoned in hand {row.hands_dealt}"
    resigned = " (resigned)" if row.ended == "resigned" else ""
    if row.status == "playing" and row.mode in RESUMABLE_MODES:
        return f"unfinished (hand {row.hands_dealt}): resumable"
    if row.status != "over" or not row.final:
        return f"playing (hand {row.hands_dealt})"
    totals = row.final.get("totals", [0, 0])
    winner = row.final.get("winner")
    if winner == 0:
        return f"{row.name} won {totals[0]} to {totals[1]}{resigned}"
    if winner == 1:
        return f"Computer won {totals[1]} to {totals[0]}{resigned}"
    return f"tied {totals[0]} to {totals[1]}"


def game_line(row: GameRow) -> tuple[str, ...]:
    """One game of the history: when, id, mode, level, rules, hands, result."""
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(row.created))
    return (when, row.id, row.mode, row.level, row.preset, str(row.hands_dealt), _result(row))


_STATS = (
    ("games", "games"),
    ("games_finished", "games finished"),
    ("games_won", "games won"),
    ("hands", "hands"),
    ("hands_won", "hands won"),
    ("hands_lost", "hands lost"),
    ("gins", "your gins"),
    ("gins_against", "gins against you"),
    ("undercuts", "your undercuts"),
    ("undercut_against", "you undercut"),
    ("points_per_hand", "points per hand"),
    ("resigned", "you resigned"),
    ("abandoned", "abandoned (not counted)"),
)
"""The rows of ``ginrummy stats``: the browser's statistics page's columns (``web/static/stats.js``)."""


def stats_tables(data: dict[str, Any]) -> list[Table | Text]:
    """One table per mode (rated, then practice) of :func:`~ginrummy.storage.stats.stats_json`'s
    rows: a row per statistic, a column per computer level (narrow enough for 80 columns)."""
    out: list[Table | Text] = []
    for mode in MODES:
        rows = data.get(mode, [])
        if not rows:
            out.append(Text(f"{mode.capitalize()} games: none yet."))
            continue
        table = Table(
            title=f"{mode.capitalize()} games, by computer level", title_justify="left", box=box.SIMPLE
        )
        table.add_column("")
        for row in rows:
            table.add_column(str(row["level"]), justify="right", no_wrap=True)
        for key, label in _STATS:
            table.add_row(label, *(str(row[key]) for row in rows))
        out.append(table)
    return out


@click.command()
@db_option
@click.option(
    "--limit", type=click.IntRange(min=1), default=50, show_default=True, help="Show at most N games."
)
@click.option(
    "--token",
    "show_token",
    is_flag=True,
    help="Print the local player's token, which lets a browser served on the same file list these games.",
)
@click.option(
    "--link",
    "show_link",
    is_flag=True,
    help="Print a link that opens these games in the browser (`ginrummy serve` on the same file).",
)
@click.option(
    "--url",
    default="http://127.0.0.1:8000",
    show_default=True,
    help="Where `ginrummy serve` answers, for --link.",
)
def history(db: Path | None, limit: int, show_token: bool, show_link: bool, url: str) -> None:
    """The games played in the terminal, newest first, with their result.

    Replay one with `ginrummy replay --stored ID`; go on with an unfinished one with
    `ginrummy play --resume ID`."""
    console = Console(highlight=False, soft_wrap=True)
    store = open_store(db, must_exist=not (show_token or show_link))
    if store is None:
        console.print(f"No games stored in {db or default_db_path()} yet.")
        return
    try:
        token = store.local_token()
        if show_link:
            console.print(
                Text(
                    f"{url.rstrip('/')}/history#claim={token}\nOpen it in the browser (ginrummy serve --db "
                    f"{store.path}) to see these games there: the page keeps this player's token. Keep the "
                    "link private: it plays as you."
                )
            )
            return
        if show_token:
            console.print(
                Text(
                    f"{token}\nTo see these games in the browser (ginrummy serve --db {store.path}), run "
                    f"localStorage.setItem('ginrummy.token', '{token}') in the page's console and reload."
                )
            )
            return
        rows = store.list_games(owner_of(token), limit)
    finally:
        store.close()
    if not rows:
        console.print(f"No games stored in {store.path} yet.")
        return
    console.print(Text(f"Games in {store.path}, newest first (replay one: ginrummy replay --stored ID)"))
    lines = [game_line(row) for row in rows]
    heads = ("when", "id", "mode", "computer", "rules", "hands", "result")
    widths = [max(len(x[i]) for x in [heads, *lines]) for i in range(len(heads))]
    for n, line in enumerate([heads, *lines]):
        text = "  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)).rstrip()
        console.print(Text(text, style="bold" if n == 0 else ""))
    if any(r.status == "playing" and r.mode in RESUMABLE_MODES for r in rows):
        console.print(Text("Go on with an unfinished game: ginrummy play --resume ID (no ID: the latest)."))


def review_lines_of(trend: dict[str, Any]) -> list[Text]:
    """The accuracy of the reviewed games (``ginrummy review --stored``), rated and practice
    apart: the mean and the last few, oldest first (:func:`ginrummy.storage.review_trend`)."""
    out = []
    for mode, t in trend.items():
        if t["games"]:
            last = " ".join(f"{a:.0f}" for a in t["last"])
            out.append(
                Text(
                    f"Review accuracy, {mode}: {t['mean']:.1f} over {t['games']} reviewed games (last: {last})"
                )
            )
    return out


@click.command()
@db_option
def stats(db: Path | None) -> None:
    """Statistics of the games played in the terminal: by computer level, rated and practice apart."""
    from ginrummy.review import ENGINE_VERSION  # (the review engine loads the agents: only here)

    console = Console(highlight=False, soft_wrap=True)
    store = open_store(db)
    if store is None:
        console.print(f"No games stored in {db or default_db_path()} yet.")
        return
    try:
        owner = owner_of(store.local_token())
        data = stats_json(store.list_games(owner, limit=1_000_000), store.hand_rows(owner))
        trend = review_trend(store.review_accuracies(owner, ENGINE_VERSION))
    finally:
        store.close()
    for table in stats_tables(data):
        console.print(table)
    for line in review_lines_of(trend):
        console.print(line)
