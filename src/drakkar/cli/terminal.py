"""Terminal play: a person sees their seat's view and chooses by number or by label.

The loop takes its input function and console as arguments, so tests drive it with scripted
input. Bots' moves are shown through the viewer's own log (`events_for`), never through action
labels, so nothing a seat may not see is printed. The record is saved after every action.
"""

from __future__ import annotations

import inspect
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console, Group
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from drakkar.engine.agent import Agent
from drakkar.engine.errors import IllegalAction, shown
from drakkar.engine.game import Game
from drakkar.engine.record import Record
from drakkar.engine.state import State

HUMAN = "human"
MAX_PAUSE = 60.0  # seconds a bot may be told to wait (time.sleep refuses inf)
RECENT_NEWS = 10  # lines of news a resumed game starts with
HELP = (
    "Type the number of an action or its label (or enough of its words to tell it from the "
    "others). Other commands: "
    "[bold]hint[/] (what the hard bot would play), [bold]log[/] (the whole log), "
    "[bold]all[/] (every choice's label in full, where they are listed short), "
    "[bold]table[/] (the table again, once a long log has pushed it off the screen; "
    "[bold]table full[/]: in full where it is shown compact to fit the screen), "
    "[bold]quit[/] (save and stop; resume with drakkar play --resume FILE), [bold]?[/] (this)."
)
INFO_HELP = "[bold]info[/]: what the cards and abilities in play do."


class Quit(Exception):
    """The person asked to stop; the record is already saved."""


class Asked(Exception):
    """The person typed a command (help, log, hint) rather than a move: ask again."""


def plain(text: str) -> str:
    """`text` in lower case with its spaces made single, as typed labels are compared."""
    return " ".join(text.lower().split())


def words_of(typed: str, labels: list[str]) -> list[int]:
    """The indexes of the labels holding `typed` as whole words, case and spacing ignored: a
    word is never matched in part, so "Books 1" is not a word of "play Odin as Books 12"."""
    words = plain(typed)
    if not words:
        return []
    pattern = re.compile(rf"(?<!\w){re.escape(words)}(?!\w)")
    return [i for i, label in enumerate(labels) if pattern.search(plain(label))]


MARKS = "*+^#"  # a grid cell's mark for what its label adds to the column's heading


def common_words(texts: list[str]) -> str:
    """The words every one of `texts` starts with ("take slot" of "take slot 1", ...)."""
    words = [t.split(" ") for t in texts]
    k = 0
    while all(len(w) > k + 1 and w[k] == words[0][k] for w in words):
        k += 1
    return " ".join(words[0][:k])


def in_number_order(text: str) -> list[tuple[int, str]]:
    """A sort key putting "slot 2" before "slot 10": numbers by value, other text as text."""
    return [(int(t), "") if t.isdigit() else (-1, t) for t in re.split(r"(\d+)", text)]


def label_grid(labels: list[str]) -> tuple[Group, list[int]] | None:
    """The labels of shape "row: column: what" (Knarr's "recruit green VP: take slot 1: purple
    VP, paying a recruit token"), two rows or more, as a grid of their numbers: a row a first
    part, a column a second part headed by what all its labels say of it, each cell marked by
    what its label adds ("* paying a recruit token"). Returns the grid and the indexes it
    shows; None when no such grid is there."""
    parts = {i: label.split(": ", 2) for i, label in enumerate(labels)}
    shaped = {i: p for i, p in parts.items() if len(p) == 3}
    rows = list(dict.fromkeys(p[0] for p in shaped.values()))
    # in the order of their numbers ("slot 1" to "slot 5"), whichever the first row can take
    columns = sorted({p[1] for p in shaped.values()}, key=in_number_order)
    if len(rows) < 2 or len(columns) < 2:
        return None
    heads, notes = [], []
    for column in columns:
        whats = [p[2].split(", ", 1) for p in shaped.values() if p[1] == column]
        if len({w[0] for w in whats}) > 1:  # the column's labels say different things
            return None
        heads.append(whats[0][0])
        for what in whats:
            if len(what) > 1 and what[1] not in notes:
                notes.append(what[1])
    if len(notes) > len(MARKS):
        return None
    row_words, column_words = common_words(rows), common_words(columns)
    grid = Table(box=None, padding=(0, 1))
    grid.add_column("")
    for column, head in zip(columns, heads, strict=True):
        grid.add_column(Text(f"{column[len(column_words) :].strip()}\n{head}"), justify="left")
    for row in rows:
        cells = [Text(row[len(row_words) :].strip())]
        for column in columns:
            found = [i for i, p in shaped.items() if p[:2] == [row, column]]
            cell = Text("-", "dim")
            if found:
                what = shaped[found[0]][2].split(", ", 1)
                mark = MARKS[notes.index(what[1])] if len(what) > 1 else ""
                cell = Text.assemble((f"{found[0] + 1:>2}", "bold cyan"), mark)
            cells.append(cell)
        grid.add_row(*cells)
    # the title and the key on lines of their own: a table's would wrap to its width
    title = Text(f"{row_words} <row>: {column_words} <column> (type its number)".strip())
    key = [f"{MARKS[k]} {note}" for k, note in enumerate(notes)] + ["all: the labels in full"]
    return Group(title, grid, Text("   ".join(key), "dim")), sorted(shaped)


def columns_of(cells: list[Text], across: int) -> Table:
    """`cells` in `across` columns, read down each column."""
    rows = -(-len(cells) // across)
    table = Table(show_header=False, box=None, padding=(0, 1))
    for r in range(rows):
        table.add_row(*(cells[c * rows + r] for c in range(across) if c * rows + r < len(cells)))
    return table


def takes_compact(render: Callable[..., Any]) -> bool:
    """Whether a game's `render` takes `compact`: one written before it, `render(view,
    player)`, would raise TypeError if asked for the compact table."""
    try:
        params = inspect.signature(render).parameters.values()
    except (TypeError, ValueError):  # (a callable without a signature to read)
        return False
    return any(p.name == "compact" or p.kind is p.VAR_KEYWORD for p in params)


def can_wipe(console: Console) -> bool:
    """True when the screen and its scrollback can be cleared (hot-seat needs it)."""
    return console.is_terminal and not console.is_dumb_terminal


class TerminalGame:
    def __init__(
        self,
        state: State,
        seats: list[str],
        agents: dict[int, Agent],
        save_path: Path,
        console: Console,
        ask: Callable[[str], str],
        pause: float = 0.5,
        hint: Callable[[State, int], list[tuple[int, float]]] | None = None,
        rows: int | None = None,
    ) -> None:
        self.state = state
        self.seats = seats
        self.agents = agents
        self.save_path = save_path
        self.console = console
        self.ask = ask
        self.pause = pause
        self.hint = hint
        self.humans = [i for i, s in enumerate(seats) if s == HUMAN]
        self.labels: list[str] = []
        self._labels_of_history()
        self.shown: dict[int | None, int] = {}
        # the indexes of each viewer's log lines printed as news since the screen was wiped:
        # the table's own log (Viking Raid, Gone Viking!) leaves them out, not to show them twice
        self.printed: dict[int | None, set[int]] = {}
        self.last_human: int | None = None
        # the rows the table and what is printed beneath it must fit: `rows`, else the
        # terminal's height, read as each table is shown (a window may be resized)
        self.rows = rows
        self.below = 0  # the lines printed beneath the table: the choices and the prompt
        self.compact = takes_compact(state.game.render)  # (read once: the game does not change)

    def _labels_of_history(self) -> None:
        replay = self.state.game.new(self.state.num_players, self.state.seed, self.state.options)
        for a in self.state.history:
            self.labels.append(replay.action_label(a))
            replay.apply(a)

    # -- the loop ------------------------------------------------------------------------

    def run(self) -> State:
        self.save()
        viewer = self.humans[0] if len(self.humans) == 1 else None
        if self.state.history:
            self.skip_old_news(viewer)
        self.stream_news(viewer)
        while not self.state.is_terminal():
            p = self.state.current_player
            assert p is not None
            if p in self.agents:
                if self.pause:
                    time.sleep(self.pause)
                action = self.agents[p].act(self.state, p)
            else:
                action = self.human_turn(p)
            self.labels.append(self.state.action_label(action))
            self.state.apply(action)
            self.save()
            self.stream_news(viewer)
        self.finish(viewer)
        return self.state

    def human_turn(self, p: int) -> int:
        if len(self.humans) > 1 and self.last_human != p:
            self.wipe()  # the last person's hand must not greet the next one
            self.console.rule(f"[bold]Pass to seat {p}[/]")
            self.ask(f"Seat {p}: press Enter when only you can see the screen ")
            self.wipe()
        self.last_human = p
        # the news first, then the table and the choices, nearest the prompt
        self.show_new_events(p, skip=self.state.view(p).get("log") or [])
        legal = self.state.legal_actions()
        choices = self.legal_list(legal)
        self.below = self.height(choices) + 1  # (the prompt's line)
        self.show_table(p)
        while True:
            self.console.print(choices)
            text = self.ask(f"Seat {p}, your move: ").strip()
            try:
                return self.parse(text, legal, p)
            except Asked:
                pass
            except IllegalAction as e:
                # what the person typed is in the message: print it as text, never as markup
                self.console.print(Text(str(e), style="red"))

    def wipe(self) -> None:
        """Clear the screen, and the terminal's scrollback, where a person could scroll up."""
        self.console.clear()
        self.printed.clear()  # (the table's log shows them again: they are gone)
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def parse(self, text: str, legal: list[int], p: int) -> int:
        low = text.lower()
        if low in ("quit", "exit", "q"):
            raise Quit
        if low in ("?", "help", "h"):
            self.console.print(HELP)
            if self.has_info():
                self.console.print(INFO_HELP)
            raise Asked
        if low == "info" and self.has_info():
            self.console.print(self.state.game.info(self.state.view(p), p))
            raise Asked
        if low == "log":
            for line in self.state.events_for(p):
                self.console.print(f"  {line}", markup=False, highlight=False)
            raise Asked
        if low in ("table", "table full"):
            self.show_table(p, whole=low == "table full")
            raise Asked
        if low == "all":
            self.show_legal(legal, whole=True)
            raise Asked
        if low == "hint":
            self.show_hint(p)
            raise Asked
        if re.fullmatch(r"[+-]?\d+", low):  # a number, even one out of range such as -1 or 0
            k = int(low)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            raise IllegalAction(f"there is no choice {low}; choose 1 to {len(legal)}")
        if not low:
            if len(legal) == 1:  # a forced move: Enter plays it
                return legal[0]
            raise IllegalAction("type a number or a label")
        return self.by_label(text, legal)

    def by_label(self, text: str, legal: list[int]) -> int:
        """The move whose label is `text`, or the one whose label holds it as whole words."""
        labels = [self.state.action_label(a) for a in legal]
        exact = [i for i, label in enumerate(labels) if plain(label) == plain(text)]
        found = exact or words_of(text, labels)
        if len(found) == 1:  # "go" for "go raiding", "far village" for "discard Far Village"
            return legal[found[0]]
        if not found:  # (the choices are listed beneath: no need to list them here too)
            raise IllegalAction(
                f"{shown(text)} names no choice: type its number (1 to {len(legal)}) "
                "or words of its label"
            )
        named = [f"{i + 1} {labels[i]}" if len(found) <= 6 else str(i + 1) for i in found]
        raise IllegalAction(
            f"{shown(text)} is a word of {len(found)} choices: {', '.join(named)}; "
            "type more of its label or its number"
        )

    def has_info(self) -> bool:
        """The game describes its cards for `info` (Game.info is overridden)."""
        return type(self.state.game).info is not Game.info

    # -- showing -------------------------------------------------------------------------

    def screen_rows(self) -> int | None:
        """The rows of the screen to fit; None (printing to a file or a pipe) fits none."""
        if self.rows is not None:
            return self.rows
        return self.console.size.height if can_wipe(self.console) else None

    def natural_width(self, renderable: Any) -> int:
        """The width `renderable` takes unwrapped (measured at the console's width, a table
        says it fits, and wraps its cells to)."""
        wide = self.console.options.update_width(10_000)
        return self.console.measure(renderable, options=wide).maximum

    def height(self, renderable: Any) -> int:
        """The lines `renderable` takes at the console's width."""
        return len(self.console.render_lines(renderable, pad=False, new_lines=False))

    def show_table(self, p: int | None, whole: bool = False) -> None:
        """The table, framed; said compact (the game's shorter form, nothing left out) when
        the whole table and the lines beneath it would not fit the screen, unless `whole`, the
        game's `render` takes no `compact` or its compact table is no shorter."""
        view = self.unprinted_log(self.state.view(p), p)
        who = "spectator" if p is None else f"seat {p} ({self.seats[p]})"
        title = Text(f"{self.state.game.title} — {who}")
        try:
            panel = Panel(self.state.game.render(view, p), title=title)
        except NotImplementedError:
            self.console.print(Panel(Pretty(view), title=title))
            return
        rows = self.screen_rows()
        if (
            self.compact
            and not whole
            and rows is not None
            and self.height(panel) + self.below > rows
        ):
            note = Text("compact to fit the screen; table full: the whole table", style="dim")
            compact = self.state.game.render(view, p, compact=True)
            shorter = Panel(compact, title=title, subtitle=note)
            # a game whose table fits anyway may ignore `compact`: not said compact then
            if self.height(shorter) < self.height(panel):
                panel = shorter
        self.console.print(panel)

    def unprinted_log(self, view: dict[str, Any], p: int | None) -> dict[str, Any]:
        """The view with its own log (the last lines of the viewer's log, where a game's table
        shows them) less the lines printed as news above it: a bot's move streamed as it was
        made is not shown again in the table beneath. `log` still prints every line."""
        log = view.get("log") if isinstance(view, dict) else None
        lines = self.state.events_for(p)
        if not log or lines[len(lines) - len(log) :] != log:
            return view  # (not the log's tail: nothing to match it with)
        printed = self.printed.get(p, set())
        first = len(lines) - len(log)
        return {**view, "log": [line for k, line in enumerate(log, first) if k not in printed]}

    def show_legal(self, legal: list[int], whole: bool = False) -> None:
        self.console.print(self.legal_list(legal, whole))

    def legal_list(self, legal: list[int], whole: bool = False) -> Group:
        """The choices, numbered; many short ones side by side, and labels of shape "row:
        column: what" as a grid of numbers (Knarr's recruits), so the table stays in view.
        `whole` (the `all` command) lists every label in full, one a line."""
        labels = [self.state.action_label(a) for a in legal]
        shown = list(range(len(labels)))
        parts: list[Any] = []
        grid = None if whole or len(labels) <= 8 else label_grid(labels)
        if grid is not None:
            parts.append(grid[0])
            shown = [i for i in shown if i not in grid[1]]
        cells = [Text.assemble((f"{i + 1:>2} ", "bold cyan"), labels[i]) for i in shown]
        if cells:
            # side by side as many as three columns as fit the width: each as wide as its own
            # longest label, so a long one in the first column leaves room for a second
            fits = [
                n for n in (3, 2) if self.natural_width(columns_of(cells, n)) <= self.console.width
            ]
            across = 1 if whole or len(labels) <= 8 or not fits else fits[0]
            parts.append(columns_of(cells, across))
        if len(labels) == 1:
            parts.append(Text.from_markup("   [dim](the only move: press Enter)[/]"))
        return Group(*parts)

    def skip_old_news(self, viewer: int | None, recent: int = RECENT_NEWS) -> None:
        """A resumed game's news starts `recent` lines from the end of each log: the whole game
        scrolling by buries the table; `log` still prints it."""
        for who in {viewer, *self.humans}:
            self.shown[who] = max(0, len(self.state.events_for(who)) - recent)
        earlier = self.shown[viewer]
        if earlier:
            self.console.print(
                f"  ({earlier} earlier lines of the log: type log to read them)", style="dim"
            )

    def stream_news(self, viewer: int | None) -> None:
        """The news as moves are made, but not when the viewer is asked next nor at the end:
        their turn, or the end, prints it, less the lines the table's own log shows anyway."""
        if self.state.is_terminal():
            return  # finish() prints it above the last table
        if viewer is None or self.state.current_player != viewer:
            self.show_new_events(viewer)

    def show_new_events(self, viewer: int | None, skip: list[str] | None = None) -> None:
        """The viewer's log lines not shown yet, less those the table's own log (`skip`, the
        view's last lines) is about to show anyway."""
        lines = self.state.events_for(viewer)
        start = self.shown.get(viewer, 0)
        end = len(lines)
        skip = skip or []
        for tail in range(min(len(skip), end - start), 0, -1):
            if lines[end - tail : end] == skip[len(skip) - tail :]:
                end -= tail
                break
        for line in lines[start:end]:
            self.console.print(f"  · {line}", markup=False, highlight=False)
        self.printed.setdefault(viewer, set()).update(range(start, end))
        self.shown[viewer] = len(lines)

    def show_hint(self, p: int) -> None:
        if self.hint is None:
            self.console.print("[yellow]No hint: the search bot is not available.[/]")
            return
        try:
            with self.console.status("thinking ... (Ctrl-C stops the hint)"):
                stats = self.hint(self.state, p)
        except KeyboardInterrupt:  # the hint, not the game: the person is asked again
            self.console.print("[yellow]No hint: stopped.[/]")
            return
        legal = self.state.legal_actions()
        # the choice's number (as in the list of choices), the share, then the label; no
        # borders, so a long label keeps most of the width and what wraps stays in its column
        table = Table(
            box=None,
            show_header=False,
            padding=(0, 1, 0, 0),
        )
        table.add_column(justify="right", no_wrap=True)
        table.add_column(justify="right", no_wrap=True)
        table.add_column()
        for a, share in stats[:8]:
            table.add_row(str(legal.index(a) + 1), f"{share:.0%}", Text(self.state.action_label(a)))
        # a line of its own: a table's title would wrap to the table's width
        self.console.print("What the hard bot would play (choice, its share of the search):")
        self.console.print(table)

    def finish(self, viewer: int | None) -> None:
        self.show_new_events(viewer, skip=self.state.view(viewer).get("log") or [])
        scores, returns = self.state.scores(), self.state.returns()
        table = Table(title="Final scores", title_justify="left")
        table.add_column("seat")
        table.add_column("who")
        table.add_column("score", justify="right")
        table.add_column("result")
        for i in range(self.state.num_players):
            result = "won" if returns[i] == 1 else "shared the win" if returns[i] > 0 else ""
            table.add_row(str(i), Text(self.seats[i]), f"{scores[i]:g}", result)
        self.below = self.height(table) + 1  # (and the line saying where it is saved)
        self.show_table(viewer)
        self.console.print(table)
        self.console.print(
            f"Saved to {self.save_path} (replay: drakkar replay {self.save_path})",
            markup=False,
            highlight=False,
        )

    def save(self) -> None:
        Record.from_state(self.state, seats=tuple(self.seats)).save(
            self.save_path, labels=self.labels
        )
