"""Observation encoders: a seat's `view` as a fixed-length float32 vector, one module per game.

Each game has its own module here, named after the game (`gone_viking.py` for "gone-viking"),
exposing `ENCODER`, an `Encoder` whose `FIELDS` table documents the vector field by field:
(name, length, meaning, high). It reads `state.view(player)` only, so nothing hidden from the
seat can leak into its observation. Seats are relative to the observer: "seat 0" is the
observer, "seat 1" the next player in turn order, and so on, padded to the game's most players,
so one network can serve every player count.

A game from outside drakkar brings its encoder with `register_encoder`. There is deliberately
no generic fallback: `encoder_for(game)` raises for a game without its
own module, and a test asserts that every registered game has one.
"""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass
from typing import Any

import numpy as np

from drakkar.engine.errors import DrakkarError
from drakkar.engine.game import Game
from drakkar.engine.options import GameOptions


@dataclass(frozen=True)
class Field:
    name: str
    length: int
    meaning: str
    high: float = 1.0  # every entry lies in [0, high]


class Encoder:
    """Subclass per game: set `game` and `FIELDS`, write `fill(view, player, num_players, x)`."""

    game: str = ""
    FIELDS: tuple[Field, ...] = ()

    def __init__(self) -> None:
        self.size = sum(f.length for f in self.FIELDS)
        self.slices: dict[str, slice] = {}
        at = 0
        for f in self.FIELDS:
            self.slices[f.name] = slice(at, at + f.length)
            at += f.length
        self.high = np.concatenate(
            [np.full(f.length, f.high, dtype=np.float32) for f in self.FIELDS]
        )

    def for_options(self, options: GameOptions) -> Encoder:
        """The encoder for a game with these options; override when names depend on them
        (a game with loadable card sets maps card names to indices per set)."""
        return self

    def encode(self, view: dict[str, Any], player: int, num_players: int) -> np.ndarray:
        """The observation vector of `view`, as `player` of `num_players` sees it."""
        out = np.zeros(self.size, dtype=np.float32)
        self.fill(view, player, num_players, {n: out[s] for n, s in self.slices.items()})
        return out

    def fill(
        self, view: dict[str, Any], player: int, num_players: int, x: dict[str, np.ndarray]
    ) -> None:
        raise NotImplementedError

    def table(self) -> str:
        """The field table as Markdown (for docs/research.md)."""
        rows = ["| field | length | range | meaning |", "| --- | ---: | --- | --- |"]
        for f in self.FIELDS:
            high = int(f.high) if float(f.high).is_integer() else f.high
            rows.append(f"| `{f.name}` | {f.length} | 0..{high} | {f.meaning} |")
        rows.append(f"| total | {self.size} | | |")
        return "\n".join(rows)


def relative(seat: int, player: int, num_players: int) -> int:
    """Where absolute `seat` sits as seen from `player`: 0 is the player, 1 the next, ..."""
    return (seat - player) % num_players


def mark_seat(
    x: dict[str, np.ndarray], player: int, num_players: int, field: str, seat: int | None
) -> None:
    """Set `seat`'s entry (relative to `player`) of a one-hot-per-seat field; None sets none.

    Encoders bind the first three with `functools.partial` inside `fill`."""
    if seat is not None:
        x[field][relative(seat, player, num_players)] = 1


def count_kinds(
    x: dict[str, np.ndarray], index: dict[str, int], field: str, names: Any, offset: int = 0
) -> None:
    """Add one to `field[offset + index[name]]` for each card `name`."""
    for name in names:
        x[field][offset + index[name]] += 1


_extra: dict[str, Encoder] = {}


def register_encoder(encoder: Encoder) -> Encoder:
    """Add the encoder of a game from outside `drakkar.games` (a plugin, or a test's game)."""
    _extra[encoder.game] = encoder
    return encoder


def encoder_for(game: Game) -> Encoder:
    """The game's own encoder; a clear error if it has none (there is no generic fallback)."""
    if game.name in _extra:
        return _extra[game.name]
    module_name = f"drakkar.adapters.encoding.{game.name.replace('-', '_')}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if e.name != module_name:
            raise
        raise DrakkarError(
            f"{game.title} has no observation encoder: write {module_name} with an ENCODER"
        ) from None
    encoder = getattr(module, "ENCODER", None)
    if not isinstance(encoder, Encoder) or encoder.game != game.name:
        raise DrakkarError(f"{module_name}.ENCODER is not an Encoder for {game.name!r}")
    return encoder


START, END = "<!-- encodings:start -->", "<!-- encodings:end -->"


def markdown() -> str:
    """Every registered game's field table (and the toy game's), for docs/research.md."""
    from drakkar.engine.registry import games
    from drakkar.engine.toy import HIGH_CARD

    parts = []
    for game in [*games(), HIGH_CARD]:
        encoder = encoder_for(game)
        doc = inspect.cleandoc(type(encoder).__doc__ or "")
        head = f"### {game.title} (`{game.name}`)\n\n" + (f"{doc}\n\n" if doc else "")
        parts.append(head + encoder.table())
    return "\n\n".join(parts)


def replace_section(text: str, body: str) -> str:
    """`text` with what lies between the encoding markers replaced by `body`."""
    before, found, rest = text.partition(START)
    _, found_end, after = rest.partition(END)
    if not found or not found_end:
        raise ValueError(f"the markers {START} and {END} are missing")
    return f"{before}{START}\n{body}\n{END}{after}"
