"""PettingZoo: every drakkar game as an AEC environment.

    from drakkar.adapters.pettingzoo import env
    e = env("gone-viking", players=4)
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else policy(obs["observation"], obs["action_mask"])
        e.step(action)

Agents are "player_0" .. "player_{n-1}" (the game's seats). Each agent observes a Dict of
`observation` (the game's encoder applied to `state.view(seat)`) and `action_mask` (int8, 1 for
each legal action; all 0 when it is not that agent's turn). Rewards are 0 until the end, then
`state.returns()` (1 a win, 0 a loss, shared wins split). A seat with several decisions in a
row is selected again. `reset(seed=...)` deals the game with that seed: same seed, same game;
later resets without a seed deal games drawn from it, so a run seeded once repeats.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from drakkar.adapters.encoding import encoder_for
from drakkar.engine.game import Game
from drakkar.engine.registry import load
from drakkar.engine.state import State


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class DrakkarAEC(AECEnv):
    """One drakkar game as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "drakkar", "is_parallelizable": False}

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = game if isinstance(game, Game) else load(game)
        self.num_players = self.game.check_players(
            self.game.default_players if players is None else players
        )
        self.options = self.game.options(options, self.num_players)
        self.encoder = encoder_for(self.game).for_options(self.options)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' is offered")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"drakkar_{self.game.name.replace('-', '_')}"}
        self.possible_agents = [agent_name(i) for i in range(self.num_players)]
        self.seat = {a: i for i, a in enumerate(self.possible_agents)}
        n = self.game.num_distinct_actions
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=0.0, high=self.encoder.high, shape=(self.encoder.size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
            }
        )
        # One space object per agent, so seeding one agent's space leaves the others alone.
        self.observation_spaces = {a: copy.deepcopy(obs_space) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.state: State | None = None
        self._deals: random.Random | None = None  # the seeds of deals after a seeded reset

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        seeded = seed is not None
        if seed is None:
            if self._deals is None:
                self._deals = random.Random(random.SystemRandom().getrandbits(64))
            seed = self._deals.getrandbits(63)
        self.state = self.game.new(self.num_players, seed, self.options)
        if seeded:  # later resets without a seed deal from this stream, so a run seeded once
            self._deals = random.Random(self.state.seed)  # repeats (as Gymnasium's reset does)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.state is not None
        seat = self.state.current_player
        # Once over, PettingZoo still walks each agent through a final (dead) step.
        self.agent_selection = agent_name(0 if seat is None else seat)

    def last(self, observe: bool = True) -> Any:
        if self.state is None:  # (PettingZoo's own error would name a missing attribute)
            raise AttributeError("call reset() first: there is no game yet to take last() of")
        return super().last(observe)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.state is not None, "call reset() first"
        seat = self.seat[agent]
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        if self.state.current_player == seat:
            mask[self.state.legal_actions()] = 1
        view = self.state.view(seat)
        return {
            "observation": self.encoder.encode(view, seat, self.num_players),
            "action_mask": mask,
        }

    def step(self, action: Any) -> None:
        assert self.state is not None, "call reset() first"
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(action)  # IllegalAction names the legal ones, or says it is no int
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.state.is_terminal():
            for a, r in zip(self.possible_agents, self.state.returns(), strict=True):
                self.rewards[a] = float(r)
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        seat = self.state.current_player
        return f"{self.state!r}\n{self.state.view(seat)}"

    def close(self) -> None:
        pass


def env(
    game: str | Game, players: int | None = None, render_mode: str | None = None, **options: Any
) -> DrakkarAEC:
    """The AEC environment of `game` ("knarr"...) for `players` seats with game `options`."""
    return DrakkarAEC(game, players, render_mode, **options)
