"""The lobby's routes refuse bad requests: a clear error naming what is wrong, nothing created.

(app_test.py plays the server through; these are the refusals found by auditing it.)
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from drakkar.conftest import json_values
from drakkar.engine.errors import shown
from drakkar.server import create_app
from drakkar.server.conftest import SERVED, new_game
from drakkar.server.routes import CREATE_FIELDS

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


# -- property: any body to POST /api/games ---------------------------------------------------


def stored(client: Any) -> tuple[list[str], list[str]]:
    """Every game the store holds and every game the server holds (their bots play on)."""
    hub = client.app.state.hub
    return sorted(r.id for r in hub.store.load_all()), sorted(hub.tables)


def right_or(right: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A field's right value three times in four, else any JSON (one thing wrong at a time)."""
    return st.one_of(right, right, right, json_values)


@st.composite
def create_bodies(draw: st.DrawFn) -> Any:
    game = draw(st.sampled_from(SERVED))
    n = draw(st.integers(game.min_players, game.max_players))
    seat = st.fixed_dictionaries(
        {"kind": right_or(st.just("person"))},
        optional={
            "level": right_or(st.sampled_from(["easy", "normal", "EASY", "wise"])),
            "name": right_or(st.text(max_size=10)),
            draw(st.text(max_size=5)): json_values,
        },
    )
    names = [o["name"] for o in game.options_class.describe()]
    fields = {
        "players": right_or(st.just(n)),
        "options": right_or(
            st.dictionaries(st.sampled_from(names) | st.text(max_size=6), json_values, max_size=2)
        ),
        "seed": right_or(st.integers(0, 2**63 - 1) | st.integers()),
        "seats": right_or(st.lists(seat, min_size=n, max_size=n)),
        "turn_seconds": right_or(st.integers(0, 600) | st.floats()),
        "bot_delay": right_or(st.floats(0, 5) | st.floats()),
        draw(st.text(max_size=8)): json_values,  # (a field no request has, at times)
    }
    body = draw(st.fixed_dictionaries({"game": right_or(st.just(game.name))}, optional=fields))
    return draw(st.one_of(st.just(body), st.just(body), st.just(body), json_values))


@st.composite
def raw_bodies(draw: st.DrawFn) -> bytes:
    """Bodies that are not JSON, or JSON with something JSON allows and a server may not."""
    return draw(
        st.binary(max_size=40)
        | st.text(max_size=40).map(str.encode)
        | st.sampled_from(
            [
                b'{"game": "high-card", "bot_delay": NaN}',
                b'{"game": "high-card", "turn_seconds": Infinity}',
                b'{"game": "high-card", "seed": 1' + b"0" * 5000 + b"}",
                b'{"game": "high-card", "players": 2, "players": "x"}',
                b"[" * 5000 + b"]" * 5000,
                b'{"game": "\\udc00"}',
                b"\xff\xfe{}",
            ]
        )
    )


@pytest.mark.timeout(600)  # (the fuzz profile's 2,000 examples take a minute or two)
def test_any_create_request_makes_a_game_or_is_refused_saying_why(tmp_path) -> None:
    app = create_app(SERVED, data_dir=str(tmp_path), bot_delay=0.0)
    with TestClient(app) as client:

        @given(create_bodies() | raw_bodies())
        def check(body: Any) -> None:
            before = stored(client)
            raw = body if isinstance(body, bytes) else json.dumps(body).encode()  # (NaN too)
            r = client.post("/api/games", content=raw)
            if r.status_code == 201:  # a game: stored, with its links
                assert set(stored(client)[0]) - set(before[0]) == {r.json()["id"]}
                return
            assert 400 <= r.status_code < 500, r.text
            said = r.json()
            assert set(said) == {"error", "reason"} and said["reason"], said
            assert len(said["reason"]) < 1000
            words = ["request", "JSON", "seat", "option", *CREATE_FIELDS]
            if isinstance(body, dict):
                words += [shown(k) for k in body]
            assert any(w in said["reason"] for w in words), said
            assert stored(client) == before

        check()
