"""The CLI, driven on the toy game (registered for records, not listed by `drakkar games`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from drakkar.cli import app
from drakkar.cli.play import parse_seats
from drakkar.cli.terminal import HUMAN, Quit, TerminalGame
from drakkar.engine.record import Record
from drakkar.engine.toy import HIGH_CARD, HighestCardBot

runner = CliRunner()


def scripted(answers: list[str]):
    it = iter(answers)

    def ask(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return ask


def test_a_person_plays_by_number_and_label_and_bad_input_reprompts(tmp_path: Path) -> None:
    state = HIGH_CARD.new(2, seed=3, options={"stack": "9,8,7,1,2,3"})
    console = Console(record=True, width=200)
    save = tmp_path / "g.json"
    game = TerminalGame(
        state,
        [HUMAN, "heuristic"],
        {1: HighestCardBot()},
        save,
        console,
        scripted(["", "7", "play 1", "?", "1", "play 8", "PLAY  9"]),
        pause=0,
    )
    final = game.run()
    out = console.export_text()
    assert "there is no choice 7" in out
    assert "'play 1' is not legal now for player 0" in out
    assert "Type the number of an action" in out
    assert final.is_terminal()
    assert [final.action_label(a) for a in final.history[0::2]] == ["play 7", "play 8", "play 9"]
    rec = Record.load(save)
    assert rec.actions == tuple(final.history) and rec.seats == (HUMAN, "heuristic")
    assert "Final scores" in out and "won" in out


def test_quitting_keeps_the_record_and_resume_carries_on(tmp_path: Path) -> None:
    state = HIGH_CARD.new(2, seed=3)
    save = tmp_path / "g.json"
    game = TerminalGame(
        state,
        [HUMAN, "heuristic"],
        {1: HighestCardBot()},
        save,
        Console(width=100, file=open(tmp_path / "out", "w")),
        scripted(["1", "quit"]),
        pause=0,
    )
    with pytest.raises(Quit):
        game.run()
    rec = Record.load(save)
    assert len(rec.actions) == 2  # our move, then the bot's
    result = runner.invoke(app, ["replay", str(save), "--all"])
    assert result.exit_code == 0, result.output
    assert "The game is not over" in result.output


def test_hot_seat_hands_over_between_people(tmp_path: Path) -> None:
    state = HIGH_CARD.new(2, seed=3, options={"rounds": 1})
    console = Console(record=True, width=200)
    game = TerminalGame(
        state,
        [HUMAN, HUMAN],
        {},
        tmp_path / "g.json",
        console,
        scripted(["", "1", "", "1"]),
        pause=0,
    )
    game.run()
    assert "Pass to seat 1" in console.export_text()


def test_parse_seats() -> None:
    assert parse_seats(None, 3, "heuristic") == [HUMAN, "heuristic", "heuristic"]
    assert parse_seats(["0=random", "2=hard"], 3, "easy") == ["random", "easy", "hard"]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["play", "chess"], "no game called 'chess'"),
        (["play", "high-card", "--players", "9"], "takes 2 to 3 players"),
        (["play", "high-card", "--seat", "5=random"], "seats run from 0 to 1"),
        (["play", "high-card", "--seat", "x"], "SEAT=AGENT"),
        (["play", "high-card", "--seat", "1=wizard"], "no agent called 'wizard'"),
        (["play", "high-card", "-o", "rounds"], "key=value"),
        (["play", "high-card", "-o", "rounds=7"], "'rounds'"),
        (["play"], "name a game"),
        (["rules", "chess"], "no game called"),
        (["bench", "chess"], "no game called"),
        (["replay", "nothing.json"], "cannot read record"),
    ],
)
def test_bad_command_lines_get_clear_errors(args: list[str], says: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert says in result.output


def test_play_all_bots_to_the_end_from_the_command_line(tmp_path: Path) -> None:
    save = tmp_path / "bots.json"
    result = runner.invoke(
        app,
        [
            "play",
            "high-card",
            "--seat",
            "0=random",
            "--seed",
            "4",
            "--pause",
            "0",
            "--save",
            str(save),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output
    assert Record.load(save).replay().is_terminal()
    again = runner.invoke(app, ["replay", str(save), "--all", "--as", "0"])
    assert again.exit_code == 0 and "Result" in again.output
    assert json.loads(save.read_text())["labels"][0].startswith("play ")


def test_bench_and_games_commands_run() -> None:
    result = runner.invoke(app, ["bench", "high-card", "--seconds", "0.2"])
    assert result.exit_code == 0, result.output
    assert "actions/s" in result.output and "clone() mean" in result.output
    assert runner.invoke(app, ["games"]).exit_code == 0


def test_cards_validates_the_shipped_set_and_names_errors_in_a_broken_one(tmp_path: Path) -> None:
    import shutil

    import drakkar.games.villainous_vikings as vv

    result = runner.invoke(app, ["cards", "villainous-vikings", "--type", "captain"])
    assert result.exit_code == 0, result.output
    assert "8 cards, all valid" in result.output
    data = Path(vv.__file__).parent / "data"
    broken = tmp_path / "set"
    shutil.copytree(data, broken)
    text = (broken / "locations.toml").read_text().replace("gold = 2", 'gold = "two"', 1)
    (broken / "locations.toml").write_text(text)
    result = runner.invoke(app, ["cards", "villainous-vikings", "--path", str(broken)])
    assert result.exit_code == 2
    assert "locations.toml" in result.output and "'gold'" in result.output
    assert runner.invoke(app, ["cards", "knarr"]).exit_code == 2
    assert runner.invoke(app, ["cards", "villainous-vikings", "--type", "dragon"]).exit_code == 2


def test_bench_can_time_in_cpu_seconds() -> None:
    result = runner.invoke(app, ["bench", "high-card", "--seconds", "0.2", "--cpu-time"])
    assert result.exit_code == 0, result.output
    assert "CPU time" in result.output and "actions/s" in result.output
