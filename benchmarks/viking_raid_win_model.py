"""Fit the Viking Raid bot's win model (`bot.WIN_MODEL`) from games against random bots.

nice python benchmarks/viking_raid_win_model.py [--games 20000] [--seed 1000000]

At the start of every turn of `--games` 4-player games (and 30% as many of 2, 3, 5 and 6
players: 6,000 each by default), while the heuristic bot is still in and not in the middle
of a raid, it records the bot's standing (lead over the richest other player, rivals still
in, most raids of a player still in, whether the game is ending) and whether the bot won in
the end; then fits P(win) by logistic regression (Newton's method, a little L2) over the
terms `bot._win_chance` uses, and prints them as the WIN_MODEL tuple. The checked-in numbers
were fitted on 458,736 such turns of the bot as it was before its last-round and duel rules
(commit 6bf09f7), with the default arguments.
"""

from __future__ import annotations

import argparse

import numpy as np

import drakkar
from drakkar.agents.random_agent import RandomAgent


def standings(games: int, players: int, seed: int) -> tuple[list[list[float]], list[float]]:
    """(terms, result) rows: one per turn start with the bot in and not mid-raid."""
    game = drakkar.load("viking-raid")
    rows, wins = [], []
    for i in range(games):
        seat = i % players
        bots = [RandomAgent(seed + i * 10 + k) for k in range(players)]
        bots[seat] = game.heuristic_agent(seed + i)  # type: ignore[call-overload]
        state = game.new(players, seed + i, {"sinking": "out"})
        mine, last = [], None
        while not state.is_terminal():
            if (state.round_no, state.turn) != last:
                last = (state.round_no, state.turn)
                if not state.out[seat] and state.ship[seat] < 0:
                    mine.append(_terms(state, seat))
            p = state.current_player
            assert p is not None
            state.apply(bots[p].act(state, p))
        rows += mine
        wins += [state.returns()[seat]] * len(mine)
    return rows, wins


def _terms(state, seat: int) -> list[float]:  # type: ignore[no-untyped-def]
    others = [i for i in range(state.num_players) if i != seat]
    lead = state.gold[seat] - max(state.gold[i] for i in others)
    rivals = [state.raids[i] for i in others if not state.out[i]]
    n = min(len(rivals), 5)
    progress = min(max(rivals + [state.raids[seat]]), 2)
    p1, p2, e = float(progress == 1), float(progress == 2), float(state.ending)
    x = max(-25, min(25, lead)) / 10
    return [1, n == 2, n == 3, n == 4, n == 5, p1, p2, e,
            x, x * p1, x * p2, x * e, x * (n - 1), abs(x), abs(x) * (progress >= 1)]  # fmt: skip


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 30) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) / len(y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x / len(y) + l2 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1_000_000)
    args = ap.parse_args()
    rows, wins = standings(args.games, 4, args.seed)
    for players in (2, 3, 5, 6):
        r, w = standings(args.games * 3 // 10, players, 2_000_000)
        rows += r
        wins += w
    w = fit(np.array(rows, dtype=float), np.array(wins))
    print(f"{len(rows)} turns; WIN_MODEL = ({', '.join(f'{v:.3f}' for v in w)})")


if __name__ == "__main__":
    main()
