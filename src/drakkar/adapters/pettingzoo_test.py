import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from drakkar.adapters import encoding
from drakkar.adapters.cases import case_id, game_player_counts
from drakkar.adapters.encoding.high_card import HighCardEncoder
from drakkar.adapters.pettingzoo import env
from drakkar.engine import registry
from drakkar.engine.errors import IllegalAction, InvalidOptions
from drakkar.engine.toy import HighCardGame, HighCardState

CASES = game_player_counts()
# PettingZoo's checker suggests Box observations; a Dict with an action mask is its own
# convention for classic games.
pytestmark = pytest.mark.filterwarnings("ignore:Observation:UserWarning")


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_api_test(case):
    game, n = case
    api_test(env(game, players=n), num_cycles=20)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_seed_test(case):
    game, n = case
    seed_test(lambda: env(game, players=n), num_cycles=20)


def _play_out(e, seed):
    """Play first legal actions to the end; return {agent: final reward} and the state."""
    e.reset(seed=seed)
    final = {}
    for agent in e.agent_iter():
        obs, reward, termination, truncation, _ = e.last()
        if termination or truncation:
            final[agent] = reward
            e.step(None)
        else:
            e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    return final


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_rewards_are_the_returns_at_the_end(case):
    game, n = case
    e = env(game, players=n)
    final = _play_out(e, seed=3)
    returns = e.unwrapped.state.returns()
    assert final == {f"player_{i}": returns[i] for i in range(n)}


def test_the_mask_marks_exactly_the_legal_actions_of_the_agent_to_move():
    e = env("high-card", players=3)
    e.reset(seed=5)
    state = e.unwrapped.state
    for agent in e.possible_agents:
        mask = e.observe(agent)["action_mask"]
        if agent == e.agent_selection:
            assert list(np.flatnonzero(mask)) == state.legal_actions()
        else:
            assert not mask.any()


def test_an_illegal_action_raises_and_changes_nothing():
    e = env("high-card", players=2)
    e.reset(seed=5)
    illegal = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0])
    before = e.unwrapped.state.full_state()
    with pytest.raises(IllegalAction):
        e.step(illegal)
    assert e.unwrapped.state.full_state() == before


def test_an_action_that_is_no_integer_is_refused_and_a_numpy_one_is_played():
    e = env("high-card", players=2)
    e.reset(seed=5)
    legal = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0])
    before = e.unwrapped.state.full_state()
    for bad in (legal + 0.5, None, str(legal)):  # 2.5 was played as 2, "3" as 3
        with pytest.raises(IllegalAction, match="is not an action"):
            e.step(bad)
    assert e.unwrapped.state.full_state() == before
    e.step(np.int64(legal))
    assert e.unwrapped.state.history == [legal] and type(e.unwrapped.state.history[0]) is int


def test_a_numpy_seed_deals_as_the_int_it_is():
    e = env("knarr", players=np.int64(3))
    e.reset(seed=np.int64(4))  # refused before: "expected a whole number, got np.int64(4)"
    dealt = e.unwrapped.state.full_state()
    e.reset(seed=4)
    assert e.unwrapped.state.full_state() == dealt


def test_a_run_seeded_once_repeats_its_later_unseeded_resets():
    def seeds(first):
        e = env("knarr", players=3)
        e.reset(seed=first)
        dealt = [e.unwrapped.state.seed]
        for _ in range(3):
            e.reset()  # these drew from the system's randomness: no run repeated
            dealt.append(e.unwrapped.state.seed)
        return dealt

    run = seeds(7)
    assert run[0] == 7 and seeds(7) == run and len(set(run)) == 4 and seeds(8)[1:] != run[1:]
    fresh = env("knarr", players=3)
    fresh.reset()
    fresh.reset()
    assert fresh.unwrapped.state.seed not in run


def test_options_reach_the_game_and_bad_ones_are_named():
    e = env("high-card", players=2, rounds=1)
    e.reset(seed=1)
    assert e.unwrapped.state.options.rounds == 1
    with pytest.raises(InvalidOptions, match="rounds"):
        env("high-card", players=2, rounds=5)
    with pytest.raises(InvalidOptions, match="players"):
        env("high-card", players=9)


class TwiceState(HighCardState):
    """High Card where each player plays two cards in a row."""

    __slots__ = ()

    @property
    def current_player(self):
        return None if self.is_terminal() else (self.turn // 2) % self.num_players

    def _legal_actions(self):
        return [c - 1 for c in self.hands[self.current_player]]

    def _apply(self, action):
        p = self.current_player
        self.hands[p].remove(action + 1)
        self.played[p].append(action + 1)
        self.turn += 1

    def clone(self):
        new = super().clone()
        new.__class__ = TwiceState
        return new


class TwiceGame(HighCardGame):
    name = "high-card-twice"
    state_class = TwiceState


class TwiceEncoder(HighCardEncoder):
    game = "high-card-twice"


def test_a_player_with_several_decisions_in_a_row_is_selected_again(monkeypatch):
    # Registered for this test only, so no other test sees the extra game.
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))
    monkeypatch.setattr(encoding, "_extra", dict(encoding._extra))
    registry.register(TwiceGame())
    encoding.register_encoder(TwiceEncoder())
    e = env("high-card-twice", players=2, rounds=2)
    e.reset(seed=1)
    order = []
    for agent in e.agent_iter():
        obs, _, termination, truncation, _ = e.last()
        if termination or truncation:
            e.step(None)
            continue
        order.append(agent)
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert order == ["player_0", "player_0", "player_1", "player_1"]


def test_last_before_reset_says_to_reset_first():
    from drakkar.adapters.pettingzoo import env

    e = env("viking-raid", players=3)
    with pytest.raises(AttributeError, match="call reset"):
        e.last()
