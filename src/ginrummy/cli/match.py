"""``ginrummy match AGENT AGENT``: duplicate-dealt games between two agents (:mod:`ginrummy.tournament`)."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ginrummy.agents import AGENTS, BY_STRENGTH
from ginrummy.agents.peers import PEERS
from ginrummy.agents.sparring import SPARRING
from ginrummy.cli.usage import rules_option, seed_option
from ginrummy.errors import GinRummyError
from ginrummy.protocol import is_cmd, parse_cmd
from ginrummy.protocol.bot import DEFAULT_TIME_MS
from ginrummy.rules import Rules
from ginrummy.tournament import MatchResult, default_factory, report_lines, run_match
from ginrummy.tournament.backends import BACKENDS

__all__ = ["bot_game_time_option", "bot_time_option", "cmd_or_choice", "match"]

bot_time_option = click.option(
    "--bot-time",
    "bot_time",
    type=click.FloatRange(min=0.01, max=3600),
    default=DEFAULT_TIME_MS / 1000,
    show_default=True,
    help="Seconds a cmd: bot may think per decision; a bot that takes longer forfeits the game "
    "(docs/protocol.md).",
)
"""``--bot-time SECONDS``: a ``cmd:`` player's budget per decision (passed as ``bot_time``)."""

bot_game_time_option = click.option(
    "--bot-game-time",
    "bot_game_time",
    type=click.FloatRange(min=0.001, max=864000),
    default=None,
    help="Seconds a cmd: bot may think in all its decisions of one game (as in the EAAI challenge); "
    "a bot that uses more forfeits the game (docs/protocol.md). Default: no such budget.",
)
"""``--bot-game-time SECONDS``: a ``cmd:`` player's budget per game (passed as ``bot_game_time``)."""


def bot_time_ms(seconds: float) -> int:
    """``--bot-time`` in whole milliseconds (at least 1)."""
    return max(1, round(seconds * 1000))


def bot_game_ms(seconds: float | None) -> int | None:
    """``--bot-game-time`` in whole milliseconds (at least 1), or ``None`` when not given."""
    return None if seconds is None else bot_time_ms(seconds)


def cmd_or_choice(choices: Iterable[str]) -> Callable[[click.Context, click.Parameter, str], str]:
    """A click callback accepting one of ``choices`` (any case, returned as written in
    ``choices``) or ``cmd:COMMAND`` (a bot over the protocol, ``docs/protocol.md``; the program
    must exist)."""
    choice = click.Choice(list(choices), case_sensitive=False)

    def check(ctx: click.Context, param: click.Parameter, value: str) -> str:
        if is_cmd(value):
            try:
                parse_cmd(value)
            except GinRummyError as exc:
                raise click.BadParameter(str(exc), ctx, param) from None
            return value
        return str(choice.convert(value, param, ctx))

    return check


_agent_name = cmd_or_choice([*AGENTS, *SPARRING, *PEERS])


_LEVELS = [*BY_STRENGTH, *(name for name in AGENTS if name not in BY_STRENGTH)]

_HELP = f"""Play games to the target between two agents with duplicate deals.

    Each deal sequence is played twice with the seats swapped. Prints games won with a
    95% confidence interval, Elo difference, points per hand, gin/undercut/dead rates
    and decision times.

    AGENT is one of these (any case):

    \b
    levels:            {", ".join(_LEVELS)} (weakest first)
    sparring partners: {", ".join(SPARRING)}
    outside peers:     {", ".join(PEERS)} (need pip install -e '.[peers]')
    a bot:             cmd:COMMAND, a program in any language speaking the
                       bot protocol (docs/protocol.md),
                       e.g. "cmd:python3 bots/simple_bot.py"

    A bot that crashes, hangs past its time budget or answers with garbage or an illegal move
    forfeits that game (reported, and written into the game's record with --records). With
    --backend ray the games are spread over a Ray cluster (pip install -e '.[cluster]'), with
    the same results as local processes."""


@click.command(help=_HELP)
@click.argument("agent_a", callback=_agent_name, metavar="AGENT")
@click.argument("agent_b", callback=_agent_name, metavar="AGENT")
@click.option(
    "--games",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    help="Games to play (rounded up to pairs).",
)
@rules_option
@seed_option("the agents")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object.")
@click.option(
    "--records",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Write every game's record (JSON) into this folder.",
)
@click.option("--no-progress", is_flag=True, help="Do not show the progress bar.")
@bot_time_option
@bot_game_time_option
@click.option(
    "--backend",
    type=click.Choice(BACKENDS),
    default="process",
    show_default=True,
    help="Where the games run: local processes (--jobs), or a Ray cluster (the 'cluster' extra); "
    "the results are the same.",
)
@click.option(
    "--address",
    default=None,
    help="The Ray cluster to use with --backend ray (e.g. auto, or ray://HOST:10001; default: a "
    "local Ray with --jobs CPUs).",
)
def match(
    agent_a: str,
    agent_b: str,
    games: int,
    preset: str,
    seed: int,
    jobs: int,
    as_json: bool,
    records: Path | None,
    no_progress: bool,
    bot_time: float,
    bot_game_time: float | None,
    backend: str,
    address: str | None,
) -> None:
    if address is not None and backend != "ray":
        raise click.BadParameter("--address is for --backend ray", param_hint="--address")
    rules = Rules.preset(preset)
    factory = functools.partial(
        default_factory, bot_time_ms=bot_time_ms(bot_time), bot_game_ms=bot_game_ms(bot_game_time)
    )

    def run(on_progress: Callable[[int, int], None] | None = None) -> MatchResult:
        names = [agent_a, agent_b]
        return run_match(
            names, games, rules, seed, jobs, records is not None, factory, on_progress, backend, address
        )

    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    console = Console(stderr=True)
    show = not no_progress and console.is_terminal
    try:
        if show:
            with Progress(
                TextColumn(f"{agent_a} vs {agent_b}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=console,
            ) as bar:
                task = bar.add_task("games", total=2 * ((games + 1) // 2))
                result = run(lambda done, total: bar.update(task, completed=done))
        else:
            result = run()
    except ImportError as exc:
        if exc.name == "ray":
            raise click.ClickException(f"--backend ray: {exc}") from None
        raise click.ClickException(f"a peer engine is not installed: {exc}") from None
    if records is not None:
        for g in result.games:
            if g.record is not None:
                name = f"game-{g.pair:05d}-{'b' if g.swapped else 'a'}.json"
                (records / name).write_text(g.record)
    summary = result.summary()
    if as_json:
        click.echo(json.dumps(summary))
    else:
        for line in report_lines(summary):
            click.echo(line)
