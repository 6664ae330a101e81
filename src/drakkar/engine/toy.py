"""High Card: a tiny hidden-information game for testing the game-agnostic layers.

Registered with `register()`, so `drakkar.load("high-card")` and records know it, but not listed
by `drakkar.games()` (it is not one of drakkar's games). Nine cards 1-9; each player is dealt three;
in turn order each plays a card face up, three rounds; the highest total wins, ties share.
Action `a` plays card `a + 1`. It follows the State protocol in full, so the engine, agents,
simulator and adapters can be tested on it before any real game exists.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from drakkar.engine.agent import Agent
from drakkar.engine.game import Game
from drakkar.engine.options import GameOptions, check_stack, option
from drakkar.engine.registry import register
from drakkar.engine.state import State

CARDS = tuple(range(1, 10))


@dataclass(frozen=True)
class HighCardOptions(GameOptions):
    rounds: int = option(3, "cards each player plays", choices=(1, 2, 3))
    stack: tuple[int, ...] = option((), "cards put on top of the deck in this order (testing)")

    def validate(self, num_players: int | None) -> None:
        check_stack("stack", self.stack, CARDS)  # (a card twice would be dealt twice)


class HighCardState(State):
    __slots__ = ("deck", "hands", "played", "turn")

    def __init__(self, game: Game, num_players: int, options: GameOptions, seed: int) -> None:
        super().__init__(game, num_players, options, seed)
        assert isinstance(options, HighCardOptions)
        deck = [c for c in CARDS if c not in options.stack]
        self.rng.shuffle(deck)
        deck = list(options.stack) + deck
        n = options.rounds
        self.hands = [sorted(deck[i * n : (i + 1) * n]) for i in range(num_players)]
        self.deck = deck[num_players * n :]
        self.played: list[list[int]] = [[] for _ in range(num_players)]
        self.turn = 0
        self.log(f"{num_players} players, {n} cards each")

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal() else self.turn % self.num_players

    def _legal_actions(self) -> list[int]:
        return [c - 1 for c in self.hands[self.turn % self.num_players]]

    def _apply(self, action: int) -> None:
        p = self.turn % self.num_players
        self.hands[p].remove(action + 1)
        self.played[p].append(action + 1)
        self.log(f"player {p} plays {action + 1}")
        self.turn += 1

    def clone(self) -> HighCardState:
        new = HighCardState.__new__(HighCardState)
        self._clone_base(new)
        new.deck = self.deck.copy()
        new.hands = [h.copy() for h in self.hands]
        new.played = [p.copy() for p in self.played]
        new.turn = self.turn
        return new

    def is_terminal(self) -> bool:
        return all(not h for h in self.hands)

    def scores(self) -> list[float]:
        return [float(sum(p)) for p in self.played]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.num_players
        s = self.scores()
        best = [i for i, v in enumerate(s) if v == max(s)]
        return [1.0 / len(best) if i in best else 0.0 for i in range(self.num_players)]

    def view(self, player: int | None) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "to_move": self.current_player,
            "played": [p.copy() for p in self.played],
            "hand_sizes": [len(h) for h in self.hands],
            "hand": None if player is None else self.hands[player].copy(),
        }

    def action_label(self, action: int) -> str:
        return f"play {action + 1}"

    def redeterminize(self, player: int, rng: random.Random) -> None:
        # sorted first: the deck's hidden order must not shape the re-deal
        unseen = sorted(self.deck + [c for i, h in enumerate(self.hands) if i != player for c in h])
        rng.shuffle(unseen)
        for i, h in enumerate(self.hands):
            if i != player:
                k = len(h)
                self.hands[i] = sorted(unseen[:k])
                unseen = unseen[k:]
        self.deck = unseen
        self._legal = None

    def full_state(self) -> Any:
        return (
            tuple(self.deck),
            tuple(map(tuple, self.hands)),
            tuple(map(tuple, self.played)),
            self.turn,
            tuple(self.history),
            self.rng.getstate(),
        )

    def check_invariants(self) -> None:
        cards = self.deck + [c for h in self.hands for c in h] + [c for p in self.played for c in p]
        assert sorted(cards) == list(CARDS), f"cards made or lost: {sorted(cards)}"


class HighestCardBot(Agent):
    """Plays its highest card: beats random play most of the time."""

    name = "heuristic"

    def act(self, state: State, player: int) -> int:
        return max(state.legal_actions())


class HighCardGame(Game):
    name = "high-card"
    title = "High Card"
    min_players = 2
    max_players = 3
    default_players = 2
    num_distinct_actions = 9
    options_class = HighCardOptions
    state_class = HighCardState

    def max_game_length(self, num_players: int, options: GameOptions | None = None) -> int:
        return 3 * num_players

    def heuristic_agent(self, seed: int | None = None) -> Agent:
        return HighestCardBot()


HIGH_CARD = register(HighCardGame())  # known to records, not listed by games()
