"""Per-seat labels found generically in a spectator's view."""

from __future__ import annotations

from typing import Any

from drakkar.engine.toy import HIGH_CARD
from drakkar.sim.play import play_game, seat_labels
from drakkar.sim.study import Study


class _Viewed:
    num_players = 2

    def __init__(self, view: dict[str, Any]) -> None:
        self._view = view

    def view(self, player: int | None) -> dict[str, Any]:
        return self._view


def test_labels_at_top_level_and_in_per_seat_objects() -> None:
    view = {
        "captains": ["Ragnar", "Ivar"],
        "players": [
            {"captain": "Ragnar", "gold": 3, "note": "x"},
            {"captain": "Ivar", "gold": 1, "note": 4},
        ],
        "phase": "raid",
        "regions": ["a", "b", "c"],
        "empty": ["", "b"],
    }
    assert seat_labels(_Viewed(view)) == {  # type: ignore[arg-type]
        "captains": ["Ragnar", "Ivar"],
        "captain": ["Ragnar", "Ivar"],
    }
    clash = {"captain": ["a", "b"], "players": [{"captain": "x"}, {"captain": "y"}]}
    assert seat_labels(_Viewed(clash)) == {  # type: ignore[arg-type]
        "captain": ["a", "b"],
        "players.captain": ["x", "y"],
    }


def test_high_card_has_no_labels() -> None:
    study = Study.make(HIGH_CARD, 2, 2, ["random"], seed=1)
    assert play_game(HIGH_CARD, study, 0)["labels"] == {}
