"""Villainous Vikings options."""

from __future__ import annotations

from dataclasses import dataclass

from drakkar.engine.errors import InvalidOptions
from drakkar.engine.options import GameOptions, option
from drakkar.games.villainous_vikings.cards import CardSet, load_set

RAGNAROK = "ragnarok"


@dataclass(frozen=True)
class Options(GameOptions):
    cards: str = option(
        "", "a card set to play with: a TOML file or folder (empty: the shipped set)", local=True
    )
    captains: tuple[str, ...] = option((), "Captain ids by seat (empty: dealt at random)")
    stack: tuple[str, ...] = option(
        (), "Location/Asgard ids (or 'ragnarok') put on top of the Journey Deck in order (testing)"
    )
    round_limit: int = option(
        60, "Ragnarok is revealed at the end of this round if it has not come (bots' safety net)"
    )

    def card_set(self) -> CardSet:
        return load_set(self.cards or None)

    def validate(self, num_players: int | None) -> None:
        cs = self.card_set()  # a CardError is an InvalidOptions naming 'cards'
        known = {c.id for c in cs.captains}
        for cid in self.captains:
            if cid not in known:
                raise InvalidOptions(
                    "captains", f"no Captain {cid!r} (captains: {', '.join(sorted(known))})"
                )
        if len(set(self.captains)) != len(self.captains):
            raise InvalidOptions("captains", "a Captain can command only one Longship")
        if self.captains and num_players is not None and len(self.captains) != num_players:
            raise InvalidOptions(
                "captains", f"name one Captain per seat ({num_players}), got {len(self.captains)}"
            )
        journey = {c.id for c in cs.locations} | {c.id for c in cs.asgard} | {RAGNAROK}
        for cid in self.stack:
            if cid not in journey:
                raise InvalidOptions("stack", f"no Location or Asgard card {cid!r}")
        if len(set(self.stack)) != len(self.stack):
            raise InvalidOptions("stack", "a card can be stacked only once")
        if not 1 <= self.round_limit <= 500:
            raise InvalidOptions("round_limit", f"must be 1..500, got {self.round_limit}")
