"""What each seat sees, re-dealing what it cannot, the copy, the full state and the invariants.

Hidden in Knarr: the cards in hands and the order of the decks. A Viking taken from the board
into a hand was seen by everyone, so it stays public (`known_hand`) until it is played. Views
name Vikings by kind ("red VP"): two Vikings of one kind are alike in play.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from drakkar.games.knarr.cards import (
    ARTIFACT_IDS,
    COLOURED,
    DESTINATIONS,
    MAX_REPUTATION,
    V_KIND,
    destination_line,
    kind_name,
    vikings_for,
)

if TYPE_CHECKING:
    from drakkar.games.knarr.state import KnarrState

ORDINALS = ("1st", "2nd", "3rd", "4th")


def _names(cards: list[int]) -> list[str]:
    return [kind_name(V_KIND[v]) for v in cards]


def _sorted_names(cards: list[int]) -> list[str]:
    return [kind_name(k) for k in sorted(V_KIND[v] for v in cards)]


def make_view(s: KnarrState, player: int | None) -> dict[str, Any]:
    from drakkar.games.knarr.state import END_SCORE, MAX_RC, OVER, PAY, PHASE_NAMES

    seats = []
    for p in range(s.num_players):
        seats.append(
            {
                "crew": [_names(col) for col in s.crew[p]],
                "ship": [DESTINATIONS[d].id for d in s.ships[p]],
                "reserved": [DESTINATIONS[d].id for d in s.reserved[p]],
                "recruits": s.rc[p],
                "bracelets": s.br[p],
                "reputation": s.rep[p],
                "score": s.vp[p],
                "hand_size": len(s.hands[p]),
                "known_hand": _sorted_names(s.known[p]),
            }
        )
    paying = None
    if s.phase == PAY:
        dest = DESTINATIONS[s.pay_dest]
        paying = {"destination": dest.id, "cost": dest.cost_text(), "left": s.pay_left}
        if dest.cost_kind == COLOURED:
            paying["owed"] = list(s.pay_need)
        else:
            paying["used_colours"] = list(s.pay_need)
            paying["colour"] = s.pay_colour
    return {
        "players": s.num_players,
        "round": s.round,
        "start_player": s.start,
        # each seat's place in the turn order, a label the simulator's report counts wins by
        "turn_order": [ORDINALS[(p - s.start) % s.num_players] for p in range(s.num_players)],
        "turn_player": s.turn,
        # how the game ended (a study's report counts it)
        "ended_by": None
        if s.phase != OVER
        else f"{END_SCORE} points"
        if max(s.vp) >= END_SCORE
        else "the round limit",
        "to_move": s.current_player,
        "phase": PHASE_NAMES[s.phase],
        "ship_side": s.options.ship,  # type: ignore[attr-defined]
        "artifacts": [ARTIFACT_IDS[a] for a in s.artifacts],
        "end_triggered": max(s.vp) >= END_SCORE,
        "traded": s.traded,
        "board": [None if v < 0 else kind_name(V_KIND[v]) for v in s.slots],
        "destinations": [None if d < 0 else DESTINATIONS[d].id for d in s.dslots],
        # every face-up Destination in words (cost, gain, trade), for a person to judge it
        "destination_text": {
            DESTINATIONS[d].id: destination_line(DESTINATIONS[d].id)
            for d in sorted(
                {*s.dslots, *(d for p in range(s.num_players) for d in s.ships[p] + s.reserved[p])}
            )
            if d >= 0
        },
        "viking_deck": len(s.deck),
        "discard": _names(s.discard),
        "deck_a": len(s.ddecks[0]),
        "deck_b": len(s.ddecks[1]),
        "seats": seats,
        "hand": None if player is None else _sorted_names(s.hands[player]),
        "paying": paying,
        "discarders": list(s.discarders),
        "max_recruits": MAX_RC,
    }


def redeterminize(s: KnarrState, player: int, rng: random.Random) -> None:
    """Re-deal the other seats' unseen hand cards and every deck's order."""
    unseen = []
    for q in range(s.num_players):
        if q != player:
            unseen += [v for v in s.hands[q] if v not in s.known[q]]
    # A deck formed from the (public) discard pile has a known make-up: only its order is dealt.
    # Sorted first, so the re-deal depends on the view and rng alone.
    pool = sorted(unseen if s.deck_public else unseen + s.deck)
    rng.shuffle(pool)
    if s.deck_public:
        deck = sorted(s.deck)
        rng.shuffle(deck)
        s.deck = deck
    for q in range(s.num_players):
        if q != player:
            k = len(s.hands[q]) - len(s.known[q])
            s.hands[q] = s.known[q].copy() + pool[:k]
            pool = pool[k:]
    if not s.deck_public:
        s.deck = pool
    for deck in s.ddecks:
        deck.sort()
        rng.shuffle(deck)
    s._legal = None


def copy_of(s: KnarrState) -> KnarrState:
    """`clone()`: a deep, independent copy, field by field (the fields `full_state` lists)."""
    new = type(s).__new__(type(s))
    s._clone_base(new)
    new.deck = s.deck.copy()
    new.discard = s.discard.copy()
    new.slots = s.slots.copy()
    new.ddecks = [s.ddecks[0].copy(), s.ddecks[1].copy()]
    new.dslots = s.dslots.copy()
    new.hands = [h.copy() for h in s.hands]
    new.known = [k.copy() for k in s.known]
    new.crew = [[c.copy() for c in crew] for crew in s.crew]
    new.kinds = [k.copy() for k in s.kinds]
    new.ships = [ship.copy() for ship in s.ships]
    new.reserved = [r.copy() for r in s.reserved]
    new.vp = s.vp.copy()
    new.br = s.br.copy()
    new.rc = s.rc.copy()
    new.rep = s.rep.copy()
    new.artifacts = s.artifacts
    new.ship_trade = s.ship_trade
    new.start = s.start
    new.turn = s.turn
    new.phase = s.phase
    new.traded = s.traded
    new.mark = s.mark
    new.pay_dest = s.pay_dest
    new.pay_need = s.pay_need.copy()
    new.pay_left = s.pay_left
    new.pay_colour = s.pay_colour
    new.jobs = s.jobs.copy()
    new.discarders = s.discarders.copy()
    new.round = s.round
    new.deck_public = s.deck_public
    return new


def full_state(s: KnarrState) -> Any:
    t = tuple
    return (
        t(s.deck), t(s.discard), t(s.slots), t(map(t, s.ddecks)), t(s.dslots),
        t(map(t, s.hands)), t(map(t, s.known)), t(t(map(t, c)) for c in s.crew),
        t(map(t, s.kinds)), t(map(t, s.ships)), t(map(t, s.reserved)),
        t(s.vp), t(s.br), t(s.rc), t(s.rep), s.artifacts, s.ship_trade, s.start, s.turn,
        s.phase, s.traded, s.mark, s.pay_dest, t(s.pay_need), s.pay_left, s.pay_colour,
        t(s.jobs), t(s.discarders), s.round, s.deck_public, t(s.history), s.rng.getstate(),
    )  # fmt: skip


def check_invariants(s: KnarrState) -> None:
    from drakkar.games.knarr.state import MAX_BR, MAX_RC

    n = s.num_players
    vikings = s.deck + s.discard + [v for v in s.slots if v >= 0]
    for p in range(n):
        vikings += s.hands[p]
        for col in s.crew[p]:
            vikings += col
    want = vikings_for(n)
    assert sorted(vikings) == want, f"{len(vikings)} Vikings accounted for, not {len(want)}"
    dests = s.ddecks[0] + s.ddecks[1] + [d for d in s.dslots if d >= 0]
    for p in range(n):
        dests += s.ships[p] + s.reserved[p]
    assert sorted(dests) == list(range(35)), f"{len(dests)} Destinations accounted for, not 35"
    for p in range(n):
        assert 0 <= s.rc[p] <= MAX_RC, f"player {p} holds {s.rc[p]} recruit tokens"
        assert 0 <= s.br[p] <= MAX_BR, f"player {p} holds {s.br[p]} bracelets"
        assert 0 <= s.rep[p] <= MAX_REPUTATION, f"player {p} reputation {s.rep[p]}"
        assert len(s.hands[p]) == 3, f"player {p} holds {len(s.hands[p])} cards"
        assert all(v in s.hands[p] for v in s.known[p]), f"player {p}: known card not in hand"
        assert len(s.reserved[p]) <= 2, f"player {p} reserved {len(s.reserved[p])}"
        counts = [0] * 20
        for c, col in enumerate(s.crew[p]):
            for v in col:
                assert V_KIND[v] >> 2 == c, f"player {p}: a Viking in the wrong column"
                counts[V_KIND[v]] += 1
        assert counts == s.kinds[p], f"player {p}: crew counts out of step"


def length_bound(n: int) -> int:
    """A true upper bound on the decisions in a game (see docs/rules/knarr.md).

    Per turn: trade before, the action, the Helmet's recruit, two Golden Bracelet reserves, trade
    or end, at most 5 Weathervane offers (one per crew card added: 2 recruits, 3 blind draws of a
    trade), and up to n empty-deck discards for each of 5 draws. Per Explore (at most 35 in a
    game): the choice, 5 payments, the Mead Cup, and n discards each for its 2 draws, plus one
    more Weathervane offer, Helmet recruit and reserve (12 + 4n is generous).
    """
    from drakkar.games.knarr.state import MAX_ROUNDS

    return MAX_ROUNDS * n * (11 + 5 * n) + 35 * (12 + 4 * n)
