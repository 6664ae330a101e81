"""The lobby's REST routes; each finds the Hub on `request.app.state.hub`."""

from __future__ import annotations

import html
import unicodedata
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.requests import ClientDisconnect
from starlette.routing import Match

from drakkar.engine.errors import shown
from drakkar.server.limits import SWEEP_EVERY
from drakkar.server.player_view import replay_message
from drakkar.server.sockets import read_json
from drakkar.server.tables import MAX_NAME, Hub, PlayError, Table

MAX_BODY = 64 * 1024  # bytes in a lobby request
STATUS = {"unknown-game": 404, "game-not-over": 409, "bad-step": 404, "server-full": 503}

router = APIRouter(prefix="/api")

#: the refusal every route may give, for the OpenAPI schema (docs/server.md has the codes)
REFUSAL = {
    "description": 'refused: {"error": code, "reason": "what is wrong"}',
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "required": ["error", "reason"],
                "properties": {"error": {"type": "string"}, "reason": {"type": "string"}},
            }
        }
    },
}
#: the create request, read by hand (a size limit first), described here for the schema
CREATE_BODY = {
    "requestBody": {
        "required": False,
        "content": {
            "application/json": {
                "schema": {
                    "type": "object",
                    "required": ["game"],
                    "properties": {
                        "game": {"type": "string"},
                        "players": {"type": "integer"},
                        "options": {"type": "object"},
                        "seed": {"type": "integer", "minimum": 0},
                        "seats": {"type": "array", "items": {"type": "object"}},
                        "turn_seconds": {"type": "number", "minimum": 0},
                        "bot_delay": {"type": "number", "minimum": 0},
                    },
                }
            }
        },
    }
}


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def refused(request: Request, e: Exception) -> JSONResponse:
    """Every PlayError becomes {"error": code, "reason": ...} with a fitting status."""
    code = getattr(e, "code", "error")
    status = STATUS.get(code, 400)
    # (a full server may have room again soon: a game ends, an idle one is let go of)
    headers = {"Retry-After": str(int(SWEEP_EVERY))} if status == 503 else None
    return JSONResponse({"error": code, "reason": str(e)}, status_code=status, headers=headers)


async def malformed(request: Request, e: Exception) -> JSONResponse:
    """A path or query parameter of the wrong type, in the same shape as every refusal."""
    errors: list[dict[str, Any]] = getattr(e, "errors", list)()
    where = "; ".join(
        f"{'.'.join(str(x) for x in err.get('loc', ()))}: {err.get('msg', '')}" for err in errors
    )
    return JSONResponse({"error": "bad-request", "reason": where or str(e)}, status_code=400)


NOT_FOUND_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>drakkar — not found</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/css/drakkar.css"></head>
<body><header class="top"><h1><a href="/">drakkar</a></h1><span class="where">not found</span></header>
<main><div class="error" role="alert">Nothing is served at {path}.</div>
<p><a href="/">Back to the lobby</a></p></main></body></html>
"""


def wants_page(request: Request) -> bool:
    """A browser opening an address (it asks for HTML), not a program calling the API."""
    path = request.url.path
    return "text/html" in request.headers.get("accept", "") and not path.startswith(
        ("/api/", "/static/")
    )


async def no_route(request: Request, e: Exception) -> Response:
    """Starlette's own refusals (no such route, a method a route does not take) in the same
    shape as every other, keeping their headers (a 405's `Allow`); a browser opening an
    address that is not served gets a small page with the way back to the lobby."""
    status = getattr(e, "status_code", 500)
    path = request.url.path
    if status == 404 and wants_page(request):
        return HTMLResponse(NOT_FOUND_PAGE.format(path=html.escape(path)), status_code=404)
    if status == 404:
        code, reason = "not-found", f"nothing is served at {path}"
    elif status == 405:
        code, reason = "method-not-allowed", f"{request.method} is not allowed on {path}"
        # Starlette's Allow names only the first route that matched the path (GET of
        # /api/games, not its POST): each method is tried on the path instead
        routes = request.app.router.routes
        allowed = [
            m
            for m in METHODS
            if any(r.matches({**request.scope, "method": m})[0] == Match.FULL for r in routes)
        ]
        if allowed:
            return JSONResponse(
                {"error": code, "reason": f"{reason}; it takes {', '.join(allowed)}"},
                status_code=405,
                headers={"Allow": ", ".join(allowed)},
            )
    else:
        code, reason = f"http-{status}", str(getattr(e, "detail", "")) or f"status {status}"
    return JSONResponse(
        {"error": code, "reason": reason}, status_code=status, headers=getattr(e, "headers", None)
    )


METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")

#: a count in a path or query: plain digits only (Python's int() would take "1_0" or " 10")
WHOLE = r"^[0-9]{1,9}$"


@router.get("/catalogue")
def catalogue(request: Request) -> list[dict[str, Any]]:
    return hub_of(request).catalogue()


LIST_PAGE = 50  # games in an answer of GET /api/games that gives no limit
MAX_LIST = 500  # ... and that gives one


@router.get("/games", responses={400: REFUSAL})
def list_games(
    request: Request,
    response: Response,
    limit_text: Annotated[str | None, Query(alias="limit", pattern=WHOLE)] = None,
    offset_text: Annotated[str | None, Query(alias="offset", pattern=WHOLE)] = None,
) -> list[dict[str, Any]]:
    """The games held, newest first, `limit` of them from `offset`; the header X-Total-Count
    says how many there are (the lobby offers "show more" while it has not shown them all)."""
    limit = LIST_PAGE if limit_text is None else int(limit_text)
    if not 1 <= limit <= MAX_LIST:
        raise PlayError("bad-request", f"'limit' must run from 1 to {MAX_LIST}, not {limit}")
    offset = 0 if offset_text is None else int(offset_text)
    tables = sorted(hub_of(request).tables.values(), key=lambda t: -t.created)
    response.headers["X-Total-Count"] = str(len(tables))
    return [t.summary() for t in tables[offset : offset + limit]]


@router.post(
    "/games",
    status_code=201,
    responses={400: REFUSAL, 404: REFUSAL, 503: REFUSAL},
    openapi_extra=CREATE_BODY,
)
async def create(request: Request) -> Response:
    declared = request.headers.get("content-length", "")
    too_large = PlayError("too-large", f"a request over {MAX_BODY} bytes; the limit is {MAX_BODY}")
    if declared.isascii() and declared.isdigit() and int(declared) > MAX_BODY:
        raise too_large  # said at once, not after waiting for a body it will not read
    body = bytearray()
    try:
        async for chunk in request.stream():  # not past the limit: a huge body is not read whole
            body += chunk
            if len(body) > MAX_BODY:
                raise too_large
    except ClientDisconnect:  # the client gave up mid-body: nobody to answer, no traceback
        return Response(status_code=400)
    spec = read_json(bytes(body) or b"{}", "the request")
    if not isinstance(spec, dict):
        raise PlayError("bad-message", "the request must be a JSON object")
    check_fields(spec)
    table, tokens = hub_of(request).create(spec)
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


#: the fields of a create request and of each of its seats: a misspelt one ("playres") was
#: ignored, and the game dealt without it
CREATE_FIELDS = ("game", "players", "options", "seed", "seats", "turn_seconds", "bot_delay")
SEAT_FIELDS = ("kind", "level", "name")


def check_fields(spec: dict[str, Any]) -> None:
    """Refuse a field the create request does not have, and a seat's name or level that is
    not text (the Hub checks the values: the game, the counts, the options, the levels)."""
    unknown = [k for k in spec if k not in CREATE_FIELDS]
    if unknown:
        raise PlayError(
            "bad-message",
            f"no field {shown(unknown[0])} in a request; fields: {', '.join(CREATE_FIELDS)}",
        )
    seats = spec.get("seats")
    for i, seat in enumerate(seats if isinstance(seats, list) else []):
        if not isinstance(seat, dict):
            continue  # the Hub says what a seat must be
        unknown = [k for k in seat if k not in SEAT_FIELDS]
        if unknown:
            raise PlayError(
                "bad-seats",
                f"seat {i}: no field {shown(unknown[0])}; fields: {', '.join(SEAT_FIELDS)}",
            )
        name, level = seat.get("name"), seat.get("level")
        if name is not None and (
            not isinstance(name, str)
            or len(name.strip()) > MAX_NAME
            or any(unicodedata.category(c) == "Cc" for c in name)
        ):
            raise PlayError(
                "bad-seats",
                f"seat {i}: 'name' must be text of at most {MAX_NAME} characters, without "
                "control characters",
            )
        if level is not None and not isinstance(level, str):
            raise PlayError("bad-seats", f"seat {i}: 'level' must be a bot level's name")


@router.get("/games/{game_id}", responses={404: REFUSAL})
def one_game(request: Request, game_id: str) -> dict[str, Any]:
    return hub_of(request).table(game_id).summary()


@router.get("/games/{game_id}/record", responses={404: REFUSAL, 409: REFUSAL})
def record(request: Request, game_id: str) -> Response:
    table = finished(hub_of(request), game_id)
    name = f"{table.game.name}-{table.id}.json"
    return Response(
        table.record().dumps(),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.get("/games/{game_id}/replay/{step}", responses={400: REFUSAL, 404: REFUSAL, 409: REFUSAL})
def replay(
    request: Request,
    game_id: str,
    step_text: Annotated[str, Path(alias="step", pattern=WHOLE)],
    seat_text: Annotated[str | None, Query(alias="seat", pattern=WHOLE)] = None,
) -> dict[str, Any]:
    step, seat = int(step_text), None if seat_text is None else int(seat_text)
    table = finished(hub_of(request), game_id)
    history = table.state.history
    if not 0 <= step <= len(history):
        raise PlayError("bad-step", f"step must run from 0 to {len(history)}")
    if seat is not None and not 0 <= seat < table.state.num_players:
        raise PlayError("bad-seat", f"seat must run from 0 to {table.state.num_players - 1}")
    state = table.game.new(table.state.num_players, table.state.seed, table.state.options)
    for a in history[:step]:
        state.apply(a)
    at_step = Table(table.id, table.game, state, table.seats, 0, 0, table.created)
    return replay_message(
        at_step, seat, len(history), history[step] if step < len(history) else None
    )


def finished(hub: Hub, game_id: str) -> Table:
    table = hub.table(game_id)
    if not table.state.is_terminal():
        raise PlayError(
            "game-not-over",
            "the game is not over: its record would reveal hidden cards, so it is given only "
            "once the game has ended",
        )
    return table
