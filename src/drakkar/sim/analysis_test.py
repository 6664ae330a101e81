"""The one-pass analysis against a plain count of every parsed line, in any order of lines."""

from __future__ import annotations

import json
import random
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import drakkar
from drakkar.sim.analysis import Analysis, _sums, study_analysis
from drakkar.sim.results import read_results
from drakkar.sim.runner import Backend, prepare, run
from drakkar.sim.stats import describe
from drakkar.sim.study import RESULTS_FILE, Study


def _plain_count(lines: list[dict[str, Any]], label_key: str) -> dict[str, Any]:
    """What a study's lines (by index) add up to, counted a game and a seat at a time."""
    agent: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    seat: dict[int, list[float]] = defaultdict(lambda: [0, 0.0])
    cell: dict[tuple[str, int], list[float]] = defaultdict(lambda: [0, 0.0])
    label: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    scores: dict[str, list[float]] = defaultdict(list)
    margins = []
    for r in lines:
        seats = zip(r["agents"], r["returns"], r["scores"], r["labels"][label_key], strict=True)
        for s, (a, won, score, name) in enumerate(seats):
            for tally in (agent[a], seat[s], cell[a, s], label[name]):
                tally[0] += 1
                tally[1] += won
            scores[a].append(score)
            scores[f"seat {s}"].append(score)
        best = max(r["returns"])
        winners = [x for x, w in zip(r["scores"], r["returns"], strict=True) if w == best]
        others = [x for x, w in zip(r["scores"], r["returns"], strict=True) if w != best]
        margins.append(min(winners) - max(others) if others else 0.0)
    return {
        "agent": {a: tuple(v) for a, v in agent.items()},
        "seat": [tuple(seat[s]) for s in sorted(seat)],
        "cell": {k: tuple(v) for k, v in cell.items()},
        "label": {k: tuple(v) for k, v in label.items()},
        "scores": dict(scores),
        "margins": margins,
        "lengths": [r["length"] for r in lines],
        "rounds": [r["rounds"] for r in lines],
        "endings": Counter(r["ended_by"] for r in lines),
        "first": (len(lines), sum(r["returns"][r["first"]] for r in lines)),
        "shared": sum(r["returns"].count(max(r["returns"])) > 1 for r in lines),
    }


def _counted(a: Analysis, label_key: str) -> dict[str, Any]:
    """The same figures as the analysis gives them."""
    assert a.first is not None
    scores = {k: v.tolist() for k, v in a.scores_by_agent.items()}
    scores |= {f"seat {s}": v.tolist() for s, v in enumerate(a.scores_by_seat)}
    return {
        "agent": {r.name: (r.n, r.wins) for r in a.by_agent},
        "seat": [(r.n, r.wins) for r in a.by_seat],
        "cell": {
            (name, s): (r.n, r.wins)
            for name, rates in a.agent_seat.items()
            for s, r in enumerate(rates)
            if r.n
        },
        "label": {r.name: (r.n, r.wins) for r in a.labels[label_key]},
        "scores": scores,
        "margins": a.margins.tolist(),
        "lengths": a.lengths.tolist(),
        "rounds": a.rounds.tolist(),
        "endings": Counter(a.endings),
        "first": (a.first.n, a.first.wins),
        "shared": a.shared,
    }


@pytest.mark.parametrize(
    ("game", "agents", "key"),
    [
        ("villainous-vikings", ["heuristic", "random", "random"], "captain"),
        ("knarr", ["random", "heuristic", "random"], "turn_order"),
    ],
)
def test_the_one_pass_analysis_counts_every_line_as_a_plain_count_does(
    tmp_path: Path, game: str, agents: list[str], key: str
) -> None:
    study = Study.make(drakkar.load(game), 24, 3, agents, seed=2)
    run(study, tmp_path, Backend(jobs=1), prepare(study, tmp_path, resume=False))
    path = tmp_path / RESULTS_FILE
    lines = path.read_text().splitlines()
    # games finish out of order with several workers, and a game can be saved twice (the
    # first line counts): neither may change a figure
    random.Random(1).shuffle(lines)
    twice = dict(json.loads(lines[5]), returns=[1.0, 1.0, 1.0])
    path.write_text("\n".join([*lines, json.dumps(twice)]) + "\n")
    done = read_results(tmp_path, study)
    parsed = [done[i] for i in sorted(done)]
    a = study_analysis(tmp_path)
    assert a.games == len(parsed) == 24
    plain = _plain_count(parsed, key)
    assert _counted(a, key.replace("_", " ")) == plain
    # and so the quartiles, means and deviations the report prints from its columns
    columns = [(a.lengths, plain["lengths"]), (a.margins, plain["margins"])]
    columns += [(v, plain["scores"][k]) for k, v in a.scores_by_agent.items()]
    for ours, theirs in columns:
        assert describe(ours) == describe(theirs)


def test_wins_are_added_in_turn_as_a_loop_adds_them() -> None:
    # thirds and tenths: adding them pairwise (np.sum) or out of order can change the last
    # digit, and a rate printed from it
    rng = random.Random(3)
    codes = [rng.randrange(4) for _ in range(5000)]
    values = [rng.choice([0.0, 1 / 3, 0.1, 0.5, 1.0]) for _ in range(5000)]
    by_loop = [0.0] * 4
    for c, v in zip(codes, values, strict=True):
        by_loop[c] += v
    assert _sums(np.array(codes), np.array(values), 4) == by_loop
    assert float(np.cumsum(values)[-1]) == sum(values)
