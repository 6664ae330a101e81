"""The terminal picture of a Knarr view: the board, the Destinations, every seat's crew and ship."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from drakkar.games.knarr.cards import COLOURS, REPUTATION_VP, destination_line

STYLE = {"red": "red", "yellow": "yellow", "green": "green", "blue": "blue", "purple": "magenta"}
ICON = {"VP": "VP", "bracelet": "BR", "recruit": "RC", "reputation": "REP", "card": "CARD"}


def _viking(name: str | None) -> Text:
    """'red VP' -> a coloured 'VP'."""
    if name is None:
        return Text("(empty)", style="dim")
    colour, asset = name.split(" ", 1)
    return Text(ICON.get(asset, asset), style=STYLE[colour])


def render(view: dict[str, Any], player: int | None) -> Group:
    parts: list[Any] = []
    mover = "game over" if view["to_move"] is None else f"to move: player {view['to_move']}"
    head = Text(
        f"Round {view['round']}  ·  {mover}  ·  "
        f"phase: {view['phase']}  ·  ship side: {view['ship_side']}"
    )
    if view["artifacts"]:
        head.append(f"  ·  artifacts: {', '.join(view['artifacts'])}")
    if view["end_triggered"]:
        head.append("  ·  LAST ROUND", style="bold red")
    parts.append(head)
    parts.append(
        Text(
            "VP victory point · BR silver bracelet · RC recruit token · REP reputation · "
            "CARD a blind Viking from the deck · < to move",
            style="dim",
        )
    )

    board = Table(title="Board", title_justify="left", box=None, padding=(0, 2))
    for i, colour in enumerate(COLOURS):
        board.add_column(f"{i + 1} {colour}", style=STYLE[colour])
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
        for name in view["hand"]:
            hand.append_text(_viking(name))
            hand.append(f" ({name.split()[0]})  ")
        parts.append(hand)
    if view["paying"]:
        pay = view["paying"]
        parts.append(Text(f"Paying for {pay['destination']} ({pay['cost']}): {pay['left']} to go"))
    return Group(*parts)


def _seat(view: dict[str, Any], p: int, seat: dict[str, Any], player: int | None) -> Table:
    me = " (you)" if p == player else ""
    mover = " <" if p == view["to_move"] else ""
    rep = seat["reputation"]
    title = (
        f"Player {p}{me}{mover}: {seat['score']} VP · reputation {rep} "
        f"(+{REPUTATION_VP[rep]}/turn) · {seat['recruits']} RC · {seat['bracelets']} BR · "
        f"hand {seat['hand_size']}"
    )
    if seat["known_hand"]:
        title += f" (seen: {', '.join(seat['known_hand'])})"
    t = Table(title=title, title_justify="left", box=None, padding=(0, 2))
    for colour in COLOURS:
        t.add_column(colour, style=STYLE[colour])
    t.add_column("ship")
    height = max([len(c) for c in seat["crew"]] + [1])
    side = {"normal": "- | RC | -", "advanced": "VP | - | BR"}[view["ship_side"]]
    ship = [f"{d}: trade {destination_line(d).split('trade ')[1]}" for d in seat["ship"]]
    ship.append(f"ship: trade {side}")
    ship += [f"reserved {d}" for d in seat["reserved"]]
    rows = max(height, len(ship))
    for r in range(rows):
        cells: list[Any] = []
        for col in seat["crew"]:
            cells.append(_viking(col[r]) if r < len(col) else Text(""))
        cells.append(ship[r] if r < len(ship) else "")
        t.add_row(*cells)
    return t
