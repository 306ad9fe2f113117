"""How the ``ginrummy`` command answers what it is given: every error is one line on standard
error, ``PROG: error: MESSAGE`` (``PROG`` is the command, e.g. ``ginrummy analyze``), with exit
status 2 for a usage error (a bad option, argument or hand given on the command line) and 1 for
anything else that went wrong (a record that does not load, a store that does not open: a
:class:`~ginrummy.errors.GinRummyError` out of a command). ``--help`` still prints the full help.

The group's class :class:`OneLineGroup` does it once for every command; messages quote what was
given with :func:`~ginrummy.errors.quoted` (cut at 60 characters; bytes that were not UTF-8
shown as U+FFFD), also where click itself quoted a value. :func:`stdin_lines` reads the hands
of ``analyze`` and ``layoff`` from standard input as UTF-8, whatever the locale says. The options
several commands take alike are made here once: ``--rules`` (:func:`rules_option`) and the
repeatable runs' ``--seed`` (:func:`seed_option`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Any, TypeVar

import click

from ginrummy.errors import GinRummyError, quoted
from ginrummy.rules import PRESETS

__all__ = [
    "PRESET_CHOICE",
    "OneLineError",
    "OneLineGroup",
    "OneLineUsageError",
    "rules_option",
    "seed_option",
    "stdin_lines",
]

F = TypeVar("F", bound=Callable[..., Any])

PRESET_CHOICE = click.Choice(sorted(PRESETS), case_sensitive=False)
"""A rules preset's name, in any case, as every command takes it."""


def rules_option(f: F) -> F:
    """``--rules PRESET``, given to the command as ``preset`` (``default`` unless said)."""
    return click.option(
        "--rules",
        "preset",
        type=PRESET_CHOICE,
        default="default",
        show_default=True,
        help="Rules preset (see `ginrummy rules`).",
    )(f)


def seed_option(of: str) -> Callable[[F], F]:
    """``--seed N`` of a repeatable run (0 unless said): the seed of the deals and of ``of`` (the
    players the command makes, e.g. ``"the agents"``)."""
    return click.option(
        "--seed", type=int, default=0, show_default=True, help=f"Seed of the deals and of {of}."
    )


_ARGV = "ginrummy.argv"  # the command line as given, in ctx.meta (shared by every context)


class OneLineError(click.ClickException):
    """An error shown as the one line ``PROG: error: MESSAGE`` on standard error (exit status 1)."""

    def __init__(self, prog: str, message: str) -> None:
        super().__init__(message)
        self.prog = prog

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(f"{self.prog}: error: {self.message}", file=file, err=file is None)


class OneLineUsageError(OneLineError):
    """A usage error shown as one line (exit status 2)."""

    exit_code = 2


def _one_line(prog: str, message: str, exit_code: int) -> OneLineError:
    return (OneLineUsageError if exit_code == 2 else OneLineError)(prog, message)


def _message(exc: click.ClickException | GinRummyError, argv: Sequence[str]) -> str:
    """The one-line message of ``exc``: click's phrases start in lower case without a final full
    stop, and a value of ``argv`` that click quoted whole is quoted by
    :func:`~ginrummy.errors.quoted` instead."""
    if isinstance(exc, click.ClickException):
        text = exc.format_message()
        first = text.split(" ", 1)[0]
        if isinstance(exc, click.UsageError):
            if first.isalpha() and first[1:].islower():
                text = text[0].lower() + text[1:]
            text = text.removesuffix(".")
    else:
        text = str(exc)
    values = [*argv, *(a.split("=", 1)[1] for a in argv if a.startswith("--") and "=" in a)]
    for value in sorted(set(values), key=len, reverse=True):
        if quoted(value) != repr(value):
            text = text.replace(repr(value), quoted(value))
    return " ".join(text.split("\n"))


class OneLineGroup(click.Group):
    """A click group whose commands' errors are each one line (see the module).

    With no command it prints its help and exits 0 (a usage error would exit 2)."""

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        try:
            ctx = super().make_context(info_name, args, parent, **extra)
        except click.ClickException as exc:
            prog = exc.ctx.command_path if isinstance(exc, click.UsageError) and exc.ctx else info_name
            raise _one_line(prog or "ginrummy", _message(exc, args), exc.exit_code) from None
        ctx.meta[_ARGV] = list(args)
        return ctx

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except OneLineError:
            raise
        except (click.ClickException, GinRummyError) as exc:
            prog = ctx.command_path
            if isinstance(exc, click.UsageError) and exc.ctx is not None:
                prog = exc.ctx.command_path
            elif ctx.invoked_subcommand:
                prog = f"{prog} {ctx.invoked_subcommand}"
            code = exc.exit_code if isinstance(exc, click.ClickException) else 1
            raise _one_line(prog, _message(exc, ctx.meta.get(_ARGV, ())), code) from None


def stdin_lines() -> Iterator[str]:
    """The lines of standard input, read as UTF-8 whatever the locale (bytes that are not UTF-8
    become surrogate escapes, which :func:`~ginrummy.cli.analyze.parse_hand` refuses by name);
    in a terminal, first a line on standard error saying what to type."""
    stream = sys.stdin
    if stream.isatty():
        click.echo("Reading hands from standard input, one per line (end with Ctrl-D).", err=True)
    buffer = getattr(stream, "buffer", None)
    if buffer is None:  # a text stream without bytes underneath (a test's StringIO)
        yield from stream
        return
    for raw in buffer:
        yield raw.decode("utf-8", "surrogateescape")
