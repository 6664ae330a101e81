"""Where a stuck worker was: its Python stack, asked for just before the pool kills it.

Each worker lets `faulthandler` write its stack to a file of the pool's on SIGUSR1
(`ready`). faulthandler writes from a C signal handler, without waiting for the interpreter,
so it answers in a Python loop and in a C call alike (`time.sleep`, a regex); it cannot when
the signal is blocked (C code may block signals) or the process is stopped, and on a platform
without SIGUSR1. `take` then returns "" after a bounded wait, and the worker is killed all
the same.
"""

from __future__ import annotations

import faulthandler
import linecache
import os
import re
import signal
import time
from typing import Any

__all__ = ["WAIT", "of_frame", "innermost", "readable", "ready", "take"]

# Seconds a worker has to write its stack once asked; it takes milliseconds when it can.
WAIT = 1.0
_POLL = 0.02

_SIGNAL: Any = getattr(signal, "SIGUSR1", None)
_CAN = _SIGNAL is not None and hasattr(faulthandler, "register")
_file: Any = None  # in a worker: the open file its stack goes to

_FRAME = re.compile(r'^  File "(?P<file>.*)", line (?P<line>\d+) in (?P<name>.*)$')


def ready(path: str) -> None:
    """In a worker: on SIGUSR1, write this process's stack to `path` (no-op without SIGUSR1).

    Every thread's, each innermost call first: a game played in the main thread while another
    waits shows both, and any thread the kernel interrupts can write them all."""
    global _file
    if not _CAN:
        return
    try:  # open for the worker's life: the handler writes to it
        _file = open(path, "w", encoding="utf-8")  # noqa: SIM115
    except OSError:
        return  # a diagnostic aid: a worker without it plays on, and gives no stack
    faulthandler.register(_SIGNAL, file=_file, all_threads=True)


def take(pid: int, path: str, wait: float = WAIT) -> str:
    """Ask worker `pid` (made `ready` with `path`) for its stack: what it wrote once its file
    stopped growing, or "" if it wrote nothing within `wait` seconds."""
    if not _CAN:
        return ""
    before = _size(path)  # anything an earlier SIGUSR1 (e.g. by hand) wrote is not this stack
    try:
        os.kill(pid, _SIGNAL)
    except ProcessLookupError:
        return ""
    deadline, last = time.monotonic() + wait, before
    while time.monotonic() < deadline:
        time.sleep(_POLL)
        size = _size(path)
        if size > before and size == last:  # written, and no longer growing
            break
        last = size
    try:
        with open(path, "rb") as f:
            f.seek(before)
            return f.read().decode("utf-8", "replace")
    except OSError:
        return ""


def of_frame(frame: Any) -> str:
    """The stack from `frame` outwards, in faulthandler's words (a signal handler's view of
    the code it interrupted: a Ray task's game timer takes it so, `ray_tasks.py`)."""
    out = ["Stack (most recent call first):"]
    while frame is not None:
        code = frame.f_code
        out.append(f'  File "{code.co_filename}", line {frame.f_lineno} in {code.co_name}')
        frame = frame.f_back
    return "\n".join(out) + "\n"


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def readable(stack: str) -> str:
    """`stack` (faulthandler's text) with each frame's line of source under it, as Python's
    own tracebacks show it (read here: the worker ran the same files)."""
    out = []
    for line in stack.splitlines():
        out.append(line)
        frame = _FRAME.match(line)
        if frame:
            source = linecache.getline(frame["file"], int(frame["line"])).strip()
            if source:
                out.append(f"    {source}")
    return "\n".join(out) + ("\n" if out else "")


def innermost(stack: str, count: int = 3) -> list[str]:
    """The `count` innermost frames of the main thread, each with its line of source: the
    last thread of `stack` (faulthandler lists the threads newest first)."""
    threads = [frames for block in stack.split("\n\n") if (frames := _frames(block))]
    return readable("\n".join(threads[-1][:count])).splitlines() if threads else []


def _frames(block: str) -> list[str]:
    return [line for line in block.splitlines() if _FRAME.match(line)]
