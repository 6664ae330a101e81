"""Running studies: the same results on every backend, nothing lost, resume plays the rest."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import drakkar
from drakkar.agents import spec as agent_spec
from drakkar.engine.agent import Agent
from drakkar.engine.record import Record
from drakkar.engine.toy import HIGH_CARD, HighCardGame
from drakkar.engine.workers_test import tear_the_next_reply
from drakkar.sim.results import read_results
from drakkar.sim.runner import Backend, prepare, run
from drakkar.sim.stacks import WAIT, innermost
from drakkar.sim.study import RESULTS_FILE, Study, StudyError

GAMES = [HIGH_CARD, *drakkar.games()]


def _study(game: drakkar.Game, rounds: int = 2) -> Study:
    p = game.min_players + (1 if game.max_players > game.min_players else 0)
    return Study.make(game, p * rounds, p, None, seed=11)  # heuristic vs random, if it has one


def _run(study: Study, directory: Path, backend: Backend) -> list[dict[str, Any]]:
    done = prepare(study, directory, resume=False)
    run(study, directory, backend, done)
    results = read_results(directory, study)
    return [results[i] for i in sorted(results)]


def _lines(directory: Path) -> list[str]:
    return (directory / RESULTS_FILE).read_text().splitlines()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_same_results_with_one_or_two_workers(game: drakkar.Game, tmp_path: Path) -> None:
    study = _study(game, rounds=4 if game is HIGH_CARD else 1)
    one = _run(study, tmp_path / "one", Backend(jobs=1))
    two = _run(study, tmp_path / "two", Backend(jobs=2))
    assert one == two
    assert [r["index"] for r in one] == list(range(study.games))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_result_lines_describe_their_game(game: drakkar.Game, tmp_path: Path) -> None:
    study = _study(game)
    for r in _run(study, tmp_path, Backend(jobs=1)):
        i = r["index"]
        assert r["seed"] == study.game_seed(i)
        assert r["agents"] == [study.agents[e] for e in study.entrants(i)]
        assert r["agent_seeds"] == list(study.agent_seeds(i))
        state = Record.from_dict(r["record"]).replay()  # the record replays to the same end
        assert state.is_terminal()
        assert r["returns"] == state.returns()
        assert r["scores"] == state.scores()
        assert r["length"] == len(r["record"]["actions"]) == len(state.history)
        assert r["record"]["seats"] == r["agents"]


def test_rotation_in_the_results_file(tmp_path: Path) -> None:
    study = Study.make(HIGH_CARD, 9, 3, ["heuristic", "random", "random"], seed=2)
    results = _run(study, tmp_path, Backend(jobs=1))
    seats = [r["agents"].index("heuristic") for r in results]
    assert sorted(seats) == [0, 0, 0, 1, 1, 1, 2, 2, 2]


def test_resume_after_a_crash_plays_only_the_missing_games(tmp_path: Path) -> None:
    study = Study.make(HIGH_CARD, 40, 2, ["heuristic", "random"], seed=5)
    clean = _run(study, tmp_path / "clean", Backend(jobs=1))
    # A crash: 15 games written (out of order, as workers finish them), the 16th cut mid-line.
    crashed = tmp_path / "crashed"
    study.save(crashed)
    kept = clean[10:20] + clean[:5]
    text = "".join(json.dumps(r) + "\n" for r in kept) + json.dumps(clean[30])[:40]
    (crashed / RESULTS_FILE).write_text(text)
    played: list[int] = []
    done = prepare(study, crashed, resume=True)
    assert sorted(done) == sorted(r["index"] for r in kept)
    run(study, crashed, Backend(jobs=2), done, on_game=played.append)
    assert sorted(played) == [i for i in range(40) if not (i < 5 or 10 <= i < 20)]
    after = read_results(crashed, study)
    assert [after[i] for i in sorted(after)] == clean
    assert len(_lines(crashed)) == 40  # the broken line was cut off, not kept
    assert run(study, crashed, Backend(jobs=1), after) == 0  # nothing left to play


def test_a_fresh_study_refuses_a_used_directory(tmp_path: Path) -> None:
    study = Study.make(HIGH_CARD, 4, 2, ["random"], seed=5)
    _run(study, tmp_path, Backend(jobs=1))
    before = _lines(tmp_path)
    with pytest.raises(StudyError, match="already holds a study"):
        prepare(study, tmp_path, resume=False)
    assert _lines(tmp_path) == before


def test_resume_refuses_different_parameters_naming_them(tmp_path: Path) -> None:
    study = Study.make(HIGH_CARD, 4, 2, ["random"], seed=5)
    _run(study, tmp_path, Backend(jobs=1))
    other = Study.make(HIGH_CARD, 4, 2, ["heuristic", "random"], seed=6)
    with pytest.raises(StudyError) as err:
        prepare(other, tmp_path, resume=True)
    assert "agents: ['random', 'random'] in the study, ['heuristic', 'random'] asked now" in str(
        err.value
    )
    assert "seed: 5 in the study, 6 asked now" in str(err.value)
    with pytest.raises(StudyError, match="nothing to resume"):
        prepare(study, tmp_path / "empty", resume=True)


def test_a_finished_study_grows_when_resumed_with_more_games(tmp_path: Path) -> None:
    small = Study.make(HIGH_CARD, 20, 2, ["heuristic", "random"], seed=5)
    _run(small, tmp_path, Backend(jobs=1))
    bigger = Study.make(HIGH_CARD, 40, 2, ["heuristic", "random"], seed=5)
    done = prepare(bigger, tmp_path, resume=True)
    assert sorted(done) == list(range(20)) and Study.load(tmp_path).games == 40
    played: list[int] = []
    run(bigger, tmp_path, Backend(jobs=1), done, on_game=played.append)
    assert sorted(played) == list(range(20, 40))
    whole = Study.make(HIGH_CARD, 40, 2, ["heuristic", "random"], seed=5)
    assert [r["index"] for r in _run(whole, tmp_path / "whole", Backend(jobs=1))] == list(
        range(40)
    )  # the grown study holds the same games as one asked for 40 at once:
    grown = read_results(tmp_path, bigger)
    once = read_results(tmp_path / "whole", whole)
    assert all(grown[i]["record"] == once[i]["record"] for i in range(40))
    with pytest.raises(StudyError, match="can grow, not shrink: it has 40 games"):
        prepare(small, tmp_path, resume=True)
    assert Study.load(tmp_path).games == 40  # refused: nothing rewritten


def test_results_of_another_study_are_refused(tmp_path: Path) -> None:
    study = Study.make(HIGH_CARD, 4, 2, ["random"], seed=5)
    _run(study, tmp_path, Backend(jobs=1))
    lines = _lines(tmp_path)
    line = json.loads(lines[1])
    line["seed"] += 1
    (tmp_path / RESULTS_FILE).write_text("\n".join([json.dumps(line), *lines[2:], lines[0]]) + "\n")
    with pytest.raises(StudyError, match="line 1: game 1 does not belong"):
        read_results(tmp_path, study)


def test_a_broken_line_is_refused_by_number_unless_it_is_the_last(tmp_path: Path) -> None:
    study = Study.make(HIGH_CARD, 6, 2, ["random"], seed=5)
    _run(study, tmp_path, Backend(jobs=1))
    lines = _lines(tmp_path)
    path = tmp_path / RESULTS_FILE
    path.write_text("\n".join([*lines[:2], "{not json", *lines[2:]]) + "\n")
    with pytest.raises(StudyError, match="line 3: not JSON"):
        read_results(tmp_path, study, repair=True)
    assert path.read_text().count("\n") == 7  # refused, so nothing was cut
    # the same broken line last (blank lines after it): dropped, and cut off on repair
    path.write_text("\n".join([*lines, "{not json"]) + "\n\n")
    assert sorted(read_results(tmp_path, study, repair=True)) == list(range(6))
    assert path.read_text() == "\n".join(lines) + "\n"


def test_results_may_be_read_without_their_records(tmp_path: Path) -> None:
    study = Study.make(HIGH_CARD, 6, 2, ["heuristic", "random"], seed=5)
    _run(study, tmp_path, Backend(jobs=1))
    whole = read_results(tmp_path, study)
    slim = read_results(tmp_path, study, records=False)
    assert all("record" not in r for r in slim.values())
    assert slim == {i: {k: v for k, v in r.items() if k != "record"} for i, r in whole.items()}


class _Crashing(Agent):
    def act(self, state: drakkar.State, player: int) -> int:
        if len(state.history) >= 2:
            raise ValueError("the bot tripped")
        return state.legal_actions()[0]


def test_a_failing_game_stops_the_study_and_is_kept_for_the_bug_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(agent_spec.FACTORIES, "crashing", lambda g, s, p: _Crashing())
    study = Study.make(HIGH_CARD, 2, 2, ["crashing", "random"], seed=5)
    prepare(study, tmp_path, resume=False)
    with pytest.raises(
        StudyError, match=r"game 0 \(seed \d+\) failed: ValueError: the bot tripped"
    ):
        run(study, tmp_path, Backend(jobs=1))
    failed = json.loads((tmp_path / "failed-0.json").read_text())
    assert failed["seed"] == study.game_seed(0)
    assert "the bot tripped" in failed["traceback"]


def test_ray_gives_the_process_pool_results(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'drakkar[ray]')")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)  # one instance, all games
    try:
        for game in GAMES:
            study = _study(game, rounds=6 if game is HIGH_CARD else 1)
            pool = _run(study, tmp_path / f"pool-{game.name}", Backend(jobs=2))
            on_ray = _run(study, tmp_path / f"ray-{game.name}", Backend(jobs=2, ray="local"))
            assert on_ray == pool, game.name
            assert len(on_ray) == study.games
    finally:
        ray.shutdown()


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_loses_no_finished_game(tmp_path: Path, jobs: int) -> None:
    study = Study.make(HIGH_CARD, 200, 2, ["heuristic", "random"], seed=4)
    prepare(study, tmp_path, resume=False)
    seen: list[int] = []

    def interrupt(index: int) -> None:
        seen.append(index)
        if len(seen) == 30:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(study, tmp_path, Backend(jobs=jobs), on_game=interrupt)
    done = prepare(study, tmp_path, resume=True)
    assert set(seen) <= set(done)  # every game reported was on disk
    assert len(done) < 200
    run(study, tmp_path, Backend(jobs=jobs), done)
    assert sorted(read_results(tmp_path, study)) == list(range(200))


def test_a_killed_worker_loses_no_finished_game(tmp_path: Path) -> None:
    from drakkar.sim import runner

    # toy games of microseconds: the worker is as likely killed while writing its results
    # (see the test below) as while playing
    study = Study.make(HIGH_CARD, 2000, 2, ["heuristic", "random"], seed=8)
    prepare(study, tmp_path, resume=False)
    seen: list[int] = []

    def kill_a_worker(index: int) -> None:
        seen.append(index)
        if len(seen) == 20:
            os.kill(runner._POOLS[2].pids()[0], signal.SIGKILL)

    with pytest.raises(
        StudyError, match=r"a worker process \(\d+\) died; every game finished so far"
    ):
        run(study, tmp_path, Backend(jobs=2), on_game=kill_a_worker)
    assert 2 not in runner._POOLS  # the broken pool is not reused
    done = prepare(study, tmp_path, resume=True)
    assert set(seen) <= set(done)
    assert len(done) < 2000
    run(study, tmp_path, Backend(jobs=2), done)
    assert sorted(read_results(tmp_path, study)) == list(range(2000))


def test_a_worker_that_died_between_studies_is_replaced(tmp_path: Path) -> None:
    from drakkar.sim import runner

    study = Study.make(HIGH_CARD, 40, 2, ["heuristic", "random"], seed=8)
    _run(study, tmp_path / "first", Backend(jobs=2))
    pool = runner._POOLS[2]  # kept for the next study
    os.kill(pool.pids()[1], signal.SIGKILL)
    while pool.alive():  # the fork server reports the death a moment later
        time.sleep(0.01)
    assert len(_run(study, tmp_path / "second", Backend(jobs=2))) == 40
    assert runner._POOLS[2] is not pool and runner._POOLS[2].alive()


def run_apart(code: str, seconds: float, hung: str) -> tuple[int, str]:
    """Run Python `code` in a fresh interpreter, so that a hang cannot hold pytest: its exit
    code and what it printed (stdout and stderr). After `seconds` the child, its workers and
    their fork server are killed and the test fails, saying `hung`."""
    child = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
        env={**os.environ, "COLUMNS": "1000"},  # a message on one line
    )
    try:
        out, _ = child.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        pytest.fail(hung)
    return child.returncode, out


class _DoomedGame(HighCardGame):
    """High Card, but `doom()` is called as the doomed game is dealt (test-only): with
    `tear_the_next_reply`, the worker dealing it dies while writing that chunk's results."""

    def __init__(self, doomed_seed: int, doom: Callable[[], None]) -> None:
        self.doomed_seed, self.doom = doomed_seed, doom

    def new(
        self, players: int | None = None, seed: int | None = None, options: Any = None
    ) -> drakkar.State:
        if seed == self.doomed_seed:
            self.doom()
        return super().new(players, seed, options)


TORN_STUDY = Study.make(HIGH_CARD, 400, 2, ["heuristic", "random"], seed=8)
TORN_GAME = 150  # in the 13th chunk of 12 games: some chunks are saved before it


def _run_with_a_torn_result(directory: str) -> None:
    """Run in a fresh interpreter by the test below, so that a hang cannot hold pytest."""
    from drakkar.sim import runner

    game = _DoomedGame(TORN_STUDY.game_seed(TORN_GAME), tear_the_next_reply)
    runner.load = lambda name: game  # type: ignore[assignment]
    prepare(TORN_STUDY, Path(directory), resume=False)
    try:
        run(TORN_STUDY, Path(directory), Backend(jobs=2))
    except StudyError as e:
        print(e)


def test_a_worker_killed_while_writing_its_results_stops_the_run_rather_than_hang(
    tmp_path: Path,
) -> None:
    # CPython's ProcessPoolExecutor waited for the rest of such a message for ever (and the
    # interpreter, at exit, for the thread reading it): the process must end, and soon.
    code = f"from drakkar.sim.runner_test import _run_with_a_torn_result as r; r({str(tmp_path)!r})"
    returncode, out = run_apart(code, 30, "the run hung after a worker died writing its results")
    assert returncode == 0, out
    assert re.search(r"a worker process \(\d+\) died; every game finished so far is saved", out)
    done = prepare(TORN_STUDY, tmp_path, resume=True)
    # the chunk whose reply was torn had been played: its games, the worker kept as each
    # ended, are saved all the same
    assert 0 < len(done) < 400 and TORN_GAME in done
    run(TORN_STUDY, tmp_path, Backend(jobs=2), done)
    assert sorted(read_results(tmp_path, TORN_STUDY)) == list(range(400))


def loop_forever(block_signals: bool) -> None:
    """An endless loop, as a bug in a game or agent makes (test-only); `block_signals`: with
    SIGUSR1 blocked, as C code may hold it, so that the worker cannot give its stack."""
    if block_signals:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1})
    while True:
        pass


class _LoopingGame(HighCardGame):
    """High Card, but while `loops` the deal of the doomed game never ends, as a game or agent
    stuck in an endless loop (test-only); it writes in `clock` when it began looping."""

    def __init__(
        self, doomed_seed: int, loops: bool = True, clock: str = "", blocks: bool = False
    ) -> None:
        self.doomed_seed, self.loops, self.clock, self.blocks = doomed_seed, loops, clock, blocks

    def new(
        self, players: int | None = None, seed: int | None = None, options: Any = None
    ) -> drakkar.State:
        if seed == self.doomed_seed and self.loops:
            Path(self.clock).write_text(repr(time.monotonic()))  # one clock for every process
            loop_forever(self.blocks)
        return super().new(players, seed, options)


LOOP_LIMIT = 1.5


def _run_into_a_loop(
    directory: str, blocks: bool = False, runs: tuple[int | str, ...] = (2, 1)
) -> None:
    """Run in a fresh interpreter by the tests below: a run, then its resume (on as many
    workers as each of `runs` says, or on Ray with 2 CPUs for "ray"), each stopped by the game
    that loops (`blocks`: with SIGUSR1 blocked); prints what each said and how long after the
    loop began."""
    from drakkar.sim import runner

    clock = str(Path(directory).parent / "looping-since")
    game = _LoopingGame(TORN_STUDY.game_seed(TORN_GAME), clock=clock, blocks=blocks)
    runner.load = lambda name: game  # type: ignore[assignment]
    done = prepare(TORN_STUDY, Path(directory), resume=False)
    for jobs in runs:  # 1: still in a worker process, which alone can be stopped
        backend = Backend(jobs=2, ray="local") if jobs == "ray" else Backend(jobs=int(jobs))
        try:
            run(TORN_STUDY, Path(directory), backend, done, game_timeout=LOOP_LIMIT)
        except StudyError as e:
            since = float(Path(clock).read_text())
            print(f"{time.monotonic() - since:.2f} s: {e}; saved {len(read_results_of(directory))}")
        done = prepare(TORN_STUDY, Path(directory), resume=True)


def read_results_of(directory: str) -> dict[int, Any]:
    return read_results(Path(directory), TORN_STUDY, records=False)


def _loop_apart(directory: Path, *args: Any) -> str:
    """What `_run_into_a_loop(directory, *args)` printed, run apart (a hang fails the test)."""
    code = f"from drakkar.sim.runner_test import _run_into_a_loop as r; r({str(directory)!r}, *{args!r})"
    returncode, out = run_apart(code, 60, "the run went on for ever with a game in a loop")
    assert returncode == 0, out
    return out


def test_a_game_in_an_endless_loop_stops_the_run_at_the_game_timeout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    directory = tmp_path / "study"
    out = _loop_apart(directory)
    said = re.findall(r"^([\d.]+) s: (.*); saved (\d+)$", out, re.MULTILINE)
    assert len(said) == 2, out  # the run, and its resume, each stopped
    seed = TORN_STUDY.game_seed(TORN_GAME)
    for after, message, _ in said:
        assert LOOP_LIMIT <= float(after) < LOOP_LIMIT + 3, out  # within seconds of the limit
        assert message.startswith(
            f"game {TORN_GAME} (seed {seed}) was still being played after the game timeout of "
            f"{LOOP_LIMIT:g} s, so its worker process ("
        ), out
        assert f"; where it was stuck is in {directory / f'stuck-{TORN_GAME}.txt'}; " in message
    saved = (directory / f"stuck-{TORN_GAME}.txt").read_text()
    assert saved.startswith(said[1][1][: said[1][1].index("; ")] + ".\nWhere it was")
    # the innermost calls, each with its line of source: the loop, and the deal that ran it
    where = [line.split(" in ")[-1].strip() for line in innermost(saved, 2)]
    assert where[0] == "loop_forever" and where[1] in ("while True:", "pass"), saved
    assert where[2:] == ["new", "loop_forever(self.blocks)"], saved
    assert f'File "{__file__}", line ' in innermost(saved, 1)[0]
    first, second = int(said[0][2]), int(said[1][2])
    # the other worker played on while game 150 looped: lost are at most the stuck worker's
    # two chunks of 12 (the rest of the one it was on, from game 150, and the one sent ahead)
    assert 400 - 12 - 6 <= first <= second < 400  # (the resume on one worker began at 150)
    assert TORN_GAME not in read_results_of(str(directory))
    # the loop mended: a resume with the limit plays the rest, the games a clean study plays
    from drakkar.sim import runner

    game = _LoopingGame(seed, loops=False)
    monkeypatch.setattr(runner, "load", lambda name: game)
    done = prepare(TORN_STUDY, directory, resume=True)
    run(TORN_STUDY, directory, Backend(jobs=2), done, game_timeout=5)
    clean = _run(TORN_STUDY, tmp_path / "clean", Backend(jobs=1))
    after = read_results(directory, TORN_STUDY)
    assert [after[i] for i in sorted(after)] == clean


def test_the_games_a_stuck_game_s_chunk_had_finished_are_saved_not_played_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a worker sends its chunk's games back together: those it had finished before the game
    # that looped were lost with it, and played again on resume
    directory = tmp_path / "study"
    out = _loop_apart(directory, False, (2,))
    assert "still being played after the game timeout" in out, out
    saved = [json.loads(line)["index"] for line in _lines(directory)]
    assert len(saved) == len(set(saved))  # none twice
    mates = set(range(144, TORN_GAME))  # its chunk of 12 games begins at 144
    assert mates <= set(saved) and TORN_GAME not in saved
    from drakkar.sim import runner

    game = _LoopingGame(TORN_STUDY.game_seed(TORN_GAME), loops=False)
    monkeypatch.setattr(runner, "load", lambda name: game)
    played: list[int] = []
    done = prepare(TORN_STUDY, directory, resume=True)
    run(TORN_STUDY, directory, Backend(jobs=2), done, on_game=played.append)
    assert TORN_GAME in played and not mates & set(played)
    assert sorted(saved + played) == list(range(400))


def test_a_worker_that_cannot_give_its_stack_is_stopped_all_the_same(tmp_path: Path) -> None:
    directory = tmp_path / "study"
    out = _loop_apart(directory, True)
    said = re.findall(r"^([\d.]+) s: (.*); saved (\d+)$", out, re.MULTILINE)
    assert len(said) == 2, out
    for after, message, _ in said:
        # the pool waits its while for the stack, then kills the worker as it would have
        assert LOOP_LIMIT + WAIT <= float(after) < LOOP_LIMIT + WAIT + 3, out
        assert (
            f"; no stack could be taken (the worker did not write it within {WAIT:g} s: " in message
        )
    assert not list(directory.glob("stuck-*"))


@pytest.mark.parametrize(
    ("limit", "words"),
    [
        (0, "game timeout: more than 0 seconds, got 0"),
        (-2.5, "game timeout: more than 0 seconds, got -2.5"),
        (float("nan"), "game timeout: a number of seconds, got nan"),
        ("3", "game timeout: a number of seconds, got '3'"),
        (True, "game timeout: a number of seconds, got True"),
    ],
)
def test_a_bad_game_timeout_is_refused_before_any_game(
    tmp_path: Path, limit: Any, words: str
) -> None:
    study = Study.make(HIGH_CARD, 4, 2, ["random"], seed=5)
    prepare(study, tmp_path, resume=False)
    for backend in (Backend(jobs=2), Backend(ray="local")):  # Ray too, before it starts
        with pytest.raises(StudyError, match=re.escape(words)):
            run(study, tmp_path, backend, game_timeout=limit)
    assert read_results(tmp_path, study) == {}


def _interrupt_a_loop(directory: str, ray: str | None = None) -> None:
    """Run in a fresh interpreter by the test below: a run on 2 workers (on Ray if `ray`),
    interrupted (as by Ctrl-C) half a second after the doomed game began its endless loop;
    prints what was saved."""
    from drakkar.sim import runner

    clock = Path(directory).parent / "looping-since"
    runner.load = lambda name: _LoopingGame(TORN_STUDY.game_seed(TORN_GAME), clock=str(clock))  # type: ignore[assignment]

    def ctrl_c(*_: Any) -> None:
        if clock.exists() and time.monotonic() - float(clock.read_text()) > 0.5:
            signal.setitimer(signal.ITIMER_REAL, 0)  # once, as a person presses it
            raise KeyboardInterrupt

    signal.signal(signal.SIGALRM, ctrl_c)
    signal.setitimer(signal.ITIMER_REAL, 0.1, 0.1)
    try:
        run(
            TORN_STUDY,
            Path(directory),
            Backend(jobs=2, ray=ray),
            prepare(TORN_STUDY, Path(directory), False),
        )
    except KeyboardInterrupt:
        print("interrupted; saved", len(read_results_of(directory)))


@pytest.mark.parametrize("ray", [None, "local"])
def test_ctrl_c_saves_the_games_the_chunks_under_way_had_finished(
    tmp_path: Path, ray: str | None
) -> None:
    # Ctrl-C stopped the workers (or cancelled the Ray tasks), and the games their chunks had
    # finished were lost with them (played again on resume); here one chunk loops for ever at
    # game 150, after 144-149
    if ray:
        pytest.importorskip("ray", reason="Ray is not installed (pip install 'drakkar[ray]')")
    directory = tmp_path / "study"
    code = f"from drakkar.sim.runner_test import _interrupt_a_loop as r; r({str(directory)!r}, {ray!r})"
    returncode, out = run_apart(code, 90, "the interrupted run did not stop")
    assert returncode == 0 and "interrupted; saved" in out, out
    saved = [json.loads(line)["index"] for line in _lines(directory)]
    assert len(saved) == len(set(saved))  # none twice
    assert set(range(144, TORN_GAME)) <= set(saved) and TORN_GAME not in saved
    # lost are only the games not yet finished: the rest of the looping chunk (150-155) and
    # the chunk of 12 sent ahead to its worker; the other worker played every other game
    assert len(saved) >= 400 - 6 - 12


def _ctrl_c() -> None:
    raise KeyboardInterrupt


def test_ctrl_c_in_this_process_loses_only_the_game_being_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # with one job and no game timeout the games are played here, a chunk of up to 64 at a
    # time: a Ctrl-C lost the games the chunk had finished
    from drakkar.sim import runner

    doomed = 160  # in the chunk of 25 games from 150
    monkeypatch.setattr(
        runner, "load", lambda name: _DoomedGame(TORN_STUDY.game_seed(doomed), _ctrl_c)
    )
    with pytest.raises(KeyboardInterrupt):
        run(TORN_STUDY, tmp_path, Backend(jobs=1), prepare(TORN_STUDY, tmp_path, resume=False))
    assert sorted(read_results(tmp_path, TORN_STUDY, records=False)) == list(range(doomed))
