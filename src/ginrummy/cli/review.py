"""``ginrummy review``: every decision of one seat of a finished hand or game rated
(:mod:`ginrummy.review`), from a record file or a stored game.

The text output gives, per hand, each rated decision that was not the best (its class, the
points lost with their ±, the better move and its value, the hint's reason), the hand's figures,
then the game's (expected loss, accuracy, the three largest mistakes) and, marked apart,
hindsight (what the real cards would have paid). ``--json`` prints the review as one JSON
object (:meth:`ginrummy.review.GameReview.to_json`). Progress goes to standard error, so the
JSON on standard output stays clean. A game still going is refused (the two-person rule,
:mod:`ginrummy.review.review`).
"""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from ginrummy.cli.history import db_option, open_store
from ginrummy.cli.replay import load_record
from ginrummy.errors import GinRummyError, RecordError
from ginrummy.records import AnyRecord
from ginrummy.review import QUICK_SAMPLES, SAMPLES, DecisionReview, Figures, GameReview, review_record
from ginrummy.session import load
from ginrummy.storage import default_db_path

__all__ = ["review", "review_lines"]

STYLE = {"best": "green", "good": "green", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "red"}


def _stored(db: Path | None, game_id: str) -> tuple[AnyRecord, bool]:
    """The stored game's record and whether it is over (ended early by a player counts)."""
    store = open_store(db)
    if store is None:
        raise RecordError(f"no store at {db or default_db_path()}")
    try:
        core = load(store, game_id)
        return core.record(), core.row.status == "over" or core.row.ended is not None
    finally:
        store.close()


def _decision_line(d: DecisionReview) -> Text:
    text = Text(f"  {d.index:>3} {d.phase:<8} ")
    text.append(f"{d.klass:<10}", style=STYLE[d.klass])
    text.append(
        f" {d.chosen.action}: {d.chosen.value:+.1f} ±{d.chosen.se:.1f}; best {d.best.action}: "
        f"{d.best.value:+.1f} ±{d.best.se:.1f}; lost {d.loss:.1f} ±{d.loss_se:.1f}"
    )
    if d.reason:
        text.append(f"\n      {d.reason}", style="dim")
    return text


def _figures_line(label: str, f: Figures) -> Text:
    acc = "-" if f.accuracy is None else f"{f.accuracy:.1f}"
    counts = ", ".join(f"{n} {k}" for k, n in f.classes.items() if n)
    return Text(
        f"{label}: {f.decisions} decisions, expected loss {f.loss:.1f} ±{f.loss_se:.1f} points, "
        f"accuracy {acc} ({counts or 'none rated'})",
        style="bold",
    )


def review_lines(r: GameReview) -> list[Text]:
    """The review as lines of text (see the module docstring)."""
    out = [
        Text(f"Review of {r.name} (seat {r.seat}), {r.samples} worlds per decision, seed {r.seed}", "bold")
    ]
    for h in r.hands:
        res = h.result
        out.append(Text(f"Hand {h.number}: {res['outcome']}, winner {res['winner']}, {res['points']} points"))
        out += [_decision_line(d) for d in h.decisions if d.klass != "best"]
        out.append(_figures_line(f" hand {h.number}", h.figures))
    out.append(_figures_line("Game", r.figures))
    for d in r.figures.worst:
        out.append(Text(f"  largest: hand {d.hand}, action {d.index}: {d.klass}, lost {d.loss:.1f} points"))
    gain = sum(h.hindsight_gain for h in r.hands)
    out.append(
        Text(
            f"Hindsight (all cards known; not part of the rating): the best moves in the real deal "
            f"would have added {gain:.1f} points",
            style="italic",
        )
    )
    for h in r.hands:
        for d in h.decisions:
            if d.hindsight is not None and d.hindsight.gained >= 10:
                out.append(
                    Text(
                        f"  hand {h.number}, action {d.index}: {d.hindsight.best} would have paid "
                        f"{d.hindsight.gained:.0f} more than {d.chosen.action}",
                        style="italic",
                    )
                )
    return out


@click.command()
@click.argument("file", required=False, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--stored", metavar="ID", default=None, help="Review the stored game ID (see `ginrummy history`)."
)
@db_option
@click.option("--seat", type=click.IntRange(0, 1), default=0, show_default=True, help="The seat reviewed.")
@click.option("--json", "as_json", is_flag=True, help="Print the review as one JSON object.")
@click.option("--quick", is_flag=True, help=f"{QUICK_SAMPLES} worlds per decision instead of {SAMPLES}.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sampled worlds.")
def review(
    file: Path | None, stored: str | None, db: Path | None, seat: int, as_json: bool, quick: bool, seed: int
) -> None:
    """Rate every decision of SEAT in a finished hand or game (FILE, or --stored ID from --db):
    each choice's expected points from what the seat could see, the best alternative, the points
    lost (±), a class (best, good, inaccuracy, mistake, blunder) and an accuracy. Games still
    going are refused."""
    if (file is None) == (stored is None):
        raise click.UsageError("give a record FILE or --stored ID (not both)")
    err = Console(stderr=True, highlight=False)
    try:
        record, finished = (load_record(file), None) if file is not None else _stored(db, stored or "")
        with Progress(
            TextColumn("reviewing"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=err,
            transient=True,
            disable=not err.is_terminal,  # no stray lines on a redirected standard error
        ) as bar:
            task = bar.add_task("review", total=None)
            result = review_record(
                record,
                seat,
                QUICK_SAMPLES if quick else SAMPLES,
                seed,
                lambda done, total: bar.update(task, completed=done, total=total),
                finished or None,
            )
    except GinRummyError as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(json.dumps(result.to_json()))
        return
    console = Console(highlight=False, soft_wrap=True)
    for line in review_lines(result):
        console.print(line)
