"""The registry: every package under `drakkar.games` that exposes `GAME` is a game."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from drakkar.engine.errors import UnknownGame, shown
from drakkar.engine.game import Game


@cache
def _discover() -> dict[str, Game]:
    pkg = importlib.import_module("drakkar.games")

    found: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"drakkar.games.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.name] = game
    return found


_extra: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game from outside `drakkar.games` (a plugin, or a test's toy game)."""
    _extra[game.name] = game
    return game


def games() -> list[Game]:
    """Every registered game, by name."""
    return list(_discover().values())


def load(name: str) -> Game:
    """The game called `name` ("viking-raid"; "viking_raid" and "Viking Raid" work too)."""
    key = str(name).strip().lower().replace("_", "-").replace(" ", "-").replace("!", "")
    found = {**_discover(), **_extra}
    if key in found:
        return found[key]
    known = ", ".join(found) or "none"
    raise UnknownGame(f"no game called {shown(name)}; games: {known}")
