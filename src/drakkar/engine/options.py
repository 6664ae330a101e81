"""Game options: a frozen dataclass per game, with defaults, help, choices and validation.

A game declares its options as

    @dataclass(frozen=True)
    class Options(GameOptions):
        sinking: str = option("out", "what sinking costs", choices=("out", "lose-raid"))

`Options.from_mapping({"sinking": "lose-raid"})` coerces strings (as typed on a command line)
to each field's type and raises `InvalidOptions` naming the first bad option. Tuples of strings
are written comma-separated on the command line ("Coins 7,Loki"). A choice is read in any case
and kept as the game spells it ("LOSE-RAID" is "lose-raid").
"""

from __future__ import annotations

import dataclasses
import operator
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Self

from drakkar.engine.errors import InvalidOptions, shown


def check_stack(name: str, stack: Sequence[Any], deck: Sequence[Any]) -> None:
    """Refuse, as option `name`, a stacked card that `deck` does not hold, or one named more
    times than it holds (a toy's stack; each real game checks its own by its cards' names)."""
    for card in dict.fromkeys(stack):
        if card not in deck:
            cards = ", ".join(map(str, dict.fromkeys(deck)))
            raise InvalidOptions(name, f"no card {shown(card)} (cards: {cards})")
        if stack.count(card) > deck.count(card):
            raise InvalidOptions(
                name,
                f"card {shown(card)} named {stack.count(card)} times but the deck holds "
                f"{deck.count(card)}",
            )


def option(
    default: Any, help: str, *, choices: tuple[Any, ...] | None = None, local: bool = False
) -> Any:
    """A dataclass field with a help text and, optionally, the values it may take. `local`: it
    reads the machine's files, so a server takes it only from where it runs, not a request."""
    meta = {"help": help, "choices": choices, "local": local}
    if isinstance(default, list | dict | set):
        raise TypeError("option defaults must be immutable; use a tuple")
    return dataclasses.field(default=default, metadata=meta)


@dataclasses.dataclass(frozen=True)
class GameOptions:
    """Base of every game's options. Subclasses add fields made with `option()`."""

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """Each option's name, type, default, choices and help, for `drakkar games`."""
        hints = _hints(cls)
        return [
            {
                "name": f.name,
                "type": _type_name(hints[f.name]),
                "default": f.default,
                "choices": f.metadata.get("choices"),
                "help": f.metadata.get("help", ""),
                "local": f.metadata.get("local", False),
            }
            for f in dataclasses.fields(cls)
        ]

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any] | None, num_players: int | None = None) -> Self:
        """Build and validate options from a mapping of names to values (strings allowed)."""
        if values is not None and not isinstance(values, Mapping):
            raise InvalidOptions(
                "options", f"expected a mapping of option names to values, got {shown(values)}"
            )
        values = dict(values or {})
        fields = {f.name: f for f in dataclasses.fields(cls)}
        hints = _hints(cls) if values else {}
        kwargs: dict[str, Any] = {}
        for name, raw in values.items():
            if not isinstance(name, str):
                raise InvalidOptions("options", f"an option's name is text, not {shown(name)}")
            key = name.replace("-", "_")
            if key not in fields:
                known = ", ".join(sorted(fields)) or "none"
                raise InvalidOptions(name, f"no such option (options: {known})")
            kwargs[key] = _spelt(fields[key], _coerce(name, raw, hints[key]))
        opts = cls(**kwargs)
        opts.check(num_players)
        return opts

    def check(self, num_players: int | None = None) -> None:
        """Check types (options made by hand are not coerced), choices, then the game's own
        `validate`."""
        hints = _hints(type(self))
        for f in dataclasses.fields(self):
            choices = f.metadata.get("choices")
            value = getattr(self, f.name)
            if isinstance(value, int) and not isinstance(value, bool):
                _fits(f.name, value)
            if not _is_a(value, hints[f.name]):
                raise InvalidOptions(
                    f.name, f"expected {_kind_words(hints[f.name])}, got {shown(value)}"
                )
            if choices is not None and value not in choices:
                allowed = ", ".join(str(c) for c in choices)
                raise InvalidOptions(f.name, f"{shown(value)} is not one of: {allowed}")
        self.validate(num_players)

    def validate(self, num_players: int | None) -> None:
        """Override to check values that depend on each other or on the player count."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe, for records; tuples become lists."""
        return {
            f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v
            for f in dataclasses.fields(self)
        }

    def changed(self) -> dict[str, Any]:
        """Only the options that differ from their defaults."""
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != f.default
        }


def whole_number(text: str, digits: int = 9) -> int | None:
    """The number `text` spells in at most `digits` ASCII digits, else None. (`str.isdigit()`
    alone also passes "²", which `int()` refuses, and numbers too long for `int()` to read.)"""
    text = text.strip()
    if text.isascii() and text.isdigit() and len(text) <= digits:
        return int(text)
    return None


def as_whole(value: Any) -> int | None:
    """`value` as an int when it is an integer of any type (NumPy's too), else None; a bool is
    not one (True is no player count and no action)."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


#: the most bits a player count, a seed or a whole-number option may have: the random stream
#: reads 64 of a seed, and a record must hold the number (Python writes none over 4,300 digits)
WHOLE_BITS = 64


def whole_number_of(name: str, value: Any) -> int:
    """`value` as an int (`as_whole`) of at most 64 bits, else InvalidOptions naming `name`."""
    n = as_whole(value)
    if n is None:
        raise InvalidOptions(name, f"expected a whole number, got {shown(value)}")
    return _fits(name, n)


def _fits(name: str, n: int) -> int:
    if n.bit_length() > WHOLE_BITS:
        raise InvalidOptions(
            name, f"expected a whole number of at most {WHOLE_BITS} bits, got {shown(n)}"
        )
    return n


def _spelt(f: dataclasses.Field[Any], value: Any) -> Any:
    """A text `value` as its field's choice spells it, when they differ only in case ("Advanced"
    is "advanced", as a game's name is read in any case); anything else as it is."""
    choices = f.metadata.get("choices") or ()
    if isinstance(value, str) and value not in choices:
        return next(
            (c for c in choices if isinstance(c, str) and c.lower() == value.lower()), value
        )
    return value


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """A class's resolved annotations; `get_type_hints` costs ~0.4 ms, so once per class."""
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _type_name(tp: Any) -> str:
    if typing.get_origin(tp) is tuple:
        return "list"
    if typing.get_origin(tp) in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        return " or ".join(_type_name(a) for a in typing.get_args(tp))
    return getattr(tp, "__name__", str(tp))


def _is_a(value: Any, tp: Any) -> bool:
    """`value` is of the option type `tp` (as `_coerce` makes them; a bool is no number)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is not None and type(None) in args:  # Optional[X]
        return value is None or any(_is_a(value, a) for a in args if a is not type(None))
    if origin is tuple:
        return isinstance(value, tuple) and all(_is_a(v, args[0] if args else str) for v in value)
    if tp is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if tp is int:  # a Python int (a record writes no NumPy one) of at most 64 bits
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and value.bit_length() <= WHOLE_BITS
        )
    if tp in (str, bool):
        return isinstance(value, tp)
    return True


def _kind_words(tp: Any) -> str:
    if typing.get_origin(tp) is tuple:
        return f"a tuple of {_kind_words(typing.get_args(tp)[0])}"
    words = {int: "a whole number", float: "a number", str: "text", bool: "true or false"}
    return words.get(tp, _type_name(tp))


def _coerce(name: str, raw: Any, tp: Any) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is not None and type(None) in args:  # Optional[X]
        if raw is None or (isinstance(raw, str) and raw.lower() in ("", "none", "null")):
            return None
        present = [a for a in args if a is not type(None)]
        return _coerce(name, raw, present[0])
    if origin is tuple:
        inner = args[0] if args else str
        if isinstance(raw, str):
            items: list[Any] = [s.strip() for s in raw.split(",") if s.strip()]
        elif isinstance(raw, list | tuple):
            items = list(raw)
        else:
            raise InvalidOptions(name, f"expected a list, got {shown(raw)}")
        return tuple(_coerce(name, item, inner) for item in items)
    if tp is bool:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.lower() in ("true", "yes", "on", "1"):
            return True
        if isinstance(raw, str) and raw.lower() in ("false", "no", "off", "0"):
            return False
        raise InvalidOptions(name, f"expected true or false, got {shown(raw)}")
    if tp is int:
        if isinstance(raw, bool):
            raise InvalidOptions(name, f"expected a whole number, got {shown(raw)}")
        if isinstance(raw, int):
            return _fits(name, raw)
        try:
            return _fits(name, int(str(raw).strip()))
        except ValueError:
            raise InvalidOptions(name, f"expected a whole number, got {shown(raw)}") from None
    if tp is float:
        try:
            return float(raw)
        except (TypeError, ValueError, OverflowError):  # (OverflowError: an int past 1e308)
            raise InvalidOptions(name, f"expected a number, got {shown(raw)}") from None
    if tp is str:
        if not isinstance(raw, str):
            raise InvalidOptions(name, f"expected text, got {shown(raw)}")
        return raw
    raise InvalidOptions(name, f"cannot read a value of type {tp!r}")
