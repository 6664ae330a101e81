"""The CLI, driven on the toy game (registered for records, not listed by `drakkar games`)."""

from __future__ import annotations

import inspect
import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from drakkar.cli import app
from drakkar.cli.conftest import scripted
from drakkar.cli.play import parse_seats
from drakkar.cli.terminal import HUMAN, Quit, TerminalGame, label_grid
from drakkar.engine.record import Record
from drakkar.engine.registry import games as registered_games
from drakkar.engine.toy import HIGH_CARD, HighestCardBot

runner = CliRunner()


def test_a_person_plays_by_number_and_label_and_bad_input_reprompts(tmp_path: Path) -> None:
    state = HIGH_CARD.new(2, seed=3, options={"stack": "9,8,7,1,2,3"})
    console = Console(record=True, width=200)
    save = tmp_path / "g.json"
    game = TerminalGame(
        state,
        [HUMAN, "heuristic"],
        {1: HighestCardBot()},
        save,
        console,
        scripted(["", "7", "-1", "0", "play 1", "?", "1", "play 8", "PLAY  9"]),
        pause=0,
    )
    final = game.run()
    out = console.export_text()
    for k in ("7", "-1", "0"):  # every number out of range is told the same way
        assert f"there is no choice {k}; choose 1 to 3" in out
    # refused in a line: the choices are listed beneath it anyway, so it does not list them
    assert "'play 1' names no choice: type its number (1 to 3) or words of its label\n" in out
    assert "Type the number of an action" in out
    assert final.is_terminal()
    assert [final.action_label(a) for a in final.history[0::2]] == ["play 7", "play 8", "play 9"]
    rec = Record.load(save)
    assert rec.actions == tuple(final.history) and rec.seats == (HUMAN, "heuristic")
    assert "Final scores" in out and "won" in out


def test_quitting_keeps_the_record_and_resume_carries_on(tmp_path: Path) -> None:
    state = HIGH_CARD.new(2, seed=3)
    save = tmp_path / "g.json"
    game = TerminalGame(
        state,
        [HUMAN, "heuristic"],
        {1: HighestCardBot()},
        save,
        Console(width=100, file=open(tmp_path / "out", "w")),
        scripted(["1", "quit"]),
        pause=0,
    )
    with pytest.raises(Quit):
        game.run()
    rec = Record.load(save)
    assert len(rec.actions) == 2  # our move, then the bot's
    result = runner.invoke(app, ["replay", str(save), "--all"])
    assert result.exit_code == 0, result.output
    assert "The game is not over" in result.output


def test_hot_seat_hands_over_between_people(tmp_path: Path) -> None:
    state = HIGH_CARD.new(2, seed=3, options={"rounds": 1})
    console = Console(record=True, width=200)
    game = TerminalGame(
        state,
        [HUMAN, HUMAN],
        {},
        tmp_path / "g.json",
        console,
        scripted(["", "1", "", "1"]),
        pause=0,
    )
    game.wipe = lambda: console.print("<<wiped>>")  # type: ignore[method-assign]
    game.run()
    text = console.export_text()
    assert "Pass to seat 1" in text
    # seat 0's hand is wiped before seat 1 is asked to take the screen
    before = text[: text.index("Pass to seat 1")]
    assert before.rstrip().endswith("<<wiped>>") or "<<wiped>>" in before.splitlines()[-2:]


def test_parse_seats() -> None:
    assert parse_seats(None, 3, "heuristic") == [HUMAN, "heuristic", "heuristic"]
    assert parse_seats(["0=random", "2=hard"], 3, "easy") == ["random", "easy", "hard"]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["play", "chess"], "no game called 'chess'"),
        (["play", "high-card", "--players", "9"], "takes 2 to 3 players"),
        (["play", "high-card", "--seat", "5=random"], "seats run from 0 to 1"),
        (["play", "high-card", "--seat", "x"], "SEAT=AGENT"),
        (["play", "high-card", "--seat", "1=wizard"], "--seat 1=wizard: no agent called 'wizard'"),
        (["play", "high-card", "-o", "rounds"], "key=value"),
        (["play", "high-card", "-o", "rounds=7"], "'rounds'"),
        (["play"], "name a game"),
        (["rules", "chess"], "no game called"),
        (["bench", "chess"], "no game called"),
        # a negative seed was a traceback from the first game dealt
        (["bench", "high-card", "--seed", "-5"], "greater than or equal to 0"),
        (["play", "high-card", "--seed", "-1"], "'seed': expected a whole number 0 or above"),
        (["replay", "nothing.json"], "cannot read record"),
        # what was typed is quoted as text: "[/]" gave a MarkupError traceback, "[bold]" vanished
        (["rules", "[bold]chess"], "no game called '[bold]chess'"),
        (["replay", "[/].json"], "cannot read record '[/].json'"),
    ],
)
def test_bad_command_lines_get_clear_errors(args: list[str], says: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert says in result.output


def test_play_all_bots_to_the_end_from_the_command_line(tmp_path: Path) -> None:
    save = tmp_path / "bots.json"
    result = runner.invoke(
        app,
        [
            "play",
            "high-card",
            "--seat",
            "0=random",
            "--seed",
            "4",
            "--pause",
            "0",
            "--save",
            str(save),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output
    assert Record.load(save).replay().is_terminal()
    again = runner.invoke(app, ["replay", str(save), "--all", "--as", "0"])
    assert again.exit_code == 0 and "Result" in again.output
    assert json.loads(save.read_text())["labels"][0].startswith("play ")


def test_the_first_lines_of_a_game_say_where_its_rules_are(tmp_path: Path) -> None:
    args = ["--seat", "0=random", "--players", "2", "--pause", "0", "--save"]
    result = runner.invoke(app, ["play", "viking-raid", *args, str(tmp_path / "vr.json")])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "Type ? for help. The rules: drakkar rules viking-raid. Every move is saved" in said
    toy = runner.invoke(app, ["play", "high-card", *args, str(tmp_path / "hc.json")]).output
    assert "drakkar rules" not in toy  # High Card has no rules page to point to


def test_bench_and_games_commands_run() -> None:
    result = runner.invoke(app, ["bench", "high-card", "--seconds", "0.2"])
    assert result.exit_code == 0, result.output
    assert "actions/s" in result.output and "clone() mean" in result.output
    assert runner.invoke(app, ["games"]).exit_code == 0


def test_cards_validates_the_shipped_set_and_names_errors_in_a_broken_one(tmp_path: Path) -> None:
    import shutil

    import drakkar.games.villainous_vikings as vv

    result = runner.invoke(app, ["cards", "villainous-vikings", "--type", "captain"])
    assert result.exit_code == 0, result.output
    assert "8 cards, all valid" in result.output
    data = Path(vv.__file__).parent / "data"
    # where the shipped set is, to copy for a set of one's own (a pip install has no src/)
    assert f"The shipped set is the folder {data}: copy it" in result.output
    broken = tmp_path / "set"
    shutil.copytree(data, broken)
    text = (broken / "locations.toml").read_text().replace("gold = 2", 'gold = "two"', 1)
    (broken / "locations.toml").write_text(text)
    result = runner.invoke(app, ["cards", "villainous-vikings", "--path", str(broken)])
    assert result.exit_code == 2
    assert "locations.toml" in result.output and "'gold'" in result.output
    assert runner.invoke(app, ["cards", "knarr"]).exit_code == 2
    result = runner.invoke(app, ["cards", "villainous-vikings", "--type", "dragon"])
    said = " ".join(result.output.split())
    assert result.exit_code == 2 and "the types are Captain, Location, Hero" in said


@pytest.mark.parametrize("kind", [None, "Location", "Captain"])
def test_the_card_table_cuts_no_word_at_80_columns(kind: str | None) -> None:
    from drakkar.cli.cards import card_table
    from drakkar.games.villainous_vikings.cards import table_rows

    rows = [r for r in table_rows(None) if kind in (None, r["type"])]
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(card_table(rows, "cards", show_type=kind is None))
    out = console.export_text()
    words = set(out.split())
    for r in rows:
        shown = [v for k, v in r.items() if kind is None or k != "type"]  # (the title says it)
        cut = [w for value in shown for w in value.split() if w not in words]
        assert not cut, (r["id"], cut)  # "Locatio" / "n" once
    assert "…" not in out and max(map(len, out.splitlines())) <= 80


def test_bench_can_time_in_cpu_seconds() -> None:
    result = runner.invoke(app, ["bench", "high-card", "--seconds", "0.2", "--cpu-time"])
    assert result.exit_code == 0, result.output
    assert "CPU time" in result.output and "actions/s" in result.output


def _finished_record(tmp_path: Path) -> Path:
    save = tmp_path / "done.json"
    args = ["play", "high-card", "--seat", "0=random", "--seed", "4", "--pause", "0"]
    assert runner.invoke(app, [*args, "--save", str(save)]).exit_code == 0
    return save


def test_bad_files_and_paths_get_clear_errors_and_nothing_is_overwritten(tmp_path: Path) -> None:
    done = _finished_record(tmp_path)
    kept = done.read_text()
    data = json.loads(kept)
    (tmp_path / "seats.json").write_text(json.dumps(data | {"seats": ["human"]}))
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00\x01")
    (tmp_path / "bigint.json").write_text(kept.replace('"seed": 4', '"seed": ' + "9" * 5000))
    (tmp_path / "file").write_text("")
    cases = [
        (["replay", str(tmp_path / "seats.json")], "'seats' names 1 seats for 2 players"),
        (["replay", str(tmp_path / "binary.json")], "is not text"),
        (["replay", str(tmp_path / "bigint.json")], "not a JSON record this drakkar reads"),
        (["play", "high-card", "--save", str(done)], "the file exists"),
        (["play", "high-card", "--save", str(tmp_path)], "is a folder"),
        (["play", "--resume", str(done)], "is over; see it with: drakkar replay"),
        (["play", "knarr", "--resume", str(done), "--seed", "3"], "leave out GAME, --seed"),
        (["play", "high-card", "--seat", "\u00b2=random"], "SEAT=AGENT"),
        (["simulate", "high-card", "-n", "4", "--out", str(tmp_path / "file")], "cannot write"),
        (["simulate", "high-card", "-n", str(10**12)], "at most 50,000,000 games"),
        (["serve", "--port", "99999"], "a port runs from 0 to 65535"),
    ]
    for args, says in cases:
        result = runner.invoke(app, args)
        said = " ".join(result.output.split())  # (a long path wraps the line)
        assert result.exit_code == 2 and says in said, (args, said)
        assert result.exception is None or isinstance(result.exception, SystemExit)
    assert done.read_text() == kept  # not overwritten, not resumed


def test_a_seat_may_be_given_to_a_person_in_any_case() -> None:
    assert parse_seats(["1=HUMAN"], 2, "easy") == [HUMAN, HUMAN]


def test_a_non_ascii_digit_at_the_prompt_is_asked_again(tmp_path: Path) -> None:
    state = HIGH_CARD.new(2, seed=3, options={"rounds": 1})
    console = Console(record=True, width=200)
    game = TerminalGame(
        state, [HUMAN, "random"], {1: HighestCardBot()}, tmp_path / "g.json", console,
        scripted(["\u00b2", "1"]), pause=0,
    )  # fmt: skip
    game.run()
    assert "'\u00b2' names no choice" in " ".join(console.export_text().split())
    assert state.is_terminal()


def test_resuming_a_record_with_a_bad_bot_names_the_record(tmp_path: Path) -> None:
    state = HIGH_CARD.new(2, seed=3)
    state.apply(state.legal_actions()[0])
    Record.from_state(state, seats=(HUMAN, "godlike")).save(tmp_path / "g.json")
    result = runner.invoke(app, ["play", "--resume", str(tmp_path / "g.json")])
    # Rich may wrap a long temporary path anywhere, even before the colon: compare bare text
    said = "".join(result.output.split())
    assert result.exit_code == 2
    wanted = f"{tmp_path / 'g.json'}: its 'seats' entry for seat 1: no agent called 'godlike'"
    assert "".join(wanted.split()) in said


def test_markup_typed_at_the_prompt_is_shown_as_text_not_read_as_style(tmp_path: Path) -> None:
    # "[/]" once raised rich.errors.MarkupError; "[red]x" was shown as "x"
    state = HIGH_CARD.new(2, seed=3, options={"rounds": 1})
    console = Console(record=True, width=200)
    game = TerminalGame(
        state, [HUMAN, "random"], {1: HighestCardBot()}, tmp_path / "g.json", console,
        scripted(["[/]", "[red]x", "1"]), pause=0,
    )  # fmt: skip
    game.run()
    said = " ".join(console.export_text().split())
    assert "'[/]' names no choice" in said and "'[red]x' names no choice" in said
    assert state.is_terminal()


def test_help_log_and_hint_ask_again_without_an_error(tmp_path: Path) -> None:
    state = HIGH_CARD.new(2, seed=3, options={"rounds": 1})
    console = Console(record=True, width=200)
    game = TerminalGame(
        state, [HUMAN, "random"], {1: HighestCardBot()}, tmp_path / "g.json", console,
        scripted(["?", "log", "hint", "1"]), pause=0,
    )  # fmt: skip
    game.run()
    out = console.export_text()
    assert "Type the number of an action" in out and "No hint" in out
    assert "choose an action" not in out
    assert state.is_terminal()


def test_a_hint_numbers_its_moves_as_the_list_of_choices_does(tmp_path: Path) -> None:
    state = HIGH_CARD.new(2, seed=3, options={"stack": "9,8,7,1,2,3"})
    console = Console(record=True, width=100)
    game = TerminalGame(
        state, [HUMAN, "random"], {1: HighestCardBot()}, tmp_path / "g.json", console,
        scripted(["hint", "2", "1", "1"]), pause=0,
        hint=lambda s, p: [(s.legal_actions()[i], share) for i, share in ((1, .7), (2, .2), (0, .1))],
    )  # fmt: skip
    game.run()
    out = console.export_text()
    shown = out.split("What the hard bot would play")[1].splitlines()[1:4]
    assert [line.split() for line in shown] == [
        ["2", "70%", "play", "8"],
        ["3", "20%", "play", "9"],
        ["1", "10%", "play", "7"],
    ]


def test_ctrl_c_while_a_hint_is_thought_stops_the_hint_not_the_game(tmp_path: Path) -> None:
    def interrupted(state: object, p: int) -> list[tuple[int, float]]:
        raise KeyboardInterrupt  # the person pressed Ctrl-C during "thinking ..."

    state = HIGH_CARD.new(2, seed=3, options={"rounds": 1})
    console = Console(record=True, width=100)
    game = TerminalGame(
        state, [HUMAN, "random"], {1: HighestCardBot()}, tmp_path / "g.json", console,
        scripted(["hint", "1"]), pause=0, hint=interrupted,
    )  # fmt: skip
    game.run()  # once: KeyboardInterrupt, so "Saved. Carry on with ..." and the game was over
    assert "No hint: stopped." in console.export_text() and state.is_terminal()


def test_hot_seat_is_refused_where_the_screen_cannot_be_cleared(tmp_path: Path) -> None:
    # CliRunner's output is not a terminal, as under TERM=dumb: the last hand would stay
    result = runner.invoke(
        app, ["play", "high-card", "--seat", "1=human", "--save", str(tmp_path / "g.json")]
    )
    said = " ".join(result.output.split())
    assert result.exit_code == 2 and "hot-seat play needs a terminal that can clear" in said
    assert not (tmp_path / "g.json").exists()


@pytest.mark.parametrize("pause", ["inf", "1e300", "61"])
def test_a_pause_past_a_minute_is_refused(tmp_path: Path, pause: str) -> None:
    result = runner.invoke(app, ["play", "high-card", "--pause", pause])
    assert result.exit_code == 2 and "--pause" in result.output


def test_news_the_table_shows_anyway_is_not_printed_twice(tmp_path: Path) -> None:
    state = HIGH_CARD.new(2, seed=3)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    lines = state.events_for(0)
    assert len(lines) >= 2
    console = Console(record=True, width=200)
    game = TerminalGame(state, [HUMAN, "random"], {}, tmp_path / "g.json", console, scripted([]))
    game.show_new_events(0, skip=["something older", *lines[-1:]])
    shown = [row.strip() for row in console.export_text().splitlines()]
    assert shown == [f"· {x}" for x in lines[:-1]]
    game.show_new_events(0)
    assert console.export_text() == ""  # all of it counts as shown


def test_many_choices_are_laid_side_by_side(tmp_path: Path) -> None:
    import drakkar

    state = drakkar.load("knarr").new(3, seed=1)
    legal = state.legal_actions()
    assert len(legal) > 8
    console = Console(record=True, width=200)
    game = TerminalGame(state, [HUMAN] * 3, {}, tmp_path / "g.json", console, scripted([]))
    game.show_legal(legal)
    shown = console.export_text().splitlines()
    assert len(shown) < len(legal)
    labels = [state.action_label(a) for a in legal]
    grid = label_grid(labels)  # the recruits, as a grid of numbers ("7*")
    assert grid is not None
    cells = {word.rstrip("*+^#") for row in shown for word in row.split()}
    for i, label in enumerate(labels, 1):
        assert str(i) in cells if i - 1 in grid[1] else any(f"{i:>2} {label}" in r for r in shown)


# Moves whose news a spectator reads later: a Gone Viking! play is logged whole when closed (its
# cards show on the table as they are added), a swap and a God laid face down are secret, a
# Knarr explore is named by the payments that follow it.
QUIET = {"gone-viking": ("play ", "swap ", "lay "), "knarr": ("explore ",)}


@pytest.mark.parametrize("name", [g.name for g in registered_games()])
def test_every_other_move_leaves_a_line_in_a_spectators_log(name: str) -> None:
    # else `drakkar replay` shows a public move ("end turn", "done hiring") as nothing at all
    import random

    import drakkar

    game = drakkar.load(name)
    rng = random.Random(3)
    for seed in range(6):
        state = game.new(game.default_players, seed)
        bots = [game.heuristic_agent(i) for i in range(state.num_players)]
        while not state.is_terminal():
            p = state.current_player
            assert p is not None
            a = bots[p].act(state, p) if rng.random() < 0.7 else rng.choice(state.legal_actions())
            label, before = state.action_label(a), len(state.events_for(None))
            state.apply(a)
            quiet = label.startswith(QUIET.get(name, ()))
            assert quiet or len(state.events_for(None)) > before, f"{name}: {label!r} left no line"


def test_a_bad_bot_level_and_a_bad_record_are_named_as_given(tmp_path: Path) -> None:
    said = runner.invoke(app, ["play", "high-card", "--bots", "grandmaster"]).output
    assert "--bots grandmaster: no agent called 'grandmaster'" in " ".join(said.split())
    assert "seat 1" not in said
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    for args in (["replay", str(bad)], ["play", "--resume", str(bad)]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and f"{bad}:missing" in "".join(result.output.split())


def test_games_shows_defaults_as_they_are_typed() -> None:
    out = runner.invoke(app, ["games"]).output
    assert "(none)" in out and "()" not in out and "'normal'" not in out


def test_enter_plays_the_only_move(tmp_path: Path) -> None:
    state = HIGH_CARD.new(2, seed=3, options={"rounds": 1, "stack": "9,8"})
    console = Console(record=True, width=200)
    game = TerminalGame(state, [HUMAN, "random"], {1: HighestCardBot()}, tmp_path / "g.json",
                        console, scripted([""]), pause=0)  # fmt: skip
    assert len(state.legal_actions()) == 1
    game.run()
    assert state.is_terminal() and "the only move: press Enter" in console.export_text()


def test_the_hint_keeps_a_long_label_on_one_line_at_80_columns(tmp_path: Path) -> None:
    from drakkar.games.knarr.scenarios import deal, labels, set_board, set_hand

    state = deal(2)  # Knarr's Recruits have the longest labels
    set_hand(state, 0, ["purple bracelet", "red recruit", "yellow VP"])
    set_board(state, ["red VP", "yellow VP", "blue VP", "green recruit", "purple VP"])
    long = "recruit purple bracelet: take slot 4: green RC, paying a recruit token"
    legal = state.legal_actions()
    picks = [legal[labels(state).index(long)], legal[0]]
    console = Console(record=True, width=80, color_system=None)
    game = TerminalGame(
        state, [HUMAN, "random"], {}, tmp_path / "g.json", console,
        scripted(["hint"]), pause=0, hint=lambda s, p: [(picks[0], 0.6), (picks[1], 0.4)],
    )  # fmt: skip
    with pytest.raises(EOFError):
        game.human_turn(0)
    lines = console.export_text().splitlines()
    number = str(legal.index(picks[0]) + 1)
    assert any(x.split() == [number, "60%", *long.split()] for x in lines), lines


def test_a_word_too_long_for_its_line_breaks_only_after_an_underscore() -> None:
    from drakkar.cli.rules import breaks

    text = "see [test_hand_limit_is_checked_after_every_draw] ok and more"
    for width in (12, 20, 30, 40):
        cuts = [0, *breaks(text, width), len(text)]
        lines = [text[a:b] for a, b in zip(cuts, cuts[1:], strict=False)]
        assert "".join(lines) == text and all(len(line.rstrip()) <= width for line in lines)
        for a in cuts[1:-1]:  # between words, or inside the long one after an underscore
            assert text[a - 1] in " _", (width, lines)
        assert lines[0] == "see ", lines  # the long word begins a line of its own
    assert breaks("short words only", 80) == []


@pytest.mark.parametrize("game", [g.name for g in registered_games()])
def test_rules_pages_cut_no_test_name_at_80_columns(game: str) -> None:
    import re

    from drakkar.cli.rules import RulesPage
    from drakkar.engine.registry import load

    page = load(game).rules_page()
    assert page is not None
    source = page.read_text()
    names = set(re.findall(r"\w+", source))
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(RulesPage(source))
    out = console.export_text()
    assert out.count("…") == source.count("…")  # no cell cut short with an ellipsis
    for bit in re.findall(r"\w+", out):  # a name whole, or broken after an underscore
        if "_" in bit and bit not in names and not bit.endswith("_"):
            assert any(n.endswith("_" + bit) for n in names), f"{bit!r} is cut"


def test_a_record_path_is_printed_as_typed_not_read_as_markup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "[/]" in a path raised a MarkupError once the game had begun; "[red]" vanished, so the
    # file the person was told to resume was not the one saved
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x[").mkdir()
    for save in ("x[/]bots.json", "[red]bots.json"):
        args = ["play", "high-card", "--seat", "0=random", "--pause", "0", "--save", save]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert f"Every move is saved to {save}" in result.output
        assert f"Saved to {save} (replay: drakkar replay {save})" in result.output
    record = json.loads((tmp_path / "[red]bots.json").read_text())
    record["seats"] = ["[/]", "random"]  # a seat as a record may name it
    (tmp_path / "[red]bots.json").write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", "[red]bots.json", "--all"])
    assert result.exit_code == 0, result.output
    assert "│ [/]" in result.output
    stepped = runner.invoke(app, ["replay", "[red]bots.json", "--as", "0"], input="q\n")
    assert stepped.exit_code == 0 and "seat 0 ([/])" in stepped.output, stepped.output
    state = HIGH_CARD.new(2, seed=3)
    state.apply(state.legal_actions()[0])
    Record.from_state(state).save(tmp_path / "[red]part.json")
    result = runner.invoke(app, ["replay", "[red]part.json", "--all"])
    assert "drakkar play --resume [red]part.json" in " ".join(result.output.split())


def test_every_command_is_summed_up_in_one_line_of_help() -> None:
    # drakkar --help lists each command by its docstring's first paragraph, keeping its line
    # breaks: 'seat advantage (chi-square test),' then 'game lengths' on a line of its own
    # (and so does `drakkar COMMAND --help` after the first paragraph: one line a paragraph)
    for command in app.registered_commands:
        paragraphs = inspect.getdoc(command.callback).split("\n\n")  # type: ignore[union-attr]
        assert all("\n" not in p for p in paragraphs), command.callback.__name__


@pytest.mark.parametrize("value", ["[/x]", "[red]7"])
def test_an_error_shows_what_was_typed_even_when_it_looks_like_markup(value: str) -> None:
    # an error names the bad input as given: brackets are text, not Rich style tags
    result = runner.invoke(app, ["play", "high-card", "-o", f"stack={value}"])
    assert result.exit_code == 2, result.output
    assert value in result.output
