"""Hidden information: what each view shows, and what `redeterminize` keeps."""

from __future__ import annotations

import json
import random

import drakkar
from drakkar.games.gone_viking.cards import IS_GOD, KIND_NAMES, KIND_TYPE, TREES
from drakkar.games.gone_viking.scenario import at_trick, play
from drakkar.games.gone_viking.state import GoneVikingState

GAME = drakkar.load("gone-viking")


def test_views_hide_other_hands_and_the_pile_order() -> None:
    s = GAME.new(4, 3)
    spectator = s.view(None)
    assert spectator["hand"] is None and spectator["hand_sizes"] == [8, 8, 8, 8]
    mine = s.view(2)
    assert len(mine["hand"]) == 8
    text = json.dumps(s.view(1))
    assert mine["pile_known"] == [] and mine["known_hands"] == {} and mine["pile_size"] == 8
    assert all(s.action_label(k).removeprefix("play ") not in text for k in s.hands[2]
               if not IS_GOD[k] and k not in s.hands[1])  # fmt: skip


def test_swap_picks_are_secret_until_they_go_under() -> None:
    s = GAME.new(4, 3)
    play(s, "pay a Tree to swap two cards")
    s.apply(s.legal_actions()[0])
    assert s.view(0)["swapping"]["cards"] and s.view(1)["swapping"] == {
        "seat": 0, "picked": 1, "cards": None
    }  # fmt: skip


def test_redeterminize_keeps_cards_put_under_the_pile_and_their_positions() -> None:
    s = GAME.new(5, 2)
    play(s, "pay a Tree to swap two cards")
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    play(s, "stop swapping")
    before = s.view(0)
    for seed in range(20):
        other = s.clone()
        other.redeterminize(0, random.Random(seed))
        assert other.view(0) == before
        assert other.pile[-2:] == s.pile[-2:]
        other.check_invariants()
    moved = []
    for seed in range(20):
        other = s.clone()
        other.redeterminize(1, random.Random(seed))
        moved.append(other.pile[-2:] != s.pile[-2:])
    assert any(moved)  # seat 1 never saw them: they are re-dealt for it


def test_redeterminize_keeps_a_known_card_in_the_hand_that_drew_it() -> None:
    s = GAME.new(5, 2)
    play(s, "pay a Tree to swap two cards")
    a = s.hands[0][0]
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    play(s, "stop swapping")
    s.tokens[1][TREES] = 3
    for _ in range(3):
        play(s, "pay a Tree to swap two cards")
        s.apply(s.legal_actions()[0])
        s.apply(s.legal_actions()[0])
    assert a in s.hands[1]
    for seed in range(20):
        other = s.clone()
        other.redeterminize(0, random.Random(seed))
        assert a in other.hands[1]


def test_redeterminize_honours_voids_and_keeps_a_face_down_god_a_god() -> None:
    hands = [
        ["Books 1", "Hammers 2", "Hammers 3"],
        ["Coins 1", "Freya", "Coins 2"],
        ["Books 2", "Fists 1", "Fists 2"],
    ]
    s = at_trick(3, hands, trump="Hammers")
    play(s, "play Books 1", "done", "play Coins 1", "lay Freya face down", "done")
    assert s.voids[1] == 1  # seat 1 did not follow Books
    for seed in range(30):
        other = s.clone()
        assert isinstance(other, GoneVikingState)
        other.redeterminize(2, random.Random(seed))
        assert IS_GOD[other.trick_god]
        assert not any(KIND_TYPE[k] == 0 for k in other.hands[1])
        assert other.view(2) == s.view(2) and other.view(None) == s.view(None)
        other.check_invariants()


def _god_laid(laid: str, other: str) -> GoneVikingState:
    """Seat 1 lays `laid` face down; seat 2 holds `other`; seat 0 sees neither God."""
    hands = [
        ["Books 1", "Freya", "Thor", "Coins 1"],
        ["Books 2", laid, "Hammers 1"],
        ["Books 3", other, "Hammers 2"],
    ]
    s = at_trick(3, hands, trump="Coins")
    play(s, "play Books 1", "done", "play Books 2", f"lay {laid} face down", "done")
    return s


def test_redeterminize_does_not_tell_which_unseen_god_is_face_down() -> None:
    # Seat 0 cannot tell Odin face down (Loki in a hand) from the reverse: the same seed must
    # re-deal both alike, so the worlds a search samples do not depend on the truth.
    a, b = _god_laid("Odin", "Loki"), _god_laid("Loki", "Odin")
    assert a.view(0) == b.view(0)
    for seed in range(40):
        worlds = []
        for s in (a, b):
            other = s.clone()
            assert isinstance(other, GoneVikingState)
            other.redeterminize(0, random.Random(seed))
            worlds.append((other.trick_god, other.hands, other.pile))
        assert worlds[0] == worlds[1], seed


def test_redeterminize_picks_a_face_down_god_of_a_type_its_layer_can_hold() -> None:
    # Seat 1 did not follow Books in trick 1, nor Fists when it laid its God in trick 2: a God
    # counts as its type, so the God is neither Odin (Books) nor Loki (Fists).
    hands = [["Books 3", "Fists 2"], ["Coins 1", "Thor", "Coins 2"], ["Books 2", "Fists 1"]]
    s = at_trick(3, hands, trump="Hammers")
    play(s, "play Books 3", "done", "play Coins 1", "done", "play Books 2", "done")
    play(s, "play Fists 2", "done", "lay Thor face down", "play Coins 2", "done")
    seen = set()
    for seed in range(60):
        other = s.clone()
        assert isinstance(other, GoneVikingState)
        other.redeterminize(2, random.Random(seed))
        seen.add(KIND_NAMES[other.trick_god])
    assert seen == {"Thor", "Freya"}
