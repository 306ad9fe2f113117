"""The score sheet's two layouts: ``hands`` (one row per hand, bonuses labelled on their own rows,
the terminal's default) and ``paper`` (the sources' "Game 1" sheet, kept for records), and the
``hands`` layout at 40 and 120 columns printed through rich."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

from ginrummy.cli.render import sheet_text
from ginrummy.hand.results import HandResult, Outcome
from ginrummy.rules import Rules, Shutout
from ginrummy.scoring.game import Game
from ginrummy.scoring.sheet import SHEET_LAYOUTS, hands_sheet, hollywood_sheet, standard_sheet
from helpers.sheets import GAME_1, result


def _game(
    rules: Rules, hands: list[tuple[int, int, int, bool]], names: tuple[str, str] = ("Ed", "Jim")
) -> Game:
    game = Game(rules, seed=0, names=names, first_dealer=0)
    for hand in hands:
        game.enter(result(rules, *hand))
    return game


def _rows(sheet: str) -> dict[str, list[int]]:
    """The numbers of each row of a wide ``hands`` sheet, by its hand number or label."""
    rows: dict[str, list[int]] = {}
    for line in sheet.splitlines()[3:]:
        m = re.match(r"\s*(\d+)\s+(.*?)\s{2,}([\d ]+?)(\s{2}[A-Za-z].*)?$", line) or re.match(
            r"\s+([A-Z].*?)\s{2,}([\d ]+)$", line
        )
        if m is None:
            continue
        key = m.group(1).strip()
        numbers = m.group(3) if m.lastindex and m.lastindex >= 3 and key.isdigit() else m.group(2)
        rows[key] = [int(n) for n in numbers.split()]
    return rows


def test_hands_layout_reads_one_row_per_hand_with_running_totals() -> None:
    game = _game(Rules.preset("pagat-scoring"), GAME_1)
    sheet = game.sheet(layout="hands")
    lines = sheet.splitlines()
    assert lines[0] == "Game 1"
    row3 = next(line for line in lines if line.strip().startswith("3 "))
    assert "Jim knocks with 2" in row3 and row3.endswith("Jim scores 17: (19 - 2)")
    rows = _rows(game.sheet(layout="hands", width=90))  # without the Score column
    # hand 3 is Jim's 17: the row has only Jim's points and both running totals (Ed 58, Jim 17)
    assert rows["3"] == [58, 17, 17]
    assert rows["1"] == [51, 51, 0] and rows["4"] == [58, 41, 58]
    assert rows["5"] == [28, 86, 58]  # an undercut: the defender (Ed) scores
    assert "Jim knocks with 6, undercut" in sheet
    assert rows["Game bonus"] == [100, 225, 58]
    assert rows["Box bonus (25 a hand won)"] == [100, 325, 50, 108]
    assert rows["Grand total"] == [325, 108] == list(game.summary().totals)
    assert lines[-1] == "Ed wins the game, 325 to 108."
    assert "Game Bonus" not in sheet and "GB" not in sheet


def test_paper_layout_is_the_sources_sheet_and_stays_the_default_of_game_sheet() -> None:
    game = _game(Rules.preset("pagat-scoring"), GAME_1)
    paper = standard_sheet(game.rules, game.names, game.columns[0], game.results, "Game 1")
    assert game.sheet() == game.sheet(layout="paper") == paper != game.sheet(layout="hands")
    assert "Game Bonus" in paper and "Ed has won the game" in paper
    wide: Any = "wide"
    with pytest.raises(ValueError, match="unknown sheet layout 'wide'"):
        game.sheet(layout=wide)


def test_hands_layout_labels_shutout_and_margin_bonus_rows_that_add_up() -> None:
    rules = Rules().replace(shutout=Shutout.DOUBLE_SCORE, margin_bonus=50, target=100)
    game = _game(rules, [(0, 0, 60, True), (0, 0, 40, True)])
    s = game.summary()
    rows = _rows(game.sheet(layout="hands", width=100))
    assert s.shutout and s.margin_bonus[0] == 50
    label = next(k for k in rows if k.startswith("Shutout"))
    assert label == "Shutout (double-score)"
    total = game.totals[0] + s.game_bonus[0] + s.box_bonus[0]
    assert rows[label] == [total, 2 * total, 0]  # the doubling, then both running totals
    assert rows["Margin bonus"] == [50, 2 * total + 50, 0]
    assert rows["Grand total"] == [s.totals[0], 0]


def test_an_open_game_says_it_goes_on_and_a_dead_hand_scores_nothing() -> None:
    game = _game(Rules(), [(0, 3, 10, False)])
    game.enter(HandResult(Outcome.DEAD, None, 0))
    sheet = game.sheet(layout="hands")
    assert "Dead hand" in sheet and sheet.splitlines()[-1] == "The game goes on: the first to 100 ends it."
    assert "Grand total" not in sheet


def test_hands_layout_for_you_is_worded_in_the_second_person() -> None:
    game = _game(Rules.preset("pagat-scoring"), GAME_1, names=("You", "Computer"))
    for layout in SHEET_LAYOUTS:
        sheet = game.sheet(layout=layout)
        assert "You knock with 3" in sheet and "You go gin" in sheet
        assert not re.search(r"You (knocks|goes|scores|wins|has)\b", sheet)
    assert game.sheet(layout="hands").endswith("You win the game, 325 to 108.")


def _printed(game: Game, width: int) -> tuple[list[str], list[str]]:
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, highlight=False)
    text = sheet_text(game, "Game 1", "hands", console.width)
    console.print(text)
    return text.plain.splitlines(), out.getvalue().splitlines()


@pytest.mark.parametrize("names", [("You", "Computer"), ("Bartholomew Quince", "Computer")])
def test_at_40_columns_the_sheet_is_stacked_not_wrapped(names: tuple[str, str]) -> None:
    game = _game(Rules.preset("pagat-scoring"), GAME_1, names=names)
    lines, printed = _printed(game, 40)
    assert [line.rstrip() for line in printed] == lines  # rich did not wrap anything
    assert max(len(line) for line in lines) <= 40
    i = lines.index(f"Hand 3: {names[1]} knocks with 2")
    assert lines[i + 1].split() == ["58", "17", "17"]  # under the names: Ed's total, Jim's 17 and total
    assert "Grand total" in lines and lines[lines.index("Grand total") + 1].split() == ["325", "108"]


def test_at_120_columns_the_sheet_is_the_wide_table_with_the_scores() -> None:
    game = _game(Rules.preset("pagat-scoring"), GAME_1, names=("You", "Computer"))
    lines, printed = _printed(game, 120)
    assert [line.rstrip() for line in printed] == lines
    assert max(len(line) for line in lines) <= 120
    assert lines[2].split() == ["Hand", "Result", "points", "total", "points", "total", "Score"]
    assert any("You score 51: (26 + 25 as Gin bonus)" in line for line in lines)


@pytest.mark.parametrize("names", [("You", "Computer"), ("Bartholomew Quince", "Computer")])
def test_hollywood_at_40_columns_is_one_game_under_the_other(names: tuple[str, str]) -> None:
    rules = Rules.preset("hollywood")
    game = Game(rules, seed=0, names=names, first_dealer=0)
    while not game.is_over:
        n = len(game.results)
        gin = n % 5 == 0
        game.enter(result(rules, n % 2, 0 if gin else 5 + n % 7, 10 + n % 9, gin))
    wide = game.sheet("Hollywood", "hands")
    assert max(len(line) for line in wide.splitlines()) > 40  # the games side by side
    assert game.sheet("Hollywood", "hands", 200) == wide
    out = io.StringIO()
    console = Console(file=out, width=40, color_system=None, highlight=False)
    text = sheet_text(game, "Hollywood", "hands", console.width)
    console.print(text)
    lines = text.plain.splitlines()
    assert [line.rstrip() for line in out.getvalue().splitlines()] == lines  # rich wrapped nothing
    assert max(len(line) for line in lines) <= 40
    for c, s in zip(game.columns, game.summaries(), strict=True):
        start = lines.index(f"Game {c.number}")
        block = lines[start : lines.index("", start) if "" in lines[start:] else None]
        total = next(line for line in block if line.strip().startswith("Total"))
        final = next(line for line in block if line.strip().startswith("Final"))
        assert total.split()[1:] == [str(c.totals[0]), str(c.totals[1])]
        assert final.split()[1:] == [str(s.totals[0]), str(s.totals[1])]
    assert any(line.startswith("Over the 3 games:") for line in lines)


def test_a_compact_sheet_folds_its_oldest_hands_to_fit_a_height() -> None:
    """The side panel's sheets (``compact``) in ``height`` lines: the oldest hands' rows become one
    line, the newest hand and everything under the rows stay; a sheet that fits is unchanged."""
    rules = Rules.preset("hollywood")
    game = Game(rules, seed=0, names=("You", "Computer"), first_dealer=0)
    for n in range(14):
        game.enter(result(rules, n % 2, 4 + n % 5, 6 + n % 9, False))
    assert not game.is_over
    args = (rules, game.names, game.columns, game.results, game.entered, "Hollywood", 30)
    whole = hollywood_sheet(*args, compact=True).splitlines()
    assert hollywood_sheet(*args, compact=True, height=len(whole)).splitlines() == whole
    folded = hollywood_sheet(*args, compact=True, height=18).splitlines()
    assert len(folded) == 18 and folded[2] == "hands 1-6: on the full sheet"
    assert folded[3] == whole[2 + 6] and folded[3].split()[0] == "7"
    assert folded[3:] == whole[8:]  # hand 7 on, the games and the notes as they were
    plain = Game(Rules(), seed=0, names=("You", "Computer"), first_dealer=0)
    for n in range(9):
        plain.enter(result(plain.rules, n % 2, 9, 10, False))
    sheet = (plain.rules, plain.names, plain.columns[0], plain.results, "Game 1", 30)
    rows = hands_sheet(*sheet, compact=True).splitlines()
    short = hands_sheet(*sheet, compact=True, height=len(rows) - 2).splitlines()
    assert short[:3] == rows[:3] and short[3] == "hands 1-3: on the full sheet" and short[4:] == rows[6:]
