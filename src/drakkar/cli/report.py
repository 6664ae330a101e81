"""`drakkar report DIR`: what a study found, as tables here and as a page with plots."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from drakkar.cli.app import app, console, fail
from drakkar.engine.errors import DrakkarError
from drakkar.sim.analysis import study_analysis
from drakkar.sim.report import headline, tables


@app.command()
def report(
    directory: Annotated[
        Path, typer.Argument(metavar="DIR", help="a study directory made by drakkar simulate")
    ],
    html: Annotated[
        bool, typer.Option("--html/--no-html", help="also write DIR/report/index.html with plots")
    ] = True,
) -> None:
    """Win rates per agent and seat, seat advantage, game lengths, scores and margins.

    Win rates have 95% Wilson intervals; seat advantage, a chi-square test.

    Per-label win rates (such as Captains) are given when the game shows them.
    """
    try:
        analysis = study_analysis(directory)
    except DrakkarError as e:
        raise fail(str(e)) from None
    page = None
    if html:  # written first: a reader piping the tables into `head` still gets the page
        from drakkar.sim.html import write_report  # matplotlib loads only when drawing

        page = write_report(analysis, directory)
    for line in headline(analysis):
        console.print(line)
    for table in tables(analysis):
        console.print(table)
    if page:
        console.print(f"report with plots: {page}")
