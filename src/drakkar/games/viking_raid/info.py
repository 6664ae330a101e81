"""What the cards do, from a view: the terminal's `info` command.

The table (render.py) names Ships, Crew and Destinations; this gives their numbers (a Ship's
cost and crew, what each Crew card cancels, how many cards each Destination draws) and the
Encounter deck: every card's effect, its copies and how many lie in the discard pile, which is
public. Everything here is public.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from drakkar.games.viking_raid.cards import (
    CREW,
    DESTINATION,
    ENCOUNTER,
    FAR,
    SAILING_DRAWS,
    SHIP,
    VIKING,
    distance,
)

RAID = (
    "Build a Ship and hire Crew (1 Gold each, one of each kind), pick a Destination; "
    "Voyage (only Sea cards act: 2 Storms or 2 Rocks over the raid sink the ship, a Lost "
    "ends the turn and the phase is played again); Tactics (attack directly, or by surprise: "
    "5 kills fewer, a turn later); Pillage (size cards, only Defenders act; all crew killed "
    "sinks the ship); Plunder (size cards, one fewer if you attacked directly; Treasure is "
    "Gold); Return (as the Voyage). A Dragon Ship and a surprise attack each cost a turn, a "
    "Far Destination two (on the way out and on the way home). A third raid ends the game at "
    "the end of the round; every other player sunk ends it at once. Most Gold wins."
)


def _table(title: str, *columns: str, wide: str = "") -> Table:
    """A table whose `wide` column takes the room left (the others keep their width)."""
    t = Table(title=title, title_justify="left")
    for i, c in enumerate(columns):
        t.add_column(c, ratio=1 if c == wide else None, no_wrap=c != wide or i == 0)
    if wide:
        t.expand = True
    return t


def info(view: dict[str, Any], player: int | None) -> Group:
    """Ships, Crew, Destinations and the Encounter deck, then how a raid goes."""
    ships = _table("Ships", "Ship", "cost", "crew", "copies")
    crew = _table(
        "Crew cards (1 Gold each; each acts once a raid)",
        "Crew",
        "copies",
        "cancels",
        wide="cancels",
    )
    dests = _table("Destinations", "Destination", "size", "copies", "draws", wide="draws")
    for card in VIKING:
        if card.type == SHIP:
            ships.add_row(card.name, str(card.cost), str(card.crew), str(card.copies))
        elif card.type == CREW:
            crew.add_row(card.name, str(card.copies), card.effect.removeprefix("negate "))
        elif card.type == DESTINATION:
            d = distance(card.name)
            sea = SAILING_DRAWS[d]
            far = "; the first Defender ignored" if d == FAR else ""
            draws = f"sea {sea} out, {sea} home; pillage {card.size}; plunder {card.size}{far}"
            dests.add_row(card.name, str(card.size), str(card.copies), draws)
    discard = view.get("encounter_discard") or {}
    encounters = _table(
        f"Encounter deck ({view.get('encounter_deck', '?')} cards left to draw)",
        "Encounter",
        "copies",
        "discarded",
        "does",
        wide="does",
    )
    for e in ENCOUNTER:
        encounters.add_row(e.name, str(e.copies), str(discard.get(e.name, 0)), e.effect)
    sunk = (
        "A sunk ship loses only that raid (option sinking=lose-raid)."
        if view.get("sinking") == "lose-raid"
        else "A sunk ship puts its player out of the game, with the Gold they have."
    )
    raid = Text("How a raid goes: ", style="bold").append(f"{RAID} {sunk}", style="not bold")
    return Group(ships, crew, dests, encounters, raid)
