"""The fixed action table: every decision is one int in a fixed block.

Card arguments are indices into the loaded set (Locations up to 64, Warriors 32, Asgard 16),
so the table is the same for any card set within those sizes.
"""

from __future__ import annotations

from drakkar.games.villainous_vikings.cards import (
    MAX_ASGARD,
    MAX_LOCATIONS,
    MAX_REGIONS,
    MAX_WARRIORS,
)

_BLOCKS = [
    ("move", MAX_REGIONS),  # move to Region r
    ("conquer", MAX_LOCATIONS),  # attack a Location in the Journey Pool
    ("raid", MAX_LOCATIONS),  # attack another player's face-up Location
    ("danegeld", MAX_LOCATIONS),  # trade: collect a Location's gold
    ("hire", MAX_LOCATIONS),  # trade: hire the Mercenary at a Location
    ("rebuild", MAX_LOCATIONS),  # trade: flip your raided Location face up
    ("repair", 2),  # trade: repair 1 or 2 sections
    ("asgard", MAX_ASGARD),  # use an Asgard card in the Journey Pool
    ("regroup", 1),  # Northlands: repair one section free
    ("bonus", 3),  # Northlands: Trade Network, Conquest Legacy, Gold Hoarder
    ("end_turn", 1),  # end the turn without taking the remaining actions
    ("contest", 1),  # the Captain holding a Region fights the newcomer
    ("retreat", 1),  # ... or pays and goes home
    ("colonize", 1),
    ("raze", 1),
    ("take_hero", 1),
    ("dismiss_hero", 1),
    ("discard_warrior", MAX_WARRIORS),  # crew over capacity
    ("lose_location", MAX_LOCATIONS),  # sinking: discard a Location of your choice
    ("sac_location", MAX_LOCATIONS),
    ("sac_warrior", MAX_WARRIORS),
    ("sac_asgard", MAX_ASGARD),
    ("buy_sword", 1),
    ("done", 1),  # end a sacrifice turn, or the Ragnarok repairs
    ("ragnarok_repair", 1),
    ("recruit", MAX_WARRIORS),  # Hermod's Ride: the Warrior to take from the discard pile
    ("duel", 5),  # an Asgard duel: the seat to fight
]

BASE: dict[str, int] = {}
_n = 0
for _name, _size in _BLOCKS:
    BASE[_name] = _n
    _n += _size
NUM_ACTIONS = _n
KIND_OF = [name for name, size in _BLOCKS for _ in range(size)]
ARG_OF = [i for _, size in _BLOCKS for i in range(size)]

MOVE, CONQUER, RAID, DANEGELD, HIRE, REBUILD = (
    BASE[k] for k in ("move", "conquer", "raid", "danegeld", "hire", "rebuild")
)
REPAIR, ASGARD, REGROUP, BONUS, END_TURN = (
    BASE[k] for k in ("repair", "asgard", "regroup", "bonus", "end_turn")
)
CONTEST, RETREAT, COLONIZE, RAZE = (BASE[k] for k in ("contest", "retreat", "colonize", "raze"))
TAKE_HERO, DISMISS_HERO, DISCARD_WARRIOR, LOSE_LOCATION = (
    BASE[k] for k in ("take_hero", "dismiss_hero", "discard_warrior", "lose_location")
)
SAC_LOCATION, SAC_WARRIOR, SAC_ASGARD, BUY_SWORD, DONE = (
    BASE[k] for k in ("sac_location", "sac_warrior", "sac_asgard", "buy_sword", "done")
)
RAGNAROK_REPAIR, RECRUIT, DUEL = BASE["ragnarok_repair"], BASE["recruit"], BASE["duel"]
BONUS_NAMES = ("Trade Network", "Conquest Legacy", "Gold Hoarder", "Trader & Pillager")


def decode(action: int) -> tuple[str, int]:
    return KIND_OF[action], ARG_OF[action]
