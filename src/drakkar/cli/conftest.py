"""Helpers for the terminal's tests."""

from __future__ import annotations

from collections.abc import Callable


def scripted(answers: list[str]) -> Callable[[str], str]:
    """A prompt that answers with `answers` in turn, then EOFError (the input ran out)."""
    it = iter(answers)

    def ask(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return ask
