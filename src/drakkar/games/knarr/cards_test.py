"""The card data: counts by player count as on the data sheet, and loader errors."""

from __future__ import annotations

import pytest

from drakkar.games.knarr import cards
from drakkar.games.knarr.cards import (
    COLOURED,
    COLOURS,
    DESTINATIONS,
    DIFFERENT,
    SAME,
    V_ASSET,
    V_COLOUR,
    CardDataError,
    load_destinations,
    load_vikings,
    vikings_for,
)

# the data sheet's table: colour -> asset -> (2P, 3P, 4P)
SHEET = {
    "red": {"VP": (3, 3, 4), "BR": (2, 3, 3), "RC": (1, 1, 2), "REP": (0, 1, 1)},
    "yellow": {"VP": (3, 4, 5), "BR": (1, 1, 2), "RC": (0, 1, 1), "REP": (2, 2, 2)},
    "green": {"VP": (2, 3, 4), "BR": (1, 1, 2), "RC": (2, 3, 3), "REP": (1, 1, 1)},
    "blue": {"VP": (2, 3, 4), "BR": (1, 2, 2), "RC": (1, 1, 1), "REP": (2, 2, 3)},
    "purple": {"VP": (1, 2, 4), "BR": (2, 2, 2), "RC": (2, 2, 2), "REP": (1, 2, 2)},
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_viking_deck_matches_the_data_sheet(players: int) -> None:
    deck = vikings_for(players)
    assert len(deck) == {2: 30, 3: 40, 4: 50}[players]
    for colour, row in SHEET.items():
        for asset, counts in row.items():
            got = sum(
                1
                for v in deck
                if COLOURS[V_COLOUR[v]] == colour and cards.ASSETS[V_ASSET[v]] == asset
            )
            assert got == counts[players - 2], (colour, asset, players)


def test_destinations_match_the_data_sheet() -> None:
    assert len(DESTINATIONS) == 35
    assert [d.id for d in DESTINATIONS[:2]] == ["A01", "A02"]
    assert DESTINATIONS[34].id == "B35"
    assert sum(d.deck == 0 for d in DESTINATIONS) == 20
    b27 = DESTINATIONS[26]
    assert b27.cost_kind == COLOURED and b27.need == (2, 0, 0, 0, 3)  # R2 P3
    assert b27.immediate == (8, 0, 0, 0, 1)
    assert b27.trade == ((0,) * 5, (0,) * 5, (1, 0, 0, 0, 0))  # columns cumulate
    assert DESTINATIONS[0].cost_kind == DIFFERENT and DESTINATIONS[0].need == (3,)
    assert DESTINATIONS[20].cost_kind == SAME and DESTINATIONS[20].need == (4,)
    assert DESTINATIONS[23].need == (1, 1, 1, 1, 1)
    assert DESTINATIONS[6].trade[2] == (1, 0, 0, 0, 1)  # A07: CARD | - | VP


def test_bad_viking_data_names_the_file_card_and_field() -> None:
    raw = {"viking": [{"colour": "pink", "asset": "VP", "players": 2, "copies": 1}]}
    with pytest.raises(CardDataError, match=r"vikings.toml: card row 1: field 'colour'"):
        load_vikings(raw)
    raw = {"viking": [{"colour": "red", "asset": "VP", "players": 2}]}
    with pytest.raises(CardDataError, match="field 'copies': missing"):
        load_vikings(raw)
    raw = {"viking": [{"colour": "red", "asset": "VP", "players": 2, "copies": 6}]}
    with pytest.raises(CardDataError, match="card yellow: field 'copies'"):
        load_vikings(raw)


def test_bad_destination_data_names_the_file_card_and_field() -> None:
    good = {"id": "A01", "cost": {"different": 3}, "immediate": {}, "trade": ["", "VP", ""]}
    with pytest.raises(CardDataError, match=r"card A01: field 'trade': unknown asset 'XP'"):
        load_destinations({"destination": [dict(good, trade=["", "XP", ""])]})
    with pytest.raises(CardDataError, match=r"card A01: field 'cost'"):
        load_destinations({"destination": [dict(good, cost={"pink": 2})]})
    with pytest.raises(CardDataError, match=r"card B05: field 'id'"):
        load_destinations({"destination": [dict(good, id="B05")]})
    with pytest.raises(CardDataError, match="1 destinations, expected 35"):
        load_destinations({"destination": [good]})
