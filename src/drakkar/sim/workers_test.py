"""The simulator's worker processes: every result comes back, a dead worker is named, no hang."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from drakkar.engine.workers_test import tear_the_next_reply
from drakkar.sim.stacks import innermost
from drakkar.sim.workers import (
    AHEAD,
    WorkerDied,
    WorkerError,
    Workers,
    WorkerStuck,
    keep,
    started,
)


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
    _closing_removes_the_stack_files(workers)  # a worker killed otherwise leaves none either


def test_close_stops_every_worker(workers: Workers) -> None:
    list(workers.map_unordered(_times, (1,), range(4)))
    workers.close()
    assert not workers.alive()


def _plays(stuck: int, items: list[int]) -> list[int]:
    """A task of several items (games), each 0.15 s, item `stuck` in an endless loop; each
    item done is kept."""
    for item in items:
        started(item)
        while item == stuck:
            pass
        time.sleep(0.15)
        keep(f"item {item}")
    return items


@pytest.mark.timeout(30)
def test_a_worker_on_one_item_past_the_limit_is_killed_and_named(workers: Workers) -> None:
    tasks = [[0, 1], [2, 3], [4, 5, 6], [7]]
    seen: list[list[int]] = []
    begun = time.monotonic()
    with pytest.raises(
        WorkerStuck, match=r"worker process \d+ was on item 5 longer than 0.5 s"
    ) as stuck:
        for items in workers.map_unordered(_plays, (5,), tasks, limit=0.5):
            seen.append(items)
    took = time.monotonic() - begun
    assert 0.5 + 0.15 <= took < 0.5 + 0.15 + 3  # item 4 first, then the limit on item 5
    assert [4, 5, 6] not in seen and [0, 1] in seen  # what came back before it was kept
    assert not workers.alive()  # the stuck one was killed
    # where it was stuck, asked before the kill: the loop in _plays
    frame, source = innermost(stuck.value.stack, 1)
    assert frame.startswith(f'  File "{__file__}", line ') and frame.endswith(" in _plays")
    assert source.strip() in ("while item == stuck:", "pass")
    # what the stuck task had done before item 5 is given back on closing, and nothing that
    # came back already (the other worker's tasks, whether it had finished them or not)
    kept = _closing_removes_the_stack_files(workers)
    assert "item 4" in kept and not {"item 5", "item 6"} & set(kept)
    assert not {f"item {i}" for task in seen for i in task} & set(kept)


def _closing_removes_the_stack_files(workers: Workers) -> list[str]:
    folder = Path(workers._stack_files[0]).parent
    assert folder.is_dir()
    kept = workers.close()
    assert not folder.exists()
    return kept


@pytest.mark.timeout(30)
def test_the_limit_is_per_item_not_per_task(workers: Workers) -> None:
    tasks = [[0, 1, 2, 3], [4, 5, 6, 7]]  # 0.6 s a task, 0.15 s an item
    assert sorted(workers.map_unordered(_plays, (-1,), tasks, limit=0.4)) == tasks
    assert workers.close() == []  # every task answered: nothing kept is given back


def _starts_without_ending(item: int) -> int:
    started(item)  # and never says it is on none: the slot keeps its time
    return item


def _naps(task: int) -> int:
    time.sleep(0.1)
    return task


@pytest.mark.timeout(30)
def test_a_slot_left_by_earlier_tasks_is_not_timed(workers: Workers) -> None:
    assert sorted(workers.map_unordered(_starts_without_ending, (), range(4))) == [0, 1, 2, 3]
    time.sleep(0.4)
    # these tasks never call started(): no worker is on an item, whatever its slot last said
    assert sorted(workers.map_unordered(_naps, (), range(8), limit=0.3)) == list(range(8))


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="threads counted in /proc")
def test_what_a_worker_imports_starts_no_thread_of_numpy() -> None:
    # NumPy's import starts OpenBLAS's threads; a stuck worker's stack is asked for by a
    # signal to the process, which such a thread would take (966e1cc made `drakkar.sim`
    # import the analysis, and so NumPy, in every worker)
    code = (
        "import os, sys\n"
        "import drakkar.sim._forkserver_preload, drakkar.sim.stacks\n"
        "print('numpy' in sys.modules, len(os.listdir('/proc/self/task')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "1"], out.stdout + out.stderr
