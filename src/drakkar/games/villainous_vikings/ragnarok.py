"""Ragnarok: the Trader & Pillager award, repairs, then elimination rounds until one remains.

Every remaining Captain rolls; then, starting with the player whose turn it is, each may
sacrifice cards and buy swords until all have declined in a row; the lowest total is out
(the tied lowest roll again until one is lower). No damage is dealt, no Region counts. A
round is one battle: a Warrior sacrificed in it keeps his static in its tie rerolls, and a
Heathen Hammer's repair mends the Longship when it is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drakkar.engine.events import verdict
from drakkar.games.villainous_vikings import battle as B
from drakkar.games.villainous_vikings import effects as fx

if TYPE_CHECKING:
    from drakkar.games.villainous_vikings.state import VillainousVikingsState as VVState

REROLL_LIMIT = (
    100  # tied-lowest rerolls; past this (odds below 1e-60) the later seat in turn order is out
)


class Ragnarok:
    __slots__ = ("alive", "sides", "idx", "passes", "acted", "rolled")

    def __init__(self, alive: list[int]) -> None:
        self.alive = alive
        self.sides: dict[int, B.Side] = {}
        self.idx = 0
        self.passes = 0
        self.acted = False
        self.rolled = False

    def copy(self) -> Ragnarok:
        new = Ragnarok.__new__(Ragnarok)
        new.alive = self.alive.copy()
        new.sides = {p: x.copy() for p, x in self.sides.items()}
        new.idx, new.passes, new.acted, new.rolled = self.idx, self.passes, self.acted, self.rolled
        return new

    def key(self) -> tuple:
        return (
            tuple(self.alive),
            tuple((p, x.key()) for p, x in sorted(self.sides.items())),
            self.idx,
            self.passes,
            self.acted,
            self.rolled,
        )

    def current(self) -> int:
        return self.alive[self.idx]


def begin(s: VVState) -> None:
    """Ragnarok is revealed (or the round limit is reached): the game ends in battle."""
    if s.rag_code in s.deck:
        s.deck.remove(s.rag_code)
    n = s.num_players
    vps = [s.vp(p) for p in range(n)]
    low = min(vps)
    if vps.count(low) == 1:
        p = vps.index(low)
        s.tokens[p] |= 8
        s.log(f"{s.pname(p)} has the fewest Valhalla Points and takes the Trader & Pillager token")
    order = [(s.turn + i) % n for i in range(n)]
    s.pending += [("rag_repair", p) for p in order]
    s.rag = Ragnarok(order)


def can_repair(s: VVState, p: int) -> bool:
    d = s.damage[p]
    return d > 0 and s.gold[p] >= (0, 2, 3)[d]  # rules.REPAIR_COST


def step(s: VVState) -> bool:
    """Run automatic steps; False when the current seat must decide."""
    r = s.rag
    assert r is not None
    if not r.rolled:
        for p in r.alive:
            side = B.roll_captain(s, p, fx.VS_CAPTAIN, -1)
            r.sides[p] = side
            s.log(
                f"{s.pname(p)} rolls {s.faces_text(side.faces)}: {fx.count(side.swords, 'sword')}"
            )
        r.rolled, r.idx, r.passes, r.acted = True, 0, 0, False
        return True
    if B.can_act(s, r.sides[r.current()]):
        return False
    turn_done(s, r.acted)
    return True


def turn_done(s: VVState, acted: bool) -> None:
    r = s.rag
    assert r is not None
    r.passes = 1 if acted else r.passes + 1
    if r.passes >= len(r.alive):
        end_round(s)
    else:
        r.idx = (r.idx + 1) % len(r.alive)
        r.acted = False


def end_round(s: VVState) -> None:
    r = s.rag
    assert r is not None
    sides = r.sides
    totals = {p: sides[p].swords + sides[p].bought for p in r.alive}
    repair = {p: sides[p].repair for p in r.alive}
    low = min(totals.values())
    losers = [p for p in r.alive if totals[p] == low]
    tries = 0
    while len(losers) > 1 and tries < REROLL_LIMIT:
        tries += 1
        for p in losers:
            # the round's battle goes on: a Warrior sacrificed in it keeps his static ability
            # until it ends (rulebook, step 5), so his static counts in the reroll too
            fallen = tuple(i for what, i in sides[p].sacs if what == "W")
            side = B.roll_captain(s, p, fx.VS_CAPTAIN, -1, fallen)
            totals[p] = side.swords
            repair[p] += side.repair
            s.log(f"{s.pname(p)} rerolls the tie: {fx.count(side.swords, 'sword')}")
        low = min(totals[p] for p in losers)
        losers = [p for p in losers if totals[p] == low]
    for side in sides.values():
        B.discard_sacrifices(s, side)
    r.sides = {}
    for p in r.alive:  # a hammer's repair, once the battle is over (no damage came before it)
        s.repair_free(p, repair[p])
    out = losers[-1]
    r.alive.remove(out)
    s.rank.append(out)
    s.log(f"{s.pname(out)} is cast out of Ragnarok")
    if len(r.alive) == 1:
        win = r.alive[0]
        s.rank.append(win)
        s.rag_owner = win
        s.over = True
        s.log(f"{s.pname(win)} wins Ragnarok (+7 VP)")
        for p in range(s.num_players):
            s.log(f"{s.pname(p)}: {s.vp(p)} Valhalla Points")
        s.log(_verdict(s))
    else:
        r.rolled = False


def _verdict(s: VVState) -> str:
    """Who wins and why, by `returns`' rule: most VP, then lasting longer in Ragnarok."""
    won = [p for p, r in enumerate(s.returns()) if r > 0]
    vp = s.vp(won[0])
    tied = [s.pname(p) for p in range(s.num_players) if s.vp(p) == vp and p not in won]
    return verdict(
        [s.pname(p) for p in won], f"{vp} Valhalla Points", tied, "by lasting longer in Ragnarok"
    )
