"""`drakkar rules GAME`: print the game's rules page.

A rules page names the test behind each rule, and a reader finds the test by that name, so a
name is never cut short: a word too long for its line (or table cell) breaks after an
underscore (`test_hand_limit_is_` / `checked_after_every_draw`), not at the column's edge and
never with an ellipsis. Shorter words move whole to the next line, as usual.
"""

from __future__ import annotations

import re

import typer
from rich.cells import cell_len, chop_cells
from rich.console import Console, ConsoleOptions, JustifyMethod, OverflowMethod
from rich.containers import Lines
from rich.markdown import Markdown, MarkdownContext, Paragraph, TableDataElement
from rich.measure import Measurement
from rich.text import Text

import drakkar
from drakkar.cli.app import app, console, fail

_WORD = re.compile(r"\s*\S+\s*")
_AFTER_UNDERSCORE = re.compile(r"(?<=_)")


def breaks(text: str, width: int) -> list[int]:
    """Offsets to break `text` at into lines of at most `width` cells: at spaces; a word longer
    than a line begins a new one and breaks after underscores (failing that, anywhere)."""
    out: list[int] = []
    used = 0  # cells on the current line
    for m in _WORD.finditer(text):
        pos, word = m.start(), m.group()
        size = cell_len(word.rstrip())
        if used + size <= width:  # on this line
            used += cell_len(word)
            continue
        if size <= width:  # on a line of its own
            if used:
                out.append(pos)
            used = cell_len(word)
            continue
        if used:  # longer than a line: it begins one, and breaks after underscores
            out.append(pos)
            used = 0
        for piece in _AFTER_UNDERSCORE.split(word):
            if used and used + cell_len(piece.rstrip()) > width:
                out.append(pos)
                used = 0
            chunks = chop_cells(piece, width) if cell_len(piece.rstrip()) > width else [piece]
            for k, chunk in enumerate(chunks):
                if k:
                    out.append(pos)
                    used = 0
                pos += len(chunk)
                used += cell_len(chunk)
    return [b for b in out if 0 < b < len(text)]


class SnakeText(Text):
    """Text that wraps as `breaks` says, and measures its narrowest as its longest unbreakable
    piece (a table column may then be narrower than a test name)."""

    def wrap(
        self,
        console: Console,
        width: int,
        *,
        justify: JustifyMethod | None = None,
        overflow: OverflowMethod | None = None,
        tab_size: int = 8,
        no_wrap: bool | None = None,
    ) -> Lines:
        if no_wrap or self.no_wrap:
            return super().wrap(console, width, justify=justify, overflow=overflow, no_wrap=True)
        justify = justify or self.justify or "default"
        lines = Lines()
        for line in self.split(allow_blank=True):
            parts = line.divide(breaks(line.plain, width))
            for part in parts:
                part.rstrip_end(width)
            parts.justify(console, width, justify=justify, overflow="fold")
            lines.extend(parts)
        return lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((cell_len(line) for line in self.plain.splitlines()), default=0)
        pieces = [p for w in self.plain.split() for p in _AFTER_UNDERSCORE.split(w)]
        return Measurement(max((cell_len(p) for p in pieces), default=widest), widest)


class _Paragraph(Paragraph):
    def on_enter(self, context: MarkdownContext) -> None:
        super().on_enter(context)
        self.text = SnakeText(justify="left")


class _Cell(TableDataElement):
    def __init__(self, justify: JustifyMethod) -> None:
        super().__init__(justify)
        self.content = SnakeText("", justify=justify)


class RulesPage(Markdown):
    """Markdown whose paragraphs, list items and table cells wrap as `SnakeText` does."""

    elements = {**Markdown.elements, "paragraph_open": _Paragraph, "td_open": _Cell}


@app.command("rules")
def rules_command(
    game: str = typer.Argument(..., metavar="GAME", help="The game, e.g. viking-raid."),
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
        console.print(RulesPage(text))
