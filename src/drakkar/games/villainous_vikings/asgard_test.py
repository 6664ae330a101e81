"""Scenario tests of the Asgard cards: using one (its instructions in order), Hermod's Ride, the
Journey Pool's size, a battle before the Gods and Odin's Holmgang."""

from __future__ import annotations

import pytest

from drakkar.games.villainous_vikings import actions as A
from drakkar.games.villainous_vikings.effects import Effect
from drakkar.games.villainous_vikings.scenarios import (
    BI,
    G1,
    GB,
    R1,
    RB,
    W1,
    W2,
    asg,
    dice,
    do,
    loc,
    new,
    plain,
    war,
)


def test_hermods_ride_recruits_a_discarded_warrior_or_is_kept() -> None:
    s = new(3, stack=("hermods-ride",))
    do(s, "use Hermod's Ride to Hel")
    assert s.held[0] == [asg(s, "hermods-ride")] and s.vp(0) == 2
    t = new(3, stack=("hermods-ride",))
    t.wdiscard.append(war(t, "roland"))
    t.at_loc[loc(t, "chartres")] = False
    do(t, "use Hermod's Ride to Hel")
    assert t.legal_actions() == [A.RECRUIT + war(t, "roland")]
    do(t, "recruit Roland the Paladin")
    assert t.crew[0] == [war(t, "roland")] and t.n_loc + asg(t, "hermods-ride") in t.discard


def test_hermods_ride_kept_for_want_of_a_discarded_warrior_says_why() -> None:
    # a person (Glamr) sacrificed a Draugr, used the card, and saw nothing recruited and no
    # reason: the log says the pile is empty and that a Draugr goes back to the reserve
    s = new(3, stack=("hermods-ride",), captains=("glamr", "ragnar", "ivar"))
    berserk = war(s, "draugr-berserk")
    s.reserve.remove(berserk)
    s.crew[0].append(berserk)
    s.crew[0].remove(berserk)
    s.discard_warrior(berserk)  # as after his sacrifice
    assert berserk in s.reserve and not s.wdiscard
    do(s, "use Hermod's Ride to Hel")
    log = s.events_for(None)
    assert log[-3:] == [
        f"{s.pname(0)} uses Hermod's Ride to Hel",
        "there is no Warrior in the discard pile to recruit"
        " (a Draugr goes back to the reserve, not the pile)",
        f"{s.pname(0)} keeps Hermod's Ride to Hel (2 VP)",
    ]
    t = new(3, stack=("hermods-ride",), captains=("ragnar", "lagertha", "ivar"))  # no Draugr
    do(t, "use Hermod's Ride to Hel")
    assert "there is no Warrior in the discard pile to recruit" in t.events_for(None)


def test_asgard_cards_grow_and_shrink_the_journey_pool() -> None:
    s = new(3, stack=("bifrost", "fimbulwinter"))
    do(s, "use The Bifrost Opens")
    assert s.pool_size == 6 and s.held[0] == [asg(s, "bifrost")]
    do(s, "use Fimbulwinter")
    assert s.pool_size == 5 and s.gold[0] == 3
    assert len(s.pool) == 5  # refilled to the new size at the end of the turn


def test_shrinking_the_journey_pool_takes_no_card_from_it() -> None:
    s = new(3, stack=("fimbulwinter",))
    rest = [c for c in s.pool if c != s.n_loc + asg(s, "fimbulwinter")]
    do(s, "use Fimbulwinter")
    assert s.pool_size == 4 and s.pool == rest  # the pool refills to 4 later; none is lost now


def test_asgard_battle_before_the_gods_keeps_the_card_on_a_win() -> None:
    s = new(3, stack=("valkyries-trial",))
    plain(s)
    s.pos[0] = BI
    dice(s, W2, G1, R1, W1, GB)  # 4 against 1; the Gods' dice come from the card
    do(s, "use Trial of the Valkyries")
    assert s.held[0] == [asg(s, "valkyries-trial")] and s.gold[0] == 4 and s.pos[0] == BI
    t = new(3, stack=("valkyries-trial",))
    plain(t)
    dice(t, W1, GB, RB, W2, G1)
    do(t, "use Trial of the Valkyries")
    assert t.n_loc + asg(t, "valkyries-trial") in t.discard and not t.held[0]


def test_asgard_duel_fights_a_chosen_captain_without_retreat() -> None:
    s = new(3, stack=("odins-holmgang",))
    plain(s)
    s.pos[0], s.pos[2] = BI, 3
    do(s, "use Odin's Holmgang")
    assert s.legal_actions() == [A.DUEL + 1, A.DUEL + 2]
    dice(s, W2, G1, R1, W1, GB, RB)
    do(s, "duel P2")
    assert s.held[0] == [asg(s, "odins-holmgang")] and s.pos == [BI, 0, 3]


def test_asgard_instructions_gold_and_repair() -> None:
    s = new(3, stack=("idunns-apples",))
    s.damage[0] = 2
    do(s, "use Idunn's Apples")
    assert s.damage[0] == 0 and s.gold[0] == 2 and s.n_loc + asg(s, "idunns-apples") in s.discard
    # what the card did is in the log: 'uses Idunn's Apples' alone left the 2 gold unexplained
    log, me = s.events_for(1), s.pname(0)
    at = log.index(f"{me} uses Idunn's Apples")
    assert log[at + 1 : at + 3] == [f"{me} repairs to 3 sections", f"{me} gains 2 gold"]


@pytest.mark.parametrize("last", ["duel", "recruit_discarded", "battle_gods"])
def test_asgard_instructions_before_the_deciding_one_are_carried_out_first(last: str) -> None:
    # "use" is instructions in order; the one that decides the card's fate comes last
    s = new(3, stack=("odins-holmgang",))
    a = asg(s, "odins-holmgang")
    cards = list(s.cs.asgard)
    cards[a] = cards[a]._replace(use=(Effect("gold", 3, 0), Effect(last, 1, 0)), dice=(0,))
    s.cs = s.cs._replace(asgard=tuple(cards))  # (a card set of one's own)
    s.wdiscard.append(war(s, "roland"))
    s.at_loc[loc(s, "chartres")] = False
    dice(s, more=True)
    do(s, "use Odin's Holmgang")
    assert s.gold[0] == 3
