"""A `Game`: what a game is (name, player range, options, action count) and how to deal one."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drakkar.engine.errors import InvalidOptions
from drakkar.engine.options import GameOptions, whole_number_of

if TYPE_CHECKING:
    from drakkar.engine.agent import Agent
    from drakkar.engine.state import State


class Game:
    """Subclass per game and set the class attributes; `new()` deals a fresh state."""

    name: str = ""  # the registry name, e.g. "viking-raid"
    title: str = ""  # e.g. "Viking Raid"
    rules_version: str = "1"  # bump when a rule change alters what a record replays to
    hidden_information: bool = True  # False: nothing to re-deal (conformance then asks none)
    min_players: int = 2
    max_players: int = 2
    default_players: int = 2
    num_distinct_actions: int = 0
    options_class: type[GameOptions] = GameOptions
    state_class: type[State]

    def max_game_length(self, num_players: int, options: GameOptions | None = None) -> int:
        """An upper bound on the number of actions in a game (OpenSpiel needs one).

        Without `options` the bound holds for the default options; a game whose length
        depends on an option (Gone Viking!'s `max_raids`) reads it from `options`.
        """
        return 10_000

    def options(
        self, values: Mapping[str, Any] | GameOptions | None = None, num_players: int | None = None
    ) -> GameOptions:
        if isinstance(values, GameOptions):
            if not isinstance(values, self.options_class):
                raise InvalidOptions("options", f"these are not {self.title} options")
            values.check(num_players)
            return values
        return self.options_class.from_mapping(values, num_players)

    def check_players(self, players: Any) -> int:
        players = whole_number_of("players", players)
        if not self.min_players <= players <= self.max_players:
            raise InvalidOptions(
                "players",
                f"{self.title} takes {self.min_players} to {self.max_players} players, not {players}",
            )
        return players

    def new(
        self,
        players: int | None = None,
        seed: int | None = None,
        options: Mapping[str, Any] | GameOptions | None = None,
    ) -> State:
        """Deal a new game. `seed` None picks one at random (it is kept in `state.seed`)."""
        n = self.check_players(self.default_players if players is None else players)
        opts = self.options(options, n)
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        else:
            seed = whole_number_of("seed", seed)
            if seed < 0:  # the stream keeps 64 bits: seed -1 would deal the game of 2**64 - 1
                raise InvalidOptions("seed", f"expected a whole number 0 or above, got {seed}")
        return self.state_class(self, n, opts, seed)

    def heuristic_agent(self, seed: int | None = None) -> Agent:
        """The game's own rule-of-thumb bot; each game overrides this."""
        raise NotImplementedError(f"{self.title} has no heuristic bot yet")

    def render(self, view: dict[str, Any], player: int | None, compact: bool = False) -> Any:
        """A Rich renderable of `view` as `player` sees it (the terminal table). `compact` says
        the same in fewer lines, for a screen the whole table would not fit; a game whose table
        fits anyway may ignore it."""
        raise NotImplementedError

    def info(self, view: dict[str, Any], player: int | None) -> Any:
        """A Rich renderable of what the cards and abilities in `view` do (the terminal's
        `info` command); a game whose table says it all leaves this unimplemented."""
        raise NotImplementedError

    def rules_page(self) -> Path | None:
        """The game's rules page (docs/rules/<name>.md), found in the wheel or the checkout."""
        from importlib import resources

        packaged = resources.files("drakkar") / "_docs" / "rules" / f"{self.name}.md"
        if packaged.is_file():
            return Path(str(packaged))
        here = Path(__file__).resolve().parents[3] / "docs" / "rules" / f"{self.name}.md"
        return here if here.is_file() else None

    def __repr__(self) -> str:
        return f"<Game {self.name}>"
