"""ISMCTS iterations per second, per game, at the settings a spec string gives.

    nice python benchmarks/ismcts_speed.py                 # every game, spec `ismcts`
    nice python benchmarks/ismcts_speed.py knarr --spec ismcts:depth=0 --positions 5

Plays a game between heuristic bots (seed 0) and, at every decision with a choice, runs one
search of `--iterations` from that position, until `--positions` searches are timed.
"""

from __future__ import annotations

import argparse
import time

import drakkar
from drakkar.agents.ismcts import ISMCTSAgent
from drakkar.agents.spec import make_agent
from drakkar.engine.registry import games as list_games

PLAYERS = {"viking-raid": 4, "gone-viking": 4, "knarr": 3, "villainous-vikings": 4}


def measure(game: drakkar.Game, players: int, spec: str, iterations: int, positions: int) -> float:
    bots = [game.heuristic_agent(i) for i in range(players)]
    state = game.new(players, 0)
    timed = 0
    spent = 0.0
    done = 0
    while not state.is_terminal() and timed < positions:
        p = state.current_player
        assert p is not None
        if len(state.legal_actions()) > 1:
            agent = make_agent(
                f"{spec}{',' if ':' in spec else ':'}iterations={iterations}", game, timed
            )
            assert isinstance(agent, ISMCTSAgent)
            t0 = time.perf_counter()
            agent.analyse(state, p)
            spent += time.perf_counter() - t0
            done += agent.last_iterations
            timed += 1
        state.apply(bots[p].act(state, p))
    return done / spent if spent else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("games", nargs="*", help="games (default: all)")
    ap.add_argument("--spec", default="ismcts")
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--positions", type=int, default=8)
    args = ap.parse_args()
    chosen = [drakkar.load(g) for g in args.games] or list_games()
    for game in chosen:
        players = PLAYERS.get(game.name, game.default_players)
        rate = measure(game, players, args.spec, args.iterations, args.positions)
        print(f"{game.name} {players}p, {args.spec}: {rate:.0f} iterations/s", flush=True)


if __name__ == "__main__":
    main()
