"""Helpers for scenario tests: deal chosen hands and Encounter cards, then play by label.

    state = deal(["Long Ship", "Near Village", ...], draws=["Town"], encounters=["Storm", ...])

Seat 0 is dealt `hand` (7 cards), seats 1 and 2 the `FILLER` hands (later seats random ones);
`draws` are seat 0's first draws; `encounters` the Encounter deck's top cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from drakkar.games.viking_raid import GAME
from drakkar.games.viking_raid.state import VikingRaidState

#: hands for seats 1 and 2 in scenario games: no Destination, so they can only stay home
#: (until they draw one); seat 0 can still hold 2 of each Crew card, 3 Long Ships, ...
FILLER = (
    ("Long Ship",) * 3 + ("Berserkers", "Navigator", "Carpenter", "Sail Maker"),
    ("Serpent Ship",) * 3 + ("Berserkers", "Navigator", "Carpenter", "Sail Maker"),
)

#: Encounter cards with no effect in the Voyage and Return phases (nor in Pillage)
CALM = ("Livestock",) * 5 + ("Women Captives",) * 4


def deal(
    hand: Sequence[str],
    draws: Sequence[str] = (),
    encounters: Sequence[str] = (),
    players: int = 2,
    **options: Any,
) -> VikingRaidState:
    """A game whose seat 0 holds `hand` and draws `draws` first."""
    assert len(hand) == 7, "seat 0 is dealt exactly 7 cards"
    assert 2 <= players <= 3, "scenario games have 2 or 3 players"
    others = [c for seat in range(1, players) for c in FILLER[seat - 1]]
    opts = {
        "stack_viking": [*hand, *others, *draws],
        "stack_encounter": list(encounters),
        **options,
    }
    state = GAME.new(players, seed=1, options=opts)
    assert isinstance(state, VikingRaidState)
    return state


def play(state: VikingRaidState, *labels: str) -> None:
    """Play actions by label, in order."""
    for label in labels:
        state.apply_label(label)


def others_stay_home(state: VikingRaidState, until: int = 0) -> None:
    """Let every other seat stay home (discarding its first card when over the hand limit)."""
    while not state.is_terminal() and state.current_player != until:
        legal = state.legal_actions()
        labels = [state.action_label(a) for a in legal]
        state.apply_label("stay home" if "stay home" in labels else labels[0])
