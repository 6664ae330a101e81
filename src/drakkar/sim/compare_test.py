"""Two studies side by side: rows paired by name, the change and its interval, the refusals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from drakkar.cli import app
from drakkar.engine.toy import HIGH_CARD
from drakkar.sim.analysis import analyse
from drakkar.sim.compare import compare, headline, setting_differences, tables
from drakkar.sim.stats import newcombe
from drakkar.sim.study import Study, StudyError

H, R = "heuristic", "random"


def _games(n: int, heuristic_wins: int, captains: tuple[str, str]) -> list[dict[str, Any]]:
    """n games of heuristic against random, seats alternating; the heuristic bot wins the
    first `heuristic_wins`; the two captains change seats every other game."""
    out = []
    for i in range(n):
        agents = [H, R] if i % 2 == 0 else [R, H]
        won = i < heuristic_wins
        returns = [1.0, 0.0] if (agents[0] == H) == won else [0.0, 1.0]
        out.append(
            {
                "index": i,
                "agents": agents,
                "returns": returns,
                "scores": returns,
                "length": 10 + i % 3,
                "labels": {"captains": list(captains if i % 4 < 2 else captains[::-1])},
                "ended_by": "wealth",
                "rounds": 3 + i % 2,
                "round_word": "raid",
            }
        )
    return out


def _analysis(n: int, wins: int, captains: tuple[str, str], **options: Any) -> Any:
    study = Study.make(HIGH_CARD, n, 2, [H, R], seed=options.pop("seed", 1), options=options)
    return analyse(study, _games(n, wins, captains))


def test_rows_pair_by_name_with_the_change_and_its_interval() -> None:
    a = _analysis(100, 50, ("Bjorn", "Ivar"))
    b = _analysis(100, 80, ("Bjorn", "Glamr"), seed=2)
    c = compare(a, b)
    assert list(c.groups) == ["agent", "seat", "captains"]
    heur = c.groups["agent"][0]
    assert heur.name == H and heur.a is not None and heur.b is not None
    assert heur.difference == pytest.approx(0.3)
    assert heur.interval == newcombe(50, 100, 80, 100)
    assert heur.significant  # 50% -> 80% in 100 games each: the interval leaves out 0
    rand = c.groups["agent"][1]
    assert rand.difference == pytest.approx(-0.3) and rand.significant
    # a label in only one study has a row with no change
    captains = {ch.name: ch for ch in c.groups["captains"]}
    assert set(captains) == {"Bjorn", "Ivar", "Glamr"}
    assert captains["Ivar"].b is None and captains["Ivar"].difference is None
    assert captains["Glamr"].a is None and not captains["Glamr"].significant
    text = " ".join(headline(c, ("old", "new")))
    assert "A: 100 games of high-card, 2 players, seed 1 (old)." in text
    assert "agent heuristic +30.0 points" in text
    assert "Their settings are the same." in text
    assert "A game takes 11 actions in A and 11 in B, 3.5 and 3.5 raids (medians)." in text
    table_titles = [t.title for t in tables(c)]
    assert table_titles[-1] == "How games ended"
    assert "Win rate per captains: A, B, and the change B - A (points)" in table_titles


def test_a_small_change_is_not_marked_and_one_seed_is_noted() -> None:
    c = compare(_analysis(40, 20, ("x", "y")), _analysis(40, 22, ("x", "y")))
    assert not any(ch.significant for rows in c.groups.values() for ch in rows)
    lines = headline(c)
    assert "No change's 95% interval leaves out 0" in " ".join(lines)
    assert any("Both use one seed" in line for line in lines)


def test_differences_in_settings_are_named() -> None:
    a = _analysis(10, 5, ("x", "y"))
    b = _analysis(10, 5, ("x", "y"), rounds=1, seed=2)
    assert setting_differences(compare(a, b)) == ["option rounds: 3 in A, 1 in B"]


def test_two_different_games_are_refused() -> None:
    import drakkar

    a = _analysis(10, 5, ("x", "y"))
    study = Study.make(drakkar.load("knarr"), 3, 3, [R], seed=1)
    b = analyse(
        study,
        [{"index": 0, "agents": [R] * 3, "returns": [1, 0, 0], "scores": [1, 0, 0], "length": 5}],
    )
    with pytest.raises(StudyError, match="study A is of high-card and study B of knarr"):
        compare(a, b)


def test_the_command_compares_two_studies_and_names_a_bad_one(tmp_path: Path) -> None:
    runner = CliRunner()
    for name, seed in (("a", "1"), ("b", "2")):
        out = tmp_path / name
        result = runner.invoke(
            app, ["simulate", "high-card", "-n", "20", "--seed", seed, "--out", str(out), "-j", "1"]
        )
        assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["compare", str(tmp_path / "a"), str(tmp_path / "b")])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())  # Rich wraps long lines
    assert "B: 20 games of high-card, 2 players, seed 2 (" in text  # then its path
    assert "change" in text  # the table (its header is cut short on a narrow terminal)
    result = runner.invoke(app, ["compare", str(tmp_path / "a"), str(tmp_path / "nowhere")])
    assert result.exit_code != 0
    said = " ".join(result.output.split())
    assert "study B" in said and "is not a directory" in said


def test_a_seat_row_is_named_once_in_the_headline() -> None:
    a = _analysis(100, 50, ("x", "y"))
    seat_0_wins = [dict(g, returns=[1.0, 0.0]) for g in _games(100, 50, ("x", "y"))]
    b = analyse(Study.make(HIGH_CARD, 100, 2, [H, R], seed=2), seat_0_wins)
    text = " ".join(headline(compare(a, b)))
    assert "seat 0 +50.0 points" in text and "seat seat" not in text
    assert "captains x +0.0" not in text  # (unchanged rows are not named)


def test_the_winning_margins_and_shared_wins_are_set_side_by_side() -> None:
    a = _analysis(40, 20, ("x", "y"))  # scores are the returns: every margin is 1
    tied = [dict(g, returns=[0.5, 0.5], scores=[3, 3]) for g in _games(40, 20, ("x", "y"))]
    b = analyse(Study.make(HIGH_CARD, 40, 2, [H, R], seed=2), tied)
    text = " ".join(headline(compare(a, b)))
    assert "The winner leads the next best by 1 in A and 0 in B (medians); shared wins 0.0% " in (
        text
    )
    assert "and 100.0%." in text
