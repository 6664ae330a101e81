"""The store on SQLite and, when DRAKKAR_TEST_POSTGRES_URL is set, on PostgreSQL."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError

from drakkar.server.store import GameRow, Store, database_url

PG_URL = os.environ.get("DRAKKAR_TEST_POSTGRES_URL")
NO_PG = 'no PostgreSQL: set DRAKKAR_TEST_POSTGRES_URL (eval "$(scripts/ci-postgres.sh)")'


def backends() -> list[object]:
    return [
        pytest.param("sqlite", id="sqlite"),
        pytest.param(
            "postgresql", id="postgresql", marks=pytest.mark.skipif(not PG_URL, reason=NO_PG)
        ),
    ]


@pytest.fixture(params=backends())
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    s = Store(PG_URL) if request.param == "postgresql" else Store(data_dir=tmp_path)
    yield s
    s.close()


def a_game(**changes: object) -> GameRow:
    row = GameRow(
        id=secrets.token_hex(6),
        game="high-card",
        rules_version="1",
        options={"rounds": 3, "stack": [9, 8]},
        players=3,
        seed=2**63 - 5,  # the largest seeds must survive a BIGINT column
        seats=[
            {"kind": "person", "bot": "heuristic", "name": "Ann", "token_hash": "ab"},
            {"kind": "bot", "bot": "random", "name": "Bot", "token_hash": None},
        ],
        settings={"turn_seconds": 30.0, "bot_delay": 0.5},
        created=1000.0,
    )
    for k, v in changes.items():
        setattr(row, k, v)
    return row


def test_a_game_and_its_actions_come_back_as_written(store: Store) -> None:
    row = a_game()
    store.create_game(row)
    store.append_actions(row.id, 0, [4])
    store.append_actions(row.id, 1, [7, 2])
    back = store.load_game(row.id)
    assert back is not None
    assert (back.game, back.rules_version, back.options, back.players, back.seed) == (
        "high-card",
        "1",
        {"rounds": 3, "stack": [9, 8]},
        3,
        2**63 - 5,
    )
    assert back.seats == row.seats and back.settings == row.settings
    assert back.actions == [4, 7, 2] and back.finished is None


def test_the_last_action_marks_the_game_finished(store: Store) -> None:
    row = a_game()
    store.create_game(row)
    store.append_actions(row.id, 0, [1, 2], finished=True)
    back = store.load_game(row.id)
    assert back is not None and back.finished is not None


def test_a_second_action_at_the_same_place_is_refused_and_changes_nothing(store: Store) -> None:
    row = a_game()
    store.create_game(row)
    store.append_actions(row.id, 0, [4, 5])
    with pytest.raises(IntegrityError):
        store.append_actions(row.id, 1, [6, 7])  # index 1 is taken: the whole batch fails
    back = store.load_game(row.id)
    assert back is not None and back.actions == [4, 5]


def test_actions_of_an_unknown_game_are_refused(store: Store) -> None:
    with pytest.raises(IntegrityError):
        store.append_actions("nosuchgame", 0, [1])


def test_load_all_returns_every_game_oldest_first(store: Store) -> None:
    first, second = a_game(created=5e9), a_game(created=5e9 + 1)
    store.create_game(second)
    store.create_game(first)
    store.append_actions(second.id, 0, [3])
    ids = [g.id for g in store.load_all()]
    assert ids.index(first.id) < ids.index(second.id)
    assert next(g for g in store.load_all() if g.id == second.id).actions == [3]


def test_load_all_since_leaves_out_games_long_finished_or_long_idle(store: Store) -> None:
    # what a restarted server holds again (limits.py): a game finished since `finished_since`,
    # an unfinished one created or last moved since `moved_since`
    now = 6e9
    idle, moved, young = a_game(created=now - 100), a_game(created=now - 100), a_game(created=now)
    done = a_game(created=now - 100)
    for row in (idle, moved, young, done):
        store.create_game(row)
    store.append_actions(moved.id, 0, [1])  # stored at time.time(): long after now - 50 ...
    store.append_actions(done.id, 0, [2], finished=True)
    with store.engine.begin() as conn:  # ... so set the times the test needs
        conn.exec_driver_sql(f"UPDATE actions SET at = {now - 10} WHERE game_id = '{moved.id}'")
        conn.exec_driver_sql(f"UPDATE games SET finished = {now - 60} WHERE id = '{done.id}'")
    ids = {g.id for g in store.load_all()}
    assert {idle.id, moved.id, young.id, done.id} <= ids  # by default: every game
    mine = {idle.id, moved.id, young.id, done.id}
    assert {g.id for g in store.load_all(now - 50, now - 50)} & mine == {moved.id, young.id}
    assert {g.id for g in store.load_all(now - 70, now - 200)} & mine == mine
    assert next(g for g in store.load_all() if g.id == moved.id).moved == now - 10
    assert next(g for g in store.load_all() if g.id == idle.id).moved == now - 100


def test_a_missing_action_row_is_reported_not_skipped(tmp_path: Path) -> None:
    store = Store(data_dir=tmp_path)
    row = a_game()
    store.create_game(row)
    store.append_actions(row.id, 0, [1, 2, 3])
    with store.engine.begin() as conn:
        conn.exec_driver_sql("DELETE FROM actions WHERE idx = 1")
    with pytest.raises(RuntimeError, match="action 1 is missing"):
        store.load_game(row.id)


def test_a_new_store_on_the_same_file_sees_what_the_first_wrote(tmp_path: Path) -> None:
    row = a_game()
    one = Store(data_dir=tmp_path)
    one.create_game(row)
    one.append_actions(row.id, 0, [8])
    one.close()
    two = Store(data_dir=tmp_path)
    back = two.load_game(row.id)
    assert back is not None and back.actions == [8]


def test_the_url_comes_from_the_argument_then_the_environment_then_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DRAKKAR_DATABASE_URL", raising=False)
    monkeypatch.setenv("DRAKKAR_DATA", str(tmp_path / "d"))
    assert database_url() == f"sqlite:///{tmp_path / 'd' / 'drakkar.sqlite3'}"
    assert (tmp_path / "d").is_dir()
    monkeypatch.setenv("DRAKKAR_DATABASE_URL", "postgresql://u:p@h/db")
    assert database_url() == "postgresql+psycopg://u:p@h/db"
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"
