"""Gone Viking!: the observation encoding (from `view(player)`; relative seats, up to 5)."""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np

from drakkar.adapters.encoding import Encoder, Field, count_kinds, mark_seat, relative
from drakkar.games.gone_viking.cards import (
    DECK_COUNTS,
    GOD_NAMES,
    KIND_NAMES,
    NUM_KINDS,
    TOKEN_PLURALS,
    TYPE_NAMES,
)
from drakkar.games.gone_viking.hidden import PHASE_NAMES

SEATS = 5
K = NUM_KINDS  # card kinds: the 26 Plunder faces (Books 1..5, Coins 1..6, ...) then 4 Gods
KIND = {name: k for k, name in enumerate(KIND_NAMES)}
COPIES = max(max(c) for c in DECK_COUNTS.values())  # most copies of one kind in a deck
SUPPLIED = ("Books", "Coins", "Hammers", "Fists", "Ships")
RAID_CAP, TOKEN_CAP, WEALTH_CAP, FISTS_CAP = 50, 20, 40, 200


class GoneVikingEncoder(Encoder):
    """Card kinds are numbered as in `cards.KIND_NAMES`: Books 1-5, Coins 1-6, Hammers 1-7,
    Fists 1-8, then Odin, Freya, Thor, Loki (30). Tokens are in the order Books, Coins,
    Hammers, Fists, Trees, Ships. "Per seat" fields hold 5 relative seats, the observer first;
    counts are capped at the field's range."""

    game = "gone-viking"
    FIELDS = (
        Field("hand", K, "my hand: copies of each card kind", COPIES),
        Field("phase", len(PHASE_NAMES), "one-hot: the phase of the raid"),
        Field("raid", 1, f"raid number (capped at {RAID_CAP})", RAID_CAP),
        Field("seats", SEATS, "1 where a relative seat is in the game"),
        Field("to_move", SEATS, "one-hot: the relative seat to move"),
        Field("leader", SEATS, "one-hot: the raid's leader"),
        Field("trump", 5, "one-hot: trump type (Books, Coins, Hammers, Fists, none)"),
        Field("god_in_play", len(GOD_NAMES), "one-hot: the God in play (Odin..Loki)"),
        Field("god_owner", SEATS, "one-hot: who owns the God in play"),
        Field("win_wealth", 1, "wealth that wins at this player count", 9),
        Field("tokens", SEATS * 6, "per seat: tokens of each kind", TOKEN_CAP),
        Field("wealth", SEATS, "per seat: wealth", WEALTH_CAP),
        Field("supply", len(SUPPLIED), "tokens left: Books, Coins, Hammers, Fists, Ships", 8),
        Field("hand_sizes", SEATS, "per seat: cards in hand", 12),
        Field("pile_size", 1, "cards in the pile", 52),
        Field("trick_leader", SEATS, "one-hot: who led the trick under way"),
        Field("led", 4, "one-hot: the type led in the trick"),
        Field("trick", SEATS * K, "per seat: copies of each kind played to the trick", COPIES),
        Field("trick_strength", SEATS, "per seat: strength of its play in the trick", 60),
        Field("playing", K, "cards the player to move has put down so far this play", COPIES),
        Field("god_face_down_seat", SEATS, "one-hot: who laid a God face down"),
        Field("god_face_down", len(GOD_NAMES), "one-hot: that God, if I laid it"),
        Field("swapping_seat", SEATS, "one-hot: who is swapping"),
        Field("swapping_picked", 1, "cards picked so far in the swap", 2),
        Field("swapping_cards", K, "the cards picked, if I am the one swapping", COPIES),
        Field("won", SEATS * K, "per seat: copies of each kind won in tricks", COPIES),
        Field("fists_won", SEATS, "per seat: Fists won (the tie-break)", FISTS_CAP),
        Field("discard", K, "the discard: copies of each kind", COPIES),
        Field("voids", SEATS * 4, "per seat: 1 for each type it has shown it lacks"),
        Field("due", 1, "the count due in a Home Power or tribute step", 10),
        Field("thor_builder", SEATS, "one-hot: who builds Thor's ship"),
        Field("jarl_target", SEATS, "one-hot: whom the Jarl's tribute targets"),
        Field("pile_known", K, "pile cards I know: copies of each kind", COPIES),
        Field("known_hands", SEATS * K, "per seat: cards I know are in its hand", COPIES),
        Field("winners", SEATS, "per seat: 1 if among the winners (game over)"),
    )

    def fill(
        self, view: dict[str, Any], player: int, num_players: int, x: dict[str, np.ndarray]
    ) -> None:
        n = num_players

        seat_hot = partial(mark_seat, x, player, n)
        count = partial(count_kinds, x, KIND)

        count("hand", view["hand"] or ())
        x["phase"][PHASE_NAMES.index(view["phase"])] = 1
        x["raid"][0] = min(view["raid"], RAID_CAP)
        for seat in range(n):
            x["seats"][relative(seat, player, n)] = 1
        seat_hot("to_move", view["to_move"])
        seat_hot("leader", view["leader"])
        trump = view["trump"]
        x["trump"][4 if trump == "none" else TYPE_NAMES.index(trump)] = 1
        if view["god_in_play"] is not None:
            x["god_in_play"][GOD_NAMES.index(view["god_in_play"]["god"])] = 1
            seat_hot("god_owner", view["god_in_play"]["owner"])
        x["win_wealth"][0] = view["win_wealth"]
        for seat in range(n):
            r = relative(seat, player, n)
            for t, name in enumerate(TOKEN_PLURALS):
                x["tokens"][r * 6 + t] = min(view["tokens"][seat][name], TOKEN_CAP)
            x["wealth"][r] = min(view["wealth"][seat], WEALTH_CAP)
            x["hand_sizes"][r] = view["hand_sizes"][seat]
            count("won", view["won"][seat], r * K)
            x["fists_won"][r] = min(view["fists_won"][seat], FISTS_CAP)
            for t in view["voids"][seat]:
                x["voids"][r * 4 + TYPE_NAMES.index(t)] = 1
        for t, name in enumerate(SUPPLIED):
            x["supply"][t] = view["supply"][name]
        x["pile_size"][0] = view["pile_size"]
        seat_hot("trick_leader", view["trick_leader"])
        if view["led"] is not None:
            x["led"][TYPE_NAMES.index(view["led"])] = 1
        for play in view["trick"]:
            r = relative(play["seat"], player, n)
            count("trick", play["cards"], r * K)
            x["trick_strength"][r] = min(play["strength"], 60)
        if view["playing"] is not None:
            count("playing", view["playing"]["cards"])
        laid = view["god_face_down"]
        if laid is not None:
            seat_hot("god_face_down_seat", laid["seat"])
            if laid["god"] is not None:
                x["god_face_down"][GOD_NAMES.index(laid["god"])] = 1
        swap = view["swapping"]
        if swap is not None:
            seat_hot("swapping_seat", swap["seat"])
            x["swapping_picked"][0] = min(swap["picked"], 2)
            count("swapping_cards", swap["cards"] or ())
        count("discard", view["discard"])
        if view["due"] is not None:
            x["due"][0] = min(view["due"], 10)
        seat_hot("thor_builder", view["thor_builder"])
        seat_hot("jarl_target", view["jarl_target"])
        count("pile_known", (name for _, name in view["pile_known"]))
        for holder, names in view["known_hands"].items():
            count("known_hands", names, relative(int(holder), player, n) * K)
        for seat in view["winners"]:
            seat_hot("winners", seat)


ENCODER = GoneVikingEncoder()
