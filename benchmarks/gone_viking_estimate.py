"""Fit Gone Viking!'s `estimate()` weights: who wins, seen from each raid's start.

    nice python benchmarks/gone_viking_estimate.py --games 1500

Plays `--games` games of four heuristic bots (game g dealt with seed g) and, at the start of
every raid after the first (the Jarl has been), records each player's wealth, Ships and
whether they lead the raid, and who won the game in the end. It fits a conditional logit
(a softmax over the players of a weighted sum of those features) on the first three quarters
of the raids and reports, on the last quarter, its log loss and how often its favourite won,
beside the wealthiest player alone. `GoneVikingState.estimate` uses the weights printed
(rounded): ISMCTS reads its cut-short roll-outs with them (`estimate=1`).
"""

from __future__ import annotations

import argparse

import numpy as np

import drakkar
from drakkar.games.gone_viking.cards import SHIPS
from drakkar.games.gone_viking.state import GoneVikingState

FEATURES = ("wealth", "Ships", "leads the raid")


def collect(games: int) -> tuple[np.ndarray, np.ndarray]:
    """Features (raids x 4 players x 3) and outcomes (raids x 4, a shared win split)."""
    game = drakkar.load("gone-viking")
    xs: list[list[list[float]]] = []
    ys: list[list[float]] = []
    for g in range(games):
        state = game.new(4, g)
        assert isinstance(state, GoneVikingState)
        bots = [game.heuristic_agent(g * 4 + i) for i in range(4)]
        raid = state.raid
        starts: list[list[list[float]]] = []
        while not state.is_terminal():
            p = state.current_player
            assert p is not None
            state.apply(bots[p].act(state, p))
            if state.raid != raid and not state.is_terminal():
                raid = state.raid
                starts.append(
                    [[state.wealth(q), state.tokens[q][SHIPS], q == state.leader] for q in range(4)]
                )
        xs += starts
        ys += [state.returns()] * len(starts)
    return np.array(xs, float), np.array(ys, float)


def softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def fit(x: np.ndarray, y: np.ndarray, steps: int = 3000, rate: float = 0.05) -> np.ndarray:
    w = np.zeros(x.shape[2])
    for _ in range(steps):
        p = softmax(x @ w)
        w += rate * ((y - p)[:, :, None] * x).sum(axis=(0, 1)) / len(x)
    return w


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=1500)
    args = ap.parse_args()
    x, y = collect(args.games)
    cut = len(x) * 3 // 4
    w = fit(x[:cut], y[:cut])
    p = softmax(x[cut:] @ w)
    loss = -(y[cut:] * np.log(p + 1e-12)).sum(axis=1).mean()
    rows = np.arange(len(p))
    picked = y[cut:][rows, p.argmax(axis=1)].mean()
    richest = y[cut:][rows, x[cut:, :, 0].argmax(axis=1)].mean()
    print(f"{len(x)} raid starts from {args.games} games; fitted on {cut}")
    print("weights: " + ", ".join(f"{n} {v:.2f}" for n, v in zip(FEATURES, w, strict=True)))
    print(
        f"held out: log loss {loss:.3f} (chance {np.log(4):.3f}); its favourite won {picked:.3f},"
    )
    print(f"the wealthiest (first on a tie) {richest:.3f}")


if __name__ == "__main__":
    main()
