"""Tests of ``ginrummy play``: scripted games, bad input, quitting, knocking, hidden cards."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from ginrummy.agents import make_agent
from ginrummy.cards import CARDS, CardSet, cards_of
from ginrummy.cli import play as play_module
from ginrummy.cli.main import main
from ginrummy.cli.play import COMPUTER, PlaySession
from ginrummy.hand.actions import Action, BigGin, Discard, DrawStock, Knock, Pass, TakeDiscard
from ginrummy.hand.state import Phase
from ginrummy.melds import least_deadwood
from ginrummy.records import GameRecord
from ginrummy.rules import Opening, Rules

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
    if isinstance(action, Knock):
        gin = least_deadwood(hand & ~(1 << action.card)) == 0
        return f"{'g' if gin else 'k'} {action.card}"
    assert isinstance(action, BigGin)
    return "bg"


def bot_answer(seed: int = 5) -> Answer:
    """Answers every prompt as the simple agent would play the human's view; says yes to
    confirmations and deals every next hand."""
    bot = make_agent("simple", seed)

    def answer(session: PlaySession, prompt: str) -> str:
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
        glyphs=True,
    )
    holder.append(session)
    assert session.run() == 0
    return session, out, given


@pytest.mark.parametrize("opponent", ["random", "simple"])
def test_full_game_to_the_end(opponent: str) -> None:
    session, out, _ = run_session(bot_answer(), seed=11, opponent=opponent)
    text = out.getvalue()
    game = session.game
    assert game.is_over
    assert len(session.states) == len(game.results) >= 1
    s = game.summary()
    assert s.winner is not None
    assert f"{game.names[s.winner]} wins the game, {s.totals[s.winner]} to {s.totals[1 - s.winner]}." in text
    assert text.count("Game 1\n") == len(game.results)  # the sheet after every hand
    assert "Game Bonus" in text and "Game over." in text
    assert "Not allowed" not in text and "Not understood" not in text


def _reveal_index(segment: str) -> int:
    marks = [
        "  You knock.",
        "  You go gin.",
        "  You go big gin.",
        "  Computer knocks.",
        "  Computer goes gin.",
        "  Computer goes big gin.",
        "Dead hand",
    ]
    found = [segment.find(m) for m in marks if m in segment]
    assert found, "the end of the hand is not announced"
    return min(found)


def _shown(cards: CardSet, text: str) -> list[str]:
    tokens = [c.text(True) for c in cards_of(cards)] + [c.text() for c in cards_of(cards)]
    return [t for t in tokens if re.search(rf"(?<![\w♣♦♥♠]){re.escape(t)}(?![\w♣♦♥♠])", text)]


@pytest.mark.parametrize(("seed", "opponent"), [(2, "simple"), (7, "random"), (13, "simple")])
def test_computer_hidden_cards_never_shown_before_the_hand_ends(seed: int, opponent: str) -> None:
    inner = bot_answer(seed)
    checks = {"during": 0, "revealed": 0}
    holder: list[io.StringIO] = []

    def answer(session: PlaySession, prompt: str) -> str:
        state = session.state
        assert state is not None
        text = holder[0].getvalue()
        segment = text[text.rfind(f"\nHand {len(session.states)}:") :]
        hidden = state.hand(COMPUTER) & ~state.known[COMPUTER]
        if not state.is_over:
            assert _shown(hidden, segment) == [], f"computer's hidden cards shown: {segment}"
            checks["during"] += 1
        else:
            cut = _reveal_index(segment)
            assert _shown(hidden, segment[:cut]) == []
            if _shown(hidden, segment[cut:]):
                checks["revealed"] += 1
        return inner(session, prompt)

    out = io.StringIO()
    holder.append(out)
    console = Console(file=out, highlight=False, soft_wrap=True, color_system=None)
    given: list[str] = []

    def input_fn(prompt: str) -> str:
        assert len(given) < 5000
        given.append(answer(session, prompt))
        return given[-1]

    session = PlaySession(
        Rules(), seed=seed, opponent=opponent, console=console, input_fn=input_fn, glyphs=True
    )
    assert session.run() == 0
    assert session.game.is_over
    assert checks["during"] > 10
    assert checks["revealed"] >= 1  # the check would see the cards once they are laid down


def test_piped_stdin_game_matches_the_scripted_game(tmp_path: Path) -> None:
    session, out, answers = run_session(bot_answer(), seed=21, opponent="random")
    last = out.getvalue().strip().splitlines()[-1]
    assert "wins the game" in last
    save = tmp_path / "game.json"
    result = CliRunner().invoke(
        main,
        ["play", "--seed", "21", "--opponent", "random", "--save", str(save)],
        input="\n".join(answers) + "\n",
    )
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1] == last
    assert "Traceback" not in result.output
    record = GameRecord.load(save.read_text())
    assert record.replay().totals == session.game.totals
    assert len(record.hands) == len(session.states)


def test_bad_input_reprompts_with_the_reason_and_changes_nothing() -> None:
    bad_done: list[str] = []
    seen_logs: list[int] = []
    inner = bot_answer()

    def answer(session: PlaySession, prompt: str) -> str:
        state = session.state
        assert state is not None
        view = session.view
        if view is not None and view.phase is Phase.DISCARD and view.my_turn and len(bad_done) < 6:
            seen_logs.append(len(state.log))
            missing = next(c for c in CARDS if not view.hand >> c & 1)
            bad = ["zz", "d", f"x {missing}", "x 12", "k 99", "9z"][len(bad_done)]
            bad_done.append(bad)
            return bad
        if len(bad_done) == 6 and len(seen_logs) == 6:
            seen_logs.append(len(state.log))
            return "q"
        return inner(session, prompt)

    _, out, _ = run_session(answer, seed=4)
    text = out.getvalue()
    assert len(seen_logs) == 7 and len(set(seen_logs)) == 1  # nothing changed meanwhile
    assert "Not understood: unknown command 'zz'; type h for help" in text
    assert "Not allowed: cannot draw in phase DISCARD" in text
    assert "is not in your hand" in text
    assert "no card at position 12" in text
    assert "no card at position 99" in text
    assert "not a card: '9z'" in text
    assert "You quit the game." in text


def test_taken_card_may_not_be_discarded_and_bad_phase_commands() -> None:
    calls: list[str] = []

    def answer(session: PlaySession, prompt: str) -> str:
        view = session.view
        assert view is not None
        step = len(calls)
        if step == 0:
            assert view.phase is Phase.OFFER  # seed 1: the computer passed the upcard to us
            calls.append("x 1")
        elif step == 1:
            calls.append("t")
        elif step == 2:
            assert view.taken is not None and view.phase is Phase.DISCARD
            calls.append(str(view.taken))
        else:
            calls.append("q")
        return calls[-1]

    _, out, given = run_session(answer, seed=1)
    text = out.getvalue()
    assert "Not allowed: cannot discard in phase OFFER; legal now: take; pass" in text
    assert "was just taken from the discard pile and may not be discarded this turn" in text
    assert given == calls and given[-1] == "q"


def _first_knock_game(confirm_answers: list[str]) -> tuple[PlaySession, str, list[int]]:
    """A game in which the first knock or gin confirmation is answered with
    ``confirm_answers``; returns the log length at each of those answers and at the
    prompt that follows them."""
    inner = bot_answer()
    logs: list[int] = []
    script = list(confirm_answers)
    flags = {"checked": False}

    def answer(session: PlaySession, prompt: str) -> str:
        state = session.state
        assert state is not None
        if "(y/n)" in prompt and script:
            logs.append(len(state.log))
            return script.pop(0)
        if logs and not script and not flags["checked"]:
            flags["checked"] = True
            logs.append(len(state.log))
            assert prompt.startswith("Discard")
        return inner(session, prompt)

    session, out, _ = run_session(answer, seed=3)
    return session, out.getvalue(), logs


def test_knock_asks_for_confirmation_and_no_keeps_the_hand() -> None:
    session, text, state_at = _first_knock_game(["maybe", "n"])
    assert "answer y (yes) or n (no)" in text
    assert "Not done; choose again." in text
    assert len(state_at) == 3 and state_at[0] == state_at[1] == state_at[2]
    assert session.game.is_over
    assert re.search(r"^(Knock|Gin|Undercut|Big gin|Tie): ", text, re.MULTILINE)


def test_the_end_of_a_hand_shows_both_hands_melds_layoffs_and_points() -> None:
    session, out, _ = run_session(bot_answer(), seed=3)
    assert session.game.is_over
    text = out.getvalue()
    assert "(laid down by the knocker):" in text
    assert "(defender), whole hand:" in text
    assert "lays off:" in text
    for i, r in enumerate(session.game.results):
        line = r.describe(session.game.names)
        assert line in text, (i, line)


@pytest.mark.parametrize("rules", ["pagat", "wikipedia", "eaai"])
def test_other_presets_play_to_the_end(rules: str) -> None:
    session, out, _ = run_session(bot_answer(), seed=8, rules=rules)
    assert session.game.is_over
    assert "Game over." in out.getvalue()


def test_eleven_card_opening_and_50th_card_rule() -> None:
    rules = Rules(opening=Opening.ELEVEN_CARDS, action_on_50th_card=True)
    out = io.StringIO()
    console = Console(file=out, highlight=False, soft_wrap=True, color_system=None)
    inner = bot_answer()
    session = PlaySession(rules, seed=2, console=console, input_fn=lambda p: inner(session, p))
    assert session.run() == 0
    assert session.game.is_over


def test_meta_commands_help_sheet_hint_and_between_hands() -> None:
    inner = bot_answer()
    done: list[str] = []

    def answer(session: PlaySession, prompt: str) -> str:
        for word in ("h", "?", "s", "hint", ""):
            if word not in done and not prompt.startswith("Press Enter"):
                done.append(word)
                return word
        if prompt.startswith("Press Enter") and "sheet" not in done:
            done.append("sheet")
            return "s"
        return inner(session, prompt)

    session, out, _ = run_session(answer, seed=6)
    text = out.getvalue()
    assert text.count("k 7h, k        knock") >= 3  # start, h and ?
    assert "Hint (the simple computer player would): " in text
    assert "Type a command (h for help)." in text
    assert "Running total (target 100)" in text
    assert session.game.is_over


def test_echo_q_exits_cleanly() -> None:
    result = CliRunner().invoke(main, ["play", "--seed", "1"], input="q\n")
    assert result.exit_code == 0
    assert "You quit the game." in result.output
    assert "Your hand, deadwood" in result.output
    assert "Traceback" not in result.output


def test_end_of_input_exits_cleanly_and_saves_the_unfinished_hand(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = CliRunner().invoke(main, ["play", "--seed", "1", "--save", str(save)], input="p\nd\n")
    assert result.exit_code == 0
    assert "End of input" in result.output
    assert "Traceback" not in result.output
    record = GameRecord.load(save.read_text())
    assert len(record.hands) == 1
    assert record.hands[0].actions  # the unfinished hand is kept
    assert record.replay().results == []


def test_keyboard_interrupt_exits_cleanly(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(play_module, "read_line", interrupted)
    result = CliRunner().invoke(main, ["play", "--seed", "1"])
    assert result.exit_code == 0
    assert "Interrupted" in result.output
    assert "Traceback" not in result.output and "Aborted" not in result.output


def test_piped_input_is_echoed_after_the_prompt() -> None:
    result = CliRunner().invoke(main, ["play", "--seed", "1", "--ascii"], input="zz\nq\n")
    assert "? > zz\n" in result.output
    assert "Not understood: unknown command 'zz'" in result.output
    assert "♠" not in result.output.split("Hand 1:")[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "nope"], "'nope' is not one of 'bicycle', 'classic', 'default'"),
        (["--opponent", "genius"], "'genius' is not one of"),
        (["--name", "  "], "choose a name"),
        (["--seed", "x"], "'x' is not a valid integer"),
        (["--save", "/nonexistent-folder/g.json"], "no folder '/nonexistent-folder' to save in"),
    ],
)
def test_bad_options_are_clean_click_errors(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["play", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_the_computer_sees_only_its_view(monkeypatch: pytest.MonkeyPatch) -> None:
    from ginrummy.hand.view import PlayerView

    seen: list[object] = []
    session_holder: list[PlaySession] = []

    class Spy:
        name = "spy"

        def __init__(self) -> None:
            self.inner = make_agent("simple", 0)

        def act(self, view: PlayerView) -> Action:
            seen.append(view)
            assert view.player == COMPUTER
            return self.inner.act(view)

        def hand_over(self, view: PlayerView) -> None:
            shown.append(view)

    shown: list[PlayerView] = []
    inner = bot_answer()
    out = io.StringIO()
    session = PlaySession(
        Rules(),
        seed=9,
        console=Console(file=out, soft_wrap=True),
        input_fn=lambda p: inner(session_holder[0], p),
    )
    session.agent = Spy()
    session_holder.append(session)
    assert session.run() == 0
    assert session.game.is_over
    assert seen and all(isinstance(v, PlayerView) for v in seen)
    # each finished hand is shown to the computer's agent once, from its seat
    assert [v.result for v in shown] == session.game.results
    assert all(v.player == COMPUTER and v.phase is Phase.END for v in shown)


# -- every preset to its end: Hollywood sets, matches, team play; --set ------------------------------

import random  # noqa: E402

from ginrummy.errors import RulesError  # noqa: E402
from ginrummy.hand.state import HandState  # noqa: E402
from ginrummy.records import MatchRecord, TeamRecord  # noqa: E402
from ginrummy.rules import PRESETS  # noqa: E402
from ginrummy.variants.pickup import PickupState  # noqa: E402


def _small(rules: Rules) -> tuple[Rules, list[str]]:
    """The rules with a small target (and match total), and the ``--set`` words that make them."""
    changed = [f"target={min(rules.target, 30)}"]
    if rules.match_target:
        changed.append(f"match_target={3 * min(rules.target, 30)}")
    for word in changed:
        rules = rules.with_setting(word)
    return rules, changed


def _dealable(rules: Rules) -> bool:
    try:
        (PickupState if rules.discard_pickup else HandState).deal(rules, 0, random.Random(0))
    except RulesError:
        return False
    return True


def run_rules(
    answer: Answer, rules: Rules, seed: int, preset: str | None = None, changed: list[str] | None = None
) -> tuple[PlaySession, str, list[str]]:
    out = io.StringIO()
    console = Console(file=out, highlight=False, soft_wrap=True, color_system=None)
    given: list[str] = []
    holder: list[PlaySession] = []

    def input_fn(prompt: str) -> str:
        assert len(given) < 20000, "the session does not end"
        given.append(answer(holder[0], prompt))
        return given[-1]

    session = PlaySession(
        rules,
        seed=seed,
        console=console,
        input_fn=input_fn,
        glyphs=True,
        preset=preset,
        changed=changed or (),
    )
    holder.append(session)
    assert session.run() == 0
    return session, out.getvalue(), given


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_plays_to_its_end_in_the_terminal(name: str) -> None:
    rules, changed = _small(Rules.preset(name))
    if not _dealable(rules):
        pytest.skip(f"{name}: not dealt by HandState (played by its own state machine)")
    if rules.discard_pickup:
        pytest.skip("pickup has its own commands; tests/test_pickup.py plays its terminal game to the end")
    session, text, _ = run_rules(bot_answer(), rules, seed=5, preset=name, changed=changed)
    assert session.is_over and session.match.is_over
    assert "Not allowed" not in text and "Not understood" not in text
    # the rules in force are shown at the start
    head = text.split("\nHand 1:")[0]
    assert f"Rules: {name} ({PRESETS[name].source})." in head
    assert f"target={rules.target}" in head and f"scoring={rules.scoring.value}" in head
    assert f"Changed with --set: {', '.join(changed)}" in head
    assert "Game over." in text
    games = session.match.games
    hands = sum(len(g.results) for g in games)
    if rules.scoring.value == "hollywood":
        assert text.count(" games at once, each to ") == hands  # the Hollywood sheet after every hand
        assert "| Game 1 " in text and "| Game 2 " in text and "| Game 3" in text
        assert "wins the Hollywood set" in text or "Hollywood set is drawn" in text
    else:
        assert sum(text.count(f"\nGame {k + 1}\n") for k in range(len(games))) == hands
    if session.match.kind != "single":
        assert session.match.sheet() in text
        last = session.match.sheet().splitlines()[-1]
        assert text.count(last) >= 1
    if rules.team_size > 1:
        assert session.team is not None and session.team.is_over
        assert text.rstrip().endswith(session.team.sheet().splitlines()[-1])
        assert f"Pairing {rules.team_size}: " in text


def test_piped_hollywood_game_with_set_saves_and_replays(tmp_path: Path) -> None:
    rules = Rules.preset("hollywood").replace(target=40)
    session, text, answers = run_rules(
        bot_answer(), rules, seed=21, preset="hollywood", changed=["target=40"]
    )
    last = text.strip().splitlines()[-1]
    assert "wins the Hollywood set" in last or "drawn" in last
    save = tmp_path / "set.json"
    result = CliRunner().invoke(
        main,
        ["play", "--rules", "hollywood", "--set", "target=40", "--seed", "21", "--save", str(save)],
        input="\n".join(answers) + "\n",
    )
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1] == last
    assert "Changed with --set: target=40" in result.output
    record = GameRecord.load(save.read_text())
    game = record.replay()
    assert game.summaries() == session.game.summaries()
    replayed = CliRunner().invoke(main, ["replay", "--ascii", str(save)])
    assert replayed.exit_code == 0, replayed.output
    assert session.game.sheet("Hollywood") in replayed.output


def test_match_is_saved_and_replayed_game_by_game(tmp_path: Path) -> None:
    rules = Rules.preset("tournament").replace(target=30, match_games=3)
    session, text, answers = run_rules(bot_answer(), rules, seed=8, preset="tournament")
    assert session.match.is_over
    assert len(session.match.games) >= 2
    assert "\nGame 2 of the match.\n" in text
    save = tmp_path / "match.json"
    result = CliRunner().invoke(
        main,
        [
            "play",
            "--rules",
            "tournament",
            "--set",
            "target=30",
            "--set",
            "match-games=3",
            "--seed",
            "8",
            "--save",
            str(save),
        ],
        input="\n".join(answers) + "\n",
    )
    assert result.exit_code == 0, result.output
    assert session.match.sheet() in result.output
    record = MatchRecord.load(save.read_text())
    assert record.replay().game_totals() == session.match.game_totals()
    out = CliRunner().invoke(main, ["replay", "--ascii", str(save)])
    assert out.exit_code == 0, out.output
    assert session.match.sheet() in out.output
    assert "== Game 2 of the match ==" in out.output
    one = CliRunner().invoke(main, ["replay", "--ascii", "--game", "2", "--hand", "1", str(save)])
    assert one.exit_code == 0 and "Hand 1: " in one.output and "== Game 1 " not in one.output
    bad = CliRunner().invoke(main, ["replay", "--game", "9", str(save)])
    assert bad.exit_code == 1 and "no game 9" in bad.output


def test_team_play_is_saved_and_replayed(tmp_path: Path) -> None:
    rules = Rules.preset("hollywood-teams").replace(target=30)
    save = tmp_path / "team.json"
    out = io.StringIO()
    inner = bot_answer()
    holder: list[PlaySession] = []
    session = PlaySession(
        rules,
        seed=4,
        console=Console(file=out, soft_wrap=True, color_system=None),
        input_fn=lambda p: inner(holder[0], p),
        save=save,
    )
    holder.append(session)
    assert session.run() == 0
    assert session.team is not None and session.team.is_over
    record = TeamRecord.load(save.read_text())
    assert record.replay().totals == session.team.totals
    replayed = CliRunner().invoke(main, ["replay", "--ascii", str(save)])
    assert replayed.exit_code == 0, replayed.output
    assert session.team.sheet() in replayed.output


def test_quitting_between_games_saves_the_match(tmp_path: Path) -> None:
    rules = Rules.preset("match-500").replace(target=20, match_target=400)
    inner = bot_answer()

    def answer(session: PlaySession, prompt: str) -> str:
        if prompt.startswith("Press Enter to start game"):
            return "q"
        return inner(session, prompt)

    save = tmp_path / "m.json"
    out = io.StringIO()
    holder: list[PlaySession] = []
    session = PlaySession(
        rules,
        seed=2,
        console=Console(file=out, soft_wrap=True, color_system=None),
        input_fn=lambda p: answer(holder[0], p),
        save=save,
    )
    holder.append(session)
    assert session.run() == 0
    assert "You quit the game." in out.getvalue()
    assert len(session.match.games) == 1 and not session.match.is_over
    assert MatchRecord.load(save.read_text()).replay().game_totals() == session.match.game_totals()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--set", "nope=1"], "unknown rules setting 'nope'; settings: ace_points"),
        (["--set", "target=x"], "target must be a whole number; got 'x'"),
        (["--set", "scoring=holly"], "scoring must be one of standard, hollywood"),
        (["--set", "target"], "a setting is written key=value"),
        (["--set", "match_games=4"], "match_games must be odd"),
    ],
)
def test_bad_set_is_a_clean_usage_error(args: list[str], message: str) -> None:
    for command in (["play"], ["analyze", "2s 9s Ac 2c 9c Ad 2d 3d 9d Ah 2h"]):
        result = CliRunner().invoke(main, [*command, *args])
        assert result.exit_code == 2, result.output
        assert "Invalid value for --set" in result.output and message in result.output
        assert "Traceback" not in result.output


def test_analyze_applies_set() -> None:
    hand = "7c 7s 7d 8h 9h Th 2c 3c 4c Kd 5h"
    plain = CliRunner().invoke(main, ["analyze", "--json", hand])
    limited = CliRunner().invoke(main, ["analyze", "--json", "--set", "knock-limit=4", hand])
    assert '"can_knock": true' in plain.output
    assert '"can_knock": false' in limited.output


def test_play_refuses_rules_it_cannot_deal() -> None:
    # discard-pile pickup has no 11-card opening: a combination no state machine deals
    assert not _dealable(Rules.preset("pickup").replace(opening="eleven-cards"))
    result = CliRunner().invoke(
        main, ["play", "--rules", "pickup", "--set", "opening=eleven-cards"], input="q\n"
    )
    assert result.exit_code == 2
    assert "Invalid value for --rules/--set" in result.output and "Traceback" not in result.output
