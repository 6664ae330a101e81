"""A real `drakkar serve` process, killed with SIGKILL mid-game and started again: no acknowledged
move is lost, the seat links still work, and the finished game's record replays."""

from __future__ import annotations

import json
import os
import signal
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from websockets.sync.client import ClientConnection, connect

from drakkar.cli import app as cli_app
from drakkar.engine.record import Record
from drakkar.engine.toy import HIGH_CARD  # noqa: F401  (registers high-card for Record.loads)
from drakkar.server.conftest import free_port, server
from drakkar.server.store_test import NO_PG, PG_URL

pytestmark = pytest.mark.timeout(120)


def post(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        json.dumps(body).encode(),
        {"content-type": "application/json"},
    )
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def hello(ws: ClientConnection, seat: int, token: str) -> dict:
    ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
    return json.loads(ws.recv(timeout=10))


def play_until(ws: ClientConnection, m: dict, stop: Any) -> tuple[dict, int]:
    """Play the lowest card whenever it is this seat's turn; return the last message and the
    number of moves the server acknowledged to this seat."""
    acked = m["moves"]
    while not stop(m):
        if m["legal"]:
            ws.send(
                json.dumps({"type": "act", "action": m["legal"][0]["action"], "move": m["moves"]})
            )
        m = json.loads(ws.recv(timeout=10))
        assert m["type"] == "state", m
        acked = max(acked, m["moves"])
    return m, acked


@pytest.mark.parametrize(
    "backend",
    ["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(not PG_URL, reason=NO_PG))],
)
def test_a_killed_server_restarts_and_loses_no_acknowledged_move(
    tmp_path: Path, backend: str
) -> None:
    port = free_port()
    database = PG_URL if backend == "postgresql" else None
    with server(tmp_path, port, database) as proc:
        assert f"drakkar serving at http://127.0.0.1:{port}" in proc.stdout.readline()  # type: ignore[union-attr]
        created = post(
            port,
            "/api/games",
            {
                "game": "high-card",
                "players": 3,
                "seats": [{"kind": "person"}, {"kind": "bot", "level": "easy"}, {"kind": "bot"}],
            },
        )
        gid = created["id"]
        tok = created["links"]["0"].split("#s0=")[1]
        with connect(f"ws://127.0.0.1:{port}/ws/games/{gid}") as ws:
            m, acked = play_until(ws, hello(ws, 0, tok), lambda m: m["moves"] >= 4)
            seen_log = m["log"]
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
    with server(tmp_path, port, database):
        with connect(f"ws://127.0.0.1:{port}/ws/games/{gid}") as ws:
            m = hello(ws, 0, tok)
            assert m["moves"] >= acked
            assert m["log"][: len(seen_log)] == seen_log
            m, _ = play_until(ws, m, lambda m: m["over"])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games/{gid}/record") as r:
            text = r.read().decode()
    record = Record.loads(text)
    assert len(record.actions) == 9 and record.replay().scores() == m["scores"]
    saved = tmp_path / "game.json"
    saved.write_text(text)
    out = CliRunner().invoke(cli_app, ["replay", str(saved), "--all"])
    assert out.exit_code == 0, out.output
