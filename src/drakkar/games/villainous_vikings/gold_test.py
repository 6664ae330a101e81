"""Scenario tests: gold never exceeds 60, whatever brings it (the rulebook's cap; more is lost)."""

from __future__ import annotations

import pytest

from drakkar.games.villainous_vikings.effects import Effect
from drakkar.games.villainous_vikings.scenarios import (
    BI,
    G1,
    GB,
    R1,
    RB,
    W1,
    W2,
    WH,
    conquest,
    dice,
    do,
    give,
    new,
    plain,
)
from drakkar.games.villainous_vikings.state import VillainousVikingsState as VVState


def _fought(s: VVState) -> None:
    """Both sides decline to sacrifice or buy swords (59 gold would buy some)."""
    while s.battle is not None:
        do(s, "done")


def _conquered(how: str) -> VVState:
    s = conquest()  # Lindisfarne: 1 gold
    s.gold[0] = 59
    dice(s, W1, GB, RB, GB, GB)  # 1 sword against none
    do(s, "conquer Lindisfarne")
    _fought(s)
    do(s, how)
    return s


def _raid() -> VVState:
    s = new(3, stack=("lindisfarne",))
    plain(s)
    give(s, 1, "lindisfarne")
    s.pos[1], s.gold[0] = 0, 59
    do(s, "move to the British Isles")
    dice(s, W2, G1, R1, G1, GB)  # 4 against 1
    do(s, "raid Lindisfarne")
    _fought(s)
    return s


def _danegeld() -> VVState:
    s = new(3, stack=("lindisfarne",))
    s.gold[0] = 59
    do(s, "move to the British Isles", "danegeld Lindisfarne")
    return s


def _asgard() -> VVState:
    s = new(3, stack=("idunns-apples",))  # repair 2, gain 2 gold
    s.gold[0] = 59
    do(s, "use Idunn's Apples")
    return s


def _hammer() -> VVState:
    s = conquest(hammer=((Effect("gold", 3, 0),), (), ()))
    s.gold[0] = 59
    dice(s, WH, G1, R1, GB, GB)
    do(s, "conquer Lindisfarne")
    _fought(s)
    return s


def _captains(hammer: tuple, rolls: tuple, gold_1: int) -> VVState:
    """P0 (59 gold) sails into the British Isles, where P1 stands and fights."""
    s = new(3)
    plain(s, hammer=hammer, seat_captain=s.captain[0])
    s.pos[1], s.damage[1], s.gold[1], s.gold[0] = BI, 2, gold_1, 59
    do(s, "move to the British Isles")
    dice(s, *rolls)
    do(s, "contest")
    _fought(s)
    return s


SOURCES = {
    "danegeld": _danegeld,
    "colonize": lambda: _conquered("colonize"),
    "raze": lambda: _conquered("raze"),
    "raid": _raid,
    "an Asgard card": _asgard,
    "a hammer's gold": _hammer,
    # steal 3 from P1's 2 gold: P1 loses both, P0 keeps one
    "a hammer's steal": lambda: _captains(
        ((Effect("steal_gold", 3, 32),), (), ()), (WH, G1, R1, W1), 2
    ),
    # P1 sinks (4 hits on his lone white section) and pays P0 half his 9 gold, 5
    "a sunk rival's half": lambda: _captains(((), (), ()), (W2, G1, R1, W1), 9),
}


@pytest.mark.parametrize("source", SOURCES)
def test_gold_never_exceeds_sixty(source: str) -> None:
    s = SOURCES[source]()
    assert s.gold[0] == 60
