"""Who chooses: random, the games' heuristic bots, ISMCTS, and a person at a terminal.

Every seat's agent is named by a spec string, the same in the CLI, the simulator and the
server: `random`, `heuristic`, `ismcts`, `ismcts:iterations=2000`. See `drakkar.agents.spec`.
"""

from drakkar.agents.random_agent import RandomAgent
from drakkar.agents.spec import LEVELS, make_agent, parse_spec

__all__ = ["LEVELS", "RandomAgent", "make_agent", "parse_spec"]
