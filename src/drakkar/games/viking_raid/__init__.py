"""Viking Raid — a card game of raids for 2 to 6 Vikings (after Lloyd Krassner's free rules).

Each player starts with 10 Gold and 7 Viking cards. On your turn you draw a card, then either
stay home (draw one more) or go raiding: build a Ship from your hand (pay its cost in Gold),
hire up to four special Crew (1 Gold each, one of each kind) and choose a Destination. Sail
out (Sea cards: Lost costs a turn, two Storms or two Rocks sink you), attack directly or by
surprise, fight the Defenders (they kill your crew), plunder Treasure and sail home. The game
ends when a player completes a third raid (the round is finished) or every other player is out;
the most Gold wins.

Options: `sinking` ("out", default, or "lose-raid"), `max_rounds` (a safety cap, default 50),
and `stack_viking` / `stack_encounter` to stack the decks for tests. The full rules, every
ruling and the test that pins each: `drakkar rules viking-raid` (docs/rules/viking-raid.md).
"""

from typing import Any

from drakkar.engine.game import Game
from drakkar.engine.options import GameOptions
from drakkar.games.viking_raid import actions as A
from drakkar.games.viking_raid.options import ROUNDS_LIMIT, VikingRaidOptions
from drakkar.games.viking_raid.state import VikingRaidState


class VikingRaidGame(Game):
    name = "viking-raid"
    title = "Viking Raid"
    min_players = 2
    max_players = 6
    default_players = 4
    num_distinct_actions = A.NUM_ACTIONS
    options_class = VikingRaidOptions
    state_class = VikingRaidState
    rules_version = "2"  # 2: the last one in plays out the round (docs/rules/README.md)

    def max_game_length(self, num_players: int, options: GameOptions | None = None) -> int:
        # At most 9 decisions in a turn (discard, declare, build, 4 hires, destination,
        # tactics), one turn per player a round, at most ROUNDS_LIMIT rounds.
        return 9 * num_players * ROUNDS_LIMIT

    def heuristic_agent(self, seed: int | None = None) -> Any:
        from drakkar.games.viking_raid.bot import VikingRaidBot

        return VikingRaidBot(seed)

    def render(self, view: dict[str, Any], player: int | None, compact: bool = False) -> Any:
        from drakkar.games.viking_raid.render import render

        return render(view, player, compact)

    def info(self, view: dict[str, Any], player: int | None) -> Any:
        from drakkar.games.viking_raid.info import info

        return info(view, player)


GAME = VikingRaidGame()

__all__ = ["GAME", "VikingRaidGame", "VikingRaidState"]
