"""Setting up Knarr situations for tests, without breaking conservation.

`deal()` starts a game (seat 0 first unless told) with the stacking options; the `set_*`
helpers then move named cards into place by swapping them with cards in the decks, so every
Viking and Destination stays accounted for (each helper ends by checking the invariants).
Vikings are named by kind ("red VP", "green recruit"), Destinations by id ("B27").
"""

from __future__ import annotations

from typing import Any

import drakkar
from drakkar.games.knarr.cards import V_COLOUR, V_KIND, dest_by_id, kind_name
from drakkar.games.knarr.state import KnarrState

KIND = {kind_name(k): k for k in range(20)}


def deal(players: int = 3, seed: int = 1, **options: Any) -> KnarrState:
    options.setdefault("first_player", 0)
    state = drakkar.load("knarr").new(players, seed, options)
    assert isinstance(state, KnarrState)
    return state


def _pull(s: KnarrState, name: str) -> int:
    """Take a Viking of kind `name` from the deck, else the discard pile, else from a board
    slot or a hand (swapped for the deck's bottom card) or a crew."""
    kind = KIND[name]
    for pile in (s.deck, s.discard):
        for i in range(len(pile) - 1, -1, -1):
            if V_KIND[pile[i]] == kind:
                return pile.pop(i)
    for places in ([s.slots], s.hands):
        for place in places:
            for i, v in enumerate(place):
                if v >= 0 and V_KIND[v] == kind:
                    place[i] = s.deck.pop(0)
                    for known in s.known:
                        if v in known:
                            known.remove(v)
                    return v
    for q, crew in enumerate(s.crew):
        for col in crew:
            for v in col:
                if V_KIND[v] == kind:
                    col.remove(v)
                    s.kinds[q][kind] -= 1
                    return v
    raise LookupError(f"no {name} Viking in this game")


def _done(s: KnarrState) -> KnarrState:
    s._legal = None
    s.check_invariants()
    return s


def set_crew(s: KnarrState, p: int, names: list[str]) -> KnarrState:
    """Player `p`'s crew becomes exactly these Vikings (old ones go to the deck's bottom)."""
    for col in s.crew[p]:
        s.deck[:0] = col
        col.clear()
    s.kinds[p] = [0] * 20
    for name in names:
        v = _pull(s, name)
        s.crew[p][V_COLOUR[v]].append(v)
        s.kinds[p][V_KIND[v]] += 1
    if p == s.turn:
        s.mark = s.lines(p)
    return _done(s)


def set_hand(s: KnarrState, p: int, names: list[str]) -> KnarrState:
    assert len(names) == 3
    old, s.hands[p] = s.hands[p], []  # (emptied first: `_pull` must not find the old cards)
    s.deck[:0] = old
    s.hands[p] = [_pull(s, name) for name in names]
    s.known[p] = []
    return _done(s)


def set_board(s: KnarrState, names: list[str | None]) -> KnarrState:
    """The five board slots, left to right; None leaves a slot as it is."""
    for i, name in enumerate(names):
        if name is not None:
            s.deck.insert(0, s.slots[i])
            s.slots[i] = _pull(s, name)
    return _done(s)


def stack_deck(s: KnarrState, names: list[str]) -> KnarrState:
    """The next Vikings drawn, first named first."""
    cards = [_pull(s, name) for name in names]
    s.deck += cards[::-1]
    return _done(s)


def set_tokens(s: KnarrState, p: int, **values: int) -> KnarrState:
    """vp=, rc=, br=, rep= for player `p`."""
    for key, value in values.items():
        getattr(s, key)[p] = value
    return _done(s)


def _take_destination(s: KnarrState, d: int) -> None:
    deck = s.ddecks[0 if d < 20 else 1]
    if d in deck:
        deck.remove(d)
    elif d in s.dslots:
        i = s.dslots.index(d)
        s.dslots[i] = deck.pop()
    else:
        raise LookupError(f"destination {d} is not in its deck or face up")


def set_destinations(s: KnarrState, ids: list[str | None]) -> KnarrState:
    """The six face-up Destinations (three A, then three B); None empties a slot."""
    for i, d in enumerate(s.dslots):
        if d >= 0:
            s.ddecks[i // 3].insert(0, d)
        s.dslots[i] = -1
    for i, text in enumerate(ids):
        if text is not None:
            d = dest_by_id(text)
            s.ddecks[i // 3].remove(d)
            s.dslots[i] = d
    return _done(s)


def set_ship(s: KnarrState, p: int, ids: list[str]) -> KnarrState:
    """Destinations already placed above player `p`'s ship, in order."""
    for text in ids:
        d = dest_by_id(text)
        _take_destination(s, d)
        s.ships[p].append(d)
    return _done(s)


def play(s: KnarrState, *labels: str) -> KnarrState:
    for text in labels:
        s.apply_label(text)
        s.check_invariants()
    return s


def recruit(s: KnarrState, name: str, slot: int) -> str:
    """The label of the legal Recruit that plays a `name` hand card and takes board `slot`
    (1-5), whatever Viking the slot holds (its label names it: "take slot 1: green RC")."""
    start = f"recruit {name}: take slot {slot}: "
    found = [x for x in labels(s) if x.startswith(start)]
    assert len(found) == 1, f"no legal {start!r}...: {labels(s)}"
    return found[0]


def labels(s: KnarrState) -> list[str]:
    return [s.action_label(a) for a in s.legal_actions()]
