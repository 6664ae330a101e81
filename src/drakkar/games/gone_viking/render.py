"""The terminal table of Gone Viking!: a Rich renderable of one seat's view."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from drakkar.engine.events import spoken

TYPE_STYLES = {"Books": "blue", "Coins": "yellow", "Hammers": "red", "Fists": "green"}
GOD_STYLE = "bold magenta"
GODS = ("Odin", "Freya", "Thor", "Loki")
TOKEN_ORDER = ("Books", "Coins", "Hammers", "Fists", "Trees", "Ships")


def card_text(name: str) -> Text:
    if name in GODS:
        return Text(name, style=GOD_STYLE)
    return Text(name, style=TYPE_STYLES.get(name.split()[0], ""))


def cards_text(names: list[str]) -> Text:
    out = Text()
    for i, name in enumerate(names):
        if i:
            out.append(", ")
        out.append_text(card_text(name))
    return out or Text("—", style="dim")


def _header(view: dict[str, Any]) -> Text:
    if view["winners"]:  # the last raid's trump and God no longer matter
        return Text(
            f"Raid {view['raid']} · {view['phase']} · a wealth of {view['win_wealth']} wins"
        )
    god = view["god_in_play"]
    out = Text(f"Raid {view['raid']} · {view['phase']} · trump: ")
    out.append(view["trump"], style=TYPE_STYLES.get(view["trump"], "bold"))
    out.append(" · God in play: ")
    if god:
        out.append(god["god"], style=GOD_STYLE)
        out.append(f" (player {god['owner']})")
    else:
        out.append("none", style="dim")
    out.append(f" · draw pile {view['pile_size']} · a wealth of {view['win_wealth']} wins")
    return out


def _players(view: dict[str, Any], player: int | None) -> Table:
    table = Table(box=None, padding=(0, 1), header_style="bold")
    table.add_column("seat", no_wrap=True)
    table.add_column("cards", justify="right")
    for name in TOKEN_ORDER:
        table.add_column(name, justify="right", style=TYPE_STYLES.get(name, ""))
    table.add_column("wealth", justify="right", style="bold")
    table.add_column("Fists won", justify="right")
    for p in range(view["players"]):  # short, so that 80 columns show every heading whole
        seat = ("▶" if p == view["to_move"] else " ") + str(p)
        if p == view["leader"]:
            seat += "*"
        if p == player:
            seat += " you"
        tok = view["tokens"][p]
        table.add_row(
            seat,
            str(view["hand_sizes"][p]),
            *(str(tok[name]) for name in TOKEN_ORDER),
            str(view["wealth"][p]),
            str(view["fists_won"][p]),
        )
    table.caption = "▶ to move   * the Raid Leader"
    table.caption_justify = "left"
    return table


def _trick(view: dict[str, Any]) -> Text:
    parts: list[Text] = []
    if view["led"]:
        parts.append(Text(f"{view['led']} led by player {view['trick_leader']}"))
    for play in view["trick"]:
        part = Text(f"player {play['seat']} ")
        cards = cards_text(play["cards"])
        part.append_text(cards)
        worth = f"{play['type']} {play['strength']}"
        if cards.plain != worth:  # several cards, or a God played as a type: what it counts as
            part.append(f" ({worth})")
        parts.append(part)
    if view["playing"] and view["playing"]["cards"]:
        part = Text(f"player {view['playing']['seat']} is playing ")
        part.append_text(cards_text(view["playing"]["cards"]))
        parts.append(part)
    laid = view["god_face_down"]
    if laid:
        what = laid["god"] or "a God"
        parts.append(Text(f"player {laid['seat']} laid {what} face down", style=GOD_STYLE))
    if not view["trick"] and not (view["playing"] and view["playing"]["cards"]) and not laid:
        parts.append(Text("no cards yet", style="dim"))
    out = Text("Trick: ")
    out.append_text(Text("; ").join(parts))
    return out


def render(view: dict[str, Any], player: int | None) -> Group:
    """The table as `player` (None: a spectator) sees it."""
    parts: list[Any] = [_header(view), _players(view, player)]
    if view["phase"] == "tricks":
        parts.append(_trick(view))
    if view["swapping"]:
        sw = view["swapping"]
        who = "You have" if sw["seat"] == player else f"Player {sw['seat']} has"
        cards = "1 card" if sw["picked"] == 1 else f"{sw['picked']} cards"
        line = Text(f"{who} picked {cards} to swap")
        if sw["cards"]:
            line.append(": ").append_text(cards_text(sw["cards"]))
        parts.append(line)
    if view["due"]:
        parts.append(Text(f"Tokens still to give: {view['due']}"))
    if view["winners"]:
        who = spoken(f"player {p}" for p in view["winners"])
        parts.append(Text(f"Winner: {who}", style="bold green"))
    if view["log"]:
        parts.append(Text("\n".join(f"· {line}" for line in view["log"]), style="dim"))
    if view["hand"] is not None:  # last: nearest the prompt
        parts.append(Text("Your hand: ").append_text(cards_text(view["hand"])))
        if view["pile_known"]:
            known = ", ".join(
                f"{name} (card {i + 1} from the top)" for i, name in view["pile_known"]
            )
            parts.append(Text(f"You know in the draw pile: {known}"))
        for seat, names in view["known_hands"].items():
            parts.append(Text(f"You know player {seat} holds: {', '.join(names)}"))
    return Group(*parts)
