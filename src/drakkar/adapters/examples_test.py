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
