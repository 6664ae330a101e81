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

from drakkar.games.viking_raid.state import VikingRaidGame, VikingRaidState

GAME = VikingRaidGame()

__all__ = ["GAME", "VikingRaidGame", "VikingRaidState"]
