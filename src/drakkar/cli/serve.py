"""`drakkar serve`: the game server and the web UI, under uvicorn (docs/server.md)."""

from __future__ import annotations

import os

import typer

from drakkar.cli.app import app, console, fail


@app.command("serve")
def serve_command(
    host: str = typer.Option("127.0.0.1", metavar="HOST", help="The address to listen on."),
    port: int = typer.Option(8000, metavar="PORT", help="The port to listen on."),
    database: str = typer.Option(
        None,
        "--database",
        metavar="URL",
        help="A database URL (postgresql://...); default: DRAKKAR_DATABASE_URL, else a SQLite "
        "file in DRAKKAR_DATA (./data).",
    ),
    data: str = typer.Option(
        None, "--data", metavar="DIR", help="The data folder for SQLite (./data)."
    ),
    games: str = typer.Option(
        None,
        "--games",
        metavar="GAME,...",
        help="Serve only these games, comma-separated ('high-card': the toy).",
    ),
    bot_delay: float = typer.Option(
        0.6, metavar="SECONDS", help="Seconds a bot waits before it moves."
    ),
    search_processes: int = typer.Option(
        None,
        metavar="N",
        help="Worker processes where hard bots and hints search, beside the server's own "
        "(default: one a core; 0: in threads, sharing the server's interpreter).",
    ),
    max_tables: int = typer.Option(
        200,
        metavar="N",
        help="Games held in memory; finished ones are let go of first to make room.",
    ),
    keep_finished: float = typer.Option(
        3600,
        metavar="SECONDS",
        help="Seconds a finished game stays listed (its record stays in the database).",
    ),
    keep_idle: float = typer.Option(
        86400,
        metavar="SECONDS",
        help="Seconds an unfinished game stays held with no move and nobody connected "
        "(a seat's link brings it back).",
    ),
    max_watchers: int = typer.Option(20, metavar="N", help="Spectators of one game at once."),
    max_sockets: int = typer.Option(500, metavar="N", help="WebSocket connections open at once."),
    max_seat_sockets: int = typer.Option(
        4,
        metavar="N",
        help="WebSocket connections holding one seat of a game at once (a person's tabs).",
    ),
) -> None:
    """Serve games to browsers: a lobby, a table per seat, bots, storage that survives restarts."""
    try:
        import uvicorn

        from drakkar.server import create_app
    except ModuleNotFoundError as e:
        raise fail(
            f"the server needs its extra: pip install 'drakkar[server]' ({e.name})"
        ) from None
    import drakkar
    import drakkar.engine.toy  # noqa: F401  (registers the toy game, for --games high-card)
    from drakkar.server.limits import Limits
    from drakkar.server.store import Store

    chosen = None
    if games:
        try:
            chosen = [drakkar.load(name) for name in games.split(",") if name.strip()]
        except drakkar.DrakkarError as e:
            raise fail(str(e)) from None
    if not 0 <= port <= 65535:
        raise fail(f"--port {port}: a port runs from 0 to 65535")
    if search_processes is None:
        search_processes = os.cpu_count() or 1
    if not 0 <= search_processes <= 64:
        raise fail(f"--search-processes {search_processes}: give 0 (threads) to 64")
    try:
        limits = Limits(
            max_tables, keep_finished, keep_idle, max_watchers, max_sockets, max_seat_sockets
        )
    except ValueError as e:  # named as the option is: "limit 'max_tables'" -> --max-tables
        raise fail(str(e).replace("limit '", "--").replace("'", "").replace("_", "-")) from None
    try:
        store = Store(database, data)
    except Exception as e:  # a bad URL, an unreachable database, a data folder not writable
        raise fail(
            f"cannot open the database: {type(e).__name__}: {str(e).splitlines()[0]}"
        ) from None
    application = create_app(
        chosen, bot_delay=bot_delay, store=store, search_processes=search_processes, limits=limits
    )
    where = (
        store.url.split("@")[-1] if store.dialect != "sqlite" else store.url[len("sqlite:///") :]
    )
    console.print(
        f"drakkar serving at [bold]http://{host}:{port}[/]  ({store.dialect}: {where})",
        soft_wrap=True,
    )
    uvicorn.run(application, host=host, port=port, log_level="warning", ws_max_size=64 * 1024)
