"""`Game.new` given anything: a state whose record replays it, or InvalidOptions naming the
option, the player count or the seed; never another error, and the options given untouched."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import drakkar
from drakkar.conftest import GAMES, json_values
from drakkar.engine.errors import InvalidOptions
from drakkar.engine.game import Game
from drakkar.engine.record import Record
from drakkar.games.gone_viking.cards import KIND_NAMES
from drakkar.games.knarr.cards import DEST_IDS, VIKING_IDS
from drakkar.games.viking_raid.cards import ENCOUNTER_INDEX, VIKING_INDEX
from drakkar.games.villainous_vikings.cards import load_set

_vv = load_set()
#: names a list option of each game takes (its cards), to build almost-valid values from
NAMES: dict[str, dict[str, list[Any]]] = {
    "gone-viking": {"stack": list(KIND_NAMES)},
    "knarr": {"viking_stack": list(VIKING_IDS), "destination_stack": list(DEST_IDS)},
    "viking-raid": {"stack_viking": list(VIKING_INDEX), "stack_encounter": list(ENCOUNTER_INDEX)},
    "villainous-vikings": {
        "captains": [c.id for c in _vv.captains],
        "stack": [c.id for c in (*_vv.locations, *_vv.asgard)] + ["ragnarok"],
    },
    "high-card": {"stack": list(range(1, 10))},
}


#: whole numbers past 64 bits, and past what Python will write (4,300 digits)
huge = st.sampled_from([2**64, -(2**64) - 1, 10**30, 10**5000, -(10**5000)])
#: text far longer than any name
long = st.sampled_from([100, 1000, 3000]).map(lambda n: "x" * n)


def almost(text: str) -> st.SearchStrategy[str]:
    """`text` as a person might mistype it."""
    return st.sampled_from(
        [text, text.upper(), f" {text} ", text[:-1], text + "x", text.replace("-", "_"), ""]
    )


def option_values(game: Game, described: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values for one option: right ones half the time, else nearly right ones or any JSON."""
    name, default = described["name"], described["default"]
    good: list[Any] = [default, *(described["choices"] or ())]
    if isinstance(default, int) and not isinstance(default, bool):
        good += [default + 1, default - 1, 0, -1, 1]
    right = st.sampled_from(good)
    wrong = json_values | st.integers() | st.integers(-3, 600) | huge | long
    if described["choices"]:
        wrong |= st.sampled_from(described["choices"]).map(str).flatmap(almost)
    names = NAMES.get(game.name, {}).get(name)
    if names:
        right |= st.lists(st.sampled_from(names), max_size=6)
        some = st.lists(st.sampled_from(names), max_size=8)
        wrong |= some | some.map(lambda xs: ",".join(map(str, xs)))
        wrong |= st.lists(
            st.sampled_from(names).map(str).flatmap(almost) | json_values | long, max_size=4
        )
    if described["local"]:  # a path on this machine: none, too long, not a path at all
        wrong |= long.map(lambda t: "/" + t) | st.text().map(lambda t: t + "\x00")
        wrong |= st.text(max_size=20).map(lambda t: "/" + t)
    return st.one_of(right, wrong)


def mostly(right: st.SearchStrategy[Any], wrong: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """`right` three times in four: an example with one thing wrong tells where it is."""
    return st.one_of(right, right, right, wrong)


@st.composite
def new_games(draw: st.DrawFn) -> tuple[Game, Any, Any, dict[str, Any]]:
    """A game, and players, seed and options for `new`: often right, often wrong."""
    game = draw(st.sampled_from(GAMES))
    described = {o["name"]: o for o in game.options_class.describe()}
    seats = st.integers(game.min_players, game.max_players)
    players = draw(mostly(seats, st.integers(-2, 9) | seats.map(np.int64) | json_values | huge))
    seed = draw(mostly(st.integers(0, 2**63 - 1) | st.none(), st.integers() | json_values | huge))
    options: dict[str, Any] = {}
    for name, described_one in described.items():
        if draw(st.booleans()):
            key = draw(mostly(st.just(name), almost(name)))
            options[key] = draw(option_values(game, described_one))
    if draw(st.integers(0, 4)) == 0:  # a name no option has
        options[draw(st.text(max_size=10))] = draw(json_values)
    if draw(st.integers(0, 9)) == 0:  # a name that is no text, or options that are no mapping
        return game, players, seed, draw(json_values | st.builds(dict, st.just([(1, 2)])))
    return game, players, seed, options


@given(new_games())
def test_any_arguments_to_new_deal_a_game_or_are_refused_naming_one(case) -> None:
    game, players, seed, options = case
    given_options = copy.deepcopy(options)
    try:
        state = game.new(players, seed, options)
    except InvalidOptions as refused:
        keys = options if isinstance(options, dict) else {}
        named = {"players", "seed", "options", *keys}
        named |= {k.replace("-", "_") for k in keys if isinstance(k, str)}
        assert refused.option in named
        assert f"option {refused.option!r}: " in str(refused)
        assert len(str(refused)) < 1000  # what is wrong, not a page of input back
    else:  # its record saves and replays it
        again = Record.loads(Record.from_state(state).dumps())
        assert again.replay().full_state() == state.full_state()
    assert options == given_options


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_option_refused_alone_is_the_one_named(game: Game) -> None:
    # the option a refusal names is the one that was wrong: given alone, with a value no
    # option takes, each is named
    for o in game.options_class.describe():
        with pytest.raises(InvalidOptions) as refused:
            game.new(game.default_players, 1, {o["name"]: {"no": "value"}})
        assert refused.value.option == o["name"]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_player_count_or_seed_past_64_bits_is_refused_quoted_short(game: Game) -> None:
    # 10**5000 players raised ValueError from the message quoting it (Python writes no int of
    # over 4,300 digits); a seed of 10**5000 dealt a game whose record could not be saved
    for players, seed, named in ((10**5000, 1, "players"), (None, 10**5000, "seed")):
        with pytest.raises(
            InvalidOptions,
            match=rf"^option '{named}': expected a whole number of at most 64 bits, got a whole "
            "number of 16610 bits$",
        ):
            game.new(players, seed)
    with pytest.raises(
        InvalidOptions, match="'seed': .* at most 64 bits, got 18446744073709551616"
    ):
        game.new(None, 2**64)
    assert game.new(None, 2**64 - 1).seed == 2**64 - 1


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_negative_seed_is_refused(game: Game) -> None:
    # the random stream keeps 64 bits of a seed, so -1 dealt the very game of 2**64 - 1: one
    # game under two seeds. A seed is 0 to 2**64 - 1, as the server and records have it
    for seed in (-1, -(2**63)):
        with pytest.raises(
            InvalidOptions,
            match=rf"^option 'seed': expected a whole number 0 or above, got {seed}$",
        ):
            game.new(None, seed)
    assert game.new(None, 0).seed == 0


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_long_value_is_refused_quoted_short(game: Game) -> None:
    # a card name of 3,000 letters came back whole in the refusal of every game's stacks
    for o in game.options_class.describe():
        for value in ("x" * 3000, ["x" * 3000]):
            with pytest.raises(InvalidOptions) as refused:
                game.new(None, 1, {o["name"]: value})
            assert refused.value.option == o["name"] and len(str(refused.value)) < 400


@st.composite
def hand_made(draw: st.DrawFn) -> tuple[Game, dict[str, Any]]:
    """A game, and values for some of its options, to build its options class with."""
    game = draw(st.sampled_from(GAMES))
    values = {}
    for o in game.options_class.describe():
        if draw(st.booleans()):
            values[o["name"]] = draw(option_values(game, o) | json_values.map(_listed))
    return game, values


def _listed(value: Any) -> Any:
    """A list as a tuple, as Python code writes an option's list."""
    return tuple(value) if isinstance(value, list) else value


@given(hand_made())
def test_any_options_made_by_hand_deal_a_game_or_are_refused_naming_one(case) -> None:
    game, values = case
    try:
        state = game.new(None, 1, game.options_class(**values))
    except InvalidOptions as refused:
        assert refused.option in values and len(str(refused)) < 1000
    else:
        assert Record.loads(Record.from_state(state).dumps()).replay().full_state() == (
            state.full_state()
        )


@pytest.mark.parametrize(
    ("game", "values", "says"),
    [
        # options made in Python are not coerced: each raised TypeError from the game's checks
        ("knarr", {"first_player": "1"}, "'first_player': expected a whole number, got '1'"),
        ("viking-raid", {"max_rounds": None}, "'max_rounds': expected a whole number, got None"),
        ("viking-raid", {"stack_viking": 5}, "'stack_viking': expected a tuple of text, got 5"),
        ("villainous-vikings", {"round_limit": 2.5}, "'round_limit': expected a whole number"),
        ("villainous-vikings", {"cards": 5}, "'cards': expected text, got 5"),
        ("gone-viking", {"stack": ["Loki"]}, r"'stack': expected a tuple of text, got \['Loki'\]"),
        ("high-card", {"stack": (True,)}, r"'stack': expected a tuple of a whole number"),
    ],
)
def test_options_of_the_wrong_type_made_by_hand_are_refused_naming_them(
    game: str, values: dict[str, Any], says: str
) -> None:
    g = drakkar.load(game)
    with pytest.raises(InvalidOptions, match=f"^option {says}"):
        g.new(None, 1, g.options_class(**values))


@pytest.mark.parametrize(
    ("options", "says"),
    [
        # each raised TypeError, ValueError or AttributeError out of Game.new
        ([1], "expected a mapping of option names to values, got \\[1\\]"),
        ("ship", "expected a mapping of option names to values, got 'ship'"),
        ({2: 3}, "an option's name is text, not 2"),
        ({"ship": "normal", None: 1}, "an option's name is text, not None"),
    ],
)
def test_options_that_are_no_mapping_of_names_are_refused(options: Any, says: str) -> None:
    with pytest.raises(InvalidOptions, match=f"^option 'options': {says}$"):
        drakkar.load("knarr").new(3, 1, options)
