"""The two decks of Viking Raid as data, and the tables the rules look up by card index.

A card is an int: its index in `VIKING` or `ENCOUNTER`. Copies of a card are the same int, so a
deck is a list of ints and a hand a sorted tuple of ints.
"""

from __future__ import annotations

from typing import NamedTuple

SHIP, CREW, DESTINATION = "Ship", "Crew", "Destination"
SEA, DEFENDERS, TREASURE = "Sea", "Defenders", "Treasure"
NEAR, MIDDLE, FAR = "near", "middle", "far"


class VikingCard(NamedTuple):
    name: str
    type: str  # Ship, Crew or Destination
    copies: int
    cost: int  # Gold to build a Ship or hire a Crew card; Destinations are free
    crew: int  # a Ship's crew
    size: int  # a Destination's size
    effect: str


class EncounterCard(NamedTuple):
    name: str
    type: str  # Sea, Defenders or Treasure
    copies: int
    kills: int  # crew a Defenders card kills
    gold: int  # gold a Treasure card is worth
    effect: str


def _ship(name: str, copies: int, cost: int, crew: int) -> VikingCard:
    return VikingCard(name, SHIP, copies, cost, crew, 0, f"comes with {crew} crew")


def _crew(name: str, effect: str) -> VikingCard:
    return VikingCard(name, CREW, 4, 1, 0, 0, effect)


def _dest(name: str, copies: int, size: int) -> VikingCard:
    return VikingCard(name, DESTINATION, copies, 0, 0, size, f"size {size}")


VIKING: tuple[VikingCard, ...] = (
    _ship("Long Ship", 6, 2, 20),
    _ship("Serpent Ship", 4, 3, 30),
    _ship("Dragon Ship", 3, 4, 40),
    _crew("Berserkers", "negate 5 kills of the first Defenders"),
    _crew("Navigator", "negate the first Lost"),
    _crew("Carpenter", "negate the first Rocks"),
    _crew("Sail Maker", "negate the first Storm"),
    _dest("Near Village", 2, 2),
    _dest("Village", 2, 2),
    _dest("Far Village", 2, 3),
    _dest("Near Monastery", 1, 3),
    _dest("Monastery", 1, 3),
    _dest("Far Monastery", 1, 4),
    _dest("Near Town", 1, 4),
    _dest("Town", 1, 4),
    _dest("Far Town", 1, 5),
    _dest("Near City", 1, 5),
    _dest("City", 1, 6),
    _dest("Far City", 1, 7),
)

ENCOUNTER: tuple[EncounterCard, ...] = (
    EncounterCard("Lost", SEA, 5, 0, 0, "miss a turn"),
    EncounterCard("Storm", SEA, 5, 0, 0, "1 Sail damage"),
    EncounterCard("Rocks", SEA, 5, 0, 0, "1 Hull damage"),
    EncounterCard("Peasants Militia", DEFENDERS, 6, 5, 0, "kill 5 crew"),
    EncounterCard("Garrison", DEFENDERS, 5, 10, 0, "kill 10 crew"),
    EncounterCard("Knights", DEFENDERS, 4, 15, 0, "kill 15 crew"),
    EncounterCard("Livestock", TREASURE, 5, 0, 3, "3 Gold"),
    EncounterCard("Women Captives", TREASURE, 4, 0, 5, "5 Gold"),
    EncounterCard("Coins", TREASURE, 4, 0, 7, "7 Gold"),
    EncounterCard("Artifacts", TREASURE, 3, 0, 9, "9 Gold"),
)

VIKING_NAMES = tuple(c.name for c in VIKING)
ENCOUNTER_NAMES = tuple(c.name for c in ENCOUNTER)
VIKING_INDEX = {c.name: i for i, c in enumerate(VIKING)}
ENCOUNTER_INDEX = {c.name: i for i, c in enumerate(ENCOUNTER)}

SHIPS = tuple(i for i, c in enumerate(VIKING) if c.type == SHIP)
CREWS = tuple(i for i, c in enumerate(VIKING) if c.type == CREW)
DESTINATIONS = tuple(i for i, c in enumerate(VIKING) if c.type == DESTINATION)
LONG_SHIP, SERPENT_SHIP, DRAGON_SHIP = SHIPS
BERSERKERS, NAVIGATOR, CARPENTER, SAIL_MAKER = CREWS
LOST, STORM, ROCKS = 0, 1, 2

#: a Crew card's bit in a player's hired / used masks
CREW_BIT = {c: 1 << k for k, c in enumerate(CREWS)}


def distance(name: str) -> str:
    """Ruling: "Near …" is near, "Far …" is far, any other Destination is middle."""
    if name.startswith("Near "):
        return NEAR
    if name.startswith("Far "):
        return FAR
    return MIDDLE


#: Encounter cards drawn on the way out and on the way home, by distance
SAILING_DRAWS = {NEAR: 2, MIDDLE: 3, FAR: 4}

# Per Viking card index, for the hot paths
V_TYPE = tuple(c.type for c in VIKING)
V_COST = tuple(c.cost for c in VIKING)
V_CREW = tuple(c.crew for c in VIKING)
V_SIZE = tuple(c.size for c in VIKING)
V_FAR = tuple(c.type == DESTINATION and distance(c.name) == FAR for c in VIKING)
V_SAILING = tuple(SAILING_DRAWS[distance(c.name)] if c.type == DESTINATION else 0 for c in VIKING)
# Per Encounter card index
E_TYPE = tuple(c.type for c in ENCOUNTER)
E_KILLS = tuple(c.kills for c in ENCOUNTER)
E_GOLD = tuple(c.gold for c in ENCOUNTER)

#: one list of every card, each copy once: what the decks are made from
VIKING_DECK = tuple(i for i, c in enumerate(VIKING) for _ in range(c.copies))
ENCOUNTER_DECK = tuple(i for i, c in enumerate(ENCOUNTER) for _ in range(c.copies))

# The rules' fast paths rely on this order (see VikingRaidState.can_raid).
assert SHIPS == (0, 1, 2) and V_COST[0] < V_COST[1] < V_COST[2]
assert tuple(range(len(VIKING) - len(DESTINATIONS), len(VIKING))) == DESTINATIONS
