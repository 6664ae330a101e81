"""The Hub's start-up: stored games replayed (app_test.py plays the rest through the app)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from drakkar.engine.toy import HIGH_CARD
from drakkar.server import create_app
from drakkar.server.conftest import new_game

pytestmark = pytest.mark.timeout(60)


def test_a_name_stored_with_a_lone_surrogate_no_longer_breaks_the_lobby(tmp_path: Path) -> None:
    # a server that took "\ud800" as a name before it was refused kept it in its database:
    # every GET /api/games was a 500 from then on, however often it restarted
    app = create_app([HIGH_CARD], data_dir=str(tmp_path), bot_delay=0.0)
    with TestClient(app) as c:
        gid = new_game(c, seats=[{"kind": "person", "name": "Astrid"}, {"kind": "bot"}])["id"]
        with app.state.hub.store.engine.begin() as conn:
            conn.exec_driver_sql(
                "UPDATE games SET seats = replace(seats, 'Astrid', '\\ud800Astrid') WHERE id = ?",
                (gid,),
            )
    again = create_app([HIGH_CARD], data_dir=str(tmp_path), bot_delay=0.0)
    with TestClient(again, raise_server_exceptions=False) as c:
        r = c.get("/api/games")
        assert r.status_code == 200, r.text
        assert r.json()[0]["seats"][0]["name"] == "?Astrid"
