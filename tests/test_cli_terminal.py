"""Both terminal front ends are adapters over the game core: every move the person makes at the
terminal, in the line mode or at the full-screen table, is played through
:meth:`ginrummy.session.GameSession.act` (which plays the computer's replies), and a move taken
back through :meth:`~ginrummy.session.GameSession.undo`; neither pushes onto a hand itself."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.text import Text

from ginrummy.agents import make_agent
from ginrummy.cli.table import HandInfo, StandardScreen, TableIO
from ginrummy.cli.tui import TableFlow
from ginrummy.errors import GameFlowError
from ginrummy.rules import Rules
from ginrummy.session import GameSession
from ginrummy.variants import AnyAction, AnyHandState
from ginrummy.variants.standard.actions import Pass, TakeDiscard
from ginrummy.variants.standard.state import HandState
from helpers.terminal import bot_answer, pickup_answer, run_session
from helpers.tui import advance

Played = list[tuple[int, str]]


@pytest.fixture
def through_core(monkeypatch: pytest.MonkeyPatch) -> tuple[Played, list[int]]:
    """The moves played through ``GameSession.act`` (seat, kind of action) and, for each undo, how
    many actions the game held before it."""
    played: Played = []
    undone: list[int] = []
    act, undo = GameSession.act, GameSession.undo

    def spy_act(self: GameSession, action: AnyAction | str, seat: int = 0, reply: bool = True) -> object:
        played.append((seat, type(action).__name__))
        return act(self, action, seat, reply)

    def spy_undo(self: GameSession) -> object:
        undone.append(self.seq)
        return undo(self)

    monkeypatch.setattr(GameSession, "act", spy_act)
    monkeypatch.setattr(GameSession, "undo", spy_undo)
    return played, undone


def _human_moves(states: list[AnyHandState]) -> Played:
    """The person's moves in the hands' logs, by kind (the logs fill in the engine's choices)."""
    return [
        (player, type(action).__name__) for state in states for player, action in state.log if player == 0
    ]


@pytest.mark.parametrize("rules", ["default", "pickup"])
def test_every_move_of_the_line_mode_goes_through_the_game_core(
    through_core: tuple[Played, list[int]], rules: str
) -> None:
    played, _ = through_core
    answer = pickup_answer() if rules == "pickup" else bot_answer()
    session, _, _ = run_session(answer, seed=6, rules=rules)
    assert session.is_over and played
    assert played == _human_moves(session.core.states)  # the person's moves, each once, in order


def test_every_move_at_the_table_goes_through_the_game_core(through_core: tuple[Played, list[int]]) -> None:
    played, _ = through_core
    flow = TableFlow(Rules(), seed=6)
    advance(flow, lambda f: f.all_over or (f.stage == "hand-over" and f.game.is_over))
    assert played and played == _human_moves(flow.session.core.states)


def test_undo_goes_through_the_game_core(through_core: tuple[Played, list[int]]) -> None:
    """At the table and in the line mode (``u``), a practice game's move is taken back by the core."""
    played, undone = through_core
    flow = TableFlow(Rules(), seed=6, practice=True)
    flow.deal()
    state = flow.state
    assert state is not None and flow.view.my_turn
    before = len(state.log)
    take = make_agent("simple", 5).act(flow.view)
    assert isinstance(take, TakeDiscard) and flow.act(take)  # this deal's first move: undone by the rule
    assert flow.undo() and undone == [before + 1] and len(state.log) == before
    assert played == [(0, "TakeDiscard")]

    answers = iter(["t", "u", "q", "y"])  # take the upcard, take it back, quit (yes)
    undone.clear()
    session, out, _ = run_session(lambda session, prompt: next(answers), seed=6, practice=True)
    assert undone == [before + 1] and "Taken back: You take" in out.getvalue()
    assert session.state is not None and len(session.state.log) == before


def test_a_screen_given_no_game_only_words_a_hand() -> None:
    """A screen made for the words of a hand (a replay) has no game core to play in."""
    io_ = TableIO(Console(), lambda prompt: "", glyphs=False)
    state = HandState.deal(Rules(), dealer=0, rng=5)
    screen = StandardScreen(io_, HandInfo(("A", "B"), "", lambda: Text("")), state)
    with pytest.raises(GameFlowError, match="no game"):
        screen.push(Pass())
    assert not state.log
