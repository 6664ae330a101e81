from dataclasses import dataclass

import pytest

from drakkar.engine.errors import InvalidOptions
from drakkar.engine.options import GameOptions, check_stack, option


@dataclass(frozen=True)
class Opts(GameOptions):
    sinking: str = option("out", "what sinking costs", choices=("out", "lose-raid"))
    max_raids: int = option(3, "raids to win")
    fast: bool = option(False, "skip pauses")
    stack: tuple[str, ...] = option((), "cards on top")
    limit: int | None = option(None, "optional cap")

    def validate(self, num_players: int | None) -> None:
        if self.max_raids < 1:
            raise InvalidOptions("max_raids", "must be at least 1")
        if num_players is not None and len(self.stack) > num_players:
            raise InvalidOptions("stack", f"at most a card a player ({num_players})")


def test_defaults_and_coercion_from_strings() -> None:
    o = Opts.from_mapping(
        {
            "sinking": "lose-raid",
            "max_raids": "5",
            "fast": "yes",
            "stack": "Coins 7, Loki",
            "limit": "none",
        }
    )
    assert o == Opts("lose-raid", 5, True, ("Coins 7", "Loki"), None)
    assert Opts.from_mapping(None) == Opts()
    assert Opts.from_mapping({"max-raids": 2}).max_raids == 2
    assert Opts.from_mapping({"limit": "4"}).limit == 4
    # as a record's JSON holds them: a bool as a bool, a list as a list
    assert Opts.from_mapping({"fast": True, "stack": ["a"]}) == Opts(fast=True, stack=("a",))


def test_validate_is_given_the_player_count() -> None:
    assert Opts.from_mapping({"stack": "a,b,c"}).stack == ("a", "b", "c")
    with pytest.raises(InvalidOptions, match="'stack': at most a card a player") as e:
        Opts.from_mapping({"stack": "a,b,c"}, num_players=2)
    assert e.value.option == "stack"


def test_a_choice_is_read_in_any_case_and_kept_as_the_game_spells_it() -> None:
    # as a game's name and a bot level are ('Knarr', 'HARD'); the record keeps 'lose-raid'
    assert Opts.from_mapping({"sinking": "LOSE-Raid"}).sinking == "lose-raid"
    with pytest.raises(InvalidOptions, match="'drown' is not one of: out, lose-raid"):
        Opts.from_mapping({"sinking": "drown"})


@pytest.mark.parametrize(
    ("values", "named", "says"),
    [
        ({"sinkng": "out"}, "sinkng", "no such option"),
        ({"sinking": "float"}, "sinking", "not one of: out, lose-raid"),
        ({"max_raids": "three"}, "max_raids", "whole number"),
        ({"max_raids": True}, "max_raids", "whole number"),
        ({"fast": "maybe"}, "fast", "true or false"),
        ({"max_raids": 0}, "max_raids", "at least 1"),
        ({"stack": 5}, "stack", "expected a list"),
        ({"sinking": 3}, "sinking", "expected text"),
    ],
)
def test_bad_options_name_the_option(values, named, says) -> None:
    with pytest.raises(InvalidOptions, match=says) as e:
        Opts.from_mapping(values)
    assert e.value.option == named
    assert repr(named) in str(e.value)


def test_describe_and_to_dict_are_json_safe() -> None:
    rows = {r["name"]: r for r in Opts.describe()}
    assert rows["sinking"]["choices"] == ("out", "lose-raid")
    assert rows["stack"]["type"] == "list"
    o = Opts(stack=("a",))
    assert o.to_dict()["stack"] == ["a"]
    assert o.changed() == {"stack": ("a",)}
    for mutable in ([], {}, set()):
        with pytest.raises(TypeError, match="immutable"):
            option(mutable, "mutable default")


def test_check_stack_refuses_a_card_the_deck_lacks_or_holds_fewer_times_than_named() -> None:
    deck = ("a", "a", "b")
    check_stack("stack", ("a", "b", "a"), deck)  # as many as the deck holds: accepted
    with pytest.raises(
        InvalidOptions, match=r"^option 'stack': card 'a' named 3 times but the deck holds 2$"
    ):
        check_stack("stack", ("a", "a", "b", "a"), deck)
    with pytest.raises(InvalidOptions, match=r"^option 'deck': no card 'c' \(cards: a, b\)$") as e:
        check_stack("deck", ("b", "c"), deck)
    assert e.value.option == "deck"
