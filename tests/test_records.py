"""Records: hands and games save to JSON and replay exactly from seed and actions."""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from ginrummy.agents import make_agent
from ginrummy.errors import RecordError
from ginrummy.records import GameRecord, HandRecord, MatchRecord, TeamRecord, load_any
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game, play_game
from ginrummy.scoring.match import Match
from ginrummy.variants import AnyHandState
from ginrummy.variants.standard.actions import LayOff
from ginrummy.variants.standard.state import HandState
from helpers.hands import play_out
from helpers.record_samples import play_record, shorter


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


# -- a defender who lays down nothing (the beginner forgets its layoffs) ---------------------------


def beginner_hands_laying_down_nothing(seeds: range) -> list[tuple[int, HandState]]:
    """Hands of two beginners (by seed) whose defender laid down nothing although the engine's
    best plan lays cards down and scores otherwise: the hands version 1 wrote as ``layoff``."""
    found = []
    for seed in seeds:
        state = HandState.deal(Rules(), seed % 2, random.Random(seed))
        play_out(state, [make_agent("beginner", seed), make_agent("beginner", seed + 1)])
        player, last = state.log[-1]
        if not (isinstance(last, LayOff) and not last.melds and not last.layoffs):
            continue
        best = state.clone()
        best.pop()
        best.push(LayOff(), player=player)  # the engine's best plan
        assert isinstance(best.log[-1][1], LayOff) and best.log[-1][1] != last
        if best.result != state.result:
            found.append((seed, state))
    return found


def test_a_defender_laying_down_nothing_replays_to_the_played_score() -> None:
    found = beginner_hands_laying_down_nothing(range(120))
    assert found, "no beginner hand in these seeds lays down nothing against a better plan"
    for seed, state in found:
        text = HandRecord.from_state(state, seed=seed).dump()
        data = json.loads(text)
        assert data["actions"][-1][1] == "layoff none"
        assert state.result is not None and data["result"]["points"] == state.result.points
        again = HandRecord.load(text).replay()
        assert again.log == state.log and again.result == state.result
        # A bare "layoff" asks for the engine's best plan: another score, which the result refuses.
        data["actions"][-1][1] = "layoff"
        with pytest.raises(RecordError, match='"result" says'):
            HandRecord.from_json(data).replay()
        # Version 1 wrote such a hand as "layoff"; it still replays to the score played.
        data["version"] = 1
        v1 = HandRecord.from_json(data)
        assert v1.replay().result == state.result and v1.actions == state.log
        assert json.loads(v1.dump())["actions"][-1][1] == "layoff none"


# -- strict fields: every malformed record is a RecordError naming the field -----------------------


def played_game(rules: Rules, seed: int) -> tuple[Game, list[AnyHandState]]:
    states: list[AnyHandState] = []
    game = play_game(
        rules,
        [make_agent("simple", seed), make_agent("simple", seed + 1)],
        seed=seed,
        on_hand=collect(states),
    )
    return game, states


def collect(states: list[AnyHandState]) -> Callable[[Game, AnyHandState], None]:
    return lambda game, state: states.append(state)


@functools.cache
def _game_text() -> str:
    game, states = played_game(Rules.preset("pagat"), 4)
    assert len(states) >= 3, "these tests need a game of three hands or more"
    return GameRecord.from_game(game, states).dump()


def game_json() -> dict[str, Any]:
    return dict(json.loads(_game_text()))


def match_json() -> dict[str, Any]:
    return dict(json.loads(_match_text()))


@functools.cache
def _match_text() -> str:
    rules = Rules.preset("tournament").replace(target=60, match_games=3)
    states: list[list[AnyHandState]] = []
    match = Match(rules, seed=5, names=("Ann", "Bob"))

    def keep(game: Game, state: AnyHandState) -> None:
        states.extend([] for _ in range(match.games.index(game) + 1 - len(states)))
        states[-1].append(state)

    match.play([make_agent("simple", 1), make_agent("simple", 2)], keep)
    assert len(states) >= 2 and len(states[1]) >= 3, "these tests need game 2 of three hands or more"
    return MatchRecord.from_match(match, states).dump()


def hand_json() -> dict[str, Any]:
    return game_json()["hands"][0] | {"names": ["Ann", "Bob"]}


def setter(*path: str | int, value: Any) -> Callable[[Any], None]:
    def mutate(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return mutate


def deleter(*path: str | int) -> Callable[[Any], None]:
    def mutate(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        del data[path[-1]]

    return mutate


MALFORMED: list[tuple[str, Callable[[Any], None], str]] = [
    ("game", setter("first_dealer", value=2), 'game record: "first_dealer" must be 0 or 1, got 2'),
    ("game", setter("first_dealer", value=True), 'game record: "first_dealer" must be 0 or 1, got true'),
    (
        "game",
        setter("names", value="ab"),
        'game record: "names" must be a list of two names (strings), got "ab"',
    ),
    (
        "game",
        setter("names", value=["Ann", 7]),
        'game record: "names" must be a list of two names (strings), got ["Ann", 7]',
    ),
    ("game", setter("hands", value={}), 'game record: "hands" must be a list, got {}'),
    (
        "game",
        setter("hands", 0, "dealer", value=0.5),
        'game record: hand 1: "dealer" must be 0 or 1, got 0.5',
    ),
    (
        "game",
        setter("hands", 2, "dealer", value=True),
        'game record: hand 3: "dealer" must be 0 or 1, got true',
    ),
    ("game", setter("seed", value=[1, 2]), 'game record: "seed" must be an integer, got [1, 2]'),
    ("game", setter("seed", value=True), 'game record: "seed" must be an integer, got true'),
    ("game", setter("seed", value=17.0), 'game record: "seed" must be an integer, got 17.0'),
    ("game", deleter("seed"), 'game record: "seed" is missing'),
    ("game", setter("version", value=3), 'game record: "version" must be 1 or 2'),
    ("game", setter("version", value="2"), 'game record: "version" must be 1 or 2'),
    ("game", deleter("version"), 'game record: "version" is missing'),
    (
        "game",
        setter("hands", 1, "version", value=1),
        'game record: hand 2: "version" must be 2 (the enclosing',
    ),
    ("game", setter("format", value="poker"), 'game record: "format" must be "ginrummy-game", got "poker"'),
    ("game", setter("rules", value=[]), 'game record: "rules" must be an object of rules settings'),
    (
        "game",
        setter("rules", "knock_limit", value=99),
        'game record: "rules": knock_limit must be between 0 and 10',
    ),
    ("game", setter("rules", "big_gin", value=1), 'game record: "rules": big_gin must be true or false'),
    ("game", deleter("result"), 'game record: "result" is missing'),
    (
        "game",
        setter("result", "final", value="x"),
        'game record: "result": "final" must be a list of two integers',
    ),
    (
        "game",
        setter("result", "winner", value=2),
        'game record: "result": "winner" must be 0, 1 or null, got 2',
    ),
    (
        "game",
        setter("hands", 0, "result", "points", value=-1),
        '"points" must be an integer of at least 0, got -1',
    ),
    (
        "game",
        setter("hands", 0, "result", "outcome", value="win"),
        'game record: hand 1: "result": "outcome" must be "knock", "undercut", "tie", "gin"',
    ),
    ("hand", setter("seed", value=[1, 2]), 'hand record: "seed" must be an integer, got [1, 2]'),
    ("hand", setter("actions", 0, value="pass"), 'hand record: "actions"[0] must be a pair'),
    (
        "hand",
        setter("actions", 0, value=[2, "pass"]),
        'hand record: "actions"[0] must start with the player',
    ),
    (
        "hand",
        setter("actions", 0, value=[False, "pass"]),
        '"actions"[0] must start with the player, 0 or 1, got false',
    ),
    ("hand", setter("actions", 0, 1, value="fly"), 'hand record: "actions"[0] is not an action'),
    ("hand", setter("actions", value={}), 'hand record: "actions" must be a list'),
    ("hand", setter("names", value=["Ann"]), 'hand record: "names" must be a list of two names'),
    ("hand", setter("deck", value="7h 7h"), 'hand record: "deck" must be the 52 cards in dealing order'),
    ("hand", setter("deck", value=7), 'hand record: "deck" must be a string'),
    ("hand", setter("knock_card", value="Zz"), 'hand record: "knock_card" is not a card'),
    ("hand", setter("dealer", value=None), 'hand record: "dealer" must be 0 or 1, got null'),
    (
        "match",
        setter("games", 1, "hands", 2, "dealer", value=2),
        'match record: game 2: hand 3: "dealer" must be 0 or 1, got 2',
    ),
    (
        "match",
        setter("games", 1, "names", value="ab"),
        'match record: game 2: "names" must be a list of two names',
    ),
    (
        "match",
        setter("result", "games", 0, value=[1]),
        'match record: "result": "games"[0] must be a list of two',
    ),
    ("match", setter("result", "over", value=1), 'match record: "result": "over" must be true or false'),
]


@pytest.mark.parametrize(("kind", "mutate", "message"), MALFORMED, ids=[m[2][:60] for m in MALFORMED])
def test_malformed_records_raise_record_error_naming_the_field(
    kind: str, mutate: Callable[[Any], None], message: str
) -> None:
    data = {"game": game_json, "hand": hand_json, "match": match_json}[kind]()
    mutate(data)
    read = {"game": GameRecord.from_json, "hand": HandRecord.from_json, "match": MatchRecord.from_json}[kind]
    with pytest.raises(RecordError) as error:
        read(json.loads(json.dumps(data)))
    assert message in str(error.value)


def test_a_hand_record_needs_a_seed_or_a_deck() -> None:
    data = hand_json() | {"seed": None}
    del data["deck"]
    with pytest.raises(RecordError, match='hand record: "seed" and "deck" are both missing or null'):
        HandRecord.from_json(data)


@functools.cache
def _team_text() -> str:
    rules = shorter(Rules.preset("hollywood-teams"), 10)
    return play_record(rules, ("simple", "random"), 3).record.dump()


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (setter("members", 0, value=["a"]), 'team record: "members" must be two lists of 2 names'),
        (setter("members", 1, 0, value="simple A1"), 'team record: "members" must be names that differ'),
        (setter("team_names", value=None), 'team record: "team_names" must be a list of two names'),
        (
            setter("pairings", 1, "games", 0, "first_dealer", value=5),
            'team record: pairing 2: game 1: "first_dealer"',
        ),
        (setter("pairings", 0, "version", value=1), 'team record: pairing 1: "version" must be 2'),
    ],
)
def test_malformed_team_records(mutate: Callable[[Any], None], message: str) -> None:
    data = json.loads(_team_text())
    mutate(data)
    with pytest.raises(RecordError) as error:
        TeamRecord.from_json(data)
    assert message in str(error.value)


def test_a_team_record_with_another_result_is_refused() -> None:
    data = json.loads(_team_text())
    assert load_any(json.dumps(data)).replay().totals == tuple(data["result"]["totals"])
    data["result"]["totals"][0] += 1
    with pytest.raises(RecordError, match='team record: "result" says'):
        load_any(json.dumps(data)).replay()


@pytest.mark.parametrize("text", ["{", "[]", "3", '"x"', '{"format": 3}'])
def test_what_is_no_record(text: str) -> None:
    with pytest.raises(RecordError):
        load_any(text)
    for kind in (HandRecord, GameRecord, MatchRecord, TeamRecord):
        with pytest.raises(RecordError):
            kind.load(text)


# -- stored results are checked against the replay ---------------------------------------------------

TAMPERED: list[tuple[str, Callable[[Any], None], str]] = [
    ("hand", lambda d: d["result"].update(points=d["result"]["points"] + 1), 'hand record: "result" says'),
    ("hand", lambda d: d["result"].update(winner=1 - d["result"]["winner"]), 'hand record: "result" says'),
    ("hand", lambda d: d.pop("result"), 'hand record: "result" says a hand not finished'),
    ("game", lambda d: d["hands"][1]["result"].update(points=0), 'game record: hand 2: "result" says'),
    ("game", lambda d: d["result"]["final"].reverse(), 'game record: "result" says'),
    ("game", lambda d: d["result"].update(points=[0, 0]), 'game record: "result" says'),
    ("game", lambda d: d["result"].update(final=None, winner=None), 'game record: "result" says .* not over'),
    ("game", lambda d: d.update(first_dealer=1 - d["first_dealer"]), "game record: hand 1: was not dealt"),
    ("game", lambda d: d["hands"][1].update(seed=d["hands"][1]["seed"] + 1), "game record: hand 2"),
    ("game", lambda d: d["hands"][1].update(names=["X", "Y"]), "game record: hand 2: its names"),
    ("game", lambda d: d["hands"].pop(), 'game record: "result" says'),
    ("match", lambda d: d["result"].update(winner=1 - d["result"]["winner"]), 'match record: "result" says'),
    ("match", lambda d: d["result"]["totals"].reverse(), 'match record: "result" says'),
    ("match", lambda d: d["games"][1]["result"].update(winner=None), 'match record: game 2: "result" says'),
    ("match", lambda d: d["games"].pop(), 'match record: "result" says'),
]


@pytest.mark.parametrize(("kind", "mutate", "message"), TAMPERED, ids=[str(i) for i in range(len(TAMPERED))])
def test_a_result_other_than_the_replay_is_refused(
    kind: str, mutate: Callable[[Any], None], message: str
) -> None:
    data = {"game": game_json, "hand": hand_json, "match": match_json}[kind]()
    mutate(data)
    record = load_any(json.dumps(data))
    with pytest.raises(RecordError, match=message):
        record.replay()


def other_value(rules: Rules, name: str) -> Any:
    """A valid value of setting ``name`` other than its value in ``rules``, or ``None``."""
    value = rules.settings()[name]
    candidates: list[Any]
    if isinstance(value, bool):
        candidates = [not value]
    elif isinstance(value, int):
        candidates = [value + 5, value - 5, value + 1, value - 1]
    else:
        field = next(f for f in dataclasses.fields(Rules) if f.name == name)
        enum = type(getattr(Rules(), field.name))
        candidates = [e.value for e in enum if e.value != value]
    for c in candidates:
        try:
            rules.replace(**{name: c})
        except ValueError:
            continue
        return c
    return None


@pytest.mark.parametrize("name", sorted(Rules().settings()))
def test_rules_changed_in_a_game_record_never_replay_to_another_score(name: str) -> None:
    """A setting changed in the game's rules, in one hand's, or in all of them: refused, or
    replayed to the very result stored (the stored results would have to change too)."""
    data = game_json()
    original = GameRecord.from_json(data).replay()
    rules = Rules.from_settings(data["rules"])
    value = other_value(rules, name)
    if value is None:
        pytest.skip(f"{name} has no other valid value here")
    places = [[data], [data["hands"][1]], [data, *data["hands"]]]
    for place in places:
        changed = copy.deepcopy(data)
        for d in (
            [changed]
            if place == [data]
            else [changed["hands"][1]]
            if len(place) == 1
            else [changed, *changed["hands"]]
        ):
            d["rules"][name] = value
        try:
            game = GameRecord.load(json.dumps(changed)).replay()
        except RecordError:
            continue
        assert len(place) == 1 + len(data["hands"]), "rules differing between the game and a hand replayed"
        assert game.results == original.results and game.totals == original.totals
        assert game.summary() == original.summary()


def test_scoring_rules_changed_everywhere_are_refused_by_the_stored_result() -> None:
    data = game_json()
    for name, value in [("game_bonus", 50), ("box_bonus", 0), ("margin_bonus", 50), ("target", 30)]:
        changed = copy.deepcopy(data)
        for d in [changed, *changed["hands"]]:
            d["rules"][name] = value
        with pytest.raises(RecordError, match=r"result|after the end"):
            GameRecord.load(json.dumps(changed)).replay()


# -- versions -------------------------------------------------------------------------------------


def as_version_1(data: dict[str, Any]) -> dict[str, Any]:
    """A version 2 record in the version 1 layout: version 1 throughout, no game, match or team result."""
    out = copy.deepcopy(data)
    out["version"] = 1
    if out["format"] != "ginrummy-hand":
        del out["result"]
    for key in ("hands", "games", "pairings"):
        out[key] = [as_version_1(d) for d in out.get(key, [])] if key in out else None
        if out[key] is None:
            del out[key]
    return out


def test_version_1_records_load_and_replay() -> None:
    for make in (hand_json, game_json, match_json):
        data = make()
        v1 = as_version_1(data)
        record = load_any(json.dumps(v1))
        assert record.claim is None or isinstance(record, HandRecord)
        replayed = record.replay()
        again = load_any(json.dumps(data)).replay()
        if isinstance(replayed, Game | Match):
            assert replayed.sheet() == again.sheet()
        assert json.loads(record.dump()) == data  # written again as version 2, results included
        v1["version"] = 2  # a version 2 record must carry its own result
        if make is not hand_json:
            with pytest.raises(RecordError, match=r'"result" is missing|"version" must be 2'):
                load_any(json.dumps(v1))
