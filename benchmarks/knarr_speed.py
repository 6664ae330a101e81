"""Knarr random-playout speed on one core, and the cost of clone().

    python benchmarks/knarr_speed.py [--players 3] [--seconds 10]

Counts CPU time of this process (`time.process_time`), so a busy machine slows the figure less
than wall time would; both are printed.
"""

from __future__ import annotations

import argparse
import time

import drakkar
from drakkar.engine.rng import Rng


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=10.0)
    args = ap.parse_args()
    game = drakkar.load("knarr")
    rng = Rng(0)
    games = actions = 0
    samples = []
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.process_time() - cpu0 < args.seconds:
        state = game.new(args.players, games)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
            if actions % 97 == 0 and len(samples) < 500:
                samples.append(state.clone())
        games += 1
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    t0 = time.process_time()
    for s in samples:
        for _ in range(200):
            s.clone()
    clone_us = (time.process_time() - t0) / (len(samples) * 200) * 1e6
    print(f"knarr {args.players}p: {games} games, {actions} actions")
    print(f"  {actions / cpu:,.0f} actions/s CPU time ({actions / wall:,.0f} wall)")
    print(f"  {games / cpu:,.1f} games/s, {actions / games:.1f} actions per game")
    print(f"  clone() {clone_us:.2f} µs")


if __name__ == "__main__":
    main()
