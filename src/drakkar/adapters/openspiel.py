"""OpenSpiel: every drakkar game as a pyspiel Python game.

    import pyspiel
    from drakkar.adapters.openspiel import register
    register()
    game = pyspiel.load_game("drakkar_gone_viking(players=4)")

`register()` registers each game as "drakkar_<name>" (dashes become underscores) with the
parameters `players`, `seed` (the stream of deals: each initial state is a new deal, drawn
from that seed when the state is first used, so a run can be repeated and cloning does not
shift it; -1: from the system's randomness), `deal` (-1: off;
otherwise every initial state is the one deal it makes, and the game is deterministic) and
every game option (lists as text separated by semicolons: `stack=9;8;7`). Chance is sampled-stochastic: the
shuffles and dice happen inside `apply_action`, drawn from the drakkar state's own RNG, so
there are no chance nodes. The information is imperfect; observations come from a py observer:
strings are the seat's `view` as JSON (the information state adds the log lines the seat has
read), tensors the game's encoder (`drakkar.adapters.encoding`). A state serialises as its
drakkar record (JSON: game, options, players, seed, actions).

`resampler(rng)` builds the callback OpenSpiel's Python `ISMCTSBot.set_resampler` wants, on the
game's own `redeterminize`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from drakkar.adapters.encoding import Encoder, encoder_for
from drakkar.agents.ismcts import leaders
from drakkar.engine.game import Game
from drakkar.engine.options import GameOptions
from drakkar.engine.record import Record
from drakkar.engine.registry import games as registered_games
from drakkar.engine.registry import load
from drakkar.engine.rng import Rng
from drakkar.engine.state import State

PREFIX = "drakkar_"
# OpenSpiel's game strings separate parameters with commas, so lists use semicolons.
LIST_SEPARATOR = ";"


def short_name(game: Game) -> str:
    return PREFIX + game.name.replace("-", "_")


def _param_default(value: Any) -> Any:
    # pyspiel parameters are bool, int, float or str; lists and None travel as text.
    if isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple):
        return LIST_SEPARATOR.join(str(v) for v in value)
    if value is None:
        return "none"
    raise TypeError(f"cannot pass option default {value!r} as an OpenSpiel parameter")


def _game_type(game: Game, seeded: bool = False) -> pyspiel.GameType:
    params = {"players": game.default_players, "seed": -1, "deal": -1}
    for opt in game.options_class.describe():
        params[opt["name"]] = _param_default(opt["default"])
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"drakkar {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.DETERMINISTIC
            if seeded
            else pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
        ),
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class SpielGame(pyspiel.Game):
    """A drakkar game seen by OpenSpiel; one subclass per drakkar game (see `register`)."""

    drakkar_game: Game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = self.drakkar_game
        params = dict(params or {})
        players = game.check_players(int(params.pop("players", game.default_players)))
        seed = int(params.pop("seed", -1))  # the stream of deals
        deal = int(params.pop("deal", -1))  # one fixed deal
        self.drakkar_options = game.options(
            {
                k: v.replace(LIST_SEPARATOR, ",") if isinstance(v, str) else v
                for k, v in params.items()
            },
            players,
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=game.max_game_length(players, self.drakkar_options),
        )
        game_type = _game_type(game, seeded=deal >= 0)
        super().__init__(
            game_type, info, {"players": players, "seed": seed, "deal": deal, **params}
        )
        self.encoder: Encoder = encoder_for(game).for_options(self.drakkar_options)
        self.deal = deal
        self._seeds = random.Random(seed if seed >= 0 else random.SystemRandom().getrandbits(64))

    def new_initial_state(self) -> SpielState:
        # Dealt on first use: OpenSpiel clones a Python state by making a new initial state and
        # replacing its `__dict__`, so most initial states are never looked at. Their seed is
        # drawn from the stream on first use too, or every clone would shift the deals to come.
        seed = self._seeds if self.deal < 0 else self.deal
        return SpielState(
            self, _Deal(self.drakkar_game, self.num_players(), seed, self.drakkar_options)
        )

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        return Observer(obs_type, self.encoder, self.num_players())

    def deserialize_state(self, text: str) -> SpielState:
        """A state from its drakkar record, or (one-deal games) from OpenSpiel's action list."""
        if not text.lstrip().startswith("{"):
            # OpenSpiel's own format, one action a line, used from C++ for one-deal games.
            if self.deal < 0:
                raise ValueError("an action list replays only a game loaded with a deal")
            state = self.new_initial_state()
            for line in text.split():
                state.apply_action(int(line))
            return state
        record = Record.loads(text)
        if record.game != self.drakkar_game.name:
            raise ValueError(f"a {record.game} record is not a {self.drakkar_game.name} state")
        if record.players != self.num_players():
            raise ValueError(
                f"a {record.players}-player record; this game has {self.num_players()}"
            )
        options = self.drakkar_game.options(record.options, record.players)
        state = SpielState(self, _Deal(self.drakkar_game, record.players, record.seed, options))
        for a in record.actions:  # through pyspiel, so that history() and move_number() hold
            state.apply_action(a)
        return state


class _Deal:
    """A game to deal when first needed, from its seed or from the next of a stream of seeds."""

    __slots__ = ("game", "players", "seed", "options")

    def __init__(
        self, game: Game, players: int, seed: int | random.Random, options: GameOptions
    ) -> None:
        self.game, self.players, self.seed, self.options = game, players, seed, options

    def __call__(self) -> State:
        seed = self.seed if isinstance(self.seed, int) else self.seed.getrandbits(63)
        return self.game.new(self.players, seed, self.options)


class _Held:
    """Holds the drakkar state; pickles as its record (OpenSpiel pickles a Python state's
    `__dict__` to serialise it), so a serialised state is a drakkar record replayed."""

    __slots__ = ("_state", "_deal", "strings", "strings_at")

    def __init__(self, state: State | _Deal) -> None:
        self.strings: dict[tuple[int, bool], str] = {}  # Observer's cache, for one history length
        self.strings_at = -1
        if isinstance(state, _Deal):
            self._state: State | None = None
            self._deal: _Deal | None = state
        else:
            self._state, self._deal = state, None

    @property
    def state(self) -> State:
        if self._state is None:
            assert self._deal is not None
            self._state, self._deal = self._deal(), None
        return self._state

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_replay, (Record.from_state(self.state).dumps(labels=False),))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        # OpenSpiel clones a Python state by deep-copying its `__dict__`: use the game's clone.
        return _Held(self.state.clone())


def _replay(record: str) -> _Held:
    return _Held(Record.loads(record).replay())


class SpielState(pyspiel.State):
    """Wraps a drakkar `State` (`.inner`); every call goes to it."""

    def __init__(self, game: SpielGame, inner: State | _Deal) -> None:
        super().__init__(game)
        self.held = _Held(inner)

    @property
    def inner(self) -> State:
        return self.held.state

    def current_player(self) -> int:
        seat = self.inner.current_player
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return self.inner.legal_actions() if player == self.inner.current_player else []

    def _apply_action(self, action: int) -> None:
        self.inner.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        last = self.inner.game.num_distinct_actions - 1
        if not 0 <= action <= last:  # -1 (pyspiel.INVALID_ACTION) read as the last action's label
            raise ValueError(f"action {action} is not an action: actions run from 0 to {last}")
        return self.inner.action_label(action)

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        return [float(r) for r in self.inner.returns()]

    def serialize(self) -> str:
        return Record.from_state(self.inner).dumps(labels=False)

    def __str__(self) -> str:
        return repr(self.inner.full_state())


class Observer:
    """The PyObserver protocol (open_spiel/python/observation.py) over drakkar views."""

    def __init__(
        self, obs_type: pyspiel.IIGObservationType, encoder: Encoder, num_players: int
    ) -> None:
        if obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not (
            obs_type.public_info
        ):
            raise ValueError("drakkar observers give one seat's own view (public and private)")
        self.perfect_recall = obs_type.perfect_recall
        self.encoder = encoder
        self.num_players = num_players
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = {name: self.tensor[s] for name, s in encoder.slices.items()}

    def set_from(self, state: SpielState, player: int) -> None:
        if self.perfect_recall:  # the game type says so: no information-state tensor
            raise NotImplementedError(
                "drakkar games give no information-state tensor (the observation tensor is not "
                "perfect recall); use information_state_string or observation_tensor"
            )
        self.tensor[:] = self.encoder.encode(state.inner.view(player), player, self.num_players)

    def string_from(self, state: SpielState, player: int) -> str:
        # Searches (OpenSpiel's IS-MCTS keys its nodes by these strings) ask for the same
        # state's string several times; a state's strings last until its next action.
        held = state.held
        key = (player, self.perfect_recall)
        if held.strings_at != len(held.state.history):
            held.strings, held.strings_at = {}, len(held.state.history)
        text = held.strings.get(key)
        if text is None:
            text = held.strings[key] = self._string(state.inner, player)
        return text

    def _string(self, inner: State, player: int) -> str:
        view = json.dumps(inner.view(player), sort_keys=True, separators=(",", ":"))
        if not self.perfect_recall:
            return view
        # The log lines a seat has read make its view a perfect-recall information state.
        return view + "\n" + "\n".join(inner.events_for(player))


def resampler(rng: random.Random | None = None) -> Callable[[SpielState, int], SpielState]:
    """The `ISMCTSBot.set_resampler` callback: a clone re-dealt by the game's `redeterminize`.

    The clone's RNG is reseeded too, so a search never sees the real future shuffles and dice.
    """
    rng = rng or random.Random()

    def resample(state: SpielState, player: int) -> SpielState:
        inner = state.inner.clone()
        inner.redeterminize(player, rng)
        inner.rng = Rng(rng.getrandbits(64))
        world = state.clone()  # a pyspiel clone keeps history() and move_number()
        world.held = _Held(inner)
        return world

    return resample


class RolloutEvaluator(mcts.Evaluator):
    """OpenSpiel's `RandomRolloutEvaluator` (one random roll-out, uniform priors), played on
    the drakkar state underneath instead of through pyspiel, which is 3 to 6 times faster.

    With `depth`, a roll-out stops after that many actions and the players ahead on `scores()`
    share the win: the same cut-off as drakkar's ISMCTS, so the two bots can be compared with
    the same roll-outs.
    """

    def __init__(self, depth: int = 0, rng: random.Random | None = None) -> None:
        if depth < 0:
            raise ValueError(f"depth must be 0 (play to the end) or more; got {depth}")
        self.depth = depth
        self.rng = rng or random.Random()

    def evaluate(self, state: SpielState) -> np.ndarray:
        world = state.inner.clone()
        rand = self.rng.random
        limit = self.depth or -1
        while limit != 0 and world.current_player is not None:
            legal = world.legal_actions()
            world.apply(legal[int(rand() * len(legal))])
            limit -= 1
        return np.array(leaders(world), dtype=np.float64)

    def prior(self, state: SpielState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


_registered: dict[str, type[SpielGame]] = {}


def register(game: Game | str | None = None) -> list[str]:
    """Register `game` (default: every game) with pyspiel; returns the short names. Idempotent."""
    todo = registered_games() if game is None else [game if isinstance(game, Game) else load(game)]
    names = []
    for g in todo:
        name = short_name(g)
        if name not in _registered:
            cls = type(f"Spiel_{name}", (SpielGame,), {"drakkar_game": g})
            pyspiel.register_game(_game_type(g), cls)
            _registered[name] = cls
        names.append(name)
    return names
