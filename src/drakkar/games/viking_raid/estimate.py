"""Estimates for Viking Raid: how a raid may go, and each player's chance to win.

`simulate_raid` plays the rest of one raid through a given order of the Encounter deck: the
heuristic bot plans with it (bot.py), and the prospect of a raid under way below uses it.

ISMCTS (`estimate=1`) reads a roll-out cut short with `estimate(state)`: a softmax over the
players of a weighted sum of features of each (`features`), a conditional logit fitted by
`benchmarks/viking_raid_estimate.py` on the turn starts of games between four heuristic bots.
A raid under way counts by its prospect: the chance the ship sinks and the Gold still to
come, by a small simulation from the phase it is at (`prospect`, cached per situation).
The cut falls at a turn's Declaration (`settled`), where every raid under way is paused.
"""

from __future__ import annotations

import math
import random
from functools import cache
from typing import Any

from drakkar.games.viking_raid.cards import (
    BERSERKERS,
    CARPENTER,
    CREW_BIT,
    DEFENDERS,
    E_GOLD,
    E_KILLS,
    E_TYPE,
    ENCOUNTER_DECK,
    LOST,
    NAVIGATOR,
    ROCKS,
    SAIL_MAKER,
    STORM,
    TREASURE,
    V_FAR,
    V_SAILING,
    V_SIZE,
)

# the rules' phases and attacks (state.py's numbering; state.py imports this module)
VOYAGE, TACTICS, PILLAGE, PLUNDER, RETURN, HOME = range(4, 10)
DIRECT, SURPRISE = 1, 2
SAILED, SUNK, ENDED = range(3)  # how a Voyage or Return went (`simulate_raid`)
SIMULATIONS = 200

FEATURES = (
    "Gold",
    "Gold, late",
    "Gold, ending",
    "in",
    "in, late",
    "in, ending",
    "raids",
    "prospect Gold",
    "prospect sinking",
)
#: fitted by benchmarks/viking_raid_estimate.py (the names above, in order)
WEIGHTS = (1.706, 0.401, 3.194, 1.401, -0.381, -0.329, -0.033, 1.415, -0.627)


def features(s: Any) -> list[list[float]]:
    """Per player: Gold (tens), with it late in the game (a player still in has 2 raids, or
    the game ends this round) and at the end; still in, and so late and at the end; raids
    completed; the raid under way's Gold to come (tens) and chance of sinking."""
    n = s.num_players
    ins = [not s.out[q] for q in range(n)]
    late = float(s.ending or max((s.raids[q] for q in range(n) if ins[q]), default=0) >= 2)
    ending = float(s.ending)
    rows = []
    for q in range(n):
        gold = s.gold[q] / 10
        inside = float(ins[q])
        sink, more = prospect(s, q)
        rows.append(
            [
                gold,
                gold * late,
                gold * ending,
                inside,
                inside * late,
                inside * ending,
                s.raids[q] * inside,
                more / 10,
                sink,
            ]
        )
    return rows


def estimate(s: Any) -> list[float]:
    """Each player's chance to win (summing to 1): the softmax of `features` by `WEIGHTS`."""
    z = [sum(w * f for w, f in zip(WEIGHTS, row, strict=True)) for row in features(s)]
    top = max(z)
    e = [math.exp(x - top) for x in z]
    total = sum(e)
    return [x / total for x in e]


def prospect(s: Any, p: int) -> tuple[float, float]:
    """(chance of sinking, expected Gold still to come) of player `p`'s raid under way, from
    the phase it is at; (0, 0) with no raid under way or before its Destination is chosen.
    A Tactics choice still to make is taken as a surprise attack (the heuristic bot's)."""
    if s.ship[p] < 0 or s.dest[p] < 0:
        return 0.0, 0.0
    phase = s.resume[p] or TACTICS  # not paused: the player is choosing tactics now
    ready = s.hired[p] & ~s.used[p]
    return _prospect(phase, s.dest[p], s.crew[p], ready, s.hull[p], s.sail[p], s.attack[p])


@cache
def _prospect(
    phase: int, dest: int, crew: int, ready: int, hull: int, sail: int, attack: int
) -> tuple[float, float]:
    rng = random.Random(((phase * 31 + dest) * 64 + crew) * 1024 + ready * 64 + hull * 8 + sail)
    deck = list(ENCOUNTER_DECK)
    sunk = gold = 0
    for _ in range(SIMULATIONS):
        rng.shuffle(deck)
        s, g = simulate_raid(deck, phase, dest, crew, ready, hull, sail, attack or SURPRISE)
        sunk += s
        gold += g
    return sunk / SIMULATIONS, gold / SIMULATIONS


def simulate_raid(
    deck: list[int], phase: int, dest: int, crew: int, ready: int, hull: int, sail: int,
    attack: int, last: bool = False,
) -> tuple[bool, int]:  # fmt: skip
    """(sunk, Gold gained) of the rest of one raid through `deck` (in order), from `phase`
    (VOYAGE for a whole raid): `ready` the Crew not yet used (CREW_BIT), `attack` DIRECT or
    SURPRISE. `last`: in the game's last round, where being Lost ends the raid (there is no
    next turn to replay the phase). The heuristic bot plans with it too."""
    pos = 0
    gold = 0

    def draw() -> int:
        nonlocal pos
        e = deck[pos % len(deck)]
        pos += 1
        return e

    def sail_on() -> int:  # a Voyage or Return: SAILED, SUNK, or ENDED (Lost in the last round)
        nonlocal ready, hull, sail
        k = 0
        while k < V_SAILING[dest]:
            e, k = draw(), k + 1
            if e == LOST:
                if ready & CREW_BIT[NAVIGATOR]:
                    ready &= ~CREW_BIT[NAVIGATOR]
                elif last:
                    return ENDED
                else:
                    k = 0  # the phase is played again next turn, from the start
            elif e in (STORM, ROCKS):
                bit = CREW_BIT[SAIL_MAKER if e == STORM else CARPENTER]
                if ready & bit:
                    ready &= ~bit
                elif e == ROCKS:
                    hull += 1
                else:
                    sail += 1
                if hull >= 2 or sail >= 2:
                    return SUNK
        return SAILED

    if phase == VOYAGE:
        voyage = sail_on()
        if voyage != SAILED:
            return voyage == SUNK, 0
    if phase <= PILLAGE:
        far, shield = V_FAR[dest], 5 if attack == SURPRISE else 0
        for _ in range(V_SIZE[dest]):
            e = draw()
            if E_TYPE[e] != DEFENDERS:
                continue
            if far:
                far = False
                continue
            kills = E_KILLS[e]
            if kills >= 5 and ready & CREW_BIT[BERSERKERS]:
                ready &= ~CREW_BIT[BERSERKERS]
                kills -= 5
            cut = min(shield, kills)
            shield -= cut
            crew -= kills - cut
            if crew <= 0:
                return True, 0
        for _ in range(V_SIZE[dest] - (attack == DIRECT)):
            e = draw()
            if E_TYPE[e] == TREASURE:
                gold += E_GOLD[e]
    if phase <= RETURN:
        return sail_on() == SUNK, gold
    return False, gold
