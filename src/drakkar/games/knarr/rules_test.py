"""Scenario tests: set-up, Reputation, Recruit, Explore (every cost kind), assets, caps, Trade."""

from __future__ import annotations

import pytest

from drakkar.engine.errors import IllegalAction
from drakkar.games.knarr.cards import DEST_IDS, V_COLOUR, V_KIND, VIKING_IDS, kind_name
from drakkar.games.knarr.scenarios import (
    deal,
    labels,
    play,
    recruit,
    set_board,
    set_crew,
    set_hand,
    set_ship,
    set_tokens,
    stack_deck,
)
from drakkar.games.knarr.state import AFTER, MAIN, PAY


def names(cards: list[int]) -> list[str]:
    return sorted(kind_name(V_KIND[v]) for v in cards)


# -- set-up ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "deck"), [(2, 30), (3, 40), (4, 50)])
def test_setup(players: int, deck: int) -> None:
    s = deal(players, seed=3, first_player=-1)
    assert all(v >= 0 for v in s.slots)
    assert all(d < 20 for d in s.dslots[:3]) and all(d >= 20 for d in s.dslots[3:])
    assert len(s.ddecks[0]) == 17 and len(s.ddecks[1]) == 12
    for p in range(players):
        crew = [v for col in s.crew[p] for v in col]
        assert len(crew) == 2 and V_COLOUR[crew[0]] != V_COLOUR[crew[1]]
        assert (s.rc[p], s.br[p], s.rep[p], s.vp[p], len(s.hands[p])) == (1, 1, 0, 0, 3)
    assert len(s.deck) == deck - 5 - 5 * players
    assert s.current_player == s.start


def test_stacks_deal_in_order_and_a_second_same_colour_card_is_redrawn() -> None:
    ids = ["V01", "V11", "V21", "V31", "V41", "V02", "V03", "V12", "V22", "V32"]
    s = deal(2, viking_stack=ids, destination_stack=["A05", "B30", "A07"])
    assert [VIKING_IDS[v] for v in s.slots] == ids[:5]
    # player 0: V02 red, V03 red again -> to the bottom of the deck, V12 yellow instead
    assert sorted(VIKING_IDS[v] for col in s.crew[0] for v in col) == ["V02", "V12"]
    assert VIKING_IDS[s.deck[0]] == "V03"
    assert sorted(VIKING_IDS[v] for col in s.crew[1] for v in col) == ["V22", "V32"]
    assert [DEST_IDS[d] for d in s.dslots[:2]] == ["A05", "A07"]
    assert DEST_IDS[s.dslots[3]] == "B30"


def test_first_player_is_drawn_at_random_unless_set() -> None:
    starts = {deal(4, seed=k, first_player=-1).start for k in range(40)}
    assert starts == {0, 1, 2, 3}
    assert deal(4, first_player=2).current_player == 2


def test_board_slots_are_dealt_at_random_whatever_their_colour() -> None:
    boards = [deal(3, seed=k).slots for k in range(30)]
    for slot in range(5):  # each slot holds Vikings of several colours, its own or not
        assert len({V_COLOUR[b[slot]] for b in boards}) >= 3, slot
    assert len({tuple(V_KIND[v] for v in b) for b in boards}) > 20


def test_the_board_is_not_dealt_in_colour_order_every_slot_takes_every_colour() -> None:
    boards = [deal(3, seed=k).slots for k in range(60)]
    for slot in range(5):  # (a board sorted by colour would never put red in slot 5)
        assert {V_COLOUR[b[slot]] for b in boards} == set(range(5)), slot


# -- Reputation ------------------------------------------------------------------------------


def finish_turn(s) -> None:
    """The mover recruits its first card into the matching slot, then ends the turn."""
    first = next(a for a in s.legal_actions() if a < 100 and (a // 5) // 4 == a % 5)
    s.apply(first)
    if s.phase == AFTER:
        s.apply_label("end turn")


@pytest.mark.parametrize(
    ("rep", "points"), [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (9, 2), (10, 3), (13, 3), (14, 5)]
)
def test_reputation_scores_at_the_start_of_each_turn(rep: int, points: int) -> None:
    s = deal(3)
    set_tokens(s, 1, rep=rep, vp=10)
    finish_turn(s)
    assert s.current_player == 1
    assert s.vp[1] == 10 + points


def test_reputation_scores_once_a_turn_at_its_start() -> None:
    s = deal(3)
    set_crew(s, 0, [])
    set_hand(s, 0, ["yellow bracelet", "green bracelet", "blue bracelet"])
    set_tokens(s, 0, rep=6, vp=10, br=0)  # 2 points a turn
    play(s, recruit(s, "yellow bracelet", 2), "end turn")  # (no VP icon)
    assert s.current_player == 1 and s.vp[0] == 10  # nothing scored as the turn ends
    finish_turn(s)
    finish_turn(s)
    assert s.current_player == 0 and s.vp[0] == 12  # scored as the next one starts


# -- Recruit ---------------------------------------------------------------------------------


def recruit_setup():
    s = deal(3)
    set_crew(s, 0, ["red VP", "red bracelet", "red recruit"])
    set_hand(s, 0, ["red reputation", "yellow VP", "green VP"])
    set_board(s, ["blue VP", "purple VP", "green bracelet", "yellow bracelet", "blue bracelet"])
    set_tokens(s, 0, rc=0, br=0, rep=0, vp=0)
    return s


def test_recruit_gains_every_asset_of_the_column_and_takes_the_matching_slot() -> None:
    s = recruit_setup()
    stack_deck(s, ["purple bracelet"])
    play(s, recruit(s, "red reputation", 1))
    assert (s.vp[0], s.br[0], s.rc[0], s.rep[0]) == (1, 1, 1, 1)
    assert names(s.crew[0][0]) == ["red VP", "red bracelet", "red recruit", "red reputation"]
    assert names(s.hands[0]) == ["blue VP", "green VP", "yellow VP"]
    assert names(s.known[0]) == ["blue VP"]  # everyone saw it taken
    assert kind_name(V_KIND[s.slots[0]]) == "purple bracelet"  # refilled from the deck
    assert s.phase == AFTER  # a bracelet to trade: trade or end


def test_recruit_into_an_empty_column_gains_the_new_card_only() -> None:
    s = recruit_setup()
    play(s, recruit(s, "yellow VP", 2))
    assert (s.vp[0], s.br[0], s.rc[0], s.rep[0]) == (1, 0, 0, 0)
    assert s.current_player == 1  # no bracelet: nothing to trade, the turn ends


def test_another_slot_costs_a_recruit_token() -> None:
    s = recruit_setup()
    paying = "recruit yellow VP: take slot 3: green BR, paying a recruit token"
    assert not any(x.startswith("recruit yellow VP: take slot 3") for x in labels(s))
    set_tokens(s, 0, rc=1)
    assert paying in labels(s) and "recruit yellow VP: take slot 2: purple VP" in labels(s)
    play(s, paying)
    assert s.rc[0] == 0
    assert "green bracelet" in names(s.hands[0])


def test_a_recruit_token_gained_from_the_column_can_pay_for_another_slot() -> None:
    s = recruit_setup()  # the red column shows a recruit icon
    play(s, "recruit red reputation: take slot 5: blue BR, paying a recruit token")
    assert s.rc[0] == 0  # gained 1, spent 1
    assert "blue bracelet" in names(s.hands[0])


def test_caps_three_tokens_and_reputation_fourteen() -> None:
    s = recruit_setup()
    set_tokens(s, 0, rc=3, br=3, rep=14)
    play(s, recruit(s, "red reputation", 1))
    assert (s.rc[0], s.br[0], s.rep[0]) == (3, 3, 14)


# -- Explore ---------------------------------------------------------------------------------


def explore_setup(crew: list[str], rc: int = 0, players: int = 3):
    s = deal(players, destination_stack=["A20", "A01", "A15", "B27", "B21", "B24", "A04"])
    set_crew(s, 0, crew)
    set_tokens(s, 0, rc=rc, br=0, rep=0, vp=0)
    return s


def test_explore_two_of_a_colour_any_card_of_that_colour() -> None:
    s = explore_setup(["red VP", "red bracelet", "yellow VP"], rc=1)
    play(s, "explore A20 paying 2 red")
    assert s.phase == PAY
    assert labels(s) == ["pay a red VP viking", "pay a red bracelet viking", "pay a recruit token"]
    play(s, "pay a red bracelet viking")
    assert labels(s) == ["pay a red VP viking", "pay a recruit token"]
    play(s, "pay a red VP viking")
    assert [DEST_IDS[d] for d in s.ships[0]] == ["A20"]
    assert s.br[0] == 1  # A20's immediate bracelet
    assert names(s.discard) == ["red VP", "red bracelet"]
    assert DEST_IDS[s.dslots[0]] == "A04"  # refilled from deck A
    assert s.rc[0] == 1


def test_recruit_tokens_stand_in_for_vikings_and_a_cost_is_only_legal_when_payable() -> None:
    s = explore_setup(["red VP", "yellow VP"], rc=0)
    assert "explore A20 paying 2 red" not in labels(s)
    set_tokens(s, 0, rc=1)
    play(s, "explore A20 paying 2 red", "pay a recruit token")
    assert labels(s) == ["pay a red VP viking"]  # the token is gone; the last must be red
    play(s, "pay a red VP viking")
    assert s.rc[0] == 0 and len(s.ships[0]) == 1


def test_the_whole_cost_can_be_paid_in_recruit_tokens() -> None:
    s = explore_setup(["yellow VP", "green VP"], rc=2)
    play(s, "explore A20 paying 2 red", "pay a recruit token", "pay a recruit token")
    assert s.rc[0] == 0 and [DEST_IDS[d] for d in s.ships[0]] == ["A20"]


def test_explore_mixed_cost_three_purple_two_red_with_immediate_card() -> None:
    s = explore_setup(
        ["purple VP", "purple bracelet", "purple recruit", "red VP", "red bracelet", "yellow VP"]
    )
    stack_deck(s, ["green VP"])
    play(s, "explore B27 paying 3 purple 2 red")
    assert "pay a yellow VP viking" not in labels(s)
    play(s, "pay a purple VP viking", "pay a purple bracelet viking", "pay a purple recruit viking")
    assert labels(s) == ["pay a red VP viking", "pay a red bracelet viking"]
    play(s, "pay a red VP viking", "pay a red bracelet viking")
    assert s.vp[0] == 8
    # the blind card goes to the crew without its asset
    assert names(s.crew[0][2]) == ["green VP"] and s.vp[0] == 8


def test_explore_three_of_different_colours() -> None:
    s = explore_setup(["red VP", "red bracelet", "yellow VP", "green VP"])
    stack_deck(s, ["blue VP"])
    play(s, "explore A01 paying 3 of different colours", "pay a red VP viking")
    assert "pay a red bracelet viking" not in labels(s)
    play(s, "pay a green VP viking", "pay a yellow VP viking")
    assert (s.rc[0], s.rep[0]) == (1, 1)  # A01: RC, REP, CARD
    assert names(s.crew[0][3]) == ["blue VP"]


def test_different_colours_counts_colours_and_tokens_fill_the_gap() -> None:
    s = explore_setup(["red VP", "red bracelet", "yellow VP"], rc=0)
    assert "explore A01 paying 3 of different colours" not in labels(s)
    set_tokens(s, 0, rc=1)
    assert "explore A01 paying 3 of different colours" in labels(s)


def test_explore_four_of_one_colour_of_your_choice() -> None:
    s = explore_setup(["blue VP", "blue bracelet", "blue recruit", "red VP"], rc=1)
    play(s, "explore B21 paying 4 of one colour")
    # red cannot make four even with the token; blue can
    assert labels(s) == [
        "pay a blue VP viking", "pay a blue bracelet viking", "pay a blue recruit viking",
        "pay a recruit token",
    ]  # fmt: skip
    play(s, "pay a blue VP viking", "pay a recruit token")
    assert labels(s) == ["pay a blue bracelet viking", "pay a blue recruit viking"]
    play(s, "pay a blue bracelet viking", "pay a blue recruit viking")
    assert (s.vp[0], s.rc[0]) == (5, 1)  # B21: 5 VP and a recruit token


def test_four_of_one_colour_cannot_mix_colours() -> None:
    blue = ["blue VP", "blue bracelet", "blue recruit", "blue reputation"]
    s = explore_setup([*blue, "red VP", "red bracelet", "red recruit"], rc=1)
    play(s, "explore B21 paying 4 of one colour", "pay a red VP viking")
    # blue could still make the last three, but the first Viking paid chose red
    red = ["pay a red bracelet viking", "pay a red recruit viking"]
    assert labels(s) == [*red, "pay a recruit token"]
    play(s, "pay a recruit token")
    assert labels(s) == red
    play(s, "pay a red bracelet viking", "pay a red recruit viking")
    assert len(s.crew[0][3]) == 4 and s.crew[0][0] == []


def test_explore_one_of_each_colour() -> None:
    s = explore_setup(
        ["red VP", "yellow VP", "green VP", "blue VP", "purple VP", "purple bracelet"]
    )
    stack_deck(s, ["red bracelet"])
    play(s, "explore B24 paying 1 of each colour", "pay a red VP viking")
    assert "pay a red VP viking" not in labels(s)
    play(s, "pay a yellow VP viking", "pay a green VP viking", "pay a blue VP viking")
    play(s, "pay a purple VP viking")
    assert (s.vp[0], s.br[0], s.rc[0], s.rep[0]) == (4, 1, 1, 1)
    assert names(s.crew[0][0]) == ["red bracelet"]


def test_one_of_each_colour_takes_no_second_viking_of_a_colour() -> None:
    s = explore_setup(["red VP", "red bracelet", "yellow VP", "green VP", "blue VP", "purple VP"])
    play(s, "explore B24 paying 1 of each colour", "pay a red VP viking")
    assert not [x for x in labels(s) if x.startswith("pay a red")]  # the red is paid
    assert labels(s) == [f"pay a {c} VP viking" for c in ("yellow", "green", "blue", "purple")]


def test_an_explored_land_of_influence_is_replaced_from_deck_b() -> None:
    s = explore_setup(["purple VP", "purple bracelet", "purple recruit", "red VP", "red bracelet"])
    top_b, deck_a = s.ddecks[1][-1], list(s.ddecks[0])
    play(s, "explore B27 paying 3 purple 2 red", "pay a purple VP viking")
    play(s, "pay a purple bracelet viking", "pay a purple recruit viking")
    play(s, "pay a red VP viking", "pay a red bracelet viking")
    assert s.dslots[3] == top_b and s.ddecks[0] == deck_a  # deck A untouched


def test_an_empty_destination_deck_leaves_the_slot_empty() -> None:
    s = explore_setup(["red VP", "red bracelet"])
    set_ship(s, 1, [DEST_IDS[d] for d in list(s.ddecks[0])])  # deck A is used up
    play(s, "explore A20 paying 2 red", "pay a red VP viking", "pay a red bracelet viking")
    assert s.dslots[0] == -1 and s.view(None)["destinations"][0] is None
    assert "A20" in [DEST_IDS[d] for d in s.ships[0]]


def test_explored_destinations_stack_above_the_ship_in_order() -> None:
    s = explore_setup(["red VP", "red bracelet", "yellow VP"])
    set_ship(s, 0, ["A16"])
    play(s, "explore A20 paying 2 red", "pay a red VP viking", "pay a red bracelet viking")
    assert [DEST_IDS[d] for d in s.ships[0]] == ["A16", "A20"]


# -- Trade -----------------------------------------------------------------------------------


def trade_setup(ship: str = "normal"):
    s = deal(3, ship=ship)
    set_ship(s, 0, ["A04", "A16"])  # A04: VP | REP | RC ; A16: VP | VP | -
    set_tokens(s, 0, rc=0, br=3, rep=0, vp=0)
    return s


@pytest.mark.parametrize(
    ("n", "gains"),
    [
        (1, (2, 0, 0, 0)),  # column 1: VP + VP
        (2, (3, 0, 1, 1)),  # + column 2: REP, VP and the ship's RC
        (3, (3, 0, 2, 1)),  # + column 3: RC
    ],
)
def test_trade_gains_columns_one_to_n_of_the_ship_and_every_destination(n, gains) -> None:
    s = trade_setup()
    play(s, f"trade {n} bracelet{'s' if n > 1 else ''}")
    assert (s.vp[0], s.br[0] - (3 - n), s.rc[0], s.rep[0]) == gains


def test_trade_on_the_advanced_ship_side() -> None:
    s = trade_setup("advanced")  # VP | - | BR
    play(s, "trade 3 bracelets")
    assert (s.vp[0], s.br[0], s.rc[0], s.rep[0]) == (4, 1, 1, 1)  # 3 spent, 1 gained


@pytest.mark.parametrize(
    ("ship", "n", "gains"),
    [
        ("normal", 1, (0, 0, 0)),  # - | RC | -  (gains: VP, bracelets, recruits)
        ("normal", 2, (0, 0, 1)),
        ("normal", 3, (0, 0, 1)),
        ("advanced", 1, (1, 0, 0)),  # VP | - | BR
        ("advanced", 2, (1, 0, 0)),
        ("advanced", 3, (1, 1, 0)),
    ],
)
def test_each_ship_side_trades_its_own_row_column_by_column(ship, n, gains) -> None:
    s = deal(3, ship=ship)  # nothing above the ship yet: only its own row counts
    set_tokens(s, 0, rc=0, br=3, rep=0, vp=0)
    play(s, f"trade {n} bracelet{'s' if n > 1 else ''}")
    assert (s.vp[0], s.br[0] - (3 - n), s.rc[0], s.rep[0]) == (*gains, 0)


def test_trade_only_with_bracelets_in_hand() -> None:
    s = trade_setup()
    set_tokens(s, 0, br=1)
    assert [x for x in labels(s) if x.startswith("trade")] == ["trade 1 bracelet"]
    set_tokens(s, 0, br=0)
    assert not [x for x in labels(s) if x.startswith("trade")]


def test_trade_before_the_action_then_no_second_trade() -> None:
    s = trade_setup()
    play(s, "trade 1 bracelet")
    assert s.phase == MAIN and not [x for x in labels(s) if x.startswith("trade")]
    finish_turn(s)  # no trade-or-end step: the turn passes at once
    assert s.current_player == 1


def test_a_trade_before_the_action_comes_after_the_reputation_step() -> None:
    # Ruling: the Reputation step opens the turn; a reputation a trade gains scores next turn
    s = deal(3)
    set_ship(s, 1, ["A10"])  # trade column 1: REP
    set_tokens(s, 1, rep=2, br=1, vp=0)  # one short of the 1-point stretch
    finish_turn(s)
    assert s.current_player == 1 and s.phase == MAIN and s.vp[1] == 0
    play(s, "trade 1 bracelet")
    assert (s.rep[1], s.vp[1]) == (3, 0)  # not scored this turn


def test_each_player_may_trade_on_their_own_turn() -> None:
    s = trade_setup()
    set_tokens(s, 1, br=1)
    play(s, "trade 1 bracelet")
    finish_turn(s)
    assert s.current_player == 1 and "trade 1 bracelet" in labels(s)


def test_trade_only_once_a_turn() -> None:
    s = trade_setup()
    set_hand(s, 0, ["red VP", "yellow VP", "green VP"])
    play(s, "trade 1 bracelet")
    assert s.br[0] >= 2  # bracelets left for a second trade, which is not offered
    play(s, recruit(s, "red VP", 1))
    assert s.phase == MAIN and s.current_player == 1  # no trade-or-end step


def test_trade_after_the_action_then_the_turn_ends() -> None:
    s = trade_setup()
    finish_turn_without_ending = next(
        a for a in s.legal_actions() if a < 100 and (a // 5) // 4 == a % 5
    )
    s.apply(finish_turn_without_ending)
    assert s.phase == AFTER
    assert labels(s) == ["trade 1 bracelet", "trade 2 bracelets", "trade 3 bracelets", "end turn"]
    play(s, "trade 2 bracelets")
    assert s.current_player == 1


def test_trade_blind_card_column() -> None:
    s = deal(3)
    set_ship(s, 0, ["A07"])  # CARD | - | VP
    set_crew(s, 0, ["red VP"])
    stack_deck(s, ["blue reputation"])
    set_tokens(s, 0, br=1, rep=0)
    play(s, "trade 1 bracelet")
    assert names(s.crew[0][3]) == ["blue reputation"] and s.rep[0] == 0  # no asset


# -- illegal actions -------------------------------------------------------------------------


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    s = recruit_setup()
    before = s.full_state()
    for bad in (-1, 223, 100 + 34, 157, 159):  # out of range, B35 not face up, no bracelets
        with pytest.raises(IllegalAction):
            s.apply(bad)
    with pytest.raises(IllegalAction, match="not legal now"):
        s.apply_label("recruit yellow VP: take slot 3: green BR")
    with pytest.raises(IllegalAction):
        s.apply_label("fly to Vinland")
    assert s.full_state() == before
