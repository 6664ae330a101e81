"""How a raid may go, for the heuristic bot: the (chance, sunk, Gold) outcomes of each plan.

The bot weighs a raid (a Destination, the Ship's crew, the Crew hired, the attack) by the
outcomes of `SIMULATIONS` raids through a shuffled Encounter deck, each plan with its own
fixed seed, so the figures are the same in every process. There are 1,728 plans, and
simulating them all takes about 3 s: the first hint of a game (and each worker of a study)
paid that as it went. So the figures are computed once and shipped, `raid_outcomes.json.gz`
beside this file; a plan the file lacks is simulated as before. `outcomes_test.py` checks the
file against the simulation, and this module rewrites it:

    python -m drakkar.games.viking_raid.outcomes --write    # after a change to the raid rules
    python -m drakkar.games.viking_raid.outcomes --check    # every plan simulated and compared
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

from drakkar.games.viking_raid.cards import DESTINATIONS, ENCOUNTER_DECK, V_CREW
from drakkar.games.viking_raid.estimate import DIRECT, SURPRISE, VOYAGE, simulate_raid

SIMULATIONS = 300
TABLE = Path(__file__).with_name("raid_outcomes.json.gz")

Outcomes = tuple[tuple[float, bool, int], ...]  # (chance, sunk, Gold gained), sorted
Plan = tuple[int, int, int, bool | None]  # (destination, crew, Crew hired, surprise)


def plans() -> Iterator[Plan]:
    """Every plan the bot may weigh: `surprise` None is a direct attack in the last round."""
    for dest in DESTINATIONS:
        for crew in sorted(set(V_CREW) - {0}):
            for hired in range(16):
                for surprise in (False, True, None):
                    yield dest, crew, hired, surprise


@cache
def outcomes(dest: int, crew: int, hired: int, surprise: bool | None) -> Outcomes:
    """The (chance, sunk, Gold gained) outcomes of a raid: from the shipped table, or simulated.

    `surprise` None: a direct attack in the last round, where being Lost ends the raid.
    """
    known = _table().get((dest, crew, hired, surprise))
    return known if known is not None else simulate(dest, crew, hired, surprise)


def simulate(dest: int, crew: int, hired: int, surprise: bool | None) -> Outcomes:
    """`outcomes` by simulation, with the plan's own fixed seed."""
    rng = random.Random(
        dest * 100_003 + crew * 1009 + hired * 17 + (2 if surprise is None else surprise)
    )
    deck = list(ENCOUNTER_DECK)
    counts: dict[tuple[bool, int], int] = {}
    for _ in range(SIMULATIONS):
        shuffle(deck, rng.getrandbits)
        result = one_raid(deck, dest, crew, hired, bool(surprise), last=surprise is None)
        counts[result] = counts.get(result, 0) + 1
    return tuple((n / SIMULATIONS, sunk, g) for (sunk, g), n in sorted(counts.items()))


def one_raid(
    deck: list[int], dest: int, crew: int, hired: int, surprise: bool, last: bool = False
) -> tuple[bool, int]:
    """(sunk, Gold gained) of one simulated raid through `deck` (in order); `last`: in the
    last round, where being Lost ends the raid (there is no next turn to replay it)."""
    attack = SURPRISE if surprise else DIRECT
    return simulate_raid(deck, VOYAGE, dest, crew, hired, 0, 0, attack, last)


#: (i, n.bit_length()) for each swap of a shuffle of the Encounter deck, last position first
_SWAPS = tuple((i, (i + 1).bit_length()) for i in reversed(range(1, len(ENCOUNTER_DECK))))


def shuffle(deck: list[int], getrandbits: Callable[[int], int]) -> None:
    """`random.Random.shuffle(deck)` exactly (the same draws from the same stream, so the same
    order), inlined: the simulations spent most of their time in its calls."""
    for i, k in _SWAPS:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]


# -- the shipped table ------------------------------------------------------------------------
# {"simulations": 300, "plans": [[dest, crew, hired, surprise, [[sunk, Gold, raids], ...]], ...]}
# with each outcome's count of raids out of `simulations` (its chance is count / simulations).


@cache
def _table() -> dict[Plan, Outcomes]:
    if not TABLE.exists():
        return {}
    data = json.loads(gzip.decompress(TABLE.read_bytes()))
    if data.get("simulations") != SIMULATIONS:
        return {}  # made for another number of simulations: simulate instead
    return {
        (d, c, h, s): tuple((n / SIMULATIONS, bool(sunk), g) for sunk, g, n in rows)
        for d, c, h, s, rows in data["plans"]
    }


def table_bytes() -> bytes:
    """The table file's bytes, every plan simulated (the same bytes each time: no timestamp)."""
    rows = [
        [*plan, [[int(sunk), g, round(p * SIMULATIONS)] for p, sunk, g in simulate(*plan)]]
        for plan in plans()
    ]
    text = json.dumps({"simulations": SIMULATIONS, "plans": rows}, separators=(",", ":"))
    return gzip.compress(text.encode(), mtime=0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m drakkar.games.viking_raid.outcomes",
        description="Write or check the Viking Raid bot's shipped table of raid outcomes.",
    )
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--write", action="store_true", help=f"simulate every plan into {TABLE}")
    what.add_argument("--check", action="store_true", help="simulate every plan and compare")
    args = parser.parse_args(argv)
    fresh = table_bytes()
    if args.write:
        TABLE.write_bytes(fresh)
        print(f"wrote {TABLE} ({len(fresh):,} bytes)")
        return 0
    same = TABLE.exists() and gzip.decompress(TABLE.read_bytes()) == gzip.decompress(fresh)
    print(f"{TABLE}: {'up to date' if same else 'OUT OF DATE: run with --write'}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
