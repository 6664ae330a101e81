"""`drakkar serve`: its refusals (the server itself runs in server/restart_test.py)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from drakkar.cli import app


def test_serve_refuses_a_game_it_does_not_know(tmp_path: Path) -> None:
    out = CliRunner().invoke(app, ["serve", "--games", "chess", "--data", str(tmp_path)])
    assert out.exit_code == 2
    assert "no game called 'chess'" in out.output


def test_serve_is_listed_with_its_options() -> None:
    out = CliRunner().invoke(app, ["serve", "--help"])
    assert out.exit_code == 0
    flags = ("--host", "--port", "--database", "--data", "--games", "--bot-delay")
    limits = ("--max-tables", "--keep-finished", "--keep-idle", "--max-watchers", "--max-sockets")
    for flag in (*flags, "--search-processes", *limits, "--max-seat-sockets"):
        assert flag in out.output


def test_serve_refuses_a_bad_number_of_search_processes_before_opening_anything(
    tmp_path: Path,
) -> None:
    for bad in ("-1", "65"):
        out = CliRunner().invoke(
            app, ["serve", "--search-processes", bad, "--data", str(tmp_path / "data")]
        )
        assert out.exit_code == 2
        assert f"--search-processes {bad}: give 0 (threads) to 64" in out.output
    assert not (tmp_path / "data").exists()  # no database was made


def test_serve_refuses_a_limit_out_of_range_naming_its_option(tmp_path: Path) -> None:
    for option, bad, words in [
        ("--max-tables", "0", "--max-tables must be a whole number of at least 1"),
        ("--keep-idle", "-5", "--keep-idle must be a number of seconds, 0 or more"),
        ("--max-seat-sockets", "0", "--max-seat-sockets must be a whole number of at least 1"),
    ]:
        out = CliRunner().invoke(app, ["serve", option, bad, "--data", str(tmp_path / "data")])
        assert out.exit_code == 2 and words in out.output, out.output
    assert not (tmp_path / "data").exists()
