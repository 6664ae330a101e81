"""The card tables against the rulebook's card lists, transcribed here line by line."""

from __future__ import annotations

from drakkar.games.viking_raid.cards import (
    ENCOUNTER,
    ENCOUNTER_DECK,
    FAR,
    MIDDLE,
    NEAR,
    SAILING_DRAWS,
    VIKING,
    VIKING_DECK,
    distance,
)

#: "VIKING DECK CARD LIST": name, type (S, C, D), copies, cost ("-": none), notes
RULEBOOK_VIKING = """
Long Ship S 6 2 Comes with 20 Crew
Serpent Ship S 4 3 Comes with 30 Crew
Dragon Ship S 3 4 Comes with 40 Crew
Berserkers C 4 1 Negate 5 Kills
Navigator C 4 1 Negate 1 Lost Result
Carpenter C 4 1 Negate 1 Hull Damage
Sail Maker C 4 1 Negate 1 Sail Damage
Near Village D 2 - Size = 2
Village D 2 - Size = 2
Far Village D 2 - Size = 3
Near Monastery D 1 - Size = 3
Monastery D 1 - Size = 3
Far Monastery D 1 - Size = 4
Near Town D 1 - Size = 4
Town D 1 - Size = 4
Far Town D 1 - Size = 5
Near City D 1 - Size = 5
City D 1 - Size = 6
Far City D 1 - Size = 7
"""

#: "ENCOUNTER DECK CARD LIST": name, type (S, D, T), copies, notes
RULEBOOK_ENCOUNTER = """
Lost S 5 Miss 1 Turn
Storm S 5 Sail Damage = 1
Rocks S 5 Hull Damage = 1
Peasants Militia D 6 Kill 5 Crew
Garrison D 5 Kill 10 Crew
Knights D 4 Kill 15 Crew
Livestock T 5 Gold = 3
Women Captives T 4 Gold = 5
Coins T 4 Gold = 7
Artifacts T 3 Gold = 9
"""

TYPES = {"S": "Ship", "C": "Crew", "D": "Destination"}
SEA_TYPES = {"S": "Sea", "D": "Defenders", "T": "Treasure"}


def _rows(table: str, kinds: dict[str, str]) -> list[tuple[str, str, list[str]]]:
    """(name, type, the words after the type) for each line of a card list."""
    rows = []
    for line in table.strip().splitlines():
        words = line.split()
        at = next(i for i, w in enumerate(words) if w in kinds and i > 0)
        rows.append((" ".join(words[:at]), kinds[words[at]], words[at + 1 :]))
    return rows


def test_the_viking_deck_is_the_rulebooks_44_cards():
    rows = _rows(RULEBOOK_VIKING, TYPES)
    assert [c.name for c in VIKING] == [name for name, _, _ in rows]
    for card, (name, kind, rest) in zip(VIKING, rows, strict=True):
        copies, cost, notes = int(rest[0]), rest[1], rest[2:]
        assert (card.type, card.copies) == (kind, copies), name
        assert card.cost == (0 if cost == "-" else int(cost)), name
        if kind == "Ship":  # "Comes with 20 Crew"
            assert card.crew == int(notes[2]), name
        if kind == "Destination":  # "Size = 2"
            assert card.size == int(notes[-1]), name
    assert len(VIKING_DECK) == 44


def test_the_encounter_deck_is_the_rulebooks_46_cards():
    rows = _rows(RULEBOOK_ENCOUNTER, SEA_TYPES)
    assert [c.name for c in ENCOUNTER] == [name for name, _, _ in rows]
    for card, (name, kind, rest) in zip(ENCOUNTER, rows, strict=True):
        assert (card.type, card.copies) == (kind, int(rest[0])), name
        if kind == "Defenders":  # "Kill 5 Crew"
            assert card.kills == int(rest[2]) and card.gold == 0, name
        elif kind == "Treasure":  # "Gold = 3"
            assert card.gold == int(rest[-1]) and card.kills == 0, name
        else:
            assert card.kills == card.gold == 0, name
    assert len(ENCOUNTER_DECK) == 46


def test_distance_is_read_from_the_name_and_sets_the_sailing_draws():
    assert [distance(n) for n in ("Near Town", "Town", "Far Town")] == [NEAR, MIDDLE, FAR]
    # "If returning from a near Destination draw 2 Encounter cards" (3 middle, 4 far)
    assert SAILING_DRAWS == {NEAR: 2, MIDDLE: 3, FAR: 4}
