"""Rich rendering of a view: the Regions and who is where, the Journey Pool, each Captain's
Longship sections, crew, gold, Locations and VP, and the battle in progress roll by roll."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

SECTION_STYLE = ("white", "grey62", "red")
SECTION_NAMES = ("white", "grey", "red")


def _ship(p: dict[str, Any]) -> Text:
    t = Text()
    for i, up in enumerate(p["sections"]):
        t.append(
            f"[{SECTION_NAMES[i]}]" if up else "[ x ]", style=SECTION_STYLE[i] if up else "dim"
        )
    return t


def render(view: dict[str, Any], player: int | None) -> Any:
    regions = view["regions"]
    head = Text(
        f"Villainous Vikings - round {view['round']}, P{view['turn']} to act "
        f"({view['actions_left']} action(s) left); Journey Deck {view['deck_size']} "
        f"(Ages {'/'.join(map(str, view['deck_ages']))}), Pool size {view['pool_size']}"
    )
    where = Table(title="Regions", show_header=True)
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
        where.add_row(name, caps, cards)
    asg = [c for c in view["pool"] if c["type"] == "asgard"]
    if asg:
        where.add_row("Asgard", "", ", ".join(f"{c['name']} ({c['use']})" for c in asg))
    captains = Table(title="Captains")
    for col in ("Seat", "Captain", "Ship", "Gold", "Crew", "Locations", "Other", "VP"):
        captains.add_column(col)
    for p in view["players"]:
        locs = ", ".join(x["name"] + ("" if x["face_up"] else " (raided)") for x in p["locations"])
        other = ", ".join(p["sovereigns"] + p["asgard"] + p["tokens"])
        me = " (you)" if p["seat"] == player else ""
        captains.add_row(
            f"P{p['seat']}{me}",
            p["captain"],
            _ship(p),
            str(p["gold"]),
            ", ".join(w["name"] for w in p["crew"]),
            locs,
            other,
            str(p["vp"]),
        )
    parts: list[Any] = [head, where, captains]
    b = view["battle"]
    if b is not None:
        bt = Table(title=f"Battle: {b['kind']} (fight {b['fight']})")
        for col in ("Side", "Dice", "Swords", "Shields", "Sacrificed"):
            bt.add_column(col)
        for x in b["sides"]:
            dice = ", ".join(f"{SECTION_NAMES[c]}:{f}" for c, f in x["dice"])
            bt.add_row(
                x["name"], dice, str(x["total"]), str(x["shields"]), str(len(x["sacrificed"]))
            )
        parts.append(bt)
    rag = view["ragnarok"]
    if rag is not None:
        parts.append(
            Panel(
                Text(
                    f"Ragnarok: still fighting {rag['alive']}, out {rag['out']}, swords "
                    f"{rag['swords']}, winner {rag['winner']}"
                ),
                title="Ragnarok",
            )
        )
    return Group(*parts)
