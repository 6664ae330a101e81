"""Worker processes each with a pipe of its own, so a dead one is noticed, not waited for.

The simulator's pool (`sim/workers.py`) and the server's search workers (`server/thinking.py`)
both stand on this. Why not concurrent.futures.ProcessPoolExecutor: its workers write their
results into one shared pipe, read by a thread of the pool. A worker killed by the OS (out of
memory, `kill -9`) while writing leaves half a message there, and still holds the pipe's
lock: that thread then waits for the rest for ever, and every later task with it, and the
interpreter at exit (it joins that thread). Patching around it means reaching into the pool's
private parts. Here the main process reads each worker's own pipe, only when the pipe (or the
worker's death) says there is something to read; the worker alone holds its end, so its
death ends a half-written message at once (EOF), and its sentinel tells of a death between
messages.

A worker reads messages `(kind, payload)` and answers each task with `("done", result)` or
`("error", traceback)`:

- `("shared", (fn, *args))`: the tasks that follow are `fn(*args, task)` (the arguments that
  every task shares travel once);
- `("task", task)`: answer `fn(*args, task)` with the shared function and arguments;
- `("call", (fn, args))`: answer `fn(*args)`.
"""

from __future__ import annotations

import signal
import traceback
from collections.abc import Callable, Sequence
from functools import partial
from multiprocessing.connection import Connection
from typing import Any


class WorkerDied(Exception):
    """A worker process died (killed, out of memory): the task it was doing is lost."""

    def __init__(self, pid: int | None) -> None:
        self.pid = pid
        super().__init__(f"worker process {pid} died")


class WorkerError(Exception):
    """A task raised in a worker; the message holds the worker's traceback."""


def serve(conn: Connection) -> None:
    """A worker's life: answer the messages on `conn` until the main process closes it."""
    # Ctrl-C reaches the whole process group; it is the main process's to handle (it stops
    # the workers)
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
            if kind == "call":
                fn, args = payload
                reply = ("done", fn(*args))
            else:
                assert work is not None, "a task came before its function"
                reply = ("done", work(payload))
        except Exception:
            reply = ("error", traceback.format_exc())
        try:
            conn.send(reply)
        except OSError:
            return  # the main process is gone


def start(context: Any, target: Callable[[Connection], None] = serve) -> tuple[Any, Connection]:
    """A daemon process of `context` running `target` (`serve`, or a function that prepares
    the worker and then calls it) and the main process's end of its pipe."""
    mine, theirs = context.Pipe()
    proc = context.Process(target=target, args=(theirs,), daemon=True)
    proc.start()
    theirs.close()  # the worker's end is the worker's alone: its death is our EOF
    return proc, mine


def receive(conn: Connection, pid: int | None) -> Any:
    """The next answer on `conn`, from worker `pid`: its result, else WorkerError (the task
    raised) or WorkerDied (the pipe ended, perhaps mid-message)."""
    try:
        kind, payload = conn.recv()
    except (EOFError, OSError) as e:
        raise WorkerDied(pid) from e
    if kind == "error":
        raise WorkerError(payload)
    return payload


def stop(procs: Sequence[Any], conns: Sequence[Connection]) -> None:
    """Stop every worker, abandoning its task: SIGTERM, then SIGKILL one that lingers."""
    for proc in procs:
        if proc.is_alive():
            proc.terminate()
    for proc in procs:
        proc.join(timeout=5)
        if proc.is_alive():
            proc.kill()
            proc.join()
    for conn in conns:
        conn.close()
