"""Every command's --help reads like a man page: a flag stands alone, an option or argument
that takes a value is followed by what it takes (N, SEED, KEY=VALUE), never a Python type."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import typer
from typer.testing import CliRunner

from drakkar.cli import app

# What Typer writes where no metavar is given: `<bool>` beside a flag, `<list[str]>`...
PYTHON_TYPES = ("<bool>", "<int>", "<str>", "<path>", "<float>", "list[")
# An upper-case name, a list of them (`SPEC,...`, `KEY=VALUE`) or a file (`RECORD.json`).
METAVAR = re.compile(r"[A-Z][A-Z_]*(=[A-Z_]+|,\.\.\.|\.[a-z]+)?")


def walk(
    command: typer.core.TyperGroup | typer.core.TyperCommand, path: list[str]
) -> Iterator[list[str]]:
    """The path to `command` and to every command under it, so a new one is checked too."""
    yield path
    for name, sub in getattr(command, "commands", {}).items():
        yield from walk(sub, [*path, name])


def command_at(path: list[str]) -> tuple[typer.core.TyperCommand, typer.Context]:
    command = typer.main.get_command(app)
    ctx = typer.Context(command, info_name="drakkar")
    for name in path:
        command = command.commands[name]
        ctx = typer.Context(command, info_name=name, parent=ctx)
    return command, ctx


COMMANDS = list(walk(typer.main.get_command(app), []))


def row(lines: list[str], first: str) -> list[str]:
    """The words of the panel row that begins with `first`, after `first` and the other names
    of the option (the words that start with '-'), without the borders and the required mark."""
    for line in lines:
        if not line.startswith("│"):
            continue  # the usage and the command's own text above the panels
        words = [w for w in line.split() if w not in ("│", "*")]
        if words and words[0] == first:
            return [w for w in words[1:] if not w.startswith("-")]
    raise AssertionError(f"no help row for {first}")


def test_every_command_is_checked() -> None:
    assert [] in COMMANDS and ["simulate"] in COMMANDS and ["serve"] in COMMANDS


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(["drakkar", *p]))
def test_help_names_what_each_option_takes_and_no_python_type(path: list[str]) -> None:
    out = CliRunner().invoke(app, [*path, "--help"], env={"COLUMNS": "80"})
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert max(map(len, lines)) <= 80
    for label in PYTHON_TYPES:
        assert label not in out.output
    command, ctx = command_at(path)  # its params include --help
    usage = next(line for line in lines if "Usage:" in line)
    for param in command.get_params(ctx):
        if param.param_type_name == "argument":
            # its row and the usage line name it by its metavar, with nothing between the
            # name and the help
            assert param.metavar and METAVAR.fullmatch(param.metavar), param.name
            assert param.metavar in usage
            words = row(lines, param.metavar)
        else:
            first = next((o for o in param.opts if o.startswith("--")), param.opts[0])
            words = row(lines, first)
            takes_value = not (param.is_flag or param.count)
            if takes_value:
                assert param.metavar and METAVAR.fullmatch(param.metavar), first
                assert words[0] == param.metavar, (first, words)
                continue
        # a flag (or an argument, named already): its help follows its names
        help_words = (param.help or "").split()
        assert help_words and words[0] == help_words[0], (param.name, words)
