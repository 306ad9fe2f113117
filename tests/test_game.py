"""Games to the target: bonuses, dealer rotation and the source's "Game 1" score sheet."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ginrummy.agents import make_agent
from ginrummy.hand.results import HandResult, Outcome
from ginrummy.rules import PRESETS, DealerRule, Rules, Shutout
from ginrummy.scoring.game import Game, choose_first_dealer, play_game
from helpers.sheets import GAME_1, result

SOURCE = Path(__file__).resolve().parents[2] / "shared" / "rules" / "000_67589b1267de5920.txt"


def game_1() -> Game:
    game = Game(Rules.preset("pagat-scoring"), seed=0, names=("Ed", "Jim"), first_dealer=0)
    for knocker, kc, dc, gin in GAME_1:
        assert not game.is_over
        game.enter(result(game.rules, knocker, kc, dc, gin))
    return game


# The sheet as printed in the source (000 part 2), whitespace-normalised; used when the
# source file is not beside the checkout.
GAME_1_SHEET = """\
Game 1 Guide to keeping score sheet
Ed Jim Hand Result Score
51 17 1 Ed goes gin Ed scores 51: (26 + 25 as Gin bonus)
7 41 2 Ed knocks with 3 Ed scores 7: (10 - 3)
28 3 Jim knocks with 2 Jim scores 17: (19 - 2)
39 4 Jim goes gin Jim scores 41: (16 + 25 as Gin bonus)
5 Jim knocks with 6 Ed scores 28: (3 + 25 as Undercut bonus)
6 Ed knocks with 2 Ed scores 39: (41 - 2)
Game ends as Ed's score has crossed 100.
125 58 Game Bonus
GB 100 Ed has won the game
BB 100 50 Ed has won 4 hands
325 108 Jim has won 2 hands
Ed scores 100 as Game bonus
Ed scores 100: (25 X 4)
Jim scores 50: (25 X 2)
"""


def source_sheet_lines() -> list[list[str]]:
    if SOURCE.exists():
        text = SOURCE.read_text(encoding="utf-8")
        block = text[text.index("Game 1\t") :].strip().splitlines()
        lines = [line.split() for line in block]
        assert lines == [line.split() for line in GAME_1_SHEET.splitlines()]
        return lines
    return [line.split() for line in GAME_1_SHEET.splitlines()]


def test_the_game_1_sheet_has_a_preset_of_its_own_source() -> None:
    # The sheet, big gin at +6, the box bonus of 25 and the blitz shutout are 000 part 2's.
    preset = PRESETS["pagat-scoring"]
    assert preset.source == "000 part 2" and "Game 1" in preset.summary
    r = preset.rules
    assert (r.gin_bonus, r.undercut_bonus, r.big_gin_bonus, r.game_bonus, r.box_bonus) == (
        25,
        25,
        31,
        100,
        25,
    )
    assert r.big_gin and r.shutout is Shutout.DOUBLE_HANDS
    # no other preset claims the sheet, and 002's presets (no box value or shutout of its own) use
    # neither the blitz nor the sheet
    assert [p.name for p in PRESETS.values() if "Game 1" in p.summary] == ["pagat-scoring"]
    assert not [
        p.name for p in PRESETS.values() if p.source == "002" and p.rules.shutout is Shutout.DOUBLE_HANDS
    ]


def test_game_1_totals_match_the_source() -> None:
    game = game_1()
    assert game.is_over
    s = game.summary()
    assert s.hand_points == (125, 58)
    assert s.game_bonus == (100, 0)
    assert s.box_bonus == (100, 50)
    assert s.totals == (325, 108)
    assert s.winner == 0


def test_game_1_sheet_reproduces_the_source_line_by_line() -> None:
    ours = [line.split() for line in game_1().sheet("Game 1").splitlines()]
    theirs = source_sheet_lines()
    assert theirs[0][:2] == ours[0] == ["Game", "1"]
    assert ours[1:] == theirs[1:]


def test_game_1_sheet_numbers() -> None:
    sheet = game_1().sheet()
    assert "Ed scores 51: (26 + 25 as Gin bonus)" in sheet
    assert "Ed scores 28: (3 + 25 as Undercut bonus)" in sheet
    gb = [line.split() for line in sheet.splitlines() if line.startswith("GB")]
    assert gb == [["GB", "100", "Ed", "has", "won", "the", "game"]]


def test_record_after_game_over_is_refused() -> None:
    game = game_1()
    with pytest.raises(ValueError, match="over"):
        game.enter(result(game.rules, 0, 1, 5, False))
    with pytest.raises(ValueError, match="over"):
        game.new_hand()


def test_summary_before_the_end_is_refused() -> None:
    game = Game(Rules(), seed=1)
    with pytest.raises(ValueError, match="not over"):
        game.summary()


@pytest.mark.parametrize(
    ("shutout", "expected_winner_total"),
    [
        (Shutout.NONE, 110 + 100 + 50),
        (Shutout.DOUBLE_GAME_BONUS, 110 + 200 + 50),
        (Shutout.DOUBLE_SCORE, 2 * (110 + 100 + 50)),
        (Shutout.DOUBLE_HANDS, 2 * 110 + 100 + 50),
    ],
)
def test_shutout_rules(shutout: Shutout, expected_winner_total: int) -> None:
    rules = Rules(shutout=shutout, box_bonus=25, game_bonus=100)
    game = Game(rules, seed=3)
    game.enter(result(rules, 1, 0, 30, True))  # 55
    game.enter(result(rules, 1, 0, 30, True))  # 55
    s = game.summary()
    assert s.shutout
    assert s.totals == (0, expected_winner_total)


def test_no_shutout_when_loser_scored() -> None:
    rules = Rules(shutout=Shutout.DOUBLE_GAME_BONUS)
    game = Game(rules, seed=3)
    game.enter(result(rules, 0, 2, 5, False))  # 3 to player 0
    game.enter(result(rules, 1, 0, 80, True))  # 105 to player 1
    s = game.summary()
    assert not s.shutout
    assert s.game_bonus == (0, 100)


def test_margin_bonus_and_forfeit() -> None:
    rules = Rules(margin_bonus=50, game_bonus=0, box_bonus=0)
    game = Game(rules, seed=3)
    game.enter(result(rules, 0, 2, 5, False))  # 3
    game.enter(result(rules, 1, 0, 80, True))  # 105
    assert game.summary().margin_bonus == (0, 50)
    rules = Rules(forfeit_on_exact_margin=50, game_bonus=0, box_bonus=0)
    game = Game(rules, seed=3)
    game.enter(result(rules, 0, 5, 60, False))  # 55
    game.enter(result(rules, 1, 0, 80, True))  # 105: margin exactly 50
    s = game.summary()
    assert s.forfeit and s.winner == 0


def test_bicycle_margin_bonus_is_measured_before_the_bonuses() -> None:
    """001: "50 points for winning the game by a margin of 50 or more": the margin of the game's
    points, not of the totals after the 100-point game bonus (which every game would clear)."""
    rules = Rules.preset("bicycle")
    close = Game(rules, seed=3)
    close.enter(result(rules, 1, 0, 49, True))  # Jim 74
    close.enter(result(rules, 1, 2, 27, False))  # Jim 25: 99
    close.enter(result(rules, 0, 0, 75, True))  # Ed 100: 100 v 99
    s = close.summary()
    assert s.hand_points == (100, 99) and s.margin_bonus == (0, 0)
    assert s.totals == (100 + 100 + 20, 99 + 40)  # 81 apart after the bonuses: still no margin bonus
    wide = Game(rules, seed=3)
    for _ in range(8):
        wide.enter(result(rules, 1, 2, 7, False))  # Jim 8 x 5 = 40 (and 8 boxes)
    wide.enter(result(rules, 0, 0, 75, True))  # Ed 100: a margin of 60
    s = wide.summary()
    assert s.hand_points == (100, 40) and s.margin_bonus == (50, 0)
    assert s.totals == (100 + 100 + 20 + 50, 40 + 160)  # only 20 apart before the margin bonus


@pytest.mark.parametrize("rule", list(DealerRule))
def test_dealer_rotation(rule: DealerRule) -> None:
    rules = Rules(dealer_rule=rule)
    game = Game(rules, seed=5, first_dealer=0)
    game.enter(result(rules, 1, 2, 9, False))  # player 1 wins
    expected = {DealerRule.LOSER: 0, DealerRule.WINNER: 1, DealerRule.ALTERNATE: 1}[rule]
    assert game.dealer == expected
    game.enter(HandResult(Outcome.DEAD, None, 0))
    assert game.dealer == expected  # same dealer after a dead hand (000, 003)


def test_first_dealer_is_the_lower_card() -> None:
    rng = random.Random(11)
    probe = random.Random(11)
    a, b = probe.sample(range(52), 2)
    while a % 13 == b % 13:
        a, b = probe.sample(range(52), 2)
    assert choose_first_dealer(rng) == (0 if a % 13 < b % 13 else 1)


def test_games_replay_from_seed() -> None:
    def run() -> Game:
        return play_game(Rules(), [make_agent("simple", 1), make_agent("random", 2)], seed=42)

    g1, g2 = run(), run()
    assert g1.is_over and g2.is_over
    assert g1.results == g2.results
    assert g1.summary() == g2.summary()
    assert g1.summary().totals[0] >= 0 and g1.summary().totals[1] >= 0
    t = g1.totals
    assert sum(r.points for r in g1.results if r.winner == 0) == t[0]
