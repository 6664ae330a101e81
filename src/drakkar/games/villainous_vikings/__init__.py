"""Villainous Vikings (Second Edition), for 3 to 5 players — with the project's own card set.

Captains sail a Longship of three Crew sections (white, grey, red dice) out of the Northlands
to seven Regions, conquering, raiding and trading with the Locations that the Journey Deck
brings into the Journey Pool, meeting Heroes, Mercenaries and Sovereigns, and calling on the
Gods with Asgard cards. Two actions a turn. When the Ragnarok card is revealed the Captains
fight a last battle among the Gods; then Valhalla Points are counted: face-up Locations,
killed Sovereigns, kept Asgard cards, one per 5 gold, the bonus tokens and Ragnarok's 7.

The rulebook prints no card texts, so every die, Region, Captain, Location, Warrior and Asgard
card is data (TOML, checked by a schema): the game ships the project's own authored set, and
`cards=PATH` plays with your own transcription instead. Options: `captains` (ids by seat),
`stack` (ids on top of the Journey Deck, for testers), `round_limit` (a safety net for bots).
Rules, rulings and the card schema: docs/rules/villainous-vikings.md.
"""

from __future__ import annotations

from typing import Any

from drakkar.engine.agent import Agent
from drakkar.engine.game import Game
from drakkar.engine.options import GameOptions
from drakkar.games.villainous_vikings.actions import NUM_ACTIONS
from drakkar.games.villainous_vikings.options import Options
from drakkar.games.villainous_vikings.state import VillainousVikingsState

ROUND_LIMIT_MAX = 500
PER_ACTION_BOUND = 1 + 20 * 62 + 12  # a contest, 20 fights of at most 62 choices, the aftermath


class VillainousVikingsGame(Game):
    name = "villainous-vikings"
    title = "Villainous Vikings"
    rules_version = "4"  # 4: Ragnarok's hammer repair and tie rerolls (docs/rules/README.md)
    min_players = 3
    max_players = 5
    default_players = 4
    num_distinct_actions = NUM_ACTIONS
    options_class = Options
    state_class = VillainousVikingsState

    def max_game_length(self, num_players: int, options: GameOptions | None = None) -> int:
        # rounds x seats x (two actions + ending the turn), then Ragnarok's repairs and rounds
        turns = ROUND_LIMIT_MAX * num_players
        return turns * (2 * PER_ACTION_BOUND + 1) + num_players * (6 + num_players * 32)

    def heuristic_agent(self, seed: int | None = None) -> Agent:
        from drakkar.games.villainous_vikings.bot import HeuristicBot

        return HeuristicBot(seed)

    def render(self, view: dict[str, Any], player: int | None, compact: bool = False) -> Any:
        from drakkar.games.villainous_vikings.render import render

        return render(view, player, compact)

    def info(self, view: dict[str, Any], player: int | None) -> Any:
        from drakkar.games.villainous_vikings.info import info

        return info(view, player)


GAME = VillainousVikingsGame()
