"""The battle sequence: roll, Heathen Hammers, static abilities, the sacrifice loop, damage.

A battle is two `Side`s: a Captain (a seat) or a Location / the Gods (seat -1). Dice are chance
(`state.rng`); every choice inside a battle (sacrifice a card, buy a sword, stop) is an atomic
decision of the seat that makes it, taken in `Battle.decider` order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drakkar.games.villainous_vikings import effects as fx

if TYPE_CHECKING:
    from drakkar.games.villainous_vikings.state import VillainousVikingsState as VVState

CONQUER, RAID, CONTEST, GODS, DUEL = range(5)
KIND_NAMES = (
    "conquest",
    "raid",
    "fight for the Region",
    "battle before the Gods",
    "duel before the Gods",
)
SWORD_COST = 5
REFIGHT_LIMIT = 20  # fights in a battle; the last tied too (odds below 1e-20): the defender holds


class Side:
    """One side's totals in a fight. `sacs` are cards sacrificed in it: ('L'|'W'|'A', index)."""

    __slots__ = (
        "seat",
        "faces",
        "swords",
        "shields",
        "double",
        "weaken",
        "bought",
        "sacs",
        "sac_mask",
        "repair",
        "hammers",
        "ctx",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.faces: list[tuple[int, int]] = []  # (colour, face index)
        self.swords = 0
        self.shields = 0
        self.double = False
        self.weaken = 0
        self.bought = 0
        self.sacs: list[tuple[str, int]] = []
        self.sac_mask = 0  # 1 Location, 2 Warrior, 4 Asgard: at most one of each
        self.repair = 0
        self.hammers = 0  # colours whose hammer ability fired (bit mask)
        self.ctx = 0  # the conditions that hold for this side (its sacrifices check them too)

    def copy(self) -> Side:
        new = Side.__new__(Side)
        new.seat, new.faces, new.swords, new.shields = (
            self.seat,
            self.faces.copy(),
            self.swords,
            self.shields,
        )
        new.double, new.weaken, new.bought, new.sacs = (
            self.double,
            self.weaken,
            self.bought,
            self.sacs.copy(),
        )
        new.sac_mask, new.repair, new.hammers = self.sac_mask, self.repair, self.hammers
        new.ctx = self.ctx
        return new

    def shield_total(self) -> int:
        return self.shields * 2 if self.double else self.shields

    def key(self) -> tuple:
        return (
            self.seat,
            tuple(self.faces),
            self.swords,
            self.shields,
            self.double,
            self.weaken,
            self.bought,
            tuple(self.sacs),
            self.sac_mask,
            self.repair,
            self.hammers,
            self.ctx,
        )

    def to_json(self) -> dict:
        return {
            "seat": self.seat,
            "dice": [list(f) for f in self.faces],
            "swords": self.swords + self.bought,
            "shields": self.shield_total(),
            "weaken": self.weaken,
            "bought": self.bought,
            "sacrificed": [list(x) for x in self.sacs],
        }


class Battle:
    __slots__ = (
        "kind",
        "region",
        "sides",
        "decider",
        "turns",
        "acted",
        "target",
        "fights",
        "seats",
        "refit",
    )

    def __init__(self, kind: int, region: int, target: int, attacker: int, defender: int) -> None:
        self.kind = kind
        self.seats = (attacker, defender)  # defender -1: a Location or the Gods
        self.region = region  # -1: before the Gods, no Region abilities
        self.target = target  # Location index (conquer, raid) or Asgard index (Gods, duel)
        self.sides: list[Side] = []
        self.decider = 0
        self.turns = 0
        self.acted = False
        self.fights = 0
        self.refit = False  # a tie's damage left a crew too big: it fits the ship, then refight

    def copy(self) -> Battle:
        new = Battle.__new__(Battle)
        new.kind, new.region, new.target, new.seats = (
            self.kind,
            self.region,
            self.target,
            self.seats,
        )
        new.sides = [x.copy() for x in self.sides]
        new.decider, new.turns, new.acted, new.fights, new.refit = (
            self.decider,
            self.turns,
            self.acted,
            self.fights,
            self.refit,
        )
        return new

    def key(self) -> tuple:
        return (
            self.kind,
            self.region,
            self.target,
            self.seats,
            tuple(x.key() for x in self.sides),
            self.decider,
            self.turns,
            self.acted,
            self.fights,
            self.refit,
        )

    def swords(self, i: int) -> int:
        me, other = self.sides[i], self.sides[1 - i]
        return max(0, me.swords + me.bought - other.weaken)


# -- rolling -----------------------------------------------------------------------------------


def _reroll_blanks(s: VVState, side: Side) -> None:
    dice = s.cs.dice
    side.faces = [
        (c, s.rng.randrange(6))
        if dice[c][f][0] == 0 and dice[c][f][1] == 0 and not dice[c][f][2]
        else (c, f)
        for c, f in side.faces
    ]


def _battle_effect(s: VVState, side: Side, e: fx.Effect, opp_seat: int) -> None:
    k = e.kind
    if k == fx.SWORDS:
        side.swords += e.amount
    elif k == fx.SHIELDS:
        side.shields += e.amount
    elif k == fx.DOUBLE_SHIELDS:
        side.double = True
    elif k == fx.WEAKEN:
        side.weaken += e.amount
    elif k == fx.REROLL_BLANKS:
        _reroll_blanks(s, side)
    elif side.seat < 0:
        return  # a Location has no purse, hull or crew: the rest mean nothing to it
    elif k == fx.GOLD:
        s.gain(side.seat, e.amount)
        s.log(f"{s.pname(side.seat)} gains {e.amount} gold (Heathen Hammer)")
    elif k == fx.STEAL_GOLD and opp_seat >= 0:
        took = min(e.amount, s.gold[opp_seat])
        s.gold[opp_seat] -= took
        s.gain(side.seat, took)
        s.log(f"{s.pname(side.seat)} steals {took} gold from {s.pname(opp_seat)} (Heathen Hammer)")
    elif k == fx.REPAIR:
        side.repair += e.amount
    elif k == fx.SUMMON_DRAUGR:
        p = side.seat
        if s.reserve and len(s.crew[p]) < 3 - s.damage[p]:
            w = s.reserve.pop()
            s.crew[p].append(w)
            s.log(f"{s.pname(p)} summons {s.cs.warriors[w].name}")


def roll_side(
    s: VVState,
    side: Side,
    colours: tuple[int, ...],
    statics: list[fx.Effect],
    hammer: tuple[tuple[fx.Effect, ...], ...] | None,
    ctx: int,
    opp_seat: int,
) -> None:
    """Steps 1-3 of the battle sequence for one side. `hammer` None: each hammer is 2 swords."""
    rng = s.rng
    side.ctx = ctx
    side.faces = [(c, rng.randrange(6)) for c in colours]
    crew = _crew_statics(s, side.seat)
    size = len(s.crew[side.seat]) if side.seat >= 0 else 0
    for e in statics + crew:  # the Captain's and the crew's ("their effects are triggered")
        if e.kind == fx.REROLL_BLANKS and e.applies(ctx):
            _reroll_blanks(s, side)
    dice = s.cs.dice
    if hammer is not None:
        fired = True
        while fired:  # a reroll can turn up a fresh hammer of another colour
            fired = False
            for c, f in side.faces:
                if dice[c][f][2] and not side.hammers >> c & 1:
                    side.hammers |= 1 << c
                    fired = True
                    for e in hammer[c]:
                        if e.applies(ctx):
                            _battle_effect(s, side, e, opp_seat)
    for c, f in side.faces:
        sw, sh, ham = dice[c][f]
        side.swords += 2 if ham and hammer is None else sw
        side.shields += sh
    if side.seat >= 0:  # a Draugr summoned by a hammer above: his static counts too
        statics = statics + (
            crew if len(s.crew[side.seat]) == size else _crew_statics(s, side.seat)
        )
    for e in statics:
        if e.kind != fx.REROLL_BLANKS and e.applies(ctx):
            _battle_effect(s, side, e, opp_seat)


def _crew_statics(s: VVState, seat: int) -> list[fx.Effect]:
    """The static abilities of `seat`'s crew (none for a Location or the Gods: seat -1)."""
    if seat < 0:
        return []
    return [e for w in s.crew[seat] for e in s.cs.warriors[w].static]


def captain_context(s: VVState, seat: int, attacking: bool, region: int, vs: int) -> int:
    ctx = (fx.ATTACKING if attacking else fx.DEFENDING) | vs
    if region > 0:
        faceup, region_of = s.faceup, s.tables.loc_region
        explored = any(faceup[i] and region_of[i] == region for i in s.owned[seat])
        ctx |= fx.EXPLORED if explored else fx.UNEXPLORED
    return ctx


def roll_captain(
    s: VVState, seat: int, ctx: int, opp_seat: int, sacrificed: tuple[int, ...] = ()
) -> Side:
    """`sacrificed`: Warriors sacrificed earlier in this battle, whose statics still count."""
    side = Side(seat)
    cap = s.cs.captains[s.captain[seat]]
    statics = list(cap.static) + [e for w in sacrificed for e in s.cs.warriors[w].static]
    roll_side(s, side, (0, 1, 2)[: 3 - s.damage[seat]], statics, cap.hammer, ctx, opp_seat)
    return side


def start_fight(s: VVState, b: Battle) -> None:
    """Roll both sides, log them, and hand the first sacrifice turn to the current loser."""
    cs = s.cs
    a, d = b.seats
    kind = b.kind
    b.fights += 1
    if kind in (CONTEST, DUEL):
        b.sides = [
            roll_captain(s, a, captain_context(s, a, True, b.region, fx.VS_CAPTAIN), d),
            roll_captain(s, d, captain_context(s, d, False, b.region, fx.VS_CAPTAIN), a),
        ]
    else:
        vs = fx.VS_LOCATION if kind != GODS else 0
        b.sides = [roll_captain(s, a, captain_context(s, a, True, b.region, vs), -1)]
        other = Side(-1)
        if kind == GODS:
            roll_side(s, other, cs.asgard[b.target].dice, [], None, fx.DEFENDING | fx.VS_CAPTAIN, a)
        else:
            loc = cs.locations[b.target]
            w = loc.warrior if kind == CONQUER and s.at_loc[b.target] else -1
            war = (
                cs.warriors[w] if w >= 0 and cs.warriors[w].kind in ("hero", "sovereign") else None
            )
            statics = list(war.static) if war else []
            hammer = war.hammer if war and war.kind == "sovereign" else None
            roll_side(s, other, loc.dice, statics, hammer, fx.DEFENDING | fx.VS_CAPTAIN, a)
        b.sides.append(other)
    for x in b.sides:
        who = s.side_name(b, x)
        s.log(
            f"{who} {'roll' if who == 'the Gods' else 'rolls'} {s.faces_text(x.faces)}: "
            f"{fx.count(x.swords, 'sword')}, "
            f"{fx.count(x.shield_total(), 'shield')}" + (f", enemy -{x.weaken}" if x.weaken else "")
        )
    b.turns = 0
    b.acted = False
    b.decider = (
        0 if b.swords(0) <= b.swords(1) or b.seats[1] < 0 else 1
    )  # the loser (attacker on a tie)


# -- the sacrifice loop ------------------------------------------------------------------------


def sacrifice_options(s: VVState, side: Side) -> list[tuple[str, int]]:
    """What `side` may still sacrifice: face-up Locations, Warriors and Asgard cards with an ability."""
    p, cs, out = side.seat, s.cs, []
    if not side.sac_mask & 1:
        out += [("L", i) for i in s.owned[p] if s.faceup[i]]
    if not side.sac_mask & 2:
        out += [("W", w) for w in s.crew[p] if cs.warriors[w].sacrifice]
    if not side.sac_mask & 4:
        out += [("A", a) for a in s.held[p] if cs.asgard[a].sacrifice]
    return out


def can_act(s: VVState, side: Side) -> bool:
    return s.gold[side.seat] >= SWORD_COST or bool(sacrifice_options(s, side))


def sacrifice(s: VVState, side: Side, what: str, idx: int) -> None:
    p, cs = side.seat, s.cs
    if what == "L":
        s.owned[p].remove(idx)
        effects, bit, name = cs.locations[idx].sacrifice, 1, cs.locations[idx].name
    elif what == "W":
        s.crew[p].remove(idx)
        effects, bit, name = cs.warriors[idx].sacrifice, 2, cs.warriors[idx].name
    else:
        s.held[p].remove(idx)
        effects, bit, name = cs.asgard[idx].sacrifice, 4, cs.asgard[idx].name
    side.sacs.append((what, idx))
    side.sac_mask |= bit
    for e in effects:
        if e.applies(side.ctx):
            _battle_effect(s, side, e, -1)
    s.log(f"{s.pname(p)} sacrifices {name}: {fx.describe(effects)}")


def discard_sacrifices(s: VVState, side: Side) -> None:
    for what, idx in side.sacs:
        if what == "W":
            s.discard_warrior(idx)
        else:
            s.discard.append(idx if what == "L" else s.n_loc + idx)
    side.sacs = []


def sections_lost(s: VVState, seat: int, hits: int) -> int:
    """Count hits right to left; a section flips only when all its helmets are hit."""
    return sections_after(s.cs.helmets, s.damage[seat], hits) - s.damage[seat]


def sections_after(helmets: tuple[int, int, int], damage: int, hits: int) -> int:
    """The damage (sections down) of a Longship at `damage` after `hits`."""
    d = damage
    while d < 3 and hits >= helmets[2 - d]:
        hits -= helmets[2 - d]
        d += 1
    return d


def hit(s: VVState, seat: int, hits: int) -> bool:
    """Apply `hits` to a Longship. True: sunk (the white section flipped)."""
    lost = sections_lost(s, seat, hits)
    if lost:
        s.log(f"{s.pname(seat)} loses {fx.count(lost, 'section')}")
    s.damage[seat] += lost
    return s.damage[seat] == 3


def hits_taken(b: Battle, i: int) -> int:
    """The hits side `i` takes if the fight ended now: the other's swords less its shields."""
    return max(0, b.swords(1 - i) - b.sides[i].shield_total())


def standing(s: VVState, b: Battle) -> int | None:
    """Who wins if both sides stop now (step 4, and sinking): the side's index, -1 when both
    ships sink (no victor), None for a tie between Captains (fought again)."""
    sa, sd = b.swords(0), b.swords(1)
    a, d = b.seats
    sunk_a = s.damage[a] + sections_lost(s, a, hits_taken(b, 0)) == 3
    sunk_d = d >= 0 and s.damage[d] + sections_lost(s, d, hits_taken(b, 1)) == 3
    if d >= 0 and sa == sd and not sunk_a and not sunk_d and b.fights < REFIGHT_LIMIT:
        return None
    if sunk_a and sunk_d:
        return -1
    if sunk_a or sunk_d:
        return 1 if sunk_a else 0
    # Locations and the Gods win ties; so does a Captain defending past the refight limit
    return 0 if sa > sd else 1


def end_fight(s: VVState, b: Battle) -> int | None:
    """Steps 5c-6: the victor, damage, sinking. None: a tie between Captains, refought.
    Else the winning side's index, or -1 when both ships sank (no victor)."""
    a_side, d_side = b.sides
    sa, sd = b.swords(0), b.swords(1)
    a, d = b.seats
    s.log(f"{s.side_name(b, a_side)} {fx.count(sa, 'sword')} against {s.side_name(b, d_side)} {sd}")
    win = standing(s, b)  # (before the damage it foretells)
    sunk_a = hit(s, a, hits_taken(b, 0))
    sunk_d = d >= 0 and hit(s, d, hits_taken(b, 1))
    for side in b.sides:
        discard_sacrifices(s, side)
    if win is None:
        s.log("Vikings do not tie: the battle is fought again")
        _repairs(s, b)
        # "apply any damage, and refight the Battle ... treated as a new Battle": a Warrior on
        # a section just lost is moved or discarded before the refight, not after it
        over = overcrewed(s, b)
        for seat in over:
            s.log(f"{s.pname(seat)} must first discard a Warrior to fit the damaged Longship")
        b.refit = bool(over)
        if not b.refit:
            start_fight(s, b)
        return None
    for i, sunk in ((0, sunk_a), (1, sunk_d)):
        if sunk:
            seat = b.seats[i]
            lost = (s.gold[seat] + 1) // 2
            s.gold[seat] -= lost
            s.damage[seat] = 2  # the white section flips back to full strength
            s.pos[seat] = 0
            other = b.seats[1 - i]
            s.log(f"{s.pname(seat)}'s Longship sinks: loses {lost} gold and goes home")
            if other >= 0 and win != -1:
                s.gain(other, lost)
            if s.owned[seat]:
                s.pending.insert(0, ("lose_location", seat))
    _repairs(s, b)
    for seat in overcrewed(s, b):
        s.pending.insert(0, ("crew", seat))
    return win


def overcrewed(s: VVState, b: Battle) -> list[int]:
    """The battle's Captains whose crew is more than their Longship now holds."""
    return [q for q in b.seats if q >= 0 and len(s.crew[q]) > s.capacity(q)]


def _repairs(s: VVState, b: Battle) -> None:
    for side in b.sides:
        if side.seat >= 0 and side.repair:
            s.repair_free(side.seat, side.repair)  # (says so in the log)
            side.repair = 0
