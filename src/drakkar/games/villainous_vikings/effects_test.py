"""Scenario tests of every effect kind in battle (swords, shields, weaken, rerolls, a hammer's gold,
repair and steal, conditions), a Hero's conditional static for his Location, rerolls that turn
up hammers, and Glamr's Draugr (rulings 3 and 4); battle_test.py has the battle's steps."""

from __future__ import annotations

from drakkar.games.villainous_vikings.effects import Effect
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
    conquest,
    dice,
    do,
    give,
    loc,
    new,
    plain,
    swords_after,
    war,
)


def rolled(s, who: str) -> str:
    return [e for e in s.events_for(None) if e.startswith(who) and " rolls " in e][-1]


def test_a_heros_defending_static_counts_for_his_location() -> None:
    # Digenis Akritas (+1 sword when defending) defends Nicaea: the Location is the defender
    s = conquest(stack="nicaea", region="Byzantium")
    dice(s, W2, G1, R1, W2, W1)  # 4 against Nicaea's 3 + Digenis 1 = 4: the Location holds
    do(s, "conquer Nicaea")
    assert rolled(s, "Nicaea").endswith(": 4 swords, 0 shields")
    assert s.battle is None and not s.pending and loc(s, "nicaea") in s.pool


def test_a_hammer_turned_up_by_a_reroll_fires() -> None:
    # ruling 4: rerolls come before anything is counted; a hammer they turn up fires
    grey_hammer = ((), (Effect("swords", 3, 0),), ())
    s = conquest((Effect("reroll_blanks", 1, 0),), grey_hammer)
    dice(s, W1, GB, RB, 4, R1, G1, G1)  # the static reroll: grey blank -> hammer, red -> sword
    do(s, "conquer Lindisfarne")
    assert rolled(s, "player 0").endswith("grey hammer, red sword: 5 swords, 0 shields")
    # a hammer's own reroll: the white hammer rerolls the blanks, the grey hammer then fires
    reroll_then_grey = ((Effect("reroll_blanks", 1, 0),), *grey_hammer[1:])
    t = conquest(hammer=reroll_then_grey)
    dice(t, WH, GB, RB, 4, R1, G1, G1)
    do(t, "conquer Lindisfarne")
    assert rolled(t, "player 0").endswith(
        "white hammer, grey hammer, red sword: 4 swords, 0 shields"
    )


def glamr_attacks() -> object:
    s = new(3, stack=("lindisfarne",), captains=("glamr", "ragnar", "ivar"))
    s.gold[0] = 0
    do(s, "move to the British Isles")
    return s


def test_glamr_summons_a_draugr_only_into_an_empty_section() -> None:
    # ruling 3: a full crew has no room; the Draugr stays in the reserve
    s = glamr_attacks()
    s.crew[0] = [war(s, "roland"), war(s, "ilya"), war(s, "alfred")]
    for cid in ("chartres", "novgorod", "winchester"):
        s.at_loc[loc(s, cid)] = False
    reserve = list(s.reserve)
    dice(s, WH, G1, R1, G1, GB)  # a white hammer: summon
    do(s, "conquer Lindisfarne")
    assert s.reserve == reserve and len(s.crew[0]) == 3


def test_a_summoned_draugrs_static_counts_in_the_battle_he_joins() -> None:
    # our reading: a Draugr summoned by a hammer joins the crew at once, so his static
    # ability counts among the crew's in that battle (the Draugr Thrall: +1 shield)
    s = glamr_attacks()
    thrall = war(s, "draugr-thrall")
    s.reserve.remove(thrall)
    s.reserve.append(thrall)  # the next to be summoned
    dice(s, WH, G1, R1, G1, GB)  # white hammer: the Thrall joins; 2 swords against 1
    do(s, "conquer Lindisfarne")
    assert s.crew[0] == [thrall]
    assert rolled(s, "player 0").endswith(": 2 swords, 2 shields")  # Glamr's 1 and the Thrall's


def test_effect_swords_and_condition_attacking() -> None:
    s = swords_after((Effect("swords", 2, 1),), rolls=(W1, GB, RB, G1, GB))  # attacking: 3 > 1
    assert s.pending[0][0] == "conquest"
    t = swords_after((Effect("swords", 2, 2),), rolls=(W1, GB, RB, G1, GB))  # defending: no
    assert loc(t, "lindisfarne") in t.pool and not t.owned[0]


def test_a_raided_location_does_not_make_its_region_explored() -> None:
    explored = (Effect("swords", 3, 1 | 4),)  # +3 swords when attacking and explored
    for faceup, won in ((True, True), (False, False)):
        s = conquest(explored)
        give(s, 0, "whitby")  # in the British Isles, where Lindisfarne is attacked
        s.faceup[loc(s, "whitby")] = faceup
        dice(s, W1, GB, RB, G1, G1)  # 1 (+3 if explored) against 2
        do(s, "conquer Lindisfarne")
        if s.battle is not None:  # a face-up Whitby could be sacrificed: it is not
            do(s, "done")
        assert (bool(s.pending) and s.pending[0][0] == "conquest") == won


def test_effect_shields_and_double_shields() -> None:
    s = swords_after((Effect("shields", 1, 0),), rolls=(W1, GB, RB, G1, G1))
    assert s.damage[0] == 0  # 2 swords - 1 shield = 1 hit: no flip
    t = swords_after((Effect("double_shields", 1, 0),), rolls=(WSH, GB, RB, G1, GH))
    assert t.damage[0] == 0  # 3 swords - 2 (one shield doubled) = 1 hit: no flip
    u = swords_after((), rolls=(WSH, GB, RB, G1, GH))
    assert u.damage[0] == 1  # one shield, not doubled: 2 hits flip red


def test_effect_weaken() -> None:
    s = swords_after((Effect("weaken", 1, 0),), rolls=(W2, GB, RB, G1, G1))
    assert s.pending[0][0] == "conquest" and s.damage[0] == 0  # 2 against 2 - 1; 1 hit
    t = swords_after((), rolls=(W2, GB, RB, G1, G1))
    assert loc(t, "lindisfarne") in t.pool  # 2 against 2: the Location wins


def test_effect_reroll_blanks() -> None:
    s = swords_after((Effect("reroll_blanks", 1, 0),), rolls=(W1, GB, RB, G1, R1, GB, GB))
    assert s.pending[0][0] == "conquest"  # grey and red blanks reroll to swords: 3 > 0


def test_reroll_blanks_rerolls_each_blank_once() -> None:
    s = swords_after((Effect("reroll_blanks", 1, 0),), rolls=(W1, GB, RB, GB, RB, GB, GB))
    assert not s.rng.values  # type: ignore[attr-defined]  # the blanks rerolled blank stay
    assert s.pending[0][0] == "conquest"  # 1 sword against none


def test_a_crew_warriors_reroll_blanks_rerolls_the_captains_dice() -> None:
    # "If the Captain or Warriors in the crew have Static Abilities that apply, their effects
    # are triggered": Cu Roi the Seer in the crew rerolls the blanks as his Captain's would
    s = conquest()
    cu_roi = war(s, "cu-roi")
    s.crew[0].append(cu_roi)
    s.at_loc[next(i for i, c in enumerate(s.cs.locations) if c.warrior == cu_roi)] = False
    dice(s, W1, GB, RB, G1, R1, G1, G1)  # white sword, two blanks rerolled to swords; 3 > 2
    do(s, "conquer Lindisfarne")
    rolled = [e for e in s.events_for(None) if e.startswith("player 0") and " rolls " in e]
    assert rolled[-1].endswith("rolls white sword, grey sword, red sword: 3 swords, 0 shields")
    do(s, "done")  # (no sacrifice of Cu Roi)
    assert s.pending[0][0] == "conquest"  # won: 3 against 2


def test_each_reroll_blanks_ability_rerolls_the_blanks_once() -> None:
    # ruling 4: a reroll is once per ability, so the Captain's and Cu Roi's each reroll the
    # blanks then showing: grey and red come up blank again, then swords
    s = conquest((Effect("reroll_blanks", 1, 0),))
    cu_roi = war(s, "cu-roi")
    s.crew[0].append(cu_roi)
    s.at_loc[next(i for i, c in enumerate(s.cs.locations) if c.warrior == cu_roi)] = False
    dice(s, W1, GB, RB, GB, RB, G1, R1, G1, G1)  # then Lindisfarne's two grey swords
    do(s, "conquer Lindisfarne")
    assert not s.rng.values  # type: ignore[attr-defined]
    assert rolled(s, "player 0").endswith("white sword, grey sword, red sword: 3 swords, 0 shields")


def test_hammer_gold_and_repair() -> None:
    s = swords_after(
        hammer=((Effect("gold", 3, 0), Effect("repair", 1, 0)), (), ()), rolls=(WH, G1, R1, G1, G1)
    )
    assert s.gold[0] == 3 and s.damage[0] == 0  # 2 hits flip red, then the hammer's repair
    # the log says where the gold and the mended section came from, as it does for a Danegeld
    log, me = s.events_for(1), s.pname(0)
    assert f"{me} gains 3 gold (Heathen Hammer)" in log
    assert log.index(f"{me} repairs to 3 sections") > log.index(f"{me} loses 1 section")


def test_hammer_steal_gold_from_a_captain() -> None:
    s = new(3)
    plain(s, hammer=((Effect("steal_gold", 3, 32),), (), ()), seat_captain=s.captain[0])
    s.pos[1], s.gold[1] = BI, 2
    do(s, "move to the British Isles")
    dice(s, WH, G1, R1, W1, GB, RB)
    do(s, "contest")
    assert s.gold[1] == 0 and s.gold[0] == 2
    assert f"{s.pname(0)} steals 2 gold from {s.pname(1)} (Heathen Hammer)" in s.events_for(2)


def test_effect_condition_explored_and_unexplored() -> None:
    s = conquest((Effect("swords", 3, 4),))  # explored only
    give(s, 0, "whitby")
    dice(s, W1, GB, RB, G1, G1)
    do(s, "conquer Lindisfarne", "done")
    assert s.pending[0][0] == "conquest"
    t = conquest((Effect("swords", 3, 8),))  # unexplored
    give(t, 0, "whitby")
    dice(t, W1, GB, RB, G1, G1)
    do(t, "conquer Lindisfarne", "done")
    assert loc(t, "lindisfarne") in t.pool


def test_effect_condition_vs_location_and_vs_captain() -> None:
    s = swords_after((Effect("swords", 3, 16),), rolls=(W1, GB, RB, G1, G1))
    assert s.pending[0][0] == "conquest"
    t = swords_after((Effect("swords", 3, 32),), rolls=(W1, GB, RB, G1, G1))
    assert loc(t, "lindisfarne") in t.pool
