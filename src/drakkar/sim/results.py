"""The results file: JSON Lines, one finished game a line, appended as each game finishes.

Lines are in the order games finished, not by index. A run that was killed mid-write leaves at
most one broken last line; reading repairs that (cuts it off) so appending can go on.
"""

from __future__ import annotations

import gc
import json
import os
import time
from pathlib import Path
from types import TracebackType
from typing import Any

from drakkar.sim.study import RESULTS_FILE, Study, StudyError

_KEYS = ("index", "seed", "entrants", "agents", "returns", "scores", "length", "record")


def read_results(directory: Path, study: Study, repair: bool = False) -> dict[int, dict[str, Any]]:
    """The finished games by index. A broken last line is dropped (and cut off if `repair`).

    A broken line anywhere else, or a line that does not belong to `study`, is an error naming
    its line number: the file was edited, or another study's results were mixed in.
    """
    path = Path(directory) / RESULTS_FILE
    if not path.exists():
        return {}
    data = path.read_bytes()
    # Hundreds of thousands of small dicts would set the cyclic GC off again and again
    # (quadratic time); none of them holds a cycle.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _parse(path, data, study, repair)
    finally:
        if was_enabled:
            gc.enable()


def _parse(path: Path, data: bytes, study: Study, repair: bool) -> dict[int, dict[str, Any]]:
    done: dict[int, dict[str, Any]] = {}
    good_end = 0
    pos = 0
    lineno = 0
    while pos < len(data):
        lineno += 1
        end = data.find(b"\n", pos)
        last = end == -1
        raw = data[pos:] if last else data[pos:end]
        try:
            line = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            if last or data[end + 1 :].strip() == b"":
                break  # the write a crash cut short: drop it
            raise StudyError(f"{path}, line {lineno}: not JSON ({e})") from None
        if last:
            break  # whole JSON but no newline: the crash came before the newline; drop it
        try:
            _check_line(line, study)
        except StudyError as e:
            raise StudyError(f"{path}, line {lineno}: {e}") from None
        done.setdefault(line["index"], line)
        pos = good_end = end + 1
    if repair and good_end < len(data):
        with open(path, "r+b") as fh:
            fh.truncate(good_end)
    return done


def _check_line(line: Any, study: Study) -> None:
    if not isinstance(line, dict):
        raise StudyError("a result line must be a JSON object")
    missing = [k for k in _KEYS if k not in line]
    if missing:
        raise StudyError(f"result line lacks {', '.join(missing)}")
    i = line["index"]
    if not isinstance(i, int) or not 0 <= i < study.games:
        raise StudyError(f"game index {i!r} is outside this study (0 to {study.games - 1})")
    if line["seed"] != study.game_seed(i) or tuple(line["entrants"]) != study.entrants(i):
        raise StudyError(f"game {i} does not belong to this study (its seed or seats differ)")


class ResultsWriter:
    """Appends result lines; flushed at once (Ctrl-C loses nothing), synced to disk each second."""

    def __init__(self, directory: Path) -> None:
        self.path = Path(directory) / RESULTS_FILE
        self._fh = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 - closed in close()
        self._synced = time.monotonic()

    def write(self, result: dict[str, Any]) -> None:
        self.write_lines([json.dumps(result, separators=(",", ":"))])

    def write_lines(self, lines: list[str]) -> None:
        """Append lines of JSON text (each one game), flushed at once."""
        if not lines:
            return
        self._fh.write("\n".join(lines) + "\n")
        self._fh.flush()
        if time.monotonic() - self._synced > 1.0:
            os.fsync(self._fh.fileno())
            self._synced = time.monotonic()

    def close(self) -> None:
        if not self._fh.closed:
            self._fh.flush()
            os.fsync(self._fh.fileno())
            self._fh.close()

    def __enter__(self) -> ResultsWriter:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
