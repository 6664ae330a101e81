"""Knarr's components, read from `data/*.toml` and checked, as flat tables of ints.

Vikings are ints 0..49 (printed ids V01..V50), Destinations ints 0..34 (A01..A20, B21..B35).
A Viking's *kind* is `colour * 4 + asset` (20 kinds): two Vikings of one kind are alike in play.
A gain is a 5-tuple (VP, BR, RC, REP, CARD). A bad data file raises `CardDataError` naming the
file, the card and the field.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"

COLOURS = ("red", "yellow", "green", "blue", "purple")  # also the board slots, left to right
ASSETS = ("VP", "BR", "RC", "REP", "CARD")  # Vikings carry only the first four
ASSET_WORDS = ("VP", "bracelet", "recruit", "reputation", "card")
VP, BR, RC, REP, CARD = range(5)
NO_GAIN = (0, 0, 0, 0, 0)

# cost kinds of a Destination
COLOURED, DIFFERENT, SAME = 0, 1, 2


class CardDataError(ValueError):
    """A data file that does not describe Knarr's cards."""


@dataclass(frozen=True)
class Destination:
    index: int  # 0..34
    id: str  # "A07", "B31"
    deck: int  # 0 = A (Trading Lands), 1 = B (Lands of Influence)
    cost_kind: int  # COLOURED, DIFFERENT or SAME
    need: tuple[int, ...]  # COLOURED: Vikings per colour; else (count,)
    immediate: tuple[int, ...]  # a gain
    trade: tuple[tuple[int, ...], ...]  # the gain of columns 1..n, cumulative: trade[n-1]

    @property
    def size(self) -> int:
        return sum(self.need)

    def cost_text(self) -> str:
        if self.cost_kind == DIFFERENT:
            return f"{self.need[0]} of different colours"
        if self.cost_kind == SAME:
            return f"{self.need[0]} of one colour"
        if self.need == (1, 1, 1, 1, 1):
            return "1 of each colour"
        order = sorted(
            (-n, c) for c, n in enumerate(self.need) if n
        )  # most first: "3 purple 2 red"
        return " ".join(f"{-n} {COLOURS[c]}" for n, c in order)


def _fail(file: str, card: str, field: str, why: str) -> CardDataError:
    return CardDataError(f"{file}: card {card}: field {field!r}: {why}")


def _read(name: str) -> dict[str, Any]:
    with open(DATA / name, "rb") as f:
        return tomllib.load(f)


def load_vikings(raw: dict[str, Any], file: str = "vikings.toml") -> list[tuple[int, int, int]]:
    """(colour, asset, smallest player count) for V01..V50, checked against the 30/40/50 rule."""
    out: list[tuple[int, int, int]] = []
    for i, row in enumerate(raw.get("viking", [])):
        card = f"row {i + 1}"
        for key in ("colour", "asset", "players", "copies"):
            if key not in row:
                raise _fail(file, card, key, "missing")
        if row["colour"] not in COLOURS:
            raise _fail(file, card, "colour", f"{row['colour']!r} is not one of {COLOURS}")
        if row["asset"] not in ASSETS[:4]:
            raise _fail(file, card, "asset", f"{row['asset']!r} is not one of {ASSETS[:4]}")
        if row["players"] not in (2, 3, 4):
            raise _fail(file, card, "players", f"{row['players']!r} is not 2, 3 or 4")
        if not isinstance(row["copies"], int) or row["copies"] < 1:
            raise _fail(file, card, "copies", f"{row['copies']!r} is not a positive count")
        colour, asset = COLOURS.index(row["colour"]), ASSETS.index(row["asset"])
        out.extend((colour, asset, row["players"]) for _ in range(row["copies"]))
    for n, total in ((2, 30), (3, 40), (4, 50)):
        for c in range(5):
            got = sum(1 for v in out if v[0] == c and v[2] <= n)
            if got != total // 5:
                raise _fail(
                    file, COLOURS[c], "copies", f"{got} cards with {n} players, not {total // 5}"
                )
    return out


def _gain(value: Any, file: str, card: str, field: str) -> tuple[int, ...]:
    """A gain from `{VP = 5, RC = 1}` or from an asset code ("" for nothing)."""
    if isinstance(value, str):
        value = {value: 1} if value else {}
    if not isinstance(value, dict):
        raise _fail(file, card, field, f"expected a table of assets, got {value!r}")
    gain = [0] * 5
    for key, n in value.items():
        if key not in ASSETS:
            raise _fail(file, card, field, f"unknown asset {key!r} (assets: {', '.join(ASSETS)})")
        if not isinstance(n, int) or n < 1:
            raise _fail(file, card, field, f"{key} = {n!r} is not a positive count")
        gain[ASSETS.index(key)] += n
    return tuple(gain)


def _cost(value: Any, file: str, card: str) -> tuple[int, tuple[int, ...]]:
    if not isinstance(value, dict) or not value:
        raise _fail(file, card, "cost", f"expected a table, got {value!r}")
    if set(value) == {"different"} or set(value) == {"same"}:
        kind = DIFFERENT if "different" in value else SAME
        n = next(iter(value.values()))
        if not isinstance(n, int) or not 1 <= n <= 5:
            raise _fail(file, card, "cost", f"{n!r} is not a count of 1 to 5")
        return kind, (n,)
    need = [0] * 5
    for key, n in value.items():
        if key not in COLOURS:
            raise _fail(file, card, "cost", f"{key!r} is not a colour, 'different' or 'same'")
        if not isinstance(n, int) or n < 1:
            raise _fail(file, card, "cost", f"{key} = {n!r} is not a positive count")
        need[COLOURS.index(key)] = n
    return COLOURED, tuple(need)


def load_destinations(raw: dict[str, Any], file: str = "destinations.toml") -> list[Destination]:
    out: list[Destination] = []
    for i, row in enumerate(raw.get("destination", [])):
        want = ("A" if i < 20 else "B") + f"{i + 1:02d}"
        card = str(row.get("id", f"row {i + 1}"))
        if row.get("id") != want:
            raise _fail(file, card, "id", f"expected {want!r} (A01..A20 then B21..B35)")
        for key in ("cost", "immediate", "trade"):
            if key not in row:
                raise _fail(file, card, key, "missing")
        kind, need = _cost(row["cost"], file, card)
        trade = row["trade"]
        if not isinstance(trade, list) or len(trade) != 3:
            raise _fail(file, card, "trade", "expected three columns")
        cols = [_gain(t, file, card, "trade") for t in trade]
        cumulative = tuple(
            tuple(sum(col[k] for col in cols[:n]) for k in range(5)) for n in (1, 2, 3)
        )
        imm = _gain(row["immediate"], file, card, "immediate")
        out.append(Destination(i, want, 0 if i < 20 else 1, kind, need, imm, cumulative))
    if len(out) != 35:
        raise CardDataError(f"{file}: {len(out)} destinations, expected 35")
    return out


def load_board(raw: dict[str, Any], file: str = "board.toml") -> dict[str, Any]:
    rep = raw.get("reputation_vp")
    if not isinstance(rep, list) or len(rep) != 15:
        raise _fail(file, "board", "reputation_vp", "expected 15 values (positions 0..14)")
    ships = {}
    for side in ("normal", "advanced"):
        row = raw.get("ships", {}).get(side)
        if not isinstance(row, list) or len(row) != 3:
            raise _fail(file, f"ship {side}", "ships", "expected three columns")
        cols = [_gain(t, file, f"ship {side}", "ships") for t in row]
        ships[side] = tuple(tuple(sum(c[k] for c in cols[:n]) for k in range(5)) for n in (1, 2, 3))
    out = {"reputation_vp": tuple(rep), "ships": ships}
    for key in ("max_recruits", "max_bracelets", "end_score", "start_recruits", "start_bracelets"):
        if not isinstance(raw.get(key), int):
            raise _fail(file, "board", key, "missing or not a whole number")
        out[key] = raw[key]
    return out


def load_artifacts(raw: dict[str, Any], file: str = "artifacts.toml") -> list[dict[str, str]]:
    out = []
    for i, row in enumerate(raw.get("artifact", [])):
        for key in ("id", "name", "condition", "reward"):
            if not isinstance(row.get(key), str):
                raise _fail(file, str(row.get("id", f"row {i + 1}")), key, "missing")
        out.append(dict(row))
    ids = tuple(a["id"] for a in out)
    if ids != ARTIFACT_IDS:
        raise CardDataError(f"{file}: artifacts {ids}, expected {ARTIFACT_IDS}")
    return out


ARTIFACT_IDS = (
    "mead-cup",
    "silver-coin",
    "cauldron",
    "golden-bracelet",
    "helmet",
    "amulet",
    "weathervane",
)
MEAD_CUP, SILVER_COIN, CAULDRON, GOLDEN_BRACELET, HELMET, AMULET, WEATHERVANE = range(7)

_VIKINGS = load_vikings(_read("vikings.toml"))
VIKING_IDS = tuple(f"V{i + 1:02d}" for i in range(len(_VIKINGS)))
V_COLOUR = tuple(v[0] for v in _VIKINGS)
V_ASSET = tuple(v[1] for v in _VIKINGS)
V_KIND = tuple(v[0] * 4 + v[1] for v in _VIKINGS)
V_PLAYERS = tuple(v[2] for v in _VIKINGS)
DESTINATIONS = tuple(load_destinations(_read("destinations.toml")))
DEST_IDS = tuple(d.id for d in DESTINATIONS)
BOARD = load_board(_read("board.toml"))
ARTIFACTS = tuple(load_artifacts(_read("artifacts.toml")))
REPUTATION_VP: tuple[int, ...] = BOARD["reputation_vp"]
MAX_REPUTATION = len(REPUTATION_VP) - 1


def vikings_for(players: int) -> list[int]:
    """The Viking deck for a player count: 30, 40 or 50 cards."""
    return [v for v in range(len(V_PLAYERS)) if V_PLAYERS[v] <= players]


def kind_name(kind: int) -> str:
    """'red VP', 'green recruit': what a Viking of this kind looks like."""
    return f"{COLOURS[kind // 4]} {ASSET_WORDS[kind % 4]}"


def kind_icons(kind: int) -> str:
    """'red VP', 'green RC': the short name the board and the labels show."""
    return f"{COLOURS[kind // 4]} {ASSETS[kind % 4]}"


def viking_name(v: int) -> str:
    return kind_name(V_KIND[v])


def viking_by_id(text: str) -> int:
    return VIKING_IDS.index(text.strip().upper())


def dest_by_id(text: str) -> int:
    return DEST_IDS.index(text.strip().upper())


def draw_artifacts(choice: str, rng: Any) -> tuple[int, ...]:
    """The artifacts in play for the `artifacts` option's `choice` (indices into ARTIFACT_IDS)."""
    if choice == "none":
        return ()
    if choice == "random":
        return (rng.randrange(len(ARTIFACT_IDS)),)
    if choice == "mead-cup+random":
        return (MEAD_CUP, 1 + rng.randrange(len(ARTIFACT_IDS) - 1))
    return (ARTIFACT_IDS.index(choice),)


# -- a Destination in words, for the terminal and the browser --------------------------------


def gain_text(g: tuple[int, ...]) -> str:
    parts = []
    for n, code in zip(g, ("VP", "BR", "RC", "REP", "CARD"), strict=True):
        if n:
            parts.append(f"{n}{code}" if n > 1 else code)
    return " ".join(parts) or "-"


def _column_text(g: tuple[int, ...], prev: tuple[int, ...] | None) -> str:
    step = g if prev is None else tuple(a - b for a, b in zip(g, prev, strict=True))
    return gain_text(step)


@cache  # a card's words never change; every view of every seat writes them
def destination_line(dest_id: str) -> str:
    """'B27  cost 3 purple 2 red  gain 8VP CARD  trade - | - | VP'."""
    d = DESTINATIONS[DEST_IDS.index(dest_id)]  # (a face-up card: public)
    cols = [_column_text(d.trade[i], d.trade[i - 1] if i else None) for i in range(3)]
    return f"{d.id}  cost {d.cost_text()}  gain {gain_text(d.immediate)}  trade {' | '.join(cols)}"
