"""A worker with a pipe of its own: calls, shared tasks, errors, and a death mid-message."""

from __future__ import annotations

import multiprocessing
import os
import signal
import struct
from collections.abc import Iterator
from typing import Any

import pytest

from drakkar.engine import workers
from drakkar.engine.workers import WorkerDied, WorkerError


def tear_the_next_reply() -> None:
    """Test-only: this worker process writes the next message's length and half of it, then
    is killed (SIGKILL), as the OS's out-of-memory killer or a `kill -9` may do at that moment."""
    from multiprocessing.connection import Connection

    def torn(conn: Any, buf: Any) -> None:
        conn._send(struct.pack("!i", len(buf)) + bytes(buf[: len(buf) // 2]))
        os.kill(os.getpid(), signal.SIGKILL)

    Connection._send_bytes = torn  # type: ignore[method-assign]


def _torn_reply() -> bytes:
    tear_the_next_reply()
    return b"x" * 100_000  # more than a pipe holds: written in several goes


def _divide(a: int, b: int) -> tuple[int, float]:
    return os.getpid(), a / b


@pytest.fixture
def worker() -> Iterator[tuple[Any, Any]]:
    proc, conn = workers.start(multiprocessing.get_context("spawn"))
    yield proc, conn
    workers.stop([proc], [conn])
    assert not proc.is_alive()


def test_a_worker_answers_calls_and_shared_tasks_and_names_a_task_that_raised(worker) -> None:  # type: ignore[no-untyped-def]
    proc, conn = worker
    conn.send(("call", (_divide, (3, 2))))
    assert workers.receive(conn, proc.pid) == (proc.pid, 1.5)
    conn.send(("shared", (_divide, 12)))
    for task in (4, 3):
        conn.send(("task", task))
    assert [workers.receive(conn, proc.pid)[1] for _ in range(2)] == [3.0, 4.0]
    conn.send(("task", 0))
    with pytest.raises(WorkerError, match="ZeroDivisionError"):
        workers.receive(conn, proc.pid)
    conn.send(("call", (_divide, (1, 4))))  # the worker lives on after a task raised
    assert workers.receive(conn, proc.pid)[1] == 0.25


@pytest.mark.timeout(30)
def test_a_worker_killed_mid_message_is_named_dead_not_waited_for(worker) -> None:  # type: ignore[no-untyped-def]
    proc, conn = worker
    conn.send(("call", (_torn_reply, ())))
    with pytest.raises(WorkerDied, match=f"worker process {proc.pid} died"):
        workers.receive(conn, proc.pid)
    proc.join(timeout=10)
    assert proc.exitcode == -signal.SIGKILL
