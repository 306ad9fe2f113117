"""Records of every preset (:data:`ginrummy.rules.PRESETS`) played by every level
(:data:`ginrummy.agents.AGENTS`): dump, load and replay give the same record, the same log and
result of every hand, the same results and score sheet, and the stored result is what was played."""

from __future__ import annotations

import json

import pytest

from ginrummy.agents import AGENTS
from ginrummy.records import (
    AnyRecord,
    GameClaim,
    GameRecord,
    HandClaim,
    HandRecord,
    MatchClaim,
    MatchRecord,
    TeamClaim,
    load_any,
)
from ginrummy.rules import PRESETS, Rules
from ginrummy.scoring.game import Game
from ginrummy.scoring.match import Match, TeamMatch
from helpers.record_samples import play_record, shorter

LEVELS = list(AGENTS)
CHEAP = ("simple", "beginner", "random", "strong")  # the opponents


def games_of(played: Game | Match | TeamMatch) -> list[Game]:
    if isinstance(played, Game):
        return [played]
    if isinstance(played, Match):
        return list(played.games)
    return [g for m in played.pairings for g in m.games]


def hands_of(record: AnyRecord) -> list[HandRecord]:
    if isinstance(record, HandRecord):
        return [record]
    if isinstance(record, GameRecord):
        return list(record.hands)
    if isinstance(record, MatchRecord):
        return [h for g in record.games for h in g.hands]
    return [h for m in record.pairings for g in m.games for h in g.hands]


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("level", LEVELS)
def test_record_round_trip(preset: str, level: str) -> None:
    i = sorted(PRESETS).index(preset) + LEVELS.index(level)
    opponent = next(o for o in CHEAP[i % len(CHEAP) :] + CHEAP if o != level)
    rules = shorter(Rules.preset(preset), 25)  # the expert with its quick search (helpers.agents)
    p = play_record(rules, (level, opponent), seed=1000 + i)
    text = p.record.dump()
    data = json.loads(text)
    assert data["version"] == 2 and "result" in data
    loaded = load_any(text)
    assert loaded == p.record and loaded.dump() == text
    replayed = loaded.replay()
    assert type(replayed) is type(p.played)
    assert replayed.sheet() == p.played.sheet()
    got, want = games_of(replayed), games_of(p.played)
    assert [g.results for g in got] == [g.results for g in want]
    assert [g.dealers for g in got] == [g.dealers for g in want]
    assert len(hands_of(loaded)) == len(p.hands) >= 1
    for rec, state in zip(hands_of(loaded), p.hands, strict=True):
        again = rec.replay()
        assert again.log == state.log and again.result == state.result
        assert rec.claim == HandClaim.of(state.result)
    # The stored result is what was played (not only what the record replays to).
    if isinstance(p.played, Game):
        assert loaded.claim == GameClaim.of(p.played)
    elif isinstance(p.played, Match):
        assert loaded.claim == MatchClaim.of(p.played)
    else:
        assert loaded.claim == TeamClaim.of(p.played)
