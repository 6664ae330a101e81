"""A learner that learns: REINFORCE with a linear softmax policy, in NumPy, through Gymnasium.

    python examples/reinforce.py                                   # Viking Raid, 4 players
    python examples/reinforce.py --game knarr --players 3 --episodes 20000
    python examples/reinforce.py --opponents heuristic --save policy.npz

One seat (a random one each episode) is the learner; the others are played by `--opponents`.
The policy scores each action by a linear function of the observation vector, masks the
illegal ones and samples from the softmax; after each episode every decision is pushed
towards the actions taken in proportion to how much better than usual the episode went
(REINFORCE with a running-mean baseline; Williams 1992). Before and after training, the
greedy policy (the highest score among the legal actions) plays `--eval` episodes on seeds the
training never saw; chance is one win in `players`.

It shows the loop a learner sits in, and it learns (Viking Raid against three random players:
0.25 untrained, 0.42 after 40,000 episodes, about 90 s); `--blind`, the same learner shown a
blank observation, reaches 0.40: what this linear learner gains is mostly which actions to
prefer, little yet from what it reads. Observations are scaled to [0, 1] by each field's range
first (unscaled, it ended at 0.36, below `--blind`). It is a loop to start from and a baseline to
beat (docs/research.md), no match for the heuristic bot (0.45).
Needs `pip install 'drakkar[research]'`.
"""

from __future__ import annotations

import argparse
import time

import gymnasium
import numpy as np
from gymnasium.wrappers import TransformObservation

import drakkar
import drakkar.engine.toy  # noqa: F401  (makes the toy game "high-card" loadable)
from drakkar.adapters.gymnasium import DrakkarEnv
from drakkar.sim.stats import wilson

EVAL_SEED = 10**9  # evaluation episodes are dealt from here: never seen in training


class LinearPolicy:
    """Softmax over the legal actions of W @ obs + b."""

    def __init__(self, observations: int, actions: int) -> None:
        self.W = np.zeros((actions, observations))
        self.b = np.zeros(actions)

    def probabilities(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        z = self.W @ obs + self.b
        z[~mask] = -np.inf
        p = np.exp(z - z[mask].max())
        return p / p.sum()

    def greedy(self, obs: np.ndarray, mask: np.ndarray) -> int:
        z = self.W @ obs + self.b
        z[~mask] = -np.inf
        return int(np.argmax(z))


def episode(env: gymnasium.Env, seed: int, choose) -> tuple[float, list]:  # type: ignore[no-untyped-def]
    """Play one episode with `choose(obs, mask) -> action`; (the learner's reward, its steps)."""
    obs, info = env.reset(seed=seed)
    steps, total, done = [], 0.0, False
    while not done:
        mask = info["action_mask"].astype(bool)
        action = choose(obs, mask)
        steps.append((obs, action, mask))
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
    return total, steps


def train(
    env: gymnasium.Env, policy: LinearPolicy, episodes: int, lr: float, seed: int, every: int
) -> None:
    rng = np.random.default_rng(seed)
    baseline = 1.0 / env.unwrapped.state.num_players  # type: ignore[attr-defined]
    recent: list[float] = []
    started = time.monotonic()

    def sample(obs: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(len(mask), p=policy.probabilities(obs, mask)))

    for k in range(episodes):
        reward, steps = episode(env, seed + k, sample)
        advantage = reward - baseline
        baseline += 0.01 * (reward - baseline)
        for obs, action, mask in steps:  # the gradient of log p(action) for a linear softmax
            legal = np.flatnonzero(mask)  # it is zero elsewhere: only these rows change
            grad = -policy.probabilities(obs, mask)[legal]
            grad[np.searchsorted(legal, action)] += 1.0
            policy.W[legal] += lr * advantage * np.outer(grad, obs)
            policy.b[legal] += lr * advantage * grad
        recent.append(reward)
        if (k + 1) % every == 0:
            took = time.monotonic() - started
            print(f"  {k + 1:>7,} episodes: mean reward of the last {every:,} "
                  f"{np.mean(recent[-every:]):.3f} ({took:.0f} s)", flush=True)  # fmt: skip


def evaluate(env: gymnasium.Env, choose, episodes: int) -> str:  # type: ignore[no-untyped-def]
    """The mean reward of `choose(obs, mask) -> action` over `episodes` unseen deals."""
    total = sum(episode(env, EVAL_SEED + k, choose)[0] for k in range(episodes))
    low, high = wilson(total, episodes)
    return f"mean reward {total / episodes:.3f} (95%: {low:.3f}-{high:.3f})"


def main(argv: list[str] | None = None) -> LinearPolicy:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="viking-raid")
    ap.add_argument("--players", type=int, help="default: the game's usual number")
    ap.add_argument("--opponents", default="random", help="an agent spec for the other seats")
    ap.add_argument("--episodes", type=int, default=40_000, help="training episodes")
    ap.add_argument("--lr", type=float, default=0.01, help="the learning rate")
    ap.add_argument("--eval", type=int, default=2_000, help="evaluation episodes, before and after")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--save", help="write the trained weights here (.npz: W, b)")
    ap.add_argument(
        "--blind",
        action="store_true",
        help="show the learner a blank observation: it can learn only which actions to prefer "
        "(the baseline a learner that reads the observation has to beat)",
    )
    args = ap.parse_args(argv)
    if args.episodes < 0 or args.eval < 1 or args.lr <= 0:
        ap.error("--episodes must be 0 or more, --eval 1 or more and --lr above 0")
    game = drakkar.load(args.game)
    players = args.players or game.default_players
    env: gymnasium.Env = DrakkarEnv(game.name, players=players, seat=None, opponents=args.opponents)
    # Each entry scaled to [0, 1] by its field's range: raw, a count of 100 Gold next to 0/1
    # flags took steps 100 times too long, and the learner ended lower (0.364 against 0.422).
    high = env.observation_space.high
    scaled = gymnasium.spaces.Box(0.0, 1.0, high.shape, np.float32)
    env = TransformObservation(env, lambda obs: obs / high, scaled)
    if args.blind:  # every observation blanked by Gymnasium's own wrapper
        env = TransformObservation(env, np.zeros_like, env.observation_space)
    obs, info = env.reset(seed=args.seed)
    policy = LinearPolicy(obs.shape[0], info["action_mask"].shape[0])
    print(f"{game.title}, {players} players, the learner against {args.opponents}; "
          f"{obs.shape[0]} observations, {info['action_mask'].shape[0]} actions")  # fmt: skip
    rng = np.random.default_rng(args.seed)

    def uniform(obs: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    print("untrained (uniform among the legal actions):", evaluate(env, uniform, args.eval))
    train(env, policy, args.episodes, args.lr, args.seed, every=max(1, args.episodes // 8))
    print("trained, greedy:", evaluate(env, policy.greedy, args.eval))
    if args.save:
        np.savez(args.save, W=policy.W, b=policy.b)
        print(f"weights saved to {args.save}")
    return policy


if __name__ == "__main__":
    main()
