"""Villainous Vikings: the observation encoding (from `view(player)`; relative seats, up to 5).

Cards are numbered by their place in the card set in play (the shipped set or one loaded with
the `cards` option), padded to the set schema's limits, so the vector has one length for every
set; `for_options` builds the name-to-index tables of the set the options name.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np

from drakkar.adapters.encoding import Encoder, Field, mark_seat, relative
from drakkar.engine.options import GameOptions
from drakkar.games.villainous_vikings.actions import BONUS_NAMES
from drakkar.games.villainous_vikings.battle import KIND_NAMES as BATTLE_KINDS
from drakkar.games.villainous_vikings.cards import (
    MAX_ASGARD,
    MAX_LOCATIONS,
    MAX_REGIONS,
    MAX_WARRIORS,
)

SEATS = 5
MAX_CAPTAINS = 16
CODES = MAX_LOCATIONS + MAX_ASGARD  # Journey cards: Locations, then Asgard cards
PENDING = (
    "conquest",
    "contest",
    "crew",
    "duel_target",
    "end_action",
    "hero",
    "lose_location",
    "recruit",
)
ROUND_CAP, GOLD_CAP, VP_CAP, SWORD_CAP = 60, 30, 60, 30


class VillainousVikingsEncoder(Encoder):
    """Journey cards are numbered Locations 0..63 then Asgard cards 64..79 (set order); Warriors
    0..31; Regions 0..9 (0 is the Northlands). "Per seat" fields hold 5 relative seats, the
    observer first; counts are capped at the field's range."""

    game = "villainous-vikings"
    FIELDS = (
        Field("round", 1, f"round (capped at {ROUND_CAP})", ROUND_CAP),
        Field("actions_left", 1, "actions left this turn", 3),
        Field("seats", SEATS, "1 where a relative seat is in the game"),
        Field("turn", SEATS, "one-hot: whose turn it is"),
        Field("to_move", SEATS, "one-hot: the relative seat to decide"),
        Field("over", 1, "1 once the game is over"),
        Field("pool", CODES, "1 for each Journey card in the Journey Pool"),
        Field("pool_warriors", MAX_WARRIORS, "1 for each Warrior waiting at a pool Location"),
        Field("pool_size", 1, "the Journey Pool's size", 10),
        Field("deck_ages", 3, "cards left in the Journey Deck per Age", 40),
        Field("discard", CODES, "1 for each discarded Journey card"),
        Field("warrior_discard", MAX_WARRIORS, "1 for each discarded Warrior"),
        Field("draugr_reserve", 1, "Draugr left in reserve", 20),
        Field("tokens_left", len(BONUS_NAMES), "1 for each bonus token not yet taken"),
        Field("captain", SEATS * MAX_CAPTAINS, "per seat: one-hot Captain"),
        Field("region", SEATS * MAX_REGIONS, "per seat: one-hot Region its ship is in"),
        Field("gold", SEATS, f"per seat: Gold (capped at {GOLD_CAP})", GOLD_CAP),
        Field("sections", SEATS * 3, "per seat: 1 for each undamaged ship section"),
        Field("crew", SEATS * MAX_WARRIORS, "per seat: 1 for each Warrior in its crew"),
        Field("locations", SEATS * MAX_LOCATIONS, "per seat: 1 for each Location it owns"),
        Field("face_up", SEATS * MAX_LOCATIONS, "per seat: 1 for each owned Location face up"),
        Field("sovereigns", SEATS * MAX_WARRIORS, "per seat: 1 for each Sovereign it holds"),
        Field("asgard", SEATS * MAX_ASGARD, "per seat: 1 for each Asgard card it holds"),
        Field("tokens", SEATS * len(BONUS_NAMES), "per seat: 1 for each bonus token it holds"),
        Field("vp", SEATS, f"per seat: victory points (capped at {VP_CAP})", VP_CAP),
        Field("pending", len(PENDING) + 1, "one-hot: the pending decision's kind (last: other)"),
        Field("battle", len(BATTLE_KINDS), "one-hot: the kind of battle under way"),
        Field("battle_region", MAX_REGIONS, "one-hot: where the battle is"),
        Field("battle_fight", 1, "fights fought in this battle", 20),
        Field("battle_side", SEATS, "per seat: 1 if it fights in the battle"),
        Field("battle_swords", SEATS, "per seat: swords in the battle", SWORD_CAP),
        Field("battle_shields", SEATS, "per seat: shields in the battle", SWORD_CAP),
        Field("battle_weaken", SEATS, "per seat: weakening suffered", 10),
        Field("battle_bought", SEATS, "per seat: swords bought", 10),
        Field("battle_decider", SEATS, "one-hot: who decides next in the battle"),
        Field("ragnarok", 1, "1 once Ragnarok has come"),
        Field("ragnarok_alive", SEATS, "per seat: 1 if still in Ragnarok's battle"),
        Field("ragnarok_out", SEATS, "per seat: 1 if knocked out of Ragnarok's battle"),
        Field("ragnarok_swords", SEATS, "per seat: swords in Ragnarok's battle", SWORD_CAP),
        Field("ragnarok_winner", SEATS, "one-hot: who won Ragnarok's battle"),
    )

    def __init__(self, options: GameOptions | None = None) -> None:
        super().__init__()
        self.options = options
        self.code: dict[str, int] = {}
        self.warrior: dict[str, int] = {}
        self.asgard: dict[str, int] = {}
        self.captain: dict[str, int] = {}
        if options is not None:
            cs = options.card_set()  # type: ignore[attr-defined]
            self.code = {c.name: i for i, c in enumerate(cs.locations)}
            self.asgard = {c.name: i for i, c in enumerate(cs.asgard)}
            self.code.update({n: MAX_LOCATIONS + i for n, i in self.asgard.items()})
            self.warrior = {w.name: i for i, w in enumerate(cs.warriors)}
            self.captain = {c.id: i for i, c in enumerate(cs.captains)}
            if len(cs.captains) > MAX_CAPTAINS:
                raise ValueError(f"more than {MAX_CAPTAINS} Captains: the encoding has no room")
        self._by_options: dict[GameOptions, VillainousVikingsEncoder] = {}

    def for_options(self, options: GameOptions) -> Encoder:
        if options not in self._by_options:
            self._by_options[options] = VillainousVikingsEncoder(options)
        return self._by_options[options]

    def fill(
        self, view: dict[str, Any], player: int, num_players: int, x: dict[str, np.ndarray]
    ) -> None:
        if self.options is None:
            raise ValueError("use ENCODER.for_options(state.options): the card set names the cards")
        n = num_players

        seat_hot = partial(mark_seat, x, player, n)

        x["round"][0] = min(view["round"], ROUND_CAP)
        x["actions_left"][0] = min(view["actions_left"], 3)
        for seat in range(n):
            seat_hot("seats", seat)
        seat_hot("turn", view["turn"])
        seat_hot("to_move", view["to_move"])
        x["over"][0] = bool(view["over"])
        for card in view["pool"]:
            code = card["index"] if card["type"] == "location" else MAX_LOCATIONS + card["index"]
            x["pool"][code] = 1
            if card.get("warrior") is not None:
                x["pool_warriors"][card["warrior"]["index"]] = 1
        x["pool_size"][0] = min(view["pool_size"], 10)
        for age, k in enumerate(view["deck_ages"]):
            x["deck_ages"][age] = min(k, 40)
        for name in view["discard"]:
            if name in self.code:  # Ragnarok itself is no numbered card
                x["discard"][self.code[name]] = 1
        for name in view["warrior_discard"]:
            x["warrior_discard"][self.warrior[name]] = 1
        x["draugr_reserve"][0] = min(view["draugr_reserve"], 20)
        for t in view["tokens_left"]:
            x["tokens_left"][BONUS_NAMES.index(t)] = 1
        for seat, p in enumerate(view["players"]):
            self._seat(p, relative(seat, player, n), x)
        pending = view["pending"]
        if pending is not None:
            kind = pending[0]
            x["pending"][PENDING.index(kind) if kind in PENDING else len(PENDING)] = 1
        battle = view["battle"]
        if battle is not None:
            x["battle"][BATTLE_KINDS.index(battle["kind"])] = 1
            x["battle_region"][battle["region"]] = 1
            x["battle_fight"][0] = min(battle["fight"], 20)
            for side in battle["sides"]:
                r = relative(side["seat"], player, n)
                x["battle_side"][r] = 1
                x["battle_swords"][r] = min(side["swords"], SWORD_CAP)
                x["battle_shields"][r] = min(side["shields"], SWORD_CAP)
                x["battle_weaken"][r] = min(side["weaken"], 10)
                x["battle_bought"][r] = min(side["bought"], 10)
            seat_hot("battle_decider", battle["decider"])
        rag = view["ragnarok"]
        if rag is not None:
            x["ragnarok"][0] = 1
            for seat in rag["alive"]:
                seat_hot("ragnarok_alive", seat)
            for seat in rag["out"]:
                seat_hot("ragnarok_out", seat)
            for seat, swords in rag["swords"].items():
                x["ragnarok_swords"][relative(int(seat), player, n)] = min(swords, SWORD_CAP)
            seat_hot("ragnarok_winner", rag["winner"])

    def _seat(self, p: dict[str, Any], r: int, x: dict[str, np.ndarray]) -> None:
        x["captain"][r * MAX_CAPTAINS + self.captain[p["captain_id"]]] = 1
        x["region"][r * MAX_REGIONS + p["region"]] = 1
        x["gold"][r] = min(p["gold"], GOLD_CAP)
        for i, whole in enumerate(p["sections"]):
            x["sections"][r * 3 + i] = bool(whole)
        for w in p["crew"]:
            x["crew"][r * MAX_WARRIORS + w["index"]] = 1
        for loc in p["locations"]:
            x["locations"][r * MAX_LOCATIONS + loc["index"]] = 1
            x["face_up"][r * MAX_LOCATIONS + loc["index"]] = bool(loc["face_up"])
        for name in p["sovereigns"]:
            x["sovereigns"][r * MAX_WARRIORS + self.warrior[name]] = 1
        for name in p["asgard"]:
            x["asgard"][r * MAX_ASGARD + self.asgard[name]] = 1
        for t in p["tokens"]:
            x["tokens"][r * len(BONUS_NAMES) + BONUS_NAMES.index(t)] = 1
        x["vp"][r] = min(max(p["vp"], 0), VP_CAP)


ENCODER = VillainousVikingsEncoder()
