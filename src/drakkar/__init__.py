"""drakkar: one rules engine for four Viking tabletop games.

    >>> import drakkar
    >>> game = drakkar.load("viking-raid")
    >>> state = game.new(players=4, seed=7)
    >>> state.action_label(state.legal_actions()[0])  # seat 0 has drawn an eighth card
    'discard Long Ship'

`drakkar.games()` lists every registered game; `drakkar.load(name)` returns one `Game`, whose
`new(players, seed, options)` deals a `State` that follows the protocol in `drakkar.engine`.
"""

import drakkar.games as games  # noqa: E402  (a callable module: drakkar.games() lists them)
from drakkar.engine.errors import (
    DrakkarError,
    IllegalAction,
    InvalidOptions,
    InvalidRecord,
    UnknownGame,
)
from drakkar.engine.game import Game
from drakkar.engine.record import Record
from drakkar.engine.registry import load
from drakkar.engine.state import State

__all__ = [
    "DrakkarError",
    "Game",
    "IllegalAction",
    "InvalidOptions",
    "InvalidRecord",
    "Record",
    "State",
    "UnknownGame",
    "games",
    "load",
]
__version__ = "0.1.0"
