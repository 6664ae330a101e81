"""Fit Viking Raid's `estimate()` weights: who wins, seen from each turn's Declaration.

    nice python benchmarks/viking_raid_estimate.py --games 4000

Plays `--games` games of four heuristic bots (game g dealt with seed g) and, at every
Declaration (where ISMCTS's `settle` cuts a roll-out), records each player's features
(`drakkar.games.viking_raid.estimate.features`: Gold, still in, raids, the raid under way's
prospect, and how late the game is) and who won in the end. It fits a conditional logit (a
softmax over the players of a weighted sum of the features) on the first three quarters of
the games and reports, on the last quarter, its log loss and how often its favourite won,
beside the richest player alone. `estimate.WEIGHTS` holds the weights printed (rounded).
"""

from __future__ import annotations

import argparse

import numpy as np

import drakkar
from drakkar.games.viking_raid.estimate import FEATURES, features
from drakkar.games.viking_raid.state import DECLARE, VikingRaidState


def collect(games: int, players: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features (positions x players x features), outcomes (positions x players, a shared
    win split) and each position's game."""
    game = drakkar.load("viking-raid")
    xs: list[list[list[float]]] = []
    ys: list[list[float]] = []
    gs: list[int] = []
    for g in range(games):
        state = game.new(players, g)
        assert isinstance(state, VikingRaidState)
        bots = [game.heuristic_agent(g * players + i) for i in range(players)]
        seen: list[list[list[float]]] = []
        while not state.is_terminal():
            if state.step == DECLARE:
                seen.append(features(state))
            p = state.current_player
            assert p is not None
            state.apply(bots[p].act(state, p))
        xs += seen
        ys += [state.returns()] * len(seen)
        gs += [g] * len(seen)
    return np.array(xs, float), np.array(ys, float), np.array(gs)


def softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def fit(x: np.ndarray, y: np.ndarray, steps: int = 30, ridge: float = 1.0) -> np.ndarray:
    """Maximum likelihood by Newton's method (the conditional logit's loss is convex), with a
    small ridge: at the game's last round Gold all but decides, and the weight would run off."""
    w = np.zeros(x.shape[2])
    for _ in range(steps):
        p = softmax(x @ w)
        grad = ((y - p)[:, :, None] * x).sum(axis=(0, 1)) - ridge * w
        mean = (p[:, :, None] * x).sum(axis=1)  # per position, the expected features
        second = np.einsum("np,npi,npj->ij", p, x, x) - mean.T @ mean
        w += np.linalg.solve(second + ridge * np.eye(len(w)), grad)
    return w


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    x, y, g = collect(args.games, args.players)
    train = g < args.games * 3 // 4
    w = fit(x[train], y[train])
    test = ~train
    p = softmax(x[test] @ w)
    loss = -(y[test] * np.log(p + 1e-12)).sum(axis=1).mean()
    rows = np.arange(len(p))
    picked = y[test][rows, p.argmax(axis=1)].mean()
    richest = y[test][rows, x[test, :, 0].argmax(axis=1)].mean()
    print(f"{len(x)} Declarations from {args.games} games; fitted on {train.sum()}")
    print("weights: " + ", ".join(f"{n} {v:.3f}" for n, v in zip(FEATURES, w, strict=True)))
    print(f"WEIGHTS = ({', '.join(f'{v:.3f}' for v in w)})")
    print(
        f"held out: log loss {loss:.3f} (chance {np.log(args.players):.3f}); "
        f"its favourite won {picked:.3f}, the richest (first on a tie) {richest:.3f}"
    )


if __name__ == "__main__":
    main()
