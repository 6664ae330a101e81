"""No message carries what its recipient may not see: every message of whole games, per seat.

For every served game (the toy and each real game), every seat is a person on its own real
WebSocket, plus a spectator. After each move, each recipient's message is compared with what the
server would send if everything that recipient cannot see were dealt differently
(`redeterminize`, with fresh dice and shuffles to come): a message that changes carried a
secret. The spectator's message must survive a re-deal for any seat. Log lines must be ones the
recipient's audience includes, and a refusal sent to a seat out of turn names nothing but whose
turn it is.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from drakkar.engine.game import Game
from drakkar.engine.rng import Rng
from drakkar.server import create_app
from drakkar.server.conftest import SERVED, TestClient
from drakkar.server.player_view import message_for
from drakkar.server.tables import Table

pytestmark = pytest.mark.timeout(900)
REDEALS = 3


def comparable(message: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in message.items() if k != "deadline"}


def check_message(table: Table, seat: int | None, got: dict[str, Any], rng: random.Random) -> bool:
    """Assert `got` reveals nothing hidden from `seat`; True when a re-deal changed something."""
    import json

    state = table.state
    assert comparable(got) == comparable(json.loads(json.dumps(message_for(table, seat))))
    if not state.is_terminal():  # scores and returns only once the game is over
        assert got["scores"] is None and got["returns"] is None
    allowed = {e.text for e in state.events if e.visible_to(seat)}
    assert all(line in allowed for line in got["log"])
    changed = False
    # A spectator sees less than any seat: a re-deal for any seat must not change its message.
    redeal_for = [seat] * REDEALS if seat is not None else list(range(state.num_players))
    for who in redeal_for:
        other = state.clone()
        other.rng = Rng(rng.getrandbits(64))  # future dice and shuffles are hidden too
        other.redeterminize(who, rng)
        changed |= other.full_state() != state.full_state()
        shown = Table(table.id, table.game, other, table.seats, 0, 0, table.created)
        again = json.loads(json.dumps(message_for(shown, seat)))
        assert comparable(again) == comparable(got), f"seat {seat} saw something hidden"
    return changed


@pytest.mark.parametrize("game", SERVED, ids=[g.name for g in SERVED])
def test_every_message_of_a_whole_game_shows_each_seat_only_its_own(tmp_path, game) -> None:
    app = create_app(SERVED, data_dir=str(tmp_path), bot_delay=0.0, rate=1e6, burst=1e6)
    with TestClient(app) as client:
        play_and_check(client, game)


def play_and_check(client: TestClient, game: Game) -> None:
    n = game.max_players
    body = {"game": game.name, "players": n, "seed": 11, "seats": [{"kind": "person"}] * n}
    created = client.post("/api/games", json=body).json()
    gid = created["id"]
    table = client.app.state.hub.tables[gid]
    rng, pick = random.Random(5), random.Random(6)
    sockets = [client.websocket_connect(f"/ws/games/{gid}") for _ in range(n + 1)]
    redealt = False
    try:
        messages = []
        for seat, ws in enumerate(sockets):
            ws.__enter__()
            tok = created["links"][str(seat)].split("=")[1] if seat < n else None
            ws.send_json(
                {"type": "hello"} if seat == n else {"type": "hello", "seat": seat, "token": tok}
            )
            messages.append(ws.receive_json())
        for _ in range(game.max_game_length(n)):
            for seat, m in enumerate(messages):
                redealt |= check_message(table, None if seat == n else seat, m, rng)
            if table.state.is_terminal():
                break
            mover = table.state.current_player
            waiting = (mover + 1) % n
            sockets[waiting].send_json({"type": "act", "action": 0})
            refusal = sockets[waiting].receive_json()
            assert refusal == {
                "type": "error",
                "code": "not-your-turn",
                "reason": f"it is not your turn; {table.seats[mover].name} is to move",
            }
            action = pick.choice(messages[mover]["legal"])["action"]
            sockets[mover].send_json({"type": "act", "action": action})
            messages = [ws.receive_json() for ws in sockets]
        assert table.state.is_terminal()
        assert all(m["over"] and m["scores"] == table.state.scores() for m in messages)
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
    assert redealt, "no re-deal ever changed the hidden cards: the check proved nothing"
