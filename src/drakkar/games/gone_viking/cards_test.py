"""The components: the deck by player count, the supply, the action table's labels."""

from __future__ import annotations

import pytest

from drakkar.games.gone_viking import actions as A
from drakkar.games.gone_viking.cards import (
    DECKS,
    GODS,
    HAND_SIZE,
    KIND_NAMES,
    KIND_TYPE,
    KIND_VALUE,
    SUPPLY,
    WIN_WEALTH,
    kind_of,
    parse_card,
)


@pytest.mark.parametrize(("players", "cards", "plunder"), [(3, 30, 26), (4, 40, 36), (5, 52, 48)])
def test_deck_size_by_player_count(players: int, cards: int, plunder: int) -> None:
    deck = DECKS[players]
    assert len(deck) == cards
    assert sum(1 for k in deck if k not in GODS) == plunder
    assert all(deck.count(g) == 1 for g in GODS)


def test_the_distribution_columns() -> None:
    def faces(n: int, t: int) -> list[int]:
        return sorted(KIND_VALUE[k] for k in DECKS[n] if KIND_TYPE[k] == t and k not in GODS)

    assert faces(3, 0) == [1, 2, 3, 4, 5] and faces(3, 3) == [1, 2, 3, 4, 5, 6, 7, 8]
    assert faces(4, 1) == [1, 1, 2, 2, 3, 4, 5, 6]
    assert faces(4, 3) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8]
    assert faces(5, 0) == [1, 1, 2, 2, 3, 3, 4, 4, 5]
    assert faces(5, 2) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7]


def test_the_five_player_column_of_the_distribution() -> None:
    def added(t: int) -> list[int]:
        four = [KIND_VALUE[k] for k in DECKS[4] if KIND_TYPE[k] == t and k not in GODS]
        five = [KIND_VALUE[k] for k in DECKS[5] if KIND_TYPE[k] == t and k not in GODS]
        for v in four:
            five.remove(v)
        return sorted(five)

    assert [added(t) for t in range(4)] == [[2, 3, 4], [3, 4, 5], [4, 5, 6], [5, 6, 7]]


def test_gods_faces_supply_and_bars() -> None:
    assert [(KIND_NAMES[g], KIND_TYPE[g], KIND_VALUE[g]) for g in GODS] == [
        ("Odin", 0, 12), ("Freya", 1, 11), ("Thor", 2, 10), ("Loki", 3, 9)
    ]  # fmt: skip
    assert SUPPLY == (5, 6, 7, 8, None, 5)
    assert HAND_SIZE == {3: 7, 4: 8, 5: 9} and WIN_WEALTH == {3: 9, 4: 8, 5: 7}
    assert parse_card(" fists   8 ") == kind_of(3, 8) and parse_card("Baldur") is None


def test_action_labels_are_unique_and_read_like_the_game() -> None:
    assert len(set(A.LABELS)) == A.NUM_ACTIONS == 124
    assert A.LABELS[kind_of(2, 7)] == "play Hammers 7"
    assert A.LABELS[A.LAY_GOD + 3] == "lay Loki face down"
    assert A.LABELS[A.SWAP + kind_of(1, 3)] == "swap Coins 3"
    assert A.LABELS[A.TRUMP + 1] == "trump: Coins"
    assert A.LABELS[A.PAY_JARL + 3] == "pay the Jarl a Fist"
    assert A.LABELS[A.steal(2, 1)] == "steal a Coin from player 2"
    assert {A.LABELS[A.DONE], A.LABELS[A.STOP_SWAP]} == {"done", "stop swapping"}
