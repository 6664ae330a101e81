"""Scenario tests for the return home: Home Powers, ship building, the Jarl, the winner."""

from __future__ import annotations

import pytest

import drakkar
from drakkar.games.gone_viking.cards import SHIPS
from drakkar.games.gone_viking.home import BUILD, FREE_SWAP, JARL, OVER, PAY_SWAP
from drakkar.games.gone_viking.scenario import at_home, at_trick, deal_hands, labels, play
from drakkar.games.gone_viking.state import GoneVikingState

NOTHING = ["2 Trees"] * 3


def test_odin_home_power_takes_two_tokens_but_never_a_ship() -> None:
    s = at_home(3, NOTHING, god="Odin", god_owner=1)
    assert s.current_player == 1
    assert labels(s) == [
        f"take a {t} from the supply" for t in ("Book", "Coin", "Hammer", "Fist", "Tree")
    ]
    play(s, "take a Book from the supply", "take a Book from the supply")
    assert s.tokens[1] == [2, 0, 0, 0, 2, 0] and s.supply[0] == 3


def test_odin_home_power_is_exactly_two_tokens() -> None:
    s = at_home(3, NOTHING, god="Odin", god_owner=1)
    play(s, "take a Coin from the supply", "take a Hammer from the supply")
    assert s.phase == JARL and s.jarl_target == 1  # no third take: nobody builds, the Jarl
    assert s.tokens[1] == [0, 1, 1, 0, 2, 0]


def test_the_home_power_comes_before_ship_building_so_its_tokens_can_build() -> None:
    s = at_home(3, ["2 Trees", "1 Book, 1 Coin, 1 Hammer", "2 Trees"], god="Odin", god_owner=1)
    play(s, "take a Fist from the supply", "take a Tree from the supply")
    assert s.phase == BUILD and s.current_player == 1
    play(s, "build a Ship from a Book, a Coin, a Hammer and a Fist")
    assert s.tokens[1] == [0, 0, 0, 0, 1, 1]
    s = at_home(3, ["1 Fist, 2 Trees", "2 Trees", "1 Book, 1 Coin, 1 Hammer"], god="Loki",
                god_owner=2)  # fmt: skip
    play(s, "steal a Fist from player 0")
    assert s.phase == BUILD and s.current_player == 2
    play(s, "build a Ship from a Book, a Coin, a Hammer and a Fist")
    assert s.tokens[2] == [0, 0, 0, 0, 0, 1]


def test_odin_takes_only_what_the_supply_holds() -> None:
    s = at_home(3, ["5 Books", "2 Trees", "2 Trees"], god="Odin", god_owner=1)
    assert "take a Book from the supply" not in labels(s)
    assert "take a Tree from the supply" in labels(s)  # Trees never run out


def test_freya_home_power_every_other_player_returns_a_token() -> None:
    s = at_home(4, ["1 Coin, 1 Ship", "1 Fist, 1 Tree", "1 Ship", "2 Trees"], god="Freya",
                god_owner=3)  # fmt: skip
    assert s.current_player == 0
    assert labels(s) == ["return a Coin to the supply"]  # a Ship is never returned
    play(s, "return a Coin to the supply")
    assert s.current_player == 1
    play(s, "return a Tree to the supply")
    # seat 2 holds only a Ship: skipped; the owner returns nothing
    assert s.tokens == [[0, 0, 0, 0, 0, 1], [0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 0, 1],
                        [0, 0, 0, 0, 2, 0]]  # fmt: skip
    assert s.supply[1] == 6


def test_freya_home_power_reaches_every_other_player() -> None:
    s = at_home(3, ["2 Trees", "1 Coin", "1 Hammer"], god="Freya", god_owner=0)
    play(s, "return a Coin to the supply", "return a Hammer to the supply")
    assert s.tokens[1] == s.tokens[2] == [0] * 6 and s.tokens[0] == [0, 0, 0, 0, 2, 0]


def test_loki_home_power_takes_or_steals_one_token_but_no_ship() -> None:
    s = at_home(3, ["1 Ship", "1 Hammer, 1 Ship", "2 Trees"], god="Loki", god_owner=0)
    got = labels(s)
    assert "steal a Hammer from player 1" in got and "steal a Tree from player 2" in got
    assert not any("Ship" in x for x in got) and "take a Book from the supply" in got
    play(s, "steal a Hammer from player 1")
    assert s.tokens[0] == [0, 0, 1, 0, 0, 1] and s.tokens[1] == [0, 0, 0, 0, 0, 1]
    s = at_home(3, NOTHING, god="Loki", god_owner=2)
    play(s, "take a Fist from the supply")
    assert s.tokens[2][3] == 1


def test_loki_cannot_steal_a_ship() -> None:
    s = at_home(3, ["", "1 Ship", ""], god="Loki", god_owner=0)
    assert labels(s) == [
        f"take a {t} from the supply" for t in ("Book", "Coin", "Hammer", "Fist", "Tree")
    ]


def test_a_stolen_token_passes_between_players_and_leaves_the_supply_alone() -> None:
    s = at_home(3, ["1 Coin", "2 Trees", "2 Trees"], god="Loki", god_owner=1)
    supply = s.supply.copy()
    play(s, "steal a Coin from player 0")
    assert s.tokens[0][1] == 0 and s.tokens[1][1] == 1 and s.supply == supply
    s.check_invariants()


def test_loki_home_power_is_one_token_from_the_supply_or_another_player() -> None:
    s = at_home(3, ["5 Books", "1 Coin, 2 Trees", "2 Trees"], god="Loki", god_owner=1)
    got = labels(s)
    assert "take a Book from the supply" not in got  # all five Books are held
    assert "steal a Book from player 0" in got
    assert not any(x.endswith("from player 1") for x in got)  # not from oneself
    play(s, "take a Tree from the supply")
    assert s.phase == JARL and s.tokens[1] == [0, 1, 0, 0, 3, 0]  # one token, no second


def test_thor_home_power_builds_a_ship_from_any_four_tokens() -> None:
    s = at_home(3, ["2 Books, 2 Trees", "2 Books, 2 Trees", "2 Trees"], god="Thor", god_owner=1)
    # seat 0 (the leader) has no valid set and is skipped; seat 1 has Thor
    assert s.current_player == 1 and s.phase == BUILD
    assert labels(s) == ["build a Ship from any four tokens (Thor)", "build no Ship"]
    play(s, "build a Ship from any four tokens (Thor)")
    play(s, "put a Book into the Ship", "put a Book into the Ship")
    assert labels(s) == ["put a Tree into the Ship"]
    play(s, "put a Tree into the Ship", "put a Tree into the Ship")
    assert s.tokens[1] == [0, 0, 0, 0, 0, 1] and s.supply[0] == 3 and s.supply[5] == 4


def test_thors_ship_needs_four_tokens() -> None:
    s = at_home(3, ["2 Trees", "1 Book, 2 Trees", "2 Trees"], god="Thor", god_owner=1)
    assert s.phase == JARL  # three tokens build nothing, even with Thor


def test_thors_any_four_tokens_never_include_a_ship() -> None:
    s = at_home(3, ["2 Trees", "1 Ship, 1 Book, 3 Trees", "2 Trees"], god="Thor", god_owner=1)
    play(s, "build a Ship from any four tokens (Thor)")
    assert labels(s) == ["put a Book into the Ship", "put a Tree into the Ship"]
    play(s, "put a Book into the Ship")
    for _ in range(3):
        assert labels(s) == ["put a Tree into the Ship"]
        play(s, "put a Tree into the Ship")
    assert s.tokens[1] == [0, 0, 0, 0, 0, 2]


def deal_raid(s: GoneVikingState, hands: list[list[str]], trump: str) -> None:
    """At a raid's free swap: deal these hands instead (the rest is the pile), nobody swaps."""
    assert s.phase == FREE_SWAP
    rest = deal_hands(s, hands)
    s.pile, s.pile_known = rest, [0] * len(rest)
    s._legal = None
    s.check_invariants()
    play(s, "stop swapping", f"trump: {trump}")
    while s.phase == PAY_SWAP:
        play(s, "stop swapping")


def test_thors_home_power_is_for_the_raid_it_ends_only() -> None:
    s = at_home(3, ["5 Trees", "1 Book, 1 Coin, 2 Trees", "2 Trees"], god="Thor", god_owner=1)
    play(s, "build no Ship")  # seat 0
    assert s.current_player == 1 and labels(s)[0] == "build a Ship from any four tokens (Thor)"
    play(s, "build no Ship")
    pay_the_jarl(s)  # seat 0 (5) pays 3 and leads raid 2
    assert s.raid == 2 and s.leader == 0
    deal_raid(s, [["Books 1"], ["Books 2"], ["Books 3"]], "Books")
    play(s, "play Books 1", "done", "play Books 2", "done", "play Books 3", "done")
    # no God in play this time: seat 1 (a Book, a Coin, 2 Trees) cannot build
    assert s.phase == JARL and s.jarl_target == 1 and s.thor_builder == -1


def test_a_ship_from_trees_takes_four_not_three() -> None:
    s = at_home(3, ["3 Trees", "4 Trees", "3 Trees"])
    assert s.current_player == 1  # seat 0, the leader, has only 3 Trees: not asked
    assert labels(s) == ["build a Ship from four Trees", "build no Ship"]
    play(s, "build a Ship from four Trees")  # seat 2 is not asked either
    assert s.tokens[1] == [0, 0, 0, 0, 0, 1] and s.supply[SHIPS] == 4
    assert s.tokens[0][4] == s.tokens[2][4] == 3 and s.raid == 2


def test_a_ship_from_the_four_types_needs_a_fist() -> None:
    s = at_home(3, ["1 Book, 1 Coin, 1 Hammer, 3 Trees", "2 Trees", "2 Trees"])
    assert s.phase == JARL  # no Fist and three Trees: nobody can build


def test_a_ship_from_one_of_each_type_or_four_trees_and_only_one_per_raid() -> None:
    tokens = ["1 Book, 1 Coin, 1 Hammer, 1 Fist, 4 Trees", "5 Trees", "1 Tree"]
    s = at_home(3, tokens, leader=1)
    assert s.current_player == 1  # building goes in turn order from the Raid Leader
    assert labels(s) == ["build a Ship from four Trees", "build no Ship"]
    play(s, "build a Ship from four Trees")
    assert s.current_player == 0 and labels(s) == [
        "build a Ship from a Book, a Coin, a Hammer and a Fist",
        "build a Ship from four Trees",
        "build no Ship",
    ]
    play(s, "build a Ship from a Book, a Coin, a Hammer and a Fist")
    assert s.tokens[0] == [0, 0, 0, 0, 4, 1]  # one Ship per raid: not asked again
    assert s.tokens[1] == [0, 0, 0, 0, 1, 1] and s.supply == [5, 6, 7, 8, 0, 3]
    assert s.phase == JARL


def test_ships_are_built_only_while_ship_tokens_remain() -> None:
    s = at_home(3, ["4 Trees, 4 Ships", "4 Trees", "4 Trees"])
    play(s, "build a Ship from four Trees")  # the fifth and last Ship
    assert s.supply[5] == 0 and s.phase != BUILD  # seats 1 and 2 are not asked


def test_building_is_optional() -> None:
    s = at_home(3, ["4 Trees", "2 Trees", "2 Trees"])
    play(s, "build no Ship")
    assert s.tokens[0] == [0, 0, 0, 0, 4, 0]


def test_the_jarl_takes_half_the_non_ship_tokens_rounded_up_counting_ships_as_four() -> None:
    s = at_home(3, ["1 Ship, 1 Book, 2 Hammers", "3 Trees, 1 Coin, 2 Fists", "2 Trees"])
    # wealth: seat 0 7 (the Ship counts 4), seat 1 6: the Jarl visits seat 0 and takes 2 of 3
    assert s.jarl_target == 0 and s.current_player == 0
    assert labels(s) == ["pay the Jarl a Book", "pay the Jarl a Hammer"]
    play(s, "pay the Jarl a Hammer", "pay the Jarl a Hammer")
    assert s.tokens[0] == [1, 0, 0, 0, 0, 1] and s.supply[2] == 7
    assert s.leader == 0 and s.raid == 2  # the target leads the next raid


def test_the_jarl_takes_nothing_from_a_target_with_only_ships() -> None:
    s = at_home(3, ["2 Ships", "2 Trees", "2 Trees"])
    assert s.tokens[0] == [0, 0, 0, 0, 0, 2] and s.raid == 2 and s.leader == 0


def test_jarl_tie_goes_to_the_most_fist_value_won() -> None:
    s = at_home(3, ["3 Trees", "3 Trees", "2 Trees"], fists_won=[4, 9, 0])
    assert s.jarl_target == 1


def test_jarl_tie_on_fists_goes_first_clockwise_from_the_leader() -> None:
    s = at_home(4, ["3 Trees", "2 Trees", "3 Trees", "3 Trees"], leader=2, fists_won=[5, 0, 5, 5])
    assert s.jarl_target == 2  # the leader included
    s = at_home(4, ["3 Trees", "2 Trees", "2 Trees", "3 Trees"], leader=2, fists_won=[5, 0, 5, 5])
    assert s.jarl_target == 3  # clockwise from seat 2: 3 comes before 0


def test_fist_value_won_is_counted_from_tricks() -> None:
    s = at_trick(3, [["Fists 3"], ["Fists 5"], ["Books 2"]], trump="none")
    play(s, "play Fists 3", "done", "play Fists 5", "done", "play Books 2", "done")
    assert s.fists_won == [0, 8, 0]


def test_a_god_laid_face_down_adds_no_fist_value_won() -> None:
    s = at_trick(3, [["Fists 3", "Loki"], ["Fists 5"], ["Books 2"]], trump="none")
    play(s, "play Fists 3", "lay Loki face down", "done", "play Fists 5", "done")
    play(s, "play Books 2", "done")
    assert s.god_owner == 0 and s.fists_won == [0, 8, 0]  # Loki came into play, was not won


def test_jarl_tie_counts_the_fist_value_won_this_raid_only() -> None:
    tokens = ["2 Trees", "3 Trees", "2 Trees"]
    s = at_trick(3, [["Books 1"], ["Fists 8"], ["Books 2"]], trump="Fists", tokens=tokens)
    play(s, "play Books 1", "done", "play Fists 8", "done", "play Books 2", "done")
    assert s.fists_won == [0, 8, 0] and s.jarl_target == 1
    play(s, "pay the Jarl a Tree", "pay the Jarl a Tree")  # seat 1: a Tree and a Fist
    assert s.raid == 2 and s.leader == 1
    deal_raid(s, [["Fists 3", "Books 1"], ["Coins 2", "Fists 1"], ["Hammers 1", "Hammers 2"]],
              "Fists")  # fmt: skip
    play(s, "play Coins 2", "done", "play Hammers 1", "done", "play Fists 3", "done")
    play(s, "play Books 1", "done", "play Fists 1", "done", "play Hammers 2", "done")
    # seats 0 and 1 tie on wealth 3; this raid seat 0 won Fist value 3, seat 1 only 1 (its 8
    # was last raid's), so the Jarl visits seat 0, though seat 1 leads
    assert s.wealth(0) == s.wealth(1) == 3 and s.fists_won == [3, 1, 0]
    assert s.jarl_target == 0


@pytest.mark.parametrize(("players", "need"), [(3, 9), (4, 8), (5, 7)])
def test_a_player_at_the_wealth_needed_after_the_jarl_wins(players: int, need: int) -> None:
    tokens = ["2 Trees"] * players
    tokens[0] = f"1 Ship, {need - 3} Fists"  # the wealthiest: the Jarl drops it below
    tokens[1] = f"1 Ship, {need - 4} Hammers"
    s = at_home(players, tokens)
    assert s.jarl_target == 0
    pay_the_jarl(s)
    assert s.wealth(0) < need
    assert s.phase == OVER and s.winners == (1,) and s.returns()[1] == 1.0
    assert s.scores()[1] == need


def pay_the_jarl(s: GoneVikingState) -> None:
    while s.phase == JARL:
        s.apply(s.legal_actions()[0])


def test_wealth_below_the_bar_does_not_win() -> None:
    s = at_home(4, ["2 Trees", "1 Ship, 3 Books", "2 Trees", "2 Trees"], leader=1)
    pay_the_jarl(s)
    assert s.phase != OVER and s.raid == 2


def test_several_winners_the_most_wealth_wins_even_over_the_new_leader() -> None:
    s = at_home(3, ["2 Trees", "2 Ships, 2 Books, 2 Coins", "2 Ships, 3 Trees"])
    # the Jarl visits seat 1 (12), who pays 2 and leads next: 10 against seat 2's 11
    pay_the_jarl(s)
    assert s.leader == 1 and s.wealth(1) == 10 and s.winners == (2,)
    assert s.events_for(None)[-1] == "player 2 wins with wealth 11"


def test_several_winners_tied_the_new_raid_leader_wins() -> None:
    s = at_home(3, ["2 Ships, 3 Trees", "2 Ships, 1 Book", "2 Trees"])
    # the Jarl visits seat 0 (11), who pays 2: 9 and 9, and seat 0 leads the next raid
    pay_the_jarl(s)
    assert s.winners == (0,)  # although seat 1's Book is worth more than a Tree
    assert s.events_for(None)[-1] == (
        "player 0 wins with wealth 9, tied with player 1, as the new Raid Leader"
    )
    s = at_home(3, ["3 Ships", "3 Ships", "2 Trees"], fists_won=[0, 3, 0])
    # 12 and 12; no tokens to pay; seat 1 (more Fists) is the target and new leader
    assert s.winners == (1,) and s.leader == 1


def test_tied_winners_not_leading_the_token_values_decide_then_a_shared_win() -> None:
    # seat 0 (12, no Fist: cannot build) pays 6 and drops to 6; seats 1 and 2 stay at 9
    s = at_home(3, ["5 Books, 5 Coins, 2 Hammers", "2 Ships, 1 Fist", "2 Ships, 1 Hammer"])
    pay_the_jarl(s)
    assert s.leader == 0 and s.winners == (2,)  # Ship 11 x 2 + Hammer 3 beats + Fist 2
    assert s.events_for(None)[-1] == (
        "player 2 wins with wealth 9, tied with player 1, by the most token value (25)"
    )
    s = at_home(3, ["5 Books, 5 Coins, 2 Hammers", "2 Ships, 1 Hammer", "2 Ships, 1 Hammer"])
    pay_the_jarl(s)
    assert s.winners == (1, 2) and s.returns() == [0.0, 0.5, 0.5]
    assert s.events_for(None)[-1] == "player 1 and player 2 share the win with wealth 9"


@pytest.mark.parametrize(
    ("one", "other", "winners"),
    [
        # equal wealth, so only the token values (Ship 11, Book 5, Coin 4, Hammer 3, Fist 2,
        # Tree 1) tell them apart; each tie below holds only at those values
        ("1 Book, 1 Fist", "1 Coin, 1 Hammer", (1, 2)),  # 7 and 7
        ("1 Book, 1 Tree", "1 Coin, 1 Fist", (1, 2)),  # 6 and 6
        ("1 Coin, 1 Tree", "1 Hammer, 1 Fist", (1, 2)),  # 5 and 5
        ("1 Hammer, 1 Tree", "2 Fists", (1, 2)),  # 4 and 4
        ("1 Ship", "1 Book, 1 Coin, 2 Trees", (1, 2)),  # 11 and 11
        ("1 Fist, 1 Tree", "2 Trees", (1,)),  # 3 beats 2
    ],
)
def test_the_token_values_of_the_last_tie_break(
    one: str, other: str, winners: tuple[int, ...]
) -> None:
    s = at_trick(3, [[], [], []], tokens=["2 Trees", one, other], begin=False)
    assert s.wealth(1) == s.wealth(2) and s.leader == 0
    assert s.winner_choice([1, 2]) == winners


def test_max_raids_ends_the_game_by_the_tie_rules() -> None:
    game = drakkar.load("gone-viking")
    s = game.new(3, 1, {"max_raids": 1})
    assert s.raid == 1
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    assert s.raid == 1 and s.winners and abs(sum(s.returns()) - 1.0) < 1e-9
    assert "max_raids" in " ".join(s.events_for(None))


def test_at_the_raid_limit_the_tie_rules_pick_among_all_players() -> None:
    tokens = ["1 Book, 3 Trees", "2 Coins, 2 Trees", "3 Fists, 2 Trees"]
    s = at_home(3, tokens, raid=50)  # the default max_raids; nobody reaches 9
    pay_the_jarl(s)  # seat 2 (5) pays 3 and would lead the next raid
    assert s.phase == OVER and s.raid == 50 and s.leader == 2
    # seats 0 and 1 have the most wealth (4): token values 5 + 3 against 4 + 4 + 2
    assert s.winners == (1,)


def test_no_raid_limit_when_max_raids_is_zero() -> None:
    game = drakkar.load("gone-viking")
    s = game.new(3, 1, {"max_raids": 0})
    s.raid = 10_000
    s._legal = None
    while not s.is_terminal() and s.raid == 10_000:
        s.apply(s.legal_actions()[0])
    assert s.raid == 10_001 and not s.is_terminal()


# -- for the search: where a cut-short roll-out reads fairly, and the estimate there -------------


def test_settled_between_raids_and_once_over_not_during_a_raid_or_the_return_home() -> None:
    s = at_trick(
        3, [["Books 1"], ["Books 2"], ["Books 3"]], tokens=["2 Trees", "4 Trees", "2 Trees"]
    )
    assert not s.settled()  # mid-raid: the Jarl has yet to come
    play(s, "play Books 1", "done", "play Books 2", "done", "play Books 3", "done")
    assert s.phase == BUILD and not s.settled()
    while s.phase != JARL:
        s.apply(s.legal_actions()[-1])  # no Ship
    assert not s.settled()
    pay_the_jarl(s)
    assert s.raid == 2 and s.settled()  # the Jarl has been: the next raid's swaps
    s = at_home(4, ["1 Ship, 5 Fists", "1 Ship, 4 Hammers", "2 Trees", "2 Trees"])
    pay_the_jarl(s)
    assert s.phase == OVER and s.settled()


def test_the_estimate_favours_wealth_ships_and_the_lead_and_is_the_returns_once_over() -> None:
    s = at_home(4, ["2 Trees", "1 Ship, 3 Books", "1 Book, 1 Coin, 2 Trees", "3 Trees"], leader=1)
    pay_the_jarl(s)  # seat 1 (wealth 7) pays 2 Books: wealth 5, one Ship; it leads raid 2
    assert s.settled() and s.leader == 1
    e = s.estimate()
    assert sum(e) == pytest.approx(1.0)
    assert e[1] > e[2] > e[3] > e[0]  # 5 with a Ship and the lead; 4; 3; 2
    s.tokens[2][4] = 3  # wealth 5 too: a Ship and the lead still count more
    assert s.estimate()[1] > s.estimate()[2]
    s.tokens[2][4] = 5  # wealth 7: still behind a Ship and the lead (measured: 0.41 to 0.48)
    assert s.estimate()[1] > s.estimate()[2] > 0.4
    s.leader = 2  # with the lead, 2 more wealth is worth more than a Ship
    assert s.estimate()[2] > 0.5 > s.estimate()[1]
    s = at_home(4, ["1 Ship, 5 Fists", "1 Ship, 4 Hammers", "2 Trees", "2 Trees"])
    pay_the_jarl(s)
    assert s.estimate() == s.returns() == [0.0, 1.0, 0.0, 0.0]
