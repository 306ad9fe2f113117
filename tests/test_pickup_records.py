"""Records of discard-pile pickup gin (002): hands, games and matches dump to JSON, load and
replay to exactly the same log, results and score sheet; tampered records raise a
:class:`~ginrummy.errors.RecordError` naming what is wrong; the ``match`` and ``verify``
commands write and read them."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest
from click.testing import CliRunner

from ginrummy.agents import make_agent
from ginrummy.cards import CARDS, Card
from ginrummy.cli.main import main
from ginrummy.errors import RecordError
from ginrummy.hand.actions import Discard
from ginrummy.hand.phase import Phase
from ginrummy.play import play_hand
from ginrummy.records import GameRecord, HandRecord, MatchRecord, load_any
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game, play_game
from ginrummy.scoring.match import Match
from ginrummy.variants import AnyHandState
from ginrummy.variants.pickup import AddCard, PickupResult, PickupState, Take
from ginrummy.web.fairness import commitment
from helpers.hands import until_over

PICKUP = Rules.preset("pickup")
LEVELS = ("random", "simple")


def agents_for(seed: int) -> list[Any]:
    """Two agents of the levels ``random``/``simple``, by the seed: all four pairings."""
    return [make_agent(LEVELS[seed % 2], seed), make_agent(LEVELS[seed // 2 % 2], seed + 1)]


def played_hand(seed: int) -> PickupState:
    state = PickupState.deal(PICKUP, seed % 2, random.Random(seed))
    play_hand(state, agents_for(seed))
    assert state.is_over and state.result is not None
    return state


def same_hand(a: AnyHandState, b: AnyHandState) -> None:
    """Two pickup hands are the same: log, result, table, hands, pile, events and views."""
    assert isinstance(a, PickupState) and isinstance(b, PickupState)
    assert a.log == b.log and a.result == b.result
    assert (a.table, a.table_owners, a.laid, a.must_meld) == (b.table, b.table_owners, b.laid, b.must_meld)
    assert (a.hand(0), a.hand(1), a.discard_pile, a.stock) == (b.hand(0), b.hand(1), b.discard_pile, b.stock)
    assert a.events() == b.events() and a.view(0) == b.view(0) and a.view(1) == b.view(1)


# -- hands -------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(60))
def test_hand_record_round_trip(seed: int) -> None:
    state = played_hand(seed)
    names = (f"seat {seed}", "simple") if seed % 3 else None
    rec = HandRecord.from_state(state, seed=seed, names=names)
    text = rec.dump()
    loaded = HandRecord.load(text)
    assert loaded == rec and loaded.dump() == text
    same_hand(loaded.replay(), state)
    data = json.loads(text)
    assert data["format"] == "ginrummy-hand" and data["rules"]["discard_pickup"] is True
    assert data["knock_card"] is None and data.get("names") == (list(names) if names else None)
    r = state.result
    assert r is not None
    assert data["result"] == {"outcome": r.outcome.value, "winner": r.winner, "points": r.points}
    # From the seed alone (no deck) too.
    del data["deck"]
    same_hand(HandRecord.from_json(data).replay(), state)


@pytest.mark.parametrize("seed", range(20))
def test_unfinished_hand_records_replay_to_the_same_position(seed: int) -> None:
    """A hand cut off anywhere (a several-card take with its deepest card still in hand
    included) replays to the same position; no result is written."""
    rng = random.Random(seed)
    state = PickupState.deal(PICKUP, seed % 2, random.Random(seed))
    agents = agents_for(seed)
    stop = rng.randrange(1, 60)
    while not state.is_over and state.action_count < stop:
        state.push(agents[state.to_act].act(state.view(state.to_act)), player=state.to_act)
    rec = HandRecord.load(HandRecord.from_state(state, seed=seed).dump())
    again = rec.replay()
    assert isinstance(again, PickupState)
    same_hand(again, state)
    assert (again.phase, again.to_act, again.taken) == (state.phase, state.to_act, state.taken)
    assert ("result" in rec.to_json()) == state.is_over


def test_actions_given_with_plain_ints_are_logged_as_cards_and_records_replay() -> None:
    """Cards given as plain ints (and counts as ints of another type) are logged as cards, so
    the record writes ``discard 7h``, never ``discard 32``."""
    for seed in range(40):
        state = PickupState.deal(PICKUP, seed % 2, random.Random(seed))
        agents = agents_for(seed)
        for _ in until_over(state):
            action = agents[state.to_act].act(state.view(state.to_act))
            if isinstance(action, Discard):
                action = Discard(cast(Card, int(action.card)))
            elif isinstance(action, AddCard):
                action = AddCard(cast(Card, int(action.card)), action.meld)
            elif isinstance(action, Take):
                action = Take(CARDS[action.count])  # an int subclass
            state.push(action, player=state.to_act)
        assert all(type(a.count) is int for _, a in state.log if isinstance(a, Take))
        assert all(type(a.card) is Card for _, a in state.log if isinstance(a, Discard | AddCard))
        same_hand(HandRecord.load(HandRecord.from_state(state, seed=seed).dump()).replay(), state)


def hand_data(seed: int = 7) -> dict[str, Any]:
    return HandRecord.from_state(played_hand(seed), seed=seed).to_json()


def first_index(data: dict[str, Any], word: str) -> int:
    return next(i for i, (_, a) in enumerate(data["actions"]) if a.split()[0] == word)


def other_player_first(data: dict[str, Any]) -> int:
    data["actions"][0][0] = 1 - data["actions"][0][0]
    return 0


def discard_twice(data: dict[str, Any]) -> int:
    i = first_index(data, "discard")
    data["actions"].insert(i + 1, list(data["actions"][i]))
    return i + 1


def swap_two_stock_cards(data: dict[str, Any]) -> None:
    deck = data["deck"].split()
    deck[40], deck[41] = deck[41], deck[40]
    data["deck"] = " ".join(deck)


def change_action(word: str, new: Callable[[str], str]) -> Callable[[dict[str, Any]], int]:
    """A mutation: the first action whose notation starts with ``word`` becomes ``new(text)``;
    returns its index."""

    def mutate(data: dict[str, Any]) -> int:
        i = first_index(data, word)
        data["actions"][i][1] = new(data["actions"][i][1])
        return i

    return mutate


@pytest.mark.parametrize(
    ("mutate", "named"),
    [
        (change_action("discard", lambda a: "take 40"), "action {i}"),
        (
            change_action("discard", lambda a: "meld [Qd Kd Ad]"),
            r'"actions"\[{i}\] is not an action',
        ),  # not a meld ace low
        (change_action("discard", lambda a: "add " + a.split()[1] + ":9"), "action {i}"),
        (change_action("draw", lambda a: "take 40"), "action {i}"),
        (
            change_action("discard", lambda a: "knock " + a.split()[1]),
            r'"actions"\[{i}\] is not an action',
        ),  # not pickup notation
        (other_player_first, "action {i}"),
        (discard_twice, "action {i}"),
        (lambda d: d.update(seed=d["seed"] + 1), "deck"),
        (swap_two_stock_cards, "deck does not come from the seed"),
        (lambda d: d.update(deck=d["deck"].replace(d["deck"][:2], "Xx", 1)), '"deck" .*not a card'),
        (lambda d: d.update(deck=" ".join(d["deck"].split()[:51] * 2)), "deck"),
        (lambda d: d.update(knock_card="7h"), '"knock_card" must be null'),
    ],
)
def test_tampered_hand_records_raise_record_error_naming_it(mutate: Callable[..., Any], named: str) -> None:
    data = hand_data()
    i = mutate(data)
    with pytest.raises(RecordError, match=named.format(i=i)):
        HandRecord.load(json.dumps(data)).replay()


def test_a_changed_deck_without_seed_fails_at_the_action_it_breaks() -> None:
    data = hand_data()
    data["seed"] = None
    deck = data["deck"].split()
    j = first_index(data, "discard")  # the discarded card goes to the other player's hand
    discarded = data["actions"][j][1].split()[1]
    k = deck.index(discarded)
    deck[k], deck[51] = deck[51], deck[k]  # the last card of the stock is never drawn
    data["deck"] = " ".join(deck)
    with pytest.raises(RecordError, match=r"action \d+"):
        HandRecord.from_json(data).replay()


# -- games and matches -------------------------------------------------------------------------


def collect(states: list[AnyHandState]) -> Callable[[Game, AnyHandState], None]:
    def on_hand(game: Game, state: AnyHandState) -> None:
        assert state.is_over and state.result is not None
        states.append(state)

    return on_hand


@pytest.mark.parametrize("seed", range(12))
def test_game_record_round_trip(seed: int) -> None:
    states: list[AnyHandState] = []
    agents = agents_for(seed)
    if seed % 2:
        game = play_game(PICKUP, agents, seed=seed, on_hand=collect(states))
    else:
        game = Game(PICKUP, seed=seed, names=("Ann", "Bob")).play(agents, collect(states))
    assert game.is_over and len(states) == len(game.results) >= 1
    assert all(isinstance(r, PickupResult) for r in game.results)
    rec = GameRecord.from_game(game, states)
    text = rec.dump()
    loaded = GameRecord.load(text)
    assert loaded == rec and loaded.dump() == text
    replayed = loaded.replay()
    assert replayed.results == game.results and replayed.dealers == game.dealers
    assert replayed.summary() == game.summary() and replayed.sheet() == game.sheet()
    for hand, state in zip(loaded.hands, states, strict=True):
        same_hand(hand.replay(), state)
    assert isinstance(load_any(text), GameRecord)


def game_data(seed: int = 3) -> dict[str, Any]:
    states: list[AnyHandState] = []
    game = play_game(PICKUP, agents_for(seed), seed=seed, on_hand=collect(states))
    assert len(states) >= 2, "this test needs a game of two hands or more"
    return GameRecord.from_game(game, states).to_json()


@pytest.mark.parametrize(
    ("mutate", "named"),
    [
        (lambda d: change_action("discard", lambda a: "take 40")(d["hands"][1]), "hand 2: action"),
        (lambda d: swap_two_stock_cards(d["hands"][1]), "hand 2"),
        (lambda d: d["hands"][1]["rules"].update(target=100), "hand 2: .*other rules"),
        (
            lambda d: d["hands"][1].update(rules=Rules.preset("pagat").settings()),
            r'hand 2: "actions"\[\d+\] is not an action',
        ),
        (lambda d: d.update(seed=d["seed"] + 1), "hand 1"),
        (lambda d: d["hands"].append(d["hands"][0]), "after the end"),
        (lambda d: [h["rules"].update(aces="round-the-corner") for h in [d, *d["hands"]]], "cannot deal"),
    ],
)
def test_tampered_game_records_raise_record_error_naming_the_hand(
    mutate: Callable[..., Any], named: str
) -> None:
    data = game_data()
    mutate(data)
    with pytest.raises(RecordError, match=named):
        GameRecord.load(json.dumps(data)).replay()


@pytest.mark.parametrize("seed", range(4))
def test_match_record_round_trip(seed: int) -> None:
    rules = PICKUP.replace(match_games=3)
    states: list[list[AnyHandState]] = []

    def on_hand(game: Game, state: AnyHandState) -> None:
        k = next(i for i, g in enumerate(match.games) if g is game)
        states.extend([] for _ in range(k + 1 - len(states)))
        assert state.is_over
        states[k].append(state)

    match = Match(rules, seed=seed, names=("simple", "random"))
    match.play(agents_for(seed), on_hand)
    assert match.is_over and len(states) == len(match.games) >= 2
    rec = MatchRecord.from_match(match, states)
    text = rec.dump()
    loaded = MatchRecord.load(text)
    assert loaded == rec and loaded.dump() == text
    replayed = loaded.replay()
    assert [g.results for g in replayed.games] == [g.results for g in match.games]
    assert replayed.sheet() == match.sheet() and replayed.winner == match.winner
    data = json.loads(text)
    change_action("discard", lambda a: "take 40")(data["games"][1]["hands"][0])
    with pytest.raises(RecordError, match="game 2: hand 1: action"):
        MatchRecord.from_json(data).replay()


# -- the commands ------------------------------------------------------------------------------


def test_match_command_writes_pickup_records_that_load_and_replay(tmp_path: Path) -> None:
    args = ["simple", "random", "--rules", "pickup", "--games", "2", "--seed", "5", "--no-progress"]
    out = CliRunner().invoke(main, ["match", *args, "--records", str(tmp_path)])
    assert out.exit_code == 0, out.output
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    for f in files:
        rec = load_any(f.read_text())
        assert isinstance(rec, GameRecord) and rec.rules == PICKUP
        game = rec.replay()
        assert game.is_over and all(isinstance(r, PickupResult) for r in game.results)
        assert all(h.replay().phase is Phase.END for h in rec.hands)
        assert GameRecord.load(rec.dump()).replay().sheet() == game.sheet()


def test_verify_command_checks_a_pickup_game_record(tmp_path: Path) -> None:
    data = game_data()
    data["fairness"] = [
        {"hand": i + 1, "seed": h["seed"], "salt": f"s{i}", "commitment": commitment(h["seed"], f"s{i}")}
        for i, h in enumerate(data["hands"])
    ]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    out = CliRunner().invoke(main, ["verify", str(path)])
    assert out.exit_code == 0, out.output
    assert f"{len(data['hands'])} of {len(data['hands'])} deals verified" in out.output
    change_action("discard", lambda a: "take 40")(data["hands"][0])
    path.write_text(json.dumps(data))
    bad = CliRunner().invoke(main, ["verify", str(path)])
    assert bad.exit_code == 1 and "hand 1: action" in bad.output
