"""``ginrummy serve`` (play in the browser) and ``ginrummy verify`` (check a fair deal).

``serve`` needs the optional ``web`` dependencies (``pip install -e '.[web]'``), imported
only when it runs; ``verify`` needs nothing beyond the standard library.
"""

from __future__ import annotations

import json
import threading
import webbrowser
from pathlib import Path
from typing import Any

import click

from ginrummy.cli.match import bot_game_ms, bot_game_time_option, bot_time_ms, bot_time_option, cmd_or_choice
from ginrummy.errors import GinRummyError
from ginrummy.protocol import is_cmd
from ginrummy.records import GameRecord
from ginrummy.web.fairness import verify_deal

__all__ = ["serve", "verify"]


def _bot_command(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--opponent``: ``cmd:COMMAND`` (the program must exist), or nothing."""
    if value is None:
        return None
    if not is_cmd(value):
        raise click.BadParameter("give a bot as cmd:COMMAND (levels are chosen in the page)", ctx, param)
    return cmd_or_choice(())(ctx, param, value)


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="Port (0: any free port)."
)
@click.option(
    "--db",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="SQLite file of the games (default: ginrummy/games.sqlite3 in the user's data folder).",
)
@click.option("--open", "open_", is_flag=True, help="Open the page in the web browser.")
@click.option(
    "--workers",
    type=click.IntRange(0, 256),
    default=None,
    help="Processes for the slower computer levels' moves (default: one per CPU; 0: none, in threads).",
)
@click.option(
    "--opponent",
    callback=_bot_command,
    default=None,
    metavar="cmd:COMMAND",
    help="A bot speaking the bot protocol (docs/protocol.md) plays the computer in every game, "
    "whatever level the page chose; one process per game; a bot that fails forfeits the game.",
)
@bot_time_option
@bot_game_time_option
def serve(
    host: str,
    port: int,
    db: Path | None,
    open_: bool,
    workers: int | None,
    opponent: str | None,
    bot_time: float,
    bot_game_time: float | None,
) -> None:
    """Play Gin Rummy in the browser: start a local web server and print its address."""
    try:
        import uvicorn

        from ginrummy.storage.store import default_db_path
        from ginrummy.web.app import create_app
        from ginrummy.web.workers import default_workers
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise click.ClickException(
            f"the web server needs the 'web' extra ({exc.name} is missing): pip install -e '.[web]'"
        ) from None
    path = db or default_db_path()
    app = create_app(path, workers=default_workers() if workers is None else workers)
    if opponent is not None:
        from ginrummy.web.botplayer import use_bot

        use_bot(app, opponent, bot_time_ms(bot_time), bot_game_ms(bot_game_time))
    # open live streams (server-sent events) never end by themselves: give them 2 s on stopping
    config = uvicorn.Config(
        app, host=host, port=port, log_level="warning", access_log=False, timeout_graceful_shutdown=2
    )
    server = uvicorn.Server(config)

    def announce() -> None:
        while not server.started:
            if server.should_exit:
                return
            threading.Event().wait(0.05)
        bound = port
        for s in server.servers:
            for sock in s.sockets:
                bound = sock.getsockname()[1]
        shown = "localhost" if host in ("127.0.0.1", "::1", "localhost") else host
        url = f"http://{shown}:{bound}/"
        click.echo(f"Gin Rummy is served at {url} (games in {path}); Ctrl-C stops.", err=False)
        if open_:
            webbrowser.open(url)

    threading.Thread(target=announce, daemon=True).start()
    server.run()


@click.command()
@click.argument("record", required=False, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--commitment", help="The hash shown before the hand.")
@click.option("--seed", type=int, help="The seed revealed after the hand.")
@click.option("--salt", help="The salt revealed with the seed.")
@click.option("--deck", help="The deck dealt (52 cards in dealing order), to check it came from the seed.")
def verify(
    record: Path | None, commitment: str | None, seed: int | None, salt: str | None, deck: str | None
) -> None:
    """Check a fair deal: that a revealed seed opens the commitment shown before the hand.

    Either give --commitment, --seed and --salt (and optionally --deck), or a game RECORD
    downloaded from the server (/api/games/ID/record), whose every hand is checked and replayed."""
    if record is None:
        if commitment is None or seed is None or salt is None:
            raise click.UsageError("give a RECORD file, or --commitment, --seed and --salt")
        check = verify_deal(commitment, seed, salt, deck)
        click.echo(("OK: " if check.ok else "FAILED: ") + check.message)
        click.echo("deck: " + " ".join(str(c) for c in check.deck))
        raise SystemExit(0 if check.ok else 1)
    text = record.read_text()
    try:
        data: dict[str, Any] = json.loads(text)
        game = GameRecord.load(text)
        game.replay()
    except (GinRummyError, json.JSONDecodeError) as exc:
        raise click.ClickException(f"{record}: {exc}") from None
    fairness = data.get("fairness") or []
    if len(fairness) < len(game.hands):
        raise click.ClickException(
            f"{record}: the game replays correctly, move by move, but its deals cannot be checked: "
            "only a game played in the browser shows, before each hand, a code that the deal must "
            "match (download its record from /api/games/ID/record); a game played in the terminal has none"
        )
    failed = 0
    for f, hand in zip(fairness, game.hands, strict=False):
        check = verify_deal(
            str(f["commitment"]), int(f["seed"]), str(f["salt"]), " ".join(str(c) for c in hand.deck)
        )
        ok = check.ok and hand.seed == int(f["seed"])
        failed += not ok
        click.echo(f"hand {f['hand']}: {'OK' if ok else 'FAILED'}: {check.message}")
    click.echo(
        f"the game replays from seed {game.seed}; {len(game.hands) - failed} of {len(game.hands)} deals verified"
    )
    raise SystemExit(1 if failed else 0)
