"""Hypothesis's settings for every test, and the strategies the property tests share.

`make test` runs the `default` profile: derandomised (the same examples every run, no example
database), no deadline (a busy machine is slow, not wrong) and 100 examples a property, about
10 s for them all. `HYPOTHESIS_PROFILE=fuzz` runs 2,000 a property, new ones each run.
"""

from __future__ import annotations

import os
import random
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from drakkar.engine.game import Game
from drakkar.engine.registry import games
from drakkar.engine.state import State
from drakkar.engine.toy import HIGH_CARD

settings.register_profile(
    "default",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    max_examples=100,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "fuzz",
    deadline=None,
    print_blob=True,
    max_examples=2000,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

#: every registered game, and the toy the engine's own tests play
GAMES: list[Game] = [*games(), HIGH_CARD]

#: JSON's scalars as `json.loads` gives them: whole numbers of any size, any float, text
json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()  # (NaN and Infinity too: Python's json reads and writes them)
    | st.text(max_size=20)
)
#: any JSON value, nested a little
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def played(game: Game, players: int, seed: int, steps: int) -> State:
    """A deal of `game` after up to `steps` random legal actions (fewer if it ends first)."""
    state = game.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@st.composite
def played_states(draw: st.DrawFn, max_steps: int = 120) -> State:
    """A state some way into a random game of any game, any player count."""
    game = draw(st.sampled_from(GAMES))
    players = draw(st.integers(game.min_players, game.max_players))
    steps = draw(st.integers(0, 40) | st.integers(0, max_steps) | st.just(10**6))  # (to the end)
    return played(game, players, draw(st.integers(0, 2**32)), steps)


def fingerprint(state: State) -> Any:
    """Everything a state shows or hides: a refused input must leave all of it as it was."""
    seats = [*range(state.num_players), None]
    return (
        list(state.history),
        state.current_player,
        state.legal_actions(),
        state.is_terminal(),
        state.full_state(),
        state.rng.s,
        [state.view(p) for p in seats],
        [state.events_for(p) for p in seats],
    )
