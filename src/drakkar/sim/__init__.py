"""Many games: balance studies with seats rotated, on local cores or Ray, and their reports.

    agents = ["heuristic", "random", "random", "random"]
    study = Study.make("viking-raid", games=2000, players=4, agents=agents)
    done = prepare(study, Path("studies/vr"), resume=False)
    run(study, Path("studies/vr"), Backend(jobs=2), done)
    analysis = study_analysis(Path("studies/vr"))  # one pass over the results file

The command line is `drakkar simulate` and `drakkar report`; docs/simulation.md describes
the results file and resuming.
"""

from drakkar.sim.analysis import Analysis, Rate, analyse, load_study, study_analysis
from drakkar.sim.runner import Backend, prepare, run
from drakkar.sim.study import Study, StudyError, split_agents

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
