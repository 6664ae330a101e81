"""Search bots thinking in worker processes: the same moves as at home, and a dead worker."""

from __future__ import annotations

import asyncio
import copy
import os
import random
import signal
from concurrent.futures.process import BrokenProcessPool

import pytest

import drakkar
from drakkar.agents.spec import make_agent
from drakkar.server.thinking import Thinkers

pytestmark = pytest.mark.timeout(120)
HARD = "ismcts:iterations=200"


def _midgame(name: str, seed: int = 3, steps: int = 12) -> drakkar.State:
    game = drakkar.load(name)
    s = game.new(game.default_players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_a_search_in_a_process_moves_as_at_home_and_its_random_stream_goes_on() -> None:
    state = _midgame("viking-raid")
    seat = state.current_player
    assert seat is not None
    away = make_agent(HARD, state.game, 11)
    home = copy.deepcopy(away)
    thinkers = Thinkers(1)
    try:
        for _ in range(2):  # twice: the second move starts from the agent the first returned
            action, away = asyncio.run(thinkers.act(away, state.clone(), seat))
            assert action == home.act(state.clone(), seat)
            assert away.rng.getstate() == home.rng.getstate()  # type: ignore[attr-defined]
        hint = asyncio.run(thinkers.analyse(make_agent(HARD, state.game, 5), state.clone(), seat))
        assert hint == make_agent(HARD, state.game, 5).analyse(state.clone(), seat)  # type: ignore[attr-defined]
    finally:
        thinkers.close()


def test_quick_bots_and_threads_only_move_in_the_server() -> None:
    state = _midgame("knarr")
    seat = state.current_player
    assert seat is not None
    bot = state.game.heuristic_agent(1)
    thinkers = Thinkers(1)
    action, same = asyncio.run(thinkers.act(bot, state.clone(), seat))
    assert same is bot and thinkers._pool is None  # no process was started for it
    assert action in state.legal_actions()
    threads = Thinkers(0)
    hard = make_agent(HARD, state.game, 2)
    action, same = asyncio.run(threads.act(hard, state.clone(), seat))
    assert same is hard and threads._pool is None
    for bad in (-1, 1.5, True):
        with pytest.raises(ValueError, match="search processes"):
            Thinkers(bad)  # type: ignore[arg-type]


def test_a_dead_worker_fails_its_search_and_the_next_search_starts_afresh() -> None:
    state = _midgame("gone-viking")
    seat = state.current_player
    assert seat is not None
    thinkers = Thinkers(1)
    try:
        agent = make_agent(HARD, state.game, 1)
        asyncio.run(thinkers.analyse(agent, state.clone(), seat))  # the worker is up
        pool = thinkers._pool
        assert pool is not None
        for pid in list(pool._processes):  # type: ignore[attr-defined]
            os.kill(pid, signal.SIGKILL)
        with pytest.raises(BrokenProcessPool):
            asyncio.run(thinkers.analyse(agent, state.clone(), seat))
        assert thinkers._pool is None
        assert asyncio.run(thinkers.analyse(agent, state.clone(), seat))  # a new worker
    finally:
        thinkers.close()
    assert thinkers._pool is None


def test_the_workers_start_with_the_server_not_at_the_first_search() -> None:
    thinkers = Thinkers(2)
    try:
        thinkers.start()
        pool = thinkers._pool
        assert pool is not None and len(pool._processes) == 2  # type: ignore[attr-defined]
        Thinkers(0).start()  # threads: nothing to start
    finally:
        thinkers.close()
