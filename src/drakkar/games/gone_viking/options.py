"""Gone Viking! options: the raid limit, and a stacked deck for scenario tests."""

from __future__ import annotations

from dataclasses import dataclass

from drakkar.engine.errors import InvalidOptions, shown
from drakkar.engine.options import GameOptions, option
from drakkar.games.gone_viking.cards import DECK_COUNTS, KIND_NAMES, parse_card

DEFAULT_MAX_RAIDS = 50
#: `max_game_length` with no raid limit (`max_raids=0`) counts this many raids: OpenSpiel
#: needs a number, and games end by wealth long before (the rules page has the figures)
UNLIMITED_RAIDS = 1000


@dataclass(frozen=True)
class GoneVikingOptions(GameOptions):
    max_raids: int = option(
        DEFAULT_MAX_RAIDS,
        "end an unwon game after this many raids, the winner chosen by the tie rules (0: no limit)",
    )
    stack: tuple[str, ...] = option(
        (),
        "cards put on top of the deck in this order before the first deal (testing), e.g. "
        "'Hammers 7,Loki': seat 0 is dealt the first hand's worth, seat 1 the next, ..., "
        "and the rest starts the draw pile",
    )

    def validate(self, num_players: int | None) -> None:
        if isinstance(self.max_raids, bool) or not isinstance(self.max_raids, int):
            raise InvalidOptions(
                "max_raids", f"expected a whole number, got {shown(self.max_raids)}"
            )
        if self.max_raids < 0:
            raise InvalidOptions("max_raids", f"must be 0 (no limit) or more, not {self.max_raids}")
        counts = DECK_COUNTS[num_players if num_players in DECK_COUNTS else 5]
        used = [0] * len(counts)
        for name in self.stack:
            k = parse_card(name)
            if k is None:
                raise InvalidOptions(
                    "stack", f"{shown(name)} is not a card (cards look like 'Hammers 7' or 'Loki')"
                )
            used[k] += 1
            if used[k] > counts[k]:
                players = f"{num_players} players" if num_players else "any player count"
                raise InvalidOptions(
                    "stack",
                    f"{KIND_NAMES[k]!r} appears {used[k]} times but the deck for {players} "
                    f"holds {counts[k]}",
                )

    def stacked_kinds(self) -> list[int]:
        """The stack as card kinds (validated already)."""
        return [k for k in map(parse_card, self.stack) if k is not None]
