"""Two agents in one seat, on the same deals: two `drakkar simulate` studies compared game by game.

    drakkar simulate viking-raid -n 200 -p 4 -a 'heuristic,random*3' --seed 0 --out A0
    drakkar simulate viking-raid -n 200 -p 4 -a 'ismcts:iterations=1000,random*3' --seed 0 --out B0
    python benchmarks/paired_studies.py A0 B0 [A1 B1 ...] --a heuristic --b ismcts:iterations=1000

Each pair of studies must be of one game, player count, seed and number of games: game i is
then dealt alike in both, and agent `--a` (in A) and agent `--b` (in B) sit in the same seat of
it. The other seats' agents play alike until the first move the two differ on, so most games
end the same way and the difference of the two agents shows with far fewer games than two
separate win rates need (`drakkar compare` treats two studies as independent samples). Prints,
for each pair and for all together, each agent's win rate with its 95% Wilson interval and the
paired difference B - A with a 95% normal interval over the games.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from drakkar.sim.results import read_results
from drakkar.sim.stats import Z95, wilson
from drakkar.sim.study import Study, StudyError


def seat_returns(directory: Path, agent: str) -> tuple[Study, dict[int, tuple[int, float]]]:
    """The study, and game index -> (the deal's seed, `agent`'s return) for its games."""
    study = Study.load(directory)
    out = {}
    for i, g in read_results(directory, study, records=False).items():
        seats = [s for s, a in enumerate(g["agents"]) if a == agent]
        if len(seats) != 1:
            raise StudyError(f"{directory}: game {i} has {len(seats)} seats of {agent!r}, not 1")
        out[i] = (g["seed"], g["returns"][seats[0]])
    return study, out


def pair(a_dir: Path, b_dir: Path, a_agent: str, b_agent: str) -> list[tuple[float, float]]:
    """(A's return, B's return) for each game both studies have finished."""
    sa, ra = seat_returns(a_dir, a_agent)
    sb, rb = seat_returns(b_dir, b_agent)
    for key in ("game", "players", "seed", "games", "options"):
        if getattr(sa, key) != getattr(sb, key):
            raise StudyError(f"{a_dir} and {b_dir} differ in {key}: the deals are not the same")
    both = sorted(set(ra) & set(rb))
    if any(ra[i][0] != rb[i][0] for i in both):
        raise StudyError(f"{a_dir} and {b_dir} dealt game {both[0]} differently")
    return [(ra[i][1], rb[i][1]) for i in both]


def summary(name: str, games: list[tuple[float, float]], a: str, b: str) -> str:
    n = len(games)
    if n < 2:
        return f"{name}: {n} game(s) in common, too few"
    wa, wb = sum(x for x, _ in games), sum(y for _, y in games)
    d = [y - x for x, y in games]
    mean = sum(d) / n
    half = Z95 * math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1) / n)
    la, ha = wilson(wa, n)
    lb, hb = wilson(wb, n)
    return (
        f"{name}: {n} games; {a} {wa / n:.3f} ({la:.3f}-{ha:.3f}), {b} {wb / n:.3f} "
        f"({lb:.3f}-{hb:.3f}); paired B - A {mean:+.3f} ({mean - half:+.3f} to {mean + half:+.3f}); "
        f"{sum(1 for x in d if x)} games ended differently"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("studies", nargs="+", type=Path, help="A B [A B ...]: study directories")
    ap.add_argument("--a", required=True, help="the agent spec compared in the A studies")
    ap.add_argument("--b", required=True, help="the agent spec compared in the B studies")
    args = ap.parse_args(argv)
    if len(args.studies) % 2:
        ap.error("give the studies in pairs: A B [A B ...]")
    everything: list[tuple[float, float]] = []
    try:
        for a_dir, b_dir in zip(args.studies[::2], args.studies[1::2], strict=True):
            games = pair(a_dir, b_dir, args.a, args.b)
            print(summary(f"{a_dir} / {b_dir}", games, args.a, args.b))
            everything += games
    except StudyError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if len(args.studies) > 2:
        print(summary("all", everything, args.a, args.b))
    return 0


if __name__ == "__main__":
    sys.exit(main())
