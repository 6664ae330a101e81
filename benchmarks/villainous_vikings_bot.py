"""Heuristic bot against three random bots, or against copies of an earlier heuristic bot
(4 players unless `--players` says otherwise), seats rotated.

nice python benchmarks/villainous_vikings_bot.py --games 2000
nice python benchmarks/villainous_vikings_bot.py --games 2000 --against e6c2cb2
nice python benchmarks/villainous_vikings_bot.py --games 4000 --against e6c2cb2 --seed 10000 \
    --set FIGHT_MIN_VP=1.5

`--against REV` reads the bot (src/drakkar/games/villainous_vikings/bot.py) as it was at git
revision REV (e6c2cb2: before the bot used Asgard battle and duel cards) and plays the
current bot in each seat in turn on the same deal: deal d is game seed `seed + d`, played
once a seat, so the seats and the deals are the same for both bots (parity: 1 / players).
`--set NAME=VALUE` changes one of the current bot's constants (bot.py) for the run.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import drakkar
from drakkar.agents import RandomAgent
from drakkar.games.villainous_vikings import bot
from drakkar.sim.stats import wilson

BOT = "src/drakkar/games/villainous_vikings/bot.py"


def old_bot_class(rev: str) -> Any:
    """The HeuristicBot class of bot.py at git revision `rev`."""
    root = Path(__file__).resolve().parent.parent
    source = subprocess.run(
        ["git", "show", f"{rev}:{BOT}"], cwd=root, capture_output=True, text=True, check=True
    ).stdout
    path = Path(tempfile.mkdtemp()) / f"vv_bot_{rev}.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return module.HeuristicBot


def play(game: Any, seed: int, bots: list[Any]) -> list[float]:
    s = game.new(len(bots), seed)
    while not s.is_terminal():
        p = s.current_player
        assert p is not None
        s.apply(bots[p].act(s, p))
    return s.returns()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--against", default="random", help="random, or a git revision of bot.py")
    ap.add_argument("--set", action="append", default=[], help="NAME=VALUE: a bot.py constant")
    ap.add_argument("--players", type=int, default=4, help="with --against: 3 to 5")
    args = ap.parse_args()
    for item in args.set:
        name, value = item.split("=")
        assert hasattr(bot, name), f"bot.py has no {name}"
        setattr(bot, name, float(value))
    game = drakkar.load("villainous-vikings")
    old = None if args.against == "random" else old_bot_class(args.against)
    wins = 0.0
    t0 = time.time()
    players = 4 if old is None else args.players
    for i in range(args.games):
        seat = i % players
        if old is None:
            bots = [RandomAgent(args.seed + 10 * i + j) for j in range(4)]
            seed = args.seed + i
        else:
            deal = i // players
            bots = [old(args.seed + 10 * deal + j) for j in range(players)]
            seed = args.seed + deal
        bots[seat] = game.heuristic_agent(args.seed + i)
        wins += play(game, seed, bots)[seat]
    n = args.games
    rate = wins / n
    low, high = wilson(wins, n)
    against = "random" if old is None else "heuristic@" + args.against
    settings = "".join(" " + x for x in args.set)
    print(
        f"heuristic vs {players - 1} {against}, {players} players, {n} games (seats rotated)"
        f"{settings}: win rate {rate:.3f} (95% CI {low:.3f}..{high:.3f}); "
        f"{time.time() - t0:.0f} s"
    )


if __name__ == "__main__":
    main()
