"""The refusal every part of the server gives: a code for programs, a reason for people."""

from __future__ import annotations

from drakkar.engine.errors import DrakkarError


class PlayError(DrakkarError):
    """A request the server refuses; `code` is a short machine-readable reason."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
