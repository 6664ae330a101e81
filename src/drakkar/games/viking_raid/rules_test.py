"""Scenario tests for turns, hands, costs, decks, sinking, the game's end and the options."""

from __future__ import annotations

import random

import pytest

import drakkar
from drakkar import IllegalAction, InvalidOptions
from drakkar.games.viking_raid import GAME
from drakkar.games.viking_raid.cards import (
    ENCOUNTER_DECK,
    ENCOUNTER_INDEX,
    VIKING_DECK,
    VIKING_INDEX,
)
from drakkar.games.viking_raid.scenarios import deal, others_stay_home, play
from drakkar.games.viking_raid.state import VikingRaidState

HAND = ["Long Ship", "Dragon Ship", "Near Village", "Village", "Far Village",
        "Carpenter", "Sail Maker"]  # fmt: skip
CALM = ["Livestock", "Livestock", "Women Captives", "Women Captives"]


def hand(state, seat=0):
    return state.view(seat)["hand"]


def labels(state):
    return [state.action_label(a) for a in state.legal_actions()]


def swap_cards(state, give, take):
    """Seat give[0]'s card give[1] and seat take[0]'s card take[1] change hands."""
    (a, card_a), (b, card_b) = give, take
    hand_a, hand_b = list(state.hands[a]), list(state.hands[b])
    hand_a.remove(VIKING_INDEX[card_a])
    hand_b.remove(VIKING_INDEX[card_b])
    state.hands[a] = tuple(sorted([*hand_a, VIKING_INDEX[card_b]]))
    state.hands[b] = tuple(sorted([*hand_b, VIKING_INDEX[card_a]]))


def test_setup_10_gold_7_cards_seat_0_first_and_the_planning_draw():
    s = GAME.new(4, seed=3)
    assert s.gold == [10] * 4 and s.current_player == 0
    assert [len(h) for h in s.hands] == [8, 7, 7, 7]  # seat 0 has made its Planning draw
    assert len(s.vdeck) == len(VIKING_DECK) - 29 and len(s.edeck) == len(ENCOUNTER_DECK)
    turns = []
    while len(turns) < 6:  # play passes in seat order, round after round
        if not turns or turns[-1] != s.current_player:
            turns.append(s.current_player)
        play(s, "stay home" if "stay home" in labels(s) else labels(s)[0])
    assert turns == [0, 1, 2, 3, 0, 1]


def test_hand_limit_is_checked_after_every_draw_and_the_player_chooses_the_discard():
    s = deal(HAND, draws=["Town", "City"])
    assert labels(s) == ["discard Long Ship", "discard Dragon Ship", "discard Carpenter",
                         "discard Sail Maker", "discard Near Village", "discard Village",
                         "discard Far Village", "discard Town"]  # fmt: skip
    play(s, "discard Dragon Ship", "stay home")
    assert "City" in hand(s) and labels(s)[0] == "discard Long Ship"  # over 7 again
    play(s, "discard Village")
    assert len(s.hands[0]) == 7 and s.current_player == 1
    assert s.view(None)["viking_discard"] == {"Dragon Ship": 1, "Village": 1}


def test_staying_home_draws_one_extra_card_and_ends_the_turn():
    s = deal(["Long Ship", "Near Village", "Carpenter", "Village", "Far Village", "Navigator",
              "Sail Maker"], draws=["Town", "City"])  # fmt: skip
    play(s, "discard Navigator", "stay home", "discard Village")
    assert "City" in hand(s) and s.current_player == 1


def test_a_raid_may_be_declared_only_with_an_affordable_ship_and_a_destination():
    no_dest = ["Long Ship", "Dragon Ship", "Carpenter", "Sail Maker", "Navigator", "Berserkers",
               "Serpent Ship"]  # fmt: skip
    s = deal(no_dest, draws=["Carpenter"])
    play(s, "discard Carpenter")
    assert labels(s) == ["stay home"]
    s = deal(HAND, draws=["Town"])
    s.gold[0] = 1  # (scenario: too poor for a Long Ship, which costs 2)
    play(s, "discard Town")
    assert labels(s) == ["stay home"]
    no_ship = ["Near Village", "Village", "Far Village", "Carpenter", "Sail Maker", "Navigator",
               "Berserkers"]  # fmt: skip
    s = deal(no_ship, draws=["Town"])
    play(s, "discard Town")
    assert labels(s) == ["stay home"]
    s = deal(HAND, draws=["Town"])
    play(s, "discard Town")
    assert labels(s) == ["go raiding", "stay home"]


def test_a_ship_that_costs_exactly_the_gold_may_be_declared_and_built():
    s = deal(HAND, draws=["Town"])
    s.gold[0] = 2  # (scenario: exactly a Long Ship's cost)
    play(s, "discard Town")
    assert labels(s) == ["go raiding", "stay home"]
    play(s, "go raiding")
    assert labels(s) == ["build Long Ship"]
    play(s, "build Long Ship")
    assert s.gold[0] == 0 and s.view(0)["step"] == "destination"  # no Gold left to hire


def test_costs_ships_in_gold_crew_1_each_one_of_a_kind_destinations_free():
    s = deal(["Navigator", "Serpent Ship", "Dragon Ship", "Carpenter", "Carpenter",
              "Sail Maker", "City"], draws=["Town"])  # fmt: skip
    s.gold[0] = 5  # (scenario)
    play(s, "discard Town", "go raiding")
    assert labels(s) == ["build Serpent Ship", "build Dragon Ship"]
    play(s, "build Serpent Ship")
    assert s.gold[0] == 2 and s.crew[0] == 30
    assert labels(s) == ["done hiring", "hire Navigator", "hire Carpenter", "hire Sail Maker"]
    play(s, "hire Carpenter")
    assert labels(s) == ["done hiring", "hire Navigator", "hire Sail Maker"], "one of each kind"
    play(s, "hire Sail Maker")
    # the Navigator is still in hand, but a Crew card costs 1 Gold and none is left
    assert "Navigator" in hand(s) and s.gold[0] == 0
    assert labels(s) == ["sail for City"], "no Gold left: hiring is over"
    with pytest.raises(IllegalAction):
        s.apply_label("hire Navigator")
    play(s, "sail for City")
    assert s.gold[0] == 0


def test_ships_that_cost_more_than_the_gold_cannot_be_built():
    s = deal(HAND, draws=["Town"])
    s.gold[0] = 3  # (scenario)
    play(s, "discard Town", "go raiding")
    assert labels(s) == ["build Long Ship"]


def test_a_sunk_player_is_out_keeps_their_gold_and_loses_their_turns():
    s = deal(HAND, draws=["Town"], encounters=["Storm", "Storm"], players=3)
    play(s, "discard Town", "go raiding", "build Long Ship", "done hiring",
         "sail for Near Village")  # fmt: skip
    assert s.out[0] and s.gold[0] == 8 and not s.hands[0] and not s.is_terminal()
    assert s.view(None)["players"][0]["out"]
    seen = set()
    for _ in range(20):  # several rounds: seat 0 never moves again
        seen.add(s.current_player)
        play(s, "stay home" if "stay home" in labels(s) else labels(s)[0])
    assert seen == {1, 2} and s.round_no > 3
    s.check_invariants()


def test_elimination_ends_the_game_after_the_round_when_every_other_player_is_out():
    # the ruling: the game ends "when every other player is out. The round is finished first":
    # seat 1, the last one in, still has its turn of round 1
    s = deal(HAND, draws=["Town"], encounters=["Storm", "Storm"])
    play(s, "discard Town", "go raiding", "build Long Ship", "done hiring",
         "sail for Near Village")  # fmt: skip
    assert s.out[0] and not s.is_terminal() and s.current_player == 1
    assert s.ending and s.view(None)["ending"]  # this round is the last
    assert "player 1 is the last one in: the game ends after this round" in s.events_for(None)
    others_stay_home(s)
    assert s.is_terminal() and s.returns() == [0.0, 1.0] and s.round_no == 1
    assert s.events_for(0)[-1] == (
        "game over: player 1 is the last one in and the round is finished; "
        "player 1 wins with the most Gold (10)"
    )


def test_elimination_ends_the_game_at_once_when_the_last_one_in_has_had_its_turn():
    # seat 2 sinks after seat 0, the last one in, has played round 1: the round is over
    s = deal(HAND, draws=["Town"], encounters=["Storm", "Storm"], players=3)
    s.vdiscard.extend(s.hands[1])
    s.out[1], s.hands[1], s.gold[1] = True, (), 4  # (scenario: seat 1 sank poorer)
    swap_cards(s, (0, "Near Village"), (2, "Serpent Ship"))  # seat 2 can raid
    play(s, "discard Town", "stay home", "discard Serpent Ship")
    play(s, "discard Berserkers", "go raiding", "build Serpent Ship", "done hiring",
         "sail for Near Village")  # fmt: skip
    assert s.is_terminal() and s.returns() == [1.0, 0.0, 0.0] and s.round_no == 1
    assert s.events_for(None)[-1] == (
        "game over: player 0 is the last one in and the round is finished; "
        "player 0 wins with the most Gold (10)"
    )
    s.check_invariants()


def test_the_last_one_in_sinking_in_the_rest_of_the_round_ends_the_game_at_once():
    s = deal(HAND, draws=["Town"], encounters=["Storm"] * 4)
    swap_cards(s, (0, "Village"), (1, "Berserkers"))  # seat 1 can raid
    play(s, "discard Town", "go raiding", "build Long Ship", "done hiring",
         "sail for Near Village")  # fmt: skip
    assert s.out[0] and s.current_player == 1
    play(s, labels(s)[0])  # over the hand limit after its Planning draw
    play(s, "go raiding", "build Long Ship", "done hiring", "sail for Village")
    assert s.out == [True, True] and s.is_terminal() and s.round_no == 1
    assert s.returns() == [0.5, 0.5]  # 8 Gold each, no raid: a shared win
    assert s.events_for(None)[-1].startswith("game over: every player is out; ")
    s.check_invariants()


def test_a_sunk_player_with_the_most_gold_wins_and_the_log_names_the_last_one_in():
    s = deal(HAND, draws=["Town"], encounters=["Storm", "Storm"], players=3)
    s.gold[0] = 45  # (scenario: seat 0 is rich, seat 1 is already out)
    s.vdiscard.extend(s.hands[1])
    s.out[1], s.hands[1] = True, ()
    play(s, "discard Town", "go raiding", "build Long Ship", "done hiring",
         "sail for Near Village")  # fmt: skip
    assert not s.is_terminal() and s.current_player == 2  # the last one in: its turn
    others_stay_home(s)
    assert s.is_terminal() and s.returns() == [1.0, 0.0, 0.0]
    assert s.events_for(None)[-1] == (  # not "every other player is out": seat 0 sank
        "game over: player 2 is the last one in and the round is finished; "
        "player 0 wins with the most Gold (43)"
    )


def test_sunk_players_gold_still_counts_at_the_end():
    s = deal(HAND, draws=["Town"], encounters=["Storm", "Storm"])
    s.gold[0] = 30  # (scenario: a rich player sinks)
    play(s, "discard Town", "go raiding", "build Long Ship", "done hiring",
         "sail for Near Village")  # fmt: skip
    others_stay_home(s)
    assert s.is_terminal() and s.returns() == [1.0, 0.0]


def test_lose_raid_option_the_player_only_loses_the_raid():
    s = deal(HAND, draws=["Town"], encounters=["Storm", "Storm"], sinking="lose-raid")
    play(s, "discard Town", "go raiding", "build Long Ship", "hire Carpenter", "done hiring",
         "sail for Near Village")  # fmt: skip
    assert not s.out[0] and not s.is_terminal() and s.ship[0] == -1
    # the Ship, its Crew and the Destination go to the discard pile
    assert s.view(None)["viking_discard"] == {
        "Long Ship": 1, "Carpenter": 1, "Near Village": 1, "Town": 1
    }  # fmt: skip
    others_stay_home(s)
    assert s.current_player == 0 and s.view(0)["step"] in ("declare", "discard")


def test_the_game_ends_at_a_third_raid_after_the_round_is_finished():
    s = deal(HAND, draws=["Town"], encounters=CALM + ["Coins"] + CALM[:2])
    s.raids[0] = 2  # (scenario: two raids done)
    play(s, "discard Town", "go raiding", "build Long Ship", "done hiring",
         "sail for Near Village", "attack directly")  # fmt: skip
    assert s.raids[0] == 3 and s.view(None)["ending"] and not s.is_terminal()
    assert s.current_player == 1, "seat 1 still has its turn this round"
    others_stay_home(s)
    assert s.is_terminal() and s.round_no == 1 and s.returns() == [1.0, 0.0]


def test_the_round_ends_after_the_last_seat_even_when_seat_0_is_out():
    s = deal(HAND, draws=["Town"], encounters=["Storm", "Storm"], players=3)
    play(s, "discard Town", "go raiding", "build Long Ship", "done hiring",
         "sail for Near Village")  # fmt: skip
    assert s.out[0] and s.current_player == 1
    s.raids[1], s.ending = 3, True  # (scenario: seat 1 completes its third raid this turn)
    for seat in (1, 2):  # the round's last turns: no seat 0 to begin the next one
        while s.current_player == seat:
            play(s, "stay home" if "stay home" in labels(s) else labels(s)[0])
    assert s.is_terminal() and s.round_no == 1


def test_a_second_raid_does_not_end_the_game():
    s = deal(HAND, draws=["Town"], encounters=CALM + ["Coins"] + CALM[:2])
    s.raids[0] = 1  # (scenario: one raid done)
    play(s, "discard Town", "go raiding", "build Long Ship", "done hiring",
         "sail for Near Village", "attack directly")  # fmt: skip
    assert s.raids[0] == 2 and not s.view(None)["ending"]
    others_stay_home(s)
    assert not s.is_terminal() and s.current_player == 0 and s.round_no == 2


def test_the_last_seat_completing_a_third_raid_ends_the_game_at_once():
    s = deal(HAND, draws=["Town", "City"])
    play(s, "discard Town", "stay home", "discard City")
    assert s.current_player == 1
    s.raids[1], s.ending = 3, True  # (scenario: seat 1 completes its third raid this turn)
    play(s, "stay home" if "stay home" in labels(s) else labels(s)[0])
    others_stay_home(s, until=-1)
    assert s.is_terminal() and s.round_no == 1


def test_tie_breaks_most_gold_then_most_raids_then_a_shared_win():
    s = GAME.new(3, seed=1)
    s.gold[:] = [12, 12, 5]
    s.raids[:] = [1, 2, 3]
    assert s.winners() == [1]
    won = s.clone()
    won._finish("(scenario)")
    assert won.events_for(None)[-1] == (  # the log says why
        "game over: (scenario); player 1 wins with the most Gold (12), tied with player 0, "
        "by more raids completed (2)"
    )
    s.raids[:] = [2, 2, 3]
    assert s.winners() == [0, 1]
    s._finish("(scenario)")
    assert s.returns() == [0.5, 0.5, 0.0] and s.scores() == [12.0, 12.0, 5.0]
    assert (
        s.events_for(None)[-1]
        == "game over: (scenario); player 0 and player 1 share the win with the most Gold (12)"
    )


def test_the_viking_deck_reshuffles_its_discard_pile_when_empty():
    s = deal(HAND, draws=["Town"])
    moved = s.vdeck[:]
    s.vdeck.clear()
    s.vdiscard.extend(moved)  # (scenario: the deck is used up)
    play(s, "discard Town", "stay home")
    assert "the Viking discard pile is shuffled into a new Viking deck" in s.events_for(None)
    assert len(s.vdeck) == len(moved) and s.vdiscard == []  # (Town went into the new deck)
    assert s.vdeck != moved[: len(s.vdeck)], "the discard pile was shuffled, not turned over"
    s.check_invariants()


def test_the_encounter_deck_reshuffles_its_discard_pile_when_empty():
    s = deal(HAND, draws=["Town"])
    pile = s.edeck[:]
    s.ediscard.extend(pile)
    s.edeck.clear()  # (scenario: every Encounter card has been drawn)
    play(s, "discard Town", "go raiding", "build Long Ship", "done hiring",
         "sail for Near Village")  # fmt: skip
    assert "the Encounter discard pile is shuffled into a new Encounter deck" in s.events_for(None)
    assert s.edeck != pile[: len(s.edeck)], "the discard pile was shuffled, not turned over"
    s.check_invariants()


def test_an_encounter_card_is_discarded_as_it_resolves_so_a_reshuffle_mid_phase_holds_it():
    s = deal(HAND, draws=["Town"])
    last = ENCOUNTER_INDEX["Artifacts"]
    s.edeck.remove(last)
    s.ediscard.extend(s.edeck)
    s.edeck[:] = [last]  # (scenario: one card left to draw, the other 45 discarded)
    play(s, "discard Town", "go raiding", "build Long Ship", "done hiring",
         "sail for Near Village")  # fmt: skip
    # the Voyage's first card was already in the discard pile when the second draw reshuffled it
    assert [d["card"] for d in s.view(None)["drawn"]][0] == "Artifacts"
    assert len(s.edeck) == 45 and len(s.ediscard) == 1
    s.check_invariants()


def test_when_a_deck_and_its_discard_pile_are_empty_the_draw_is_skipped():
    s = deal(HAND, draws=["Town"])
    play(s, "discard Town")
    hidden = s.vdeck + s.vdiscard
    s.vdeck.clear()
    s.vdiscard.clear()
    s.hands[1] = tuple(sorted(s.hands[1] + tuple(hidden)))  # (scenario: all cards in hands)
    play(s, "stay home")
    assert "the Viking deck and its discard pile are empty: no card drawn" in s.events_for(None)
    assert len(s.hands[0]) == 7 and s.current_player == 1


def test_the_max_rounds_safety_rule_ends_the_game():
    s = GAME.new(2, seed=5, options={"max_rounds": 2})
    while not s.is_terminal():
        play(s, "stay home" if "stay home" in labels(s) else labels(s)[0])
    assert s.round_no == 2
    assert "round 2 was the last (the max_rounds safety rule)" in s.events_for(None)[-1]


def test_an_illegal_action_is_refused_with_a_clear_message_and_changes_nothing():
    s = deal(HAND, draws=["Town"])
    before = s.full_state()
    with pytest.raises(
        IllegalAction,
        match=r"'go raiding' \(action 0\) is not legal now for "
        r"player 0; legal: 'discard Long Ship'",
    ):
        s.apply(0)
    with pytest.raises(IllegalAction, match="actions run from 0 to 42"):
        s.apply(99)
    with pytest.raises(IllegalAction, match="'sail for Far City'"):
        s.apply_label("sail for Far City")
    assert s.full_state() == before


@pytest.mark.parametrize(("options", "message"), [
    ({"sinking": "drown"}, "option 'sinking': 'drown' is not one of: out, lose-raid"),
    ({"stack_viking": ["Longship"]}, "option 'stack_viking': no card called 'Longship'"),
    ({"stack_viking": ["Dragon Ship"] * 4},
     "option 'stack_viking': 'Dragon Ship' named 4 times but the deck has 3"),
    ({"stack_encounter": "Storm,Kraken"}, "option 'stack_encounter': no card called 'Kraken'"),
    ({"max_rounds": 0}, "option 'max_rounds': 0 is not between 1 and 100"),
    ({"rounds": 3}, "option 'rounds': no such option"),
])  # fmt: skip
def test_bad_options_are_refused_naming_the_option_and_the_card(options, message):
    with pytest.raises(InvalidOptions) as err:
        GAME.new(2, seed=1, options=options)
    assert message in str(err.value)


def test_player_counts_2_to_6():
    assert (GAME.min_players, GAME.max_players, GAME.default_players) == (2, 6, 4)
    assert drakkar.load("viking-raid") is GAME and GAME.title == "Viking Raid"
    with pytest.raises(InvalidOptions, match="2 to 6 players, not 7"):
        GAME.new(7)


def test_views_show_only_the_seats_own_hand_and_its_own_draws():
    s = deal(HAND, draws=["Town"])
    assert hand(s, 0)[-1] == "Town" and s.view(1)["hand"] == list(
        [n for n in ("Long Ship",) * 3] + ["Berserkers", "Navigator", "Carpenter", "Sail Maker"]
    )
    assert s.view(None)["hand"] is None
    assert [p["hand_size"] for p in s.view(1)["players"]] == [8, 7]
    drew = "player 0 drew Town (seen by player 0 alone)"
    assert drew in s.events_for(0) and drew not in s.events_for(1)
    assert drew not in s.view(1)["log"]


def test_redeterminize_re_deals_unseen_cards_keeping_hand_sizes():
    s = GAME.new(4, seed=9)
    mine = s.hands[0]
    other = s.clone()
    assert isinstance(other, VikingRaidState)
    other.redeterminize(0, random.Random(1))
    assert other.hands[0] == mine and [len(h) for h in other.hands] == [len(h) for h in s.hands]
    assert other.hands[1:] != s.hands[1:] or other.vdeck != s.vdeck
    other.check_invariants()
    # the order of both decks is hidden too: a search must not learn its future draws
    assert sorted(other.edeck) == sorted(s.edeck) and other.edeck != s.edeck
    assert other.vdeck != s.vdeck


@pytest.mark.parametrize("options", [{"sinking": "lose-raid"}, {"max_rounds": 3}])
def test_random_games_with_options_keep_the_invariants_and_end(options):
    rng = random.Random(7)
    for seed in range(40):
        s = GAME.new(2 + seed % 5, seed=seed, options=options)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            s.check_invariants()
            assert len(s.history) <= GAME.max_game_length(s.num_players)
        assert sum(s.returns()) == pytest.approx(1.0)
        assert not any(s.out) or options.get("sinking") != "lose-raid"


def test_check_invariants_catches_a_card_made_from_nothing():
    s = GAME.new(2, seed=1)
    s.vdeck.append(s.vdeck[0])
    with pytest.raises(AssertionError, match="in the game, not"):
        s.check_invariants()
