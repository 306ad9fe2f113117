"""Tests of ``ginrummy analyze`` and ``ginrummy layoff``: golden hands, JSON shape, stdin mode, errors."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner, Result

from ginrummy.cli.main import main

OPENSPIEL_HAND = "2s 9s Ac 2c 9c Ad 2d 3d 9d Ah 2h"
CLUB_RUN = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc"
KNOCKER = "7c 7s 7d | 8h 9h Th"
DEFENDER = "7h Jh Qh 2c 3c 4c 5s 6s Kd Ks"


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def json_lines(result: Result) -> list[dict[str, Any]]:
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


# -- analyze -------------------------------------------------------------------------


def test_eleven_card_golden_hand_text() -> None:
    result = run("analyze", OPENSPIEL_HAND)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"Hand: {OPENSPIEL_HAND}"
    assert lines[1] == "Best discard: 3d  (deadwood left 0)"
    assert lines[2] == "Melds: [Ac Ad Ah]  [2c 2d 2h 2s]  [9c 9d 9s]"
    assert lines[3] == "Deadwood: none (0)"
    assert lines[4] == "Knock: yes (limit 10) · Gin: yes · Big gin: no"


def test_eleven_card_golden_hand_json() -> None:
    (data,) = json_lines(run("analyze", "--json", OPENSPIEL_HAND))
    assert data == {
        "hand": OPENSPIEL_HAND.split(),
        "deadwood": 0,
        "melds": [["Ac", "Ad", "Ah"], ["2c", "2d", "2h", "2s"], ["9c", "9d", "9s"]],
        "deadwood_cards": [],
        "discards": ["3d"],
        "can_knock": True,
        "gin": True,
        "big_gin": False,
    }


def test_ten_card_run_golden_hand() -> None:
    result = run("analyze", CLUB_RUN)
    assert result.exit_code == 0
    assert "Melds: [Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc]" in result.output
    assert "Deadwood: none (0)" in result.output
    assert "Best discard" not in result.output and "Knock:" not in result.output
    (data,) = json_lines(run("analyze", "--json", CLUB_RUN))
    assert data == {
        "hand": CLUB_RUN.split(),
        "deadwood": 0,
        "melds": [CLUB_RUN.split()],
        "deadwood_cards": [],
    }


def test_notations_are_case_insensitive_and_normalised() -> None:
    (a,) = json_lines(run("analyze", "--json", "ac 2C 3♣ 4c 5c 6c 7c 8c 9c 10c"))
    (b,) = json_lines(run("analyze", "--json", "AC,2c,3c,4c,5c,6c,7c,8c,9c,tc"))
    assert a["hand"] == b["hand"] == CLUB_RUN.split()
    assert a == b


def test_ten_cards_with_deadwood_and_all_arrangements() -> None:
    hand = "7c 7d 7h 8c 8d 8h 9c 9d 9h Kd"
    (data,) = json_lines(run("analyze", "--json", "--all", hand))
    assert data["deadwood"] == 10 and data["deadwood_cards"] == ["Kd"]
    assert data["melds"] == [["7c", "7d", "7h"], ["8c", "8d", "8h"], ["9c", "9d", "9h"]]
    assert data["arrangements"] == [
        {"melds": [["7c", "7d", "7h"], ["8c", "8d", "8h"], ["9c", "9d", "9h"]], "deadwood_cards": ["Kd"]},
        {"melds": [["7c", "8c", "9c"], ["7d", "8d", "9d"], ["7h", "8h", "9h"]], "deadwood_cards": ["Kd"]},
    ]
    text = run("analyze", "--all", hand).output
    assert "  2. [7c 8c 9c]  [7d 8d 9d]  [7h 8h 9h] ; deadwood Kd" in text


def test_all_arrangements_of_an_eleven_card_hand_name_their_discard() -> None:
    (data,) = json_lines(run("analyze", "--json", "--all", "7c 7d 7h 8c 8d 8h 9c 9d 9h Kd Ks"))
    assert data["discards"] == ["Kd", "Ks"] and data["deadwood"] == 10
    assert [a["discard"] for a in data["arrangements"]] == ["Kd", "Kd", "Ks", "Ks"]
    assert data["arrangements"][0]["deadwood_cards"] == ["Ks"]


def test_eleven_cards_knock_but_not_gin_and_too_much_deadwood() -> None:
    (knock,) = json_lines(run("analyze", "--json", "Ac 2c 3c 5d 5h 5s 9h Th Jh 4s Kd"))
    assert knock["discards"] == ["Kd"] and knock["deadwood"] == 4
    assert knock["deadwood_cards"] == ["4s"]
    assert (knock["can_knock"], knock["gin"], knock["big_gin"]) == (True, False, False)
    (high,) = json_lines(run("analyze", "--json", "Ac 2c 3c 5d 5h 5s 9h Th Qs Js Kd"))
    assert high["deadwood"] == 39 and high["can_knock"] is False


def test_big_gin_reported_and_rules_named_in_text() -> None:
    hand = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc"
    (data,) = json_lines(run("analyze", "--json", hand))
    assert data["big_gin"] is True and data["gin"] is True
    allowed = run("analyze", hand).output
    assert "Big gin: yes (all 11 cards meld; allowed)" in allowed
    forbidden = run("analyze", "--rules", "eaai", hand).output
    assert "Big gin: yes (all 11 cards meld; but these rules do not allow big gin)" in forbidden
    (eaai,) = json_lines(run("analyze", "--json", "--rules", "eaai", hand))
    assert eaai["big_gin"] is True


def test_several_hands_as_arguments() -> None:
    result = run("analyze", "--json", OPENSPIEL_HAND, CLUB_RUN)
    assert [len(d["hand"]) for d in json_lines(result)] == [11, 10]


def test_stdin_mode_skips_blank_lines_and_reports_bad_lines() -> None:
    text = f"{CLUB_RUN}\n\n7c 7d zz 8c\n{OPENSPIEL_HAND}\n7c 7d\n"
    result = run("analyze", "--json", input=text)
    assert result.exit_code == 1
    assert [d["hand"][0] for d in json_lines(result)] == ["Ac", "2s"]
    assert "ginrummy analyze: error: line 3: not a card: 'zz'" in result.stderr
    assert "ginrummy analyze: error: line 5: a hand has 10 or 11 cards; got 2" in result.stderr
    ok = run("analyze", input=f"{CLUB_RUN}\n")
    assert ok.exit_code == 0 and "Deadwood: none (0)" in ok.output


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("7c 7d 7h 8c 8d 8h 9c 9d 9h 1x", "not a card: '1x'"),
        ("7c 7d 7h 8c 8d 8h 9c 9d 9h 9h", "card given twice: '9h'"),
        ("7c 7d 7h", "a hand has 10 or 11 cards; got 3"),
        ("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc", "got 12"),
    ],
)
def test_bad_hand_arguments_are_usage_errors(hand: str, message: str) -> None:
    result = run("analyze", hand)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_bad_rules_preset_lists_the_presets() -> None:
    result = run("analyze", "--rules", "nope", CLUB_RUN)
    assert result.exit_code == 2
    assert "'nope' is not one of 'bicycle', 'classic', 'default'" in result.output


# -- layoff --------------------------------------------------------------------------


def test_layoff_golden_text() -> None:
    result = run("layoff", "--melds", KNOCKER, "--hand", DEFENDER)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    # 7h fits both the set (meld 1) and the run (meld 2): either is a best plan
    lines[3] = lines[3].replace("7h on meld 1", "7h on meld 2")
    assert lines == [
        "Knocker's melds: 1 [7c 7d 7s]  2 [8h 9h Th]",
        f"Defender's hand: {DEFENDER}",
        "Own melds: [2c 3c 4c]",
        "Layoffs: 7h on meld 2, Jh on meld 2, Qh on meld 2",
        "Deadwood: 5s 6s Kd Ks (31)",
    ]


def test_layoff_json_shape() -> None:
    (data,) = json_lines(run("layoff", "--json", "--melds", KNOCKER, "--hand", DEFENDER))
    assert data["layoffs"][0] in (["7h", 1], ["7h", 2])  # 7h fits the set or the run
    data["layoffs"][0] = ["7h", 2]
    assert data == {
        "hand": DEFENDER.split(),
        "melds": [["2c", "3c", "4c"]],
        "layoffs": [["7h", 2], ["Jh", 2], ["Qh", 2]],
        "laid_off": ["7h", "Jh", "Qh"],
        "deadwood_cards": ["5s", "6s", "Kd", "Ks"],
        "deadwood": 31,
    }


def test_layoff_on_a_set_and_a_chain_and_gin() -> None:
    hand = "5s Js Qs Kd 2c 4d 6h 9c Jd Kh"
    (data,) = json_lines(run("layoff", "--json", "--melds", "5c 5d 5h | 8s 9s Ts", "--hand", hand))
    assert sorted(map(tuple, data["layoffs"])) == [("5s", 1), ("Js", 2), ("Qs", 2)]
    assert data["deadwood"] == 10 + (2 + 4 + 6 + 9 + 10 + 10)  # Kd and the six cards that fit nothing
    (gin,) = json_lines(run("layoff", "--json", "--melds", "", "--hand", hand))
    assert gin["layoffs"] == [] and gin["deadwood"] == 5 + 10 + 10 + 10 + (2 + 4 + 6 + 9 + 10 + 10)


def test_layoff_stdin_mode() -> None:
    result = run(
        "layoff", "--json", "--melds", KNOCKER, input=f"{DEFENDER}\n\nbad\n7h Jh 2c 3c 4c 5s 6s Ac Ad As\n"
    )
    assert result.exit_code == 1
    assert [d["deadwood"] for d in json_lines(result)] == [31, 5 + 6]  # 7h Jh laid off, two melds
    assert "ginrummy layoff: error: line 3: not a card: 'bad'" in result.stderr


@pytest.mark.parametrize(
    ("melds", "hand", "message"),
    [
        ("7c 7s 8d", DEFENDER, "not a meld: 7c 7s 8d"),
        ("7c 7s 7d | 7c 8c 9c", DEFENDER, "meld 2 (7c 8c 9c) overlaps another meld in 7c"),
        ("7c 7s 7d |", DEFENDER, "meld 2 is empty"),
        (KNOCKER, "7c 2d 3h 4s 5d 6c 9s Jd Qc Kh", "cards both in the knocker's melds and the hand: 7c"),
        (KNOCKER, "2d", "the defender holds 10 cards after a knock; got 1"),
        (KNOCKER, DEFENDER + " 2d 3d", "the defender holds 10 cards after a knock; got 12"),
        (
            "Ac Ad Ah As | 2c 2d 2h 2s | 3c 3d 3h 3s | 4c 4d 4h 4s",
            "5c 5d 6h 7s 8c 9d Tc Jd Qh Ks",
            "the knocker's melds hold 16 cards",
        ),
        (KNOCKER, "7h 7h", "card given twice: '7h'"),
        (KNOCKER, "", "no cards given"),
    ],
)
def test_layoff_validation_errors(melds: str, hand: str, message: str) -> None:
    result = run("layoff", "--melds", melds, "--hand", hand)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_layoff_needs_melds() -> None:
    result = run("layoff", "--hand", DEFENDER)
    assert result.exit_code == 2
    assert result.output == "ginrummy layoff: error: missing option '--melds'\n"
