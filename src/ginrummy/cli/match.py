"""``ginrummy match AGENT AGENT``: duplicate-dealt games between two agents (:mod:`ginrummy.tournament`)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ginrummy.agents import AGENTS
from ginrummy.agents.peers import PEERS
from ginrummy.agents.sparring import SPARRING
from ginrummy.errors import GinRummyError
from ginrummy.protocol import is_cmd, parse_cmd
from ginrummy.rules import PRESETS, Rules
from ginrummy.tournament import report_lines, run_match

__all__ = ["cmd_or_choice", "match"]


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


@click.command()
@click.argument("agent_a", callback=_agent_name, metavar="AGENT")
@click.argument("agent_b", callback=_agent_name, metavar="AGENT")
@click.option(
    "--games",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    help="Games to play (rounded up to pairs).",
)
@click.option(
    "--rules",
    "preset",
    type=click.Choice(sorted(PRESETS), case_sensitive=False),
    default="default",
    show_default=True,
    help="Rules preset (see `ginrummy rules`).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the deals and of the agents.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object.")
@click.option(
    "--records",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Write every game's record (JSON) into this folder.",
)
@click.option("--no-progress", is_flag=True, help="Do not show the progress bar.")
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
) -> None:
    """Play games to the target between two agents with duplicate deals.

    Each deal sequence is played twice with the seats swapped. Prints games won with a
    95% confidence interval, Elo difference, points per hand, gin/undercut/dead rates
    and decision times. AGENT is a level (random, simple, beginner, strong, expert) or
    an outside peer (openspiel, rlcard; needs `pip install -e .[peers]`), or cmd:COMMAND,
    a program in any language speaking the bot protocol (docs/protocol.md), e.g.
    "cmd:python3 bots/simple_bot.py". A bot that crashes, hangs past its time budget or
    answers with garbage or an illegal move forfeits that game (reported)."""
    rules = Rules.preset(preset)
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
                result = run_match(
                    [agent_a, agent_b],
                    games,
                    rules,
                    seed,
                    jobs,
                    records is not None,
                    on_progress=lambda done, total: bar.update(task, completed=done),
                )
        else:
            result = run_match([agent_a, agent_b], games, rules, seed, jobs, records is not None)
    except ImportError as exc:
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
