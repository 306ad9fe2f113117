"""The research encoding (numpy-free) and the PettingZoo and Gymnasium environments over it."""

from __future__ import annotations

import random
import warnings

import pytest

from ginrummy.agents import make_agent
from ginrummy.errors import IllegalActionError
from ginrummy.hand.phase import Phase
from ginrummy.research import encoding as enc
from ginrummy.rules import Rules
from ginrummy.variants.standard.actions import Knock, LayOff
from ginrummy.variants.standard.state import HandState

RESEARCH = "the research extra is not installed: pip install -e '.[research]'"
PRESETS = ["default", "openspiel", "oklahoma", "straight", "hollywood-aces", "pagat"]
VARIANTS = [Rules.preset(p) for p in PRESETS] + [
    Rules(opening="eleven-cards", action_on_50th_card=True, big_gin=True),
    Rules(rediscard_taken_card=True, action_on_50th_card=True, knock_limit=0),
]


def _random_states(rules: Rules, seed: int, hands: int = 6):
    """Every position of a few hands played by random and simple players (yields each state)."""
    rng = random.Random(seed)
    players = [make_agent("simple", seed), make_agent("random", seed + 1)]
    for _ in range(hands):
        state = HandState.deal(rules, dealer=rng.randrange(2), rng=rng)
        while not state.is_over and state.action_count < 400:
            yield state
            p = state.to_act
            state.push(players[p].act(state.view(p)), player=p)
        yield state


def _name(r: Rules) -> str:
    return "/".join(k for k, v in r.settings().items() if v != Rules().settings()[k]) or "plain"


@pytest.mark.parametrize("rules", VARIANTS, ids=_name)
def test_legal_ids_are_exactly_the_canonical_actions(rules: Rules) -> None:
    seen = set()
    for state in _random_states(rules, seed=11):
        for p in (0, 1):
            view = state.view(p)
            expected = sorted({enc.action_id(a) for a in view.legal_actions})
            assert enc.legal_ids(view) == expected
            seen.update(expected)
            for i in expected:  # each id decodes to an action the engine accepts
                assert state.can(enc.decode(view, i))
    assert enc.DRAW in seen and any(enc.DISCARD <= i < enc.KNOCK for i in seen)
    assert any(enc.KNOCK <= i < enc.BIG_GIN for i in seen)


def test_decode_refuses_an_illegal_id_and_names_the_legal_ones() -> None:
    view = HandState.deal(Rules(), dealer=1, rng=7).view(0)
    with pytest.raises(
        IllegalActionError, match=r"action 2 \(draw\) is not legal now; legal: 0 \(pass\), 1 \(take\)"
    ):
        enc.decode(view, 2)
    with pytest.raises(IllegalActionError, match=r"action ids are 0\.\.108"):
        enc.to_action(109)
    assert enc.legal_ids(HandState.deal(Rules(), dealer=1, rng=7).view(1)) == []


def test_action_ids_round_trip_through_names() -> None:
    for i in range(enc.NUM_ACTIONS):
        assert enc.action_id(enc.to_action(i)) == i
    assert enc.action_id(LayOff((), ())) == enc.LAYOFF
    assert len({enc.action_name(i) for i in range(enc.NUM_ACTIONS)}) == enc.NUM_ACTIONS


def test_observation_planes_say_what_the_view_says() -> None:
    layout = enc.layout()
    for state in _random_states(Rules.preset("oklahoma"), seed=5, hands=2):
        for p in (0, 1):
            view = state.view(p)
            obs = enc.encode(view)
            assert len(obs) == enc.OBS_SIZE and all(0.0 <= x <= 1.0 for x in obs)
            start, _ = layout["hand"]
            assert [c for c in range(52) if obs[start + c]] == [c for c in range(52) if view.hand >> c & 1]
            start, _ = layout["knocker_melds"]
            melded = sum(m.mask for m in view.knocker_melds)
            assert [c for c in range(52) if obs[start + c]] == [c for c in range(52) if melded >> c & 1]
            start, _ = layout["upcard"]
            assert sum(obs[start : start + 52]) == (1.0 if view.discard_pile else 0.0)
            phase = enc.SCALARS.index((f"phase_{view.phase.value}", f"1 in phase {view.phase.name}"))
            assert obs[layout["scalars"][0] + phase] == 1.0


def test_the_observation_hides_what_the_player_cannot_see() -> None:
    """Two deals that differ only in the opponent's hand give player 0 the same observation."""
    deck = list(range(52))
    a = HandState(Rules(), 1, deck)
    swapped = deck.copy()
    swapped[1], swapped[30] = swapped[30], swapped[1]  # an opponent card for a deep stock card
    b = HandState(Rules(), 1, swapped)
    assert enc.encode(a.view(0)) == enc.encode(b.view(0))
    assert enc.encode(a.view(1)) != enc.encode(b.view(1))


def test_pickup_rules_are_refused_clearly() -> None:
    with pytest.raises(enc.UnsupportedVariantError, match="pickup"):
        enc.resolve_rules("pickup")


def test_layoff_is_the_engines_best_plan() -> None:
    for state in _random_states(Rules(), seed=3, hands=12):
        if state.phase is Phase.LAYOFF:
            view = state.view(state.to_act)
            assert enc.legal_ids(view) == [enc.LAYOFF]
            state.push(enc.decode(view, enc.LAYOFF))
            logged = state.last_action
            assert logged is not None and logged[1] == view.legal_actions[0]
            return
    pytest.fail("no layoff phase reached")


# -- the environments ----------------------------------------------------------------------------


def test_pettingzoo_api_test_passes() -> None:
    pytest.importorskip("pettingzoo", reason=RESEARCH)
    from pettingzoo.test import api_test

    from ginrummy.research.pettingzoo_env import GinRummyEnv

    def seeded(env: GinRummyEnv) -> GinRummyEnv:
        """``env`` with its deals and its spaces' samples seeded: api_test resets without a seed
        (the deals then follow the seeded one) and plays sampled actions."""
        env.reset(seed=0)
        for n, agent in enumerate(env.possible_agents):
            env.action_space(agent).seed(n)
            env.observation_space(agent).seed(n)
        return env

    api_test(seeded(GinRummyEnv("default")), num_cycles=400, verbose_progress=False)
    api_test(seeded(GinRummyEnv(Rules.preset("hollywood-aces"))), num_cycles=200, verbose_progress=False)


def test_pettingzoo_hands_end_with_zero_sum_rewards_and_masks_match() -> None:
    """Also: the environment updates one kept vector per player, and what it returns are copies,
    each the encoding of its step's view whatever happens after (and the learner's to write)."""
    pytest.importorskip("pettingzoo", reason=RESEARCH)
    import numpy as np

    from ginrummy.research.pettingzoo_env import GinRummyEnv

    env = GinRummyEnv("default")
    rng = random.Random(2)
    totals = []
    kept = []
    for seed in range(5):
        env.reset(seed=seed)
        rewards = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            rewards[agent] += reward
            if term or trunc:
                env.step(None)
                continue
            legal = [i for i in range(enc.NUM_ACTIONS) if obs["action_mask"][i]]
            assert [enc.action_name(i) for i in legal] == info["legal"]
            assert env.state is not None
            kept.append((obs, enc.encode(env.state.view(env.state.to_act)), legal))
            knocks = [i for i in legal if i >= enc.KNOCK]
            env.step(knocks[0] if knocks else rng.choice(legal))
        assert rewards["player_0"] == -rewards["player_1"]
        totals.append(rewards["player_0"])
    assert any(totals)
    for obs, expected, legal in kept:
        assert obs["observation"].tolist() == np.asarray(expected, np.float32).tolist()
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal
    kept[-1][0]["observation"][0] = 0.5  # writable
    kept[-1][0]["action_mask"][0] = 1
    env.reset(seed=1)
    with pytest.raises(IllegalActionError, match="legal: 0 \\(pass\\), 1 \\(take\\)"):
        env.step(enc.DRAW)


def test_gymnasium_check_env_passes_and_a_hand_is_scored() -> None:
    pytest.importorskip("gymnasium", reason=RESEARCH)
    pytest.importorskip("pettingzoo", reason=RESEARCH)  # the Gymnasium env imports the PettingZoo one
    import gymnasium as gym
    from gymnasium.utils.env_checker import check_env

    from ginrummy.research.gymnasium_env import GinRummyGymEnv

    # made by its registered id, so that check_env can try the other render modes (without a
    # spec it warns that it cannot): not one warning
    checked = gym.make("ginrummy/GinRummy-v0", opponent="simple").unwrapped
    checked.reset(seed=0)  # check_env resets without a seed too: those deals follow this one
    checked.action_space.seed(0)  # and it steps sampled actions
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(checked)
    env = GinRummyGymEnv("simple", rules="default", seat=1)
    state_results = []
    for seed in range(4):
        obs, info = env.reset(seed=seed)
        done = False
        total = 0.0
        while not done:
            legal = [i for i in range(enc.NUM_ACTIONS) if obs["action_mask"][i]]
            knocks = [i for i in legal if i >= enc.KNOCK]
            obs, reward, term, trunc, info = env.step(knocks[0] if knocks else legal[-1])
            total += reward
            done = term or trunc
        assert env.state is not None and env.state.result is not None
        result = env.state.result
        expected = 0 if result.winner is None else (result.points if result.winner == 1 else -result.points)
        assert total == expected
        state_results.append(total)
    obs, info = env.reset(seed=9)
    illegal = next(i for i in range(enc.NUM_ACTIONS) if not obs["action_mask"][i])
    obs2, reward, term, trunc, info = env.step(illegal)
    assert info["illegal"] and reward == -1.0 and (obs2["observation"] == obs["observation"]).all()
    strict = GinRummyGymEnv(make_agent("random", 3), illegal="raise")
    obs, _ = strict.reset(seed=9)
    with pytest.raises(IllegalActionError, match="is not legal now"):
        strict.step(next(i for i in range(enc.NUM_ACTIONS) if not obs["action_mask"][i]))


def test_a_knock_id_lays_down_the_engines_arrangement() -> None:
    for state in _random_states(Rules(), seed=8, hands=8):
        view = state.view(state.to_act)
        knocks = [i for i in enc.legal_ids(view) if enc.KNOCK <= i < enc.BIG_GIN]
        if knocks:
            action = enc.decode(view, knocks[0])
            assert isinstance(action, Knock) and action.melds is None
            state.push(action)
            logged = state.last_action
            assert logged is not None and isinstance(logged[1], Knock) and logged[1].melds
            return
    pytest.fail("no knock reached")


@pytest.mark.parametrize("preset", ["default", "oklahoma", "hollywood-aces", "straight"])
def test_pettingzoo_observations_are_the_encoding_of_each_view(preset: str) -> None:
    """The environment's incremental work (discards read once per hand, legal ids per step) gives
    exactly the encoding of each player's view computed from scratch, at every step, for both agents."""
    pytest.importorskip("pettingzoo", reason=RESEARCH)
    import numpy as np

    from ginrummy.research.pettingzoo_env import GinRummyEnv

    env = GinRummyEnv(preset)
    rng = random.Random(4)
    steps = 0
    for seed in range(4):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            state = env.state
            assert state is not None
            for p, name in enumerate(env.possible_agents):
                obs = env.observe(name)
                view = state.view(p)
                expected = np.asarray(enc.encode(view), np.float32)  # the env's dtype
                assert (
                    obs["observation"].dtype == np.float32
                    and obs["observation"].tolist() == expected.tolist()
                )
                assert [i for i, m in enumerate(obs["action_mask"]) if m] == enc.legal_ids(view)
                assert enc.legal_ids(view) == sorted({enc.action_id(a) for a in view.legal_actions})
            _, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = enc.legal_ids(state.view(env.possible_agents.index(agent)))
            knocks = [i for i in legal if i >= enc.KNOCK]
            env.step(knocks[0] if knocks and rng.random() < 0.5 else rng.choice(legal))
            steps += 1
    assert steps > 100


def test_pettingzoo_steps_play_as_the_engines_checked_push() -> None:
    """The environment applies ids it checked against the mask without the engine's second check:
    every hand it plays replays through the public ``push`` (all checks) to the same log and
    result, and an illegal id raises and changes nothing."""
    pytest.importorskip("pettingzoo", reason=RESEARCH)
    from ginrummy.research.pettingzoo_env import GinRummyEnv

    for preset in ("default", "oklahoma"):
        env = GinRummyEnv(preset)
        rng = random.Random(6)
        for seed in range(6):
            env.reset(seed=seed)
            state = env.state
            assert state is not None
            replay = state.clone()  # the same deal, stepped apart
            for _agent in env.agent_iter():
                _, _, term, trunc, info = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                legal = [enc.NAMES.index(name) for name in info["legal"]]
                illegal = [i for i in range(enc.NUM_ACTIONS) if i not in legal]
                before = (state.action_count, state.events(), state.hand(0), state.hand(1))
                with pytest.raises(IllegalActionError, match="is not legal now"):
                    env.step(rng.choice(illegal))
                assert (state.action_count, state.events(), state.hand(0), state.hand(1)) == before
                choice = rng.choice(legal)
                env.step(choice)
                p = replay.to_act
                replay.push(enc.decode(replay.view(p), choice), player=p)
            assert state.log == replay.log and state.result == replay.result
