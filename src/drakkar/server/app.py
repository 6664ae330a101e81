"""The FastAPI app: REST for the lobby, one WebSocket per seat, and the web UI's static files.

GET  /api/catalogue                   the games served, their options and bot levels
GET  /api/games                       every game: status, seats, moves (nothing hidden)
POST /api/games                       create a game; answers with the seats' secret links
GET  /api/games/{id}                  one game's summary
GET  /api/games/{id}/record           a finished game's record (JSON, `drakkar replay`)
GET  /api/games/{id}/replay/{step}    a finished game after `step` actions, as a seat saw it
WS   /ws/games/{id}                   play or watch (protocol in docs/server.md)
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from drakkar.engine.game import Game
from drakkar.engine.registry import games as registered_games
from drakkar.server import routes, sockets
from drakkar.server.limits import Limits
from drakkar.server.sockets import BURST, RATE
from drakkar.server.store import Store
from drakkar.server.tables import Hub, PlayError

WEB = Path(__file__).resolve().parent.parent / "web"


def create_app(
    games: Iterable[Game] | None = None,
    database_url: str | None = None,
    data_dir: str | None = None,
    bot_delay: float = 0.6,
    store: Store | None = None,
    rate: float = RATE,
    burst: float = BURST,
    search_processes: int = 0,
    limits: Limits | None = None,
) -> FastAPI:
    """The app for `games` (default: every registered game), stored at `database_url`;
    `rate` and `burst` limit the messages a connection may send (per second, at once);
    hard bots and hints search in `search_processes` worker processes (0: in threads);
    `limits` cap the games held and the connections open (default `Limits()`)."""
    store = store or Store(database_url, data_dir)
    games = list(registered_games() if games is None else games)
    hub = Hub(store, games, bot_delay, search_processes, limits)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.restore()  # every stored game, rebuilt by replay
        hub.start()  # then their bots and timers
        yield
        await hub.stop()

    app = FastAPI(title="drakkar", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.hub, app.state.rate, app.state.burst = hub, rate, burst
    app.add_exception_handler(PlayError, routes.refused)
    app.add_exception_handler(RequestValidationError, routes.malformed)
    app.add_exception_handler(HTTPException, routes.no_route)
    app.include_router(routes.router)
    app.add_api_websocket_route("/ws/games/{game_id}", sockets.serve_socket)
    for page in ("index", "play", "replay"):
        path = "/" if page == "index" else f"/{page}/{{game_id}}"
        # HEAD too, as HTTP asks of every server (a link checker or a monitor asks it)
        app.add_api_route(path, _page(page), methods=["GET", "HEAD"], include_in_schema=False)
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    app.openapi = lambda: _schema(app)  # type: ignore[method-assign]
    return app


def _schema(app: FastAPI) -> dict[str, Any]:
    """FastAPI's schema, less the 422 it lists for every route with parameters: a parameter of
    the wrong type is a 400 here (`routes.malformed`), which the routes list themselves."""
    if app.openapi_schema is None:
        schema = get_openapi(title=app.title, version=app.version, routes=app.routes)
        for path in schema.get("paths", {}).values():
            for operation in path.values():
                operation.get("responses", {}).pop("422", None)
        app.openapi_schema = schema
    return app.openapi_schema


def _page(name: str) -> Any:
    path = WEB / f"{name}.html"

    def serve(game_id: str | None = None) -> FileResponse:
        return FileResponse(path, headers={"Cache-Control": "no-cache"})

    return serve
