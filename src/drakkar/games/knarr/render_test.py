"""The terminal picture shows the board, the Destinations, and every seat's crew and ship, with
every Viking's colour in words (a terminal may show no colour), readable at 80 columns."""

from __future__ import annotations

from rich.console import Console
from rich.panel import Panel

import drakkar
from drakkar.games.knarr.cards import COLOURS, REPUTATION_VP, destination_line
from drakkar.games.knarr.render import short
from drakkar.games.knarr.scenarios import (
    deal,
    play,
    recruit,
    set_board,
    set_crew,
    set_hand,
    set_ship,
    set_tokens,
)

GAME = drakkar.load("knarr")


def text_of(view, player, width: int = 140) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(GAME.render(view, player))
    return console.export_text()


def test_render_shows_what_the_seat_may_see() -> None:
    s = deal(3, artifacts="helmet")
    set_crew(s, 1, ["red VP", "red bracelet", "blue reputation"])
    set_ship(s, 1, ["B27"])
    set_hand(s, 0, ["green VP", "green recruit", "purple bracelet"])
    out = text_of(s.view(0), 0)
    assert "Board" in out and "1 red" in out and "5 purple" in out
    assert "B27: trade - | - | VP" in out  # on player 1's ship
    for d in s.view(0)["destinations"]:
        assert d in out
    assert "Player 1: 0 VP · reputation 0 (+0/turn) · 1 RC · 1 BR" in out
    assert "Your hand (player 0): green VP, green RC, purple BR" in out
    assert "artifacts: helmet" in out and "normal ships trade - | RC | -" in out
    spectator = text_of(s.view(None), None)
    assert "Your hand" not in spectator


def test_render_while_paying_and_at_the_end() -> None:
    s = deal(3, destination_stack=["A20", "B27"])
    set_crew(s, 0, ["red VP", "red bracelet"])
    out = text_of(s.view(0), 0)
    assert "A20  cost 2 red  gain BR  trade VP | VP | -" in out
    assert "B27  cost 3 purple 2 red  gain 8VP CARD  trade - | - | VP" in out
    play(s, "explore A20 paying 2 red", "pay a red VP viking")
    assert "Paying for A20 (2 red): 1 to go" in text_of(s.view(0), 0)
    s.vp[0] = 45
    assert "LAST ROUND" in text_of(s.view(0), 0)


def test_the_board_names_each_slots_viking_by_colour_and_icon_without_colour() -> None:
    # the reported game: slot 4 (the blue slot) held a green recruit, shown as a bare "RC"
    s = deal(3)
    set_board(s, ["red VP", "yellow VP", "green VP", "green recruit", "purple reputation"])
    lines = text_of(s.view(0), 0, width=80).splitlines()
    at = next(i for i, x in enumerate(lines) if x.startswith("Board"))
    assert lines[at + 1].split() == [
        "1",
        "red",
        "2",
        "yellow",
        "3",
        "green",
        "4",
        "blue",
        "5",
        "purple",
    ]
    assert lines[at + 2].split() == ["red", "VP", "yellow", "VP", "green", "VP", "green", "RC", "purple", "REP"]  # fmt: skip
    # each Viking stands under its slot's heading
    assert lines[at + 2].index("green RC") == lines[at + 1].index("4 blue")


def test_seen_cards_are_shown_for_other_hands_only() -> None:
    s = deal(3)
    set_board(s, ["blue bracelet", None, None, None, None])
    set_hand(s, 0, ["red VP", "yellow VP", "green VP"])
    play(s, recruit(s, "red VP", 1))
    mine = text_of(s.view(0), 0)
    assert "(seen" not in mine and "Your hand (player 0): yellow VP, green VP, blue BR" in mine
    assert "hand 3 (seen: blue BR)" in text_of(s.view(1), 1)
    assert "hand 3 (seen: blue BR)" in text_of(s.view(None), None)


def test_the_ship_cards_trade_is_said_once_not_under_every_seat() -> None:
    # four seats repeated "ship: trade - | RC | -", a line each under their Destinations
    for side, trade in (("normal", "- | RC | -"), ("advanced", "VP | - | BR")):
        s = deal(4, ship=side)
        for p in range(4):
            set_ship(s, p, [f"A0{p + 1}", f"B{27 + p}"])
        out = text_of(s.view(0), 0, width=80)
        assert out.count(f"{side} ships trade {trade}") == 1 and "ship: trade" not in out
        rows = out.splitlines()
        for p in range(4):  # the title, the columns' names, a line for each Destination
            top = next(i for i, r in enumerate(rows) if r.startswith(f"Player {p}"))
            assert f"A0{p + 1}: trade" in rows[top + 2] and f"B{27 + p}: trade" in rows[top + 3]
            assert rows[top + 4].startswith(("Player", "Your hand"))


def test_at_80_columns_no_line_is_too_wide_or_ends_with_a_dot() -> None:
    s = deal(4, artifacts="mead-cup+random")
    set_tokens(s, 1, vp=45, rep=14, rc=3, br=3)  # long seat lines and LAST ROUND
    set_board(s, ["purple reputation", "yellow reputation", None, None, None])
    for viewer in (0, 1, None):
        for line in text_of(s.view(viewer), viewer, width=80).splitlines():
            assert len(line) <= 80 and not line.rstrip().endswith("·"), line
        for line in compact_text(s.view(viewer), viewer).splitlines():
            assert len(line) <= 80 and not line.rstrip(" │").endswith("·"), line


def test_info_gives_each_artifact_in_play_and_how_a_turn_goes_at_80_columns() -> None:
    game = drakkar.load("knarr")
    console = Console(width=80, record=True, color_system=None)
    console.print(game.info(game.new(3, 1, {"artifacts": "mead-cup+random"}).view(0), 0))
    out = console.export_text()
    assert "…" not in out  # nothing cut
    flat = " ".join(out.replace("│", " ").split())
    assert "Mead Cup" in flat and "you may discard one of the five face-up board Vikings" in flat
    assert "reputation scores 0-2: 0, 3-5: 1, 6-9: 2, 10-13: 3, 14: 5 a turn" in flat
    assert "reaches 40 VP the round is played out" in flat
    console = Console(width=80, record=True, color_system=None)
    console.print(game.info(game.new(3, 1).view(0), 0))
    assert "No Artifacts in this game" in console.export_text()


def late_game(players: int = 4):
    """Four seats late in a game: tall crews, full ships, hands partly seen, the last round."""
    s = deal(players, artifacts="mead-cup+random")
    kinds = ["VP", "bracelet", "recruit", "reputation"]
    for p in range(players):  # (each kind of Viking once over the four crews, and a few more)
        crew = [f"{c} {kinds[(i + p) % 4]}" for i, c in enumerate(COLOURS)]
        set_crew(s, p, crew + [f"{COLOURS[p]} VP", f"{COLOURS[p + 1]} VP"])
        set_ship(s, p, [f"A0{p + 1}", f"A1{p + 1}", f"B{21 + 2 * p}", f"B{22 + 2 * p}"])
        set_tokens(s, p, vp=30 + 3 * p, rep=4 * p, rc=p % 4, br=3 - p % 4)
    s.known = [list(s.hands[p][:2]) for p in range(players)]
    s.vp[3] = 41  # LAST ROUND
    return s


def compact_text(view, player, width: int = 80) -> str:
    """As the terminal frames the compact table."""
    console = Console(width=width, record=True, color_system=None)
    console.print(Panel(GAME.render(view, player, compact=True)))
    return console.export_text()


def test_compact_says_a_tall_late_game_in_fewer_lines_and_leaves_nothing_out() -> None:
    # four seats late in a game took 45 lines framed: with the choices beneath (up to 16
    # lines), the top of the table (the board, the Destinations) scrolled off 50 rows
    s = late_game()
    view = s.view(0)
    whole = text_of(view, 0, width=78).splitlines()
    out = compact_text(view, 0)
    lines = out.splitlines()
    assert len(whole) + 2 == 45 and len(lines) == 29  # (the frame's two lines counted)
    assert all(len(line) <= 80 and not line.rstrip(" │").endswith("·") for line in lines)
    words = " ".join(out.replace("│", " ").split())
    assert "LAST ROUND" in words and "VP BR RC REP CARD: type info" in words  # (the key)
    assert "artifacts: " + ", ".join(view["artifacts"]) in words
    board = " ".join(short(v) for v in view["board"])
    slots = next(line for line in lines if "Viking in it" in line)
    assert " ".join(slots.strip(" │").split()[3:]) == board
    assert "Board slot 1 red 2 yellow 3 green 4 blue 5 purple" in words
    assert f"Viking deck {view['viking_deck']}, discard {len(view['discard'])}" in words
    assert f"Destination decks A {view['deck_a']}, B {view['deck_b']}" in words
    for d in view["destinations"]:
        assert d in out  # a line each, as in the whole table
    for p, seat in enumerate(view["seats"]):
        rep = seat["reputation"]
        assert f"{seat['score']} VP · reputation {rep} (+{REPUTATION_VP[rep]}/turn)" in words
        assert f"· {seat['recruits']} RC · {seat['bracelets']} BR" in words
        for colour, column in zip(COLOURS, seat["crew"], strict=True):
            # the Vikings of each column, top first, as the whole table stacks them
            assert f"{colour} {' '.join(short(n).split()[1] for n in column)}" in words
        for d in seat["ship"]:
            assert f"{d} {destination_line(d).split('trade ')[1]}" in words
        if p:  # the hands seen, and your own hand in your seat's line
            seen = ", ".join(short(n) for n in seat["known_hand"])
            assert f"Player {p}: " in words and f"hand 3 (seen: {seen})" in words
    assert "Player 0 (you) <: 30 VP" in words
    assert "your hand: " + ", ".join(short(n) for n in view["hand"]) in words
    assert "Your hand" not in words and "Your hand" in text_of(view, 0)  # (said once)
