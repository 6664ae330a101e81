"""The Typer app every command module adds itself to."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.text import Text
from typer._click import Context
from typer.core import TyperArgument, TyperOption

# Typer 0.29's Rich help labels every parameter with its Python type and has no setting to stop
# it: `<bool>` beside each flag (--help too, which takes no metavar), and `<str>` beside an
# argument, whose metavar only renames it (fastapi/typer#1410). Its plain help leaves flags
# bare; so does this, and an argument's metavar stands alone. An option that takes a value still
# shows its metavar: each names one (N, SEED, KEY=VALUE), as cli/app_test.py checks.
_typer_option_label = TyperOption.display_type_rich


def _option_label(option: TyperOption, ctx: Context) -> str | None:
    return None if option.is_flag or option.count else _typer_option_label(option, ctx)


def _argument_label(argument: TyperArgument, ctx: Context) -> str | None:
    return None if argument.metavar is not None else argument.display_type(ctx)


TyperOption.display_type_rich = _option_label  # type: ignore[method-assign,assignment]
TyperArgument.display_type_rich = _argument_label  # type: ignore[method-assign,assignment]

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
