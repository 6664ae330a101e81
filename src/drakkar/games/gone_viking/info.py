"""What the Gods and the rules in play do, from a view: the terminal's `info` command.

The table (render.py) names the trump and the God in play; this says what they mean, which a
player otherwise has to remember: each God's trump effect, Raid Power and Home Power (the one
in play first), how a trick is won, and what the return home holds. Everything here is public.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from drakkar.games.gone_viking.cards import GOD_FACES, GOD_NAMES, SHIP_WEALTH, TYPE_NAMES
from drakkar.games.gone_viking.render import GOD_STYLE

#: each God: (when revealed, its Raid Power, its Home Power), as the rules page says
GOD_POWERS = {
    "Odin": (
        "its owner names any type as trump",
        "every play is exactly one card",
        "its owner takes 2 tokens from the supply",
    ),
    "Freya": (
        "if there is no trump, its owner names one",
        "every trick winner also takes a Coin (a Tree if none is left)",
        "every other player returns one token of their choice (not a Ship)",
    ),
    "Thor": (
        "trump becomes none",
        "no duty to follow and no trump: the highest play of any type wins",
        "its owner may build a Ship this raid from any 4 tokens (not Ships)",
    ),
    "Loki": (
        "no change to trump",
        "the lowest play wins: among trump plays if any, else among led-type plays",
        "its owner takes 1 token from the supply, or steals 1 (not a Ship) from another player",
    ),
}

TRICKS = (
    "A play is one or more cards of one type; its strength is their sum. Follow the led type if "
    "you hold it. The highest trump play wins, else the highest play of the led type (other "
    "types cannot win); a tie wins nothing and the same leader leads again. The winner takes a "
    "token of their play's type (a Tree if none is left) and leads. A God laid face down beside "
    "a play adds nothing; it comes into play after the trick, replacing the God in play, and "
    "its Raid Power starts with the next trick."
)


def _home(win_wealth: int) -> str:
    return (
        "When every hand is empty: the Home Power of the God in play; then, in turn, a Ship "
        "for 1 Book, 1 Coin, 1 Hammer and 1 Fist, or 4 Trees (one a raid); then the Jarl takes "
        "half the non-Ship tokens, rounded up, of the wealthiest player (a Ship counts "
        f"{SHIP_WEALTH}), who leads the next raid. Wealth {win_wealth} or more after the Jarl "
        "wins."
    )


def info(view: dict[str, Any], player: int | None) -> Group:
    """The Gods (the one in play first) and the rules a trick and a return home follow."""
    in_play = (view.get("god_in_play") or {}).get("god")
    gods = Table(title="The Gods (the one in play first)", title_justify="left", expand=True)
    gods.add_column("God", no_wrap=True)
    gods.add_column("plays as", no_wrap=True)
    gods.add_column("when revealed · Raid Power · Home Power", ratio=1)
    order = sorted(GOD_NAMES, key=lambda g: g != in_play)
    for name in order:
        type_, value = GOD_FACES[GOD_NAMES.index(name)]
        revealed, raid, home = GOD_POWERS[name]
        label = Text(name + (" (in play)" if name == in_play else ""), style=GOD_STYLE)
        gods.add_row(
            label, f"{TYPE_NAMES[type_]} {value}", f"{revealed} · raid: {raid} · home: {home}"
        )
    trump = view.get("trump") or "none"
    return Group(
        Text(f"Trump: {trump}."),
        gods,
        Text("Tricks: ", style="bold").append(TRICKS, style="not bold"),
        Text("Return home: ", style="bold").append(_home(view["win_wealth"]), style="not bold"),
    )
