"""Scenario helpers: a game with chosen Captains and stacked deck, scripted dice, plain Captains."""

from __future__ import annotations

from typing import Any

from drakkar.engine.rng import Rng
from drakkar.games.villainous_vikings import GAME
from drakkar.games.villainous_vikings.cards import Captain
from drakkar.games.villainous_vikings.effects import Effect
from drakkar.games.villainous_vikings.state import VillainousVikingsState as VVState

# die faces by index: white 0 2swords 1 sword 2 sword 3 sword+shield 4 shield 5 hammer
#                     grey  0 sword 1 sword 2 sword+shield 3 shield 4 hammer 5 blank
#                     red   0 sword 1 sword 2 shield 3 hammer 4 blank 5 blank
W2, W1, WSS, WSH, WH = 0, 1, 3, 4, 5
G1, GSS, GSH, GH, GB = 0, 2, 3, 4, 5
R1, RSH, RH, RB = 0, 2, 3, 4
BI = 2  # the British Isles, by region index


class Dice:
    """A scripted stand-in for state.rng: randrange returns the queued values in order."""

    def __init__(self, values: list[int], more: bool = False) -> None:
        self.values = list(values)
        self.more = more  # once the script runs out, roll for real
        self.rest = Rng(7)

    def randrange(self, n: int) -> int:
        if not self.values and self.more:
            return self.rest.randrange(n)
        assert self.values, "the scenario ran out of scripted dice"
        v = self.values.pop(0)
        assert 0 <= v < n
        return v

    def shuffle(self, x: Any) -> None:
        pass

    def copy(self) -> Dice:
        new = Dice(self.values, self.more)
        new.rest = self.rest.copy()
        return new

    def getstate(self) -> tuple:
        return (tuple(self.values), self.rest.getstate())


def new(
    players: int = 4,
    stack: tuple[str, ...] = (),
    captains: tuple[str, ...] | None = None,
    **options: Any,
) -> VVState:
    caps = captains or ("ragnar", "lagertha", "glamr", "ivar", "freydis")[:players]
    s = GAME.new(players, 1, {"stack": stack, "captains": caps, **options})
    assert isinstance(s, VVState)
    return s


def plain(
    s: VVState,
    static: tuple[Effect, ...] = (),
    hammer: tuple[tuple[Effect, ...], ...] = ((), (), ()),
    seat_captain: int | None = None,
) -> None:
    """Give every Captain no abilities (or give one Captain index the ones named)."""
    caps = []
    for i, c in enumerate(s.cs.captains):
        if seat_captain is None or i == seat_captain:
            caps.append(Captain(c.id, c.name, static, hammer))
        else:
            caps.append(Captain(c.id, c.name, (), ((), (), ())))
    s.cs = s.cs._replace(captains=tuple(caps))


def loc(s: VVState, cid: str) -> int:
    return next(i for i, c in enumerate(s.cs.locations) if c.id == cid)


def war(s: VVState, cid: str) -> int:
    return next(i for i, c in enumerate(s.cs.warriors) if c.id == cid)


def asg(s: VVState, cid: str) -> int:
    return next(i for i, c in enumerate(s.cs.asgard) if c.id == cid)


def dice(s: VVState, *values: int, more: bool = False) -> None:
    s.rng = Dice(list(values), more)  # type: ignore[assignment]
    s._legal = None


def do(s: VVState, *labels: str) -> None:
    for text in labels:
        s.apply_label(text)
        s.check_invariants()


def give(s: VVState, p: int, *cids: str) -> None:
    """Move Locations (face up, Warriors gone) into seat p's Player Area, wherever they were."""
    for cid in cids:
        i = loc(s, cid)
        for pile in (s.deck, s.box, s.pool, s.discard, *s.owned):
            if i in pile:
                pile.remove(i)
        w = s.cs.locations[i].warrior
        if w >= 0 and s.at_loc[i]:
            s.at_loc[i] = False
            s.wdiscard.append(w)
        s.owned[p].append(i)
        s.faceup[i] = True


def hold(s: VVState, p: int, cid: str) -> None:
    """Put an Asgard card into seat p's Player Area, wherever it was."""
    a = asg(s, cid)
    for pile in (s.deck, s.box, s.pool, s.discard):
        if s.n_loc + a in pile:
            pile.remove(s.n_loc + a)
    s.held[p].append(a)


def kill(s: VVState, p: int, wid: str) -> None:
    """Seat p has killed this Sovereign (its Location keeps no Warrior)."""
    w = war(s, wid)
    i = next(i for i, c in enumerate(s.cs.locations) if c.warrior == w)
    s.at_loc[i] = False
    s.sovereigns[p].append(w)


def conquest(
    static: tuple = (),
    hammer: tuple = ((), (), ()),
    stack: str = "lindisfarne",
    region: str = "the British Isles",
) -> VVState:
    """P0, with only the abilities given and no gold, sails to `region` (where `stack`, the
    Location on top of the Journey Deck, lies) to attack it."""
    s = new(3, stack=(stack,))
    plain(s, static, hammer, seat_captain=s.captain[0])
    s.gold[0] = 0
    do(s, f"move to {region}")
    return s


def swords_after(
    static: tuple = (), hammer: tuple = ((), (), ()), rolls: tuple = (W1, GB, RB, GB, GB)
) -> VVState:
    """`conquest` with these dice (the Captain's, then the Location's), Lindisfarne attacked."""
    s = conquest(static, hammer)
    dice(s, *rolls)
    do(s, "conquer Lindisfarne")
    return s
