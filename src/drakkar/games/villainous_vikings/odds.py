"""The heuristic bot's odds for an Asgard card's battle or duel, worked out exactly from the card
set's dice and the abilities in play: public facts only (the Captains, their crews and
Longships, the card), so nothing hidden is read and no die is rolled.

A side's roll is its battle sequence's steps 1-3 (rerolls of blanks, Heathen Hammers, static
abilities) as a distribution of (swords, shields, weaken); gold, repairs and Draugr summoned
mid-roll are left out. Results are cached: the same few Captains, crews and cards recur in a
game and in every roll-out of a search.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from typing import Any, NamedTuple, TypeVar, cast

from drakkar.games.villainous_vikings import effects as fx
from drakkar.games.villainous_vikings.battle import sections_after
from drakkar.games.villainous_vikings.cards import CardSet

#: a roll's outcomes: ((swords, shields counted, weaken), probability)
Roll = tuple[tuple[tuple[int, int, int], float], ...]
T = TypeVar("T")
#: each card set's memo, by the set's id (the set is kept beside it: an id can be reused)
_MEMOS: dict[int, tuple[CardSet, dict[Any, Any]]] = {}


class Fight(NamedTuple):
    """What a fight is likely to bring the bot: its chance to win, the sections each side
    expects to lose, each side's chance to sink, and the swords the bot expects to buy."""

    win: float
    lost: float
    sink: float
    foe_lost: float
    foe_sink: float
    bought: float


def memo(cs: CardSet) -> dict[Any, Any]:
    """A card set's memo of worked-out answers (this module's, and the bot's own)."""
    got = _MEMOS.get(id(cs))
    if got is None or got[0] is not cs:
        got = _MEMOS[id(cs)] = (cs, {})
    return got[1]


def cached(cs: CardSet, key: tuple, make: Callable[[], T]) -> T:
    """`make()`, worked out once for `cs` and `key`."""
    table = memo(cs)
    got = table.get(key)
    if got is None:
        if len(table) >= 100_000:
            table.clear()  # a bound on the memory, far above a game's needs
        got = table[key] = make()
    return cast(T, got)


def _downs(cs: CardSet, damage: int) -> list[int]:
    """Sections a Longship at `damage` loses, by hits taken (0 to more than sink it)."""
    top = sum(cs.helmets) + 1
    return [sections_after(cs.helmets, damage, h) - damage for h in range(top)]


def _face_odds(cs: CardSet, colour: int, rerolls: int) -> list[float]:
    """Each face's chance on a die of `colour` whose blanks are rerolled `rerolls` times."""
    faces = cs.dice[colour]
    blank = [f == (0, 0, False) for f in faces]
    p_blank = sum(blank) / 6
    keep = sum(p_blank**k for k in range(rerolls + 1)) / 6  # a non-blank face, at any roll
    return [p_blank**rerolls / 6 if b else keep for b in blank]


def captain_roll(cs: CardSet, captain: int, damage: int, crew: tuple[int, ...], ctx: int) -> Roll:
    """A Captain's roll with `damage` sections down and `crew` (Warrior indices) aboard, in a
    battle of context `ctx` (the effects' conditions)."""

    def make() -> Roll:
        cap = cs.captains[captain]
        statics = [e for e in cap.static if e.applies(ctx)]
        statics += [e for w in crew for e in cs.warriors[w].static if e.applies(ctx)]
        rerolls = sum(e.kind == fx.REROLL_BLANKS for e in statics)
        colours = (0, 1, 2)[: 3 - damage]
        odds = [_face_odds(cs, c, rerolls) for c in colours]
        out: dict[tuple[int, int, int], float] = {}
        for faces in product(range(6), repeat=len(colours)):
            p = 1.0
            fired = list(statics)
            sw = sh = 0
            for c, f in zip(colours, faces, strict=True):
                p *= odds[c][f]
                s, h, hammer = cs.dice[c][f]
                sw, sh = sw + s, sh + h
                if hammer:  # (once a colour: a Captain rolls one die of each)
                    fired += [e for e in cap.hammer[c] if e.applies(ctx)]
            wk, double = 0, False
            for e in fired:
                if e.kind == fx.SWORDS:
                    sw += e.amount
                elif e.kind == fx.SHIELDS:
                    sh += e.amount
                elif e.kind == fx.WEAKEN:
                    wk += e.amount
                elif e.kind == fx.DOUBLE_SHIELDS:
                    double = True
            key = (sw, sh * 2 if double else sh, wk)
            out[key] = out.get(key, 0.0) + p
        return tuple(out.items())

    return cached(cs, ("captain", captain, damage, crew, ctx), make)


def gods_roll(cs: CardSet, dice: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """The Gods' swords on `dice` (each hammer 2 swords, as for a Location without a Sovereign)."""

    def make() -> tuple[tuple[int, float], ...]:
        out: dict[int, float] = {}
        for faces in product(range(6), repeat=len(dice)):
            sw = 0
            for c, f in zip(dice, faces, strict=True):
                s, _, hammer = cs.dice[c][f]
                sw += 2 if hammer else s
            out[sw] = out.get(sw, 0.0) + 6.0 ** -len(dice)
        return tuple(out.items())

    return cached(cs, ("gods", dice), make)


def against_gods(
    cs: CardSet, captain: int, damage: int, crew: tuple[int, ...], dice: tuple[int, ...], buy: int
) -> Fight:
    """A battle before the Gods rolling `dice`. The bot, behind by at most `buy` swords (what
    its gold buys, 3 at most), buys the swords it lacks (its battle rule of thumb)."""

    def make() -> Fight:
        downs, top = _downs(cs, damage), sum(cs.helmets)
        win = lost = sink = bought = 0.0
        for (sw, sh, wk), p in captain_roll(cs, captain, damage, crew, fx.ATTACKING):
            for gods, q in gods_roll(cs, dice):
                pq = p * q
                g = max(0, gods - wk)
                down = downs[min(top, max(0, g - sh))]
                lost += pq * down
                if damage + down == 3:
                    sink += pq
                    continue
                need = g - sw + 1  # the Gods win ties
                if need <= buy:
                    win += pq
                    bought += pq * max(0, need)
        return Fight(win, lost, sink, 0.0, 0.0, bought)

    return cached(cs, ("gods fight", captain, damage, crew, dice, buy), make)


def duel(
    cs: CardSet,
    me: tuple[int, int, tuple[int, ...]],
    foe: tuple[int, int, tuple[int, ...]],
) -> Fight:
    """An Asgard duel of `me` against `foe`, each (Captain, damage, crew). A tie is refought:
    counted here as an even chance. Nobody buys swords (both sides could)."""

    def make() -> Fight:
        downs, foe_downs, top = _downs(cs, me[1]), _downs(cs, foe[1]), sum(cs.helmets)
        win = lost = sink = foe_lost = foe_sink = 0.0
        mine = captain_roll(cs, me[0], me[1], me[2], fx.ATTACKING | fx.VS_CAPTAIN)
        theirs = captain_roll(cs, foe[0], foe[1], foe[2], fx.DEFENDING | fx.VS_CAPTAIN)
        for (sw, sh, wk), p in mine:
            for (tsw, tsh, twk), q in theirs:
                pq = p * q
                a, d = max(0, sw - twk), max(0, tsw - wk)
                down = downs[min(top, max(0, d - sh))]
                foe_down = foe_downs[min(top, max(0, a - tsh))]
                lost += pq * down
                foe_lost += pq * foe_down
                sunk, foe_sunk = me[1] + down == 3, foe[1] + foe_down == 3
                if sunk or foe_sunk:
                    sink += pq * sunk
                    foe_sink += pq * foe_sunk
                    win += pq * (foe_sunk and not sunk)
                elif a != d:
                    win += pq * (a > d)
                else:
                    win += pq / 2
        return Fight(win, lost, sink, foe_lost, foe_sink, 0.0)

    return cached(cs, ("duel", me, foe), make)
