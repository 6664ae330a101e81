"""Knarr's options: ship side, the Artifacts module, the first player and deck stacking."""

from __future__ import annotations

from dataclasses import dataclass

from drakkar.engine.errors import InvalidOptions, shown
from drakkar.engine.options import GameOptions, option
from drakkar.games.knarr.cards import ARTIFACT_IDS, DEST_IDS, V_PLAYERS, VIKING_IDS, viking_by_id

ARTIFACT_CHOICES = ("none", "random", "mead-cup+random", *ARTIFACT_IDS)


@dataclass(frozen=True)
class KnarrOptions(GameOptions):
    ship: str = option(
        "normal",
        "ship side for every player: normal (trade row - RC -) or advanced (VP - BR)",
        choices=("normal", "advanced"),
    )
    artifacts: str = option(
        "none",
        "Artifacts module: none, one at random, the Mead Cup plus one at random, or a named one",
        choices=ARTIFACT_CHOICES,
    )
    first_player: int = option(-1, "seat that plays first; -1 draws it at random")
    viking_stack: tuple[str, ...] = option(
        (),
        "Viking ids (V01..V50) put on top of the Viking deck, first drawn first (testing)",
    )
    destination_stack: tuple[str, ...] = option(
        (),
        "Destination ids (A01..B35) put on top of their own deck, first drawn first (testing)",
    )

    def validate(self, num_players: int | None) -> None:
        if num_players is not None and not -1 <= self.first_player < num_players:
            raise InvalidOptions(
                "first_player", f"{self.first_player} is not -1 or a seat 0..{num_players - 1}"
            )
        if num_players is None and self.first_player < -1:
            raise InvalidOptions("first_player", f"{self.first_player} is not -1 or a seat")
        _check_ids("viking_stack", self.viking_stack, VIKING_IDS)
        _check_ids("destination_stack", self.destination_stack, DEST_IDS)
        if num_players is not None:
            for v in self.viking_stack:
                need = V_PLAYERS[viking_by_id(v)]  # (as the deal reads it: spaces stripped)
                if need > num_players:
                    raise InvalidOptions(
                        "viking_stack",
                        f"{v} is only used with {need} or more players, not {num_players}",
                    )


def _check_ids(name: str, ids: tuple[str, ...], known: tuple[str, ...]) -> None:
    seen = set()
    for text in ids:
        key = str(text).strip().upper()
        if key not in known:
            raise InvalidOptions(name, f"no card {shown(text)} (ids run {known[0]}..{known[-1]})")
        if key in seen:
            raise InvalidOptions(name, f"card {shown(text)} is named twice")
        seen.add(key)
