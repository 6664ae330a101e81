"""Per-seat labels found generically in a spectator's view."""

from __future__ import annotations

from typing import Any

from drakkar.engine.registry import load
from drakkar.engine.toy import HIGH_CARD
from drakkar.sim.play import play_game, seat_labels
from drakkar.sim.study import Study


class _Viewed:
    num_players = 2

    def __init__(self, view: dict[str, Any]) -> None:
        self._view = view

    def view(self, player: int | None) -> dict[str, Any]:
        return self._view


def test_labels_at_top_level_and_in_per_seat_objects() -> None:
    view = {
        "captains": ["Ragnar", "Ivar"],
        "players": [
            {"captain": "Ragnar", "gold": 3, "note": "x"},
            {"captain": "Ivar", "gold": 1, "note": 4},
        ],
        "phase": "raid",
        "regions": ["a", "b", "c"],
        "empty": ["", "b"],
    }
    assert seat_labels(_Viewed(view)) == {  # type: ignore[arg-type]
        "captains": ["Ragnar", "Ivar"],
        "captain": ["Ragnar", "Ivar"],
    }
    clash = {"captain": ["a", "b"], "players": [{"captain": "x"}, {"captain": "y"}]}
    assert seat_labels(_Viewed(clash)) == {  # type: ignore[arg-type]
        "captain": ["a", "b"],
        "players.captain": ["x", "y"],
    }


def test_high_card_has_no_labels() -> None:
    study = Study.make(HIGH_CARD, 2, 2, ["random"], seed=1)
    assert play_game(HIGH_CARD, study, 0)["labels"] == {}


def test_a_study_plays_heuristic_bots_by_their_cheap_move_and_the_games_are_the_same() -> None:
    # `rollout_act` is 3 to 4 times faster than `act` (no full view); the games must not change
    import drakkar
    from drakkar.agents.spec import make_agent

    game = drakkar.load("knarr")
    study = Study.make(game, 6, 3, ["heuristic", "random", "heuristic"], seed=4)
    bot_class = type(game.heuristic_agent(0))
    calls = {"rollout_act": 0}
    original = bot_class.rollout_act

    def counted(self, state, player):  # type: ignore[no-untyped-def]
        calls["rollout_act"] += 1
        return original(self, state, player)

    bot_class.rollout_act = counted  # type: ignore[method-assign]
    try:
        results = [play_game(game, study, i) for i in range(study.games)]
    finally:
        bot_class.rollout_act = original  # type: ignore[method-assign]
    assert calls["rollout_act"] > 100
    for i, result in enumerate(results):  # the same games, each seat moving by `act`
        specs, seeds = result["agents"], result["agent_seeds"]
        agents = [make_agent(spec, game, s) for spec, s in zip(specs, seeds, strict=True)]
        state = game.new(study.players, result["seed"], game.options(study.options, 3))
        while not state.is_terminal():
            p = state.current_player
            state.apply(agents[p].act(state, p))
        assert state.history == result["record"]["actions"], f"game {i}"


def test_knarrs_turn_order_is_a_label_unless_the_first_player_is_fixed() -> None:
    # Knarr draws its first player: seat numbers then say nothing about moving first
    from drakkar.sim.analysis import label_keys

    drawn = Study.make("knarr", 6, 3, ["random"], seed=1)
    results = [play_game(load("knarr"), drawn, i) for i in range(6)]
    assert all(sorted(r["labels"]["turn_order"]) == ["1st", "2nd", "3rd"] for r in results)
    assert label_keys(results) == ["turn_order"]
    fixed = Study.make("knarr", 6, 3, ["random"], seed=1, options={"first_player": 0})
    results = [play_game(load("knarr"), fixed, i) for i in range(6)]
    assert label_keys(results) == []  # one-to-one with the seats: no table of its own


def test_each_game_says_how_it_ended_and_a_report_counts_it() -> None:
    import pytest

    from drakkar.sim.analysis import analyse
    from drakkar.sim.report import headline

    cases = [
        ("viking-raid", {}, {"a third raid", "every other player out"}),
        ("viking-raid", {"max_rounds": 1}, {"the round limit (max_rounds)"}),
        ("knarr", {}, {"40 points"}),
        ("gone-viking", {}, {"wealth"}),
        ("gone-viking", {"max_raids": 1}, {"the raid limit (max_raids)"}),
        ("villainous-vikings", {"round_limit": 1}, {"the round limit"}),
    ]
    for name, options, expected in cases:
        study = Study.make(name, 6, 3, ["heuristic"], seed=2, options=options)
        results = [play_game(load(name), study, i) for i in range(6)]
        assert {r["ended_by"] for r in results} <= expected, (name, options)
        a = analyse(study, results)
        assert sum(a.endings.values()) == 6
        line = next(x for x in headline(a) if x.startswith("Games ended by"))
        if len(expected) == 1:
            assert line == f"Games ended by {expected.pop()} 100.0%."
    with pytest.raises(StopIteration):  # a game that does not say: no such line
        study = Study.make(HIGH_CARD, 2, 2, ["random"], seed=1)
        a = analyse(study, [play_game(HIGH_CARD, study, i) for i in range(2)])
        next(x for x in headline(a) if x.startswith("Games ended by"))


def test_a_game_longer_than_its_options_allow_is_stopped_with_the_bound_for_those_options(
    monkeypatch: Any,
) -> None:
    import pytest

    game = load("gone-viking")
    # the bound depends on max_raids: the simulator must ask with the study's options
    bounds = {7: 5, 50: 100_000}
    monkeypatch.setattr(
        type(game), "max_game_length", lambda self, n, options=None: bounds[options.max_raids]
    )
    study = Study.make("gone-viking", 3, 3, ["random"], seed=1, options={"max_raids": 7})
    with pytest.raises(RuntimeError, match="game 0 passed 5 actions without ending"):
        play_game(game, study, 0)
    study = Study.make("gone-viking", 3, 3, ["random"], seed=1)
    assert play_game(game, study, 0)["index"] == 0


def test_each_game_counts_its_rounds_in_its_own_word() -> None:
    words = {"viking-raid": "round", "knarr": "round", "gone-viking": "raid"}
    words["villainous-vikings"] = "round"
    for name, word in words.items():
        game = load(name)
        study = Study.make(name, game.min_players, game.min_players, ["random"], seed=4)
        result = play_game(game, study, 0)
        assert result["round_word"] == word, name
        assert result["rounds"] >= 1
    study = Study.make(HIGH_CARD, 2, 2, ["random"], seed=1)  # a game that does not count them
    assert "rounds" not in play_game(HIGH_CARD, study, 0)


def test_each_result_names_the_seat_that_moved_first() -> None:
    vr = Study.make("viking-raid", 4, 4, ["random"], seed=1)
    assert [play_game(load("viking-raid"), vr, i)["first"] for i in range(4)] == [0, 0, 0, 0]
    knarr = Study.make("knarr", 6, 3, ["random"], seed=1)
    for i in range(6):
        r = play_game(load("knarr"), knarr, i)
        assert r["labels"]["turn_order"][r["first"]] == "1st"  # drawn, as the view says
