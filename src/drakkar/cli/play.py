"""`drakkar play`: a game in the terminal against bots or friends (hot-seat)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import typer

import drakkar
from drakkar.agents.spec import LEVELS, make_agent
from drakkar.cli.app import app, console, fail, parse_options
from drakkar.cli.terminal import HUMAN, MAX_PAUSE, Quit, TerminalGame, can_wipe
from drakkar.engine.agent import Agent
from drakkar.engine.options import whole_number
from drakkar.engine.state import State


def parse_seats(pairs: list[str] | None, players: int, default: str) -> list[str]:
    """`["2=heuristic", "1=human"]` over a default of seat 0 human, the others `default`."""
    seats = [HUMAN] + [default] * (players - 1)
    for pair in pairs or []:
        key, eq, spec = pair.partition("=")
        seat = whole_number(key)
        if not eq or seat is None:
            raise fail(f"--seat expects SEAT=AGENT (seats count from 0), got {pair!r}")
        if not 0 <= seat < players:
            raise fail(f"--seat {pair!r}: seats run from 0 to {players - 1}")
        spec = spec.strip()
        seats[seat] = HUMAN if spec.lower() == HUMAN else spec or default
    return seats


def make_agents(
    game: drakkar.Game, seats: list[str], seed: int, record: Path | None = None
) -> dict[int, Agent]:
    """Each bot seat's agent; a bad spec is refused naming the seat (and the record it is
    written in, when resuming one)."""
    agents = {}
    for i, spec in enumerate(seats):
        if spec != HUMAN:
            try:
                agents[i] = make_agent(spec, game, seed * 1000 + i)
            except drakkar.DrakkarError as e:  # (its message, not "option 'agent': ...")
                where = (
                    f"{record}: its 'seats' entry for seat {i}" if record else f"--seat {i}={spec}"
                )
                raise fail(f"{where}: {getattr(e, 'message', e)}") from None
    return agents


def hint_function(game: drakkar.Game):  # type: ignore[no-untyped-def]
    """The hard bot's analysis (its own search: 1,000 iterations), when ISMCTS is installed."""
    try:
        agent = make_agent("hard", game, 12345)
    except drakkar.DrakkarError:
        return None
    analyse = getattr(agent, "analyse", None)
    return analyse


@app.command("play")
def play_command(
    game: str = typer.Argument(
        None, metavar="GAME", help="The game, e.g. viking-raid (not needed with --resume)."
    ),
    players: int = typer.Option(
        None, "--players", "-p", metavar="N", help="Players (default: the game's)."
    ),
    seat: list[str] = typer.Option(
        None,
        "--seat",
        metavar="SEAT=AGENT",
        help="Who plays a seat (seats from 0): human, "
        "easy, normal, hard, random, heuristic, ismcts:iterations=N",
    ),
    bots: str = typer.Option(
        "normal",
        "--bots",
        metavar="AGENT",
        help="Agent for every seat not given by --seat (seat 0 is you): " + ", ".join(LEVELS),
    ),
    seed: int = typer.Option(
        None, "--seed", metavar="SEED", help="Deal this game (default: a random seed)."
    ),
    option: list[str] = typer.Option(
        None,
        "--option",
        "-o",
        metavar="KEY=VALUE",
        help="A game option (drakkar games lists them).",
    ),
    save: Path = typer.Option(
        None, "--save", metavar="RECORD.json", help="Save here (default: saves/GAME-TIME.json)."
    ),
    resume: Path = typer.Option(
        None, "--resume", metavar="RECORD.json", help="Carry on the game saved in this record."
    ),
    pause: float = typer.Option(
        0.6,
        "--pause",
        metavar="SECONDS",
        min=0.0,
        max=MAX_PAUSE,
        help="Seconds a bot waits before moving (0 to 60).",
    ),
) -> None:
    """Play a game in the terminal. Every move is saved; quit any time and --resume later."""
    try:
        if resume is not None:
            given = {"GAME": game, "--players": players, "--seat": seat, "--seed": seed,
                     "--option": option, "--save": save, "--bots": bots != "normal"}  # fmt: skip
            g, state, seats = _resumed(resume, [k for k, v in given.items() if v])
            save = resume
        else:
            if game is None:
                raise fail("name a game (see drakkar games), or --resume a record")
            g, state, seats = _dealt(game, players, seat, bots, seed, option)
            save = _record_path(g, save)
    except drakkar.DrakkarError as e:
        raise fail(str(e)) from None
    if seats.count(HUMAN) > 1 and not can_wipe(console):
        raise fail(
            "hot-seat play needs a terminal that can clear the screen, so that one person's "
            "hand is gone before the next sits down; this one cannot (TERM=dumb or not a "
            "terminal): play one human seat here, or use drakkar serve"
        )
    agents = make_agents(g, seats, state.seed, resume)
    hint = hint_function(g) if HUMAN in seats else None
    console.print(
        f"[bold]{g.title}[/], {state.num_players} players, seed {state.seed}; seats: "
        + ", ".join(f"{i}={s}" for i, s in enumerate(seats))
    )
    rules = f" The rules: drakkar rules {g.name}." if g.rules_page() is not None else ""
    # a path is printed as typed: never markup ("[/]" raises), nor highlighted
    console.print(
        f"Type ? for help.{rules} Every move is saved to {save}", markup=False, highlight=False
    )
    session = TerminalGame(state, seats, agents, save, console, console.input, pause, hint)
    try:
        session.run()
    except (Quit, EOFError, KeyboardInterrupt):
        console.print(
            f"\nSaved. Carry on with: drakkar play --resume {save}", markup=False, highlight=False
        )
        raise typer.Exit(0) from None
    except OSError as e:  # the record cannot be written (a folder, no room, no right)
        raise fail(f"cannot save the game to {save}: {e.strerror or e}", code=1) from None


def _resumed(resume: Path, extra: list[str]) -> tuple[drakkar.Game, State, list[str]]:
    """The game, state and seats a record carries on; `extra`: options given beside --resume."""
    if extra:
        raise fail(
            f"--resume carries on the record's own game, players, seats and options: "
            f"leave out {', '.join(extra)}"
        )
    try:
        record = drakkar.Record.load(resume)
    except drakkar.DrakkarError as e:
        raise fail(str(e) if str(resume) in str(e) else f"{resume}: {e}") from None
    g = drakkar.load(record.game)
    state: State = record.replay()
    if state.is_terminal():
        raise fail(f"the game in {resume} is over; see it with: drakkar replay {resume}")
    seats = list(record.seats) or [HUMAN] + ["heuristic"] * (record.players - 1)
    return g, state, seats


def _dealt(
    game: str,
    players: int | None,
    seat: list[str] | None,
    bots: str,
    seed: int | None,
    option: list[str] | None,
) -> tuple[drakkar.Game, State, list[str]]:
    """A new game as the options ask: checked whole before anything is dealt."""
    g = drakkar.load(game)
    n = g.check_players(g.default_players if players is None else players)
    try:
        make_agent(bots, g, 0)  # the level for every bot seat: named once, here
    except drakkar.DrakkarError as e:
        raise fail(f"--bots {bots}: {getattr(e, 'message', e)}") from None  # (not "seat 1")
    seats = parse_seats(seat, n, bots)
    return g, g.new(n, seed, parse_options(option)), seats


def _record_path(g: drakkar.Game, save: Path | None) -> Path:
    """Where a new game is saved: --save, never over a file, or saves/GAME-TIME.json."""
    if save is None:
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        save = Path("saves") / f"{g.name}-{stamp}.json"
        k = 1
        while save.exists():  # two games started in the same second
            k += 1
            save = Path("saves") / f"{g.name}-{stamp}-{k}.json"
    elif save.is_dir():
        raise fail(f"--save {save} is a folder; name a file, e.g. {save / 'game.json'}")
    elif save.exists():
        raise fail(
            f"--save {save}: the file exists (a saved game is not overwritten); "
            f"carry it on with --resume {save}, or choose another name"
        )
    return save
