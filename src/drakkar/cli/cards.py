"""`drakkar cards GAME [--path P]`: check a card set and print it as a table.

A game whose card set can be replaced (Villainous Vikings: the rulebook prints no card texts,
so a player may load a transcription of their own printed cards) gives `table_rows(path)` in
its `cards.py`; it validates the set and raises an error naming the file, card and field.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import typer
from rich.table import Table

import drakkar
from drakkar.cli.app import app, console, fail


@app.command("cards")
def cards_command(
    game: str = typer.Argument(..., help="The game, e.g. villainous-vikings."),
    path: Path = typer.Option(
        None, "--path", help="A card set file or folder (default: the set drakkar ships)."
    ),
    kind: str = typer.Option(None, "--type", help="Only cards of this type (e.g. Location)."),
) -> None:
    """Validate a card set (the shipped one, or yours with --path) and print it as a table."""
    try:
        g = drakkar.load(game)
    except drakkar.DrakkarError as e:
        raise fail(str(e)) from None
    module = importlib.import_module(f"drakkar.games.{g.name.replace('-', '_')}.cards")
    table_rows = getattr(module, "table_rows", None)
    if table_rows is None:
        raise fail(f"{g.title} has no card set to load or check")
    if path is not None and not path.exists():
        raise fail(f"--path {str(path)!r}: no such file or folder")
    try:
        rows = table_rows(path)
    except drakkar.DrakkarError as e:
        raise fail(f"the card set is not valid: {e}") from None
    if kind is not None:
        rows = [r for r in rows if r["type"].lower() == kind.lower()]
        if not rows:
            raise fail(f"--type {kind!r}: no cards of that type")
    table = Table(
        title=f"{g.title} cards ({'shipped set' if path is None else path})",
        title_justify="left",
        show_lines=False,
    )
    columns = [c for c in rows[0] if any(r[c] for r in rows)]  # drop columns empty throughout
    for column in columns:
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(*(row[c] for c in columns))
    console.print(table)
    console.print(f"{len(rows)} cards, all valid.")
