"""Live games: the tables the server holds in memory, their seats, bots and turn timers.

`Hub` owns every `Table`. It is the only place that changes a game: `Hub.play` checks the
actions on a clone, writes them to the store, then applies them and pushes each connection its
own message, made by `player_view.message_for`: the one place where what a recipient may see
is decided.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from drakkar.agents.spec import LEVELS, make_agent
from drakkar.engine.agent import Agent
from drakkar.engine.errors import DrakkarError, IllegalAction, shown
from drakkar.engine.game import Game
from drakkar.engine.record import Record
from drakkar.engine.state import State
from drakkar.server.errors import PlayError
from drakkar.server.limits import Holding, Limits
from drakkar.server.player_view import message_for, public_options
from drakkar.server.store import GameRow, Store
from drakkar.server.thinking import Thinkers

log = logging.getLogger("drakkar.server")

MAX_TURN_SECONDS = 24 * 3600
#: the bot levels the lobby offers; "hard" thinks at most 2 seconds, so people are not kept waiting
SERVER_LEVELS = {**LEVELS, "hard": "ismcts:iterations=1000,seconds=2"}
MAX_BOT_DELAY = 10.0
HINT_CHOICES = 8  # the candidates a hint lists, most searched first
# Hint searches at once over the whole server. They queue with the hard bots' moves for the
# search processes (thinking.py), or share the interpreter with the event loop in threads, so
# more at once would keep people waiting or make each search shallower (a search stops at 1,000
# iterations or 2 s).
MAX_HINTS = 2
MAX_NAME = 40  # characters in a seat's name (the lobby's field holds as many)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    kind: str  # "person" or "bot"
    bot: str  # a bot's agent spec; for a person, who moves when their time runs out
    name: str
    token_hash: str | None = None

    def public(self) -> dict[str, Any]:
        return {"kind": self.kind, "bot": self.bot, "name": self.name}


class Connection:
    """One WebSocket (or a test double): `send` delivers a JSON-safe dict."""

    def __init__(self, seat: int | None, send: Callable[[dict[str, Any]], Awaitable[None]]):
        self.seat = seat
        self._send = send
        self.alive = True

    async def send(self, message: dict[str, Any]) -> None:
        if not self.alive:
            return
        try:
            await self._send(message)
        except Exception:  # a closed socket: forget it, the game goes on
            self.alive = False


@dataclass
class Table:
    id: str
    game: Game
    state: State
    seats: list[Seat]
    turn_seconds: float
    bot_delay: float
    created: float
    finished: float | None = None
    arranged: bool = False  # the creator chose the seed or stacked a deck: may know hidden cards
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: list[Connection] = field(default_factory=list)
    agents: dict[int, Agent] = field(default_factory=dict)
    deadline: float | None = None  # wall-clock time when the seat to move runs out
    driver: asyncio.Task[None] | None = None
    hints: dict[tuple[int, int], asyncio.Task[dict[str, Any]]] = field(default_factory=dict)
    sockets: int = 0  # WebSockets open on it, joined or not: while any is, it is not let go of
    active: float = 0.0  # when it was last moved in or left (limits.expired)

    @property
    def moves(self) -> int:
        return len(self.state.history)

    def status(self) -> str:
        if self.state.is_terminal():
            return "finished"
        joined = {c.seat for c in self.connections if c.alive}
        waiting = any(s.kind == "person" and i not in joined for i, s in enumerate(self.seats))
        return "open" if self.moves == 0 and waiting else "running"

    def agent(self, seat: int) -> Agent:
        if seat not in self.agents:
            self.agents[seat] = make_agent(
                self.seats[seat].bot, self.game, (self.state.seed + 7919 * seat) % 2**63
            )
        return self.agents[seat]

    def summary(self) -> dict[str, Any]:
        """What the lobby lists: nothing hidden (no view, no tokens, no scores before the end)."""
        joined = {c.seat for c in self.connections if c.alive}
        over = self.state.is_terminal()
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "players": self.state.num_players,
            "options": public_options(self.state),
            "seats": [s.public() | {"connected": i in joined} for i, s in enumerate(self.seats)],
            "status": self.status(),
            "moves": self.moves,
            "to_move": self.state.current_player,
            "turn_seconds": self.turn_seconds,
            "arranged": self.arranged,
            "created": self.created,
            "scores": self.state.scores() if over else None,
        }

    def record(self) -> Record:
        seats = tuple("human" if s.kind == "person" else s.bot for s in self.seats)
        return Record.from_state(self.state, seats=seats, server_game=self.id)


class Hub(Holding):
    """Every live table, the store behind them, and the bots and timers that drive them; what
    it holds, and when it lets a game go, is `Holding`'s (limits.py)."""

    def __init__(
        self,
        store: Store,
        games: Iterable[Game],
        bot_delay: float = 0.6,
        search_processes: int = 0,
        limits: Limits | None = None,
    ) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.sockets = 0  # WebSockets open over the server (sockets.serve_socket)
        self.sweeper: asyncio.Task[None] | None = None
        self.thinkers = Thinkers(search_processes)  # where hard bots and hints search
        self.games = {g.name: g for g in games}
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.broken: dict[str, str] = {}  # stored games that no longer replay, and why
        # each client's (address's) search under way; it removes itself when it ends
        self.hint_tasks: dict[str, asyncio.Task[dict[str, Any]]] = {}

    @property
    def hints_running(self) -> int:
        """Hint searches under way, over every table (one a client: see `hint`)."""
        return len(self.hint_tasks)

    # -- the lobby ---------------------------------------------------------------------------

    def levels(self, game: Game) -> dict[str, str]:
        """The bot levels this game offers (a level whose agent cannot be made is left out)."""
        out = {}
        for level, spec in SERVER_LEVELS.items():
            try:
                make_agent(spec, game, 0)
            except (DrakkarError, NotImplementedError):
                continue
            out[level] = spec
        return out

    def catalogue(self) -> list[dict[str, Any]]:
        return [
            {
                "name": g.name,
                "title": g.title,
                "min_players": g.min_players,
                "max_players": g.max_players,
                "default_players": g.default_players,
                "options": [
                    o
                    | {
                        "default": list(o["default"])
                        if isinstance(o["default"], tuple)
                        else o["default"]
                    }
                    for o in g.options_class.describe()
                    if not o["local"]  # it reads the server's files: never from a request
                ],
                "levels": list(self.levels(g)),
            }
            for g in self.games.values()
        ]

    def create(self, spec: dict[str, Any]) -> tuple[Table, dict[int, str]]:
        """Deal and store a new game from a lobby request; returns it and the seats' tokens."""
        name = spec.get("game")
        if name is None:
            raise PlayError("bad-message", f"name the 'game': one of {', '.join(self.games)}")
        if not isinstance(name, str) or name not in self.games:
            known = ", ".join(self.games)
            raise PlayError("unknown-game", f"no game called {shown(name)}; games: {known}")
        game = self.games[name]
        players = spec.get("players", game.default_players)
        options = spec.get("options", {})
        if options is None:
            options = {}
        if not isinstance(options, dict):  # ([], 0, "" and false too, not read as "none")
            raise PlayError("bad-options", "'options' must be an object of name: value")
        named = {str(k).replace("-", "_") for k in options}  # as the options read them
        for o in game.options_class.describe():
            if o["local"] and o["name"] in named:
                raise PlayError(
                    "bad-options",
                    f"option {o['name']!r} reads the server's files, so a request may not "
                    "set it; the server plays with its default",
                )
        seed = spec.get("seed")
        if seed is not None and (
            isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63
        ):
            raise PlayError(
                "bad-options",
                f"'seed' must be a whole number from 0 to 2**63 - 1, not {shown(seed)}",
            )
        try:
            state = game.new(players, seed, options)
        except DrakkarError as e:
            raise PlayError("bad-options", str(e)) from None
        seats, tokens = self._seats(game, state.num_players, spec.get("seats"))
        turn_seconds = _number(spec.get("turn_seconds", 0), "turn_seconds", 0, MAX_TURN_SECONDS)
        bot_delay = _number(spec.get("bot_delay", self.bot_delay), "bot_delay", 0, MAX_BOT_DELAY)
        stacked = any(v for k, v in state.options.to_dict().items() if "stack" in k)
        arranged = seed is not None or stacked
        self.make_room()
        row = GameRow(
            id=secrets.token_hex(6),
            game=game.name,
            rules_version=game.rules_version,
            options=state.options.to_dict(),
            players=state.num_players,
            seed=state.seed,
            seats=[s.__dict__.copy() for s in seats],
            settings={"turn_seconds": turn_seconds, "bot_delay": bot_delay, "arranged": arranged},
            created=time.time(),
        )
        self.store.create_game(row)
        table = Table(row.id, game, state, seats, turn_seconds, bot_delay, row.created)
        table.arranged, table.active = arranged, row.created
        self.tables[row.id] = table
        self.schedule(table)
        return table, tokens

    def _seats(self, game: Game, n: int, raw: Any) -> tuple[list[Seat], dict[int, str]]:
        raw = [{"kind": "person"}] + [{"kind": "bot"}] * (n - 1) if raw is None else raw
        if not isinstance(raw, list) or len(raw) != n:
            raise PlayError("bad-seats", f"'seats' must list {n} seats, one per player")
        levels = self.levels(game)
        default = "normal" if "normal" in levels else "easy"
        seats, tokens = [], {}
        for i, s in enumerate(raw):
            if not isinstance(s, dict) or s.get("kind") not in ("person", "bot"):
                raise PlayError("bad-seats", f"seat {i}: 'kind' must be 'person' or 'bot'")
            level = str(s.get("level") or default)
            if level not in levels:
                offered = ", ".join(levels)
                raise PlayError(
                    "bad-seats", f"seat {i}: no bot level {shown(level)} here ({offered})"
                )
            name = str(s.get("name") or "").strip()[:MAX_NAME]
            if s["kind"] == "person":
                token = secrets.token_urlsafe(18)
                tokens[i] = token
                seats.append(
                    Seat("person", levels[level], name or f"Player {i + 1}", hash_token(token))
                )
            else:
                seats.append(Seat("bot", levels[level], name or f"Bot {i + 1} ({level})"))
        names = [x.name.casefold() for x in seats]  # the log and the scores tell seats by name
        for i, name in enumerate(names):
            if name in names[:i]:
                was = shown(seats[names.index(name)].name)
                why = f"seat {i}: another seat is called {was} too; give each seat its own name"
                raise PlayError("bad-seats", why)
        return seats, tokens

    def restore(self) -> None:
        """Rebuild by replay the stored games still to hold (at start-up): the unfinished ones
        moved in within `keep_idle` and those finished within `keep_finished`."""
        now = time.time()
        rows = self.store.load_all(now - self.limits.keep_finished, now - self.limits.keep_idle)
        for row in rows:
            try:
                table = self._rebuild(row)
            except PlayError as e:
                self.broken[row.id] = str(e)
                continue
            self.tables[row.id] = table
            self.schedule(table)

    def _rebuild(self, row: GameRow) -> Table:
        """A stored game, replayed; a PlayError `unknown-game` saying why it no longer replays."""
        game = self.games.get(row.game)
        if game is None:
            raise PlayError("unknown-game", f"this server does not serve {row.game!r}")
        try:
            if row.rules_version != game.rules_version:
                raise DrakkarError(
                    f"stored with rules version {row.rules_version!r}, now {game.rules_version!r}"
                )
            state = game.new(row.players, row.seed, row.options)
            for a in row.actions:
                state.apply(a)
        except DrakkarError as e:
            log.warning("game %s does not replay: %s", row.id, e)
            raise PlayError("unknown-game", str(e)) from None
        # a lone surrogate stored before they were refused broke every answer quoting it
        seats = [
            Seat(**s | {"name": s["name"].encode(errors="replace").decode()}) for s in row.seats
        ]
        timer, pause = row.settings.get("turn_seconds", 0), row.settings.get("bot_delay")
        pause = self.bot_delay if pause is None else pause
        table = Table(row.id, game, state, seats, float(timer), float(pause), row.created)
        table.finished, table.active = row.finished, row.moved
        table.arranged = bool(row.settings.get("arranged", False))
        return table

    # -- seats -------------------------------------------------------------------------------

    def check_token(self, table: Table, seat: Any, token: Any) -> int:
        """The seat a token holds; a token never opens another seat or another game."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
            raise PlayError("bad-seat", f"'seat' must be a number from 0 to {len(table.seats) - 1}")
        held = table.seats[seat].token_hash
        if held is None:
            raise PlayError("bad-seat", f"seat {seat} is played by a bot")
        if not isinstance(token, str) or not hmac.compare_digest(hash_token(token), held):
            raise PlayError("bad-token", f"that link does not hold seat {seat} of this game")
        return seat

    async def join(self, table: Table, conn: Connection) -> None:
        # connections like this one: spectators, or those holding its seat
        alike = sum(1 for c in table.connections if c.seat == conn.seat and c.alive)
        if conn.seat is None and alike >= self.limits.max_watchers:
            raise PlayError(
                "too-many-watchers",
                f"this game has as many spectators as it takes (max-watchers "
                f"{self.limits.max_watchers}); try again later",
            )
        if conn.seat is not None and alike >= self.limits.max_seat_sockets:
            # a seat's link is no secret from whoever it was given to: it must not open sockets
            # without end
            raise PlayError(
                "too-many-seat-sockets",
                f"this seat has {alike} connections open, as many as a seat takes "
                f"(max-seat-sockets {self.limits.max_seat_sockets}); close one of its tabs, "
                "or try again later",
            )
        table.connections.append(conn)
        await conn.send(message_for(table, conn.seat))

    def leave(self, table: Table, conn: Connection) -> None:
        conn.alive = False
        table.connections[:] = [c for c in table.connections if c is not conn and c.alive]

    # -- play --------------------------------------------------------------------------------

    async def play(
        self, table: Table, seat: int, actions: Sequence[int], expected_moves: int | None = None
    ) -> None:
        """Check, store, apply and announce `actions` by `seat`, in order, as if sent one by one:
        the first refused action stops them with a PlayError, the ones before it stand. (All or
        nothing would let a seat try a draw or a roll and take it back: a free look at hidden
        cards.)"""
        async with table.lock:
            state = table.state
            if state.is_terminal():
                raise PlayError("game-over", "the game is over; no more moves")
            if expected_moves is not None and expected_moves != table.moves:
                raise PlayError(
                    "stale",
                    f"the game has moved on (move {table.moves}, "
                    f"you sent move {expected_moves}); here is the current table",
                )
            mover = state.current_player
            if seat != mover:
                name = "nobody" if mover is None else table.seats[mover].name
                raise PlayError("not-your-turn", f"it is not your turn; {name} is to move")
            trial = state.clone()
            played: list[int] = []
            refusal = None
            for i, a in enumerate(actions):
                done = f" (the {i} before it were played)" if i else ""
                if trial.current_player != seat:
                    refusal = PlayError(
                        "not-your-turn",
                        f"action {i + 1} of {len(actions)} comes after your turn has ended{done}",
                    )
                    break
                try:
                    trial.apply(a)
                except IllegalAction as e:
                    refusal = PlayError("illegal", f"{e}{done}")
                    break
                played.append(a)
            if not played:
                assert refusal is not None
                raise refusal
            # Stored before anyone is told: a crash after this line loses nothing acknowledged.
            try:
                await asyncio.to_thread(
                    self.store.append_actions,
                    table.id,
                    table.moves,
                    played,
                    trial.is_terminal(),
                )
            except Exception as e:  # the database refused or is gone: nothing was played
                log.error("game %s: could not store move %s: %s", table.id, table.moves, e)
                raise PlayError(
                    "store-failed", "the move could not be saved, so it was not played; try again"
                ) from None
            table.state, table.active = trial, time.time()
            if trial.is_terminal():
                table.finished = time.time()
            self.schedule(table)
            await self.broadcast(table)
            if refusal is not None:
                raise refusal

    async def hint(self, table: Table, seat: int, client: str = "") -> dict[str, Any]:
        """The hard bot's advice to `seat`, to move now: its search of that seat's information
        set only (it never reads another seat's cards), seeded from the system's randomness
        (not the game's seed). At most MAX_HINTS searches run over the server and one for each
        `client` (an address); a seat asking again at the same move shares the first search.
        A client asking while its own search for another move runs (it has moved on since)
        waits for that search to end, at most the search's 2 s, rather than being refused."""
        state = table.state
        if state.is_terminal():
            raise PlayError("game-over", "the game is over; there is nothing to advise")
        mover = state.current_player
        if seat != mover:
            name = "nobody" if mover is None else table.seats[mover].name
            raise PlayError("not-your-turn", f"a hint is for the seat to move; {name} is to move")
        key = (seat, table.moves)
        search = table.hints.get(key)
        if search is None:
            if "hard" not in self.levels(table.game):
                raise PlayError("no-hint", f"{table.game.title} has no search bot to ask")
            earlier = self.hint_tasks.get(client)
            if earlier is not None and not earlier.done():
                await asyncio.wait([earlier])
                return await self.hint(table, seat, client)  # asked afresh: the game moved on
            if self.hints_running >= MAX_HINTS:
                raise PlayError("busy", "the server is working out other hints; ask again soon")
            search = asyncio.get_running_loop().create_task(
                self._advise(table.game, state.clone(), key, client)
            )
            self.hint_tasks[client] = search  # counted now: a second request this instant sees it
            search.add_done_callback(lambda t: t.cancelled() or t.exception())  # seen: no warning
            table.hints = {k: t for k, t in table.hints.items() if k[1] == key[1]}
            table.hints[key] = search
        try:
            return await asyncio.shield(search)  # a closed socket does not stop a shared search
        except PlayError:
            table.hints.pop(key, None)  # a failed search is not kept: asking again retries
            raise

    async def _advise(
        self, game: Game, snapshot: State, key: tuple[int, int], client: str
    ) -> dict[str, Any]:
        """Search (in a worker process or a thread); frees its client's place at the end."""
        seat, move = key
        try:
            agent: Any = make_agent(SERVER_LEVELS["hard"], game, secrets.randbits(63))
            stats = await self.thinkers.analyse(agent, snapshot, seat)
        except Exception as e:  # a broken search must not break the table
            log.error("hint for seat %s at move %s failed: %r", seat, move, e)
            raise PlayError("hint-failed", "the hint could not be worked out; ask again") from e
        finally:
            if self.hint_tasks.get(client) is asyncio.current_task():
                del self.hint_tasks[client]
        choices = [
            {"action": a, "label": snapshot.action_label(a), "share": round(share, 3)}
            for a, share in stats[:HINT_CHOICES]
        ]
        more = max(0, len(stats) - HINT_CHOICES)
        return {"type": "hint", "move": move, "choices": choices, "more": more}

    async def broadcast(self, table: Table) -> None:
        for conn in list(table.connections):
            await conn.send(message_for(table, conn.seat))
        table.connections[:] = [c for c in table.connections if c.alive]

    def schedule(self, table: Table) -> None:
        """Start whatever must happen next without a person: a bot's move or a turn timer."""
        current = asyncio.current_task() if _loop_running() else None
        if table.driver is not None and not table.driver.done() and table.driver is not current:
            table.driver.cancel()
        table.driver = None
        table.deadline = None
        seat = table.state.current_player
        if seat is None:
            return
        if table.seats[seat].kind == "bot":
            delay = table.bot_delay
        elif table.turn_seconds > 0:
            delay = table.turn_seconds
            table.deadline = time.time() + delay
        else:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop yet (restoring before start-up): `start` schedules again
        table.driver = loop.create_task(self._drive(table, seat, table.moves, delay))

    async def _drive(self, table: Table, seat: int, moves: int, delay: float) -> None:
        await asyncio.sleep(delay)
        if table.moves != moves or table.state.current_player != seat:
            return
        snapshot = table.state.clone()
        try:
            action, table.agents[seat] = await self.thinkers.act(table.agent(seat), snapshot, seat)
        except Exception as e:  # a broken bot must not stall the table: play a random move
            log.error(
                "bot %r for seat %s of game %s failed: %r", table.seats[seat].bot, seat, table.id, e
            )
            legal = snapshot.legal_actions()
            action = legal[random.Random(moves).randrange(len(legal))]
        # (its label now, on the table at that move: the bot may have searched on the snapshot)
        label = table.state.action_label(action) if table.moves == moves else ""
        try:
            await self.play(table, seat, [action], expected_moves=moves)
        except PlayError as e:
            if e.code != "stale":
                log.error("bot for seat %s of game %s failed: %s", seat, table.id, e)
            return
        if table.seats[seat].kind == "person":  # its time ran out: say what was played for it
            told = {"type": "timeout", "move": moves, "label": label}
            for conn in [c for c in table.connections if c.seat == seat]:
                await conn.send(told)

    def start(self) -> None:
        """Called once the event loop runs: start the search workers, then the bots and
        timers of restored games."""
        self.thinkers.start()
        for table in self.tables.values():
            if table.driver is None:
                self.schedule(table)
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep_now_and_then())

    async def stop(self) -> None:
        if self.sweeper is not None:
            self.sweeper.cancel()
        for table in self.tables.values():
            if table.driver is not None:
                table.driver.cancel()
        self.thinkers.close()
        self.store.close()


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _number(value: Any, name: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise PlayError("bad-settings", f"'{name}' must be a number from {low} to {high}")
    return float(value)
