"""drakkar's ISMCTS against OpenSpiel's IS-MCTS bot, at the same iterations a move.

    python benchmarks/openspiel_match.py                       # every game, 200 games each
    python benchmarks/openspiel_match.py --games high-card --count 50 --iterations 100

Both bots search with random roll-outs and the same exploration constant; an OpenSpiel
"simulation" and a drakkar "iteration" are the same unit (one sampled world, one descent, one
expansion, one roll-out). OpenSpiel's bot plays through `drakkar.adapters.openspiel` with a
resampler built on the game's `redeterminize`. Seats alternate between the two bots and the
pattern shifts by one every game, so each bot sits in every seat equally often. Reported per
bot: the mean return per seat it held (1/players is parity), with a 95% interval, and the
seconds it spent per move. Results go to stdout as a Markdown table and, with --json, to a file.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import dataclass, field

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import drakkar
import drakkar.engine.toy  # noqa: F401  (High Card, for a quick smoke run)
from drakkar.adapters.openspiel import register, resampler, short_name
from drakkar.agents.spec import make_agent
from drakkar.engine.errors import InvalidOptions
from drakkar.engine.game import Game
from drakkar.engine.registry import load

DRAKKAR, OPENSPIEL = "drakkar ISMCTS", "OpenSpiel IS-MCTS"


@dataclass
class Tally:
    returns: list[float] = field(default_factory=list)
    seconds: float = 0.0
    moves: int = 0

    def summary(self) -> tuple[float, float, float]:
        n = len(self.returns)
        mean = sum(self.returns) / n
        sd = math.sqrt(sum((r - mean) ** 2 for r in self.returns) / max(n - 1, 1))
        return mean, 1.96 * sd / math.sqrt(n), self.seconds / max(self.moves, 1)


def play_match(
    game: Game, players: int, count: int, iterations: int, c: float, seed: int, ours_spec: str
) -> dict:
    register(game)
    spiel_game = pyspiel.load_game(f"{short_name(game)}(players={players})")
    tallies = {DRAKKAR: Tally(), OPENSPIEL: Tally()}
    rng = random.Random(seed)
    for g in range(count):
        seats = [DRAKKAR if (i + g) % 2 == 0 else OPENSPIEL for i in range(players)]
        ours = make_agent(ours_spec, game, rng.getrandbits(63))
        rs = np.random.RandomState(rng.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
        theirs = ismcts.ISMCTSBot(spiel_game, evaluator, c, iterations, random_state=rs)
        theirs.set_resampler(resampler(random.Random(rng.getrandbits(63))))
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            seat = state.current_player()
            who = seats[seat]
            start = time.perf_counter()
            action = ours.act(state.inner, seat) if who == DRAKKAR else int(theirs.step(state))
            tallies[who].seconds += time.perf_counter() - start
            tallies[who].moves += 1
            state.apply_action(action)
        for seat, r in enumerate(state.returns()):
            tallies[seats[seat]].returns.append(r)
        print(f"  {game.name} game {g + 1}/{count}: {state.returns()}", file=sys.stderr)
    out = {"game": game.name, "players": players, "games": count, "iterations": iterations}
    for who, t in tallies.items():
        mean, half, per_move = t.summary()
        out[who] = {"mean_return": mean, "ci95": half, "seconds_per_move": per_move}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", nargs="*", help="game names (default: every registered game)")
    ap.add_argument("--players", type=int, help="player count (default: each game's default)")
    ap.add_argument("--count", type=int, default=200, help="games per game (default 200)")
    ap.add_argument("--iterations", type=int, default=200, help="iterations a move (200)")
    ap.add_argument("--c", type=float, default=0.7, help="UCB exploration constant (0.7)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ours", help="drakkar's agent spec (default ismcts:iterations=N,c=C)")
    ap.add_argument("--json", help="also write the results to this file")
    args = ap.parse_args(argv)
    games = [load(n) for n in args.games] if args.games else drakkar.games()
    ours = args.ours or f"ismcts:iterations={args.iterations},c={args.c}"
    try:
        make_agent(ours, games[0])  # fails early, naming a missing agent
    except InvalidOptions as e:
        print(f"openspiel_match: {e}", file=sys.stderr)
        return 2
    rows = []
    for game in games:
        players = args.players or game.default_players
        start = time.perf_counter()
        result = play_match(game, players, args.count, args.iterations, args.c, args.seed, ours)
        result["wall_seconds"] = time.perf_counter() - start
        rows.append(result)
    print(
        f"\n{ours} against OpenSpiel at {args.iterations} iterations a move, c={args.c}, random roll-outs; mean return per "
        "seat held (parity is 1/players), 95% interval; seconds per move\n"
    )
    print(
        f"| game | players | games | drakkar `{ours}` | {OPENSPIEL} | s/move (drakkar / OpenSpiel) |"
    )
    print("| --- | ---: | ---: | --- | --- | --- |")
    for r in rows:
        ours, theirs = r[DRAKKAR], r[OPENSPIEL]
        print(
            f"| {r['game']} | {r['players']} | {r['games']} "
            f"| {ours['mean_return']:.3f} ± {ours['ci95']:.3f} "
            f"| {theirs['mean_return']:.3f} ± {theirs['ci95']:.3f} "
            f"| {ours['seconds_per_move']:.3f} / {theirs['seconds_per_move']:.3f} |"
        )
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(rows, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
