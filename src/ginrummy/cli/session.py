"""The session of ``ginrummy play``: a human against a computer player, to the end.

The session plays whatever the rules make: one game to the target, a Hollywood set of
three games at once, a match of successive games (best of N, or to a match total), or,
with teams, the human's pairing against the computer followed by the other pairings
between computer players. Between hands and games it offers the score sheet and quitting;
with ``--save`` it writes the record (:mod:`ginrummy.records`) after every hand and on quitting;
with a store (``--db``) it stores the game as it is played, for ``ginrummy history`` and ``stats``,
and ``ginrummy play --resume`` goes on with a stored game (:meth:`PlaySession.resuming`).

It is a thin adapter over the game core, :class:`ginrummy.session.GameSession`, which deals, plays
the computer's moves through the one hand loop (:func:`ginrummy.play.play_hand`, the human's seat
``None``), enters results, plays team play's other pairings and stores the game; the session shows
each hand through the table screen of its type (:func:`ginrummy.cli.table.screen_class`), which reads
the human's command. The human is player 0 and sees only ``state.view(0)``; the computer acts
through its agent from ``state.view(1)`` only. Input comes
from an injectable function (``input_fn``, called with the prompt) so tests can answer from the
current view; by default it reads standard input, which need not be a terminal.
"""

from __future__ import annotations

import contextlib
import sqlite3
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from ginrummy.agents import make_agent, plays_as
from ginrummy.agents.hints import Hint, explain, hint_agent_name, notation, symbols
from ginrummy.cli import render
from ginrummy.cli.saving import write_atomic
from ginrummy.cli.table import COMPUTER, HUMAN, HandInfo, Quit, TableIO, screen_class
from ginrummy.cli.table.base import InputFn, Undone
from ginrummy.hand.results import SECOND_PERSON, agree
from ginrummy.play import Agent
from ginrummy.protocol import is_cmd
from ginrummy.records import GameForfeit, GameRecord, MatchRecord, TeamRecord
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game
from ginrummy.scoring.match import Match, TeamMatch
from ginrummy.scoring.sheet import SheetLayout
from ginrummy.seeds import derive_seed
from ginrummy.session import GameSession, SessionError, new_row, show_finished, team_names
from ginrummy.storage import Store
from ginrummy.storage.store import RESIGNED, owner_of
from ginrummy.variants import AnyHandState, AnyView

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


class PlaySession:
    """One game, set, match or team match of the human (player 0) against the computer (player 1).

    ``input_fn`` defaults to :func:`read_line`; ``save`` is a path to which the record
    (a :class:`~ginrummy.records.GameRecord` for a single game, a ``MatchRecord`` for a
    match, a ``TeamRecord`` for team play) is written after every hand and on quitting.
    ``preset`` and ``changed`` (the ``--set`` assignments) are shown with the rules at
    the start. ``match`` is the human's match (a single game is a one-game match),
    ``game`` its current game and ``states`` the current game's hands; ``team`` the team
    match when the rules have teams. ``agent`` plays the computer's seat. ``practice``: hints
    (``hint``) and undo (``u``) are allowed; a rated game (the default) allows neither.
    """

    def __init__(
        self,
        rules: Rules,
        *,
        seed: int,
        opponent: str = "simple",
        name: str = SECOND_PERSON,
        console: Console | None = None,
        input_fn: InputFn | None = None,
        save: Path | None = None,
        glyphs: bool | None = None,
        preset: str | None = None,
        changed: Sequence[str] = (),
        sheet: SheetLayout = "hands",
        bot_time_ms: int | None = None,
        bot_game_ms: int | None = None,
        practice: bool = False,
        store: Store | None = None,
        resume: GameSession | None = None,
    ) -> None:
        self.rules = rules
        self.bot_time_ms = bot_time_ms
        """A ``cmd:`` opponent's budget per decision, in milliseconds (``None``: the protocol's default)."""
        self.bot_game_ms = bot_game_ms
        """A ``cmd:`` opponent's budget for all its decisions in one game, in milliseconds (``None``: none)."""
        self.forfeit: GameForfeit | None = None
        """Set when the computer's bot forfeited the current game (:meth:`forfeited`)."""
        self.player_name = name
        self.opponent = opponent
        self.sheet_layout: SheetLayout = sheet
        """How the score sheet is laid out (``hands``: one row per hand; ``paper``: the sources')."""
        self.practice = practice
        """A practice game: hints and undo allowed; rated games (the default) allow neither."""
        self.store = store
        """Where each game is stored as it is played (``--db``; ``None``: not stored), under the
        store's local player (:meth:`~ginrummy.storage.store.Store.local_token`)."""
        self.preset = preset
        self.changed = tuple(changed)
        console = console or Console(highlight=False, soft_wrap=True)
        self.io = TableIO(
            console, input_fn or read_line, render.use_glyphs(console) if glyphs is None else glyphs
        )
        self.screen_type = screen_class(rules)
        """The table screen of this session's hands."""
        self.save_path = save
        self.first_save = save
        """``--save``'s path: the first game's record; a game played again goes to ``NAME-2.json``..."""
        self.played = 1
        """How many games (or matches) have been started, counting each "play again"."""
        self.resumed = resume is not None
        """Whether this session goes on with a stored game (``ginrummy play --resume``)."""
        self._start(seed, resume)

    @classmethod
    def resuming(cls, core: GameSession, **options: Any) -> PlaySession:
        """A session that goes on with ``core``, a stored game rebuilt
        (:func:`ginrummy.session.load`), exactly where it stopped: its rules, seed, computer level,
        name and mode are the stored game's; ``options`` are the other arguments of the class
        (``store`` to go on storing it)."""
        row = core.row
        return cls(
            core.rules,
            seed=row.seed,
            opponent=row.level,
            name=row.name,
            practice=row.mode == "practice",
            preset=row.preset,
            resume=core,
            **options,
        )

    def _start(self, seed: int, core: GameSession | None = None) -> None:
        """Set up a fresh game, set, match or team match dealt from ``seed`` (a new row of the
        game core, stored at the first deal), or go on with ``core``, a stored game rebuilt."""
        self.seed = seed
        if core is None:
            row = new_row(
                self.rules,
                seed,
                owner="",  # the store's local player, set when the game is first stored
                name=self.player_name,
                level=self.opponent,
                mode="practice" if self.practice else "rated",
                preset=self.preset or "custom",
            )
            core = GameSession(row, stored=False)
        core.agents[COMPUTER] = make_agent(
            self.opponent, seed, bot_time_ms=self.bot_time_ms, bot_game_ms=self.bot_game_ms
        )
        self.core = core
        if is_cmd(self.opponent):  # a process: shown the hands it saw, not asked again
            show_finished(core, COMPUTER, self.agent)
        else:  # a resumed game: the computer's agent as it stood when the game was left
            core.catch_up(COMPUTER, self.agent)
        """The game core: the game, its hands, the computer's replies, storing (:mod:`ginrummy.session`)."""

    # -- what the human may see ---------------------------------------------------

    @property
    def agent(self) -> Agent:
        """The computer's agent (kept by the game core for the computer's seat)."""
        return self.core.agents[COMPUTER]

    @agent.setter
    def agent(self, agent: Agent) -> None:
        self.core.agents[COMPUTER] = agent

    @property
    def match(self) -> Match:
        """The human's match (a single game is a one-game match)."""
        return self.core.match

    @property
    def game(self) -> Game:
        """The current game of the match."""
        return self.core.game

    @property
    def states(self) -> list[AnyHandState]:
        """The current game's hands."""
        return self.core.game_states[-1] if self.core.game_states else []

    @property
    def game_states(self) -> list[list[AnyHandState]]:
        """The hands of each game of the human's match (``states`` is the last)."""
        return self.core.game_states

    @property
    def other_states(self) -> list[list[list[AnyHandState]]]:
        """Team play: the hands of each game of the other pairings."""
        return self.core.other_states

    @property
    def team(self) -> TeamMatch | None:
        """Team play: the team match, once the human's pairing is over (``None`` before)."""
        return self.core.team

    @property
    def state(self) -> AnyHandState | None:
        """The hand being played (or the last one), ``None`` before the first deal."""
        return self.core.state

    @property
    def view(self) -> AnyView | None:
        """The human's view of the current hand (what tests may read to answer prompts)."""
        return self.state.view(HUMAN) if self.state is not None else None

    @property
    def names(self) -> tuple[str, str]:
        return self.game.names

    @property
    def is_over(self) -> bool:
        """Whether everything the rules make has been played."""
        return self.core.over

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
        self.played += 1
        first = self.first_save
        if first is not None:
            self.save_path = first.with_name(f"{first.stem}-{self.played}{first.suffix}")
        self._start(derive_seed(self.seed, "again") % 1_000_000)
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
            self.core.next_hand(play=False)
            state = self.core.state
            assert state is not None
            dealer = agree(self.names[state.dealer], "deal", "deals")
            self.io.say(Text(f"\nHand {len(self.states)}: {dealer}.", style="bold"))
        where = f"game {len(self.match.games)} of the match · " if self.match.kind != "single" else ""
        info = HandInfo(
            self.names,
            where + render.score_line(self.game),
            self.sheet,
            practice=self.practice,
            hint=self.hint if self.practice else None,
        )
        screen = self.screen_type(self.io, info, state)
        screen.draws = self.core.drawn_cards(HUMAN)  # a resumed hand: the cards the human drew
        while True:
            self.core.advance()  # the computer plays to the human's turn (or the hand's end)
            if state.is_over:
                break
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

    def sync_store(self) -> tuple[str, str] | None:
        """Bring the stored game up to date (the game core's
        :meth:`~ginrummy.session.core.GameSession.sync`, the row created under the store's local
        player at the first call); on a failure stop storing and return why (the message and its
        head, as :meth:`TableIO.error` takes them), else ``None``."""
        if self.store is None or self.core.state is None:
            return None
        try:
            if not self.core.created:
                owner = owner_of(self.store.local_token())
                self.core.row = replace(self.core.row, owner=owner)
                self.core.seats[HUMAN] = replace(self.core.seats[HUMAN], owner=owner)
            self.core.sync(self.store)
        except sqlite3.Error as exc:
            path, self.store = self.store.path, None
            return f"{exc}; the game goes on without being stored", f"Could not store to {path}"
        return None

    def hint(self, view: AnyView) -> Hint:
        """The hint for the human's ``view`` (practice games): the game core's
        (:meth:`~ginrummy.session.core.GameSession.hint`: the strongest level's move from the
        human's view) and why in words."""
        fmt = symbols if self.io.glyphs else notation
        return explain(self.core.hint(), view, hint_agent_name(), fmt)

    def sheet(self, width: int | None = None) -> Text:
        """The current game's sheet, titled by its number in the match, ``width`` columns wide
        (default: the console's)."""
        k = len(self.match.games)
        if self.game.hollywood:
            title = "Hollywood" if self.match.kind == "single" else f"Hollywood set {k}"
        else:
            title = f"Game {k}"
        return render.sheet_text(self.game, title, self.sheet_layout, width or self.io.console.width)

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

    def next_game(self) -> None:
        """Start the match's next game (a ``cmd:`` opponent's budget per game starts again)."""
        self.core.next_game()

    def other_pairings(self) -> None:
        """Team play: the other pairings, computer against computer, then the team sheet."""
        for line in self.play_other_pairings():
            self.io.say(line)

    def play_other_pairings(self) -> list[Text]:
        """Team play: what the other pairings (played by the game core, computer against computer,
        once the human's pairing is over) came to in words, the team sheet last; the record is
        saved with ``--save``."""
        team = self.team
        assert team is not None
        said: list[Text] = []
        say = said.append
        failure = self.write_record() if self.save_path is not None else None
        for i, match in enumerate(team.pairings[1:], start=1):
            a, b = match.names
            say(Text(f"\nPairing {i + 1}: {a} against {b} (computer players).", style="bold"))
            if failure is not None and i == 1:
                say(Text(f"{failure[1]}: {failure[0]}", style="yellow"))
            for game in match.games:
                s = game.summary()
                say(
                    Text(
                        f"  {a} {s.totals[0]}, {b} {s.totals[1]}"
                        f" ({len(game.results)} hands{', Hollywood set' if game.hollywood else ''})."
                    )
                )
            if match.kind != "single":
                for line in render.match_lines(match):
                    say(Text("  ") + line)
        say(Text(""))
        said.extend(render.team_lines(team))
        return said

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
        if ask and not self.practice:
            try:
                keep = self.io.yes_no(
                    "Keep this rated game to resume later? No resigns it, counted lost (y/n) > "
                )
            except EOFError:
                keep = True
            if not keep:
                try:
                    self.core.end(self.store, RESIGNED)
                except (sqlite3.Error, SessionError) as exc:
                    self.io.error(str(exc), "Could not resign")
                else:
                    self.io.say(Text("You resigned the game; it counts as lost.", style="bold"))
                    return
        self.io.say(Text(f"The game is kept: ginrummy play --resume {self.core.row.id} goes on with it."))

    # -- records ----------------------------------------------------------------------

    def record(self) -> GameRecord | MatchRecord | TeamRecord:
        """The record of what has been played (the game core's
        :meth:`~ginrummy.session.core.GameSession.record`): a game, match or team record (any
        variant); the current game's carries :attr:`forfeit`, if any."""
        return self.core.record(self.forfeit)

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

    def write_record(self) -> tuple[str, str] | None:
        """Write the record (``--save``); on failure return why (the message and its head, as
        :meth:`TableIO.error` takes them), else ``None``."""
        assert self.save_path is not None
        data = self.record().dump()
        try:
            write_atomic(self.save_path, data + "\n")
        except OSError as exc:
            return f"{exc.strerror or exc}", f"Could not save to {self.save_path}"
        return None
