"""Fixtures for the server's tests: an app serving the toy game (and every real game) on SQLite."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():  # Starlette now prefers httpx2; httpx works the same here
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
    from starlette.testclient import WebSocketTestSession

from drakkar.engine.registry import games as registered_games
from drakkar.engine.toy import HIGH_CARD
from drakkar.server import create_app

SERVED = [HIGH_CARD, *registered_games()]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(SERVED, data_dir=str(tmp_path), bot_delay=0.0)
    with TestClient(app) as c:
        yield c


def new_game(client: TestClient, **spec: Any) -> dict[str, Any]:
    body = {
        "game": "high-card",
        "players": 2,
        "seats": [{"kind": "person"}, {"kind": "bot", "level": "easy"}],
    } | spec
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def hello(ws: WebSocketTestSession, seat: int | None = None, tok: str | None = None) -> dict:
    ws.send_json(
        {"type": "hello"} if seat is None else {"type": "hello", "seat": seat, "token": tok}
    )
    return ws.receive_json()


def until(ws: WebSocketTestSession, pred: Any) -> dict:
    while True:
        m = ws.receive_json()
        if pred(m):
            return m


def stored_actions(client: TestClient, game_id: str) -> list[int]:
    row = client.app.state.hub.store.load_game(game_id)  # type: ignore[attr-defined]
    return row.actions


def token(created: dict[str, Any], seat: int) -> str:
    return created["links"][str(seat)].split(f"#s{seat}=")[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(
    data: Path,
    port: int,
    database: str | None = None,
    games: str = "high-card",
    bot_delay: float = 0.05,
    extra: tuple[str, ...] = (),  # more options of `drakkar serve` ("--max-tables", "3")
) -> Iterator[subprocess.Popen]:
    args = [
        sys.executable,
        "-c",
        "from drakkar.cli import app; app()",
        "serve",
        "--port",
        str(port),
        "--data",
        str(data),
        "--games",
        games,
        "--bot-delay",
        str(bot_delay),
        *extra,
    ]
    if database:
        args += ["--database", database]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/catalogue", timeout=1)
                break
            except OSError:
                if proc.poll() is not None:
                    raise AssertionError(f"the server stopped: {proc.stdout.read()}") from None  # type: ignore[union-attr]
                time.sleep(0.1)
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
