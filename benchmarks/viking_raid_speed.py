"""Viking Raid speed: random playouts for ~5 s on one core (actions/s), and the cost of clone().

nice python benchmarks/viking_raid_speed.py [--players 4] [--seconds 5]
"""

from __future__ import annotations

import argparse
import random
import time

import drakkar


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    game = drakkar.load("viking-raid")
    rnd = random.Random(1).random
    games = actions = 0
    clones: list = []
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        state = game.new(args.players, games)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[int(rnd() * len(legal))])
            actions += 1
            if actions % 7 == 0 and len(clones) < 2000:
                clones.append(state)
        games += 1
    elapsed = time.perf_counter() - start
    t0 = time.perf_counter()
    reps = 20
    for _ in range(reps):
        for s in clones:
            s.clone()
    per_clone = (time.perf_counter() - t0) / (reps * len(clones))
    print(
        f"{args.players} players: {games} games, {actions} actions in {elapsed:.1f} s: "
        f"{games / elapsed:,.0f} games/s, {actions / elapsed:,.0f} actions/s; "
        f"clone() {per_clone * 1e6:.2f} µs (mean over {reps * len(clones)} clones of mid-game states)"
    )


if __name__ == "__main__":
    main()
