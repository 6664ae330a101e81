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


def test_a_body_sent_past_the_limit_undeclared_is_refused_without_reading_it_all(client) -> None:
    # no Content-Length (chunked): the limit is kept as the body streams in
    chunk = {"type": "http.request", "body": b" " * 40_000, "more_body": True}
    sent = post_raw(client.app, [], [chunk, chunk, chunk, {**chunk, "more_body": False}])
    assert sent[0]["status"] == 400
    assert json.loads(sent[1]["body"])["error"] == "too-large"
    assert client.get("/api/games").json() == []


def test_a_body_declared_too_large_is_refused_before_it_is_read(client) -> None:
    # a client declaring 100 MB and sending nothing more waited (then a traceback) before
    body = [{"type": "http.request", "body": b"{", "more_body": True}]
    sent = post_raw(client.app, [(b"content-length", b"100000000")], body)
    assert sent[0]["status"] == 400
    assert json.loads(sent[1]["body"])["error"] == "too-large"
    assert client.get("/api/games").json() == []


@pytest.mark.parametrize(
    "names",
    [("Astrid", "Astrid"), ("Astrid", " astrid "), ("Player 2", None)],  # None: "Player 2"
)
def test_two_seats_of_one_name_are_refused(client, names) -> None:  # type: ignore[no-untyped-def]
    # the log, the banner and the final scores would read "Astrid" for either of them
    seats = [{"kind": "person", "name": n} if n else {"kind": "person"} for n in names]
    r = client.post("/api/games", json={"game": "high-card", "seats": seats})
    assert r.status_code == 400 and r.json()["error"] == "bad-seats", r.json()
    assert r.json()["reason"] == (
        f"seat 1: another seat is called {names[0]!r} too; give each seat its own name"
    )
    assert client.get("/api/games").json() == []


PERSON_AND_BOT = [{"kind": "person"}, {"kind": "bot"}]


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"game": "high-card", "playres": 3}, "bad-message", "no field 'playres'"),
        ({"game": "high-card", "sede": 7}, "bad-message", "no field 'sede'"),
        (
            {"game": "high-card", "seats": [{"kind": "person", "levle": "hard"}, {"kind": "bot"}]},
            "bad-seats",
            "seat 0: no field 'levle'",
        ),
        (
            {"game": "high-card", "seats": [{"kind": "person", "name": {"a": 1}}, {"kind": "bot"}]},
            "bad-seats",
            "seat 0: 'name' must be text",
        ),
        (
            {"game": "high-card", "seats": [{"kind": "person", "name": True}, {"kind": "bot"}]},
            "bad-seats",
            "seat 0: 'name' must be text",
        ),
        (
            {"game": "high-card", "seats": [{"kind": "person"}, {"kind": "bot", "name": "x" * 41}]},
            "bad-seats",
            "seat 1: 'name' must be text of at most 40 characters",
        ),
        (
            {"game": "high-card", "seats": [{"kind": "person", "name": "A\nB"}, {"kind": "bot"}]},
            "bad-seats",
            "control characters",
        ),
        (
            {"game": "high-card", "seats": [{"kind": "person"}, {"kind": "bot", "level": []}]},
            "bad-seats",
            "seat 1: 'level' must be a bot level's name",
        ),
        (
            {"game": "high-card", "seats": [{"kind": "person"}, {"kind": "bot", "level": 0}]},
            "bad-seats",
            "seat 1: 'level' must be a bot level's name",
        ),
        # true is no number of seconds (it was read as 1)
        ({"game": "high-card", "turn_seconds": True}, "bad-settings", "'turn_seconds' must be"),
        ({"game": "high-card", "bot_delay": False}, "bad-settings", "'bot_delay' must be"),
    ],
)
def test_a_field_misspelt_or_of_the_wrong_type_is_refused_not_ignored(
    client, body, code, words
) -> None:
    # each was taken before: the field ignored, a name written as "{'a': 1}" or "True",
    # cut at 40 characters, or a falsy level read as the default
    r = client.post("/api/games", json=body)
    assert r.status_code == 400 and r.json()["error"] == code, r.json()
    assert words in r.json()["reason"]
    assert client.get("/api/games").json() == []


def test_every_field_the_lobby_sends_is_taken(client) -> None:
    seats = [
        {"kind": "person", "level": "easy", "name": " Astrid "},
        {"kind": "bot", "level": "easy"},
    ]
    created = new_game(client, players=2, options={"rounds": 2}, seed=7, seats=seats,
                       turn_seconds=60, bot_delay=0.5)  # fmt: skip
    game = created["game"]
    assert [s["name"] for s in game["seats"]] == ["Astrid", "Bot 2 (easy)"]
    assert (game["options"]["rounds"], game["turn_seconds"], game["arranged"]) == (2, 60, True)


def test_a_server_file_option_spelt_with_a_dash_is_refused_as_such(client) -> None:
    # the options read "cards-digest" as cards_digest, but the server's check did not: it was
    # refused only by the game, for a reason that hid why a request may not set it
    for name in ("cards-digest", "cards_digest"):
        body = {"game": "villainous-vikings", "players": 3, "options": {name: "x"}}
        r = client.post("/api/games", json=body)
        assert r.status_code == 400 and "reads the server's files" in r.json()["reason"], r.json()
    assert client.get("/api/games").json() == []


def test_a_refusal_quotes_at_most_a_line_of_what_was_sent(client) -> None:
    long = "x" * 20_000
    for body in (
        {"game": long},
        {long: 1},
        {"game": "high-card", "seed": long},
        {"game": "high-card", "seats": [{"kind": "person"}, {"kind": "bot", "level": long}]},
    ):
        r = client.post("/api/games", json=body)
        assert r.status_code in (400, 404) and len(r.json()["reason"]) < 300, r.json()["error"]
    assert len(client.get(f"/api/games/{long[:8000]}").json()["reason"]) < 300


def test_the_list_of_games_comes_a_page_at_a_time_newest_first(client) -> None:
    # the lobby listed every game held: hundreds on a busy server, in one answer every 3 s
    ids = [new_game(client)["id"] for _ in range(5)][::-1]  # (newest first)
    r = client.get("/api/games?limit=2")
    assert [g["id"] for g in r.json()] == ids[:2] and r.headers["x-total-count"] == "5"
    assert [g["id"] for g in client.get("/api/games?limit=2&offset=2").json()] == ids[2:4]
    assert [g["id"] for g in client.get("/api/games?offset=4").json()] == ids[4:]
    assert [g["id"] for g in client.get("/api/games").json()] == ids  # (up to 50 by default)
    for bad in ("limit=0", "limit=501", "limit=-1", "offset=x"):
        r = client.get(f"/api/games?{bad}")
        assert r.status_code == 400 and r.json()["error"] == "bad-request", bad
    assert "'limit' must run from 1 to 500" in client.get("/api/games?limit=0").json()["reason"]


def test_the_list_of_games_gives_fifty_unless_asked_for_more(client) -> None:
    for _ in range(51):
        new_game(client)
    assert len(client.get("/api/games").json()) == 50
    assert len(client.get("/api/games?limit=60").json()) == 51
