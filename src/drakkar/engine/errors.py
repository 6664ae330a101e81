"""Errors a person can read. Each names what is wrong; none leaves anything half-changed."""


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
