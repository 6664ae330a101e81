"""The server through its REST API and real WebSockets (FastAPI's TestClient), on the toy game."""

from __future__ import annotations

import importlib.util
import json
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import drakkar
from drakkar.engine.record import Record
from drakkar.engine.toy import HIGH_CARD
from drakkar.server import create_app
from drakkar.server.conftest import hello, new_game, stored_actions, token, until
from drakkar.server.sockets import FLOOD_CLOSE, MAX_MESSAGE

pytestmark = pytest.mark.timeout(60)


# -- the lobby ------------------------------------------------------------------------------


def test_the_catalogue_lists_the_served_games_their_options_and_bot_levels(client) -> None:
    toy = next(g for g in client.get("/api/catalogue").json() if g["name"] == "high-card")
    assert (toy["min_players"], toy["max_players"]) == (2, 3)
    assert {o["name"] for o in toy["options"]} == {"rounds", "stack"}
    ismcts = importlib.util.find_spec("drakkar.agents.ismcts") is not None
    assert toy["levels"] == ["easy", "normal"] + (["hard"] if ismcts else [])  # when it exists


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"game": "chess"}, "unknown-game", "no game called 'chess'"),
        ({"game": "high-card", "players": 7}, "bad-options", "2 to 3 players"),
        ({"game": "high-card", "options": {"rounds": 5}}, "bad-options", "'rounds'"),
        ({"game": "high-card", "options": {"colour": 1}}, "bad-options", "no such option"),
        ({"game": "high-card", "options": [1]}, "bad-options", "must be an object"),
        ({"game": "high-card", "options": []}, "bad-options", "must be an object"),  # not "none"
        ({"game": "high-card", "options": 0}, "bad-options", "must be an object"),
        ({"players": 2}, "bad-message", "name the 'game'"),
        ({"game": "high-card", "seats": [{"kind": "person"}]}, "bad-seats", "list 2 seats"),
        (
            {"game": "high-card", "seats": [{"kind": "alien"}, {"kind": "bot"}]},
            "bad-seats",
            "'kind'",
        ),
        (
            {"game": "high-card", "seats": [{"kind": "person"}, {"kind": "bot", "level": "wise"}]},
            "bad-seats",
            "no bot level 'wise'",
        ),
        ({"game": "high-card", "turn_seconds": -1}, "bad-settings", "turn_seconds"),
        ({"game": "high-card", "bot_delay": "fast"}, "bad-settings", "bot_delay"),
        ([1, 2], "bad-message", "JSON object"),
        ({"game": ["high-card"]}, "unknown-game", "no game called ['high-card']"),
        ({"game": "high-card", "seed": 2**63}, "bad-options", "'seed' must be a whole number"),
        ({"game": "high-card", "seed": -1}, "bad-options", "'seed' must be a whole number"),
        ({"game": "high-card", "seed": "7"}, "bad-options", "'seed' must be a whole number"),
    ],
)
def test_a_bad_game_request_is_refused_with_its_reason_and_creates_nothing(
    client, body, code, words
) -> None:
    r = client.post("/api/games", json=body)
    assert r.status_code in (400, 404)
    assert r.json()["error"] == code and words in r.json()["reason"]
    assert client.get("/api/games").json() == []


def test_malformed_and_oversized_requests_are_refused(client) -> None:
    r = client.post(
        "/api/games", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 400 and r.json()["error"] == "bad-json"
    r = client.post("/api/games", content=b" " * 70_000)
    assert r.status_code == 400 and r.json()["error"] == "too-large"
    r = client.post("/api/games", content=b'{"game": "high-card", "seed": ' + b"9" * 4400 + b"}")
    assert r.status_code == 400 and r.json()["error"] == "bad-json"  # too long for Python's int
    r = client.post("/api/games", content=b"[" * 5000 + b"]" * 5000)  # 10 KB: once a 500
    assert r.status_code == 400 and r.json()["error"] == "bad-json" and "nested" in r.text
    assert client.get("/api/games").json() == []


def test_a_replay_request_of_the_wrong_type_is_refused_in_the_usual_shape(client) -> None:
    created = new_game(client)
    for url in (
        f"/api/games/{created['id']}/replay/abc",
        f"/api/games/{created['id']}/replay/0?seat=x",
        f"/api/games/{created['id']}/replay/1_0",  # int() would read 10
        f"/api/games/{created['id']}/replay/-1",
        f"/api/games/{created['id']}/replay/0?seat=%2B1",  # "+1"
        f"/api/games/{created['id']}/replay/0?seat=",
    ):
        r = client.get(url)
        assert r.status_code == 400 and r.json()["error"] == "bad-request" and r.json()["reason"]


def test_no_such_route_and_a_wrong_method_are_refused_in_the_usual_shape(client) -> None:
    r = client.get("/api/nope")
    assert r.status_code == 404 and r.json() == {
        "error": "not-found",
        "reason": "nothing is served at /api/nope",
    }
    r = client.put("/api/catalogue")
    assert r.status_code == 405 and r.json()["error"] == "method-not-allowed"
    assert "PUT is not allowed on /api/catalogue" in r.json()["reason"]
    assert r.headers["allow"] == "GET"
    r = client.put("/api/games")  # Starlette named only the GET route's methods
    assert r.status_code == 405 and r.headers["allow"] == "GET, POST"
    assert r.json()["reason"] == "PUT is not allowed on /api/games; it takes GET, POST"
    assert client.get("/static/nope.js").json()["error"] == "not-found"


def test_a_page_answers_head_as_it_answers_get(client) -> None:
    for path in ("/", "/play/abc", "/replay/abc"):
        r = client.head(path)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html"), path
        assert r.content == b""


def test_a_browser_opening_an_address_not_served_gets_a_page_back_to_the_lobby(client) -> None:
    for path in ("/nonsense", "/play/", "/play/<b>x</b>/more"):
        r = client.get(path, headers={"accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
        assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
        assert 'href="/"' in r.text and "<b>" not in r.text
    # the API and the static files keep their JSON, whatever a browser asks for
    for path in ("/api/nope", "/static/nope.js"):
        r = client.get(path, headers={"accept": "text/html"})
        assert r.status_code == 404 and r.json()["error"] == "not-found"


def test_an_option_that_reads_the_servers_files_is_not_taken_from_a_request(tmp_path: Path) -> None:
    app = create_app([drakkar.load("villainous-vikings")], data_dir=str(tmp_path), bot_delay=0.0)
    with TestClient(app) as c:
        vv = c.get("/api/catalogue").json()[0]
        assert "cards" not in {o["name"] for o in vv["options"]}  # not offered by the lobby
        for path in ("/etc/hostname", "/nonexistent", ""):
            r = c.post("/api/games", json={"game": "villainous-vikings", "players": 3,
                                           "options": {"cards": path}})  # fmt: skip
            assert r.status_code == 400 and "reads the server's files" in r.json()["reason"]
            assert "hostname" not in r.json()["reason"]
        assert c.get("/api/games").json() == []


def test_the_lobby_tells_whether_a_game_was_arranged(client) -> None:
    # a chosen seed or a stacked deck lets the creator know hidden cards: joiners are told
    plain = new_game(client)
    seeded = new_game(client, seed=7)
    stacked = new_game(client, options={"stack": [9, 8, 7]})
    listed = {g["id"]: g["arranged"] for g in client.get("/api/games").json()}
    assert listed == {plain["id"]: False, seeded["id"]: True, stacked["id"]: True}


def test_creating_a_game_gives_one_secret_link_per_person_and_lists_the_game(client) -> None:
    created = new_game(
        client,
        players=3,
        seats=[{"kind": "person", "name": "Astrid"}, {"kind": "bot"}, {"kind": "person"}],
    )
    assert sorted(created["links"]) == ["0", "2"]
    assert token(created, 0) != token(created, 2)
    assert created["all_seats"].count("=") == 2
    listed = client.get("/api/games").json()
    assert [g["id"] for g in listed] == [created["id"]]
    assert listed[0]["status"] == "open"
    assert [s["name"] for s in listed[0]["seats"]] == ["Astrid", "Bot 2 (normal)", "Player 3"]
    assert "token" not in json.dumps(listed) and token(created, 0) not in json.dumps(listed)


def test_the_lobby_hides_a_stacked_deck(client) -> None:
    created = new_game(client, options={"stack": [9, 8, 7]})
    assert created["game"]["options"] == {"rounds": 3}


# -- playing --------------------------------------------------------------------------------


def test_a_person_plays_a_whole_game_against_a_bot_and_the_record_replays(client) -> None:
    created = new_game(client)
    gid = created["id"]
    assert client.get(f"/api/games/{gid}/record").status_code == 409  # not over: secret
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        m = hello(ws, 0, token(created, 0))
        assert m["seat"] == 0 and m["view"]["hand"] is not None
        while not m["over"]:
            if m["legal"]:
                ws.send_json(
                    {"type": "act", "action": m["legal"][-1]["action"], "move": m["moves"]}
                )
            m = ws.receive_json()
            assert m["type"] == "state", m
    assert m["scores"] is not None and sum(m["returns"]) == pytest.approx(1.0)
    r = client.get(f"/api/games/{gid}/record")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    record = Record.loads(r.text)
    assert list(record.actions) == stored_actions(client, gid)
    assert record.replay().scores() == m["scores"]
    assert record.seats == ("human", "random")
    assert client.get(f"/api/games/{gid}").json()["status"] == "finished"


def test_a_finished_game_replays_step_by_step_from_any_seat(client) -> None:
    created = new_game(client, seats=[{"kind": "bot", "level": "easy"}] * 2)
    gid = created["id"]
    assert client.get(f"/api/games/{gid}/replay/0").status_code == 409
    for _ in range(200):
        if client.get(f"/api/games/{gid}").json()["status"] == "finished":
            break
        time.sleep(0.02)
    record = Record.loads(client.get(f"/api/games/{gid}/record").text)
    mover = client.get(f"/api/games/{gid}/replay/0").json()["played_by"]
    first = client.get(f"/api/games/{gid}/replay/0?seat={mover}").json()
    assert first["step"] == 0 and first["steps"] == 6 and first["view"]["hand"] is not None
    assert first["played"] == record.labels()[0]  # ("play 7": the mover's own card)
    # another seat and a spectator are not told which card it is, as they were not in play
    assert client.get(f"/api/games/{gid}/replay/0?seat={1 - mover}").json()["played"] is None
    assert client.get(f"/api/games/{gid}/replay/0").json()["played"] is None
    last = client.get(f"/api/games/{gid}/replay/6").json()
    assert last["over"] and last["view"]["hand"] is None and last["played"] is None
    assert client.get(f"/api/games/{gid}/replay/7").status_code == 404
    assert client.get(f"/api/games/{gid}/replay/1?seat=5").status_code == 400


def test_an_action_may_be_sent_by_its_label(client) -> None:
    created = new_game(client)
    with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
        m = hello(ws, 0, token(created, 0))
        label = m["legal"][0]["label"]
        ws.send_json({"type": "act", "label": label.upper()})
        m = until(ws, lambda m: m["moves"] >= 1)
        assert m["log"][1] == f"player 0 plays {label.split()[1]}"


def test_a_bot_plays_for_a_person_whose_time_runs_out(client) -> None:
    created = new_game(client, turn_seconds=0.3)
    with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
        m = hello(ws, 0, token(created, 0))
        assert m["deadline"] is not None and m["deadline"] > time.time()
        m = until(ws, lambda m: m["moves"] >= 1)
        assert m["log"][1].startswith("player 0 plays")
    assert len(stored_actions(client, created["id"])) >= 1


def test_a_person_whose_time_runs_out_is_told_what_was_played_for_them(client) -> None:
    created = new_game(client, turn_seconds=0.3)
    with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
        m = hello(ws, 0, token(created, 0))
        labels = {x["label"] for x in m["legal"]}
        seen: list[dict] = []
        told = until(ws, lambda m: seen.append(m) or m["type"] == "timeout")
        assert told["move"] == 0 and told["label"] in labels  # the move it was, and what
        played = next(m for m in seen if m["type"] == "state" and m["moves"] == 1)
        assert played["log"][1] == f"player 0 plays {told['label'].split()[1]}"  # (play 7)


def test_a_restarted_server_rebuilds_every_game_by_replay(tmp_path: Path) -> None:
    app = create_app([HIGH_CARD], data_dir=str(tmp_path), bot_delay=0.0)
    with TestClient(app) as c:
        created = new_game(c, seats=[{"kind": "person"}, {"kind": "person"}])
        gid = created["id"]
        with c.websocket_connect(f"/ws/games/{gid}") as ws:
            m = hello(ws, 0, token(created, 0))
            ws.send_json({"type": "act", "action": m["legal"][0]["action"]})
            m = until(ws, lambda m: m["moves"] == 1)
        before = c.app.state.hub.tables[gid].state.full_state()  # type: ignore[attr-defined]
    again = create_app([HIGH_CARD], data_dir=str(tmp_path), bot_delay=0.0)
    with TestClient(again) as c:
        assert again.state.hub.tables[gid].state.full_state() == before
        with c.websocket_connect(f"/ws/games/{gid}") as ws:
            m = hello(ws, 1, token(created, 1))  # the old link still holds the seat
            assert m["moves"] == 1 and m["legal"]


# -- seats and tokens -----------------------------------------------------------------------


def test_a_seat_link_opens_only_its_own_seat_of_its_own_game(client) -> None:
    one = new_game(client, seats=[{"kind": "person"}, {"kind": "person"}])
    two = new_game(client, seats=[{"kind": "person"}, {"kind": "bot"}])
    with client.websocket_connect(f"/ws/games/{one['id']}") as ws:
        for seat, tok, code in [
            (1, token(one, 0), "bad-token"),  # seat 0's token for seat 1
            (0, token(two, 0), "bad-token"),  # another game's seat 0
            (0, "guess", "bad-token"),
            (0, None, "bad-token"),
            (5, token(one, 0), "bad-seat"),
            ("0", token(one, 0), "bad-seat"),
        ]:
            m = hello(ws, seat, tok)
            assert m["type"] == "error" and m["code"] == code, (seat, m)
        assert hello(ws, 1, token(one, 1))["seat"] == 1  # the connection is still usable
    with client.websocket_connect(f"/ws/games/{two['id']}") as ws:
        m = hello(ws, 1, token(two, 0))
        assert m["code"] == "bad-seat" and "bot" in m["reason"]


def test_a_spectator_sees_the_public_view_and_cannot_play(client) -> None:
    created = new_game(client, seats=[{"kind": "person"}, {"kind": "person"}])
    with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
        m = hello(ws)
        assert m["seat"] is None and m["view"]["hand"] is None and m["legal"] == []
        ws.send_json({"type": "act", "action": 0})
        assert ws.receive_json()["code"] == "spectator"


def test_an_unknown_game_is_an_error_then_a_close(client) -> None:
    with client.websocket_connect("/ws/games/nope") as ws:
        m = ws.receive_json()
        assert m["code"] == "unknown-game"
    assert client.get("/api/games/nope").status_code == 404


# -- bad input over the socket --------------------------------------------------------------


def test_every_kind_of_bad_message_gets_a_reason_and_leaves_the_game_unchanged(client) -> None:
    created = new_game(client, seats=[{"kind": "person"}, {"kind": "person"}])
    gid = created["id"]
    with (
        client.websocket_connect(f"/ws/games/{gid}") as ws0,
        client.websocket_connect(f"/ws/games/{gid}") as ws1,
    ):
        ws0.send_json({"type": "act", "action": 1})
        assert ws0.receive_json()["code"] == "not-joined"
        m0 = hello(ws0, 0, token(created, 0))
        hello(ws1, 1, token(created, 1))
        not_in_hand = next(a for a in range(9) if a not in [x["action"] for x in m0["legal"]])
        cases = [
            (ws0, "{oops", "bad-json"),
            (ws0, "[1, 2]", "bad-message"),
            (ws0, json.dumps({"type": "dance"}), "unknown-type"),
            (ws0, json.dumps({"type": "act"}), "bad-message"),
            (ws0, json.dumps({"type": "act", "action": "two"}), "bad-message"),
            (ws0, json.dumps({"type": "act", "action": True}), "bad-message"),
            (ws0, json.dumps({"type": "act", "actions": []}), "bad-message"),
            (ws0, json.dumps({"type": "act", "action": 99}), "illegal"),
            (ws0, json.dumps({"type": "act", "action": not_in_hand}), "illegal"),
            (ws0, json.dumps({"type": "act", "label": "fly away"}), "illegal"),
            (ws0, json.dumps({"type": "act", "label": "\u00b2"}), "illegal"),  # int("²") fails
            (ws0, '{"type": "act", "action": ' + "9" * 4400 + "}", "bad-json"),
            (ws0, "[" * 3000 + "]" * 3000, "bad-json"),  # once dropped the socket (RecursionError)
            (ws0, '{"type": "act", "label": "\\udc00"}', "bad-json"),  # a lone surrogate
            (
                ws0,
                json.dumps({"type": "act", "action": m0["legal"][0]["action"], "move": 3}),
                "stale",
            ),
            (ws0, json.dumps({"type": "hello"}), "already-joined"),
            (ws1, json.dumps({"type": "act", "action": 0}), "not-your-turn"),
            (ws1, json.dumps({"type": "act", "label": "play 1"}), "not-your-turn"),
            (ws0, "x" * (MAX_MESSAGE + 1), "too-large"),
        ]
        for ws, text, code in cases:
            ws.send_text(text)
            m = ws.receive_json()
            assert m["type"] == "error" and m["code"] == code, (text[:40], m)
            assert m["reason"]
            if code == "stale":
                assert ws.receive_json()["type"] == "state"  # the table as it is now
            time.sleep(0.1)  # stay under the flood limit
        ws0.send_bytes(b"\x00\x01")
        assert ws0.receive_json()["code"] == "bad-message"
        assert stored_actions(client, gid) == []
        ws0.send_json({"type": "sync"})
        m = ws0.receive_json()
        assert m["type"] == "state" and m["moves"] == 0 and m["legal"] == m0["legal"]
        ws0.send_json({"type": "ping"})
        assert ws0.receive_json() == {"type": "pong"}


def test_an_error_to_a_seat_out_of_turn_names_nothing_of_the_mover_s_hand(client) -> None:
    created = new_game(client, seats=[{"kind": "person"}, {"kind": "person"}])
    with client.websocket_connect(f"/ws/games/{created['id']}") as ws1:
        hello(ws1, 1, token(created, 1))
        mover_hand = client.app.state.hub.tables[created["id"]].state.hands[0]  # type: ignore
        for msg in ({"type": "act", "action": mover_hand[0] - 1}, {"type": "act", "label": "x"}):
            ws1.send_json(msg)
            reason = ws1.receive_json()["reason"]
            assert not any(f"play {c}" in reason for c in mover_hand), reason


def test_a_batch_is_played_in_order_up_to_the_first_refused_action(tmp_path: Path) -> None:
    # As if sent one by one: all or nothing would let a seat try a draw and take it back
    app = create_app([HIGH_CARD], data_dir=str(tmp_path), bot_delay=0.0)
    with TestClient(app) as c:
        created = new_game(
            c, players=2, options={"rounds": 1}, seats=[{"kind": "person"}, {"kind": "person"}]
        )
        with c.websocket_connect(f"/ws/games/{created['id']}") as ws:
            m = hello(ws, 0, token(created, 0))
            a = m["legal"][0]["action"]
            ws.send_json({"type": "act", "actions": [a, a]})  # the second is not this seat's
            assert ws.receive_json()["moves"] == 1  # the first is played ...
            refusal = ws.receive_json()  # ... and the second refused, saying so
            assert (
                refusal["code"] == "not-your-turn"
                and "the 1 before it were played" in (refusal["reason"])
            )
            assert stored_actions(c, created["id"]) == [a]
            ws.send_json({"type": "act", "actions": [10**6]})  # a first action refused: nothing
            assert ws.receive_json()["code"] in ("illegal", "not-your-turn")
            assert stored_actions(c, created["id"]) == [a]


def test_a_refused_batch_gives_no_free_look_at_a_draw(tmp_path: Path) -> None:
    # Viking Raid: staying home draws the top card; a batch that then fails must not undo it
    app = create_app([drakkar.load("viking-raid")], data_dir=str(tmp_path), bot_delay=0.0)
    with TestClient(app) as c:
        created = new_game(c, game="viking-raid", players=2, seed=5,
                           seats=[{"kind": "person"}, {"kind": "person"}])  # fmt: skip
        with c.websocket_connect(f"/ws/games/{created['id']}") as ws:
            m = hello(ws, 0, token(created, 0))
            while "stay home" not in [x["label"] for x in m["legal"]]:
                ws.send_json({"type": "act", "action": m["legal"][0]["action"]})
                m = ws.receive_json()
            stay = next(x["action"] for x in m["legal"] if x["label"] == "stay home")
            ws.send_json({"type": "act", "actions": [stay, 10**6]})
            assert ws.receive_json()["moves"] == m["moves"] + 1
            assert ws.receive_json()["code"] in ("illegal", "not-your-turn")
            assert stored_actions(c, created["id"])[-1] == stay  # stayed home, for good


def test_a_finished_game_refuses_moves(client) -> None:
    created = new_game(
        client, options={"rounds": 1}, seats=[{"kind": "person"}, {"kind": "person"}]
    )
    with (
        client.websocket_connect(f"/ws/games/{created['id']}") as ws0,
        client.websocket_connect(f"/ws/games/{created['id']}") as ws1,
    ):
        m0, m1 = hello(ws0, 0, token(created, 0)), hello(ws1, 1, token(created, 1))
        ws0.send_json({"type": "act", "action": m0["legal"][0]["action"]})
        ws0.receive_json()
        m1 = until(ws1, lambda m: m["legal"])
        ws1.send_json({"type": "act", "action": m1["legal"][0]["action"]})
        assert ws1.receive_json()["over"]
        ws1.send_json({"type": "act", "action": 0})
        m = ws1.receive_json()
        assert m["code"] == "game-over"
    assert len(stored_actions(client, created["id"])) == 2


def test_a_flood_is_refused_then_closed_and_the_game_is_unchanged(client) -> None:
    created = new_game(client, seats=[{"kind": "person"}, {"kind": "person"}])
    with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
        hello(ws, 1, token(created, 1))
        for _ in range(FLOOD_CLOSE + 100):
            ws.send_json({"type": "ping"})
        codes = []
        for _ in range(FLOOD_CLOSE + 100):
            m = ws.receive_json()
            codes.append(m.get("code", m["type"]))
            if "closing" in m.get("reason", ""):
                break
        assert "closing" in m["reason"], codes[-3:]
        assert "too-fast" in codes and codes[0] == "pong"
    assert stored_actions(client, created["id"]) == []


def test_a_move_the_store_cannot_save_is_not_played(client, monkeypatch) -> None:
    created = new_game(client, seats=[{"kind": "person"}, {"kind": "person"}])
    hub = client.app.state.hub

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
        m = hello(ws, 0, token(created, 0))
        monkeypatch.setattr(hub.store, "append_actions", broken)
        ws.send_json({"type": "act", "action": m["legal"][0]["action"]})
        assert ws.receive_json()["code"] == "store-failed"
        assert hub.tables[created["id"]].moves == 0
        monkeypatch.undo()
        ws.send_json({"type": "act", "action": m["legal"][0]["action"]})
        assert ws.receive_json()["moves"] == 1


def test_a_bot_that_fails_is_replaced_by_a_random_legal_move(client) -> None:
    class Broken:
        def act(self, state: object, player: int) -> int:
            raise RuntimeError("out of ideas")

    created = new_game(client, seats=[{"kind": "person"}, {"kind": "bot"}])
    table = client.app.state.hub.tables[created["id"]]
    table.agents[1] = Broken()
    with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
        m = hello(ws, 0, token(created, 0))
        ws.send_json({"type": "act", "action": m["legal"][0]["action"]})
        m = until(ws, lambda m: m["moves"] >= 2)
        assert m["log"][2].startswith("player 1 plays")


def test_a_stored_game_that_no_longer_replays_is_reported_not_guessed_at(tmp_path: Path) -> None:
    app = create_app([HIGH_CARD], data_dir=str(tmp_path), bot_delay=0.0)
    with TestClient(app) as c:
        gid = new_game(c)["id"]
        with app.state.hub.store.engine.begin() as conn:
            conn.exec_driver_sql("UPDATE games SET rules_version = '0' WHERE id = ?", (gid,))
    again = create_app([HIGH_CARD], data_dir=str(tmp_path), bot_delay=0.0)
    with TestClient(again) as c:
        r = c.get(f"/api/games/{gid}")
        assert r.status_code == 404 and "rules version '0'" in r.json()["reason"]
        assert c.get("/api/games").json() == []


def test_knarr_stack_ids_with_spaces_are_read_as_the_deal_reads_them(tmp_path: Path) -> None:
    # " V01" passed the check (it strips) and then raised ValueError: a 500
    app = create_app([drakkar.load("knarr")], data_dir=str(tmp_path), bot_delay=0.0)
    with TestClient(app) as client:
        r = client.post("/api/games", json={"game": "knarr", "options": {"viking_stack": [" V01"]}})
        assert r.status_code == 201, r.text
        r = client.post(
            "/api/games",
            json={"game": "knarr", "players": 2, "options": {"viking_stack": ["v04 "]}},
        )
        assert r.status_code == 400 and "or more players, not 2" in r.json()["reason"]


def test_the_openapi_schema_describes_the_create_request_and_its_replies(client) -> None:
    post = client.get("/openapi.json").json()["paths"]["/api/games"]["post"]
    assert {"201", "400", "404"} <= set(post["responses"]) and "200" not in post["responses"]
    body = post["requestBody"]["content"]["application/json"]["schema"]
    assert body["required"] == ["game"] and "options" in body["properties"]
    refusal = post["responses"]["400"]["content"]["application/json"]["schema"]
    assert refusal["required"] == ["error", "reason"]
    for path in client.get("/openapi.json").json()["paths"].values():
        for operation in path.values():  # a parameter of the wrong type is a 400 here, not 422
            assert "422" not in operation["responses"]
