"""Viking Raid: the observation encoding (from `view(player)`; relative seats, up to 6)."""

from __future__ import annotations

from typing import Any

import numpy as np

from drakkar.adapters.encoding import Encoder, Field, relative
from drakkar.games.viking_raid.cards import (
    CREWS,
    DESTINATIONS,
    ENCOUNTER,
    ENCOUNTER_INDEX,
    SHIPS,
    VIKING,
    VIKING_INDEX,
    VIKING_NAMES,
)
from drakkar.games.viking_raid.options import ROUNDS_LIMIT

SEATS = 6
NV, NE = len(VIKING), len(ENCOUNTER)
STEPS = ("none", "discard", "declare", "build", "hire", "destination", "tactics")
PHASES = ("Voyage", "Tactics", "Pillage", "Plunder", "Return", "Home")
ATTACKS = ("directly", "by surprise")
GOLD_CAP = 100  # gold is counted up to this (a game is won with far less)
CREW_CAP = 40  # a Dragon Ship's crew, the most a ship carries
DEST_INDEX = {VIKING_NAMES[d]: k for k, d in enumerate(DESTINATIONS)}
SHIP_INDEX = {VIKING_NAMES[s]: k for k, s in enumerate(SHIPS)}
CREW_INDEX = {VIKING_NAMES[c]: k for k, c in enumerate(CREWS)}
VIKING_COPIES = max(c.copies for c in VIKING)
ENCOUNTER_COPIES = max(c.copies for c in ENCOUNTER)


class VikingRaidEncoder(Encoder):
    """Card kinds follow the rulebook's order (`cards.VIKING`, `cards.ENCOUNTER`); "per seat"
    fields hold 6 relative seats, the observer first."""

    game = "viking-raid"
    FIELDS = (
        Field("hand", NV, "my hand: copies of each Viking card kind", VIKING_COPIES),
        Field("step", len(STEPS), "one-hot: what the player to move is asked"),
        Field("round", 1, "the round number (capped at the rounds limit)", ROUNDS_LIMIT),
        Field("rounds_left", 1, "rounds until the safety end (max_rounds - round)", ROUNDS_LIMIT),
        Field("ending", 1, "1 once someone has completed 3 raids (this is the last round)"),
        Field("sinking_lose_raid", 1, "1 under the 'lose-raid' sinking variant, 0 for 'out'"),
        Field("seats", SEATS, "1 where a relative seat is in the game"),
        Field("to_move", SEATS, "one-hot: the relative seat to move"),
        Field("gold", SEATS, f"per seat: Gold (capped at {GOLD_CAP})", GOLD_CAP),
        Field("raids", SEATS, "per seat: raids completed", 3),
        Field("out", SEATS, "per seat: 1 if out of the game"),
        Field("hand_size", SEATS, "per seat: cards in hand", 20),
        Field("ship", SEATS * len(SHIPS), "per seat: one-hot Ship built this raid"),
        Field("crew", SEATS, "per seat: crew aboard", CREW_CAP),
        Field("crew_ready", SEATS * len(CREWS), "per seat: special Crew hired, not yet used"),
        Field("crew_used", SEATS * len(CREWS), "per seat: special Crew hired and used"),
        Field("destination", SEATS * len(DESTINATIONS), "per seat: one-hot Destination"),
        Field("hull_damage", SEATS, "per seat: Hull damage", 2),
        Field("sail_damage", SEATS, "per seat: Sail damage", 2),
        Field("attack", SEATS * len(ATTACKS), "per seat: one-hot attack (direct, surprise)"),
        Field("continues_at", SEATS * len(PHASES), "per seat: one-hot phase a raid resumes at"),
        Field("viking_deck", 1, "cards left in the Viking deck", sum(c.copies for c in VIKING)),
        Field("viking_discard", NV, "Viking discard: copies of each kind", VIKING_COPIES),
        Field(
            "encounter_deck",
            1,
            "cards left in the Encounter deck",
            sum(c.copies for c in ENCOUNTER),
        ),
        Field("encounter_discard", NE, "Encounter discard: copies of each kind", ENCOUNTER_COPIES),
        Field("drawn", NE, "Encounters drawn in the raid under way: copies of each kind", 8),
    )

    def fill(
        self, view: dict[str, Any], player: int, num_players: int, x: dict[str, np.ndarray]
    ) -> None:
        for name in view["hand"] or ():
            x["hand"][VIKING_INDEX[name]] += 1
        x["step"][STEPS.index(view["step"])] = 1
        x["round"][0] = min(view["round"], ROUNDS_LIMIT)
        x["rounds_left"][0] = min(max(view["max_rounds"] - view["round"], 0), ROUNDS_LIMIT)
        x["ending"][0] = bool(view["ending"])
        x["sinking_lose_raid"][0] = view["sinking"] == "lose-raid"
        if view["to_move"] is not None:
            x["to_move"][relative(view["to_move"], player, num_players)] = 1
        for seat, p in enumerate(view["players"]):
            r = relative(seat, player, num_players)
            x["seats"][r] = 1
            x["gold"][r] = min(p["gold"], GOLD_CAP)
            x["raids"][r] = min(p["raids"], 3)
            x["out"][r] = bool(p["out"])
            x["hand_size"][r] = min(p["hand_size"], 20)
            if p["ship"] is not None:
                x["ship"][r * len(SHIPS) + SHIP_INDEX[p["ship"]]] = 1
            x["crew"][r] = min(p["crew"], CREW_CAP)
            for name, status in p["special_crew"].items():
                field = "crew_used" if status == "used" else "crew_ready"
                x[field][r * len(CREWS) + CREW_INDEX[name]] = 1
            if p["destination"] is not None:
                x["destination"][r * len(DESTINATIONS) + DEST_INDEX[p["destination"]]] = 1
            x["hull_damage"][r] = min(p["hull_damage"], 2)
            x["sail_damage"][r] = min(p["sail_damage"], 2)
            if p["attack"] is not None:
                x["attack"][r * len(ATTACKS) + ATTACKS.index(p["attack"])] = 1
            if p["continues_at"] is not None:
                x["continues_at"][r * len(PHASES) + PHASES.index(p["continues_at"])] = 1
        x["viking_deck"][0] = view["viking_deck"]
        for name, count in view["viking_discard"].items():
            x["viking_discard"][VIKING_INDEX[name]] = count
        x["encounter_deck"][0] = view["encounter_deck"]
        for name, count in view["encounter_discard"].items():
            x["encounter_discard"][ENCOUNTER_INDEX[name]] = count
        for d in view["drawn"]:
            x["drawn"][ENCOUNTER_INDEX[d["card"]]] = min(
                x["drawn"][ENCOUNTER_INDEX[d["card"]]] + 1, 8
            )


ENCODER = VikingRaidEncoder()
