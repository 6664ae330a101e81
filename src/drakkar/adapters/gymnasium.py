"""Gymnasium: one seat of a drakkar game as a single-agent environment.

    from drakkar.adapters.gymnasium import DrakkarEnv
    env = DrakkarEnv("viking-raid", players=4, opponents="heuristic")
    obs, info = env.reset(seed=1)
    while True:
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(legal[0]))
        if terminated or truncated:
            break

The learner sits at `seat` (None: a random seat each episode); every other seat is played by an
agent spec (`opponents="heuristic"`, "random", "ismcts:iterations=200", or a list with one spec
per other seat, in seat order), made with `drakkar.agents.spec.make_agent` and reseeded on each
`reset(seed=...)`, so a seed fixes the whole episode. The observation is the game's encoder
applied to the learner's view; `info["action_mask"]` (int8) marks the legal actions. The reward
is 0 until the end, then the learner's `returns()` share (1 a win, 0 a loss, shared wins split).
`env.action_masks()` gives the same mask as booleans, for sb3-contrib's MaskablePPO.

An illegal action (Gymnasium's own checker samples actions without a mask) ends the episode
with `illegal_reward` and `info["illegal_action"] = True`; pass `illegal="raise"` to get
`IllegalAction` instead. An action that is no integer (None, 2.5) raises `IllegalAction`
either way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from drakkar.adapters.encoding import encoder_for
from drakkar.agents.spec import make_agent
from drakkar.engine.agent import Agent
from drakkar.engine.errors import IllegalAction, InvalidOptions
from drakkar.engine.game import Game
from drakkar.engine.options import whole_number_of
from drakkar.engine.registry import load
from drakkar.engine.state import State, action_number


class DrakkarEnv(gymnasium.Env[np.ndarray, np.int64]):
    # text only; a frame rate is declared because Gymnasium's checker asks for one
    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        seat: int | None = 0,
        opponents: str | Sequence[str] = "heuristic",
        illegal: str = "end",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game = game if isinstance(game, Game) else load(game)
        self.num_players = self.game.check_players(
            self.game.default_players if players is None else players
        )
        self.options = self.game.options(options, self.num_players)
        if seat is not None:
            seat = whole_number_of("seat", seat)
            if not 0 <= seat < self.num_players:
                raise InvalidOptions(
                    "seat", f"expected None or 0..{self.num_players - 1}, got {seat!r}"
                )
        self.fixed_seat = seat
        others = self.num_players - 1
        specs = [opponents] * others if isinstance(opponents, str) else list(opponents)
        if len(specs) != others:
            raise InvalidOptions("opponents", f"expected one spec or {others}, got {len(specs)}")
        for spec in specs:
            make_agent(spec, self.game, 0)  # a bad spec fails here, not at the first reset
        self.specs = specs
        if illegal not in ("end", "raise"):
            raise InvalidOptions("illegal", f"expected 'end' or 'raise', got {illegal!r}")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        if render_mode not in (None, "ansi"):
            raise InvalidOptions("render_mode", f"only 'ansi' is offered, not {render_mode!r}")
        self.render_mode = render_mode
        self.encoder = encoder_for(self.game).for_options(self.options)
        self.observation_space = spaces.Box(
            low=0.0, high=self.encoder.high, shape=(self.encoder.size,), dtype=np.float32
        )
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.state: State | None = None
        self.ended = False  # an illegal action (illegal="end") ended the episode
        self.seat = 0 if seat is None else seat
        self.opponents: dict[int, Agent] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.ended = False
        rng = self.np_random
        self.seat = (
            int(rng.integers(self.num_players)) if self.fixed_seat is None else self.fixed_seat
        )
        others = [s for s in range(self.num_players) if s != self.seat]
        self.opponents = {
            s: make_agent(spec, self.game, int(rng.integers(2**63)))
            for s, spec in zip(others, self.specs, strict=True)
        }
        self.state = self.game.new(self.num_players, int(rng.integers(2**63)), self.options)
        self._play_opponents()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self.state
        if state is None:
            raise RuntimeError("call reset() first")
        if state.is_terminal() or self.ended:
            raise RuntimeError("the episode is over; call reset()")
        # Not an integer at all (None, 2.5) is a caller's slip, refused whatever `illegal` says.
        a = action_number(action, self.game.num_distinct_actions)
        if a not in state.legal_actions():
            if self.illegal == "raise":
                state.apply(a)  # raises IllegalAction with the game's own message
                raise IllegalAction(f"action {a} is not legal")  # pragma: no cover
            self.ended = True  # the episode ended on it, though the game did not
            info = self._info()  # so its mask is all zeros, like any ended episode's
            info["illegal_action"] = True
            return self._obs(), self.illegal_reward, True, False, info
        state.apply(a)
        self._play_opponents()
        over = state.is_terminal()
        reward = float(state.returns()[self.seat]) if over else 0.0
        return self._obs(), reward, over, False, self._info()

    def _play_opponents(self) -> None:
        state = self.state
        assert state is not None
        while not state.is_terminal() and state.current_player != self.seat:
            seat = state.current_player
            assert seat is not None
            state.apply(self.opponents[seat].act(state, seat))

    def _obs(self) -> np.ndarray:
        assert self.state is not None
        view = self.state.view(self.seat)
        return self.encoder.encode(view, self.seat, self.num_players)

    def _info(self) -> dict[str, Any]:
        assert self.state is not None
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        if self.state.current_player == self.seat and not self.ended:
            mask[self.state.legal_actions()] = 1
        return {"action_mask": mask, "seat": self.seat}

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans: the method sb3-contrib's MaskablePPO calls (the
        same as `info["action_mask"]`)."""
        return self._info()["action_mask"].astype(bool)

    def render(self) -> str | None:  # type: ignore[override]
        if self.render_mode is None or self.state is None:
            return None
        return f"{self.state!r}\n{self.state.view(self.seat)}"


def register_envs() -> list[str]:
    """Register every game with Gymnasium as "drakkar/<name>-v0"; returns the ids.

    Then `gymnasium.make("drakkar/knarr-v0", players=3, opponents="random")` works.
    """
    from drakkar.engine.registry import games

    ids = []
    for game in games():
        env_id = f"drakkar/{game.name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                env_id,
                entry_point="drakkar.adapters.gymnasium:DrakkarEnv",
                kwargs={"game": game.name},
            )
        ids.append(env_id)
    return ids
