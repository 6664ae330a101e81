"""A Flow breaks between its parts to fit the width: no line ends with a dangling "·"."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from drakkar.games.flow import HOLD, Flow, RunOn


def lines_of(flow: Flow, width: int) -> list[str]:
    console = Console(width=width, record=True, color_system=None)
    console.print(flow)
    return console.export_text().splitlines()


def test_parts_run_on_and_break_between_parts_with_the_indent() -> None:
    flow = Flow([Text(w) for w in ("alpha beta", "gamma", "delta epsilon", "zeta")], indent=2)
    assert lines_of(flow, 80) == ["alpha beta · gamma · delta epsilon · zeta"]
    # "alpha beta · gamma" is 18 wide: " · delta epsilon" would take it to 34, and " · zeta"
    # the next line to 22; a break stands for the " · " it replaces
    assert lines_of(flow, 20) == ["alpha beta · gamma", "  delta epsilon", "  zeta"]


def test_a_part_wider_than_the_line_wraps_at_its_spaces_and_nothing_is_cut() -> None:
    long = Text("one two three four five six seven eight")
    lines = lines_of(Flow([Text("head"), long, Text("tail")]), 16)
    assert all(len(line) <= 16 for line in lines)
    assert not any(line.rstrip().endswith("·") for line in lines)
    assert " ".join(" ".join(lines).split()) == f"head {long.plain} tail"  # (breaks for " · ")


def test_run_on_breaks_inside_parts_and_a_dot_goes_down_with_the_next_word() -> None:
    parts = [Text("log: one two three"), Text("four five"), Text("six seven eight nine")]
    whole = "log: one two three · four five · six seven eight nine"
    assert lines_of(RunOn(parts), 80) == [whole]
    # at 22 columns "· four" does not fit after "three" (20 + 1 + 6), and "· six" goes with "six"
    lines = lines_of(RunOn(parts), 22)
    assert lines == ["log: one two three", "· four five · six", "seven eight nine"]
    for width in range(8, 40):  # never a dangling dot, never a word lost or cut
        lines = lines_of(RunOn(parts), width)
        assert all(len(line) <= width and not line.rstrip().endswith("·") for line in lines)
        assert " ".join(lines).split() == whole.split(" ")


def test_run_on_keeps_each_words_style() -> None:
    console = Console(width=12, record=True, color_system="standard", force_terminal=True)
    console.print(RunOn([Text("plain words"), Text().append("red card", "red")]))
    out = console.export_text(styles=True)
    # (at 12 columns "· red" goes down; the dot and the plain words unstyled)
    assert out == "plain words\n· \x1b[31mred\x1b[0m \x1b[31mcard\x1b[0m\n"


def test_run_on_holds_words_joined_by_hold_and_may_run_parts_on_without_a_dot() -> None:
    parts = [Text("hand:"), Text(f"Long{HOLD}Ship (20 crew)"), Text(f"Sail{HOLD}Maker (crew)")]
    for width in range(12, 40):
        lines = lines_of(RunOn(parts, sep=""), width)
        assert HOLD not in "".join(lines)  # printed as a space
        flat = " ".join(lines)
        assert " ".join(flat.split()) == "hand: Long Ship (20 crew) Sail Maker (crew)"
        assert all(
            "Ship" not in line.split()[:1] and "Maker" not in line.split()[:1] for line in lines
        )
