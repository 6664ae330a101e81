"""The fixed action table of Viking Raid: int <-> meaning <-> label.

0 go raiding          1 stay home           2 done hiring
3 attack directly     4 attack by surprise
5..7    build <Ship>           (Long Ship, Serpent Ship, Dragon Ship)
8..11   hire <Crew>            (Berserkers, Navigator, Carpenter, Sail Maker)
12..23  sail for <Destination> (Near Village ... Far City)
24..42  discard <Viking card>  (every Viking card, in card-table order)
"""

from __future__ import annotations

from drakkar.games.viking_raid.cards import CREWS, DESTINATIONS, SHIPS, VIKING, VIKING_NAMES

GO_RAIDING, STAY_HOME, DONE_HIRING, ATTACK_DIRECTLY, ATTACK_BY_SURPRISE = range(5)

BUILD = {ship: 5 + k for k, ship in enumerate(SHIPS)}
HIRE = {crew: BUILD[SHIPS[-1]] + 1 + k for k, crew in enumerate(CREWS)}
SAIL = {dest: HIRE[CREWS[-1]] + 1 + k for k, dest in enumerate(DESTINATIONS)}
DISCARD_BASE = SAIL[DESTINATIONS[-1]] + 1
DISCARD = {card: DISCARD_BASE + card for card in range(len(VIKING))}

NUM_ACTIONS = DISCARD_BASE + len(VIKING)

LABELS: tuple[str, ...] = tuple(
    ["go raiding", "stay home", "done hiring", "attack directly", "attack by surprise"]
    + [f"build {VIKING_NAMES[s]}" for s in SHIPS]
    + [f"hire {VIKING_NAMES[c]}" for c in CREWS]
    + [f"sail for {VIKING_NAMES[d]}" for d in DESTINATIONS]
    + [f"discard {name}" for name in VIKING_NAMES]
)

#: the Viking card an action plays (build, hire, sail for, discard), or -1
CARD_OF: tuple[int, ...] = tuple(
    [-1] * 5 + list(SHIPS) + list(CREWS) + list(DESTINATIONS) + list(range(len(VIKING)))
)

assert len(LABELS) == NUM_ACTIONS == len(CARD_OF) == 43
