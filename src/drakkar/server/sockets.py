"""The WebSocket of one seat or spectator: hello, then act, sync, hint and ping (docs/server.md).

Everything a client sends is checked here before it reaches the Hub: size, rate, JSON shape.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque
from collections.abc import Mapping
from typing import Any

from fastapi import WebSocket
from starlette.websockets import WebSocketDisconnect

from drakkar.engine.errors import IllegalAction, shown
from drakkar.server.player_view import message_for
from drakkar.server.tables import Connection, Hub, PlayError, Table

MAX_MESSAGE = 8 * 1024  # characters in a WebSocket message
RATE = 10.0  # messages a second a connection may send, on average
BURST = 30.0  # ... and in one burst
FLOOD_CLOSE = 200  # refused messages within FLOOD_WINDOW seconds that close the connection
FLOOD_WINDOW = 10.0


OVERLOADED = 1013  # the WebSocket close code "try again later": a limit was reached
FULL = {"too-many-watchers", "too-many-seat-sockets"}  # a hello's refusals that close with it


async def serve_socket(websocket: WebSocket, game_id: str) -> None:
    await websocket.accept()
    state = websocket.app.state
    hub: Hub = state.hub
    if hub.sockets >= hub.limits.max_sockets:
        reason = (
            f"the server has {hub.sockets} connections open, its limit (max-sockets "
            f"{hub.limits.max_sockets}); try again later"
        )
        await websocket.send_json({"type": "error", "code": "server-full", "reason": reason})
        await websocket.close(code=OVERLOADED)
        return
    hub.sockets += 1
    try:
        await Socket(hub, websocket, game_id, state.rate, state.burst).run()
    finally:
        hub.sockets -= 1


def read_json(raw: str | bytes, what: str) -> Any:
    """`raw` (a request's body or a socket's message, `what`) read as JSON, else a PlayError
    `bad-json` saying why."""
    try:
        data = json.loads(raw)
        # "\ud800" is valid JSON but no text: kept, it would break every answer that quotes it
        # (a seat's name in the lobby's list), so it is refused at the door
        json.dumps(data, ensure_ascii=False).encode()
    except json.JSONDecodeError as e:
        raise PlayError(
            "bad-json", f"{what} is not JSON: {e.msg} at line {e.lineno}, column {e.colno}"
        ) from None
    except UnicodeEncodeError:
        raise PlayError(
            "bad-json",
            f"{what} holds a lone surrogate escape (\\ud800 to \\udfff without its pair), "
            "which is not text",
        ) from None
    except ValueError as e:  # not UTF-8, or a number too long for Python to read
        raise PlayError("bad-json", f"{what} is not JSON this server reads: {e}") from None
    except RecursionError:  # "[[[[...]]]]": refused, and the connection stays open
        raise PlayError("bad-json", f"{what}'s JSON is nested too deeply") from None
    return data


#: each message type and its fields besides "type" (docs/server.md): a misspelt one ("mvoe")
#: was ignored, and the move played without the check it asked for
FIELDS = {
    "hello": ("seat", "token"),
    "act": ("action", "actions", "label", "move"),
    "sync": (),
    "hint": (),
    "ping": (),
}


def message_type(data: Any) -> str:
    """The type of a message read from JSON, once it is an object of a known type holding
    only that type's fields."""
    if not isinstance(data, dict):
        raise PlayError("bad-message", "a message must be a JSON object with a 'type'")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        types = ", ".join(FIELDS)
        raise PlayError("unknown-type", f"unknown message type {shown(kind)}; types: {types}")
    unknown = [k for k in data if k != "type" and k not in FIELDS[kind]]
    if unknown:
        fields = ", ".join(("type", *FIELDS[kind]))
        raise PlayError(
            "bad-message", f"no field {shown(unknown[0])} in a {kind} message; fields: {fields}"
        )
    return kind


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
        self.tasks: set[asyncio.Task[None]] = set()  # hints being worked out for this socket

    async def error(self, code: str, reason: str) -> None:
        await self.ws.send_json({"type": "error", "code": code, "reason": reason})

    async def run(self) -> None:
        try:
            table = self.hub.hold(self.game_id)
        except PlayError as e:
            await self.error(e.code, str(e))
            await self.ws.close(code=4404 if e.code == "unknown-game" else OVERLOADED)
            return
        table.sockets += 1  # (not let go of while it is open)
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
                    if e.code in FULL:  # the page tries again, as after a drop
                        await self.ws.close(code=OVERLOADED)
                        break
                    if e.code == "stale" and self.conn is not None:
                        await self.conn.send(message_for(table, self.conn.seat))
        except WebSocketDisconnect:
            pass
        finally:
            for task in self.tasks:
                task.cancel()  # nobody to answer (a search shared with another socket goes on)
            if self.conn is not None:
                self.hub.leave(table, self.conn)
            table.sockets -= 1
            table.active = time.time()  # idle from now (limits.expired)

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
        data = read_json(text, "the message")
        kind = message_type(data)
        if kind == "hello":
            await self.hello(table, data)
        elif kind == "act":
            await self.act(table, data)
        elif kind == "sync":
            conn = self.joined()
            await conn.send(message_for(table, conn.seat))
        elif kind == "ping":
            await self.ws.send_json({"type": "pong"})
        elif kind == "hint":
            conn = self.joined()
            if conn.seat is None:
                raise PlayError("spectator", "spectators watch; a hint is for a seat to move")
            # answered when the search ends; meanwhile this connection reads on (an act sent
            # after a hint must not wait for it)
            task = asyncio.get_running_loop().create_task(self.hint(table, conn))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def hint(self, table: Table, conn: Connection) -> None:
        assert conn.seat is not None
        client = self.ws.client.host if self.ws.client else ""
        try:
            await conn.send(await self.hub.hint(table, conn.seat, client))
        except PlayError as e:
            await conn.send({"type": "error", "code": e.code, "reason": str(e)})

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
        if seat is None and data.get("token") is not None:  # meant to play, not to watch
            raise PlayError(
                "bad-seat", "a token holds a seat: name it ('seat': n), or send no token to watch"
            )
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
        given = [k for k in ("action", "actions", "label") if k in data]
        if len(given) != 1:
            has = f"; it has {' and '.join(given)}" if given else ""
            raise PlayError(
                "bad-message", f"an act message needs one of 'action', 'actions' or 'label'{has}"
            )
        if "actions" in data:
            actions = data["actions"]
            if not isinstance(actions, list) or not actions:
                raise PlayError("bad-message", "'actions' must be a non-empty list of numbers")
        elif "action" in data:
            actions = [data["action"]]
        else:
            if not isinstance(data["label"], str):
                raise PlayError("bad-message", "'label' must be an action's label, as text")
            state = table.state
            if state.is_terminal():
                raise PlayError("game-over", "the game is over; no more moves")
            if conn.seat != state.current_player:
                mover = state.current_player  # (said as the numeric path says it)
                name = "nobody" if mover is None else table.seats[mover].name
                raise PlayError("not-your-turn", f"it is not your turn; {name} is to move")
            try:
                actions = [state.parse_action(data["label"])]
            except IllegalAction as e:
                raise PlayError("illegal", str(e)) from None
            move = table.moves if move is None else move
        for a in actions:
            if isinstance(a, bool) or not isinstance(a, int):
                raise PlayError("bad-message", f"an action is a whole number, got {shown(a)}")
        await self.hub.play(table, conn.seat, actions, move)
