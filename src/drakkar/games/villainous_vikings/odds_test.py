"""The bot's odds for Asgard fights: exact sums over the dice, checked by hand on a small case
and against the battle code itself (many rolls of the engine's own battle sequence)."""

from __future__ import annotations

import pytest

from drakkar.engine.rng import Rng
from drakkar.games.villainous_vikings import battle as B
from drakkar.games.villainous_vikings import odds
from drakkar.games.villainous_vikings.scenarios import asg, new, war


def test_the_gods_roll_counts_each_hammer_as_two_swords() -> None:
    s = new()
    # one red die: sword, sword, shield, hammer, blank, blank -> 0 swords 3/6, 1 sword 2/6, 2 1/6
    got = dict(odds.gods_roll(s.cs, (2,)))
    assert got == pytest.approx({0: 3 / 6, 1: 2 / 6, 2: 1 / 6})
    assert sum(p for _, p in odds.gods_roll(s.cs, (0, 0, 1))) == pytest.approx(1.0)


def test_a_crew_reroll_turns_blanks_into_other_faces() -> None:
    s = new(captains=("ragnar", "lagertha", "glamr", "ivar"))
    plain = odds.captain_roll(s.cs, s.captain[0], 2, (), 0)  # the white die alone: no blank
    cu_roi = odds.captain_roll(s.cs, s.captain[0], 0, (war(s, "cu-roi"),), 0)
    without = odds.captain_roll(s.cs, s.captain[0], 0, (), 0)
    assert sum(p for _, p in plain) == pytest.approx(1.0)

    def swords(roll: odds.Roll) -> float:
        return sum(p * sw for (sw, _, _), p in roll)

    assert swords(cu_roi) > swords(without)  # the grey and red blanks are rolled again


def _engine_odds(s, kind: int, target: int, defender: int, n: int) -> tuple[float, float, float]:
    """The battle code's own first fight, rolled n times: (win, sections lost, foe's lost),
    a Captains' tie counted as half a win, as `odds.duel` counts it."""
    win = lost = foe_lost = 0.0
    for i in range(n):
        w = s.clone()
        w.rng = Rng(i)
        b = B.Battle(kind, -1, target, 0, defender)
        B.start_fight(w, b)
        standing = B.standing(w, b)
        win += 1.0 if standing == 0 else 0.5 if standing is None else 0.0
        lost += B.sections_lost(w, 0, B.hits_taken(b, 0))
        if defender >= 0:
            foe_lost += B.sections_lost(w, defender, B.hits_taken(b, 1))
    return win / n, lost / n, foe_lost / n


@pytest.mark.parametrize("captain", ["ragnar", "bjorn", "lagertha"])
def test_the_odds_before_the_gods_match_the_battle_code(captain: str) -> None:
    s = new(captains=(captain, "erik", "glamr", "ivar"))
    s.crew[0] = [war(s, "cu-roi")]  # a crew reroll, to check it too
    a = asg(s, "thors-wrath")
    f = odds.against_gods(s.cs, s.captain[0], 0, tuple(s.crew[0]), s.cs.asgard[a].dice, 0)
    win, lost, _ = _engine_odds(s, B.GODS, a, -1, 6000)
    assert f.win == pytest.approx(win, abs=0.02)
    assert f.lost == pytest.approx(lost, abs=0.03)
    assert f.bought == 0.0


def test_buying_swords_raises_the_odds_and_counts_the_swords_bought() -> None:
    s = new()
    dice = s.cs.asgard[asg(s, "valkyries-trial")].dice
    free = odds.against_gods(s.cs, s.captain[0], 0, (), dice, 0)
    rich = odds.against_gods(s.cs, s.captain[0], 0, (), dice, 2)
    assert rich.win > free.win and rich.bought > 0 and rich.lost == free.lost


def test_the_odds_of_a_duel_match_the_battle_code() -> None:
    s = new(captains=("erik", "lagertha", "glamr", "ivar"))
    s.damage[1] = 1
    f = odds.duel(s.cs, (s.captain[0], 0, ()), (s.captain[1], 1, ()))
    win, lost, foe_lost = _engine_odds(s, B.DUEL, asg(s, "lokis-wager"), 1, 6000)
    assert f.win == pytest.approx(win, abs=0.02)
    assert f.lost == pytest.approx(lost, abs=0.03)
    assert f.foe_lost == pytest.approx(foe_lost, abs=0.03)
