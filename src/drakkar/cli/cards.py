"""`drakkar cards GAME [--path P]`: check a card set and print it as a table.

A game whose card set can be replaced (Villainous Vikings: the rulebook prints no card texts,
so a player may load a transcription of their own printed cards) gives `table_rows(path)` in
its `cards.py`; it validates the set and raises an error naming the file, card and field.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import typer
from rich import box
from rich.table import Table
from rich.text import Text

import drakkar
from drakkar.cli.app import app, console, fail


@app.command("cards")
def cards_command(
    game: str = typer.Argument(..., metavar="GAME", help="The game, e.g. villainous-vikings."),
    path: Path = typer.Option(
        None,
        "--path",
        metavar="PATH",
        help="A card set file or folder (default: the set drakkar ships).",
    ),
    kind: str = typer.Option(
        None, "--type", metavar="TYPE", help="Only cards of this type (e.g. Location)."
    ),
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
        kinds = dict.fromkeys(r["type"] for r in rows)
        rows = [r for r in rows if r["type"].lower() == kind.lower()]
        if not rows:
            raise fail(f"--type {kind!r}: no cards of that type; the types are {', '.join(kinds)}")
    title = f"{g.title} cards ({'shipped set' if path is None else path})"
    if kind is not None:
        title += f", type {rows[0]['type']}"
    console.print(card_table(rows, title, show_type=kind is None))
    console.print(f"{len(rows)} cards, all valid.")
    shipped = getattr(module, "DATA", None)
    if path is None and shipped is not None:  # a pip install has no src/ to copy it from
        console.print(
            f"The shipped set is the folder {shipped}: copy it to make a set of your own, "
            "check it with --path, and play or simulate it with -o cards=PATH.",
            soft_wrap=True,
        )


def card_table(rows: list[dict[str, str]], title: str, show_type: bool = True) -> Table:
    """Three columns, so that 80 columns cut no word: the card (name, id, type), its other short
    fields as "field value" pairs, and its abilities (the longest field, last)."""
    fields = [c for c in rows[0] if any(r[c] for r in rows)]  # none empty throughout
    rest = [c for c in fields if c not in ("name", "id", "type")]
    longest = max(rest, key=lambda c: max(len(r[c]) for r in rows))
    short = [c for c in rest if c != longest]
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_lines=True)
    table.add_column("card", no_wrap=True)
    table.add_column(" · ".join(short))
    table.add_column(longest)
    for r in rows:
        card = Text(r.get("name", ""), "bold")
        for extra in ("id", "type") if show_type else ("id",):
            if r.get(extra):
                card.append(f"\n{r[extra]}", "dim")
        table.add_row(card, " · ".join(f"{c} {r[c]}" for c in short if r[c]), r[longest])
    return table
