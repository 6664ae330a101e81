"""ISMCTS strength against the games' heuristic bots (issue 6's table), seats rotated.

    nice python benchmarks/ismcts_strength.py viking-raid --players 4 --games 300
    nice python benchmarks/ismcts_strength.py --all --games 300     # every row, one at a time
    nice python benchmarks/ismcts_strength.py knarr --jobs 2        # two games at once
    python benchmarks/ismcts_strength.py --all --report             # the rows so far, no play

Game g puts ISMCTS (`--spec`, default `ismcts:iterations=1000`) in seat g mod players and the
game's heuristic bot in every other seat; the deal is seed g. Each finished game is appended
to a JSON-lines file under `--out` (default benchmarks/results/ismcts/), so an interrupted row resumes
where it stopped. The row's result: ISMCTS's win rate (a shared win counts its share) with a
95% Wilson interval, the target, and ISMCTS iterations per second (search time only, forced
moves excluded).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path

import drakkar
from drakkar.agents.ismcts import ISMCTSAgent
from drakkar.agents.spec import make_agent
from drakkar.sim.stats import wilson

#: issue 6: (game, players, win rate ISMCTS must reach against heuristic bots)
ROWS = [
    ("viking-raid", 4, 0.35),
    ("gone-viking", 4, 0.35),
    ("knarr", 3, 0.45),
    ("villainous-vikings", 4, 0.35),
]


def play_one(game: drakkar.Game, players: int, g: int, spec: str) -> dict[str, float]:
    seat = g % players
    agents = [game.heuristic_agent(g * 16 + i) for i in range(players)]
    bot = make_agent(spec, game, g)
    assert isinstance(bot, ISMCTSAgent)
    agents[seat] = bot
    state = game.new(players, g)
    iterations = 0
    searching = 0.0
    while not state.is_terminal():
        p = state.current_player
        assert p is not None
        if p == seat:
            t0 = time.perf_counter()
            action = bot.act(state, p)
            if bot.last_iterations:
                searching += time.perf_counter() - t0
                iterations += bot.last_iterations
        else:
            action = agents[p].act(state, p)
        state.apply(action)
    return {
        "game": g,
        "seat": seat,
        "reward": state.returns()[seat],
        "iterations": iterations,
        "search_seconds": searching,
        "actions": len(state.history),
    }


def _play(args: tuple[str, int, int, str]) -> dict[str, float]:
    """`play_one` in a worker process (`--jobs`)."""
    name, players, g, spec = args
    return play_one(drakkar.load(name), players, g, spec)


@dataclass
class Row:
    game: str
    players: int
    games: int
    spec: str
    win_rate: float
    ci95: tuple[float, float]
    by_seat: list[float]
    iterations_per_s: float


def run_row(
    name: str, players: int, games: int, spec: str, out: Path, report: bool, jobs: int = 1
) -> Row | None:
    """Play the row's missing games (none with `report`: then the games on file count)."""
    done: dict[int, dict[str, float]] = {}
    if out.exists():
        for line in out.read_text().splitlines():
            row = json.loads(line)
            done[int(row["game"])] = row
    if report:
        games = len(done)
        done = dict(enumerate(done[g] for g in sorted(done)))
    if games == 0:
        return None
    missing = [g for g in range(games) if g not in done]
    with (
        out.open("a") as f,
        multiprocessing.Pool(jobs) if jobs > 1 and missing else nullcontext() as pool,
    ):
        # game g is dealt and searched from seed g alone, so jobs change only the order
        results = (
            pool.imap_unordered(_play, [(name, players, g, spec) for g in missing])
            if pool is not None
            else (play_one(drakkar.load(name), players, g, spec) for g in missing)
        )
        for result in results:
            done[int(result["game"])] = result
            f.write(json.dumps(result) + "\n")
            f.flush()
            if len(done) % 10 == 0:
                rate = sum(r["reward"] for r in done.values()) / len(done)
                print(
                    f"  {name} {players}p: {len(done)} games, win rate {rate:.3f}", file=sys.stderr
                )
    rows = [done[g] for g in range(games)]
    wins = sum(r["reward"] for r in rows)
    low, high = wilson(wins, games)
    its = sum(r["iterations"] for r in rows)
    secs = sum(r["search_seconds"] for r in rows)
    by_seat = [
        sum(r["reward"] for r in rows if r["seat"] == s) / max(1, sum(r["seat"] == s for r in rows))
        for s in range(players)
    ]
    return Row(
        name, players, games, spec, wins / games, (low, high), by_seat, its / secs if secs else 0.0
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("game", nargs="?", help="one game (else --all)")
    ap.add_argument("--players", type=int)
    ap.add_argument("--all", action="store_true", help="every row of issue 6's table")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--spec", default="ismcts:iterations=1000")
    # beside this script, wherever it is run from (the checked-in rows are there)
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "results/ismcts")
    ap.add_argument("--report", action="store_true", help="play nothing: the rows so far")
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    args = ap.parse_args()
    targets = {(g, p): t for g, p, t in ROWS}
    if args.all:
        rows = [(g, p) for g, p, _ in ROWS]
    elif args.game:
        game = drakkar.load(args.game)
        rows = [(game.name, args.players or dict((g, p) for g, p, _ in ROWS).get(game.name, 4))]
    else:
        ap.error("name a game or pass --all")
    args.out.mkdir(parents=True, exist_ok=True)
    for name, players in rows:
        slug = args.spec.replace(":", "_").replace(",", "_").replace("=", "")
        row = run_row(
            name,
            players,
            args.games,
            args.spec,
            args.out / f"{name}-{players}p-{slug}.jsonl",
            args.report,
            args.jobs,
        )
        if row is None:
            print(f"{name} {players}p, {args.spec}: no games yet")
            continue
        target = targets.get((name, players))
        low, high = row.ci95
        verdict = "" if target is None else (" PASS" if row.win_rate >= target else " SHORT")
        if row.games < 300:
            verdict += f" (so far: issue 6 asks for 300 games, {row.games} played)"
        print(
            f"{name} {players}p, {row.games} games, {args.spec}: win rate {row.win_rate:.3f} "
            f"(95% CI {low:.3f}-{high:.3f}), target {target}{verdict}; "
            f"by seat {[round(x, 3) for x in row.by_seat]}; "
            f"{row.iterations_per_s:.0f} ISMCTS iterations/s",
            flush=True,
        )


if __name__ == "__main__":
    main()
