"""What every card in play does, from a view: the terminal's `info` command.

The table (render.py) names cards; this names their abilities: each Captain's static and
Heathen Hammer abilities, the battle's Location or Gods and their defender, your crew,
Locations and Asgard cards (what each sacrifice gives), the other crews, the Journey Pool,
the dice faces, the helmets and the prices. Everything here is public.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from drakkar.games.villainous_vikings.battle import SWORD_COST
from drakkar.games.villainous_vikings.effects import count
from drakkar.games.villainous_vikings.rules import REPAIR_COST

RULES = (
    "In a battle the side behind decides first (the attacker on a tie; a Captain always before "
    "a Location or the Gods): sacrifice at most one face-up Location, one Warrior and one "
    f"Asgard card a battle, and buy swords at {SWORD_COST} gold each, until both sides stop. "
    "More swords win; a Location or the Gods win a tie, Captains fight a tie again. Your hits "
    "are the other side's swords less your shields, counted from the right (red, grey, white); "
    "a section flips when all its helmets are hit, and a flipped white section sinks the ship. "
    "A Location without a Sovereign counts each hammer as 2 swords. Retreat from a contest: 2 "
    "gold per undamaged section (or all your gold if less). Repair: grey "
    f"{REPAIR_COST[2]} gold, red {REPAIR_COST[1]}."
)


def _grid() -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    return grid


def hammers(h: dict[str, str]) -> str:
    """'white: +2 swords · grey: +1 sword; repair 1 · red: -' (an ability may hold several)."""
    return " · ".join(f"{colour}: {text}" for colour, text in h.items())


def _sac(text: str) -> str:
    return "no sacrifice" if text == "-" else f"sacrifice {text}"


def _warrior(w: dict[str, Any]) -> str:
    """'hero. Static: +1 sword. Sacrifice +2 shields'."""
    text = f"{w['kind']}. Static: {w['static']}"
    if w.get("hammers"):
        text += f". Hammers: {hammers(w['hammers'])}"
    if w["kind"] == "mercenary":
        text += f". Hire for {w['cost']} gold"
    if w["kind"] == "sovereign":
        text += f". {w['vp']} VP to whoever takes his Location"
    return text + f". {_sac(w['sacrifice']).capitalize()}"


def _location(c: dict[str, Any], regions: list[str]) -> str:
    text = (
        f"{regions[c['region']]}, Age {c['age']}, dice {', '.join(c['dice'])}, "
        f"{c['gold']} gold, {c['vp']} VP; {_sac(c['sacrifice'])}"
    )
    w = c.get("warrior")
    if w:
        text += f". {w['name']}, {_warrior(w)}"
    return text


def _asgard(c: dict[str, Any]) -> str:
    text = f"use: {c['use']}"
    if c.get("dice"):
        text += f" (the Gods roll {', '.join(c['dice'])})"
    if c.get("reward", "-") != "-":
        text += f"; a win gives {c['reward']}"
    return text + f"; {_sac(c.get('sacrifice', '-'))}; {c['vp']} VP if kept"


def info(view: dict[str, Any], player: int | None) -> Group:
    regions = view["regions"]
    parts: list[Any] = []

    def section(title: str, rows: list[tuple[str, str]]) -> None:
        if rows:
            grid = _grid()
            for name, text in rows:
                grid.add_row(Text(name, style="bold"), Text(text))
            parts.extend([Text(title, style="bold underline"), grid])

    section(
        "Captains (static ability; Heathen Hammers fire once a colour a battle)",
        [
            (
                f"P{p['seat']} {p['captain']}",
                f"Static: {p['static']}. Hammers: {hammers(p['hammers'])}",
            )
            for p in view["players"]
        ],
    )
    b = view["battle"]
    if b is not None and b.get("target"):
        t = b["target"]
        text = _location(t, regions) if t["type"] == "location" else _asgard(t)
        section("This battle", [(t["name"], text)])
    for p in view["players"]:
        mine = p["seat"] == player
        rows = [(w["name"], _warrior(w)) for w in p["crew"]]
        if mine:
            rows += [
                (x["name"], f"Location, {x['vp']} VP; {_sac(x['sacrifice'])}")
                if x["face_up"]
                else (x["name"], "raided: no VP, cannot be sacrificed until rebuilt")
                for x in p["locations"]
            ]
            rows += [
                (a["name"], f"Asgard card, {a['vp']} VP; {_sac(a['sacrifice'])}")
                for a in p.get("asgard_cards", [])
            ]
        who = "Your cards" if mine else f"P{p['seat']}'s crew"
        section(who, rows)
    section(
        "The Journey Pool",
        [
            (c["name"], _location(c, regions) if c["type"] == "location" else _asgard(c))
            for c in view["pool"]
        ],
    )
    dice = view.get("dice_faces") or {}
    helmets = view.get("helmets") or {}
    section(
        "Dice (six faces) and Longship sections",
        [
            (
                colour,
                ", ".join(faces)
                + (f"; section of {count(helmets[colour], 'helmet')}" if colour in helmets else ""),
            )
            for colour, faces in dice.items()
        ],
    )
    parts += [Text("How a battle goes", style="bold underline"), Text(RULES)]
    return Group(*parts)
