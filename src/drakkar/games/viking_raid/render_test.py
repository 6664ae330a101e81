"""The terminal picture shows a seat its hand, the table, the others and the log, and no more."""

from __future__ import annotations

from rich.console import Console

from drakkar.games.viking_raid import GAME
from drakkar.games.viking_raid.scenarios import deal, play


def text(view, player) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(GAME.render(view, player))
    return console.export_text()


def test_render_shows_hand_gold_ship_crew_damage_drawn_cards_and_log():
    s = deal(["Long Ship", "Near Village", "Carpenter", "Sail Maker", "Village", "Town", "City"],
             draws=["Far City"], encounters=["Rocks", "Livestock"])  # fmt: skip
    play(s, "discard Far City", "go raiding", "build Long Ship", "hire Carpenter", "done hiring",
         "sail for Near Village")  # fmt: skip
    out = text(s.view(0), 0)
    assert "your hand — 7 Gold" in out and "Sail Maker" in out and "City" in out
    assert "Long Ship" in out and "Carpenter*" in out and "Near Village (near 2)" in out
    assert "Rocks" in out and "Voyage" in out  # the Encounter cards drawn
    assert "player 0 sails for Near Village" in out  # the log
    assert "0 you" in out
    assert out.rindex("your hand") > out.rindex("player 0 sails for Near Village")  # last


def test_render_for_another_seat_hides_the_hand():
    s = deal(["Long Ship", "Near Village", "Carpenter", "Sail Maker", "Village", "Town", "City"],
             draws=["Far City"])  # fmt: skip
    out = text(s.view(1), 1)
    assert "Far City" not in out and "1 you" in out
    assert "your hand" in out and "Berserkers" in out  # seat 1's own filler hand
    assert "your hand" not in text(s.view(None), None)


def test_render_of_a_finished_game_names_the_winner():
    s = GAME.new(2, seed=2, options={"max_rounds": 1})
    while not s.is_terminal():
        labels = [s.action_label(a) for a in s.legal_actions()]
        play(s, "stay home" if "stay home" in labels else labels[0])
    assert "game over" in text(s.view(None), None)
