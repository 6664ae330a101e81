import pytest

from drakkar.agents.random_agent import RandomAgent
from drakkar.agents.spec import agent_params, make_agent, parse_spec
from drakkar.engine.errors import InvalidOptions
from drakkar.engine.toy import HIGH_CARD


def test_parse_spec_and_levels() -> None:
    assert parse_spec("random") == ("random", {})
    assert parse_spec("easy") == ("random", {})
    assert parse_spec("normal") == ("heuristic", {})
    assert parse_spec("hard:iterations=5") == ("ismcts", {"iterations": "5"})
    assert parse_spec(" ismcts : seconds=1, rollout=heuristic ") == (
        "ismcts",
        {"seconds": "1", "rollout": "heuristic"},
    )
    with pytest.raises(InvalidOptions, match="expected key=value"):
        parse_spec("ismcts:iterations")


def test_make_agent_random_and_heuristic_play_legal_moves() -> None:
    s = HIGH_CARD.new(2, seed=5)
    r = make_agent("random", HIGH_CARD, seed=1)
    assert isinstance(r, RandomAgent)
    assert r.act(s, 0) in s.legal_actions()
    h = make_agent("normal", HIGH_CARD)
    assert h.act(s, 0) == max(s.legal_actions())


def test_random_agent_is_seeded() -> None:
    s = HIGH_CARD.new(3, seed=5)
    picks = [make_agent("random", HIGH_CARD, seed=9).act(s, 0) for _ in range(3)]
    assert len(set(picks)) == 1


def test_bad_specs_are_named() -> None:
    with pytest.raises(InvalidOptions, match="no agent called 'wizard'"):
        make_agent("wizard", HIGH_CARD)
    with pytest.raises(InvalidOptions, match="'random' takes no parameters"):
        make_agent("random:x=1", HIGH_CARD)
    with pytest.raises(InvalidOptions, match="has no parameter 'depth'"):
        agent_params("ismcts", {"depth": "3"}, {"iterations": int})
    with pytest.raises(InvalidOptions, match="iterations='many' is not a whole number"):
        agent_params("ismcts", {"iterations": "many"}, {"iterations": int})
    assert agent_params("ismcts", {"iterations": "7"}, {"iterations": int}) == {"iterations": 7}


def test_an_agent_a_game_cannot_have_is_refused_naming_the_game() -> None:
    from drakkar.engine.game import Game
    from drakkar.engine.toy import HighCardGame

    class NoBotYet(HighCardGame):  # a game being written: no heuristic bot yet
        title = "No Bot Yet"

        def heuristic_agent(self, seed: int | None = None):  # type: ignore[no-untyped-def]
            return Game.heuristic_agent(self, seed)

    game = NoBotYet()
    for spec in ("normal", "heuristic", "ismcts:rollout=heuristic", "ismcts:prior=1"):
        with pytest.raises(
            InvalidOptions, match=f"'{spec}' cannot play No Bot Yet: .*no heuristic"
        ):
            make_agent(spec, game)
    s = game.new(2, seed=5)
    assert make_agent("ismcts:iterations=20", game, 1).act(s, 0) in s.legal_actions()
