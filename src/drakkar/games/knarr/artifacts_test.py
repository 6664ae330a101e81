"""Scenario tests: the Artifacts module, each artifact and when its condition is checked."""

from __future__ import annotations

from drakkar.games.knarr.cards import (
    ARTIFACT_IDS,
    DEST_IDS,
    MEAD_CUP,
    V_KIND,
    WEATHERVANE,
    kind_name,
)
from drakkar.games.knarr.scenarios import (
    deal,
    labels,
    play,
    recruit,
    set_board,
    set_crew,
    set_destinations,
    set_hand,
    set_ship,
    set_tokens,
    stack_deck,
)
from drakkar.games.knarr.state import AFTER, HELMET_PHASE, MAIN, MEAD, RESERVE, WEATHERVANE_PHASE


def test_artifact_options() -> None:
    assert deal(3).artifacts == ()
    drawn = {deal(3, seed=k, artifacts="random").artifacts for k in range(80)}
    assert {a for (a,) in drawn} == set(range(7))
    pairs = {deal(3, seed=k, artifacts="mead-cup+random").artifacts for k in range(80)}
    assert {a for a, _ in pairs} == {0} and {b for _, b in pairs} == set(range(1, 7))
    for i, name in enumerate(ARTIFACT_IDS):
        assert deal(2, artifacts=name).artifacts == (i,)
        assert deal(2, artifacts=name).view(None)["artifacts"] == [name]


def setup(artifact: str, crew: list[str], hand: list[str], **tokens: int):
    s = deal(3, artifacts=artifact, destination_stack=["A20", "A16", "A15", "B28", "B26", "B21"])
    set_crew(s, 0, crew)
    set_hand(s, 0, hand)
    set_tokens(s, 0, **({"rc": 0, "br": 0, "rep": 0, "vp": 0} | tokens))
    return s


# -- Mead Cup --------------------------------------------------------------------------------


def test_mead_cup_after_an_explore_replaces_a_board_viking_or_not() -> None:
    s = setup("mead-cup", ["red VP", "red bracelet"], ["yellow VP", "green VP", "blue VP"])
    set_board(s, ["blue VP", "purple VP", "green bracelet", "yellow reputation", "red recruit"])
    stack_deck(s, ["purple reputation"] if s.num_players > 2 else [])
    play(s, "explore A20 paying 2 red", "pay a red VP viking", "pay a red bracelet viking")
    assert s.phase == MEAD
    assert labels(s) == [f"mead cup: replace slot {i}" for i in (
        "1: blue VP", "2: purple VP", "3: green BR", "4: yellow REP", "5: red RC")] + ["mead cup: keep the board"]  # fmt: skip
    play(s, "mead cup: replace slot 3: green BR")
    # (slot -1, an empty slot, would read as V50, a purple reputation: check it is filled)
    assert s.slots[2] >= 0 and kind_name(V_KIND[s.slots[2]]) == "purple reputation"
    assert kind_name(V_KIND[s.discard[-1]]) == "green bracelet"
    assert s.phase == AFTER  # then the optional trade (A20 gave a bracelet)


def test_mead_cup_can_be_declined_and_is_not_offered_after_a_recruit() -> None:
    s = setup("mead-cup", ["red VP", "red bracelet"], ["yellow VP", "green VP", "blue VP"])
    board = list(s.slots)
    play(s, "explore A20 paying 2 red", "pay a red VP viking", "pay a red bracelet viking")
    play(s, "mead cup: keep the board", "end turn")
    assert s.slots == board and s.current_player == 1
    play(s, labels(s)[0])  # player 1 recruits
    assert s.phase != MEAD


def test_mead_cup_after_exploring_a_land_of_influence_too() -> None:
    crew = ["red VP", "red bracelet", "blue VP", "blue bracelet"]
    s = setup("mead-cup", crew, ["yellow VP", "green VP", "purple VP"])
    play(s, "explore B28 paying 2 red 2 blue", "pay a red VP viking", "pay a red bracelet viking")
    play(s, "pay a blue VP viking", "pay a blue bracelet viking")
    assert s.phase == MEAD


def test_mead_cup_also_after_a_weathervane_explore() -> None:
    options = {"artifacts": "mead-cup+random", "destination_stack": ["A16"]}
    seed = next(k for k in range(100) if deal(3, k, **options).artifacts[1] == WEATHERVANE)
    s = deal(3, seed, **options)
    assert s.artifacts == (MEAD_CUP, WEATHERVANE)
    set_crew(s, 0, [*FOUR, "yellow bracelet"])
    set_hand(s, 0, ["purple VP", "green VP", "blue VP"])
    set_tokens(s, 0, rc=0, br=0, rep=0, vp=0)
    play(s, recruit(s, "purple VP", 5))  # a line: the Weathervane's explore
    assert s.phase == WEATHERVANE_PHASE
    play(s, "explore A16 paying 2 yellow", "pay a yellow VP viking", "pay a yellow bracelet viking")
    assert s.phase == MEAD
    play(s, "mead cup: keep the board")
    assert s.current_player == 1


# -- Silver Coin -----------------------------------------------------------------------------


def test_silver_coin_pays_a_point_for_a_fourth_viking_of_a_colour() -> None:
    crew = ["red bracelet", "red bracelet", "red recruit"]
    s = setup("silver-coin", crew, ["red VP", "green VP", "blue VP"])
    play(s, recruit(s, "red VP", 1))
    assert s.vp[0] == 1 + 1  # the column's VP icon and the coin
    plain = setup("none", crew, ["red VP", "green VP", "blue VP"])
    play(plain, recruit(plain, "red VP", 1))
    assert plain.vp[0] == 1


def test_silver_coin_not_for_a_third_viking() -> None:
    s = setup("silver-coin", ["red bracelet", "red recruit"], ["red VP", "green VP", "blue VP"])
    play(s, recruit(s, "red VP", 1))
    assert s.vp[0] == 1


def test_silver_coin_pays_again_for_a_fifth_viking() -> None:
    crew = ["red bracelet", "red bracelet", "red recruit", "red reputation"]
    s = setup("silver-coin", crew, ["red VP", "green VP", "blue VP"])
    play(s, recruit(s, "red VP", 1))
    assert len(s.crew[0][0]) == 5 and s.vp[0] == 1 + 1  # the column's VP icon and the coin


def _empty_deck_and_pile(s, p: int) -> None:
    """(Scenario) every Viking of the deck into crews, red ones to player 1: the deck and the
    discard pile are empty, and player `p` has the most Vikings, so a refill makes `p` discard."""
    from drakkar.games.knarr.cards import V_COLOUR

    while s.deck:
        v = s.deck.pop()
        q = 1 if V_COLOUR[v] == 0 else p
        s.crew[q][V_COLOUR[v]].append(v)
        s.kinds[q][V_KIND[v]] += 1
    assert not s.discard
    s.check_invariants()


def test_silver_coin_and_golden_bracelet_judge_the_column_as_the_viking_is_played() -> None:
    # The slot's refill finds no Viking, so the recruiter must discard one first: a red one
    # taken from the column just played to must not change what the artifact gives.
    hand = ["red VP", "yellow VP", "green VP"]
    for artifact, crew, vp, reserve in [  # (vp: the column's 2 VP icons, and the coin's)
        ("silver-coin", ["red VP", "red bracelet", "red recruit"], 2 + 1, False),
        ("golden-bracelet", ["red VP", "red bracelet", "red recruit"], 2, False),
        ("golden-bracelet", ["red VP", "red bracelet"], 2, True),
    ]:
        s = setup(artifact, crew, hand)
        _empty_deck_and_pile(s, 0)
        play(s, recruit(s, "red VP", 1), "discard a red VP viking for the empty deck")
        assert s.vp[0] == vp and (s.phase == RESERVE) == reserve, (artifact, len(crew))


# -- Cauldron --------------------------------------------------------------------------------


def test_cauldron_second_viking_of_a_colour_takes_any_slot_free() -> None:
    s = setup("cauldron", ["red VP"], ["red bracelet", "green VP", "blue VP"])
    set_board(s, ["blue VP", "purple VP", "green bracelet", "yellow reputation", "red recruit"])
    assert "recruit red bracelet: take slot 3: green BR" in labels(s)
    assert "recruit green VP: take slot 3: green BR" in labels(s)
    assert not any(x.startswith("recruit green VP: take slot 1") for x in labels(s))  # a 1st green
    set_tokens(s, 0, rc=1)
    assert "recruit green VP: take slot 1: blue VP, paying a recruit token" in labels(s)
    assert "recruit red bracelet: take slot 3: green BR" in labels(s)  # still free
    set_tokens(s, 0, rc=0)
    play(s, "recruit red bracelet: take slot 3: green BR")
    assert s.rc[0] == 0 and "green bracelet" in [kind_name(V_KIND[v]) for v in s.hands[0]]


def test_cauldron_not_for_a_third_viking() -> None:
    s = setup("cauldron", ["red VP", "red VP"], ["red bracelet", "green VP", "blue VP"])
    set_board(s, ["blue VP", "purple VP", "green bracelet", "yellow reputation", "red recruit"])
    assert not any(x.startswith("recruit red bracelet: take slot 3") for x in labels(s))
    s.rc[0] = 1
    s._legal = None  # (the cached legal actions)
    assert "recruit red bracelet: take slot 3: green BR, paying a recruit token" in labels(s)


# -- Golden Bracelet -------------------------------------------------------------------------


def test_golden_bracelet_third_viking_reserves_a_destination_to_explore_later() -> None:
    crew = ["red VP", "red bracelet", "purple VP", "purple bracelet", "purple recruit"]
    s = setup("golden-bracelet", crew, ["red VP", "green VP", "blue VP"])
    play(s, recruit(s, "red VP", 1))
    assert s.phase == RESERVE
    assert sorted(labels(s)) == sorted(f"reserve {DEST_IDS[d]}" for d in s.dslots)
    b_deck_top = s.ddecks[1][-1]
    play(s, "reserve B28")
    assert [DEST_IDS[d] for d in s.reserved[0]] == ["B28"]
    assert b_deck_top in s.dslots  # its slot was refilled
    assert s.view(1)["seats"][0]["reserved"] == ["B28"]
    s.turn, s.phase = 1, MAIN  # (another player who could pay for B28)
    set_crew(s, 1, ["red VP", "red bracelet", "blue VP", "blue bracelet"])
    assert not any(x.startswith("explore B28") for x in labels(s))
    s.turn, s.phase = 0, MAIN  # (back to player 0 for the next check)
    set_crew(s, 0, ["red VP", "red bracelet", "blue VP", "blue bracelet"])
    assert "explore B28 paying 2 red 2 blue" in labels(s)
    play(s, "explore B28 paying 2 red 2 blue", "pay a red VP viking", "pay a red bracelet viking")
    play(s, "pay a blue VP viking", "pay a blue bracelet viking")
    assert s.reserved[0] == [] and [DEST_IDS[d] for d in s.ships[0]] == ["B28"]


def test_golden_bracelet_at_most_two_reserved_and_not_for_a_second_viking() -> None:
    s = setup("golden-bracelet", ["red VP", "red bracelet"], ["red VP", "red VP", "blue VP"])
    set_ship(s, 1, [])  # (nothing)
    s.reserved[0] = [s.ddecks[0].pop(0), s.ddecks[0].pop(0)]
    play(s, recruit(s, "red VP", 1))
    assert s.phase != RESERVE and len(s.reserved[0]) == 2
    t = setup("golden-bracelet", ["red VP"], ["red bracelet", "green VP", "blue VP"])
    play(t, recruit(t, "red bracelet", 1))
    assert t.phase != RESERVE


def test_golden_bracelet_skipped_when_no_destination_is_face_up() -> None:
    s = setup("golden-bracelet", ["red VP", "red bracelet"], ["red VP", "green VP", "blue VP"])
    set_destinations(s, [None] * 6)
    set_ship(s, 1, [DEST_IDS[d] for d in s.ddecks[0] + s.ddecks[1]])  # both decks used up
    play(s, recruit(s, "red VP", 1))
    assert s.phase == AFTER  # nothing to reserve: on to the trade (the red bracelet's)


# -- Helmet ----------------------------------------------------------------------------------


def test_helmet_a_b_card_onto_an_a_card_gives_an_extra_recruit() -> None:
    crew = ["red VP", "red bracelet", "blue VP", "blue bracelet"]
    s = setup("helmet", crew, ["yellow VP", "green VP", "purple VP"], br=1, rc=2)
    set_ship(s, 0, ["A19"])
    play(s, "explore B28 paying 2 red 2 blue", "pay a red VP viking", "pay a red bracelet viking")
    play(s, "pay a blue VP viking", "pay a blue bracelet viking")
    assert s.phase == HELMET_PHASE
    *extra, decline = labels(s)  # a Recruit, nothing else (A16 is payable in tokens)
    assert decline == "helmet: no extra recruit" and all(x.startswith("recruit ") for x in extra)
    play(s, recruit(s, "green VP", 3))  # (recruit() finds it among the legal labels)
    assert len(s.crew[0][2]) == 1
    assert s.phase == AFTER  # then the optional trade, as after any action


def test_helmet_extra_recruit_is_followed_by_one_trade_step_then_the_next_turn() -> None:
    # the extra Recruit is an ordinary one: its slot is refilled, one trade-or-end step follows
    crew = ["red VP", "red bracelet", "blue VP", "blue bracelet"]
    s = setup("helmet", crew, ["yellow VP", "green VP", "purple VP"], br=1)
    set_ship(s, 0, ["A19"])
    play(s, "explore B28 paying 2 red 2 blue", "pay a red VP viking", "pay a red bracelet viking")
    play(s, "pay a blue VP viking", "pay a blue bracelet viking")
    play(s, recruit(s, "green VP", 3))
    assert s.slots[2] >= 0 and s.phase == AFTER
    play(s, "end turn")
    assert s.current_player == 1 and s.phase == MAIN and s.jobs == []


def test_helmet_not_onto_a_b_card_nor_onto_an_empty_ship() -> None:
    crew = ["red VP", "red bracelet", "blue VP", "blue bracelet"]
    for ship in (["B26"], []):
        s = setup("helmet", crew, ["yellow VP", "green VP", "purple VP"])
        set_ship(s, 0, ship)
        play(s, "explore B28 paying 2 red 2 blue", "pay a red VP viking")
        play(s, "pay a red bracelet viking", "pay a blue VP viking", "pay a blue bracelet viking")
        assert s.phase != HELMET_PHASE and s.current_player == 1


def test_helmet_only_for_a_b_card_directly_onto_an_a_card() -> None:
    # an A card onto an A card: no
    s = setup("helmet", ["yellow VP", "yellow bracelet"], ["red VP", "green VP", "purple VP"])
    set_ship(s, 0, ["A19"])
    play(s, "explore A16 paying 2 yellow", "pay a yellow VP viking", "pay a yellow bracelet viking")
    assert s.phase != HELMET_PHASE and s.current_player == 1
    # a B card onto a B card that lies on an A card: no (the A is not directly below)
    crew = ["red VP", "red bracelet", "blue VP", "blue bracelet"]
    s = setup("helmet", crew, ["yellow VP", "green VP", "purple VP"])
    set_ship(s, 0, ["A19", "B26"])
    play(s, "explore B28 paying 2 red 2 blue", "pay a red VP viking", "pay a red bracelet viking")
    play(s, "pay a blue VP viking", "pay a blue bracelet viking")
    assert s.phase != HELMET_PHASE and s.current_player == 1


def test_helmet_extra_recruit_can_be_declined() -> None:
    crew = ["red VP", "red bracelet", "blue VP", "blue bracelet"]
    s = setup("helmet", crew, ["yellow VP", "green VP", "purple VP"])
    set_ship(s, 0, ["A19"])
    play(s, "explore B28 paying 2 red 2 blue", "pay a red VP viking", "pay a red bracelet viking")
    play(s, "pay a blue VP viking", "pay a blue bracelet viking", "helmet: no extra recruit")
    assert s.current_player == 1


# -- Amulet ----------------------------------------------------------------------------------

FOUR = ["red VP", "yellow VP", "green VP", "blue VP"]


def test_amulet_a_line_of_five_colours_gives_bracelet_recruit_reputation() -> None:
    s = setup("amulet", FOUR, ["purple VP", "green bracelet", "blue bracelet"])
    play(s, recruit(s, "purple VP", 5))
    assert (s.br[0], s.rc[0], s.rep[0], s.vp[0]) == (1, 1, 1, 1)
    # a second Viking of a colour does not complete a second line
    s.turn, s.phase = 0, MAIN
    set_tokens(s, 0, br=0)
    play(s, recruit(s, "green bracelet", 3))
    assert (s.br[0], s.rep[0]) == (1, 1)  # only the green bracelet icon


def test_amulet_checked_again_after_the_trade() -> None:
    s = setup("amulet", FOUR, ["red bracelet", "green bracelet", "blue bracelet"], br=1)
    set_ship(s, 0, ["A07"])  # trade column 1: a blind Viking
    stack_deck(s, ["yellow VP", "purple reputation"])  # refill slot 1, then the blind draw
    play(s, recruit(s, "red bracelet", 1))
    assert s.phase == AFTER and s.rep[0] == 0
    play(s, "trade 1 bracelet")
    assert s.lines(0) == 1
    assert (s.br[0], s.rc[0], s.rep[0]) == (2, 1, 1)  # 1 + 1 recruited - 1 traded + 1 Amulet


def test_amulet_a_line_lost_and_made_again_in_the_turn_pays_nothing() -> None:
    # rulings: the Amulet "triggers if it rises during the turn": held at the turn's start,
    # broken by the Explore's payment, made again by the trade's blind Viking: no rise
    s = deal(3, artifacts="amulet", destination_stack=["A20"])
    set_crew(s, 0, [*FOUR, "purple VP"])
    set_ship(s, 0, ["A07"])  # trade column 1: a blind Viking
    set_tokens(s, 0, rc=1, br=0, rep=0, vp=0)
    play(s, "explore A20 paying 2 red", "pay a red VP viking", "pay a recruit token")
    assert s.lines(0) == 0 and s.br[0] == 1  # (the bracelet is A20's)
    stack_deck(s, ["red bracelet"])
    play(s, "trade 1 bracelet")
    assert s.lines(0) == 1 and (s.br[0], s.rc[0], s.rep[0]) == (0, 0, 0)


TWO_LINES_BUT_PURPLE = [
    f"{c} {k}" for c in ("red", "yellow", "green", "blue") for k in ("VP", "bracelet")
]


def _two_lines_at_once(artifact: str):
    """Player 0's trade before the action draws two purples: two lines made at once."""
    s = deal(3, artifacts=artifact)
    set_crew(s, 0, TWO_LINES_BUT_PURPLE)
    set_hand(s, 0, ["red VP", "yellow reputation", "green VP"])
    set_ship(s, 0, ["A06", "A07", "A08"])  # trade 3: three blind Vikings
    set_tokens(s, 0, rc=0, br=3, rep=0, vp=0)
    stack_deck(s, ["purple VP", "purple bracelet", "red bracelet"])
    play(s, "trade 3 bracelets")
    assert s.lines(0) == 2
    play(s, recruit(s, "red VP", 1))
    return s


def test_amulet_and_weathervane_pay_once_for_two_lines_made_at_once() -> None:
    # rulings: +1 bracelet, recruit and reputation; the Weathervane "gives 1 extra explore"
    s = _two_lines_at_once("amulet")
    assert (s.br[0], s.rep[0]) == (0 + 2 + 1, 1)  # the purple bracelet, the red one, the Amulet
    s = _two_lines_at_once("weathervane")
    assert s.phase == WEATHERVANE_PHASE
    play(s, "weathervane: no extra explore")
    assert s.phase != WEATHERVANE_PHASE


def test_amulet_judges_each_turn_from_its_own_lines() -> None:
    # player 0 ends its turn with two lines; player 1 then makes its first: a rise for it
    s = setup("amulet", [*TWO_LINES_BUT_PURPLE, "purple VP", "purple bracelet"], FOUR[:3])
    set_crew(s, 1, FOUR)
    set_hand(s, 1, ["purple VP", "yellow VP", "yellow reputation"])
    set_tokens(s, 1, rc=0, br=0, rep=0)
    assert s.lines(0) == 2
    play(s, recruit(s, "red VP", 1))
    assert s.lines(0) == 2 and s.rep[0] == 0  # no rise for player 0
    if s.phase == AFTER:
        play(s, "end turn")
    play(s, recruit(s, "purple VP", 5))
    assert (s.br[1], s.rc[1], s.rep[1]) == (1, 1, 1)


def test_no_amulet_without_the_option() -> None:
    s = setup("none", FOUR, ["purple VP", "green bracelet", "blue bracelet"])
    play(s, recruit(s, "purple VP", 5))
    assert (s.br[0], s.rc[0], s.rep[0]) == (0, 0, 0)


# -- Weathervane -----------------------------------------------------------------------------


def test_weathervane_a_line_gives_an_extra_explore_paid_as_usual() -> None:
    crew = FOUR + ["yellow bracelet"]
    s = setup("weathervane", crew, ["purple VP", "green bracelet", "blue bracelet"])
    play(s, recruit(s, "purple VP", 5))
    assert s.phase == WEATHERVANE_PHASE
    *extra, decline = labels(s)  # an Explore, nothing else (a Recruit is possible)
    assert "explore A16 paying 2 yellow" in extra and all(x.startswith("explore ") for x in extra)
    assert decline == "weathervane: no extra explore"
    play(s, "explore A16 paying 2 yellow", "pay a yellow VP viking", "pay a yellow bracelet viking")
    assert [DEST_IDS[d] for d in s.ships[0]] == ["A16"]
    assert s.rep[0] == 1  # A16's immediate reputation
    assert s.current_player == 1


def test_weathervane_skipped_when_nothing_can_be_explored_and_declinable() -> None:
    s = setup("weathervane", FOUR, ["purple VP", "green bracelet", "blue bracelet"])
    set_destinations(s, ["A20", None, None, "B21", None, None])  # 2 red; 4 of one colour
    play(s, recruit(s, "purple VP", 5))
    assert s.current_player == 1  # nothing affordable: no offer
    t = setup("weathervane", FOUR + ["yellow bracelet"], ["purple VP", "green VP", "blue VP"])
    play(t, recruit(t, "purple VP", 5), "weathervane: no extra explore")
    assert t.current_player == 1 and t.ships[0] == []


def test_weathervane_checked_again_after_its_explore() -> None:
    # the extra explore's blind Viking makes a second line: another extra explore
    s = deal(3, artifacts="weathervane", destination_stack=["A01", "A20"])
    set_crew(s, 0, TWO_LINES_BUT_PURPLE)
    set_hand(s, 0, ["purple VP", "green VP", "blue VP"])
    set_tokens(s, 0, rc=3, br=0, rep=0, vp=0)
    stack_deck(s, ["yellow VP", "purple bracelet"])  # refill slot 5, then A01's blind draw
    play(s, recruit(s, "purple VP", 5))
    assert s.phase == WEATHERVANE_PHASE and s.lines(0) == 1
    play(s, "explore A01 paying 3 of different colours", *["pay a recruit token"] * 3)
    assert s.lines(0) == 2 and s.phase == WEATHERVANE_PHASE
    play(s, "weathervane: no extra explore")
    assert s.current_player == 1
