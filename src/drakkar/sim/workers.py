"""The simulator's worker processes: each with a pipe of its own, so a dead one is noticed.

`engine/workers.py` says why not concurrent.futures.ProcessPoolExecutor (a worker killed
while writing its results hung it) and holds the worker's side; this is the pool a study
runs on, sending tasks ahead and yielding results as they come.

A stuck worker (a game or agent in an endless loop) is noticed too, when a `limit` is given:
a task is several games, so the task itself says when it starts each (`started(item)`), in a
slot of shared memory each worker has: the pool reads, without a message or a lock, which
item each worker is on and since when, and stops a worker that has been on one too long.
Before killing it, the pool asks it for its Python stack (`stacks.py`), so the error can say
where it was stuck; each worker's stack goes to a file in a folder of the pool's, removed on
`close()` (or at exit, for a pool never closed).

What a task has finished when its worker dies, is stopped as stuck or is abandoned (a game's
result line, when the task is a chunk of games) need not be lost with it: the task says so
with `keep(text)`, which appends the text to a file of its worker's in that folder at once
(the kernel has it even if the worker is killed the next moment). `close()` stops the
workers and gives back what the tasks they had not answered kept.
"""

from __future__ import annotations

import math
import os
import shutil
import tempfile
import time
import weakref
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from multiprocessing.connection import Connection, wait
from typing import Any

from drakkar.engine import workers
from drakkar.engine.workers import WorkerDied, WorkerError
from drakkar.sim import stacks

__all__ = ["AHEAD", "WorkerDied", "WorkerError", "WorkerStuck", "Workers", "keep", "started"]

# Tasks sent ahead to each worker: it starts the next while the main process saves the last.
# Tasks are a few indices (their shared arguments go once per run), so the pipe never fills.
AHEAD = 2

# A worker's slot: [since, item], `since` its time.monotonic() (system-wide on Linux and
# macOS, so comparable between processes), NaN while it is on no item.
_SINCE, _ITEM = 0, 1
_slot: Any = None  # in a worker process: its own slot
_kept_file = ""  # in a worker process: the file its task keeps finished work in
_kept_fd: int | None = None  # that file, open once the first task begins


class WorkerStuck(WorkerDied):
    """A worker was on one item (`item`, e.g. a game's index) longer than `limit` seconds: it
    was killed, and its task is lost as a dead worker's is. `stack`: where it was, in
    faulthandler's words (innermost call first), or "" if it could not say (see `stacks`)."""

    def __init__(self, pid: int | None, item: int, limit: float, stack: str = "") -> None:
        super().__init__(pid)
        self.item = item
        self.limit = limit
        self.stack = stack
        self.args = (f"worker process {pid} was on item {item} longer than {limit:g} s",)


def started(item: int | None) -> None:
    """Called by a task in a worker as it starts `item` (None: it is on none): the pool then
    times that item alone, whatever the task did before it. Does nothing outside the pool."""
    if _slot is not None:
        # `since` first: the pool reads since, item, since, and trusts a pair whose `since`
        # did not change in between
        _slot[_SINCE] = math.nan if item is None else time.monotonic()
        _slot[_ITEM] = -1 if item is None else item


def keep(text: str) -> None:
    """Called by a task in a worker with a piece of its work that is done (one line of text):
    should the worker die before it answers, `close()` gives it back. Does nothing outside
    the pool."""
    if _kept_fd is not None:
        os.write(_kept_fd, (text + "\n").encode())


class _Counted:
    """The pool's task function as the worker runs it: it numbers the tasks of one
    `map_unordered` (`call`), and empties the kept file for each, headed by call and number,
    so `close()` knows which task kept what."""

    def __init__(self, fn: Callable[..., Any], call: int) -> None:
        self.fn, self.call, self.tasks = fn, call, 0

    def __call__(self, *args: Any) -> Any:
        global _kept_fd
        self.tasks += 1
        if _kept_file:
            if _kept_fd is None:
                _kept_fd = os.open(_kept_file, os.O_WRONLY | os.O_CREAT, 0o600)
            # emptied in place, the file kept open: a file truncated, written and closed
            # again and again is flushed to disk at each close (ext4's auto_da_alloc)
            os.ftruncate(_kept_fd, 0)
            os.lseek(_kept_fd, 0, os.SEEK_SET)
            os.write(_kept_fd, f"{self.call} {self.tasks}\n".encode())
        return self.fn(*args)


def _serve(conn: Connection, slot: Any, stack_file: str, kept_file: str) -> None:
    global _slot, _kept_file
    _slot, _kept_file = slot, kept_file
    stacks.ready(stack_file)
    workers.serve(conn)


class Workers:
    """`count` daemon processes started with `context`, kept until `close()` or exit."""

    def __init__(self, count: int, context: Any) -> None:
        # lock=False: a worker killed while holding a lock would leave the pool waiting on it;
        # one double is written and read whole, and `_on` reads the pair with a check
        self._slots = [context.Array("d", [math.nan, -1], lock=False) for _ in range(count)]
        folder = tempfile.mkdtemp(prefix="drakkar-stacks-")
        self._remove_stack_files = weakref.finalize(self, shutil.rmtree, folder, True)
        self._stack_files = [f"{folder}/worker-{i}.txt" for i in range(count)]
        self._kept_files = [f"{folder}/worker-{i}-kept.txt" for i in range(count)]
        self._call = 0  # map_unordered calls so far
        self._answered = [0] * count  # tasks of this call each worker has answered
        begun = [
            workers.start(context, partial(_serve, slot=slot, stack_file=path, kept_file=kept))
            for slot, path, kept in zip(
                self._slots, self._stack_files, self._kept_files, strict=True
            )
        ]
        self._procs: list[Any] = [proc for proc, _ in begun]
        self._conns: list[Connection] = [conn for _, conn in begun]

    def pids(self) -> list[int]:
        return [p.pid for p in self._procs]

    def alive(self) -> bool:
        return all(p.is_alive() for p in self._procs)

    def map_unordered(
        self,
        fn: Callable[..., Any],
        shared: tuple[Any, ...],
        tasks: Iterable[Any],
        limit: float | None = None,
    ) -> Iterator[Any]:
        """Yield `fn(*shared, task)` for every task, as workers finish them.

        Raises WorkerDied when a worker dies (after yielding what it had sent in full), and
        WorkerError when `fn` raises. With a `limit`, a worker on one item (see `started`)
        for longer than `limit` seconds is killed: WorkerStuck, after yielding what every
        worker had sent. Either way, and if the caller stops early, tasks are still under way:
        `close()` the pool rather than use it again: it gives back what the tasks under way
        kept (see `keep`).
        """
        todo = deque(tasks)
        busy = [0] * len(self._conns)  # tasks sent to each worker, not yet answered
        self._call += 1
        self._answered = [0] * len(self._conns)
        for i in range(len(self._conns)):
            self._slots[i][_SINCE] = math.nan  # idle, whatever its last study left
            self._send(i, ("shared", (_Counted(fn, self._call), *shared)))
            while todo and busy[i] < AHEAD:
                self._send(i, ("task", todo.popleft()))
                busy[i] += 1
        sentinels = {p.sentinel: i for i, p in enumerate(self._procs)}
        while any(busy):
            timeout = None if limit is None else self._time_left(busy, limit)
            waiting = [c for c, n in zip(self._conns, busy, strict=True) if n]
            ready = wait(waiting + [*sentinels], timeout)
            dead = {i for s, i in sentinels.items() if s in ready}
            for i, conn in enumerate(self._conns):
                if conn in ready and i not in dead:
                    reply = self._receive(i)
                    busy[i] -= 1
                    self._answered[i] += 1
                    if todo:
                        self._send(i, ("task", todo.popleft()))
                        busy[i] += 1
                    yield reply
            for i in sorted(dead):
                yield from self._last_words(i, busy[i])
            if dead:
                raise WorkerDied(self._procs[min(dead)].pid)
            if limit is not None:
                yield from self._stop_a_stuck_worker(busy, limit)

    def _on(self, i: int) -> tuple[float, int]:
        """Since when worker `i` is on which item (NaN: none)."""
        slot = self._slots[i]
        while True:
            since, item, again = slot[_SINCE], slot[_ITEM], slot[_SINCE]
            if since == again or (math.isnan(since) and math.isnan(again)):
                return since, int(item)

    def _time_left(self, busy: list[int], limit: float) -> float:
        """Seconds until the first busy worker passes the limit on its item; `limit` when none
        is on one (an item started after this look has at least that long)."""
        now = time.monotonic()
        ends = [since + limit for since, _ in map(self._on, _busy(busy)) if not math.isnan(since)]
        return max(0.0, min(ends, default=now + limit) - now)

    def _stop_a_stuck_worker(self, busy: list[int], limit: float) -> Iterator[Any]:
        now = time.monotonic()
        for i in _busy(busy):
            since, item = self._on(i)
            if now - since > limit:  # False for NaN
                proc = self._procs[i]
                stack = stacks.take(proc.pid, self._stack_files[i])  # within stacks.WAIT
                proc.kill()
                proc.join(timeout=5)  # gone when this is raised, not a moment later
                for j in _busy(busy):  # what every worker had sent (it too, a moment ago)
                    yield from self._last_words(j, busy[j])
                raise WorkerStuck(proc.pid, item, limit, stack)

    def _last_words(self, i: int, busy: int) -> Iterator[Any]:
        """What a dead (or abandoned) worker had sent in full; a message a dead one was writing
        reads as EOF."""
        for _ in range(busy):
            try:
                if not self._conns[i].poll():
                    return
                reply = self._receive(i)
            except WorkerDied:
                return
            self._answered[i] += 1
            yield reply

    def _send(self, i: int, message: Any) -> None:
        try:
            self._conns[i].send(message)
        except OSError as e:  # BrokenPipeError: it died before reading
            raise WorkerDied(self._procs[i].pid) from e

    def _receive(self, i: int) -> Any:
        return workers.receive(self._conns[i], self._procs[i].pid)

    def close(self) -> list[str]:
        """Stop every worker, abandoning its task, and remove the pool's files; return what
        the tasks they had not answered kept (`keep`), in the order each kept it."""
        workers.stop(self._procs, self._conns)
        kept = [text for i in range(len(self._procs)) for text in self._kept(i)]
        self._remove_stack_files()
        return kept

    def _kept(self, i: int) -> list[str]:
        """What worker `i`'s last task kept, if it is a task of this call it did not answer;
        a line it was writing when it was stopped is left out."""
        try:
            with open(self._kept_files[i], encoding="utf-8", errors="replace") as fh:
                head, *lines = fh.read().split("\n")
        except FileNotFoundError:
            return []
        if head != f"{self._call} {self._answered[i] + 1}":
            return []  # another call's, or an answered task's (its replies were received)
        return lines[:-1]  # the text after the last newline is cut short, or empty


def _busy(busy: list[int]) -> list[int]:
    return [i for i, n in enumerate(busy) if n]
