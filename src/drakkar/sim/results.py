"""The results file: JSON Lines, one finished game a line, appended as each game finishes.

Lines are in the order games finished, not by index. A run that was killed mid-write leaves at
most one broken last line; reading repairs that (cuts it off) so appending can go on.
"""

from __future__ import annotations

import gc
import json
import math
import os
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any, BinaryIO

from drakkar.engine.errors import shown
from drakkar.sim.study import RESULTS_FILE, Study, StudyError

_KEYS = ("index", "seed", "entrants", "agents", "returns", "scores", "length", "record")


def read_results(
    directory: Path, study: Study, repair: bool = False, records: bool = True
) -> dict[int, dict[str, Any]]:
    """The finished games by index. A broken last line is dropped (and cut off if `repair`).

    A broken line anywhere else, or a line that does not belong to `study`, is an error naming
    its line number: the file was edited, or another study's results were mixed in.
    `records=False` leaves each game's record (its action list) out: most of a line, and not
    needed to count wins. Every line is kept as a dict (some 3 kB a game): a large study is
    read with `each_result`, which keeps none.
    """
    done: dict[int, dict[str, Any]] = {}

    def keep(line: dict[str, Any]) -> None:
        if not records:
            del line["record"]
        done[line["index"]] = line

    # Hundreds of thousands of small dicts would set the cyclic GC off again and again
    # (quadratic time); none of them holds a cycle.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        each_result(directory, study, keep, repair)
        return done
    finally:
        if was_enabled:
            gc.enable()


def each_result(
    directory: Path, study: Study, visit: Callable[[dict[str, Any]], None], repair: bool = False
) -> int:
    """Call `visit` with each finished game's line, once per game, in the file's order; return
    how many games. Checked as `read_results` checks them (the first line of a game counts);
    what `visit` does not keep is freed line by line."""
    path = Path(directory) / RESULTS_FILE
    if not path.exists():
        return 0
    with open(path, "rb") as fh:
        games, good_end = _parse(path, fh, study, visit)
    if repair and good_end < path.stat().st_size:
        with open(path, "r+b") as fh:
            fh.truncate(good_end)
    return games


def _parse(
    path: Path, fh: BinaryIO, study: Study, visit: Callable[[dict[str, Any]], None]
) -> tuple[int, int]:
    """(games visited, the byte offset after the last whole line), read a line at a time."""
    seen = bytearray(study.games)  # 1 at a game's index once a line of it was visited
    games = 0
    good_end = 0
    lineno = 0
    broken: str | None = None  # a line that is not JSON: an error unless only blanks follow
    for raw in fh:
        if broken is not None:
            if raw.strip():
                raise StudyError(broken)
            continue
        lineno += 1
        if not raw.endswith(b"\n"):
            break  # the write a crash cut short (whole JSON or not) has no newline: drop it
        try:
            line = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            broken = f"{path}, line {lineno}: not JSON ({e})"
            continue
        try:
            _check_line(line, study)
        except StudyError as e:
            raise StudyError(f"{path}, line {lineno}: {e}") from None
        if not seen[line["index"]]:
            seen[line["index"]] = 1
            games += 1
            visit(line)
        good_end += len(raw)
    return games, good_end


def _check_line(line: Any, study: Study) -> None:
    if not isinstance(line, dict):
        raise StudyError("a result line must be a JSON object")
    missing = [k for k in _KEYS if k not in line]
    if missing:
        raise StudyError(f"result line lacks {', '.join(missing)}")
    i = line["index"]
    if not _whole(i) or not 0 <= i < study.games:
        raise StudyError(f"game index {shown(i)} is outside this study (0 to {study.games - 1})")
    if line["seed"] != study.game_seed(i) or line["entrants"] != list(study.entrants(i)):
        raise StudyError(f"game {i} does not belong to this study (its seed or seats differ)")
    _check_fields(line, study)


#: a count the report's columns hold (int64); a hand-edited bigger one gave a traceback
_COUNT_LIMIT = 2**63


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _count(x: Any) -> bool:
    return _whole(x) and 0 <= x < _COUNT_LIMIT


def _check_fields(line: dict[str, Any], study: Study) -> None:
    """What the report reads has the shape it needs (a damaged line gave tracebacks)."""
    p = study.players
    for key in ("returns", "scores"):
        v = line[key]
        if not isinstance(v, list) or len(v) != p or not all(_number(x) for x in v):
            raise StudyError(
                f"{key}: a list of {p} numbers, one per seat, expected; got {shown(v)}"
            )
    seated = [study.agents[e] for e in line["entrants"]]
    if line["agents"] != seated:
        raise StudyError(f"agents: {shown(line['agents'])}, but its seats hold {seated!r}")
    if not _count(line["length"]):
        raise StudyError(f"length: a whole number of actions, got {shown(line['length'])}")
    labels = line.get("labels", {})
    if not isinstance(labels, dict) or not all(
        isinstance(v, list) and len(v) == p and all(isinstance(x, str) for x in v)
        for v in labels.values()
    ):
        raise StudyError(
            f"labels: an object of per-seat lists of text expected; got {shown(labels)}"
        )
    if "first" in line and not (_whole(line["first"]) and 0 <= line["first"] < p):
        raise StudyError(f"first: a seat, 0 to {p - 1}, got {shown(line['first'])}")
    if "rounds" in line and not _count(line["rounds"]):
        raise StudyError(f"rounds: a whole number, got {shown(line['rounds'])}")
    if not isinstance(line.get("ended_by"), str | None):
        raise StudyError(f"ended_by: text or null, got {shown(line['ended_by'])}")


def _number(x: Any) -> bool:
    """A finite number a float holds (NaN, infinities and ints past 1e308 are not)."""
    if not isinstance(x, int | float) or isinstance(x, bool):
        return False
    try:
        return math.isfinite(float(x))
    except OverflowError:
        return False


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
