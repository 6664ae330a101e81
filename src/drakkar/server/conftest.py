"""Fixtures for the server's tests: an app serving the toy game (and every real game) on SQLite."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():  # Starlette now prefers httpx2; httpx works the same here
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

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


def token(created: dict[str, Any], seat: int) -> str:
    return created["links"][str(seat)].split(f"#s{seat}=")[1]
