"""The public boundary (issue 24): the probes that once hung, raised errors outside the
``GinRummyError`` family, or wrote records the engine then refused to read. Each now raises its
own :class:`~ginrummy.errors.GinRummyError` subclass, in time, with a message naming the argument;
what the engine accepts round-trips through its records; the one rule for ints holds (a ``bool``
is refused, an int-like object such as a numpy integer is kept as a plain ``int``); and a
:class:`HandResult` that no hand could end with is refused.

The property test over every public name is ``tests/test_api_fuzz.py``."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

from ginrummy import (
    Card,
    Game,
    GameRecord,
    HandRecord,
    HandResult,
    HandState,
    Match,
    MatchRecord,
    Meld,
    Outcome,
    Rules,
    arrangements,
    best_discards,
    deal_hand,
    format_cards,
    least_deadwood,
    load_any,
    make_agent,
    parse_cards,
    play_hand,
)
from ginrummy.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardParseError,
    GameFlowError,
    GinRummyError,
    NothingToUndoError,
    RecordError,
    RulesError,
)
from ginrummy.rules import PRESETS
from ginrummy.variants.pickup.scoring import PickupResult
from helpers.boundary import LIMIT_S, int_likes, outcome

R = Rules()


def _players() -> list[Any]:
    return [make_agent("simple", 1), make_agent("simple", 2)]


def _entered_after_the_end() -> None:
    game = Game(R.replace(target=25), seed=1).play(_players())
    game.enter(HandResult(Outcome.DEAD, None, 0))


Probe = tuple[str, Callable[[], object], type[GinRummyError], str]
"""``(the call as written, the call, the error it raises, what its message says)``."""

PROBES: list[Probe] = [
    # hangs, and wrong answers for card sets out of range
    ("least_deadwood(-1)", lambda: least_deadwood(-1), ArgumentError, "hand must be a CardSet"),
    ("best_discards(-1)", lambda: best_discards(-1), ArgumentError, "hand must be a CardSet"),
    ("arrangements(-1)", lambda: arrangements(-1), ArgumentError, "hand must be a CardSet"),
    ('least_deadwood(~parse_cards("Ah"))', lambda: least_deadwood(~parse_cards("Ah")), ArgumentError, "hand"),
    ("least_deadwood(-2**40)", lambda: least_deadwood(-(2**40)), ArgumentError, "hand must be a CardSet"),
    ("least_deadwood(1 << 52)", lambda: least_deadwood(1 << 52), ArgumentError, "hand must be a CardSet"),
    # plain ValueError
    (
        "deal_hand(R, dealer=2, rng=1)",
        lambda: deal_hand(R, dealer=2, rng=1),
        ArgumentError,
        "dealer must be 0 or 1",
    ),
    ("state.view(2)", lambda: deal_hand(R, 0, 1).view(2), ArgumentError, "player must be 0 or 1"),
    ("HandState(R, 0, bad_deck)", lambda: HandState(R, 0, [0] * 52), ArgumentError, "deck must hold each"),
    (
        "HandState(R, 0, short_deck)",
        lambda: HandState(R, 0, list(range(51))),
        ArgumentError,
        "deck must hold",
    ),
    ("Game.enter after the end", _entered_after_the_end, GameFlowError, "the game is over"),
    # TypeError
    ("deal_hand(R, 0, rng=None)", lambda: deal_hand(R, 0, rng=None), ArgumentTypeError, "rng must be"),
    ('deal_hand(R, 0, rng="x")', lambda: deal_hand(R, 0, rng="x"), ArgumentTypeError, "rng must be"),
    ("deal_hand(R, 0, rng=1.5)", lambda: deal_hand(R, 0, rng=1.5), ArgumentTypeError, "rng must be"),
    ("state.view(1.0)", lambda: deal_hand(R, 0, 1).view(1.0), ArgumentTypeError, "player must be 0 or 1"),
    ("parse_cards(None)", lambda: parse_cards(None), ArgumentTypeError, "text must be"),
    ("load_any(None)", lambda: load_any(None), RecordError, "must be JSON text"),
    ("HandRecord.load(5)", lambda: HandRecord.load(5), RecordError, "hand record: must be JSON text"),
    ("least_deadwood(None)", lambda: least_deadwood(None), ArgumentTypeError, "hand must be a CardSet"),
    # AttributeError
    ("Rules.preset(None)", lambda: Rules.preset(None), ArgumentTypeError, "name must be a preset name"),
    ("make_agent(None)", lambda: make_agent(None), ArgumentTypeError, "name must be a level name"),
    ("deal_hand(None, 0, 1)", lambda: deal_hand(None, 0, 1), ArgumentTypeError, "rules must be a Rules"),
    (
        'parse_cards(["Ah", None])',
        lambda: parse_cards(["Ah", None]),
        ArgumentTypeError,
        "text[1] must be a card",
    ),
    ("Game.enter(None)", lambda: Game(R).enter(None), ArgumentTypeError, "result must be a HandResult"),
    # IndexError
    (
        "state.pop() with nothing to undo",
        lambda: deal_hand(R, 0, 1).pop(),
        NothingToUndoError,
        "no action to undo",
    ),
    ("Meld(2**60)", lambda: Meld(2**60), ArgumentError, "cards must be a CardSet"),
    ("format_cards(-1)", lambda: format_cards(-1), ArgumentError, "cards must be a CardSet"),
    # records the engine wrote and then refused to read: refused up front now
    (
        "deal_hand(Rules(), dealer=True, rng=1)",
        lambda: deal_hand(R, dealer=True, rng=1),
        ArgumentTypeError,
        "dealer",
    ),
    ('Game(Rules(), seed="x")', lambda: Game(R, seed="x"), ArgumentTypeError, "seed must be an int"),
    ("Game(Rules(), seed=1.5)", lambda: Game(R, seed=1.5), ArgumentTypeError, "seed must be an int"),
    (
        "Game(Rules(), names=(1, 2))",
        lambda: Game(R, names=(1, 2)),
        ArgumentTypeError,
        "names must be two names",
    ),
    (
        "Game(Rules(), first_dealer=True)",
        lambda: Game(R, first_dealer=True),
        ArgumentTypeError,
        "first_dealer",
    ),
    # impossible results
    (
        "HandResult(Outcome.KNOCK, 0, -50, knocker=0)",
        lambda: HandResult(Outcome.KNOCK, 0, -50, knocker=0),
        ArgumentError,
        "points must be an int of at least 0",
    ),
    (
        "HandResult(Outcome.KNOCK, 5, 50, knocker=0)",
        lambda: HandResult(Outcome.KNOCK, 5, 50, knocker=0),
        ArgumentError,
        "winner must be 0 or 1",
    ),
]


@pytest.mark.parametrize(("call", "error", "says"), [pytest.param(*p[1:], id=p[0]) for p in PROBES])
def test_each_probe_raises_its_error_in_time(
    call: Callable[[], object], error: type[GinRummyError], says: str
) -> None:
    kind, exc = outcome(call)
    assert kind == "refused", f"{kind} within {LIMIT_S} s: {exc!r}"
    assert type(exc) is error and says in str(exc), repr(exc)


def test_a_type_error_is_also_a_type_error_and_a_value_error() -> None:
    """Callers who caught ``TypeError`` (a bad ``rng``) or ``ValueError`` still do."""
    with pytest.raises(TypeError):
        deal_hand(R, 0, rng=None)
    with pytest.raises(ValueError):
        deal_hand(R, 0, rng=None)


@pytest.mark.parametrize(
    "result",
    [
        pytest.param(
            lambda: HandResult(Outcome.KNOCK, 1, 7, knocker=0, knocker_count=3, defender_count=10),
            id="knock won by the defender",
        ),
        pytest.param(
            lambda: HandResult(Outcome.UNDERCUT, 0, 25, knocker=0, knocker_count=5, defender_count=5),
            id="undercut won by the knocker",
        ),
        pytest.param(
            lambda: HandResult(Outcome.KNOCK, 0, 7, knocker=0, knocker_count=10, defender_count=3),
            id="knock with the higher count",
        ),
        pytest.param(
            lambda: HandResult(Outcome.GIN, 0, 30, knocker=0, knocker_count=4, defender_count=5),
            id="gin with deadwood",
        ),
        pytest.param(
            lambda: HandResult(Outcome.TIE, None, 5, knocker=0, knocker_count=5, defender_count=5),
            id="tie with points",
        ),
        pytest.param(lambda: HandResult(Outcome.DEAD, 0, 0), id="dead hand with a winner"),
        pytest.param(lambda: HandResult(Outcome.DEAD, None, 0, knocker=1), id="dead hand with a knocker"),
        pytest.param(lambda: HandResult(Outcome.GIN, None, 0, defender_count=5), id="gin without a knocker"),
        pytest.param(
            lambda: HandResult(Outcome.KNOCK, 0, 7, knocker=0, knocker_count=-1, defender_count=6),
            id="negative count",
        ),
        pytest.param(
            lambda: HandResult(
                Outcome.KNOCK, 0, 14, knocker=0, knocker_count=3, defender_count=10, multiplier=0
            ),
            id="multiplier 0",
        ),
        pytest.param(
            lambda: HandResult(Outcome.KNOCK, True, 7, knocker=0, knocker_count=3, defender_count=10),
            id="winner True",
        ),
        pytest.param(lambda: HandResult("nope", None, 0), id="not an outcome"),
        pytest.param(lambda: PickupResult(Outcome.GIN, 0, 0, knocker=0), id="pickup gin won for 0 points"),
        pytest.param(lambda: PickupResult(Outcome.KNOCK, 0, 5, knocker=0), id="pickup knock"),
        pytest.param(lambda: PickupResult(Outcome.DEAD, 1, 0), id="pickup dead hand with a winner"),
        pytest.param(lambda: PickupResult(Outcome.DEAD, None, 3), id="pickup dead hand with points"),
    ],
)
def test_results_no_hand_could_end_with_are_refused(result: Callable[[], HandResult]) -> None:
    with pytest.raises(ArgumentError):
        result()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_results_the_engine_makes_pass_the_checks(preset: str) -> None:
    """The engine builds a standard hand's result without re-running ``HandResult``'s checks
    (``HandResult._made``): each result it makes, built again through the checked constructor,
    is accepted and equal (20 seeded hands a preset, every way a hand ends among them)."""
    rules = Rules.preset(preset)
    outcomes = set()
    for seed in range(20):
        state = deal_hand(rules, seed % 2, seed)
        result = play_hand(state, (make_agent("simple", seed=seed), make_agent("simple", seed=seed + 1)))
        again = dataclasses.replace(result)  # the dataclass's __init__, checks and all
        assert again == result and type(again) is type(result)
        outcomes.add(result.outcome)
    assert outcomes & {Outcome.KNOCK, Outcome.GIN, Outcome.UNDERCUT}


def test_results_every_variant_ends_with_are_taken() -> None:
    """Oklahoma's doubled points, a tie, pickup's gin won by the other player or by nobody."""
    doubled = HandResult(Outcome.KNOCK, 0, 2 * 7, knocker=0, knocker_count=3, defender_count=10, multiplier=2)
    assert doubled.points == 14 and "doubled: 14" in doubled.describe()
    assert HandResult(Outcome.TIE, None, 0, knocker=1, knocker_count=4, defender_count=4).winner is None
    assert (
        HandResult("undercut", 1, 25, knocker=0, knocker_count=5, defender_count=5).outcome
        is Outcome.UNDERCUT
    )
    assert PickupResult(Outcome.GIN, 1, 20, knocker=0, defender_count=20).winner == 1
    assert PickupResult(Outcome.GIN, None, 0, knocker=0, defender_count=-25).points == 0
    game = Game(R, seed=1)
    game.enter(HandResult(Outcome.GIN, 0, 51, knocker=0, defender_count=26))
    assert game.totals == (51, 0)


# -- one rule for ints -----------------------------------------------------------------------------


@pytest.mark.parametrize("one", int_likes(1), ids=lambda v: type(v).__name__)
def test_int_likes_are_taken_and_kept_as_plain_ints(one: Any) -> None:
    state = deal_hand(R, dealer=one, rng=one)
    assert state.dealer == 1 and type(state.dealer) is int
    assert state.deck == deal_hand(R, 1, 1).deck
    assert type(state.view(one).player) is int
    assert Card(one) == Card("2c") and format_cards(one) == "Ac"
    assert type(Rules(knock_limit=one).knock_limit) is int
    game = Game(R, seed=one, first_dealer=one)
    assert (type(game.seed), type(game.first_dealer)) == (int, int)
    result = HandResult(Outcome.GIN, one, 30, knocker=one, defender_count=5)
    assert type(result.winner) is int and type(result.knocker) is int


@pytest.mark.parametrize(
    ("call", "error"),
    [
        pytest.param(lambda: deal_hand(R, dealer=False, rng=1), ArgumentTypeError, id="dealer"),
        pytest.param(lambda: deal_hand(R, dealer=0, rng=True), ArgumentTypeError, id="rng"),
        pytest.param(lambda: deal_hand(R, 0, 1).view(True), ArgumentTypeError, id="view"),
        pytest.param(lambda: deal_hand(R, 0, 1).hand(False), ArgumentTypeError, id="hand"),
        pytest.param(lambda: Card(True), CardParseError, id="Card"),
        pytest.param(lambda: least_deadwood(True), ArgumentTypeError, id="least_deadwood"),
        pytest.param(lambda: format_cards([True]), ArgumentTypeError, id="format_cards"),
        pytest.param(lambda: Meld([True, 13, 26]), ArgumentTypeError, id="Meld"),
        pytest.param(lambda: Rules(knock_limit=True), RulesError, id="Rules"),
        pytest.param(lambda: Game(R, seed=True), ArgumentTypeError, id="Game"),
        pytest.param(lambda: Match(R, seed=False), ArgumentTypeError, id="Match"),
        pytest.param(lambda: make_agent("simple", True), ArgumentTypeError, id="make_agent"),
        pytest.param(lambda: HandResult(Outcome.DEAD, None, False), ArgumentTypeError, id="HandResult"),
    ],
)
def test_a_bool_is_never_an_int(call: Callable[[], object], error: type[GinRummyError]) -> None:
    kind, exc = outcome(call)
    assert kind == "refused" and type(exc) is error, (kind, exc)


# -- what the engine accepts, its records write and read back -------------------------------------


@pytest.mark.parametrize("dealer", [1, *int_likes(1)], ids=lambda v: type(v).__name__)
def test_a_hand_dealt_with_an_int_like_dealer_round_trips(dealer: Any) -> None:
    state = deal_hand(R, dealer=dealer, rng=random.Random(7))
    play_hand(state, _players())
    rec = HandRecord.from_state(state, seed=None)
    loaded = load_any(rec.dump())
    assert isinstance(loaded, HandRecord) and loaded.to_json() == rec.to_json()
    assert loaded.replay().result == state.result


def test_a_game_without_a_seed_draws_one_and_its_record_replays() -> None:
    game = Game(R.replace(target=50), seed=None, names=["Ann", "Bob"])
    assert type(game.seed) is int and game.names == ("Ann", "Bob")
    states: list[Any] = []
    game.play(_players(), lambda g, s: states.append(s))
    loaded = load_any(GameRecord.from_game(game, states).dump())
    assert isinstance(loaded, GameRecord) and loaded.seed == game.seed
    assert loaded.replay().totals == game.totals


def test_a_match_without_a_seed_draws_one_and_its_record_replays() -> None:
    match = Match(R.replace(target=25, match_games=3), seed=None)
    assert type(match.seed) is int
    states = match.play_kept(_players())
    loaded = load_any(MatchRecord.from_match(match, states).dump())
    assert isinstance(loaded, MatchRecord) and loaded.replay().totals == match.totals


@pytest.mark.parametrize(
    ("make", "says"),
    [
        pytest.param(lambda s: HandRecord(R, True, s.deck, ()), "dealer", id="hand dealer True"),
        pytest.param(lambda s: HandRecord(R, 0, s.deck, (), seed="x"), "seed", id="hand seed str"),
        pytest.param(lambda s: HandRecord(R, 0, s.deck[:51], ()), "deck", id="hand short deck"),
        pytest.param(lambda s: HandRecord(R, 0, s.deck, ((2, s.log),)), "actions[0]", id="hand actions"),
        pytest.param(lambda s: HandRecord(R, 0, s.deck, (), names=("a", 2)), "names", id="hand names"),
        pytest.param(lambda s: GameRecord(R, 1.5, ("a", "b"), 0, ()), "seed", id="game seed float"),
        pytest.param(lambda s: GameRecord(R, 1, ("a", "b"), 0, (None,)), "hands", id="game hands"),
    ],
)
def test_records_refuse_fields_they_cannot_write(make: Callable[[Any], object], says: str) -> None:
    kind, exc = outcome(lambda: make(deal_hand(R, 0, 1)))
    assert kind == "refused" and isinstance(exc, ArgumentError) and says in str(exc), (kind, exc)


def test_before_action_sees_each_chosen_action_before_it_is_pushed() -> None:
    state = deal_hand(R, dealer=0, rng=random.Random(3))
    seen: list[tuple[int, int, Any]] = []
    after: list[tuple[int, int]] = []

    def before(s: Any, player: int, action: Any) -> None:
        assert s is state and s.to_act == player and action in s.legal_actions
        seen.append((s.action_count, player, action))

    play_hand(
        state, _players(), on_action=lambda s, p, a: after.append((s.action_count, p)), before_action=before
    )
    assert seen and [(n + 1, p) for n, p, _ in seen] == after
    assert [(p, type(a)) for _, p, a in seen] == [(p, type(a)) for p, a in state.log]


def test_a_before_action_that_is_not_callable_is_refused_and_the_hand_is_unchanged() -> None:
    state = deal_hand(R, dealer=0, rng=random.Random(3))
    kind, exc = outcome(lambda: play_hand(state, _players(), before_action=5))  # type: ignore[arg-type]
    assert kind == "refused" and isinstance(exc, ArgumentError) and "before_action" in str(exc), (kind, exc)
    assert state.action_count == 0
