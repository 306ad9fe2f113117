"""The session of ``ginrummy play``: a human against a computer player, to the end.

The session plays whatever the rules make: one game to the target, a Hollywood set of
three games at once, a match of successive games (best of N, or to a match total), or,
with teams, the human's pairing against the computer followed by the other pairings
between computer players. Between hands and games it offers the score sheet and quitting;
with ``--save`` it writes the record (:mod:`ginrummy.records`) after every hand and on quitting;
with a store (``--db``) it stores the game as it is played, for ``ginrummy history`` and ``stats``,
and ``ginrummy play --resume`` goes on with a stored game (:meth:`PlaySession.resuming`).

It is a thin adapter over the game core, :class:`ginrummy.session.GameSession` (through
:class:`~ginrummy.cli.terminal.TerminalGame`, what both terminal front ends share), which deals,
plays the human's moves (:meth:`~ginrummy.session.GameSession.act`) and the computer's replies
through the one hand loop (:func:`ginrummy.play.play_hand`, the human's seat ``None``), enters
results, takes moves back under the undo rule, plays team play's other pairings and stores the
game; the session shows each hand through the table screen of its type
(:func:`ginrummy.cli.table.screen_class`), which reads the human's command and plays it through the
core. The human is player 0 and sees only ``state.view(0)``; the computer acts
through its agent from ``state.view(1)`` only. Input comes
from an injectable function (``input_fn``, called with the prompt) so tests can answer from the
current view; by default it reads standard input, which need not be a terminal.
"""

from __future__ import annotations

import contextlib
import sys
from typing import Unpack

from rich.console import Console
from rich.text import Text

from ginrummy.agents import plays_as
from ginrummy.cli import render
from ginrummy.cli.table import COMPUTER, HUMAN, HandInfo, Quit, TableIO, screen_class
from ginrummy.cli.table.base import InputFn, Undone
from ginrummy.cli.terminal import GameOptions, TerminalGame
from ginrummy.hand.results import agree
from ginrummy.records import GameForfeit
from ginrummy.rules import Rules
from ginrummy.session import team_names
from ginrummy.variants import AnyHandState

__all__ = ["COMPUTER", "HUMAN", "InputFn", "PlaySession", "read_line"]


def read_line(prompt: str) -> str:
    """Read one line from standard input after writing ``prompt``.

    On a terminal this is :func:`input` (with line editing). Otherwise (a pipe or a
    file) the line read is echoed, so a transcript shows what was answered. Raises
    ``EOFError`` at the end of input.
    """
    if sys.stdin.isatty():
        try:
            return input(prompt)
        except (EOFError, KeyboardInterrupt):
            sys.stdout.write("\n")  # end the prompt's line before the goodbye message
            raise
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        sys.stdout.write("\n")
        raise EOFError
    line = line.rstrip("\r\n")
    sys.stdout.write(line + "\n")
    return line


class PlaySession(TerminalGame):
    """One game, set, match or team match of the human (player 0) against the computer (player 1),
    in lines: the arguments are :class:`~ginrummy.cli.terminal.TerminalGame`'s (the game core and
    the terminal's options: ``save``, ``store``, ``practice``, ...), with the ``console`` written
    to, ``input_fn`` (default :func:`read_line`) and ``glyphs`` (suits as symbols; default: as the
    console can). ``preset`` and ``changed`` (the ``--set`` assignments) are shown with the rules
    at the start; hints (``hint``) and undo (``u``) are for practice games.
    """

    def __init__(
        self,
        rules: Rules,
        *,
        console: Console | None = None,
        input_fn: InputFn | None = None,
        glyphs: bool | None = None,
        **options: Unpack[GameOptions],
    ) -> None:
        super().__init__(rules, **options)
        console = console or Console(highlight=False, soft_wrap=True)
        self.io = TableIO(
            console, input_fn or read_line, render.use_glyphs(console) if glyphs is None else glyphs
        )
        self.screen_type = screen_class(self.rules)
        """The table screen of this session's hands."""
        self.resumed = options.get("resume") is not None
        """Whether this session goes on with a stored game (``ginrummy play --resume``)."""

    # -- running ----------------------------------------------------------------------

    def run(self) -> int:
        """Play to the end, then offer to play again; until ``q`` (confirmed), end of input or
        Ctrl-C. Returns 0."""
        say = self.io.say
        try:
            say(Text(self._intro(), style="bold"))
            for line in render.rules_lines(self.rules, self.preset, self.changed):
                say(line)
            say(Text(self.io.text(self.screen_type.HELP).plain, style="dim"))
            level = plays_as(self.agent, self.rules)
            if level != self.agent.name:
                say(Text(f"The {self.agent.name} player plays {self.screen_type.VARIANT} as {level}."))
            if self.resumed:
                say(Text(f"Resuming stored game {self.core.row.id}: {self._where_now()}.", style="bold"))
            while True:
                self._play_to_the_end()
                if not self._play_again():
                    break
        except Quit:
            self._leave("You quit the game.", ask=True)
        except EOFError:
            self._leave("End of input: the game is left unfinished.")
        except KeyboardInterrupt:
            self._leave("Interrupted: the game is left unfinished.")
        return 0

    def _play_again(self) -> bool:
        """Offer another game (match) once everything is played; on yes start it, dealt from a
        seed derived from this one (saved, with ``--save``, to a file numbered after it).
        No, ``q`` or the end of input end the session (the record is already saved)."""
        try:
            again = self.io.yes_no("Play again? (y/n) > ")
        except EOFError:
            again = False
        if not again:
            self.io.say(Text("Thanks for playing.", style="bold"))
            return False
        self.again()
        self.io.say(Text(""))
        self.io.say(Text(self._intro(), style="bold"))
        if self.save_path is not None:
            self.io.say(Text(f"This one is saved to {self.save_path}."))
        return True

    def _play_to_the_end(self) -> None:
        """Play every hand and game the rules make, with the sheets between and at the end."""
        say = self.io.say
        while True:
            while not self.game.is_over:
                state = self.state
                if state is not None and not state.is_over:  # a resumed game: the hand goes on
                    self._play_hand(state)
                    continue
                if self.states:
                    self._between_hands()
                self._play_hand()
            for line in render.summary_lines(self.game, settle=self.match.kind == "single"):
                say(line)
            if self.match.is_over:
                break
            say(Text(""))
            for line in render.match_lines(self.match):
                say(line)
            self._between_games()
        if self.match.kind != "single":
            say(Text(""))
            for line in render.match_lines(self.match):
                say(line)
        if self.team is not None:
            self.other_pairings()

    def _intro(self) -> str:
        who = f"Gin Rummy against the computer ({self.opponent})"
        if self.match.kind == "single" and not self.game.hollywood and self.rules.team_size == 1:
            return f"{who}, game to {self.rules.target}; seed {self.seed}."
        what = self.match.describe()
        if self.rules.team_size > 1:
            partners = ", ".join(team_names(self.names, self.rules.team_size)[0][1:])
            return (
                f"{who}: team play, teams of {self.rules.team_size}; you play {what} against "
                f"{self.names[COMPUTER]}, then your partners ({partners}) play theirs; seed {self.seed}."
            )
        return f"{who}: {what}; seed {self.seed}."

    def _play_hand(self, state: AnyHandState | None = None) -> None:
        """Deal the next hand (or go on with ``state``, a resumed hand), play it through its table
        screen (the game core plays the computer's moves and enters the result), store and save it,
        show the sheet."""
        if state is None:
            state = self.deal()
            dealer = agree(self.names[state.dealer], "deal", "deals")
            self.io.say(Text(f"\nHand {len(self.states)}: {dealer}.", style="bold"))
        where = f"game {len(self.match.games)} of the match · " if self.match.kind != "single" else ""
        info = HandInfo(
            self.names,
            where + render.score_line(self.game),
            self.sheet,
            practice=self.practice,
            hint=(lambda view: self.hint(view, self.io.glyphs)) if self.practice else None,
            act=self.act,
            undo=self.undo,
        )
        screen = self.screen_type(self.io, info, state)
        screen.draws = self.draws  # the cards the human drew (a resumed hand: those drawn before)
        self.advance()  # the computer plays to the human's turn (or the hand's end)
        while not state.is_over:
            self.store_progress()
            with contextlib.suppress(Undone):  # a move taken back: the human's turn again
                screen.human_turn()
        screen.finish()
        self.store_progress()
        if self.save_path is not None:
            self.save_record()
        self.io.say(self.sheet())

    def store_progress(self) -> None:
        """Bring the stored game up to date (every action, undo, finished hand); on a failure say
        why once and play on without storing."""
        failure = self.sync_store()
        if failure is not None:
            self.io.error(*failure)

    def sheet(self, width: int | None = None, *, compact: bool = False, height: int | None = None) -> Text:
        """The current game's sheet, titled by its number in the match, ``width`` columns wide
        (default: the console's)."""
        return super().sheet(width or self.io.console.width, compact=compact, height=height)

    def _ask_between(self, prompt: str, sheet: list[Text]) -> None:
        """Ask ``prompt`` until Enter: ``s`` shows ``sheet`` (lines), ``q`` asks whether to quit,
        anything else is answered with what to type."""
        while True:
            word = self.io.ask(prompt).strip().lower()
            if not word:
                return
            if word in ("q", "quit", "exit"):
                self.io.confirm_quit()
            elif word in ("s", "sheet", "score"):
                for line in sheet:
                    self.io.say(line)
            else:
                self.io.error(f"{word!r}: press Enter to go on, s for the sheet, q to quit", "Not understood")

    def _between_hands(self) -> None:
        self._ask_between(
            f"Press Enter to deal hand {len(self.states) + 1} (s sheet, q quit) > ", [self.sheet()]
        )

    def _between_games(self) -> None:
        number = len(self.match.games) + 1
        self._ask_between(
            f"Press Enter to start game {number} of the match (s sheet, q quit) > ",
            render.match_lines(self.match),
        )
        self.next_game()
        self.io.say(Text(f"\nGame {number} of the match.", style="bold"))

    def other_pairings(self) -> None:
        """Team play: what the other pairings (computer against computer) came to, then the team sheet."""
        for line in self.pairing_lines():
            self.io.say(line)

    def _where_now(self) -> str:
        """Where the game stands, in words (for resuming)."""
        game = f"game {len(self.match.games)} of the match, " if self.match.kind != "single" else ""
        return f"{game}hand {len(self.states)}, {render.score_line(self.game)}"

    def _leave(self, message: str, ask: bool = False) -> None:
        """Say ``message``, save the record (``--save``); a stored game left unfinished is kept to
        resume, or with ``ask`` (the player quit) and a rated game, resigned if they say so."""
        self.io.say(Text(message, style="bold"))
        if self.save_path is not None and self.states and self.save_record():
            self.io.say(Text(f"Saved to {self.save_path}."))
        if self.store is None or not self.core.created or self.core.over:
            return
        if ask and self.keepable:
            try:
                keep = self.io.yes_no(
                    "Keep this rated game to resume later? No resigns it, counted lost (y/n) > "
                )
            except EOFError:
                keep = True
            if not keep:
                failure = self.resign()
                if failure is None:
                    self.io.say(Text("You resigned the game; it counts as lost.", style="bold"))
                    return
                self.io.error(*failure)
        self.io.say(Text(f"The game is kept: ginrummy play --resume {self.core.row.id} goes on with it."))

    # -- records ----------------------------------------------------------------------

    def forfeited(self, kind: str, message: str) -> None:
        """The computer's bot (a ``cmd:`` opponent) forfeited the current game (``kind``: one of
        :data:`ginrummy.records.FORFEIT_KINDS`): it ends here, and with ``--save`` the record,
        its ``forfeit`` included, is written (a record that replays)."""
        self.forfeit = GameForfeit(COMPUTER, kind, message)
        if self.save_path is not None and self.states and self.save_record():
            self.io.say(Text(f"Saved to {self.save_path}."))

    def save_record(self) -> bool:
        """Write the record; on failure say why and go on. Returns whether it was written."""
        failure = self.write_record()
        if failure is not None:
            self.io.error(*failure)
        return failure is None
