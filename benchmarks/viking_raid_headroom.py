"""How much one better move could gain over Viking Raid's heuristic bot: a one-step oracle.

    nice python benchmarks/viking_raid_headroom.py --opponents heuristic --positions 100
    nice python benchmarks/viking_raid_headroom.py --opponents random --jobs 2

Plays 4-player games of the heuristic bot (in seat g mod 4 of game g, from `--seed`) against
three `--opponents` and picks one of the bot's decisions (more than one legal action) at
random in each game. At that position, for each of `--samples` sampled worlds (the seat's
view kept, the rest re-dealt, as the search sees it) it plays every legal action and then
the game to the end: the seat by the heuristic bot, the opponents as they are. Every action
is played in the same worlds (common random numbers), so their differences are sharp.

For each position the gain of the best action over the bot's own is estimated without the
optimism of picking the best of noisy figures: the action is chosen on half of the worlds
and scored on the other half. A game's gain at its position times its number of decisions,
averaged over the games, is about what a search could add to the bot's win rate by playing better moves one at a
time (as ISMCTS with the bot's roll-outs does): the headroom for issue 6 (opponents:
heuristic) and issue 2 (opponents: random).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
from collections import defaultdict
from typing import Any

import drakkar
from drakkar.agents.random_agent import RandomAgent
from drakkar.engine.rng import Rng
from drakkar.games.viking_raid.state import STEP_NAMES

PLAYERS = 4


def _opponent_policy(kind: str, rng: random.Random) -> Any:
    """The opponents' move in a sampled world: the heuristic bot's, or a random one."""
    if kind == "heuristic":
        return drakkar.load("viking-raid").heuristic_agent(0).rollout_act

    def random_move(state: Any, p: int) -> int:
        legal = state.legal_actions()
        return legal[int(rng.random() * len(legal))]

    return random_move


def position(g: int, kind: str) -> tuple[Any, int, int, int] | None:
    """Game g's sampled decision of the bot: (state, seat, the bot's move, decisions)."""
    game = drakkar.load("viking-raid")
    seat = g % PLAYERS
    bot = game.heuristic_agent(g)
    others = [RandomAgent(g * 10 + k) if kind == "random" else bot for k in range(PLAYERS)]
    state = game.new(PLAYERS, g)
    seen = []
    while not state.is_terminal():
        p = state.current_player
        assert p is not None
        legal = state.legal_actions()
        if p == seat and len(legal) > 1:
            seen.append(state.clone())
        agent = bot if p == seat else others[p]
        state.apply(legal[0] if len(legal) == 1 else agent.act(state, p))
    if not seen:
        return None
    chosen = random.Random(g).choice(seen)
    return chosen, seat, bot.act(chosen, seat), len(seen)


def evaluate(args: tuple[int, str, int]) -> dict[str, Any] | None:
    """The win chance of each legal action at game g's sampled position."""
    g, kind, samples = args
    found = position(g, kind)
    if found is None:
        return None
    state, seat, advice, decisions = found
    rng = random.Random(g * 7919)
    me = drakkar.load("viking-raid").heuristic_agent(0).rollout_act
    them = _opponent_policy(kind, rng)
    legal = state.legal_actions()
    wins: dict[int, list[float]] = {a: [] for a in legal}
    for _ in range(samples):
        world = state.clone()
        world.rng = Rng(rng.getrandbits(64))
        world.redeterminize(seat, rng)
        for a in legal:
            w = world.clone()
            w.apply(a)
            while not w.is_terminal():
                p = w.current_player
                moves = w.legal_actions()
                w.apply(moves[0] if len(moves) == 1 else (me if p == seat else them)(w, p))
            wins[a].append(w.returns()[seat])
    half = samples // 2
    best = max(legal, key=lambda a: (sum(wins[a][:half]), a == advice))
    gain = (sum(wins[best][half:]) - sum(wins[advice][half:])) / (samples - half)
    top = max(sum(v) for v in wins.values()) / samples - sum(wins[advice]) / samples
    return {"step": STEP_NAMES[state.step], "gain": gain, "top": top, "decisions": decisions}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--opponents", choices=("heuristic", "random"), default="heuristic")
    ap.add_argument("--positions", type=int, default=100, help="games, one position each")
    ap.add_argument("--samples", type=int, default=1000, help="sampled worlds a position")
    ap.add_argument("--seed", type=int, default=50_000, help="the first game's seed")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    work = [(args.seed + i, args.opponents, args.samples) for i in range(args.positions)]
    rows = []
    with multiprocessing.Pool(args.jobs) as pool:
        for i, row in enumerate(pool.imap(evaluate, work), 1):
            if row is not None:
                rows.append(row)
            print(f"\r  {i}/{len(work)} positions", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    by_step: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_step[row["step"]].append(row)
    print(f"opponents {args.opponents}, {len(rows)} positions, {args.samples} worlds each")
    print("step         positions  gain (split halves)  best on all worlds (optimistic)")
    for step, group in sorted(by_step.items()):
        gain = statistics.mean(r["gain"] for r in group)
        top = statistics.mean(r["top"] for r in group)
        print(f"{step:<12} {len(group):>9}  {gain:>+19.4f}  {top:>+31.4f}")
    # a game's headroom is its decisions times the gain at one of them, drawn at random
    heads = [r["decisions"] * r["gain"] for r in rows]
    mean = statistics.mean(heads)
    se = statistics.stdev(heads) / math.sqrt(len(heads))
    top = statistics.mean(r["decisions"] * r["top"] for r in rows)
    gain = statistics.mean(r["gain"] for r in rows)
    print(
        f"all          {len(rows):>9}  {gain:>+19.4f}  {statistics.mean(r['top'] for r in rows):>+31.4f}"
    )
    print(
        f"the bot decides {statistics.mean(r['decisions'] for r in rows):.1f} times a game (more "
        f"than one legal action): headroom {mean:+.3f} of a win a game (95%: "
        f"{mean - 1.96 * se:+.3f} to {mean + 1.96 * se:+.3f}); best on all worlds {top:+.3f}"
    )


if __name__ == "__main__":
    main()
