"""Parts joined by " · " for the games' terminal pictures: `Flow` (Knarr's) breaks lines only
between parts, `RunOn` (Viking Raid's compact table) inside them too, so a paragraph of long
parts wastes no line ends; in both no line ends with a dangling "·"."""

from __future__ import annotations

from collections.abc import Iterator

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.text import Text

HOLD = "\u00a0"  # RunOn's space that no line breaks at


class Flow:
    """Parts joined by " · ", broken into lines between parts to fit the width; the lines after
    the first start `indent` spaces in. A part wider than a line wraps at its spaces."""

    def __init__(self, parts: list[Text], style: str = "", indent: int = 0) -> None:
        self.parts = parts
        self.style = style
        self.indent = indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        line = Text(style=self.style)
        for part in self.parts:
            if line.plain.strip() and (
                cell_len(line.plain) + 3 + cell_len(part.plain) > options.max_width
            ):
                yield line
                line = Text(" " * self.indent, style=self.style)
            if line.plain.strip():
                line.append(" · ")
            line.append_text(part)
        yield line


class RunOn:
    """Parts joined by " · " (or `sep`) as one paragraph, broken at any space to fit the width,
    inside a part too; a "·" goes down to the next line with the word it comes before. A
    no-break space (HOLD) holds words together, a card's name, and is printed as a space."""

    def __init__(self, parts: list[Text], style: str = "", sep: str = "·") -> None:
        self.parts = parts
        self.style = style
        self.sep = sep

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        line = Text(style=self.style)
        for i, part in enumerate(self.parts):
            for k, word in enumerate(part.split(" ")):
                if i and not k and self.sep:
                    word = Text(f"{self.sep} ") + word
                word.plain = word.plain.replace(HOLD, " ")  # (the same length: styles stay)
                if line.plain and cell_len(line.plain) + 1 + word.cell_len > options.max_width:
                    yield line
                    line = Text(style=self.style)
                elif line.plain:
                    line.append(" ")
                line.append_text(word)
        yield line
