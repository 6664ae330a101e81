"""A Ray task's side, without Ray: its games pushed to the keeper as they end, a game past the
limit stopped with its stack, and one that cannot be stopped so ended by its process's death.
Then runs on a local Ray: a game past the limit, a lost task (Ctrl-C: `runner_test.py`)."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest

import drakkar
from drakkar.engine.toy import HighCardGame
from drakkar.sim import ray_tasks
from drakkar.sim.ray_tasks import GameStopped, Keeper, play_on_ray
from drakkar.sim.results import read_results
from drakkar.sim.runner import Backend, WorkersLost, prepare, run
from drakkar.sim.runner_test import TORN_GAME, TORN_STUDY, _DoomedGame, _run, run_apart
from drakkar.sim.stacks import WAIT, innermost
from drakkar.sim.study import RESULTS_FILE

pytestmark = pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no SIGALRM here")


class _Remote:
    """A keeper's method as a task calls it (`keeper.keep.remote(lines)`), without Ray."""

    def __init__(self, fn: Any) -> None:
        self.remote = fn


class _LocalKeeper:
    def __init__(self, games: int) -> None:
        self.actor = Keeper(games)
        self.pushes: list[list[int]] = []
        self.keep = _Remote(self._keep)

    def _keep(self, lines: list[tuple[int, str]]) -> None:
        self.pushes.append([index for index, _ in lines])
        self.actor.keep(lines)


class _SlowDeal(HighCardGame):
    """High Card, but the doomed game's deal loops in Python for `seconds` (test-only);
    `swallow`: an agent's bare `except:` around it, which takes the timer's stop for itself."""

    def __init__(self, doomed_seed: int, seconds: float, swallow: bool = False) -> None:
        self.doomed_seed, self.seconds, self.swallow = doomed_seed, seconds, swallow

    def new(
        self, players: int | None = None, seed: int | None = None, options: Any = None
    ) -> drakkar.State:
        if seed == self.doomed_seed:
            end = time.monotonic() + self.seconds
            while time.monotonic() < end:
                try:
                    time.sleep(0.01)
                except BaseException:  # noqa: S110 - the bug this stand-in plays
                    if not self.swallow:
                        raise
        return super().new(players, seed, options)


def test_a_game_past_the_limit_is_the_chunk_s_error_with_its_stack(tmp_path: Path) -> None:
    game = _SlowDeal(TORN_STUDY.game_seed(TORN_GAME), seconds=30)
    keeper = _LocalKeeper(TORN_STUDY.games)
    began = time.monotonic()
    lines, error = play_on_ray(game, TORN_STUDY, list(range(144, 156)), keeper, 0.5)
    assert time.monotonic() - began < 10  # stopped, not played out
    assert [index for index, _ in lines] == list(range(144, TORN_GAME))
    assert error is not None
    assert error["index"] == TORN_GAME and error["seed"] == TORN_STUDY.game_seed(TORN_GAME)
    assert error["timed_out"] == 0.5
    where = [line.split(" in ")[-1].strip() for line in innermost(error["stack"], 2)]
    assert where == [
        "new",
        "time.sleep(0.01)",
        "play_game",
        "state = game.new(study.players, seed, opts)",
    ]
    assert signal.getsignal(signal.SIGALRM) is signal.SIG_DFL  # the task's timer is gone
    # the games that ended were pushed to the keeper as the stuck one was played
    assert sorted(i for push in keeper.pushes for i in push) == list(range(144, TORN_GAME))
    assert [json.loads(text)["index"] for text in keeper.actor.take()] == list(range(144, 150))


def test_the_alarm_of_a_game_that_ended_does_not_stop_the_next() -> None:
    # a handler runs a moment after its signal: an alarm that rang as game 4 ended just under
    # the limit ran in game 5, and stopped it, naming it, a few microseconds in
    timer = ray_tasks._Timer(30)
    try:
        timer.started(4)
        timer.started(5)
        timer._ring(signal.SIGALRM, None)  # game 4's alarm, handled late: nothing
        assert timer.on is not None
        timer.on = (5, timer.on[1] - 30)  # as if 30 s later
        with pytest.raises(GameStopped) as stop:
            timer._ring(signal.SIGALRM, None)  # game 5's own
        assert stop.value.index == 5 and stop.value.limit == 30
    finally:
        timer.close()


def test_the_keeper_gives_each_game_once_and_not_those_of_a_chunk_received() -> None:
    keeper = Keeper(10)
    keeper.keep([(1, "a"), (2, "b")])
    keeper.forget([1, 2, 3])  # their chunk came back whole
    keeper.keep([(2, "b"), (3, "c"), (4, "d")])  # a push that came after it
    keeper.keep([(4, "d"), (5, "e")])  # a retried task's again
    assert keeper.take() == ["d", "e"]
    assert keeper.take() == []


def test_a_task_without_a_limit_plays_its_chunk_as_the_pool_does(tmp_path: Path) -> None:
    game = HighCardGame()
    keeper = _LocalKeeper(TORN_STUDY.games)
    lines, error = play_on_ray(game, TORN_STUDY, list(range(12)), keeper, None)
    clean = _run(TORN_STUDY, tmp_path, Backend(jobs=1))
    assert error is None and [json.loads(text) for _, text in lines] == clean[:12]


def _swallowing_task(seconds: float) -> None:
    """Run in a fresh interpreter by the test below."""
    game = _SlowDeal(TORN_STUDY.game_seed(TORN_GAME), seconds, swallow=True)
    play_on_ray(game, TORN_STUDY, [TORN_GAME], _LocalKeeper(TORN_STUDY.games), 0.5)
    print("played out")


def test_a_game_that_swallows_the_stop_is_ended_by_its_process_s_death() -> None:
    code = "from drakkar.sim.ray_tasks_test import _swallowing_task as t; t(30)"
    began = time.monotonic()
    returncode, out = run_apart(code, 25, "the game that swallowed its stop went on")
    assert returncode == 1 and "played out" not in out, out
    # (its watchdog, armed for twice the limit and the wait at a time, says when it began)
    assert 2 * (0.5 + WAIT) <= time.monotonic() - began < 20
    assert "Timeout (0:00:03)!" in out, out  # faulthandler's words, then every thread's stack
    assert " in new" in out


def test_a_game_past_the_game_timeout_on_ray_stops_the_run_naming_it(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'drakkar[ray]')")
    directory = tmp_path / "study"
    code = (
        "from drakkar.sim.runner_test import _run_into_a_loop as r; "
        f"r({str(directory)!r}, False, ('ray',))"
    )
    returncode, out = run_apart(code, 120, "the run on Ray went on for ever with a game in a loop")
    assert returncode == 0, out
    seed = TORN_STUDY.game_seed(TORN_GAME)
    assert (
        f"game {TORN_GAME} (seed {seed}) was still being played after the game timeout of 1.5 s, "
        "so it was stopped in its Ray task; where it was stuck is in "
        f"{directory / f'stuck-{TORN_GAME}.txt'}; "
    ) in out, out
    where = [
        line.split(" in ")[-1].strip()
        for line in innermost((directory / f"stuck-{TORN_GAME}.txt").read_text(), 2)
    ]
    assert where[0] == "loop_forever" and where[2:] == ["new", "loop_forever(self.blocks)"]
    # the games its chunk had finished (from 144) came back with it, and every other chunk's
    saved = sorted(read_results(directory, TORN_STUDY, records=False))
    assert set(range(144, TORN_GAME)) <= set(saved) and TORN_GAME not in saved
    assert len(saved) >= 400 - 6
    # a resume on Ray (High Card itself: the loop mended) plays the rest, as a clean study
    done = prepare(TORN_STUDY, directory, resume=True)
    played: list[int] = []
    run(TORN_STUDY, directory, Backend(jobs=2, ray="local"), done, played.append, 5)
    assert TORN_GAME in played and not set(range(144, TORN_GAME)) & set(played)
    after = read_results(directory, TORN_STUDY)
    clean = _run(TORN_STUDY, tmp_path / "clean", Backend(jobs=1))
    assert [after[i] for i in sorted(after)] == clean


def die_soon() -> None:
    """A worker's death as its node's (test-only): after the pushes of the games before."""
    time.sleep(0.5)
    os._exit(1)


def test_a_lost_ray_task_s_finished_games_are_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a task lost (its worker dies at game 150, on each of Ray's tries) gave back nothing:
    # games 144-149, which its chunk had finished, were played again on resume
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'drakkar[ray]')")
    from drakkar.sim import runner

    game = _DoomedGame(TORN_STUDY.game_seed(TORN_GAME), die_soon)
    monkeypatch.setattr(runner, "load", lambda name: game)
    done = prepare(TORN_STUDY, tmp_path, False)
    with pytest.raises(WorkersLost, match=r"a Ray task was lost \(\w+\); every game"):
        run(TORN_STUDY, tmp_path, Backend(jobs=2, ray="local"), done)
    saved = [json.loads(line)["index"] for line in (tmp_path / RESULTS_FILE).open()]
    assert len(saved) == len(set(saved))  # none twice
    assert set(range(144, TORN_GAME)) <= set(saved) and TORN_GAME not in saved
    monkeypatch.undo()  # High Card itself: the node mended
    run(TORN_STUDY, tmp_path, Backend(jobs=2), prepare(TORN_STUDY, tmp_path, resume=True))
    after = read_results(tmp_path, TORN_STUDY)
    clean = _run(TORN_STUDY, tmp_path / "clean", Backend(jobs=1))
    assert [after[i] for i in sorted(after)] == clean
