"""The turn's actions and the decisions after battles (split from state.py; labels and views
are in view.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drakkar.games.villainous_vikings import actions as A
from drakkar.games.villainous_vikings import battle as B
from drakkar.games.villainous_vikings import effects as fx
from drakkar.games.villainous_vikings import ragnarok as R

if TYPE_CHECKING:
    from drakkar.games.villainous_vikings.state import VillainousVikingsState as VVState

REPAIR_COST = (0, 2, 3)  # by damage level: repairing the leftmost damaged section
#: a sacrifice's action block by what is sacrificed, and back
SAC_ACTION = {"L": A.SAC_LOCATION, "W": A.SAC_WARRIOR, "A": A.SAC_ASGARD}
SAC_WHAT = {"sac_location": "L", "sac_warrior": "W", "sac_asgard": "A"}
POOL_LIMITS = (2, 10)


def retreat_cost(s: VVState, p: int) -> int:
    """2 gold per undamaged section, or all of `p`'s gold if less."""
    return min(s.gold[p], 2 * s.capacity(p))


def repair_cost(s: VVState, p: int, k: int) -> int:
    d = s.damage[p]
    return sum(REPAIR_COST[d - i] for i in range(k)) if k <= d else 10**6


# -- legal actions -----------------------------------------------------------------------------


def _sacrifice_legal(s: VVState, side: B.Side) -> list[int]:
    out = [A.DONE]
    for what, i in B.sacrifice_options(s, side):
        out.append(SAC_ACTION[what] + i)
    if s.gold[side.seat] >= B.SWORD_COST:
        out.append(A.BUY_SWORD)
    return sorted(out)


def legal(s: VVState) -> list[int]:
    if s.battle is not None:
        if s.battle.refit:
            p = B.overcrewed(s, s.battle)[0]
            return sorted(A.DISCARD_WARRIOR + w for w in s.crew[p])
        return _sacrifice_legal(s, s.battle.sides[s.battle.decider])
    if s.pending:
        return _pending_legal(s, s.pending[0])
    if s.rag is not None:
        return _sacrifice_legal(s, s.rag.sides[s.rag.current()])
    return _turn_legal(s, s.turn)


def _pending_legal(s: VVState, head: tuple) -> list[int]:
    kind, p = head[0], head[1]
    if kind == "contest":
        return [A.CONTEST, A.RETREAT]
    if kind == "crew":
        return sorted(A.DISCARD_WARRIOR + w for w in s.crew[p])
    if kind == "lose_location":
        return sorted(A.LOSE_LOCATION + i for i in s.owned[p])
    if kind == "conquest":
        return [A.COLONIZE, A.RAZE]
    if kind == "hero":
        return [A.TAKE_HERO, A.DISMISS_HERO]
    if kind == "recruit":
        return sorted(A.RECRUIT + w for w in s.wdiscard)
    if kind == "duel_target":
        return [A.DUEL + q for q in range(s.num_players) if q != p]
    assert kind == "rag_repair"
    return [A.DONE, A.RAGNAROK_REPAIR]


def _turn_legal(s: VVState, p: int) -> list[int]:
    n_loc, region_of, merc = s.n_loc, s.tables.loc_region, s.tables.merc_cost
    r = s.pos[p]
    out = list(s.tables.moves[r])
    gold = s.gold[p]
    if r > 0:
        trade = False
        at_loc = s.at_loc
        for c in s.pool:
            if c < n_loc and region_of[c] == r:
                trade = True
                out.append(A.CONQUER + c)
                out.append(A.DANEGELD + c)
                if at_loc[c] and 0 <= merc[c] <= gold:
                    out.append(A.HIRE + c)
        faceup = s.faceup
        for q, owned in enumerate(s.owned):
            for i in owned:
                if region_of[i] == r:
                    if q != p and faceup[i]:
                        out.append(A.RAID + i)
                    elif q == p and not faceup[i]:
                        out.append(A.REBUILD + i)
        d = s.damage[p]
        if trade and d:
            if gold >= REPAIR_COST[d]:
                out.append(A.REPAIR)
            if d == 2 and gold >= 5:
                out.append(A.REPAIR + 1)
    else:
        if s.damage[p]:
            out.append(A.REGROUP)
        out += [A.BONUS + t for t in range(3) if s.bonus_ok(p, t)]
    for c in s.pool:
        if c >= n_loc:
            out.append(A.ASGARD + c - n_loc)
    out.append(A.END_TURN)
    out.sort()
    return out


# -- playing -----------------------------------------------------------------------------------


def play(s: VVState, action: int) -> None:
    kind, arg = A.KIND_OF[action], A.ARG_OF[action]
    if s.battle is not None and s.battle.refit:
        _discard_from_crew(s, B.overcrewed(s, s.battle)[0], arg)
    elif s.battle is not None:
        _sacrifice_play(s, s.battle.sides[s.battle.decider], kind, arg, battle=True)
    elif s.pending:
        _pending_play(s, kind, arg)
    elif s.rag is not None:
        _sacrifice_play(s, s.rag.sides[s.rag.current()], kind, arg, battle=False)
    elif kind == "end_turn":
        s.log(f"{s.pname(s.turn)} ends the turn")
        end_turn(s)
    else:
        s.pending.append(("end_action", -1))
        _turn_play(s, s.turn, kind, arg)
    advance(s)


def _sacrifice_play(s: VVState, side: B.Side, kind: str, arg: int, battle: bool) -> None:
    if kind == "done":
        # a public choice like any other: a replay or the log must not skip it
        more = "adds nothing more" if side.sacs or side.bought else "sacrifices nothing"
        s.log(f"{s.pname(side.seat)} {more}")
        if battle:
            battle_turn_done(s, s.battle.acted if s.battle else False)
        else:
            assert s.rag is not None
            R.turn_done(s, s.rag.acted)
        return
    if kind == "buy_sword":
        s.gold[side.seat] -= B.SWORD_COST
        side.bought += 1
        s.log(f"{s.pname(side.seat)} buys a sword for {B.SWORD_COST} gold")
    else:
        B.sacrifice(s, side, SAC_WHAT[kind], arg)
    if battle and s.battle is not None:
        s.battle.acted = True
    elif s.rag is not None:
        s.rag.acted = True


def battle_turn_done(s: VVState, acted: bool) -> None:
    b = s.battle
    assert b is not None
    b.turns = 1 if acted else b.turns + 1  # declines in a row, the decider's own included
    other = 1 - b.decider
    if b.sides[other].seat < 0 or b.turns >= 2:
        finish_battle(s)
    else:
        b.decider, b.acted = other, False


def advance(s: VVState) -> None:
    """Run every automatic step until a seat must decide (or the game is over)."""
    while not s.over:
        b = s.battle
        if b is not None:
            if b.refit:
                if B.overcrewed(s, b):
                    return
                b.refit = False
                B.start_fight(s, b)
                continue
            if B.can_act(s, b.sides[b.decider]):
                return
            battle_turn_done(s, b.acted)
            continue
        if s.pending:
            head = s.pending[0]
            kind, p = head[0], head[1]
            if kind == "end_action":
                s.pending.pop(0)
                s.actions_left -= 1
                if s.actions_left <= 0:
                    end_turn(s)
                continue
            if (
                (kind == "crew" and len(s.crew[p]) <= s.capacity(p))
                or (kind == "rag_repair" and not R.can_repair(s, p))
                or (kind == "lose_location" and not s.owned[p])
            ):
                s.pending.pop(0)
                continue
            return
        if s.rag is not None and R.step(s):
            continue
        return


def end_turn(s: VVState) -> None:
    s.actions_left = 0
    s.refill()
    if s.rag is not None:
        return
    s.turn = (s.turn + 1) % s.num_players
    s.actions_left = 2
    if s.turn == 0:
        s.round += 1
        if s.round > s.options.round_limit:  # type: ignore[attr-defined]
            s.log("The round limit is reached: Ragnarok comes")
            R.begin(s)


def finish_battle(s: VVState) -> None:
    b = s.battle
    assert b is not None
    before = len(s.pending)
    win = B.end_fight(s, b)
    if win is None:
        return  # a tie between Captains: refought
    s.battle = None
    at = len(s.pending) - before  # after the crew and sinking choices end_fight queued
    a, d = b.seats
    if b.kind == B.CONQUER:
        if win == 0:
            s.pending.insert(at, ("conquest", a, b.target))
        else:
            s.log(f"{s.cs.locations[b.target].name} holds")
    elif b.kind == B.RAID:
        if win == 0:
            loc = s.cs.locations[b.target]
            s.gain(a, 2 * loc.gold)
            s.repair_free(a, 1)
            s.faceup[b.target] = False
            s.log(f"{s.pname(a)} raids {loc.name} for {2 * loc.gold} gold")
    elif b.kind == B.CONTEST:
        if win == 0:
            s.pos[d], s.pos[a] = 0, b.region
            s.log(f"{s.pname(d)} retreats to the Northlands")
        else:
            s.pos[a] = 0
            if win == -1:
                s.pos[d] = 0
            s.log(f"{s.pname(a)} retreats to the Northlands")
    else:  # an Asgard battle: no one retreats
        card = s.cs.asgard[b.target]
        if win == 0:
            s.log(f"{s.pname(a)} wins before the Gods")
            keep = _instructions(s, a, card.reward)
            dispose_asgard(s, a, b.target, keep)
        else:
            dispose_asgard(s, a, b.target, False)


def _instructions(s: VVState, p: int, effects: tuple[fx.Effect, ...]) -> bool:
    """Run gold/repair/pool/keep instructions; True when the card is kept."""
    keep = False
    for e in effects:
        if e.kind == fx.GOLD:
            s.gain(p, e.amount)
            s.log(f"{s.pname(p)} gains {e.amount} gold")
        elif e.kind == fx.REPAIR:
            s.repair_free(p, e.amount)
        elif e.kind == fx.POOL:
            s.pool_size = max(POOL_LIMITS[0], min(POOL_LIMITS[1], s.pool_size + e.amount))
            s.log(f"the Journey Pool is now {s.pool_size} cards")
        elif e.kind == fx.KEEP:
            keep = True
    return keep


def dispose_asgard(s: VVState, p: int, a: int, keep: bool) -> None:
    code = s.n_loc + a
    s.pool.remove(code)
    if keep:
        s.held[p].append(a)
        card = s.cs.asgard[a]
        s.log(f"{s.pname(p)} keeps {card.name} ({card.vp} VP)")
    else:
        s.discard.append(code)


def use_asgard(s: VVState, p: int, a: int) -> None:
    card = s.cs.asgard[a]
    s.log(f"{s.pname(p)} uses {card.name}")
    keep = False
    for i, e in enumerate(card.use):  # a deciding instruction comes last: the rest go first
        if e.kind == fx.RECRUIT_DISCARDED:
            if s.wdiscard:
                _instructions(s, p, card.use[:i])
                s.pending.insert(0, ("recruit", p, a))
                return
            # the rulebook's "if there are no discarded Warriors, take this card"; say so, or
            # the use looks like nothing happened (a sacrificed Draugr is not in the pile)
            s.log(
                "there is no Warrior in the discard pile to recruit"
                + (" (a Draugr goes back to the reserve, not the pile)" if _summoner(s) else "")
            )
            keep = True
        elif e.kind == fx.BATTLE_GODS:
            _instructions(s, p, card.use[:i])
            s.battle = B.Battle(B.GODS, -1, a, p, -1)
            B.start_fight(s, s.battle)
            return
        elif e.kind == fx.DUEL:
            _instructions(s, p, card.use[:i])
            s.pending.insert(0, ("duel_target", p, a))
            return
    keep = _instructions(s, p, card.use) or keep
    dispose_asgard(s, p, a, keep)


def _summoner(s: VVState) -> bool:
    """A Captain in play summons Draugr (so a player may look for one in the discard pile)."""
    caps = s.cs.captains
    return any(e.kind == fx.SUMMON_DRAUGR for c in s.captain for h in caps[c].hammer for e in h)


def _turn_play(s: VVState, p: int, kind: str, arg: int) -> None:
    cs = s.cs
    if kind == "move":
        here = [q for q in range(s.num_players) if q != p and s.pos[q] == arg] if arg > 0 else []
        s.log(f"{s.pname(p)} sails to {cs.regions[arg]}")
        if here:
            s.pending.insert(0, ("contest", here[0], p, arg))
        else:
            s.pos[p] = arg
    elif kind in ("conquer", "raid"):
        loc = cs.locations[arg]
        roller = (p - 1) % s.num_players
        s.log(f"{s.pname(p)} attacks {loc.name} ({s.pname(roller)} rolls for it)")
        s.battle = B.Battle(B.CONQUER if kind == "conquer" else B.RAID, loc.region, arg, p, -1)
        B.start_fight(s, s.battle)
    elif kind == "danegeld":
        s.gain(p, cs.locations[arg].gold)
        s.log(
            f"{s.pname(p)} collects {cs.locations[arg].gold} gold Danegeld at {cs.locations[arg].name}"
        )
    elif kind == "hire":
        w = cs.locations[arg].warrior
        s.gold[p] -= cs.warriors[w].cost
        s.at_loc[arg] = False
        s.add_warrior(p, w)
    elif kind == "rebuild":
        s.faceup[arg] = True
        s.log(f"{s.pname(p)} rebuilds {cs.locations[arg].name}")
    elif kind == "repair":
        s.gold[p] -= repair_cost(s, p, arg + 1)
        s.repair_free(p, arg + 1)
    elif kind == "asgard":
        use_asgard(s, p, arg)
    elif kind == "regroup":
        s.repair_free(p, 1)
    elif kind == "bonus":
        if arg == 2:
            s.gold[p] -= 20
        s.tokens[p] |= 1 << arg
        s.log(f"{s.pname(p)} takes the {A.BONUS_NAMES[arg]} token")


def _discard_from_crew(s: VVState, p: int, w: int) -> None:
    """A Warrior discarded so that `p`'s crew fits its Longship."""
    s.crew[p].remove(w)
    s.discard_warrior(w)
    s.log(f"{s.pname(p)} discards {s.cs.warriors[w].name}")


def _pending_play(s: VVState, kind: str, arg: int) -> None:
    head = s.pending[0]
    p, cs = head[1], s.cs
    if kind == "discard_warrior":  # the head stays until the crew fits
        _discard_from_crew(s, p, arg)
        return
    if kind == "ragnarok_repair":
        s.gold[p] -= repair_cost(s, p, 1)
        s.repair_free(p, 1)
        return
    s.pending.pop(0)
    if kind in ("contest", "retreat"):
        _, d, a, region = head
        if kind == "contest":
            s.log(f"{s.pname(d)} stands and fights")
            s.battle = B.Battle(B.CONTEST, region, -1, a, d)
            B.start_fight(s, s.battle)
        else:
            cost = retreat_cost(s, d)
            s.gold[d] -= cost
            s.pos[d], s.pos[a] = 0, region
            s.log(f"{s.pname(d)} pays {cost} gold and retreats to the Northlands")
    elif kind in ("colonize", "raze"):
        _conquest(s, p, head[2], kind == "colonize")
    elif kind == "take_hero":
        s.add_warrior(p, head[2])
    elif kind == "dismiss_hero":
        s.wdiscard.append(head[2])
        s.log(f"{s.pname(p)} lets {cs.warriors[head[2]].name} go")
    elif kind == "lose_location":
        s.owned[p].remove(arg)
        s.faceup[arg] = True
        s.discard.append(arg)
        s.log(f"{s.pname(p)} loses {cs.locations[arg].name}")
    elif kind == "recruit":
        s.wdiscard.remove(arg)
        dispose_asgard(s, p, head[2], False)
        s.add_warrior(p, arg)
    elif kind == "duel":
        s.log(f"{s.pname(p)} challenges {s.pname(arg)} before the Gods")
        s.battle = B.Battle(B.DUEL, -1, head[2], p, arg)
        B.start_fight(s, s.battle)
    elif kind == "done":
        s.log(f"{s.pname(p)} repairs no more before Ragnarok")


def _conquest(s: VVState, p: int, i: int, colonize: bool) -> None:
    loc = s.cs.locations[i]
    s.pool.remove(i)
    w = loc.warrior if s.at_loc[i] else -1
    s.at_loc[i] = False
    kind = s.cs.warriors[w].kind if w >= 0 else ""
    if kind == "sovereign":
        s.sovereigns[p].append(w)
        s.log(f"{s.cs.warriors[w].name} falls (+{s.cs.warriors[w].vp} VP)")
    if colonize:
        s.owned[p].append(i)
        s.gain(p, loc.gold)
        s.log(f"{s.pname(p)} colonizes {loc.name} (+{loc.gold} gold)")
        if kind == "hero":
            s.pending.insert(0, ("hero", p, w))
        elif kind == "mercenary":
            s.wdiscard.append(w)
    else:
        s.discard.append(i)
        s.gain(p, 3 * loc.gold)
        s.repair_free(p, 1)
        s.log(f"{s.pname(p)} razes {loc.name} (+{3 * loc.gold} gold)")
        if kind in ("hero", "mercenary"):
            s.wdiscard.append(w)
