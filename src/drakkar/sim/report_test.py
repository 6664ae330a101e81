"""Report numbers against hand computations, per-label rates, and the page with its plots."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest

import drakkar
from drakkar.engine.toy import HIGH_CARD
from drakkar.sim.analysis import analyse, label_keys, load_study
from drakkar.sim.html import write_report
from drakkar.sim.report import distribution_rows, headline, label_test, tables
from drakkar.sim.runner import Backend, prepare, run
from drakkar.sim.stats import wilson
from drakkar.sim.study import Study, StudyError

GAMES = [HIGH_CARD, *drakkar.games()]


def _line(
    i: int,
    agents: list[str],
    returns: list[float],
    scores: list[float],
    length: int,
    captains: list[str],
) -> dict[str, Any]:
    return {
        "index": i,
        "agents": agents,
        "returns": returns,
        "scores": scores,
        "length": length,
        "labels": {"captains": captains, "names": ["P1", "P2"]},
    }


H, R = "heuristic", "random"
HAND = [
    _line(0, [H, R], [1.0, 0.0], [15, 10], 6, ["Ragnar", "Ivar"]),
    _line(1, [R, H], [0.5, 0.5], [12, 12], 8, ["Ivar", "Ragnar"]),
    _line(2, [H, R], [0.0, 1.0], [9, 16], 10, ["Ivar", "Bjorn"]),
    _line(3, [R, H], [0.0, 1.0], [11, 13], 12, ["Bjorn", "Ragnar"]),
]


def test_analysis_matches_hand_computation() -> None:
    study = Study.make(HIGH_CARD, 4, 2, [H, R], seed=1)
    a = analyse(study, HAND)
    heur, rand = a.by_agent
    assert (heur.name, heur.n, heur.wins, heur.rate) == (H, 4, 2.5, 0.625)
    assert (rand.name, rand.n, rand.wins) == (R, 4, 1.5)
    assert heur.interval == wilson(2.5, 4)
    assert [(s.n, s.wins) for s in a.by_seat] == [(4, 1.5), (4, 2.5)]
    # Seats count from 0 here as everywhere else (drakkar play --seat, records).
    assert [s.name for s in a.by_seat] == ["seat 0", "seat 1"]
    assert [c.rate for c in a.agent_seat[H]] == [0.5, 0.75]
    assert [c.rate for c in a.agent_seat[R]] == [0.25, 0.5]
    # expected 2 wins a seat: ((1.5-2)^2 + (2.5-2)^2) / 2 = 0.25, df 1
    assert a.seat_test.statistic == pytest.approx(0.25)
    assert a.seat_test.p_value == pytest.approx(math.erfc(math.sqrt(0.125)))
    assert a.lengths.tolist() == [6, 8, 10, 12]
    assert {k: v.tolist() for k, v in a.scores_by_agent.items()} == {
        H: [15, 12, 9, 13],
        R: [10, 12, 16, 11],
    }
    assert [v.tolist() for v in a.scores_by_seat] == [[15, 12, 9, 11], [10, 12, 16, 13]]
    # "names" is the same in each seat every game, "captain_id" one-to-one with "captains":
    # no table for either
    assert label_keys(HAND) == ["captains"]
    # a list that held one entry per seat in one game only (a discard pile) is no label
    odd = [dict(r, labels=dict(r["labels"], discard=["Lisbon", "Jorvik"])) for r in HAND[:1]]
    assert label_keys(odd + HAND[1:]) == ["captains"]
    assert [(r.name, r.n, r.wins) for r in a.labels["captains"]] == [
        ("Ragnar", 3, 2.5),
        ("Bjorn", 2, 1.0),
        ("Ivar", 3, 0.5),
    ]
    text = " ".join(headline(a))
    assert "heuristic wins 62.5% of its seats" in text
    assert "No significant seat advantage" in text
    assert "median; middle half 7.5 to 10.5" in text
    assert "By captains: Ragnar wins 83.3%" in text
    # pooled rate 4/8; chi2 = 2 * ((2.5 - 1.5)^2 / 1.5 + 0 + (0.5 - 1.5)^2 / 1.5) = 8/3, df 2
    t = label_test(a.labels["captains"])
    assert t.statistic == pytest.approx(8 / 3)
    assert t.p_value == pytest.approx(math.exp(-4 / 3))
    assert "win rates do not differ significantly (χ² = 2.67, df = 2, p = 0.264)" in text
    assert [t.title for t in tables(a)][-1] == "Win rate per captains"


def test_rounds_are_reported_when_every_game_counts_them_in_one_word() -> None:
    study = Study.make(HIGH_CARD, 4, 2, [H, R], seed=1)
    counted = [
        dict(r, rounds=k, round_word="raid") for r, k in zip(HAND, [2, 3, 3, 9], strict=True)
    ]
    a = analyse(study, counted)
    assert (a.rounds.tolist(), a.round_word) == ([2, 3, 3, 9], "raid")
    assert "and 3 raids (middle half 2.8 to 4.5, range 2 to 9)." in " ".join(headline(a))
    assert [row[0] for row in distribution_rows(a)][:2] == ["actions", "raids"]
    # a study begun before games counted rounds, or games that call them differently: no line
    for results in (HAND, counted[:2] + HAND[2:], counted[:3] + [dict(counted[3], round_word="x")]):
        a = analyse(study, results)
        assert len(a.rounds) == 0 and "raids" not in " ".join(headline(a))
        assert [row[0] for row in distribution_rows(a)][1] != "raids"


def test_a_strong_seat_is_called_significant() -> None:
    study = Study.make(HIGH_CARD, 100, 2, [R], seed=1)
    lines = [
        _line(i, [R, R], [1.0, 0.0] if i % 10 else [0.0, 1.0], [1, 0], 6, ["a", "b"])
        for i in range(100)
    ]
    a = analyse(study, lines)
    assert a.seat_test.statistic == pytest.approx((40**2 + 40**2) / 50)
    assert "Seats are not equal" in " ".join(headline(a))
    assert a.labels == {}  # captains fixed by seat: nothing to add


def test_nothing_to_report_is_an_error() -> None:
    with pytest.raises(StudyError, match="no finished games"):
        analyse(Study.make(HIGH_CARD, 4, 2, [R], seed=1), [])


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_report_of_a_real_study(game: drakkar.Game, tmp_path: Path) -> None:
    p = game.min_players
    study = Study.make(game, 4 * p, p, ["random"] * p, seed=3)
    run(study, tmp_path, Backend(jobs=1), prepare(study, tmp_path, resume=False))
    loaded, results = load_study(tmp_path)
    assert loaded == study
    a = analyse(loaded, results)
    assert a.games == study.games
    assert sum(r.n for r in a.by_agent) == study.games * p
    assert sum(r.wins for r in a.by_seat) == pytest.approx(sum(sum(r["returns"]) for r in results))
    page = write_report(a, tmp_path)
    images = re.findall(r"src='([^']+)'", page.read_text())
    assert {"seats.png", "lengths.png", "scores.png"} <= set(images)
    assert "agents.png" not in images  # one agent everywhere: nothing to compare
    for name in images:
        assert (page.parent / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_report_draws_an_agent_that_won_every_game_and_one_that_won_none(tmp_path: Path) -> None:
    # 8 Villainous Vikings games of the heuristic bot against random ones: 8 of 8 and 0 of 24
    # made the plot's error bars fail (an interval 1e-17 inside the rate)
    game = drakkar.load("villainous-vikings")
    study = Study.make(game, 8, 4, seed=3)  # (no agents: the heuristic bot against random)
    run(study, tmp_path, Backend(jobs=1), prepare(study, tmp_path, resume=False))
    a = analyse(*load_study(tmp_path))
    assert {r.rate for r in a.by_agent} == {0.0, 1.0}
    page = write_report(a, tmp_path)
    text = page.read_text()
    assert "agents.png" in text
    # the page has the tables the terminal prints: each agent in each seat, and the scores
    assert "<th>all seats</th>" in text and "<td>score: heuristic</td>" in text
    assert "<td>score: seat 3</td>" in text


def test_the_page_shows_rounds_with_the_game_length_not_with_the_scores(tmp_path: Path) -> None:
    study = Study.make(HIGH_CARD, 4, 2, [H, R], seed=1)
    counted = [
        dict(r, rounds=k, round_word="raid") for r, k in zip(HAND, [2, 3, 3, 9], strict=True)
    ]
    text = write_report(analyse(study, counted), tmp_path).read_text()
    length, scores = text.split("<h2>Scores</h2>")
    assert "<td>raids</td>" in length.split("<h2>How long a game takes</h2>")[1]
    assert "<td>raids</td>" not in scores and "<td>score: heuristic</td>" in scores


def test_a_log_and_a_list_one_seat_always_heads_are_no_labels() -> None:
    # Viking Raid's view keeps the last 6 log lines: at 6 players, one text per seat in every
    # game (its report had a "By log" table of ~1,000 lines). Knarr's Artifacts in play, at
    # 2 players with the Mead Cup plus one at random: the Mead Cup always first, so its "win
    # rate" was seat 0's and the other Artifact's seat 1's.
    lines = [("player 1 draws Rocks", "game over"), ("game over", "player 0 draws Storm")]
    artifacts = ["cauldron", "helmet", "amulet", "cauldron"]
    odd = [
        dict(r, labels=dict(r["labels"], log=list(lines[i % 2]), artifacts=["mead-cup", art]))
        for i, (r, art) in enumerate(zip(HAND, artifacts, strict=True))
    ]
    assert label_keys(odd) == ["captains"]


def test_the_winning_margin_and_shared_wins_are_reported(tmp_path: Path) -> None:
    # HAND's scores: 15-10 won by seat 0, 12-12 shared, 9-16 and 11-13 won by seat 1
    a = analyse(Study.make(HIGH_CARD, 4, 2, [H, R], seed=1), HAND)
    assert a.margins.tolist() == [5, 0, 7, 2] and a.shared == 1
    text = " ".join(headline(a))
    assert "The winner scores 3.5 more than the next best (median; middle half 1.5 to 5.5," in text
    assert "range 0 to 7); 1 game (25.0%) was a shared win." in text
    assert ["winning margin", "3.5", "3.1", "0.0", "1.5", "3.5", "5.5", "7.0"] in (
        distribution_rows(a)
    )
    assert "<td>winning margin</td>" in write_report(a, tmp_path).read_text()


def test_the_seat_verdict_warns_when_the_agents_differ() -> None:
    # with one strong agent rotating through the seats, each seat wins about its fair share
    # whatever the game does (Gone Viking!, heuristic against 2 random: 33.5%, 33.3%, 33.2%)
    mixed = " ".join(headline(analyse(Study.make(HIGH_CARD, 4, 2, [H, R], seed=1), HAND)))
    assert "for the game's own seat advantage, give every seat one agent" in mixed
    alike = [dict(r, agents=[R, R]) for r in HAND]
    one = " ".join(headline(analyse(Study.make(HIGH_CARD, 4, 2, [R], seed=1), alike)))
    assert "give every seat one agent" not in one


def test_a_rare_ending_is_not_shown_as_none_at_all() -> None:
    # 1 game in 3,000 of Villainous Vikings reached the round limit: "0.0%" read as never
    study = Study.make(HIGH_CARD, 3000, 2, [R], seed=1)
    line = _line(0, [R, R], [1.0, 0.0], [1, 0], 6, ["a", "b"])
    games = [dict(line, index=i, ended_by="Ragnarok drawn") for i in range(2999)]
    games.append(dict(line, index=2999, ended_by="the round limit"))
    text = " ".join(headline(analyse(study, games)))
    assert "Games ended by Ragnarok drawn 100.0%, the round limit 1 game (0.0%)." in text


def test_the_page_names_options_as_they_are_typed(tmp_path: Path) -> None:
    study = Study.make(drakkar.load("viking-raid"), 4, 2, [H, R], seed=1)
    text = write_report(analyse(study, HAND), tmp_path).read_text()
    assert (
        "options sinking=out, max_rounds=50, stack_viking=(default), stack_encounter=(default)."
        in text
    )
    assert "{" not in text.split("<body>")[1]  # not a Python dict


def test_the_first_player_s_win_rate_is_reported() -> None:
    study = Study.make(HIGH_CARD, 4, 2, [H, R], seed=1)
    # HAND's returns for seat 0: 1, 0.5, 0, 0; seat 1: 0, 0.5, 1, 1
    a = analyse(study, [dict(r, first=0) for r in HAND])
    assert a.first is not None and (a.first.n, a.first.wins) == (4, 1.5)
    text = " ".join(headline(a))
    assert "Seat 0 moved first in every game and won 37.5% (95% CI 9.2% – 78.1%)" in text
    drawn = analyse(study, [dict(r, first=f) for r, f in zip(HAND, [0, 1, 1, 0], strict=True)])
    assert drawn.first is not None and drawn.first.wins == 1.0 + 0.5 + 1.0 + 0.0
    assert "The first player (seat 0 in 2 games, seat 1 in 2) won 62.5%" in " ".join(
        headline(drawn)
    )
    assert analyse(study, HAND).first is None  # results written before games said


def test_a_label_key_is_named_in_words() -> None:
    # Knarr's report said "Win rate per turn_order" and "By turn_order: 1st wins ..."
    study = Study.make(HIGH_CARD, 4, 2, [H, R], seed=1)
    turns = [dict(r, labels={"turn_order": r["labels"]["captains"]}) for r in HAND]
    a = analyse(study, turns)
    assert list(a.labels) == ["turn order"]
    assert "By turn order: Ragnar wins" in " ".join(headline(a))
    assert [t.title for t in tables(a)][-1] == "Win rate per turn order"
