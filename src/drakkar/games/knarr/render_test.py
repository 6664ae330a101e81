"""The terminal picture shows the board, the Destinations, and every seat's crew and ship."""

from __future__ import annotations

from rich.console import Console

import drakkar
from drakkar.games.knarr.scenarios import deal, play, set_crew, set_hand, set_ship

GAME = drakkar.load("knarr")


def text_of(view, player) -> str:
    console = Console(width=140, record=True, color_system=None)
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
    assert "Your hand (player 0): VP (green)  RC (green)  BR (purple)" in out
    assert "artifacts: helmet" in out and "ship: trade - | RC | -" in out
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
