"""Viking Raid's options: what sinking costs, a safety cap on rounds, and stacked decks for tests."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from drakkar.engine.errors import InvalidOptions, shown
from drakkar.engine.options import GameOptions, option
from drakkar.games.viking_raid.cards import ENCOUNTER, ENCOUNTER_INDEX, VIKING, VIKING_INDEX

#: the largest `max_rounds` allowed; `max_game_length` is computed from it
ROUNDS_LIMIT = 100
HAND_SIZE = 7


@dataclass(frozen=True)
class VikingRaidOptions(GameOptions):
    sinking: str = option(
        "out",
        "what a sunk ship costs: 'out' (the player is out of the game) or 'lose-raid' "
        "(only that raid is lost)",
        choices=("out", "lose-raid"),
    )
    max_rounds: int = option(
        50,
        f"safety rule: the game ends after this round at the latest (1 to {ROUNDS_LIMIT})",
    )
    stack_viking: tuple[str, ...] = option(
        (),
        "testing: Viking cards put on top of the Viking deck in this order; seat 0 is dealt "
        "the first 7, seat 1 the next 7, and so on, and the rest are the first draws",
    )
    stack_encounter: tuple[str, ...] = option(
        (), "testing: Encounter cards put on top of the Encounter deck in this order"
    )

    def validate(self, num_players: int | None) -> None:
        if not 1 <= self.max_rounds <= ROUNDS_LIMIT:
            raise InvalidOptions(
                "max_rounds", f"{self.max_rounds} is not between 1 and {ROUNDS_LIMIT}"
            )
        _check_stack("stack_viking", self.stack_viking, VIKING_INDEX, VIKING)
        _check_stack("stack_encounter", self.stack_encounter, ENCOUNTER_INDEX, ENCOUNTER)


def _check_stack(name: str, stack: tuple[str, ...], index: dict, cards: tuple) -> None:
    for card in stack:
        if card not in index:
            known = ", ".join(index)
            raise InvalidOptions(name, f"no card called {shown(card)} (cards: {known})")
    for card, n in Counter(stack).items():
        copies = cards[index[card]].copies
        if n > copies:
            raise InvalidOptions(name, f"{shown(card)} named {n} times but the deck has {copies}")
