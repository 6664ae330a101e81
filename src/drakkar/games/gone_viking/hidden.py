"""What each seat may see of a Gone Viking! state, and re-dealing what it may not.

Secret: every hand, the draw pile's order, a God laid face down until the trick ends, the
cards a swapper has picked. A seat still knows the cards it put under the draw pile (where
they lie, and who drew them), and `redeterminize` keeps all of that, and keeps what play has
shown: a player who did not follow the led type holds no card of it for the rest of the raid.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from drakkar.games.gone_viking.cards import (
    IS_GOD,
    KIND_NAMES,
    KIND_TYPE,
    KIND_VALUE,
    NO_TRUMP,
    SHIPS,
    THOR,
    TOKEN_PLURALS,
    TYPE_NAMES,
    WIN_WEALTH,
)
from drakkar.games.gone_viking.home import FREE_SWAP, JARL, ODIN_TAKE, PICK_SWAP, PLAY, THOR_GIVE

if TYPE_CHECKING:
    from drakkar.games.gone_viking.state import GoneVikingState

PHASE_NAMES = (
    "free swap", "leader names trump", "paid swaps", "paid swap: pick two cards", "tricks",
    "God names trump", "Odin's Home Power", "Freya's Home Power", "Loki's Home Power",
    "ship building", "Thor's ship", "the Jarl's tribute", "game over",
)  # fmt: skip
LOG_LINES = 8


def _names(kinds: Any) -> list[str]:
    return [KIND_NAMES[k] for k in kinds]


def _tokens(tok: list[int]) -> dict[str, int]:
    return {TOKEN_PLURALS[t]: tok[t] for t in range(6)}


def view(s: GoneVikingState, player: int | None) -> dict[str, Any]:
    """A JSON-safe dict of exactly what `player` (None: a spectator) may see."""
    n = s.num_players
    laid = None
    if s.trick_god >= 0:
        seen = player == s.trick_god_seat
        laid = {"seat": s.trick_god_seat, "god": KIND_NAMES[s.trick_god] if seen else None}
    playing = None
    if s.phase == PLAY:
        playing = {"seat": s.to_move, "cards": _names(s.building)}
    swapping = None
    if s.phase in (FREE_SWAP, PICK_SWAP):
        mine = player == s.to_move
        swapping = {"seat": s.to_move, "picked": len(s.pending),
                    "cards": _names(s.pending) if mine else None}  # fmt: skip
    out: dict[str, Any] = {
        "players": n,
        "raid": s.raid,
        "phase": PHASE_NAMES[s.phase],
        "to_move": s.current_player,
        "leader": s.leader,
        "trump": "none" if s.trump == NO_TRUMP else TYPE_NAMES[s.trump],
        "god_in_play": None if s.god < 0 else {"god": KIND_NAMES[s.god], "owner": s.god_owner},
        "win_wealth": WIN_WEALTH[n],
        "tokens": [_tokens(t) for t in s.tokens],
        "wealth": [s.wealth(p) for p in range(n)],
        "supply": {TOKEN_PLURALS[t]: s.supply[t] for t in (0, 1, 2, 3, SHIPS)},
        "hand_sizes": [len(h) for h in s.hands],
        "pile_size": len(s.pile),
        "trick_leader": s.trick_leader if s.phase == PLAY else None,
        "led": TYPE_NAMES[s.led] if s.led >= 0 and s.phase == PLAY else None,
        "trick": [
            {
                "seat": p,
                "cards": _names(play),
                "type": TYPE_NAMES[KIND_TYPE[play[0]]],
                "strength": sum(KIND_VALUE[k] for k in play),
            }
            for p, play in s.trick
        ],  # fmt: skip
        "playing": playing,
        "god_face_down": laid,
        "swapping": swapping,
        "won": [_names(w) for w in s.won],
        "fists_won": list(s.fists_won),
        "discard": _names(s.discard),
        "voids": [[TYPE_NAMES[t] for t in range(4) if v >> t & 1] for v in s.voids],
        "due": s.count if s.phase in (ODIN_TAKE, THOR_GIVE, JARL) else None,
        "thor_builder": s.thor_builder if s.thor_builder >= 0 else None,
        "jarl_target": s.jarl_target if s.jarl_target >= 0 else None,
        "winners": list(s.winners),
        # how the game ended (a study's report counts it): wealth, or the max_raids limit
        "ended_by": None
        if not s.winners
        else "wealth"
        if any(s.wealth(p) >= WIN_WEALTH[n] for p in range(n))
        else "the raid limit (max_raids)",
        "hand": None if player is None else _names(s.hands[player]),
        "pile_known": [],
        "known_hands": {},
        "log": _recent_log(s, player),
    }
    if player is not None:
        bit = 1 << player
        out["pile_known"] = [[i, KIND_NAMES[k]] for i, (k, m) in
                             enumerate(zip(s.pile, s.pile_known, strict=True)) if m & bit]  # fmt: skip
        known: dict[str, list[str]] = {}
        for holder, k, m in s.known:
            if m & bit:
                known.setdefault(str(holder), []).append(KIND_NAMES[k])
        out["known_hands"] = {h: sorted(v) for h, v in sorted(known.items())}
    return out


def _recent_log(s: GoneVikingState, player: int | None) -> list[str]:
    """The last LOG_LINES lines `player` may read (the log is a list, newest first)."""
    out: list[str] = []
    node = s._log
    while node is not None and len(out) < LOG_LINES:
        if node[0].visible_to(player):
            out.append(node[0].text)
        node = node[1]
    out.reverse()
    return out


def redeterminize(s: GoneVikingState, player: int, rng: random.Random) -> None:
    """Re-deal every card `player` cannot see, consistently with what it has seen."""
    n = s.num_players
    bit = 1 << player
    fixed: list[list[int]] = [[] for _ in range(n)]
    keep = []
    for entry in s.known:
        if entry[2] & bit:
            fixed[entry[0]].append(entry[1])
            keep.append(entry)
    s.known = keep  # other seats' secrets about re-dealt cards no longer hold
    pool: list[int] = []
    need = [0] * n
    other_pending = bool(s.pending) and s.to_move != player
    for q in range(n):
        if q == player:
            continue
        hidden = s.hands[q].copy()
        if other_pending and q == s.to_move:
            hidden += s.pending  # a known card may be among the picked ones
        for k in fixed[q]:
            hidden.remove(k)
        pool += hidden
        need[q] = len(s.hands[q]) - len(fixed[q])
    pile_slots = [i for i, m in enumerate(s.pile_known) if not m & bit]
    pool += [s.pile[i] for i in pile_slots]
    laid = s.trick_god >= 0 and s.trick_god_seat != player  # a God face down, unseen
    if laid:  # into the pool before the shuffle: where it lands must not tell which it was
        pool.append(s.trick_god)
    pool.sort()  # so the re-deal depends on the view and rng alone
    rng.shuffle(pool)
    voids = _voids(s)
    if laid:  # a God of a type its layer is known to lack cannot have been in their hand
        void = voids[s.trick_god_seat]
        gods = [i for i, k in enumerate(pool) if IS_GOD[k] and not void >> KIND_TYPE[k] & 1]
        gods = gods or [i for i, k in enumerate(pool) if IS_GOD[k]]
        s.trick_god = pool.pop(gods[rng.randrange(len(gods))])
    for q, cards in enumerate(_deal(pool, need, voids, player, rng)):
        if q != player:
            s.hands[q] = sorted(fixed[q] + cards)
    if other_pending:
        m = len(s.pending)
        s.pending, pool = pool[:m], pool[m:]
    for i, k in zip(pile_slots, pool, strict=True):
        s.pile[i] = k
    if s.phase == PLAY and s.to_move != player and not s.building:
        s._begin_turn(s.to_move)  # the obligation to follow depends on the re-dealt hand


def _voids(s: GoneVikingState) -> list[int]:
    """Each seat's known voids, counting a play in progress that left the led type."""
    voids = s.voids.copy()
    q = s.to_move
    building = s.building
    if (
        s.phase == PLAY
        and building
        and q != s.trick_leader
        and s.god != THOR
        and KIND_TYPE[building[0]] != s.led
    ):
        voids[q] |= 1 << s.led
    return voids


def _deal(
    pool: list[int], need: list[int], voids: list[int], player: int, rng: random.Random
) -> list[list[int]]:
    """Take each seat's `need` cards off `pool` (in place), honouring voids where possible.

    Seats with voids are served first from a shuffled pool; a dead end retries, and after
    many tries the voids are dropped (the true deal always satisfies them, so this is rare).
    """
    order = sorted(
        (q for q in range(len(need)) if need[q]), key=lambda q: -bin(voids[q]).count("1")
    )
    if not any(voids[q] for q in order):
        return _take(pool, need, order)
    for _ in range(50):
        rest = pool.copy()
        hands: list[list[int]] = [[] for _ in need]
        ok = True
        for q in order:
            fits = [i for i, k in enumerate(rest) if not voids[q] >> KIND_TYPE[k] & 1]
            if len(fits) < need[q]:
                ok = False
                break
            chosen = set(fits[: need[q]])
            hands[q] = [rest[i] for i in sorted(chosen)]
            rest = [k for i, k in enumerate(rest) if i not in chosen]
        if ok:
            pool[:] = rest
            return hands
        rng.shuffle(pool)
    return _take(pool, need, order)


def _take(pool: list[int], need: list[int], order: list[int]) -> list[list[int]]:
    hands: list[list[int]] = [[] for _ in need]
    for q in order:
        hands[q] = pool[: need[q]]
        del pool[: need[q]]
    return hands


def full_state(s: GoneVikingState) -> Any:
    """Everything, hidden parts included, as a comparable value."""
    return (
        s.phase, s.to_move, s.count, s.raid, s.leader, s.trump, s.god, s.god_owner,
        tuple(map(tuple, s.hands)), tuple(s.pile), tuple(s.pile_known), tuple(s.known),
        tuple(s.pending), tuple(s.queue), tuple(map(tuple, s.tokens)), tuple(s.supply),
        s.trick_leader, s.led, tuple(s.trick), s.trick_god, s.trick_god_seat, tuple(s.order),
        s.must, tuple(s.building), tuple(map(tuple, s.won)), tuple(s.fists_won),
        tuple(s.discard), tuple(s.voids), s.thor_builder, s.jarl_target, s.winners,
        s.next_leader, tuple(s.history), s.rng.getstate(),
    )  # fmt: skip
