"""`drakkar replay`: a saved game stepped through or printed whole, as a seat or a spectator saw it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import drakkar
from drakkar.cli import app
from drakkar.engine.record import Record
from drakkar.engine.toy import HIGH_CARD

runner = CliRunner()


def test_a_spectator_replay_names_only_the_moves_a_spectator_sees(tmp_path: Path) -> None:
    # Gone Viking!: which cards a seat swaps is its own; a spectator reads "swaps 2 cards"
    state = drakkar.load("gone-viking").new(4, seed=5)
    while len(state.history) < 12:
        labels = [state.action_label(a) for a in state.legal_actions()]
        pick = next((x for x in labels if x.startswith(("pay a Tree", "swap "))), labels[0])
        state.apply_label(pick)
    assert any(x.startswith("swap ") for x in map(state.action_label, state.history))
    Record.from_state(state).save(tmp_path / "gv.json")
    shown = runner.invoke(app, ["replay", str(tmp_path / "gv.json"), "--all"]).output
    opened = runner.invoke(app, ["replay", str(tmp_path / "gv.json"), "--all", "--open"]).output
    assert ": swap " in opened and ": swap " not in shown
    assert "swaps 2 cards" in shown
    # a card played into a trick is news when the trick closes: till then nothing to show
    assert "(nothing a spectator sees)" in shown and "your log" not in shown


def test_a_whole_replay_puts_each_piece_of_news_on_its_own_line(tmp_path: Path) -> None:
    game = drakkar.load("viking-raid")
    state = game.new(3, seed=2)
    rng = random.Random(2)
    news = []  # what a spectator reads after each move
    while not state.is_terminal():
        seen = len(state.events_for(None))
        state.apply(rng.choice(state.legal_actions()))
        news.append(state.events_for(None)[seen:])
    Record.from_state(state).save(tmp_path / "vr.json")
    console = Console(width=1000, record=True)
    monkey = pytest.MonkeyPatch()
    monkey.setattr("drakkar.cli.replay.console", console)
    try:
        runner.invoke(app, ["replay", str(tmp_path / "vr.json"), "--all"])
    finally:
        monkey.undo()
    lines = console.export_text().splitlines()
    first = next(k for k, line in enumerate(lines) if line.startswith("   1. seat "))
    printed = lines[first : first + sum(max(1, len(n)) for n in news)]
    expected = []
    for n in news:
        expected += n or ["(nothing a spectator sees)"]
    assert [line.split(": ", 1)[1] if line[:5].strip().rstrip(".").isdigit() else line.strip()
            for line in printed] == expected  # fmt: skip
    assert any(len(n) > 1 for n in news)  # some move's news took several lines


def test_stepping_through_a_replay_stops_cleanly_at_end_of_input(tmp_path: Path) -> None:
    state = HIGH_CARD.new(2, seed=3)
    state.apply(state.legal_actions()[0])
    Record.from_state(state).save(tmp_path / "g.json")
    result = runner.invoke(app, ["replay", str(tmp_path / "g.json")], input="")
    assert result.exit_code == 0, result.output
    assert "move 1: seat 0" in result.output and "Result" not in result.output


def test_a_replay_step_shows_its_news_once_where_the_table_shows_it(tmp_path: Path) -> None:
    state = drakkar.load("viking-raid").new(2, seed=3)
    state.apply_label("discard Far Monastery")  # news the table's own log then shows
    Record.from_state(state).save(tmp_path / "vr.json")
    result = runner.invoke(app, ["replay", str(tmp_path / "vr.json"), "--as", "0"], input="\n")
    assert result.exit_code == 0, result.output
    step = result.output.split("move 1: seat 0")[1]
    # the step's heading names the move, the table's log has the line: not printed above it too
    assert step.count("player 0 discards Far Monastery (hand limit)") == 1
