"""Agent spec strings: `name` or `name:key=value,key=value`.

    random                      a random legal action (level "easy")
    heuristic                   the game's own rule-of-thumb bot (level "normal")
    ismcts:iterations=1000      information-set MCTS (level "hard")
    human                       a person (only where a person can be asked: `drakkar play`)

Factories register themselves in `FACTORIES`; an unknown name or parameter raises
InvalidOptions naming it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drakkar.agents.random_agent import RandomAgent
from drakkar.engine.agent import Agent
from drakkar.engine.errors import InvalidOptions, shown
from drakkar.engine.game import Game

#: the difficulty levels offered by name in `drakkar play` and the web lobby
LEVELS = {"easy": "random", "normal": "heuristic", "hard": "ismcts"}

Factory = Callable[[Game, int | None, dict[str, str]], Agent]


def _random(game: Game, seed: int | None, params: dict[str, str]) -> Agent:
    _no_params("random", params)
    return RandomAgent(seed)


def _heuristic(game: Game, seed: int | None, params: dict[str, str]) -> Agent:
    _no_params("heuristic", params)
    return game.heuristic_agent(seed)


def _no_params(name: str, params: dict[str, str]) -> None:
    if params:
        raise InvalidOptions("agent", f"{name!r} takes no parameters, got {shown(sorted(params))}")


FACTORIES: dict[str, Factory] = {"random": _random, "heuristic": _heuristic}


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`"ismcts:iterations=2000"` -> `("ismcts", {"iterations": "2000"})`; levels resolve."""
    text = str(spec).strip()
    name, _, rest = text.partition(":")
    name = LEVELS.get(name.strip().lower(), name.strip().lower())
    params: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise InvalidOptions("agent", f"{shown(spec)}: expected key=value, got {shown(part)}")
        params[key.strip()] = value.strip()
    return name, params


def _load_plugins() -> None:
    # Agents that live in their own modules register on import; a missing one is skipped.
    import importlib

    for module in ("drakkar.agents.ismcts",):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name != module:
                raise


def make_agent(spec: str, game: Game, seed: int | None = None) -> Agent:
    """The agent a spec string names, for `game`, seeded with `seed`."""
    name, params = parse_spec(spec)
    if name not in FACTORIES:
        _load_plugins()
    if name not in FACTORIES:
        known = ", ".join(sorted(FACTORIES) + sorted(LEVELS))
        raise InvalidOptions("agent", f"no agent called {shown(name)}; agents: {known}")
    try:
        return FACTORIES[name](game, seed, params)
    except NotImplementedError as e:  # e.g. a game with no heuristic bot yet
        raise InvalidOptions(
            "agent", f"{shown(spec.strip())} cannot play {game.title}: {e}"
        ) from None


KIND_WORDS = {int: "a whole number", float: "a number", str: "text"}


def agent_params(name: str, params: dict[str, str], types: dict[str, type]) -> dict[str, Any]:
    """Coerce an agent's string parameters by `types`; unknown or bad ones raise."""
    out: dict[str, Any] = {}
    for key, raw in params.items():
        if key not in types:
            raise InvalidOptions(
                "agent", f"{name!r} has no parameter {shown(key)}; it takes {sorted(types)}"
            )
        try:
            out[key] = types[key](raw)
        except ValueError:
            raise InvalidOptions(
                "agent", f"{name}: {key}={shown(raw)} is not {KIND_WORDS.get(types[key], 'valid')}"
            ) from None
    return out
