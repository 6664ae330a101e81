"""The State protocol, modelled on OpenSpiel's state API.

A game's state subclasses `State` and writes, by hand and for speed:

- `current_player` (property): the seat to decide, or None once the game is over;
- `_legal_actions()`: the legal ints, sorted; the base caches the list until the next apply;
- `_apply(action)`: play a legal action (already checked by `apply`);
- `clone()`: a deep, independent copy written field by field (start with `_clone_base`);
- `is_terminal()`, `returns()`, `scores()`;
- `view(player)`: a JSON-safe dict of exactly what that seat (None: a spectator) may see;
- `action_label(action)`: the readable, stable notation of an action;
- `redeterminize(player, rng)`: re-deal everything `player` cannot see, consistently;
- `full_state()`: everything, hidden parts included, as a comparable value (tests use it);
- `check_invariants()`: raise AssertionError when a card or token was made or lost.

The base keeps the seeded RNG (`Rng`, cheap to copy; randomness belongs to the state), the action history and the event log, and gives `apply`,
`legal_actions`, `parse_action`, `events` and `events_for`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from drakkar.engine.errors import IllegalAction, shown
from drakkar.engine.events import Event, Log, log_to_list
from drakkar.engine.options import as_whole, whole_number
from drakkar.engine.rng import Rng

_new_event = tuple.__new__  # an Event without NamedTuple's slower __new__

if TYPE_CHECKING:
    from drakkar.engine.game import Game
    from drakkar.engine.options import GameOptions


def action_number(action: object, num_distinct_actions: int) -> int:
    """`action` as an int when it is an integer of any type (NumPy's too); anything else (a
    float, a bool, None) raises IllegalAction, naming it."""
    n = as_whole(action)
    if n is None:
        last = num_distinct_actions - 1
        raise IllegalAction(f"{shown(action)} is not an action: actions are ints from 0 to {last}")
    return n


def _checked_label(label: Callable[[Any, int], str]) -> Callable[[Any, int], str]:
    """A game's `action_label`, refusing what is not an action number (-1 would otherwise
    read a table from its end, and a number past it raise a bare IndexError)."""

    @functools.wraps(label)
    def action_label(self: State, action: int) -> str:
        n = self.game.num_distinct_actions
        if type(action) is not int:
            action = action_number(action, n)
        if not 0 <= action < n:
            raise IllegalAction(
                f"action {shown(action)} has no label (actions run from 0 to {n - 1})"
            )
        return label(self, action)

    return action_label


class State:
    __slots__ = ("game", "num_players", "options", "seed", "rng", "history", "_log", "_legal")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # every game's action_label checks its argument here, in one place, as apply does
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("action_label")
        if own is not None:
            cls.action_label = _checked_label(own)  # type: ignore[method-assign,assignment]

    def __init__(self, game: Game, num_players: int, options: GameOptions, seed: int) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.seed = seed
        self.rng = Rng(seed)
        self.history: list[int] = []
        self._log: Log = None
        self._legal: list[int] | None = None

    # -- to write in each game -------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        raise NotImplementedError

    def _legal_actions(self) -> list[int]:
        raise NotImplementedError

    def _apply(self, action: int) -> None:
        raise NotImplementedError

    def clone(self) -> State:
        raise NotImplementedError

    def is_terminal(self) -> bool:
        raise NotImplementedError

    def returns(self) -> list[float]:
        raise NotImplementedError

    def scores(self) -> list[float]:
        raise NotImplementedError

    def view(self, player: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def action_label(self, action: int) -> str:
        raise NotImplementedError

    def redeterminize(self, player: int, rng: random.Random) -> None:
        raise NotImplementedError

    def full_state(self) -> Any:
        raise NotImplementedError

    def check_invariants(self) -> None:
        """Override: raise AssertionError when the game's conservation laws are broken."""

    # -- given by the base -----------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        """The legal actions now, sorted ints; empty once terminal. A fresh list each call."""
        if self._legal is None:
            self._legal = [] if self.is_terminal() else self._legal_actions()
        return list(self._legal)

    def apply(self, action: int) -> None:
        """Play `action`; an illegal one raises IllegalAction and changes nothing.

        An integer of another type (NumPy's, from a policy) is played as the int it is, so the
        history and the record hold ints; anything else (a float, a bool, None) is refused:
        `24.0 in legal` holds, but a game's tables cannot be indexed by it."""
        if type(action) is not int:
            action = action_number(action, self.game.num_distinct_actions)
        if self._legal is None:
            self._legal = [] if self.is_terminal() else self._legal_actions()
        if action not in self._legal:
            raise IllegalAction(self._illegal_message(action))
        self._legal = None
        self._apply(action)
        self.history.append(action)

    def apply_label(self, text: str) -> int:
        """Parse `text` as an action and play it; returns the action."""
        action = self.parse_action(text)
        self.apply(action)
        return action

    def parse_action(self, text: str) -> int:
        """The legal action whose label is `text` (case and spacing ignored), or its number."""
        wanted = " ".join(str(text).lower().split())
        legal = self.legal_actions()
        for a in legal:
            if " ".join(self.action_label(a).lower().split()) == wanted:
                return a
        number = whole_number(wanted)
        if number is not None and number in legal:
            return number
        raise IllegalAction(self._illegal_message(text))

    def _illegal_message(self, action: object) -> str:
        if self.is_terminal():
            return f"the game is over; {shown(action)} cannot be played"
        n = self.game.num_distinct_actions
        if isinstance(action, int) and not isinstance(action, bool):
            if 0 <= action < n:
                what = f"{self.action_label(action)!r} (action {action})"
            else:
                what = f"action {shown(action)} (actions run from 0 to {n - 1})"
        else:
            what = shown(action)  # not a page of input back
        legal = ", ".join(repr(self.action_label(a)) for a in self.legal_actions()[:12])
        more = " ..." if len(self.legal_actions()) > 12 else ""
        return f"{what} is not legal now for player {self.current_player}; legal: {legal}{more}"

    @property
    def events(self) -> list[Event]:
        """The whole log, oldest first, secrets included: filter with `events_for`."""
        return log_to_list(self._log)

    def events_for(self, player: int | None) -> list[str]:
        """The log lines `player` (None: a spectator) may read."""
        return [e.text for e in log_to_list(self._log) if e.visible_to(player)]

    def log(self, text: str, audience: tuple[int, ...] | None = None) -> None:
        """Add an event; `audience` None means everyone may read it."""
        self._log = (_new_event(Event, (audience, text)), self._log)

    def _clone_base(self, new: State) -> None:
        """Copy the base fields into `new` (made with `cls.__new__(cls)`)."""
        new.game = self.game
        new.num_players = self.num_players
        new.options = self.options
        new.seed = self.seed
        new.rng = self.rng.copy()
        new.history = self.history.copy()
        new._log = self._log
        new._legal = None if self._legal is None else self._legal.copy()

    def __repr__(self) -> str:
        return (
            f"<{self.game.title} state: {self.num_players} players, "
            f"{len(self.history)} actions, to move: {self.current_player}>"
        )
