"""Studies: agent specs, seat rotation, seeds, and refusing what cannot run."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import drakkar
from drakkar.engine.errors import InvalidOptions, UnknownGame
from drakkar.engine.toy import HIGH_CARD
from drakkar.sim.study import Study, StudyError, derive_seed, split_agents

GAMES = [HIGH_CARD, *drakkar.games()]


def test_split_agents_commas_repeats_and_parameters() -> None:
    assert split_agents("heuristic,random*2") == ["heuristic", "random", "random"]
    assert split_agents(["ismcts:iterations=50,c=1.4", "random"]) == [
        "ismcts:iterations=50,c=1.4",
        "random",
    ]
    assert split_agents("ismcts:iterations=50,c=1.4,random") == [
        "ismcts:iterations=50,c=1.4",
        "random",
    ]
    assert split_agents(None) == []
    for bad in ("random,,heuristic", "c=1,random", "random*0"):
        with pytest.raises(InvalidOptions):
            split_agents(bad)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_entrant_sits_in_every_seat_equally_often(game: drakkar.Game) -> None:
    for players in range(game.min_players, game.max_players + 1):
        study = Study.make(game, 3 * players, players, ["random"] * players, seed=1)
        seats = Counter((e, s) for i in range(study.games) for s, e in enumerate(study.entrants(i)))
        assert set(seats) == {(e, s) for e in range(players) for s in range(players)}
        assert set(seats.values()) == {3}
        for i in range(study.games):  # each game seats every entrant once
            assert sorted(study.entrants(i)) == list(range(players))


def test_seeds_depend_on_study_seed_and_index_only() -> None:
    a = Study.make(HIGH_CARD, 4, 2, ["random"], seed=7)
    b = Study.make(HIGH_CARD, 40, 2, ["heuristic", "random"], seed=7)
    assert [a.game_seed(i) for i in range(4)] == [b.game_seed(i) for i in range(4)]
    assert a.agent_seeds(3) == b.agent_seeds(3)
    assert len({a.game_seed(i) for i in range(4)} | set(a.agent_seeds(0))) == 6
    assert a.game_seed(0) != Study.make(HIGH_CARD, 4, 2, ["random"], seed=8).game_seed(0)
    # A published study must replay on every machine: the derivation may never change.
    assert derive_seed(7, 0, "deal") == 0x7942282837FF8616


def test_default_agents_are_the_heuristic_against_random() -> None:
    study = Study.make(HIGH_CARD, 30, 3, seed=1)
    assert study.agents == ("heuristic", "random", "random")
    assert Study.make(HIGH_CARD, 2, None, ["random"], seed=1).agents == ("random", "random")
    assert Study.make(HIGH_CARD, 3, None, ["random", "heuristic", "random"], seed=1).players == 3


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"game": "no-such-game"}, "no game called"),
        ({"agents": ["random", "random", "random"], "players": 2}, "3 agents for 2 players"),
        ({"agents": ["clever"]}, "no agent called 'clever'"),
        ({"agents": ["random:depth=3"]}, "takes no parameters"),
        ({"games": 3}, "not a multiple of 2 players"),
        ({"games": 0}, ">= 1"),
        ({"players": 5}, "2 to 3 players"),
        ({"options": {"rounds": 4}}, "rounds"),
    ],
)
def test_bad_studies_are_refused_naming_the_problem(kwargs: dict, words: str) -> None:
    args = {"game": HIGH_CARD, "games": 10, "players": 2, "agents": None, "seed": 1} | kwargs
    with pytest.raises((InvalidOptions, UnknownGame)) as err:
        Study.make(**args)
    assert words in str(err.value)


def test_study_file_round_trip_and_differences(tmp_path: Path) -> None:
    study = Study.make(HIGH_CARD, 10, 2, ["heuristic", "random"], seed=3, options={"rounds": 2})
    study.save(tmp_path)
    assert Study.load(tmp_path) == study
    other = Study.make(HIGH_CARD, 12, 2, ["heuristic", "random"], seed=3, options={"rounds": 2})
    assert other.differences(study) == ["games: 10 in the study, 12 asked now"]
    assert study.differences(study) == []


def test_loading_what_is_not_a_study_fails_clearly(tmp_path: Path) -> None:
    with pytest.raises(StudyError, match="is not a directory"):
        Study.load(tmp_path / "missing")
    with pytest.raises(StudyError, match="holds no study"):
        Study.load(tmp_path)
    (tmp_path / "study.json").write_text('{"format": "something else"}')
    with pytest.raises(StudyError, match="not a drakkar study"):
        Study.load(tmp_path)


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        ({"agents": ["random"]}, "agents: 1 agents for 4 players"),  # an IndexError in report
        ({"games": -3}, "games: -3 is not a positive multiple of 4 players"),
        ({"games": 6}, "games: 6 is not a positive multiple of 4 players"),
        ({"players": 0}, "players: 0"),
        ({"players": "4"}, "players: '4' is not a whole number"),
        ({"seed": "x"}, "seed: 'x' is not a whole number"),
        ({"options": []}, "options: [] is not an object"),
        ({"agents": None}, "agents: None is not a list of agent specs"),
    ],
)
def test_a_damaged_study_file_is_refused_naming_the_field(
    tmp_path: Path, edit: dict, words: str
) -> None:
    data = Study.make(HIGH_CARD, 8, 2, ["random"], seed=3).to_dict()
    data.update(
        players=4, agents=["random"] * 4
    )  # (high-card takes 2 or 3; the file is read as it is)
    data.update(edit)
    with pytest.raises(StudyError, match="is damaged") as e:
        Study.from_dict(data)
    assert words in str(e.value)


def test_a_study_file_that_lacks_a_field_names_it() -> None:
    data = Study.make(HIGH_CARD, 8, 2, ["random"], seed=3).to_dict()
    del data["agents"]
    with pytest.raises(StudyError, match="study.json is damaged: it lacks 'agents'"):
        Study.from_dict(data)
