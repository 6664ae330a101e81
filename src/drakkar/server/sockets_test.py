"""The socket refuses a message of the wrong shape, saying what is wrong, and plays nothing.

(app_test.py plays the protocol through; these are the refusals found by auditing it.)
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from drakkar.conftest import fingerprint, json_values
from drakkar.engine.game import Game
from drakkar.server import create_app
from drakkar.server.conftest import SERVED, hello, new_game, stored_actions, token
from drakkar.server.limits import Limits

pytestmark = pytest.mark.timeout(60)

TWO_PEOPLE = [{"kind": "person"}, {"kind": "person"}]


def test_a_message_of_the_wrong_shape_is_refused_and_plays_nothing(client) -> None:
    created = new_game(client, seats=TWO_PEOPLE)
    with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
        m = hello(ws, 0, token(created, 0))
        legal = m["legal"][0]
        a, label = legal["action"], legal["label"]
        cases = [
            # a misspelt field was ignored: the move played without the stale check asked for
            ({"type": "act", "action": a, "mvoe": 3}, "bad-message", "no field 'mvoe'"),
            ({"type": "ping", "id": 1}, "bad-message", "no field 'id' in a ping message"),
            # two ways to say the move: one was picked silently
            ({"type": "act", "action": a, "label": "x"}, "bad-message", "action and label"),
            ({"type": "act", "actions": [a], "action": a}, "bad-message", "action and actions"),
            # a label that is not text was read as its str(): 5 played action 5, None "None"
            ({"type": "act", "label": a}, "bad-message", "'label' must be an action's label"),
            ({"type": "act", "label": None}, "bad-message", "'label' must be an action's label"),
            ({"type": "act", "label": [label]}, "bad-message", "'label' must be"),
            # a move number of the wrong type was refused as "stale", as if the game had moved
            ({"type": "act", "action": a, "move": "0"}, "bad-message", "'move' must be the move"),
            ({"type": "act", "action": a, "move": False}, "bad-message", "'move' must be the move"),
        ]
        for message, code, words in cases:
            ws.send_json(message)
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["code"] == code, (message, reply)
            assert words in reply["reason"], (message, reply)
        assert stored_actions(client, created["id"]) == []
        ws.send_json({"type": "act", "label": label, "move": 0})  # the right shape plays
        assert ws.receive_json()["moves"] == 1


def test_a_token_without_its_seat_is_refused_not_taken_for_a_spectator(client) -> None:
    created = new_game(client, seats=TWO_PEOPLE)
    with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
        for seatless in ({"type": "hello", "token": token(created, 0)},
                         {"type": "hello", "seat": None, "token": token(created, 0)}):  # fmt: skip
            ws.send_json(seatless)
            reply = ws.receive_json()
            assert reply["code"] == "bad-seat" and "name it" in reply["reason"], reply
        # true is no seat number: it opened seat 1 (a bool is an int in Python)
        ws.send_json({"type": "hello", "seat": True, "token": token(created, 1)})
        reply = ws.receive_json()
        assert reply["code"] == "bad-seat" and "'seat' must be a number" in reply["reason"], reply
        assert hello(ws, 0, token(created, 0))["seat"] == 0  # not joined as a spectator before


def test_a_reason_quotes_at_most_a_line_of_what_was_sent(client) -> None:
    created = new_game(client, seats=TWO_PEOPLE)
    with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
        hello(ws, 0, token(created, 0))
        for message in ({"type": "x" * 7000}, {"type": "act", "action": "x" * 7000}):
            ws.send_text(json.dumps(message))
            reply = ws.receive_json()
            assert reply["code"] in ("unknown-type", "bad-message") and len(reply["reason"]) < 200


# -- property: any message to a seat's socket, in every game ---------------------------------

#: the refusals a message to a seat may get (docs/server.md)
REFUSALS = {
    "bad-json",
    "bad-message",
    "unknown-type",
    "already-joined",
    "not-your-turn",
    "illegal",
    "stale",
    "game-over",
}


def table_fingerprint(client: Any, game_id: str) -> Any:
    """The game as stored and as held: a refused message changes neither."""
    return stored_actions(client, game_id), fingerprint(client.app.state.hub.tables[game_id].state)


@st.composite
def act_messages(draw: st.DrawFn, legal: list[dict[str, Any]], moves: int) -> Any:
    """An act message (its right parts often, any JSON at times), or any other message."""
    actions = [m["action"] for m in legal] or [0]
    labels = [m["label"] for m in legal] or ["x"]
    action = st.one_of(
        st.sampled_from(actions), st.integers(-3, 400), json_values, st.sampled_from([10**30])
    )
    label = st.sampled_from(labels).flatmap(
        lambda t: st.sampled_from([t, t.upper(), t + "x", t[:-1], str(actions[0])])
    )
    say = draw(st.sampled_from(["action", "action", "actions", "label", "label"]))
    parts = {
        say: draw({"action": action, "actions": st.lists(action, max_size=3), "label": label}[say])
    }
    if draw(st.booleans()):
        parts["move"] = draw(st.sampled_from([moves, moves - 1, moves + 1]) | json_values)
    if draw(st.integers(0, 5)) == 0:  # a second way to say the move, a misspelt field, any JSON
        parts[draw(st.sampled_from(["action", "actions", "label", "mvoe"]))] = draw(json_values)
    if draw(st.integers(0, 5)) == 0:
        parts[say] = draw(json_values)
    kind = draw(st.sampled_from(["act"] * 8 + ["hello", "Act"]))
    return {"type": kind, **parts} if draw(st.integers(0, 7)) else draw(json_values)


@pytest.mark.timeout(600)  # (the fuzz profile's 2,000 examples take a minute or two)
def test_any_message_to_a_seat_plays_a_legal_move_or_is_refused_changing_nothing(
    tmp_path,
) -> None:
    app = create_app(
        SERVED,
        data_dir=str(tmp_path),
        bot_delay=0.0,
        rate=1e9,
        burst=1e9,
        limits=Limits(max_tables=100_000),
    )
    with TestClient(app) as client:
        hub = client.app.state.hub

        @given(st.sampled_from(SERVED), st.integers(0, 2**32), st.integers(0, 40), st.data())
        def check(game: Game, seed: int, steps: int, data: st.DataObject) -> None:
            # a new game on each example, some moves in (the same every time it is tried)
            people = [{"kind": "person"}] * game.min_players
            created = new_game(
                client, game=game.name, players=game.min_players, seats=people, seed=seed
            )
            game_id, rng = created["id"], random.Random(seed)
            held = hub.tables[game_id]
            for _ in range(steps):
                if held.state.is_terminal():
                    break
                move = rng.choice(held.state.legal_actions())
                client.portal.call(hub.play, held, held.state.current_player, [move])
            to_move = held.state.current_player
            pick = data.draw(st.integers(-1, game.min_players), label="seat")
            seat = to_move if pick < 0 and to_move is not None else pick % game.min_players
            with client.websocket_connect(f"/ws/games/{game_id}") as ws:
                table = hello(ws, seat, token(created, seat))
                before = table_fingerprint(client, game_id)
                state = client.app.state.hub.tables[game_id].state.clone()
                message = data.draw(act_messages(table["legal"], table["moves"]), label="message")
                frame = data.draw(st.sampled_from(["json"] * 8 + ["text", "bytes"]), label="frame")
                if frame == "json":
                    ws.send_text(json.dumps(message))
                elif frame == "text":  # not JSON, or JSON no server takes (a lone surrogate)
                    ws.send_text(data.draw(st.text(max_size=30) | st.just('{"type": "\\ud800"}')))
                else:
                    ws.send_bytes(json.dumps(message).encode())
                reply = ws.receive_json()
                if reply["type"] == "state":  # played: legal moves of the seat to move, stored
                    played = stored_actions(client, game_id)[len(before[0]) :]
                    assert (
                        played
                        and seat == to_move
                        and reply["moves"] == len(state.history) + len(played)
                    )
                    for a in played:
                        assert state.current_player == seat
                        state.apply(a)
                    assert table_fingerprint(client, game_id)[1] == fingerprint(state)
                    return
                assert reply["type"] == "error" and reply["code"] in REFUSALS, reply
                assert reply["reason"] and len(reply["reason"]) < 2000, reply
                assert table_fingerprint(client, game_id) == before

        check()


@pytest.mark.timeout(600)
def test_any_hello_takes_the_seat_its_token_holds_or_is_refused(tmp_path) -> None:
    app = create_app(SERVED, data_dir=str(tmp_path), bot_delay=0.0, rate=1e9, burst=1e9)
    with TestClient(app) as client:
        seats = [{"kind": "person"}, {"kind": "bot", "level": "easy"}, {"kind": "person"}]
        created = new_game(client, players=3, seats=seats)
        tokens = [token(created, 0), "", token(created, 2)]
        game_id = created["id"]
        seat = st.integers(-1, 4) | json_values
        hello_parts = st.fixed_dictionaries(
            {},
            optional={
                "seat": seat,
                "token": st.sampled_from(tokens) | st.text(max_size=30) | json_values,
                "mvoe": json_values,
            },
        )

        @given(hello_parts)
        def check(parts: dict[str, Any]) -> None:
            before = table_fingerprint(client, game_id)
            with client.websocket_connect(f"/ws/games/{game_id}") as ws:
                ws.send_text(json.dumps({"type": "hello", **parts}))
                reply = ws.receive_json()
            held = parts.get("seat")
            if reply["type"] == "state":  # its own seat with its own token, or watching
                if parts.get("token") is not None or held is not None:
                    assert held in (0, 2) and parts.get("token") == tokens[held]
                assert reply["seat"] == held
            else:
                assert reply["code"] in ("bad-seat", "bad-token", "bad-message"), reply
                assert any(w in reply["reason"] for w in ("seat", "token", "field")), reply
            assert table_fingerprint(client, game_id) == before

        check()
