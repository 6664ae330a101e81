"""`drakkar replay RECORD.json`: step through a saved game, or print it whole."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.markup import escape
from rich.table import Table
from rich.text import Text

import drakkar
from drakkar.cli.app import app, console, fail
from drakkar.cli.terminal import TerminalGame
from drakkar.engine.state import State


@app.command("replay")
def replay_command(
    record_path: Path = typer.Argument(..., metavar="RECORD.json", help="A saved game."),
    whole: bool = typer.Option(False, "--all", "-a", help="Print the whole game at once."),
    seat: int = typer.Option(
        None,
        "--as",
        metavar="SEAT",
        help="See the game as this seat (default: a spectator, who sees only what is public).",
    ),
    open_: bool = typer.Option(
        False, "--open", help="Name every move, hidden ones too (the record holds them all)."
    ),
) -> None:
    """Step through a saved game (Enter: next move, q: stop), or print it whole with --all."""
    try:
        record = drakkar.Record.load(record_path)
    except drakkar.DrakkarError as e:
        said = str(e)  # a message that already names the file is left as it is
        raise fail(said if str(record_path) in said else f"{record_path}: {said}") from None
    if seat is not None and not 0 <= seat < record.players:
        raise fail(f"--as {seat}: seats run from 0 to {record.players - 1}")
    state = record.new_state()
    seats = list(record.seats) or ["?"] * record.players
    view = TerminalGame(state, seats, {}, record_path, console, input, 0)
    console.print(
        f"[bold]{state.game.title}[/], {record.players} players, seed {record.seed}, "
        f"{len(record.actions)} actions"
    )
    if not whole:
        view.show_table(seat)
    try:
        for i, action in enumerate(record.actions):
            player = state.current_player
            news = _play(state, action, seat, open_)
            if whole:  # a move's news one line each: a whole raid's draws are no single line
                head = f"{i + 1:>4}. seat {player}: "
                console.print(head + news[0], markup=False, highlight=False)
                for line in news[1:]:
                    console.print(" " * len(head) + line, markup=False, highlight=False)
                continue
            # the table and the log show the game as the chosen seat saw it
            console.rule(escape(f"move {i + 1}: seat {player}: {'; '.join(news)}"))
            view.show_new_events(seat, skip=state.view(seat).get("log") or [])  # (not twice)
            view.show_table(seat)
            if console.input("[dim]Enter: next, q: stop[/] ").strip().lower() in ("q", "quit"):
                return
    except (KeyboardInterrupt, EOFError):  # Ctrl-C or Ctrl-D: stop, leaving the prompt clean
        console.print()
        return
    _print_result(state, seats, record_path)


def _play(state: State, action: int, seat: int | None, open_: bool) -> list[str]:
    """Apply the move; return its news as `seat` saw it (all of it with --open)."""
    player = state.current_player
    news = [state.action_label(action)]
    seen = len(state.events_for(seat))
    state.apply(action)
    if not open_ and player != seat:
        # another seat's move, as the chosen seat saw it: a label may name a hidden card
        # ("swap Fists 6", "lay Freya face down"), the seat's own log does not
        news = state.events_for(seat)[seen:] or [
            "(nothing a spectator sees)" if seat is None else f"(nothing seat {seat} sees)"
        ]
    return news


def _print_result(state: State, seats: list[str], record_path: Path) -> None:
    """The scores of a finished game, or where an unfinished one stands."""
    table = Table(title="Result", title_justify="left")
    table.add_column("seat")
    table.add_column("who")
    table.add_column("score", justify="right")
    table.add_column("return", justify="right")
    if state.is_terminal():
        for i, (s, r) in enumerate(zip(state.scores(), state.returns(), strict=True)):
            table.add_row(str(i), Text(seats[i]), f"{s:g}", f"{r:g}")  # (text, not markup)
        console.print(table)
    else:
        console.print(
            f"The game is not over: seat {state.current_player} is to move "
            f"(carry on with drakkar play --resume {record_path}).",
            markup=False,
            highlight=False,
        )
