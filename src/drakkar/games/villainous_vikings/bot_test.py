"""The heuristic bot: legal moves from its own view, and far stronger than random play."""

from __future__ import annotations

from drakkar.agents import RandomAgent
from drakkar.engine.conformance import check_rollout_act
from drakkar.games.villainous_vikings import GAME


def test_heuristic_bot_beats_three_random_bots() -> None:
    # The benchmark (2,000 games) is in benchmarks/villainous_vikings_bot.py; this keeps a margin.
    games, wins = 24, 0.0
    for i in range(games):
        seat = i % 4
        bots = [RandomAgent(100 + 10 * i + j) for j in range(4)]
        bots[seat] = GAME.heuristic_agent(i)
        s = GAME.new(4, 500 + i)
        while not s.is_terminal():
            p = s.current_player
            assert p is not None
            s.apply(bots[p].act(s, p))
        wins += s.returns()[seat]
    assert wins / games >= 0.6


def test_heuristic_bots_finish_games_among_themselves() -> None:
    for players in (3, 4, 5):
        s = GAME.new(players, players)
        bots = [GAME.heuristic_agent(j) for j in range(players)]
        while not s.is_terminal():
            p = s.current_player
            assert p is not None
            s.apply(bots[p].act(s, p))
            s.check_invariants()
        assert sum(s.returns()) == 1.0 and s.rag_owner >= 0


def test_rollout_act_makes_the_same_move_as_act() -> None:
    # The search's roll-outs use the brief view; it must not change a single decision. Random
    # moves mixed in reach battles, Ragnarok and the rarer choices the bot's own games avoid.
    checked = sum(check_rollout_act(GAME, 3 + g % 3, 900 + g) for g in range(12))
    assert checked > 1000
