"""The Tricks toy deals its stack as asked and refuses a stack its deck cannot deal."""

from __future__ import annotations

import pytest

from drakkar.agents.tricks_toy import TRICKS
from drakkar.engine.errors import InvalidOptions


def test_a_stacked_card_named_twice_or_no_card_at_all_is_refused_naming_the_option() -> None:
    # (5, 5, 6) dealt seat 0 two 5s from a deck of one: thirteen cards in play
    for stack, why in (
        ((5, 5, 6), "card 5 named 2 times but the deck holds 1"),
        ((13,), "no card 13 (cards: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)"),
    ):
        with pytest.raises(InvalidOptions) as e:
            TRICKS.new(2, 1, {"stack": stack})
        assert e.value.option == "stack" and e.value.message == why, stack
    state = TRICKS.new(2, 1, {"stack": (5, 6, 10, 2, 4, 7, 11, 3)})  # each once: dealt
    assert state.view(0)["hand"] == [2, 5, 6, 10] and state.view(1)["hand"] == [3, 4, 7, 11]
