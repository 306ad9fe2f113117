"""Hollywood scoring (002): three games kept at once, each to the target with its own bonuses.

The golden sheets below are worked out by hand from the rule text ("A player's first win will
be recorded in their column in Game One. A player's second win will be recorded in their
columns for both Game One and Game Two. Their third win will be recorded in their column for
all three games. Hands are played until all three games are finished.") with the settings of
the ``hollywood`` preset: gin 25, undercut 25, big gin 31, target 100, game bonus 100, box 25
per hand entered and won in that game, and the standard shutout (a shut-out game's game bonus
doubled: 002 names no shutout rule of its own).
"""

from __future__ import annotations

import random

import pytest

from ginrummy.agents import make_agent
from ginrummy.errors import RulesError
from ginrummy.hand.results import HandResult, Outcome, hand_points
from ginrummy.records import GameRecord
from ginrummy.rules import PRESETS, Rules, Scoring, Shutout
from ginrummy.scoring.columns import hollywood_columns
from ginrummy.scoring.game import Game, play_game
from ginrummy.variants.standard.state import HandState
from helpers.sheets import check_hollywood_sheet_adds_up

Hand = tuple[int, int, int, str] | None
"""(knocker, knocker's count, defender's count, 'knock'/'gin'/'big') or None for a dead hand."""


def result(rules: Rules, knocker: int, kc: int, dc: int, kind: str = "knock") -> HandResult:
    outcome, points = hand_points(
        rules, knocker_count=kc, defender_count=dc, gin=kind == "gin", big_gin=kind == "big"
    )
    winner = 1 - knocker if outcome is Outcome.UNDERCUT else knocker
    return HandResult(outcome, winner, points, knocker=knocker, knocker_count=kc, defender_count=dc)


def play(rules: Rules, hands: list[Hand]) -> Game:
    game = Game(rules, seed=0, names=("Ed", "Jim"), first_dealer=0)
    for h in hands:
        assert not game.is_over
        game.enter(HandResult(Outcome.DEAD, None, 0) if h is None else result(rules, *h))
    return game


# Ed = 0, Jim = 1. The hand, the points, the win number and the games it goes to (by hand):
SET_A: list[Hand] = [
    (0, 0, 26, "gin"),  # Ed gin: 26 + 25 = 51; Ed's 1st win -> game 1 (Ed 51)
    (1, 0, 30, "gin"),  # Jim gin: 55; Jim's 1st -> game 1 (Jim 55)
    (1, 2, 19, "knock"),  # Jim 17; Jim's 2nd -> games 1, 2 (Jim 72 | 17)
    None,  # dead hand: nothing entered
    (1, 6, 3, "knock"),  # undercut: Ed 3 + 25 = 28; Ed's 2nd -> games 1, 2 (Ed 79 | 28)
    (1, 0, 16, "gin"),  # Jim 41; Jim's 3rd -> games 1, 2, 3: game 1 Jim 113, over (Jim)
    (0, 2, 41, "knock"),  # Ed 39; Ed's 3rd -> games 2, 3 (game 1 closed): Ed 67 | 39
    (0, 3, 10, "knock"),  # Ed 7; Ed's 4th -> games 2, 3: Ed 74 | 46
    (1, 0, 14, "big"),  # Jim big gin: 14 + 31 = 45; -> games 2, 3: game 2 Jim 103, over (Jim); game 3 Jim 86
    (0, 0, 40, "gin"),  # Ed 65; Ed's 5th -> game 3 only: Ed 111, over (Ed)
]

# Game 1: Ed 51 + 28 = 79, Jim 55 + 17 + 41 = 113; GB Jim 100; BB Ed 2 x 25, Jim 3 x 25
#         -> Ed 129, Jim 288.
# Game 2: Ed 28 + 39 + 7 = 74, Jim 17 + 41 + 45 = 103; GB Jim 100; BB Ed 75, Jim 75 -> Ed 149, Jim 278.
# Game 3: Ed 39 + 7 + 65 = 111, Jim 41 + 45 = 86; GB Ed 100; BB Ed 75, Jim 50 -> Ed 286, Jim 136.
# Over the three games: Ed 129 + 149 + 286 = 564, Jim 288 + 278 + 136 = 702.
SHEET_A = """\
Hollywood: 3 games at once, each to 100
  Hand  Result             Score                                      Entered in
     1  Ed goes gin        Ed scores 51: (26 + 25 as Gin bonus)       game 1
     2  Jim goes gin       Jim scores 55: (30 + 25 as Gin bonus)      game 1
     3  Jim knocks with 2  Jim scores 17: (19 - 2)                    games 1, 2
     4  Dead hand          No score                                   -
     5  Jim knocks with 6  Ed scores 28: (3 + 25 as Undercut bonus)   games 1, 2
     6  Jim goes gin       Jim scores 41: (16 + 25 as Gin bonus)      games 1, 2, 3
     7  Ed knocks with 2   Ed scores 39: (41 - 2)                     games 2, 3
     8  Ed knocks with 3   Ed scores 7: (10 - 3)                      games 2, 3
     9  Jim goes big gin   Jim scores 45: (14 + 31 as Big Gin bonus)  games 2, 3
    10  Ed goes gin        Ed scores 65: (40 + 25 as Gin bonus)       game 3

      | Game 1       | Game 2       | Game 3
      |     Ed   Jim |     Ed   Jim |     Ed   Jim
      |     51    55 |     28    17 |     39    41
      |     28    17 |     39    41 |      7    45
      |           41 |      7    45 |     65
Total |     79   113 |     74   103 |    111    86
GB    |          100 |          100 |    100
BB    |     50    75 |     75    75 |     75    50
Final |    129   288 |    149   278 |    286   136
      | Jim won      | Jim won      | Ed won
Over the 3 games: Ed 564, Jim 702; Jim wins by 138."""


def test_whole_hollywood_sheet_by_hand() -> None:
    game = play(Rules.preset("hollywood"), SET_A)
    assert game.is_over
    assert game.sheet() == SHEET_A


def test_hollywood_columns_and_summaries_by_hand() -> None:
    game = play(Rules.preset("hollywood"), SET_A)
    g1, g2, g3 = game.columns
    assert (g1.points(0), g1.points(1)) == ([51, 28], [55, 17, 41])
    assert (g2.points(0), g2.points(1)) == ([28, 39, 7], [17, 41, 45])
    assert (g3.points(0), g3.points(1)) == ([39, 7, 65], [41, 45])
    assert [c.ended_at for c in game.columns] == [5, 8, 9]  # hands 6, 9 and 10 (from 0)
    assert game.entered == [(0,), (0,), (0, 1), (), (0, 1), (0, 1, 2), (1, 2), (1, 2), (1, 2), (2,)]
    s1, s2, s3 = game.summaries()
    assert (s1.hand_points, s1.game_bonus, s1.box_bonus, s1.totals, s1.winner) == (
        (79, 113),
        (0, 100),
        (50, 75),
        (129, 288),
        1,
    )
    assert (s2.hand_points, s2.game_bonus, s2.box_bonus, s2.totals, s2.winner) == (
        (74, 103),
        (0, 100),
        (75, 75),
        (149, 278),
        1,
    )
    assert (s3.hand_points, s3.game_bonus, s3.box_bonus, s3.totals, s3.winner) == (
        (111, 86),
        (100, 0),
        (75, 50),
        (286, 136),
        0,
    )
    total = game.summary()
    assert total.totals == (564, 702) and total.winner == 1
    assert total.hand_points == (264, 302) and total.box_bonus == (200, 200)
    assert game.hands_won == (5, 4)  # hands won; the summary's hands_won counts box entries (8, 8)
    assert total.hands_won == (8, 8)
    assert not any(s.shutout for s in (s1, s2, s3))


# A win that comes after the game it would go to is over is entered nowhere, and a game whose
# loser has no entry is a shutout (the standard rule: the game bonus doubled, 200).
SET_B: list[Hand] = [
    (0, 0, 26, "gin"),  # Ed 51 -> game 1
    (0, 0, 30, "gin"),  # Ed 55 -> games 1, 2: game 1 Ed 106, over
    (1, 2, 19, "knock"),  # Jim 17: Jim's 1st win -> game 1, which is over: nowhere
    (0, 3, 10, "knock"),  # Ed 7 -> games 2, 3 (game 1 closed)
    (1, 0, 16, "gin"),  # Jim 41: Jim's 2nd -> game 2
    (0, 0, 45, "gin"),  # Ed 70 -> games 2, 3: game 2 Ed 132, over
    (0, 1, 24, "knock"),  # Ed 23 -> game 3: Ed 100, over
]


def test_wins_entered_nowhere_and_shutouts_by_hand() -> None:
    game = play(Rules.preset("hollywood"), SET_B)
    assert game.is_over
    assert game.entered == [(0,), (0, 1), (), (1, 2), (1,), (1, 2), (2,)]
    s1, s2, s3 = game.summaries()
    # Game 1: Ed 51 + 55 = 106, Jim nothing entered: shutout, 106 + 200 + 2 x 25 = 356.
    assert s1.shutout and s1.totals == (356, 0) and s1.hand_points == (106, 0)
    assert s1.game_bonus == (200, 0)
    # Game 2: Ed 55 + 7 + 70 = 132, Jim 41; 132 + 100 + 75 = 307, Jim 41 + 25 = 66.
    assert not s2.shutout and s2.totals == (307, 66)
    # Game 3: Ed 7 + 70 + 23 = 100, Jim nothing: 100 + 200 + 75 = 375.
    assert s3.shutout and s3.totals == (375, 0)
    assert game.summary().totals == (1038, 66)
    sheet = game.sheet()
    assert "     3  Jim knocks with 2  Jim scores 17: (19 - 2)" in sheet
    assert sheet.splitlines()[4].endswith("  -")
    assert "Game 1: shutout (double-game-bonus)." in sheet and "Game 3: shutout (double-game-bonus)." in sheet
    assert "Game 2: shutout" not in sheet
    assert sheet.endswith("Over the 3 games: Ed 1038, Jim 66; Ed wins by 972.")


@pytest.mark.parametrize(
    ("shutout", "game_1"),
    [
        (Shutout.NONE, 106 + 100 + 50),
        (Shutout.DOUBLE_GAME_BONUS, 106 + 200 + 50),
        (Shutout.DOUBLE_SCORE, 2 * (106 + 100 + 50)),
        (Shutout.DOUBLE_HANDS, 2 * 106 + 100 + 50),
    ],
)
def test_each_game_applies_the_shutout_rule(shutout: Shutout, game_1: int) -> None:
    game = play(Rules.preset("hollywood").replace(shutout=shutout), SET_B)
    assert game.summaries()[0].totals == (game_1, 0)


def test_entry_rule_counts_each_players_wins() -> None:
    assert [list(hollywood_columns(k)) for k in range(1, 6)] == [[0], [0, 1], [0, 1, 2], [0, 1, 2], [0, 1, 2]]
    with pytest.raises(ValueError):
        hollywood_columns(0)


def test_open_sheet_and_refusals() -> None:
    rules = Rules.preset("hollywood")
    game = play(rules, SET_A[:3])
    assert not game.is_over and game.totals == (51, 72 + 17)
    sheet = game.sheet()
    assert "| open         | open         | open" in sheet
    assert sheet.endswith("Hand points so far: Ed 51, Jim 89; games open: 3.")
    with pytest.raises(ValueError, match="not over"):
        game.summary()
    done = play(rules, SET_A)
    with pytest.raises(ValueError, match="over"):
        done.enter(result(rules, 0, 1, 5))
    with pytest.raises(ValueError, match="over"):
        done.new_hand()


def test_standard_scoring_keeps_one_column() -> None:
    game = play(Rules.preset("wikipedia"), SET_A[:2])
    assert len(game.columns) == 1 and game.entered == [(0,), (0,)]
    assert game.sheet().startswith("Game 1\n")


def test_golden_sheet_adds_up() -> None:
    check_hollywood_sheet_adds_up(play(Rules.preset("hollywood"), SET_A))
    check_hollywood_sheet_adds_up(play(Rules.preset("hollywood"), SET_B))


HOLLYWOOD_PRESETS = sorted(name for name, p in PRESETS.items() if p.rules.scoring is Scoring.HOLLYWOOD)


def _playable(rules: Rules) -> bool:
    try:
        HandState.deal(rules, 0, random.Random(0))
    except RulesError:
        return False
    return True


@pytest.mark.parametrize("name", HOLLYWOOD_PRESETS)
@pytest.mark.parametrize("seed", [1, 2])
def test_seeded_hollywood_games_between_agents(name: str, seed: int) -> None:
    rules = PRESETS[name].rules.replace(target=40, team_size=1, team_bonus=0, match_games=1, match_target=0)
    if not _playable(rules):
        pytest.skip(f"{name}: this engine's hands cannot be dealt with these rules yet")
    states: list[HandState] = []
    game = play_game(
        rules,
        [make_agent("random", seed), make_agent("simple", seed)],
        seed=seed,
        on_hand=lambda g, s: states.append(s),
    )
    assert game.is_over and all(c.is_over for c in game.columns)
    assert all(r.points >= 0 for r in game.results)
    check_hollywood_sheet_adds_up(game)
    replayed = GameRecord.load(GameRecord.from_game(game, states).dump()).replay()
    assert replayed.entered == game.entered
    assert replayed.summaries() == game.summaries() and replayed.sheet() == game.sheet()
