"""A study: which game, how many players, which agents, how many games, which seed.

Game `i` of a study is fixed by the study alone: its seat rotation, its deal seed and each
seat's agent seed are derived from the study seed and `i` (never from the worker that plays
it), so any backend and any number of workers give the same results.

Seats rotate: the study's agents are its *entrants* 0..P-1; game `i` seats entrant
`(s + i) % P` in seat `s`, so every P consecutive games put every entrant in every seat once.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from drakkar.agents.spec import make_agent
from drakkar.engine.errors import DrakkarError, InvalidOptions
from drakkar.engine.game import Game
from drakkar.engine.options import whole_number
from drakkar.engine.registry import load

FORMAT = "drakkar-study"
FORMAT_VERSION = 1
STUDY_FILE = "study.json"
RESULTS_FILE = "results.jsonl"


class StudyError(DrakkarError):
    """A study that cannot run or resume: the message says what is wrong."""


def split_agents(values: list[str] | str | None) -> list[str]:
    """Agent specs from `--agents` values: comma-separated, repeatable, `spec*K` repeats.

    A spec's own parameters also use commas (`ismcts:iterations=100,c=1.4`): a piece holding
    `=` but no `:` continues the spec before it.
    """
    if values is None:
        return []
    if isinstance(values, str):
        values = [values]
    specs: list[str] = []
    for value in values:
        for piece in (p.strip() for p in value.split(",")):
            if not piece:
                raise InvalidOptions("agents", f"empty agent spec in {value!r}")
            if "=" in piece and ":" not in piece:
                if not specs:
                    raise InvalidOptions("agents", f"{piece!r} is a parameter with no agent")
                specs[-1] += "," + piece
                continue
            spec, star, count = piece.rpartition("*")
            k = whole_number(count)
            if star and k is not None and spec.strip():
                if k < 1:
                    raise InvalidOptions("agents", f"{piece!r}: a count must be at least 1")
                specs.extend([spec.strip()] * k)
            else:
                specs.append(piece)
    return specs


def derive_seed(seed: int, index: int, purpose: str) -> int:
    """A 63-bit seed for `purpose` in game `index`: the same on every machine and Python."""
    digest = hashlib.blake2b(f"{seed}:{index}:{purpose}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True)
class Study:
    game: str
    players: int
    agents: tuple[str, ...]  # one spec per entrant; len == players
    games: int  # a multiple of players, so seats are balanced
    seed: int
    options: dict[str, Any] = dataclasses.field(default_factory=dict)  # every option, validated
    rules_version: str = ""

    @classmethod
    def make(
        cls,
        game: str | Game,
        games: int,
        players: int | None = None,
        agents: list[str] | tuple[str, ...] | None = None,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> Study:
        """Check everything a study needs before anything runs; raise naming what is wrong.

        No agents: the game's heuristic bot against random ones when it has one, else all
        random. One agent: it takes every seat. Otherwise one agent per seat.
        """
        g = game if isinstance(game, Game) else load(game)
        specs = list(agents or [])
        if players is None:
            players = len(specs) if len(specs) > 1 else g.default_players
        n = g.check_players(players)
        if not specs:
            specs = ["heuristic"] + ["random"] * (n - 1) if _has_heuristic(g) else ["random"]
        if len(specs) == 1:
            specs = specs * n
        if len(specs) != n:
            raise InvalidOptions(
                "agents",
                f"{len(specs)} agents for {n} players: give one agent per seat, or one for all",
            )
        for spec in dict.fromkeys(specs):
            make_agent(spec, g, 0)  # an unknown agent or parameter raises here, naming it
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise InvalidOptions("games", f"expected a whole number of games >= 1, got {games!r}")
        if games % n:
            raise InvalidOptions(
                "games", f"{games} is not a multiple of {n} players: seats would not be balanced"
            )
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidOptions("seed", f"expected a whole number, got {seed!r}")
        opts = g.options(options, n).to_dict()
        return cls(g.name, n, tuple(specs), games, seed, opts, g.rules_version)

    # -- game i ------------------------------------------------------------------------------

    def entrants(self, index: int) -> tuple[int, ...]:
        """Which entrant sits in each seat in game `index`."""
        p = self.players
        return tuple((s + index) % p for s in range(p))

    def game_seed(self, index: int) -> int:
        return derive_seed(self.seed, index, "deal")

    def agent_seeds(self, index: int) -> tuple[int, ...]:
        return tuple(derive_seed(self.seed, index, f"seat{s}") for s in range(self.players))

    # -- the study file ----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "agents": list(self.agents),
            "games": self.games,
            "seed": self.seed,
            "options": self.options,
        }

    @classmethod
    def from_dict(cls, data: Any, where: str = STUDY_FILE) -> Study:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise StudyError(f"{where} is not a drakkar study file")
        for key in ("game", "rules_version", "players", "agents", "games", "seed", "options"):
            if key not in data:
                raise StudyError(f"{where} is damaged: it lacks {key!r}")
        try:
            _check_fields(data)
        except ValueError as e:
            raise StudyError(f"{where} is damaged: {e}") from None
        return cls(
            game=str(data["game"]),
            players=data["players"],
            agents=tuple(data["agents"]),
            games=data["games"],
            seed=data["seed"],
            options=dict(data["options"]),
            rules_version=str(data["rules_version"]),
        )

    def save(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        tmp = directory / f".{STUDY_FILE}.tmp"
        tmp.write_text(json.dumps(self.to_dict(), indent=1) + "\n")
        tmp.replace(directory / STUDY_FILE)

    @classmethod
    def load(cls, directory: Path) -> Study:
        path = Path(directory) / STUDY_FILE
        if not Path(directory).is_dir():
            raise StudyError(f"{str(directory)!r} is not a directory")
        if not path.is_file():
            raise StudyError(f"{str(directory)!r} holds no study ({STUDY_FILE} is missing)")
        try:
            data = json.loads(path.read_text())
        except (OSError, json.JSONDecodeError) as e:
            raise StudyError(f"cannot read {path}: {e}") from None
        return cls.from_dict(data, str(path))

    def differences(self, other: Study) -> list[str]:
        """What differs between two studies, in words ('players: 4 here, 3 in the study')."""
        out = []
        mine, theirs = self.to_dict(), other.to_dict()
        for key in mine:
            if mine[key] != theirs.get(key):
                out.append(f"{key}: {theirs.get(key)!r} in the study, {mine[key]!r} asked now")
        return out


def _check_fields(data: dict[str, Any]) -> None:
    """The numbers and lists every game of the study is derived from (a hand edit gave an
    IndexError in `drakkar report`): ValueError naming the field."""
    for key in ("players", "games", "seed"):
        if isinstance(data[key], bool) or not isinstance(data[key], int):
            raise ValueError(f"{key}: {data[key]!r} is not a whole number")
    players, games, agents = data["players"], data["games"], data["agents"]
    if players < 1:
        raise ValueError(f"players: {players}")
    if not isinstance(agents, list) or not all(isinstance(a, str) for a in agents):
        raise ValueError(f"agents: {agents!r} is not a list of agent specs")
    if len(agents) != players:
        raise ValueError(f"agents: {len(agents)} agents for {players} players")
    if games < 1 or games % players:
        raise ValueError(f"games: {games} is not a positive multiple of {players} players")
    if not isinstance(data["options"], dict):
        raise ValueError(f"options: {data['options']!r} is not an object")


def _has_heuristic(game: Game) -> bool:
    try:
        game.heuristic_agent(0)
    except NotImplementedError:
        return False
    return True
