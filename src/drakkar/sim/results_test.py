"""The results file read back: a line edited into the wrong shape is refused by number."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from drakkar.engine.toy import HIGH_CARD
from drakkar.sim.analysis import study_analysis
from drakkar.sim.results import read_results
from drakkar.sim.runner import Backend, prepare, run
from drakkar.sim.study import RESULTS_FILE, Study, StudyError


def _edit(line: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    return dict(line, **{key: value})


@pytest.mark.parametrize(
    ("key", "value", "says"),
    [
        ("returns", [1.0], "returns: a list of 2 numbers, one per seat"),
        ("returns", ["1", "0"], "returns: a list of 2 numbers, one per seat"),
        ("scores", None, "scores: a list of 2 numbers, one per seat"),
        ("scores", [True, 0], "scores: a list of 2 numbers, one per seat"),
        ("agents", ["ismcts", "random"], "agents: ['ismcts', 'random'], but its seats hold"),
        ("length", "x", "length: a whole number of actions, got 'x'"),
        ("length", -1, "length: a whole number of actions, got -1"),
        ("labels", None, "labels: an object of per-seat lists of text"),
        ("labels", {"captains": ["a"]}, "labels: an object of per-seat lists of text"),
        ("rounds", "7", "rounds: a whole number, got '7'"),
        # numbers past what the report's columns hold (int64, a finite float) gave tracebacks
        ("length", 2**63, "length: a whole number of actions, got 9223372036854775808"),
        ("rounds", 2**64, "rounds: a whole number, got 18446744073709551616"),
        ("rounds", -1, "rounds: a whole number, got -1"),
        ("scores", [10**400, 0], "scores: a list of 2 numbers, one per seat"),
        ("returns", [float("nan"), 1.0], "returns: a list of 2 numbers, one per seat"),
        ("scores", [float("inf"), 0], "scores: a list of 2 numbers, one per seat"),
        ("ended_by", 3, "ended_by: text or null, got 3"),
        ("index", True, "game index True is outside this study"),
    ],
)
def test_a_line_of_the_wrong_shape_is_refused_naming_the_field(
    tmp_path: Path, key: str, value: Any, says: str
) -> None:
    # a hand-edited or damaged file gave tracebacks in `drakkar report` (a zip too short, a
    # str added to a float, a KeyError for an agent the study does not have)
    study = Study.make(HIGH_CARD, 4, 2, ["heuristic", "random"], seed=5)
    run(study, tmp_path, Backend(jobs=1), prepare(study, tmp_path, resume=False))
    path = tmp_path / RESULTS_FILE
    lines = path.read_text().splitlines()
    lines[2] = json.dumps(_edit(json.loads(lines[2]), key, value))
    path.write_text("\n".join(lines) + "\n")
    # the report's one-pass reading refuses it as reading every line into memory does
    for read in (read_results, study_analysis):
        with pytest.raises(StudyError, match="line 3: ") as e:
            read(tmp_path, study)
        assert says in str(e.value)
