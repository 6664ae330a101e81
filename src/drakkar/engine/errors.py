"""Errors a person can read. Each names what is wrong; none leaves anything half-changed."""

from typing import Any


def shown(value: Any) -> str:
    """`value` as an error quotes it: its repr, at most 60 characters, not a page of input
    back. A huge whole number is described (Python will not write one of over 4,300 digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 190:
        return f"{'-' if value < 0 else ''}a whole number of {value.bit_length()} bits"
    if isinstance(value, str) and len(value) > 60:
        return repr(value[:57] + "...")
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class DrakkarError(Exception):
    """Base of every error drakkar raises on purpose."""


class IllegalAction(DrakkarError):
    """An action that is not legal now. The state is left exactly as it was."""


class InvalidOptions(DrakkarError):
    """A bad option or player count; the message names the option."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(f"option {option!r}: {message}")
        self.option = option
        self.message = message  # without the option's name, for a caller that names it


class InvalidRecord(DrakkarError):
    """A malformed or tampered game record; the message names the first bad entry."""


class UnknownGame(DrakkarError):
    """No game is registered under that name."""
