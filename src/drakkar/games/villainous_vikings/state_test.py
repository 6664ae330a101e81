"""Scenario tests: setup, every turn action, every Trade option, bonus tokens (asgard_test.py has
the Asgard cards, battle_test.py the battles)."""

from __future__ import annotations

import pytest

from drakkar.engine.errors import IllegalAction, InvalidOptions
from drakkar.games.villainous_vikings import GAME
from drakkar.games.villainous_vikings import actions as A
from drakkar.games.villainous_vikings.scenarios import (
    BI,
    G1,
    GB,
    GH,
    R1,
    RB,
    W1,
    W2,
    WH,
    WSH,
    dice,
    do,
    give,
    loc,
    new,
    plain,
    war,
)


@pytest.mark.parametrize(
    ("players", "ages"), [(3, (8, 8, 10)), (4, (10, 10, 12)), (5, (12, 12, 14))]
)
def test_journey_deck_by_player_count_with_ragnarok_in_the_bottom_four(
    players: int, ages: tuple
) -> None:
    for seed in range(20):
        s = GAME.new(players, seed)
        cards = s.pool + s.deck  # deck[-1] is the top
        assert len(cards) == sum(ages) + 1
        assert len(s.pool) == players + 2
        bottom = s.deck[:4]
        assert s.rag_code in bottom
        order = list(reversed(s.deck))  # top first, after the pool
        got = [s.age_of(c) for c in s.pool + order if c != s.rag_code]
        assert got == sorted(got), "Age I on top, then II, then III"
        assert [got.count(a) for a in (1, 2, 3)] == list(ages)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_starting_gold_by_seat(players: int) -> None:
    assert GAME.new(players, 3).gold == [0, 2, 4, 6, 8][:players]


def test_two_actions_then_the_pool_is_refilled_and_play_passes_left() -> None:
    s = new(3, stack=("lindisfarne",))
    plain(s)
    do(s, "move to the British Isles")
    dice(s, W2, G1, R1, G1, G1)
    do(s, "conquer Lindisfarne", "colonize")
    assert loc(s, "lindisfarne") in s.owned[0] and s.gold[0] == 2
    assert s.turn == 1 and s.actions_left == 2 and len(s.pool) == 5


def test_the_same_action_twice_and_end_turn_early() -> None:
    s = new(3, stack=("lindisfarne",))
    do(s, "move to the British Isles", "danegeld Lindisfarne")
    assert s.turn == 1
    do(s, "move to Frankia", "move to Iberia")  # the same action twice
    assert s.turn == 2 and s.pos[1] == 4
    do(s, "end turn")
    assert s.turn == 0


def test_conquer_and_colonize_takes_card_gold_and_damage_counts_right_to_left() -> None:
    s = new(3, stack=("lindisfarne",))
    plain(s)
    do(s, "move to the British Isles")
    dice(s, W2, G1, R1, G1, G1)  # 4 swords against 2; 2 hits flip the red section (2 helmets)
    do(s, "conquer Lindisfarne")
    assert s.legal_actions() == [A.COLONIZE, A.RAZE]
    do(s, "colonize")
    assert s.damage[0] == 1 and loc(s, "lindisfarne") not in s.pool


def test_raze_takes_triple_gold_repairs_and_discards() -> None:
    s = new(3, stack=("lindisfarne",))
    plain(s)
    s.damage[0] = 1
    do(s, "move to the British Isles")
    dice(s, W2, G1, G1, GB)  # 3 against 1: one hit on the grey section (3 helmets) does nothing
    do(s, "conquer Lindisfarne", "raze")
    i = loc(s, "lindisfarne")
    assert s.gold[0] == 6 and s.damage[0] == 0 and i in s.discard and i not in s.owned[0]


def test_a_failed_conquest_leaves_the_location_and_locations_win_ties() -> None:
    s = new(3, stack=("lindisfarne",))
    plain(s)
    do(s, "move to the British Isles")
    dice(s, W1, G1, RB, G1, G1)  # 2 against 2: the Location wins the tie
    do(s, "conquer Lindisfarne")
    assert loc(s, "lindisfarne") in s.pool and not s.owned[0] and s.turn == 1


def test_a_sovereignless_location_hammer_is_two_swords() -> None:
    s = new(3, stack=("lindisfarne",))
    plain(s)
    do(s, "move to the British Isles")
    dice(s, W2, G1, R1, GH, G1)  # 4 against hammer (2) + 1 = 3
    s.gold[0] = 0
    do(s, "conquer Lindisfarne")
    assert s.pending[0][0] == "conquest"  # 4 > 3


def test_sovereign_hammers_and_static_defend_and_the_sovereign_is_kept() -> None:
    s = new(3, stack=("canterbury",))
    plain(s)
    do(s, "move to the British Isles")
    # Canterbury rolls white, white; Athelstan: static +1 sword, white hammer +2 (no sword itself)
    dice(s, W2, G1, R1, WH, W2)
    s.gold[0] = 0
    do(s, "conquer Canterbury")
    assert not s.rng.values  # type: ignore[attr-defined]
    # captain 4 against 2 + 2 (hammer) + 1 (static) = 5: the conquest fails; 5 hits: red and grey
    assert loc(s, "canterbury") in s.pool and s.damage[0] == 2
    s2 = new(3, stack=("canterbury",))
    plain(s2)
    do(s2, "move to the British Isles")
    dice(s2, W2, G1, R1, WSH, WSH)  # Canterbury: two shields + static 1 = 1
    do(s2, "conquer Canterbury", "colonize")
    assert s2.sovereigns[0] == [war(s2, "athelstan")] and s2.vp(0) == 3 + 3


def test_hero_fights_for_the_location_then_joins_or_is_dismissed() -> None:
    s = new(3, stack=("chartres",))
    plain(s)
    do(s, "move to Frankia")
    dice(s, W2, G1, R1, W1, R1, RB)  # Chartres (white, red, red) 2 + Roland's static 1 = 3 < 4
    do(s, "conquer Chartres")
    assert not s.rng.values  # type: ignore[attr-defined]
    assert s.battle is None and s.pending[0][0] == "conquest"
    do(s, "colonize")
    assert s.legal_actions() == [A.TAKE_HERO, A.DISMISS_HERO]
    do(s, "take hero")
    assert s.crew[0] == [war(s, "roland")]
    t = new(3, stack=("chartres",))
    plain(t)
    do(t, "move to Frankia")
    dice(t, W2, G1, R1, W1, RB, RB)
    do(t, "conquer Chartres", "colonize", "dismiss hero")
    assert war(t, "roland") in t.wdiscard and not t.crew[0]


def test_mercenary_is_hired_for_gold_or_discarded_on_conquest() -> None:
    s = new(3, stack=("london",))
    s.gold[0] = 7
    do(s, "move to the British Isles", "hire Danish Huscarls at London")
    assert s.gold[0] == 1 and s.crew[0] == [war(s, "huscarls")] and not s.at_loc[loc(s, "london")]
    t = new(3, stack=("london",))
    plain(t)
    do(t, "move to the British Isles")
    dice(t, W2, G1, R1, WSH, GB)  # London rolls white, grey
    do(t, "conquer London", "colonize")
    assert not t.rng.values  # type: ignore[attr-defined]
    assert war(t, "huscarls") in t.wdiscard and not t.crew[0]


def test_danegeld_can_be_collected_twice_at_the_same_location() -> None:
    s = new(3, stack=("lindisfarne",))
    do(s, "move to the British Isles")
    s.actions_left = 3  # a third action, to collect twice after moving
    do(s, "danegeld Lindisfarne", "danegeld Lindisfarne")
    assert s.gold[0] == 4 and loc(s, "lindisfarne") in s.pool


def test_trade_repair_costs_grey_three_red_two_leftmost_first() -> None:
    s = new(3, stack=("lindisfarne",))
    s.damage[0], s.gold[0] = 2, 4
    do(s, "move to the British Isles")
    assert A.REPAIR + 1 not in s.legal_actions()  # 5 gold needed for both
    do(s, "repair 1 section")
    assert s.damage[0] == 1 and s.gold[0] == 1  # grey first, 3 gold
    t = new(3, stack=("lindisfarne",))
    t.damage[0], t.gold[0] = 2, 5
    do(t, "move to the British Isles", "repair 2 sections")
    assert t.damage[0] == 0 and t.gold[0] == 0


def test_trade_needs_a_location_of_the_region_in_the_pool() -> None:
    s = new(3, stack=("lindisfarne", "whitby", "cork", "kirkwall", "dublin"))
    s.damage[0], s.gold[0] = 1, 9
    do(s, "move to the Rus")
    assert A.REPAIR not in s.legal_actions()
    s.pos[0], s._legal = BI, None
    assert A.REPAIR in s.legal_actions()


def test_raid_takes_double_gold_repairs_and_flips_then_rebuild() -> None:
    s = new(3, stack=("lindisfarne",))
    plain(s)
    i = loc(s, "lindisfarne")
    give(s, 1, "lindisfarne")
    s.damage[0] = 1
    s.pos[1] = 0
    do(s, "move to the British Isles")
    dice(s, W2, G1, G1, GB)
    do(s, "raid Lindisfarne")
    assert s.gold[0] == 4 and s.damage[0] == 0 and not s.faceup[i] and s.vp(1) == 0
    s.pos[0] = 0
    do(s, "move to the British Isles")
    assert A.RAID + i not in s.legal_actions() and A.REBUILD + i in s.legal_actions()
    do(s, "rebuild Lindisfarne")
    assert s.faceup[i]


def test_contested_region_retreat_costs_two_gold_per_undamaged_section() -> None:
    s = new(3)
    s.pos[1], s.gold[1], s.damage[1] = BI, 10, 1
    do(s, "move to the British Isles")
    assert s.current_player == 1 and s.legal_actions() == [A.CONTEST, A.RETREAT]
    do(s, "retreat")
    assert s.gold[1] == 6 and s.pos[1] == 0 and s.pos[0] == BI
    t = new(3)
    t.pos[1], t.gold[1] = BI, 3
    do(t, "move to the British Isles", "retreat")
    assert t.gold[1] == 0  # all their gold when they have less


def test_contest_battle_loser_retreats_and_a_beaten_attacker_acts_again() -> None:
    s = new(3)
    plain(s)
    s.pos[1] = BI
    do(s, "move to the British Isles")
    dice(s, W1, GB, RB, W2, G1, RB)  # attacker 1, defender 3
    do(s, "contest")
    assert s.pos[0] == 0 and s.pos[1] == BI and s.turn == 0 and s.actions_left == 1
    t = new(3)
    plain(t)
    t.pos[1] = BI
    do(t, "move to the British Isles")
    dice(t, W2, G1, RB, W1, GB, RB)
    do(t, "contest")
    assert t.pos[0] == BI and t.pos[1] == 0


def test_regroup_in_the_northlands_repairs_one_section_free() -> None:
    s = new(3)
    s.damage[0], s.gold[0] = 2, 7
    do(s, "regroup")
    assert s.damage[0] == 1 and s.gold[0] == 7  # free: no gold spent


def test_bonus_tokens_need_the_northlands_and_their_criteria() -> None:
    s = new(3)
    give(s, 0, "kirkwall", "lindisfarne", "noirmoutier", "lisbon")
    s.gold[0] = 21
    legal = s.legal_actions()
    assert A.BONUS + 0 in legal and A.BONUS + 1 not in legal and A.BONUS + 2 in legal
    do(s, "take Trade Network", "take Gold Hoarder")
    assert s.tokens[0] == 0b101 and s.gold[0] == 1 and s.vp(0) == 4 + 10
    give(s, 1, "lindisfarne", "whitby", "cork")
    assert A.BONUS + 0 not in s.legal_actions()  # taken already: one player only
    do(s, "take Conquest Legacy")
    assert s.tokens[1] == 0b010
    t = new(3)  # the criteria met, but not in the Northlands
    give(t, 0, "kirkwall", "lindisfarne", "noirmoutier", "lisbon")
    t.gold[0], t.pos[0] = 21, BI
    assert not [a for a in t.legal_actions() if A.KIND_OF[a] == "bonus"]
    t.pos[0], t._legal = 0, None
    assert [a for a in t.legal_actions() if A.KIND_OF[a] == "bonus"] == [A.BONUS + 0, A.BONUS + 2]


def test_gold_hoarder_costs_twenty_gold() -> None:
    s = new(3)
    s.gold[0] = 19
    assert A.BONUS + 2 not in s.legal_actions()
    s.gold[0], s._legal = 20, None
    do(s, "take Gold Hoarder")
    assert s.gold[0] == 0 and s.tokens[0] == 0b100


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    s = new(3, stack=("lindisfarne",))
    before = s.full_state()
    for bad in (A.CONQUER + loc(s, "lindisfarne"), A.COLONIZE, A.REGROUP, -1, A.NUM_ACTIONS):
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert s.full_state() == before
    with pytest.raises(IllegalAction, match="not legal"):
        s.apply_label("raze")


@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({"captains": ("nobody", "ragnar", "ivar")}, "captains"),
        ({"captains": ("ragnar", "ragnar", "ivar")}, "captains"),
        ({"captains": ("ragnar", "ivar")}, "captains"),
        ({"stack": ("atlantis",)}, "stack"),
        ({"stack": ("paris", "paris")}, "stack"),
        ({"round_limit": 0}, "round_limit"),
        ({"cards": "/nonexistent/set.toml"}, "cards"),
    ],
)
def test_bad_options_name_the_option(options: dict, name: str) -> None:
    with pytest.raises(InvalidOptions) as e:
        GAME.new(3, 1, options)
    assert e.value.option == name


def test_captains_are_dealt_at_random_unless_the_option_names_them() -> None:
    named = GAME.new(3, 1, {"captains": ("ivar", "glamr", "ragnar")})
    ids = [named.cs.captains[c].id for c in named.captain]
    assert ids == ["ivar", "glamr", "ragnar"]
    dealt = {GAME.new(4, seed).captain for seed in range(40)}
    assert all(len(set(d)) == 4 for d in dealt)  # one Captain a Longship
    assert len(dealt) > 30  # a different deal from most seeds ...
    everyone = {c for d in dealt for c in d}
    assert everyone == set(range(len(named.cs.captains)))  # ... from every Captain
    assert GAME.new(4, 7).captain == GAME.new(4, 7).captain  # ... and the seed's own


def test_round_limit_brings_ragnarok() -> None:
    s = new(3, round_limit=1)
    for _ in range(3):
        do(s, "end turn")
    t = new(3, round_limit=2)
    for _ in range(3):
        do(t, "end turn")
    assert t.rag is None and t.round == 2  # the limit's own round is still played
    assert s.rag is not None


def test_the_log_names_each_seat_player_n_with_its_captain() -> None:
    # "player N" is what the web UI rewrites as the seat's name, in every game's log
    s = GAME.new(3, seed=4)
    names = s.names
    captains = [s.cs.captains[c].name for c in s.captain]
    assert list(names) == [f"player {p} ({captains[p]})" for p in range(3)]
    while not any(n in e for e in s.events_for(None) for n in names):
        s.apply(s.legal_actions()[0])
    assert not any(e.startswith("P0 ") for e in s.events_for(None))


def test_a_beaten_attacker_retreats_to_the_northlands_from_wherever_he_came() -> None:
    # "whoever loses must retreat to the Northlands": not back to the Region he sailed from
    s = new(3)
    plain(s)
    s.pos[0], s.pos[1] = 3, BI
    do(s, "move to the British Isles")
    dice(s, W1, GB, RB, W2, G1, RB)  # attacker 1, defender 3
    do(s, "contest")
    assert s.pos[0] == 0 and s.pos[1] == BI


def test_raze_discards_the_locations_hero() -> None:
    # Raze: "Discard any other Warrior in the Location" (only colonizing offers the Hero)
    s = new(3, stack=("chartres",))
    plain(s)
    do(s, "move to Frankia")
    dice(s, W2, G1, R1, W1, RB, RB)  # 4 against Chartres 1 + Roland 1
    do(s, "conquer Chartres", "raze")
    roland = war(s, "roland")
    assert roland in s.wdiscard and not s.crew[0] and not s.pending
    assert s.turn == 1  # no Hero choice: the second action ended the turn


def test_raze_discards_an_unhired_mercenary() -> None:
    # Raze: "Discard any other Warrior in the Location": a Mercenary nobody hired goes too
    s = new(3, stack=("london",))
    plain(s)
    do(s, "move to the British Isles")
    dice(s, W2, G1, R1, WSH, GB)  # 4 against London's 1
    do(s, "conquer London", "raze")
    huscarls = war(s, "huscarls")
    assert huscarls in s.wdiscard and not s.crew[0] and not s.at_loc[loc(s, "london")]


def test_a_free_repair_mends_the_leftmost_damaged_section_first() -> None:
    # rulebook: regroup and raze repair "as in a normal repair": grey before red
    s = new(3, stack=("lindisfarne",))
    plain(s)
    s.damage[0], s.actions_left = 2, 3  # a third action, to fight after regrouping
    do(s, "regroup")
    assert s.view(None)["players"][0]["sections"] == [True, True, False]
    do(s, "move to the British Isles")
    dice(s, W2, G1, G1, GB)  # white and grey roll (3), then Lindisfarne (1)
    do(s, "conquer Lindisfarne", "raze")
    assert f"{s.pname(0)} rolls white 2 swords, grey sword: 3 swords, 0 shields" in s.events_for(0)
    assert not s.rng.values and s.damage[0] == 0  # type: ignore[attr-defined]
    t = new(3, stack=("lindisfarne",))
    plain(t)
    t.damage[0] = 2
    do(t, "move to the British Isles")
    dice(t, W2, G1, GB)  # the white die alone (2) against Lindisfarne (1)
    do(t, "conquer Lindisfarne", "raze")
    assert t.view(None)["players"][0]["sections"] == [True, True, False]


def test_regroup_only_in_the_northlands() -> None:
    s = new(3, stack=("lindisfarne",))
    s.damage[0], s.gold[0] = 1, 10
    do(s, "move to the British Isles")
    assert A.REGROUP not in s.legal_actions()
    s.pos[0], s._legal = 0, None
    assert A.REGROUP in s.legal_actions()


def test_hiring_needs_the_mercenarys_cost_and_his_locations_region() -> None:
    s = new(3, stack=("london",))  # Danish Huscarls cost 6
    hire = A.HIRE + loc(s, "london")
    s.gold[0] = 10
    assert hire not in s.legal_actions()  # in the Northlands
    do(s, "move to Frankia")
    assert hire not in s.legal_actions()  # another Region
    s.pos[0], s.gold[0], s._legal = BI, 5, None
    assert hire not in s.legal_actions()  # 5 gold: too little
    s.gold[0], s._legal = 6, None
    assert hire in s.legal_actions()


def test_rebuild_costs_no_gold() -> None:
    # "while it costs no gold, it does take an action"
    s = new(3)
    give(s, 0, "lindisfarne")
    i = loc(s, "lindisfarne")
    s.faceup[i], s.gold[0] = False, 7
    do(s, "move to the British Isles", "rebuild Lindisfarne")
    assert s.faceup[i] and s.gold[0] == 7 and s.vp(0) == 1 + 1  # the Location and 7 gold
    t = new(3)
    give(t, 0, "lindisfarne")
    t.faceup[i], t.gold[0] = False, 0
    do(t, "move to the British Isles", "rebuild Lindisfarne")  # with no gold at all
    assert t.faceup[i] and t.gold[0] == 0


def test_trade_network_and_conquest_legacy_count_face_up_locations_only() -> None:
    r = new(3)
    give(r, 0, "kirkwall", "lindisfarne", "whitby", "noirmoutier")  # four Locations, 3 Regions
    assert A.BONUS + 0 not in r.legal_actions()
    s = new(3)
    give(s, 0, "kirkwall", "lindisfarne", "noirmoutier", "lisbon")  # four Regions
    s.faceup[loc(s, "lisbon")] = False
    assert A.BONUS + 0 not in s.legal_actions()
    s.faceup[loc(s, "lisbon")], s._legal = True, None
    assert A.BONUS + 0 in s.legal_actions()
    give(s, 0, "whitby", "cork")  # three of the British Isles, Cork face down
    s.faceup[loc(s, "cork")], s._legal = False, None
    assert A.BONUS + 1 not in s.legal_actions()
    s.faceup[loc(s, "cork")], s._legal = True, None
    assert A.BONUS + 1 in s.legal_actions()


def test_conquest_legacy_needs_three_locations_of_one_region() -> None:
    s = new(3)
    give(s, 0, "lindisfarne", "whitby", "noirmoutier", "quentovic")  # two and two
    assert A.BONUS + 1 not in s.legal_actions()
    give(s, 0, "cork")
    s._legal = None
    assert A.BONUS + 1 in s.legal_actions()


def test_the_journey_pool_size_stays_within_two_and_ten() -> None:
    # ruling 15
    s = new(3, stack=("bifrost",))
    s.pool_size = 10
    do(s, "use The Bifrost Opens")  # +1
    assert s.pool_size == 10
    do(s, "end turn")
    assert len(s.pool) == 10
    t = new(3, stack=("fimbulwinter",))
    t.pool_size = 2
    do(t, "use Fimbulwinter")  # -1
    assert t.pool_size == 2


def test_the_log_names_the_player_to_the_right_as_the_locations_roller() -> None:
    # ruling 20: play passes left (seat + 1), so the player to the right is seat - 1
    s = new(4, stack=("lindisfarne",))
    do(s, "move to the British Isles")
    dice(s, more=True)
    do(s, "conquer Lindisfarne")
    line = next(e for e in s.events_for(None) if " attacks Lindisfarne " in e)
    assert line == f"{s.pname(0)} attacks Lindisfarne ({s.pname(3)} rolls for it)"


def test_only_another_players_location_is_raided_and_only_your_own_rebuilt() -> None:
    s = new(3)
    give(s, 0, "lindisfarne", "whitby")  # P0's own: face up, and raided
    give(s, 1, "cork", "kirkwall")  # P1's: face up, and raided
    s.faceup[loc(s, "whitby")] = s.faceup[loc(s, "kirkwall")] = False
    s.pos[0] = BI
    legal = s.legal_actions()
    assert A.RAID + loc(s, "cork") in legal and A.RAID + loc(s, "lindisfarne") not in legal
    assert A.REBUILD + loc(s, "whitby") in legal and A.REBUILD + loc(s, "kirkwall") not in legal
    kirkwall = loc(s, "kirkwall")
    s.pos[0], s._legal = s.cs.locations[kirkwall].region, None  # the Western Isles
    legal = s.legal_actions()  # P1's raided Kirkwall: neither raided again nor rebuilt by P0
    assert A.REBUILD + kirkwall not in legal and A.RAID + kirkwall not in legal


def test_the_northlands_are_never_contested() -> None:
    # every Longship starts there; "only one Captain in a Region" is for the other Regions
    s = new(3)
    s.pos[0] = BI
    do(s, "move to the Northlands")
    assert not s.pending and s.pos == [0, 0, 0] and s.actions_left == 1


def test_a_warrior_joining_a_full_crew_makes_the_captain_discard_one() -> None:
    # rulebook, Warriors: "if no sections are free another Warrior must be discarded"
    s = new(3, stack=("london",))
    s.damage[0], s.gold[0] = 1, 10  # two sections: room for two Warriors
    s.crew[0] = [war(s, "roland"), war(s, "ilya")]
    for cid in ("chartres", "novgorod"):
        s.at_loc[loc(s, cid)] = False
    do(s, "move to the British Isles", "hire Danish Huscarls at London")
    assert s.current_player == 0 and s.pending[0] == ("crew", 0)
    assert s.legal_actions() == sorted(A.DISCARD_WARRIOR + w for w in s.crew[0])
    do(s, "discard Roland the Paladin")
    assert s.crew[0] == [war(s, "ilya"), war(s, "huscarls")] and war(s, "roland") in s.wdiscard
    assert s.turn == 1  # the discard ended the second action


def test_raze_keeps_the_sovereign() -> None:
    # rulebook, Raze: "If the Location has a Sovereign, place them in your Player Area"
    s = new(3, stack=("canterbury",))
    plain(s)
    do(s, "move to the British Isles")
    dice(s, W2, G1, R1, WSH, WSH)  # Canterbury: two shields + Athelstan's static 1 = 1
    do(s, "conquer Canterbury", "raze")
    assert s.sovereigns[0] == [war(s, "athelstan")] and war(s, "athelstan") not in s.wdiscard


def test_colonizing_takes_the_locations_gold() -> None:
    s = new(3, stack=("lindisfarne",))
    plain(s)
    s.gold[0] = 0
    i = loc(s, "lindisfarne")
    do(s, "move to the British Isles")
    dice(s, W1, GB, RB, GB, GB)  # 1 sword against none
    do(s, "conquer Lindisfarne", "colonize")
    assert s.owned[0] == [i] and s.gold[0] == s.cs.locations[i].gold > 0


def test_only_a_location_of_your_region_may_be_conquered() -> None:
    s = new(3, stack=("lindisfarne", "whitby", "cork", "kirkwall", "dublin"))
    do(s, "move to the British Isles")
    conquerable = {a - A.CONQUER for a in s.legal_actions() if A.KIND_OF[a] == "conquer"}
    here = {c for c in s.pool if c < s.n_loc and s.cs.locations[c].region == BI}
    assert conquerable == here and len(here) < len([c for c in s.pool if c < s.n_loc])


def test_a_bonus_token_goes_to_one_player_only() -> None:
    s = new(3)
    s.gold[0] = 20
    do(s, "take Gold Hoarder", "end turn")
    s.gold[1], s._legal = 25, None
    assert s.current_player == 1 and A.BONUS + 2 not in s.legal_actions()
