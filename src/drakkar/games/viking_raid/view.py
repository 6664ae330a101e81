"""What a seat sees, and re-dealing what it cannot see (for search over hidden cards)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from drakkar.games.viking_raid.cards import (
    CREW_BIT,
    CREWS,
    ENCOUNTER,
    ENCOUNTER_NAMES,
    V_SIZE,
    VIKING,
    VIKING_NAMES,
    distance,
)
from drakkar.games.viking_raid.state import (
    ATTACK_NAMES,
    LOG_LINES,
    PHASE_NAMES,
    RAIDS_TO_WIN,
    STEP_NAMES,
    VikingRaidState,
)


def seat_view(state: VikingRaidState, player: int | None) -> dict[str, Any]:
    """What seat `player` (None: a spectator) may see, JSON-safe."""
    return {
        "round": state.round_no,
        "max_rounds": state.options.max_rounds,  # type: ignore[attr-defined]
        "sinking": state.options.sinking,  # type: ignore[attr-defined]
        "turn": state.turn,
        "to_move": state.current_player,
        "step": STEP_NAMES[state.step],
        "you": player,
        "hand": None if player is None else [VIKING_NAMES[c] for c in state.hands[player]],
        "players": [_public(state, i) for i in range(state.num_players)],
        "viking_deck": len(state.vdeck),
        "viking_discard": _counts(state.vdiscard, VIKING_NAMES),
        "encounter_deck": len(state.edeck),
        "encounter_discard": _counts(state.ediscard, ENCOUNTER_NAMES),
        "drawn": [
            {"player": p, "phase": PHASE_NAMES[ph], "card": ENCOUNTER_NAMES[e], "result": r}
            for p, ph, e, r in state.drawn
        ],
        "ending": state.ending,
        "winners": state.winners() if state.over else None,
        "ended_by": _ended_by(state),
        "log": _last_lines(state, player, LOG_LINES),
    }


def _ended_by(state: VikingRaidState) -> str | None:
    """How the game ended, in a few words (a study's report counts them), or None."""
    if not state.over:
        return None
    if max(state.raids) >= RAIDS_TO_WIN:
        return "a third raid"
    if sum(not out for out in state.out) <= 1:
        return "every other player out"
    return "the round limit (max_rounds)"


def _public(state: VikingRaidState, i: int) -> dict[str, Any]:
    ship, dest = state.ship[i], state.dest[i]
    return {
        "gold": state.gold[i],
        "raids": state.raids[i],
        "out": state.out[i],
        "hand_size": len(state.hands[i]),
        "ship": VIKING_NAMES[ship] if ship >= 0 else None,
        "crew": state.crew[i],
        "special_crew": special_crew(state, i),
        "destination": VIKING_NAMES[dest] if dest >= 0 else None,
        "distance": distance(VIKING_NAMES[dest]) if dest >= 0 else None,
        "size": V_SIZE[dest] if dest >= 0 else None,
        "hull_damage": state.hull[i],
        "sail_damage": state.sail[i],
        "attack": ATTACK_NAMES[state.attack[i]],
        "continues_at": PHASE_NAMES[state.resume[i]] if state.resume[i] else None,
    }


def special_crew(state: VikingRaidState, i: int) -> dict[str, str]:
    """Seat `i`'s hired Crew cards, each "ready" or "used" (it has acted this raid)."""
    hired, used = state.hired[i], state.used[i]
    return {
        VIKING_NAMES[c]: ("used" if used & CREW_BIT[c] else "ready")
        for c in CREWS
        if hired & CREW_BIT[c]
    }


def _last_lines(state: VikingRaidState, player: int | None, k: int) -> list[str]:
    """The last `k` log lines `player` may read (walking back only as far as needed)."""
    out: list[str] = []
    node = state._log
    while node is not None and len(out) < k:
        if node[0].visible_to(player):
            out.append(node[0].text)
        node = node[1]
    out.reverse()
    return out


def _counts(cards: list[int], names: tuple[str, ...]) -> dict[str, int]:
    c = Counter(cards)
    return {names[k]: c[k] for k in sorted(c)}


def redeal_unseen(state: VikingRaidState, player: int, rng: random.Random) -> None:
    """Re-deal the Viking deck with the other hands (sizes kept); reshuffle the Encounters."""
    others = [i for i in range(state.num_players) if i != player]
    unseen = state.vdeck.copy()
    for i in others:
        unseen.extend(state.hands[i])
    unseen.sort()  # so the re-deal depends on the view and rng alone, not the hidden order
    rng.shuffle(unseen)
    k = 0
    for i in others:
        size = len(state.hands[i])
        state.hands[i] = tuple(sorted(unseen[k : k + size]))
        k += size
    state.vdeck = unseen[k:]
    edeck = sorted(state.edeck)
    rng.shuffle(edeck)
    state.edeck = edeck
    state._legal = None


def full_state(state: VikingRaidState) -> Any:
    """Everything, hidden parts included, as a comparable value (the tests use it)."""
    return (
        tuple(state.vdeck),
        tuple(state.vdiscard),
        tuple(state.edeck),
        tuple(state.ediscard),
        tuple(state.hands),
        tuple(state.gold),
        tuple(state.raids),
        tuple(state.out),
        tuple(state.ship),
        tuple(state.crew),
        tuple(state.hired),
        tuple(state.used),
        tuple(state.dest),
        tuple(state.hull),
        tuple(state.sail),
        tuple(state.attack),
        tuple(state.resume),
        state.turn,
        state.round_no,
        state.step,
        state.after_discard,
        state.ending,
        state.over,
        tuple(state.drawn),
        tuple(state.history),
        state.rng.getstate(),
        tuple(state.events),
    )


def check_invariants(state: VikingRaidState) -> None:
    """Every Viking and Encounter card exactly once somewhere; Gold never below 0."""
    counts = Counter(state.vdeck)
    counts.update(state.vdiscard)
    for i in range(state.num_players):
        counts.update(state.hands[i])
        if state.ship[i] >= 0:
            counts[state.ship[i]] += 1
            counts[state.dest[i]] += 1
            counts.update(c for c in CREWS if state.hired[i] & CREW_BIT[c])
        assert state.gold[i] >= 0, f"player {i} has {state.gold[i]} Gold"
        assert not (state.out[i] and state.hands[i]), f"player {i} is out but holds cards"
    for c, card in enumerate(VIKING):
        assert counts[c] == card.copies, f"{card.name}: {counts[c]} in the game, not {card.copies}"
    ecounts = Counter(state.edeck)
    ecounts.update(state.ediscard)
    for e, ecard in enumerate(ENCOUNTER):
        assert ecounts[e] == ecard.copies, (
            f"{ecard.name}: {ecounts[e]} in the game, not {ecard.copies}"
        )
