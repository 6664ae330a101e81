"""A stuck worker's stack: taken in a Python loop, in C code and beside a thread; "" in time
when the worker cannot answer."""

from __future__ import annotations

import inspect
import multiprocessing
import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from drakkar.sim import stacks

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGUSR1"), reason="no SIGUSR1 here")


def loop_forever() -> None:
    while True:
        pass


def sleep_in_c() -> None:
    time.sleep(600)  # one C call: faulthandler answers from its signal handler all the same


def loop_with_the_signal_blocked() -> None:
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1})  # as C code may hold it
    loop_forever()


def loop_beside_a_thread() -> None:
    threading.Thread(target=sleep_in_c, daemon=True).start()
    loop_forever()


def _worker(path: str, stuck: Callable[[], None], ready: Any) -> None:
    stacks.ready(path)
    ready.set()
    stuck()


@pytest.fixture
def stuck_worker(tmp_path: Path) -> Iterator[Callable[[Callable[[], None]], tuple[int, str]]]:
    """Start a worker made ready with a stack file, stuck in the function given."""
    procs = []
    context = multiprocessing.get_context("forkserver")

    def start(stuck: Callable[[], None]) -> tuple[int, str]:
        path, ready = str(tmp_path / f"worker-{len(procs)}.txt"), context.Event()
        proc = context.Process(target=_worker, args=(path, stuck, ready), daemon=True)
        proc.start()
        procs.append(proc)
        assert ready.wait(20)
        time.sleep(0.1)  # well inside the function
        return proc.pid, path

    yield start
    for proc in procs:
        proc.kill()
        proc.join()


@pytest.mark.timeout(30)
@pytest.mark.parametrize("stuck", [loop_forever, sleep_in_c])
def test_a_stuck_worker_writes_where_it_is_in_a_python_loop_or_in_c(
    stuck_worker: Callable[[Callable[[], None]], tuple[int, str]], stuck: Callable[[], None]
) -> None:
    pid, path = stuck_worker(stuck)
    begun = time.monotonic()
    stack = stacks.take(pid, path)
    assert time.monotonic() - begun < stacks.WAIT / 2  # it answers at once
    assert stack.startswith("Current thread 0x") and "(most recent call first):" in stack
    innermost = stacks.innermost(stack, 2)
    assert innermost[0].endswith(f"in {stuck.__name__}") and "stacks_test.py" in innermost[0]
    assert innermost[1].startswith("    ") and innermost[1].strip() in inspect.getsource(stuck)
    assert innermost[2].endswith("in _worker") and innermost[3].strip() == "stuck()"
    assert len(innermost) == 4  # two frames, each with its line of source


@pytest.mark.timeout(30)
def test_the_main_thread_is_the_one_shown_and_every_thread_is_kept(
    stuck_worker: Callable[[Callable[[], None]], tuple[int, str]],
) -> None:
    pid, path = stuck_worker(loop_beside_a_thread)
    stack = stacks.take(pid, path)
    assert "in sleep_in_c" in stack  # the other thread, listed first
    assert stacks.innermost(stack, 1)[0].endswith("in loop_forever")


@pytest.mark.timeout(30)
def test_a_worker_with_the_signal_blocked_gives_no_stack_within_the_wait(
    stuck_worker: Callable[[Callable[[], None]], tuple[int, str]],
) -> None:
    pid, path = stuck_worker(loop_with_the_signal_blocked)
    begun = time.monotonic()
    assert stacks.take(pid, path, wait=0.5) == ""
    assert 0.5 <= time.monotonic() - begun < 1.5


def test_a_gone_worker_gives_no_stack(tmp_path: Path) -> None:
    proc = multiprocessing.get_context("forkserver").Process(target=time.sleep, args=(0,))
    proc.start()
    proc.join()
    assert stacks.take(proc.pid or 0, str(tmp_path / "none.txt")) == ""


def test_readable_puts_each_frame_s_source_under_it_and_keeps_the_rest() -> None:
    line = loop_forever.__code__.co_firstlineno + 1
    stack = (
        "Current thread 0x1 (most recent call first):\n"
        f'  File "{__file__}", line {line} in loop_forever\n'
        '  File "<string>", line 1 in <module>\n'
    )
    assert stacks.readable(stack).splitlines() == [
        "Current thread 0x1 (most recent call first):",
        f'  File "{__file__}", line {line} in loop_forever',
        "    while True:",
        '  File "<string>", line 1 in <module>',  # no source to show
    ]
    assert stacks.readable("") == "" and stacks.innermost("garbled") == []
