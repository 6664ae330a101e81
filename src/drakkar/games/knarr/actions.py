"""Knarr's fixed action table: int <-> meaning <-> label.

A Viking *kind* is `colour * 4 + asset` (see cards.py); Vikings of one kind are alike in play,
so actions name kinds, not card ids. A Recruit is one decision (the card played and the slot
taken); an Explore is the Destination, then one decision per Viking or token paid.

A Recruit's and a Mead Cup's label end with the Viking in the slot ("take slot 4: green RC"),
which `KnarrState.action_label` adds. A slot's own colour only says which hand colour takes it
free: labels no longer name it, as people read it as the colour of the card they would take.
"""

from __future__ import annotations

from drakkar.games.knarr.cards import DEST_IDS, DESTINATIONS, kind_name

RECRUIT = 0  # + kind * 5 + slot: play a hand card of `kind`, take the Viking in board `slot`
EXPLORE = 100  # + destination: choose a face-up (or reserved) Destination to explore
PAY = 135  # + kind: discard a crew Viking of `kind` towards the chosen Destination's cost
PAY_RECRUIT = 155  # a recruit token stands in for one Viking of the cost
TRADE = 156  # + (n - 1): spend n bracelets, gain trade columns 1..n
END_TURN = 159  # finish the turn without (a second) trade
DISCARD = 160  # + kind: the empty-deck discard from your crew
MEAD_REPLACE = 180  # + slot: Mead Cup, discard that board Viking and refill the slot
MEAD_KEEP = 185  # Mead Cup: leave the board as it is
RESERVE = 186  # + destination: Golden Bracelet, reserve this face-up Destination
HELMET_DECLINE = 221  # Helmet: do not take the extra Recruit
WEATHERVANE_DECLINE = 222  # Weathervane: do not take the extra Explore
NUM_ACTIONS = 223


def recruit(kind: int, slot: int) -> int:
    return RECRUIT + kind * 5 + slot


def _label(a: int) -> str:
    if a < EXPLORE:
        kind, slot = divmod(a - RECRUIT, 5)
        return f"recruit {kind_name(kind)}: take slot {slot + 1}"  # the state adds its Viking
    if a < PAY:
        d = DESTINATIONS[a - EXPLORE]
        return f"explore {d.id} paying {d.cost_text()}"
    if a < PAY_RECRUIT:
        return f"pay a {kind_name(a - PAY)} viking"
    if a == PAY_RECRUIT:
        return "pay a recruit token"
    if a < END_TURN:
        n = a - TRADE + 1
        return f"trade {n} bracelet{'s' if n > 1 else ''}"
    if a == END_TURN:
        return "end turn"
    if a < MEAD_REPLACE:
        return f"discard a {kind_name(a - DISCARD)} viking for the empty deck"
    if a < MEAD_KEEP:
        return f"mead cup: replace slot {a - MEAD_REPLACE + 1}"  # the state adds its Viking
    if a == MEAD_KEEP:
        return "mead cup: keep the board"
    if a < HELMET_DECLINE:
        return f"reserve {DEST_IDS[a - RESERVE]}"
    if a == HELMET_DECLINE:
        return "helmet: no extra recruit"
    return "weathervane: no extra explore"


LABELS = tuple(_label(a) for a in range(NUM_ACTIONS))
