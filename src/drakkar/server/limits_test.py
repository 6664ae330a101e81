"""What clients can make the server hold: games in memory, connections (docs/server.md, Limits).

Each cap refuses with an error naming it and changes nothing; a game let go of stays in the
store, its record and replay read from there and a seat's link bringing an unfinished one back.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from drakkar.engine.record import Record
from drakkar.engine.toy import HIGH_CARD
from drakkar.server import create_app
from drakkar.server.conftest import hello, new_game, stored_actions, token, until
from drakkar.server.limits import Limits

pytestmark = pytest.mark.timeout(60)

PEOPLE = [{"kind": "person"}, {"kind": "person"}]
BOTS = [{"kind": "bot", "level": "easy"}] * 2


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Any]:
    """serve(**limits): a client of an app with those limits (every other one the default)."""
    clients: list[TestClient] = []

    def start(**limits: Any) -> TestClient:
        app = create_app(
            [HIGH_CARD], data_dir=str(tmp_path), bot_delay=0.0, limits=Limits(**limits)
        )
        clients.append(TestClient(app).__enter__())
        return clients[-1]

    yield start
    for c in clients:
        c.__exit__(None, None, None)


def hub_of(client: TestClient) -> Any:
    return client.app.state.hub  # type: ignore[attr-defined]


def finished_game(client: TestClient) -> str:
    gid = str(new_game(client, seats=BOTS)["id"])
    for _ in range(500):
        if client.get(f"/api/games/{gid}").json()["status"] == "finished":
            return gid
        time.sleep(0.01)
    raise AssertionError("the bots did not finish")


# -- games held -------------------------------------------------------------------------------


def test_a_game_past_max_tables_is_refused_and_nothing_is_created(serve) -> None:
    c = serve(max_tables=2)
    held = {new_game(c, seats=PEOPLE)["id"] for _ in range(2)}
    r = c.post("/api/games", json={"game": "high-card", "seats": PEOPLE})
    assert r.status_code == 503 and r.headers["retry-after"] == "60"
    assert r.json()["error"] == "server-full"
    assert "2 unfinished games, its limit (max-tables 2)" in r.json()["reason"]
    assert {g["id"] for g in c.get("/api/games").json()} == held
    assert len(hub_of(c).store.load_all()) == 2  # nothing stored either


def test_finished_games_make_room_oldest_first_and_keep_their_record_and_replay(serve) -> None:
    c = serve(max_tables=3)
    old, newer = finished_game(c), finished_game(c)
    playing = new_game(c, seats=PEOPLE)["id"]
    fresh = new_game(c, seats=PEOPLE)["id"]  # room made: the oldest finished game is let go of
    assert set(hub_of(c).tables) == {newer, playing, fresh}
    assert old not in {g["id"] for g in c.get("/api/games").json()}
    # ... but it is still there to ask for, read from the store
    assert c.get(f"/api/games/{old}").json()["status"] == "finished"
    record = Record.loads(c.get(f"/api/games/{old}/record").text)
    assert list(record.actions) == stored_actions(c, old)
    last = c.get(f"/api/games/{old}/replay/{len(record.actions)}").json()
    assert last["over"] and last["scores"] == record.replay().scores()
    assert old not in hub_of(c).tables  # (reading it did not hold it again)
    new_game(c, seats=PEOPLE)  # the other finished one goes; then every game held is unfinished
    r = c.post("/api/games", json={"game": "high-card", "seats": PEOPLE})
    assert r.status_code == 503 and "3 unfinished games" in r.json()["reason"]


def test_a_finished_game_is_let_go_of_keep_finished_after_its_end(serve) -> None:
    c = serve(keep_finished=100)
    gid = finished_game(c)
    hub = hub_of(c)
    end = hub.tables[gid].finished
    hub.sweep(end + 99)
    assert gid in hub.tables
    with c.websocket_connect(f"/ws/games/{gid}") as ws:  # someone watching the final table
        hello(ws)
        hub.sweep(end + 100)
        assert gid in hub.tables
    hub.sweep(end + 100)
    assert gid not in hub.tables and c.get("/api/games").json() == []
    assert c.get(f"/api/games/{gid}/record").status_code == 200


def test_an_abandoned_game_is_let_go_of_and_its_seat_link_brings_it_back(serve) -> None:
    c = serve(keep_idle=1000)
    created = new_game(c, seats=PEOPLE)
    gid = created["id"]
    hub = hub_of(c)
    with c.websocket_connect(f"/ws/games/{gid}") as ws:
        m = hello(ws, 0, token(created, 0))
        ws.send_json({"type": "act", "action": m["legal"][0]["action"]})
        until(ws, lambda m: m["moves"] == 1)
        hub.sweep(time.time() + 5000)  # a socket is open on it: held however long it waits
        assert gid in hub.tables
    left = hub.tables[gid].active
    hub.sweep(left + 999)
    assert gid in hub.tables
    hub.sweep(left + 1000)
    assert gid not in hub.tables and c.get("/api/games").json() == []
    with c.websocket_connect(f"/ws/games/{gid}") as ws:
        m = hello(ws, 1, token(created, 1))  # the other seat's link, as good as before
        assert m["moves"] == 1 and m["legal"]
        assert gid in hub.tables
        ws.send_json({"type": "act", "action": m["legal"][0]["action"]})
        assert until(ws, lambda m: m["moves"] == 2)["moves"] == 2
    assert len(stored_actions(c, gid)) == 2


def test_a_seat_link_is_refused_while_the_server_is_full_and_nothing_changes(serve) -> None:
    c = serve(max_tables=1, keep_idle=1000)
    created = new_game(c, seats=PEOPLE)
    hub_of(c).sweep(time.time() + 1000)
    other = new_game(c, seats=PEOPLE)["id"]
    with c.websocket_connect(f"/ws/games/{created['id']}") as ws:
        m = ws.receive_json()
        assert m["code"] == "server-full" and "max-tables 1" in m["reason"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1013  # try again later
    assert set(hub_of(c).tables) == {other}


def test_a_restarted_server_holds_again_only_the_games_still_to_hold(tmp_path: Path) -> None:
    app = create_app([HIGH_CARD], data_dir=str(tmp_path), bot_delay=0.0)
    with TestClient(app) as c:
        done, idle, recent = finished_game(c), *(new_game(c, seats=PEOPLE)["id"] for _ in "ab")
        with app.state.hub.store.engine.begin() as conn:  # as if a day had passed for two
            conn.exec_driver_sql(
                "UPDATE games SET finished = finished - 7200 WHERE id = ?", (done,)
            )
            conn.exec_driver_sql("UPDATE games SET created = created - 90000 WHERE id = ?", (idle,))
    again = create_app(
        [HIGH_CARD], data_dir=str(tmp_path), limits=Limits(keep_finished=3600, keep_idle=86400)
    )
    with TestClient(again) as c:
        assert set(again.state.hub.tables) == {recent}
        assert c.get(f"/api/games/{done}/record").status_code == 200
        assert c.get(f"/api/games/{idle}").json()["status"] == "open"


def test_a_game_let_go_of_that_no_longer_replays_is_reported_as_at_start_up(
    tmp_path: Path,
) -> None:
    app = create_app([HIGH_CARD], data_dir=str(tmp_path), bot_delay=0.0)
    with TestClient(app) as c:
        gid = finished_game(c)
        app.state.hub.sweep(time.time() + 10**6)
        with app.state.hub.store.engine.begin() as conn:
            conn.exec_driver_sql("UPDATE games SET rules_version = '0' WHERE id = ?", (gid,))
        for _ in range(2):  # (the second time from what the first found)
            r = c.get(f"/api/games/{gid}/record")
            assert r.status_code == 404 and "rules version '0'" in r.json()["reason"]
        assert app.state.hub.broken[gid].startswith("stored with rules version '0'")


# -- connections ------------------------------------------------------------------------------


def test_a_connection_past_max_sockets_is_refused_and_closed(serve) -> None:
    c = serve(max_sockets=1)
    gid = new_game(c, seats=PEOPLE)["id"]
    with c.websocket_connect(f"/ws/games/{gid}") as first:
        hello(first)
        with c.websocket_connect(f"/ws/games/{gid}") as second:
            m = second.receive_json()
            assert m["code"] == "server-full" and "its limit (max-sockets 1)" in m["reason"]
            with pytest.raises(WebSocketDisconnect) as closed:
                second.receive_json()
            assert closed.value.code == 1013
        first.send_json({"type": "ping"})
        assert first.receive_json() == {"type": "pong"}  # the one open is unchanged
    with c.websocket_connect(f"/ws/games/{gid}") as again:  # its place is free once it closed
        assert hello(again)["type"] == "state"


def test_a_spectator_past_max_watchers_is_refused_but_a_seat_still_joins(serve) -> None:
    c = serve(max_watchers=1)
    created = new_game(c, seats=PEOPLE)
    gid = created["id"]
    with c.websocket_connect(f"/ws/games/{gid}") as watcher:
        hello(watcher)
        with c.websocket_connect(f"/ws/games/{gid}") as second:
            m = hello(second)
            assert m["code"] == "too-many-watchers"
            assert "as many spectators as it takes (max-watchers 1)" in m["reason"]
            with pytest.raises(WebSocketDisconnect) as closed:
                second.receive_json()
            assert closed.value.code == 1013
        with c.websocket_connect(f"/ws/games/{gid}") as seat:
            assert hello(seat, 0, token(created, 0))["seat"] == 0
    assert [x.seat for x in hub_of(c).tables[gid].connections] == []


def test_a_seat_past_max_seat_sockets_is_refused_but_another_seat_and_spectators_join(
    serve,
) -> None:
    c = serve(max_seat_sockets=2)
    created = new_game(c, seats=PEOPLE)
    gid, link = created["id"], token(created, 0)
    with (
        c.websocket_connect(f"/ws/games/{gid}") as tab1,
        c.websocket_connect(f"/ws/games/{gid}") as tab2,
    ):
        first = hello(tab1, 0, link)
        assert first["seat"] == hello(tab2, 0, link)["seat"] == 0
        with c.websocket_connect(f"/ws/games/{gid}") as tab3:
            m = hello(tab3, 0, link)
            assert m["code"] == "too-many-seat-sockets"
            assert "this seat has 2 connections open, as many as a seat takes" in m["reason"]
            assert "(max-seat-sockets 2)" in m["reason"]
            with pytest.raises(WebSocketDisconnect) as closed:
                tab3.receive_json()
            assert closed.value.code == 1013  # try again later
        with (
            c.websocket_connect(f"/ws/games/{gid}") as other,
            c.websocket_connect(f"/ws/games/{gid}") as watcher,
        ):  # the cap is the seat's: the other seat and spectators are not counted
            assert hello(other, 1, token(created, 1))["seat"] == 1
            assert hello(watcher)["type"] == "state"
            seats = sorted(x.seat for x in hub_of(c).tables[gid].connections if x.seat is not None)
            assert seats == [0, 0, 1]  # the refused tab holds nothing
        tab1.send_json({"type": "act", "action": first["legal"][0]["action"]})
        assert until(tab2, lambda m: m["moves"] == 1)["moves"] == 1  # the two open still play
    with c.websocket_connect(f"/ws/games/{gid}") as tab4:  # its place is free once one closed
        assert hello(tab4, 0, link)["seat"] == 0


@pytest.mark.parametrize(
    ("limits", "words"),
    [
        ({"max_tables": 0}, "'max_tables' must be a whole number of at least 1"),
        ({"max_sockets": 1.5}, "'max_sockets' must be a whole number"),
        ({"max_watchers": -1}, "'max_watchers' must be a whole number of at least 0"),
        ({"max_seat_sockets": 0}, "'max_seat_sockets' must be a whole number of at least 1"),
        ({"keep_idle": -1}, "'keep_idle' must be a number of seconds, 0 or more"),
        ({"keep_finished": float("nan")}, "'keep_finished' must be a number of seconds"),
    ],
)
def test_a_limit_out_of_range_is_refused_naming_it(limits: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Limits(**limits)
