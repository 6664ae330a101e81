"""Scenario tests: each battle step, sacrifices, damage, sinking, refights and every effect kind."""

from __future__ import annotations

from drakkar.games.villainous_vikings import actions as A
from drakkar.games.villainous_vikings.battle import REFIGHT_LIMIT
from drakkar.games.villainous_vikings.effects import Effect
from drakkar.games.villainous_vikings.scenarios import (
    BI,
    G1,
    GB,
    GH,
    GSH,
    R1,
    RB,
    W1,
    W2,
    WH,
    WSH,
    asg,
    conquest,
    dice,
    do,
    give,
    hold,
    kill,
    loc,
    new,
    plain,
    swords_after,
    war,
)


def test_rolls_one_die_per_undamaged_section() -> None:
    s = conquest()
    s.damage[0] = 1
    dice(s, W2, G1, G1, G1)  # white and grey only, then the Location's two greys
    do(s, "conquer Lindisfarne")
    assert s.pending[0][0] == "conquest"  # 3 against 2


def test_hits_count_right_to_left_and_leftovers_are_lost() -> None:
    # The rulebook's example: 4 hits flip the red section (2 helmets); 2 left cannot flip grey (3).
    s = new(3)
    plain(s)
    s.pos[1] = BI
    do(s, "move to the British Isles")
    dice(s, W2, G1, RB, W2, G1, R1)  # 3 against 4
    do(s, "contest")
    assert s.damage[0] == 1  # 4 hits: red flips, 2 left over are lost
    assert s.damage[1] == 1  # 3 hits: red flips, 1 left over is lost
    assert s.pos[0] == 0 and s.pos[1] == BI


def test_shields_cancel_swords_before_hits() -> None:
    s = conquest()
    dice(s, WSH, G1, R1, G1, G1)  # captain 2 swords 1 shield vs 2: tie, Location wins; 2-1 = 1 hit
    do(s, "conquer Lindisfarne")
    assert s.damage[0] == 0 and loc(s, "lindisfarne") in s.pool


def test_sovereign_hammer_fires_once_per_colour() -> None:
    s = conquest(stack="canterbury")
    dice(s, W2, G1, R1, WH, WH)  # Athelstan: white +2 once (not twice), static +1: 3 < 4
    do(s, "conquer Canterbury")
    assert not s.rng.values  # type: ignore[attr-defined]
    assert s.pending[0][0] == "conquest" and s.damage[0] == 1  # 3 hits: red flips, 1 lost


def test_the_loser_sacrifices_first_one_card_of_each_kind_and_buys_swords() -> None:
    s = new(3, stack=("hermods-ride",))
    plain(s)
    give(s, 0, "lindisfarne", "whitby")
    s.pool.remove(s.n_loc + asg(s, "hermods-ride"))
    s.held[0].append(asg(s, "hermods-ride"))
    s.gold[0] = 10
    s.pos[1] = BI
    do(s, "move to the British Isles")
    dice(s, W1, GB, RB, W2, G1, R1)  # 1 against 4
    do(s, "contest")
    assert s.current_player == 0  # the loser first
    legal = s.legal_actions()
    assert A.SAC_LOCATION + loc(s, "lindisfarne") in legal and A.BUY_SWORD in legal
    do(s, "sacrifice location Lindisfarne")  # +1 sword
    assert A.SAC_LOCATION + loc(s, "whitby") not in s.legal_actions()  # one Location per battle
    do(s, "sacrifice card Hermod's Ride to Hel", "buy a sword")  # +2, +1: 5 against 4
    assert s.gold[0] == 5 and s.battle is not None and s.battle.swords(0) == 5
    do(s, "done")  # P1 (2 gold, no cards) has nothing to answer with: the battle ends
    assert s.battle is None and s.pos[0] == BI and s.pos[1] == 0
    assert s.damage[1] == 2 and s.damage[0] == 1  # 5 hits: red + grey; 4 hits: red
    assert loc(s, "lindisfarne") in s.discard and s.n_loc + asg(s, "hermods-ride") in s.discard


def test_sacrificed_cards_are_discarded_after_the_battle() -> None:
    s = conquest()
    give(s, 0, "cork")
    dice(s, W1, GB, RB, G1, G1)  # 1 against 2
    do(
        s, "conquer Lindisfarne", "sacrifice location Cork"
    )  # Cork: +1 sword +1 shield; then no more
    i = loc(s, "cork")
    assert i in s.discard and i not in s.owned[0] and loc(s, "lindisfarne") in s.pool  # 2 v 2: tie
    assert s.damage[0] == 0  # Cork's shield counts: 2 swords - 1 = 1 hit, short of red's 2


def test_sinking_costs_half_gold_rounded_up_a_location_and_goes_home() -> None:
    s = conquest(stack="chartres", region="Frankia")
    give(s, 0, "lindisfarne", "cork")
    s.faceup[loc(s, "cork")] = False  # ruling 10: a raided Location may be the one lost
    s.damage[0], s.gold[0] = 2, 0
    s.gold[0] = 3
    dice(s, W1, W2, R1, R1)  # 1 against 2 + 1 + 1 + Roland 1 = 5 hits >= 4 helmets of white
    do(s, "conquer Chartres", "done")
    assert not s.rng.values  # type: ignore[attr-defined]
    assert s.gold[0] == 1 and s.pos[0] == 0 and s.damage[0] == 2
    assert s.current_player == 0 and s.legal_actions() == sorted(
        A.LOSE_LOCATION + loc(s, x) for x in ("lindisfarne", "cork")
    )
    do(s, "lose Cork")
    assert s.owned[0] == [loc(s, "lindisfarne")] and loc(s, "cork") in s.discard
    assert s.faceup[loc(s, "cork")]  # (a discarded card is no longer anyone's raided Location)


def test_a_sunk_captain_loses_the_battle_whatever_his_swords() -> None:
    # rulebook: "If your final Longship Crew section is damaged, your ship is sunk ... You lose
    # the Battle": 5 swords beat the Location's 4, but its 4 hits sink the lone white section
    s = conquest((Effect("swords", 3, 0),))
    s.damage[0] = 2
    dice(s, W2, GH, GH)
    do(s, "conquer Lindisfarne")
    assert s.battle is None and not s.pending and loc(s, "lindisfarne") in s.pool
    assert s.pos[0] == 0 and s.damage[0] == 2 and s.turn == 1


def test_a_sunk_captain_pays_half_to_the_other() -> None:
    s = new(3)
    plain(s)
    s.pos[1], s.damage[1], s.gold[1] = BI, 2, 9
    do(s, "move to the British Isles")
    dice(s, W2, G1, R1, W1)  # 4 hits on P1's lone white section (4 helmets): sunk
    do(s, "contest", "done")
    assert s.gold[1] == 4 and s.gold[0] == 5 and s.pos[0] == BI and s.pos[1] == 0
    assert s.damage[1] == 2  # the white section is back to full strength


def test_captains_do_not_tie_the_battle_is_refought() -> None:
    s = new(3)
    plain(s)
    s.pos[1] = BI
    do(s, "move to the British Isles")
    dice(s, W1, G1, RB, W1, G1, RB, W2, G1, W1, GB)  # 2 v 2 (red flips on both), then 3 v 1
    do(s, "contest")
    assert s.pos[0] == BI and s.pos[1] == 0
    assert s.damage == [1, 2, 0]


def test_a_tie_that_sinks_one_captain_is_not_refought() -> None:
    # our reading: "Viking warriors do not tie" refights a tie, but a sunk ship has lost the
    # battle ("You lose the Battle"), so a tie that sinks one Captain is decided by the sinking
    s = new(3)
    plain(s, static=(Effect("swords", 2, 0),))  # every Captain: +2 swords
    s.pos[1], s.damage[1] = BI, 2  # P1: the white section alone, 4 helmets
    do(s, "move to the British Isles")
    dice(s, W1, G1, RB, W2)  # 4 against 4: P1 takes 4 hits and sinks, P0 loses red
    do(s, "contest")
    assert s.battle is None and s.pos[0] == BI and s.pos[1] == 0
    assert s.damage == [1, 2, 0]


def test_after_twenty_tied_fights_the_defending_captain_holds() -> None:
    # a safety limit of ours (odds below 1e-20): ties without damage (shields against no
    # swords) are fought 20 times in all (the first and 19 refights), then the defender holds,
    # so a game always ends
    s = new(3)
    plain(s)
    s.pos[1] = BI
    do(s, "move to the British Isles")
    dice(s, *(WSH, GB, RB) * 2 * REFIGHT_LIMIT)
    do(s, "contest")
    assert REFIGHT_LIMIT == 20
    assert s.battle is None and s.pos[0] != BI and s.pos[1] == BI
    assert s.damage == [0, 0, 0]
    assert s.rng.values == []  # type: ignore[attr-defined]  # every fight tied, none past the limit


def test_a_crew_fits_its_damaged_longship_before_the_refight() -> None:
    # "discard all sacrificed cards, apply any damage, and refight the Battle ... treated as a
    # new Battle": a Warrior whose section flipped in the tie is discarded before the refight
    s = new(3)
    plain(s)
    s.gold[:] = [0, 0, 0]
    s.pos[1] = BI
    s.crew[0] = [war(s, "roland"), war(s, "ilya"), war(s, "varangians")]  # +1 sword each
    for i, c in enumerate(s.cs.locations):
        if c.warrior in s.crew[0]:
            s.at_loc[i] = False
    do(s, "move to the British Isles")
    # 1 + 3 against 4 swords: a tie; both red sections flip. The refight: W1 GB against W1 GB
    dice(s, W1, GB, RB, W2, G1, R1, W1, GB, W1, GB)
    do(s, "contest", "done")
    assert s.damage[:2] == [1, 1] and s.current_player == 0 and s.battle is not None
    assert [s.action_label(a) for a in s.legal_actions()] == [
        "discard Roland the Paladin", "discard Ilya of Murom", "discard Varangian Guard"
    ]  # fmt: skip
    assert s.battle.fights == 1, "not refought before the crew fits"
    do(s, "discard Roland the Paladin")
    assert s.battle.fights == 2 and len(s.crew[0]) == 2
    assert s.battle.swords(0) == 1 + 2  # one die and the two Warriors left


def test_both_ships_sinking_is_a_battle_with_no_victor() -> None:
    s = new(3)
    plain(s, static=(Effect("swords", 3, 0),))  # every Captain: +3 swords
    s.pos[1], s.damage[1], s.gold[1] = BI, 2, 9
    s.damage[0], s.gold[0] = 2, 4
    do(s, "move to the British Isles")
    dice(s, W2, W2)  # 5 against 5: both take 5 hits on 4 helmets
    do(s, "contest", "done")
    assert s.pos[0] == 0 and s.pos[1] == 0 and s.gold[0] == 2 and s.gold[1] == 4


def test_both_sunk_captains_each_lose_a_location() -> None:
    # rulebook: with no victor "they both still have to retreat to the Northlands, and lose
    # half their gold and a Location card"; each chooses which
    s = new(3)
    plain(s, static=(Effect("swords", 3, 0),))
    give(s, 0, "cork")
    give(s, 1, "kirkwall", "whitby")
    s.pos[1], s.damage[1], s.damage[0] = BI, 2, 2
    do(s, "move to the British Isles")
    dice(s, W2, W2)  # 5 against 5: both sink
    do(s, "contest", "done", "done")  # neither sacrifices
    assert s.current_player == 1 and s.legal_actions() == sorted(
        A.LOSE_LOCATION + loc(s, x) for x in ("kirkwall", "whitby")
    )
    do(s, "lose Whitby")
    assert s.current_player == 0 and s.legal_actions() == [A.LOSE_LOCATION + loc(s, "cork")]
    do(s, "lose Cork")
    assert s.owned[0] == [] and s.owned[1] == [loc(s, "kirkwall")] and not s.pending
    assert loc(s, "cork") in s.discard and loc(s, "whitby") in s.discard


def test_a_damaged_section_makes_its_warrior_move_or_go() -> None:
    s = conquest()
    s.crew[0] = [war(s, "roland"), war(s, "huscarls"), war(s, "alfred")]
    for cid in ("chartres", "london", "winchester"):
        s.at_loc[loc(s, cid)] = False
    dice(s, W1, GB, RB, GH, GH)  # 1 (+1 Roland +0) against 4: 4 hits flip red (2); 2 left lost
    do(s, "conquer Lindisfarne", "done")
    assert s.current_player == 0 and s.legal_actions() == sorted(
        A.DISCARD_WARRIOR + w for w in s.crew[0]
    )
    do(s, "discard Danish Huscarls")
    assert len(s.crew[0]) == 2 and war(s, "huscarls") in s.wdiscard


# -- the effect vocabulary ------------------------------------------------------------------------


def test_glamr_summons_a_draugr_who_returns_to_the_reserve() -> None:
    s = new(3, stack=("lindisfarne",), captains=("glamr", "ragnar", "ivar"))
    s.gold[0] = 0
    do(s, "move to the British Isles")
    dice(s, WH, G1, R1, G1, GB)  # white hammer: a Draugr joins; 2 against 1
    do(s, "conquer Lindisfarne")
    assert len(s.crew[0]) == 1 and len(s.reserve) == 2
    d = s.crew[0][0]
    do(s, "done", "colonize")
    s.damage[0] = 2
    s.crew[0].append(war(s, "roland"))
    s.at_loc[loc(s, "chartres")] = False
    s.pending.insert(0, ("crew", 0))
    s._legal = None
    do(s, f"discard {s.cs.warriors[d].name}")
    assert d in s.reserve and d not in s.wdiscard and s.crew[0] == [war(s, "roland")]


def test_location_shields_have_no_effect_and_locations_take_no_damage() -> None:
    s = swords_after(rolls=(W2, G1, RB, GSH, GSH))
    assert s.pending[0][0] == "conquest"  # 3 against 0; the Location's shields stop nothing
    s = swords_after(rolls=(W1, GB, RB, GSH, GSH))
    assert s.pending[0][0] == "conquest"  # 1 against 0: two shields take no sword away
    s = swords_after(rolls=(W2, G1, R1, GB, GB))
    assert s.damage == [0, 0, 0]  # 4 hits on Lindisfarne damage no Longship


def test_sacrificing_a_warrior_gives_his_ability_once_per_battle() -> None:
    s = conquest()
    s.crew[0] = [war(s, "roland"), war(s, "alfred")]  # Alfred: sacrifice +2 swords
    for cid in ("chartres", "winchester"):
        s.at_loc[loc(s, cid)] = False
    dice(s, W1, GB, RB, G1, G1)  # 1 + Roland 1 = 2 against 2
    do(s, "conquer Lindisfarne")
    assert A.SAC_WARRIOR + war(s, "alfred") in s.legal_actions()
    assert A.SAC_WARRIOR + war(s, "roland") not in s.legal_actions()  # Roland prints no sacrifice
    do(s, "sacrifice warrior Alfred of Wessex")
    assert s.battle is None  # one Warrior per battle, nothing else to give: 4 against 2
    assert war(s, "alfred") in s.wdiscard and s.crew[0] == [war(s, "roland")]
    assert s.pending[0][0] == "conquest"


def test_abilities_a_location_cannot_use_do_nothing_for_it() -> None:
    s = conquest(stack="canterbury")
    w = war(s, "athelstan")
    warriors = list(s.cs.warriors)
    warriors[w] = warriors[w]._replace(
        hammer=((Effect("gold", 5, 0), Effect("repair", 1, 0)), (), ())
    )
    s.cs = s.cs._replace(warriors=tuple(warriors))
    gold = list(s.gold)
    dice(s, W2, G1, R1, WH, WSH)  # Canterbury: hammer (gold, repair: nothing) + static 1 = 1
    do(s, "conquer Canterbury")
    assert s.gold == gold and s.pending[0][0] == "conquest"


# -- who fights: the crew, a Location's Hero ---------------------------------------------------


def test_a_crew_warriors_static_ability_counts_in_his_captains_battle() -> None:
    # "If the Captain or Warriors in the crew have Static Abilities that apply, their effects
    # are triggered": Roland (+1 sword) turns a tie the Location would win into a win
    s = conquest()
    s.crew[0] = [war(s, "roland")]
    s.at_loc[loc(s, "chartres")] = False
    dice(s, W1, GB, RB, G1, GB)  # 1 + Roland 1 = 2 against 1
    do(s, "conquer Lindisfarne")
    assert s.battle is None and s.pending[0][0] == "conquest"


def test_a_hero_adds_his_static_ability_to_his_locations_roll() -> None:
    # rulebook, Hero: "contributing their Static Ability to the Location's die roll"
    s = conquest(stack="chartres", region="Frankia")
    dice(s, W2, G1, RB, W1, R1, RB)  # 3 against Chartres 2 + Roland 1 = 3: the Location holds
    do(s, "conquer Chartres")
    rolled = [e for e in s.events_for(None) if e.startswith("Chartres rolls")]
    assert rolled[-1].endswith(": 3 swords, 0 shields")
    assert s.battle is None and loc(s, "chartres") in s.pool and not s.pending
    t = conquest(stack="chartres", region="Frankia")
    t.at_loc[loc(t, "chartres")] = False  # Roland gone (hired away): 3 against 2
    t.wdiscard.append(war(t, "roland"))
    dice(t, W2, G1, RB, W1, R1, RB)
    do(t, "conquer Chartres")
    assert t.pending[0][0] == "conquest"


# -- ruling 6: the current loser decides first -------------------------------------------------


def contest(attacker: tuple, defender: tuple):
    """P0 attacks P1 in the British Isles; both can buy swords (10 gold each)."""
    s = new(3)
    plain(s)
    s.gold[:2] = [10, 10]
    s.pos[1] = BI
    do(s, "move to the British Isles")
    dice(s, *attacker, *defender)
    do(s, "contest")
    return s


def test_the_current_loser_decides_first_even_when_the_winner_could_act() -> None:
    s = contest((W1, GB, RB), (W2, G1, RB))  # the attacker loses 1 to 3
    assert s.battle is not None and s.current_player == 0
    do(s, "done")
    assert s.current_player == 1  # then the winner may answer
    t = contest((W2, G1, R1), (W1, GB, RB))  # the defender loses 1 to 4
    assert t.battle is not None and t.current_player == 1


def test_the_first_side_may_answer_when_the_other_acts() -> None:
    s = contest((W1, GB, RB), (W2, G1, RB))  # the attacker loses 1 to 3
    do(s, "done", "buy a sword", "done")
    assert s.battle is not None and s.current_player == 0  # the loop goes on


def test_on_a_tie_the_attacker_decides_first() -> None:
    s = contest((W1, G1, RB), (W1, G1, RB))  # 2 against 2
    assert s.battle is not None and s.battle.swords(0) == s.battle.swords(1)
    assert s.current_player == 0


# -- what may be sacrificed ----------------------------------------------------------------------


def test_a_killed_sovereign_is_never_sacrificed() -> None:
    s = conquest()
    kill(s, 0, "athelstan")
    w = war(s, "athelstan")
    sov = s.cs.warriors[w]._replace(sacrifice=(Effect("swords", 2, 0),))  # as if he printed one
    s.cs = s.cs._replace(warriors=s.cs.warriors[:w] + (sov,) + s.cs.warriors[w + 1 :])
    s.gold[0] = 5  # a sword to buy keeps the battle open
    dice(s, W1, GB, RB, G1, G1)  # 1 against 2
    do(s, "conquer Lindisfarne")
    assert s.legal_actions() == sorted([A.DONE, A.BUY_SWORD])


def test_at_most_one_warrior_and_one_asgard_card_are_sacrificed_per_battle() -> None:
    s = conquest()
    s.gold[0] = 5  # a sword to buy keeps the battle open
    s.crew[0] = [war(s, "alfred"), war(s, "ilya")]  # sacrifice: +2 swords; +2 shields
    for cid in ("winchester", "novgorod"):
        s.at_loc[loc(s, cid)] = False
    hold(s, 0, "hermods-ride")
    hold(s, 0, "bifrost")
    hold(s, 0, "idunns-apples")  # (a card of one's own kept) prints no sacrifice ability
    dice(s, W1, GB, RB, GH, GH)  # 1 + Ilya 1 = 2 against two hammers: 4
    do(s, "conquer Lindisfarne", "sacrifice warrior Alfred of Wessex")
    legal = s.legal_actions()
    assert A.SAC_WARRIOR + war(s, "ilya") not in legal
    assert A.SAC_ASGARD + asg(s, "hermods-ride") in legal
    assert A.SAC_ASGARD + asg(s, "bifrost") in legal
    assert A.SAC_ASGARD + asg(s, "idunns-apples") not in legal
    do(s, "sacrifice card Hermod's Ride to Hel")  # 6 against 4
    assert s.legal_actions() == [A.BUY_SWORD, A.DONE]
    assert s.held[0] == [asg(s, "bifrost"), asg(s, "idunns-apples")]
    assert s.crew[0] == [war(s, "ilya")]


def test_a_face_down_location_cannot_be_sacrificed() -> None:
    # rulebook, Raid: "A face-down Location cannot be Raided again or sacrificed"
    s = conquest()
    give(s, 0, "whitby", "cork")
    s.faceup[loc(s, "cork")] = False
    dice(s, W1, GB, RB, G1, G1)  # 1 against 2
    do(s, "conquer Lindisfarne")
    assert s.legal_actions() == [A.SAC_LOCATION + loc(s, "whitby"), A.DONE]


# -- battles before the Gods ---------------------------------------------------------------------


def test_a_ship_sunk_before_the_gods_still_goes_home() -> None:
    # rulebook, sinking: "Move your ship to the Northlands (even if the Battle was triggered by
    # an Asgard card)"
    s = new(3, stack=("thors-wrath",))
    plain(s)
    s.pos[0], s.damage[0], s.gold[0] = BI, 2, 4
    dice(s, W1, W2, W2, G1)  # 1 against the Gods' 5: five hits on the white section's 4 helmets
    do(s, "use Thor's Wrath")
    assert s.battle is None and s.pos[0] == 0 and s.gold[0] == 2 and s.damage[0] == 2
    assert s.n_loc + asg(s, "thors-wrath") in s.discard


def test_the_loser_of_an_asgard_duel_does_not_retreat_unless_sunk() -> None:
    # "Whoever loses the Battle retreats to the Northlands (unless the Battle occurred as the
    # result of an Asgard card)"
    s = new(3, stack=("odins-holmgang",))
    plain(s)
    s.pos[0], s.pos[2] = BI, 3
    do(s, "use Odin's Holmgang")
    dice(s, W1, GB, RB, W2, G1, R1)  # P0 loses 1 to 4: his red section flips
    do(s, "duel P2")
    assert s.battle is None and s.pos == [BI, 0, 3] and s.damage[0] == 1
    assert s.n_loc + asg(s, "odins-holmgang") in s.discard and not s.held[0]
    t = new(3, stack=("odins-holmgang",))  # but a ship sunk in a duel goes home
    plain(t)
    t.pos[0], t.pos[2], t.damage[0] = BI, 3, 2
    do(t, "use Odin's Holmgang")
    dice(t, W1, W2, G1, R1)  # 1 against 4: the white section's 4 helmets
    do(t, "duel P2")
    assert t.battle is None and t.pos == [0, 0, 3] and t.damage[0] == 2


def test_no_region_explored_or_opponent_condition_applies_before_the_gods() -> None:
    # ruling 12; rulebook: Asgard battles "do not take place in any Location or Region"
    s = new(3, stack=("valkyries-trial",))
    conds = (4, 8, 16, 32)  # explored, unexplored, vs_location, vs_captain: +3 swords each
    plain(s, static=tuple(Effect("swords", 3, c) for c in conds), seat_captain=s.captain[0])
    s.pos[0] = BI  # a Region where P0 has no Location: it would be unexplored
    dice(s, W1, GB, RB, W1, G1)  # 1 against the Gods' 2
    do(s, "use Trial of the Valkyries")
    assert s.battle is None and not s.held[0]
    assert s.n_loc + asg(s, "valkyries-trial") in s.discard


def test_the_gods_hammers_count_two_swords_each() -> None:
    # Our reading: the Gods have no hammer abilities, so, like a Location without a Sovereign,
    # each hammer they roll is 2 swords. 3 against hammer + 1 = 3: a tie, which the Gods win.
    s = new(3, stack=("valkyries-trial",))
    plain(s)
    dice(s, W1, G1, R1, WH, G1)
    do(s, "use Trial of the Valkyries")
    assert not s.held[0] and s.n_loc + asg(s, "valkyries-trial") in s.discard
    assert "the Gods roll white hammer, grey sword: 3 swords, 0 shields" in s.events_for(None)


def test_a_hammer_repair_applies_after_the_damage_step_even_to_a_sunk_ship() -> None:
    # Our reading: `repair` acts after the damage step, sinking included: Freydis (grey hammer:
    # repair 1) sinks, her white section flips back, then the hammer repairs one more section
    s = new(3, stack=("chartres",), captains=("freydis", "ragnar", "ivar"))
    warriors = list(s.cs.warriors)
    roland = war(s, "roland")
    warriors[roland] = warriors[roland]._replace(static=(Effect("swords", 3, 0),))
    s.cs = s.cs._replace(warriors=tuple(warriors))  # (a stronger defender, for the scenario)
    s.damage[0], s.gold[0] = 1, 0  # white and grey up: 7 helmets
    do(s, "move to Frankia")
    dice(s, W1, GH, W2, R1, R1)  # Freydis 2 swords; Chartres 2 + 1 + 1 + 3 = 7: 7 hits
    do(s, "conquer Chartres")
    assert "player 0 (Freydis Eiriksdottir)'s Longship sinks: loses 0 gold and goes home" in (
        s.events_for(None)
    )
    assert s.pos[0] == 0 and s.damage[0] == 1  # white, and grey repaired by the hammer


def test_the_log_counts_one_sword_shield_and_section_in_the_singular() -> None:
    # a person read "1 swords" and "loses 1 section(s)"
    s = new(3, stack=("odins-holmgang",))
    plain(s)
    s.pos[0], s.pos[2] = BI, 3
    do(s, "use Odin's Holmgang")
    dice(s, WSH, GB, R1, W2, G1, R1)  # P0 1 sword and 1 shield against 4 swords: 3 hits
    do(s, "duel P2")
    log = s.events_for(None)
    p0, p2 = s.pname(0), s.pname(2)
    assert f"{p0} rolls white shield, grey blank, red sword: 1 sword, 1 shield" in log
    assert f"{p2} rolls white 2 swords, grey sword, red sword: 4 swords, 0 shields" in log
    assert f"{p0} 1 sword against {p2} 4" in log
    assert f"{p0} loses 1 section" in log
    assert not any("(s)" in e or " 1 swords" in e or " 1 shields" in e for e in log)


def test_a_sacrifice_gives_only_what_its_conditions_allow() -> None:
    # the schema: "all conditions must hold" (a set of one's own may print a conditional
    # sacrifice; the shipped set has none): +3 swords when defending gives nothing to an attacker
    s = conquest()
    give(s, 0, "whitby")
    i = loc(s, "whitby")
    locations = list(s.cs.locations)
    locations[i] = locations[i]._replace(sacrifice=(Effect("swords", 3, 2),))  # when defending
    s.cs = s.cs._replace(locations=tuple(locations))
    dice(s, W1, GB, RB, G1, G1)  # 1 against 2
    do(s, "conquer Lindisfarne", "sacrifice location Whitby")
    assert loc(s, "lindisfarne") in s.pool and not s.pending  # still 1 against 2: it holds
    t = conquest()
    give(t, 0, "whitby")
    locations[i] = locations[i]._replace(sacrifice=(Effect("swords", 3, 1),))  # when attacking
    t.cs = t.cs._replace(locations=tuple(locations))
    dice(t, W1, GB, RB, G1, G1)
    do(t, "conquer Lindisfarne", "sacrifice location Whitby")
    assert t.pending[0][0] == "conquest"  # 4 against 2


def test_a_raided_location_fights_without_its_warrior() -> None:
    s = new(3, stack=("chartres",))
    plain(s)
    give(s, 1, "chartres")  # colonized: Roland (+1 sword) no longer defends it
    s.gold[0] = 0
    do(s, "move to Frankia")
    dice(s, W1, G1, R1, W1, R1, RB)  # 3 swords against Chartres's 2, not 2 + Roland's 1
    do(s, "raid Chartres")
    assert not s.faceup[loc(s, "chartres")]
