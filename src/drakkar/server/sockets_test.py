"""The socket refuses a message of the wrong shape, saying what is wrong, and plays nothing.

(app_test.py plays the protocol through; these are the refusals found by auditing it.)
"""

from __future__ import annotations

import json

import pytest

from drakkar.server.conftest import hello, new_game, stored_actions, token

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
