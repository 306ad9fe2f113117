"""The ``ginrummy`` click group: option parsing for each command, over thin modules.

``play`` (:mod:`ginrummy.cli.session`), ``analyze`` and ``layoff``
(:mod:`ginrummy.cli.analyze`), ``replay`` (:mod:`ginrummy.cli.replay`) and ``rules``
(:mod:`ginrummy.cli.presets`). Every error is one line on standard error (``ginrummy CMD: error:
...``, :mod:`ginrummy.cli.usage`); usage errors exit with status 2, other errors with 1.
"""

from __future__ import annotations

import importlib.metadata
import json
import random
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from ginrummy.agents import AGENTS
from ginrummy.cli.analyze import (
    analysis_lines,
    analyze_hand,
    layoff_lines,
    layoff_plan,
    parse_hand,
    parse_knocker_melds,
    run_lines,
)
from ginrummy.cli.history import LATEST, db_option, history, open_store, resumed_game, stats, stored_record
from ginrummy.cli.llm import llm_play_cmd
from ginrummy.cli.match import bot_game_ms, bot_game_time_option, bot_time_ms, bot_time_option, cmd_or_choice
from ginrummy.cli.match import match as match_cmd
from ginrummy.cli.presets import preset_lines, presets_lines
from ginrummy.cli.render import use_glyphs
from ginrummy.cli.replay import load_record, record_lines
from ginrummy.cli.review import review
from ginrummy.cli.serve import serve, verify
from ginrummy.cli.session import PlaySession
from ginrummy.cli.usage import PRESET_CHOICE, OneLineGroup, rules_option, stdin_lines
from ginrummy.compiled import build
from ginrummy.errors import GinRummyError, IllegalActionError, StoreError, quoted
from ginrummy.melds import Meld
from ginrummy.protocol import BotError, close_agent, forfeit_of, is_cmd
from ginrummy.rules import Rules
from ginrummy.scoring.sheet import SHEET_LAYOUTS, SheetLayout
from ginrummy.storage import Store
from ginrummy.variants import deal_hand

__all__ = ["main"]


def _console() -> Console:
    """A console on standard output that prints text literally and never wraps lines."""
    return Console(highlight=False, soft_wrap=True)


def _print(console: Console, lines: Iterable[Text]) -> None:
    for line in lines:
        console.print(line)


def _set_option(f: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--set",
        "settings",
        multiple=True,
        metavar="KEY=VALUE",
        help="Change one setting of the preset, e.g. --set target=50 (repeatable; "
        "`ginrummy rules PRESET` lists the settings).",
    )(f)


def _rules_from(preset: str, settings: tuple[str, ...]) -> Rules:
    """The preset's rules with each ``--set`` assignment applied; a bad one is a usage error
    (exit 2) naming the valid settings or values."""
    rules = Rules.preset(preset)
    for assignment in settings:
        try:
            rules = rules.with_setting(assignment)
        except GinRummyError as exc:
            raise click.BadParameter(f"{quoted(assignment)}: {exc}", param_hint="--set") from None
    return rules


def _json_option(f: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--json", "as_json", is_flag=True, help="Print one JSON object per line.")(f)


_sheet_option = click.option(
    "--sheet",
    "sheet_layout",
    type=click.Choice(SHEET_LAYOUTS),
    default="hands",
    show_default=True,
    help="Score sheet layout: hands (one row per hand, bonuses labelled) or paper (the sources' sheet).",
)


def _version() -> str:
    """The installed version and which build runs: ``0.1.0 (compiled: mypyc)`` or ``0.1.0 (pure
    Python)`` (:func:`ginrummy.compiled.build`)."""
    try:
        version = importlib.metadata.version("ginrummy")
    except importlib.metadata.PackageNotFoundError:  # run from a source folder, not installed
        version = "unknown (not installed)"
    return f"{version} ({build()})"


@click.group(
    "ginrummy",
    cls=OneLineGroup,
    invoke_without_command=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(_version(), "--version", "-V", prog_name="ginrummy", message="%(prog)s %(version)s")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Gin Rummy in the terminal: play the computer, analyse hands, replay records.

    Every command has its own help: ginrummy COMMAND --help."""
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


@main.command()
@rules_option
@_set_option
@click.option("--seed", type=int, default=None, help="Seed of the deals (default: random, printed).")
@click.option(
    "--opponent",
    callback=cmd_or_choice(sorted(AGENTS)),
    default="simple",
    show_default=True,
    help=f"The computer player: {', '.join(sorted(AGENTS))}, or cmd:COMMAND, a bot speaking the "
    "bot protocol (docs/protocol.md).",
)
@click.option("--name", default="You", show_default=True, help="Your name on the score sheet.")
@_sheet_option
@click.option(
    "--save",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    help="Write the game record (JSON) to FILE after every hand and on quitting.",
)
@click.option("--ascii", "ascii_", is_flag=True, help="Write suits as letters (7h) instead of symbols.")
@bot_time_option
@bot_game_time_option
@click.option(
    "--plain",
    is_flag=True,
    help="Play line by line (as when input or output is not a terminal) instead of at the full-screen table.",
)
@click.option(
    "--practice",
    is_flag=True,
    help="A practice game: hints (hint) and undo (u) allowed. Without it the game is rated: "
    "neither, and the statistics count it as rated.",
)
@db_option
@click.option("--no-db", is_flag=True, help="Do not store the game (for history and statistics).")
@click.option(
    "--resume",
    metavar="[ID]",
    is_flag=False,
    flag_value=LATEST,
    default=None,
    help="Go on with the stored game ID where it stopped (no ID: your latest unfinished game), "
    "begun here or in the browser (see `ginrummy history`).",
)
def play(
    preset: str,
    settings: tuple[str, ...],
    seed: int | None,
    opponent: str,
    name: str,
    sheet_layout: SheetLayout,
    save: Path | None,
    ascii_: bool,
    bot_time: float,
    bot_game_time: float | None,
    plain: bool,
    practice: bool,
    db: Path | None,
    no_db: bool,
    resume: str | None,
) -> None:
    """Play against the computer, to the end of what the rules make.

    A game to the target, a Hollywood set of three games, a match of games (best of N or
    to a total) or team play, as the preset and --set say. In a terminal the game is played
    at a full-screen table (? lists the keys); with --plain, or when input or output is not a
    terminal, line by line (type ? at the prompt for the commands). Each game is stored as it
    is played (--db, shared with the browser) for `ginrummy history` and `ginrummy stats`,
    unless --no-db."""
    core = None if resume is None else resumed_game(db, resume, no_db)
    rules = _rules_from(preset, settings) if core is None else core.rules
    try:
        # rules this terminal game cannot deal are refused here
        deal_hand(rules, 0, random.Random(0))
    except GinRummyError as exc:
        raise click.BadParameter(f"{preset}: {exc}", param_hint="--rules/--set") from None
    name = " ".join(name.split())
    if not name or name.lower() == "computer":
        raise click.BadParameter("choose a name other than '' or 'Computer'", param_hint="--name")
    if save is not None and not save.resolve().parent.is_dir():
        raise click.BadParameter(f"no folder {str(save.resolve().parent)!r} to save in", param_hint="--save")
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    store = None if no_db else _store_for_play(db)
    if core is not None:  # the stored game's settings, not the options' (the game keeps its own)
        settings = ()
    if not plain and _full_screen(rules):
        from ginrummy.cli.tui import TableFlow, run_table  # Textual loads only for the table

        flow = TableFlow(
            rules,
            seed=seed,
            opponent=opponent if is_cmd(opponent) else opponent.lower(),
            name=name,
            save=save,
            glyphs=not ascii_ and use_glyphs(_console()),
            preset=preset.lower(),
            changed=settings,
            sheet=sheet_layout,
            practice=practice,
            store=store,
            bot_time_ms=bot_time_ms(bot_time),
            bot_game_ms=bot_game_ms(bot_game_time),
            resume=core,
            offer=core is None,
        )
        try:
            forfeit = run_table(flow)
        finally:
            if store is not None:
                store.close()
        if forfeit is not None:
            click.echo(forfeit)
        sys.exit(0)
    session = PlaySession(
        rules,
        seed=seed,
        opponent=opponent if is_cmd(opponent) else opponent.lower(),
        name=name,
        console=_console(),
        save=save,
        glyphs=False if ascii_ else None,
        preset=preset.lower(),
        changed=settings,
        sheet=sheet_layout,
        bot_time_ms=bot_time_ms(bot_time),
        bot_game_ms=bot_game_ms(bot_game_time),
        practice=practice,
        store=store,
        resume=core,
    )
    try:
        status = _run_session(session)
    finally:
        if session.store is not None:
            session.store.close()
    sys.exit(status)


def _store_for_play(db: Path | None) -> Store | None:
    """The store a game is written to; a file that cannot be opened is said (one line) and not used."""
    try:
        return open_store(db, must_exist=False)
    except StoreError as exc:
        click.echo(f"ginrummy play: warning: {exc}; the game is not stored.", err=True)
        return None


def _full_screen(rules: Rules) -> bool:
    """Whether ``ginrummy play`` opens the full-screen table: when standard input and output are
    both a terminal and the table plays these rules (the standard game and discard-pile pickup:
    every variant); else the line mode."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    from ginrummy.cli.tui.app import TABLES  # Textual loads only for the table

    return rules.variant in TABLES


def _run_session(session: PlaySession) -> int:
    """Run ``session``; a ``cmd:`` opponent that fails (crash, timeout, garbage, illegal move)
    forfeits: the person wins by forfeit, said in so many words. Ends the bot's process."""
    try:
        return session.run()
    except (BotError, IllegalActionError) as exc:
        error = forfeit_of(exc, session.agent)
        if error is None:
            raise
        click.echo(
            f"\nThe computer player {session.opponent} forfeits the game ({error.kind}: {error.detail}). "
            "You win by forfeit."
        )
        session.forfeited(error.kind, error.detail)
        return 0
    finally:
        close_agent(session.agent)


@main.command()
@click.argument("hands", nargs=-1, metavar="[HAND]...")
@_json_option
@click.option("--all", "all_", is_flag=True, help="Show every least-deadwood arrangement.")
@rules_option
@_set_option
def analyze(
    hands: tuple[str, ...], as_json: bool, all_: bool, preset: str, settings: tuple[str, ...]
) -> None:
    """Analyse hands: deadwood and melds (10 cards), best discards (11).

    10 cards: the least deadwood and a best arrangement. 11 cards: the best discards,
    the deadwood left, and whether it can knock, go gin or big gin. Each HAND is a quoted list of cards such as "7h 8h 9h Tc 10d Qs ...". With no HAND,
    hands are read from standard input, one per line.
    """
    rules = _rules_from(preset, settings)
    console = _console()
    first = [True]

    def emit(cards: list[Any]) -> None:
        data = analyze_hand(cards, rules, all_)
        if as_json:
            click.echo(json.dumps(data))
            return
        if not first[0]:
            console.print()
        first[0] = False
        _print(console, analysis_lines(data, rules))

    if hands:
        parsed = []
        for text in hands:
            try:
                parsed.append(parse_hand(text))
            except GinRummyError as exc:
                raise click.BadParameter(f"{quoted(text)}: {exc}", param_hint="HAND") from None
        for cards in parsed:
            emit(cards)
        return
    status = run_lines(stdin_lines(), lambda line: emit(parse_hand(line)), _reporter("analyze"))
    if status is None:
        raise click.UsageError("no hands given: give HAND arguments, or one hand per line on standard input")
    sys.exit(status)


def _reporter(command: str) -> Callable[[str], None]:
    """Reports a bad line of standard input as one line on standard error."""

    def report(message: str) -> None:
        click.echo(f"ginrummy {command}: error: {message}", err=True)

    return report


@main.command()
@click.option(
    "--melds",
    "melds_arg",
    required=True,
    metavar="MELDS",
    help='The knocker\'s melds, separated by "|", e.g. "7c 7s 7d | 8h 9h Th".',
)
@click.option(
    "--hand", default=None, help="The defender's cards; without it, hands are read from standard input."
)
@_json_option
@rules_option
@_set_option
def layoff(melds_arg: str, hand: str | None, as_json: bool, preset: str, settings: tuple[str, ...]) -> None:
    """The defender's best layoffs against a knocker's melds.

    Prints the defender's own melds, each card laid off and on which knocker's meld
    (numbered from 1), and the deadwood left. Under rules with aces high and low
    (e.g. --rules hollywood-aces) runs may turn the corner and an unmelded ace counts 15."""
    rules = _rules_from(preset, settings)
    try:
        melds: list[Meld] = parse_knocker_melds(melds_arg, rules)
    except GinRummyError as exc:
        raise click.BadParameter(str(exc), param_hint="--melds") from None
    console = _console()
    first = [True]

    def emit(text: str) -> None:
        data = layoff_plan(melds, parse_hand(text, sizes=None), rules)
        if as_json:
            click.echo(json.dumps(data))
            return
        if not first[0]:
            console.print()
        first[0] = False
        _print(console, layoff_lines(data, melds, rules))

    if hand is not None:
        try:
            emit(hand)
        except GinRummyError as exc:
            raise click.BadParameter(str(exc), param_hint="--hand") from None
        return
    status = run_lines(stdin_lines(), emit, _reporter("layoff"))
    if status is None:
        raise click.UsageError("no hands given: give --hand, or one hand per line on standard input")
    sys.exit(status)


@main.command()
@click.argument("file", required=False, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--stored", metavar="ID", default=None, help="Replay the stored game ID (see `ginrummy history`)."
)
@db_option
@click.option("--hand", "hand_number", type=click.IntRange(min=1), default=None, help="Show only hand N.")
@click.option(
    "--game",
    "game_number",
    type=click.IntRange(min=1),
    default=None,
    help="Match records: show only game N (with --hand: hand N of it).",
)
@click.option("--ascii", "ascii_", is_flag=True, help="Write suits as letters (7h) instead of symbols.")
@_sheet_option
def replay(
    file: Path | None,
    stored: str | None,
    db: Path | None,
    hand_number: int | None,
    game_number: int | None,
    ascii_: bool,
    sheet_layout: SheetLayout,
) -> None:
    """Print a saved hand, game, match or team record step by step (FILE), or a stored game
    (--stored ID, from --db).

    Both hands, every action (with the cards drawn), each hand laid down, and for a
    game the score sheet (for a match, each game and the match sheet)."""
    console = _console()
    glyphs = not ascii_ and use_glyphs(console)
    if (file is None) == (stored is None):
        raise click.UsageError("give a record FILE or --stored ID (not both)")
    try:
        record = load_record(file) if file is not None else stored_record(db, stored or "")
        lines = record_lines(record, glyphs, hand_number, game_number, sheet_layout)
    except GinRummyError as exc:
        raise click.ClickException(str(exc)) from None
    _print(console, lines)


@main.command("rules")
@click.argument("preset", required=False, type=PRESET_CHOICE, metavar="[PRESET]")
def rules_cmd(preset: str | None) -> None:
    """List the rules presets, or every setting of PRESET."""
    _print(_console(), preset_lines(preset) if preset else presets_lines())


main.add_command(serve)
main.add_command(verify)
main.add_command(history)
main.add_command(stats)
main.add_command(review)


main.add_command(match_cmd)
main.add_command(llm_play_cmd)
