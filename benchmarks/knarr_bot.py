"""Knarr heuristic bot against two random bots, 3 players, seats rotated.

    python benchmarks/knarr_bot.py [--games 2000] [--seed 0] [--players 3] [--options k=v,...]

Prints the heuristic bot's win share (shared wins split) with a 95% confidence interval.
"""

from __future__ import annotations

import argparse

import drakkar
from drakkar.agents.random_agent import RandomAgent
from drakkar.sim.stats import wilson


def play(games: int, seed: int, players: int = 3, options: dict[str, str] | None = None) -> float:
    """The heuristic bot's mean return over `games` games, its seat rotating."""
    game = drakkar.load("knarr")
    total = 0.0
    for i in range(games):
        seat = i % players
        bots = [
            game.heuristic_agent(seed + i) if p == seat else RandomAgent(seed * 7 + i * 13 + p)
            for p in range(players)
        ]
        state = game.new(players, seed + i, options)
        while not state.is_terminal():
            p = state.current_player
            assert p is not None
            state.apply(bots[p].act(state, p))
        total += state.returns()[seat]
    return total / games


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--options", default="", help="e.g. artifacts=random,ship=advanced")
    args = ap.parse_args()
    opts = dict(kv.split("=", 1) for kv in args.options.split(",") if kv)
    share = play(args.games, args.seed, args.players, opts)
    low, high = wilson(share * args.games, args.games)
    print(
        f"knarr {args.players}p, heuristic vs random x{args.players - 1}, {args.games} games, "
        f"seats rotated, options {opts or 'default'}:"
    )
    print(f"  heuristic win share {share:.3f} (95% CI {low:.3f}..{high:.3f})")


if __name__ == "__main__":
    main()
