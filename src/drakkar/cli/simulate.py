"""`drakkar simulate GAME -n N`: a balance study between agents, seats rotated."""

from __future__ import annotations

import math
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from drakkar.cli.app import app, console, fail, parse_options
from drakkar.engine.errors import DrakkarError, InvalidOptions
from drakkar.engine.registry import load
from drakkar.sim.analysis import study_analysis
from drakkar.sim.report import summary_tables
from drakkar.sim.runner import Backend, GameTimedOut, WorkersLost, finished_games, prepare, run
from drakkar.sim.stacks import innermost
from drakkar.sim.study import Study, StudyError, split_agents


class RateColumn(ProgressColumn):
    """Games per second over this run (not counting games a resumed study already had)."""

    def render(self, task: Task) -> Text:
        played = task.completed - task.fields.get("already", 0)
        # from the moment the run started, as the summary line counts (workers' start-up too)
        started = task.fields.get("started")
        if started is not None and task.start_time is not None:
            end = task.start_time + task.finished_time if task.finished_time else time.monotonic()
            elapsed: float | None = end - started
        else:
            elapsed = task.finished_time if task.finished else task.elapsed
        if not elapsed or played <= 0:
            return Text("– games/s", style="progress.data.speed")
        return Text(f"{played / elapsed:,.1f} games/s", style="progress.data.speed")


MAX_GAMES = 50_000_000


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": False})
def simulate(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(metavar="GAME", help="the game, e.g. viking-raid")],
    games: Annotated[
        int | None,
        typer.Option(
            "-n",
            "--games",
            metavar="N",
            help="games to play, default 1000 (rounded up to a multiple of players)",
        ),
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", metavar="N", help="players per game")
    ] = None,
    agents: Annotated[
        list[str] | None,
        typer.Option(
            "--agents",
            "-a",
            metavar="SPEC,...",
            help="one agent spec per seat, comma-separated (random,heuristic,ismcts:iterations=500); "
            "random*3 repeats; one spec takes every seat. Default: heuristic against random.",
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option", "-o", metavar="KEY=VALUE", help="a game option (drakkar games lists them)"
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(metavar="SEED", help="the study seed (default: random, saved)")
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", metavar="N", help="worker processes (default: every core)"),
    ] = None,
    ray: Annotated[
        bool,
        typer.Option(
            "--ray",
            help="run on Ray: alone, start a local Ray instance with --jobs CPUs; "
            "followed by an ADDRESS, join that cluster",
        ),
    ] = False,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", metavar="DIR", help="the study directory (default: studies/GAME-PLAYERSp-TIME)"
        ),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option("--resume", help="finish the study in --out, playing only what is missing"),
    ] = False,
    game_timeout: Annotated[
        float | None,
        typer.Option(
            "--game-timeout",
            metavar="SECONDS",
            help="stop the run if one game takes longer than this many seconds (a game or "
            "agent stuck in a loop); default: no limit",
        ),
    ] = None,
) -> None:
    """Play N games between agents with seats rotated; print win rates per agent and seat.

    Each finished game is appended to DIR/results.jsonl (--out) as it ends: Ctrl-C loses no finished game.

    --resume plays only the missing games; `drakkar report DIR` analyses the study.
    """
    ray_address = _ray_address(ray, ctx.args)
    _check_game_timeout(game_timeout)
    if ray_address is not None:
        try:  # said now, before the study's folder is made: it would block the same --out
            import ray as _  # noqa: F401
        except ImportError:
            raise fail("Ray is not installed: pip install 'drakkar[ray]'") from None
    if jobs is not None and jobs < 1:
        raise fail(f"--jobs must be at least 1, got {jobs}")
    if resume and out is None:
        raise fail("--resume needs --out DIR: the study to finish")
    try:
        study, note = _study(game, games, players, agents, parse_options(option), seed, out, resume)
        directory = out or _default_out(study)
        done = prepare(study, directory, resume)
    except InvalidOptions as e:
        raise fail(f"--agents: {e.message}" if e.option == "agent" else str(e)) from None
    except DrakkarError as e:
        raise fail(str(e)) from None
    except OSError as e:  # --out names a file, or a place that cannot be written
        where = e.filename or out or "its folder"
        raise fail(f"cannot write the study to {where}: {e.strerror or e}") from None
    if note:
        console.print(f"[yellow]{note}[/]")
    backend = Backend(jobs=jobs, ray=ray_address)
    console.print(
        f"{study.games:,} games of {study.game}, {study.players} players, "
        f"agents {', '.join(study.agents)}, seed {study.seed}, on {backend.describe()}; "
        f"results in {directory}/" + (f" ({len(done):,} already done)" if done else "")
    )
    _play(study, directory, backend, done, game_timeout)
    console.print(f"full report: drakkar report {directory}")


def _check_game_timeout(seconds: float | None) -> None:
    if seconds is None:
        return
    if not math.isfinite(seconds) or seconds <= 0:
        raise fail(f"--game-timeout must be a number of seconds above 0, got {seconds:g}")


def _play(
    study: Study,
    directory: Path,
    backend: Backend,
    done: set[int],
    game_timeout: float | None = None,
) -> None:
    """Play the study's missing games under a progress bar, then print its tables; Ctrl-C
    saves what is done and says how to finish."""
    started = time.monotonic()
    played = 0
    if len(done) >= study.games:
        console.print("the study is complete: there is nothing left to play")
    try:
        with _progress(hide=len(done) >= study.games) as bar:
            task = bar.add_task(
                "playing",
                total=study.games,
                completed=len(done),
                already=len(done),
                started=started,
            )
            played = run(
                study,
                directory,
                backend,
                done,
                on_game=lambda _: bar.advance(task),
                game_timeout=game_timeout,
            )
    except KeyboardInterrupt:
        finish = _how_to_finish(study, directory, game_timeout)
        console.print(Text(f"interrupted: {finish}", style="yellow"))
        raise typer.Exit(130) from None
    except GameTimedOut as e:  # the same game will loop again: say where it was
        raise fail(_timed_out(e, _how_to_finish(study, directory, game_timeout)), code=1) from None
    except WorkersLost as e:  # killed, out of memory, a Ray node gone: the games saved stay
        finish = _how_to_finish(study, directory, game_timeout)
        raise fail(f"{e.what}; {finish}", code=1) from None
    except DrakkarError as e:
        raise fail(str(e), code=1) from None
    elapsed = time.monotonic() - started
    if played:
        console.print(
            f"played {played:,} game{'s' if played != 1 else ''} in {elapsed:.1f} s "
            f"({played / elapsed:,.1f} games/s)"
        )
    for table in summary_tables(study_analysis(directory, study)):
        console.print(table)


def _timed_out(e: GameTimedOut, finish: str) -> str:
    """The stuck game, where it was (its innermost calls, the file with its whole stack),
    and how to finish the study."""
    if e.stack_file is None:
        return (
            f"{e.what}; {e.where()}, as docs/simulation.md shows; {finish} (game {e.index} will "
            "take as long again)"
        )
    at = "".join(f"\n{line}" for line in innermost(e.stack))
    return (
        f"{e.what}; it was at, innermost call first:{at}\nthe whole stack is in "
        f"{e.stack_file}; {finish} (game {e.index} will take as long again: mend it first)"
    )


def _how_to_finish(study: Study, directory: Path, game_timeout: float | None) -> str:
    have = len(finished_games(directory, study))
    limit = "" if game_timeout is None else f" --game-timeout {game_timeout:g}"
    return (
        f"{have:,} of {study.games:,} games saved; finish with "
        f"drakkar simulate {study.game} --out {directory} --resume{limit}"
    )


def _study(
    game: str,
    games: int | None,
    players: int | None,
    agents: list[str] | None,
    options: dict[str, str],
    seed: int | None,
    out: Path | None,
    resume: bool,
) -> tuple[Study, str]:
    """The study asked for. On --resume, what was not given comes from the stored study."""
    g = load(game)
    specs = split_agents(agents)
    if resume and out is not None and (out / "study.json").exists():
        stored = Study.load(out)
        if len(specs) == 1:
            specs = specs * stored.players  # one agent takes every seat
        asked = {"game": g.name, "players": players, "agents": specs or None}
        for key, value in asked.items():
            have = getattr(stored, key)
            have = list(have) if isinstance(have, tuple) else have
            if value is not None and value != have:
                raise StudyError(
                    f"cannot resume with different parameters: {key}: {have!r} in the study, "
                    f"{value!r} asked now"
                )
        study = Study.make(
            g,
            games if games is not None else stored.games,
            players if players is not None else stored.players,
            specs or list(stored.agents),
            stored.seed if seed is None else seed,
            {**stored.options, **options},
        )
        return study, ""
    n_players = players if players is not None else (len(specs) if len(specs) > 1 else None)
    n_players = g.check_players(g.default_players if n_players is None else n_players)
    wanted = 1000 if games is None else games
    if wanted < 1:
        raise fail(f"-n must be at least 1, got {wanted}")
    if wanted > MAX_GAMES:  # a run holds its list of games in memory
        raise fail(
            f"-n {wanted:,}: at most {MAX_GAMES:,} games a study; split it over --out folders"
        )
    rounded = -(-wanted // n_players) * n_players
    note = ""
    if rounded != wanted:
        note = (
            f"-n {wanted} rounded up to {rounded} so every agent sits in every seat equally often"
        )
    return Study.make(g, rounded, n_players, specs, seed, options), note


def _default_out(study: Study) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return Path("studies") / f"{study.game}-{study.players}p-{stamp}"


def _ray_address(ray: bool, extra: list[str]) -> str | None:
    """`--ray` alone: "local"; `--ray ADDRESS`: the address (Typer has no optional values,
    so the address arrives as the command's one extra argument)."""
    if len(extra) > (1 if ray else 0):
        raise fail(f"unexpected argument {extra[-1]!r}")
    if not ray:
        return None
    return extra[0] if extra and extra[0].lower() != "local" else "local"


def _progress(hide: bool = False) -> Progress:
    """The bar of games played; `hide` when nothing is left to play (a finished study)."""
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        TextColumn("elapsed"),
        TimeElapsedColumn(),
        console=console,
        disable=hide,
    )
