"""Game records: the save file, the replay and the bug report.

A record is JSON: {"format": "drakkar-record", "game", "rules_version", "options", "players",
"seed", "actions", "format_version"?, "seats"?, "meta"?, "labels"?}, and no other field. The
same game, options, seed and actions always give the same game. `Record.loads` checks the shape and `replay` checks every action; either names
the first bad entry and returns nothing half-built.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drakkar.engine.errors import DrakkarError, IllegalAction, InvalidRecord, shown
from drakkar.engine.options import WHOLE_BITS

if TYPE_CHECKING:
    from drakkar.engine.game import Game
    from drakkar.engine.state import State

FORMAT = "drakkar-record"
FORMAT_VERSION = 1
#: how an error names each kind of field a record must have
KIND_WORDS = {str: "text", int: "a whole number", dict: "an object", list: "a list"}
# the fields every record has, and their JSON types
REQUIRED = (
    ("game", str),
    ("rules_version", str),
    ("options", dict),
    ("players", int),
    ("seed", int),
    ("actions", list),
)
#: every field a record may have: another is refused, not ignored (a misspelt "lables" would
#: leave the labels unchecked)
FIELDS = ("format", "format_version", *(k for k, _ in REQUIRED), "seats", "meta", "labels")


@dataclass(frozen=True)
class Record:
    game: str
    rules_version: str
    options: dict[str, Any]
    players: int
    seed: int
    actions: tuple[int, ...]
    seats: tuple[str, ...] = ()  # who sat where (agent specs or "human"); informational
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_state(cls, state: State, seats: tuple[str, ...] = (), **meta: Any) -> Record:
        return cls(
            game=state.game.name,
            rules_version=state.game.rules_version,
            options=state.options.to_dict(),
            players=state.num_players,
            seed=state.seed,
            actions=tuple(state.history),
            seats=tuple(seats),
            meta=dict(meta),
        )

    def to_dict(self, labels: bool | list[str] = True) -> dict[str, Any]:
        """JSON-safe; `labels` True computes them by replay, a list gives them ready-made."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "players": self.players,
            "seed": self.seed,
            "actions": list(self.actions),
        }
        if self.seats:
            out["seats"] = list(self.seats)
        if self.meta:
            out["meta"] = self.meta
        if labels is True:
            out["labels"] = self.labels()
        elif labels:
            out["labels"] = list(labels)
        return out

    def labels(self) -> list[str]:
        """Each action's label, for people reading the file (checked on load when present)."""
        state = self.new_state()
        out = []
        for a in self.actions:
            out.append(state.action_label(a))
            state.apply(a)
        return out

    def dumps(self, labels: bool | list[str] = True) -> str:
        return json.dumps(self.to_dict(labels), indent=1)

    def save(self, path: str | os.PathLike[str], labels: bool | list[str] = True) -> None:
        """Write atomically: a crash mid-write leaves the previous file intact."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w") as fh:
                fh.write(self.dumps(labels))
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as e:
            raise InvalidRecord(f"cannot read record {shown(str(path))}: {e.strerror}") from None
        except UnicodeDecodeError:
            raise InvalidRecord(f"record {shown(str(path))} is not text (UTF-8)") from None
        except ValueError as e:  # a path no file can have (a NUL byte)
            raise InvalidRecord(f"cannot read record {shown(str(path))}: {e}") from None
        return cls.loads(text)

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise InvalidRecord(f"not JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None
        except (ValueError, RecursionError) as e:  # a number too long, or nesting too deep
            raise InvalidRecord(f"not a JSON record this drakkar reads: {e}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """Check the shape and the game, options and actions; raise on the first bad entry."""
        game = _check_fields(data)
        seats = data.get("seats", [])
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise InvalidRecord("'seats' must be a list of strings")
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise InvalidRecord("'meta' must be an object")
        try:
            game.options(data["options"], game.check_players(data["players"]))
        except DrakkarError as e:
            raise InvalidRecord(f"'options' or 'players': {e}") from None
        if seats and len(seats) != data["players"]:
            raise InvalidRecord(f"'seats' names {len(seats)} seats for {data['players']} players")
        record = cls(
            game.name,
            data["rules_version"],
            data["options"],
            data["players"],
            data["seed"],
            tuple(data["actions"]),
            tuple(seats),
            meta,
        )
        labels = data.get("labels")
        if labels is not None and (
            not isinstance(labels, list) or len(labels) != len(record.actions)
        ):
            raise InvalidRecord("'labels' must list one label per action")
        record._check_replay(labels)
        return record

    def _check_replay(self, labels: list[Any] | None) -> None:
        """One replay checks every action and, when given, every label beside it.

        A label that names another legal move there means the action was edited; one that
        names no move is the wording of an older drakkar (labels may be reworded without a
        new rules version), and the action stands."""
        state = self.new_state()
        for i, a in enumerate(self.actions):
            in_range = 0 <= a < state.game.num_distinct_actions
            label = state.action_label(a) if labels is not None and in_range else None
            other, written = None, labels[i] if labels is not None else None
            if written is not None and written != label:
                other = next(
                    (b for b in state.legal_actions() if state.action_label(b) == written), None
                )
            try:
                state.apply(a)
            except IllegalAction as e:
                raise InvalidRecord(f"'actions'[{i}] = {shown(a)}: {e}") from None
            if other is not None:
                raise InvalidRecord(
                    f"'labels'[{i}] is {shown(written)}, which is action {other}, but the action "
                    f"is {shown(a)} ({label!r}): the record was altered"
                )

    def new_state(self) -> State:
        from drakkar.engine.registry import load

        return load(self.game).new(self.players, self.seed, self.options)

    def replay(self, upto: int | None = None) -> State:
        """The state after the first `upto` actions (all by default)."""
        state = self.new_state()
        for i, a in enumerate(self.actions[:upto]):
            try:
                state.apply(a)
            except IllegalAction as e:
                raise InvalidRecord(f"'actions'[{i}] = {shown(a)}: {e}") from None
        return state


def _check_fields(data: Any) -> Game:
    """The record's format, its required fields and their types, its game and rules version,
    and its actions' type; the game it names."""
    from drakkar.engine.registry import load

    if not isinstance(data, dict):
        raise InvalidRecord("a record is a JSON object")
    if data.get("format", FORMAT) != FORMAT:
        raise InvalidRecord(f"'format' is {shown(data.get('format'))}, expected {FORMAT!r}")
    version = data.get("format_version", FORMAT_VERSION)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise InvalidRecord(f"'format_version' must be a whole number from 1, got {shown(version)}")
    if version > FORMAT_VERSION:
        raise InvalidRecord(
            f"'format_version' is {shown(version)}: the record was written by a newer drakkar "
            f"(this one reads format {FORMAT_VERSION})"
        )
    unknown = [k for k in data if k not in FIELDS]
    if unknown:
        raise InvalidRecord(
            f"no field {shown(unknown[0])} in a record; fields: {', '.join(FIELDS)}"
        )
    for key, kind in REQUIRED:
        if key not in data:
            raise InvalidRecord(f"missing {key!r}")
        value = data[key]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise InvalidRecord(f"{key!r} must be {KIND_WORDS[kind]}, got {shown(value)}")
    try:
        game = load(data["game"])
    except DrakkarError as e:
        raise InvalidRecord(f"'game': {e}") from None
    if data["rules_version"] != game.rules_version:
        raise InvalidRecord(
            f"'rules_version' is {shown(data['rules_version'])}; this drakkar plays "
            f"{game.title} rules version {game.rules_version!r}"
        )
    if data["seed"] < 0 or data["seed"].bit_length() > WHOLE_BITS:  # (the stream reads no more)
        raise InvalidRecord(
            f"'seed' must be a whole number from 0 to 2**{WHOLE_BITS} - 1, got {shown(data['seed'])}"
        )
    for i, a in enumerate(data["actions"]):
        if isinstance(a, bool) or not isinstance(a, int):
            raise InvalidRecord(f"'actions'[{i}] must be a whole number, got {shown(a)}")
    return game
