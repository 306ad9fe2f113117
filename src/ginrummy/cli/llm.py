"""``ginrummy llm-play --model cmd:COMMAND``: a language model against a level
(:mod:`ginrummy.research.llm_play`)."""

from __future__ import annotations

import json

import click

from ginrummy.agents import AGENTS
from ginrummy.cli.usage import rules_option, seed_option
from ginrummy.errors import GinRummyError

__all__ = ["llm_play_cmd"]

_HELP = """Play a language model against a level through the text harness.

    The model is a command, --model "cmd:COMMAND" (e.g. "cmd:python3 my_model.py"): for each
    move it is run with the prompt on standard input (the player's view in words: nothing
    hidden, the moves offered) and its standard output is the reply (ending with a line
    `Final answer: <move>`). A refused reply is asked again with the reason (--retries times);
    a model still refused forfeits the hand or game. A command that fails or takes longer than
    --timeout seconds gives an empty reply. Reports the model's win rate, its points, and the
    rates of refused replies, retries, failed commands and forfeits."""


@click.command("llm-play", help=_HELP)
@click.option("--model", "model_spec", required=True, help='The model: "cmd:COMMAND".')
@click.option(
    "--opponent",
    type=click.Choice(list(AGENTS), case_sensitive=False),
    default="simple",
    show_default=True,
    help="The level the model plays against.",
)
@click.option("--hands", type=click.IntRange(min=1), default=10, show_default=True, help="Hands to play.")
@click.option(
    "--games", type=click.IntRange(min=1), default=None, help="Play this many whole games instead of hands."
)
@rules_option
@seed_option("the level")
@click.option(
    "--retries", type=click.IntRange(min=0), default=2, show_default=True, help="Asks again after a refusal."
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0.01),
    default=60.0,
    show_default=True,
    help="Seconds the model may take per reply.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as one JSON object.")
def llm_play_cmd(
    model_spec: str,
    opponent: str,
    hands: int,
    games: int | None,
    preset: str,
    seed: int,
    retries: int,
    timeout: float,
    as_json: bool,
) -> None:
    from ginrummy.research.llm_play import command_model, llm_play

    try:
        model = command_model(model_spec, timeout)
    except GinRummyError as exc:
        raise click.BadParameter(str(exc), param_hint="'--model'") from None
    name = model_spec if len(model_spec) <= 40 else model_spec[:39] + "…"
    report = llm_play(
        model,
        opponent.lower(),
        hands,
        games=games or 0,
        rules=preset.lower(),
        seed=seed,
        retries=retries,
        name=name,
    )
    if as_json:
        click.echo(json.dumps(report.summary()))
    else:
        for line in report.lines():
            click.echo(line)
