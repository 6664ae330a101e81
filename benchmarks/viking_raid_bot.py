"""The heuristic bot against three random bots, 4 players, seats rotated.

nice python benchmarks/viking_raid_bot.py [--games 2000] [--players 4] [--sinking out] [--seed 0]

Game i uses seed `seed + i`: a different --seed (e.g. 100000) gives a second, independent set
of games to confirm a result.
"""

from __future__ import annotations

import argparse
import math
import time

import drakkar
from drakkar.agents.random_agent import RandomAgent


def play(games: int, players: int, options: dict | None = None, seed: int = 0) -> float:
    """The heuristic bot's share of the wins (shared wins split) over `games` games."""
    game = drakkar.load("viking-raid")
    won = 0.0
    for i in range(games):
        seat = i % players
        bots = [RandomAgent(seed + i * 10 + k) for k in range(players)]
        bots[seat] = game.heuristic_agent(seed + i)  # type: ignore[call-overload]
        state = game.new(players, seed + i, options)
        while not state.is_terminal():
            p = state.current_player
            assert p is not None
            state.apply(bots[p].act(state, p))
        won += state.returns()[seat]
    return won / games


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--sinking", default="out")
    ap.add_argument("--seed", type=int, default=0, help="game i uses seed SEED + i")
    args = ap.parse_args()
    start = time.perf_counter()
    rate = play(args.games, args.players, {"sinking": args.sinking}, args.seed)
    seconds = time.perf_counter() - start
    half = 1.96 * math.sqrt(rate * (1 - rate) / args.games)  # normal approximation
    print(
        f"heuristic vs {args.players - 1} random, {args.games} games, sinking={args.sinking}, "
        f"seed {args.seed}: "
        f"wins {rate:.1%} (95% interval {rate - half:.1%} to {rate + half:.1%}; chance "
        f"{1 / args.players:.0%}) in {seconds:.0f} s ({seconds / args.games:.2f} s a game)"
    )


if __name__ == "__main__":
    main()
