"""The Journey Deck: Ragnarok shuffled into the bottom four, and the re-deal of hidden cards."""

from __future__ import annotations

import random

from drakkar.games.villainous_vikings import GAME
from drakkar.games.villainous_vikings.state import VillainousVikingsState as VVState


def test_ragnarok_is_shuffled_with_the_last_three_age_iii_cards() -> None:
    # rulebook: "take three of the selected Age III cards and shuffle the Ragnarok card in
    # with them": any of the bottom four places, not always the same one
    places = set()
    for seed in range(40):
        s = GAME.new(3, seed)
        assert isinstance(s, VVState)
        places.add(s.deck.index(s.rag_code))  # deck[0] is the bottom card
    assert places == {0, 1, 2, 3}


def test_redeterminize_reshuffles_each_age_and_the_left_out_cards_keeping_the_view() -> None:
    # Hidden: the deck's order within each Age (the backs show the Age) and which cards were
    # left out of the game. A re-deal must change them, and only them.
    s = GAME.new(4, 11)
    assert isinstance(s, VVState)
    view = s.view(1)
    ages = [s.age_of(c) for c in s.deck]
    unseen = sorted(s.deck + s.box)
    moved = {1: False, 2: False, 3: False}
    swapped_out = False
    rag_places = set()
    for k in range(20):
        t = s.clone()
        t.redeterminize(1, random.Random(k))
        assert t.view(1) == view and t.view(None) == s.view(None)
        assert [t.age_of(c) for c in t.deck] == ages  # each place keeps its Age
        assert sorted(t.deck + t.box) == unseen
        rag_places.add(t.deck.index(t.rag_code))
        for age in moved:
            order = [c for c in t.deck if c != t.rag_code and t.age_of(c) == age]
            moved[age] |= order != [c for c in s.deck if c != s.rag_code and s.age_of(c) == age]
        swapped_out |= set(t.box) != set(s.box)
    assert all(moved.values()), moved
    assert swapped_out  # a left-out card can come into the deck
    assert rag_places <= {0, 1, 2, 3} and len(rag_places) > 1
