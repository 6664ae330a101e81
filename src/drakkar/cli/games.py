"""`drakkar games`: every game, its player counts, and its options with defaults."""

from __future__ import annotations

from rich.table import Table

from drakkar.cli.app import app, console
from drakkar.engine.registry import games


@app.command("games")
def games_command() -> None:
    """List every game, its player counts, and its options with their defaults."""
    for game in games():
        table = Table(
            title=f"{game.title}  ([bold]{game.name}[/])  "
            f"{game.min_players}-{game.max_players} players, default {game.default_players}",
            title_justify="left",
            show_lines=False,
        )
        table.add_column("option")
        table.add_column("default")
        table.add_column("choices")
        table.add_column("what it does")
        for opt in game.options_class.describe():
            choices = ", ".join(map(str, opt["choices"])) if opt["choices"] else opt["type"]
            table.add_row(opt["name"], _shown(opt["default"]), choices, opt["help"])
        console.print(table)
        console.print()


def _shown(default: object) -> str:
    """A default as a person types it on the command line: `-o stack=` for nothing."""
    if default in ((), [], ""):
        return "(none)"
    if isinstance(default, (tuple, list)):
        return ",".join(map(str, default))
    return str(default)
