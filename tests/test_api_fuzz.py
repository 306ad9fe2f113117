"""Every public name (``ginrummy.__all__``) called with wrong and odd values drawn by hypothesis:
``None``, bools, floats, strings, bytes, lists with ``None`` in them, dicts, negative and huge
ints, int-like objects (numpy integers when numpy is installed), next to values that are right.
Each call returns or raises a :class:`~ginrummy.errors.GinRummyError`, within a time limit
(:mod:`helpers.boundary`). :data:`CALLS` says how to call each name (and a few methods of the
boundary: ``Rules.preset``, ``state.view``, ``Game.enter``, the record loaders), or why a name
is not called; a public name it does not cover fails :func:`test_the_table_covers_every_public_name`.

Then the other half of the boundary: whatever a public constructor accepts (int-like dealers
and seeds, ``seed=None``, names in a list, a deck of int-likes), played to the end by simple
agents, writes a record that reads back and replays to the same results.

Deterministic: ``derandomize=True``, a bounded number of examples per name.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ginrummy
from ginrummy import (
    AddCard,
    BaseHandState,
    BigGin,
    Card,
    Discard,
    DrawStock,
    Game,
    GameRecord,
    HandRecord,
    HandResult,
    HandState,
    Knock,
    LayMeld,
    LayOff,
    Match,
    MatchRecord,
    Meld,
    Outcome,
    Pass,
    Phase,
    PickupState,
    PickupView,
    PlayerView,
    Rules,
    Take,
    TakeDiscard,
    TeamMatch,
    TeamRecord,
)
from ginrummy.melds import STANDARD, MeldRules
from helpers.boundary import LIMIT_S, IntLike, int_likes, outcome, time_limit

FULL = (1 << 52) - 1
WRAP = MeldRules.of(wrap=True, ace_points=15)

# -- values ------------------------------------------------------------------------------------------

INT_LIKE = st.integers(-3, 60).flatmap(lambda n: st.sampled_from(int_likes(n)))
"""An int-like object that is not an int: :class:`IntLike`, numpy integers when installed."""

WRONG: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from([-1, 2, 52, -(2**40), 1 << 52, 2**60, ~1]),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6).filter(lambda t: not t.startswith("cmd:")),
    st.binary(max_size=6),
    st.lists(st.one_of(st.none(), st.integers(-2, 60), st.text(max_size=3)), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(-2, 3), max_size=2),
    INT_LIKE,
    st.builds(object),
)
"""Values of the wrong kind or out of range for almost any argument."""


def _mixed(wrong_in_four: int, right: tuple[st.SearchStrategy[Any], ...]) -> st.SearchStrategy[Any]:
    """A wrong value ``wrong_in_four`` times in four, else one of the ``right`` ones (a
    ``flatmap``, so that hypothesis does not flatten the branches into one uniform choice)."""
    return st.integers(0, 3).flatmap(lambda i: WRONG if i >= 4 - wrong_in_four else st.one_of(*right))


def arg(*right: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A wrong value or one of the ``right`` ones, half and half (so that calls also get past
    their first check)."""
    return _mixed(2, right)


RULES = st.sampled_from(
    [
        Rules.preset(p).replace(target=25)
        for p in ("default", "pickup", "hollywood-aces", "oklahoma-second-deck")
    ]
)
TEAM_RULES = st.just(Rules.preset("hollywood-teams").replace(target=25))
SEAT = st.one_of(
    st.sampled_from([0, 1]), st.sampled_from([0, 1]).flatmap(lambda n: st.sampled_from(int_likes(n)))
)
SEED = st.one_of(st.integers(-(2**70), 2**70), INT_LIKE)
RNG = st.one_of(SEED, st.integers(0, 99).map(random.Random))
CARD = st.one_of(st.integers(0, 51), st.integers(0, 51).map(Card), INT_LIKE)
HAND = st.lists(st.integers(0, 51), min_size=10, max_size=11, unique=True).map(
    lambda cs: sum(1 << c for c in cs)
)
CARDSET = st.one_of(st.integers(0, FULL), HAND, st.sampled_from([0, FULL, FULL >> 1, FULL ^ 1]))
MR = st.sampled_from([STANDARD, WRAP])
MELD = st.sampled_from([Meld("7c 7d 7s"), Meld("8h 9h Th"), Meld("Qs Ks As", mr=WRAP), Meld("2c 3c 4c 5c")])
MELDS = st.lists(MELD, max_size=3)
CARD_TEXT = st.sampled_from(["Ah", "7c 7d 7s", "10h, Jh", "Ks As 2s", "x", "", "Ah Ah", "7♥"])
ACTION_TEXT = st.sampled_from(
    [
        *(
            "pass",
            "take",
            "draw",
            "discard 7h",
            "knock 7h [7c 7d 7s]",
            "layoff 7h:1 [8c 9c Tc]",
            "layoff none",
        ),
        *("take 3", "take ²", "meld [7c 7d 7s]", "add 8h:2", "add 8h:" + "9" * 5000, "big-gin", "gin 2s"),
    ]
)
DECK = st.one_of(
    st.permutations(range(52)),
    st.permutations(range(52)).map(lambda d: [IntLike(c) for c in d]),
    st.lists(st.integers(-1, 52), min_size=50, max_size=53),
)
NAMES = st.sampled_from([("Ann", "Bob"), ["x", "y"], ("é", ""), ("A", "A")])
NOT_NAMES = st.sampled_from([(1, 2), ("a", None), ("a", "b", "c"), ("a",), {"a": "b"}])
LEVEL = st.sampled_from(["simple", "random", "nope", "RANDOM", "expert"])
RESULT = st.sampled_from(
    [
        HandResult(Outcome.DEAD, None, 0),
        HandResult(Outcome.GIN, 0, 51, knocker=0, defender_count=26),
        HandResult(Outcome.UNDERCUT, 1, 30, knocker=0, knocker_count=8, defender_count=3),
    ]
)
SETTINGS = st.dictionaries(
    st.sampled_from(["knock_limit", "target", "gin_bonus", "nope", "aces"]), WRONG, max_size=2
)
RULES_FIELDS = sorted(Rules().settings())


def _players() -> list[Any]:
    return [ginrummy.make_agent("simple", 1), ginrummy.make_agent("simple", 2)]


PLAYERS = st.one_of(
    st.builds(_players),
    st.builds(lambda: [None, ginrummy.make_agent("simple", 1)]),
    st.builds(lambda: [ginrummy.make_agent("random", 1)] * 3),
)
TEAMS = st.one_of(
    st.builds(lambda: ([ginrummy.make_agent("simple", i) for i in range(3)], _players() + _players()[:1])),
    st.just((("a", "b", "c"), ("d", "e", "f"))),
    st.just((("a",), ("b",))),
)
STATE = st.builds(ginrummy.deal_hand, RULES, st.sampled_from([0, 1]), st.integers(0, 999))
GAME = st.builds(lambda r, s: Game(r, seed=s), RULES, st.integers(0, 99))


def _dumps() -> list[str]:
    """A record of each kind, as text (for the loaders), written once."""
    state = ginrummy.deal_hand(Rules(), 0, 3)
    ginrummy.play_hand(state, _players())
    game = Game(Rules(target=25), seed=1)
    hands: list[Any] = []
    game.play(_players(), lambda g, s: hands.append(s))
    return [HandRecord.from_state(state, seed=3).dump(), GameRecord.from_game(game, hands).dump()]


RECORD_TEXT = st.one_of(
    st.sampled_from(
        [*_dumps(), "{}", "[]", "not json", '{"format": "ginrummy-hand", "version": 2}', "[" * 5000]
    ),
    st.text(max_size=12),
    st.binary(max_size=12),
)
RECORD_DATA = st.one_of(RECORD_TEXT.map(lambda t: t if not isinstance(t, str) else {"format": t}), SETTINGS)

# -- how to call each public name -------------------------------------------------------------------


@dataclass(frozen=True)
class Call:
    """Call ``make`` with one value drawn from each of ``args``."""

    make: Callable[..., object]
    args: tuple[st.SearchStrategy[Any], ...] = ()


def _one(make: Callable[..., object], *args: st.SearchStrategy[Any]) -> Call:
    return Call(make, args)


def _error(cls: type[Exception]) -> Call:
    return _one(cls, arg(st.text(max_size=10)))


CALLS: dict[str, Call | str] = {
    "PRESETS": "a dict of the presets (Rules.preset is called instead)",
    "Agent": "a Protocol: never instantiated (make_agent is called instead)",
    "AnyAction": "a type alias (a union of action classes)",
    "AnyView": "a type alias (a union of view classes)",
    "CardSet": "a type alias of int",
    "AnyHandState": _one(lambda *a: ginrummy.AnyHandState(*a), arg(RULES), arg(SEAT), arg(DECK)),
    "BaseHandState": _one(BaseHandState, arg(RULES), arg(SEAT), arg(DECK)),
    "HandState": _one(HandState, arg(RULES), arg(SEAT), arg(DECK), arg(st.none(), CARD)),
    "PickupState": _one(PickupState, arg(RULES), arg(SEAT), arg(DECK)),
    "HandState.deal": _one(HandState.deal, arg(RULES), arg(SEAT), arg(RNG)),
    "deal_hand": _one(ginrummy.deal_hand, arg(RULES), arg(SEAT), arg(RNG)),
    "state.view": _one(lambda s, p: s.view(p), STATE, arg(SEAT)),
    "state.hand": _one(lambda s, p: s.hand(p), STATE, arg(SEAT)),
    "state.pop": _one(lambda s: s.pop(), STATE),
    "state.push": _one(
        lambda s, a, p: s.push(a, p), STATE, arg(st.builds(Pass), st.builds(TakeDiscard)), arg(SEAT)
    ),
    "play_hand": _one(
        lambda s, p, m: ginrummy.play_hand(s, p, max_actions=m),
        STATE,
        arg(PLAYERS),
        arg(st.integers(0, 3000)),
    ),
    "Card": _one(Card, arg(CARD, CARD_TEXT)),
    "Card.of": _one(Card.of, arg(st.integers(-1, 13)), arg(st.integers(-1, 4))),
    "parse_card": _one(ginrummy.parse_card, arg(CARD_TEXT)),
    "parse_cards": _one(ginrummy.parse_cards, arg(CARD_TEXT, st.lists(CARD_TEXT, max_size=3))),
    "format_cards": _one(
        ginrummy.format_cards,
        arg(CARDSET, st.lists(CARD, max_size=4)),
        arg(st.booleans()),
        arg(st.booleans()),
    ),
    "Meld": _one(Meld, arg(CARDSET, CARD_TEXT, st.lists(CARD, max_size=4)), arg(MR)),
    "least_deadwood": _one(ginrummy.least_deadwood, arg(CARDSET), arg(MR)),
    "best_discards": _one(ginrummy.best_discards, arg(CARDSET), arg(CARDSET), arg(MR)),
    "arrangements": _one(ginrummy.arrangements, arg(CARDSET), arg(MR)),
    "best_layoff": _one(ginrummy.best_layoff, arg(MELDS), arg(HAND, CARDSET), arg(MR)),
    "Rules": _one(lambda k, v: Rules(**{k: v}), st.sampled_from(RULES_FIELDS), arg(st.integers(-1, 200))),
    "Rules.preset": _one(Rules.preset, arg(st.sampled_from(["pagat", "PICKUP", "nope"]))),
    "Rules.replace": _one(lambda d: Rules().replace(**d), SETTINGS),
    "Rules.from_settings": _one(Rules.from_settings, arg(SETTINGS)),
    "Rules.with_setting": _one(
        lambda t: Rules().with_setting(t), arg(st.sampled_from(["gin-bonus=20", "x", "target=-1"]))
    ),
    "parse_action": _one(ginrummy.parse_action, arg(ACTION_TEXT), arg(MR)),
    "parse_any_action": _one(ginrummy.parse_any_action, arg(ACTION_TEXT), arg(RULES)),
    "Pass": _one(Pass),
    "TakeDiscard": _one(TakeDiscard),
    "DrawStock": _one(DrawStock),
    "Discard": _one(Discard, arg(CARD)),
    "Knock": _one(Knock, arg(CARD), arg(MELDS)),
    "BigGin": _one(BigGin, arg(MELDS)),
    "LayOff": _one(LayOff, arg(MELDS), arg(st.lists(st.tuples(CARD, st.integers(0, 3)), max_size=2))),
    "Take": _one(Take, arg(st.integers(1, 5))),
    "LayMeld": _one(LayMeld, arg(MELD)),
    "AddCard": _one(AddCard, arg(CARD), arg(st.integers(0, 3))),
    "Phase": _one(Phase, arg(st.sampled_from(["draw", "end", "nope"]))),
    "Outcome": _one(Outcome, arg(st.sampled_from(["knock", "gin", "nope"]))),
    "PlayerView": _one(PlayerView, *[WRONG] * len(PlayerView._fields)),
    "PickupView": _one(PickupView, *[WRONG] * len(PickupView._fields)),
    "HandResult": _one(
        lambda o, w, p, k, kc, dc, m: HandResult(
            o, w, p, knocker=k, knocker_count=kc, defender_count=dc, multiplier=m
        ),
        arg(st.sampled_from(list(Outcome))),
        arg(SEAT),
        arg(st.integers(0, 60)),
        arg(SEAT),
        arg(st.integers(0, 30)),
        arg(st.integers(0, 30)),
        arg(st.integers(1, 2)),
    ),
    "make_agent": _one(
        lambda n, s, t, g: ginrummy.make_agent(n, s, bot_time_ms=t, bot_game_ms=g),
        arg(LEVEL),
        arg(RNG),
        st.one_of(st.none(), WRONG),
        st.one_of(st.none(), WRONG),
    ),
    "Game": _one(
        lambda r, s, n, f: Game(r, seed=s, names=n, first_dealer=f),
        arg(RULES),
        arg(SEED),
        arg(NAMES, NOT_NAMES),
        arg(SEAT),
    ),
    "Game.enter": _one(lambda g, r: g.enter(r), GAME, arg(RESULT)),
    "Game.play": _one(lambda g, p: g.play(p), GAME, arg(PLAYERS)),
    "Game.sheet": _one(
        lambda g, t, lay, w: g.sheet(t, lay, w),
        GAME,
        arg(st.text(max_size=5)),
        arg(st.sampled_from(["paper", "hands", "x"])),
        arg(st.integers(1, 80)),
    ),
    "play_game": _one(
        lambda r, a, s, n: ginrummy.play_game(r, a, seed=s, names=n),
        arg(RULES),
        arg(PLAYERS),
        arg(SEED),
        arg(NAMES, NOT_NAMES),
    ),
    "Match": _one(lambda r, s, n: Match(r, seed=s, names=n), arg(RULES), arg(SEED), arg(NAMES, NOT_NAMES)),
    "Match.play": _one(lambda r, p: Match(r, seed=1).play(p), RULES, arg(PLAYERS)),
    "TeamMatch": _one(
        lambda r, t, s, n: TeamMatch(r, t, seed=s, team_names=n),
        arg(TEAM_RULES),
        arg(TEAMS),
        arg(SEED),
        arg(NAMES, NOT_NAMES),
    ),
    "TeamMatch.play": _one(
        lambda t: TeamMatch(Rules.preset("hollywood-teams").replace(target=25), t, seed=1).play(), TEAMS
    ),
    "load_any": _one(ginrummy.load_any, arg(RECORD_TEXT)),
    "HandRecord.load": _one(HandRecord.load, arg(RECORD_TEXT)),
    "GameRecord.load": _one(GameRecord.load, arg(RECORD_TEXT)),
    "MatchRecord.load": _one(MatchRecord.load, arg(RECORD_TEXT)),
    "TeamRecord.load": _one(TeamRecord.load, arg(RECORD_TEXT)),
    "HandRecord.from_json": _one(HandRecord.from_json, arg(RECORD_DATA)),
    "GameRecord.from_json": _one(GameRecord.from_json, arg(RECORD_DATA)),
    "HandRecord": _one(HandRecord, arg(RULES), arg(SEAT), arg(DECK), arg(st.just(()))),
    "HandRecord.from_state": _one(
        lambda s, seed, n: HandRecord.from_state(s, seed, n), arg(STATE), arg(SEED), arg(NAMES, NOT_NAMES)
    ),
    "GameRecord": _one(GameRecord, arg(RULES), arg(SEED), arg(NAMES, NOT_NAMES), arg(SEAT), arg(st.just(()))),
    "MatchRecord": _one(MatchRecord, arg(RULES), arg(SEED), arg(NAMES, NOT_NAMES), arg(st.just(()))),
    "TeamRecord": _one(
        TeamRecord,
        arg(TEAM_RULES),
        arg(SEED),
        arg(NAMES, NOT_NAMES),
        arg(st.just((("a",), ("b",)))),
        arg(st.just(())),
    ),
    "GinRummyError": _error(ginrummy.GinRummyError),
    "IllegalActionError": _error(ginrummy.IllegalActionError),
    "RecordError": _error(ginrummy.RecordError),
    "RulesError": _error(ginrummy.RulesError),
    "HandTooLongError": _error(ginrummy.HandTooLongError),
}


def test_the_table_covers_every_public_name() -> None:
    """A new public name needs a row of :data:`CALLS` (how to call it, or why it is not called)."""
    assert sorted(set(ginrummy.__all__) - set(CALLS)) == []
    for name in CALLS:
        head = name.split(".")[0]
        assert head in ginrummy.__all__ or head == "state", f"{name}: not a public name or its method"


CALLED = sorted(name for name, call in CALLS.items() if isinstance(call, Call))


@pytest.mark.parametrize("name", CALLED)
@settings(
    max_examples=25, derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck)
)
@given(data=st.data())
def test_every_public_call_returns_or_refuses_in_time(name: str, data: st.DataObject) -> None:
    call = CALLS[name]
    assert isinstance(call, Call)
    args = [data.draw(s, label=f"{name} argument {i}") for i, s in enumerate(call.args)]
    kind, exc = outcome(lambda: call.make(*args))
    assert kind in ("returned", "refused"), f"{name}{tuple(args)!r:.300}: {kind} within {LIMIT_S} s: {exc!r}"


# -- whatever a constructor accepts, its record reads back -----------------------------------------


def odd(*right: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly one of the ``right`` values (int-likes among them), a wrong one in four."""
    return _mixed(1, right)


def accepted(make: Callable[[], Any]) -> Any:
    """What ``make()`` makes, or ``None`` when it refuses with a :class:`GinRummyError` (any other
    exception, or running past the time limit, fails the test)."""
    try:
        with time_limit():
            return make()
    except ginrummy.GinRummyError:
        return None


def _same_after_reading(rec: Any) -> Any:
    """``rec`` written and read back by :func:`ginrummy.load_any`: the same JSON, replayed."""
    loaded = ginrummy.load_any(rec.dump())
    assert type(loaded) is type(rec) and loaded.to_json() == rec.to_json()
    return loaded.replay()


ROUND_TRIP = settings(max_examples=20, derandomize=True, database=None, deadline=None)


@ROUND_TRIP
@given(rules=odd(RULES), dealer=odd(SEAT), rng=odd(RNG))
def test_whatever_deal_hand_accepts_round_trips(rules: Any, dealer: Any, rng: Any) -> None:
    state = accepted(lambda: ginrummy.deal_hand(rules, dealer, rng))
    if state is not None:
        ginrummy.play_hand(state, _players())
        seed = None if isinstance(rng, random.Random) else rng
        assert _same_after_reading(HandRecord.from_state(state, seed=seed)).result == state.result


@ROUND_TRIP
@given(rules=odd(RULES), dealer=odd(SEAT), deck=odd(DECK), knock_card=odd(st.none(), CARD))
def test_whatever_a_hand_state_accepts_round_trips(
    rules: Any, dealer: Any, deck: Any, knock_card: Any
) -> None:
    state = accepted(lambda: HandState(rules, dealer, deck, knock_card))
    if state is not None:
        ginrummy.play_hand(state, _players())
        assert _same_after_reading(HandRecord.from_state(state)).result == state.result


@ROUND_TRIP
@given(rules=odd(RULES), seed=odd(st.none(), SEED), names=odd(NAMES, NOT_NAMES), first=odd(st.none(), SEAT))
def test_whatever_a_game_accepts_round_trips(rules: Any, seed: Any, names: Any, first: Any) -> None:
    game = accepted(lambda: Game(rules, seed=seed, names=names, first_dealer=first))
    if game is not None:
        hands: list[Any] = []
        game.play(_players(), lambda g, s: hands.append(s))
        replayed = _same_after_reading(GameRecord.from_game(game, hands))
        assert (replayed.totals, replayed.summary()) == (game.totals, game.summary())


@settings(max_examples=8, derandomize=True, database=None, deadline=None)
@given(rules=odd(RULES), seed=odd(st.none(), SEED), names=odd(NAMES, NOT_NAMES))
def test_whatever_a_match_accepts_round_trips(rules: Any, seed: Any, names: Any) -> None:
    match = accepted(
        lambda: Match(rules.replace(match_games=3) if isinstance(rules, Rules) else rules, seed, names)
    )
    if match is not None:
        states = match.play_kept(_players())
        assert _same_after_reading(MatchRecord.from_match(match, states)).totals == match.totals


def test_the_round_trips_play_what_odd_values_are_accepted() -> None:
    """The strategies above reach the constructors with int-likes, ``None`` seeds, names in a
    list and decks of int-likes, not only with plain values (else the round trips prove little)."""
    state = HandState(Rules(), IntLike(1), [IntLike(c) for c in range(52)])
    assert type(state.dealer) is int and all(type(c) is Card for c in state.deck)
    game = Game(Rules(), seed=None, names=["x", "y"], first_dealer=IntLike(0))
    assert (type(game.seed), game.names, type(game.first_dealer)) == (int, ("x", "y"), int)
