"""The Gymnasium environment's conventions (issue 28): a registered id, ``action_masks()``, render modes,
reward scaling, a vector env, and a hand that ends before the learner's first move."""

from __future__ import annotations

import random
import warnings

import pytest

from ginrummy.errors import ArgumentError, GameFlowError, IllegalActionError
from ginrummy.research import encoding as enc

gym = pytest.importorskip(
    "gymnasium", reason="the research extra is not installed: pip install -e '.[research]'"
)
pytest.importorskip("pettingzoo", reason="the research extra is not installed: pip install -e '.[research]'")
np = pytest.importorskip("numpy")

from ginrummy.research.gymnasium_env import ACKNOWLEDGE, ENV_ID, GinRummyGymEnv  # noqa: E402

EARLY_SEED = 3078
"""A deal where ``simple``, the non-dealer, takes the upcard and goes gin before the learner moves."""


def _play(env, obs, info, rng: random.Random) -> tuple[float, bool, bool, int]:
    """Play the episode to its end with legal ids drawn from ``action_masks()``; checks that the
    mask, ``info`` and ``action_masks()`` agree at every step."""
    total, steps = 0.0, 0
    while True:
        mask = env.unwrapped.action_masks()
        assert mask.dtype == np.bool_ and mask.tolist() == obs["action_mask"].astype(bool).tolist()
        legal = np.flatnonzero(mask).tolist()
        assert legal and [enc.action_name(i) for i in legal] == info["legal"]
        obs, reward, term, trunc, info = env.step(rng.choice(legal))
        total += reward
        steps += 1
        if term or trunc:
            return total, term, trunc, steps


def test_a_hand_over_before_the_learners_move_is_a_live_step_with_the_loss() -> None:
    """Before: reset returned an all-zero mask and ``step`` raised; the learner never saw the loss."""
    env = GinRummyGymEnv(opponent="simple")
    obs, info = env.reset(seed=EARLY_SEED)
    assert env.state is not None and env.state.is_over
    result = env.state.result
    assert result is not None and result.winner == 1 and result.points > 0
    assert info["hand_over"] is True and info["legal"] == [enc.action_name(ACKNOWLEDGE)]
    assert np.flatnonzero(obs["action_mask"]).tolist() == [ACKNOWLEDGE]
    assert np.flatnonzero(env.action_masks()).tolist() == [ACKNOWLEDGE]
    # another id is refused as any illegal id is (penalized: nothing changes)
    _obs2, reward, term, trunc, info2 = env.step(enc.DRAW)
    assert info2["illegal"] and reward == -1.0 and not term and not trunc and info2["hand_over"]
    obs3, reward, term, trunc, info3 = env.step(ACKNOWLEDGE)
    assert (reward, term, trunc) == (-float(result.points), True, False)
    assert "hand_over" not in info3 and not obs3["action_mask"].any()
    with pytest.raises(GameFlowError, match="call reset"):
        env.step(ACKNOWLEDGE)
    strict = GinRummyGymEnv(opponent="simple", illegal="raise", reward_scale=0.01)
    strict.reset(seed=EARLY_SEED)
    with pytest.raises(GameFlowError, match="ended before your first move"):
        strict.step(enc.DRAW)
    assert strict.step(ACKNOWLEDGE)[1] == pytest.approx(-result.points / 100)


def test_every_episode_returns_its_hands_points() -> None:
    """Over many seeds (the early-ended one among them) the episode's return is the hand's points
    for the learner, and no reset leaves the learner without a legal id."""
    rng = random.Random(5)
    env = GinRummyGymEnv(opponent="simple")
    early = 0
    for seed in [EARLY_SEED, *range(40)]:
        obs, info = env.reset(seed=seed)
        early += bool(info.get("hand_over"))
        total, term, trunc, _ = _play(env, obs, info, rng)
        assert term and not trunc
        assert env.state is not None and env.state.result is not None
        r = env.state.result
        assert total == (0 if r.winner is None else (r.points if r.winner == 0 else -r.points))
    assert early >= 1


def test_gym_make_by_id_and_check_env_without_warnings() -> None:
    from gymnasium.utils.env_checker import check_env

    assert ENV_ID in gym.registry
    env = gym.make(ENV_ID, opponent="random", rules="oklahoma", reward_scale=0.01)
    assert isinstance(env.unwrapped, GinRummyGymEnv) and env.unwrapped.rules.knock_card is not None
    env.reset(seed=0)
    env.action_space.seed(0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning of the checker fails the test
        check_env(env.unwrapped)
    total, *_ = _play(env, *env.reset(seed=4), random.Random(1))
    assert abs(total) <= 3.0  # scaled by 0.01: a hand is worth a few hundred points at most


def test_render_follows_the_render_mode() -> None:
    quiet = GinRummyGymEnv()
    quiet.reset(seed=1)
    assert quiet.render() is None
    ansi = GinRummyGymEnv(render_mode="ansi")
    ansi.reset(seed=1)
    text = ansi.render()
    assert isinstance(text, str) and text.startswith("You are player 0")
    with pytest.raises(ArgumentError, match="render_mode"):
        GinRummyGymEnv(render_mode="human")
    with pytest.raises(ArgumentError, match="reward_scale"):
        GinRummyGymEnv(reward_scale=0)
    with pytest.raises(ArgumentError, match="seat"):
        GinRummyGymEnv(seat=2)
    with pytest.raises(ArgumentError, match="illegal"):
        GinRummyGymEnv(illegal="ignore")


def test_reward_scale_scales_the_hands_points_only() -> None:
    rng_a, rng_b = random.Random(3), random.Random(3)
    raw, scaled = GinRummyGymEnv("simple"), GinRummyGymEnv("simple", reward_scale=0.01)
    for seed in range(6):
        a, _, _, _ = _play(raw, *raw.reset(seed=seed), rng_a)
        b, _, _, _ = _play(scaled, *scaled.reset(seed=seed), rng_b)
        assert b == pytest.approx(a * 0.01)
    obs, _ = scaled.reset(seed=9)
    illegal = next(i for i in range(enc.NUM_ACTIONS) if not obs["action_mask"][i])
    assert scaled.step(illegal)[1] == -1.0  # the illegal-action reward is as given


def test_a_sync_vector_env_steps_with_masks() -> None:
    """Both of Gymnasium's autoreset modes: with ``next-step`` (the default) a sub-env that just ended
    shows its final, all-zero mask and ignores the next action (which resets it); with ``same-step``
    the reset's observation and mask come at once."""
    same_step = gym.vector.AutoresetMode.SAME_STEP
    envs = gym.vector.SyncVectorEnv([lambda: gym.make(ENV_ID, opponent="simple") for _ in range(3)])
    made = gym.make_vec(ENV_ID, num_envs=2, vectorization_mode="sync", opponent="random")
    same = gym.vector.SyncVectorEnv(
        [lambda: GinRummyGymEnv("simple") for _ in range(2)], autoreset_mode=same_step
    )
    for vec in (envs, made, same):
        obs, _ = vec.reset(seed=7)
        assert obs["observation"].shape == (vec.num_envs, enc.OBS_SIZE)
        rng = np.random.default_rng(0)
        finished = 0
        ended = np.zeros(vec.num_envs, bool)
        for _ in range(150):
            masks = np.stack(vec.call("action_masks"))
            assert masks.shape == (vec.num_envs, enc.NUM_ACTIONS)
            assert (masks.any(axis=1) | ended).all()  # only a sub-env that just ended has no legal id
            actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]
            obs, _rewards, terms, truncs, _infos = vec.step(np.array(actions))
            ended = terms | truncs
            if vec is same:
                ended[:] = False  # the reset came with the final step
            finished += int(terms.sum() + truncs.sum())
        assert finished >= vec.num_envs  # hands ended and the vector env dealt new ones
        vec.close()


def test_an_illegal_id_still_raises_with_raise() -> None:
    env = GinRummyGymEnv("simple", illegal="raise")
    obs, _ = env.reset(seed=9)
    with pytest.raises(IllegalActionError, match="is not legal now"):
        env.step(next(i for i in range(enc.NUM_ACTIONS) if not obs["action_mask"][i]))
