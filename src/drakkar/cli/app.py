"""The Typer app every command module adds itself to."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.markup import escape

app = typer.Typer(
    name="drakkar",
    help="Play, simulate, serve and study four Viking tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
err_console = Console(stderr=True)


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print a clear error and return the Exit to raise."""
    # the message names what was typed, and `drakkar[ray]`: brackets are text, not style tags
    err_console.print(f"[bold red]error:[/] {escape(message)}")
    return typer.Exit(code)


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """`["sinking=lose-raid", "max_raids=5"]` -> a dict; a pair without '=' is an error."""
    out: dict[str, str] = {}
    for pair in pairs or []:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise fail(f"--option expects key=value, got {pair!r}")
        out[key.strip()] = value.strip()
    return out
