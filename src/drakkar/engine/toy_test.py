import random

import pytest

from drakkar.engine.errors import InvalidOptions
from drakkar.engine.toy import HIGH_CARD


def test_two_deals_a_seat_cannot_tell_apart_re_deal_alike() -> None:
    # the guide's rule for redeterminize (docs/architecture.md, step 5), which the toy shows:
    # the unseen cards are gathered in a fixed order, so the hidden deck order cannot leak
    stack = {"stack": (9, 8, 7, 1, 2, 3)}  # seat 0 holds 7-9, seat 1 holds 1-3
    worlds = []
    for seed in range(1, 40):
        state = HIGH_CARD.new(2, seed=seed, options=stack)
        assert state.view(0) == HIGH_CARD.new(2, seed=1, options=stack).view(0)
        state.redeterminize(0, random.Random(5))
        worlds.append((state.deck, state.hands))
    assert len({repr(w) for w in worlds}) == 1


def test_a_stacked_card_named_twice_or_no_card_at_all_is_refused_naming_the_option() -> None:
    # (9, 8, 9) dealt seat 0 two 9s from a deck of one: ten cards in play, nothing refused
    for stack, why in (
        ((9, 8, 9), "card 9 named 2 times but the deck holds 1"),
        ("9,9", "card 9 named 2 times but the deck holds 1"),  # as typed on a command line
        ((10,), "no card 10 (cards: 1, 2, 3, 4, 5, 6, 7, 8, 9)"),
        ((0, 1), "no card 0 (cards: 1, 2, 3, 4, 5, 6, 7, 8, 9)"),
    ):
        with pytest.raises(InvalidOptions) as e:
            HIGH_CARD.new(2, seed=1, options={"stack": stack})
        assert e.value.option == "stack" and e.value.message == why, stack
    state = HIGH_CARD.new(2, seed=1, options={"stack": (9, 8, 7, 1, 2, 3)})  # each once: dealt
    assert state.hands == [[7, 8, 9], [1, 2, 3]]
    state.check_invariants()
