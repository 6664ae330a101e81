"""Heuristic bot against three random bots, 4 players, seats rotated.

nice python benchmarks/villainous_vikings_bot.py --games 2000
"""

from __future__ import annotations

import argparse
import time

import drakkar
from drakkar.agents import RandomAgent
from drakkar.sim.stats import wilson


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    game = drakkar.load("villainous-vikings")
    wins = 0.0
    t0 = time.time()
    for i in range(args.games):
        seat = i % 4
        bots = [RandomAgent(args.seed + 10 * i + j) for j in range(4)]
        bots[seat] = game.heuristic_agent(args.seed + i)
        s = game.new(4, args.seed + i)
        while not s.is_terminal():
            p = s.current_player
            assert p is not None
            s.apply(bots[p].act(s, p))
        wins += s.returns()[seat]
    n = args.games
    rate = wins / n
    low, high = wilson(wins, n)
    print(
        f"heuristic vs 3 random, 4 players, {n} games (seats rotated): win rate {rate:.3f} "
        f"(95% CI {low:.3f}..{high:.3f}); {time.time() - t0:.0f} s"
    )


if __name__ == "__main__":
    main()
