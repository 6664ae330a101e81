"""Search bots thinking in worker processes: the same moves as at home, searches side by side,
and a dead worker (idle, or killed mid-answer) failing only its own search and replaced."""

from __future__ import annotations

import asyncio
import copy
import os
import random
import re
import signal
import subprocess
import sys
import time
from typing import Any

import pytest

import drakkar
from drakkar.agents.ismcts import ISMCTSAgent
from drakkar.agents.spec import make_agent
from drakkar.engine.workers_test import tear_the_next_reply
from drakkar.server.conftest import SERVED, hello, new_game, token, until
from drakkar.server.thinking import Thinkers, WorkerDied

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


class Napper:
    """Test-only search agent: its "search" sleeps `seconds` and says which process ran it
    and when; or, doomed, its worker is killed while writing the answer."""

    def __init__(self, seconds: float = 0.0, doomed: bool = False) -> None:
        self.seconds = seconds
        self.doomed = doomed

    def analyse(self, state: Any, seat: int) -> list[tuple[int, float]]:
        start = time.time()
        time.sleep(self.seconds)
        if self.doomed:
            tear_the_next_reply()
            return [(i, 0.5) for i in range(20_000)]  # more than a pipe holds at once
        return [(os.getpid(), start), (os.getpid(), time.time())]


def test_quick_bots_and_threads_only_move_in_the_server() -> None:
    state = _midgame("knarr")
    seat = state.current_player
    assert seat is not None
    bot = state.game.heuristic_agent(1)
    thinkers = Thinkers(1)
    action, same = asyncio.run(thinkers.act(bot, state.clone(), seat))
    assert same is bot and thinkers.pids() == []  # no process was started for it
    assert action in state.legal_actions()
    threads = Thinkers(0)
    hard = make_agent(HARD, state.game, 2)
    action, same = asyncio.run(threads.act(hard, state.clone(), seat))
    assert same is hard and threads.pids() == []
    for bad in (-1, 1.5, True):
        with pytest.raises(ValueError, match="search processes"):
            Thinkers(bad)  # type: ignore[arg-type]


def test_a_worker_killed_while_idle_is_replaced_and_the_next_search_runs() -> None:
    thinkers = Thinkers(1)
    try:
        thinkers.start()
        [first] = thinkers.pids()
        [(pid, _), _] = asyncio.run(thinkers.analyse(Napper(), None, 0))
        assert pid == first
        os.kill(first, signal.SIGKILL)
        thinkers._workers[0].proc.join(10)  # dead before the next search takes it
        [(pid, _), _] = asyncio.run(thinkers.analyse(Napper(), None, 0))
        assert pid != first and thinkers.pids() == [pid]
    finally:
        thinkers.close()
    assert thinkers.pids() == []


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def torn_answer_then_more_searches() -> None:
    """Run in a fresh interpreter by the test below, so that a hang cannot hold pytest."""
    thinkers = Thinkers(1)
    thinkers.start()
    [doomed] = thinkers.pids()
    begun = time.monotonic()
    try:
        asyncio.run(thinkers.analyse(Napper(doomed=True), None, 0))
    except WorkerDied as e:
        print(f"failed after {time.monotonic() - begun:.1f} s: {e}", flush=True)
    [(pid, _), _] = asyncio.run(thinkers.analyse(Napper(), None, 0))
    print("next search on a new worker:", pid not in (doomed, os.getpid()), flush=True)
    thinkers.close()
    print("closed:", _gone(pid), flush=True)


def test_a_worker_killed_while_writing_its_answer_fails_that_search_and_no_other() -> None:
    # ProcessPoolExecutor waited for the rest of such a message for ever: that search, every
    # later one, and close() (it joins the thread reading the pipe) never returned
    code = "from drakkar.server.thinking_test import torn_answer_then_more_searches as t; t()"
    child = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        out, _ = child.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)  # the child and its workers
        out, _ = child.communicate()
        pytest.fail(f"the search processes hung after a worker died mid-answer: {out!r}")
    assert child.returncode == 0, out
    lines = out.splitlines()
    assert re.fullmatch(r"failed after (\d+\.\d) s: worker process \d+ died", lines[0]), out
    assert float(lines[0].split()[2]) < 20
    assert lines[1:] == ["next search on a new worker: True", "closed: True"]


class _LoopWithoutReaders(asyncio.SelectorEventLoop):
    """As Windows' proactor loop: it cannot watch a pipe."""

    def add_reader(self, *args: Any) -> None:
        raise NotImplementedError


def test_a_loop_that_cannot_watch_pipes_has_a_thread_wait_for_the_answer() -> None:
    thinkers = Thinkers(1)
    loop = _LoopWithoutReaders()
    try:
        thinkers.start()
        [first] = thinkers.pids()
        [(pid, _), _] = loop.run_until_complete(thinkers.analyse(Napper(), None, 0))
        assert pid == first
        with pytest.raises(WorkerDied, match=f"worker process {first} died"):
            loop.run_until_complete(thinkers.analyse(Napper(doomed=True), None, 0))
        [(pid, _), _] = loop.run_until_complete(thinkers.analyse(Napper(), None, 0))
        assert pid != first and thinkers.pids() == [pid]
    finally:
        loop.close()
        thinkers.close()


def test_two_searches_run_at_once_on_two_workers() -> None:
    thinkers = Thinkers(2)

    async def both() -> list[list[tuple[int, float]]]:
        return list(await asyncio.gather(*(thinkers.analyse(Napper(1.0), None, 0) for _ in "ab")))

    try:
        thinkers.start()
        asyncio.run(both())  # (both workers up and warm)
        [(pid_a, start_a), (_, end_a)], [(pid_b, start_b), (_, end_b)] = asyncio.run(both())
        assert {pid_a, pid_b} == set(thinkers.pids())
        assert start_a < end_b and start_b < end_a  # side by side, not one after the other
    finally:
        thinkers.close()


def test_a_search_given_up_leaves_its_worker_to_finish_then_serve_the_next() -> None:
    thinkers = Thinkers(1)

    async def give_up_then_ask() -> list[tuple[int, float]]:
        await thinkers.analyse(Napper(), None, 0)  # (the worker is up)
        slow = asyncio.ensure_future(thinkers.analyse(Napper(1.0), None, 0))
        await asyncio.sleep(0.2)
        slow.cancel()
        return await thinkers.analyse(Napper(), None, 0)  # waits for the worker to be free

    try:
        thinkers.start()
        asked = time.time()
        [(pid, start), _] = asyncio.run(give_up_then_ask())
        assert thinkers.pids() == [pid] and start > asked + 1  # the same worker, after its nap
    finally:
        thinkers.close()


def test_close_fails_the_searches_under_way_and_waiting_and_returns() -> None:
    thinkers = Thinkers(1)

    async def close_midway() -> list[Any]:
        searches = [asyncio.ensure_future(thinkers.analyse(Napper(30), None, 0)) for _ in "ab"]
        await asyncio.sleep(0.5)
        thinkers.close()
        return await asyncio.gather(*searches, return_exceptions=True)

    thinkers.start()
    [pid] = thinkers.pids()
    begun = time.monotonic()
    under_way, waiting = asyncio.run(close_midway())
    assert time.monotonic() - begun < 15
    assert isinstance(under_way, WorkerDied) and isinstance(waiting, RuntimeError)
    assert _gone(pid) and thinkers.pids() == []


def test_the_workers_start_with_the_server_not_at_the_first_search() -> None:
    thinkers = Thinkers(2)
    try:
        thinkers.start()
        assert len(thinkers.pids()) == 2
        Thinkers(0).start()  # threads: nothing to start
    finally:
        thinkers.close()


class TornBot(ISMCTSAgent):
    """Test-only hard bot: plays its first legal move; the first time it is asked (while
    `flag` is not yet a file) its worker is killed writing the answer."""

    def __init__(self, flag: str) -> None:
        self.flag = flag

    def act(self, state: drakkar.State, seat: int) -> int:
        if not os.path.exists(self.flag):
            open(self.flag, "w").close()
            tear_the_next_reply()
        return state.legal_actions()[0]


def test_a_table_whose_hard_bot_lost_its_worker_moves_on(tmp_path, monkeypatch, caplog) -> None:  # type: ignore[no-untyped-def]
    from fastapi.testclient import TestClient

    import drakkar.server.tables as tables
    from drakkar.server import create_app

    flag = str(tmp_path / "torn")
    monkeypatch.setattr(tables, "make_agent", lambda spec, game, seed: TornBot(flag))
    app = create_app(SERVED, data_dir=str(tmp_path), bot_delay=0.0, search_processes=1)
    with TestClient(app) as client:
        [doomed] = app.state.hub.thinkers.pids()
        created = new_game(client, seats=[{"kind": "bot", "level": "hard"}, {"kind": "person"}])
        with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
            hello(ws, 1, token(created, 1))
            for moves in (1, 3):  # the bot moved (by the random fallback), then on a new worker
                m = until(ws, lambda m, n=moves: m.get("moves") == n and m["legal"])
                ws.send_json({"type": "act", "action": m["legal"][0]["action"], "move": moves})
        [fresh] = app.state.hub.thinkers.pids()
    assert os.path.exists(flag) and fresh != doomed
    failed = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
    assert len(failed) == 2, failed  # the first move only
    assert failed[0] == f"search process {doomed} died; starting a new one"
    assert failed[1].startswith("bot 'ismcts") and failed[1].endswith(
        f"failed: WorkerDied('worker process {doomed} died')"
    )
