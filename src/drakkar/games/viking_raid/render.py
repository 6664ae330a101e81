"""The terminal picture of a Viking Raid view: the table, the latest raid's cards, the log, your
hand.

It is made to be read whole in 80 columns (inside the terminal's frame: 76) and in few lines:
short headings with a legend, sections under a one-line title rather than framed, the drawn
Encounter cards a line per phase. Cells wrap at spaces; nothing is cut short.

`compact` (for a screen the whole table does not fit: six seats and a long raid turn) says the
same in fewer lines: the heading, the decks and the legend run on as one paragraph of "a · b"
parts, and each section runs on from its title: the Encounter cards a phase after another
("Pillage: ... Plunder: ..."), then the log's lines, then the hand's cards, as such parts.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from drakkar.games.flow import HOLD, RunOn
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
# the legend's parts: the whole table writes them on as a paragraph, the compact one as parts
KEY = (
    "special crew: " + ", ".join(f"{mark} {name}" for name, mark in CREW_MARK.items()),
    "* has acted this raid",
    "destination and size",
    "damage hull/sail: 2 of either sinks the ship",
)
LEGEND = f"{KEY[0]}, {KEY[1]} · {KEY[2]} · {KEY[3]}"
NO_EFFECT = ("no effect", "no treasure")  # results listed together at the end of a phase


def render(view: dict[str, Any], player: int | None, compact: bool = False) -> Group:
    """A Rich renderable of `view`, as seat `player` (None: a spectator) sees it; `compact`:
    the same in fewer lines."""
    if compact:
        return _compact(view, player)
    parts: list[Any] = [_header(view), _players(view, player)]
    if _has_ships(view):
        parts.append(Text(LEGEND, "dim"))
    if view["drawn"]:
        parts += [_title(_drawn_title(view["drawn"])), _drawn(view["drawn"])]
    if view["log"]:
        parts += [_title("log"), Text("\n".join(view["log"]))]
    if player is not None and view["hand"] is not None:  # last: nearest the prompt
        parts += [_title(_hand_title(view, player)), _hand(view["hand"])]
    return Group(*parts)


def _compact(view: dict[str, Any], player: int | None) -> Group:
    """The whole table's facts in its order, each section run on from its title."""
    # (a line breaks neither a crew mark from its name nor a deck's name from its count: HOLD)
    crew = ", ".join(f"{mark} {name}".replace(" ", HOLD) for name, mark in CREW_MARK.items())
    key = [Text(k, "dim") for k in (f"special crew: {crew}", *KEY[1:])] if _has_ships(view) else []
    parts: list[Any] = [RunOn(_heading(view, HOLD) + key), _players(view, player)]
    if view["drawn"]:  # (a card's name is never broken between lines: HOLD)
        phases = [
            Text(f"{phase}: ", "bold") + _phase(cards, HOLD) + "."
            for phase, cards in _phases(view["drawn"]).items()
        ]
        parts.append(RunOn([Text(_drawn_title(view["drawn"]) + ":", "bold"), *phases], sep=""))
    if view["log"]:
        first, *rest = view["log"]
        parts.append(RunOn([Text("log: ", "bold") + Text(first), *map(Text, rest)]))
    if player is not None and view["hand"] is not None:
        cards = _hand_parts(view["hand"], " ({})", HOLD) or [Text("(empty)", "dim")]
        cards[0] = Text(_hand_title(view, player) + ":", "bold") + Text(" ") + cards[0]
        parts.append(RunOn(cards))
    return Group(*parts)


def _has_ships(view: dict[str, Any]) -> bool:
    """Whether a Viking has a ship out: the legend's cells are empty before."""
    return any(p["ship"] for p in view["players"])


def _hand_title(view: dict[str, Any], player: int) -> str:
    gold = view["players"][player]["gold"]
    title = f"your hand, {gold} Gold"
    if view["step"] == "declare" and view["turn"] == player and view["winners"] is None:
        title += _no_raid(view["hand"], gold)
    return title


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
    *heading, decks = _heading(view)
    return Text("   ", "bold").join(heading).append("\n").append_text(decks)


def _heading(view: dict[str, Any], space: str = " ") -> list[Text]:
    """The round, whose turn it is or who won, the last round, the decks (each deck's words
    joined by `space`)."""
    parts = [Text(f"Viking Raid, round {view['round']} of at most {view['max_rounds']}", "bold")]
    if view["winners"] is not None:
        who = ", ".join(f"player {w}" for w in view["winners"])
        parts.append(Text(f"game over: {who} won", "bold magenta"))
    else:
        # a discard is the hand limit's: say so, or eight cards and a list of discards puzzle
        step = f"discard to {HAND_SIZE} cards" if view["step"] == "discard" else view["step"]
        parts.append(Text(f"player {view['turn']}'s turn ({step})"))
        if view["ending"]:
            parts.append(Text("last round!", "bold red"))
    decks = [f"Viking deck {view['viking_deck']}", f"Encounter deck {view['encounter_deck']}"]
    return [*parts, Text(", ".join(d.replace(" ", space) for d in decks), "dim")]


def _hand(hand: list[str]) -> Text:
    return Text("\n").join(_hand_parts(hand, "  {}")) or Text("(empty)", "dim")


def _hand_parts(hand: list[str], effect: str, space: str = " ") -> list[Text]:
    """A card of the hand a part, its copies counted, with its `effect` and cost; the name's
    words joined by `space`."""
    parts = []
    for name in dict.fromkeys(hand):
        card = VIKING[VIKING_INDEX[name]]
        text = Text().append(
            name.replace(" ", space)
            + (f"{space}×{hand.count(name)}" if hand.count(name) > 1 else ""),
            TYPE_STYLE.get(card.type, "magenta"),
        )
        does = card.effect + (f", costs {card.cost} Gold" if card.cost else "")
        parts.append(text.append(effect.format(does), "dim"))
    return parts


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
    for phase, cards in _phases(drawn).items():
        table.add_row(phase, _phase(cards))
    return table


def _phases(drawn: list[dict[str, str]]) -> dict[str, list[dict[str, str]]]:
    phases: dict[str, list[dict[str, str]]] = {}
    for d in drawn:
        phases.setdefault(d["phase"], []).append(d)
    return phases


def _phase(cards: list[dict[str, str]], space: str = " ") -> Text:
    """A phase's cards, each with what it did; those that did nothing last, together. A card's
    name and copies are joined by `space`."""
    text = Text()
    for d in cards:
        if d["result"] not in NO_EFFECT:
            _card(text.append("; " if text else ""), d["card"], space)
            text.append(f": {d['result']}")
    for result in NO_EFFECT:
        names = [d["card"] for d in cards if d["result"] == result]
        if names:
            text.append(("; " if text else "") + f"{result}: ", "dim")
            for k, name in enumerate(dict.fromkeys(names)):
                _card(text.append(", " if k else ""), name, space)
                text.append(f"{space}×{names.count(name)}" if names.count(name) > 1 else "")
    return text


def _card(text: Text, name: str, space: str = " ") -> Text:
    style = TYPE_STYLE.get(ENCOUNTER[ENCOUNTER_INDEX[name]].type, "red")
    text.append(name.replace(" ", space), style)
    return text
