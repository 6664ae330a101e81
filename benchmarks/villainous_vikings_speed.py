"""Random playouts on one core: actions per second (game setup included).

nice python benchmarks/villainous_vikings_speed.py --seconds 20
"""

from __future__ import annotations

import argparse
import random
import time

import drakkar


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    game = drakkar.load("villainous-vikings")
    actions = games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < args.seconds:
        s = game.new(args.players, games)
        rng = random.Random(games)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    dt = time.perf_counter() - t0
    print(
        f"{games} random {args.players}-player games, {actions} actions in {dt:.1f} s: "
        f"{actions / dt:,.0f} actions/s, {actions / games:.0f} actions/game"
    )


if __name__ == "__main__":
    main()
