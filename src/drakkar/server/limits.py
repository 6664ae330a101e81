"""What a long-running server may be made to hold: games in memory and WebSocket connections.

`Limits` are the caps (`drakkar serve --max-tables ...`, `create_app(limits=...)`); `expired`
and `to_make_room` say which games the Hub lets go of. A game let go of stays in the store: its
summary, record and replay are read from there, and a seat's link brings an unfinished one back
(`Hub.hold`). docs/server.md, "Limits", says the rule.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from drakkar.engine.errors import shown
from drakkar.server.errors import PlayError

if TYPE_CHECKING:
    from drakkar.server.store import GameRow, Store
    from drakkar.server.tables import Table

SWEEP_EVERY = 60.0  # seconds between two looks for games to let go of


@dataclass(frozen=True)
class Limits:
    """The caps on what clients can make the server hold over time."""

    max_tables: int = 200  # games held in memory (finished ones are let go of first to make room)
    keep_finished: float = 3600.0  # seconds a finished game stays listed after its end
    keep_idle: float = 86400.0  # seconds an unfinished game stays without a move or a socket
    max_watchers: int = 20  # spectators of one game at once
    max_sockets: int = 500  # WebSocket connections over the server
    max_seat_sockets: int = 4  # connections holding one seat of a game (a person's few tabs)

    def __post_init__(self) -> None:
        whole = (
            ("max_tables", 1),
            ("max_watchers", 0),
            ("max_sockets", 1),
            ("max_seat_sockets", 1),
        )
        for name, low in whole:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise ValueError(f"limit {name!r} must be a whole number of at least {low}")
        for name in ("keep_finished", "keep_idle"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or not value >= 0:
                raise ValueError(f"limit {name!r} must be a number of seconds, 0 or more")


def expired(table: Table, now: float, limits: Limits) -> bool:
    """Let go of: nobody has a socket open on it, and it ended `keep_finished` ago, or (not
    ended: abandoned) nobody has moved or left it for `keep_idle`."""
    if table.sockets:
        return False
    if table.state.is_terminal():
        return now - (table.finished or table.active) >= limits.keep_finished
    return now - table.active >= limits.keep_idle


def to_make_room(tables: Iterable[Table], limits: Limits) -> list[Table]:
    """The finished games to let go of, oldest end first, so that one more fits (a spectator of
    one keeps its final table on the page); none may be enough: every game held is unfinished."""
    held = list(tables)
    over = len(held) - limits.max_tables + 1
    if over <= 0:
        return []
    ended = sorted((t for t in held if t.state.is_terminal()), key=lambda t: t.finished or 0)
    return ended[:over]


class Holding:
    """The part of the Hub (tables.py) that bounds what it holds: which games, and when it lets
    one go."""

    tables: dict[str, Table]
    broken: dict[str, str]  # stored games that no longer replay, and why
    store: Store
    limits: Limits

    def _rebuild(self, row: GameRow) -> Table:  # (the Hub's: a stored game, replayed)
        raise NotImplementedError

    def schedule(self, table: Table) -> None:  # (the Hub's: its bot's move or its timer)
        raise NotImplementedError

    def table(self, game_id: str) -> Table:
        """A game held, else read from the store for this request only (a game let go of: its
        summary, record and replay)."""
        table = self.tables.get(game_id)
        if table is not None:
            return table
        why = self.broken.get(game_id)
        row = None if why else self.store.load_game(game_id)
        if row is None:
            raise PlayError(
                "unknown-game", f"no game {shown(game_id)}" + (f" ({why})" if why else "")
            )
        try:
            return self._rebuild(row)
        except PlayError as e:
            self.broken[game_id] = str(e)  # (said once in the log, not replayed at every ask)
            raise PlayError("unknown-game", f"no game {shown(game_id)} ({e})") from None

    def hold(self, game_id: str) -> Table:
        """The game a socket opens: an unfinished one let go of is held again (room made as
        for a new game), so a seat's link never goes stale."""
        table = self.table(game_id)
        if game_id not in self.tables and not table.state.is_terminal():
            self.make_room()
            table.active = time.time()
            self.tables[game_id] = table
            self.schedule(table)
        return table

    def make_room(self) -> None:
        """Room for one more game: the expired ones, then the finished ones are let go of;
        a PlayError `server-full` if every game held is unfinished."""
        if len(self.tables) < self.limits.max_tables:
            return
        self.sweep(time.time())
        for table in to_make_room(self.tables.values(), self.limits):
            self.let_go(table)
        if len(self.tables) >= self.limits.max_tables:
            raise PlayError(
                "server-full",
                f"the server holds {len(self.tables)} unfinished games, its limit (max-tables "
                f"{self.limits.max_tables}); try again when one ends",
            )

    def sweep(self, now: float) -> None:
        """Let go of every game `limits.expired` at `now`."""
        for table in [t for t in self.tables.values() if expired(t, now, self.limits)]:
            self.let_go(table)

    def let_go(self, table: Table) -> None:
        if table.driver is not None:
            table.driver.cancel()
        table.driver = None
        del self.tables[table.id]

    async def _sweep_now_and_then(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            self.sweep(time.time())
