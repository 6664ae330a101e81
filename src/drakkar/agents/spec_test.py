import pytest
from hypothesis import given
from hypothesis import strategies as st

from drakkar.agents.ismcts import PARAMS
from drakkar.agents.random_agent import RandomAgent
from drakkar.agents.spec import FACTORIES, LEVELS, agent_params, make_agent, parse_spec
from drakkar.conftest import GAMES
from drakkar.engine.agent import Agent
from drakkar.engine.errors import InvalidOptions, shown
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


# -- property: any spec string, for every game ----------------------------------------------

#: parameters as a person might write them: real names and values, near misses, anything
param = st.tuples(
    st.sampled_from([*PARAMS, "iteration", "Iterations", "", " "]) | st.text(max_size=6),
    st.sampled_from(["1", "0", "-1", "2.5", "nan", "inf", "1e999", "1_0", "heuristic", ""])
    | st.integers(-5, 10**30).map(str)
    | st.text(max_size=8),
).map(lambda kv: f"{kv[0]}={kv[1]}")
specs = (
    st.tuples(
        st.sampled_from([*FACTORIES, "ismcts", *LEVELS, "Hard", " easy ", "wizard", ""]),
        st.lists(param | st.text(max_size=6), max_size=3),
    ).map(lambda t: t[0] + (":" + ",".join(t[1]) if t[1] else ""))
    | st.text(max_size=30)
    | st.sampled_from(["x" * 3000, "ismcts:" + "x" * 3000, "ismcts:iterations=" + "9" * 5000])
)


@given(st.sampled_from(GAMES), specs)
def test_any_spec_makes_an_agent_or_is_refused_naming_it(game, spec) -> None:
    try:
        agent = make_agent(spec, game, seed=1)
    except InvalidOptions as refused:
        assert refused.option == "agent" and len(str(refused)) < 500
        # it names the spec, the agent or the parameter that is wrong
        name, _, rest = spec.strip().partition(":")
        keys = [part.partition("=")[0].strip() for part in rest.split(",")]
        said = str(refused)
        assert any(
            shown(what)[:20] in said or (what and what[:20] in said)
            for what in (spec, spec.strip(), name.strip().lower(), *keys)
        ), said
    else:
        assert isinstance(agent, Agent)


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        # each came back whole in the refusal: a page of input, not what is wrong
        ("x" * 3000, "no agent called 'xxx"),
        ("ismcts:" + "x" * 3000, "expected key=value, got 'xxx"),
        ("ismcts:" + "x" * 3000 + "=1", "has no parameter 'xxx"),
        ("ismcts:iterations=" + "9" * 5000, "iterations='999"),
        ("random:" + ",".join(f"k{i}=1" for i in range(500)), "takes no parameters, got \\['k0'"),
        ("ismcts:rollout=" + "x" * 3000, "rollout='xxx"),
    ],
)
def test_a_long_spec_is_refused_quoted_short(spec: str, says: str) -> None:
    with pytest.raises(InvalidOptions, match=says) as refused:
        make_agent(spec, HIGH_CARD)
    assert len(str(refused.value)) < 300
