"""Knarr: the observation encoding (from `view(player)`; relative seats, up to 4)."""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import Any

import numpy as np

from drakkar.adapters.encoding import Encoder, Field, count_kinds, mark_seat, relative
from drakkar.games.knarr.cards import (
    ARTIFACT_IDS,
    COLOURS,
    DEST_IDS,
    MAX_REPUTATION,
    V_KIND,
    kind_name,
)
from drakkar.games.knarr.state import PHASE_NAMES

SEATS = 4
KINDS = 20  # Viking kinds: colour (red, yellow, green, blue, purple) x asset (VP, BR, RC, REP)
KIND = {kind_name(k): k for k in range(KINDS)}
COPIES = max(Counter(V_KIND).values())  # most Vikings of one kind
ND = len(DEST_IDS)  # 35 Destinations, A01..B35 in `cards.DESTINATIONS` order
DEST = {d: i for i, d in enumerate(DEST_IDS)}
BOARD_SLOTS, DEST_SLOTS = len(COLOURS), 6
ROUND_CAP, SCORE_CAP, TOKEN_CAP = 60, 100, 3


class KnarrEncoder(Encoder):
    """Viking kinds are numbered colour * 4 + asset (colours red, yellow, green, blue, purple;
    assets VP, bracelet, recruit, reputation); Destinations in `cards.DESTINATIONS` order.
    "Per seat" fields hold 4 relative seats, the observer first."""

    game = "knarr"
    FIELDS = (
        Field("hand", KINDS, "my hand: Vikings of each kind", COPIES),
        Field("phase", len(PHASE_NAMES), "one-hot: the decision asked"),
        Field("round", 1, f"round (capped at {ROUND_CAP})", ROUND_CAP),
        Field("seats", SEATS, "1 where a relative seat is in the game"),
        Field("to_move", SEATS, "one-hot: the relative seat to move"),
        Field("turn_player", SEATS, "one-hot: whose turn it is"),
        Field("start_player", SEATS, "one-hot: the start player"),
        Field("advanced_ship", 1, "1 with the advanced ship side"),
        Field("artifacts", len(ARTIFACT_IDS), "1 for each Artifact in the game"),
        Field("end_triggered", 1, "1 once someone has reached the end score"),
        Field("traded", 1, "1 if the player to move has traded this turn"),
        Field("board", BOARD_SLOTS * KINDS, "per board slot: one-hot Viking kind there"),
        Field("destinations", DEST_SLOTS * ND, "per Destination slot: one-hot Destination there"),
        Field("viking_deck", 1, "Vikings left in the deck", 80),
        Field("discard", KINDS, "the discard: Vikings of each kind", COPIES),
        Field("deck_a", 1, "Destinations left in deck A", ND),
        Field("deck_b", 1, "Destinations left in deck B", ND),
        Field("crew", SEATS * KINDS, "per seat: Vikings of each kind in its crew", COPIES),
        Field("ship", SEATS * ND, "per seat: 1 for each Destination on its ship"),
        Field("reserved", SEATS * ND, "per seat: 1 for each Destination it has reserved"),
        Field("recruits", SEATS, "per seat: recruit tokens", TOKEN_CAP),
        Field("bracelets", SEATS, "per seat: bracelets", TOKEN_CAP),
        Field("reputation", SEATS, "per seat: reputation", MAX_REPUTATION),
        Field("score", SEATS, f"per seat: victory points (capped at {SCORE_CAP})", SCORE_CAP),
        Field("hand_size", SEATS, "per seat: cards in hand", 20),
        Field("known_hand", SEATS * KINDS, "per seat: Vikings everyone saw it take", COPIES),
        Field("paying", ND, "one-hot: the Destination being paid for"),
        Field("paying_left", 1, "Vikings still to pay", 10),
        Field("paying_owed", len(COLOURS), "per colour: Vikings owed (coloured costs)", 5),
        Field("paying_used", len(COLOURS), "per colour: used so far (other costs)", 5),
        Field("paying_colour", len(COLOURS), "one-hot: the colour chosen (one-colour costs)"),
        Field("discarders", SEATS, "per seat: 1 if it must discard (empty deck)"),
    )

    def fill(
        self, view: dict[str, Any], player: int, num_players: int, x: dict[str, np.ndarray]
    ) -> None:
        n = num_players

        seat_hot = partial(mark_seat, x, player, n)
        count = partial(count_kinds, x, KIND)

        count("hand", view["hand"] or ())
        x["phase"][PHASE_NAMES.index(view["phase"])] = 1
        x["round"][0] = min(view["round"], ROUND_CAP)
        for seat in range(n):
            seat_hot("seats", seat)
        seat_hot("to_move", view["to_move"])
        seat_hot("turn_player", view["turn_player"])
        seat_hot("start_player", view["start_player"])
        x["advanced_ship"][0] = view["ship_side"] == "advanced"
        for a in view["artifacts"]:
            x["artifacts"][ARTIFACT_IDS.index(a)] = 1
        x["end_triggered"][0] = bool(view["end_triggered"])
        x["traded"][0] = bool(view["traded"])
        for i, name in enumerate(view["board"]):
            if name is not None:
                x["board"][i * KINDS + KIND[name]] = 1
        for i, d in enumerate(view["destinations"]):
            if d is not None:
                x["destinations"][i * ND + DEST[d]] = 1
        x["viking_deck"][0] = min(view["viking_deck"], 80)
        count("discard", view["discard"])
        x["deck_a"][0] = view["deck_a"]
        x["deck_b"][0] = view["deck_b"]
        for seat, s in enumerate(view["seats"]):
            r = relative(seat, player, n)
            for column in s["crew"]:
                count("crew", column, r * KINDS)
            for d in s["ship"]:
                x["ship"][r * ND + DEST[d]] = 1
            for d in s["reserved"]:
                x["reserved"][r * ND + DEST[d]] = 1
            x["recruits"][r] = min(s["recruits"], TOKEN_CAP)
            x["bracelets"][r] = min(s["bracelets"], TOKEN_CAP)
            x["reputation"][r] = min(s["reputation"], MAX_REPUTATION)
            x["score"][r] = min(s["score"], SCORE_CAP)
            x["hand_size"][r] = min(s["hand_size"], 20)
            count("known_hand", s["known_hand"], r * KINDS)
        paying = view["paying"]
        if paying is not None:
            x["paying"][DEST[paying["destination"]]] = 1
            x["paying_left"][0] = min(paying["left"], 10)
            for c, k in enumerate(paying.get("owed", ())):
                x["paying_owed"][c] = min(k, 5)
            for c, k in enumerate(paying.get("used_colours", ())):
                x["paying_used"][c] = min(k, 5)
            if paying.get("colour", -1) >= 0:
                x["paying_colour"][paying["colour"]] = 1
        for seat in view["discarders"]:
            seat_hot("discarders", seat)


ENCODER = KnarrEncoder()
