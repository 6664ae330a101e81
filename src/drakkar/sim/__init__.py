"""Many games: balance studies with seats rotated, on local cores or Ray, and their reports.

    agents = ["heuristic", "random", "random", "random"]
    study = Study.make("viking-raid", games=2000, players=4, agents=agents)
    done = prepare(study, Path("studies/vr"), resume=False)
    run(study, Path("studies/vr"), Backend(jobs=2), done)
    analysis = study_analysis(Path("studies/vr"))  # one pass over the results file

The command line is `drakkar simulate` and `drakkar report`; docs/simulation.md describes
the results file and resuming.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drakkar.sim.runner import Backend, prepare, run
from drakkar.sim.study import Study, StudyError, split_agents

if TYPE_CHECKING:
    from drakkar.sim.analysis import Analysis, Rate, analyse, load_study, study_analysis

_ANALYSIS = {"Analysis", "Rate", "analyse", "load_study", "study_analysis"}


def __getattr__(name: str) -> Any:
    """The analysis, imported when first asked for: it needs NumPy, whose import starts
    OpenBLAS's threads, and the simulator's workers (which import this package) must stay
    one thread each: a stuck worker's stack is asked for by a signal to the process, which
    a thread of OpenBLAS would take instead (and each thread is memory a worker never uses)."""
    if name in _ANALYSIS:
        from drakkar.sim import analysis

        return getattr(analysis, name)
    raise AttributeError(f"module 'drakkar.sim' has no attribute {name!r}")


__all__ = [
    "Analysis",
    "Backend",
    "Rate",
    "Study",
    "StudyError",
    "analyse",
    "load_study",
    "prepare",
    "run",
    "split_agents",
    "study_analysis",
]
