"""The session of ``ginrummy play``: a human against a computer player, to the end.

The session plays whatever the rules make: one game to the target, a Hollywood set of
three games at once, a match of successive games (best of N, or to a match total), or,
with teams, the human's pairing against the computer followed by the other pairings
between computer players. Between hands and games it offers the score sheet and quitting;
with ``--save`` it writes the record (:mod:`ginrummy.records`) after every hand and on quitting;
with a store (``--db``) it stores each game's actions as they are played
(:class:`~ginrummy.storage.recorder.GameRecorder`), for ``ginrummy history`` and ``stats``.

It knows nothing of a variant's screen: each hand is dealt by the game, shown by the table
screen of its type (:func:`ginrummy.cli.table.screen_class`) and played through the one hand
loop, :func:`ginrummy.play.play_hand` with the human's seat ``None`` (the loop stops at the
human's turn, and the screen reads their command). The human is player 0 and sees only
``state.view(0)``; the computer acts through its agent from ``state.view(1)`` only. Input comes
from an injectable function (``input_fn``, called with the prompt) so tests can answer from the
current view; by default it reads standard input, which need not be a terminal.
"""

from __future__ import annotations

import contextlib
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.text import Text

from ginrummy.agents import make_agent, plays_as
from ginrummy.agents.hints import Hint, decide, explain, hint_agent_name, notation, symbols
from ginrummy.cli import render
from ginrummy.cli.saving import play_record, write_atomic
from ginrummy.cli.table import COMPUTER, HUMAN, HandInfo, Quit, TableIO, screen_class
from ginrummy.cli.table.base import InputFn, Undone
from ginrummy.hand.results import SECOND_PERSON, agree
from ginrummy.play import play_hand
from ginrummy.protocol import SubprocessBot
from ginrummy.records import GameForfeit, GameRecord, MatchRecord, TeamRecord
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game
from ginrummy.scoring.match import Match, TeamMatch
from ginrummy.scoring.sheet import SheetLayout
from ginrummy.seeds import derive_seed
from ginrummy.storage import Store
from ginrummy.storage.recorder import GameRecorder
from ginrummy.storage.store import owner_of
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
        self.recorder: GameRecorder | None = None
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
        self._start(seed)

    def _start(self, seed: int) -> None:
        """Set up a fresh game, set, match or team match dealt from ``seed``."""
        rules, name = self.rules, self.player_name
        self.seed = seed
        self.team: TeamMatch | None = None
        if rules.team_size > 1:
            size = rules.team_size
            self.team = TeamMatch(
                rules,
                (
                    (name, *(f"Partner {i}" for i in range(1, size))),
                    ("Computer", *(f"Computer {i}" for i in range(2, size + 1))),
                ),
                seed=seed,
                team_names=("Your team", "Computer team"),
            )
            self.match = self.team.new_pairing()
        else:
            self.match = Match(rules, seed=seed, names=(name, "Computer"))
        self.game: Game = self.match.new_game()
        self.agent = make_agent(
            self.opponent, seed, bot_time_ms=self.bot_time_ms, bot_game_ms=self.bot_game_ms
        )
        self.states: list[AnyHandState] = []
        self.game_states: list[list[AnyHandState]] = [self.states]
        """The hands of each game of the human's match (``states`` is the last)."""
        self.other_states: list[list[list[AnyHandState]]] = []
        """Team play: the hands of each game of the other pairings."""

    # -- what the human may see ---------------------------------------------------

    @property
    def state(self) -> AnyHandState | None:
        """The hand being played (or the last one), ``None`` before the first deal."""
        return self.states[-1] if self.states else None

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
        if self.team is not None:
            return self.team.is_over
        return self.match.is_over

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
            while True:
                self._play_to_the_end()
                if not self._play_again():
                    break
        except Quit:
            self._leave("You quit the game.")
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
        if self.match.kind == "single" and not self.game.hollywood and self.team is None:
            return f"{who}, game to {self.rules.target}; seed {self.seed}."
        what = self.match.describe()
        if self.team is not None:
            partners = ", ".join(self.team.names[0][1:])
            return (
                f"{who}: team play, teams of {self.team.size}; you play {what} against "
                f"{self.names[COMPUTER]}, then your partners ({partners}) play theirs; seed {self.seed}."
            )
        return f"{who}: {what}; seed {self.seed}."

    def _play_hand(self) -> None:
        """Deal the next hand, play it through its table screen, enter and save it, show the sheet."""
        state = self.game.new_hand()
        self.states.append(state)
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
        while play_hand(state, [None, self.agent]) is None:  # the computer plays to the human's turn
            self.store_progress()
            with contextlib.suppress(Undone):  # a move taken back: the human's turn again
                screen.human_turn()
        self.game.enter(screen.finish())
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
        """Bring the stored game up to date; on a failure stop storing and return why (the
        message and its head, as :meth:`TableIO.error` takes them), else ``None``."""
        if self.store is None:
            return None
        try:
            if self.recorder is None or self.recorder.game is not self.game:
                self.recorder = GameRecorder(
                    self.store,
                    self.game,
                    owner=owner_of(self.store.local_token()),
                    preset=self.preset or "custom",
                    level=self.opponent,
                    mode="practice" if self.practice else "rated",
                )
            self.recorder.sync(self.states)
        except sqlite3.Error as exc:
            path, self.store = self.store.path, None
            return f"{exc}; the game goes on without being stored", f"Could not store to {path}"
        return None

    def hint(self, view: AnyView) -> Hint:
        """The hint for the human's ``view`` (practice games): the strongest level's move, a fresh
        agent shown only the human's views of this game's finished hands, and why in words."""
        level = hint_agent_name()
        finished = [done.view(HUMAN) for done in self.states if done.is_over]
        seed = derive_seed(self.seed, "hint", len(self.match.games), len(self.states), len(view.history))
        fmt = symbols if self.io.glyphs else notation
        return explain(decide(level, seed, finished, view), view, level, fmt)

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
        self.game = self.match.new_game()
        if isinstance(self.agent, SubprocessBot):
            self.agent.new_game()
        self.states = []
        self.game_states.append(self.states)

    def other_pairings(self) -> None:
        """Team play: the other pairings, computer against computer, then the team sheet."""
        for line in self.play_other_pairings():
            self.io.say(line)

    def play_other_pairings(self) -> list[Text]:
        """Team play: play the other pairings, computer against computer (saving the record with
        ``--save``); returns what they came to in words, the team sheet last."""
        team = self.team
        assert team is not None
        said: list[Text] = []
        say = said.append
        for i in range(1, team.size):
            match = team.new_pairing()
            a, b = match.names
            say(Text(f"\nPairing {i + 1}: {a} against {b} (computer players).", style="bold"))
            players = [
                make_agent(self.opponent, derive_seed(self.seed, "partner", i, seat)) for seat in (0, 1)
            ]
            self.other_states.append(match.play_kept(players))
            failure = self.write_record() if self.save_path is not None else None
            if failure is not None:
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

    def _leave(self, message: str) -> None:
        self.io.say(Text(message, style="bold"))
        if self.save_path is not None and self.states and self.save_record():
            self.io.say(Text(f"Saved to {self.save_path}."))

    # -- records ----------------------------------------------------------------------

    def record(self) -> GameRecord | MatchRecord | TeamRecord:
        """The record of what has been played (:func:`ginrummy.cli.saving.play_record`): a game,
        match or team record (any variant); the current game's carries :attr:`forfeit`, if any."""
        return play_record(
            self.match, self.game_states, team=self.team, other_states=self.other_states, forfeit=self.forfeit
        )

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
