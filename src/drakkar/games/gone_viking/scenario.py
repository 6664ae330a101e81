"""Set up a Gone Viking! state in the middle of a raid, for scenario tests and for trying rules.

`at_trick(3, [["Books 3"], ["Books 5", "Coins 1"], ["Hammers 7"]], trump="Coins")` gives a
state where seat 0 leads a fresh trick with those hands; every other card of the deck lies in
the draw pile, so cards and tokens stay accounted for. (For a situation reachable from the deal,
prefer the `stack` option.)
"""

from __future__ import annotations

from collections.abc import Sequence

from drakkar.games.gone_viking import GAME
from drakkar.games.gone_viking.cards import (
    DECKS,
    NO_TRUMP,
    SUPPLY,
    TOKEN_NAMES,
    TOKEN_PLURALS,
    TYPE_NAMES,
    parse_card,
)
from drakkar.games.gone_viking.state import GoneVikingState


def card(name: str) -> int:
    k = parse_card(name)
    if k is None:
        raise ValueError(f"{name!r} is not a card")
    return k


def tokens_of(text: str) -> list[int]:
    """ "2 Books, 1 Ship" -> token counts in the order Books, Coins, Hammers, Fists, Trees, Ships."""
    out = [0] * 6
    for part in filter(None, (p.strip() for p in text.split(","))):
        count, name = part.split(maxsplit=1)
        name = name.strip()
        names = [n.lower() for n in TOKEN_PLURALS]
        singles = [n.lower() for n in TOKEN_NAMES]
        t = names.index(name.lower()) if name.lower() in names else singles.index(name.lower())
        out[t] += int(count)
    return out


def deal_hands(s: GoneVikingState, hands: Sequence[Sequence[str]]) -> list[int]:
    """Give each seat the named cards; the rest of the deck, to make the pile from."""
    rest = list(DECKS[s.num_players])
    s.hands = []
    for names in hands:
        kinds = sorted(card(c) for c in names)
        for k in kinds:
            rest.remove(k)
        s.hands.append(kinds)
    return rest


def at_trick(
    players: int,
    hands: Sequence[Sequence[str]],
    *,
    leader: int = 0,
    trump: str = "Books",
    god: str | None = None,
    god_owner: int = 0,
    tokens: Sequence[str] | None = None,
    raid: int = 1,
    seed: int = 0,
    begin: bool = True,
) -> GoneVikingState:
    """A state where `leader` leads a fresh trick; `tokens` per seat as for `tokens_of`."""
    s = GAME.new(players, seed)
    assert isinstance(s, GoneVikingState)
    rest = deal_hands(s, hands)
    s.god, s.god_owner = -1, -1
    if god is not None:
        s.god, s.god_owner = card(god), god_owner
        rest.remove(s.god)
    s.pile, s.pile_known, s.known, s.pending, s.queue = rest, [0] * len(rest), [], [], []
    s.trump = NO_TRUMP if trump == "none" else TYPE_NAMES.index(trump)
    if tokens is not None:
        s.tokens = [tokens_of(t) for t in tokens]
    s.supply = [
        0 if SUPPLY[t] is None else SUPPLY[t] - sum(tok[t] for tok in s.tokens)  # type: ignore[operator]
        for t in range(6)
    ]
    s.leader, s.raid = leader, raid
    if begin:
        s._start_trick(leader)
    s._legal = None
    s.check_invariants()
    return s


def at_home(
    players: int,
    tokens: Sequence[str],
    *,
    leader: int = 0,
    god: str | None = None,
    god_owner: int = 0,
    fists_won: Sequence[int] | None = None,
    raid: int = 1,
) -> GoneVikingState:
    """A state just back home (every hand empty), with the last God's Home Power to come."""
    s = at_trick(players, [[] for _ in range(players)], leader=leader, god=god,
                 god_owner=god_owner, tokens=tokens, raid=raid, begin=False)  # fmt: skip
    if fists_won is not None:
        s.fists_won = list(fists_won)
    s._return_home()
    s._legal = None
    return s


def play(s: GoneVikingState, *labels: str) -> GoneVikingState:
    """Apply actions by their labels, in order."""
    for label in labels:
        s.apply_label(label)
    return s


def labels(s: GoneVikingState) -> list[str]:
    return [s.action_label(a) for a in s.legal_actions()]
