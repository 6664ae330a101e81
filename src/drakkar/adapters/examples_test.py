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
