"""Run a study: in this process, on a process pool, or on Ray; stream every game to disk.

The main process alone writes the results file, one line per game as its chunk comes back
(and, when a run stops, the lines its workers kept of the games their chunks had finished),
so a Ctrl-C or a killed worker loses only games still being played; a run
with `resume=True` plays only the games the file lacks. With a `game_timeout`, a worker stuck
on one game (an endless loop in a game or agent) is killed and stops the run the same way,
its Python stack saved as stuck-<index>.txt beside the results. On Ray the tasks keep their
finished games with an actor of the driver's, and time their games themselves
(`ray_tasks.py`).
"""

from __future__ import annotations

import contextlib
import json
import math
import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from drakkar.engine.game import Game
from drakkar.engine.registry import load
from drakkar.sim import ray_tasks, stacks
from drakkar.sim.play import Chunk, play_chunk
from drakkar.sim.results import ResultsWriter, each_result
from drakkar.sim.study import RESULTS_FILE, STUDY_FILE, Study, StudyError
from drakkar.sim.workers import WorkerDied, Workers, WorkerStuck

Batches = Iterator[Chunk]


class WorkersLost(StudyError):
    """A worker process died or a Ray task was lost (`what`): the games saved are kept, and a
    run with `resume=True` plays the rest."""

    def __init__(self, what: str) -> None:
        self.what = what
        super().__init__(
            f"{what}; every game finished so far is saved: run again with --resume to play the rest"
        )


class GameTimedOut(WorkersLost):
    """Game `index` (deal seed `seed`) was still being played after `limit` seconds: its
    worker was killed. The games saved are kept; the same game will take as long again.

    `pid` is None on Ray, where the game alone is stopped, in its task.

    `stack`: where the worker was, in faulthandler's words (`stacks.innermost` picks the
    innermost calls), saved in `stack_file`; "" and None when it could not say (the signal
    blocked by C code, or no SIGUSR1 on this platform)."""

    def __init__(
        self,
        index: int,
        seed: int,
        limit: float,
        pid: int | None,
        stack: str = "",
        stack_file: Path | None = None,
    ) -> None:
        self.index, self.seed, self.limit = index, seed, limit
        self.stack, self.stack_file = stack, stack_file
        stopped = (
            "it was stopped in its Ray task"
            if pid is None
            else f"its worker process ({pid}) was stopped"
        )
        self.what = (
            f"game {index} (seed {seed}) was still being played after the game timeout of "
            f"{limit:g} s, so {stopped}"
        )
        StudyError.__init__(
            self,
            f"{self.what}; {self.where()}; every game finished so far is saved, and a run with "
            "--resume plays the rest, but this game will take as long again",
        )

    def where(self) -> str:
        """Where to see where the game was stuck."""
        if self.stack_file is None:
            return (
                f"no stack could be taken (the worker did not write it within {stacks.WAIT:g} s:"
                " C code may hold signals blocked): play the game alone to see where"
            )
        return f"where it was stuck is in {self.stack_file}"


@dataclass(frozen=True)
class Backend:
    """Where games run: `jobs` local processes (1: this process), or Ray when `ray` is set.

    `ray` is "local" to start a Ray instance here (with `jobs` CPUs), or a cluster address.
    """

    jobs: int | None = None
    ray: str | None = None

    def workers(self) -> int:
        return self.jobs or os.cpu_count() or 1

    def describe(self) -> str:
        if self.ray == "local":
            return f"a local Ray instance ({self.workers()} CPUs)"
        if self.ray:
            return f"the Ray cluster at {self.ray}"
        n = self.workers()
        return "this process" if n == 1 else f"{n} worker processes"


def prepare(study: Study, directory: Path, resume: bool) -> set[int]:
    """Check the directory against the study; write study.json; return the indices of the
    games already done.

    A fresh study needs a directory without one; a resumed study needs the same parameters,
    but for more games (it then grows: study.json is rewritten). Nothing is written when a
    check fails.
    """
    directory = Path(directory)
    has_study = (directory / STUDY_FILE).exists()
    if resume:
        if not has_study:
            raise StudyError(f"nothing to resume: {str(directory)!r} holds no {STUDY_FILE}")
        stored = Study.load(directory)
        diffs = study.differences(stored)
        if study.games > stored.games and all(d.startswith("games:") for d in diffs):
            # more games of the same study: game i depends on the seed and i alone, so the
            # games played stay valid and the study simply goes on
            study.save(directory)
            return finished_games(directory, study, repair=True)
        if diffs:
            hint = ""
            if any(d.startswith("games:") for d in diffs) and study.games < stored.games:
                hint = f" (a study can grow, not shrink: it has {stored.games:,} games)"
            raise StudyError("cannot resume with different parameters: " + "; ".join(diffs) + hint)
        return finished_games(directory, stored, repair=True)
    if has_study or (directory / RESULTS_FILE).exists():
        raise StudyError(
            f"{str(directory)!r} already holds a study: add --resume to finish it, "
            "or choose another --out"
        )
    study.save(directory)
    return set()


def finished_games(directory: Path, study: Study, repair: bool = False) -> set[int]:
    """The indices of the games in the results file (a broken last line cut off if `repair`)."""
    done: set[int] = set()
    each_result(directory, study, lambda line: done.add(line["index"]), repair)
    return done


def run(
    study: Study,
    directory: Path,
    backend: Backend,
    done: Collection[int] = (),
    on_game: Callable[[int], None] | None = None,
    game_timeout: float | None = None,
) -> int:
    """Play every game of `study` not in `done`, appending each to the results file.

    `on_game(index)` is called for each game once it is on disk (a progress bar's hook).
    Returns how many games this run played. A failing game stops the run with a StudyError
    naming its index and seed; its traceback is saved as failed-<index>.json beside the results.
    `game_timeout`: seconds one game may take (default: no limit); a game still being played
    then stops the run with GameTimedOut. It needs worker processes: with `jobs=1` the games
    are played in one worker process, not in this one; on Ray each task times its own games.
    """
    _check_game_timeout(game_timeout)
    directory = Path(directory)
    pending = [i for i in range(study.games) if i not in done]
    if not pending:
        return 0
    game = load(study.game)
    chunks = _chunks(pending, backend.workers())
    played = 0
    with ResultsWriter(directory) as out:
        where = _Where(study, directory, out.write_lines)
        if backend.ray:
            batches = _ray_batches(game, chunks, backend, game_timeout, where)
        elif backend.workers() == 1 and game_timeout is None:
            batches = _here(game, study, pending)
        else:
            batches = _pool_batches(game, chunks, backend.workers(), game_timeout, where)
        try:
            for lines, error in batches:
                out.write_lines([text for _, text in lines])
                played += len(lines)
                if on_game:
                    for index, _ in lines:
                        on_game(index)
                if error:
                    path = directory / f"failed-{error['index']}.json"
                    path.write_text(json.dumps(error, indent=1) + "\n")
                    raise StudyError(
                        f"game {error['index']} (seed {error['seed']}) failed: "
                        f"{error['error']}; the traceback is in {path}"
                    )
        finally:
            close = getattr(batches, "close", None)
            if close:
                close()  # stops the pool or Ray tasks still running
    return played


def _check_game_timeout(limit: float | None) -> None:
    if limit is None:
        return
    if isinstance(limit, bool) or not isinstance(limit, int | float) or not math.isfinite(limit):
        raise StudyError(f"game timeout: a number of seconds, got {limit!r}")
    if limit <= 0:
        raise StudyError(f"game timeout: more than 0 seconds, got {limit:g}")


def _chunks(pending: list[int], workers: int) -> list[list[int]]:
    # Small enough that the bar moves and an interruption loses little, big enough that
    # shipping a chunk costs little next to playing it.
    size = max(1, min(64, len(pending) // (workers * 16)))
    return [pending[i : i + size] for i in range(0, len(pending), size)]


# One pool per worker count, kept between studies in one process (a notebook, a benchmark):
# starting workers costs more than a short study. A pool that was interrupted is dropped.
_POOLS: dict[int, Workers] = {}


def _pool(game: Game, workers: int) -> Workers:
    pool = _POOLS.get(workers)
    if pool is not None and not pool.alive():  # one died between studies
        _drop_pool(workers)
        pool = None
    if pool is None:
        # forkserver: safe beside the progress bar's thread (fork is not); its preload makes
        # every worker start with drakkar and the game imported and Ctrl-C ignored.
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["drakkar.sim._forkserver_preload", type(game).__module__])
        pool = _POOLS[workers] = Workers(workers, ctx)
    return pool


def _drop_pool(workers: int) -> list[str]:
    """Stop the pool; the result lines of the games its unfinished chunks had finished."""
    pool = _POOLS.pop(workers, None)
    return pool.close() if pool is not None else []


def _here(game: Game, study: Study, pending: list[int]) -> Batches:
    """The games played in this process, each given back as it ends (a batch of one): a
    Ctrl-C then loses only the game being played."""
    options = game.options(study.options, study.players)
    for index in pending:
        yield play_chunk(game, study, [index], options)


class _Where(NamedTuple):
    """Where a pool's run goes: its study, the study's folder, and how to save result lines."""

    study: Study
    directory: Path
    save: Callable[[list[str]], None]


def _pool_batches(
    game: Game, chunks: list[list[int]], workers: int, limit: float | None, where: _Where
) -> Batches:
    error: WorkersLost
    study = where.study
    try:
        yield from _pool(game, workers).map_unordered(play_chunk, (game, study), chunks, limit)
        return
    except WorkerStuck as e:
        error = _timed_out(e, study, where.directory)
    except WorkerDied as e:
        error = WorkersLost(f"a worker process ({e.pid}) died")
    except BaseException:  # Ctrl-C, a failed game: the chunks under way are abandoned ...
        where.save(_drop_pool(workers))  # ... but not the games they had finished
        raise
    # the games the stopped workers' chunks had finished are saved before the error is told
    kept = _drop_pool(workers)
    if kept:
        yield [(json.loads(text)["index"], text) for text in kept], None
    raise error


def _timed_out(stuck: WorkerStuck, study: Study, directory: Path) -> GameTimedOut:
    """The error for a stuck worker's game, its stack saved as stuck-<index>.txt (if any)."""
    path = directory / f"stuck-{stuck.item}.txt" if stuck.stack else None
    seed = study.game_seed(stuck.item)
    error = GameTimedOut(stuck.item, seed, stuck.limit, stuck.pid, stuck.stack, path)
    if path is not None:
        # a pool's worker writes every thread's stack; a Ray task's timer, the game's thread's
        whose = "each thread's stack" if stuck.pid is not None else "its thread's stack"
        path.write_text(
            f"{error.what}.\nWhere it was: {whose} as Python's faulthandler "
            "writes it, with each call's line of source:\n\n" + stacks.readable(stuck.stack),
            encoding="utf-8",
        )
    return error


def _ray_batches(
    game: Game, chunks: list[list[int]], backend: Backend, limit: float | None, where: _Where
) -> Batches:
    """The chunks as Ray tasks (`ray_tasks.play_on_ray`); when the run stops, the games the
    tasks under way had finished are saved, as a pool's are."""
    try:
        import ray
    except ImportError:
        raise StudyError("Ray is not installed: pip install 'drakkar[ray]'") from None
    started = not ray.is_initialized()
    if started:
        if backend.ray == "local":
            ray.init(num_cpus=backend.workers(), include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=backend.ray, log_to_driver=False)
    try:
        keeper = _keeper(ray, where.study.games)
        running: dict[Any, list[int]] = {}  # each task's chunk
        error: WorkersLost
        try:
            yield from _ray_tasks(ray, game, where.study, chunks, limit, keeper, running)
            ray.kill(keeper)
            return
        except WorkerStuck as e:
            error = _timed_out(e, where.study, where.directory)
        except WorkersLost as e:
            error = e
        except BaseException:  # Ctrl-C, a failed game: the tasks under way are cancelled ...
            where.save(_stop_ray_tasks(ray, keeper, running))  # ... not the games they finished
            raise
        kept = _stop_ray_tasks(ray, keeper, running)
        if kept:
            yield [(json.loads(text)["index"], text) for text in kept], None
        raise error
    finally:
        if started:
            ray.shutdown()


def _keeper(ray: Any, games: int) -> Any:
    """A `ray_tasks.Keeper` on this node: it lives and dies with the driver, not a worker."""
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    here = NodeAffinitySchedulingStrategy(ray.get_runtime_context().get_node_id(), soft=False)
    return ray.remote(ray_tasks.Keeper).options(num_cpus=0, scheduling_strategy=here).remote(games)


def _ray_tasks(
    ray: Any,
    game: Game,
    study: Study,
    chunks: list[list[int]],
    limit: float | None,
    keeper: Any,
    running: dict[Any, list[int]],
) -> Batches:
    """Each chunk's batch, as its task ends; a few tasks queued ahead of each CPU. `running`
    holds the tasks sent, not yet received. Raises WorkersLost for a lost task, WorkerStuck
    (pid None) for a game its task stopped at the limit, after yielding its chunk's games."""
    remote = ray.remote(num_cpus=1, max_retries=3)(ray_tasks.play_on_ray)
    game_ref, study_ref = ray.put(game), ray.put(study)
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    todo = deque(chunks)

    def send() -> None:
        chunk = todo.popleft()
        running[remote.remote(game_ref, study_ref, chunk, keeper, limit)] = chunk

    while todo and len(running) < cpus * 4:
        send()
    while running:
        (ref,), _ = ray.wait(list(running), num_returns=1)
        try:
            lines, error = ray.get(ref)
        except (ray.exceptions.RayError, OSError) as e:
            raise WorkersLost(f"a Ray task was lost ({type(e).__name__})") from None
        keeper.forget.remote(running.pop(ref))  # all its games are here, or never played by it
        if error and "timed_out" in error:
            yield lines, None
            raise WorkerStuck(None, error["index"], error["timed_out"], error["stack"])
        yield lines, error
        if todo:
            send()


def _stop_ray_tasks(ray: Any, keeper: Any, running: dict[Any, list[int]]) -> list[str]:
    """Cancel the tasks under way; the lines of the games they had finished (those a task
    that has just ended gave back, and those the others pushed to the keeper)."""
    ended, _ = ray.wait(list(running), num_returns=len(running), timeout=0) if running else ([], [])
    lines: list[str] = []
    for ref in ended:
        try:
            lines += [text for _, text in ray.get(ref)[0]]
        except (ray.exceptions.RayError, OSError):
            continue
        keeper.forget.remote(running.pop(ref))
    for ref in running:
        ray.cancel(ref, force=True)
    running.clear()
    with contextlib.suppress(ray.exceptions.RayError, OSError):  # gone: so are the games it held
        lines += ray.get(keeper.take.remote())
    ray.kill(keeper)
    return lines
