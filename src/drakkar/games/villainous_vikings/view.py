"""Villainous Vikings: each action's label and what each seat sees (split from rules.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drakkar.games.villainous_vikings import actions as A
from drakkar.games.villainous_vikings import battle as B
from drakkar.games.villainous_vikings import effects as fx
from drakkar.games.villainous_vikings.cards import COLOURS

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
            "warrior": None
            if w < 0
            else {
                "index": w,
                "name": cs.warriors[w].name,
                "kind": cs.warriors[w].kind,
                "cost": cs.warriors[w].cost,
            },
            "sacrifice": fx.describe(loc.sacrifice),
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
        "use": fx.describe(card.use),
        "dice": [COLOURS[d] for d in card.dice],
    }


def _player(s: VVState, p: int) -> dict[str, Any]:
    cs = s.cs
    cap = cs.captains[s.captain[p]]
    return {
        "seat": p,
        "captain": cap.name,
        "captain_id": cap.id,
        "static": fx.describe(cap.static),
        "hammers": {c: fx.describe(h) for c, h in zip(COLOURS, cap.hammer, strict=True)},
        "region": s.pos[p],
        "gold": s.gold[p],
        "sections": [i < 3 - s.damage[p] for i in range(3)],
        "crew": [
            {
                "index": w,
                "name": cs.warriors[w].name,
                "kind": cs.warriors[w].kind,
                "static": fx.describe(cs.warriors[w].static),
            }
            for w in s.crew[p]
        ],
        "locations": [
            {
                "index": i,
                "name": cs.locations[i].name,
                "region": cs.locations[i].region,
                "face_up": s.faceup[i],
                "vp": cs.locations[i].vp,
            }
            for i in s.owned[p]
        ],
        "sovereigns": [cs.warriors[w].name for w in s.sovereigns[p]],
        "asgard": [cs.asgard[a].name for a in s.held[p]],
        "tokens": [A.BONUS_NAMES[t] for t in range(4) if s.tokens[p] >> t & 1],
        "vp": s.vp(p),
    }


def _battle_view(s: VVState) -> dict[str, Any] | None:
    b = s.battle
    if b is None:
        return None
    return {
        "kind": B.KIND_NAMES[b.kind],
        "region": b.region,
        "fight": b.fights,
        "sides": [
            dict(
                x.to_json(),
                name=s.side_name(b, x),
                total=b.swords(i),
                dice=[[c, s.cs.face_names[c][f]] for c, f in x.faces],
            )
            for i, x in enumerate(b.sides)
        ],
        "decider": b.sides[b.decider].seat,
    }


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
        "battle": _battle_view(s),
        "ragnarok": None
        if rag is None
        else {
            "alive": rag.alive.copy(),
            "out": [p for p in s.rank if p not in rag.alive],  # (the winner stays alive)
            "swords": {str(p): x.swords + x.bought for p, x in rag.sides.items()},
            "winner": s.rag_owner if s.rag_owner >= 0 else None,
        },
    }
