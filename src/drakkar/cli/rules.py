"""`drakkar rules GAME`: print the game's rules page."""

from __future__ import annotations

import typer
from rich.markdown import Markdown

import drakkar
from drakkar.cli.app import app, console, fail


@app.command("rules")
def rules_command(
    game: str = typer.Argument(..., help="The game, e.g. viking-raid."),
    raw: bool = typer.Option(False, "--raw", help="Print the Markdown source as it is."),
) -> None:
    """Print a game's rules page: the rules in our words, every ruling and its test."""
    try:
        g = drakkar.load(game)
    except drakkar.DrakkarError as e:
        raise fail(str(e)) from None
    page = g.rules_page()
    if page is None:
        raise fail(f"{g.title} has no rules page in this installation")
    text = page.read_text()
    if raw:
        console.print(text, markup=False, highlight=False)
    else:
        console.print(Markdown(text))
