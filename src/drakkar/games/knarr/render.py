"""The terminal picture of a Knarr view: the board, the Destinations, every seat's crew and ship.

A Viking is written with its colour in words ("green RC"), never by the text colour alone (a
terminal may show no colour: NO_COLOR). Lines of "a · b · c" parts break between parts, so no
line ends with a dangling "·".

`compact` (for a screen the whole table does not fit) says the same in fewer lines: the key to
the icons is left to `info` (the heading says so, and the decks), the board and the
Destinations lose their title lines, and each
seat runs on from its title: its crew a part a column ("red VP BR · yellow RC"), not a table
a row for each Viking deep, then its ship's Destinations; your hand is in your seat's line.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from drakkar.games.flow import Flow
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


def render(view: dict[str, Any], player: int | None, compact: bool = False) -> Group:
    parts: list[Any] = []
    mover = "game over" if view["to_move"] is None else f"to move: player {view['to_move']}"
    head = [Text(f"Round {view['round']}"), Text(mover), Text(f"phase: {view['phase']}")]
    # every ship trades alike: said once here, not as a line under each seat's Destinations
    head.append(Text(f"{view['ship_side']} ships trade {SHIP_TRADE[view['ship_side']]}"))
    if view["artifacts"]:
        head.append(Text(f"artifacts: {', '.join(view['artifacts'])}"))
    if view["end_triggered"]:
        head.append(Text("LAST ROUND", style="bold red"))
    legend = ["VP victory point", "BR silver bracelet", "RC recruit token", "REP reputation"]
    legend += ["CARD a blind Viking from the deck", "< to move"]
    if compact:  # `info` says what the icons are (and `table full` shows this key)
        key = [*_decks(view), "< to move", "VP BR RC REP CARD: type info"]
        parts.append(Flow(head + [Text(x, style="dim") for x in key]))
    else:
        parts.append(Flow(head))
        parts.append(Flow([Text(x) for x in legend], style="dim"))
    parts += _board(view, compact)
    for p, seat in enumerate(view["seats"]):
        parts.append((_seat_line if compact else _seat)(view, p, seat, player))
    if view["hand"] is not None and not compact:
        hand = Text(f"Your hand (player {player}): ")
        for i, name in enumerate(view["hand"]):
            hand.append(", " if i else "")
            hand.append_text(_viking(name))
        parts.append(hand)
    if view["paying"]:
        pay = view["paying"]
        parts.append(Text(f"Paying for {pay['destination']} ({pay['cost']}): {pay['left']} to go"))
    return Group(*parts)


def _board(view: dict[str, Any], compact: bool) -> list[Any]:
    """The five slots, the decks (compact: in the heading) and the face-up Destinations."""
    # a slot's number and colour (the hand colour that takes it free) over the Viking in it
    title = "Board: each slot's number and colour over the Viking in it"
    board = Table(title=None if compact else title, title_justify="left", box=None)
    if compact:  # the title's words head a first column, not a line of their own
        board.add_column("Board slot")
    for i, colour in enumerate(COLOURS):
        board.add_column(f"{i + 1} {colour}", style=STYLE[colour], min_width=0 if compact else 10)
    board.add_row(*(["Viking in it"] if compact else []), *[_viking(v) for v in view["board"]])
    dests = Table(title=None if compact else "Destinations", title_justify="left", box=None)
    dests.show_header = False
    dests.add_column()
    for d in view["destinations"]:
        dests.add_row("(empty)" if d is None else destination_line(d))
    if compact:  # (the decks are said in the heading; a Destination's line says what it is)
        return [board, dests]
    return [board, Text("; ".join(_decks(view)), style="dim"), dests]


def _decks(view: dict[str, Any]) -> list[str]:
    return [
        f"Viking deck {view['viking_deck']}, discard {len(view['discard'])}",
        f"Destination decks A {view['deck_a']}, B {view['deck_b']}",
    ]


def _seat_title(view: dict[str, Any], p: int, seat: dict[str, Any], player: int | None) -> Flow:
    """'Player 1: 3 VP · reputation 2 (+0/turn) · 1 RC · 0 BR · hand 3 (seen: red VP)'."""
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
    return Flow(title)


def _ship(seat: dict[str, Any], trade: str = ": trade ") -> list[str]:
    """'B27: trade - | - | VP' for each Destination on the ship, then 'reserved A03'."""
    ship = [f"{d}{trade}{destination_line(d).split('trade ')[1]}" for d in seat["ship"]]
    return ship + [f"reserved {d}" for d in seat["reserved"]]


def _seat(view: dict[str, Any], p: int, seat: dict[str, Any], player: int | None) -> Group:
    t = Table(box=None, padding=(0, 2))
    for colour in COLOURS:
        t.add_column(colour, style=STYLE[colour])
    t.add_column("ship")
    height = max([len(c) for c in seat["crew"]] + [1])
    ship = _ship(seat)
    rows = max(height, len(ship))
    for r in range(rows):
        cells: list[Any] = []
        for col in seat["crew"]:
            cells.append(_viking(col[r], colour_word=False) if r < len(col) else Text(""))
        cells.append(ship[r] if r < len(ship) else "")
        t.add_row(*cells)
    return Group(_seat_title(view, p, seat, player), t)


def _seat_line(view: dict[str, Any], p: int, seat: dict[str, Any], player: int | None) -> Flow:
    """The seat as `_seat` says it, run on from its title: its crew a column a part ("red VP
    BR", the Vikings from the top of the column down; an empty column left out), its ship's
    Destinations after it ("ship trades: B27 - | - | VP · A03 - | VP | -")."""
    crew: list[Text] = []
    for colour, column in zip(COLOURS, seat["crew"], strict=True):
        if column:
            icons = " ".join(short(name).split(" ")[1] for name in column)
            crew.append(Text(f"{colour} {icons}", style=STYLE[colour]))
    parts = _seat_title(view, p, seat, player).parts
    if p == player and view["hand"] is not None:  # "hand 3" becomes the hand itself
        parts[-1] = Text("your hand: ") + Text(", ").join(_viking(n) for n in view["hand"])
    parts += [Text("crew: none")] if not crew else [Text("crew: ") + crew[0], *crew[1:]]
    parts += [Text(("ship trades: " if i == 0 else "") + d) for i, d in enumerate(_ship(seat, " "))]
    return Flow(parts, indent=2)
