"""``ginrummy review``: every decision of one seat of a finished hand or game rated
(:mod:`ginrummy.review`), from a record file or a stored game.

The text output gives, per hand, each rated decision that was not the best (its class, the
points lost with their ±, the better move and its value, the hint's reason), the hand's figures,
then the game's (expected loss, accuracy, the three largest mistakes) and, marked apart,
hindsight (what the real cards would have paid). ``--json`` prints the review as one JSON
object (:meth:`ginrummy.review.GameReview.to_json`). Progress goes to standard error, so the
JSON on standard output stays clean. A game still going is refused (the two-person rule,
:mod:`ginrummy.review.review`). A stored game's review is kept in the store
(:meth:`ginrummy.storage.Store.save_review`, by seat, samples, seed and the review engine's
:data:`~ginrummy.review.ENGINE_VERSION`): a second look is instant,
and ``ginrummy stats`` shows the accuracy of the reviewed games.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from ginrummy.cli.history import db_option, open_store
from ginrummy.cli.replay import load_record
from ginrummy.errors import GinRummyError, RecordError
from ginrummy.records import AnyRecord
from ginrummy.review import ENGINE_VERSION, QUICK_SAMPLES, SAMPLES, review_record
from ginrummy.session import load
from ginrummy.storage import Store, default_db_path

__all__ = ["review", "review_lines"]

HINDSIGHT_SHOWN = 10
"""Hindsight lines are printed for decisions whose hindsight-best move would have paid this many
points more (the total is always printed)."""

STYLE = {"best": "green", "good": "green", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "red"}


def _stored(store: Store, game_id: str) -> tuple[AnyRecord, bool]:
    """The stored game's record and whether it is over (ended early by a player counts)."""
    core = load(store, game_id)
    return core.record(), core.row.status == "over" or core.row.ended is not None


def _decision_line(d: dict[str, Any]) -> Text:
    chosen, best = d["chosen"], d["best"]
    text = Text(f"  {d['index']:>3} {d['phase']:<8} ")
    text.append(f"{d['class']:<10}", style=STYLE[d["class"]])
    text.append(
        f" {chosen['action']}: {chosen['value']:+.1f} ±{chosen['se']:.1f}; best {best['action']}: "
        f"{best['value']:+.1f} ±{best['se']:.1f}; lost {d['loss']:.1f} ±{d['loss_se']:.1f}"
    )
    if d["reason"]:
        text.append(f"\n      {d['reason']}", style="dim")
    return text


def _figures_line(label: str, f: dict[str, Any]) -> Text:
    acc = "-" if f["accuracy"] is None else f"{f['accuracy']:.1f}"
    counts = ", ".join(f"{n} {k}" for k, n in f["classes"].items() if n)
    return Text(
        f"{label}: {f['decisions']} decisions, expected loss {f['loss']:.1f} ±{f['loss_se']:.1f} points, "
        f"accuracy {acc} ({counts or 'none rated'})",
        style="bold",
    )


def review_lines(r: dict[str, Any]) -> list[Text]:
    """The review ``r`` (:meth:`ginrummy.review.GameReview.to_json`) as lines of text (see the
    module docstring)."""
    out = [
        Text(
            f"Review of {r['name']} (seat {r['seat']}), {r['samples']} worlds per decision, seed {r['seed']}",
            "bold",
        )
    ]
    for h in r["hands"]:
        res = h["result"]
        out.append(
            Text(f"Hand {h['hand']}: {res['outcome']}, winner {res['winner']}, {res['points']} points")
        )
        out += [_decision_line(d) for d in h["decisions"] if d["class"] != "best"]
        out.append(_figures_line(f" hand {h['hand']}", h["figures"]))
    out.append(_figures_line("Game", r["figures"]))
    for d in r["figures"]["worst"]:
        out.append(
            Text(
                f"  largest: hand {d['hand']}, action {d['index']}: {d['class']}, lost {d['loss']:.1f} points"
            )
        )
    gain = sum(h["hindsight"]["gain"] for h in r["hands"])
    out.append(
        Text(
            "Hindsight (all cards known; not part of the rating): the best moves in the real deal "
            f"would have added {gain:.1f} points",
            style="italic",
        )
    )
    for h in r["hands"]:
        for d in h["decisions"]:
            seen = d.get("hindsight")
            if seen is not None and seen["gained"] >= HINDSIGHT_SHOWN:
                out.append(
                    Text(
                        f"  hand {h['hand']}, action {d['index']}: {seen['best']} would have paid "
                        f"{seen['gained']:.0f} more than {d['chosen']['action']}",
                        style="italic",
                    )
                )
    return out


def _review(
    file: Path | None, stored: str | None, db: Path | None, seat: int, samples: int, seed: int, err: Console
) -> dict[str, Any]:
    """The review's JSON: of a record file, or of a stored game (kept in the store, and taken from
    it on a second look)."""
    store: Store | None = None
    if stored is not None:
        store = open_store(db)
        if store is None:
            raise RecordError(f"no store at {db or default_db_path()}")
    try:
        if store is not None:
            kept = store.load_review((stored or "", 0, seat, samples, seed), ENGINE_VERSION)
            if kept is not None:
                data: dict[str, Any] = json.loads(kept)
                return data
            record, finished = _stored(store, stored or "")
        else:
            assert file is not None
            record, finished = load_record(file), False
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
                samples,
                seed,
                lambda done, total: bar.update(task, completed=done, total=total),
                finished or None,
            )
        data = result.to_json()
        if store is not None:
            key = (stored or "", 0, seat, samples, seed)
            store.save_review(key, ENGINE_VERSION, result.figures.accuracy, json.dumps(data))
        return data
    finally:
        if store is not None:
            store.close()


@click.command()
@click.argument("file", required=False, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--stored", metavar="ID", default=None, help="Review the stored game ID (see `ginrummy history`)."
)
@db_option
@click.option("--seat", type=click.IntRange(0, 1), default=0, show_default=True, help="The seat reviewed.")
@click.option("--json", "as_json", is_flag=True, help="Print the review as one JSON object.")
@click.option("--quick", is_flag=True, help=f"{QUICK_SAMPLES} worlds per decision instead of {SAMPLES}.")
@click.option(
    "--samples", type=click.IntRange(min=2), default=None, help="Worlds per decision (overrides --quick)."
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sampled worlds.")
def review(
    file: Path | None,
    stored: str | None,
    db: Path | None,
    seat: int,
    as_json: bool,
    quick: bool,
    samples: int | None,
    seed: int,
) -> None:
    """Rate every decision of SEAT in a finished hand or game (FILE, or --stored ID from --db):
    each choice's expected points from what the seat could see, the best alternative, the points
    lost (±), a class (best, good, inaccuracy, mistake, blunder) and an accuracy. Games still
    going are refused."""
    if (file is None) == (stored is None):
        raise click.UsageError("give a record FILE or --stored ID (not both)")
    err = Console(stderr=True, highlight=False)
    try:
        n = samples or (QUICK_SAMPLES if quick else SAMPLES)
        data = _review(file, stored, db, seat, n, seed, err)
    except GinRummyError as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(json.dumps(data))
        return
    console = Console(highlight=False, soft_wrap=True)
    for line in review_lines(data):
        console.print(line)
