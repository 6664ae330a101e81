"""The conformance suite, run on every registered game at every player count.

A game is covered by registering it. `DRAKKAR_CONFORMANCE_GAMES` (default 2,000) sets how many
random games each game plays, spread over its player counts; the `slow` group plays more.
"""

from __future__ import annotations

import os

import pytest

import drakkar
from drakkar.engine.conformance import (
    ConformanceError,
    check_estimate,
    check_random_games,
    check_rollout_act,
)
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
