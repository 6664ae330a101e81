"""drakkar's ISMCTS against OpenSpiel's IS-MCTS bot, at the same iterations a move.

    python benchmarks/openspiel_match.py --jobs 2              # every game, 200 games each
    python benchmarks/openspiel_match.py --games high-card --count 50 --iterations 100

drakkar plays its `ismcts` spec with random roll-outs (`rollout=random,bias=0,settle=0,
estimate=0` on top of the game's defaults: its roll-out depth and the heuristic prior at the
root). OpenSpiel's `ISMCTSBot` plays through `drakkar.adapters.openspiel`, with a resampler
built on the game's `redeterminize` and `RolloutEvaluator`: OpenSpiel's random roll-out
evaluator run on the drakkar state, cut after the same depth as drakkar's, so both bots see
the same roll-outs and an OpenSpiel "simulation" and a drakkar "iteration" are the same unit
(one sampled world, one descent, one expansion, one roll-out). `--ours` plays another spec,
e.g. the shipped one (`ismcts:iterations=50`, heuristic roll-outs in every game), which
OpenSpiel's random roll-outs then do not match. Seats alternate
between the two bots and the pattern shifts by one every game, so each bot sits in every seat
equally often; game g is dealt from its own seed, so `--jobs` does not change the results.
Reported per bot: the mean return per seat it held (1/players is parity), with a 95% interval,
and the seconds it spent per move. Results go to stdout as a Markdown table and, with --json,
to a file.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import multiprocessing
import random
import sys
import time
from dataclasses import dataclass, field

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

import drakkar
import drakkar.engine.toy  # noqa: F401  (High Card, for a quick smoke run)
from drakkar.adapters.openspiel import RolloutEvaluator, register, resampler, short_name
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


def play_one(
    game_name: str, players: int, g: int, iterations: int, c: float, seed: int, ours_spec: str
) -> dict:
    """Game `g` of a match: its own seeds, so games can run in any order or process."""
    game = load(game_name)
    register(game)
    spiel_game = pyspiel.load_game(
        f"{short_name(game)}(players={players},deal={seed * 100_003 + g})"
    )
    rng = random.Random(f"{seed}:{g}")
    seats = [DRAKKAR if (i + g) % 2 == 0 else OPENSPIEL for i in range(players)]
    ours = make_agent(ours_spec, game, rng.getrandbits(63))
    rs = np.random.RandomState(rng.getrandbits(32))
    # The same roll-outs as drakkar's agent: random, cut after the same depth.
    evaluator = RolloutEvaluator(ours.depth, random.Random(rng.getrandbits(63)))
    theirs = ismcts.ISMCTSBot(spiel_game, evaluator, c, iterations, random_state=rs)
    theirs.set_resampler(resampler(random.Random(rng.getrandbits(63))))
    seconds = {DRAKKAR: 0.0, OPENSPIEL: 0.0}
    moves = {DRAKKAR: 0, OPENSPIEL: 0}
    state = spiel_game.new_initial_state()
    while not state.is_terminal():
        seat = state.current_player()
        who = seats[seat]
        start = time.perf_counter()
        action = ours.act(state.inner, seat) if who == DRAKKAR else int(theirs.step(state))
        seconds[who] += time.perf_counter() - start
        moves[who] += 1
        state.apply_action(action)
    return {"seats": seats, "returns": state.returns(), "seconds": seconds, "moves": moves}


def play_match(
    game: Game,
    players: int,
    count: int,
    iterations: int,
    c: float,
    seed: int,
    ours_spec: str,
    jobs: int = 1,
) -> dict:
    tallies = {DRAKKAR: Tally(), OPENSPIEL: Tally()}
    args = [(game.name, players, g, iterations, c, seed, ours_spec) for g in range(count)]
    with multiprocessing.Pool(jobs) if jobs > 1 else contextlib.nullcontext() as pool:
        results = pool.imap_unordered(_play_one_star, args) if pool else map(_play_one_star, args)
        for done, result in enumerate(results, 1):
            for seat, r in enumerate(result["returns"]):
                tallies[result["seats"][seat]].returns.append(r)
            for who, t in tallies.items():
                t.seconds += result["seconds"][who]
                t.moves += result["moves"][who]
            print(f"  {game.name} game {done}/{count}: {result['returns']}", file=sys.stderr)
    out = {"game": game.name, "players": players, "games": count, "iterations": iterations}
    for who, t in tallies.items():
        mean, half, per_move = t.summary()
        out[who] = {"mean_return": mean, "ci95": half, "seconds_per_move": per_move}
    return out


def _play_one_star(args: tuple) -> dict:
    return play_one(*args)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", nargs="*", help="game names (default: every registered game)")
    ap.add_argument("--players", type=int, help="player count (default: each game's default)")
    ap.add_argument("--count", type=int, default=200, help="games per game (default 200)")
    ap.add_argument("--iterations", type=int, default=200, help="iterations a move (200)")
    ap.add_argument("--c", type=float, default=0.7, help="UCB exploration constant (0.7)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--ours",
        help="drakkar's agent spec (default: ismcts:iterations=N,c=C with random roll-outs)",
    )
    ap.add_argument("--json", help="also write the results to this file")
    ap.add_argument(
        "--jobs", type=int, default=1, help="games played at once, one process each (1)"
    )
    args = ap.parse_args(argv)
    games = [load(n) for n in args.games] if args.games else drakkar.games()
    ours = args.ours or (
        f"ismcts:iterations={args.iterations},c={args.c},rollout=random,bias=0,settle=0,estimate=0"
    )
    try:
        make_agent(ours, games[0])  # fails early, naming a missing agent
    except InvalidOptions as e:
        print(f"openspiel_match: {e}", file=sys.stderr)
        return 2
    rows = []
    for game in games:
        players = args.players or game.default_players
        start = time.perf_counter()
        result = play_match(
            game, players, args.count, args.iterations, args.c, args.seed, ours, args.jobs
        )
        result["wall_seconds"] = time.perf_counter() - start
        rows.append(result)
    print(
        f"\n{ours} against OpenSpiel at {args.iterations} iterations a move, c={args.c}, OpenSpiel with random roll-outs; mean return per "
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
