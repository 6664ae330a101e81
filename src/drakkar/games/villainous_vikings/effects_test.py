"""Scenario tests of effects in battle that battle_test.py does not reach: a Hero's conditional
static for his Location, rerolls that turn up hammers, and Glamr's Draugr (rulings 3 and 4)."""

from __future__ import annotations

from drakkar.games.villainous_vikings.effects import Effect
from drakkar.games.villainous_vikings.scenarios import (
    G1,
    GB,
    R1,
    RB,
    W1,
    W2,
    WH,
    dice,
    do,
    loc,
    new,
    plain,
    war,
)


def attack(stack: str, region: str, static: tuple = (), hammer: tuple = ((), (), ())):
    """P0, with only the abilities given and no gold, sails to `region` to attack."""
    s = new(3, stack=(stack,))
    plain(s, static, hammer, seat_captain=s.captain[0])
    s.gold[0] = 0
    do(s, f"move to {region}")
    return s


def rolled(s, who: str) -> str:
    return [e for e in s.events_for(None) if e.startswith(who) and " rolls " in e][-1]


def test_a_heros_defending_static_counts_for_his_location() -> None:
    # Digenis Akritas (+1 sword when defending) defends Nicaea: the Location is the defender
    s = attack("nicaea", "Byzantium")
    dice(s, W2, G1, R1, W2, W1)  # 4 against Nicaea's 3 + Digenis 1 = 4: the Location holds
    do(s, "conquer Nicaea")
    assert rolled(s, "Nicaea").endswith(": 4 swords, 0 shields")
    assert s.battle is None and not s.pending and loc(s, "nicaea") in s.pool


def test_a_hammer_turned_up_by_a_reroll_fires() -> None:
    # ruling 4: rerolls come before anything is counted; a hammer they turn up fires
    grey_hammer = ((), (Effect("swords", 3, 0),), ())
    s = attack("lindisfarne", "the British Isles", (Effect("reroll_blanks", 1, 0),), grey_hammer)
    dice(s, W1, GB, RB, 4, R1, G1, G1)  # the static reroll: grey blank -> hammer, red -> sword
    do(s, "conquer Lindisfarne")
    assert rolled(s, "player 0").endswith("grey hammer, red sword: 5 swords, 0 shields")
    # a hammer's own reroll: the white hammer rerolls the blanks, the grey hammer then fires
    reroll_then_grey = ((Effect("reroll_blanks", 1, 0),), *grey_hammer[1:])
    t = attack("lindisfarne", "the British Isles", hammer=reroll_then_grey)
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
