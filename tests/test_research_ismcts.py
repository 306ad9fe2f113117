"""``resample_from_infostate`` of ``python_ginrummy`` and OpenSpiel's ISMCTS on it (issue 28 item 2).

A resample must be a state the player cannot tell from the true one (the same view, observation and
information state, tensors and strings), a legal history of the game, and its hidden cards drawn
afresh: the true state's hidden cards are not what comes back. No statistics: each check holds for
every draw, and the "drawn afresh" check asks only that a few seeded draws are not all the truth.
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the peers extra is not installed: pip install -e '.[peers]'")
np = pytest.importorskip("numpy", reason="the research extra is not installed: pip install -e '.[research]'")

from ginrummy.agents import make_agent  # noqa: E402
from ginrummy.hand.phase import Phase  # noqa: E402
from ginrummy.research import encoding as enc  # noqa: E402
from ginrummy.research import openspiel as gos  # noqa: E402
from ginrummy.research.resample import unknown_cards  # noqa: E402


def _same_to(player: int, a, b) -> None:
    """``a`` and ``b`` look the same to ``player``, in everything OpenSpiel shows it."""
    assert a.current_player() == b.current_player() and a.is_terminal() == b.is_terminal()
    assert len(a.history()) == len(b.history())
    assert a.information_state_string(player) == b.information_state_string(player)
    assert a.observation_string(player) == b.observation_string(player)
    assert a.information_state_tensor(player) == b.information_state_tensor(player)
    assert a.observation_tensor(player) == b.observation_tensor(player)
    assert a.view(player) == b.view(player)
    if a.current_player() == player:
        assert a.legal_actions() == b.legal_actions()


def _hidden(state, player: int) -> tuple:
    """What ``player`` cannot see: the opponent's hand and the stock's cards."""
    hand = state._core.hand
    if hand is None:
        return tuple(state._core.dealt)
    return hand.hand(1 - player), tuple(sorted(hand.stock))


def _checker(seed: int, every: int):
    rng = random.Random(seed)
    seen = {"checked": 0, "fresh": 0}

    def check(state) -> None:
        if state.is_terminal() or len(state.history()) % every:
            return
        for player in (0, 1):
            draws = [state.resample_from_infostate(player, rng.random) for _ in range(3)]
            for other in draws:
                _same_to(player, state, other)
            if state.view(player) is not None and unknown_cards(state._core, player):
                seen["checked"] += 1
                seen["fresh"] += any(_hidden(o, player) != _hidden(state, player) for o in draws)

    return check, seen


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"preset": "oklahoma-second-deck", "first_dealer": -1},
        {"settings": "opening:eleven-cards;action_on_50th_card:true;rediscard_taken_card:true"},
        {"returns": "game", "max_hands": 2},
    ],
    ids=["default", "second-deck", "eleven-cards", "game"],
)
def test_a_resample_looks_the_same_to_the_player_and_hides_nothing(params: dict) -> None:
    """OpenSpiel's own random simulation test, checking resamples at the states it reaches (every
    state of a hand; every fourth of a whole game, whose resamples replay every hand so far)."""
    game = pyspiel.load_game(gos.GAME_NAME, params)
    check, seen = _checker(1, every=4 if "returns" in params else 1)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False, state_checker_fn=check)
    assert seen["checked"] > 20 and seen["fresh"] == seen["checked"]


def _played_to(game, phase: Phase, seed: int):
    """A state in ``phase`` (a knock's layoffs), reached by two ``simple`` players."""
    rng = random.Random(seed)
    players = [make_agent("simple", seed), make_agent("simple", seed + 1)]
    for _ in range(40):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            p = state.current_player()
            view = state.view(p)
            if view.phase is phase:
                return state
            state.apply_action(enc.action_id(players[p].act(view)))
    pytest.fail(f"no {phase} reached")


def test_the_knocker_is_not_given_the_defenders_hand() -> None:
    """OpenSpiel's C++ gin_rummy returned the true state to the knocker (issue 28): here the
    knocker's resamples deal the defender other cards, and the defender's resamples move the
    knocker's face-down discard."""
    game = pyspiel.load_game(gos.GAME_NAME)
    state = _played_to(game, Phase.LAYOFF, seed=2)
    defender = state.current_player()
    knocker = 1 - defender
    rng = random.Random(7)
    hands = set()
    for _ in range(5):
        other = state.resample_from_infostate(knocker, rng.random)
        _same_to(knocker, state, other)
        hands.add(other._core.hand.hand(defender))
        assert other.history()[: other._core.hand_start] == state.history()[: state._core.hand_start]
    assert len(hands) > 1
    assert any(h != state._core.hand.hand(defender) for h in hands)
    # the defender sees the knocker's melds and deadwood, not its face-down discard
    knocked = [a for a in state.history() if enc.KNOCK <= a < enc.BIG_GIN]
    discards = set()
    for _ in range(5):
        other = state.resample_from_infostate(defender, rng.random)
        _same_to(defender, state, other)
        discards.add(next(a for a in other.history() if enc.KNOCK <= a < enc.BIG_GIN))
        assert other.legal_actions() == [enc.LAYOFF]
    assert len(discards) > 1 and knocked


def test_resampling_works_with_openspiels_sampler_and_is_a_new_state() -> None:
    game = pyspiel.load_game(gos.GAME_NAME)
    state = _played_to(game, Phase.DISCARD, seed=3)
    p = state.current_player()
    other = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    _same_to(p, state, other)
    other.apply_action(other.legal_actions()[0])
    assert len(other.history()) == len(state.history()) + 1  # the original is untouched


def test_openspiel_ismcts_plays_a_hand_against_expert() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(gos.GAME_NAME)
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0, max_simulations=8, random_state=rs
    )
    expert = make_agent("expert", 1)
    rng = random.Random(3)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        else:
            state.apply_action(enc.action_id(expert.act(state.view(1))))
    returns = state.returns()
    assert moves > 3 and returns[0] == -returns[1]
