"""The games: one package each, found by the registry through its `GAME`.

`drakkar.games()` lists them. Because this package is also `drakkar.games`, the module is made
callable, so `drakkar.games()` and `drakkar.games.viking_raid` both mean what they say.
"""

from __future__ import annotations

import sys
import types
from typing import Any


class _GamesModule(types.ModuleType):
    def __call__(self) -> list[Any]:
        from drakkar.engine.registry import games

        return games()


sys.modules[__name__].__class__ = _GamesModule
