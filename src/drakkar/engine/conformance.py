"""The conformance suite for any game and player count (docs/architecture.md, step 9).

`check_random_games(game, players, n)` plays `n` random games and checks, at every state:
the legal list is non-empty, sorted, unique and in range until the end; labels are unique and
parse back; the game's invariants hold. Every `deep_every`-th game it also checks, at every
state: an illegal action is refused and changes nothing, and a number out of range has no
label; a clone is independent of its original; views are JSON-safe; `redeterminize` keeps the
seat's own view (and its legal list when it is that seat's turn), leaves no stale cached legal
list, and re-deals something in the game (a game with hidden information whose re-deal never
changes the state would let a search read the real hidden cards); and the finished game's
record replays to the identical state."""

from __future__ import annotations

import json
import random
from typing import Any

from drakkar.engine.errors import IllegalAction
from drakkar.engine.game import Game
from drakkar.engine.record import Record
from drakkar.engine.state import State


class ConformanceError(AssertionError):
    pass


def check_random_games(
    game: Game, players: int, n: int, seed: int = 0, deep_every: int = 20
) -> dict[str, float]:
    """Play `n` random games; raise ConformanceError naming the game, seed and step."""
    lengths = []
    for i in range(n):
        state = play_random_game(game, players, seed + i, deep=(i % deep_every == 0))
        lengths.append(len(state.history))
    return {"games": n, "mean_length": sum(lengths) / n, "max_length": max(lengths)}


def play_random_game(game: Game, players: int, seed: int, deep: bool = False) -> State:
    state = game.new(players, seed)
    rng = random.Random(seed ^ 0x5EED)
    limit = game.max_game_length(players, state.options)
    redealt = False  # deep: did any redeterminize change the hidden state?
    while not state.is_terminal():
        where = f"{game.name} players={players} seed={seed} step={len(state.history)}"
        legal = check_legal(state, where)
        if deep:
            redealt = check_deep(state, legal, rng, where) or redealt
        state.apply(legal[rng.randrange(len(legal))])
        _invariants(state, where)
        # checked after the move: checked before it, a game one action past its bound passed
        if len(state.history) > limit:
            raise ConformanceError(f"{where}: longer than max_game_length {limit}")
    where = f"{game.name} players={players} seed={seed} end"
    if state.current_player is not None or state.legal_actions():
        raise ConformanceError(f"{where}: a terminal state has a player to move or legal actions")
    ret = state.returns()
    if len(ret) != players or not all(0.0 <= r <= 1.0 for r in ret):
        raise ConformanceError(f"{where}: bad returns {ret}")
    if abs(sum(ret) - 1.0) > 1e-9 and sum(ret) != 0.0:
        raise ConformanceError(f"{where}: returns {ret} should sum to 1 (or 0 when nobody wins)")
    if len(state.scores()) != players:
        raise ConformanceError(f"{where}: scores() has {len(state.scores())} entries")
    if deep:
        check_views(state, rng, where)
        check_replay(state, where)
        if game.hidden_information and not redealt:
            raise ConformanceError(
                f"{where}: redeterminize never re-dealt anything in the whole game: a search "
                "would read the real hidden cards (or set the game's hidden_information False)"
            )
    return state


def check_legal(state: State, where: str) -> list[int]:
    legal = state.legal_actions()
    p = state.current_player
    if not legal:
        raise ConformanceError(f"{where}: no legal action before the end")
    if p is None or not 0 <= p < state.num_players:
        raise ConformanceError(f"{where}: current_player is {p!r}")
    if legal != sorted(set(legal)):
        raise ConformanceError(f"{where}: legal list not sorted and unique: {legal}")
    if legal[0] < 0 or legal[-1] >= state.game.num_distinct_actions:
        raise ConformanceError(f"{where}: action out of range in {legal}")
    labels = [state.action_label(a) for a in legal]
    if len(set(labels)) != len(labels):
        raise ConformanceError(f"{where}: two legal actions share a label: {labels}")
    return legal


def _invariants(state: State, where: str) -> None:
    try:
        state.check_invariants()
    except AssertionError as e:
        raise ConformanceError(f"{where}: invariant broken: {e}") from None


def check_deep(state: State, legal: list[int], rng: random.Random, where: str) -> bool:
    """The deep checks at one state; True when a seat's redeterminize changed the state."""
    before = state.full_state()
    # An illegal action is refused and changes nothing.
    illegal = [a for a in range(state.game.num_distinct_actions) if a not in legal]
    for bad in ([rng.choice(illegal)] if illegal else []) + [-1, state.game.num_distinct_actions]:
        try:
            state.apply(bad)
        except IllegalAction:
            pass
        else:
            raise ConformanceError(f"{where}: illegal action {bad} was accepted")
        if state.full_state() != before:
            raise ConformanceError(f"{where}: refused action {bad} changed the state")
    # A number that is no action has no label: it is refused, as by apply.
    for bad in (-1, state.game.num_distinct_actions):
        try:
            state.action_label(bad)
        except IllegalAction:
            pass
        else:
            raise ConformanceError(f"{where}: action_label({bad}) gave a label")
    # Labels parse back to their action.
    for a in legal:
        if state.parse_action(state.action_label(a)) != a:
            raise ConformanceError(f"{where}: label {state.action_label(a)!r} does not parse back")
    # A clone is independent: playing on it leaves the original untouched, and vice versa.
    twin = state.clone()
    if twin.full_state() != before:
        raise ConformanceError(f"{where}: clone differs from its original")
    twin.apply(legal[rng.randrange(len(legal))])
    if state.full_state() != before:
        raise ConformanceError(f"{where}: playing on a clone changed the original")
    redealt = check_views(state, rng, where)
    if state.full_state() != before:
        raise ConformanceError(f"{where}: checking changed the state")
    return redealt


def check_views(state: State, rng: random.Random, where: str) -> bool:
    """Views are JSON-safe, and re-dealing what a seat cannot see keeps that seat's view, the
    public view and (for the seat to move) the legal actions. Checked at the end of a game too,
    where views may show more (hands revealed) and a re-deal must respect it. True when a
    re-deal changed the state."""
    before = state.full_state()
    legal = state.legal_actions()
    redealt = False
    views = {}
    for seat in [None, *range(state.num_players)]:
        v = state.view(seat)
        try:
            json.dumps(v)
        except TypeError as e:
            raise ConformanceError(f"{where}: view({seat}) is not JSON-safe: {e}") from None
        views[seat] = v
    for seat in range(state.num_players):
        other = state.clone()
        other.redeterminize(seat, random.Random(rng.random()))
        if other.view(seat) != views[seat]:
            raise ConformanceError(f"{where}: redeterminize({seat}) changed that seat's view")
        if other.view(None) != views[None]:
            raise ConformanceError(f"{where}: redeterminize({seat}) changed the public view")
        if seat == state.current_player and other.legal_actions() != legal:
            raise ConformanceError(f"{where}: redeterminize({seat}) changed its legal actions")
        if other.legal_actions() != ([] if other.is_terminal() else other._legal_actions()):
            raise ConformanceError(
                f"{where}: after redeterminize({seat}) legal_actions() is stale: the base caches "
                "it until the next apply, so a re-deal must set self._legal = None"
            )
        _invariants(other, where + f" after redeterminize({seat})")
        redealt = redealt or other.full_state() != before
    return redealt


def check_replay(state: State, where: str) -> None:
    record = Record.from_state(state)
    again = Record.loads(record.dumps()).replay()
    if again.full_state() != state.full_state():
        raise ConformanceError(f"{where}: the record does not replay to the identical state")


def check_rollout_act(
    game: Game, players: int, seed: int, options: dict[str, Any] | None = None
) -> int:
    """Play one game by the game's heuristic bot, a random move mixed in three times in ten
    (to reach the positions the bot's own play avoids), and check at every state that the
    bot's cheap `rollout_act` makes the same move as `act`. Returns the states checked."""
    state = game.new(players, seed, options)
    bot = game.heuristic_agent(seed)
    rollout_act = bot.rollout_act  # type: ignore[attr-defined]
    rng = random.Random(seed)
    checked = 0
    while not state.is_terminal():
        p = state.current_player
        assert p is not None
        a = bot.act(state, p)
        if rollout_act(state, p) != a:
            raise ConformanceError(
                f"{game.name} seed {seed}: rollout_act differs from act after {state.history}"
            )
        checked += 1
        state.apply(a if rng.random() < 0.7 else rng.choice(state.legal_actions()))
    return checked


def check_estimate(game: Game, players: int, seed: int) -> int:
    """Play one random game and check, at every state, a game's `estimate()` (the chances a
    cut-short search reads): one non-negative chance a player, summing to 1, the returns once
    over, and reading the state without changing it; `settled()` is a bool, true once over.
    Returns the states checked."""
    state = game.new(players, seed)
    rng = random.Random(seed)
    checked = 0
    while True:
        before = json.dumps(state.full_state(), sort_keys=True, default=str)
        chances = state.estimate()  # type: ignore[attr-defined]
        settled = state.settled()  # type: ignore[attr-defined]
        where = f"{game.name} seed {seed} after {state.history}"
        if len(chances) != players or min(chances) < 0 or abs(sum(chances) - 1) > 1e-9:
            raise ConformanceError(f"{where}: estimate() gave {chances}")
        if not isinstance(settled, bool):
            raise ConformanceError(f"{where}: settled() gave {settled!r}, not a bool")
        if json.dumps(state.full_state(), sort_keys=True, default=str) != before:
            raise ConformanceError(f"{where}: estimate() or settled() changed the state")
        checked += 1
        if state.is_terminal():
            if chances != state.returns() or not settled:
                raise ConformanceError(f"{where}: over, but estimate() is not the returns")
            return checked
        state.apply(rng.choice(state.legal_actions()))
