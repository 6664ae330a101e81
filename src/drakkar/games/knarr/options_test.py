"""Options: bad values are refused with InvalidOptions naming the option; stacks work."""

from __future__ import annotations

import pytest

import drakkar
from drakkar.engine.errors import InvalidOptions
from drakkar.games.knarr.options import KnarrOptions

GAME = drakkar.load("knarr")


@pytest.mark.parametrize(
    ("players", "options", "option", "words"),
    [
        (3, {"viking_stack": "V01,V99"}, "viking_stack", "no card 'V99'"),
        (3, {"viking_stack": "V01,v01"}, "viking_stack", "named twice"),
        (2, {"viking_stack": "V04"}, "viking_stack", "only used with 4 or more players"),
        (3, {"destination_stack": "A01,C01"}, "destination_stack", "no card 'C01'"),
        (3, {"artifacts": "sword"}, "artifacts", "'sword' is not one of"),
        (3, {"ship": "sideways"}, "ship", "'sideways' is not one of"),
        (3, {"first_player": 3}, "first_player", "not -1 or a seat 0..2"),
        (3, {"first_player": "x"}, "first_player", "whole number"),
        (3, {"colour": "red"}, "colour", "no such option"),
        (5, {}, "players", "2 to 4 players"),
    ],
)
def test_bad_options_name_the_option(players, options, option, words) -> None:
    with pytest.raises(InvalidOptions, match=words) as e:
        GAME.new(players, 1, options)
    assert e.value.option == option


def test_options_from_strings_as_on_a_command_line() -> None:
    opts = KnarrOptions.from_mapping(
        {"ship": "advanced", "artifacts": "mead-cup+random", "viking-stack": "v01, V11"}, 3
    )
    assert opts.ship == "advanced" and opts.viking_stack == ("v01", "V11")
    s = GAME.new(3, 1, opts)
    assert s.view(None)["ship_side"] == "advanced"


def test_default_options() -> None:
    s = GAME.new(seed=1)
    assert s.num_players == 3
    assert s.options == KnarrOptions()
    assert GAME.options(None, 3) == KnarrOptions()
