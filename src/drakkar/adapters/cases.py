"""The games the adapter tests cover: every registered game plus the engine's toy game.

Parametrising over this list means a game added later is covered by registration alone.
"""

from __future__ import annotations

from drakkar.engine.game import Game
from drakkar.engine.registry import games
from drakkar.engine.toy import HIGH_CARD


def all_games() -> list[Game]:
    return [*games(), HIGH_CARD]


def game_player_counts() -> list[tuple[Game, int]]:
    """Each game at each of its player counts."""
    return [(g, n) for g in all_games() for n in range(g.min_players, g.max_players + 1)]


def case_id(case: tuple[Game, int]) -> str:
    return f"{case[0].name}-{case[1]}p"
