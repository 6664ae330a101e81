"""Scenario tests: Ragnarok (Trader & Pillager, repairs, elimination rounds, rerolls) and scoring."""

from __future__ import annotations

from drakkar.games.villainous_vikings import actions as A
from drakkar.games.villainous_vikings.effects import Effect
from drakkar.games.villainous_vikings.ragnarok import REROLL_LIMIT
from drakkar.games.villainous_vikings.scenarios import (
    G1,
    GB,
    GH,
    GSH,
    R1,
    RB,
    RSH,
    W1,
    W2,
    WSH,
    dice,
    do,
    give,
    hold,
    kill,
    loc,
    new,
    plain,
    war,
)

FIVE = ("lindisfarne", "whitby", "cork", "kirkwall", "dublin")


def reveal(gold: tuple[int, int, int] = (0, 2, 4)) -> object:
    """A 3-player game whose first refill reveals Ragnarok (P0 ends the first turn)."""
    s = new(3, stack=(*FIVE, "ragnarok"))
    plain(s)
    s.gold[:] = list(gold)
    s.pool.remove(s.pool[0])  # a card left the pool: the refill draws Ragnarok
    s.discard.append(s.cs.locations.index(next(c for c in s.cs.locations if c.id == "lindisfarne")))
    return s


def test_ragnarok_is_revealed_on_refill_and_trader_pillager_goes_to_the_single_lowest() -> None:
    s = reveal(gold=(0, 2, 4))
    kill(s, 0, "athelstan")
    kill(s, 2, "basil")
    dice(s, W1, G1, R1, W1, GB, RB, W1, G1, RB, more=True)  # P0 3, P1 1, P2 2
    do(s, "end turn")
    assert s.rag is not None and s.tokens[1] == 0b1000  # P1 has 0 VP, alone
    assert s.rank[0] == 1  # P1 lowest is out first (no one could sacrifice or buy)
    assert s.vp(1) == 3  # the token is worth 3 VP (P1's 2 gold make none)


def test_ragnarok_revealed_stops_the_refill_at_once() -> None:
    s = reveal()
    s.pool.remove(s.pool[0])  # two places to refill: Ragnarok comes first
    s.discard.append(loc(s, "whitby"))
    pool = s.pool.copy()
    dice(s, more=True)
    do(s, "end turn")
    assert s.rag is not None and s.pool == pool  # no card is drawn after Ragnarok


def test_every_five_gold_is_a_valhalla_point() -> None:
    s = new(3)
    s.gold[1] = 9
    assert s.vp(1) == 1
    s.gold[1] = 10
    assert s.vp(1) == 2


def test_a_red_section_is_repaired_for_two_gold_before_ragnarok() -> None:
    s = reveal(gold=(2, 0, 0))
    s.damage[0] = 1
    do(s, "end turn")
    assert s.current_player == 0 and s.legal_actions() == [A.DONE, A.RAGNAROK_REPAIR]
    dice(s, more=True)
    s.apply(A.RAGNAROK_REPAIR)
    assert s.gold[0] == 0 and s.damage[0] == 0


def test_weaken_does_nothing_in_ragnarok() -> None:
    s = reveal(gold=(0, 0, 0))
    plain(s, static=(Effect("weaken", 3, 32),), seat_captain=s.captain[0])
    dice(s, W1, GB, RB, W2, G1, RB, W1, G1, RB, more=True)  # P0 1, P1 3, P2 2
    do(s, "end turn")
    assert s.rank[0] == 0  # P0's lowest total is out: the others keep every sword


def test_a_tie_for_lowest_vp_gives_no_trader_pillager() -> None:
    s = reveal(gold=(0, 0, 4))
    dice(s, more=True)
    do(s, "end turn")
    assert not any(t & 0b1000 for t in s.tokens)


def test_ragnarok_repairs_before_battle_at_the_normal_cost() -> None:
    s = reveal(gold=(3, 0, 0))
    s.damage[0] = 2
    do(s, "end turn")
    assert s.current_player == 0 and s.legal_actions() == [A.DONE, A.RAGNAROK_REPAIR]
    dice(s, W1, G1, W1, GB, RB, W1, G1, RB, more=True)  # P0 rolls white and grey after repairing
    do(s, "ragnarok repair")
    assert s.damage[0] == 1 and s.gold[0] == 0 and s.rank[0] == 1


def test_rounds_until_one_remains_the_tied_lowest_reroll_and_the_winner_scores_seven() -> None:
    s = reveal()
    # round 1: P0 3, P1 1, P2 1 -> P1 and P2 reroll: P1 2, P2 1 -> P2 out
    # round 2: P0 1, P1 2 -> P0 out; P1 wins Ragnarok
    dice(s, W1, G1, R1, W1, GB, RB, W1, GB, RB, W2, GB, RB, W1, GB, RB, W1, GB, RB, W2, GB, RB)
    do(s, "end turn")
    assert s.is_terminal() and s.rank == [2, 0, 1] and s.rag_owner == 1
    assert s.vp(1) == 7 and s.returns() == [0.0, 1.0, 0.0]
    assert s.events_for(None)[-1] == f"{s.pname(1)} wins with 7 Valhalla Points"


def test_after_a_hundred_tied_rerolls_the_later_seat_in_turn_order_is_out() -> None:
    # a safety limit of ours (odds below 1e-60): the game must end, so the tie cannot go on
    s = reveal()
    tie = (W1, GB, RB) * 2  # P1 1 and P2 1 again
    round_two = (W1, GB, RB, W2, GB, RB)  # P0 1, P1 2
    dice(s, W1, G1, R1, W1, GB, RB, W1, GB, RB, *tie * REROLL_LIMIT, *round_two)
    do(s, "end turn")
    assert REROLL_LIMIT == 100
    assert s.is_terminal() and s.rank == [2, 0, 1]  # P2, later than P1, is out first
    assert s.rng.values == []  # type: ignore[attr-defined]  # no reroll past the limit


def test_sacrifices_in_ragnarok_go_round_until_all_decline() -> None:
    s = reveal(gold=(10, 0, 0))
    give(s, 0, "cork")
    dice(s, W1, GB, RB, W1, G1, RB, W2, GB, RB, more=True)  # P0 1, P1 2, P2 2
    do(s, "end turn")
    assert s.current_player == 0 and A.BUY_SWORD in s.legal_actions()
    do(s, "sacrifice location Cork", "buy a sword", "buy a sword")  # 1 + 1 + 2 = 4; nothing left
    assert s.rank[0] in (1, 2) and 0 not in s.rank[:1]  # P0 (4) is safe; the 2s tie and reroll
    assert s.gold[0] == 0 and loc(s, "cork") in s.discard


def test_longships_take_no_damage_in_ragnarok() -> None:
    s = reveal()
    dice(s, W2, G1, R1, WSH, GB, RB, W1, G1, RB, more=True)
    do(s, "end turn")
    assert s.damage == [0, 0, 0]


def test_final_score_counts_every_source() -> None:
    s = reveal(gold=(0, 0, 0))
    give(s, 2, "kiev", "paris")  # 4 + 3 VP
    kill(s, 2, "athelstan")  # 3 VP
    s.gold[2] = 11  # 2 VP
    s.tokens[2] = 0b100  # Gold Hoarder 5
    hold(s, 2, "hermods-ride")  # 2 VP
    assert s.vp(2) == 4 + 3 + 3 + 2 + 5 + 2
    s.gold[0] = 10
    kill(s, 0, "idris")
    kill(s, 0, "basil")
    give(s, 0, "constantinople", "nicaea", "tara")  # 4 + 3 + 4, Sovereigns 2 + 4, gold 2
    assert s.vp(0) == 19 and s.vp(2) == 19
    dice(s, more=True)
    do(s, "end turn")
    while not s.is_terminal():
        s.apply(A.DONE)  # everyone declines
    assert s.is_terminal() and sum(s.returns()) == 1.0
    best = max(range(3), key=lambda p: (s.vp(p), s.rank.index(p)))
    assert s.returns()[best] == 1.0  # (a tie: test_a_final_tie_goes_to_whoever_lasted_longer...)


def test_a_ragnarok_sacrifice_round_goes_on_until_everyone_declines_in_a_row() -> None:
    # ruling 18: P0 declined, then P1 bought a sword; P0 may answer before the round ends
    s = reveal(gold=(5, 5, 0))
    dice(s, W1, G1, RB, W1, GB, RB, W2, G1, R1, more=True)  # P0 2, P1 1, P2 4
    do(s, "end turn")
    assert s.current_player == 0
    do(s, "done", "buy a sword")  # P0 declines; P1 buys up to 2; P1 and P2 have nothing left
    assert s.rag is not None and not s.rank and s.current_player == 0
    do(s, "buy a sword")  # P0 makes 3; now no one can act: the round ends
    assert s.rank[0] == 1


def test_ragnarok_starts_with_the_player_whose_turn_it_is() -> None:
    # rulebook: "The first player to roll during Ragnarok is the player whose turn it currently
    # is"; the reveal comes in P1's refill, so P1 repairs, rolls and decides first
    s = new(3, stack=(*FIVE, "ragnarok"))
    plain(s)
    do(s, "end turn")  # the pool is full: P0 draws nothing
    s.discard.append(s.pool.pop(0))  # Lindisfarne leaves: P1's refill reveals Ragnarok
    s.gold[:] = [5, 5, 5]
    s.damage[:] = [1, 1, 1]
    s._legal = None
    do(s, "end turn")
    assert s.rag is not None and s.current_player == 1
    do(s, "done", "done", "done")  # no one repairs; everyone rolls
    assert s.rag.alive == [1, 2, 0] and s.current_player == 1
    rolls = [e for e in s.events_for(None) if " rolls " in e]
    assert [e.split(" (")[0] for e in rolls] == ["player 1", "player 2", "player 0"]


def test_in_ragnarok_only_against_a_captain_holds_and_only_swords_count() -> None:
    # ruling 17: no attacker, defender, Region or Location there; shields stop nothing
    s = reveal(gold=(5, 0, 0))
    conds = (1, 2, 4, 8, 16)  # attacking, defending, explored, unexplored, vs_location
    static = (Effect("swords", 1, 32), *(Effect("swords", 3, c) for c in conds))
    plain(s, static=static, seat_captain=s.captain[0])
    give(s, 0, "lindisfarne")
    dice(s, W1, GB, RB, WSH, GSH, RSH, W2, G1, RB, more=True)  # P0 1 + 1, P1 1 (3 shields), P2 3
    do(s, "end turn")
    assert s.rag is not None and s.rag.sides[0].swords == 2 and s.current_player == 0
    do(s, "done")
    assert s.rank[0] == 1  # P1's shields do not save him: 1 against 2 and 3


def test_a_final_tie_goes_to_whoever_lasted_longer_in_ragnarok() -> None:
    # rulebook: "In the case of a tie, the player who did better in Ragnarok is the victor"
    s = reveal(gold=(0, 0, 0))
    kill(s, 0, "basil")
    kill(s, 0, "idris")  # 4 + 2
    s.tokens[0] = 0b001  # Trade Network 5
    kill(s, 2, "athelstan")
    kill(s, 2, "brian-boru")  # 3 + 3
    s.tokens[2] = 0b010  # Conquest Legacy 5
    # round 1: P0 1, P1 3, P2 2 -> P0 out; round 2: P1 3, P2 1 -> P2 out; P1 wins Ragnarok
    dice(s, W1, GB, RB, W1, G1, R1, W1, G1, RB, W1, G1, R1, W1, GB, RB)
    do(s, "end turn")
    assert s.is_terminal() and s.rank == [0, 2, 1]
    assert s.vp(0) == s.vp(2) == 11 and s.vp(1) == 3 + 7  # Trader & Pillager and Ragnarok
    assert s.returns() == [0.0, 0.0, 1.0]  # P2 was cast out after P0
    last = s.events_for(None)[-1]
    assert last.startswith(f"{s.pname(2)} wins with 11 Valhalla Points, tied with {s.pname(0)}")
    assert last.endswith("by lasting longer in Ragnarok")


def test_swords_bought_in_ragnarok_count() -> None:
    # Ragnarok keeps the normal battle's procedure: a bought sword (5 gold) counts as a sword
    s = reveal(gold=(10, 0, 0))
    dice(s, W1, GB, RB, W1, G1, RB, W2, G1, RB, more=True)  # P0 1, P1 2, P2 3
    do(s, "end turn", "buy a sword", "buy a sword")  # P0 makes 3; no one else can act
    assert s.gold[0] == 0 and s.rank[0] == 1  # P1's 2 is the lowest, not P0's roll of 1


def test_each_ragnarok_round_is_a_battle_with_its_own_sacrifice_allowance() -> None:
    # rulebook: Ragnarok is "a series of consecutive Battles" following "the same procedure":
    # one Location a battle, so one in a round and another in the next
    s = reveal(gold=(0, 0, 0))
    give(s, 0, "cork", "whitby")
    cork, whitby = loc(s, "cork"), loc(s, "whitby")
    # round 1: P0 1, P1 3, P2 2; P0 sacrifices Cork (+1 sword): 2 ties P2, who rerolls lower
    # round 2: P0 1, P1 3
    dice(s, W1, GB, RB, W1, G1, R1, W1, G1, RB, W2, G1, R1, W1, GB, RB, W1, GB, RB, W1, G1, R1)
    do(s, "end turn")
    assert s.legal_actions() == sorted([A.SAC_LOCATION + cork, A.SAC_LOCATION + whitby, A.DONE])
    do(s, "sacrifice location Cork")  # no second Location this round: nothing left to do
    assert s.rank == [2] and s.current_player == 0
    assert s.legal_actions() == [A.SAC_LOCATION + whitby, A.DONE]  # a new battle, a new one


def test_a_hammers_repair_in_ragnarok_mends_the_longship_when_the_round_ends() -> None:
    # ruling 17: Ragnarok's battles follow the normal procedure, save that Longships take no
    # damage; a ship may come in damaged, so Freydis's grey hammer (a sword, repair 1) mends
    # her red section once the round's battle is over, and she rolls three dice in the next
    freydis = next(c for c in new(3).cs.captains if c.id == "freydis")  # (before `plain`)
    s = reveal(gold=(0, 0, 0))
    plain(s, hammer=freydis.hammer, seat_captain=s.captain[0])
    s.damage[0] = 1  # no gold to repair before Ragnarok
    # round 1: P0 2 + the hammer's sword = 3, P1 1, P2 2 -> P1 out; round 2: P0 2, P2 1
    dice(s, W2, GH, W1, GB, RB, W1, G1, RB, W1, GB, R1, W1, GB, RB)
    do(s, "end turn")
    assert s.is_terminal() and s.rank == [1, 2, 0] and s.damage[0] == 0
    log, me = s.events_for(None), s.pname(0)
    assert log.index(f"{me} repairs to 3 sections") < log.index(
        f"{s.pname(1)} is cast out of Ragnarok"
    )
    assert f"{me} rolls white sword, grey blank, red sword: 2 swords" in log


def test_a_warrior_sacrificed_in_a_ragnarok_round_keeps_his_static_in_its_tie_reroll() -> None:
    # ruling 17: a sacrificed card keeps its static ability until the battle ends (rulebook,
    # step 5); the tied lowest reroll within the round's battle, so the Varangian Guard
    # (+1 sword, sacrificed for +2) still adds his sword to P0's reroll
    s = reveal(gold=(0, 0, 0))
    guard = war(s, "varangians")
    s.at_loc[next(i for i, c in enumerate(s.cs.locations) if c.warrior == guard)] = False
    s.crew[0] = [guard]
    # round 1: P0 0 + 1, P1 4, P2 3; P0 sacrifices the Guard: 3 ties P2
    # the reroll: P0 1 + 1, P2 1 -> P2 out; round 2: P0 1 (no Guard now), P1 4
    dice(s, WSH, GB, RB, W2, G1, R1, W2, G1, RB, W1, GB, RB, W1, GB, RB, W1, GB, RB, W2, G1, R1)
    do(s, "end turn", "sacrifice warrior Varangian Guard")
    assert s.is_terminal() and s.rank == [2, 0, 1] and guard in s.wdiscard
    assert f"{s.pname(0)} rerolls the tie: 2 swords" in s.events_for(None)
