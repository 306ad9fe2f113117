"""The flow of the full-screen table, without a screen: deal, play the person's moves, let the
computer play, score, and go on to the next hand, game or match.

:class:`TableFlow` is a thin adapter over the game core (:class:`ginrummy.session.GameSession`,
through :class:`~ginrummy.cli.terminal.TerminalGame`, what both terminal front ends share), which
deals, plays the person's moves (:meth:`~ginrummy.session.GameSession.act`) and the computer's
replies through the one hand loop (:func:`ginrummy.play.play_hand`, the person's seat ``None``),
enters results, takes moves back under the undo rule, plays team play's other pairings and stores
the game (``--db``); the record is written (``--save``), and what went wrong is returned in words,
which the table shows. ``ginrummy play --resume`` hands it a stored game rebuilt, and the table goes
on where it stopped. The person's moves are checked by the engine (``state.verify``) before they
are played; the screens read the person's view only (:attr:`TableFlow.view`) and hold no game state
of their own. Both variants are played: the standard game and discard-pile pickup (002); the words
of events and results are the line mode's table screen's (:func:`ginrummy.cli.table.screen_class`),
shared by both front ends.

>>> from ginrummy.rules import Rules
>>> flow = TableFlow(Rules(), seed=7, opponent="simple")
>>> flow.deal()
>>> flow.stage, flow.view.my_turn, flow.view.hand.bit_count() in (10, 11)
('play', True, True)
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, NamedTuple, cast

from rich.text import Text

from ginrummy.agents.hints import Hint
from ginrummy.cards import Card
from ginrummy.cli import render
from ginrummy.cli.table import HUMAN, TableScreen, screen_class
from ginrummy.cli.terminal import TerminalGame
from ginrummy.errors import GameFlowError, GinRummyError, IllegalActionError, RecordError, RulesError
from ginrummy.hand.actions import Discard
from ginrummy.hand.phase import Phase
from ginrummy.hand.results import HandResult, agree
from ginrummy.play import undo_refusal
from ginrummy.protocol import BotError, forfeit_of
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game
from ginrummy.scoring.match import Match
from ginrummy.scoring.sheet import SheetLayout
from ginrummy.session import GameSession, SessionError, load
from ginrummy.storage import Store
from ginrummy.storage.store import GameRow
from ginrummy.variants import AnyAction, AnyHandState, AnyView
from ginrummy.variants.pickup import PickupView
from ginrummy.variants.standard.defense import LayoffChoice, layoff_choices
from ginrummy.variants.standard.view import PlayerView

__all__ = ["NewGame", "Stage", "TableFlow"]


class NewGame(NamedTuple):
    """What the table's new-game screen chose: the computer's level, the preset, the target and
    practice (hints and undo) or rated."""

    level: str
    preset: str
    target: int
    practice: bool


Stage = Literal["play", "hand-over", "game-over", "forfeit"]
"""Where the flow stands: a hand being played, a hand just over (its result shown), a game (or
everything) over, or the computer's ``cmd:`` bot forfeited."""
Kind = Literal["standard", "pickup"]
KINDS: dict[str, Kind] = {"standard": "standard", "pickup": "pickup"}
"""The table each variant's hands need, by the variant's name (``Rules.variant``)."""


class TableFlow:
    """The person (seat 0) against the computer (seat 1) at the full-screen table.

    The arguments are ``ginrummy play``'s (see :class:`~ginrummy.cli.terminal.TerminalGame`);
    ``practice`` allows hints and undo (:func:`ginrummy.play.undo_refusal`); ``store`` (``--db``) keeps
    each game as it is played, as the line mode does. :attr:`session` is the game with the
    terminal's options. ``message`` is the last thing said to the person (a refusal, a hint),
    ``None`` when nothing is pending.
    """

    @staticmethod
    def plays(rules: Rules) -> bool:
        """Whether the full-screen table plays hands dealt under ``rules``: the standard game's and
        discard-pile pickup's (002), every variant there is."""
        return rules.variant in KINDS

    def __init__(
        self,
        rules: Rules,
        *,
        seed: int,
        opponent: str = "simple",
        name: str = "You",
        save: Path | None = None,
        glyphs: bool = True,
        preset: str | None = None,
        changed: Sequence[str] = (),
        sheet: SheetLayout = "hands",
        practice: bool = False,
        store: Store | None = None,
        bot_time_ms: int | None = None,
        bot_game_ms: int | None = None,
        resume: GameSession | None = None,
        offer: bool = False,
    ) -> None:
        if not self.plays(rules):
            raise RulesError("the full-screen table does not play this variant; play it with --plain")
        self.glyphs = glyphs
        self.session = TerminalGame(
            rules,
            seed=seed,
            opponent=opponent,
            name=name,
            save=save,
            preset=preset,
            changed=changed,
            sheet=sheet,
            practice=practice,
            store=store,
            bot_time_ms=bot_time_ms,
            bot_game_ms=bot_game_ms,
            resume=resume,
        )
        """The game core with the terminal's options (shared with the line mode)."""
        self.stage: Stage = "play"
        self.message: Text | None = None
        self.pairings: list[Text] = []
        """Team play: what the other pairings' games came to (the line mode's words), once played."""
        self.forfeit: str | None = None
        """Why the computer's ``cmd:`` bot forfeited (the stage is then ``forfeit``)."""
        self.hold = False
        """Practice games at the table: after the person's discard the computer's reply waits
        (:attr:`waiting`) until :meth:`reply`, so that undo may take the discard back while the
        computer has shown nothing (the table replies after a moment, or at the next key)."""
        self.waiting = False
        """The person has discarded and the computer's reply is held (:attr:`hold`)."""
        self._where_it_stopped()
        self.offer: GameRow | None = self.session.resumable() if offer and resume is None else None
        """The local player's latest unfinished game, which the table's start offers to resume."""

    def _where_it_stopped(self) -> None:
        """A resumed game: the stage where it stopped (the computer plays if it is its turn)."""
        state = self.state
        if state is None:
            return
        if not state.is_over:
            self._advance()
        else:
            self.stage = "game-over" if self.game.is_over else "hand-over"

    def resume(self, game_id: str) -> bool:
        """Go on with the stored game ``game_id`` instead of the one set up (nothing dealt yet):
        its rules, level, name and mode are the stored game's. Returns whether it could (else
        why is said in :attr:`message`)."""
        old = self.session
        try:
            if old.store is None:
                raise RecordError("no store to resume from")
            core = load(old.store, game_id)
        except (RecordError, sqlite3.Error) as exc:
            self.say(str(exc), "Cannot resume", style="red")
            return False
        if not self.plays(core.rules):
            self.say("the full-screen table does not play this variant", "Cannot resume", style="red")
            return False
        old.close()
        self.session = TerminalGame.resuming(
            core,
            save=old.first_save,
            changed=old.changed,
            sheet=old.sheet_layout,
            store=old.store,
            bot_time_ms=old.bot_time_ms,
            bot_game_ms=old.bot_game_ms,
        )
        self._where_it_stopped()
        return True

    @property
    def rules(self) -> Rules:
        return self.session.rules

    @property
    def kind(self) -> Kind:
        """Which table the hands need: the standard game's or discard-pile pickup's."""
        return KINDS[self.rules.variant]

    @property
    def wording(self) -> type[TableScreen[Any]]:
        """The line mode's table screen of this variant: its static wording of events and results."""
        return screen_class(self.rules)

    @property
    def practice(self) -> bool:
        """A practice game: hints and undo allowed (rated games allow neither)."""
        return self.session.practice

    @property
    def draws(self) -> dict[int, Card]:
        """The cards the person drew from the stock in this hand, by event index (theirs only)."""
        return self.session.draws

    # -- what the person may see -------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def match(self) -> Match:
        return self.session.match

    @property
    def names(self) -> tuple[str, str]:
        return self.session.names

    @property
    def state(self) -> AnyHandState | None:
        return self.session.state

    @property
    def view(self) -> AnyView:
        """The person's view of the current (or last) hand. Raises :class:`~ginrummy.errors.GameFlowError` before the first deal."""
        state = self.session.state
        if state is None:
            raise GameFlowError("no hand has been dealt")
        view: AnyView = state.view(HUMAN)
        return view

    @property
    def standard(self) -> PlayerView:
        """:attr:`view` of a hand of the standard game. Raises :class:`~ginrummy.errors.GameFlowError` for another variant."""
        if self.kind != "standard":
            raise GameFlowError("not a hand of the standard game")
        return cast(PlayerView, self.view)

    @property
    def pickup(self) -> PickupView:
        """:attr:`view` of a discard-pile pickup hand. Raises :class:`~ginrummy.errors.GameFlowError` for another variant."""
        if self.kind != "pickup":
            raise GameFlowError("not a hand of discard-pile pickup")
        return cast(PickupView, self.view)

    @property
    def hand_number(self) -> int:
        return len(self.session.states)

    @property
    def result(self) -> HandResult | None:
        state = self.session.state
        return None if state is None else state.view(HUMAN).result

    @property
    def choosing_layoffs(self) -> bool:
        """Whether the person, as the defender, is to lay down now."""
        state = self.session.state
        return (
            state is not None and not state.is_over and state.phase is Phase.LAYOFF and state.to_act == HUMAN
        )

    def card_text(self, card: int, style: str = "") -> Text:
        return render.card_text(card, self.glyphs, style)

    def say(self, message: str, head: str | None = None, style: str = "yellow") -> None:
        """Set :attr:`message`, its cards written as the table writes them."""
        text = render.table_words(message, self.glyphs)
        self.message = Text(f"{head}: {text}" if head else text, style=style)

    def log_lines(self) -> list[Text]:
        """The current hand in words, one line per public event (the line mode's wording), with
        the cards the person drew; once over, the result in one line."""
        state = self.session.state
        if state is None:
            return []
        view = state.view(HUMAN)
        dealer = agree(self.names[view.dealer], "deal", "deals")
        lines = [Text(f"Hand {self.hand_number}: {dealer}.", style="bold")]
        for i, event in enumerate(view.history):
            line = self.wording.event_text(
                event, self.names, self.glyphs, you=HUMAN, drawn=self.draws.get(i), result=view.result
            )
            lines.append(line + Text("."))
        if view.result is not None:
            lines.append(Text(view.result.describe(self.names), style="bold"))
        return lines

    def status(self, short: bool = False) -> str:
        """The score toward the target (and the game of the match), in one line (``short``: for a
        narrow header)."""
        where = f"Game {len(self.match.games)} of the match · " if self.match.kind != "single" else ""
        return where + render.score_line(self.game, short)

    def sheet(self, width: int | None = None, *, compact: bool = False, height: int | None = None) -> str:
        """The current game's score sheet (``--sheet``'s layout), titled as the line mode titles it;
        ``compact`` for the side panel (each row on one line; the oldest hands folded into one line
        to fit in ``height`` lines)."""
        return self.session.sheet(max(width or 100, 20), compact=compact, height=height).plain

    def summary(self) -> list[Text]:
        """The end of the game (and match, and team match): winner, totals, bonuses."""
        lines = render.summary_lines(self.game, settle=self.match.kind == "single")
        if self.match.kind != "single":
            lines += [Text(""), *render.match_lines(self.match)]
        if self.session.team is not None and self.session.is_over:
            lines += [Text(""), *self.pairings]
        return lines

    # -- playing --------------------------------------------------------------------------

    def deal(self) -> None:
        """Deal the next hand of the current game and let the computer play to the person's turn."""
        self.session.deal()
        self.message = None
        self.stage = "play"
        self._advance()

    def act(self, action: AnyAction) -> bool:
        """Play the person's ``action`` if the engine allows it (else say why and return ``False``),
        then the computer's moves to the person's next turn or the end of the hand."""
        if self.explain(action):
            return False
        self.message = None
        hold = self.hold and self.practice and isinstance(action, Discard)
        self._advance(action, reply=not hold)
        self.waiting = hold and self.stage == "play"
        return True

    def reply(self) -> None:
        """Let the computer play its held reply (:attr:`waiting`), to the person's next turn or
        the end of the hand."""
        if self.waiting:
            self.waiting = False
            self._advance()

    def explain(self, action: AnyAction) -> bool:
        """Say why the engine refuses the person's ``action`` now, as :meth:`act` would, playing
        nothing; returns whether it was refused (an action that would be allowed is not played
        and nothing is said)."""
        state = self.session.state
        if state is None or self.stage != "play":
            self.say("the hand is not being played", "Not allowed")
            return True
        try:
            state.verify(action, player=HUMAN)
        except GinRummyError as exc:
            self.say(str(exc), "Not allowed")
            return True
        return False

    def act_all(self, actions: Sequence[AnyAction]) -> int:
        """Play the person's ``actions`` in order (pickup's "every meld", "every card that fits")
        until one is refused (said, as :meth:`act` says it) or the hand ends; returns how many
        were played."""
        done = 0
        for action in actions:
            if self.stage != "play" or not self.act(action):
                break
            done += 1
        return done

    def _advance(self, action: AnyAction | None = None, reply: bool = True) -> None:
        """Play the person's ``action`` (verified) through the game core, or none; the computer's
        moves follow, the result is entered once the hand is over. Then store (and at the end
        of the hand save) what was played; a ``cmd:`` bot that fails forfeits."""
        try:
            if action is None:
                self.session.advance()
            else:
                self.session.act(action, reply)
        except (BotError, IllegalActionError) as exc:
            error = forfeit_of(exc, self.session.agent)
            if error is None:
                raise
            self.forfeit = (
                f"The computer player {self.session.opponent} forfeits the game "
                f"({error.kind}: {error.detail}). You win by forfeit."
            )
            self.stage = "forfeit"
            return
        self.sync()
        state = self.session.state
        if state is not None and state.is_over:
            self.save()
            self.stage = "hand-over"

    def next(self) -> None:
        """After a hand: deal the next one, or (the game over) show the end of the game; after a
        game of a match: start the next game. Team play: once the person's pairing is over, the
        other pairings are played (computer against computer) for the team sheet."""
        if self.stage == "hand-over" and self.game.is_over:
            if self.match.is_over and self.session.team is not None:  # played by the core
                self.pairings = self.session.pairing_lines()
            self.stage = "game-over"
            return
        if self.stage == "game-over":
            if self.match.is_over:
                raise GameFlowError("everything is played: play again or quit")
            self.session.next_game()
        self.deal()

    @property
    def all_over(self) -> bool:
        """Whether everything the rules make has been played."""
        return self.stage == "game-over" and self.session.is_over

    def play_again(self, choice: NewGame | None = None) -> None:
        """Start a fresh game (match) dealt from a seed derived from this one, saved (``--save``) to
        a file numbered after the first, as the line mode does; then deal its first hand. With
        ``choice`` (the new-game screen's) the new game has that level, preset, target and mode.
        Raises :class:`~ginrummy.errors.RulesError` for a target the preset does not take."""
        if choice is None:
            self.session.again()
        else:
            rules = Rules.preset(choice.preset)
            if choice.target != rules.target:
                rules = rules.with_setting(f"target={choice.target}")
            if not self.plays(rules):
                raise RulesError("the full-screen table does not play these rules")
            self.session.again(
                rules=rules, preset=choice.preset, opponent=choice.level, practice=choice.practice
            )
        self.pairings = []
        self.deal()

    def close(self) -> None:
        """Save what has been played (``--save``) and end the computer's process, if any."""
        if self.session.states:
            self.save()
        self.session.close()

    def sync(self) -> None:
        """Bring the stored game (``--db``) up to date, through the game core (its ``sync``); a store
        that fails is said once in :attr:`message` and the game goes on unstored."""
        failure = self.session.sync_store()
        if failure is not None:
            self.say(*failure, style="red")

    def save(self) -> None:
        """Write the record (``--save``); a failure is said in :attr:`message`."""
        if self.session.save_path is None:
            return
        failure = self.session.write_record()
        if failure is not None:
            self.say(*failure, style="red")

    @property
    def keepable(self) -> bool:
        """Whether quitting may keep the game to resume later or resign it: a rated game, stored
        and not over (a practice game is simply kept)."""
        return self.session.keepable

    def resign(self) -> None:
        """Resign the game (it counts as lost in the statistics); a failure is said in :attr:`message`."""
        failure = self.session.resign()
        if failure is not None:
            self.say(*failure, style="red")

    # -- help for the person -----------------------------------------------------------------

    def undo(self) -> bool:
        """Practice games: take back the person's last move through the game core, under the
        shared rule (:func:`ginrummy.play.undo_refusal`); otherwise, or when refused, say why."""
        if not self.practice:
            self.say("undo is for practice games (start one with --practice)", "Not allowed")
            return False
        try:
            if self.stage != "play":  # the hand is over (or the computer forfeited it)
                raise SessionError(undo_refusal(None, HUMAN))
            self.session.undo()
        except SessionError as exc:
            self.say(str(exc), "Cannot undo")
            return False
        self.waiting = False
        self.sync()
        self.say("Your last move is taken back.", style="green")
        return True

    def hint(self) -> Hint | None:
        """Practice games: the strongest level's move for the person now and why, from their view
        only (the game core's hint, :meth:`~ginrummy.cli.terminal.TerminalGame.hint`); also said
        in :attr:`message`. ``None`` (and why, said) when there is no hint to give."""
        if not self.practice:
            self.say("hints are for practice games (start one with --practice)", "Not allowed")
            return None
        state = self.session.state
        if state is None or self.stage != "play" or state.to_act != HUMAN:
            self.say("a hint is for your turn", "No hint")
            return None
        hint = self.session.hint(state.view(HUMAN), self.glyphs)
        self.message = Text(f"Hint ({hint.agent}): {hint.why}", style="cyan")
        return hint

    # -- the person's choices ------------------------------------------------------------------

    def layoff_choices(self) -> tuple[LayoffChoice, ...]:
        """The person's ways to lay down as the defender, best first
        (:func:`ginrummy.variants.standard.defense.layoff_choices`, from their view)."""
        return layoff_choices(self.standard)

    def computer_cards(self) -> tuple[int, int]:
        """What the person sees of the computer's hand: (cards known to them, how many it holds)."""
        view = self.view
        return view.opponent_known, view.opponent_hand_size

    def result_lines(self) -> list[Text]:
        """The end of the hand in the line mode's words: both hands in melds, layoffs, the result."""
        result = self.result
        assert result is not None
        return self.wording.result_lines(result, self.names, self.glyphs, self.rules)
