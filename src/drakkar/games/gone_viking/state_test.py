"""Scenario tests for the raid: dealing, swaps, every trick rule, every God in play."""

from __future__ import annotations

import pytest

import drakkar
from drakkar.engine.errors import IllegalAction
from drakkar.games.gone_viking.cards import (
    BOOKS,
    COINS,
    DECKS,
    FREYA,
    HAMMERS,
    KIND_NAMES,
    NO_TRUMP,
    ODIN,
    SUPPLY,
    TREES,
    kind_of,
)
from drakkar.games.gone_viking.home import FREE_SWAP, FREYA_RETURN, LEADER_TRUMP, ODIN_TAKE
from drakkar.games.gone_viking.options import UNLIMITED_RAIDS
from drakkar.games.gone_viking.scenario import at_trick, card, deal_hands, labels, play
from drakkar.games.gone_viking.state import GoneVikingState, max_game_length

GAME = drakkar.load("gone-viking")


def new(players: int = 4, seed: int = 1, **options: object) -> GoneVikingState:
    s = GAME.new(players, seed, options)
    assert isinstance(s, GoneVikingState)
    return s


# -- set-up -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "hand", "pile"), [(3, 7, 9), (4, 8, 8), (5, 9, 7)])
def test_deal_hand_sizes_and_draw_pile(players: int, hand: int, pile: int) -> None:
    s = new(players)
    assert [len(h) for h in s.hands] == [hand] * players
    assert len(s.pile) == pile
    assert s.trump == 0 and s.leader == 0 and s.raid == 1
    assert s.tokens == [[0, 0, 0, 0, 2, 0]] * players
    assert s.supply == [5, 6, 7, 8, 0, 5]


def test_stack_deals_named_cards_to_seat_0_first_then_the_pile() -> None:
    stack = ["Odin", "Books 1", "Books 1", "Hammers 7", "Fists 8", "Coins 6", "Loki", "Coins 2"]
    s = new(4, 5, stack=",".join(stack + ["Thor", "Freya"]))
    assert s.hands[0] == sorted(card(c) for c in stack)
    assert card("Thor") in s.hands[1] and card("Freya") in s.hands[1]


def test_first_raid_paid_swaps_run_from_the_leader_in_turn_order() -> None:
    s = new(4)
    for seat in range(4):
        assert s.current_player == seat
        assert labels(s)[0] == "stop swapping"
        play(s, "stop swapping")
    assert labels(s)[0].startswith("play")  # the leader leads the first trick
    assert s.current_player == 0


def test_a_paid_swap_costs_one_token_and_moves_two_cards_under_the_pile() -> None:
    s = new(4, 3)
    hand, top = s.hands[0].copy(), s.pile[:2]
    assert "pay a Ship to swap two cards" not in labels(s)
    play(s, "pay a Tree to swap two cards")
    assert s.tokens[0][TREES] == 1
    picks = labels(s)
    assert len(picks) == len(set(picks)) and all(x.startswith("swap ") for x in picks)
    a, b = hand[0], hand[-1]
    s.apply_label(s.action_label(35 + a))
    s.apply_label(s.action_label(35 + b))
    assert s.pile[-2:] == [a, b]  # under the pile, in the order picked
    assert sorted(s.hands[0]) == sorted([*hand[1:-1], *top])
    names = [s.action_label(35 + k).removeprefix("swap ") for k in (a, b)]
    assert s.view(0)["pile_known"] == [[6, names[0]], [7, names[1]]]
    assert s.view(1)["pile_known"] == []
    s.check_invariants()


def test_swapping_needs_a_token() -> None:
    s = new(4, 3)
    s.tokens[0] = [0, 0, 0, 0, 0, 1]
    s._legal = None
    assert labels(s) == ["stop swapping"]  # a Ship never pays
    with pytest.raises(IllegalAction, match="not legal now"):
        s.apply_label("pay a Tree to swap two cards")


def test_tokens_paid_to_swap_go_back_to_the_supply() -> None:
    s = new(4, 3)
    s.tokens[0][COINS], s.supply[COINS] = 1, 5
    s._legal = None
    play(s, "pay a Coin to swap two cards")
    assert s.tokens[0][COINS] == 0 and s.supply[COINS] == 6
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    s.check_invariants()


def test_cards_drawn_by_another_player_stay_known_to_whoever_put_them_under() -> None:
    s = new(5, 2)  # a draw pile of 7
    play(s, "pay a Tree to swap two cards")
    a, b = s.hands[0][0], s.hands[0][1]
    s.apply(35 + a)
    s.apply(35 + b)
    play(s, "stop swapping")
    s.tokens[1][TREES] = 3
    for _ in range(3):  # seat 1 draws the pile's first six cards: the sixth is `a`
        play(s, "pay a Tree to swap two cards")
        s.apply(s.legal_actions()[0])
        s.apply(s.legal_actions()[0])
    assert a in s.hands[1] and s.pile[0] == b
    name = s.action_label(a).removeprefix("play ")
    assert s.view(0)["known_hands"] == {"1": [name]}
    assert s.view(0)["pile_known"] == [[0, s.action_label(b).removeprefix("play ")]]
    assert s.view(2)["known_hands"] == {} and s.view(2)["pile_known"] == []
    assert len(s.view(1)["pile_known"]) == 6


# -- tricks -----------------------------------------------------------------------------------


def test_follow_the_led_type_when_you_can() -> None:
    s = at_trick(3, [["Books 3"], ["Books 1", "Coins 6"], ["Hammers 7", "Coins 1"]])
    play(s, "play Books 3", "done")
    assert labels(s) == ["play Books 1"]
    with pytest.raises(IllegalAction):
        s.apply_label("play Coins 6")
    play(s, "play Books 1", "done")
    assert labels(s) == ["play Coins 1", "play Hammers 7"]  # void: any one type


def test_a_god_in_hand_counts_as_its_type_for_following() -> None:
    s = at_trick(3, [["Books 3"], ["Odin", "Coins 6"], ["Hammers 7"]])
    play(s, "play Books 3", "done")
    assert labels(s) == ["play Odin as Books 12"]  # and it cannot be laid face down instead


def test_boosting_adds_cards_of_one_type_and_the_sum_wins() -> None:
    s = at_trick(3, [["Hammers 7"], ["Hammers 3", "Hammers 5", "Coins 2"], ["Fists 1"]])
    play(s, "play Hammers 7", "done", "play Hammers 3")
    assert labels(s) == ["play Hammers 5", "done"]  # only the same type may be added
    play(s, "play Hammers 5", "done", "play Fists 1", "done")
    assert s.tokens[1][2] == 1 and s.tokens[0][2] == 0  # 3 + 5 = 8 beats 7: a Hammer
    assert s.won[1] == [card("Hammers 7"), card("Hammers 3"), card("Hammers 5"), card("Fists 1")]


def test_a_play_needs_a_card_before_done() -> None:
    s = at_trick(3, [["Hammers 7", "Odin"], ["Hammers 3"], ["Fists 1"]])
    assert "done" not in labels(s)
    play(s, "lay Odin face down")
    assert labels(s) == ["play Hammers 7"]


def test_trump_beats_the_led_type_and_the_highest_trump_wins() -> None:
    hands = [["Books 5"], ["Coins 1"], ["Coins 2"], ["Books 4"]]
    s = at_trick(4, hands, trump="Coins")
    play(s, "play Books 5", "done", "play Coins 1", "done", "play Coins 2", "done")
    play(s, "play Books 4", "done")
    assert s.tokens[2][COINS] == 1 and s.leader == 0


def test_off_type_plays_cannot_win_without_trump() -> None:
    s = at_trick(3, [["Books 1"], ["Hammers 7"], ["Fists 8"]], trump="Coins")
    play(s, "play Books 1", "done", "play Hammers 7", "done", "play Fists 8", "done")
    assert s.tokens[0][0] == 1  # the only led-type play wins: a Book


def test_when_trump_is_led_the_highest_trump_wins() -> None:
    s = at_trick(3, [["Coins 2"], ["Coins 5"], ["Books 5"]], trump="Coins")
    play(s, "play Coins 2", "done", "play Coins 5", "done", "play Books 5", "done")
    assert s.tokens[1][COINS] == 1


def test_with_no_trump_the_led_type_wins() -> None:
    s = at_trick(3, [["Books 1"], ["Coins 6"], ["Books 2"]], trump="none")
    play(s, "play Books 1", "done", "play Coins 6", "done", "play Books 2", "done")
    assert s.tokens[2][0] == 1


def test_a_tie_wins_nothing_discards_the_cards_and_the_same_leader_leads() -> None:
    hands = [["Books 5", "Fists 1"], ["Books 2", "Books 3", "Fists 2"], ["Coins 1", "Fists 3"]]
    s = at_trick(3, hands)
    play(s, "play Books 5", "done", "play Books 2", "play Books 3", "done")
    play(s, "play Coins 1", "done")
    assert s.tokens == [[0, 0, 0, 0, 2, 0]] * 3
    assert sorted(s.discard) == sorted(
        card(c) for c in ["Books 5", "Books 2", "Books 3", "Coins 1"]
    )
    assert s.current_player == 0 and s.trick_leader == 0


def test_after_a_tie_a_leader_without_cards_passes_the_lead_clockwise() -> None:
    s = at_trick(3, [["Books 5"], ["Books 4", "Books 1", "Fists 1"], ["Coins 1", "Fists 3"]])
    play(s, "play Books 5", "done", "play Books 4", "play Books 1", "done")
    play(s, "play Coins 1", "done")
    assert s.current_player == 1 and s.trick_leader == 1


def test_empty_hands_are_skipped_and_a_lone_player_wins_each_trick() -> None:
    s = at_trick(3, [["Hammers 1", "Hammers 2"], [], ["Books 5"]], leader=1)
    assert s.current_player == 2  # seat 1 has no cards: the lead passes clockwise
    play(s, "play Books 5", "done", "play Hammers 1", "done")
    assert s.tokens[2][0] == 1
    assert s.current_player == 0  # seat 2 won and is out of cards: seat 0 plays alone
    play(s, "play Hammers 2", "done")
    assert s.tokens[0][2] == 1  # alone, and wins it


def test_a_winner_out_of_cards_passes_the_lead_clockwise_from_the_winner() -> None:
    # "The player who won the last trick starts the next one"; out of cards, "play passes to
    # the next player": from the winner (seat 2), not from the trick's leader (seat 0)
    hands = [["Books 1", "Coins 1"], ["Books 2", "Coins 2"], ["Books 5"], ["Books 3", "Coins 3"]]
    s = at_trick(4, hands)
    play(s, "play Books 1", "done", "play Books 2", "done", "play Books 5", "done")
    play(s, "play Books 3", "done")
    assert s.tokens[2][BOOKS] == 1
    assert s.current_player == 3 and s.trick_leader == 3


def test_the_winner_takes_a_tree_when_the_type_is_used_up_and_leads_next() -> None:
    hands = [["Books 5", "Coins 1"], ["Books 1", "Coins 2"], ["Books 2", "Coins 3"]]
    s = at_trick(3, hands, leader=1, tokens=["5 Books, 2 Trees", "2 Trees", "2 Trees"])
    assert s.supply[0] == 0
    play(s, "play Books 1", "done", "play Books 2", "done", "play Books 5", "done")
    assert s.tokens[0] == [5, 0, 0, 0, 3, 0]
    assert s.current_player == s.trick_leader == 0  # the winner leads the next trick


def test_a_god_face_up_is_plunder_of_its_type_and_value() -> None:
    s = at_trick(3, [["Loki", "Fists 1"], ["Fists 8"], ["Hammers 2"]], trump="none")
    play(s, "play Loki as Fists 9", "play Fists 1", "done", "play Fists 8", "done")
    play(s, "play Hammers 2", "done")
    assert s.tokens[0][3] == 1 and s.fists_won[0] == 9 + 1 + 8  # Loki counts as Fists 9


# -- the Gods face down -----------------------------------------------------------------------


def test_a_god_cannot_be_laid_alone_and_only_one_per_trick() -> None:
    s = at_trick(3, [["Odin"], ["Thor", "Hammers 1"], ["Loki", "Fists 2"]])
    assert labels(s) == ["play Odin as Books 12"]  # a lone God must be played face up
    play(s, "play Odin as Books 12", "done")
    assert "lay Thor face down" in labels(s)
    play(s, "lay Thor face down", "play Hammers 1", "done")
    assert "lay Loki face down" not in labels(s)  # the slot is taken


def test_a_laid_god_adds_nothing_and_its_power_starts_next_trick() -> None:
    hands = [["Books 2", "Hammers 5"], ["Books 3", "Loki", "Books 4"], ["Books 5", "Books 1"]]
    s = at_trick(3, hands, trump="Coins")
    play(s, "play Books 2", "done", "play Books 3", "lay Loki face down", "done")
    assert s.view(0)["god_face_down"] == {"seat": 1, "god": None}
    assert s.view(1)["god_face_down"] == {"seat": 1, "god": "Loki"}
    play(s, "play Books 5", "done")
    assert s.tokens[2][0] == 1  # Loki's power is not yet in force: the highest won
    assert s.god == card("Loki") and s.god_owner == 1
    assert s.view(0)["god_in_play"] == {"god": "Loki", "owner": 1}
    # the next trick, Loki in force: Books 1 beats Books 4
    play(s, "play Books 1", "done", "play Hammers 5", "done", "play Books 4", "done")
    assert s.tokens[2][0] == 2


def test_a_laid_odin_leaves_boosting_open_in_his_own_trick() -> None:
    hands = [["Books 2", "Odin", "Books 1"], ["Books 3", "Books 4"], ["Books 5"]]
    s = at_trick(3, hands, trump="Coins")
    play(s, "play Books 2", "lay Odin face down")
    assert "play Books 1" in labels(s)  # Odin is not in force until the trick ends
    play(s, "done", "play Books 3")
    assert labels(s) == ["play Books 4", "done"]


def test_a_new_god_replaces_the_god_in_play_which_is_discarded() -> None:
    hands = [["Books 1", "Thor"], ["Books 2"], ["Books 3"]]
    s = at_trick(3, hands, god="Loki", god_owner=2)
    play(s, "play Books 1", "lay Thor face down", "done", "play Books 2", "done")
    play(s, "play Books 3", "done")
    assert s.tokens[0][0] == 1  # Loki was in force: the lowest won
    assert s.god == card("Thor") and card("Loki") in s.discard and s.trump == NO_TRUMP


def test_loki_lowest_wins_and_with_trump_the_lowest_trump() -> None:
    s = at_trick(3, [["Books 4"], ["Books 2"], ["Books 3"]], god="Loki")
    play(s, "play Books 4", "done", "play Books 2", "done", "play Books 3", "done")
    assert s.tokens[1][0] == 1
    s = at_trick(3, [["Books 4"], ["Coins 5"], ["Coins 6"]], god="Loki", trump="Coins")
    play(s, "play Books 4", "done", "play Coins 5", "done", "play Coins 6", "done")
    assert s.tokens[1][COINS] == 1  # trump involved: the lowest trump, not the lowest card


def test_loki_tie_for_lowest_is_a_tie() -> None:
    s = at_trick(3, [["Books 4"], ["Books 2", "Books 1"], ["Books 3"]], god="Loki")
    play(s, "play Books 4", "done", "play Books 2", "play Books 1", "done", "play Books 3", "done")
    assert s.tokens == [[0, 0, 0, 0, 2, 0]] * 3 and len(s.discard) == 4


def test_under_loki_an_off_type_play_cannot_win_even_the_lowest() -> None:
    s = at_trick(3, [["Books 4"], ["Hammers 1"], ["Books 3"]], god="Loki", trump="Coins")
    play(s, "play Books 4", "done", "play Hammers 1", "done", "play Books 3", "done")
    assert s.tokens[2][BOOKS] == 1  # no trump played: the lowest led-type play wins
    assert s.tokens[1] == [0, 0, 0, 0, 2, 0]


def test_odin_allows_single_cards_only_and_names_trump() -> None:
    hands = [["Hammers 1", "Hammers 2", "Loki"], ["Hammers 3"], ["Fists 1"]]
    s = at_trick(3, hands, god="Odin")
    play(s, "play Hammers 1")
    # no boosting; a God is not part of the play, so it may still be laid beside the one card
    assert labels(s) == ["lay Loki face down", "done"]
    play(s, "done", "play Hammers 3", "done", "play Fists 1", "done")
    s = at_trick(3, [["Hammers 1", "Odin"], ["Hammers 3", "Coins 2"], ["Fists 1", "Fists 2"]])
    play(s, "play Hammers 1", "lay Odin face down", "done", "play Hammers 3", "done")
    play(s, "play Fists 1", "done")
    assert s.current_player == 0 and labels(s) == [
        f"trump: {t}" for t in ("Books", "Coins", "Hammers", "Fists")
    ]
    play(s, "trump: Fists")
    assert s.trump == 3 and s.current_player == 1  # the trick's winner leads on


def test_freya_names_trump_only_when_there_is_none() -> None:
    hands = [["Hammers 1", "Freya"], ["Hammers 3"], ["Fists 1", "Fists 2"]]
    s = at_trick(3, hands, trump="Coins")
    play(s, "play Hammers 1", "lay Freya face down", "done", "play Hammers 3", "done")
    play(s, "play Fists 1", "done")
    assert s.trump == COINS and s.phase == 4  # no choice: trump stays Coins, play goes on
    s = at_trick(3, [["Hammers 1", "Freya", "Books 1"], ["Hammers 3"], ["Fists 1"]], trump="none")
    play(s, "play Hammers 1", "lay Freya face down", "done", "play Hammers 3", "done")
    play(s, "play Fists 1", "done")
    assert s.current_player == 0 and s.phase == 5
    play(s, "trump: Books")
    assert s.trump == 0


def test_freya_gives_every_trick_winner_a_coin() -> None:
    s = at_trick(3, [["Books 5"], ["Books 1"], ["Books 2"]], god="Freya", god_owner=2)
    play(s, "play Books 5", "done", "play Books 1", "done", "play Books 2", "done")
    assert s.tokens[0] == [1, 1, 0, 0, 2, 0]  # the winner, not Freya's owner, takes the Coin
    assert s.tokens[2] == [0, 0, 0, 0, 2, 0]
    s = at_trick(3, [["Books 5"], ["Books 1"], ["Books 2"]], god="Freya",
                 tokens=["6 Coins", "", ""])  # fmt: skip
    play(s, "play Books 5", "done", "play Books 1", "done", "play Books 2", "done")
    assert s.tokens[0] == [1, 6, 0, 0, 1, 0]  # no Coin left: a Tree


def test_freyas_coin_starts_the_trick_after_she_is_laid() -> None:
    hands = [["Books 5", "Freya", "Books 4"], ["Books 1", "Books 2"], ["Books 3", "Hammers 1"]]
    s = at_trick(3, hands, trump="Coins")
    play(s, "play Books 5", "lay Freya face down", "done", "play Books 1", "done")
    play(s, "play Books 3", "done")
    assert s.god == FREYA and s.tokens[0] == [1, 0, 0, 0, 2, 0]  # not yet in force: no Coin
    play(s, "play Books 4", "done", "play Books 2", "done", "play Hammers 1", "done")
    assert s.tokens[0] == [2, 1, 0, 0, 2, 0]  # the next trick: a Book and a Coin


def test_thor_removes_trump_and_following_the_highest_of_any_type_wins() -> None:
    hands = [["Books 5"], ["Books 1", "Hammers 7"], ["Coins 1"]]
    s = at_trick(3, hands, god="Thor", trump="Coins")
    play(s, "play Books 5", "done")
    assert labels(s) == ["play Books 1", "play Hammers 7"]  # no duty to follow
    play(s, "play Hammers 7", "done", "play Coins 1", "done")
    assert s.tokens[1][2] == 1  # Coins (the old trump) counts for nothing; 7 is highest
    assert s.voids[1] == 0  # not following under Thor shows no void


def test_under_thor_boosting_is_allowed_as_normal() -> None:
    # "The highest value card(s) take the trick regardless of type and boosting is allowed as
    # normal": more cards of one's type may be added, and their sum is the play's value
    hands = [["Books 5"], ["Hammers 3", "Hammers 4", "Coins 1"], ["Fists 6"]]
    s = at_trick(3, hands, god="Thor", trump="none")
    play(s, "play Books 5", "done", "play Hammers 3")
    assert labels(s) == ["play Hammers 4", "done"]
    play(s, "play Hammers 4", "done", "play Fists 6", "done")
    assert s.tokens[1][HAMMERS] == 1  # 3 + 4 beats Fists 6 and Books 5


def test_thors_freedom_from_following_starts_the_trick_after_he_is_laid() -> None:
    hands = [["Books 1", "Thor"], ["Books 2", "Hammers 7", "Coins 6"], ["Books 3", "Coins 1"]]
    s = at_trick(3, hands)
    play(s, "play Books 1", "lay Thor face down", "done")
    assert labels(s) == ["play Books 2"]  # Thor is not in play yet: seat 1 must follow
    play(s, "play Books 2", "done", "play Books 3", "done")
    assert s.god == card("Thor") and s.current_player == 2
    play(s, "play Coins 1", "done")
    assert "play Hammers 7" in labels(s)  # now he is: seat 1 holds Coins 6 but need not follow


def test_thor_revealed_sets_no_trump_and_loki_keeps_it() -> None:
    hands = [["Books 1", "Thor", "Books 4"], ["Books 2", "Loki", "Books 5"], ["Books 3", "Coins 1"]]
    s = at_trick(3, hands, trump="Hammers")
    play(s, "play Books 1", "lay Thor face down", "done", "play Books 2", "done")
    play(s, "play Books 3", "done")
    assert s.trump == NO_TRUMP
    play(s, "play Coins 1", "done", "play Books 4", "done")
    play(s, "play Books 5", "lay Loki face down", "done")
    assert s.god == card("Loki") and s.trump == NO_TRUMP


def test_trump_names_at_the_end_of_the_raid_are_skipped() -> None:
    s = at_trick(3, [["Books 1", "Odin"], ["Books 2"], ["Books 3"]])
    play(s, "play Books 1", "lay Odin face down", "done", "play Books 2", "done")
    play(s, "play Books 3", "done")
    assert s.phase == ODIN_TAKE  # straight to Odin's Home Power: naming trump changes nothing


def test_freya_revealed_by_the_last_trick_names_no_trump_and_goes_home() -> None:
    # the same for Freya, who names trump in the raid only when there is none
    s = at_trick(3, [["Books 1", "Freya"], ["Books 2"], ["Books 3"]], trump="none")
    play(s, "play Books 1", "lay Freya face down", "done", "play Books 2", "done")
    play(s, "play Books 3", "done")
    assert s.god == card("Freya") and s.phase == FREYA_RETURN


def test_a_known_card_played_is_no_longer_known_in_the_hand() -> None:
    s = at_trick(3, [["Books 1"], ["Books 2", "Coins 1"], ["Books 3"]])
    s.known = [(1, card("Books 2"), 1 << 0)]  # seat 0 put Books 2 under, seat 1 drew it
    assert s.view(0)["known_hands"] == {"1": ["Books 2"]}
    play(s, "play Books 1", "done", "play Books 2", "done")
    assert s.view(0)["known_hands"] == {}


def test_a_swap_away_drops_what_was_known_in_the_hand() -> None:
    s = new(3, 1)
    s.known = [(1, s.hands[1][0], 1 << 0)]
    play(s, "stop swapping", "pay a Tree to swap two cards")
    play(s, f"swap {KIND_NAMES[s.hands[1][1]]}", f"swap {KIND_NAMES[s.hands[1][2]]}")
    assert s.view(0)["known_hands"] == {}  # which two went under is secret


# -- the next raid ----------------------------------------------------------------------------


def test_the_jarls_target_swaps_up_to_four_free_then_names_trump_then_others_pay() -> None:
    tokens = ["2 Trees", "3 Trees, 1 Coin", "2 Trees"]
    s = at_trick(3, [["Books 1"], ["Books 2"], ["Books 3"]], tokens=tokens)
    play(s, "play Books 1", "done", "play Books 2", "done", "play Books 3", "done")
    # back home: nobody can build; the Jarl visits seat 1 (wealth 4) and takes 2
    assert s.current_player == 1 and labels(s) == ["pay the Jarl a Coin", "pay the Jarl a Tree"]
    play(s, "pay the Jarl a Tree", "pay the Jarl a Coin")
    assert s.raid == 2 and s.leader == 1 and s.phase == 0
    assert all(len(h) == 7 for h in s.hands) and s.god == -1
    assert "stop swapping" in labels(s)
    tokens = [t.copy() for t in s.tokens]
    for _ in range(4):
        s.apply(s.legal_actions()[0])
    assert s.phase == 1 and s.tokens == tokens  # four picked: the swap is done, for free
    assert labels(s) == ["trump: Books", "trump: Coins", "trump: Hammers", "trump: Fists"]
    play(s, "trump: Hammers")
    assert s.trump == 2 and s.current_player == 2 and s.phase == 2
    play(s, "stop swapping")
    assert s.current_player == 0
    play(s, "stop swapping")
    assert s.current_player == 1 and s.phase == 4  # the leader does not pay to swap


def at_free_swap() -> GoneVikingState:
    """Raid 2, seat 1 (the Jarl's target of raid 1) about to swap up to four cards free."""
    tokens = ["2 Trees", "3 Trees, 1 Coin", "2 Trees"]
    s = at_trick(3, [["Books 1"], ["Books 2"], ["Books 3"]], tokens=tokens)
    play(s, "play Books 1", "done", "play Books 2", "done", "play Books 3", "done")
    play(s, "pay the Jarl a Tree", "pay the Jarl a Coin")
    assert s.phase == FREE_SWAP and s.current_player == 1
    return s


def test_the_next_raid_gathers_every_card_and_deals_the_same_hand_sizes() -> None:
    s = at_free_swap()  # raid 1's three cards were won
    assert s.raid == 2 and [len(h) for h in s.hands] == [7, 7, 7]
    assert sorted(s.pile + [k for h in s.hands for k in h]) == list(DECKS[3])
    assert s.won == [[], [], []] and s.discard == []


def test_free_swap_puts_the_picks_under_the_pile_and_draws_as_many() -> None:
    s = at_free_swap()
    hand, top = s.hands[1].copy(), s.pile[:4]
    picks = [hand[5], hand[0], hand[3], hand[1]]
    play(s, *(f"swap {KIND_NAMES[k]}" for k in picks))
    assert s.phase == LEADER_TRUMP
    assert s.pile[-4:] == picks and len(s.pile) == 9  # under the pile, in the order picked
    assert s.hands[1] == sorted([hand[2], hand[4], hand[6], *top])  # the top four drawn
    assert s.view(1)["pile_known"] == [[5 + i, KIND_NAMES[k]] for i, k in enumerate(picks)]
    s.check_invariants()


def test_a_free_swap_pick_waits_under_nothing_until_the_picking_ends() -> None:
    s = at_free_swap()
    hand, pile = s.hands[1].copy(), s.pile.copy()
    play(s, f"swap {KIND_NAMES[hand[0]]}")
    # nothing is drawn for a pick on its own, so a card drawn cannot be picked again
    assert s.hands[1] == hand[1:] and s.pile == pile


def test_stop_swapping_still_swaps_the_cards_already_picked() -> None:
    s = at_free_swap()
    hand, top = s.hands[1].copy(), s.pile[:2]
    play(s, f"swap {KIND_NAMES[hand[4]]}", f"swap {KIND_NAMES[hand[2]]}", "stop swapping")
    assert s.phase == LEADER_TRUMP
    assert s.pile[-2:] == [hand[4], hand[2]]
    assert s.hands[1] == sorted([*hand[:2], hand[3], *hand[5:], *top])
    s.check_invariants()


def test_the_free_swap_may_trade_a_god() -> None:
    s = at_free_swap()
    hands = [
        ["Books 1", "Books 2", "Books 3", "Books 4", "Books 5", "Coins 1", "Coins 2"],
        ["Loki", "Coins 3", "Coins 4", "Coins 5", "Coins 6", "Hammers 1", "Hammers 2"],
        ["Hammers 3", "Hammers 4", "Hammers 5", "Hammers 6", "Hammers 7", "Fists 1", "Fists 2"],
    ]
    s.pile = deal_hands(s, hands)
    s.pile_known = [0] * len(s.pile)
    s._legal = None
    play(s, "swap Loki", "stop swapping")
    assert s.pile[-1] == card("Loki") and card("Loki") not in s.hands[1]
    s.check_invariants()


# -- illegal actions and bounds ---------------------------------------------------------------


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    s = at_trick(3, [["Books 3"], ["Books 1", "Coins 6"], ["Hammers 7"]])
    before = s.full_state()
    for bad in (-1, 124, 999, card("Coins 6"), 34):
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert s.full_state() == before
    with pytest.raises(IllegalAction, match="'play Coins 6'"):
        s.apply(card("Coins 6"))
    with pytest.raises(IllegalAction, match="legal: 'play Books 3'"):
        s.apply_label("trump: Coins")


def test_max_game_length_bounds_random_games() -> None:
    import random

    for players in (3, 4, 5):
        for seed in range(10):
            s = new(players, seed, max_raids=2)
            rng = random.Random(seed)
            while not s.is_terminal():
                legal = s.legal_actions()
                s.apply(legal[rng.randrange(len(legal))])
            assert len(s.history) <= max_game_length(players, s.raid)
    assert GAME.max_game_length(5) == max_game_length(5, 50) > max_game_length(5, 2)


def test_max_game_length_reads_the_raid_limit_from_the_options() -> None:
    # a study or an OpenSpiel game with more raids than the default must not be cut short
    bound = {r: GAME.max_game_length(5, GAME.options({"max_raids": r}, 5)) for r in (2, 80, 0)}
    assert bound[2] == max_game_length(5, 2)
    assert bound[80] == max_game_length(5, 80) > GAME.max_game_length(5)
    assert bound[0] == max_game_length(5, UNLIMITED_RAIDS) > bound[80]
    assert bound[0] < 2**31  # OpenSpiel keeps it in a C++ int


def test_decks_hold_every_card_once_per_copy() -> None:
    assert DECKS[4].count(kind_of(0, 1)) == 2 and DECKS[5].count(kind_of(3, 7)) == 2
    assert ODIN in DECKS[3] and SUPPLY[TREES] is None


def test_gods_may_be_swapped_and_a_swap_needs_two_cards_in_the_pile() -> None:
    s = new(3, 1, stack="Odin")
    play(s, "pay a Tree to swap two cards")
    assert "swap Odin" in labels(s)
    play(s, "swap Odin")
    s = new(3, 1)
    s.pile_known = s.pile_known[:1]
    s.hands[1].extend(s.pile[1:])
    s.pile = s.pile[:1]
    s._legal = None
    assert labels(s) == ["stop swapping"]


def test_a_paid_swap_needs_two_cards_in_hand() -> None:
    s = new(3, 1)
    s.pile.extend(s.hands[0][1:])
    s.pile_known.extend([0] * (len(s.hands[0]) - 1))
    s.hands[0] = s.hands[0][:1]
    s._legal = None
    assert labels(s) == ["stop swapping"]  # a Tree to pay and a pile to draw from, one card


def test_a_god_laid_in_a_tied_trick_still_comes_into_play() -> None:
    s = at_trick(3, [["Books 5", "Freya"], ["Books 4", "Books 1"], ["Coins 1"]], trump="Hammers")
    play(s, "play Books 5", "lay Freya face down", "done", "play Books 4", "play Books 1", "done")
    play(s, "play Coins 1", "done")
    assert s.god == card("Freya") and s.tokens == [[0, 0, 0, 0, 2, 0]] * 3
