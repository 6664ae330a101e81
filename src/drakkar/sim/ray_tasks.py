"""What a study runs on Ray: a chunk of games as one task, each game kept and timed as the
process pool's workers do it (`workers.py`), with Ray's means.

Kept: a task gives back its chunk's lines only at its end, so the games it had finished
when it is cancelled (Ctrl-C, a failed game elsewhere) or lost (its node died) would go with
it. Each task therefore pushes its finished games' lines, every `PUSH_EVERY` seconds from a
thread of its own, to a `Keeper`: a Ray actor on the driver's node (its lines live as long
as the driver), which the driver tells to forget each chunk it receives whole and empties
when the run stops. Pushes, not one call a game: one actor serves every task of a cluster.

Timed: a node's processes are out of the driver's reach (no shared memory, no signal), so
with a game timeout the task times each game itself, in the process that plays it: SIGALRM
at the limit, whose handler takes the game's stack and stops it (`GameStopped`, which an
agent's `except Exception` does not catch), and the task reports it in its chunk's error.
A game that cannot be interrupted so (C code holding the interpreter, SIGALRM blocked, a bare
`except:` in an agent) is ended by faulthandler's watchdog thread, which kills the process
(between `limit + stacks.WAIT` and twice that after the game began): Ray then plays the task
again, as for a lost node, and the run stops as for one once Ray gives up.
"""

from __future__ import annotations

import faulthandler
import math
import signal
import threading
import time
from collections import deque
from collections.abc import Iterable
from typing import Any

from drakkar.engine.game import Game
from drakkar.sim import stacks
from drakkar.sim.play import Chunk, play_chunk
from drakkar.sim.study import Study

__all__ = ["PUSH_EVERY", "GameStopped", "Keeper", "play_on_ray"]

# Seconds between a task's pushes of its finished games: what a stop may lose of each chunk.
PUSH_EVERY = 0.1


class Keeper:
    """The lines of the games the tasks under way have finished (a Ray actor of the driver's:
    `ray.remote(Keeper)`). `games`: the study's size; a game forgotten stays forgotten, so a
    push that comes after its chunk was received whole does not keep it again."""

    def __init__(self, games: int) -> None:
        self._forgotten = bytearray(games)
        self._kept: dict[int, str] = {}

    def keep(self, lines: list[tuple[int, str]]) -> None:
        for index, text in lines:
            if not self._forgotten[index]:
                self._kept[index] = text  # a retried task's line again: the same text

    def forget(self, indices: Iterable[int]) -> None:
        """The games of a chunk the driver received (saved, or never to be played by it)."""
        for index in indices:
            self._forgotten[index] = 1
            self._kept.pop(index, None)

    def take(self) -> list[str]:
        """Every line kept, each given once."""
        lines = list(self._kept.values())
        self.forget(list(self._kept))
        return lines


class GameStopped(BaseException):
    """Raised in game `index` by its task's timer after `limit` seconds; `stack` is where it
    was (faulthandler's words). A BaseException, as KeyboardInterrupt: an agent's `except
    Exception` does not swallow it."""

    def __init__(self, index: int, limit: float, stack: str) -> None:
        super().__init__(index, limit)
        self.index, self.limit, self.stack = index, limit, stack


def play_on_ray(
    game: Game, study: Study, indices: list[int], keeper: Any, limit: float | None
) -> Chunk:
    """`play_chunk` in a Ray task: each finished game pushed to `keeper` (a Keeper actor), and
    each game stopped after `limit` seconds (None: no limit). A stopped game is the chunk's
    error, with `timed_out` (the limit) and `stack` beside its index and seed."""
    pusher = _Pusher(keeper)
    timer = _Timer(limit)
    try:
        return play_chunk(game, study, indices, keep=pusher.keep, started=timer.started)
    except GameStopped as e:  # (stopped a moment after it ended: its line is dropped)
        lines = [(index, text) for index, text in pusher.lines if index != e.index]
        error = {
            "index": e.index,
            "seed": study.game_seed(e.index),
            "timed_out": e.limit,
            "stack": e.stack,
        }
        return lines, error
    finally:
        timer.close()
        pusher.close()


class _Pusher:
    """A task's finished games: all of them (`lines`), and those not yet pushed to the keeper,
    which a thread pushes every PUSH_EVERY seconds until `close()`."""

    def __init__(self, keeper: Any) -> None:
        self.keeper = keeper
        self.lines: list[tuple[int, str]] = []
        self._new: deque[tuple[int, str]] = deque()  # appended here, popped by the thread
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._run, name="drakkar-keep", daemon=True)
        self._thread.start()

    def keep(self, index: int, text: str) -> None:
        self.lines.append((index, text))
        self._new.append((index, text))

    def _run(self) -> None:
        while not self._closed.wait(PUSH_EVERY):
            batch = [self._new.popleft() for _ in range(len(self._new))]
            if batch:
                self.keeper.keep.remote(batch)  # not awaited: the task plays on

    def close(self) -> None:
        """Stop pushing: the task's end gives the rest back."""
        self._closed.set()
        self._thread.join()


class _Timer:
    """Stops a game still being played after `limit` seconds (None: never), in this process:
    `started(index)` arms SIGALRM for game `index`, and faulthandler's watchdog, if it would
    end the game before `limit + stacks.WAIT` seconds, for twice that; `started(None)` disarms
    both. (The watchdog is a thread, started again each time it is armed: armed for each game,
    it cost a fifth of the play of Viking Raid's random games; so, at most once in that time.)
    """

    def __init__(self, limit: float | None) -> None:
        self.limit = limit
        self.on: tuple[int, float] | None = None  # the game being played, and since when
        self._watchdog = -math.inf  # when faulthandler's watchdog would end this process
        if limit is not None:  # a Ray task runs in its worker's main thread, where this works
            self._before = signal.signal(signal.SIGALRM, self._ring)

    def started(self, index: int | None) -> None:
        if self.limit is None:
            return
        now = time.monotonic()
        self.on = None if index is None else (index, now)  # before its alarm is set
        if index is None:
            signal.setitimer(signal.ITIMER_REAL, 0)
            faulthandler.cancel_dump_traceback_later()
            self._watchdog = -math.inf
            return
        grace = self.limit + stacks.WAIT
        if self._watchdog < now + grace:
            faulthandler.dump_traceback_later(2 * grace, exit=True)
            self._watchdog = now + 2 * grace
        signal.setitimer(signal.ITIMER_REAL, self.limit)

    def _ring(self, signum: int, frame: Any) -> None:
        on, limit = self.on, self.limit
        # Python runs a handler a moment after the signal: the alarm of a game that ended just
        # under the limit may ring in the next, which it must not stop
        if on is not None and limit is not None and time.monotonic() - on[1] >= limit:
            raise GameStopped(on[0], limit, stacks.of_frame(frame))

    def close(self) -> None:
        if self.limit is not None:
            self.started(None)
            signal.signal(signal.SIGALRM, self._before)
