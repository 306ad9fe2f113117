"""Tests of ``ginrummy play``: every preset to its end (Hollywood sets, matches, team play),
saved and replayed, quitting between games, and ``--set``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from ginrummy.cli.main import main
from ginrummy.cli.session import PlaySession
from ginrummy.errors import RulesError
from ginrummy.records import GameRecord, MatchRecord, TeamRecord
from ginrummy.rules import PRESETS, Rules
from ginrummy.variants import hand_type
from helpers.terminal import Answer, bot_answer, run_session

# -- every preset to its end: Hollywood sets, matches, team play; --set ------------------------------


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
        hand_type(rules).deal(rules, 0, random.Random(0))
    except RulesError:
        return False
    return True


def run_rules(
    answer: Answer, rules: Rules, seed: int, preset: str | None = None, changed: list[str] | None = None
) -> tuple[PlaySession, str, list[str]]:
    session, out, given = run_session(
        answer, seed=seed, rules=rules, preset=preset, changed=changed or (), max_prompts=20000
    )
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
    assert f"Rules: {name} ({PRESETS[name].source})." in " ".join(head.split())  # wrapped within 80 columns
    assert f"target={rules.target}" in head and f"scoring={rules.scoring.value}" in head
    assert f"Changed with --set: {', '.join(changed)}" in head
    assert "Game over." in text
    games = session.match.games
    hands = sum(len(g.results) for g in games)
    if rules.scoring.value == "hollywood":
        assert text.count(" games at once, each to ") == hands  # the Hollywood sheet after every hand
        assert "| Game 1 " in text and "| Game 2 " in text and "| Game 3" in text
        assert " the Hollywood set, " in text or "Hollywood set is drawn" in text
    else:
        assert sum(text.count(f"\nGame {k + 1}\n") for k in range(len(games))) == hands
    if session.match.kind != "single":
        assert session.match.sheet() in text
        last = session.match.sheet().splitlines()[-1]
        assert text.count(last) >= 1
    if rules.team_size > 1:
        assert session.team is not None and session.team.is_over
        end = text.rstrip().removesuffix("Thanks for playing.").rstrip()  # the end before "Play again?"
        assert end.endswith(session.team.sheet().splitlines()[-1])
        assert f"Pairing {rules.team_size}: " in text


def test_piped_hollywood_game_with_set_saves_and_replays(tmp_path: Path) -> None:
    rules = Rules.preset("hollywood").replace(target=40)
    session, text, answers = run_rules(
        bot_answer(), rules, seed=21, preset="hollywood", changed=["target=40"]
    )
    last = text.strip().splitlines()[-2:]
    assert "the Hollywood set" in last[0] and last[1] == "Thanks for playing."
    save = tmp_path / "set.json"
    result = CliRunner().invoke(
        main,
        ["play", "--rules", "hollywood", "--set", "target=40", "--seed", "21", "--save", str(save)],
        input="\n".join(answers) + "\n",
    )
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-3:] == [last[0], "Play again? (y/n) > n", last[1]]
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
    session, _, _ = run_session(bot_answer(), seed=4, rules=rules, save=save)
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
    session, out, _ = run_session(answer, seed=2, rules=rules, save=save)
    assert "You quit the game." in out.getvalue()
    assert len(session.match.games) == 1 and not session.match.is_over
    assert MatchRecord.load(save.read_text()).replay().game_totals() == session.match.game_totals()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--set", "nope=1"], "unknown rules setting 'nope'; settings: ace_means_gin"),
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
        line = f"ginrummy {command[0]}: error: invalid value for --set: "
        assert result.output.startswith(line) and message in result.output
        assert result.output.count("\n") == 1, result.output


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
    assert result.output == (
        "ginrummy play: error: invalid value for --rules/--set: pickup: discard-pile pickup gin is dealt "
        "with the upcard opening\n"
    )
