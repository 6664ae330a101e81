"""Options: the raid limit, the stacked deck, and bad values refused with their name."""

from __future__ import annotations

import pytest

import drakkar
from drakkar.engine.errors import InvalidOptions
from drakkar.games.gone_viking.options import GoneVikingOptions

GAME = drakkar.load("gone-viking")


def test_defaults() -> None:
    opts = GoneVikingOptions()
    assert opts.max_raids == 50 and opts.stack == ()
    names = [o["name"] for o in GoneVikingOptions.describe()]
    assert names == ["max_raids", "stack"]


def test_stack_reads_comma_separated_names_in_any_case() -> None:
    s = GAME.new(3, 1, {"stack": "loki, HAMMERS 7 ,Books 2"})
    assert s.options.stack == ("loki", "HAMMERS 7", "Books 2")
    assert [s.action_label(k) for k in (29, 17, 1)] == [
        "play Loki as Fists 9", "play Hammers 7", "play Books 2"
    ]  # fmt: skip
    assert all(k in s.hands[0] for k in (29, 17, 1))


@pytest.mark.parametrize(
    ("options", "players", "words"),
    [
        ({"stack": "Hammers 9"}, 4, "'Hammers 9' is not a card"),
        ({"stack": "Thor,Thor"}, 4, "'Thor' appears 2 times but the deck for 4 players holds 1"),
        ({"stack": "Books 1,Books 1"}, 3, "deck for 3 players holds 1"),
        ({"stack": "Fists 7,Fists 7"}, 4, "deck for 4 players holds 1"),
        ({"max_raids": "-1"}, 4, "must be 0 (no limit) or more"),
        ({"max_raids": "many"}, 4, "expected a whole number"),
        ({"raids": 3}, 4, "no such option"),
    ],
)
def test_bad_options_are_refused_naming_the_option(
    options: dict[str, object], players: int, words: str
) -> None:
    with pytest.raises(InvalidOptions) as err:
        GAME.new(players, 1, options)
    assert words in str(err.value)
    assert err.value.option in options


def test_duplicates_allowed_where_the_deck_holds_them() -> None:
    s = GAME.new(5, 1, {"stack": "Fists 7,Fists 7"})
    assert s.hands[0].count(24) == 2


@pytest.mark.parametrize("players", [2, 6])
def test_player_count_is_3_to_5(players: int) -> None:
    with pytest.raises(InvalidOptions, match="3 to 5 players"):
        GAME.new(players, 1)
