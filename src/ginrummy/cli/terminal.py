"""What both terminal front ends need of a game and the browser does not: the game core
(:class:`ginrummy.session.GameSession`) with the terminal's options around it.

:class:`TerminalGame` is the person at the terminal (seat 0) against a kept computer player
(seat 1, ``--opponent``: a level made from the game's seed, or a ``cmd:`` bot's process). It
deals, plays the person's moves and takes them back only through the core
(:meth:`~ginrummy.session.GameSession.act`, :meth:`~ginrummy.session.GameSession.undo`), which
plays the computer's replies, enters results, plays team play's other pairings and stores the game
(``--db``, under the store's local player); it notes the cards the person drew (theirs only), writes
the record (``--save``, a game played again to ``NAME-2.json``...), resigns a rated game or keeps it
for ``ginrummy play --resume`` (:meth:`TerminalGame.resuming`: the kept computer player is caught up
on its decisions, so the game goes on as if never left). The line mode
(:class:`~ginrummy.cli.session.PlaySession`, a subclass that reads and writes lines) and the
full-screen table (:class:`~ginrummy.cli.tui.flow.TableFlow`, which holds one) render it; what went
wrong is returned in words (a message and its head) for each to show its way.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Required, Self, TypedDict

from rich.text import Text

from ginrummy.agents import make_agent
from ginrummy.agents.hints import Hint, explain, hint_agent_name, notation, symbols
from ginrummy.cards import Card
from ginrummy.cli import render
from ginrummy.cli.saving import write_atomic
from ginrummy.cli.table import COMPUTER, HUMAN
from ginrummy.hand.actions import DrawStock
from ginrummy.hand.results import SECOND_PERSON
from ginrummy.play import Agent
from ginrummy.protocol import close_agent, is_cmd
from ginrummy.records import GameForfeit, GameRecord, MatchRecord, TeamRecord
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game
from ginrummy.scoring.match import Match, TeamMatch
from ginrummy.scoring.sheet import SheetLayout, hands_sheet, hollywood_sheet
from ginrummy.seeds import derive_seed
from ginrummy.session import GameSession, SessionError, latest_resumable, new_row, show_finished
from ginrummy.storage import Store
from ginrummy.storage.store import RESIGNED, GameRow, owner_of
from ginrummy.variants import AnyAction, AnyHandState, AnyView

__all__ = ["Failure", "GameOptions", "TerminalGame"]

Failure = tuple[str, str]
"""What went wrong, in words: the message and its head (``Could not store to ...``)."""


class GameOptions(TypedDict, total=False):
    """:class:`TerminalGame`'s keyword arguments (for a front end that passes them on)."""

    seed: Required[int]
    opponent: str
    name: str
    save: Path | None
    preset: str | None
    changed: Sequence[str]
    sheet: SheetLayout
    bot_time_ms: int | None
    bot_game_ms: int | None
    practice: bool
    store: Store | None
    resume: GameSession | None


class TerminalGame:
    """One game, set, match or team match of the person (seat 0) against the computer (seat 1).

    ``seed`` deals it; ``opponent`` is the computer's level (or ``cmd:COMMAND``, with
    ``bot_time_ms`` per decision and ``bot_game_ms`` per game); ``name`` the person's; ``practice``
    allows hints and undo (a rated game allows neither); ``store`` (``--db``) keeps it as played;
    ``save`` is where the record is written; ``preset`` and ``changed`` (the ``--set``
    assignments) describe the rules; ``sheet`` lays out the score sheet. ``resume`` is a stored
    game rebuilt (:func:`ginrummy.session.load`) to go on with instead of dealing a new one: its
    own rules, seed, computer level, name, mode and preset are kept, whatever the arguments say.
    """

    def __init__(
        self,
        rules: Rules,
        *,
        seed: int,
        opponent: str = "simple",
        name: str = SECOND_PERSON,
        save: Path | None = None,
        preset: str | None = None,
        changed: Sequence[str] = (),
        sheet: SheetLayout = "hands",
        bot_time_ms: int | None = None,
        bot_game_ms: int | None = None,
        practice: bool = False,
        store: Store | None = None,
        resume: GameSession | None = None,
    ) -> None:
        if resume is not None:  # the stored game's own settings
            row = resume.row
            rules, seed, opponent, name, preset = resume.rules, row.seed, row.level, row.name, row.preset
            practice = row.mode == "practice"
        self.rules = rules
        self.opponent = opponent
        self.player_name = name
        self.practice = practice
        """A practice game: hints and undo allowed; rated games (the default) allow neither."""
        self.preset = preset
        self.changed = tuple(changed)
        self.sheet_layout: SheetLayout = sheet
        """How the score sheet is laid out (``hands``: one row per hand; ``paper``: the sources')."""
        self.bot_time_ms = bot_time_ms
        """A ``cmd:`` opponent's budget per decision, in milliseconds (``None``: the protocol's default)."""
        self.bot_game_ms = bot_game_ms
        """A ``cmd:`` opponent's budget for all its decisions in one game, in milliseconds (``None``: none)."""
        self.store = store
        """Where the game is stored as it is played (``--db``; ``None``: not stored, or no longer)."""
        self.save_path = save
        self.first_save = save
        """``--save``'s path: the first game's record; a game played again goes to ``NAME-2.json``..."""
        self.played = 1
        """How many games (or matches) have been started, counting each "play again"."""
        self.forfeit: GameForfeit | None = None
        """Set when the computer's bot forfeited the current game (the line mode's
        :meth:`~ginrummy.cli.session.PlaySession.forfeited`); the record carries it."""
        self.draws: dict[int, Card] = {}
        """The cards the person drew from the stock in the current hand, by action index (theirs only)."""
        self._start(seed, resume)

    @classmethod
    def resuming(cls, core: GameSession, **options: Any) -> Self:
        """One that goes on with ``core``, a stored game rebuilt (:func:`ginrummy.session.load`),
        exactly where it stopped: its rules, seed, computer level, name, mode and preset are the
        stored game's; ``options`` are the class's other arguments (``store`` to go on storing it)."""
        return cls(core.rules, seed=core.row.seed, resume=core, **options)

    def _start(self, seed: int, core: GameSession | None = None) -> None:
        """Set up a fresh game dealt from ``seed`` (a new row of the game core, stored at the first
        deal), or go on with ``core``, a stored game rebuilt, its computer player caught up."""
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
        agent = make_agent(self.opponent, seed, bot_time_ms=self.bot_time_ms, bot_game_ms=self.bot_game_ms)
        core.agents[COMPUTER] = agent
        if is_cmd(self.opponent):  # a process: shown the hands it saw, not asked again
            show_finished(core, COMPUTER, agent)
        else:  # as the computer's agent stood when the game was left (nothing for a new game)
            core.catch_up(COMPUTER, agent)
        self.core = core
        """The game core: the game, its hands, the computer's replies, storing (:mod:`ginrummy.session`)."""
        self.draws = core.drawn_cards(HUMAN)

    def again(
        self,
        *,
        rules: Rules | None = None,
        preset: str | None = None,
        opponent: str | None = None,
        practice: bool | None = None,
    ) -> None:
        """Start another game (match) once this one is over: dealt from a seed derived from this
        one, saved (``--save``) to a file numbered after the first; the computer's process, if any,
        ends and a new player is made. ``rules`` (of ``preset``), ``opponent`` and ``practice``,
        when given, change what the new game is (the table's new-game screen)."""
        close_agent(self.agent)
        if rules is not None:
            self.rules, self.preset, self.changed = rules, preset, ()
        if opponent is not None:
            self.opponent = opponent
        if practice is not None:
            self.practice = practice
        self.played += 1
        first = self.first_save
        if first is not None:
            self.save_path = first.with_name(f"{first.stem}-{self.played}{first.suffix}")
        self.forfeit = None
        self._start(derive_seed(self.seed, "again") % 1_000_000)

    def close(self) -> None:
        """End the computer's process, if any."""
        close_agent(self.agent)

    # -- what the person may see ---------------------------------------------------------------

    @property
    def agent(self) -> Agent:
        """The computer's agent (kept by the game core for the computer's seat)."""
        return self.core.agents[COMPUTER]

    @agent.setter
    def agent(self, agent: Agent) -> None:
        self.core.agents[COMPUTER] = agent

    @property
    def match(self) -> Match:
        """The person's match (a single game is a one-game match)."""
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
        """The hands of each game of the person's match (``states`` is the last)."""
        return self.core.game_states

    @property
    def other_states(self) -> list[list[list[AnyHandState]]]:
        """Team play: the hands of each game of the other pairings."""
        return self.core.other_states

    @property
    def team(self) -> TeamMatch | None:
        """Team play: the team match, once the person's pairing is over (``None`` before)."""
        return self.core.team

    @property
    def state(self) -> AnyHandState | None:
        """The hand being played (or the last one), ``None`` before the first deal."""
        return self.core.state

    @property
    def view(self) -> AnyView | None:
        """The person's view of the current hand (what tests may read to answer prompts)."""
        return self.state.view(HUMAN) if self.state is not None else None

    @property
    def names(self) -> tuple[str, str]:
        return self.game.names

    @property
    def is_over(self) -> bool:
        """Whether everything the rules make has been played."""
        return self.core.over

    def sheet(self, width: int, *, compact: bool = False, height: int | None = None) -> Text:
        """The current game's sheet, titled by its number in the match, ``width`` columns wide;
        ``compact`` (a side panel): the one-row-per-hand sheet keeps each row on one line
        (:func:`~ginrummy.scoring.sheet.hands_sheet`), the oldest hands folded into one line to fit
        in ``height`` lines."""
        k = len(self.match.games)
        game = self.game
        if game.hollywood:
            title = "Hollywood" if self.match.kind == "single" else f"Hollywood set {k}"
        else:
            title = f"Game {k}"
        if compact and game.hollywood:
            return Text(
                hollywood_sheet(
                    game.rules,
                    game.names,
                    game.columns,
                    game.results,
                    game.entered,
                    title,
                    width,
                    compact=True,
                    height=height,
                )
            )
        if compact and self.sheet_layout == "hands":
            return Text(
                hands_sheet(
                    game.rules,
                    game.names,
                    game.columns[0],
                    game.results,
                    title,
                    width,
                    compact=True,
                    height=height,
                )
            )
        return render.sheet_text(game, title, self.sheet_layout, width)

    def hint(self, view: AnyView, glyphs: bool) -> Hint:
        """Practice games: the game core's hint for the person now (the strongest level's move from
        their ``view``, :meth:`~ginrummy.session.GameSession.hint`) and why, cards in symbols
        (``glyphs``) or letters."""
        return explain(self.core.hint(), view, hint_agent_name(), symbols if glyphs else notation)

    # -- playing ----------------------------------------------------------------------------

    def deal(self) -> AnyHandState:
        """Deal the next hand (in the next game once the current one is over); the computer has
        not moved yet (:meth:`advance`). Returns the hand."""
        self.core.next_hand(play=False)
        self.draws = {}
        state = self.core.state
        assert state is not None
        return state

    def advance(self) -> None:
        """The computer plays to the person's turn (or the hand's end, its result entered)."""
        self.core.advance()

    def act(self, action: AnyAction, reply: bool = True) -> None:
        """Play the person's ``action`` through the game core, then the computer's replies (not
        yet with ``reply=False``: :meth:`advance` plays them); note
        the card drawn from the stock. Raises as :meth:`~ginrummy.session.GameSession.act` does
        (nothing changed) for an action refused, and a ``cmd:`` bot's failure as it replies."""
        state = self.core.state
        index = 0 if state is None else len(state.log)
        self.core.act(action, HUMAN, reply)
        if isinstance(action, DrawStock) and state is not None:
            drawn = state.view(HUMAN).drawn  # the person's turn goes on: the card is in their view
            if drawn is not None:
                self.draws[index] = drawn

    def undo(self) -> None:
        """Take back the person's last move through the game core. Raises
        :class:`~ginrummy.session.SessionError` with why when refused (rated games, and
        :func:`ginrummy.play.undo_refusal`)."""
        self.core.undo()
        state = self.core.state
        assert state is not None
        self.draws.pop(len(state.log), None)

    def next_game(self) -> None:
        """Start the match's next game (a ``cmd:`` opponent's budget per game starts again)."""
        self.core.next_game()

    # -- storing, saving, ending ---------------------------------------------------------------

    def sync_store(self) -> Failure | None:
        """Bring the stored game up to date (the game core's
        :meth:`~ginrummy.session.GameSession.sync`, the row created under the store's local
        player at the first call); on a failure stop storing and return why, else ``None``."""
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

    def resumable(self) -> GameRow | None:
        """The local player's latest unfinished game in the store (``None``: none, or no store)."""
        if self.store is None:
            return None
        try:
            return latest_resumable(self.store, owner_of(self.store.local_token()))
        except sqlite3.Error:
            return None

    @property
    def keepable(self) -> bool:
        """Whether quitting may keep the game to resume later or resign it: a rated game, stored
        and not over (a practice game is simply kept)."""
        return self.store is not None and self.core.created and not self.practice and not self.core.over

    def resign(self) -> Failure | None:
        """Resign the game (stored as lost, :meth:`~ginrummy.session.GameSession.end`); on a
        failure return why, else ``None``."""
        if self.store is None:
            return None
        try:
            self.core.end(self.store, RESIGNED)
        except (sqlite3.Error, SessionError) as exc:
            return str(exc), "Could not resign"
        return None

    def record(self) -> GameRecord | MatchRecord | TeamRecord:
        """The record of what has been played (the game core's
        :meth:`~ginrummy.session.GameSession.record`): a game, match or team record (any
        variant); the current game's carries :attr:`forfeit`, if any."""
        return self.core.record(self.forfeit)

    def write_record(self) -> Failure | None:
        """Write the record (``--save``); on failure return why, else ``None``."""
        assert self.save_path is not None
        data = self.record().dump()
        try:
            write_atomic(self.save_path, data + "\n")
        except OSError as exc:
            return f"{exc.strerror or exc}", f"Could not save to {self.save_path}"
        return None

    def pairing_lines(self) -> list[Text]:
        """Team play: what the other pairings (played by the game core, computer against computer,
        once the person's pairing is over) came to in words, the team sheet last; the record is
        saved with ``--save`` (a failure said after the first pairing's heading)."""
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
