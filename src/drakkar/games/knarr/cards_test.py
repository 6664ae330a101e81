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


# the data sheet's Destination table, row by row: id | cost | immediate | trade columns 1, 2, 3
DESTINATION_SHEET = [
    "A01 | ≠3 | RC, REP, CARD | – | VP | –",
    "A02 | ≠3 | BR, REP, CARD | – | VP | –",
    "A03 | ≠3 | BR, RC, CARD | – | VP | –",
    "A04 | ≠3 | BR | VP | REP | RC",
    "A05 | ≠3 | BR | VP | REP | RC",
    "A06 | P2 | BR, CARD | – | VP | CARD",
    "A07 | P2 | CARD | CARD | – | VP",
    "A08 | P2 | CARD | VP | CARD | –",
    "A09 | B2 | REP×2 | – | VP | REP",
    "A10 | B2 | RC, REP | REP | – | VP",
    "A11 | B2 | BR, REP | – | REP | VP",
    "A12 | G2 | BR, RC | VP | – | RC",
    "A13 | G2 | RC | RC | VP | –",
    "A14 | G2 | RC×2 | – | RC | –",
    "A15 | Y2 | (none) | VP | VP | VP",
    "A16 | Y2 | REP | VP | VP | –",
    "A17 | Y2 | RC | VP | VP | –",
    "A18 | R2 | BR, CARD | VP | – | VP",
    "A19 | R2 | BR, REP | VP | – | VP",
    "A20 | R2 | BR | VP | VP | –",
    "B21 | =4 | 5VP, RC | – | – | VP",
    "B22 | =4 | 5VP, REP | – | – | VP",
    "B23 | =4 | 5VP, BR | – | – | VP",
    "B24 | R1Y1G1B1P1 | 4VP, BR, RC, REP, CARD | – | – | VP",
    "B25 | R1Y1G1B1P1 | 4VP, BR, RC, REP, CARD | – | – | VP",
    "B26 | P2 Y2 | 6VP | – | VP | –",
    "B27 | P3 R2 | 8VP, CARD | – | – | VP",
    "B28 | B2 R2 | 6VP | – | VP | –",
    "B29 | B3 P2 | 7VP, REP×2 | – | – | VP",
    "B30 | G2 P2 | 6VP | – | VP | –",
    "B31 | G3 B2 | 8VP, RC | – | – | VP",
    "B32 | Y2 B2 | 6VP | – | VP | –",
    "B33 | Y3 G2 | 9VP | – | – | VP",
    "B34 | R2 G2 | 6VP | – | VP | –",
    "B35 | R3 Y2 | 7VP, BR | – | – | VP",
]


def _sheet_gain(text: str) -> tuple[int, ...]:
    """'5VP, RC', 'REP×2', '–' or '(none)' as a gain (VP, BR, RC, REP, CARD)."""
    gain = [0] * 5
    for part in text.split(","):
        part = part.strip()
        if part in ("–", "(none)"):
            continue
        asset, _, times = part.partition("×")
        count = int(times or 1)
        if asset.endswith("VP") and asset != "VP":
            asset, count = "VP", int(asset[:-2])
        gain[cards.ASSETS.index(asset)] += count
    return tuple(gain)


def _sheet_cost(text: str) -> tuple[int, tuple[int, ...]]:
    if text[0] in "≠=":
        return (DIFFERENT if text[0] == "≠" else SAME), (int(text[1:]),)
    need = [0] * 5
    for i in range(0, len(text.replace(" ", "")), 2):
        colour, n = text.replace(" ", "")[i : i + 2]
        need["RYGBP".index(colour)] += int(n)
    return COLOURED, tuple(need)


def test_every_destination_matches_the_data_sheet_cost_immediate_and_trade_row() -> None:
    assert len(DESTINATION_SHEET) == len(DESTINATIONS)
    for row, dest in zip(DESTINATION_SHEET, DESTINATIONS, strict=True):
        card, cost, immediate, *columns = (x.strip() for x in row.split("|"))
        assert dest.id == card and dest.deck == (0 if card[0] == "A" else 1)
        assert (dest.cost_kind, dest.need) == _sheet_cost(cost), card
        assert dest.immediate == _sheet_gain(immediate), card
        gains = [_sheet_gain(c) for c in columns]  # the card's trade is cumulative
        want = tuple(tuple(sum(g[k] for g in gains[:n]) for k in range(5)) for n in (1, 2, 3))
        assert dest.trade == want, card


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
