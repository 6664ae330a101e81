"""The simulator's worker processes: each with a pipe of its own, so a dead one is noticed.

Why not concurrent.futures.ProcessPoolExecutor: its workers write their results into one
shared pipe, read by a thread of the pool. A worker killed by the OS (out of memory,
`kill -9`) while writing leaves half a message there, and still holds the pipe's lock: that
thread then waits for the rest for ever, and the study with it, and the interpreter at exit
(it joins that thread). Patching around it means reaching into the pool's private parts.
Here the main process reads each worker's own pipe, only when the pipe (or the worker's
death) says there is something to read; the worker alone holds its end, so its death ends
a half-written message at once (EOF), and its sentinel tells of a death between messages.
"""

from __future__ import annotations

import signal
import traceback
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from multiprocessing.connection import Connection, wait
from typing import Any

# Tasks sent ahead to each worker: it starts the next while the main process saves the last.
# Tasks are a few indices (their shared arguments go once per run), so the pipe never fills.
AHEAD = 2


class WorkerDied(Exception):
    """A worker process died (killed, out of memory): its tasks are lost, the pool unusable."""

    def __init__(self, pid: int | None) -> None:
        self.pid = pid
        super().__init__(f"worker process {pid} died")


class WorkerError(Exception):
    """A task raised in a worker; the message holds the worker's traceback."""


def _serve(conn: Connection) -> None:
    # Ctrl-C reaches the whole process group; it is the main process's to handle (the fork
    # server's preload ignores it from the start, this is for any other start method)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    work: Callable[[Any], Any] | None = None
    while True:
        try:
            kind, payload = conn.recv()
        except EOFError:
            return  # the main process closed the pool, or is gone
        if kind == "shared":
            work = partial(*payload)
            continue
        try:
            assert work is not None, "a task came before its function"
            reply = ("done", work(payload))
        except Exception:
            reply = ("error", traceback.format_exc())
        try:
            conn.send(reply)
        except OSError:
            return  # the main process is gone


class Workers:
    """`count` daemon processes started with `context`, kept until `close()` or exit."""

    def __init__(self, count: int, context: Any) -> None:
        self._procs: list[Any] = []
        self._conns: list[Connection] = []
        for _ in range(count):
            mine, theirs = context.Pipe()
            proc = context.Process(target=_serve, args=(theirs,), daemon=True)
            proc.start()
            theirs.close()  # the worker's end is the worker's alone: its death is our EOF
            self._procs.append(proc)
            self._conns.append(mine)

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
        try:
            kind, payload = self._conns[i].recv()
        except (EOFError, OSError) as e:
            raise WorkerDied(self._procs[i].pid) from e
        if kind == "error":
            raise WorkerError(payload)
        return payload

    def close(self) -> None:
        """Stop every worker, abandoning its task."""
        for proc in self._procs:
            if proc.is_alive():
                proc.terminate()
        for proc, conn in zip(self._procs, self._conns, strict=True):
            proc.join(timeout=5)
            if proc.is_alive():
                proc.kill()
                proc.join()
            conn.close()
