"""Playing ``ginrummy play`` sessions in the tests (``tests/test_cli_*.py``): the command that
plays an action, scripted players answering every prompt as the simple agent (the standard game)
or the pickup simple agent (discard-pile pickup), and a session run with scripted input: every
test of the line mode that plays a session builds it here."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import cast

from rich.console import Console

from ginrummy.agents import make_agent
from ginrummy.agents.pickup_simple import PickupSimpleAgent
from ginrummy.cards import CardSet
from ginrummy.cli.session import PlaySession
from ginrummy.cli.table.pickup_commands import command_for as pickup_command
from ginrummy.melds import least_deadwood
from ginrummy.play import Agent
from ginrummy.rules import Rules
from ginrummy.storage import Store
from ginrummy.variants.pickup import PickupView
from ginrummy.variants.standard.actions import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    Knock,
    LayOff,
    Pass,
    TakeDiscard,
)

Answer = Callable[[PlaySession, str], str]


def command_for(action: Action, hand: CardSet) -> str:
    """The short command that plays ``action``."""
    if isinstance(action, Pass):
        return "p"
    if isinstance(action, TakeDiscard):
        return "t"
    if isinstance(action, DrawStock):
        return "d"
    if isinstance(action, Discard):
        return str(action.card)
    if isinstance(action, LayOff):
        return ""  # Enter: the best plan, listed first
    if isinstance(action, Knock):
        gin = least_deadwood(hand & ~(1 << action.card)) == 0
        return f"{'g' if gin else 'k'} {action.card}"
    assert isinstance(action, BigGin)
    return "bg"


def answering(move: Callable[[PlaySession], str]) -> Answer:
    """Answers every prompt of a session, for every variant: no to playing again, yes to
    confirmations, Enter to deal the next hand, and ``move(session)`` (the command of the human's
    move) to every other prompt."""

    def answer(session: PlaySession, prompt: str) -> str:
        if prompt.startswith("Play again"):
            return "n"
        if "(y/n)" in prompt:
            return "y"
        if prompt.startswith("Press Enter"):
            return ""
        return move(session)

    return answer


def pickup_answer(seed: int = 5) -> Answer:
    """Answers every prompt of a discard-pile pickup session as the pickup simple agent would
    play the human's view (its command, :func:`ginrummy.cli.table.pickup_commands.command_for`);
    deals every next hand, says yes to confirmations and no to playing again."""
    bot = PickupSimpleAgent(seed)

    def move(session: PlaySession) -> str:
        view = session.view
        assert isinstance(view, PickupView) and view.my_turn
        return pickup_command(bot.act(view))

    return answering(move)


def bot_answer(seed: int = 5) -> Answer:
    """Answers every prompt as the simple agent would play the human's view; says yes to
    confirmations, deals every next hand and says no to playing again."""
    bot = make_agent("simple", seed)

    def move(session: PlaySession) -> str:
        view = session.view
        assert view is not None and view.my_turn
        return command_for(cast(Action, bot.act(view)), view.hand)

    return answering(move)


def run_session(
    answer: Answer,
    seed: int = 3,
    opponent: str = "simple",
    rules: str | Rules = "default",
    save: Path | None = None,
    max_prompts: int = 5000,
    practice: bool = False,
    store: Store | None = None,
    glyphs: bool = True,
    preset: str | None = None,
    changed: Sequence[str] = (),
    agent: Agent | None = None,
    out: io.StringIO | None = None,
) -> tuple[PlaySession, io.StringIO, list[str]]:
    """Run a session of ``rules`` (a preset's name or the rules) whose input comes from
    ``answer(session, prompt)``, printing to ``out`` (a fresh buffer by default) without colour;
    ``agent`` replaces the computer's agent. Returns the session, its output and the answers
    given."""
    out = io.StringIO() if out is None else out
    console = Console(file=out, highlight=False, soft_wrap=True, color_system=None)
    given: list[str] = []
    holder: list[PlaySession] = []

    def input_fn(prompt: str) -> str:
        assert len(given) < max_prompts, "the game does not end"
        text = answer(holder[0], prompt)
        given.append(text)
        return text

    session = PlaySession(
        Rules.preset(rules) if isinstance(rules, str) else rules,
        seed=seed,
        opponent=opponent,
        console=console,
        input_fn=input_fn,
        save=save,
        glyphs=glyphs,
        practice=practice,
        store=store,
        preset=preset,
        changed=changed,
    )
    if agent is not None:
        session.agent = agent
    holder.append(session)
    assert session.run() == 0
    return session, out, given
