"""The heuristic bot: rules of thumb, from `state.view(player)` and the legal actions only.

It sails to the Region whose Journey Pool Locations it can most likely beat, conquers and
colonizes them (razing when its hull needs the repair), raids rivals it stands beside, takes the
bonus tokens, repairs when damaged, buys swords when a few would turn a battle, and in Ragnarok
buys its way off the bottom while it can. It uses the peaceful Asgard cards when it has nothing
better to do, and a battle or duel card when the fight's exact odds (odds.py: public facts
only) make the card's reward worth more than the damage it risks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drakkar.engine.agent import HeuristicAgent
from drakkar.engine.state import State
from drakkar.games.villainous_vikings import actions as A
from drakkar.games.villainous_vikings import effects as fx
from drakkar.games.villainous_vikings import odds
from drakkar.games.villainous_vikings.cards import COLOURS, CardSet
from drakkar.games.villainous_vikings.effects import describe

# Expected swords per die for a Captain (hammer abilities averaged in) and for a Location
# (hammer = 2 swords), from the shipped dice; a transcribed set shifts these a little.
CAPTAIN_DIE = {0: 1.0, 1: 0.65, 2: 0.5}
LOCATION_DIE = {"white": 1.17, "grey": 0.83, "red": 0.67}
# An Asgard fight's worth, in VP: a Longship section lost (dice and repairs), the share of a
# rival's loss that counts as our gain (three rivals), and the least a fight must be worth
# to spend an action on it rather than sail or trade (about what a winner makes of an
# action; of 0.3 to 3, 1.5 to 2 won most against the bot before it fought: the rules page).
SECTION_VP, RIVAL_SHARE, FIGHT_MIN_VP = 1.0, 0.3, 1.75
#: what the bot reads of a seat for a fight: (Captain, damage, crew, gold, has a Location)
Seat = tuple[int, int, tuple[int, ...], int, bool]


class HeuristicBot(HeuristicAgent):
    def act(self, state: State, player: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self._decide(state.view(player), player, legal, state.cs)  # type: ignore[attr-defined]

    def rollout_act(self, state: State, player: int) -> int:
        """The same move as `act`, from a brief view of only the facts the rules of thumb use
        (all public, or the seat's own): many times cheaper, for search roll-outs."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        s: Any = state
        by_kind = _by_kind(legal)
        if "discard_warrior" in by_kind:  # a crew too big for its ship, even mid-battle
            return A.DISCARD_WARRIOR + by_kind["discard_warrior"][0]
        if s.battle is not None or (s.rag is not None and not s.pending):
            b = s.battle
            if b is not None:
                need = _battle_need([(x.seat, b.swords(i)) for i, x in enumerate(b.sides)], player)
            else:
                need = _ragnarok_need(
                    {p: x.swords + x.bought for p, x in s.rag.sides.items()}, player
                )
            return _battle_move(need, s.gold[player], by_kind, s.cs)
        if s.pending:
            return _pending_from_state(s, player, by_kind, legal)
        return _turn_from_state(s, player, by_kind)

    def _decide(self, v: dict[str, Any], player: int, legal: list[int], cs: CardSet) -> int:
        """`cs`: the card set (public: every seat plays with the same cards)."""
        by_kind = _by_kind(legal)
        if "discard_warrior" in by_kind:  # a crew too big for its ship, even mid-battle
            return A.DISCARD_WARRIOR + by_kind["discard_warrior"][0]
        me = v["players"][player]
        if v["battle"] is not None or (v["ragnarok"] is not None and not v["pending"]):
            return self._battle(v, me, by_kind, cs)
        if v["pending"]:
            return self._pending(v, me, by_kind, legal, cs)
        return self._turn(v, me, by_kind, cs)

    # -- battles --------------------------------------------------------------------------------

    def _battle(
        self, v: dict[str, Any], me: dict[str, Any], k: dict[str, list[int]], cs: CardSet
    ) -> int:
        b = v["battle"]
        if b is not None:
            need = _battle_need([(x["seat"], x["total"]) for x in b["sides"]], me["seat"])
        else:
            swords = {int(p): t for p, t in v["ragnarok"]["swords"].items()}
            need = _ragnarok_need(swords, me["seat"])
        return _battle_move(need, me["gold"], k, cs)

    # -- decisions after battles ---------------------------------------------------------------

    def _pending(
        self,
        v: dict[str, Any],
        me: dict[str, Any],
        k: dict[str, list[int]],
        legal: list[int],
        cs: CardSet,
    ) -> int:
        seat, region = me["seat"], me["region"]
        foe_here = any(p["seat"] != seat and p["region"] == region for p in v["players"])
        locations = {x["index"]: (x["face_up"], x["vp"]) for x in me["locations"]}
        target = -1
        if "duel" in k:
            target = _duel_target(cs, [_seat_of(cs, p) for p in v["players"]], seat)[0]
        return _pending_move(
            k, legal, tuple(me["sections"]), me["gold"], foe_here, locations, target
        )

    # -- the turn --------------------------------------------------------------------------------

    def _turn(
        self,
        v: dict[str, Any],
        me: dict[str, Any],
        k: dict[str, list[int]],
        cs: CardSet,
    ) -> int:
        pool: dict[int, tuple[int, int, int, float]] = {}
        peaceful: dict[int, bool] = {}
        for c in v["pool"]:
            if c["type"] == "location":
                pool[c["index"]] = (c["region"], c["vp"], c["gold"], _threat(c))
            else:
                peaceful[c["index"]] = "battle" not in c["use"] and "duel" not in c["use"]
        taken = {p["region"] for p in v["players"] if p["seat"] != me["seat"] and p["region"] > 0}
        up = tuple(me["sections"])

        def fight() -> int:
            return _best_fight(cs, peaceful, [_seat_of(cs, p) for p in v["players"]], me["seat"])

        return _turn_move(
            k, up, me["gold"], len(me["crew"]), me["region"], v["actions_left"], pool, peaceful,
            taken, fight,
        )  # fmt: skip


#: `_by_kind` of the legal lists met so far (they recur: read only, never changed)
_BY_KIND: dict[tuple[int, ...], dict[str, list[int]]] = {}


def _by_kind(legal: list[int]) -> dict[str, list[int]]:
    """The legal actions' arguments by kind ("conquer": [Location indices], ...)."""
    key = tuple(legal)
    by_kind = _BY_KIND.get(key)
    if by_kind is None:
        if len(_BY_KIND) >= 100_000:
            _BY_KIND.clear()  # a bound on the memory, never reached in a game's searches
        by_kind = _BY_KIND[key] = {}
        for a in legal:
            by_kind.setdefault(A.KIND_OF[a], []).append(A.ARG_OF[a])
    return by_kind


def _battle_need(sides: list[tuple[int, int]], seat: int) -> int:
    """Swords `seat` lacks to win the battle; `sides` are (seat, sword total), attacker first."""
    mine = next(t for q, t in sides if q == seat)
    foe, theirs = next((q, t) for q, t in sides if q != seat)
    attacker = sides[0][0] == seat
    return theirs - mine + (1 if attacker or foe < 0 else 0)


def _ragnarok_need(swords: dict[int, int], seat: int) -> int:
    """Swords `seat` lacks to get off the bottom in Ragnarok (0 when it is not last)."""
    mine = swords[seat]
    others = [t for q, t in swords.items() if q != seat]
    return min(others) - mine + 1 if mine <= min(others) else 0


def _battle_move(need: int, gold: int, k: dict[str, list[int]], cs: CardSet) -> int:
    """Sacrifice a card or buy swords when a few would turn the battle, else stop."""
    if need <= 0 or need > 3:
        return A.DONE
    if "sac_asgard" in k and need >= 2:  # the card giving most swords (the fewer VP on a tie)
        swords = _sac_swords(cs)
        a = max(k["sac_asgard"], key=lambda a: (swords[a], -cs.asgard[a].vp))
        if swords[a] > 0:
            return A.SAC_ASGARD + a
    if "sac_warrior" in k and need >= 2:
        return A.SAC_WARRIOR + k["sac_warrior"][0]
    if "buy_sword" in k and gold >= 5 * need:
        return A.BUY_SWORD
    return A.DONE


def _sac_swords(cs: CardSet) -> tuple[int, ...]:
    """The swords each Asgard card's sacrifice gives."""
    return odds.cached(
        cs,
        ("sacrifice swords",),
        lambda: tuple(sum(e.amount for e in a.sacrifice if e.kind == fx.SWORDS) for a in cs.asgard),
    )


def _pending_move(
    k: dict[str, list[int]],
    legal: list[int],
    up: tuple[bool, ...],
    gold: int,
    foe_here: bool,
    locations: dict[int, tuple[bool, int]],
    target: int,
) -> int:
    """A choice after a battle (one kind of choice at a time). `up`: the Longship's sections;
    `foe_here`: a rival is in our Region; `locations`: our Locations' (face up, VP), read for
    sinking; `target`: the Captain to duel, read for a duel."""
    if "contest" in k:
        return A.CONTEST if not foe_here or sum(up) >= 2 or gold < 2 else A.RETREAT
    if "colonize" in k:
        damaged = not all(up)
        return A.RAZE if damaged and sum(up) == 1 else A.COLONIZE
    if "take_hero" in k:
        return A.TAKE_HERO
    if "discard_warrior" in k:
        return A.DISCARD_WARRIOR + k["discard_warrior"][0]
    if "lose_location" in k:
        return A.LOSE_LOCATION + min(k["lose_location"], key=lambda i: locations[i])
    if "ragnarok_repair" in k:
        return A.RAGNAROK_REPAIR
    if "duel" in k:
        return A.DUEL + target
    return legal[0]  # recruit: any Warrior


def _pending_from_state(s: Any, player: int, k: dict[str, list[int]], legal: list[int]) -> int:
    """`_pending_move` with its facts read straight off the state (public, or the seat's own);
    the Locations and the seats' sections only when the choice reads them."""
    pos, damage = s.pos, s.damage
    here = pos[player]
    foe_here = any(q != player and pos[q] == here for q in range(s.num_players))
    locations: dict[int, tuple[bool, int]] = {}
    if "lose_location" in k:
        faceup, loc_vp = s.faceup, s.tables.loc_vp
        locations = {i: (faceup[i], loc_vp[i]) for i in s.owned[player]}
    target = -1
    if "duel" in k:
        seats = [_seat_from_state(s, q) for q in range(s.num_players)]
        target = _duel_target(s.cs, seats, player)[0]
    return _pending_move(
        k, legal, SECTIONS[damage[player]], s.gold[player], foe_here, locations, target
    )


def _turn_move(
    k: dict[str, list[int]],
    up: tuple[bool, ...],
    gold: int,
    crew: int,
    region: int,
    actions_left: int,
    pool: dict[int, tuple[int, int, int, float]],
    peaceful: dict[int, bool],
    taken: set[int],
    fight: Callable[[], int],
) -> int:
    """The turn's action. `up`: the Longship's sections; `crew`: its Warriors; `pool`: each
    Journey Pool Location's (Region, VP, gold, threat) in pool order; `peaceful`: each Asgard
    card there, True when using it starts no fight; `taken`: Regions where rivals are;
    `fight()`: the Asgard battle or duel card worth its risk (`_best_fight`), or -1 (asked
    only when the turn comes to it: its odds cost more than the rest)."""
    strength = (sum(CAPTAIN_DIE[i] for i, u in enumerate(up) if u) + 0.4 + 0.5 * crew) + min(
        gold, 15
    ) / 5 * 0.6
    sections = sum(up)
    if "bonus" in k:
        return A.BONUS + k["bonus"][0]
    if "regroup" in k and sections < 3:
        return A.REGROUP
    if "repair" in k and sections < 3 and gold >= 8:
        return A.REPAIR + max(k["repair"])
    if "rebuild" in k:
        return A.REBUILD + k["rebuild"][0]
    if "hire" in k and crew < sections and gold >= 10:
        return A.HIRE + k["hire"][0]
    if sections >= 2 and "conquer" in k:
        best = max(k["conquer"], key=lambda i: pool[i][1] * 2 + pool[i][2] - 2 * pool[i][3])
        if strength >= pool[best][3] + 0.3:
            return A.CONQUER + best
    if sections >= 2 and "raid" in k and strength >= 2.5:
        return A.RAID + k["raid"][0]
    for a in k.get("asgard", []):
        if peaceful[a]:
            return A.ASGARD + a
    if not all(peaceful.values()):
        a = fight()
        if a >= 0:
            return A.ASGARD + a
    if sections == 1 and "move" in k and region != 0:
        return A.MOVE + 0
    if "danegeld" in k and actions_left == 1:
        return A.DANEGELD + max(k["danegeld"], key=lambda i: pool[i][2])
    target = _best_region(pool, strength, taken)
    if target is not None and target != region and "move" in k:
        return A.MOVE + target
    if "danegeld" in k:
        return A.DANEGELD + max(k["danegeld"], key=lambda i: pool[i][2])
    return A.END_TURN


def _best_region(
    pool: dict[int, tuple[int, int, int, float]], strength: float, taken: set[int]
) -> int | None:
    best, score = None, -1e9
    for r, vp, gold, threat in pool.values():
        s = vp * 2 + gold - 2 * max(0.0, threat - strength) - (3 if r in taken else 0)
        if s > score:
            best, score = r, s
    return best


def _threat(card: dict[str, Any]) -> float:
    """The swords a Location's dice (and a Hero or Sovereign there) are worth."""
    t = sum(LOCATION_DIE[d] for d in card["dice"])
    w = card.get("warrior")
    if w and w["kind"] in ("hero", "sovereign"):
        t += 1.0
    return t


#: a player's Longship sections (up or down) by damage, as `view` shows them
SECTIONS = tuple(tuple(i < 3 - d for i in range(3)) for d in range(4))


def _pool_entry(s: Any, code: int, here: bool) -> tuple[bool, int, Any]:
    """What the turn's rules read of a Journey Pool card: (a Location?, its index, its
    (Region, VP, gold, threat) or, for an Asgard card, whether using it is peaceful).
    `here`: a Location's Warrior is still on it."""
    cs, n_loc = s.cs, s.n_loc
    if code >= n_loc:
        use = describe(cs.asgard[code - n_loc].use)
        return False, code - n_loc, "battle" not in use and "duel" not in use
    loc = cs.locations[code]
    w = loc.warrior if here else -1
    card = {
        "dice": [COLOURS[d] for d in loc.dice],
        "warrior": None if w < 0 else {"kind": cs.warriors[w].kind},
    }
    return True, code, (loc.region, loc.vp, loc.gold, _threat(card))


def _turn_from_state(s: Any, player: int, k: dict[str, list[int]]) -> int:
    """`_turn_move` with its facts read straight off the state: public ones, and the seat's
    own. The pool's entries come from a cache on the card set's tables (never changed)."""
    cache, at_loc = s.tables.brief_cards, s.at_loc
    n_loc = len(at_loc)
    pool: dict[int, tuple[int, int, int, float]] = {}
    peaceful: dict[int, bool] = {}
    for code in s.pool:
        here = code < n_loc and at_loc[code]
        entry = cache.get((code, here))
        if entry is None:
            entry = cache[code, here] = _pool_entry(s, code, here)
        if entry[0]:
            pool[entry[1]] = entry[2]
        else:
            peaceful[entry[1]] = entry[2]
    pos = s.pos
    taken = {pos[q] for q in range(s.num_players) if q != player and pos[q] > 0}

    def fight() -> int:
        seats = [_seat_from_state(s, q) for q in range(s.num_players)]
        return _best_fight(s.cs, peaceful, seats, player)

    return _turn_move(
        k, SECTIONS[s.damage[player]], s.gold[player], len(s.crew[player]), pos[player],
        s.actions_left, pool, peaceful, taken, fight,
    )  # fmt: skip


# -- Asgard battles and duels ------------------------------------------------------------------


def _seat_of(cs: CardSet, p: dict[str, Any]) -> Seat:
    """A seat's `Seat` facts from its view."""
    captain = next(i for i, c in enumerate(cs.captains) if c.id == p["captain_id"])
    crew = tuple(w["index"] for w in p["crew"])
    return captain, 3 - sum(p["sections"]), crew, p["gold"], bool(p["locations"])


def _seat_from_state(s: Any, q: int) -> Seat:
    """A seat's `Seat` facts straight off the state (all public)."""
    return s.captain[q], s.damage[q], tuple(s.crew[q]), s.gold[q], bool(s.owned[q])


def _sink_vp(seat: Seat) -> float:
    """What sinking costs a seat: half its gold, a Location (about 2 VP), the way home."""
    return (seat[3] + 1) // 2 / 5 + (2.0 if seat[4] else 0.0) + 1.0


def _reward_vp(cs: CardSet, a: int) -> float:
    """What winning Asgard card `a`'s fight gives, in VP."""
    card = cs.asgard[a]
    vp = 0.0
    for e in card.reward:
        if e.kind == fx.GOLD:
            vp += e.amount / 5
        elif e.kind == fx.REPAIR:
            vp += e.amount * SECTION_VP
        elif e.kind == fx.KEEP:
            vp += card.vp
    return vp


def _duel_vp(cs: CardSet, me: Seat, foe: Seat, reward: float) -> float:
    """A duel's worth to `me` against `foe` when winning it gives `reward` VP."""
    f = odds.duel(cs, me[:3], foe[:3])
    foe_sink = (foe[3] + 1) // 2 / 5 + RIVAL_SHARE * _sink_vp(foe)  # (their gold comes to us)
    return (
        f.win * reward
        + RIVAL_SHARE * SECTION_VP * f.foe_lost
        + f.foe_sink * foe_sink
        - SECTION_VP * f.lost
        - f.sink * _sink_vp(me)
    )


def _duel_target(cs: CardSet, seats: list[Seat], me: int, reward: float = 3.0) -> tuple[int, float]:
    """The rival best worth a duel, and the duel's worth, when winning gives `reward` VP (the
    choice is made after the card is used, so at about any duel card's reward)."""
    return max(
        ((q, _duel_vp(cs, seats[me], seat, reward)) for q, seat in enumerate(seats) if q != me),
        key=lambda x: x[1],
    )


def _best_fight(cs: CardSet, peaceful: dict[int, bool], seats: list[Seat], me: int) -> int:
    """The Journey Pool's battle or duel card best worth fighting for, or -1 if none is
    worth `FIGHT_MIN_VP`."""
    cards = tuple(a for a, calm in peaceful.items() if not calm)
    # (the same tables recur in a search's roll-outs)
    key = ("fight", cards, tuple(seats), me)
    return odds.cached(cs, key, lambda: _pick_fight(cs, cards, seats, me))


def _pick_fight(cs: CardSet, cards: tuple[int, ...], seats: list[Seat], me: int) -> int:
    best, best_vp = -1, FIGHT_MIN_VP
    captain, damage, crew, gold, _ = seats[me]
    for a in cards:
        card, reward = cs.asgard[a], _reward_vp(cs, a)
        if card.use[-1].kind == fx.BATTLE_GODS:
            f = odds.against_gods(cs, captain, damage, crew, card.dice, min(3, gold // 5))
            vp = f.win * reward - SECTION_VP * f.lost - f.sink * _sink_vp(seats[me]) - f.bought
        else:
            target = _duel_target(cs, seats, me)[0]
            vp = _duel_vp(cs, seats[me], seats[target], reward)
        if vp > best_vp:
            best, best_vp = a, vp
    return best
