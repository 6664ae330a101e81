"""Where the server's search bots think: worker processes beside the event loop.

A search (a hard bot's move, a hint) is up to 2 seconds of pure Python. In a thread it shares
the interpreter's lock with the event loop: two searches at once each get half a core, so each
searches less within its 2 seconds, and every request waits its turn behind them. In a worker
process each search has a core of its own and the loop stays free to answer.

The agent travels to the worker with the state and comes back with its move, so its random
stream goes on from where that move left it, exactly as if it had thought in the server.
Quick bots (random, heuristic) move in a thread: shipping them would cost more than thinking.

`Thinkers(0)` thinks in threads only (tests; `drakkar serve --search-processes 0`).
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import logging
import multiprocessing
import os
import signal
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from drakkar.agents.ismcts import ISMCTSAgent
from drakkar.engine.agent import Agent
from drakkar.engine.state import State

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


def _ready() -> int:
    return os.getpid()


def _act(agent: Agent, state: State, seat: int) -> tuple[int, Agent]:
    return agent.act(state, seat), agent


def _analyse(agent: Any, state: State, seat: int) -> list[tuple[int, float]]:
    result: list[tuple[int, float]] = agent.analyse(state, seat)
    return result


class Thinkers:
    """Search bots' moves and hints, in `processes` worker processes (0: in threads)."""

    def __init__(self, processes: int) -> None:
        if isinstance(processes, bool) or not isinstance(processes, int) or processes < 0:
            raise ValueError(f"search processes must be a whole number >= 0, got {processes!r}")
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn, not fork (unsafe beside uvicorn's threads) nor forkserver (its workers are
            # not the server's children, so nothing stops them if the server is killed)
            ctx = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.processes, mp_context=ctx, initializer=_worker_start
            )
        return self._pool

    def start(self) -> None:
        """Start the workers now (the server's start-up), not at the first search: a worker
        takes about a second to start and import the games, which a person asking for the
        first hint, or the first hard bot, would otherwise wait for."""
        if self.processes:
            pool = self._executor()
            for _ in range(self.processes):  # one task each idle moment: a worker each
                pool.submit(_ready)

    async def _run(self, fn: Any, *args: Any) -> Any:
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor(), fn, *args)
        except BrokenProcessPool:
            # a worker died (killed, out of memory): start afresh next time, fail this search
            log.error("a search process died; starting new ones")
            self._drop()
            raise

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

    def _drop(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (a search under way is abandoned: the server is stopping)."""
        pool = self._pool
        procs = list((getattr(pool, "_processes", None) or {}).values())
        self._drop()
        for proc in procs:
            if proc.is_alive():
                proc.terminate()
        for proc in procs:
            proc.join(timeout=2)
