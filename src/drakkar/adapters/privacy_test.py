"""No adapter hands a player what its seat cannot see.

For every game, at states along random games, each seat's observation is taken twice: from the
state, and from a twin the seat cannot tell apart (`redeterminize` for that seat, with new dice
and shuffles to come). Whatever the adapter gives that seat (PettingZoo's observation and mask,
Gymnasium's observation and info, OpenSpiel's observation and information-state strings and
tensor) must be the same for both. A re-deal leaves the log as it was, so the log lines in
OpenSpiel's information-state string are checked against their audience instead.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from drakkar.adapters.cases import all_games
from drakkar.adapters.gymnasium import DrakkarEnv
from drakkar.adapters.openspiel import _Held, register, short_name
from drakkar.adapters.pettingzoo import env as aec_env
from drakkar.engine.rng import Rng
from drakkar.engine.state import State

GAMES = all_games()
STATES = 12  # states checked a game, spread over a whole random game


def twin(state: State, seat: int, k: int) -> State:
    other = state.clone()
    other.rng = Rng(k * 7919 + 1)
    other.redeterminize(seat, random.Random(k))
    assert other.view(seat) == state.view(seat)
    return other


def sampled_states(game: Any, players: int, seed: int) -> list[State]:
    """STATES states of one random game, spread from its first action to its last (a game of
    Villainous Vikings runs to hundreds of actions: the end holds secrets the start does not)."""
    state, rng, actions = game.new(players, seed), random.Random(seed), []
    while not state.is_terminal():
        legal = state.legal_actions()
        actions.append(legal[rng.randrange(len(legal))])
        state.apply(actions[-1])
    picks = {round(i * (len(actions) - 1) / (STATES - 1)) for i in range(STATES)}
    state, out = game.new(players, seed), []
    for i, a in enumerate(actions):
        if i in picks:
            out.append(state.clone())
        state.apply(a)
    return out


def same(a: Any, b: Any) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return bool(np.array_equal(np.asarray(a), np.asarray(b)))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_pettingzoo_gives_each_agent_only_its_own_seat(game) -> None:
    env = aec_env(game, game.max_players)
    env.reset(seed=1)
    for state in sampled_states(game, game.max_players, 3):
        for seat, agent in enumerate(env.possible_agents):
            env.state = state
            mine = env.observe(agent)
            env.state = twin(state, seat, seat)
            assert same(env.observe(agent), mine), (agent, len(state.history))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_gymnasium_gives_the_learner_only_its_own_seat(game) -> None:
    env = DrakkarEnv(game, game.max_players, opponents="random")
    env.reset(seed=1)
    for state in sampled_states(game, game.max_players, 4):
        for seat in range(game.max_players):
            env.seat, env.state = seat, state
            obs, info = env._obs(), env._info()
            assert set(info) == {"action_mask", "seat"}  # no seed, no state
            env.state = twin(state, seat, seat)
            assert same(env._obs(), obs) and same(env._info(), info), (seat, len(state.history))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_openspiel_gives_each_player_only_its_own_seat(game) -> None:
    import pyspiel

    register(game)
    n = game.max_players
    spiel = pyspiel.load_game(f"{short_name(game)}(players={n},seed=5)")
    state = spiel.new_initial_state()
    rng = random.Random(5)
    checked = hidden_lines = 0
    while not state.is_terminal() and checked < STATES:
        if state.move_number() % 5 == 0:
            checked += 1
            for seat in range(n):
                mine = (
                    state.observation_string(seat),
                    state.information_state_string(seat),
                    state.observation_tensor(seat),
                )
                other = state.clone()  # the same pyspiel history, in a re-dealt world
                other.held = _Held(twin(state.inner, seat, seat))
                theirs = (
                    other.observation_string(seat),
                    other.information_state_string(seat),
                    other.observation_tensor(seat),
                )
                assert mine[:2] == theirs[:2] and same(mine[2], theirs[2]), seat
                # a re-deal leaves the log as it was, so the log lines are checked by audience
                inner = state.inner
                hidden = {e.text for e in inner.events} - set(inner.events_for(seat))
                assert not hidden & set(mine[1].split("\n")), (seat, hidden)
                hidden_lines += len(hidden)
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked
    assert hidden_lines or all(e.audience is None for e in state.inner.events), "none checked"
