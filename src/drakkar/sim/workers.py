"""The simulator's worker processes: each with a pipe of its own, so a dead one is noticed.

`engine/workers.py` says why not concurrent.futures.ProcessPoolExecutor (a worker killed
while writing its results hung it) and holds the worker's side; this is the pool a study
runs on, sending tasks ahead and yielding results as they come.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.connection import Connection, wait
from typing import Any

from drakkar.engine import workers
from drakkar.engine.workers import WorkerDied, WorkerError

__all__ = ["AHEAD", "WorkerDied", "WorkerError", "Workers"]

# Tasks sent ahead to each worker: it starts the next while the main process saves the last.
# Tasks are a few indices (their shared arguments go once per run), so the pipe never fills.
AHEAD = 2


class Workers:
    """`count` daemon processes started with `context`, kept until `close()` or exit."""

    def __init__(self, count: int, context: Any) -> None:
        started = [workers.start(context) for _ in range(count)]
        self._procs: list[Any] = [proc for proc, _ in started]
        self._conns: list[Connection] = [conn for _, conn in started]

    def pids(self) -> list[int]:
        return [p.pid for p in self._procs]

    def alive(self) -> bool:
        return all(p.is_alive() for p in self._procs)

    def map_unordered(
        self, fn: Callable[..., Any], shared: tuple[Any, ...], tasks: Iterable[Any]
    ) -> Iterator[Any]:
        """Yield `fn(*shared, task)` for every task, as workers finish them.

        Raises WorkerDied when a worker dies (after yielding what it had sent in full), and
        WorkerError when `fn` raises. Either way, and if the caller stops early, tasks are
        still under way: `close()` the pool rather than use it again.
        """
        todo = deque(tasks)
        busy = [0] * len(self._conns)  # tasks sent to each worker, not yet answered
        for i in range(len(self._conns)):
            self._send(i, ("shared", (fn, *shared)))
            while todo and busy[i] < AHEAD:
                self._send(i, ("task", todo.popleft()))
                busy[i] += 1
        sentinels = {p.sentinel: i for i, p in enumerate(self._procs)}
        while any(busy):
            ready = wait([c for c, n in zip(self._conns, busy, strict=True) if n] + [*sentinels])
            dead = {i for s, i in sentinels.items() if s in ready}
            for i, conn in enumerate(self._conns):
                if conn in ready and i not in dead:
                    reply = self._receive(i)
                    busy[i] -= 1
                    if todo:
                        self._send(i, ("task", todo.popleft()))
                        busy[i] += 1
                    yield reply
            for i in sorted(dead):
                yield from self._last_words(i, busy[i])
            if dead:
                raise WorkerDied(self._procs[min(dead)].pid)

    def _last_words(self, i: int, busy: int) -> Iterator[Any]:
        """What a dead worker had sent in full; a message it was writing reads as EOF."""
        for _ in range(busy):
            try:
                if not self._conns[i].poll():
                    return
                yield self._receive(i)
            except WorkerDied:
                return

    def _send(self, i: int, message: Any) -> None:
        try:
            self._conns[i].send(message)
        except OSError as e:  # BrokenPipeError: it died before reading
            raise WorkerDied(self._procs[i].pid) from e

    def _receive(self, i: int) -> Any:
        return workers.receive(self._conns[i], self._procs[i].pid)

    def close(self) -> None:
        """Stop every worker, abandoning its task."""
        workers.stop(self._procs, self._conns)
