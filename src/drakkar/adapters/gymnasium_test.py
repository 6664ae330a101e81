import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from drakkar.adapters.cases import case_id, game_player_counts
from drakkar.adapters.gymnasium import DrakkarEnv
from drakkar.engine.errors import IllegalAction, InvalidOptions

CASES = game_player_counts()
pytestmark = pytest.mark.filterwarnings("ignore:.*render.*:UserWarning")


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_gymnasium_check_env(case):
    game, n = case
    check_env(DrakkarEnv(game, players=n, opponents="heuristic"), skip_render_check=True)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_an_episode_ends_with_the_learners_share_of_the_returns(case):
    game, n = case
    env = DrakkarEnv(game, players=n, seat=n - 1, opponents="random")
    obs, info = env.reset(seed=2)
    total, steps = 0.0, 0
    while True:
        assert env.observation_space.contains(obs)
        assert env.state.current_player == n - 1
        legal = np.flatnonzero(info["action_mask"])
        assert list(legal) == env.state.legal_actions()
        assert env.action_masks().dtype == bool  # MaskablePPO's call: the same mask
        assert list(np.flatnonzero(env.action_masks())) == list(legal)
        obs, reward, terminated, truncated, info = env.step(int(legal[-1]))
        total += reward
        steps += 1
        if terminated or truncated:
            break
    assert env.state.is_terminal()
    assert total == env.state.returns()[n - 1]
    assert not info["action_mask"].any() and not env.action_masks().any()


def test_a_seed_fixes_the_whole_episode():
    def run(seed):
        env = DrakkarEnv("high-card", players=3, seat=None, opponents="random")
        obs, info = env.reset(seed=seed)
        while env.state is not None and not env.state.is_terminal():
            obs, *_, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        return env.seat, env.state.full_state()

    assert run(11) == run(11)
    assert len({run(s) for s in range(8)}) > 1


def test_seat_none_moves_the_learner_between_episodes():
    env = DrakkarEnv("high-card", players=3, seat=None)
    seats = {env.reset(seed=s)[1]["seat"] for s in range(20)}
    assert seats == {0, 1, 2}


def test_opponents_may_differ_by_seat():
    env = DrakkarEnv("high-card", players=3, opponents=["random", "heuristic"])
    env.reset(seed=1)
    assert [a.name for a in env.opponents.values()] == ["random", "heuristic"]
    with pytest.raises(InvalidOptions, match="opponents"):
        DrakkarEnv("high-card", players=3, opponents=["random"])
    with pytest.raises(InvalidOptions, match="no agent called 'nobody'"):
        DrakkarEnv("high-card", players=2, opponents="nobody")


def test_an_illegal_action_ends_the_episode_or_raises():
    env = DrakkarEnv("high-card", players=2, illegal_reward=-2.0)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.state.full_state()
    legal = int(np.flatnonzero(info["action_mask"])[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-2.0, True, True)
    assert env.state.full_state() == before
    assert not info["action_mask"].any()  # nothing is legal in an ended episode (it marked some)
    with pytest.raises(RuntimeError, match="the episode is over"):  # it ended on that action
        env.step(legal)
    env.reset(seed=2)  # a new episode plays again
    strict = DrakkarEnv("high-card", players=2, illegal="raise")
    _, info = strict.reset(seed=1)
    with pytest.raises(IllegalAction):
        strict.step(illegal)


def test_an_action_that_is_no_integer_raises_whatever_illegal_says():
    env = DrakkarEnv("high-card", players=2)
    _, info = env.reset(seed=1)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    before = env.state.full_state()
    for bad in (legal + 0.5, None, str(legal)):  # 2.5 was played as 2
        with pytest.raises(IllegalAction, match="is not an action"):
            env.step(bad)
    assert env.state.full_state() == before
    env.step(np.int64(legal))
    assert type(env.state.history[0]) is int


def test_bad_settings_are_named():
    with pytest.raises(InvalidOptions, match="seat"):
        DrakkarEnv("high-card", players=2, seat=2)
    with pytest.raises(InvalidOptions, match="'seat': expected a whole number, got True"):
        DrakkarEnv("high-card", players=2, seat=True)
    assert (
        DrakkarEnv("high-card", players=np.int64(3), seat=np.int64(2)).reset(seed=1)[1]["seat"] == 2
    )
    with pytest.raises(InvalidOptions, match="illegal"):
        DrakkarEnv("high-card", illegal="ignore")
    with pytest.raises(InvalidOptions, match="rounds"):
        DrakkarEnv("high-card", rounds=7)


def test_register_envs_makes_every_game_available_to_gymnasium_make():
    import gymnasium

    from drakkar.adapters.gymnasium import register_envs
    from drakkar.engine.registry import games

    ids = register_envs()
    assert ids == register_envs() == [f"drakkar/{g.name}-v0" for g in games()]
    for env_id in ids:
        env = gymnasium.make(env_id, opponents="random")
        obs, info = env.reset(seed=1)
        assert env.observation_space.contains(obs)
        assert info["action_mask"].any()
