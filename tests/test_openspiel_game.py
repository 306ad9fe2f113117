"""The OpenSpiel game ``python_ginrummy`` (needs open-spiel and numpy: the ``peers`` extra)."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the peers extra is not installed: pip install -e '.[peers]'")
np = pytest.importorskip("numpy", reason="the research extra is not installed: pip install -e '.[research]'")

from ginrummy.agents import make_agent  # noqa: E402
from ginrummy.research import encoding as enc  # noqa: E402
from ginrummy.research import openspiel as gos  # noqa: E402
from ginrummy.rules import Rules  # noqa: E402


def test_random_simulation_test_passes_per_hand_and_per_game() -> None:
    game = pyspiel.load_game(gos.GAME_NAME)
    assert game.observation_tensor_shape() == [enc.OBS_SIZE]
    assert game.information_state_tensor_shape() == [gos.INFO_SIZE]
    assert game.num_distinct_actions() == enc.NUM_ACTIONS
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    per_game = pyspiel.load_game(
        gos.GAME_NAME,
        {"preset": "oklahoma-second-deck", "returns": "game", "max_hands": 2, "first_dealer": -1},
    )
    pyspiel.random_sim_test(per_game, num_sims=1, serialize=False, verbose=False)
    eleven = pyspiel.load_game(f"{gos.GAME_NAME}(settings=opening:eleven-cards;action_on_50th_card:true)")
    pyspiel.random_sim_test(eleven, num_sims=2, serialize=False, verbose=False)


def test_parameters_are_a_preset_and_any_rules_settings() -> None:
    assert gos.rules_from_params({"preset": "pagat", "knock_limit": 5}) == Rules.preset("pagat").replace(
        knock_limit=5
    )
    assert not gos.rules_from_params({"preset": "default", "settings": "big_gin=false"}).big_gin
    game = pyspiel.load_game(gos.GAME_NAME, {"preset": "hollywood-aces", "gin_bonus": 30})
    assert game.rules.gin_bonus == 30 and game.rules.ace_points == 15
    with pytest.raises(enc.UnsupportedVariantError):
        pyspiel.load_game(gos.GAME_NAME, {"preset": "pickup"})
    with pytest.raises(ValueError, match="returns"):
        pyspiel.load_game(gos.GAME_NAME, {"returns": "match"})


def _deal(game, p0_cards: list[int], p1_cards: list[int], upcard: int):
    """A state dealt (dealer 1, so player 0 first) with these cards."""
    state = game.new_initial_state()
    order = [c for pair in zip(p0_cards, p1_cards, strict=True) for c in pair] + [upcard]
    for c in order:
        assert state.is_chance_node()
        state.apply_action(c)
    return state


def test_each_player_is_shown_only_its_own_information() -> None:
    game = pyspiel.load_game(gos.GAME_NAME)
    mine = list(range(10))
    a = _deal(game, mine, list(range(20, 30)), 40)
    b = _deal(game, mine, list(range(30, 40)), 40)
    for s in (a, b):
        s.apply_action(enc.PASS)  # player 0 passes the upcard
    assert a.observation_tensor(0) == b.observation_tensor(0)
    assert a.information_state_tensor(0) == b.information_state_tensor(0)
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.observation_string(0) == b.observation_string(0)
    assert a.information_state_string(1) != b.information_state_string(1)
    view = a.view(0)
    assert np.array_equal(
        np.array(a.observation_tensor(0), np.float32), np.array(enc.encode(view), np.float32)
    )
    # a stock draw is a chance node: the drawer learns the card, the opponent does not
    a.apply_action(enc.PASS)
    a.apply_action(enc.DRAW)
    assert a.is_chance_node() and len(a.chance_outcomes()) == 31
    a.apply_action(51)
    assert "me draw Ks" in a.information_state_string(0)
    assert "Ks" not in a.information_state_string(1) and "opp draw" in a.information_state_string(1)


def test_openspiel_mcts_plays_a_hand_against_simple() -> None:
    """MCTSBot runs on the game; it searches the true state (the opponent's hand included), so
    this shows the game works with it, not fair play (ISMCTS: tests/test_research_ismcts.py)."""
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(gos.GAME_NAME)
    rs = np.random.RandomState(0)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=4, evaluator=mcts.RandomRolloutEvaluator(1, rs), random_state=rs
    )
    simple = make_agent("simple", 1)
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
            state.apply_action(enc.action_id(simple.act(state.view(1))))
    returns = state.returns()
    assert moves > 0 and returns[0] == -returns[1]
