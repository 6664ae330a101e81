"""The lobby's routes refuse bad requests: a clear error naming what is wrong, nothing created.

(app_test.py plays the server through; these are the refusals found by auditing it.)
"""

from __future__ import annotations

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
