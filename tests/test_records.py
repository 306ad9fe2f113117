"""Records: hands and games save to JSON and replay exactly from seed and actions."""

from __future__ import annotations

import json
import random

import pytest

from ginrummy.agents import make_agent
from ginrummy.errors import RecordError
from ginrummy.hand.state import HandState
from ginrummy.records import GameRecord, HandRecord
from ginrummy.rules import Rules
from ginrummy.scoring.game import play_game
from helpers.hands import play_out


@pytest.mark.parametrize("seed", range(20))
def test_hand_record_round_trip(seed: int) -> None:
    rules = Rules(big_gin=True, action_on_50th_card=seed % 2 == 0)
    state = HandState.deal(rules, seed % 2, random.Random(seed))
    play_out(state, [make_agent("simple", seed), make_agent("random", seed + 1)])
    rec = HandRecord.from_state(state, seed=seed)
    again = HandRecord.load(rec.dump()).replay()
    assert again.log == state.log
    assert again.result == state.result
    data = json.loads(rec.dump())
    assert data["format"] == "ginrummy-hand" and data["seed"] == seed
    assert state.result is not None and data["result"]["points"] == state.result.points


def test_hand_record_from_seed_only() -> None:
    state = HandState.deal(Rules(), 0, random.Random(9))
    play_out(state, [make_agent("simple", 1), make_agent("simple", 2)])
    data = HandRecord.from_state(state, seed=9).to_json()
    del data["deck"]
    assert HandRecord.from_json(data).replay().result == state.result


def test_hand_record_keeps_player_names() -> None:
    state = HandState.deal(Rules(), 1, random.Random(6))
    play_out(state, [make_agent("simple", 1), make_agent("strong", 2)])
    rec = HandRecord.load(HandRecord.from_state(state, seed=6, names=("Ann", "strong")).dump())
    assert rec.names == ("Ann", "strong")
    assert rec.replay().log == state.log
    assert "names" not in HandRecord.from_state(state, seed=6).to_json()  # optional: older records load


def test_game_record_round_trip() -> None:
    states: list[HandState] = []
    game = play_game(
        Rules.preset("pagat"),
        [make_agent("simple", 3), make_agent("simple", 4)],
        seed=17,
        on_hand=lambda g, s: states.append(s),
    )
    assert game.is_over and len(states) == len(game.results) > 0
    rec = GameRecord.from_game(game, states)
    replayed = GameRecord.load(rec.dump()).replay()
    assert replayed.results == game.results
    assert replayed.summary() == game.summary()


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.update(format="poker"),
        lambda d: d.update(seed=d["seed"] + 1),
        lambda d: d["actions"].insert(0, [0, "draw"]),
        lambda d: d["actions"].append([0, "fold"]),
        lambda d: d.update(rules={"knock_limit": 99}),
        lambda d: d.pop("actions"),
        lambda d: d.update(names="Ann"),
        lambda d: d.update(names=["Ann", "Bob", "Cy"]),
    ],
)
def test_bad_hand_records_raise_record_error(mutate: object) -> None:
    state = HandState.deal(Rules(), 0, random.Random(4))
    play_out(state, [make_agent("simple", 1), make_agent("simple", 2)])
    data = HandRecord.from_state(state, seed=4).to_json()
    mutate(data)  # type: ignore[operator]
    with pytest.raises(RecordError):
        HandRecord.from_json(data).replay()


def test_not_json() -> None:
    with pytest.raises(RecordError, match="not JSON"):
        HandRecord.load("{")
    with pytest.raises(RecordError):
        GameRecord.load("[]")
