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

import json
import time
from collections import deque
from collections.abc import AsyncIterator, Iterable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.websockets import WebSocketDisconnect

from drakkar.engine.errors import IllegalAction
from drakkar.engine.game import Game
from drakkar.engine.registry import games as registered_games
from drakkar.server.store import Store
from drakkar.server.tables import Connection, Hub, PlayError, Table, message_for

WEB = Path(__file__).resolve().parent.parent / "web"
MAX_BODY = 64 * 1024  # bytes in a lobby request
MAX_MESSAGE = 8 * 1024  # characters in a WebSocket message
RATE = 10.0  # messages a second a connection may send, on average
BURST = 30.0  # ... and in one burst
FLOOD_CLOSE = 200  # refused messages within FLOOD_WINDOW seconds that close the connection
FLOOD_WINDOW = 10.0

STATUS = {"unknown-game": 404, "game-not-over": 409, "bad-step": 404}


def create_app(
    games: Iterable[Game] | None = None,
    database_url: str | None = None,
    data_dir: str | None = None,
    bot_delay: float = 0.6,
    store: Store | None = None,
    rate: float = RATE,
    burst: float = BURST,
) -> FastAPI:
    """The app for `games` (default: every registered game), stored at `database_url`;
    `rate` and `burst` limit the messages a connection may send (per second, at once)."""
    store = store or Store(database_url, data_dir)
    hub = Hub(store, list(registered_games() if games is None else games), bot_delay)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.restore()
        hub.start()
        yield
        await hub.stop()

    app = FastAPI(title="drakkar", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.hub = hub

    @app.exception_handler(PlayError)
    async def refused(request: Request, e: PlayError) -> JSONResponse:
        return JSONResponse(
            {"error": e.code, "reason": str(e)}, status_code=STATUS.get(e.code, 400)
        )

    @app.get("/api/catalogue")
    def catalogue() -> list[dict[str, Any]]:
        return hub.catalogue()

    @app.get("/api/games")
    def list_games() -> list[dict[str, Any]]:
        return [t.summary() for t in sorted(hub.tables.values(), key=lambda t: -t.created)]

    @app.post("/api/games")
    async def create(request: Request) -> JSONResponse:
        body = await request.body()
        if len(body) > MAX_BODY:
            raise PlayError("too-large", f"request of {len(body)} bytes; the limit is {MAX_BODY}")
        try:
            spec = json.loads(body or b"{}")
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise PlayError("bad-json", f"the request is not JSON: {e}") from None
        if not isinstance(spec, dict):
            raise PlayError("bad-message", "the request must be a JSON object")
        table, tokens = hub.create(spec)
        links = {seat: f"/play/{table.id}#s{seat}={token}" for seat, token in tokens.items()}
        together = "&".join(f"s{seat}={token}" for seat, token in tokens.items())
        return JSONResponse(
            {
                "id": table.id,
                "links": links,
                "all_seats": f"/play/{table.id}#{together}" if tokens else None,
                "watch": f"/play/{table.id}",
                "game": table.summary(),
            },
            status_code=201,
        )

    @app.get("/api/games/{game_id}")
    def one_game(game_id: str) -> dict[str, Any]:
        return hub.table(game_id).summary()

    @app.get("/api/games/{game_id}/record")
    def record(game_id: str) -> Response:
        table = finished(game_id)
        name = f"{table.game.name}-{table.id}.json"
        return Response(
            table.record().dumps(),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @app.get("/api/games/{game_id}/replay/{step}")
    def replay(game_id: str, step: int, seat: int | None = None) -> dict[str, Any]:
        table = finished(game_id)
        history = table.state.history
        if not 0 <= step <= len(history):
            raise PlayError("bad-step", f"step must run from 0 to {len(history)}")
        if seat is not None and not 0 <= seat < table.state.num_players:
            raise PlayError("bad-seat", f"seat must run from 0 to {table.state.num_players - 1}")
        state = table.game.new(table.state.num_players, table.state.seed, table.state.options)
        for a in history[:step]:
            state.apply(a)
        shown = Table(table.id, table.game, state, table.seats, 0, 0, table.created)
        message = message_for(shown, seat)
        message["legal"] = []
        message.update(
            type="replay",
            step=step,
            steps=len(history),
            played=state.action_label(history[step]) if step < len(history) else None,
            played_by=state.current_player,
        )
        return message

    def finished(game_id: str) -> Table:
        table = hub.table(game_id)
        if not table.state.is_terminal():
            raise PlayError(
                "game-not-over",
                "the game is not over: its record would reveal "
                "hidden cards, so it is given only once the game has ended",
            )
        return table

    @app.websocket("/ws/games/{game_id}")
    async def play(websocket: WebSocket, game_id: str) -> None:
        await websocket.accept()
        await Socket(hub, websocket, game_id, rate, burst).run()

    for page in ("index", "play", "replay"):
        app.add_api_route(
            "/" if page == "index" else f"/{page}/{{game_id}}", _page(page), include_in_schema=False
        )
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    return app


def _page(name: str) -> Any:
    path = WEB / f"{name}.html"

    def serve(game_id: str | None = None) -> FileResponse:
        return FileResponse(path, headers={"Cache-Control": "no-cache"})

    return serve


class Socket:
    """One WebSocket: says hello (a seat and its token, or nothing to watch), then plays."""

    def __init__(
        self, hub: Hub, websocket: WebSocket, game_id: str, rate: float, burst: float
    ) -> None:
        self.hub = hub
        self.ws = websocket
        self.game_id = game_id
        self.conn: Connection | None = None
        self.rate, self.burst = rate, burst
        self.allowance = burst
        self.last = time.monotonic()
        self.refused: deque[float] = deque()  # when recent messages were refused

    async def error(self, code: str, reason: str) -> None:
        await self.ws.send_json({"type": "error", "code": code, "reason": reason})

    async def run(self) -> None:
        try:
            table = self.hub.table(self.game_id)
        except PlayError as e:
            await self.error(e.code, str(e))
            await self.ws.close(code=4404)
            return
        try:
            while True:
                message = await self.ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if not self.within_rate():
                    now = time.monotonic()
                    self.refused.append(now)
                    while self.refused[0] < now - FLOOD_WINDOW:
                        self.refused.popleft()
                    if len(self.refused) >= FLOOD_CLOSE:
                        await self.error("too-fast", "too many messages; closing")
                        await self.ws.close(code=1008)
                        break
                    await self.error(
                        "too-fast",
                        f"more than {self.rate:g} messages a second; this one was dropped",
                    )
                    continue
                try:
                    await self.handle(table, message)
                except PlayError as e:
                    await self.error(e.code, str(e))
                    if e.code == "stale" and self.conn is not None:
                        await self.conn.send(message_for(table, self.conn.seat))
        except WebSocketDisconnect:
            pass
        finally:
            if self.conn is not None:
                self.hub.leave(table, self.conn)

    def within_rate(self) -> bool:
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.last) * self.rate)
        self.last = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True

    async def handle(self, table: Table, message: Mapping[str, Any]) -> None:
        text = message.get("text")
        if text is None:
            raise PlayError("bad-message", "send text frames holding JSON objects")
        if len(text) > MAX_MESSAGE:
            raise PlayError(
                "too-large", f"a message of {len(text)} characters; the limit is {MAX_MESSAGE}"
            )
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise PlayError("bad-json", f"not JSON: {e.msg} at column {e.colno}") from None
        if not isinstance(data, dict):
            raise PlayError("bad-message", "a message must be a JSON object with a 'type'")
        kind = data.get("type")
        if kind == "hello":
            await self.hello(table, data)
        elif kind == "act":
            await self.act(table, data)
        elif kind == "sync":
            conn = self.joined()
            await conn.send(message_for(table, conn.seat))
        elif kind == "ping":
            await self.ws.send_json({"type": "pong"})
        else:
            raise PlayError(
                "unknown-type", f"unknown message type {kind!r}; types: hello, act, sync, ping"
            )

    def joined(self) -> Connection:
        if self.conn is None:
            raise PlayError(
                "not-joined",
                'say hello first: {"type": "hello", "seat": n, '
                '"token": ...}, or {"type": "hello"} to watch',
            )
        return self.conn

    async def hello(self, table: Table, data: dict[str, Any]) -> None:
        if self.conn is not None:
            raise PlayError("already-joined", "this connection has already said hello")
        seat = data.get("seat")
        if seat is not None:
            seat = self.hub.check_token(table, seat, data.get("token"))
        self.conn = Connection(seat, self.ws.send_json)
        await self.hub.join(table, self.conn)

    async def act(self, table: Table, data: dict[str, Any]) -> None:
        conn = self.joined()
        if conn.seat is None:
            raise PlayError("spectator", "spectators watch; they cannot play")
        move = data.get("move")
        if move is not None and (isinstance(move, bool) or not isinstance(move, int)):
            raise PlayError("bad-message", "'move' must be the move number you saw")
        if "actions" in data:
            actions = data["actions"]
            if not isinstance(actions, list) or not actions:
                raise PlayError("bad-message", "'actions' must be a non-empty list of numbers")
        elif "action" in data:
            actions = [data["action"]]
        elif "label" in data:
            state = table.state
            if state.is_terminal():
                raise PlayError("game-over", "the game is over; no more moves")
            if conn.seat != state.current_player:
                raise PlayError("not-your-turn", "it is not your turn")
            try:
                actions = [state.parse_action(str(data["label"]))]
            except IllegalAction as e:
                raise PlayError("illegal", str(e)) from None
            move = table.moves if move is None else move
        else:
            raise PlayError("bad-message", "an act message needs 'action', 'actions' or 'label'")
        for a in actions:
            if isinstance(a, bool) or not isinstance(a, int):
                raise PlayError("bad-message", f"an action is a whole number, got {a!r}")
        await self.hub.play(table, conn.seat, actions, move)
