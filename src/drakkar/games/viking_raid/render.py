"""The terminal picture of a Viking Raid view: your hand and raid, the table, the others, the log."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from drakkar.games.viking_raid.cards import (
    DESTINATION,
    ENCOUNTER,
    ENCOUNTER_INDEX,
    SEA,
    SHIP,
    TREASURE,
    VIKING,
    VIKING_INDEX,
)

TYPE_STYLE = {SHIP: "bold cyan", DESTINATION: "bold green", SEA: "blue", TREASURE: "yellow"}


def render(view: dict[str, Any], player: int | None) -> Group:
    """A Rich renderable of `view`, as seat `player` (None: a spectator) sees it."""
    parts: list[Any] = [_header(view), _players(view, player)]
    if view["drawn"]:
        parts.append(_drawn(view["drawn"]))
    if view["log"]:
        parts.append(Panel("\n".join(view["log"]), title="log", border_style="dim"))
    if player is not None and view["hand"] is not None:  # last: nearest the prompt
        parts.append(_hand(view["hand"], view["players"][player]["gold"]))
    return Group(*parts)


def _header(view: dict[str, Any]) -> Text:
    text = Text(f"Viking Raid — round {view['round']} of at most {view['max_rounds']}", "bold")
    if view["winners"] is not None:
        who = ", ".join(f"player {w}" for w in view["winners"])
        text.append(f"   game over: {who} won", "bold magenta")
    else:
        text.append(f"   player {view['turn']}'s turn ({view['step']})")
        if view["ending"]:
            text.append("   last round!", "bold red")
    text.append(
        f"\nViking deck {view['viking_deck']}, Encounter deck {view['encounter_deck']}", "dim"
    )
    return text


def _hand(hand: list[str], gold: int) -> Panel:
    text = Text()
    for i, name in enumerate(dict.fromkeys(hand)):
        card = VIKING[VIKING_INDEX[name]]
        text.append("\n" if i else "")
        text.append(
            name + (f" ×{hand.count(name)}" if hand.count(name) > 1 else ""),
            TYPE_STYLE.get(card.type, "magenta"),
        )
        text.append(f"  {card.effect}" + (f", costs {card.cost} Gold" if card.cost else ""), "dim")
    return Panel(text or Text("(empty)", "dim"), title=f"your hand — {gold} Gold")


def _players(view: dict[str, Any], player: int | None) -> Table:
    """One row a Viking; short headings and no inner rules, so that 80 columns read whole."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), collapse_padding=True, pad_edge=False)
    for col in ("seat", "Gold", "raids", "cards", "ship, crew", "special crew", "destination",
                "damage"):  # fmt: skip
        table.add_column(col)
    table.add_column("status", min_width=12)
    for i, p in enumerate(view["players"]):
        crews = ", ".join(f"{n}{'*' if s == 'used' else ''}" for n, s in p["special_crew"].items())
        dest = f"{p['destination']} ({p['distance']} {p['size']})" if p["destination"] else "-"
        status = "out" if p["out"] else (f"{p['continues_at']} next" if p["continues_at"] else "")
        if p["attack"]:
            attack = {"by surprise": "surprise"}.get(p["attack"], p["attack"])
            status = f"{attack}; {status}".strip("; ")
        name = f"{i} you" if i == player else str(i)
        style = "bold" if i == view["turn"] and view["winners"] is None else None
        table.add_row(
            name, str(p["gold"]), str(p["raids"]), str(p["hand_size"]),
            f"{p['ship']}, {p['crew']}" if p["ship"] else "-", crews or "-", dest,
            f"hull {p['hull_damage']} sail {p['sail_damage']}" if p["ship"] else "-",
            status, style="dim" if p["out"] else style,
        )  # fmt: skip
    table.caption = "* a special crew member who has already acted this raid"
    return table


def _drawn(drawn: list[dict[str, str]]) -> Panel:
    text = Text()
    for i, d in enumerate(drawn):
        card = ENCOUNTER[ENCOUNTER_INDEX[d["card"]]]
        text.append(("\n" if i else "") + f"player {d['player']}  {d['phase']:8} ")
        text.append(card.name, TYPE_STYLE.get(card.type, "red"))
        text.append(f"  {card.effect}", "dim")
    return Panel(text, title="Encounter cards drawn (latest raid turn)")
