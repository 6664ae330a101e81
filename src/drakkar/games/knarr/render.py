"""The terminal picture of a Knarr view: the board, the Destinations, every seat's crew and ship.

A Viking is written with its colour in words ("green RC"), never by the text colour alone (a
terminal may show no colour: NO_COLOR). Lines of "a · b · c" parts break between parts, so no
line ends with a dangling "·".
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group
from rich.table import Table
from rich.text import Text

from drakkar.games.knarr.cards import COLOURS, REPUTATION_VP, destination_line

STYLE = {"red": "red", "yellow": "yellow", "green": "green", "blue": "blue", "purple": "magenta"}
SHIP_TRADE = {"normal": "- | RC | -", "advanced": "VP | - | BR"}  # the ship card's own columns
ICON = {"VP": "VP", "bracelet": "BR", "recruit": "RC", "reputation": "REP", "card": "CARD"}


def short(name: str) -> str:
    """'green recruit' -> 'green RC', as the board and the Recruit labels write it."""
    colour, asset = name.split(" ", 1)
    return f"{colour} {ICON.get(asset, asset)}"


def _viking(name: str | None, colour_word: bool = True) -> Text:
    """'red VP' -> 'red VP' in red; `colour_word` False where a crew column names the colour."""
    if name is None:
        return Text("(empty)", style="dim")
    colour, icon = short(name).split(" ")
    return Text(f"{colour} {icon}" if colour_word else icon, style=STYLE[colour])


class Flow:
    """Parts joined by " · ", broken into lines between parts to fit the width."""

    def __init__(self, parts: list[Text], style: str = "") -> None:
        self.parts = parts
        self.style = style

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        line = Text(style=self.style)
        for part in self.parts:
            if line and cell_len(line.plain) + 3 + cell_len(part.plain) > options.max_width:
                yield line
                line = Text(style=self.style)
            if line:
                line.append(" · ")
            line.append_text(part)
        yield line


def render(view: dict[str, Any], player: int | None) -> Group:
    parts: list[Any] = []
    mover = "game over" if view["to_move"] is None else f"to move: player {view['to_move']}"
    head = [Text(f"Round {view['round']}"), Text(mover), Text(f"phase: {view['phase']}")]
    # every ship trades alike: said once here, not as a line under each seat's Destinations
    head.append(Text(f"{view['ship_side']} ships trade {SHIP_TRADE[view['ship_side']]}"))
    if view["artifacts"]:
        head.append(Text(f"artifacts: {', '.join(view['artifacts'])}"))
    if view["end_triggered"]:
        head.append(Text("LAST ROUND", style="bold red"))
    parts.append(Flow(head))
    legend = ["VP victory point", "BR silver bracelet", "RC recruit token", "REP reputation"]
    legend += ["CARD a blind Viking from the deck", "< to move"]
    parts.append(Flow([Text(x) for x in legend], style="dim"))

    # a slot's number and colour (the hand colour that takes it free) over the Viking in it
    board = Table(
        title="Board: each slot's number and colour over the Viking in it",
        title_justify="left",
        box=None,
    )
    for i, colour in enumerate(COLOURS):
        board.add_column(f"{i + 1} {colour}", style=STYLE[colour], min_width=10)
    board.add_row(*[_viking(v) for v in view["board"]])
    parts.append(board)
    parts.append(
        Text(
            f"Viking deck {view['viking_deck']}, discard {len(view['discard'])}; "
            f"Destination decks A {view['deck_a']}, B {view['deck_b']}",
            style="dim",
        )
    )
    dests = Table(title="Destinations", title_justify="left", box=None, show_header=False)
    dests.add_column()
    for d in view["destinations"]:
        dests.add_row("(empty)" if d is None else destination_line(d))
    parts.append(dests)

    for p, seat in enumerate(view["seats"]):
        parts.append(_seat(view, p, seat, player))
    if view["hand"] is not None:
        hand = Text(f"Your hand (player {player}): ")
        for i, name in enumerate(view["hand"]):
            hand.append(", " if i else "")
            hand.append_text(_viking(name))
        parts.append(hand)
    if view["paying"]:
        pay = view["paying"]
        parts.append(Text(f"Paying for {pay['destination']} ({pay['cost']}): {pay['left']} to go"))
    return Group(*parts)


def _seat(view: dict[str, Any], p: int, seat: dict[str, Any], player: int | None) -> Group:
    me = " (you)" if p == player else ""
    mover = " <" if p == view["to_move"] else ""
    rep = seat["reputation"]
    title = [
        Text(f"Player {p}{me}{mover}: {seat['score']} VP"),
        Text(f"reputation {rep} (+{REPUTATION_VP[rep]}/turn)"),
        Text(f"{seat['recruits']} RC"),
        Text(f"{seat['bracelets']} BR"),
        Text(f"hand {seat['hand_size']}"),
    ]
    if seat["known_hand"] and p != player:  # (your own hand is shown whole below)
        title[-1].append(f" (seen: {', '.join(short(n) for n in seat['known_hand'])})")
    t = Table(box=None, padding=(0, 2))
    for colour in COLOURS:
        t.add_column(colour, style=STYLE[colour])
    t.add_column("ship")
    height = max([len(c) for c in seat["crew"]] + [1])
    ship = [f"{d}: trade {destination_line(d).split('trade ')[1]}" for d in seat["ship"]]
    ship += [f"reserved {d}" for d in seat["reserved"]]
    rows = max(height, len(ship))
    for r in range(rows):
        cells: list[Any] = []
        for col in seat["crew"]:
            cells.append(_viking(col[r], colour_word=False) if r < len(col) else Text(""))
        cells.append(ship[r] if r < len(ship) else "")
        t.add_row(*cells)
    return Group(Flow(title), t)
