"""Knarr (Thomas Dupont, Bombyx 2023), for 2 to 4 players.

Recruit Vikings into your crew and send them exploring on your ship. Each turn you score your
Reputation, then either **Recruit** (play a Viking from your hand onto its colour column, gain
every asset shown in that column, and take a Viking from the board: the one in the slot of the
colour you played, or any one for a recruit token) or **Explore** (pay a Destination's cost with
Vikings from your crew, recruit tokens standing in for any of them, place it above your ship and
gain its assets). Once per turn, before or after the action, you may **Trade** 1, 2 or 3 silver
bracelets to gain the assets of columns 1..n of your ship and of every Destination above it.

Assets: VP, bracelet (max 3), recruit token (max 3), reputation (track 0..14) and, on
Destinations, a blind Viking from the deck into your crew. Reaching 40 points ends the game at
the end of the round; most points wins, ties go to most recruits plus bracelets, then are shared.

Options: `ship` (normal or advanced), `artifacts` (none, random, mead-cup+random, or one by
name), `first_player`, and `viking_stack` / `destination_stack` for setting up test deals.
The full rules, every ruling and the test that pins it: docs/rules/knarr.md.
"""

from typing import Any

from drakkar.engine.agent import Agent
from drakkar.engine.game import Game
from drakkar.engine.options import GameOptions
from drakkar.games.knarr import actions as A
from drakkar.games.knarr.options import KnarrOptions
from drakkar.games.knarr.state import KnarrState


class KnarrGame(Game):
    name = "knarr"
    title = "Knarr"
    rules_version = "2"  # 2: when the artifacts judge a column or a line (docs/rules/README.md)
    min_players = 2
    max_players = 4
    default_players = 3
    num_distinct_actions = A.NUM_ACTIONS
    options_class = KnarrOptions
    state_class = KnarrState

    def max_game_length(self, num_players: int, options: GameOptions | None = None) -> int:
        from drakkar.games.knarr.view import length_bound

        return length_bound(num_players)

    def heuristic_agent(self, seed: int | None = None) -> Agent:
        from drakkar.games.knarr.bot import KnarrBot

        return KnarrBot(seed)

    def render(self, view: dict[str, Any], player: int | None, compact: bool = False) -> Any:
        from drakkar.games.knarr.render import render

        return render(view, player, compact)

    def info(self, view: dict[str, Any], player: int | None) -> Any:
        from drakkar.games.knarr.info import info

        return info(view, player)


GAME = KnarrGame()

__all__ = ["GAME", "KnarrGame", "KnarrState"]
