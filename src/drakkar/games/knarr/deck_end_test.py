"""Scenario tests: the empty Viking deck, the end of the game and its tie-breaks."""

from __future__ import annotations

from drakkar.games.knarr.cards import V_COLOUR, V_KIND, kind_name
from drakkar.games.knarr.scenarios import (
    deal,
    labels,
    play,
    recruit,
    set_crew,
    set_hand,
    set_tokens,
)
from drakkar.games.knarr.state import AFTER, DISCARD, MAX_ROUNDS, OVER


def recruit_red(s) -> None:
    """The mover recruits its first card into the matching slot and ends the turn."""
    first = next(a for a in s.legal_actions() if a < 100 and (a // 5) // 4 == a % 5)
    s.apply(first)
    if s.phase == AFTER:
        play(s, "end turn")


def empty_deck_setup(seed: int = 1):
    s = deal(3, seed=seed)
    set_hand(s, 0, ["red VP", "yellow VP", "green VP"])
    set_tokens(s, 0, br=0)
    return s


def test_an_empty_deck_is_refilled_from_the_shuffled_discard_pile() -> None:
    s = empty_deck_setup()
    s.discard += s.deck  # every card of the deck is discarded (all still accounted for)
    s.deck = []
    pile = sorted(s.discard)
    recruit_red(s)
    assert s.slots[0] in pile and sorted(s.deck + [s.slots[0]]) == pile
    assert s.discard == [] and s.deck_public
    assert "the discard pile is shuffled into a new Viking deck" in s.events_for(None)


def test_the_new_deck_is_the_discard_pile_shuffled_not_in_its_order() -> None:
    drew_the_top = []
    for seed in range(8):
        s = empty_deck_setup(seed)
        s.discard += s.deck
        s.deck = []
        top = s.discard[-1]  # drawn first were the pile not shuffled
        recruit_red(s)
        drew_the_top.append(s.slots[0] == top)
    assert not all(drew_the_top)


def _deck_into_crews(s, counts: dict[int, int]) -> None:
    """Move the whole deck into crews: `counts` cards to those seats, the rest to the last."""
    seats = list(counts)
    for q in seats:
        for _ in range(counts[q]):
            v = s.deck.pop()
            s.crew[q][V_COLOUR[v]].append(v)
            s.kinds[q][V_KIND[v]] += 1
    s.check_invariants()


def _tie_for_most(s, a: int, b: int) -> None:
    """The whole deck into the crews of players `a` and `b`, who tie for the most Vikings."""
    rest = len(s.deck)
    _deck_into_crews(s, {a: rest // 2, b: rest - rest // 2})
    sizes = [sum(map(len, c)) for c in s.crew]
    if sizes[a] != sizes[b]:
        big, small = (a, b) if sizes[a] > sizes[b] else (b, a)
        col = next(c for c in s.crew[big] if c)
        v = col.pop()
        s.kinds[big][V_KIND[v]] -= 1
        s.crew[small][V_COLOUR[v]].append(v)
        s.kinds[small][V_KIND[v]] += 1
    assert not s.deck and not s.discard
    s.check_invariants()


def test_with_deck_and_discard_empty_every_player_tied_for_most_discards() -> None:
    s = empty_deck_setup()
    set_crew(s, 0, [])
    _tie_for_most(s, 1, 2)
    play(s, recruit(s, "red VP", 1))
    assert s.phase == DISCARD and s.discarders == [1, 2] and s.current_player == 1
    assert s.slots[0] == -1
    assert all(x.startswith("discard a ") for x in labels(s))
    first = labels(s)[0]
    play(s, first)
    assert s.current_player == 2
    second = labels(s)[-1]
    play(s, second)
    drawn = kind_name(V_KIND[s.slots[0]])
    discarded = sorted(x.split("discard a ")[1].split(" viking")[0] for x in (first, second))
    left = kind_name(V_KIND[s.deck[0]])
    assert sorted([drawn, left]) == discarded  # one became the drawn card, one the deck
    assert s.deck_public and s.discard == []  # the discards made the pile, shuffled into it
    assert "the discard pile is shuffled into a new Viking deck" in s.events_for(None)
    assert s.current_player == 1  # player 0 had no bracelet: its turn is over


def test_the_empty_deck_discards_are_shuffled_before_the_draw() -> None:
    # Ruling 7: the discards are shuffled into the new deck, not drawn last-discarded first
    drew_the_last_discard = []
    for seed in range(8):
        s = empty_deck_setup(seed)
        set_crew(s, 0, [])
        _tie_for_most(s, 1, 2)
        play(s, recruit(s, "red VP", 1))
        play(s, labels(s)[0])
        first = s.discard[-1]
        play(s, labels(s)[-1])
        drew_the_last_discard.append(s.slots[0] != first)
    assert not all(drew_the_last_discard)


def test_empty_deck_discards_go_in_turn_order_from_the_player_to_move() -> None:
    s = deal(3, first_player=1)
    set_hand(s, 1, ["red VP", "yellow VP", "green VP"])
    set_tokens(s, 1, br=0)
    set_crew(s, 1, [])
    _tie_for_most(s, 0, 2)
    play(s, recruit(s, "red VP", 1))
    assert s.discarders == [2, 0] and s.current_player == 2  # after player 1 comes 2, then 0
    play(s, labels(s)[0])
    assert s.current_player == 0
    play(s, labels(s)[0])
    assert s.current_player == 2 and s.slots[0] >= 0  # the draw made, player 1's turn over


def test_the_player_to_move_discards_first_when_tied_for_most() -> None:
    s = empty_deck_setup()
    set_crew(s, 1, [])
    _tie_for_most(s, 0, 2)
    v = next(c for c in s.crew[0] if c).pop()  # one short: the Viking played makes the tie
    s.kinds[0][V_KIND[v]] -= 1
    s.crew[1][V_COLOUR[v]].append(v)
    s.kinds[1][V_KIND[v]] += 1
    s.check_invariants()
    play(s, recruit(s, "red VP", 1))
    assert s.discarders == [0, 2] and s.current_player == 0
    play(s, labels(s)[0])
    assert s.current_player == 2


def test_a_single_player_with_most_vikings_discards_alone() -> None:
    s = empty_deck_setup()
    _deck_into_crews(s, {2: len(s.deck)})
    play(s, recruit(s, "red VP", 1))
    assert s.discarders == [2]


# -- the end ---------------------------------------------------------------------------------


def end_setup(players: int = 3):
    s = deal(players)
    for p in range(players):
        set_tokens(s, p, br=0, rc=0)
    return s


def test_forty_points_end_the_game_once_the_round_is_complete() -> None:
    s = end_setup()
    set_tokens(s, 1, vp=39, rep=3)
    recruit_red(s)  # player 0; player 1's Reputation step takes it to 40
    assert s.vp[1] == 40
    recruit_red(s)
    assert s.vp[1] >= 40 and not s.is_terminal()
    assert s.current_player == 2  # the round is completed
    recruit_red(s)
    assert s.is_terminal() and s.phase == OVER and s.current_player is None
    assert s.legal_actions() == []
    assert s.returns() == [0.0, 1.0, 0.0]
    assert s.scores() == [float(v) for v in s.vp]
    assert s.events_for(None)[-1] == f"player 1 wins with {s.vp[1]} VP"


def test_the_round_is_completed_from_the_first_player_whoever_it_is() -> None:
    s = deal(3, first_player=2)
    for p in range(3):
        set_tokens(s, p, br=0, rc=0)
    set_tokens(s, 0, vp=45)
    recruit_red(s)  # player 2, then 0 who has 40
    recruit_red(s)
    assert not s.is_terminal() and s.current_player == 1
    recruit_red(s)  # player 1 plays the round out, then it ends before player 2's turn
    assert s.is_terminal() and s.round == 1


def test_the_last_seat_reaching_forty_ends_at_once() -> None:
    s = end_setup()
    set_tokens(s, 2, vp=45)
    recruit_red(s)
    recruit_red(s)
    assert not s.is_terminal()
    recruit_red(s)
    assert s.is_terminal()


def test_most_points_win_whatever_the_recruits_plus_bracelets() -> None:
    s = end_setup()
    s.vp[:] = [45, 40, 10]
    set_tokens(s, 1, rc=3, br=3)  # (the tie-break only counts on equal points)
    s.phase = OVER
    assert s.returns() == [1.0, 0.0, 0.0]
    assert s._verdict() == "player 0 wins with 45 VP"


def test_a_tie_on_points_goes_to_most_recruits_plus_bracelets() -> None:
    s = end_setup()
    s.vp[:] = [50, 50, 10]
    set_tokens(s, 0, rc=1, br=0)
    set_tokens(s, 1, rc=1, br=1)
    s.phase = OVER
    assert s.returns() == [0.0, 1.0, 0.0]
    assert s._verdict() == (
        "player 1 wins with 50 VP, tied with player 0, by more recruits plus bracelets (2)"
    )


def test_a_full_tie_is_shared() -> None:
    s = end_setup()
    s.vp[:] = [50, 50, 50]
    for p, (rc, br) in enumerate([(2, 0), (1, 1), (0, 1)]):
        set_tokens(s, p, rc=rc, br=br)
    s.phase = OVER
    assert s.returns() == [0.5, 0.5, 0.0]
    assert s._verdict() == (
        "player 0 and player 1 share the win with 50 VP, tied with player 2, "
        "by more recruits plus bracelets (2)"
    )
    set_tokens(s, 2, rc=2, br=0)
    assert (
        s._verdict() == "player 0, player 1 and player 2 share the win with 50 VP and 2 "
        "recruits plus bracelets each"
    )


def test_no_returns_before_the_end() -> None:
    assert deal(3).returns() == [0.0, 0.0, 0.0]


def test_the_round_limit_ruling_ends_a_game_nobody_finishes() -> None:
    s = end_setup()
    s.round = MAX_ROUNDS
    recruit_red(s)
    recruit_red(s)
    assert not s.is_terminal()
    recruit_red(s)
    assert s.is_terminal() and max(s.vp) < 40
