"""Gone Viking! — raid for Plunder, win tricks for Wealth, build Ships, dodge the Jarl.

3 to 5 players (4 by default). Each raid, everyone is dealt a hand (7 / 8 / 9 cards for
3 / 4 / 5 players) of Plunder in four types — Books, Coins, Hammers, Fists — and the four Gods.
Before raiding you may pay a Wealth token per two cards swapped with the draw pile.

Tricks: the leader plays one or more cards of one type ("boosting": the play's strength is
their sum); the others must follow the led type if they can, else play any one type. Trump
beats the led type; otherwise the strongest play of the led type wins. The winner takes a
Wealth token of their play's type (a Tree if none is left) and leads next. A tie: nobody wins,
the cards are discarded, the same leader leads again. Tricks go on until every hand is empty.

Gods: play one face up as Plunder (Odin Books 12, Freya Coins 11, Thor Hammers 10, Loki Fists 9),
or lay it face down beside a play, one per trick, for its power: revealed after the trick it
replaces the God in play. Odin names trump and forbids boosting; Freya names trump if there
is none and gives every trick winner a Coin; Thor removes trump and the duty to follow, the
highest play wins whatever its type; Loki makes the lowest play win. The God still in play at
the end of the raid gives its owner its Home Power (Odin: two tokens; Freya: everyone else
returns one; Thor: a Ship from any four tokens; Loki: take one, or steal one).

Home: build a Ship (one each of Book, Coin, Hammer, Fist, or four Trees; one per player per
raid). Then the Jarl visits the wealthiest player (a Ship counts 4) and takes half their
other tokens, rounded up; they lead the next raid, swap up to four cards free and name trump.
Wealth 9 / 8 / 7 (3 / 4 / 5 players) after the Jarl wins.

Actions are atomic: "play Hammers 7", "play Hammers 3", "lay Loki face down", "done";
"pay a Tree to swap two cards", "swap Coins 3"; "trump: Coins"; "pay the Jarl a Fist".
Options: `max_raids` (default 50; 0 for no limit) ends an unwon game by the tie rules;
`stack` puts named cards on top of the deck for the first deal (for testing).
The full rules, with every ruling and the test that pins it: docs/rules/gone-viking.md.
"""

from typing import Any

from drakkar.engine.agent import Agent
from drakkar.engine.game import Game
from drakkar.engine.options import GameOptions
from drakkar.games.gone_viking import actions as A
from drakkar.games.gone_viking.options import (
    DEFAULT_MAX_RAIDS,
    UNLIMITED_RAIDS,
    GoneVikingOptions,
)
from drakkar.games.gone_viking.state import GoneVikingState, max_game_length


class GoneVikingGame(Game):
    name = "gone-viking"
    title = "Gone Viking!"
    min_players = 3
    max_players = 5
    default_players = 4
    num_distinct_actions = A.NUM_ACTIONS
    options_class = GoneVikingOptions
    state_class = GoneVikingState

    def max_game_length(self, num_players: int, options: GameOptions | None = None) -> int:
        """A true bound for the options' `max_raids` (the default 50 without options).

        With no raid limit (`max_raids=0`) the bound is that of `UNLIMITED_RAIDS` raids:
        OpenSpiel needs a number, and no game comes near it (see the rules page).
        """
        raids = DEFAULT_MAX_RAIDS
        if isinstance(options, GoneVikingOptions):
            raids = options.max_raids or UNLIMITED_RAIDS
        return max_game_length(num_players, raids)

    def heuristic_agent(self, seed: int | None = None) -> Agent:
        from drakkar.games.gone_viking.bot import GoneVikingBot

        return GoneVikingBot(seed)

    def render(self, view: dict[str, Any], player: int | None, compact: bool = False) -> Any:
        from drakkar.games.gone_viking.render import render

        return render(view, player)  # (its whole table fits 50 rows: no compact form)

    def info(self, view: dict[str, Any], player: int | None) -> Any:
        from drakkar.games.gone_viking.info import info

        return info(view, player)


GAME = GoneVikingGame()

__all__ = ["GAME", "GoneVikingGame", "GoneVikingState"]
