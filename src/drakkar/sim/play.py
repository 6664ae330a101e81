"""Play one game of a study: what every backend's workers run.

A result is a JSON-safe dict, one line of the results file:

    index         the game's number in the study, 0 <= index < games
    seed          the deal seed (derived from the study seed and index)
    entrants      which entrant (index into the study's agents) sat in each seat
    agents        the agent spec in each seat
    agent_seeds   each seat's agent seed
    returns       per seat: 1 a win, 0 a loss, a shared win split
    scores        per seat, the game's own score
    length        the number of actions
    first         the seat that moved first
    labels        per-seat labels the game shows spectators (e.g. {"captains": [...]})
    record        the game record (`Record.to_dict(labels=False)`): replays to the same game
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from typing import Any

from drakkar.agents.spec import make_agent
from drakkar.engine.game import Game
from drakkar.engine.options import GameOptions
from drakkar.engine.record import Record
from drakkar.engine.state import State
from drakkar.sim import workers
from drakkar.sim.study import Study


def play_game(
    game: Game, study: Study, index: int, options: GameOptions | None = None
) -> dict[str, Any]:
    """Play game `index` of `study` to the end and return its result line.

    `options`: the study's options already built (building them from the dict costs more
    than a short game; `play_chunk` builds them once).
    """
    entrants = study.entrants(index)
    specs = tuple(study.agents[e] for e in entrants)
    agent_seeds = study.agent_seeds(index)
    seed = study.game_seed(index)
    opts = options if options is not None else game.options(study.options, study.players)
    state = game.new(study.players, seed, opts)
    agents = [make_agent(spec, game, s) for spec, s in zip(specs, agent_seeds, strict=True)]
    # A heuristic bot's `rollout_act` makes `act`'s move without building the seat's whole view
    # (the conformance suite checks the two agree): 3 to 4 times faster games of heuristic bots.
    moves = [getattr(agent, "rollout_act", agent.act) for agent in agents]
    limit = game.max_game_length(study.players, opts)
    first = state.current_player
    while not state.is_terminal():
        if len(state.history) >= limit:
            raise RuntimeError(f"game {index} passed {limit} actions without ending")
        player = state.current_player
        assert player is not None
        state.apply(moves[player](state, player))
    final = state.view(None)  # once: the labels and the ending both read it
    return {
        "index": index,
        "seed": seed,
        "entrants": list(entrants),
        "agents": list(specs),
        "agent_seeds": list(agent_seeds),
        "returns": [float(r) for r in state.returns()],
        "scores": [float(s) for s in state.scores()],
        "length": len(state.history),
        "first": first,
        "labels": seat_labels(state, final),
        "ended_by": ended_by(state, final),
        **rounds_played(final),
        "record": Record.from_state(state, specs).to_dict(labels=False),
    }


def ended_by(state: State, view: dict[str, Any] | None = None) -> str | None:
    """How the game ended, when its spectator view (`view`, if already built) says: a
    top-level `ended_by` text, the natural end or a safety limit such as a round limit."""
    value = (state.view(None) if view is None else view).get("ended_by")
    return value if isinstance(value, str) and value else None


#: the spectator view's counters of rounds a report can read, in the game's own word
ROUND_WORDS = ("round", "raid")


def rounds_played(view: dict[str, Any]) -> dict[str, Any]:
    """`{"rounds": N, "round_word": "raid"}` when the spectator view counts rounds (a
    top-level whole number `round`, or `raid` in Gone Viking!, where a raid is the round of
    play); else nothing. The report then gives lengths in rounds, as designers count them."""
    for word in ROUND_WORDS:
        value = view.get(word)
        if isinstance(value, int) and not isinstance(value, bool):
            return {"rounds": value, "round_word": word}
    return {}


def seat_labels(state: State, view: dict[str, Any] | None = None) -> dict[str, list[str]]:
    """Per-seat labels a spectator sees at the end (Villainous Vikings: each seat's captain).

    Generic: a top-level entry of `view(None)` holding one text per seat (`"captains": [...]`),
    or a text field of a top-level list holding one object per seat (`"players": [{"captain":
    ...}, ...]`, named by the field). The report keeps those that tell something the seat
    does not (see `analysis.Labels`).
    """
    view = state.view(None) if view is None else view
    n = state.num_players
    out: dict[str, list[str]] = {}
    for key, value in view.items():
        if not isinstance(value, list) or len(value) != n:
            continue
        if all(isinstance(v, str) and v for v in value):
            out[key] = list(value)
        elif all(isinstance(v, dict) for v in value):
            for field, first in value[0].items():
                if isinstance(first, str) and all(isinstance(v.get(field), str) for v in value):
                    name = field if field not in view and field not in out else f"{key}.{field}"
                    out[name] = [v[field] for v in value]
    return out


Chunk = tuple[list[tuple[int, str]], dict[str, Any] | None]


def _keep_in_worker(index: int, text: str) -> None:
    workers.keep(text)


def play_chunk(
    game: Game,
    study: Study,
    indices: list[int],
    options: GameOptions | None = None,
    keep: Callable[[int, str], None] = _keep_in_worker,
    started: Callable[[int | None], None] = workers.started,
) -> Chunk:
    """Play several games: their result lines as JSON text (written as they are), and the
    error of a game that failed, if one did (the chunk stops there). Each game is timed on its
    own (`started(index)`, then `started(None)`), so a game timeout does not grow with the
    chunk, and each line is kept as its game ends (`keep(index, text)`), so the games a stopped
    worker had finished are saved: by default in the process pool (`workers.started` and
    `workers.keep`); a Ray task passes its own (`ray_tasks.py`). `options`: the study's,
    already built (else built here)."""
    lines: list[tuple[int, str]] = []
    if options is None:
        options = game.options(study.options, study.players)
    try:
        for index in indices:
            started(index)
            try:
                result = play_game(game, study, index, options)
            except Exception as e:  # a bug in a game or agent: report it with its seed
                error = {
                    "index": index,
                    "seed": study.game_seed(index),
                    "error": f"{type(e).__name__}: {e}",
                    "traceback": traceback.format_exc(),
                }
                return lines, error
            text = json.dumps(result, separators=(",", ":"))
            keep(index, text)  # saved even if this worker is stopped before the chunk is sent
            lines.append((index, text))
    finally:
        started(None)  # sending the results, then waiting: on no game
    return lines, None
