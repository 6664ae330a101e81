"""The Typer app every command module adds itself to."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.text import Text

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
    """Print a clear error and return the Exit to raise. The message is text, never markup
    nor highlighted: it quotes what was typed ("[/]" would raise, "[bold]x" would vanish) and
    names `drakkar[ray]`."""
    err_console.print(Text.assemble(("error:", "bold red"), " ", message))
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
