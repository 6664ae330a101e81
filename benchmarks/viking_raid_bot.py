"""The heuristic bot against three random (or heuristic) bots, 4 players, seats rotated.

    nice python benchmarks/viking_raid_bot.py [--games 2000] [--players 4] [--sinking out]
        [--seed 0] [--opponents random|heuristic] [--jobs 2]

Game i uses seed `seed + i`: a different --seed (e.g. 100000) gives a second, independent set
of games to confirm a result.

Did a change to the bot help? Compare it with the bot before, on the same games (paired):
the games are dealt alike and only part from the first move the change alters, so a small
gain shows in a few thousand games where two separate win rates would need far more.

    git show HEAD:src/drakkar/games/viking_raid/bot.py > /tmp/old_bot.py
    python benchmarks/viking_raid_bot.py --bot /tmp/old_bot.py --games 4000 --save /tmp/old.json
    python benchmarks/viking_raid_bot.py --games 4000 --against /tmp/old.json

Against heuristic opponents, give both runs the same opponents: add `--opponents heuristic
--opponent-bot /tmp/old_bot.py` to each (else the second run plays against the changed bot).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import drakkar
from drakkar.agents.random_agent import RandomAgent
from drakkar.sim.stats import wilson

#: what a saved run records besides its results: a paired comparison needs them all equal
SETTINGS = ("games", "players", "sinking", "seed", "opponents", "opponent_bot")


@cache  # once a process: the module's plan caches then fill once, not once a batch
def load_bot(path: str) -> ModuleType:
    """bot.py's module from `path` (another version of the bot, for a comparison), under a
    name of its own, so its caches are its own too."""
    if not Path(path).is_file():
        sys.exit(f"error: no bot file {path!r}")
    spec = importlib.util.spec_from_file_location(f"bot_{abs(hash(path))}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not isinstance(getattr(module, "VikingRaidBot", None), type):
        sys.exit(f"error: {path!r} has no VikingRaidBot: not a copy of the bot's bot.py")
    return module


def play(
    args: tuple[int, int, int, dict[str, Any], int, str, str | None, str | None],
) -> list[float]:
    """The bot's result (1 a win, a shared win split) in games `first` .. `first + count - 1`
    of the run from `seed` (game i is dealt from seed + i)."""
    seed, first, count, options, players, opponents, bot_file, opponent_file = args
    game = drakkar.load("viking-raid")
    bot_module = load_bot(bot_file) if bot_file else None
    opponent_module = load_bot(opponent_file) if opponent_file else None
    results = []
    for i in range(first, first + count):
        seat = i % players
        bots: list[Any]
        if opponents == "random":
            bots = [RandomAgent(seed + i * 10 + k) for k in range(players)]
        elif opponent_module is not None:
            bots = [opponent_module.VikingRaidBot() for _ in range(players)]
        else:
            bots = [game.heuristic_agent(seed + i * 10 + k) for k in range(players)]
        bots[seat] = bot_module.VikingRaidBot() if bot_module else game.heuristic_agent(seed + i)
        state = game.new(players, seed + i, options)
        while not state.is_terminal():
            p = state.current_player
            assert p is not None
            state.apply(bots[p].act(state, p))
        results.append(state.returns()[seat])
    return results


def run(a: argparse.Namespace) -> list[float]:
    """Every game's result, in order of its seed."""
    options = {"sinking": a.sinking}
    chunk = max(1, min(500, a.games // (4 * a.jobs) or 1))
    jobs = [
        (a.seed, k, min(chunk, a.games - k), options, a.players, a.opponents, a.bot,
         a.opponent_bot)
        for k in range(0, a.games, chunk)
    ]  # fmt: skip
    if a.jobs == 1:
        return [r for job in jobs for r in play(job)]
    with ProcessPoolExecutor(a.jobs) as pool:
        return [r for part in pool.map(play, jobs) for r in part]


def paired(baseline: list[float], results: list[float]) -> tuple[float, float, int]:
    """(mean difference, its 95% half-width, games whose result differs)."""
    d = [x - y for x, y in zip(results, baseline, strict=True)]
    spread = statistics.stdev(d) if len(d) > 1 else 0.0
    return statistics.fmean(d), 1.96 * spread / math.sqrt(len(d)), sum(1 for x in d if x)


def read_baseline(path: str, settings: dict[str, Any]) -> list[float]:
    """A saved run's results, if it was played on the same games; else a clear exit."""
    try:
        saved = json.loads(Path(path).read_text())
    except (OSError, ValueError) as e:
        sys.exit(f"error: cannot read the saved run {path!r}: {e}")
    if not isinstance(saved, dict) or not isinstance(saved.get("results"), list):
        sys.exit(f"error: {path!r} is not a run saved by --save (no 'results' list)")
    for key in SETTINGS:
        if saved.get(key) != settings[key]:
            sys.exit(
                f"error: {path!r} was played with {key} = {saved.get(key)!r}, this run with "
                f"{settings[key]!r}: a paired comparison needs the same games"
            )
    if len(saved["results"]) != settings["games"]:
        sys.exit(f"error: {path!r} holds {len(saved['results'])} results, not {settings['games']}")
    return [float(x) for x in saved["results"]]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--sinking", choices=("out", "lose-raid"), default="out")
    ap.add_argument("--seed", type=int, default=0, help="game i uses seed SEED + i")
    ap.add_argument("--opponents", choices=("random", "heuristic"), default="random")
    ap.add_argument("--bot", help="play this copy of bot.py in the seat (default: the bot)")
    ap.add_argument("--opponent-bot", help="heuristic opponents from this copy of bot.py")
    ap.add_argument("--jobs", type=int, default=1, help="processes (game i depends on i alone)")
    ap.add_argument("--save", help="write every game's result to this file (JSON)")
    ap.add_argument("--against", help="compare, game by game, with a run saved by --save")
    a = ap.parse_args()
    if a.games < 1 or a.jobs < 1 or not 2 <= a.players <= 6:
        ap.error("--games and --jobs must be at least 1, --players 2 to 6")
    if a.opponent_bot and a.opponents != "heuristic":
        ap.error("--opponent-bot needs --opponents heuristic")
    settings = {key: getattr(a, key) for key in SETTINGS}
    baseline = read_baseline(a.against, settings) if a.against else None
    for path in (a.bot, a.opponent_bot):
        if path:
            load_bot(path)  # a bad file stops here, before any game is played
    start = time.perf_counter()
    results = run(a)
    seconds = time.perf_counter() - start
    rate = sum(results) / a.games
    low, high = wilson(sum(results), a.games)
    print(
        f"{a.bot or 'heuristic'} vs {a.players - 1} {a.opponents}, {a.games} games, "
        f"sinking={a.sinking}, seed {a.seed}: "
        f"wins {rate:.1%} (95% interval {low:.1%} to {high:.1%}; chance "
        f"{1 / a.players:.0%}) in {seconds:.0f} s ({seconds / a.games:.2f} s a game)"
    )
    if a.save:
        Path(a.save).write_text(json.dumps({**settings, "results": results}))
    if baseline is not None:
        mean, half, differ = paired(baseline, results)
        print(
            f"against {a.against}: {mean:+.4f} of a win a game (95% interval {mean - half:+.4f} "
            f"to {mean + half:+.4f}); {differ} of {a.games} games ended differently"
        )


if __name__ == "__main__":
    main()
