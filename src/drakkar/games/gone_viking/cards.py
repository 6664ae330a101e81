"""The components of Gone Viking! as data: card kinds, the deck by player count, the wealth.

A card is a *kind*, a small int: the 26 Plunder faces (type and value) then the four Gods.
Two physical cards of one kind (the 4- and 5-player decks repeat some faces) are the same kind,
so an action names a kind ("play Books 1") and hands are sorted lists of kinds.
"""

from __future__ import annotations

# -- the four Plunder types (also the trump tracker's four named states) ----------------------
BOOKS, COINS, HAMMERS, FISTS = 0, 1, 2, 3
NO_TRUMP = 4  # the tracker's fifth state: Thor removed trump
TYPE_NAMES = ("Books", "Coins", "Hammers", "Fists")

# -- wealth tokens: the four types, then Trees and Ships ---------------------------------------
TREES, SHIPS = 4, 5
TOKEN_NAMES = ("Book", "Coin", "Hammer", "Fist", "Tree", "Ship")
TOKEN_PLURALS = ("Books", "Coins", "Hammers", "Fists", "Trees", "Ships")
#: the supply at set-up; Trees are unlimited (None)
SUPPLY = (5, 6, 7, 8, None, 5)
START_TREES = 2
SHIP_WEALTH = 4
#: each token's value for the last winner tie-break (Ship 11, Book 5, ... Tree 1)
TOKEN_VALUES = (5, 4, 3, 2, 1, 11)
SPENDABLE = (BOOKS, COINS, HAMMERS, FISTS, TREES)  # every token but the Ship

# -- the cards ---------------------------------------------------------------------------------
#: highest Plunder value of each type (Books 1-5, Coins 1-6, Hammers 1-7, Fists 1-8)
TOP_VALUE = (5, 6, 7, 8)
ODIN, FREYA, THOR, LOKI = 26, 27, 28, 29
GOD_NAMES = ("Odin", "Freya", "Thor", "Loki")
#: each God's Plunder type and printed value when played face up
GOD_FACES = ((BOOKS, 12), (COINS, 11), (HAMMERS, 10), (FISTS, 9))
GODS = (ODIN, FREYA, THOR, LOKI)
NUM_KINDS = 30


def _plunder_kinds() -> list[tuple[int, int]]:
    return [(t, v) for t in range(4) for v in range(1, TOP_VALUE[t] + 1)]


_FACES = _plunder_kinds() + list(GOD_FACES)
#: KIND_TYPE[k], KIND_VALUE[k]: the type and value a card counts as when played face up
KIND_TYPE = tuple(t for t, _ in _FACES)
KIND_VALUE = tuple(v for _, v in _FACES)
IS_GOD = tuple(k >= ODIN for k in range(NUM_KINDS))
KIND_NAMES = tuple(
    GOD_NAMES[k - ODIN] if IS_GOD[k] else f"{TYPE_NAMES[t]} {v}" for k, (t, v) in enumerate(_FACES)
)


def kind_of(type_: int, value: int) -> int:
    """The Plunder kind of that type and value."""
    return sum(TOP_VALUE[:type_]) + value - 1


#: Plunder added by each player count, read from the rulebook's distribution diagram:
#: the left column is in every game, the middle one from 4 players, the right one at 5.
ADDED_PLUNDER: dict[int, dict[int, tuple[int, ...]]] = {
    3: {
        BOOKS: (1, 2, 3, 4, 5),
        COINS: (1, 2, 3, 4, 5, 6),
        HAMMERS: (1, 2, 3, 4, 5, 6, 7),
        FISTS: (1, 2, 3, 4, 5, 6, 7, 8),
    },
    4: {BOOKS: (1,), COINS: (1, 2), HAMMERS: (1, 2, 3), FISTS: (1, 2, 3, 4)},
    5: {BOOKS: (2, 3, 4), COINS: (3, 4, 5), HAMMERS: (4, 5, 6), FISTS: (5, 6, 7)},
}
HAND_SIZE = {3: 7, 4: 8, 5: 9}
#: wealth needed to win (a Ship counts 4)
WIN_WEALTH = {3: 9, 4: 8, 5: 7}


def deck(num_players: int) -> tuple[int, ...]:
    """The game's cards for that player count, sorted kinds: 30, 40 or 52 cards."""
    kinds: list[int] = list(GODS)
    for n in range(3, num_players + 1):
        for t, values in ADDED_PLUNDER[n].items():
            kinds.extend(kind_of(t, v) for v in values)
    return tuple(sorted(kinds))


DECKS = {n: deck(n) for n in (3, 4, 5)}
#: DECK_COUNTS[n][k]: how many cards of kind k the n-player deck holds
DECK_COUNTS = {n: tuple(d.count(k) for k in range(NUM_KINDS)) for n, d in DECKS.items()}


def parse_card(text: str) -> int | None:
    """The kind a card name names ("Hammers 7", "hammers 7", "Loki"), or None."""
    wanted = " ".join(str(text).lower().split())
    for k, name in enumerate(KIND_NAMES):
        if name.lower() == wanted:
            return k
    return None
