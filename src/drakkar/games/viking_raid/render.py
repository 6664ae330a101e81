"""The terminal picture of a Viking Raid view: the table, the latest raid's cards, the log, your
hand.

It is made to be read whole in 80 columns (inside the terminal's frame: 76) and in few lines:
short headings with a legend, sections under a one-line title rather than framed, the drawn
Encounter cards a line per phase. Cells wrap at spaces; nothing is cut short.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.rule import Rule
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
from drakkar.games.viking_raid.options import HAND_SIZE

TYPE_STYLE = {SHIP: "bold cyan", DESTINATION: "bold green", SEA: "blue", TREASURE: "yellow"}
CREW_MARK = {"Berserkers": "B", "Navigator": "N", "Carpenter": "C", "Sail Maker": "S"}
# the phase a raid carries on at, as the "next turn" column says it (only a surprise attack
# waits for the Pillage phase)
NEXT_TURN = {"Pillage": "surprise"}
LEGEND = (
    "special crew: B Berserkers, N Navigator, C Carpenter, S Sail Maker, * has acted this "
    "raid · destination and size · damage hull/sail: 2 of either sinks the ship"
)
NO_EFFECT = ("no effect", "no treasure")  # results listed together at the end of a phase


def render(view: dict[str, Any], player: int | None) -> Group:
    """A Rich renderable of `view`, as seat `player` (None: a spectator) sees it."""
    parts: list[Any] = [_header(view), _players(view, player)]
    if any(p["ship"] for p in view["players"]):  # (the cells it explains are empty before)
        parts.append(Text(LEGEND, "dim"))
    if view["drawn"]:
        parts += [_title(_drawn_title(view["drawn"])), _drawn(view["drawn"])]
    if view["log"]:
        parts += [_title("log"), Text("\n".join(view["log"]))]
    if player is not None and view["hand"] is not None:  # last: nearest the prompt
        gold = view["players"][player]["gold"]
        title = f"your hand, {gold} Gold"
        if view["step"] == "declare" and view["turn"] == player and view["winners"] is None:
            title += _no_raid(view["hand"], gold)
        parts += [_title(title), _hand(view["hand"])]
    return Group(*parts)


def _no_raid(hand: list[str], gold: int) -> str:
    """Why a raid cannot be declared, as the ruling has it (an affordable Ship and a
    Destination), or "": "stay home" as the only move says nothing of it."""
    cards = [VIKING[VIKING_INDEX[name]] for name in hand]
    ships = [c.cost for c in cards if c.type == SHIP]
    if not ships:
        return " · no raid: no Ship"
    if min(ships) > gold:
        return " · no raid: no Ship you can afford"
    if not any(c.type == DESTINATION for c in cards):
        return " · no raid: no Destination"
    return ""


def _title(text: str) -> Rule:
    return Rule(Text(text, "bold"), align="left", style="dim")


def _header(view: dict[str, Any]) -> Text:
    text = Text(f"Viking Raid, round {view['round']} of at most {view['max_rounds']}", "bold")
    if view["winners"] is not None:
        who = ", ".join(f"player {w}" for w in view["winners"])
        text.append(f"   game over: {who} won", "bold magenta")
    else:
        # a discard is the hand limit's: say so, or eight cards and a list of discards puzzle
        step = f"discard to {HAND_SIZE} cards" if view["step"] == "discard" else view["step"]
        text.append(f"   player {view['turn']}'s turn ({step})")
        if view["ending"]:
            text.append("   last round!", "bold red")
    text.append(
        f"\nViking deck {view['viking_deck']}, Encounter deck {view['encounter_deck']}", "dim"
    )
    return text


def _hand(hand: list[str]) -> Text:
    text = Text()
    for i, name in enumerate(dict.fromkeys(hand)):
        card = VIKING[VIKING_INDEX[name]]
        text.append("\n" if i else "")
        text.append(
            name + (f" ×{hand.count(name)}" if hand.count(name) > 1 else ""),
            TYPE_STYLE.get(card.type, "magenta"),
        )
        text.append(f"  {card.effect}" + (f", costs {card.cost} Gold" if card.cost else ""), "dim")
    return text or Text("(empty)", "dim")


def _players(view: dict[str, Any], player: int | None) -> Table:
    """One row a Viking, one line a row in 76 columns: short cells, a legend for them."""
    table = Table(box=None, padding=(0, 1), collapse_padding=True, pad_edge=False)
    for col in ("seat", "Gold", "raids", "hand", "ship, crew", "special", "destination",
                "damage", "next turn"):  # fmt: skip
        table.add_column(col, header_style="bold")
    for i, p in enumerate(view["players"]):
        crews = " ".join(
            CREW_MARK[n] + ("*" if s == "used" else "") for n, s in p["special_crew"].items()
        )
        dest = f"{p['destination']} {p['size']}" if p["destination"] else "-"
        ship = f"{p['ship'].removesuffix(' Ship')} {p['crew']}" if p["ship"] else "-"
        damage = f"{p['hull_damage']}/{p['sail_damage']}" if p["ship"] else "-"
        status = "out" if p["out"] else NEXT_TURN.get(p["continues_at"], p["continues_at"])
        name = f"{i} you" if i == player else str(i)
        style = "bold" if i == view["turn"] and view["winners"] is None else None
        table.add_row(
            name, str(p["gold"]), str(p["raids"]), str(p["hand_size"]), ship, crews or "-",
            dest, damage, status or "", style="dim" if p["out"] else style,
        )  # fmt: skip
    return table


def _drawn_title(drawn: list[dict[str, str]]) -> str:
    return f"Encounter cards of player {drawn[0]['player']}'s latest raid turn"


def _drawn(drawn: list[dict[str, str]]) -> Table:
    """The cards a line per phase, each with what it did (an ignored card says so); those
    that did nothing come last, together."""
    table = Table(
        box=None, padding=(0, 1), collapse_padding=True, pad_edge=False, show_header=False
    )
    table.add_column("phase", no_wrap=True)
    table.add_column("cards")
    phases: dict[str, list[dict[str, str]]] = {}
    for d in drawn:
        phases.setdefault(d["phase"], []).append(d)
    for phase, cards in phases.items():
        text = Text()
        for d in cards:
            if d["result"] not in NO_EFFECT:
                _card(text.append("; " if text else ""), d["card"]).append(f": {d['result']}")
        for result in NO_EFFECT:
            names = [d["card"] for d in cards if d["result"] == result]
            if names:
                text.append(("; " if text else "") + f"{result}: ", "dim")
                for k, name in enumerate(dict.fromkeys(names)):
                    _card(text.append(", " if k else ""), name)
                    text.append(f" ×{names.count(name)}" if names.count(name) > 1 else "")
        table.add_row(phase, text)
    return table


def _card(text: Text, name: str) -> Text:
    text.append(name, TYPE_STYLE.get(ENCOUNTER[ENCOUNTER_INDEX[name]].type, "red"))
    return text
