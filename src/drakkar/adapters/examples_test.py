import importlib.util
from pathlib import Path

import pytest

from drakkar.adapters.cases import all_games

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "research_loop.py"


@pytest.mark.skipif(not EXAMPLE.is_file(), reason="examples/ is in the source checkout only")
@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_the_research_example_runs(game, capsys):
    spec = importlib.util.spec_from_file_location("research_loop", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(["--game", game.name, "--episodes", "2"])
    out = capsys.readouterr().out
    assert f"{game.title}, {game.default_players} players" in out
    assert "random-policy loop, final rewards: {" in out
    assert out.count("vs heuristic: mean reward") == 2


REINFORCE = EXAMPLE.with_name("reinforce.py")


@pytest.mark.skipif(not REINFORCE.is_file(), reason="examples/ is in the source checkout only")
def test_the_reinforce_example_trains_evaluates_and_saves_its_weights(tmp_path, capsys):
    import numpy as np

    spec = importlib.util.spec_from_file_location("reinforce", REINFORCE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    saved = tmp_path / "policy.npz"
    policy = module.main(["--episodes", "40", "--eval", "10", "--save", str(saved)])
    out = capsys.readouterr().out
    assert "Viking Raid, 4 players, the learner against random" in out
    assert "untrained" in out and "trained, greedy: mean reward" in out
    assert np.abs(policy.W).sum() > 0  # 40 episodes moved the weights
    weights = np.load(saved)
    assert np.array_equal(weights["W"], policy.W) and np.array_equal(weights["b"], policy.b)
    blind = module.main(["--episodes", "20", "--eval", "5", "--blind"])
    assert np.abs(blind.W).sum() == 0 and np.abs(blind.b).sum() > 0  # it saw nothing to weigh
    with pytest.raises(SystemExit):
        module.main(["--eval", "0"])  # refused before any work


DOCS = EXAMPLE.parents[1] / "docs" / "research.md"
README = EXAMPLE.parents[1] / "README.md"


def python_blocks(path: Path) -> list[str]:
    """The ```python blocks of a Markdown file, in order."""
    parts = path.read_text(encoding="utf-8").split("```python\n")[1:]
    return [part.split("```", 1)[0] for part in parts]


@pytest.mark.skipif(not DOCS.is_file(), reason="docs/ is in the source checkout only")
def test_the_research_docs_examples_run_as_written():
    # One namespace, as a reader pastes them in order; the IS-MCTS bot searches 2 simulations
    # a move instead of 200 (about 2 minutes a game), its only change.
    blocks = python_blocks(DOCS)
    assert len(blocks) == 4
    search = blocks[3].replace("0.7, 200,", "0.7, 2,")
    assert search != blocks[3], "the IS-MCTS example's simulation count moved: update this test"
    ns: dict = {}
    exec(blocks[0], ns)  # PettingZoo
    assert ns["e"].unwrapped.state.is_terminal() and ns["e"].agents == []
    exec(blocks[1], ns)  # Gymnasium
    assert ns["done"] and ns["env"].state.is_terminal()
    assert ns["reward"] == ns["env"].state.returns()[0]
    exec(blocks[2], ns)  # OpenSpiel
    assert ns["game"].get_type().short_name == "drakkar_gone_viking"
    exec(search, ns)
    assert ns["state"].is_terminal() and sum(ns["state"].returns()) == pytest.approx(1.0)


@pytest.mark.skipif(not README.is_file(), reason="README.md is in the source checkout only")
def test_the_readmes_library_example_runs_as_written(tmp_path, monkeypatch, capsys):
    (block,) = python_blocks(README)
    monkeypatch.chdir(tmp_path)
    exec(block, {})
    out = capsys.readouterr().out.splitlines()
    import drakkar

    replayed = drakkar.Record.load(tmp_path / "game.json").replay()  # the record it saved
    assert replayed.is_terminal() and len(replayed.history) == len(out) - 1 > 10
    assert out[-1] == f"{replayed.scores()} {replayed.returns()}"
