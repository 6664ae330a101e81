"""Where the server's search bots think: worker processes beside the event loop.

A search (a hard bot's move, a hint) is up to 2 seconds of pure Python. In a thread it shares
the interpreter's lock with the event loop: two searches at once each get half a core, so each
searches less within its 2 seconds, and every request waits its turn behind them. In a worker
process each search has a core of its own and the loop stays free to answer.

The agent travels to the worker with the state and comes back with its move, so its random
stream goes on from where that move left it, exactly as if it had thought in the server.
Quick bots (random, heuristic) move in a thread: shipping them would cost more than thinking.

`Thinkers(0)` thinks in threads only (tests; `drakkar serve --search-processes 0`).

The workers are `engine/workers.py`'s, each with a pipe of its own, not a ProcessPoolExecutor:
there a worker killed while writing its answer (out of memory, `kill -9`) left half a message
in the one pipe every worker shares, and the pool's thread waited for the rest for ever, so
no hard bot at any table moved again, no hint came, and the server could not stop. Here a
search waits on its own worker's pipe and on that worker's death (`loop.add_reader`: no
thread waits, and the loop reads an answer only once it is coming), and a worker that dies
fails only its search and is replaced at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import logging
import multiprocessing
import os
import signal
import threading
from collections import deque
from collections.abc import Callable
from multiprocessing.connection import Connection, wait
from typing import Any

from drakkar.agents.ismcts import ISMCTSAgent
from drakkar.engine import workers
from drakkar.engine.agent import Agent
from drakkar.engine.state import State
from drakkar.engine.workers import WorkerDied, WorkerError

__all__ = ["Thinkers", "WorkerDied", "WorkerError"]

log = logging.getLogger("drakkar.server")
PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent thread ends


def _worker_start() -> None:
    """Ctrl-C is for the server (it stops the workers); and a worker ends with the server,
    even a server killed outright (Linux: the kernel sends SIGTERM when the parent dies).
    Every game is imported now, so that the first search does not wait for it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from drakkar.engine.registry import games

    games()
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):  # not Linux: a killed server leaves idle workers behind
        pass
    if os.getppid() == 1:  # the server died before the line above: end now
        os._exit(0)


def _serve(conn: Connection) -> None:
    _worker_start()
    workers.serve(conn)


def _act(agent: Agent, state: State, seat: int) -> tuple[int, Agent]:
    return agent.act(state, seat), agent


def _analyse(agent: Any, state: State, seat: int) -> list[tuple[int, float]]:
    result: list[tuple[int, float]] = agent.analyse(state, seat)
    return result


def _watch(
    loop: asyncio.AbstractEventLoop, worker: _Worker, ready: Callable[[], None]
) -> Callable[[], None]:
    """Call `ready` (once) when `worker`'s pipe has something to read or the worker is dead;
    return what stops watching. The loop watches both (no thread waits; the loop is not
    blocked); a loop that cannot (Windows' proactor) has a thread wait instead."""
    fds = (worker.conn.fileno(), worker.proc.sentinel)

    def unwatch() -> None:
        if not loop.is_closed():
            for fd in fds:
                loop.remove_reader(fd)

    try:
        for fd in fds:
            loop.add_reader(fd, ready)
    except NotImplementedError:

        def wait_then_call() -> None:
            wait([worker.conn, worker.proc.sentinel])
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(ready)

        threading.Thread(target=wait_then_call, daemon=True).start()
        return lambda: None  # (the thread ends when the worker answers or dies)
    return unwatch


class _Worker:
    """One search process and the server's end of its pipe; `halt` (set while a search waits
    for its answer) stops the wait and fails the search."""

    def __init__(self) -> None:
        # spawn, not fork (unsafe beside uvicorn's threads) nor forkserver (its workers are
        # not the server's children, so nothing stops them if the server is killed)
        self.proc, self.conn = workers.start(multiprocessing.get_context("spawn"), _serve)
        self.halt: Callable[[], None] | None = None

    def kill(self) -> None:
        self.proc.kill()  # (dead already, or about to be: its pipe ended)
        self.conn.close()


class Thinkers:
    """Search bots' moves and hints, in `processes` worker processes (0: in threads).

    A search takes an idle worker (or waits for one, first come first served), sends it the
    call and awaits the answer; the event loop reads it when the worker's pipe, or its death,
    says so. Use one Thinkers from one thread (the event loop's) at a time.
    """

    def __init__(self, processes: int) -> None:
        if isinstance(processes, bool) or not isinstance(processes, int) or processes < 0:
            raise ValueError(f"search processes must be a whole number >= 0, got {processes!r}")
        self.processes = processes
        self._workers: list[_Worker] = []  # every worker process, busy or idle
        self._idle: deque[_Worker] = deque()
        self._waiting: deque[asyncio.Future[_Worker]] = deque()  # searches waiting for one

    def start(self) -> None:
        """Start the workers now (the server's start-up), not at the first search: a worker
        takes about a second to start and import the games, which a person asking for the
        first hint, or the first hard bot, would otherwise wait for."""
        while len(self._workers) < self.processes:
            self._free(self._hire())

    def pids(self) -> list[int]:
        """The worker processes' ids (none before `start`, the first search, or after `close`)."""
        return [w.proc.pid for w in self._workers]

    def _hire(self) -> _Worker:
        worker = _Worker()
        self._workers.append(worker)
        return worker

    def _free(self, worker: _Worker) -> None:
        """`worker` is idle: it goes to the search that has waited longest, else to the idle."""
        if worker not in self._workers:
            return  # closed meanwhile
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():  # (a search given up while waiting)
                waiter.set_result(worker)
                return
        self._idle.append(worker)

    def _lost(self, worker: _Worker) -> None:
        """`worker` died: a new one takes its place (its zombie is reaped at the next start)."""
        if worker not in self._workers:
            return  # closed: nothing to replace
        log.error("search process %s died; starting a new one", worker.proc.pid)
        self._workers.remove(worker)
        worker.kill()
        self._free(self._hire())

    async def _take(self) -> _Worker:
        self.start()
        while True:
            if self._idle:
                worker = self._idle.popleft()
            else:
                waiter = asyncio.get_running_loop().create_future()
                self._waiting.append(waiter)
                try:
                    worker = await waiter
                except asyncio.CancelledError:
                    if waiter.done() and not waiter.cancelled():
                        self._free(waiter.result())  # given one just as it gave up
                    raise
            if worker.proc.is_alive():
                return worker
            self._lost(worker)  # died while idle: its successor may be this search's

    async def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """`fn(*args)` in a worker. Raises WorkerDied if the worker dies meanwhile (it is
        replaced), WorkerError if `fn` raised there."""
        worker = await self._take()
        try:
            # (a state and an agent are some 20-30 kB, well within the pipe's buffer: this
            # does not block the loop while the worker reads)
            worker.conn.send(("call", (fn, args)))
        except OSError:  # it died before reading
            self._lost(worker)
            raise WorkerDied(worker.proc.pid) from None
        except BaseException:  # nothing was sent (the call would not pickle)
            self._free(worker)
            raise
        return await self._answer(worker)

    def _answer(self, worker: _Worker) -> asyncio.Future[Any]:
        """The worker's answer, read when its pipe is readable or its sentinel says it died.
        If the search is given up (cancelled), the worker finishes and is idle again."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[Any] = loop.create_future()

        def settle(outcome: Any, error: BaseException | None) -> None:
            if answer.done() or loop.is_closed():
                return  # the search was given up: the worker's answer is dropped
            if error is None:
                answer.set_result(outcome)
            else:
                answer.set_exception(error)

        def ready() -> None:
            if worker.halt is None:
                return  # halted by close() meanwhile
            worker.halt = None
            unwatch()
            try:
                outcome = workers.receive(worker.conn, worker.proc.pid)
            except WorkerDied as e:  # a message cut short reads as the end of the pipe
                settle(None, e)
                self._lost(worker)
            except Exception as e:  # the call raised there, or its answer would not unpickle
                settle(None, e)
                self._free(worker)
            else:
                settle(outcome, None)
                self._free(worker)

        unwatch = _watch(loop, worker, ready)

        def halt() -> None:  # close(): the server is stopping
            worker.halt = None
            unwatch()
            settle(None, WorkerDied(worker.proc.pid))

        worker.halt = halt
        return answer

    async def act(self, agent: Agent, state: State, seat: int) -> tuple[int, Agent]:
        """The agent's move for `seat` and the agent as it is after choosing it."""
        if self.processes and isinstance(agent, ISMCTSAgent):
            action, after = await self._run(_act, agent, state, seat)
            return int(action), after
        return await asyncio.to_thread(_act, agent, state, seat)

    async def analyse(self, agent: Any, state: State, seat: int) -> list[tuple[int, float]]:
        """A search agent's candidate moves with their shares of the search."""
        if self.processes:
            result: list[tuple[int, float]] = await self._run(_analyse, agent, state, seat)
            return result
        return await asyncio.to_thread(_analyse, agent, state, seat)

    def close(self) -> None:
        """Stop the workers: a search under way fails (WorkerDied), and so does one waiting
        for a worker (RuntimeError). A search after this starts new workers."""
        roster, self._workers = self._workers, []
        self._idle.clear()
        for worker in roster:
            if worker.halt is not None:
                worker.halt()
        waiting, self._waiting = self._waiting, deque()
        for waiter in waiting:
            if not waiter.done() and not waiter.get_loop().is_closed():
                waiter.set_exception(RuntimeError("the search processes were stopped"))
        workers.stop([w.proc for w in roster], [w.conn for w in roster])
