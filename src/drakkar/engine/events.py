"""The game log: events tagged with who may read them.

An event's `audience` is None when every seat and spectator may read it, else the tuple of
seats that may. States keep their log as an immutable linked list (`(event, older)`), so a
clone shares it safely in O(1) and appending never copies.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

PUBLIC = None


class Event(NamedTuple):
    audience: tuple[int, ...] | None
    text: str

    def visible_to(self, player: int | None) -> bool:
        """True when `player` (None: a spectator) may read this event."""
        return self.audience is None or (player is not None and player in self.audience)


Log = tuple[Event, "Log"] | None


def log_to_list(log: Log) -> list[Event]:
    out: list[Event] = []
    while log is not None:
        out.append(log[0])
        log = log[1]
    out.reverse()
    return out


def spoken(items: Iterable[str]) -> str:
    """A list as a log line says it: "a", "a and b", "a, b and c"."""
    words = list(items)
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def verdict(winners: Sequence[str], score: str, tied: Sequence[str] = (), why: str = "") -> str:
    """The line that ends a game: "player 2 wins with 40 VP", "a and b share the win with 9
    Gold", and when others had the same score, ", tied with c, <why>" (the tie-break)."""
    line = f"{spoken(winners)} {'wins' if len(winners) == 1 else 'share the win'} with {score}"
    return f"{line}, tied with {spoken(tied)}, {why}" if tied else line
