"""Rich rendering of a view: the Regions and who is where, the Journey Pool, each Captain's
Longship sections, crew, gold, Locations and VP, the battle in progress roll by roll, and
what the seat to move is choosing between. It fits 80 columns: long cells wrap, never cut.
(`info.py` prints what every card in play does: the terminal's `info`.)

`compact` (for a screen the whole table does not fit) says the same in fewer lines: the Journey
Pool as a paragraph by Region (each Captain's line says where he is), a Captain's Locations,
raided ones grouped, his crew and what he keeps as one paragraph, a battle or Ragnarok under a
rule rather than in a box, its dice written W G R, and no line of its own for a heading."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from drakkar.games.villainous_vikings.cards import FACE_WORDS
from drakkar.games.villainous_vikings.effects import count
from drakkar.games.villainous_vikings.info import hammers

SECTION_STYLE = ("white", "grey62", "red")
SECTION_NAMES = ("white", "grey", "red")
LEGEND = (
    "Key: W G R = the white, grey (not green) and red dice and Longship sections, left to "
    "right; x = a lost section; g = gold, vp = Valhalla Points."
)
SHORT_LEGEND = "W G R: white, grey (not green), red dice and sections; x lost; g gold; vp VP"


def _ship(p: dict[str, Any]) -> Text:
    """The Longship's sections, lost ones crossed out: 'W G R', 'W G x'."""
    t = Text()
    for i, up in enumerate(p["sections"]):
        t.append(" " if i else "")
        t.append(
            SECTION_NAMES[i][0].upper() if up else "x", style=SECTION_STYLE[i] if up else "dim"
        )
    return t


def seat(view: dict[str, Any], p: int) -> str:
    """'P0 Ragnar Lodbrok': a seat as the table names it."""
    return f"P{p} {view['players'][p]['captain']}"


def render(view: dict[str, Any], player: int | None, compact: bool = False) -> Any:
    if view["over"]:
        now = f"game over ({view['ended_by']})"
    elif view["ragnarok"] is not None:  # (no turns of two actions any more)
        now = "Ragnarok is under way"
    else:
        now = f"P{view['turn']} to act ({count(view['actions_left'], 'action')} left)"
    deck = (
        f"Journey Deck {view['deck_size']} (Ages {'/'.join(map(str, view['deck_ages']))}), "
        f"Pool size {view['pool_size']}"
    )
    if compact:
        head = Text(f"Round {view['round']}, {now} · {deck.replace(', Pool size', ' · Pool')}")
        parts: list[Any] = [head, Text(SHORT_LEGEND, style="dim"), _pool_text(view)]
    else:
        head = Text(f"Villainous Vikings - round {view['round']}, {now}; {deck}")
        parts = [head, Text(LEGEND, style="dim"), _regions(view)]
    parts += [_piles(view), _captains(view, player, compact)]
    if view["battle"] is not None:
        parts.append(_battle(view, view["battle"], player, compact))
    if view.get("decision") is not None:
        parts.append(_decision(view, view["decision"], player))
    rag = view["ragnarok"]
    if rag is not None:
        body: list[Any] = [Text(_ragnarok_text(rag))]
        if rag.get("choices"):
            body.append(_choices_text(view, rag["choices"], player, compact))
        parts.append(_box(Group(*body), "Ragnarok", compact))
    return Group(*parts)


class Heading:
    """A rule titled `title` at its left; a title too long for the width is a line of its own
    rather than cut short."""

    def __init__(self, title: str) -> None:
        self.title = title

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if cell_len(self.title) + 6 <= options.max_width:
            yield Rule(Text(self.title), align="left")
        else:
            yield Text(f"── {self.title} ──")


def _box(body: Any, title: str, compact: bool) -> Any:
    """`body` in a box titled `title`; compact, under a rule so titled (two lines fewer, and
    the four columns of the box's sides kept for the text)."""
    if compact:
        return Group(Heading(title), body)
    return Panel(body, title=Text(title))


def _card(c: dict[str, Any]) -> str:
    """'Winchester (G/R/R 3g 2vp, hero Alfred of Wessex)': a Location of the Journey Pool."""
    warrior = f", {c['warrior']['kind']} {c['warrior']['name']}" if c["warrior"] else ""
    dice = "/".join(d[0].upper() for d in c["dice"])
    return f"{c['name']} ({dice} {c['gold']}g {c['vp']}vp{warrior})"


def _pool_text(view: dict[str, Any]) -> Text:
    """The Journey Pool as a paragraph, by Region: the compact form of the Regions table."""
    text = Text("Journey Pool: ")
    said = False
    for r, name in enumerate(view["regions"]):
        cards = [_card(c) for c in view["pool"] if c["type"] == "location" and c["region"] == r]
        if cards:
            text.append("; " if said else "")
            text.append(f"{name}: ", style="bold")
            text.append(", ".join(cards))
            said = True
    asg = [c for c in view["pool"] if c["type"] == "asgard"]
    if asg:
        text.append("; " if said else "")
        text.append("Asgard: ", style="bold")
        text.append(", ".join(f"{c['name']} ({c['use']})" for c in asg))
        said = True
    if not said:
        text.append("empty")
    return text


def _regions(view: dict[str, Any]) -> Table:
    where = Table(
        title="Regions", show_header=True, box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False
    )
    where.add_column("Region")
    where.add_column("Captains")
    where.add_column("Journey Pool")
    for r, name in enumerate(view["regions"]):
        caps = ", ".join(f"P{p['seat']}" for p in view["players"] if p["region"] == r)
        cards = ", ".join(
            _card(c) for c in view["pool"] if c["type"] == "location" and c["region"] == r
        )
        where.add_row(Text(name), caps, Text(cards))  # (card names as text, never markup)
    asg = [c for c in view["pool"] if c["type"] == "asgard"]
    if asg:
        where.add_row("Asgard", "", Text(", ".join(f"{c['name']} ({c['use']})" for c in asg)))
    return where


def _piles(view: dict[str, Any]) -> Text:
    """The discard piles (what Hermod's Ride could recruit), the Draugr reserve, the tokens."""
    warriors = ", ".join(view["warrior_discard"]) or "none"
    return Text(
        f"Discarded Warriors: {warriors} · Draugr in reserve: {view['draugr_reserve']} · "
        f"Bonus tokens left: {', '.join(view['tokens_left']) or 'none'}"
    )


def _captains(view: dict[str, Any], player: int | None, compact: bool = False) -> Group:
    """One block a Captain: a line of numbers, then Locations, crew and what they keep, each
    wrapping under its own indent (a table's eight columns cut names short at 80 columns);
    compact, those three as one paragraph."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    wide = max(len(p["captain"]) for p in view["players"])
    for p in view["players"]:
        me = " (you)" if p["seat"] == player else ""
        line = Text.assemble(
            (p["captain"].ljust(wide), "bold"),
            "  ",
            _ship(p),
            f"  {p['gold']} gold  {p['vp']} VP  in {view['regions'][p['region']]}",
        )
        grid.add_row(f"P{p['seat']}{me}", line)
        if compact:
            if _holdings(p):
                grid.add_row("", Text(_holdings(p)))
            continue
        locs = ", ".join(x["name"] + ("" if x["face_up"] else " (raided)") for x in p["locations"])
        kept = ", ".join(p["sovereigns"] + p["asgard"] + p["tokens"])
        for label, text in (
            ("Locations", locs),
            ("Crew", ", ".join(w["name"] for w in p["crew"])),
            ("Kept", kept),
        ):
            if text:
                grid.add_row("", Text(f"{label}: {text}"))
    if compact:
        return Group(grid)
    return Group(Text("Captains", style="italic", justify="center"), grid)


def _holdings(p: dict[str, Any]) -> str:
    """'Locations: Tara, Cadiz; raided Kirkwall. Crew: Roland. Kept: Loki's Wager'."""
    held = ", ".join(x["name"] for x in p["locations"] if x["face_up"])
    raided = ", ".join(x["name"] for x in p["locations"] if not x["face_up"])
    if raided:
        held += ("; " if held else "") + "raided " + raided
    said = [("Locations", held), ("Crew", ", ".join(w["name"] for w in p["crew"]))]
    said += [("Kept", ", ".join(p["sovereigns"] + p["asgard"] + p["tokens"]))]
    return ". ".join(f"{label}: {text}" for label, text in said if text)


def _battle(view: dict[str, Any], b: dict[str, Any], player: int | None, compact: bool) -> Any:
    """Each side's dice and totals, the defending Warrior, who wins if both stop now, and what
    the side to decide may do; compact, a die is its colour's letter ("W hammer")."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    for x in b["sides"]:
        colour = [n[0].upper() for n in SECTION_NAMES] if compact else list(SECTION_NAMES)
        dice = ", ".join(f"{colour[c]} {FACE_WORDS[f]}" for c, f in x["dice"])
        got = f"{count(x['total'], 'sword')}, {count(x['shields'], 'shield')}"
        if x["weaken"]:
            got += f", enemy -{x['weaken']}"
        if x["bought"]:
            got += f" ({count(x['bought'], 'sword')} bought)"
        sacs = x.get("sacrificed_cards") or []
        if sacs:
            got += "; sacrificed " + ", ".join(f"{c['name']} ({c['gives']})" for c in sacs)
        name = seat(view, x["seat"]) if x["seat"] >= 0 else x["name"]
        grid.add_row(Text(name, style="bold"), Text(f"{dice or 'no dice'} -> {got}"))
    body: list[Any] = [grid]
    target = b.get("target")
    w = target.get("warrior") if target else None
    if target and w:  # the Hero or Sovereign defending the Location, and what he does
        text = f"{target['name']} is defended by {w['kind']} {w['name']}: {w['static']}"
        if w.get("hammers"):
            text += ". Hammers: " + hammers(w["hammers"])
        body.append(Text(text, style="dim"))
    body.append(Text(_standing(view, b, compact)))
    if b.get("choices") is not None:
        body.append(_choices_text(view, b["choices"], player, compact))
    title = f"Battle: {b['kind']}"
    if target:
        title += f" of {target['name']}" if target["type"] == "location" else f" ({target['name']})"
    if b["region"] >= 0:
        title += f" in {view['regions'][b['region']]}"
    return _box(Group(*body), f"{title}, fight {b['fight']}", compact)


def _standing(view: dict[str, Any], b: dict[str, Any], short: bool = False) -> str:
    """Who wins if both sides stop now, the tie rule, and the damage each Captain would take;
    `short` names a Captain by his seat alone ("P4"), as the sides' lines above have named him."""
    sides = b["sides"]
    names = [
        (f"P{x['seat']}" if short else seat(view, x["seat"])) if x["seat"] >= 0 else x["name"]
        for x in sides
    ]
    win = b["winner_now"]
    first = 1 if win == 1 else 0  # the winner's swords first
    score = f"{count(sides[first]['total'], 'sword')} to {sides[1 - first]['total']}"
    if win is None:
        now = f"a tie, {score}: Vikings do not tie, so the battle would be fought again"
    elif win == -1:
        now = f"both Longships sink ({score}): no victor"
    else:
        now = f"{names[win]} wins, {score}"
    tie = (
        f"a tie goes to {names[1]}"
        if sides[1]["seat"] < 0
        else "a tie between Captains is fought again"
    )
    hurt = []
    for name, x in zip(names, sides, strict=True):
        if x["hits"] is None:
            continue
        lost = x["sections_lost"]
        hurt.append(
            f"{name} takes {count(x['hits'], 'hit')}"
            + (f", losing {count(lost, 'section')}" if lost else "")
        )
    if win is not None:  # (a tie's line says it already)
        now += f" ({tie})"
    return f"If both stop now: {now}. " + "; ".join(hurt) + "."


def _choices_text(
    view: dict[str, Any], c: dict[str, Any], player: int | None, compact: bool = False
) -> Group:
    """What the seat to decide may sacrifice, what each gives (a line each; compact, one after
    the other), and the price of a sword: the choices below name the cards only."""
    you = c["seat"] == player
    who, has = ("You decide", "you have") if you else (f"P{c['seat']} decides", "has")
    gold = view["players"][c["seat"]]["gold"]
    buy = f"buy a sword for {c['sword_cost']} gold ({has} {gold})"
    if not c["can_buy"]:
        buy = f"no sword to buy (one costs {c['sword_cost']} gold, {has} {gold})"
    lines: list[Any] = [
        Text(f"{who}: " + ("sacrifice a card, " if c["sacrifice"] else "") + buy + ", or done.")
    ]
    if compact and c["sacrifice"]:
        gives = [f"sacrifice {x['name']} ({x['kind']}): {x['gives']}" for x in c["sacrifice"]]
        return Group(*lines, Text("; ".join(gives)))
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    for x in c["sacrifice"]:
        grid.add_row(f"  sacrifice {x['name']}", Text(f"({x['kind']}): {x['gives']}"))
    if c["sacrifice"]:
        lines.append(grid)
    return Group(*lines)


def _decision(view: dict[str, Any], d: dict[str, Any], player: int | None) -> Text:
    """The choice a label alone does not explain: contest or retreat, colonize or raze."""
    if d["kind"] == "contest":
        who = "You" if d["defender"] == player else f"P{d['defender']}"
        region = view["regions"][d["region"]]
        return Text(
            f"{who}: contest (a battle; {seat(view, d['attacker'])} attacks, the loser goes "
            f"home) or retreat (pay {d['retreat_cost']} gold: 2 per undamaged section, or all "
            f"your gold if less, and go home to the Northlands, leaving {region}).",
            style="cyan",
        )
    if d["kind"] == "conquest":
        w = d["warrior"]
        keep, raze, both = "", "", ""
        if w and w["kind"] == "hero":
            keep, raze = f"; {w['name']} may join your crew", f"; {w['name']} is discarded"
        elif w and w["kind"] == "sovereign":
            both = f" Either way {w['name']} is killed and kept ({w['vp']} VP)."
        elif w:
            both = f" Either way the unhired {w['name']} is discarded."
        return Text(
            f"{d['location']} is taken: colonize (keep it: +{d['gold']} gold, {d['vp']} VP"
            f"{keep}) or raze (+{3 * d['gold']} gold, repair one section, discard it{raze})."
            + both,
            style="cyan",
        )
    w = d["warrior"]
    return Text(
        f"{w['name']} ({w['kind']}: {w['static']}; sacrifice: {w['sacrifice']}): take him "
        "into the crew (each undamaged section holds one Warrior; a full crew discards one) "
        "or dismiss him.",
        style="cyan",
    )


def _ragnarok_text(rag: dict[str, Any]) -> str:
    """'still fighting P1, P2 · out P0 · swords P1 4, P2 3', or who won."""

    def seats(ps: list[int]) -> str:
        return ", ".join(f"P{p}" for p in ps) or "none"

    parts = [f"out {seats(rag['out'])}"]
    if rag["winner"] is not None:
        parts.insert(0, f"P{rag['winner']} wins Ragnarok")
    else:
        parts.insert(0, f"still fighting {seats(rag['alive'])}")
        if rag["swords"]:
            parts.append("swords " + ", ".join(f"P{p} {n}" for p, n in rag["swords"].items()))
    return " · ".join(parts)
