"""The game log: events tagged with who may read them.

An event's `audience` is None when every seat and spectator may read it, else the tuple of
seats that may. States keep their log as an immutable linked list (`(event, older)`), so a
clone shares it safely in O(1) and appending never copies.
"""

from __future__ import annotations

from collections.abc import Iterable
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
