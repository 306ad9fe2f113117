"""Corrupted records: many seeded random corruptions of valid JSON records (fields deleted,
retyped or changed; actions, results, seeds, decks, dealers, names, versions, rules and nesting
changed; parts moved between records), each of which must either raise a
:class:`~ginrummy.errors.RecordError` or load and replay to exactly the results the corrupted
record stores: never another exception, never a silent different score.

The stored results are read straight from the corrupted JSON (not through the loader) and
compared with the replayed games, matches and team matches. ``python
tests/test_records_corruption.py N`` runs N corruptions and prints the counts.
"""

from __future__ import annotations

import copy
import functools
import json
import random
import sys
from collections import Counter
from typing import Any

import pytest

from ginrummy.agents import make_agent
from ginrummy.cards import CARDS
from ginrummy.errors import RecordError
from ginrummy.records import GameRecord, HandRecord, load_any
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game
from ginrummy.scoring.match import Match, TeamMatch
from ginrummy.variants import deal_hand
from ginrummy.variants.standard.actions import LayOff
from ginrummy.variants.standard.state import HandState
from helpers.hands import play_out
from helpers.record_samples import play_record, shorter

Json = Any
Path = tuple[str | int, ...]


# -- the valid records corrupted ------------------------------------------------------------------


def _hand(rules: Rules, seed: int, levels: tuple[str, str] = ("simple", "random"), stop: int = 0) -> str:
    state = deal_hand(rules, seed % 2, random.Random(seed))
    agents = [make_agent(levels[0], seed), make_agent(levels[1], seed + 1)]
    if stop:
        while not state.is_over and state.action_count < stop:
            state.push(agents[state.to_act].act(state.view(state.to_act)), player=state.to_act)
    else:
        play_out(state, agents)
    return HandRecord.from_state(state, seed=seed, names=(levels[0], "Bob") if seed % 2 else None).dump()


def _beginner_laying_down_nothing() -> str:
    """A hand whose defender (a beginner) laid down nothing against a better plan (``layoff none``)."""
    for seed in range(200):
        state = HandState.deal(Rules(), seed % 2, random.Random(seed))
        play_out(state, [make_agent("beginner", seed), make_agent("beginner", seed + 1)])
        last = state.log[-1][1]
        if isinstance(last, LayOff) and not last.melds and not last.layoffs:
            best = state.clone()
            best.pop()
            best.push(LayOff(), player=state.log[-1][0])
            if best.result != state.result:
                return HandRecord.from_state(state, seed=seed).dump()
    raise AssertionError("no such hand in 200 seeds")


def _unfinished_game() -> str:
    """A game record whose last hand is being played."""
    rules = Rules.preset("default").replace(target=60)
    game = Game(rules, seed=21, names=("Ann", "Bob"))
    agents = [make_agent("simple", 1), make_agent("beginner", 2)]
    states = []
    for _ in range(2):
        states.append(game.new_hand())
        result = play_out(states[-1], agents)
        assert result is not None
        game.enter(result)
    states.append(game.new_hand())
    for _ in range(9):
        s = states[-1]
        s.push(agents[s.to_act].act(s.view(s.to_act)), player=s.to_act)
    return GameRecord.from_game(game, states).dump()


def _v1(text: str) -> str:
    """A version 2 record in the version 1 layout (bare ``layoff`` for ``layoff none``)."""

    def down(d: Json) -> Json:
        d["version"] = 1
        if d["format"] != "ginrummy-hand":
            del d["result"]
        else:
            d["actions"] = [[p, "layoff" if a == "layoff none" else a] for p, a in d["actions"]]
        for key in ("hands", "games", "pairings"):
            if key in d:
                d[key] = [down(x) for x in d[key]]
        return d

    return json.dumps(down(json.loads(text)))


@functools.cache
def base_records() -> tuple[str, ...]:
    """Valid records of every kind and version: hands (standard, Oklahoma with a second deck,
    pickup, Hollywood aces, unfinished, a defender laying down nothing), games (several presets,
    one unfinished), a match of each kind, a team match; some in the version 1 layout."""

    def game(preset: str, target: int, levels: tuple[str, str], seed: int) -> str:
        return play_record(shorter(Rules.preset(preset), target), levels, seed).record.dump()

    v2 = [
        _hand(Rules(), 3),
        _hand(Rules.preset("oklahoma-second-deck"), 4, ("simple", "simple")),
        _hand(Rules.preset("pickup"), 5),
        _hand(Rules.preset("hollywood-aces"), 6),
        _hand(Rules.preset("default"), 7, stop=12),
        _beginner_laying_down_nothing(),
        game("default", 40, ("simple", "beginner"), 8),
        game("hollywood", 20, ("simple", "random"), 9),
        game("pickup", 60, ("simple", "random"), 10),
        game("oklahoma-second-deck", 30, ("beginner", "simple"), 11),
        _unfinished_game(),
        game("tournament", 25, ("simple", "beginner"), 12),
        game("match-500", 20, ("beginner", "simple"), 13),
        game("hollywood-teams", 15, ("simple", "random"), 14),
    ]
    v1 = [_v1(v2[0]), _v1(v2[5]), _v1(v2[6]), _v1(v2[11]), _v1(v2[13])]
    return tuple(v2 + v1)


# -- corruptions ----------------------------------------------------------------------------------

JUNK: list[Json] = [
    None,
    True,
    False,
    0,
    1,
    2,
    -1,
    0.5,
    1e308,
    "",
    "x",
    "7h",
    "layoff",
    [],
    {},
    [0, 1],
    [[0, "pass"]],
    2**64,
]
WORDS = ["pass", "take", "draw", "discard", "knock", "gin", "big-gin", "layoff", "layoff none", "meld", "add"]


def paths(node: Json, at: Path = ()) -> list[Path]:
    """Every place in ``node`` below the root."""
    out: list[Path] = []
    items: list[tuple[str | int, Json]] = (
        list(node.items())
        if isinstance(node, dict)
        else list(enumerate(node))
        if isinstance(node, list)
        else []
    )
    for key, value in items:
        out.append((*at, key))
        out.extend(paths(value, (*at, key)))
    return out


def get(node: Json, path: Path) -> Json:
    for key in path:
        node = node[key]
    return node


def put(node: Json, path: Path, value: Json) -> None:
    get(node, path[:-1])[path[-1]] = value


def card(rng: random.Random) -> str:
    return str(CARDS[rng.randrange(52)])


def tweak_text(text: str, rng: random.Random) -> str:
    tokens = text.split()
    choice = rng.randrange(7)
    if choice == 0 or not tokens:
        return rng.choice(["", "x", text.upper(), text + " " + card(rng)])
    i = rng.randrange(len(tokens))
    if choice == 1:
        tokens[i] = card(rng)
    elif choice == 2:
        del tokens[i]
    elif choice == 3:
        tokens.insert(i, tokens[rng.randrange(len(tokens))])
    elif choice == 4:
        j = rng.randrange(len(tokens))
        tokens[i], tokens[j] = tokens[j], tokens[i]
    elif choice == 5:
        tokens[0] = rng.choice(WORDS)
    else:
        tokens[i] = tokens[i][:-1] + rng.choice("cdhsx") if len(tokens[i]) > 1 else "1"
    return " ".join(tokens)


def tweak_list(items: list[Json], rng: random.Random) -> list[Json]:
    out = list(items)
    if not out:
        return [rng.choice(JUNK)]
    i, j = rng.randrange(len(out)), rng.randrange(len(out))
    choice = rng.randrange(6)
    if choice == 0:
        out[i], out[j] = out[j], out[i]
    elif choice == 1:
        out.insert(i, copy.deepcopy(out[j]))
    elif choice == 2:
        del out[i]
    elif choice == 3:
        out.reverse()
    elif choice == 4:
        out = out[:i]
    else:
        rng.shuffle(out)
    return out


def other_setting(rules: dict[str, Json], rng: random.Random) -> tuple[str, Json]:
    name = rng.choice(sorted(Rules().settings()))
    value = rules.get(name, Rules().settings()[name])
    if isinstance(value, bool):
        return name, not value
    if isinstance(value, int):
        return name, max(0, value + rng.choice([-10, -5, -1, 1, 5, 10, 100]))
    enum = type(getattr(Rules(), name))
    return name, rng.choice([str(e) for e in list(enum)])


def mutate(data: Json, rng: random.Random, donors: list[Json]) -> str:
    """Corrupt ``data`` in place at random; returns what was done (a corruption that does not
    fit what earlier ones left, such as a rules change where "rules" is no longer an object,
    is skipped)."""
    try:
        return _mutate(data, rng, donors)
    except (TypeError, KeyError, IndexError, AttributeError):
        return "skipped"


def _mutate(data: Json, rng: random.Random, donors: list[Json]) -> str:
    every = paths(data)
    path = rng.choice(every)
    value = get(data, path)
    kind = rng.choice(
        [
            "delete",
            "retype",
            "scalar",
            "scalar",
            "list",
            "transplant",
            "rules",
            "action",
            "result",
            "version",
            "seed",
        ]
    )
    if kind == "delete":
        parent = get(data, path[:-1])
        del parent[path[-1]]
    elif kind == "retype":
        put(data, path, copy.deepcopy(rng.choice(JUNK)))
    elif kind == "scalar":
        if isinstance(value, bool):
            put(data, path, not value)
        elif isinstance(value, int):
            put(data, path, rng.choice([value + 1, value - 1, 1 - value, -value, 2 * value, 0, 2**63]))
        elif isinstance(value, str):
            put(data, path, tweak_text(value, rng))
        else:
            put(data, path, None)
    elif kind == "list":
        lists = [p for p in every if isinstance(get(data, p), list)]
        path = rng.choice(lists)
        put(data, path, tweak_list(get(data, path), rng))
    elif kind == "transplant":  # the same key's value from another record (or this one)
        key = path[-1]
        pool = [get(d, p) for d in donors for p in paths(d) if p and p[-1] == key]
        put(data, path, copy.deepcopy(rng.choice(pool)) if pool else None)
    elif kind == "rules":
        places = [p for p in [(), *every] if isinstance(get(data, p), dict) and "rules" in get(data, p)]
        target = [rng.choice(places)] if rng.random() < 0.5 else places  # one record, or all alike
        name, new = other_setting(get(data, places[0])["rules"], rng)
        for p in target:
            get(data, p)["rules"][name] = new
        path = target[0]
    elif kind == "action":
        acts = [p for p in every if len(p) >= 2 and p[-2] == "actions" and isinstance(get(data, p), list)]
        if acts:
            path = rng.choice(acts)
            word = rng.choice(WORDS)
            extra = {
                "discard": card(rng),
                "knock": card(rng),
                "gin": card(rng),
                "take": str(rng.randrange(4)),
            }
            get(data, path)[1:] = [f"{word} {extra.get(word, '')}".strip()]
            if rng.random() < 0.3:
                get(data, path)[0] = 1 - get(data, path)[0] if isinstance(get(data, path)[0], int) else 0
    elif kind == "result":
        results = [p for p in every if p[-1] == "result" and isinstance(get(data, p), dict)]
        if isinstance(data.get("result"), dict):
            results.append(("result",))
        if results:
            path = rng.choice(results)
            res = get(data, path)
            key = rng.choice(sorted(res))
            v = res[key]
            if isinstance(v, bool):
                res[key] = not v
            elif isinstance(v, int):
                res[key] = v + rng.choice([-1, 1, 10])
            elif isinstance(v, list) and v:
                res[key] = list(reversed(v)) if rng.random() < 0.5 else v[:-1]
            else:
                res[key] = rng.choice([None, 0, 1, "knock", "gin", [0, 0]])
    elif kind == "version":
        versions = [p for p in every if p[-1] == "version"] + [("version",)]
        new = rng.choice([1, 1, 2, 3, 0, "2"])
        for p in versions if rng.random() < 0.5 else [rng.choice(versions)]:
            put(data, p, new)
        path = ("version",)
    else:  # a seed
        seeds = [p for p in every if p[-1] == "seed"] + [("seed",)]
        path = rng.choice(seeds)
        if path in every or path == ("seed",):
            old = get(data, path) if path[-1] in get(data, path[:-1]) else 0
            put(data, path, (old if isinstance(old, int) else 0) + rng.choice([1, -1, 2**32]))
    return f"{kind} at {list(path)}"


# -- the check ------------------------------------------------------------------------------------


def hand_result(data: Json) -> Json:
    return data.get("result")


def check_game(data: Json, game: Game) -> None:
    hands = data["hands"]
    assert len(hands) in (len(game.results), len(game.results) + 1)
    for i, h in enumerate(hands):
        if i < len(game.results):
            r = game.results[i]
            assert hand_result(h) == {"outcome": r.outcome.value, "winner": r.winner, "points": r.points}
        else:
            assert hand_result(h) is None
    if data["version"] >= 2 or "result" in data:
        s = game.summary() if game.is_over else None
        assert data["result"] == {
            "points": list(game.totals),
            "final": None if s is None else list(s.totals),
            "winner": None if s is None else s.winner,
        }


def check_match(data: Json, match: Match) -> None:
    assert len(data["games"]) == len(match.games)
    for g, game in zip(data["games"], match.games, strict=True):
        check_game(g, game)
    if data["version"] >= 2 or "result" in data:
        assert data["result"] == {
            "over": match.is_over,
            "games": [list(t) for t in match.game_totals()],
            "totals": list(match.totals),
            "winner": match.winner,
        }


def consistent(data: Json, replayed: Any) -> None:
    """The results stored in ``data`` (read straight from the JSON) are what it replayed to."""
    if isinstance(replayed, Game):
        check_game(data, replayed)
    elif isinstance(replayed, Match):
        check_match(data, replayed)
    elif isinstance(replayed, TeamMatch):
        assert len(data["pairings"]) == len(replayed.pairings)
        for p, match in zip(data["pairings"], replayed.pairings, strict=True):
            check_match(p, match)
        if data["version"] >= 2 or "result" in data:
            want = {"over": replayed.is_over, "totals": list(replayed.totals), "winner": replayed.winner}
            assert data["result"] == want
    else:
        r = replayed.result
        want = None if r is None else {"outcome": r.outcome.value, "winner": r.winner, "points": r.points}
        assert hand_result(data) == want


def corrupt_and_check(
    seed: int, count: int, tally: Counter[str] | None = None, log: list[str] | None = None
) -> Counter[str]:
    """Apply ``count`` corruptions (1 to 3 changes each, seeded by ``seed``) to the base records."""
    tally = Counter() if tally is None else tally
    rng = random.Random(seed)
    bases = [json.loads(t) for t in base_records()]
    for n in range(count):
        base = rng.randrange(len(bases))
        data = copy.deepcopy(bases[base])
        done = [mutate(data, rng, bases) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
        while data == bases[base]:  # a corruption that changed nothing (or was skipped): another
            done.append(mutate(data, rng, bases))
        what = f"seed {seed}, corruption {n}, record {base}: {'; '.join(done)}"
        tally["tried"] += 1
        text = json.dumps(data)
        try:
            record = load_any(text)
            replayed = record.replay()
        except RecordError:
            tally["refused"] += 1
            continue
        except Exception as exc:
            raise AssertionError(f"{what}: {type(exc).__name__}: {exc}") from exc
        try:
            consistent(json.loads(text), replayed)
        except AssertionError as exc:
            raise AssertionError(f"{what}: accepted, but replays to another result than it stores") from exc
        tally["accepted"] += 1
        if log is not None:
            log.append(what)
    return tally


def test_the_base_records_are_valid() -> None:
    for text in base_records():
        consistent(json.loads(text), load_any(text).replay())


@pytest.mark.parametrize("seed", range(8))
def test_every_corruption_is_refused_or_replays_to_its_stored_result(seed: int) -> None:
    tally = corrupt_and_check(seed, 125)
    assert tally["tried"] == 125 and tally["refused"] + tally["accepted"] == 125
    assert tally["refused"] > tally["accepted"] > 0  # most corruptions break a record; some leave it valid


def main(argv: list[str]) -> None:
    count = int(argv[1]) if len(argv) > 1 else 10_000
    tally: Counter[str] = Counter()
    accepted: list[str] = []
    seed = 1000
    while tally["tried"] < count:
        corrupt_and_check(seed, min(500, count - tally["tried"]), tally, accepted)
        seed += 1
    kinds = Counter(w.split(": ", 1)[1].split(" at ")[0] for w in accepted)
    print("accepted corruptions by kind of the first change:", dict(kinds.most_common()))
    if len(argv) > 2:
        print("\n".join(accepted))
    print(
        f"corruptions tried {tally['tried']}, refused by RecordError {tally['refused']}, "
        f"accepted and replayed to their stored results {tally['accepted']}"
    )


if __name__ == "__main__":
    main(sys.argv)
