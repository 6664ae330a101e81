"""What the Artifacts and the actions in play do, from a view: the terminal's `info` command.

The table (render.py) names the Artifacts in play by id; this gives each one's condition and
reward from the card data, then a reminder of a turn: reputation, Recruit, Explore, Trade, the
assets and the end. Everything here is public.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from drakkar.games.knarr.cards import ARTIFACTS, BOARD, REPUTATION_VP

_BY_ID = {a["id"]: a for a in ARTIFACTS}

TURN = (
    ("Reputation", "at the start of your turn, score what your reputation marker shows"),
    (
        "Recruit",
        "play a Viking from your hand onto its colour's column and gain every asset now "
        "visible in that column; then take the Viking in the board slot of the colour you "
        "played (or any slot, for a recruit token) and the slot is refilled",
    ),
    (
        "Explore",
        "pay a face-up Destination's cost with Vikings from your crew (a recruit token stands "
        "in for any one), place it above your ship and gain its assets",
    ),
    (
        "Trade",
        "once a turn, before or after the action: spend 1 to 3 bracelets to gain columns 1 to "
        "n of your ship and of every Destination above it",
    ),
    (
        "Assets",
        "VP: a point; BR: a bracelet (max 3); RC: a recruit token (max 3); REP: +1 reputation; "
        "CARD: the deck's top Viking into your crew, without its asset",
    ),
)


def _reputation() -> str:
    """'0-2: 0, 3-5: 1, ...': the points each stretch of the track scores."""
    spans: list[tuple[int, int, int]] = []
    for pos, vp in enumerate(REPUTATION_VP):
        if spans and spans[-1][2] == vp:
            spans[-1] = (spans[-1][0], pos, vp)
        else:
            spans.append((pos, pos, vp))
    return ", ".join(f"{a}-{b}: {vp}" if a != b else f"{a}: {vp}" for a, b, vp in spans)


def info(view: dict[str, Any], player: int | None) -> Group:
    """The Artifacts in play with their conditions and rewards, then how a turn goes."""
    parts: list[Any] = []
    if view.get("artifacts"):
        table = Table(title="Artifacts in play", title_justify="left", expand=True)
        table.add_column("Artifact", no_wrap=True)
        table.add_column("when", ratio=1)
        table.add_column("you get", ratio=1)
        for aid in view["artifacts"]:
            a = _BY_ID[aid]
            table.add_row(a["name"], a["condition"], a["reward"])
        parts.append(table)
    else:
        parts.append(Text("No Artifacts in this game (option artifacts)."))
    turn = Table.grid(padding=(0, 1))
    turn.add_column(no_wrap=True, style="bold")
    turn.add_column(ratio=1)
    for name, text in TURN:
        turn.add_row(name, text)
    turn.add_row("Track", f"reputation scores {_reputation()} a turn")
    turn.add_row(
        "End",
        f"when someone reaches {BOARD['end_score']} VP the round is played out; most VP wins, "
        "a tie goes to the most recruit tokens plus bracelets",
    )
    parts += [Text("A turn", style="bold underline"), turn]
    return Group(*parts)
