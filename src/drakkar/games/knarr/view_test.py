"""Hidden information, views, redeterminize, invariants, and random games with every option."""

from __future__ import annotations

import json
import random

import pytest

import drakkar
from drakkar.engine.conformance import check_deep, check_legal, check_replay
from drakkar.games.knarr.cards import V_KIND, kind_name
from drakkar.games.knarr.scenarios import deal, play, recruit, set_board, set_hand
from drakkar.games.knarr.state import KnarrState

GAME = drakkar.load("knarr")


def test_a_seat_sees_its_hand_and_only_the_size_and_seen_cards_of_others() -> None:
    s = deal(3)
    set_hand(s, 0, ["red VP", "yellow VP", "green VP"])
    set_board(s, ["blue bracelet", None, None, None, None])
    v = s.view(0)
    assert v["hand"] == ["red VP", "yellow VP", "green VP"]
    assert s.view(1)["hand"] != v["hand"] or s.hands[1] != s.hands[0]
    assert s.view(None)["hand"] is None
    play(s, recruit(s, "red VP", 1))
    for seat in (None, 1, 2):
        assert s.view(seat)["seats"][0]["known_hand"] == ["blue bracelet"]
        assert s.view(seat)["seats"][0]["hand_size"] == 3
    text = json.dumps(s.view(1))
    assert "hands" not in text and "deck_order" not in text
    assert s.view(1)["viking_deck"] == len(s.deck)


def test_redeterminize_keeps_seen_cards_and_deals_the_rest() -> None:
    s = deal(3)
    set_board(s, ["blue bracelet", None, None, None, None])
    set_hand(s, 0, ["red VP", "yellow VP", "green VP"])
    play(s, recruit(s, "red VP", 1))
    seen = s.known[0][0]
    changed = False
    for k in range(20):
        t = s.clone()
        t.redeterminize(1, random.Random(k))
        t.check_invariants()
        assert seen in t.hands[0]
        assert t.hands[1] == s.hands[1]
        assert t.view(1) == s.view(1)
        changed |= sorted(t.hands[2]) != sorted(s.hands[2]) or t.deck != s.deck
    assert changed


def _redeal_setup(public_deck: bool = False) -> KnarrState:
    s = deal(3)
    set_board(s, ["blue bracelet", None, None, None, None])
    set_hand(s, 0, ["red VP", "yellow VP", "green VP"])
    if public_deck:  # every card of the deck discarded: the refill below makes a public deck
        s.discard += s.deck
        s.deck = []
    play(s, recruit(s, "red VP", 1))  # seat 0 holds one seen card, two unseen
    assert s.deck_public == public_deck
    return s


def test_redeterminize_mixes_other_hands_with_the_viking_deck_and_reorders_it() -> None:
    s = _redeal_setup()
    t = s.clone()
    t.redeterminize(1, random.Random(0))
    t.check_invariants()
    assert t.deck != s.deck  # the order moved
    unseen = [v for q in (0, 2) for v in s.hands[q] if v not in s.known[q]]
    t_unseen = [v for q in (0, 2) for v in t.hands[q] if v not in t.known[q]]
    assert sorted(t.deck + t_unseen) == sorted(s.deck + unseen)  # one pool, re-dealt
    assert set(t.deck) & set(unseen)  # some unseen hand cards went to the deck
    assert set(t_unseen) & set(s.deck)  # and some deck cards to the hands


def test_redeterminize_reorders_both_destination_decks() -> None:
    s = _redeal_setup()
    t = s.clone()
    t.redeterminize(1, random.Random(0))
    for deck in (0, 1):
        assert t.ddecks[deck] != s.ddecks[deck]
        assert sorted(t.ddecks[deck]) == sorted(s.ddecks[deck])
    assert t.dslots == s.dslots


def test_redeterminize_keeps_the_make_up_of_a_deck_made_from_the_discard_pile() -> None:
    s = _redeal_setup(public_deck=True)
    t = s.clone()
    t.redeterminize(1, random.Random(0))
    t.check_invariants()
    assert t.deck != s.deck and sorted(t.deck) == sorted(s.deck)  # reordered, same cards
    assert sorted(t.hands[0] + t.hands[2]) == sorted(s.hands[0] + s.hands[2])


def test_invariants_catch_a_lost_viking_and_a_token_over_the_cap() -> None:
    s = deal(3)
    s.deck.pop()
    with pytest.raises(AssertionError, match="Vikings accounted for"):
        s.check_invariants()
    s = deal(3)
    s.rc[0] = 4
    with pytest.raises(AssertionError, match="recruit tokens"):
        s.check_invariants()
    s = deal(3)
    s.dslots[0] = -1
    with pytest.raises(AssertionError, match="Destinations accounted for"):
        s.check_invariants()


def test_clone_shares_nothing_mutable() -> None:
    s = deal(3)
    t = s.clone()
    assert t.full_state() == s.full_state()
    t.crew[0][0].append(99)
    t.hands[1].append(99)
    t.ddecks[0].append(99)
    t.vp[0] = 99
    t.jobs.append(1)
    assert s.full_state() != t.full_state()
    assert 99 not in s.crew[0][0] + s.hands[1] + s.ddecks[0] and s.vp[0] == 0 and not s.jobs


def test_views_name_vikings_by_kind() -> None:
    s = deal(3)
    assert s.view(None)["board"] == [kind_name(V_KIND[v]) for v in s.slots]


OPTION_SETS = [
    {"artifacts": a, "ship": ship}
    for a in ("mead-cup", "silver-coin", "cauldron", "golden-bracelet", "helmet", "amulet",
              "weathervane", "mead-cup+random")
    for ship in ("normal", "advanced")
]  # fmt: skip


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"{o['artifacts']}-{o['ship']}")
def test_random_games_with_every_option_conform(options) -> None:
    """The engine's conformance checks, on games the default suite does not deal."""
    for seed in range(12):
        players = 2 + seed % 3
        s = GAME.new(players, seed, options)
        assert isinstance(s, KnarrState)
        rng = random.Random(seed)
        deep = seed % 4 == 0
        while not s.is_terminal():
            where = f"{options} seed={seed} step={len(s.history)}"
            legal = check_legal(s, where)
            if deep:
                check_deep(s, legal, rng, where)
            s.apply(legal[rng.randrange(len(legal))])
            s.check_invariants()
        assert len(s.history) <= GAME.max_game_length(players)
        if deep:
            check_replay(s, "end")


def test_each_seats_place_in_the_turn_order_is_shown_to_everyone() -> None:
    # a per-seat label of the spectator's view: a study's report counts wins by it
    for first in range(4):
        s = drakkar.load("knarr").new(4, 1, {"first_player": first})
        order = s.view(None)["turn_order"]
        assert order == s.view(2)["turn_order"]
        assert order[first] == "1st" and order[(first + 1) % 4] == "2nd"
        assert order[(first + 3) % 4] == "4th"
