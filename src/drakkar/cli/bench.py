"""`drakkar bench GAME`: random-playout speed on one core, and the cost of clone()."""

from __future__ import annotations

import time
from collections.abc import Callable

import typer
from rich.table import Table

import drakkar
from drakkar.cli.app import app, console, fail
from drakkar.engine.rng import Rng


def measure(
    game: drakkar.Game,
    players: int,
    seconds: float,
    seed: int = 0,
    clock: Callable[[], float] = time.perf_counter,
) -> dict[str, float]:
    """Random playouts for about `seconds`; then the mean clone() cost over visited states.

    `clock` is wall time by default; `time.process_time` counts only this process's CPU, so
    the figure holds on a machine shared with other work.
    """
    rng = Rng(seed)
    games = actions = 0
    samples: list[drakkar.State] = []
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        state = game.new(players, seed + games)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
            if actions % 97 == 0 and len(samples) < 500:
                samples.append(state.clone())
        games += 1
    elapsed = clock() - start
    reps = 200
    t0 = clock()
    for s in samples:
        for _ in range(reps):
            s.clone()
    clone_us = (clock() - t0) / max(1, len(samples) * reps) * 1e6
    return {
        "games": games,
        "actions": actions,
        "seconds": elapsed,
        "games_per_s": games / elapsed,
        "actions_per_s": actions / elapsed,
        "actions_per_game": actions / max(1, games),
        "clone_us": clone_us,
    }


@app.command("bench")
def bench_command(
    game: str = typer.Argument(..., metavar="GAME", help="The game, e.g. viking-raid."),
    players: int = typer.Option(
        None, "--players", "-p", metavar="N", help="Players (default: the game's)."
    ),
    seconds: float = typer.Option(
        5.0,
        "--seconds",
        "-s",
        metavar="SECONDS",
        min=0.1,
        max=86400.0,
        help="How long to play (up to a day).",
    ),
    seed: int = typer.Option(
        0,
        "--seed",
        metavar="SEED",
        min=0,
        max=2**63 - 1,  # each next game takes the next seed, so room is left above
        help="The first game's seed; each next game takes the next.",
    ),
    cpu_time: bool = typer.Option(
        False,
        "--cpu-time",
        help="Time in this process's CPU seconds, not wall-clock seconds "
        "(for a machine busy with other work).",
    ),
) -> None:
    """Random-playout games/s and actions/s on one core, and the mean cost of clone()."""
    try:
        g = drakkar.load(game)
        n = g.check_players(g.default_players if players is None else players)
    except drakkar.DrakkarError as e:
        raise fail(str(e)) from None
    with console.status(f"playing random games of {g.title} for {seconds:g} s ..."):
        r = measure(g, n, seconds, seed, time.process_time if cpu_time else time.perf_counter)
    table = Table(
        title=f"{g.title}, {n} players, random playouts, one core"
        + (", CPU time" if cpu_time else ""),
        title_justify="left",
    )
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("games", f"{r['games']:,}")
    table.add_row("actions", f"{r['actions']:,}")
    table.add_row("games/s", f"{r['games_per_s']:,.1f}")
    table.add_row("actions/s", f"{r['actions_per_s']:,.0f}")
    table.add_row("actions per game", f"{r['actions_per_game']:,.1f}")
    table.add_row("clone() mean", f"{r['clone_us']:.2f} µs")
    console.print(table)
