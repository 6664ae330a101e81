"""High Card (the engine's toy game): the observation encoding."""

from __future__ import annotations

from typing import Any

import numpy as np

from drakkar.adapters.encoding import Encoder, Field, relative

SEATS = 3  # High Card's most players
CARDS = 9


class HighCardEncoder(Encoder):
    game = "high-card"
    FIELDS = (
        Field("hand", CARDS, "1 for each card (1-9) in my hand"),
        Field("played", SEATS * CARDS, "per relative seat, 1 for each card that seat has played"),
        Field("hand_sizes", SEATS, "per relative seat, cards left in hand", high=3),
        Field("seats", SEATS, "1 where a relative seat is in the game"),
        Field("to_move", SEATS, "one-hot: the relative seat to move (all 0 once over)"),
    )

    def fill(
        self, view: dict[str, Any], player: int, num_players: int, x: dict[str, np.ndarray]
    ) -> None:
        for card in view["hand"] or ():
            x["hand"][card - 1] = 1
        played = x["played"].reshape(SEATS, CARDS)
        for seat in range(num_players):
            r = relative(seat, player, num_players)
            for card in view["played"][seat]:
                played[r, card - 1] = 1
            x["hand_sizes"][r] = view["hand_sizes"][seat]
            x["seats"][r] = 1
        if view["to_move"] is not None:
            x["to_move"][relative(view["to_move"], player, num_players)] = 1


ENCODER = HighCardEncoder()
