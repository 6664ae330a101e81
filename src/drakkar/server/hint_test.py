"""Hints over the WebSocket: the hard bot's advice to the seat to move, and its refusals."""

from __future__ import annotations

import os
import time

import pytest

from drakkar.server.conftest import hello, new_game, stored_actions, token, until

pytestmark = pytest.mark.timeout(60)


class Slow:  # a search that takes a while, in its thread
    def analyse(self, state, seat):  # type: ignore[no-untyped-def]
        time.sleep(0.6)
        return [(a, 1 / len(state.legal_actions())) for a in state.legal_actions()]


class Pending:  # stands for another client's search still under way
    def done(self) -> bool:
        return False


def test_the_seat_to_move_may_ask_the_hard_bot_for_a_hint(client) -> None:
    created = new_game(client, game="viking-raid", players=3, seed=4, seats=[
        {"kind": "person"}, {"kind": "person"}, {"kind": "bot", "level": "easy"}])  # fmt: skip
    gid = created["id"]
    with (
        client.websocket_connect(f"/ws/games/{gid}") as ws,
        client.websocket_connect(f"/ws/games/{gid}") as other,
        client.websocket_connect(f"/ws/games/{gid}") as watcher,
    ):
        m = hello(ws, 0, token(created, 0))
        hello(other, 1, token(created, 1))
        hello(watcher)
        ws.send_json({"type": "hint"})
        hint = ws.receive_json()
        assert hint["type"] == "hint" and hint["move"] == 0
        legal = {a["action"]: a["label"] for a in m["legal"]}
        assert {c["action"] for c in hint["choices"]} == set(legal)  # every candidate searched
        assert all(legal[c["action"]] == c["label"] for c in hint["choices"])
        shares = [c["share"] for c in hint["choices"]]
        assert shares == sorted(shares, reverse=True) and sum(shares) == pytest.approx(1, abs=0.01)
        ws.send_json({"type": "hint"})
        assert ws.receive_json() == hint  # asked again at the same move: the same answer
        for sock, code in ((other, "not-your-turn"), (watcher, "spectator")):
            sock.send_json({"type": "hint"})
            refusal = sock.receive_json()
            assert refusal["type"] == "error" and refusal["code"] == code, refusal
    assert stored_actions(client, gid) == []  # a hint plays nothing
    hub = client.app.state.hub  # type: ignore[attr-defined]
    busy = new_game(client)
    with client.websocket_connect(f"/ws/games/{busy['id']}") as ws:
        hello(ws, 0, token(busy, 0))
        running = {"10.0.0.1": Pending(), "10.0.0.2": Pending()}  # two others' searches: the cap
        hub.hint_tasks.update(running)
        ws.send_json({"type": "hint"})
        assert ws.receive_json()["code"] == "busy"
        hub.hint_tasks.clear()
        hub.levels = lambda game: {"easy": "random"}  # a game without a search bot
        ws.send_json({"type": "hint"})
        assert ws.receive_json()["code"] == "no-hint"
    over = new_game(client)  # High Card, played to the end
    with client.websocket_connect(f"/ws/games/{over['id']}") as ws:
        m = hello(ws, 0, token(over, 0))
        while not m["over"]:
            if m["legal"]:
                ws.send_json({"type": "act", "action": m["legal"][0]["action"]})
            m = ws.receive_json()
        ws.send_json({"type": "hint"})
        assert ws.receive_json()["code"] == "game-over"


def test_a_move_sent_after_a_hint_does_not_wait_for_it(client, monkeypatch) -> None:
    import drakkar.server.tables as tables

    monkeypatch.setattr(tables, "make_agent", lambda spec, game, seed: Slow())
    created = new_game(client, seats=[{"kind": "person"}, {"kind": "person"}])
    with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
        m = hello(ws, 0, token(created, 0))
        ws.send_json({"type": "hint"})
        ws.send_json({"type": "act", "action": m["legal"][0]["action"], "move": 0})
        first, second = ws.receive_json(), ws.receive_json()
        assert first["type"] == "state" and first["moves"] == 1  # the move, at once
        assert second["type"] == "hint" and second["move"] == 0  # then the hint it asked for
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.hints_running == 0 and not hub.hint_tasks


def test_a_failed_hint_search_is_refused_and_may_be_asked_again(client, monkeypatch) -> None:
    import drakkar.server.tables as tables

    calls: list[int] = []

    class Flaky:
        def analyse(self, state, seat):  # type: ignore[no-untyped-def]
            calls.append(seat)
            if len(calls) == 1:
                raise RuntimeError("the search broke")
            return [(state.legal_actions()[0], 1.0)]

    monkeypatch.setattr(tables, "make_agent", lambda spec, game, seed: Flaky())
    created = new_game(client)
    with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
        hello(ws, 0, token(created, 0))
        ws.send_json({"type": "hint"})
        assert ws.receive_json()["code"] == "hint-failed"
        ws.send_json({"type": "hint"})
        hint = ws.receive_json()
        assert hint["type"] == "hint" and len(hint["choices"]) == 1 and calls == [0, 0]
        assert hint["more"] == 0


def test_hard_bots_and_hints_search_in_worker_processes(tmp_path) -> None:
    from fastapi.testclient import TestClient

    from drakkar.server import create_app
    from drakkar.server.conftest import SERVED

    app = create_app(SERVED, data_dir=str(tmp_path), bot_delay=0.0, search_processes=1)
    with TestClient(app) as client:
        created = new_game(client, game="viking-raid", players=2, seed=4, seats=[
            {"kind": "bot", "level": "hard"}, {"kind": "person"}])  # fmt: skip
        with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
            hello(ws, 1, token(created, 1))
            m = until(ws, lambda m: m.get("to_move") == 1 and m["legal"])  # the bot moved
            ws.send_json({"type": "hint"})
            hint = until(ws, lambda m: m["type"] == "hint")
            assert {c["action"] for c in hint["choices"]} == {a["action"] for a in m["legal"]}
        hub = app.state.hub
        [worker] = hub.thinkers.pids()  # both searched in the one worker, still there
    assert hub.thinkers.pids() == []
    with pytest.raises(ProcessLookupError):  # stopped with the server
        os.kill(worker, 0)


def test_asking_again_after_moving_on_waits_for_the_earlier_search(client, monkeypatch) -> None:
    import drakkar.server.tables as tables

    monkeypatch.setattr(tables, "make_agent", lambda spec, game, seed: Slow())
    created = new_game(client, seats=[{"kind": "person"}, {"kind": "person"}])
    gid = created["id"]
    with (
        client.websocket_connect(f"/ws/games/{gid}") as ws,
        client.websocket_connect(f"/ws/games/{gid}") as other,
    ):
        m = hello(ws, 0, token(created, 0))
        o = hello(other, 1, token(created, 1))
        ws.send_json({"type": "hint"})  # searched for move 0 ...
        ws.send_json({"type": "act", "action": m["legal"][0]["action"], "move": 0})
        o = until(other, lambda x: x["type"] == "state" and x["moves"] == 1)
        other.send_json({"type": "act", "action": o["legal"][0]["action"], "move": 1})
        until(ws, lambda x: x["type"] == "state" and x["moves"] == 2)
        ws.send_json({"type": "hint"})  # ... and asked again at move 2 while it runs
        answers = [until(ws, lambda x: x["type"] in ("hint", "error")) for _ in range(2)]
        assert [(a["type"], a.get("move")) for a in answers] == [("hint", 0), ("hint", 2)]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.hints_running == 0 and not hub.hint_tasks
