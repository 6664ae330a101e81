"""Villainous Vikings options."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from drakkar.engine.errors import InvalidOptions, shown
from drakkar.engine.options import GameOptions, option
from drakkar.games.villainous_vikings.cards import CardSet, digest, load_set

RAGNAROK = "ragnarok"
#: Journey Deck cards of Ages I, II and III by player count (the rulebook's setup, 2c)
DECK_SIZES = {3: (8, 8, 10), 4: (10, 10, 12), 5: (12, 12, 14)}
AGE_NAMES = ("I", "II", "III")


@dataclass(frozen=True)
class Options(GameOptions):
    cards: str = option(
        "", "a card set to play with: a TOML file or folder (empty: the shipped set)", local=True
    )
    cards_digest: str = option(
        "",
        "written by drakkar beside `cards`: what the set said, so that a game recorded or a "
        "study begun with it is refused once the files change",
        local=True,
    )
    captains: tuple[str, ...] = option(
        (), "Captain ids by seat, e.g. glamr,ragnar,ivar,erik (empty: dealt at random)"
    )
    stack: tuple[str, ...] = option(
        (), "Location/Asgard ids (or 'ragnarok') put on top of the Journey Deck in order (testing)"
    )
    round_limit: int = option(
        60, "Ragnarok is revealed at the end of this round if it has not come (bots' safety net)"
    )

    def __post_init__(self) -> None:
        # a set named now: remember what it says (a `cards` that is not text: `check` refuses)
        if isinstance(self.cards, str) and self.cards and not self.cards_digest:
            object.__setattr__(self, "cards_digest", digest(self.card_set()))
            # and where it is, so a record or study of it goes on from any folder
            object.__setattr__(self, "cards", str(Path(self.cards).resolve()))

    def card_set(self) -> CardSet:
        return load_set(self.cards or None)

    def validate(self, num_players: int | None) -> None:
        cs = self.card_set()  # a CardError is an InvalidOptions naming 'cards'
        if self.cards_digest and not self.cards:
            raise InvalidOptions("cards_digest", "is written by drakkar beside 'cards', not alone")
        if self.cards_digest and digest(cs) != self.cards_digest:
            raise InvalidOptions(
                "cards",
                f"the card set {self.cards!r} has changed since this game was recorded or its "
                f"study began (it says {digest(cs)}, it said {self.cards_digest}): play it with "
                "the cards it was made with, or begin anew",
            )
        known = {c.id for c in cs.captains}
        for cid in self.captains:
            if cid not in known:
                raise InvalidOptions(
                    "captains", f"no Captain {shown(cid)} (captains: {', '.join(sorted(known))})"
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
                raise InvalidOptions("stack", f"no Location or Asgard card {shown(cid)}")
        if len(set(self.stack)) != len(self.stack):
            raise InvalidOptions("stack", "a card can be stacked only once")
        self._check_deck(cs, num_players)
        if not 1 <= self.round_limit <= 500:
            raise InvalidOptions("round_limit", f"must be 1..500, got {self.round_limit}")

    def _check_deck(self, cs: CardSet, num_players: int | None) -> None:
        """The set must hold the rulebook's Journey Deck for the player count (3 if not given):
        a set of one's own with too few cards of an Age would deal a short deck."""
        players = num_players if num_players in DECK_SIZES else 3
        stacked = set(self.stack)
        for age, want in enumerate(DECK_SIZES[players], 1):
            have = sum(c.age == age and c.id not in stacked for c in cs.locations)
            have += sum(a.age == age and a.id not in stacked for a in cs.asgard)
            if have < want:
                raise InvalidOptions(
                    "cards",
                    f"the set has {have} Age {AGE_NAMES[age - 1]} cards (Locations and Asgard "
                    f"cards{', besides those stacked' if stacked else ''}); a Journey Deck for "
                    f"{players} players needs {want}",
                )
