"""Villainous Vikings: each action's label and what each seat sees (split from rules.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drakkar.games.villainous_vikings import actions as A
from drakkar.games.villainous_vikings import battle as B
from drakkar.games.villainous_vikings import effects as fx
from drakkar.games.villainous_vikings import rules
from drakkar.games.villainous_vikings.cards import COLOURS, FACE_WORDS, CardSet, Warrior

if TYPE_CHECKING:
    from drakkar.games.villainous_vikings.state import VillainousVikingsState as VVState


#: kinds labelled "<words> <card name>": the words, and which of the set's lists names the card
NAMED = {
    "conquer": ("conquer", "locations"),
    "raid": ("raid", "locations"),
    "danegeld": ("danegeld", "locations"),
    "rebuild": ("rebuild", "locations"),
    "lose_location": ("lose", "locations"),
    "sac_location": ("sacrifice location", "locations"),
    "asgard": ("use", "asgard"),
    "sac_asgard": ("sacrifice card", "asgard"),
    "discard_warrior": ("discard", "warriors"),
    "sac_warrior": ("sacrifice warrior", "warriors"),
    "recruit": ("recruit", "warriors"),
}


def action_label(s: VVState, action: int) -> str:
    kind, arg = A.decode(action)
    cs = s.cs

    def name(seq: Any, i: int) -> str:
        return seq[i].name if i < len(seq) else f"#{i}"

    if kind in NAMED:
        words, cards = NAMED[kind]
        return f"{words} {name(getattr(cs, cards), arg)}"
    if kind == "move":
        return f"move to {cs.regions[arg]}" if arg < len(cs.regions) else f"move to region #{arg}"
    if kind == "hire":
        loc = cs.locations[arg] if arg < len(cs.locations) else None
        who = cs.warriors[loc.warrior].name if loc and loc.warrior >= 0 else "?"
        return f"hire {who} at {name(cs.locations, arg)}"
    if kind == "repair":
        return f"repair {arg + 1} section{'s' * arg}"
    if kind == "bonus":
        return f"take {A.BONUS_NAMES[arg]}"
    if kind == "duel":
        return f"duel P{arg}"
    if kind == "buy_sword":
        return "buy a sword"
    return kind.replace("_", " ")


def _card(s: VVState, code: int) -> dict[str, Any]:
    cs = s.cs
    if code < s.n_loc:
        loc = cs.locations[code]
        w = loc.warrior if s.at_loc[code] else -1
        return {
            "type": "location",
            "index": code,
            "id": loc.id,
            "name": loc.name,
            "region": loc.region,
            "age": loc.age,
            "dice": [COLOURS[d] for d in loc.dice],
            "gold": loc.gold,
            "vp": loc.vp,
            "warrior": None if w < 0 else _warrior(s, w),
            "sacrifice": _texts(cs).loc_sac[code],
        }
    a = code - s.n_loc
    card = cs.asgard[a]
    return {
        "type": "asgard",
        "index": a,
        "id": card.id,
        "name": card.name,
        "age": card.age,
        "vp": card.vp,
        "use": _texts(cs).asgard_use[a],
        "dice": [COLOURS[d] for d in card.dice],
        "reward": _texts(cs).asgard_reward[a],
        "sacrifice": _texts(cs).asgard_sac[a],
    }


class _Texts:
    """A card set's ability texts, worked out once (a view is made at every bot decision)."""

    __slots__ = (
        "cs",
        "captain",
        "warrior",
        "loc_sac",
        "asgard_sac",
        "asgard_use",
        "asgard_reward",
        "dice_faces",
    )

    def __init__(self, cs: CardSet) -> None:
        self.cs = cs  # (held, so that its id is not reused while cached)
        self.captain = tuple(
            (fx.describe(c.static), tuple(zip(COLOURS, map(fx.describe, c.hammer), strict=True)))
            for c in cs.captains
        )
        self.warrior = tuple(_warrior_text(i, w) for i, w in enumerate(cs.warriors))
        self.loc_sac = tuple(fx.describe(c.sacrifice) for c in cs.locations)
        self.asgard_sac = tuple(fx.describe(c.sacrifice) for c in cs.asgard)
        self.asgard_use = tuple(fx.describe(c.use) for c in cs.asgard)
        self.asgard_reward = tuple(fx.describe(c.reward) for c in cs.asgard)
        self.dice_faces = tuple(
            (c, tuple(FACE_WORDS[f] for f in cs.face_names[i])) for i, c in enumerate(COLOURS)
        )


_TEXTS: dict[int, _Texts] = {}


def _texts(cs: CardSet) -> _Texts:
    t = _TEXTS.get(id(cs))
    if t is None or t.cs is not cs:
        t = _TEXTS[id(cs)] = _Texts(cs)
    return t


def _warrior_text(w: int, war: Warrior) -> dict[str, Any]:
    out: dict[str, Any] = {
        "index": w,
        "name": war.name,
        "kind": war.kind,
        "cost": war.cost,
        "vp": war.vp,
        "static": fx.describe(war.static),
        "sacrifice": fx.describe(war.sacrifice),
    }
    if war.kind == "sovereign":
        out["hammers"] = {c: fx.describe(h) for c, h in zip(COLOURS, war.hammer, strict=True)}
    return out


def _warrior(s: VVState, w: int) -> dict[str, Any]:
    """A Warrior and what he does (a Sovereign's hammers too): a fresh copy."""
    out = dict(_texts(s.cs).warrior[w])
    if "hammers" in out:
        out["hammers"] = dict(out["hammers"])
    return out


def _player(s: VVState, p: int) -> dict[str, Any]:
    cs = s.cs
    texts = _texts(cs)
    cap = cs.captains[s.captain[p]]
    return {
        "seat": p,
        "captain": cap.name,
        "captain_id": cap.id,
        "static": texts.captain[s.captain[p]][0],
        "hammers": dict(texts.captain[s.captain[p]][1]),
        "region": s.pos[p],
        "gold": s.gold[p],
        "sections": [i < 3 - s.damage[p] for i in range(3)],
        "crew": [_warrior(s, w) for w in s.crew[p]],
        "locations": [
            {
                "index": i,
                "name": cs.locations[i].name,
                "region": cs.locations[i].region,
                "face_up": s.faceup[i],
                "vp": cs.locations[i].vp,
                "sacrifice": texts.loc_sac[i],
            }
            for i in s.owned[p]
        ],
        "sovereigns": [cs.warriors[w].name for w in s.sovereigns[p]],
        "asgard": [cs.asgard[a].name for a in s.held[p]],
        "asgard_cards": [
            {
                "index": a,
                "name": cs.asgard[a].name,
                "vp": cs.asgard[a].vp,
                "use": texts.asgard_use[a],
                "sacrifice": texts.asgard_sac[a],
            }
            for a in s.held[p]
        ],
        "tokens": [A.BONUS_NAMES[t] for t in range(4) if s.tokens[p] >> t & 1],
        "vp": s.vp(p),
    }


#: what a sacrifice takes, by the battle's code for it
SAC_KINDS = {"L": "Location", "W": "Warrior", "A": "Asgard card"}


def _sacrificed(s: VVState, what: str, i: int) -> dict[str, str]:
    """A card to sacrifice (or sacrificed): its kind, name and what the sacrifice gives."""
    cs, texts = s.cs, _texts(s.cs)
    if what == "L":
        name, gives = cs.locations[i].name, texts.loc_sac[i]
    elif what == "W":
        name, gives = cs.warriors[i].name, texts.warrior[i]["sacrifice"]
    else:
        name, gives = cs.asgard[i].name, texts.asgard_sac[i]
    return {"kind": SAC_KINDS[what], "name": name, "gives": gives}


def _choices(s: VVState, side: B.Side) -> dict[str, Any]:
    """What the deciding side may still do: each card it may sacrifice and what that gives,
    and whether it may buy a sword."""
    return {
        "seat": side.seat,
        "sacrifice": [_sacrificed(s, what, i) for what, i in B.sacrifice_options(s, side)],
        "sword_cost": B.SWORD_COST,
        "can_buy": s.gold[side.seat] >= B.SWORD_COST,
    }


def _side_view(s: VVState, b: B.Battle, i: int, x: B.Side) -> dict[str, Any]:
    # what stopping now would cost this side (Locations and the Gods take none)
    hits = B.hits_taken(b, i) if x.seat >= 0 else None
    return dict(
        x.to_json(),
        name=s.side_name(b, x),
        total=b.swords(i),
        dice=[[c, s.cs.face_names[c][f]] for c, f in x.faces],
        sacrificed_cards=[_sacrificed(s, what, k) for what, k in x.sacs],
        hits=hits,
        sections_lost=None if hits is None else B.sections_lost(s, x.seat, hits),
    )


def _battle_view(s: VVState) -> dict[str, Any] | None:
    b = s.battle
    if b is None:
        return None
    target = None
    if b.kind in (B.CONQUER, B.RAID):
        target = _card(s, b.target)
    elif b.kind in (B.GODS, B.DUEL):
        target = _card(s, s.n_loc + b.target)
    return {
        "kind": B.KIND_NAMES[b.kind],
        "region": b.region,
        "fight": b.fights,
        "target": target,
        "sides": [_side_view(s, b, i, x) for i, x in enumerate(b.sides)],
        # the side that wins if both stop now; -1 both sink; None a Captains' tie, refought
        "winner_now": None if b.refit else B.standing(s, b),
        "decider": b.sides[b.decider].seat,
        "choices": None if b.refit else _choices(s, b.sides[b.decider]),
    }


def _decision(s: VVState) -> dict[str, Any] | None:
    """What the seat to move is choosing between, where the labels alone do not say."""
    if not s.pending or s.battle is not None:
        return None
    head = s.pending[0]
    cs = s.cs
    if head[0] == "contest":
        _, d, a, region = head
        return {
            "kind": "contest",
            "defender": d,
            "attacker": a,
            "region": region,
            "retreat_cost": rules.retreat_cost(s, d),
        }
    if head[0] == "conquest":
        loc = cs.locations[head[2]]
        w = loc.warrior if s.at_loc[head[2]] else -1
        return {
            "kind": "conquest",
            "location": loc.name,
            "gold": loc.gold,
            "vp": loc.vp,
            "warrior": None if w < 0 else _warrior(s, w),
        }
    if head[0] == "hero":
        return {"kind": "hero", "warrior": _warrior(s, head[2])}
    return None


def seat_view(s: VVState, player: int | None) -> dict[str, Any]:
    ages = [0, 0, 0]
    for c in s.deck:
        ages[s.age_of(c) - 1] += 1
    rag = s.rag
    return {
        "you": player,
        "round": s.round,
        "turn": s.turn,
        "actions_left": s.actions_left,
        "to_move": s.current_player,
        "over": s.over,
        # how the game ended (a study's report counts it): Ragnarok drawn or the safety net
        "ended_by": None
        if not s.over
        else "the round limit"
        if s.round > s.options.round_limit  # type: ignore[attr-defined]
        else "Ragnarok drawn",
        "regions": list(s.cs.regions),
        "pool": [_card(s, c) for c in s.pool],
        "pool_size": s.pool_size,
        "deck_size": len(s.deck),
        "deck_ages": ages,
        "discard": [s.card_name(c) for c in s.discard],
        "warrior_discard": [s.cs.warriors[w].name for w in s.wdiscard],
        "draugr_reserve": len(s.reserve),
        "tokens_left": [A.BONUS_NAMES[t] for t in range(4) if not s.token_taken(t)],
        "players": [_player(s, p) for p in range(s.num_players)],
        "pending": list(s.pending[0][:2]) if s.pending else None,
        "decision": _decision(s),
        "battle": _battle_view(s),
        "ragnarok": None
        if rag is None
        else {
            "alive": rag.alive.copy(),
            "out": [p for p in s.rank if p not in rag.alive],  # (the winner stays alive)
            "swords": {str(p): x.swords + x.bought for p, x in rag.sides.items()},
            "winner": s.rag_owner if s.rag_owner >= 0 else None,
            "choices": _choices(s, rag.sides[rag.current()])
            if not s.over and not s.pending and rag.current() in rag.sides
            else None,
        },
        # the set's dice and Longship, for a legend: each colour's six faces, its helmets
        "dice_faces": {c: list(faces) for c, faces in _texts(s.cs).dice_faces},
        "helmets": dict(zip(COLOURS, s.cs.helmets, strict=True)),
    }
