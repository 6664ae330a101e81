"""A random-policy loop (PettingZoo) and an action-mask-aware evaluation (Gymnasium).

    python examples/research_loop.py                 # the first registered game
    python examples/research_loop.py --game knarr --players 3 --episodes 20

Trains nothing: it shows the loop a learner would sit in. Needs `pip install 'drakkar[research]'`.
"""

from __future__ import annotations

import argparse
import random

import numpy as np

import drakkar
import drakkar.engine.toy  # noqa: F401  (makes the toy game "high-card" loadable)
from drakkar.adapters.gymnasium import DrakkarEnv
from drakkar.adapters.pettingzoo import env as aec_env


def random_policy_loop(game: str, players: int, seed: int) -> dict[str, float]:
    """Every seat picks a random legal action from its mask; returns the final rewards."""
    env = aec_env(game, players=players)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            final[agent] = float(reward)
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
    return final


def evaluate(game: str, players: int, policy, episodes: int, seed: int) -> float:
    """Mean reward of `policy(obs, mask) -> action` at seat 0 against heuristic opponents."""
    env = DrakkarEnv(game, players=players, seat=0, opponents="heuristic")
    total = 0.0
    for episode in range(episodes):
        obs, info = env.reset(seed=seed + episode)
        done = False
        while not done:
            action = policy(obs, info["action_mask"])
            obs, reward, terminated, truncated, info = env.step(action)
            total += reward
            done = terminated or truncated
    return total / episodes


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    names = [g.name for g in drakkar.games()] or ["high-card"]
    ap.add_argument("--game", default=names[0])
    ap.add_argument("--players", type=int)
    ap.add_argument("--episodes", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    game = drakkar.load(args.game)
    players = args.players or game.default_players

    print(f"{game.title}, {players} players")
    print("random-policy loop, final rewards:", random_policy_loop(game.name, players, args.seed))

    rng = random.Random(args.seed)

    def masked_random(obs: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(list(np.flatnonzero(mask))))

    def first_legal(obs: np.ndarray, mask: np.ndarray) -> int:
        return int(np.flatnonzero(mask)[0])

    for name, policy in (("masked random", masked_random), ("first legal", first_legal)):
        mean = evaluate(game.name, players, policy, args.episodes, args.seed)
        print(f"{name:>13} vs heuristic: mean reward {mean:.3f} over {args.episodes} episodes")


if __name__ == "__main__":
    main()
