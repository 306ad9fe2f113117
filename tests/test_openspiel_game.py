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


def _random_game(game, seed: int):
    """States along one random playout of ``game`` (chance and players uniformly at random)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        yield state
        outcomes = state.chance_outcomes() if state.is_chance_node() else None
        state.apply_action(rng.choice(outcomes)[0] if outcomes else rng.choice(state.legal_actions()))
    yield state


def test_whole_game_mode_shows_the_score_in_both_tensors() -> None:
    game = pyspiel.load_game(gos.GAME_NAME, {"returns": "game", "preset": "hollywood", "max_hands": 30})
    assert game.observation_tensor_shape() == [enc.OBS_SIZE + gos.GAME_SIZE]
    assert game.information_state_tensor_shape() == [gos.INFO_SIZE + gos.GAME_SIZE]
    seen = 0
    for state in _random_game(game, 5):
        if state.is_chance_node() or state.is_terminal() or state._core.hand.action_count:
            continue  # the first move of each hand
        sheet = state._core.sheet
        cols, target = sheet.columns, game.rules.target
        for p in (0, 1):
            obs = np.array(state.observation_tensor(p), np.float32)
            info = np.array(state.information_state_tensor(p), np.float32)
            score = obs[enc.OBS_SIZE : enc.OBS_SIZE + 6]
            want = [min(1, c.totals[q] / target) for c in cols for q in (p, 1 - p)]
            assert np.allclose(score, want) and np.array_equal(info[: obs.size], obs)
            assert obs[-1] == pytest.approx(len(sheet.results) / 30)
        seen += sum(c.totals[0] + c.totals[1] > 0 for c in cols)
    assert seen  # some hands were played with points on the sheet


def test_whole_game_information_state_string_does_not_grow_with_the_game() -> None:
    game = pyspiel.load_game(gos.GAME_NAME, {"returns": "game", "max_hands": 60})
    longest_at_deal, hands, longest_word = 0, 0, 0
    for state in _random_game(game, 11):
        core = state._core
        if core.hand is not None and core.hand.action_count == 0 and not state.is_chance_node():
            hands += 1
            longest_at_deal = max(longest_at_deal, *(len(state.information_state_string(p)) for p in (0, 1)))
        for words in core.record:
            longest_word = max([longest_word, *map(len, words[1:])])
    assert hands > 30 and longest_at_deal < 150 and longest_word < 60
    assert state.is_terminal() and "|" in state.information_state_string(0)
    first = next(s for s in _random_game(game, 11) if s.current_player() == 0)
    assert first.information_state_string(0).startswith(
        "p0 hands 0 won 0-0 game 1 0-0 won 0-0; dealer 1 dealt"
    )


def test_random_simulation_test_on_a_hollywood_whole_game() -> None:
    game = pyspiel.load_game(gos.GAME_NAME, {"returns": "game", "preset": "hollywood", "max_hands": 4})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_random_simulation_test_on_a_whole_default_game() -> None:
    """The whole game to 100 points that issue 28 timed (its random play: 83 hands, 13,613 actions;
    the CPU time is bench/bench_sim_test.py's)."""
    game = pyspiel.load_game(gos.GAME_NAME, {"returns": "game"})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def _answers(state) -> list:
    out = [state.current_player(), str(state), state.returns(), state.history()]
    for p in (0, 1):
        out += [state.observation_string(p), state.information_state_string(p)]
        out += [state.observation_tensor(p), state.information_state_tensor(p)]
    if not state.is_terminal():
        out.append(state.chance_outcomes() if state.is_chance_node() else state.legal_actions())
    return out


def test_a_state_and_its_clones_answer_as_their_histories_replayed() -> None:
    """A state shares its hand and its answers with its clones until one of them moves
    (research/spiel_core.py): a state, a clone that makes the same move and one that makes
    another each answer exactly as their history replayed on a new state."""
    game = pyspiel.load_game(gos.GAME_NAME, {"returns": "game", "max_hands": 2})
    rng = random.Random(7)
    state, step = game.new_initial_state(), 0
    while not state.is_terminal():
        _answers(state)  # kept, and shared with the clones made now
        same, other = state.clone(), state.clone()
        moves = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        a = rng.choice(moves)
        state.apply_action(a)
        same.apply_action(a)
        other.apply_action(rng.choice(moves))
        if step % 4 == 0:
            for s in (state, same, other):
                replay = game.new_initial_state()
                for action in s.history():
                    replay.apply_action(action)
                assert _answers(s) == _answers(replay)
        step += 1


@pytest.mark.parametrize("returns", ["hand", "game"])
def test_a_pickled_state_plays_on_as_the_original(returns: str) -> None:
    """pyspiel pickles a Python game's C++ part only; the game pickles as its parameters, so a
    state read back from a pickle (as OpenSpiel's tests and multiprocessing do) plays on exactly as
    the original: the same strings and returns at every step of a random playout."""
    import pickle

    game = pyspiel.load_game("python_ginrummy", {"returns": returns})
    again = pickle.loads(pickle.dumps(game))
    assert type(again) is type(game) and again.get_parameters() == game.get_parameters()
    rng = random.Random(5)
    state = game.new_initial_state()
    copy = pickle.loads(pickle.dumps(state))
    steps = 0
    while not state.is_terminal() and steps < 400:
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        copy.apply_action(action)
        assert str(copy) == str(state)
        if not state.is_chance_node() and not state.is_terminal():
            player = state.current_player()
            assert copy.information_state_string(player) == state.information_state_string(player)
        steps += 1
        if steps % 50 == 0:
            copy = pickle.loads(pickle.dumps(state))
    assert copy.returns() == state.returns()
