"""The terminal's `info` command: a game that describes its cards (Game.info) offers it."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text

from drakkar.cli.conftest import scripted
from drakkar.cli.terminal import HUMAN, TerminalGame, label_grid, takes_compact, words_of
from drakkar.engine.toy import HIGH_CARD, HighCardGame, HighestCardBot


def test_info_prints_what_the_cards_in_play_do_and_help_names_it(tmp_path: Path) -> None:
    from drakkar.games.villainous_vikings.scenarios import new

    state = new(3)
    console = Console(record=True, width=80)
    game = TerminalGame(
        state, [HUMAN, "heuristic", "heuristic"], {}, tmp_path / "g.json", console,
        scripted(["?", "info"]), pause=0,
    )  # fmt: skip
    with pytest.raises(EOFError):  # asked again after each command, until input runs out
        game.run()
    out = console.export_text()
    assert "info: what the cards and abilities in play do" in out
    assert "Captains (static ability; Heathen Hammers" in out and "Hammers: white:" in out
    assert "is not legal" not in out and len(state.history) == 0  # asked again, nothing played


def test_a_game_without_card_texts_offers_no_info(tmp_path: Path) -> None:
    state = HIGH_CARD.new(2, seed=3, options={"rounds": 1})
    console = Console(record=True, width=200)
    game = TerminalGame(
        state, [HUMAN, "random"], {1: HighestCardBot()}, tmp_path / "g.json", console,
        scripted(["?", "info", "1"]), pause=0,
    )  # fmt: skip
    game.run()
    out = console.export_text()
    assert "Type the number of an action" in out and "info:" not in out
    assert "'info' names no choice" in out  # no such command here: an unknown label
    assert state.is_terminal()


def test_words_of_one_label_choose_it_and_words_of_several_ask_which(tmp_path: Path) -> None:
    import drakkar

    state = drakkar.load("viking-raid").new(4, seed=3)  # seat 0 is over the hand limit
    assert "discard Far Village" in map(state.action_label, state.legal_actions())
    console = Console(record=True, width=80)
    game = TerminalGame(
        state, [HUMAN, "heuristic", "heuristic", "heuristic"], {}, tmp_path / "g.json",
        console, scripted(["discard", "far village", "go"]), pause=0,
    )  # fmt: skip
    with pytest.raises(EOFError):
        game.run()
    said = " ".join(console.export_text().split())
    # the words of six labels: nothing is played, and the six are named with their numbers
    assert "'discard' is a word of 6 choices: 1 discard Long Ship, 2 discard Serpent" in said
    assert "type more of its label or its number" in said
    assert [state.action_label(a) for a in state.history] == ["discard Far Village", "go raiding"]


def test_words_of_many_labels_name_them_by_number(tmp_path: Path) -> None:
    import drakkar

    state = drakkar.load("knarr").new(3, seed=3, options={"first_player": 0})
    labels = [state.action_label(a) for a in state.legal_actions()]
    many = words_of("recruit", labels)
    assert len(many) > 6
    console = Console(record=True, width=80)
    game = TerminalGame(state, [HUMAN, "heuristic", "heuristic"], {}, tmp_path / "g.json",
                        console, scripted(["recruit"]), pause=0)  # fmt: skip
    with pytest.raises(EOFError):
        game.run()
    said = " ".join(console.export_text().split())
    numbers = ", ".join(str(i + 1) for i in many)  # the list of choices beneath spells them out
    assert f"'recruit' is a word of {len(many)} choices: {numbers}; type more" in said
    assert not state.history


def test_typed_words_match_whole_words_of_a_label() -> None:
    labels = ["play Books 1", "play Odin as Books 12", "recruit blue VP: take slot 4: green RC"]
    assert words_of(" BOOKS  1 ", labels) == [0]  # not Books 12: a word is matched whole
    assert words_of("books", labels) == [0, 1]
    assert words_of("slot 4", labels) == [2] and words_of("slot 4: green rc", labels) == [2]
    assert words_of("ok", labels) == [] and words_of("lot", labels) == []


def test_news_of_a_persons_own_move_is_shown_once_when_the_table_shows_it(tmp_path: Path) -> None:
    # Viking Raid's table ends with the log's last lines: the move just made and the deal's
    # news are there, so they are not printed above the table as well
    import drakkar

    state = drakkar.load("viking-raid").new(4, seed=3)  # seat 0 discards, then declares
    console = Console(record=True, width=80)
    game = TerminalGame(
        state, [HUMAN, "heuristic", "heuristic", "heuristic"], {}, tmp_path / "g.json",
        console, scripted(["discard Far Village"]), pause=0,
    )  # fmt: skip
    with pytest.raises(EOFError):
        game.run()
    out = console.export_text()
    assert out.count("player 0 discards Far Village (hand limit)") == 1
    assert out.count("player 0 goes first") == 2  # in the table before the move and after it


def test_the_last_news_is_shown_once_above_the_final_table(tmp_path: Path) -> None:
    import drakkar
    from drakkar.agents.spec import make_agent

    state = drakkar.load("viking-raid").new(2, seed=1)
    bots = [make_agent("heuristic", state.game, i) for i in range(2)]
    while not state.is_terminal():
        p = state.current_player
        assert p is not None
        state.apply(bots[p].act(state, p))
    console = Console(record=True, width=80)
    game = TerminalGame(state, [HUMAN, "heuristic"], {}, tmp_path / "g.json", console,
                        scripted([]), pause=0)  # fmt: skip
    game.run()
    out = " ".join(console.export_text().replace("│", " ").split())
    last = state.events_for(0)[-1]  # "game over: player 1 is the last one in; ..."
    assert out.count(last) == 1 and "Final scores" in out


def test_a_resumed_game_shows_the_latest_news_not_the_whole_log(tmp_path: Path) -> None:
    import drakkar
    from drakkar.agents.spec import make_agent

    state = drakkar.load("knarr").new(2, seed=1)
    bots = [make_agent("heuristic", state.game, i) for i in range(2)]
    while len(state.history) < 30 or state.current_player != 0:
        p = state.current_player
        assert p is not None
        state.apply(bots[p].act(state, p))
    lines = state.events_for(0)
    console = Console(record=True, width=80)
    game = TerminalGame(state, [HUMAN, "heuristic"], {1: bots[1]}, tmp_path / "g.json",
                        console, scripted([]), pause=0)  # fmt: skip
    with pytest.raises(EOFError):
        game.run()
    out = " ".join(console.export_text().split())
    # once the whole game's log scrolled by (hundreds of lines, deep into a game)
    assert lines[0] not in out and lines[-1] in out
    assert f"({len(lines) - 10} earlier lines of the log: type log to read them)" in out


@pytest.mark.parametrize(("name", "seed"), [("gone-viking", 2), ("viking-raid", 4)])
def test_a_move_streamed_as_made_is_not_shown_again_in_the_tables_log(
    tmp_path: Path, name: str, seed: int
) -> None:
    # the table's own log (its last lines) shows only what was not printed above it
    import drakkar
    from drakkar.agents.spec import make_agent

    state = drakkar.load(name).new(3, seed=seed)
    bots = {i: make_agent("heuristic", state.game, i) for i in (1, 2)}
    console = Console(record=True, width=80)
    game = TerminalGame(state, [HUMAN, "heuristic", "heuristic"], bots, tmp_path / "g.json",
                        console, scripted(["1"] * 5), pause=0)  # fmt: skip
    with pytest.raises(EOFError):
        game.run()
    out = console.export_text()
    streamed = [line[4:].strip() for line in out.splitlines() if line.startswith("  · player")]
    assert any(line.startswith("player 1") for line in streamed)  # bots moved meanwhile
    said = " ".join(out.replace("│", " ").split())  # (a long line wraps, in the frame too)
    for line in streamed:  # as often as it was streamed, and no more
        assert said.count(line) == streamed.count(line), line


def test_knarrs_recruits_are_a_grid_of_numbers_and_all_lists_them_whole(tmp_path: Path) -> None:
    import drakkar

    state = drakkar.load("knarr").new(4, seed=3, options={"first_player": 0})
    labels = [state.action_label(a) for a in state.legal_actions()]
    assert labels[6] == "recruit green bracelet: take slot 2: yellow VP, paying a recruit token"
    console = Console(record=True, width=80)
    game = TerminalGame(state, [HUMAN] + ["heuristic"] * 3, {}, tmp_path / "g.json", console,
                        scripted(["all", "7"]), pause=0)  # fmt: skip
    game.show_legal(state.legal_actions())
    listed = console.export_text(clear=True).splitlines()
    # 10 recruit labels a line each were 10 lines; as a grid (a row a card of the hand, a
    # column a slot, headed by the Viking in it) they take 6, and a line lists the others
    assert listed[0].strip() == "recruit <row>: take slot <column> (type its number)"
    assert listed[1].split() == ["1", "2", "3", "4", "5"]
    assert listed[2].split() == ["red", "VP", "yellow", "VP", "blue", "VP", "yellow", "BR",
                                 "blue", "VP"]  # fmt: skip
    assert listed[4].split() == ["green", "bracelet", "6*", "7*", "8", "9*", "10*"]
    assert listed[5].strip() == "* paying a recruit token   all: the labels in full"
    assert "11 explore A12 paying 2 green" in listed[6] and "12 trade 1 bracelet" in listed[6]
    assert len(listed) == 7 and "take slot 2: yellow VP" not in "\n".join(listed)
    with pytest.raises(EOFError):
        game.run()
    out = console.export_text()
    assert f"  7 {labels[6]}" in out  # all: the labels in full, numbered as the grid
    assert game.labels == [labels[6]]  # (as labelled when played)


@pytest.mark.parametrize(
    "typed", ["recruit green bracelet: take slot 3: blue VP", "green bracelet: take SLOT 3", "8"]
)
def test_a_move_shown_in_the_grid_is_chosen_by_its_label_its_words_or_its_number(
    tmp_path: Path, typed: str
) -> None:
    import drakkar

    state = drakkar.load("knarr").new(4, seed=3, options={"first_player": 0})
    console = Console(record=True, width=80)
    seats = [HUMAN] + ["heuristic"] * 3
    game = TerminalGame(state, seats, {}, tmp_path / "g.json", console, scripted([typed]), pause=0)
    with pytest.raises(EOFError):
        game.run()
    assert "recruit <row>: take slot <column>" in console.export_text()
    assert game.labels == ["recruit green bracelet: take slot 3: blue VP"]


def test_labels_not_shaped_row_column_what_are_no_grid() -> None:
    assert label_grid(["play Books 1", "play Books 2", "stop swapping"]) is None
    one_row = ["recruit red VP: take slot 1: red VP", "recruit red VP: take slot 2: blue VP"]
    assert label_grid(one_row) is None
    # a column whose labels say different things of it cannot be headed by one of them
    odd = ["a: x 2: blue", "a: x 1: red", "b: x 1: green", "b: x 2: blue"]
    assert label_grid(odd) is None
    # the columns in the order of their numbers, not of the first row's labels
    even = ["a: x 10: red, paying", "a: x 2: blue, paying", "b: x 2: blue", "b: x 10: red"]
    found = label_grid(even)
    assert found is not None and found[1] == [0, 1, 2, 3]
    console = Console(record=True, width=80)
    console.print(found[0])
    rows = console.export_text().splitlines()
    assert rows[0] == "<row>: x <column> (type its number)"
    assert rows[1].split() == ["2", "10"] and rows[2].split() == ["blue", "red"]
    assert rows[3].split() == ["a", "2*", "1*"] and rows[4].split() == ["b", "3", "4"]
    # one mark for one note, however many labels add it
    assert rows[5].strip() == "* paying   all: the labels in full"


def test_table_shows_the_table_again_after_a_long_log(tmp_path: Path) -> None:
    import drakkar

    state = drakkar.load("knarr").new(4, seed=3, options={"first_player": 0})
    console = Console(record=True, width=80)
    seats = [HUMAN] + ["heuristic"] * 3
    game = TerminalGame(state, seats, {}, tmp_path / "g.json", console,
                        scripted(["?", "log", "table"]), pause=0)  # fmt: skip
    with pytest.raises(EOFError):
        game.run()
    out = console.export_text()
    assert "table (the table again" in " ".join(out.split())
    assert out.count("Knarr — seat 0 (human)") == 2 and not state.history
    assert "'table' names no choice" not in out


def test_after_a_wipe_the_tables_log_shows_again_what_was_printed_before(tmp_path: Path) -> None:
    # hot-seat clears the screen between people: what was printed above is gone from it
    import drakkar

    state = drakkar.load("gone-viking").new(3, seed=2)
    console = Console(record=True, width=80)
    game = TerminalGame(state, [HUMAN] * 3, {}, tmp_path / "g.json", console, scripted([]))
    first = state.events_for(0)[0]  # "3 players; seat 0 leads the first raid; ..."
    game.show_new_events(0)
    game.show_table(0)
    assert console.export_text(clear=True).count(first) == 1  # printed, not in the table
    game.wipe()
    game.show_table(0)
    assert first in console.export_text()


def test_a_table_too_tall_for_the_screen_is_compact_and_table_full_shows_it_whole(
    tmp_path: Path,
) -> None:
    # Knarr at four seats late in a game: the whole table and the choices took 56 lines, so
    # on a screen of 40 rows the person lost the board and the Destinations off the top
    import io

    from drakkar.games.knarr.render_test import late_game

    seats = [HUMAN] + ["heuristic"] * 3
    console = Console(file=io.StringIO(), force_terminal=True, width=80, height=40, record=True)
    game = TerminalGame(late_game(), seats, {}, tmp_path / "g.json", console,
                        scripted(["table full"]), pause=0)  # fmt: skip
    with pytest.raises(EOFError):
        game.run()
    out = console.export_text()
    compact, whole = out[out.index("╭") :].split("╭")[1:3]
    assert len(compact.splitlines()) + 1 <= 40  # the table, the choices, the prompt's line
    assert "compact to fit the screen; table full: the whole table" in compact
    assert "Board slot" in compact and "Player 3: 41 VP" in compact and "1 bracelet" in compact
    # the choices in as many columns as fit: a long label leaves room for a short column
    assert "  8 explore A05 paying 3 of different colours  11 trade 2 bracelets" in compact
    assert len(whole.splitlines()) + 1 > 50  # asked for whole, it is whole
    assert "Board: each slot's number" in whole and "compact to fit" not in whole
    assert "table full" in " ".join(game_help().split())
    # printed to a file (not a terminal) or on a screen it fits, the table is whole
    for rows in (None, 60):
        console = Console(record=True, width=80)
        game = TerminalGame(late_game(), seats, {}, tmp_path / "g.json", console,
                            scripted([]), pause=0, rows=rows)  # fmt: skip
        with pytest.raises(EOFError):
            game.run()
        out = console.export_text()
        assert "compact to fit" not in out and "Board: each slot's number" in out


class RenderBeforeCompact(HighCardGame):
    """High Card with a table taller than any screen, drawn by a `render(view, player)` written
    before the terminal asked for a compact table."""

    def render(self, view, player):  # type: ignore[override]
        return Text("\n".join(f"row {i}" for i in range(60)))


class RenderIgnoringCompact(HighCardGame):
    """The same table from a `render` that takes `compact` and ignores it."""

    def render(self, view, player, compact=False):
        return Text("\n".join(f"row {i}" for i in range(60)))


def test_a_render_without_compact_shows_the_table_whole_and_not_said_compact(
    tmp_path: Path,
) -> None:
    # the terminal asked every game's render for compact=True: one written before it raised
    # TypeError as soon as a table did not fit the screen; one that ignores it was said compact
    import io

    assert not takes_compact(RenderBeforeCompact().render)
    assert takes_compact(RenderIgnoringCompact().render) and takes_compact(HIGH_CARD.render)
    for game in (RenderBeforeCompact(), RenderIgnoringCompact()):
        state = game.new(2, seed=3, options={"rounds": 1})
        console = Console(file=io.StringIO(), force_terminal=True, width=80, height=40, record=True)
        session = TerminalGame(state, [HUMAN, "heuristic"], {1: HighestCardBot()},
                               tmp_path / "g.json", console, scripted(["1"]), pause=0)  # fmt: skip
        session.run()
        out = console.export_text()
        assert state.is_terminal() and "row 0" in out and "row 59" in out  # whole
        assert "compact to fit" not in out  # (the table is as tall as ever: not said compact)


def game_help() -> str:
    from drakkar.cli.terminal import HELP

    return HELP
