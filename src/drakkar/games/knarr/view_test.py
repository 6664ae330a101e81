"""Hidden information, views, redeterminize, invariants, and random games with every option."""

from __future__ import annotations

import json
import random

import pytest

import drakkar
from drakkar.engine.conformance import check_deep, check_legal, check_replay
from drakkar.games.knarr.cards import V_KIND, kind_name
from drakkar.games.knarr.scenarios import deal, play, set_board, set_hand
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
    play(s, "recruit red VP: take slot 1 (red)")
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
    play(s, "recruit red VP: take slot 1 (red)")
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
