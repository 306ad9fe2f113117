"""The full-screen table's flow without a screen (ginrummy.cli.tui.flow.TableFlow): what it tells the
person never holds a hidden card; matches, Hollywood, teams, Oklahoma, play again, saving, a
forfeiting bot; and the README's keys table."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ginrummy.agents import make_agent
from ginrummy.cards import Card
from ginrummy.cli import main as cli_main
from ginrummy.cli import tui
from ginrummy.cli.doc_tables import keys_table
from ginrummy.cli.tui import TableFlow, words
from ginrummy.errors import GameFlowError
from ginrummy.hand.actions import DrawStock
from ginrummy.hand.phase import Phase
from ginrummy.records import GameRecord, load_any
from ginrummy.rules import Rules
from ginrummy.storage import Store
from ginrummy.storage.store import owner_of
from helpers.tui import advance, last_hand

ROOT = Path(__file__).resolve().parents[1]


def _hidden(flow: TableFlow) -> list[str]:
    """The computer's cards the person may not see now, as the table writes cards."""
    state = flow.state
    assert state is not None
    hidden = state.hand(1) & ~flow.view.opponent_known
    return [Card(c).text(flow.glyphs) for c in range(52) if hidden >> c & 1]


@pytest.mark.parametrize("glyphs", [True, False])
def test_nothing_shown_in_words_holds_a_hidden_card(glyphs: bool) -> None:
    flow = TableFlow(Rules().with_setting("target=40"), seed=21, glyphs=glyphs)
    bot = make_agent("simple", 2)
    flow.deal()
    turns = 0
    while flow.stage != "game-over":
        if flow.stage == "hand-over":
            flow.next()
            continue
        if flow.choosing_layoffs:
            assert flow.act(flow.layoff_choices()[0].action())
            continue
        said = "\n".join(
            [*(line.plain for line in flow.log_lines()), words.deadwood_words(flow), words.knock_words(flow)]
        )
        for card in _hidden(flow):
            assert card not in said.split() and f"{card}." not in said
        turns += 1
        assert flow.act(bot.act(flow.view))
    assert turns > 10 and flow.game.is_over


def test_a_refused_move_is_said_in_table_words_and_changes_nothing() -> None:
    flow = TableFlow(Rules(), seed=3, glyphs=False)
    flow.deal()
    before = flow.view
    assert before.phase is Phase.OFFER
    assert not flow.act(DrawStock())
    assert flow.message is not None
    assert flow.message.plain == "Not allowed: cannot draw during the offer; you can now: take; pass"
    assert flow.view == before


def test_a_match_goes_on_to_its_next_game() -> None:
    flow = TableFlow(Rules().with_setting("target=25").with_setting("match_games=3"), seed=4)
    advance(flow, last_hand)
    flow.next()
    assert flow.stage == "game-over" and not flow.all_over
    assert any("match" in line.plain.lower() for line in flow.summary())
    flow.next()
    assert flow.stage == "play" and len(flow.match.games) == 2 and flow.hand_number == 1
    assert flow.status().startswith("Game 2 of the match")


def test_hollywood_and_oklahoma_say_what_is_in_force() -> None:
    flow = TableFlow(Rules.preset("hollywood"), seed=5)
    flow.deal()
    assert flow.sheet(40).startswith("Hollywood")
    okla = TableFlow(Rules.preset("oklahoma"), seed=11)
    okla.deal()
    view = okla.view
    assert view.knock_card is not None
    said = words.knock_words(okla)
    assert f"knock limit {view.knock_limit} (knock card {view.knock_card.text(True)}" in said
    assert ("doubled" in said) == (view.multiplier == 2)


def test_team_play_ends_with_the_other_pairings_and_the_team_sheet() -> None:
    rules = Rules().with_setting("target=25").with_setting("team_size=2")
    flow = TableFlow(rules, seed=6)
    advance(flow, last_hand)
    flow.next()
    assert flow.all_over
    text = "\n".join(line.plain for line in flow.summary())
    assert "Pairing 2" in text and "Partner A2" in text


def test_play_again_saves_to_a_numbered_file(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    flow = TableFlow(Rules().with_setting("target=25"), seed=8, save=save)
    advance(flow, last_hand)
    flow.next()
    assert flow.all_over
    first = load_any(save.read_text())
    assert isinstance(first, GameRecord)
    assert len(first.hands) == len(flow.game.results)
    flow.play_again()
    flow.close()
    again = tmp_path / "g-2.json"
    assert again.exists() and json.loads(again.read_text())["seed"] == flow.session.seed


def test_a_crashing_bot_forfeits(tmp_path: Path) -> None:
    path = tmp_path / "crash.py"
    path.write_text("import sys\nsys.stdin.readline()\nsys.exit(1)\n")
    flow = TableFlow(Rules(), seed=1, opponent=f"cmd:{sys.executable} {path}")
    try:
        flow.deal()
        for _ in range(3):
            if flow.stage != "play":
                break
            flow.act(make_agent("simple", 1).act(flow.view))
    finally:
        flow.close()
    assert flow.stage == "forfeit" and flow.forfeit is not None and "You win by forfeit" in flow.forfeit


def test_the_table_plays_every_variant() -> None:
    assert TableFlow.plays(Rules.preset("pickup")) and TableFlow.plays(Rules.preset("oklahoma"))
    flow = TableFlow(Rules.preset("pickup"), seed=1)
    flow.deal()
    assert flow.kind == "pickup" and flow.pickup == flow.view
    with pytest.raises(GameFlowError, match="standard game"):
        _ = flow.standard


def test_the_readme_lists_the_keys_of_the_table() -> None:
    assert keys_table() in (ROOT / "README.md").read_text(encoding="utf-8")


def test_games_at_the_table_are_stored_like_the_line_modes(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    try:
        flow = TableFlow(Rules().with_setting("target=25"), seed=8, store=store, practice=True)
        advance(flow, lambda f: f.stage == "hand-over")
        games = store.list_games(owner_of(store.local_token()))
        assert len(games) == 1 and games[0].mode == "practice" and games[0].level == "simple"
        row, actions = store.load_game(games[0].id) or (None, [])
        assert row is not None
        state = flow.state
        assert state is not None and len(actions) == len(state.log)
    finally:
        store.close()


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_play_chooses_the_table_only_in_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", _Tty())
    monkeypatch.setattr(sys, "stdout", _Tty())
    assert cli_main._full_screen(Rules())
    assert cli_main._full_screen(Rules.preset("pickup"))  # pickup too
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert not cli_main._full_screen(Rules())  # output piped: the line mode


def test_play_passes_its_options_to_the_table(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    flows: list[TableFlow] = []

    def fake_run(flow: TableFlow) -> None:
        flows.append(flow)

    monkeypatch.setattr(cli_main, "_full_screen", lambda rules: True)
    monkeypatch.setattr(tui, "run_table", fake_run)
    args = ["play", "--seed", "9", "--opponent", "beginner", "--name", "Ed", "--ascii", "--practice"]
    args += ["--set", "target=50", "--no-db", "--save", str(tmp_path / "g.json"), "--bot-time", "2.5"]
    out = CliRunner().invoke(cli_main.main, args)
    assert out.exit_code == 0, out.output
    (flow,) = flows
    assert flow.session.seed == 9 and flow.session.opponent == "beginner" and flow.names == ("Ed", "Computer")
    assert not flow.glyphs and flow.practice and flow.rules.target == 50 and flow.session.store is None
    assert flow.session.save_path == tmp_path / "g.json" and flow.session.bot_time_ms == 2500
    plain = CliRunner().invoke(cli_main.main, ["play", "--plain", "--seed", "9", "--no-db"], input="q\ny\n")
    assert plain.exit_code == 0 and len(flows) == 1 and "You quit the game." in plain.output
