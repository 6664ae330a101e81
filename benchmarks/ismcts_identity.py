"""Proof that a speed-up changed no ISMCTS decision: record games, then check them.

    nice python benchmarks/ismcts_identity.py --record      # once, before optimising
    nice python benchmarks/ismcts_identity.py               # after each change: must say SAME

Plays games 0..`--games`-1 of each game exactly as `ismcts_strength.py` does (ISMCTS in seat
g mod players built by `make_agent(spec, game, g)`, heuristic bots seeded g*16+i, the deal
seed g), at `--spec` (default `ismcts:iterations=200`). For every game it keeps the whole
action sequence and a digest of every search's result (each candidate and its share of the
visits), so a change in any random draw or any tree statistic shows, not only a changed move.
The record lives in results/ismcts_identity.json. Also prints ISMCTS iterations per second of
CPU time (process time: steadier than the wall clock on a shared machine).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

import drakkar
from drakkar.agents.ismcts import ISMCTSAgent
from drakkar.agents.spec import make_agent

PLAYERS = {"gone-viking": 4, "villainous-vikings": 4, "knarr": 3, "viking-raid": 4}
RECORD = Path(__file__).parent / "results" / "ismcts_identity.json"


def play(game: drakkar.Game, players: int, g: int, spec: str) -> tuple[dict, int, float]:
    """One game; its record, and the ISMCTS iterations run and seconds spent searching."""
    seat = g % players
    agents = [game.heuristic_agent(g * 16 + i) for i in range(players)]
    bot = make_agent(spec, game, g)
    assert isinstance(bot, ISMCTSAgent)
    state = game.new(players, g)
    digest = hashlib.sha256()
    iterations, searching = 0, 0.0
    while not state.is_terminal():
        p = state.current_player
        assert p is not None
        if p == seat and len(state.legal_actions()) > 1:
            t0 = time.process_time()
            ranked = bot.analyse(state, p)  # what `act` does, keeping the visit shares
            searching += time.process_time() - t0
            iterations += bot.last_iterations
            digest.update(repr(ranked).encode())
            action = ranked[0][0]
        else:
            action = bot.act(state, p) if p == seat else agents[p].act(state, p)
        state.apply(action)
    record = {"actions": state.history, "searches": digest.hexdigest()}
    return record, iterations, searching


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("games", nargs="*", help="games (default: Gone Viking! and Villainous Vikings)")
    ap.add_argument("--games", dest="count", type=int, default=4)
    ap.add_argument("--spec", default="ismcts:iterations=200")
    ap.add_argument("--record", action="store_true", help="write the record instead of checking")
    args = ap.parse_args()
    names = args.games or ["gone-viking", "villainous-vikings"]
    unknown = [n for n in names if n not in PLAYERS]
    if unknown:
        ap.error(f"no game {', '.join(unknown)} (games: {', '.join(PLAYERS)})")
    saved = json.loads(RECORD.read_text()) if RECORD.exists() else {}
    bad = 0
    for name in names:
        game = drakkar.load(name)
        players = PLAYERS[game.name]
        its, secs = 0, 0.0
        for g in range(args.count):
            key = f"{game.name} {players}p {args.spec} game {g}"
            record, i, s = play(game, players, g, args.spec)
            its, secs = its + i, secs + s
            if args.record:
                saved[key] = record
                verdict = "recorded"
            elif key not in saved:
                verdict = "NOT RECORDED"
                bad += 1
            elif saved[key] == record:
                verdict = "SAME"
            else:
                old = saved[key]["actions"]
                new = record["actions"]
                at = next(
                    (j for j, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), None
                )
                verdict = f"DIFFERENT (actions differ from index {at}; searches differ)"
                bad += 1
            print(f"{key}: {len(record['actions'])} actions, {verdict}", flush=True)
        print(f"{game.name}: {its / secs:.0f} ISMCTS iterations/s of CPU ({its} in {secs:.1f} s)")
    if args.record:
        RECORD.write_text(json.dumps(saved, indent=0, sort_keys=True) + "\n")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
