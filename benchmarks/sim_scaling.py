"""How a study scales: games/s on 1 worker, 2 worker processes, and a local Ray with 2 CPUs.

    nice python benchmarks/sim_scaling.py [GAME ...] [--seconds 10] [--agents random] [--toy]

Each backend runs the same study through `drakkar.sim` (results written to a temporary
directory, as `drakkar simulate` does). The number of games is set so that one worker takes
about --seconds; the pool's and Ray's start-up are excluded by warming them first (the pool's
workers are kept between runs in one process; a local Ray is started once, before timing).
The machine's load average is printed beside the figures: other work on the cores skews
the 2-worker figures most. The target is 1.8x or better from 1 to 2 workers.
With no GAME, every registered game is measured; --toy adds the test game High Card.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

import drakkar
from drakkar.engine.registry import games as all_games
from drakkar.sim import runner
from drakkar.sim.runner import Backend, prepare, run
from drakkar.sim.study import Study, split_agents


def _cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of this process and `pids` (Linux /proc; 0 where unreadable)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = sum(os.times()[:2])
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / ticks
        except (OSError, IndexError, ValueError):
            pass
    return total


def _pool_pids(backend: Backend) -> list[int]:
    pool = runner._POOLS.get(backend.workers()) if not backend.ray else None
    return pool.pids() if pool else []


def games_per_second(study: Study, backend: Backend) -> tuple[float, float]:
    """Games per wall-clock second, and CPU milliseconds per game (this process + pool)."""
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        done = prepare(study, directory, resume=False)
        pids = _pool_pids(backend)
        cpu = _cpu_seconds(pids)
        start = time.perf_counter()
        played = run(study, directory, backend, done)
        wall = time.perf_counter() - start
        return played / wall, 1000 * (_cpu_seconds(pids) - cpu) / played


def measure(game: drakkar.Game, players: int, agents: list[str], seconds: float) -> dict:
    specs = agents if len(agents) > 1 else agents * players
    warm = Study.make(game, players * 8, players, specs, seed=3)
    games_per_second(warm, Backend(jobs=1))  # imports, caches
    probe = Study.make(game, players * 32, players, specs, seed=1)
    rate, _ = games_per_second(probe, Backend(jobs=1))
    n = max(players * 8, int(rate * seconds) // players * players)
    study = Study.make(game, n, players, specs, seed=2)
    out: dict = {"game": game.name, "players": players, "agents": ",".join(specs), "games": n}
    out["one"], out["cpu_one"] = games_per_second(study, Backend(jobs=1))
    games_per_second(warm, Backend(jobs=2))  # starts the pool's workers, kept for the next run
    out["two"], out["cpu_two"] = games_per_second(study, Backend(jobs=2))
    try:
        import ray
    except ImportError:
        out["ray"] = None
        return out
    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    games_per_second(warm, Backend(2, "local"))
    out["ray"] = games_per_second(study, Backend(jobs=2, ray="local"))[0]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("games", nargs="*", help="games to measure (default: every registered game)")
    ap.add_argument("--players", type=int, help="players per game (default: the game's default)")
    ap.add_argument("--agents", default="random", help="agent specs, as in drakkar simulate")
    ap.add_argument("--seconds", type=float, default=10.0, help="time for one worker per game")
    ap.add_argument("--toy", action="store_true", help="also measure the toy game High Card")
    args = ap.parse_args()
    games = [drakkar.load(g) for g in args.games] or all_games()
    if args.toy:
        from drakkar.engine.toy import HIGH_CARD

        games.append(HIGH_CARD)
    console = Console(width=140)
    console.print(f"{os.cpu_count()} cores; ~{args.seconds:.0f} s per game on one worker")
    table = Table(title="Study throughput (games/s), and CPU milliseconds per game")
    cols: tuple[str, ...] = (
        "game",
        "players",
        "games",
        "1 worker",
        "2 workers",
        "×",
        "Ray 2 CPUs",
        "×",
    )
    cols += ("CPU ms 1w", "CPU ms 2w", "× if idle")
    for col in cols:
        table.add_column(col, justify="left" if col == "game" else "right")
    for game in games:
        players = args.players or game.default_players
        row = measure(game, players, split_agents(args.agents), args.seconds)
        ray = row["ray"]
        table.add_row(
            row["game"], str(players), f"{row['games']:,}",
            f"{row['one']:,.1f}", f"{row['two']:,.1f}", f"{row['two'] / row['one']:.2f}",
            "–" if ray is None else f"{ray:,.1f}", "–" if ray is None else f"{ray / row['one']:.2f}",
            f"{row['cpu_one']:.3f}", f"{row['cpu_two']:.3f}",
            f"{2 * row['cpu_one'] / row['cpu_two']:.2f}",
        )  # fmt: skip
        console.print(
            f"{row['game']} ({row['agents']}): 1 worker {row['one']:,.1f}, 2 workers "
            f"{row['two']:,.1f}, Ray {'–' if ray is None else f'{ray:,.1f}'} games/s"
        )
    console.print(table)
    console.print(
        "CPU ms 1w, 2w: CPU time of this process and the pool's workers per game. '× if idle' "
        "= 2 x (CPU ms 1w) / (CPU ms 2w): the 2-worker speed-up on two otherwise idle cores, "
        "which the wall-clock '×' shows only when no other work competes for the cores."
    )
    console.print("load average (1, 5, 15 min): " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
