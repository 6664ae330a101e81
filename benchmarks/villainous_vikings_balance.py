"""Balance of the authored card set, against the rulings' targets.

1. Battle odds: each Captain at full strength (no crew, no gold, no cards) attacks every
   Location; the win rate per Age (target: Age I about 2/3, Age III about 1/3).
2. Captain win rates among equal heuristic bots, Captains dealt at random (target: every
   Captain within 5 points of the mean), in 4-player games unless `--players` says otherwise.

    nice python benchmarks/villainous_vikings_balance.py --trials 200 --games 2000
    nice python benchmarks/villainous_vikings_balance.py --trials 0 --games 3000 --players 3
"""

from __future__ import annotations

import argparse
import math
from collections import defaultdict

import drakkar
from drakkar.engine.rng import Rng


def battle_odds(trials: int) -> dict[str, dict[int, float]]:
    game = drakkar.load("villainous-vikings")
    cs = game.new(3, 0).cs  # type: ignore[attr-defined]
    ids = [c.id for c in cs.captains]
    out: dict[str, dict[int, float]] = {}
    for cap in ids:
        others = [c for c in ids if c != cap][:2]
        wins: dict[int, list[int]] = defaultdict(lambda: [0, 0])
        for loc in cs.locations:
            base = game.new(3, 1, {"stack": (loc.id,), "captains": (cap, *others)})
            base.gold[0] = 0  # type: ignore[attr-defined]
            base.apply_label(f"move to {cs.regions[loc.region]}")
            for t in range(trials):
                s = base.clone()
                s.rng = Rng(t * 7919 + 13)
                s.apply_label(f"conquer {loc.name}")
                while s.battle is not None:  # type: ignore[attr-defined]
                    s.apply_label("done")
                won = bool(s.pending) and s.pending[0][0] == "conquest"  # type: ignore[attr-defined]
                wins[loc.age][0] += won
                wins[loc.age][1] += 1
        out[cap] = {age: w / n for age, (w, n) in sorted(wins.items())}
    return out


def captain_rates(games: int, players: int = 4) -> dict[str, tuple[float, int]]:
    game = drakkar.load("villainous-vikings")
    won: dict[str, float] = defaultdict(float)
    played: dict[str, int] = defaultdict(int)
    for i in range(games):
        s = game.new(players, 100_000 + i)
        bots = [game.heuristic_agent(i * players + j) for j in range(players)]
        while not s.is_terminal():
            p = s.current_player
            assert p is not None
            s.apply(bots[p].rollout_act(s, p))  # act's move, cheaper (bot_test checks it)
        ret = s.returns()
        for p in range(players):
            cid = s.cs.captains[s.captain[p]].id  # type: ignore[attr-defined]
            won[cid] += ret[p]
            played[cid] += 1
    return {c: (won[c] / played[c], played[c]) for c in sorted(played)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--trials", type=int, default=200)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=4, help="players a game (Captain win rates)")
    args = ap.parse_args()
    if args.trials:
        odds = battle_odds(args.trials)
        print(f"Full-strength Captain conquers a Location ({args.trials} trials per Location):")
        print("captain      Age I  Age II Age III")
        for cap, by_age in odds.items():
            print(f"{cap:<12} " + " ".join(f"{by_age[a]:6.2f}" for a in (1, 2, 3)))
        for a in (1, 2, 3):
            print(f"mean Age {a}: {sum(o[a] for o in odds.values()) / len(odds):.3f}")
    if args.games:
        rates = captain_rates(args.games, args.players)
        mean = sum(r for r, _ in rates.values()) / len(rates)
        print(
            f"Captain win rates among equal heuristic bots ({args.games} {args.players}-player "
            f"games, mean {mean:.3f}):"
        )
        for cid, (r, n) in rates.items():
            half = 1.96 * math.sqrt(r * (1 - r) / n)
            print(f"{cid:<10} {r:.3f} +/- {half:.3f} ({n} seats)  {100 * (r - mean):+.1f} points")


if __name__ == "__main__":
    main()
