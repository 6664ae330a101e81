import dataclasses
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drakkar.conftest import json_values
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


@dataclass(frozen=True)
class EveryKind(Opts):
    """An option of every type a game may declare."""

    seats: tuple[int, ...] = option((), "a list of whole numbers")
    odds: float = option(0.5, "a number")


@given(
    st.dictionaries(
        st.sampled_from([f.name for f in dataclasses.fields(EveryKind)]) | st.text(max_size=8),
        json_values | st.floats() | st.integers().map(str) | st.sampled_from(["1e999", "nan"]),
        max_size=4,
    )
)
def test_any_values_make_options_or_a_refusal_naming_the_option(values) -> None:
    try:
        opts = EveryKind.from_mapping(values)
    except InvalidOptions as refused:
        assert refused.option in values and f"option {refused.option!r}: " in str(refused)
    else:
        assert EveryKind.from_mapping(opts.to_dict()) == opts  # what a record keeps, read again


def test_a_number_too_large_for_a_float_is_refused_naming_the_option() -> None:
    # float(10**400) raised OverflowError out of from_mapping
    with pytest.raises(
        InvalidOptions, match=r"^option 'odds': expected a number, got a whole number of 1329 bits$"
    ):
        EveryKind.from_mapping({"odds": 10**400})


@pytest.mark.parametrize(
    ("values", "says"),
    [
        # a whole number Python will not write (over 4,300 digits) raised ValueError from the
        # message quoting it; one over 64 bits was taken, and no record of the game could be saved
        ({"sinking": 10**5000}, "'sinking': expected text, got a whole number of 16610 bits"),
        ({"stack": [10**5000]}, "'stack': expected text, got a whole number of 16610 bits"),
        ({"limit": 10**5000}, "'limit': expected a whole number of at most 64 bits, got a who"),
        ({"limit": 2**64}, "'limit': expected a whole number of at most 64 bits, got 1844674"),
        ({"limit": "9" * 5000}, "'limit': expected a whole number, got '99999"),
        ({"seats": ["9" * 30]}, "'seats': expected a whole number of at most 64 bits, got 9999"),
        ({"sinking": "x" * 5000}, "'sinking': 'xxxxxxxx"),
    ],
)
def test_a_huge_value_is_refused_quoted_short(values, says) -> None:
    with pytest.raises(InvalidOptions, match=f"^option {says}") as refused:
        EveryKind.from_mapping(values)
    assert len(str(refused.value)) < 150
    assert EveryKind.from_mapping({"limit": -(2**64) + 1, "seats": [2**64 - 1]}).limit < 0
