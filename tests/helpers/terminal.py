"""Playing ``ginrummy play`` sessions in the tests (``tests/test_cli_play*.py``): the command
that plays an action, a scripted player answering every prompt as the simple agent, and a
session run with scripted input."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from ginrummy.agents import make_agent
from ginrummy.cards import CardSet
from ginrummy.cli.session import PlaySession
from ginrummy.hand.actions import Action, BigGin, Discard, DrawStock, Knock, LayOff, Pass, TakeDiscard
from ginrummy.melds import least_deadwood
from ginrummy.rules import Rules
from ginrummy.storage import Store

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


def bot_answer(seed: int = 5) -> Answer:
    """Answers every prompt as the simple agent would play the human's view; says yes to
    confirmations, deals every next hand and says no to playing again."""
    bot = make_agent("simple", seed)

    def answer(session: PlaySession, prompt: str) -> str:
        if prompt.startswith("Play again"):
            return "n"
        if "(y/n)" in prompt:
            return "y"
        if prompt.startswith("Press Enter"):
            return ""
        view = session.view
        assert view is not None and view.my_turn
        return command_for(bot.act(view), view.hand)

    return answer


def run_session(
    answer: Answer,
    seed: int = 3,
    opponent: str = "simple",
    rules: str = "default",
    save: Path | None = None,
    max_prompts: int = 5000,
    practice: bool = False,
    store: Store | None = None,
    glyphs: bool = True,
) -> tuple[PlaySession, io.StringIO, list[str]]:
    """Run a game whose input comes from ``answer(session, prompt)``; returns the session,
    its output and the answers given."""
    out = io.StringIO()
    console = Console(file=out, highlight=False, soft_wrap=True, color_system=None)
    given: list[str] = []
    holder: list[PlaySession] = []

    def input_fn(prompt: str) -> str:
        assert len(given) < max_prompts, "the game does not end"
        text = answer(holder[0], prompt)
        given.append(text)
        return text

    session = PlaySession(
        Rules.preset(rules),
        seed=seed,
        opponent=opponent,
        console=console,
        input_fn=input_fn,
        save=save,
        glyphs=glyphs,
        practice=practice,
        store=store,
    )
    holder.append(session)
    assert session.run() == 0
    return session, out, given
