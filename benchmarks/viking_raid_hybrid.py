"""Where does the search's gain come from? The heuristic bot with ISMCTS at some steps only.

    python benchmarks/viking_raid_bot.py --games 3000 --save heuristic.json
    nice python benchmarks/viking_raid_hybrid.py --steps declare --games 500 --out declare.jsonl
    python benchmarks/viking_raid_hybrid.py --report declare.jsonl --against heuristic.json

The seat plays the heuristic bot, except at the decision steps named by --steps (`declare`,
`build`, `hire`, `destination`, `tactics`, `discard`; `all` for every one), where it plays
what `ismcts:iterations=N` (the `hard` bot) chooses; three random bots play the other seats.
The games are those of benchmarks/viking_raid_bot.py (game i: seed SEED + i, the seat i % 4,
the same random bots), so each game pairs with the heuristic bot's own game in that script's
--save file: they play alike until the first searched decision where the two differ.

A run appends one JSON line a game to --out (its result, and each searched decision: the
view, the bot's move, the search's shares), and carries on where the file stops. --first
starts at another game, so two processes can share the work (the 2-core machine).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import drakkar
from drakkar.agents.random_agent import RandomAgent
from drakkar.agents.spec import make_agent
from drakkar.games.viking_raid.bot import VikingRaidBot
from drakkar.games.viking_raid.state import STEP_NAMES

STEPS = STEP_NAMES[1:]  # "none" is no decision


def play_game(game: Any, seed: int, i: int, steps: set[str], iterations: int) -> dict[str, Any]:
    """Game i of the run from `seed`, the hybrid in seat i % 4 against three random bots."""
    seat = i % 4
    bots = [RandomAgent(seed + i * 10 + k) for k in range(4)]
    bot = VikingRaidBot()
    search = make_agent(f"ismcts:iterations={iterations}", game, seed + i)
    state = game.new(4, seed + i, {"sinking": "out"})
    decisions = []
    while not state.is_terminal():
        p = state.current_player
        assert p is not None
        if p != seat:
            state.apply(bots[p].act(state, p))
            continue
        view = state.view(p)
        mine = bot.act(state, p)
        if len(state.legal_actions()) > 1 and view["step"] in steps:
            shares = search.analyse(state, p)
            view.pop("log", None)  # long, and not what either player decides on
            decisions.append({"view": view, "bot": mine, "shares": shares})
            mine = shares[0][0]
        state.apply(mine)
    return {"i": i, "result": state.returns()[seat], "decisions": decisions}


def run(a: argparse.Namespace) -> None:
    steps = set(STEPS) if a.steps == "all" else set(a.steps.split(","))
    if not steps or steps - set(STEPS):
        sys.exit(f"error: --steps {a.steps!r}: name steps among {', '.join(STEPS)}, or all")
    out = Path(a.out)
    done = (
        {json.loads(line)["i"] for line in out.read_text().splitlines()} if out.exists() else set()
    )
    game = drakkar.load("viking-raid")
    todo = [i for i in range(a.first, a.first + a.games) if i not in done]
    start = time.perf_counter()
    with out.open("a") as f:
        for n, i in enumerate(todo, 1):
            f.write(json.dumps(play_game(game, a.seed, i, steps, a.iterations)) + "\n")
            f.flush()
            per = (time.perf_counter() - start) / n
            print(f"\r{n}/{len(todo)} games, {per:.1f} s a game", end="", file=sys.stderr)
    print(file=sys.stderr)


def report(paths: list[str], against: str) -> None:
    """Each run paired game by game with the heuristic bot's results on the same games."""
    try:
        base = json.loads(Path(against).read_text())["results"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        sys.exit(f"error: {against!r} is not a run saved by viking_raid_bot.py --save: {e}")
    for path in paths:
        rows = [json.loads(line) for line in Path(path).read_text().splitlines()]
        if any(r["i"] >= len(base) for r in rows):
            sys.exit(f"error: {path} has games past the {len(base)} of {against}")
        d = [r["result"] - base[r["i"]] for r in rows]
        if len(d) < 2:
            print(f"{path}: {len(d)} game(s), too few")
            continue
        mean, half = statistics.fmean(d), 1.96 * statistics.stdev(d) / math.sqrt(len(d))
        hybrid = statistics.fmean(r["result"] for r in rows)
        heuristic = statistics.fmean(base[r["i"]] for r in rows)
        searched = [x for r in rows for x in r["decisions"]]
        differ = sum(x["bot"] != x["shares"][0][0] for x in searched)
        print(
            f"{path}: {len(d)} games; hybrid {hybrid:.3f}, heuristic {heuristic:.3f}; paired "
            f"{mean:+.3f} ({mean - half:+.3f} to {mean + half:+.3f}); {sum(map(bool, d))} games "
            f"ended differently; {len(searched)} searched decisions, {differ} unlike the bot's"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--steps", default="all", help="comma-separated steps searched, or all")
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--first", type=int, default=0, help="the first game's number")
    ap.add_argument("--seed", type=int, default=0, help="game i uses seed SEED + i")
    ap.add_argument("--iterations", type=int, default=1000)
    ap.add_argument("--out", help="the run's file (JSON lines), appended to")
    ap.add_argument("--report", nargs="+", metavar="RUN", help="report these runs instead")
    ap.add_argument("--against", help="with --report: viking_raid_bot.py --save of the games")
    a = ap.parse_args()
    if a.report:
        if not a.against:
            ap.error("--report needs --against")
        report(a.report, a.against)
    elif not a.out or a.games < 1 or a.first < 0 or a.iterations < 1:
        ap.error("give --out, and --games and --iterations of at least 1, --first 0 or more")
    else:
        run(a)


if __name__ == "__main__":
    main()
