"""What a table screen needs, and what every table screen shares.

A *table screen* shows one hand of one variant to the human at the terminal and reads their
commands: :class:`~ginrummy.cli.table.standard.StandardScreen` for the standard game and
:class:`~ginrummy.cli.table.pickup.PickupScreen` for discard-pile pickup (002). The session
(:mod:`ginrummy.cli.session`) deals each hand through the game core, makes its screen, and at each
of the human's turns calls :meth:`TableScreen.human_turn`, and at the end :meth:`TableScreen.finish`.
A screen talks to the person only through the :class:`TableIO` it is given and learns about the
game around its hand only from the :class:`HandInfo` it is given; it reads the hand only through the
human's view (``state.view(HUMAN)``) and changes it only through the game core: ``info.act(action)``
after ``state.verify`` (:meth:`ginrummy.session.GameSession.act`, which plays the computer's
replies) and ``info.undo()`` (:meth:`ginrummy.session.GameSession.undo`).

The same screens word a hand for ``ginrummy replay`` (:mod:`ginrummy.cli.replay`) through their
static methods (:meth:`TableScreen.event_text`, :meth:`TableScreen.result_lines`, ...), which take
everything they need as arguments.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from rich.console import Console
from rich.text import Text

from ginrummy.agents.hints import Hint
from ginrummy.cards import Card, CardSet
from ginrummy.cli import render
from ginrummy.cli.commands import Meta, RefusedError
from ginrummy.errors import GameFlowError, GinRummyError
from ginrummy.hand.base import BaseHandState
from ginrummy.hand.results import SECOND_PERSON, HandResult
from ginrummy.rules import Rules
from ginrummy.session import SessionError
from ginrummy.variants import AnyAction

__all__ = [
    "COMPUTER",
    "HUMAN",
    "HandInfo",
    "InputFn",
    "Quit",
    "TableIO",
    "TableScreen",
    "Undone",
    "Verb",
    "draw_words",
    "sentence",
]

HUMAN = 0
"""The human's seat."""
COMPUTER = 1
"""The computer's seat."""

InputFn = Callable[[str], str]
"""Reads one line of input after showing the prompt; raises ``EOFError`` at the end of input."""


class Quit(Exception):
    """The player asked to quit (``q`` at a prompt)."""


class Undone(Exception):
    """The human's last move was taken back (``u`` in a practice game): the turn starts again."""


@dataclass(frozen=True, slots=True)
class TableIO:
    """The terminal as a screen sees it: ``say`` a line, ``ask`` for one, report an ``error``.
    ``glyphs`` says whether suits are printed as symbols (``7♥``) or letters (``7h``)."""

    console: Console
    input_fn: InputFn
    glyphs: bool

    def say(self, text: Text) -> None:
        """Print one line (a rich ``Text``, printed literally)."""
        self.console.print(text)

    def ask(self, prompt: str) -> str:
        """Read one line after ``prompt``; ``EOFError`` at the end of input."""
        return self.input_fn(prompt)

    def error(self, message: str, head: str = "Not allowed") -> None:
        """Say why a command was refused, e.g. ``Not allowed: ...`` in yellow, its cards written
        as the table writes them (:func:`ginrummy.cli.render.table_words`)."""
        self.say(Text(f"{head}: {render.table_words(message, self.glyphs)}", style="yellow"))

    def text(self, text: str) -> Text:
        """Plain text (the help) as the console can print it: suit symbols (``7♥``) written as
        letters (``7h``) when the table writes no symbols (``--ascii``), else unchanged."""
        return Text(text if self.glyphs else render.table_words(text, False))

    def yes_no(self, prompt: str, also_yes: tuple[str, ...] = ()) -> bool:
        """Ask ``prompt`` until the answer is y (yes, or a word of ``also_yes``) or n (no);
        anything else is answered. ``EOFError`` at the end of input."""
        while True:
            answer = self.ask(prompt).strip().lower()
            if answer in ("y", "yes", *also_yes):
                return True
            if answer in ("n", "no"):
                return False
            self.error("answer y (yes) or n (no)", "Not understood")

    def confirm_quit(self) -> None:
        """Ask whether to quit; raises :class:`Quit` on yes (``q`` again, or the end of input,
        quits too) and returns on no."""
        try:
            sure = self.yes_no("Quit the game? (y/n) > ", also_yes=("q", "quit"))
        except EOFError:
            sure = True
        if sure:
            raise Quit


@dataclass(frozen=True, slots=True)
class HandInfo:
    """What a screen is told about the game around its hand: the players' ``names`` (seat 0,
    seat 1), the ``status`` line of the score (e.g. ``game 2 of the match · Ed 51, Computer 17
    (game to 100)``) and ``sheet``, which gives the current game's score sheet (the ``s``
    command)."""

    names: tuple[str, str]
    status: str
    sheet: Callable[[], Text]
    practice: bool = False
    """A practice game: hints and undo are allowed (rated games allow neither)."""
    hint: Callable[[Any], Hint] | None = None
    """Practice games: the hint for the human's view (:mod:`ginrummy.agents.hints`), computed
    from that view and the views of the game's finished hands only."""
    act: Callable[[AnyAction], None] | None = None
    """Plays the human's action (verified) through the game core, which plays the computer's
    replies (:meth:`ginrummy.session.GameSession.act`); ``None``: a screen that only words a hand."""
    undo: Callable[[], None] | None = None
    """Takes back the human's last move through the game core
    (:meth:`ginrummy.session.GameSession.undo`), raising
    :class:`~ginrummy.session.SessionError` with why when refused."""


Verb = Callable[[str, str], str]
"""``verb(second_person, third_person)``: the form that agrees with a sentence's subject."""


def sentence(player: int, names: tuple[str, str], you: int | None) -> tuple[Text, Verb]:
    """The start of an event sentence: its subject (``You`` for the seat ``you``, else the
    player's name) and a space, and the :data:`Verb` chooser that agrees with it (a player
    named ``You``, e.g. in a replay, is worded in the second person too: ``You draw``)."""
    second = player == you or names[player] == SECOND_PERSON

    def verb(base: str, third: str) -> str:
        return base if second else third

    return Text(("You" if second else names[player]) + " "), verb


def draw_words(verb: Verb, drawn: int | None, glyphs: bool) -> Text:
    """``draws 7♥ from the stock`` (the card only when ``drawn`` is given), in every variant."""
    out = Text(verb("draw ", "draws "))
    if drawn is not None:
        out.append_text(render.card_text(drawn, glyphs, "bold"))
        out.append(" ")
    return out + Text("from the stock")


_RATED = "rated games count in the statistics and allow neither hints nor undo (? lists the commands)"

S = TypeVar("S", bound=BaseHandState[Any, Any])
V = TypeVar("V")
C = TypeVar("C")


class TableScreen(Generic[S]):
    """One hand of a variant at the terminal (subclassed per variant; see the module docstring).

    Subclasses set ``STATE`` (the hand type they show), ``HELP`` (the command help shown when
    the session starts) and ``VARIANT``
    (how the session names the variant, e.g. ``"discard-pile pickup"``) and implement
    :meth:`human_turn` (usually with :meth:`read_command`), :meth:`prompt`, :meth:`command_hint`,
    and the static wording of a hand:
    :meth:`event_text`, :meth:`result_lines`, :meth:`hand_line`.
    """

    STATE: ClassVar[type[BaseHandState[Any, Any]]]
    HELP: ClassVar[str]
    VARIANT: ClassVar[str]

    def __init__(self, io: TableIO, info: HandInfo, state: S) -> None:
        """Raises ``TypeError`` for a hand of another variant than ``STATE``."""
        if not isinstance(state, self.STATE):
            raise TypeError(
                f"{type(self).__name__} shows {self.STATE.__name__} hands, not {type(state).__name__}"
            )
        self.io = io
        self.info = info
        self.state = state
        self.seen = 0
        """How many events of the hand have been shown."""
        self.draws: dict[int, Card] = {}
        """The cards the human drew from the stock, by event index (shown only to them)."""

    # -- what each variant provides ------------------------------------------------------

    def human_turn(self) -> None:
        """Show the table and read commands until one changes the hand (the human's turn)."""
        raise NotImplementedError

    def prompt(self, view: Any) -> str:
        """The prompt for the human's next command in ``view``."""
        raise NotImplementedError

    def command_hint(self, action: Any, view: Any) -> str:
        """The command that plays ``action`` in ``view`` (for the hint)."""
        raise NotImplementedError

    @staticmethod
    def event_text(
        event: Any,
        names: tuple[str, str],
        glyphs: bool,
        *,
        you: int | None = None,
        drawn: int | None = None,
        result: HandResult | None = None,
    ) -> Text:
        """One public event as a sentence, e.g. ``Computer takes 7♥``; ``you`` is the seat worded
        in the second person, ``drawn`` the card drawn from the stock (for the player who drew it,
        or in a replay), ``result`` the hand's result once over."""
        raise NotImplementedError

    @staticmethod
    def result_lines(result: Any, names: tuple[str, str], glyphs: bool, rules: Rules) -> list[Text]:
        """Everything shown when the hand ends: what was laid down and the points."""
        raise NotImplementedError

    @staticmethod
    def hand_line(hand: CardSet, glyphs: bool, rules: Rules) -> Text:
        """A whole hand on one line with its count (for a replay)."""
        raise NotImplementedError

    @staticmethod
    def replay_note(action: Any, glyphs: bool) -> Text:
        """What a replay adds after an action's event (e.g. a knock's face-down discard)."""
        return Text()

    # -- shared -----------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, str]:
        return self.info.names

    @property
    def glyphs(self) -> bool:
        return self.io.glyphs

    def show_events(self) -> None:
        """Say each event of the hand not shown yet, from the human's view."""
        view = self.state.view(HUMAN)
        result = view.result
        for i in range(self.seen, len(view.history)):
            line = self.event_text(
                view.history[i], self.names, self.glyphs, you=HUMAN, drawn=self.draws.get(i), result=result
            )
            self.io.say(Text("  ") + line + Text("."))
        self.seen = len(view.history)

    def push(self, action: AnyAction) -> None:
        """Play the human's (verified) action through the game core (``info.act``, which notes the
        card drawn from the stock in :attr:`draws`). Raises
        :class:`~ginrummy.errors.GameFlowError` for a screen given no game to play in."""
        if self.info.act is None:
            raise GameFlowError("this screen only words a hand: it has no game to play in")
        self.info.act(action)

    def read_command(self, view: V, parse: Callable[[str, V], C | Meta]) -> C:
        """Ask (with :meth:`prompt`) until a line parses to a command that acts in the hand:
        text that is not a command is explained, and the commands that do not act are done
        here (:meth:`meta`). A command understood but refused before it reaches the engine (a false
        gin, :class:`~ginrummy.cli.commands.RefusedError`) is ``Not allowed``."""
        while True:
            text = self.io.ask(self.prompt(view))
            try:
                cmd = parse(text, view)
            except RefusedError as exc:
                self.io.error(str(exc))
                continue
            except GinRummyError as exc:
                self.io.error(str(exc), "Not understood")
                continue
            if isinstance(cmd, Meta):
                self.meta(cmd, view)
                continue
            return cmd

    def meta(self, cmd: Meta, view: Any) -> None:
        """A command that does not act: quit (asks first; raises :class:`Quit` on yes), help, sheet,
        hint, undo (raises :class:`Undone` when a move is taken back), nothing."""
        if cmd.kind == "quit":
            self.io.confirm_quit()
            return
        if cmd.kind == "help":
            self.io.say(self.io.text(self.HELP))
        elif cmd.kind == "sheet":
            self.io.say(self.info.sheet())
        elif cmd.kind == "hint":
            self.hint(view)
        elif cmd.kind == "undo":
            self.undo()
        else:
            self.io.say(Text("Type a command (? for help)."))

    def hint(self, view: Any) -> None:
        """Practice games: say what the strongest computer player would do, and why, in words."""
        if self.info.hint is None:
            self.io.error(f"hints are for practice games (ginrummy play --practice); {_RATED}")
            return
        hint = self.info.hint(view)
        self.io.say(
            Text(f"Hint from the {hint.agent} player: {self.command_hint(hint.action, view)}. ", style="cyan")
            + Text(hint.why)
        )

    def undo(self) -> None:
        """Practice games: take back the human's last move under the rule every front end shares
        (:func:`ginrummy.play.undo_refusal`); raises :class:`Undone` once it is taken back."""
        if not self.info.practice or self.info.undo is None:
            self.io.error(f"undo is for practice games (ginrummy play --practice); {_RATED}")
            return
        before = self.state.view(HUMAN)
        drawn = self.draws.get(len(self.state.log) - 1)
        try:
            self.info.undo()
        except SessionError as exc:  # refused: nothing changed
            self.io.error(str(exc))
            return
        event = self.event_text(before.history[-1], self.names, self.glyphs, you=HUMAN, drawn=drawn)
        self.seen = min(self.seen, len(self.state.view(HUMAN).history))
        self.io.say(Text("Taken back: ") + event + Text("."))
        raise Undone

    def finish(self) -> HandResult:
        """Show the last events and the result of the finished hand; returns the result."""
        self.show_events()
        result: HandResult | None = self.state.view(HUMAN).result
        assert result is not None
        for line in self.result_lines(result, self.names, self.glyphs, self.state.rules):
            self.io.say(line)
        return result

    def card(self, card: int, style: str = "") -> Text:
        return render.card_text(card, self.glyphs, style)
