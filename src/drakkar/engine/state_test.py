"""The base State behaviour, checked on the toy game."""

import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from drakkar.conftest import fingerprint, played_states
from drakkar.engine.errors import IllegalAction, InvalidOptions, shown
from drakkar.engine.options import as_whole
from drakkar.engine.record import Record
from drakkar.engine.state import State
from drakkar.engine.toy import HIGH_CARD, HighCardOptions


def test_illegal_action_is_refused_with_a_readable_message_and_changes_nothing() -> None:
    s = HIGH_CARD.new(2, seed=1, options={"stack": "9,8,7,1,2,3"})
    before = s.full_state()
    with pytest.raises(IllegalAction, match=r"'play 1' \(action 0\) is not legal now for player 0"):
        s.apply(0)
    with pytest.raises(IllegalAction, match="actions run from 0 to 8"):
        s.apply(99)
    with pytest.raises(IllegalAction, match="legal: 'play 7', 'play 8', 'play 9'"):
        s.parse_action("play 1")
    assert s.full_state() == before


@pytest.mark.parametrize("bad", [-1, 9, 10**6])
def test_a_number_that_is_no_action_has_no_label(bad: int) -> None:
    s = HIGH_CARD.new(2, seed=1)  # actions 0 to 8; -1 would read the label table from its end
    with pytest.raises(
        IllegalAction, match=rf"action {bad} has no label \(actions run from 0 to 8\)"
    ):
        s.action_label(bad)
    assert s.action_label(np.int64(8)) == s.action_label(8) == "play 9"  # NumPy's ints are ints
    with pytest.raises(IllegalAction, match="8.0 is not an action"):
        s.action_label(8.0)  # type: ignore[arg-type]


def test_a_refusal_quotes_a_huge_number_or_a_long_text_short() -> None:
    s = HIGH_CARD.new(2, seed=1)
    for bad, quoted in ((10**5000, "action a whole number of 16610 bits"), ("9" * 500, "'999")):
        with pytest.raises(IllegalAction) as refused:
            s.apply(bad)  # type: ignore[arg-type]
        assert str(refused.value).startswith(quoted) and len(str(refused.value)) < 200
    with pytest.raises(IllegalAction, match="action -a whole number of 16610 bits has no label"):
        s.action_label(-(10**5000))


def test_parse_action_by_label_or_number_ignoring_case_and_spaces() -> None:
    s = HIGH_CARD.new(2, seed=1, options={"stack": "9,8,7,1,2,3"})
    assert s.parse_action("  PLAY   9 ") == 8
    assert s.parse_action("8") == 8
    assert s.apply_label("play 7") == 6
    assert s.history == [6]


def test_terminal_state_refuses_everything() -> None:
    s = HIGH_CARD.new(2, seed=3, options={"rounds": 1})
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    assert s.legal_actions() == [] and s.current_player is None
    with pytest.raises(IllegalAction, match="the game is over"):
        s.apply(0)


def test_legal_actions_returns_a_fresh_list() -> None:
    s = HIGH_CARD.new(2, seed=1)
    s.legal_actions().clear()
    assert s.legal_actions()


def test_events_are_tagged_and_filtered_per_seat() -> None:
    s = HIGH_CARD.new(2, seed=1)
    s.log("secret for 1", audience=(1,))
    assert "secret for 1" in s.events_for(1)
    assert "secret for 1" not in s.events_for(0)
    assert "secret for 1" not in s.events_for(None)
    clone = s.clone()
    clone.log("only in the clone")
    assert "only in the clone" not in s.events_for(None)


def test_same_seed_same_game_and_new_checks_its_arguments() -> None:
    a, b = HIGH_CARD.new(3, seed=11), HIGH_CARD.new(3, seed=11)
    assert a.full_state() == b.full_state()
    assert HIGH_CARD.new(3, seed=12).full_state() != a.full_state()
    assert isinstance(HIGH_CARD.new(2).seed, int)
    for players in (1, 4):
        with pytest.raises(InvalidOptions, match=f"takes 2 to 3 players, not {players}"):
            HIGH_CARD.new(players)
    # seed 0 is a seed like any other, not "pick one at random"
    assert HIGH_CARD.new(3, seed=0).seed == 0
    assert HIGH_CARD.new(3, seed=0).full_state() == HIGH_CARD.new(3, seed=0).full_state()
    # options made ready are checked too, as a mapping of them is
    with pytest.raises(InvalidOptions, match="'rounds': 7 is not one of: 1, 2, 3"):
        HIGH_CARD.new(2, options=HighCardOptions(rounds=7))
    with pytest.raises(InvalidOptions, match="'seed'"):
        HIGH_CARD.new(2, seed="x")  # type: ignore[arg-type]
    with pytest.raises(InvalidOptions, match="'players'"):
        HIGH_CARD.new("2")  # type: ignore[arg-type]
    assert "High Card state" in repr(a)
    # NumPy's integers (np.arange over player counts, seeds from a Generator) are whole numbers
    same = HIGH_CARD.new(np.int64(3), seed=np.uint32(11))  # type: ignore[arg-type]
    assert same.full_state() == a.full_state() and type(same.seed) is int
    with pytest.raises(InvalidOptions, match="'players': expected a whole number, got True"):
        HIGH_CARD.new(True)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptions, match="'seed': expected a whole number, got 1.0"):
        HIGH_CARD.new(2, seed=1.0)  # type: ignore[arg-type]


def test_a_long_unknown_label_is_quoted_short_in_the_refusal() -> None:
    s = HIGH_CARD.new(2, seed=1)
    with pytest.raises(IllegalAction) as e:
        s.parse_action("x" * 5000)
    assert "x" * 57 + "..." in str(e.value) and len(str(e.value)) < 400
    with pytest.raises(IllegalAction, match="'play 99' is not legal"):
        s.parse_action("play 99")  # a short one whole


def test_an_action_is_an_integer_of_any_type_and_nothing_else() -> None:
    # A policy's np.int64 is played as an int (it once stayed in the history, and saving the
    # record failed); a float passed the legality check (8.0 == 8) and went into the game.
    s = HIGH_CARD.new(2, seed=1, options={"stack": "9,8,7,1,2,3"})
    before = s.full_state()
    for bad in (8.0, np.float32(8), True, None, "8", np.array([8]), "x" * 500):
        with pytest.raises(IllegalAction, match=r"is not an action: actions are ints from 0 to 8"):
            s.apply(bad)  # type: ignore[arg-type]
    assert s.full_state() == before and s.history == []
    s.apply(np.int64(8))  # type: ignore[arg-type]
    s.apply(np.array(2))  # type: ignore[arg-type]
    assert s.history == [8, 2] and all(type(a) is int for a in s.history)
    assert json.loads(Record.from_state(s).dumps())["actions"] == [8, 2]


# -- properties: any input to apply and parse_action, on states reached by random play ------

#: anything a caller might pass as an action: ints of every size and type, and what is not one
any_action = (
    st.integers(-3, 300)
    | st.integers()
    | st.integers(-(2**31), 2**31 - 1).map(np.int64)
    | st.integers(0, 2**32 - 1).map(np.uint32)
    | st.sampled_from([2**64, 10**5000, -(10**5000)])
    | st.booleans()
    | st.floats()
    | st.text(max_size=12)
    | st.none()
    | st.builds(list)
)


def the_number(action: object) -> int | None:
    """`action` as the int apply plays, or None when it is no integer."""
    return as_whole(action)


@given(played_states(max_steps=2000), st.data())
def test_any_action_either_is_legal_and_played_or_is_refused_naming_it(state, data) -> None:
    legal = state.legal_actions()
    guesses = any_action | (st.sampled_from(legal) if legal else st.nothing())
    action = data.draw(guesses, label="action")
    before = fingerprint(state)
    n = the_number(action)
    if n is not None and n in legal:
        state.apply(action)  # type: ignore[arg-type]
        assert state.history == [*before[0], n] and type(state.history[-1]) is int
        return
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)  # type: ignore[arg-type]
    assert shown(action if n is None else n) in str(refused.value)
    assert len(str(refused.value)) < 2000  # (it lists up to 12 legal moves)
    assert fingerprint(state) == before


#: text a person might type: labels of legal moves as typed badly, numbers, and anything
def typed(state: State) -> st.SearchStrategy[str]:
    labels = [state.action_label(a) for a in state.legal_actions()]
    near = (
        st.sampled_from(labels).flatmap(
            lambda label: st.sampled_from(
                [
                    label,
                    label.upper(),
                    f"  {label} ",
                    label[:-1],
                    label + "x",
                    label.replace(" ", ""),
                ]
            )
        )
        if labels
        else st.nothing()
    )
    return near | st.text(max_size=30) | st.integers(-5, 400).map(str)


@given(played_states(max_steps=2000), st.data())
def test_any_text_parses_to_a_legal_action_or_is_refused_naming_it(state, data) -> None:
    text = data.draw(typed(state), label="text")
    before = fingerprint(state)
    try:
        action = state.parse_action(text)
    except IllegalAction as refused:
        assert shown(text) in str(refused) and len(str(refused)) < 2000
    else:
        assert action in state.legal_actions()
        wanted = " ".join(text.lower().split())
        assert (
            " ".join(state.action_label(action).lower().split()) == wanted or str(action) == wanted
        )
    assert fingerprint(state) == before


@given(played_states(max_steps=2000))
def test_any_state_finds_each_legal_action_again_by_its_label(state) -> None:
    before = fingerprint(state)
    for a in state.legal_actions():
        assert state.action_label(state.parse_action(state.action_label(a))) == state.action_label(
            a
        )
    assert fingerprint(state) == before
