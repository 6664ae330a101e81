"""Hidden information: what each view shows, and what `redeterminize` keeps."""

from __future__ import annotations

import json
import random

import drakkar
from drakkar.games.gone_viking import actions as A
from drakkar.games.gone_viking.cards import BOOKS, IS_GOD, KIND_NAMES, KIND_TYPE, TREES
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


def _drawn_by_seat_1() -> tuple[GoneVikingState, int]:
    """Seat 0 puts card `a` under the pile and seat 1's swaps draw it: seat 0 alone knows."""
    s = GAME.new(5, 2)
    assert isinstance(s, GoneVikingState)
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
    return s, a


def test_redeterminize_keeps_a_known_card_in_the_hand_that_drew_it() -> None:
    s, a = _drawn_by_seat_1()
    for seed in range(20):
        other = s.clone()
        other.redeterminize(0, random.Random(seed))
        assert a in other.hands[1]


def test_redeterminize_forgets_what_only_other_seats_know() -> None:
    # Seat 2 never saw `a`: re-dealt for seat 2, it may lie anywhere, and seat 0's knowledge of
    # it (which would now be false, or tell seat 2 where it is) is dropped.
    s, a = _drawn_by_seat_1()
    assert s.known and s.view(2)["known_hands"] == {}
    moved = False
    for seed in range(20):
        other = s.clone()
        other.redeterminize(2, random.Random(seed))
        assert other.known == []
        moved |= a not in other.hands[1]
        other.check_invariants()
    assert moved


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


def test_which_cards_a_swap_moves_is_told_only_to_the_swapper() -> None:
    s = GAME.new(4, 3)
    a, b = s.hands[0][0], s.hands[0][-1]
    play(s, "pay a Tree to swap two cards")
    s.apply(A.SWAP + a)
    s.apply(A.SWAP + b)
    assert any(line.startswith(f"you put {KIND_NAMES[a]}, {KIND_NAMES[b]} under the pile")
               for line in s.events_for(0))  # fmt: skip
    for seat in (1, 2, 3, None):
        lines = s.events_for(seat)
        assert "player 0 swaps 2 cards" in lines
        assert not any("under the pile" in line for line in lines)


def test_which_god_is_laid_face_down_is_told_only_to_its_layer() -> None:
    hands = [["Books 1", "Hammers 1"], ["Books 2", "Loki"], ["Books 3", "Hammers 2"]]
    s = at_trick(3, hands)
    play(s, "play Books 1", "done", "play Books 2", "lay Loki face down", "done")
    assert "you lay Loki face down" in s.events_for(1)
    for seat in (0, 2, None):
        lines = s.events_for(seat)
        assert "player 1 plays Books 2 and lays a God face down" in lines
        shown = [line for line in s.view(seat)["log"] if "face down" in line]
        assert shown and not any("Loki" in line for line in lines + shown if "face down" in line)
        assert s.view(seat)["god_face_down"] == {"seat": 1, "god": None}
    assert s.view(1)["god_face_down"] == {"seat": 1, "god": "Loki"}


def test_redeterminize_recomputes_the_duty_to_follow_of_the_player_to_move() -> None:
    # Seat 1 holds no Books, but seat 0 does not know that: in a world where seat 1 was dealt
    # a Books card (or Odin), it must follow Books.
    hands = [["Books 1", "Hammers 1"], ["Coins 1", "Hammers 2"], ["Books 2", "Fists 1"]]
    s = at_trick(3, hands, trump="Coins")
    play(s, "play Books 1", "done")
    duties = set()
    for seed in range(40):
        other = s.clone()
        other.redeterminize(0, random.Random(seed))
        hand = other.hands[1]
        follows = any(KIND_TYPE[k] == BOOKS for k in hand)
        plays = {a for a in other.legal_actions() if a < A.LAY_GOD}
        assert plays == {k for k in hand if not follows or KIND_TYPE[k] == BOOKS}, seed
        duties.add(follows)
    assert duties == {True, False}


def test_redeterminize_honours_the_void_a_play_in_progress_shows() -> None:
    # Seat 1 has begun a Coins play on a Books lead: it holds no Books (nor Odin), though its
    # void is recorded only when the play is done.
    hands = [["Books 1", "Hammers 1"], ["Coins 1", "Coins 2", "Hammers 2"], ["Books 2", "Fists 1"]]
    s = at_trick(3, hands, trump="Hammers")
    play(s, "play Books 1", "done", "play Coins 1")
    assert s.voids == [0, 0, 0]
    for seed in range(30):
        other = s.clone()
        other.redeterminize(0, random.Random(seed))
        assert not any(KIND_TYPE[k] == BOOKS for k in other.hands[1]), seed
        other.check_invariants()
