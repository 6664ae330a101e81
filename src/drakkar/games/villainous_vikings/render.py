"""Rich rendering of a view: the Regions and who is where, the Journey Pool, each Captain's
Longship sections, crew, gold, Locations and VP, and the battle in progress roll by roll."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from drakkar.games.villainous_vikings.cards import FACE_WORDS

SECTION_STYLE = ("white", "grey62", "red")
SECTION_NAMES = ("white", "grey", "red")


def _ship(p: dict[str, Any]) -> Text:
    """The Longship's sections, lost ones crossed out: 'W G R', 'W G x'."""
    t = Text()
    for i, up in enumerate(p["sections"]):
        t.append(" " if i else "")
        t.append(
            SECTION_NAMES[i][0].upper() if up else "x", style=SECTION_STYLE[i] if up else "dim"
        )
    return t


def render(view: dict[str, Any], player: int | None) -> Any:
    regions = view["regions"]
    head = Text(
        f"Villainous Vikings - round {view['round']}, P{view['turn']} to act "
        f"({view['actions_left']} action(s) left); Journey Deck {view['deck_size']} "
        f"(Ages {'/'.join(map(str, view['deck_ages']))}), Pool size {view['pool_size']}"
    )
    where = Table(
        title="Regions", show_header=True, box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False
    )
    where.add_column("Region")
    where.add_column("Captains")
    where.add_column("Journey Pool")
    for r, name in enumerate(regions):
        caps = ", ".join(f"P{p['seat']}" for p in view["players"] if p["region"] == r)
        cards = ", ".join(
            f"{c['name']} ({'/'.join(d[0].upper() for d in c['dice'])} {c['gold']}g {c['vp']}vp"
            + (f", {c['warrior']['kind']} {c['warrior']['name']}" if c["warrior"] else "")
            + ")"
            for c in view["pool"]
            if c["type"] == "location" and c["region"] == r
        )
        where.add_row(Text(name), caps, Text(cards))  # (card names as text, never markup)
    asg = [c for c in view["pool"] if c["type"] == "asgard"]
    if asg:
        where.add_row("Asgard", "", Text(", ".join(f"{c['name']} ({c['use']})" for c in asg)))
    captains = Table(title="Captains", box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    for col in ("Seat", "Captain", "Ship", "Gold", "Crew", "Locations", "Other", "VP"):
        captains.add_column(col)
    for p in view["players"]:
        locs = ", ".join(x["name"] + ("" if x["face_up"] else " (raided)") for x in p["locations"])
        other = ", ".join(p["sovereigns"] + p["asgard"] + p["tokens"])
        me = " (you)" if p["seat"] == player else ""
        captains.add_row(
            f"P{p['seat']}{me}",
            Text(p["captain"]),
            _ship(p),
            str(p["gold"]),
            Text(", ".join(w["name"] for w in p["crew"])),
            Text(locs),
            Text(other),
            str(p["vp"]),
        )
    parts: list[Any] = [head, where, captains]
    b = view["battle"]
    if b is not None:
        bt = Table(
            title=f"Battle: {b['kind']} (fight {b['fight']})", box=box.SIMPLE_HEAD, show_edge=False
        )
        for col in ("Side", "Dice", "Swords", "Shields", "Sacrificed"):
            bt.add_column(col)
        for x in b["sides"]:
            dice = ", ".join(f"{SECTION_NAMES[c]} {FACE_WORDS[f]}" for c, f in x["dice"])
            bt.add_row(
                Text(x["name"]), dice, str(x["total"]), str(x["shields"]), str(len(x["sacrificed"]))
            )
        parts.append(bt)
    rag = view["ragnarok"]
    if rag is not None:
        parts.append(
            Panel(
                Text(_ragnarok_text(rag)),
                title="Ragnarok",
            )
        )
    return Group(*parts)


def _ragnarok_text(rag: dict[str, Any]) -> str:
    """'still fighting P1, P2 · out P0 · swords P1 4, P2 3', or who won."""

    def seats(ps: list[int]) -> str:
        return ", ".join(f"P{p}" for p in ps) or "none"

    parts = [f"out {seats(rag['out'])}"]
    if rag["winner"] is not None:
        parts.insert(0, f"P{rag['winner']} wins Ragnarok")
    else:
        parts.insert(0, f"still fighting {seats(rag['alive'])}")
        if rag["swords"]:
            parts.append("swords " + ", ".join(f"P{p} {n}" for p, n in rag["swords"].items()))
    return " · ".join(parts)
