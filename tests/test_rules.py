"""Rules as data: validation, presets, settings from text."""

from __future__ import annotations

import dataclasses

import pytest

from ginrummy.errors import RulesError, UnknownPresetError
from ginrummy.rules import PRESETS, DealerRule, Opening, Rules, Shutout


def test_defaults_follow_rules_md() -> None:
    r = Rules()
    assert (r.knock_limit, r.target, r.game_bonus, r.stock_left_dead) == (10, 100, 100, 2)
    assert r.opening is Opening.UPCARD
    assert not r.rediscard_taken_card


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_is_valid_and_round_trips(name: str) -> None:
    preset = PRESETS[name]
    assert preset.name == name
    assert preset.source and preset.summary
    rules = Rules.preset(name.upper())
    assert Rules.from_settings(rules.settings()) == rules


def test_source_presets_follow_their_files() -> None:
    assert (Rules.preset("pagat").gin_bonus, Rules.preset("pagat").undercut_bonus) == (20, 10)
    assert Rules.preset("pagat").box_bonus == 20
    assert Rules.preset("pagat").shutout is Shutout.DOUBLE_GAME_BONUS
    assert Rules.preset("pagat").dealer_rule is DealerRule.LOSER
    assert Rules.preset("bicycle").margin_bonus == 50
    assert Rules.preset("bicycle").big_gin_bonus == 25
    assert Rules.preset("pagat-scoring").shutout is Shutout.DOUBLE_HANDS  # 000 part 2's blitz
    assert Rules.preset("wikipedia").shutout is Shutout.DOUBLE_GAME_BONUS  # 002 names none: the standard
    assert Rules.preset("wikipedia").big_gin_bonus == 31
    assert (Rules.preset("classic").gin_bonus, Rules.preset("classic").undercut_bonus) == (20, 10)
    assert Rules.preset("slam").big_gin_bonus == Rules.preset("slam").gin_bonus == 25
    eaai = Rules.preset("eaai")
    assert (eaai.game_bonus, eaai.box_bonus, eaai.big_gin, eaai.undercut_on_tie) == (0, 0, False, True)


def test_rules_default_is_the_default_preset() -> None:
    assert Rules() == Rules.preset("default")
    assert Rules().big_gin and Rules().big_gin_bonus == 31


# Settings a source fixes for its standard game; a variant preset of the same source changes only
# what its variant is about, unless the source itself says otherwise (listed).
STANDARD_GAME = (
    "gin_bonus",
    "undercut_bonus",
    "undercut_on_tie",
    "big_gin",
    "big_gin_bonus",
    "rediscard_taken_card",
    "opening",
    "dealer_rule",
    "game_bonus",
    "box_bonus",
    "shutout",
    "game_winner",
    "margin_bonus",
    "stake",
    "ace_means_gin",
)
SAID_OTHERWISE = {
    # 002: with a second deck, "the last hand winner picking first": the loser deals
    ("oklahoma-second-deck", "dealer_rule"),
}


@pytest.mark.parametrize("source", sorted({p.source for p in PRESETS.values() if p.source[:1].isdigit()}))
def test_presets_of_one_source_agree(source: str) -> None:
    presets = [p for p in PRESETS.values() if p.source == source]
    base = presets[0].rules
    for p in presets[1:]:
        for name in STANDARD_GAME:
            if (p.name, name) not in SAID_OTHERWISE:
                assert getattr(p.rules, name) == getattr(base, name), (p.name, name)


def test_oklahoma_follows_its_sources_and_the_outside_conventions_have_their_own_preset() -> None:
    ok = Rules.preset("oklahoma")
    assert (ok.target, ok.ace_means_gin) == (100, False)  # 001, 002: games to 100, no ace exception
    assert PRESETS["oklahoma"].source == "002"
    ext = PRESETS["oklahoma-150"]
    assert "ext" in ext.source
    assert ext.rules == ok.replace(target=150, ace_means_gin=True)
    with pytest.raises(RulesError, match="ace_means_gin needs knock_card"):
        Rules(ace_means_gin=True)


def test_unknown_preset_lists_known_ones() -> None:
    with pytest.raises(UnknownPresetError) as exc:
        Rules.preset("hollywoodish")
    for name in PRESETS:
        assert name in str(exc.value)
    assert isinstance(exc.value, ValueError)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"knock_limit": 11}, "knock_limit must be between 0 and 10"),
        ({"knock_limit": -1}, "knock_limit"),
        ({"gin_bonus": "25"}, "gin_bonus must be an int"),
        ({"big_gin": 1}, "big_gin must be true or false"),
        ({"target": 0}, "target"),
        ({"opening": "twelve"}, "opening must be one of upcard, eleven-cards"),
        ({"dealer_rule": "oldest"}, "dealer_rule must be one of"),
        ({"shutout": "triple"}, "shutout must be one of"),
        ({"no_such": 1}, "unknown rules setting 'no_such'"),
    ],
)
def test_bad_settings_are_named(changes: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules().replace(**changes)


def test_with_setting_parses_command_line_values() -> None:
    r = Rules().with_setting("gin-bonus=20").with_setting("big_gin=yes").with_setting("opening=eleven-cards")
    assert (r.gin_bonus, r.big_gin, r.opening) == (20, True, Opening.ELEVEN_CARDS)
    for bad in ("gin-bonus", "gin-bonus=x", "big-gin=maybe", "nope=1"):
        with pytest.raises(RulesError):
            Rules().with_setting(bad)


def test_rules_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rules().knock_limit = 5  # type: ignore[misc]
