"""The game loop of ``ginrummy play``: a human against a computer player, to the end.

The session plays whatever the rules make: one game to the target, a Hollywood set of
three games at once, a match of successive games (best of N, or to a match total), or,
with teams, the human's pairing against the computer followed by the other pairings
between computer players. The human is player 0 and sees only ``state.view(0)``; the
computer acts through its agent from ``state.view(1)`` only. Every action is checked by the engine
(:meth:`ginrummy.hand.state.HandState.verify`); a refused command is explained and asked
again, and changes nothing. Input comes from an injectable function (``input_fn``,
called with the prompt) so tests can answer from the current view; by default it
reads standard input, which need not be a terminal.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.text import Text

from ginrummy.agents import make_agent
from ginrummy.cards import Card
from ginrummy.cli import render
from ginrummy.cli.commands import HELP, Meta, Play, parse_command
from ginrummy.errors import GinRummyError
from ginrummy.hand.actions import BigGin, DrawStock, Knock, LayOff
from ginrummy.hand.results import Outcome
from ginrummy.hand.state import HandState, Phase
from ginrummy.hand.view import PlayerView
from ginrummy.melds import best_arrangement, least_deadwood
from ginrummy.play import play_hand
from ginrummy.records import GameRecord, MatchRecord, TeamRecord
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game
from ginrummy.scoring.match import Match, TeamMatch
from ginrummy.seeds import derive_seed
from ginrummy.variants import AnyHandState, AnyView

__all__ = ["COMPUTER", "HUMAN", "InputFn", "PlaySession", "read_line"]

InputFn = Callable[[str], str]
"""Reads one line of input after showing the prompt; raises ``EOFError`` at the end of input."""

HUMAN = 0
COMPUTER = 1


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


class _Quit(Exception):
    """The player typed ``q``."""


class PlaySession:
    """One game, set, match or team match of the human (player 0) against the computer (player 1).

    ``input_fn`` defaults to :func:`read_line`; ``save`` is a path to which the record
    (a :class:`~ginrummy.records.GameRecord` for a single game, a ``MatchRecord`` for a
    match, a ``TeamRecord`` for team play) is written after every hand and on quitting.
    ``preset`` and ``changed`` (the ``--set`` assignments) are shown with the rules at
    the start. ``match`` is the human's match (a single game is a one-game match),
    ``game`` its current game and ``states`` the current game's hands; ``team`` the team
    match when the rules have teams.
    """

    def __init__(
        self,
        rules: Rules,
        *,
        seed: int,
        opponent: str = "simple",
        name: str = "Player",
        console: Console | None = None,
        input_fn: InputFn | None = None,
        save: Path | None = None,
        glyphs: bool | None = None,
        preset: str | None = None,
        changed: Sequence[str] = (),
    ) -> None:
        self.rules = rules
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
        self.agent = make_agent(opponent, seed)
        self.opponent = opponent
        self.preset = preset
        self.changed = tuple(changed)
        self.console = console or Console(highlight=False, soft_wrap=True)
        self.input_fn = input_fn or read_line
        self.save_path = save
        self.glyphs = render.use_glyphs(self.console) if glyphs is None else glyphs
        self.states: list[AnyHandState] = []
        self.game_states: list[list[AnyHandState]] = [self.states]
        """The hands of each game of the human's match (``states`` is the last)."""
        self.other_states: list[list[list[AnyHandState]]] = []
        """Team play: the hands of each game of the other pairings."""
        self._seen = 0
        self._draws: dict[int, Card] = {}

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
        """Play to the end, or until ``q``, end of input or Ctrl-C. Returns 0."""
        try:
            self._say(Text(self._intro(), style="bold"))
            for line in render.rules_lines(self.rules, self.preset, self.changed):
                self._say(line)
            self._say(Text(HELP, style="dim"))
            while True:
                while not self.game.is_over:
                    if self.states:
                        self._between_hands()
                    self._play_hand()
                for line in render.summary_lines(self.game, settle=self.match.kind == "single"):
                    self._say(line)
                if self.match.is_over:
                    break
                self._say(Text(""))
                for line in render.match_lines(self.match):
                    self._say(line)
                self._between_games()
            if self.match.kind != "single":
                self._say(Text(""))
                for line in render.match_lines(self.match):
                    self._say(line)
            if self.team is not None:
                self._other_pairings()
        except _Quit:
            self._leave("You quit the game.")
        except EOFError:
            self._leave("End of input: the game is left unfinished.")
        except KeyboardInterrupt:
            self._leave("Interrupted: the game is left unfinished.")
        return 0

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

    def _other_pairings(self) -> None:
        """Team play: the other pairings, computer against computer, then the team sheet."""
        team = self.team
        assert team is not None
        for i in range(1, team.size):
            match = team.new_pairing()
            a, b = match.names
            self._say(Text(f"\nPairing {i + 1}: {a} against {b} (computer players).", style="bold"))
            players = [
                make_agent(self.opponent, derive_seed(self.seed, "partner", i, seat)) for seat in (0, 1)
            ]
            states: list[list[AnyHandState]] = []
            self.other_states.append(states)

            def keep(
                game: Game,
                state: AnyHandState,
                states: list[list[AnyHandState]] = states,
                match: Match = match,
            ) -> None:
                if len(states) < len(match.games):
                    states.append([])
                states[-1].append(state)

            match.play(players, on_hand=keep)
            if self.save_path is not None:
                self._save()
            for game in match.games:
                s = game.summary()
                self._say(
                    Text(
                        f"  {a} {s.totals[0]}, {b} {s.totals[1]}"
                        f" ({len(game.results)} hands{', Hollywood set' if game.hollywood else ''})."
                    )
                )
            if match.kind != "single":
                for line in render.match_lines(match):
                    self._say(Text("  ") + line)
        self._say(Text(""))
        for line in render.team_lines(team):
            self._say(line)

    def _leave(self, message: str) -> None:
        self._say(Text(message, style="bold"))
        if self.save_path is not None and self.states and self._save():
            self._say(Text(f"Saved to {self.save_path}."))

    def _between_games(self) -> None:
        number = len(self.match.games) + 1
        while True:
            answer = self._ask(f"Press Enter to start game {number} of the match (s sheet, q quit) > ")
            word = answer.strip().lower()
            if word in ("q", "quit", "exit"):
                raise _Quit
            if word in ("s", "sheet", "score"):
                for line in render.match_lines(self.match):
                    self._say(line)
                continue
            break
        self.game = self.match.new_game()
        self.states = []
        self.game_states.append(self.states)
        self._say(Text(f"\nGame {number} of the match.", style="bold"))

    def _between_hands(self) -> None:
        while True:
            answer = self._ask(f"Press Enter to deal hand {len(self.states) + 1} (s sheet, q quit) > ")
            word = answer.strip().lower()
            if word in ("q", "quit", "exit"):
                raise _Quit
            if word in ("s", "sheet", "score"):
                self._say(self._sheet())
                continue
            return

    def _sheet(self) -> Text:
        """The current game's sheet, titled by its number in the match."""
        k = len(self.match.games)
        if self.game.hollywood:
            title = "Hollywood" if self.match.kind == "single" else f"Hollywood set {k}"
        else:
            title = f"Game {k}"
        return render.sheet_text(self.game, title)

    def _play_hand(self) -> None:
        if self.game.rules.discard_pickup:  # -- discard-pile pickup gin: its own hand loop --
            from ginrummy.cli.pickup_play import play_pickup_hand

            play_pickup_hand(self)
            return
        state = self.game.new_hand()
        assert isinstance(state, HandState)
        self.states.append(state)
        self._seen = 0
        self._draws = {}
        self._say(Text(f"\nHand {len(self.states)}: {self.names[state.dealer]} deals.", style="bold"))
        while play_hand(state, [None, self.agent]) is None:  # the computer plays to the human's turn
            if state.phase is Phase.LAYOFF:
                state.push(LayOff(), player=HUMAN)  # the engine's best plan for the human
            else:
                self._screen(state.view(HUMAN))
                self._human_turn(state)
        view = state.view(HUMAN)
        self._events(view)
        result = view.result
        assert result is not None
        for line in render.result_lines(result, self.names, self.glyphs, view.meld_rules):
            self._say(line)
        self.game.enter(result)
        if self.save_path is not None:
            self._save()
        self._say(self._sheet())

    # -- the human's turn -------------------------------------------------------------

    def _human_turn(self, state: HandState) -> None:
        view = state.view(HUMAN)
        while True:
            text = self._ask(self._prompt(view))
            try:
                cmd = parse_command(text, view)
            except GinRummyError as exc:
                self._error(str(exc), "Not understood")
                continue
            if isinstance(cmd, Meta):
                self._meta(cmd, view)
                continue
            assert isinstance(cmd, Play)
            try:
                state.verify(cmd.action, player=HUMAN)
            except GinRummyError as exc:
                self._error(str(exc))
                continue
            if cmd.confirm is not None and not self._confirm(cmd, view):
                self._say(Text("Not done; choose again."))
                continue
            state.push(cmd.action, player=HUMAN)
            if isinstance(cmd.action, DrawStock):
                drawn = state.view(HUMAN).drawn
                if drawn is not None:
                    self._draws[len(state.log) - 1] = drawn
            return

    def _meta(self, cmd: Meta, view: PlayerView) -> None:
        if cmd.kind == "quit":
            raise _Quit
        if cmd.kind == "help":
            self._say(Text(HELP))
        elif cmd.kind == "sheet":
            self._say(self._sheet())
        elif cmd.kind == "hint":
            self._hint(view)
        else:
            self._say(Text("Type a command (h for help)."))

    def _hint(self, view: PlayerView) -> None:
        action = make_agent("simple", 0).act(view)
        text = Text("Hint (the simple computer player would): ")
        if isinstance(action, Knock):
            rest = view.hand & ~(1 << action.card)
            word = "g" if least_deadwood(rest, mr=view.meld_rules) == 0 else "k"
            text.append(f"{word} {action.card}")
        elif isinstance(action, BigGin):
            text.append("bg")
        else:
            text.append(str(action))
        self._say(text)

    def _confirm(self, cmd: Play, view: PlayerView) -> bool:
        action = cmd.action
        if isinstance(action, Knock):
            rest = view.hand & ~(1 << action.card)
            arr = best_arrangement(rest, mr=view.meld_rules)
            text = Text("Go gin" if cmd.confirm == "gin" else "Knock")
            text.append(", discarding ")
            text.append_text(render.card_text(action.card, self.glyphs))
            text.append(" face down, laying down ")
            text.append_text(render.melds_text(arr.melds, self.glyphs))
            if arr.deadwood:
                text.append(" with deadwood ")
                text.append_text(
                    render.cards_text(render.display_order(arr.deadwood, view.meld_rules), self.glyphs)
                )
                text.append(f" ({arr.points})")
        else:
            text = Text("Go big gin, laying down ")
            text.append_text(
                render.melds_text(best_arrangement(view.hand, mr=view.meld_rules).melds, self.glyphs)
            )
        self._say(text)
        word = {"gin": "Gin", "knock": "Knock"}.get(cmd.confirm or "", "Big gin")
        while True:
            answer = self._ask(f"{word}? (y/n) > ").strip().lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no"):
                return False
            self._error("answer y (yes) or n (no)", "Not understood")

    def _prompt(self, view: PlayerView) -> str:
        up = view.upcard.text(self.glyphs) if view.upcard is not None else "-"
        if view.phase is Phase.OFFER:
            return f"Take the upcard {up} (t) or pass (p)? > "
        if view.phase is Phase.LAST_CHANCE:
            return f"Take {up} only to knock (t), or pass (p)? > "
        if view.phase is Phase.DRAW:
            take = f" or take {up} (t)" if view.may_take else ""
            return f"Draw from the stock (d){take}? > "
        knock, gin, big = self._options(view)
        if view.must_knock:
            return "You must knock: k CARD (or g CARD for gin) > "
        extra = "".join(
            f", {word}" for ok, word in ((knock, "k knock"), (gin, "g gin"), (big, "bg big gin")) if ok
        )
        return f"Discard (a card like 7h, or its number 1-{view.hand.bit_count()}){extra}; h help > "

    @staticmethod
    def _options(view: PlayerView) -> tuple[bool, bool, bool]:
        """Whether the human may knock, go gin or go big gin now (from the view's legal actions)."""
        knock = gin = big = False
        for a in view.legal_actions:
            if isinstance(a, Knock):
                knock = True
                rest = view.hand & ~(1 << a.card)
                for m in a.melds or ():
                    rest &= ~m.mask
                gin = gin or rest == 0
            elif isinstance(a, BigGin):
                big = True
        return knock, gin, big

    # -- the screen ------------------------------------------------------------------

    def _events(self, view: PlayerView) -> None:
        gin = view.result is not None and view.result.outcome is Outcome.GIN
        for i in range(self._seen, len(view.history)):
            event = view.history[i]
            line = render.event_text(
                event, self.names, self.glyphs, you=HUMAN, drawn=self._draws.get(i), gin=gin
            )
            self._say(Text("  ") + line + Text("."))
        self._seen = len(view.history)

    def _screen(self, view: PlayerView) -> None:
        """What the human sees before acting: recent events, the table, and the hand."""
        self._events(view)
        n = self.names
        where = f"game {len(self.match.games)} of the match · " if self.match.kind != "single" else ""
        self._say(
            Text(
                f"-- {where}{render.score_line(self.game)} · "
                f"knock limit {view.knock_limit} · {n[view.dealer]} dealt",
                style="dim",
            )
        )
        table = Text("Upcard ")
        if view.upcard is not None:
            table.append_text(render.card_text(view.upcard, self.glyphs, "bold"))
            table.append(f" (pile {len(view.discard_pile)})")
        else:
            table.append("none")
        table.append(f" · stock {view.stock_size} · {n[COMPUTER]} holds {view.opponent_hand_size} cards")
        if view.opponent_known:
            table.append(", known: ")
            table.append_text(
                render.cards_text(render.display_order(view.opponent_known, view.meld_rules), self.glyphs)
            )
        self._say(table)
        top, bottom = render.hand_block(
            view.hand,
            self.glyphs,
            highlight=view.drawn if view.drawn is not None else view.taken,
            mr=view.meld_rules,
        )
        self._say(Text(f"Your hand, deadwood {least_deadwood(view.hand, mr=view.meld_rules)}:"))
        self._say(Text("  ") + top)
        self._say(Text("  ") + bottom)
        if view.phase is Phase.DISCARD:
            knock, gin, big = self._options(view)
            if big:
                self._say(Text("All 11 cards meld: you can go big gin (bg).", style="bold green"))
            elif gin:
                self._say(Text("You can go gin (g).", style="bold green"))
            elif knock:
                self._say(Text("You can knock (k).", style="green"))

    # -- input and output ------------------------------------------------------------

    def _ask(self, prompt: str) -> str:
        return self.input_fn(prompt)

    def _say(self, text: Text) -> None:
        self.console.print(text)

    def _error(self, message: str, head: str = "Not allowed") -> None:
        self._say(Text(f"{head}: {message}", style="yellow"))

    def record(self) -> GameRecord | MatchRecord | TeamRecord:
        """The record of what has been played: a game, match or team record."""
        if self.team is not None:
            return TeamRecord.from_team(self.team, [self.game_states, *self.other_states])
        if self.match.kind != "single":
            return MatchRecord.from_match(self.match, self.game_states)
        return GameRecord.from_game(self.game, self.states)

    def _save(self) -> bool:
        """Write the record; on failure say why and go on. Returns whether it was written."""
        assert self.save_path is not None
        data = self.record().dump()
        try:
            _write_atomic(self.save_path, data + "\n")
        except OSError as exc:
            self._error(f"{exc.strerror or exc}", f"Could not save to {self.save_path}")
            return False
        return True


def _write_atomic(path: Path, data: str) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder."""
    folder = path.resolve().parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
