"""The simulator's worker processes: every result comes back, a dead worker is named, no hang."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections.abc import Iterator

import pytest

from drakkar.engine.workers_test import tear_the_next_reply
from drakkar.sim.workers import AHEAD, WorkerDied, WorkerError, Workers


@pytest.fixture
def workers() -> Iterator[Workers]:
    pool = Workers(2, multiprocessing.get_context("forkserver"))
    yield pool
    pool.close()


def _times(factor: int, task: int) -> tuple[int, int]:
    return os.getpid(), factor * task


def _fails_on_seven(task: int) -> int:
    if task == 7:
        raise ValueError("seven is not welcome")
    return task


def _dies_writing(doomed: int, task: int) -> tuple[int, bytes]:
    if task == doomed:
        tear_the_next_reply()
    else:
        time.sleep(0.01)  # the doomed worker has the time to die while the other plays
    return task, b"x" * 100_000  # more than a pipe holds: written in several goes


def test_every_task_comes_back_once_from_every_worker(workers: Workers) -> None:
    results = list(workers.map_unordered(_times, (3,), range(50)))
    assert sorted(value for _, value in results) == [3 * t for t in range(50)]
    assert {pid for pid, _ in results} == set(workers.pids())  # both worked
    again = list(workers.map_unordered(_times, (2,), range(AHEAD * 2 + 1)))  # the pool is reused
    assert sorted(value for _, value in again) == [2 * t for t in range(AHEAD * 2 + 1)]


def test_a_task_that_raises_names_the_worker_traceback(workers: Workers) -> None:
    with pytest.raises(WorkerError, match="ValueError: seven is not welcome"):
        list(workers.map_unordered(_fails_on_seven, (), range(20)))


@pytest.mark.timeout(20)
def test_a_worker_killed_while_writing_its_reply_is_named_not_waited_for(
    workers: Workers,
) -> None:
    seen: list[int] = []
    with pytest.raises(WorkerDied, match=r"worker process \d+ died"):
        for task, _ in workers.map_unordered(_dies_writing, (30,), range(60)):
            seen.append(task)
    assert 30 not in seen and len(set(seen)) == len(seen)
    assert 0 < len(seen) < 60


def test_a_worker_that_died_idle_is_named_at_the_next_tasks(workers: Workers) -> None:
    os.kill(workers.pids()[0], signal.SIGKILL)
    with pytest.raises(WorkerDied, match=f"worker process {workers.pids()[0]} died"):
        list(workers.map_unordered(_times, (1,), range(20)))


def test_close_stops_every_worker(workers: Workers) -> None:
    list(workers.map_unordered(_times, (1,), range(4)))
    workers.close()
    assert not workers.alive()
