"""`drakkar compare A B`: two studies of one game side by side, with the change and its interval."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from drakkar.cli.app import app, console, fail
from drakkar.engine.errors import DrakkarError
from drakkar.sim.analysis import study_analysis
from drakkar.sim.compare import compare as compare_studies
from drakkar.sim.compare import headline, tables


@app.command()
def compare(
    before: Annotated[
        Path,
        typer.Argument(metavar="A", help="study A, the baseline (a drakkar simulate directory)"),
    ],
    after: Annotated[Path, typer.Argument(metavar="B", help="study B, the change to measure")],
) -> None:
    """Two studies of one game side by side: each win rate, and the change B - A.

    Win rates per agent, seat and label (Captain), in A and in B, and the change's 95% interval.

    A change whose interval leaves out 0 is in bold.
    """
    analyses = []
    for name, directory in (("A", before), ("B", after)):
        try:
            analyses.append(study_analysis(directory))
        except DrakkarError as e:
            raise fail(f"study {name} ({directory}): {e}") from None
    try:
        comparison = compare_studies(*analyses)
    except DrakkarError as e:
        raise fail(str(e)) from None
    for line in headline(comparison, (str(before), str(after))):
        console.print(line)
    for table in tables(comparison):
        console.print(table)
