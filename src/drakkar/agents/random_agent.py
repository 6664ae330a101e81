"""The easy level: a uniformly random legal action."""

from __future__ import annotations

import random

from drakkar.engine.agent import Agent
from drakkar.engine.state import State


class RandomAgent(Agent):
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, state: State, player: int) -> int:
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]
