"""Who chooses: the agent protocol. Bots live in `drakkar.agents` and in each game's `bot.py`."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from drakkar.engine.state import State


class Agent:
    """`act(state, player)` returns a legal action for `player`, who is to move.

    A bot must never read what its seat cannot see: use `state.view(player)`, or search
    clones that were `redeterminize`d for `player`.
    """

    name = "agent"

    def act(self, state: State, player: int) -> int:
        raise NotImplementedError


class HeuristicAgent(Agent):
    """Base of the games' rule-of-thumb bots (each game's `bot.py`): the spec name
    `heuristic` and a seeded `rng` (the bots use it only to break ties)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
