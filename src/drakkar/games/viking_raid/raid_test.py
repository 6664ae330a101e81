"""Scenario tests for a raid's phases: voyage, tactics, pillage, plunder, return, home."""

from __future__ import annotations

import pytest

from drakkar.games.viking_raid.scenarios import deal, others_stay_home, play

HAND = ["Long Ship", "Dragon Ship", "Near Village", "Village", "Far Village",
        "Carpenter", "Sail Maker"]  # fmt: skip


def start_raid(state, ship="Long Ship", dest="Near Village", crew=()):
    """Seat 0's first turn: discard the drawn card, declare, build, hire, set sail."""
    play(state, state.action_label(state.legal_actions()[-1]), "go raiding", f"build {ship}")
    for c in crew:
        play(state, f"hire {c}")
    if state.view(0)["step"] == "hire":
        play(state, "done hiring")
    play(state, f"sail for {dest}")


def drawn(state, phase=None):
    return [d["card"] for d in state.view(None)["drawn"] if phase in (None, d["phase"])]


def test_a_near_raid_runs_every_phase_in_one_turn():
    s = deal(HAND, draws=["Town"], encounters=[
        "Livestock", "Coins",  # voyage: no effect at sea
        "Peasants Militia", "Lost",  # pillage: 5 killed; Lost has no effect here
        "Artifacts",  # plunder, attacking directly: size 2 - 1 = 1 card
        "Women Captives", "Livestock",  # return
    ])  # fmt: skip
    start_raid(s, crew=["Carpenter"])
    assert s.view(0)["step"] == "tactics" and drawn(s, "Voyage") == ["Livestock", "Coins"]
    play(s, "attack directly")
    assert drawn(s, "Pillage") == ["Peasants Militia", "Lost"]
    assert drawn(s, "Plunder") == ["Artifacts"]
    assert drawn(s, "Return") == ["Women Captives", "Livestock"]
    assert s.raids[0] == 1 and s.gold[0] == 10 - 2 - 1 + 9
    assert s.ship[0] == -1 and s.current_player == 1
    assert "player 0 is home: raid 1 completed" in s.events_for(None)
    # Home: the Ship and the special Crew (the Carpenter never acted) are discarded, and
    # (our reading) the Destination too; the Town is the Planning phase's discard
    assert s.view(None)["viking_discard"] == {
        "Long Ship": 1, "Carpenter": 1, "Near Village": 1, "Town": 1
    }  # fmt: skip
    assert not s.view(None)["players"][0]["special_crew"]


@pytest.mark.parametrize(
    ("dest", "draws"), [("Near Village", 2), ("Village", 3), ("Far Village", 4)]
)
def test_distance_by_name_sets_the_voyage_draws(dest, draws):
    s = deal(HAND, draws=["Town"], encounters=["Livestock"] * 4)
    start_raid(s, dest=dest)
    assert len(drawn(s, "Voyage")) == draws


def test_crew_losses_come_off_the_ship():
    s = deal(HAND, draws=["Town"], encounters=["Livestock", "Livestock", "Garrison", "Coins"])
    start_raid(s)
    play(s, "attack directly")
    assert "player 0 draws Garrison: 10 crew killed; 10 crew left" in s.events_for(None)


def test_plunder_draws_one_card_less_when_attacking_directly():
    s = deal(HAND, draws=["Town"], encounters=["Livestock"] * 4 + ["Coins", "Coins", "Coins"])
    start_raid(s, dest="Village")  # size 2
    play(s, "attack directly")
    assert drawn(s, "Plunder") == ["Coins"]


def test_plunder_gains_the_gold_of_each_treasure_card():
    hand = ["Long Ship", "Dragon Ship", "Near City", "Village", "Far Village", "Carpenter",
            "Sail Maker"]  # fmt: skip
    s = deal(hand, draws=["Far City"], encounters=[
        "Livestock", "Livestock",  # voyage
        "Peasants Militia", "Lost", "Lost", "Storm", "Rocks",  # pillage: size 5
        "Livestock", "Women Captives", "Coins", "Artifacts",  # plunder, attacking directly: 4
        "Women Captives", "Women Captives",  # return
    ])  # fmt: skip
    start_raid(s, dest="Near City")
    play(s, "attack directly")
    assert drawn(s, "Plunder") == ["Livestock", "Women Captives", "Coins", "Artifacts"]
    assert s.raids[0] == 1 and s.gold[0] == 10 - 2 + 3 + 5 + 7 + 9


def test_surprise_attack_waits_a_turn_then_negates_5_kills_and_plunders_in_full():
    s = deal(HAND, draws=["Town"], encounters=[
        "Livestock", "Livestock",  # voyage
        "Peasants Militia", "Peasants Militia",  # pillage: 10 kills, 5 negated by surprise
        "Coins", "Coins",  # plunder: the full size 2
        "Women Captives", "Women Captives",  # return
    ])  # fmt: skip
    start_raid(s)
    play(s, "attack by surprise")
    assert s.current_player == 1 and s.resume[0] == 6 and s.view(None)["players"][0]["attack"]
    hand = s.hands[0]
    others_stay_home(s)  # seat 0's next turn plays on from the Pillage phase by itself
    # ... and seat 0's turn after that is a fresh one: one Planning draw in two turns
    assert len(s.hands[0]) == len(hand) + 1, "no Planning draw on a resumed turn"
    assert drawn(s, "Pillage") == ["Peasants Militia", "Peasants Militia"]
    assert s.raids[0] == 1 and s.gold[0] == 8 + 14
    assert (
        "player 0 draws Peasants Militia: 0 crew killed (surprise negates 5); 20 crew left"
        in s.events_for(0)
    )
    assert "player 0 draws Peasants Militia: 5 crew killed; 15 crew left" in s.events_for(0)


def test_berserkers_act_before_the_surprise_attack_on_a_defenders_card():
    hand = [*HAND[:5], "Berserkers", "Carpenter"]
    s = deal(hand, draws=["Town"], encounters=["Livestock"] * 2 + ["Peasants Militia", "Garrison"])
    start_raid(s, crew=["Berserkers"])
    play(s, "attack by surprise")
    others_stay_home(s)
    log = s.events_for(None)
    # the Berserkers take the Peasants' 5 kills; the surprise attack's 5 are left for the Garrison
    assert (
        "player 0 draws Peasants Militia: 0 crew killed (the Berserkers negate 5); 20 crew left"
        in log
    )
    assert "player 0 draws Garrison: 5 crew killed (surprise negates 5); 15 crew left" in log


def test_far_destination_ignores_the_first_defender():
    s = deal(HAND, draws=["Town"], encounters=["Livestock"] * 4 + ["Knights", "Garrison", "Coins"])
    start_raid(s, dest="Far Village")
    assert s.current_player == 1  # the Far voyage ends the turn
    others_stay_home(s)
    play(s, "attack directly")
    assert (
        "player 0 draws Knights: ignored (a Far Destination draws one Defender less)"
        in s.events_for(None)
    )
    assert "player 0 draws Garrison: 10 crew killed; 10 crew left" in s.events_for(None)


def test_far_destination_ignores_the_first_defender_in_a_surprise_attack_too():
    s = deal(HAND, draws=["Town"], encounters=["Livestock"] * 4 + ["Knights", "Garrison", "Coins"])
    start_raid(s, dest="Far Village")
    others_stay_home(s)
    play(s, "attack by surprise")
    others_stay_home(s)
    log = s.events_for(None)
    assert "player 0 draws Knights: ignored (a Far Destination draws one Defender less)" in log
    assert "player 0 draws Garrison: 5 crew killed (surprise negates 5); 15 crew left" in log


def test_a_far_destination_ignores_the_first_defenders_card_not_the_first_card_drawn():
    # the Pillage phase's first card is Treasure: the Far rule waits for the first Defenders
    s = deal(HAND, draws=["Town"], encounters=["Livestock"] * 4
             + ["Coins", "Garrison", "Peasants Militia"])  # fmt: skip
    start_raid(s, dest="Far Village")
    others_stay_home(s)
    play(s, "attack directly")
    assert [(d["card"], d["result"]) for d in s.view(None)["drawn"]][:3] == [
        ("Coins", "no effect"),
        ("Garrison", "ignored (Far)"),
        ("Peasants Militia", "5 crew killed"),
    ]
    assert "player 0 draws Peasants Militia: 5 crew killed; 15 crew left" in s.events_for(None)


def test_dragon_ship_starts_the_voyage_next_turn():
    s = deal(HAND, draws=["Town"], encounters=["Livestock"] * 2)
    start_raid(s, ship="Dragon Ship")
    assert s.current_player == 1 and not drawn(s) and s.resume[0] == 4
    others_stay_home(s)
    assert s.view(0)["step"] == "tactics" and len(drawn(s, "Voyage")) == 2
    assert len(s.hands[0]) == 5, "the resumed turn skipped the Planning draw"


def test_far_voyage_and_far_return_each_end_the_turn():
    s = deal(HAND, draws=["Town"], encounters=["Livestock"] * 4 + ["Coins"] * 4 + ["Artifacts"]
             + ["Women Captives"] * 4)  # fmt: skip
    start_raid(s, dest="Far Village")
    assert s.resume[0] == 5 and s.current_player == 1  # Far voyage: Tactics next turn
    others_stay_home(s)
    assert s.view(0)["step"] == "tactics"
    assert s.events_for(None)[-1] == "player 0 carries on the raid at the Tactics phase"
    play(s, "attack directly")
    assert s.resume[0] == 9 and s.raids[0] == 0  # Far return: Home next turn
    others_stay_home(s)
    assert s.raids[0] == 1 and s.ship[0] == -1
    assert s.view(0)["step"] == "declare" and len(s.hands[0]) == 6  # a fresh turn: 5 + 1 draw


def test_lost_ends_the_turn_and_the_phase_is_played_again_with_a_full_draw():
    s = deal(HAND, draws=["Town"], encounters=["Livestock", "Lost", "Coins", "Coins"])
    start_raid(s, dest="Near Village")
    assert drawn(s) == ["Livestock", "Lost"] and s.resume[0] == 4 and s.current_player == 1
    others_stay_home(s)
    assert drawn(s, "Voyage") == ["Coins", "Coins"]  # the whole Voyage again: 2 cards
    assert s.view(0)["step"] == "tactics"


def test_lost_on_the_way_home_replays_the_return():
    s = deal(HAND, draws=["Town"], encounters=["Livestock"] * 2 + ["Coins"] * 3 + ["Lost"]
             + ["Women Captives"] * 2)  # fmt: skip
    start_raid(s)
    play(s, "attack directly")
    assert s.resume[0] == 8 and s.raids[0] == 0
    others_stay_home(s)
    assert drawn(s, "Return") == ["Women Captives", "Women Captives"] and s.raids[0] == 1


def test_damage_taken_before_a_lost_stays_with_the_ship_when_the_phase_is_replayed():
    s = deal(HAND, draws=["Town"], encounters=["Storm", "Rocks", "Lost", "Rocks"])
    start_raid(s, dest="Village")  # a middle Destination: 3 cards
    assert s.resume[0] == 4 and (s.hull[0], s.sail[0]) == (1, 1)  # Lost: the turn ends
    others_stay_home(s)  # the Voyage again: its first Rocks is the second Hull damage
    assert s.out[0] and "player 0's ship sinks (two Hull damage); the raid is lost" in (
        s.events_for(None)
    )


def test_navigator_negates_the_first_lost_only():
    hand = [*HAND[:5], "Navigator", "Carpenter"]
    s = deal(hand, draws=["Town"], encounters=["Lost", "Lost"])
    start_raid(s, dest="Near Village", crew=["Navigator"])
    assert "player 0 draws Lost: the Navigator finds the way" in s.events_for(None)
    assert s.resume[0] == 4, "the second Lost is not negated"


def test_carpenter_negates_the_first_rocks_only():
    s = deal(HAND, draws=["Town"], encounters=["Rocks", "Rocks"])
    start_raid(s, crew=["Carpenter"])
    assert s.view(None)["players"][0]["special_crew"] == {"Carpenter": "used"}
    assert s.hull[0] == 1


def test_sail_maker_negates_the_first_storm_only():
    s = deal(HAND, draws=["Town"], encounters=["Storm", "Storm"])
    start_raid(s, crew=["Sail Maker"])
    assert s.sail[0] == 1 and "player 0 draws Storm: the Sail Maker mends the sail" in s.events_for(
        None
    )


def test_berserkers_negate_5_kills_of_the_first_defenders_once():
    hand = [*HAND[:5], "Berserkers", "Carpenter"]
    s = deal(hand, draws=["Town"], encounters=["Livestock"] * 2 + ["Garrison", "Garrison"])
    start_raid(s, crew=["Berserkers"])
    play(s, "attack directly")
    log = s.events_for(None)
    assert "player 0 draws Garrison: 5 crew killed (the Berserkers negate 5); 15 crew left" in log
    assert "player 0 draws Garrison: 10 crew killed; 5 crew left" in log


def test_berserkers_negate_the_5_kills_of_a_peasants_militia_whole():
    # the first Defenders card that would kill 5 or more: 5 is enough
    hand = [*HAND[:5], "Berserkers", "Carpenter"]
    s = deal(hand, draws=["Town"], encounters=["Livestock"] * 2 + ["Peasants Militia"] * 2)
    start_raid(s, crew=["Berserkers"])
    play(s, "attack directly")
    log = s.events_for(None)
    assert (
        "player 0 draws Peasants Militia: 0 crew killed (the Berserkers negate 5); 20 crew left"
        in log
    )
    assert "player 0 draws Peasants Militia: 5 crew killed; 15 crew left" in log


def test_a_crew_card_acts_once_per_raid_and_is_fresh_for_the_next_raid():
    hand = ["Long Ship", "Long Ship", "Near Village", "Village", "Carpenter", "Carpenter", "Town"]
    s = deal(
        hand,
        draws=["City"],
        encounters=[
            "Rocks",
            "Livestock",
            "Livestock",
            "Livestock",
            "Coins",
            "Rocks",
            "Livestock",
            "Rocks",
        ],
    )
    start_raid(s, crew=["Carpenter"])  # voyage: Rocks negated
    play(s, "attack directly")  # return: the second Rocks hits
    assert s.raids[0] == 1
    others_stay_home(s)
    play(s, "go raiding", "build Long Ship", "hire Carpenter")
    if s.view(0)["step"] == "hire":  # (the random draw may have been another Crew card)
        play(s, "done hiring")
    play(s, "sail for Village")
    assert (
        s.hull[0] == 0
        and "player 0 draws Rocks: the Carpenter patches the hull" in s.events_for(None)[-4:]
    )


@pytest.mark.parametrize(
    ("crew", "sea", "negated", "damage"),
    [
        ("Carpenter", "Rocks", "the Carpenter patches the hull", "Hull damage 1"),
        ("Sail Maker", "Storm", "the Sail Maker mends the sail", "Sail damage 1"),
    ],
    ids=["Carpenter", "Sail Maker"],
)
def test_a_crew_card_spent_on_the_voyage_does_not_act_again_on_the_return(
    crew, sea, negated, damage
):
    s = deal(HAND, draws=["Town"], encounters=[sea, "Livestock"] + ["Livestock"] * 3
             + [sea, "Livestock"])  # fmt: skip
    start_raid(s, crew=[crew])
    play(s, "attack directly")
    assert [(d["phase"], d["result"]) for d in s.view(None)["drawn"] if d["card"] == sea] == [
        ("Voyage", negated),
        ("Return", damage),
    ]
    assert s.raids[0] == 1


def test_hull_damage_adds_up_over_voyage_and_return_and_sinks_at_two():
    s = deal(HAND, draws=["Town"], encounters=["Rocks", "Livestock"] + ["Livestock"] * 3
             + ["Rocks"])  # fmt: skip
    start_raid(s)
    assert s.hull[0] == 1
    play(s, "attack directly")
    assert s.out[0] and "player 0's ship sinks (two Hull damage); the raid is lost" in (
        s.events_for(None)
    )


def test_two_sail_damage_sink_the_ship():
    s = deal(HAND, draws=["Town"], encounters=["Storm", "Storm"])
    start_raid(s)
    assert s.out[0] and "player 0's ship sinks (two Sail damage); the raid is lost" in (
        s.events_for(None)
    )


@pytest.mark.parametrize("sea", [["Storm", "Rocks"], ["Rocks", "Storm"]])
def test_one_storm_and_one_rocks_do_not_sink_the_ship(sea):
    # Hull and Sail damage are two tallies, each sinking at 2: one of each is 2 in all, afloat
    s = deal(HAND, draws=["Town"], encounters=sea + ["Livestock"] * 5)
    start_raid(s)
    assert (s.hull[0], s.sail[0]) == (1, 1) and not s.out[0]
    assert s.view(0)["step"] == "tactics"
    play(s, "attack directly")
    assert s.raids[0] == 1


def test_sail_damage_adds_up_over_voyage_and_return_and_sinks_at_two():
    # (the Hull damage twin above; here the sinking Storm is the Return's first card)
    s = deal(HAND, draws=["Town"], encounters=["Livestock", "Storm", *["Livestock"] * 3, "Storm"])
    start_raid(s)
    play(s, "attack directly")
    storms = [(d["phase"], d["result"]) for d in s.view(None)["drawn"] if d["card"] == "Storm"]
    assert storms == [("Voyage", "Sail damage 1"), ("Return", "Sail damage 2")]
    assert s.out[0] and "player 0's ship sinks (two Sail damage); the raid is lost" in (
        s.events_for(None)
    )


def test_losing_all_the_crew_sinks_the_ship():
    s = deal(HAND, draws=["Town"], encounters=["Livestock"] * 2 + ["Knights", "Peasants Militia"])
    start_raid(s)
    play(s, "attack directly")
    assert s.out[0] and "player 0's ship sinks (all the crew are killed); the raid is lost" in (
        s.events_for(None)
    )
    assert s.gold[0] == 8, "no plunder after sinking"


def test_non_sea_cards_at_sea_and_other_misplaced_cards_have_no_effect():
    s = deal(
        HAND,
        draws=["Town"],
        encounters=["Knights", "Coins", "Storm", "Artifacts", "Garrison", "Rocks", "Lost"],
    )
    start_raid(s)
    play(s, "attack directly")
    log = s.events_for(None)
    assert (
        "player 0 draws Knights: no effect at sea" in log
        and "player 0 draws Coins: no effect at sea" in log
    )
    assert "player 0 draws Storm: no effect in the Pillage phase" in log
    assert "player 0 draws Garrison: no treasure" in log
    assert s.gold[0] == 8 and s.crew[0] == 20 and s.resume[0] == 8  # Lost on the return


# Every Destination, each attack: Encounter cards drawn in each phase. Defenders have no
# effect at sea, Sea cards none in the Pillage phase: each phase's draws are counted whole.
DESTINATION_SIZES = {
    "Near Village": 2, "Village": 2, "Far Village": 3, "Near Monastery": 3, "Monastery": 3,
    "Far Monastery": 4, "Near Town": 4, "Town": 4, "Far Town": 5, "Near City": 5, "City": 6,
    "Far City": 7,
}  # fmt: skip
SAILING = {"Near": 2, "Far": 4}  # by the name's first word; any other: 3


@pytest.mark.parametrize("attack", ["attack directly", "attack by surprise"])
@pytest.mark.parametrize(("dest", "size"), DESTINATION_SIZES.items())
def test_each_phase_draws_by_distance_size_and_attack(dest, size, attack):
    sailing = SAILING.get(dest.split()[0], 3)
    plunder = size - (attack == "attack directly")
    defenders = ["Peasants Militia"] * 6 + ["Garrison"] * 5
    treasure = ["Livestock"] * 5 + ["Women Captives"] * 4
    sea = ["Lost"] * 5 + ["Rocks"] * 2
    s = deal(["Serpent Ship", dest, "Long Ship", "Long Ship", "Carpenter", "Sail Maker",
              "Navigator"], draws=["Long Ship"],
             encounters=defenders[:sailing] + sea[:size] + treasure[:plunder]
             + defenders[sailing:2 * sailing])  # fmt: skip
    play(s, "discard Long Ship", "go raiding", "build Serpent Ship", "done hiring")
    play(s, f"sail for {dest}")
    assert len(drawn(s, "Voyage")) == sailing
    counted = set()
    for _ in range(3):  # the Far voyage, a surprise attack, the Far return: a turn each
        if s.current_player != 0:
            others_stay_home(s)
        if s.view(0)["step"] == "tactics":
            play(s, attack)
        phases = [d["phase"] for d in s.view(None)["drawn"]]
        if "Pillage" in phases:
            assert phases.count("Pillage") == size and phases.count("Plunder") == plunder
            counted.add("Pillage")
        if "Return" in phases:
            assert phases.count("Return") == sailing
            counted.add("Return")
    assert counted == {"Pillage", "Return"}
    assert s.raids[0] == 1 and s.gold[0] == 10 - 3 + sum(
        {"Livestock": 3, "Women Captives": 5}[t] for t in treasure[:plunder]
    )


def test_berserkers_are_not_spent_on_the_defender_a_far_destination_ignores():
    hand = [*HAND[:5], "Berserkers", "Carpenter"]
    s = deal(hand, draws=["Town"], encounters=["Livestock"] * 4 + ["Garrison", "Garrison"])
    start_raid(s, dest="Far Village", crew=["Berserkers"])
    others_stay_home(s)
    play(s, "attack directly")
    log = s.events_for(None)
    assert "player 0 draws Garrison: ignored (a Far Destination draws one Defender less)" in log
    assert "player 0 draws Garrison: 5 crew killed (the Berserkers negate 5); 15 crew left" in log


def test_all_four_crew_cards_can_be_hired_for_one_raid():
    s = deal(["Long Ship", "Berserkers", "Navigator", "Carpenter", "Sail Maker", "Near Village",
              "Village"], draws=["Town"])  # fmt: skip
    play(s, "discard Town", "go raiding", "build Long Ship")
    play(s, "hire Berserkers", "hire Navigator", "hire Carpenter", "hire Sail Maker")
    me = s.view(0)["players"][0]
    assert len(me["special_crew"]) == 4 and me["gold"] == 10 - 2 - 4
    assert s.view(0)["step"] == "destination"


def test_the_drawn_cards_say_what_each_did_an_ignored_or_negated_card_too():
    s = deal(HAND, draws=["Town"], encounters=["Storm", "Livestock", "Coins", "Rocks"]
             + ["Peasants Militia", "Garrison", "Lost", "Coins", "Storm"])  # fmt: skip
    start_raid(s, dest="Far Village", crew=["Sail Maker"])
    assert [(d["card"], d["result"]) for d in s.view(None)["drawn"]] == [
        ("Storm", "the Sail Maker mends the sail"),
        ("Livestock", "no effect"),
        ("Coins", "no effect"),
        ("Rocks", "Hull damage 1"),
    ]
    others_stay_home(s)
    play(s, "attack directly")
    got = [(d["phase"], d["card"], d["result"]) for d in s.view(None)["drawn"]]
    assert got[:5] == [
        ("Pillage", "Peasants Militia", "ignored (Far)"),  # not its printed "kill 5 crew"
        ("Pillage", "Garrison", "10 crew killed"),
        ("Pillage", "Lost", "no effect"),
        ("Plunder", "Coins", "+7 Gold"),
        ("Plunder", "Storm", "no treasure"),
    ]
    assert "player 0 draws Coins: +7 Gold" in s.events_for(None)  # whose raid it is
