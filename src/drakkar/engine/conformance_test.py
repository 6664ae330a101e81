"""The conformance suite, run on every registered game at every player count.

A game is covered by registering it. `DRAKKAR_CONFORMANCE_GAMES` (default 2,000) sets how many
random games each game plays, spread over its player counts; the `slow` group plays more.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import drakkar
from drakkar.engine.conformance import (
    ConformanceError,
    check_estimate,
    check_random_games,
    check_rollout_act,
)
from drakkar.engine.errors import IllegalAction
from drakkar.engine.toy import HIGH_CARD

GAMES_PER_GAME = int(os.environ.get("DRAKKAR_CONFORMANCE_GAMES", "2000"))

CASES = [
    pytest.param(g, n, id=f"{g.name}-{n}p")
    for g in drakkar.games()
    for n in range(g.min_players, g.max_players + 1)
]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_random_games_conform(game: drakkar.Game, players: int) -> None:
    counts = game.max_players - game.min_players + 1
    n = max(1, -(-GAMES_PER_GAME // counts))
    stats = check_random_games(game, players, n, seed=1000 * players)
    assert stats["games"] == n


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), CASES)
def test_random_games_conform_soak(game: drakkar.Game, players: int) -> None:
    stats = check_random_games(game, players, 20_000, seed=7_000_000 + players, deep_every=50)
    assert stats["games"] == 20_000


@pytest.mark.parametrize(
    ("game", "players"),
    [c for c in CASES if hasattr(c.values[0].heuristic_agent(0), "rollout_act")],  # type: ignore[union-attr]
)
def test_rollout_act_makes_the_same_move_as_act(game: drakkar.Game, players: int) -> None:
    # a bot's cheap roll-out move must be its real move: the search relies on it
    assert sum(check_rollout_act(game, players, seed=900 + 10 * players + k) for k in range(5)) > 50


def test_a_rollout_act_that_differs_from_act_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from drakkar.games.knarr.bot import KnarrBot

    monkeypatch.setattr(KnarrBot, "rollout_act", lambda self, s, p: s.legal_actions()[-1])
    with pytest.raises(ConformanceError, match="rollout_act differs from act"):
        check_rollout_act(drakkar.load("knarr"), 3, seed=1)


@pytest.mark.parametrize("game", drakkar.games(), ids=lambda g: g.name)
def test_a_redeterminize_that_re_deals_nothing_is_caught(
    game: drakkar.Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game.state_class, "redeterminize", lambda self, player, rng: None)
    with pytest.raises(ConformanceError, match="redeterminize never re-dealt anything"):
        check_random_games(game, game.min_players, 1, seed=3, deep_every=1)


@pytest.mark.parametrize(
    ("game", "players"),
    [c for c in CASES if hasattr(c.values[0].state_class, "estimate")],  # type: ignore[union-attr]
)
def test_estimate_gives_each_player_a_chance_and_the_returns_once_over(
    game: drakkar.Game, players: int
) -> None:
    # the search reads cut-short roll-outs with it (ISMCTS's `estimate`)
    assert sum(check_estimate(game, players, seed=500 + 10 * players + k) for k in range(3)) > 20


def test_an_estimate_that_does_not_sum_to_one_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from drakkar.games.viking_raid.state import VikingRaidState

    monkeypatch.setattr(VikingRaidState, "estimate", lambda self: [0.5] * self.num_players)
    with pytest.raises(ConformanceError, match="estimate"):
        check_estimate(drakkar.load("viking-raid"), 4, seed=1)


@pytest.mark.parametrize("players", [2, 3])
def test_toy_game_conforms(players: int) -> None:
    assert check_random_games(HIGH_CARD, players, 200, deep_every=1)["games"] == 200


def test_a_re_deal_that_leaves_a_stale_legal_list_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the base caches legal_actions() until the next apply: a re-deal must clear it, or a
    # re-dealt world offers the moves of the hands it had before
    real = HIGH_CARD.state_class.redeterminize

    def forgetful(self: drakkar.State, player: int, rng: object) -> None:
        cached = self._legal
        real(self, player, rng)
        self._legal = cached

    monkeypatch.setattr(HIGH_CARD.state_class, "redeterminize", forgetful)
    with pytest.raises(ConformanceError, match="stale"):
        check_random_games(HIGH_CARD, 2, 5, seed=3, deep_every=1)


# Each check of the suite, shown to catch a toy game that breaks what it checks (removing any
# one of these checks from conformance.py survived every test before: mutation testing).
Toy = HIGH_CARD.state_class
real_apply, real_clone, real_init = Toy.apply, Toy.clone, Toy.__init__
real_view, real_legal, real_label = Toy.view, Toy._legal_actions, Toy.action_label


def apply_noting_the_refused(self: Any, action: int) -> None:
    try:
        real_apply(self, action)
    except IllegalAction:
        self.history.append(action)  # a refused action left behind in the history
        raise


def apply_ignoring_the_illegal(self: Any, action: int) -> None:
    if action in self.legal_actions():
        real_apply(self, action)


def clone_sharing_played(self: Any) -> Any:
    new = real_clone(self)
    new.played = self.played
    return new


def clone_losing_the_deck(self: Any) -> Any:
    new = real_clone(self)
    new.deck = []
    return new


def redeal_own_hand_too(self: Any, player: int, rng: random.Random) -> None:
    cards = sorted(self.deck + [c for h in self.hands for c in h])
    rng.shuffle(cards)
    for i, h in enumerate(self.hands):
        self.hands[i], cards = sorted(cards[: len(h)]), cards[len(h) :]
    self.deck, self._legal = cards, None


def public_view_showing_seat_1(self: Any, player: int | None) -> dict[str, Any]:
    view = real_view(self, player)
    return view | {"hand": self.hands[1].copy()} if player is None else view


def deal_unseeded(self: Any, *args: Any) -> None:
    real_init(self, *args)
    random.Random().shuffle(self.deck)  # not the state's own RNG: a replay deals otherwise


def legal_reading_the_deck(self: Any) -> list[int]:
    # the top of the hidden deck decides whether the highest card may be played
    legal = real_legal(self)
    return legal[:-1] if len(legal) > 1 and self.deck and self.deck[0] % 2 else legal


BROKEN = {
    "a refused action changes the state": (
        Toy,
        "apply",
        apply_noting_the_refused,
        "refused action .* changed the state",
    ),
    "an illegal action is accepted": (Toy, "apply", apply_ignoring_the_illegal, "was accepted"),
    "a clone shares a list": (Toy, "clone", clone_sharing_played, "clone changed the original"),
    "a clone loses a field": (Toy, "clone", clone_losing_the_deck, "clone differs"),
    "a re-deal moves the seat's own cards": (
        Toy,
        "redeterminize",
        redeal_own_hand_too,
        "changed that seat's view",
    ),
    "the public view shows a hand": (
        Toy,
        "view",
        public_view_showing_seat_1,
        "changed the public view",
    ),
    "the deal is not the seed's": (Toy, "__init__", deal_unseeded, "does not replay"),
    "the legal list reads a hidden card": (
        Toy,
        "_legal_actions",
        legal_reading_the_deck,
        "changed its legal actions",
    ),
    "the length bound is one short": (
        HIGH_CARD,
        "max_game_length",
        lambda players, options=None: 3 * players - 1,
        "longer than max_game_length",
    ),
    "the legal list is not sorted": (
        Toy,
        "_legal_actions",
        lambda self: real_legal(self)[::-1],
        "not sorted",
    ),
    "two actions share a label": (
        Toy,
        "action_label",
        lambda self, a: real_label(self, 7 if a == 8 else a),  # "play 8" twice
        "share a label",
    ),
    "a number out of range has a label": (
        Toy,
        "action_label",
        lambda self, a: f"play {a + 1}",
        r"action_label\(-1\) gave a label",
    ),
    "a label does not parse back": (
        Toy,
        "parse_action",
        lambda self, text: self.legal_actions()[0],
        "does not parse back",
    ),
    "the returns do not sum to 1": (
        Toy,
        "returns",
        lambda self: [1.0] * self.num_players,
        "should sum to 1",
    ),
    "a player is to move at the end": (
        Toy,
        "current_player",
        property(lambda self: self.turn % self.num_players),
        "a terminal state has a player to move",
    ),
}


@pytest.mark.parametrize("broken", BROKEN, ids=list(BROKEN))
def test_each_check_catches_a_game_that_breaks_it(
    broken: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    owner, name, replacement, says = BROKEN[broken]
    monkeypatch.setattr(owner, name, replacement)
    with pytest.raises(ConformanceError, match=says):
        check_random_games(HIGH_CARD, 2, 40, seed=3, deep_every=1)
