"""Random-playout speed of Gone Viking! on one core, and the cost of clone().

    nice python benchmarks/gone_viking_speed.py --seconds 10

Like `drakkar bench gone-viking`, but timed in process CPU time (`time.process_time`), so the
figure holds on a machine shared with other jobs. The bar (issue 3) is 50,000 actions/s.
"""

from __future__ import annotations

import argparse
import time

import drakkar
from drakkar.engine.rng import Rng


def measure(players: int, seconds: float, seed: int = 0) -> dict[str, float]:
    game = drakkar.load("gone-viking")
    rng = Rng(seed)
    games = actions = 0
    samples = []
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new(players, seed + games)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
            if actions % 97 == 0 and len(samples) < 500:
                samples.append(state.clone())
        games += 1
    cpu = time.process_time() - start
    t0 = time.process_time()
    for s in samples:
        for _ in range(200):
            s.clone()
    clone_us = (time.process_time() - t0) / (len(samples) * 200) * 1e6
    return {"games": games, "actions": actions, "actions_per_s": actions / cpu,
            "actions_per_game": actions / games, "clone_us": clone_us}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=10.0)
    args = ap.parse_args()
    for players in (3, 4, 5):
        r = measure(players, args.seconds)
        print(f"{players} players: {r['actions_per_s']:,.0f} actions/s (CPU time), "
              f"{r['games']} games, {r['actions_per_game']:.0f} actions/game, "
              f"clone() {r['clone_us']:.1f} µs")  # fmt: skip


if __name__ == "__main__":
    main()
