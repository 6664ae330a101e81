"""`drakkar simulate` and `drakkar report` from the command line, good input and bad."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from drakkar.cli import app
from drakkar.engine.toy import HIGH_CARD
from drakkar.games.villainous_vikings.cards import DATA
from drakkar.sim import runner_test
from drakkar.sim.runner_test import run_apart

runner = CliRunner()
assert HIGH_CARD.name == "high-card"  # importing the toy game registers it


def _simulate(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["simulate", "high-card", *args])
    return result.exit_code, " ".join(result.output.split())


def test_simulate_prints_win_rates_and_report_reads_them(tmp_path: Path) -> None:
    out = tmp_path / "study"
    code, text = _simulate(
        "-n", "21", "--players", "3", "--seed", "4", "-j", "2", "--out", str(out)
    )
    assert code == 0, text
    assert "-n 21 rounded up to 21" not in text
    assert "21 games of high-card, 3 players, agents heuristic, random, random" in text
    for title in ("Win rate per agent", "Win rate per seat", "Win rate per agent and seat"):
        assert title in text
    assert len((out / "results.jsonl").read_text().splitlines()) == 21
    result = runner.invoke(app, ["report", str(out)])
    assert result.exit_code == 0, result.output
    assert "Game length and scores" in result.output
    assert (out / "report" / "index.html").exists()
    assert (out / "report" / "seats.png").exists()
    assert (out / "report" / "agents.png").exists()  # heuristic against random


def test_simulate_rounds_up_to_balance_seats(tmp_path: Path) -> None:
    code, text = _simulate("-n", "5", "-a", "random", "--out", str(tmp_path / "s"), "--seed", "1")
    assert code == 0, text
    assert "-n 5 rounded up to 6 so every agent sits in every seat equally often" in text
    assert json.loads((tmp_path / "s" / "study.json").read_text())["games"] == 6


def test_resume_finishes_and_refuses_changes(tmp_path: Path) -> None:
    out = tmp_path / "s"
    code, text = _simulate("-n", "10", "--out", str(out), "--seed", "2", "-j", "1")
    assert code == 0, text
    lines = (out / "results.jsonl").read_text().splitlines()
    (out / "results.jsonl").write_text("\n".join(lines[:4]) + "\n" + lines[4][:25])
    code, text = _simulate("--out", str(out), "--resume", "-j", "1")
    assert code == 0, text
    assert "(4 already done)" in text
    assert "played 6 games" in text
    code, text = _simulate("--out", str(out), "--resume", "--seed", "3")
    assert code == 2
    assert "cannot resume with different parameters: seed: 2 in the study, 3 asked now" in text
    code, text = _simulate("--out", str(out), "--resume", "-p", "3")
    assert code == 2
    assert "cannot resume with different parameters: players: 2 in the study, 3 asked now" in text
    code, text = _simulate("--out", str(out), "--resume", "-a", "random")
    assert "agents: ['heuristic', 'random'] in the study, ['random', 'random'] asked now" in text
    code, text = _simulate("--out", str(out), "--resume", "-a", "heuristic,random", "-p", "2")
    assert code == 0, text
    assert "10 already done" in text and "games in" not in text  # no "played 0 games in"
    assert "the study is complete: there is nothing left to play" in text  # and no empty bar
    assert "playing" not in text


def test_a_killed_worker_is_named_with_the_games_saved_and_how_to_finish(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from drakkar.cli import simulate
    from drakkar.sim import runner as sim_runner

    def run_and_kill_a_worker(*args: Any, on_game: Any, **kwargs: Any) -> int:
        seen: list[int] = []

        def on_game_then_kill(index: int) -> None:
            on_game(index)
            seen.append(index)
            if len(seen) == 20:
                os.kill(sim_runner._POOLS[2].pids()[0], signal.SIGKILL)

        return sim_runner.run(*args, on_game=on_game_then_kill, **kwargs)

    monkeypatch.setattr(simulate, "run", run_and_kill_a_worker)
    out = tmp_path / "s"
    code, text = _simulate("-n", "2000", "--out", str(out), "--seed", "2", "-j", "2")
    assert code == 1, text
    said = re.search(
        r"error: a worker process \(\d+\) died; ([\d,]+) of 2,000 games saved; "
        rf"finish with drakkar simulate high-card --out {out} --resume",
        text,
    )
    assert said, text
    saved = len((out / "results.jsonl").read_text().splitlines())
    assert 20 <= saved < 2000 and said[1] == f"{saved:,}"
    monkeypatch.undo()
    code, text = _simulate("--out", str(out), "--resume", "-j", "2")
    assert code == 0, text
    assert f"played {2000 - saved:,} games" in text
    assert len((out / "results.jsonl").read_text().splitlines()) == 2000


def test_bad_input_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "s"
    cases = [
        (["simulate", "no-such-game", "--out", str(out)], "no game called 'no-such-game'"),
        (
            ["simulate", "high-card", "-a", "wizard", "--out", str(out)],
            "--agents: no agent called 'wizard'",  # named by its flag
        ),
        (
            ["simulate", "high-card", "-a", "random,random,random", "-p", "2", "--out", str(out)],
            "3 agents for 2 players",
        ),
        (["simulate", "high-card", "-p", "9", "--out", str(out)], "2 to 3 players"),
        (["simulate", "high-card", "-o", "rounds=7", "--out", str(out)], "rounds"),
        (["simulate", "high-card", "-j", "0", "--out", str(out)], "--jobs must be at least 1"),
        (["simulate", "high-card", "--resume"], "--resume needs --out"),
        (["simulate", "high-card", "--resume", "--out", str(out)], "nothing to resume"),
        (["report", str(out)], "is not a directory"),
        (["report", str(tmp_path)], "holds no study"),
    ]
    for args, words in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert words in " ".join(result.output.split()), (args, result.output)
        assert not out.exists()


def test_ray_address_is_the_one_extra_argument() -> None:
    from drakkar.cli.simulate import _ray_address

    assert _ray_address(False, []) is None
    assert _ray_address(True, []) == "local"
    assert _ray_address(True, ["local"]) == "local"
    assert _ray_address(True, ["10.1.2.3:6379"]) == "10.1.2.3:6379"
    code, text = _simulate("stray", "--out", "x")
    assert code == 2
    assert "unexpected argument 'stray'" in text


def test_a_study_of_an_own_card_set_resumes_from_another_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`-o cards=mine` names the set by where it is, so the study goes on wherever the command
    is run from (it named the relative path and was refused outside the folder it began in)."""
    shutil.copytree(DATA, tmp_path / "mine")
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path)
    args = ["simulate", "villainous-vikings", "-p", "3", "-a", "random", "-j", "1"]
    result = runner.invoke(app, [*args, "-n", "3", "--seed", "1", "-o", "cards=mine", "--out", "s"])
    assert result.exit_code == 0, result.output
    said = json.loads((tmp_path / "s" / "study.json").read_text())["options"]["cards"]
    assert said == str((tmp_path / "mine").resolve())
    monkeypatch.chdir(tmp_path / "elsewhere")
    result = runner.invoke(app, [*args, "-n", "6", "--out", str(tmp_path / "s"), "--resume"])
    assert result.exit_code == 0, result.output
    assert len((tmp_path / "s" / "results.jsonl").read_text().splitlines()) == 6


def test_ray_missing_is_said_before_the_study_folder_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # an extra not installed is bad input like any: named, and nothing left behind to block
    # the same --out on the next try
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails, as without it
    out = tmp_path / "s"
    code, text = _simulate("-n", "4", "--ray", "--out", str(out))
    assert code == 2, text
    assert "Ray is not installed: pip install 'drakkar[ray]'" in text
    assert not out.exists()


def _simulate_into_a_loop(out: str, blocks: bool = False) -> None:
    """Run in a fresh interpreter by the tests below: the command line, on a High Card whose
    game 7 never ends (`blocks`: with SIGUSR1 blocked, so that no stack can be taken)."""
    from drakkar.sim import runner as sim_runner
    from drakkar.sim.runner_test import _LoopingGame
    from drakkar.sim.study import Study

    def looping(name: str) -> _LoopingGame:
        seed = Study.load(Path(out)).game_seed(7)
        return _LoopingGame(seed, clock=out + "-clock", blocks=blocks)

    sim_runner.load = looping  # type: ignore[assignment]
    args = ["simulate", "high-card", "-n", "40", "--seed", "3", "-j", "2", "--out", out]
    app([*args, "--game-timeout", "1"])


def test_a_game_past_the_game_timeout_is_named_with_the_games_saved_and_how_to_finish(
    tmp_path: Path,
) -> None:
    out = tmp_path / "s"
    code = f"from drakkar.cli.simulate_test import _simulate_into_a_loop as s; s({str(out)!r})"
    returncode, said = run_apart(code, 60, "the command went on for ever with a game in a loop")
    text = " ".join(said.split())
    assert returncode == 1, text
    saved = len((out / "results.jsonl").read_text().splitlines())
    seed = json.loads((out / "study.json").read_text())["seed"]
    from drakkar.sim.study import Study

    stuck = out / "stuck-7.txt"
    assert re.search(
        rf"error: game 7 \(seed {Study.load(out).game_seed(7)}\) was still being played after "
        r"the game timeout of 1 s, so its worker process \(\d+\) was stopped; it was at, "
        rf'innermost call first: File "{re.escape(runner_test.__file__)}", line \d+ in '
        r"loop_forever (while True:|pass) "
        rf'File "{re.escape(runner_test.__file__)}", line \d+ in new loop_forever\(self.blocks\) '
        r'File "\S+play.py", line \d+ in play_game state = game.new\(study.players, seed, opts\) '
        rf"the whole stack is in {stuck}; "
        rf"{saved} of 40 games saved; finish with drakkar simulate high-card --out {out} "
        r"--resume --game-timeout 1 \(game 7 will take as long again: mend it first\)",
        text,
    ), said
    assert 0 < saved < 40 and seed == 3
    assert " in loop_forever" in stuck.read_text() and " in play_chunk" in stuck.read_text()


def test_a_game_past_the_game_timeout_without_a_stack_says_so(tmp_path: Path) -> None:
    out = tmp_path / "s"
    code = (
        f"from drakkar.cli.simulate_test import _simulate_into_a_loop as s; s({str(out)!r}, True)"
    )
    returncode, said = run_apart(code, 60, "the command went on for ever with a game in a loop")
    text = " ".join(said.split())
    assert returncode == 1, text
    assert re.search(
        r"was stopped; no stack could be taken \(the worker did not write it within 1 s: C code "
        r"may hold signals blocked\): play the game alone to see where, as docs/simulation.md "
        rf"shows; \d+ of 40 games saved; finish with drakkar simulate high-card --out {out} "
        r"--resume --game-timeout 1 \(game 7 will take as long again\)",
        text,
    ), said
    assert not (out / "stuck-7.txt").exists()


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("0", "--game-timeout must be a number of seconds above 0, got 0"),
        ("-1.5", "--game-timeout must be a number of seconds above 0, got -1.5"),
        ("nan", "--game-timeout must be a number of seconds above 0, got nan"),
        ("soon", "Invalid value for '--game-timeout'"),
    ],
)
def test_a_bad_game_timeout_is_refused_naming_the_option(
    tmp_path: Path, value: str, words: str
) -> None:
    out = tmp_path / "s"
    code, text = _simulate("-n", "4", "--game-timeout", value, "--out", str(out))
    assert code == 2, text
    assert words in text
    code, text = _simulate("-n", "4", "--game-timeout", value, "--ray", "--out", str(out))
    assert code == 2, text
    assert words in text
    assert not out.exists()


def test_a_game_timeout_goes_to_ray_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # it was refused with --ray; a Ray task now times its own games (sim/runner_test.py)
    from drakkar.cli import simulate

    asked: list[Any] = []

    def run(study: Any, directory: Path, backend: Any, done: Any, **kw: Any) -> int:
        asked.append((backend.ray, kw["game_timeout"]))
        raise KeyboardInterrupt  # as if stopped at once: no Ray started here

    monkeypatch.setattr(simulate, "run", run)
    code, text = _simulate("-n", "4", "--game-timeout", "5", "--ray", "--out", str(tmp_path / "s"))
    assert asked == [("local", 5.0)] and code == 130, text
