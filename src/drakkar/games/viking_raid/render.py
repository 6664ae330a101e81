"""The terminal picture of a Viking Raid view: your hand and raid, the table, the others, the log."""

from __future__ import annotations

from typing import Any

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
    parts: list[Any] = [_header(view)]
    if player is not None and view["hand"] is not None:
        parts.append(_hand(view["hand"], view["players"][player]["gold"]))
    parts.append(_players(view, player))
    if view["drawn"]:
        parts.append(_drawn(view["drawn"]))
    if view["log"]:
        parts.append(Panel("\n".join(view["log"]), title="log", border_style="dim"))
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
    table = Table(title="Vikings", expand=True)
    for col in ("player", "Gold", "raids", "hand", "ship", "crew", "special crew",
                "destination", "damage", "status"):  # fmt: skip
        table.add_column(col)
    for i, p in enumerate(view["players"]):
        crews = ", ".join(f"{n}{'*' if s == 'used' else ''}" for n, s in p["special_crew"].items())
        dest = f"{p['destination']} ({p['distance']}, {p['size']})" if p["destination"] else "-"
        status = "out" if p["out"] else (f"next: {p['continues_at']}" if p["continues_at"] else "")
        if p["attack"]:
            status = f"attacks {p['attack']} {status}".strip()
        name = f"{i} (you)" if i == player else str(i)
        style = "bold" if i == view["turn"] and view["winners"] is None else None
        table.add_row(
            name, str(p["gold"]), str(p["raids"]), str(p["hand_size"]), p["ship"] or "-",
            str(p["crew"]) if p["ship"] else "-", crews or "-", dest,
            f"hull {p['hull_damage']}, sail {p['sail_damage']}" if p["ship"] else "-",
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
