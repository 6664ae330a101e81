"""Event-sourced storage: one row per game, one row per action, through SQLAlchemy.

A game row holds what deals the game (game name, rules version, options, players, seed) and how
its seats are filled (`seats`: a JSON list of {"kind", "bot", "name", "token_hash"}); each
action row is (game id, index, action). An action row is committed before the server
acknowledges the move, so a crash loses nothing that anyone was told had happened. The primary
key (game id, index) refuses a second action at the same place.

SQLite by default (a file under the data folder: `DRAKKAR_DATA`, else ./data); PostgreSQL
(psycopg 3) when `DRAKKAR_DATABASE_URL` or the `url` argument names one.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    and_,
    create_engine,
    event,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Engine

metadata = MetaData()

games_table = Table(
    "games",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("game", String(60), nullable=False),
    Column("rules_version", String(20), nullable=False),
    Column("options", JSON, nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("seats", JSON, nullable=False),
    Column("settings", JSON, nullable=False),  # turn timer, bot pause
    Column("created", Float, nullable=False),
    Column("finished", Float, nullable=True),
)

actions_table = Table(
    "actions",
    metadata,
    Column("game_id", String(40), ForeignKey("games.id"), primary_key=True),
    Column("idx", Integer, primary_key=True, autoincrement=False),
    Column("action", Integer, nullable=False),
    Column("at", Float, nullable=False),
)


@dataclass
class GameRow:
    id: str
    game: str
    rules_version: str
    options: dict[str, Any]
    players: int
    seed: int
    seats: list[dict[str, Any]]
    settings: dict[str, Any] = field(default_factory=dict)
    created: float = 0.0
    finished: float | None = None
    actions: list[int] = field(default_factory=list)
    moved: float = 0.0  # when its last action was stored, else when it was created


def database_url(url: str | None = None, data_dir: str | os.PathLike[str] | None = None) -> str:
    """The URL to use: `url`, else `DRAKKAR_DATABASE_URL`, else a SQLite file in the data folder."""
    url = url or os.environ.get("DRAKKAR_DATABASE_URL") or None
    if url:
        if url.startswith("postgresql://") or url.startswith("postgres://"):
            # psycopg 3 is the driver we ship; SQLAlchemy's bare scheme means psycopg2.
            url = "postgresql+psycopg://" + url.split("://", 1)[1]
        return url
    folder = Path(data_dir or os.environ.get("DRAKKAR_DATA") or "data")
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder.resolve() / 'drakkar.sqlite3'}"


class Store:
    """Games and their actions in a SQL database; every write is its own committed transaction."""

    def __init__(self, url: str | None = None, data_dir: str | os.PathLike[str] | None = None):
        self.url = database_url(url, data_dir)
        self.engine: Engine = create_engine(self.url, future=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    def create_game(self, row: GameRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(games_table).values(
                    id=row.id,
                    game=row.game,
                    rules_version=row.rules_version,
                    options=row.options,
                    players=row.players,
                    seed=row.seed,
                    seats=row.seats,
                    settings=row.settings,
                    created=row.created or time.time(),
                    finished=row.finished,
                )
            )

    def append_actions(
        self, game_id: str, start: int, actions: list[int], finished: bool = False
    ) -> None:
        """Store `actions` at indexes start, start+1, ... in one transaction.

        Raises (IntegrityError) when an index is taken: two writers never both succeed.
        """
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                insert(actions_table),
                [
                    {"game_id": game_id, "idx": start + i, "action": a, "at": now}
                    for i, a in enumerate(actions)
                ],
            )
            if finished:
                conn.execute(
                    update(games_table).where(games_table.c.id == game_id).values(finished=now)
                )

    def load_game(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as conn:
            g = conn.execute(select(games_table).where(games_table.c.id == game_id)).first()
            if g is None:
                return None
            return self._row(conn, g)

    def load_all(self, finished_since: float = 0.0, moved_since: float = 0.0) -> list[GameRow]:
        """The games a restarted server replays, with their actions, oldest first: those that
        finished since `finished_since` and the unfinished ones created or moved since
        `moved_since` (by default every game). The rest stay here, read when asked for: a server
        that ran for months does not hold them all again."""
        g = games_table.c
        last = (
            select(actions_table.c.game_id, func.max(actions_table.c.at).label("moved"))
            .group_by(actions_table.c.game_id)
            .subquery()
        )
        query = (
            select(games_table)
            .outerjoin(last, last.c.game_id == g.id)
            .where(
                or_(
                    and_(g.finished.is_not(None), g.finished >= finished_since),
                    and_(
                        g.finished.is_(None), func.coalesce(last.c.moved, g.created) >= moved_since
                    ),
                )
            )
            .order_by(g.created)
        )
        with self.engine.connect() as conn:
            return [self._row(conn, row) for row in conn.execute(query).all()]

    def _row(self, conn: Any, g: Any) -> GameRow:
        acts = conn.execute(
            select(actions_table.c.idx, actions_table.c.action, actions_table.c.at)
            .where(actions_table.c.game_id == g.id)
            .order_by(actions_table.c.idx)
        ).all()
        for expected, (idx, _, _) in enumerate(acts):
            if idx != expected:
                raise RuntimeError(f"game {g.id}: action {expected} is missing from the store")
        return GameRow(
            id=g.id,
            game=g.game,
            rules_version=g.rules_version,
            options=dict(g.options),
            players=g.players,
            seed=int(g.seed),
            seats=list(g.seats),
            settings=dict(g.settings or {}),
            created=g.created,
            finished=g.finished,
            actions=[a for _, a, _ in acts],
            moved=max((at for _, _, at in acts), default=g.created),
        )

    def close(self) -> None:
        self.engine.dispose()


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    # WAL lets readers and the writer work together; FULL sync makes a commit survive power loss.
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
