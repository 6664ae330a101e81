"""Tricks: a tiny trick-taking game where play matters, for testing agents (not registered).

Cards 1-12; each player is dealt four, the rest stay hidden. The leader plays a card face up,
then each other player in turn; the highest card wins the trick and its winner leads the next.
Most tricks wins; ties share. Action `a` plays card `a + 1`. (The engine's High Card toy cannot
tell a good agent from a random one: every card is played whatever the order, so the sums are
fixed by the deal.)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from drakkar.engine.agent import Agent
from drakkar.engine.game import Game
from drakkar.engine.options import GameOptions, check_stack, option
from drakkar.engine.state import State

CARDS = tuple(range(1, 13))
HAND = 4


@dataclass(frozen=True)
class TricksOptions(GameOptions):
    stack: tuple[int, ...] = option((), "cards dealt first, in this order (testing)")

    def validate(self, num_players: int | None) -> None:
        check_stack("stack", self.stack, CARDS)  # (a card twice would be dealt twice)


class TricksState(State):
    __slots__ = ("hidden", "hands", "trick", "leader", "tricks")

    def __init__(self, game: Game, num_players: int, options: GameOptions, seed: int) -> None:
        super().__init__(game, num_players, options, seed)
        assert isinstance(options, TricksOptions)
        deck = [c for c in CARDS if c not in options.stack]
        self.rng.shuffle(deck)
        deck = list(options.stack) + deck
        self.hands = [sorted(deck[i * HAND : (i + 1) * HAND]) for i in range(num_players)]
        self.hidden = sorted(deck[num_players * HAND :])
        self.trick: list[int] = []  # cards played to the current trick, from the leader on
        self.leader = 0
        self.tricks = [0] * num_players

    @property
    def current_player(self) -> int | None:
        if not self.hands[self.leader] and not self.trick:
            return None
        return (self.leader + len(self.trick)) % self.num_players

    def _legal_actions(self) -> list[int]:
        return [c - 1 for c in self.hands[(self.leader + len(self.trick)) % self.num_players]]

    def _apply(self, action: int) -> None:
        p = (self.leader + len(self.trick)) % self.num_players
        self.hands[p].remove(action + 1)
        self.trick.append(action + 1)
        if len(self.trick) == self.num_players:
            best = self.trick.index(max(self.trick))
            self.leader = (self.leader + best) % self.num_players
            self.tricks[self.leader] += 1
            self.trick = []

    def clone(self) -> TricksState:
        new = TricksState.__new__(TricksState)
        self._clone_base(new)
        new.hidden = self.hidden.copy()
        new.hands = [h.copy() for h in self.hands]
        new.trick = self.trick.copy()
        new.leader = self.leader
        new.tricks = self.tricks.copy()
        return new

    def is_terminal(self) -> bool:
        return self.current_player is None

    def scores(self) -> list[float]:
        return [float(t) for t in self.tricks]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.num_players
        top = max(self.tricks)
        best = [i for i, t in enumerate(self.tricks) if t == top]
        return [1.0 / len(best) if i in best else 0.0 for i in range(self.num_players)]

    def view(self, player: int | None) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "trick": self.trick.copy(),
            "tricks": self.tricks.copy(),
            "hand_sizes": [len(h) for h in self.hands],
            "played": sorted(set(CARDS) - set(self.hidden) - {c for h in self.hands for c in h}),
            "hand": None if player is None else self.hands[player].copy(),
        }

    def action_label(self, action: int) -> str:
        return f"play {action + 1}"

    def redeterminize(self, player: int, rng: random.Random) -> None:
        # Sorted first, so the re-deal depends on the seat's view and `rng` only.
        unseen = sorted(
            self.hidden + [c for i, h in enumerate(self.hands) if i != player for c in h]
        )
        rng.shuffle(unseen)
        for i, h in enumerate(self.hands):
            if i != player:
                self.hands[i] = sorted(unseen[: len(h)])
                unseen = unseen[len(h) :]
        self.hidden = sorted(unseen)
        self._legal = None

    def full_state(self) -> Any:
        return (
            tuple(self.hidden),
            tuple(map(tuple, self.hands)),
            tuple(self.trick),
            self.leader,
            tuple(self.tricks),
            tuple(self.history),
            self.rng.getstate(),
        )


class TricksBot(Agent):
    """Leads its highest card; follows with the lowest card that wins, else its lowest."""

    name = "heuristic"

    def act(self, state: State, player: int) -> int:
        view = state.view(player)
        hand = view["hand"]
        if not view["trick"]:
            return hand[-1] - 1
        winners = [c for c in hand if c > max(view["trick"])]
        return (winners[0] if winners else hand[0]) - 1


class TricksGame(Game):
    name = "tricks"
    title = "Tricks"
    min_players = 2
    max_players = 3
    default_players = 2
    num_distinct_actions = len(CARDS)
    options_class = TricksOptions
    state_class = TricksState

    def max_game_length(self, num_players: int, options: GameOptions | None = None) -> int:
        return HAND * num_players

    def heuristic_agent(self, seed: int | None = None) -> Agent:
        return TricksBot()


TRICKS = TricksGame()
