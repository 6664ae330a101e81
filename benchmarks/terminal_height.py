"""How tall the terminal's screen is when a person is asked for a move.

Plays games of each game at its largest player count (or --players), seat 0 a person choosing at random and
the others heuristic bots, through `TerminalGame` itself on an 80-column console, and counts
the lines printed from the person's previous move to the prompt: the news streamed meanwhile,
the table and the list of choices. Prints, per game, the tallest screen and
how many decisions' table and choices (the prompt's line included) did not fit 50, 40 and 24
rows, and the most news streamed between two decisions.

    .venv/bin/python benchmarks/terminal_height.py [--games 20] [--width 80] [--show]
        [--rows N] [--players P] [--only GAME ...]

--rows N is the screen's height: a table that would not fit N rows with the choices beneath
is shown compact, as in a terminal N rows tall (without it, never: printed to a file).

Measured with --games 20 (seeds 0-19), table and choices at seat 0's decisions, tallest and
median lines and how many of the decisions passed 50 rows; main at afa9d40, then this branch:
    Knarr 4p, 536 decisions:        69 (table 46 + choices 23), median 46, 170 over 50
                                 -> 58 (42 + 16), median 44, 50 over 50
    Viking Raid 6p, 394:            47, median 33, 0 over 50 -> 46, median 33, 0
    Gone Viking! 5p, 1093:          36, median 28, 0 over 50 -> 36, median 22, 0
                                    (the table's log no longer repeats what was streamed)
    Villainous Vikings 5p, 526:     60 (table 55), median 44, 66 over 50: unchanged
Then the compact table (Knarr, Villainous Vikings) and choices in as many columns as fit
(all games), at 68601a3 -> this branch; tallest, median, over 50 / over 40 rows:
    Knarr 4p, whole (no --rows):    58, median 44, 50 / 437 -> 58, median 44, 48 / 435
              --rows 50:                                    -> 50, median 43, 0 / 398
              --rows 40:                                    -> 43 (table 27 + 16), median 33,
                                                               0 / 11
    Villainous Vikings 5p, whole:   60, median 44, 66 / 376 -> 60, median 43, 62 / 331
              --rows 50:                                    -> 50, median 41, 0 / 270
              --rows 40:                                    -> 41 (table 37 + 4), median 33,
                                                               0 / 1
    Viking Raid 6p (46, 0 / 19) and Gone Viking! 5p (36, 0 / 0): unchanged, fit 50 whole.
Then Viking Raid's compact table, at 3aa8a90 -> this branch (--players to choose the count):
    Viking Raid 6p --rows 40:       46 (table 37 + 9), median 33, 0 / 19 -> 40 (37 + 3),
                                    median 33, 0 / 0; 19 of 394 tables compact, the tallest
                                    of them 37 (table 28 + 9; whole, 37 + 9)
              --rows 50:            46, median 33, 0 / 19: unchanged (fits whole)
    Viking Raid 4p --rows 40 or 50: 40 (table 31 + 9), median 30, 0 / 0: unchanged
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from tempfile import TemporaryDirectory

from rich.console import Console

import drakkar
from drakkar.agents.spec import make_agent
from drakkar.cli.terminal import HUMAN, TerminalGame

GAMES = ("knarr", "viking-raid", "gone-viking", "villainous-vikings")


def screens(
    name: str,
    seed: int,
    width: int,
    folder: Path,
    rows: int | None = None,
    players: int | None = None,
) -> list[tuple[int, int, str]]:
    """(lines on screen, lines of choices, the screen) at each of seat 0's decisions, at
    `players` seats (None: the game's largest count)."""
    game = drakkar.load(name)
    state = game.new(players or game.max_players, seed)
    console = Console(record=True, width=width, file=open("/dev/null", "w"))  # noqa: SIM115
    rng = random.Random(seed)
    found: list[tuple[int, int, str]] = []
    session: TerminalGame

    def ask(prompt: str) -> str:
        if not prompt.startswith("Seat "):
            return ""
        text = console.export_text(clear=True)
        legal = session.state.legal_actions()
        found.append((text.count("\n") + 1, len(legal), text))  # +1: the prompt's own line
        return str(rng.randrange(len(legal)) + 1)

    seats = [HUMAN] + ["heuristic"] * (state.num_players - 1)
    agents = {i: make_agent("heuristic", game, seed * 10 + i) for i in range(1, len(seats))}
    save = folder / f"{name}-{seed}.json"
    session = TerminalGame(state, seats, agents, save, console, ask, 0, rows=rows)
    session.run()
    return found


def parts(screen: str) -> tuple[int, int, int]:
    """The lines of news above the table's frame, of the framed table, and below it."""
    lines = screen.split("\n")
    top = next(i for i, line in enumerate(lines) if line.startswith("╭"))
    bottom = next(i for i, line in enumerate(lines) if line.startswith("╰"))
    return top, bottom - top + 1, len(lines) - bottom - 1


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--width", type=int, default=80)
    parser.add_argument("--show", action="store_true", help="print each game's tallest screen")
    parser.add_argument(
        "--rows", type=int, help="the screen's height: a table that would not fit is compact"
    )
    parser.add_argument("--only", nargs="*", default=GAMES, help="these games only")
    parser.add_argument(
        "--players", type=int, help="seats at the table (default: each game's largest count)"
    )
    args = parser.parse_args()
    with TemporaryDirectory() as tmp:
        for name in args.only:
            found = [
                s
                for seed in range(args.games)
                for s in screens(name, seed, args.width, Path(tmp), args.rows, args.players)
            ]
            # the board and the choices must be on screen at once: the news streamed above
            # them comes as moves are made
            board = sorted((sum(parts(s)[1:]), s) for _, _, s in found)
            news = max(parts(s)[0] for _, _, s in found)
            tall = board[-1][1]
            over = {rows: sum(1 for h, _ in board if h > rows) for rows in (50, 40, 24)}
            print(
                f"{name}: {len(found)} decisions; table and choices: tallest {board[-1][0]} "
                f"lines (table {parts(tall)[1]}, choices and prompt {parts(tall)[2]}), "
                f"median {board[len(board) // 2][0]}; over 50 rows {over[50]}, over 40 "
                f"{over[40]}, over 24 {over[24]}; tallest table "
                f"{max(parts(s)[1] for _, _, s in found)}, tallest choices "
                f"{max(parts(s)[2] for _, _, s in found)}; most news between decisions {news}"
            )
            if args.show:
                print(tall)


if __name__ == "__main__":
    main()
