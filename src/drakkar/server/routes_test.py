"""The lobby's routes refuse bad requests: a clear error naming what is wrong, nothing created.

(app_test.py plays the server through; these are the refusals found by auditing it.)
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import pytest

from drakkar.server.conftest import new_game

pytestmark = pytest.mark.timeout(60)


def test_a_lone_surrogate_is_refused_and_the_lobby_keeps_working(client) -> None:
    # "\ud800" is valid JSON but no text: a seat named so was stored, and then every answer
    # quoting the name (the lobby's list, the game's page) was a 500, after a restart too
    body = (
        '{"game": "high-card", "seats": [{"kind": "person", "name": "\\ud800"}, {"kind": "bot"}]}'
    )
    r = client.post("/api/games", content=body.encode())
    assert r.status_code == 400 and r.json()["error"] == "bad-json"
    assert "lone surrogate" in r.json()["reason"]
    assert client.get("/api/games").json() == []
    # a pair of surrogates is one character, and welcome
    created = new_game(client, seats=[{"kind": "person", "name": "\U0001f642"}, {"kind": "bot"}])
    assert client.get("/api/games").json()[0]["seats"][0]["name"] == "\U0001f642"
    assert created["game"]["seats"][0]["name"] == "\U0001f642"


def post_raw(app: Any, headers: list[tuple[bytes, bytes]], body: list[dict]) -> list[dict]:
    """POST /api/games straight to the ASGI app, its body as the messages `body` (a client
    that goes away mid-body is a `http.disconnect`, which TestClient cannot send)."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/games",
        "raw_path": b"/api/games",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"content-type", b"application/json"), *headers],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }
    messages, sent = iter(body), []

    async def receive() -> dict:
        return next(messages)

    async def send(message: dict) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    return sent


def test_a_client_gone_mid_body_is_no_traceback_and_creates_nothing(client, caplog) -> None:
    body = [{"type": "http.request", "body": b'{"game": ', "more_body": True}]
    post_raw(client.app, [(b"content-length", b"30")], [*body, {"type": "http.disconnect"}])
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert client.get("/api/games").json() == []


def test_a_body_declared_too_large_is_refused_before_it_is_read(client) -> None:
    # a client declaring 100 MB and sending nothing more waited (then a traceback) before
    body = [{"type": "http.request", "body": b"{", "more_body": True}]
    sent = post_raw(client.app, [(b"content-length", b"100000000")], body)
    assert sent[0]["status"] == 400
    assert json.loads(sent[1]["body"])["error"] == "too-large"
    assert client.get("/api/games").json() == []
