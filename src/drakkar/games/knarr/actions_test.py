"""Labels say what an action does: a Recruit and the Mead Cup name the Viking in the slot.

A board slot's colour (slot 4 is the blue slot) only says which hand colour takes it free; the
Viking in it may be of any colour, so a label names that Viking, colour and icon, in words.
"""

from __future__ import annotations

import random

from drakkar.games.knarr import actions as A
from drakkar.games.knarr.cards import V_KIND, kind_icons, kind_name
from drakkar.games.knarr.scenarios import deal, labels, play, set_board, set_hand, set_tokens
from drakkar.games.knarr.state import MEAD


def test_a_recruit_label_names_the_viking_the_slot_holds_not_the_slots_colour() -> None:
    # the reported game: a purple bracelet played, slot 4 (the blue slot) holding a green recruit
    s = deal(3)
    set_board(s, ["red VP", "yellow VP", "green VP", "green recruit", "purple reputation"])
    set_hand(s, 0, ["red bracelet", "red recruit", "purple bracelet"])
    set_tokens(s, 0, rc=1)
    label = "recruit purple bracelet: take slot 4: green RC, paying a recruit token"
    assert label in labels(s)
    assert "recruit purple bracelet: take slot 5: purple REP" in labels(s)  # its own slot: free
    play(s, label)
    assert kind_name(V_KIND[s.hands[0][-1]]) == "green recruit"
    assert "takes the green recruit from slot 4 with a recruit token" in s.events[-1].text
    assert s.rc[0] == 0


def test_every_recruit_and_mead_cup_label_names_the_viking_in_its_slot() -> None:
    """Random games: each Recruit's label names the Viking it puts in the mover's hand, and each
    Mead Cup label the Viking it replaces."""
    seen = 0
    for seed in range(12):
        s = deal(2 + seed % 3, seed=seed, artifacts="mead-cup" if seed % 2 else "cauldron")
        pick = random.Random(seed)
        while not s.is_terminal():
            action = pick.choice(s.legal_actions())
            slot_action = action < A.EXPLORE or (s.phase == MEAD and action < A.MEAD_KEEP)
            if slot_action:
                slot = action % 5  # (RECRUIT and MEAD_REPLACE are both multiples of 5)
                label = s.action_label(action)
                card, mover = s.slots[slot], s.current_player
                assert label.split(f"slot {slot + 1}: ")[1].split(",")[0] == kind_icons(
                    V_KIND[card]
                ), label
                seen += 1
            s.apply(action)
            if slot_action and action < A.EXPLORE:
                assert card in s.hands[mover]
    assert seen > 100
