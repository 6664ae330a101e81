"""The terminal picture shows a seat its hand, the table, the others and the log, and no more;
in 80 columns it cuts nothing short."""

from __future__ import annotations

import io
import re

from rich.console import Console
from rich.panel import Panel

from drakkar.games.viking_raid import GAME
from drakkar.games.viking_raid.scenarios import deal, others_stay_home, play


def text(view, player, width=140) -> str:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    # framed as drakkar play frames it (cli/terminal.py's show_table)
    console.print(Panel(GAME.render(view, player), title="Viking Raid — seat 0 (human)"))
    return console.export_text()


def far_city_raid():
    """Seat 0 home from Far City's plunder with every special Crew spent: 18 cards this turn."""
    s = deal(["Serpent Ship", "Far City", "Navigator", "Carpenter", "Sail Maker", "Berserkers",
              "Near Monastery"], draws=["Town"], players=3, encounters=[
        "Lost", "Rocks", "Storm", "Livestock",  # the voyage: each Crew card acts
        "Peasants Militia", "Knights", "Garrison", "Coins", "Coins", "Lost", "Storm",  # pillage
        "Artifacts", "Artifacts", "Women Captives", "Rocks", "Knights", "Coins", "Livestock",
        "Livestock", "Livestock", "Women Captives", "Women Captives",  # the return
    ])  # fmt: skip
    play(s, "discard Town", "go raiding", "build Serpent Ship", "hire Navigator",
         "hire Carpenter", "hire Sail Maker", "hire Berserkers", "sail for Far City")  # fmt: skip
    others_stay_home(s)
    play(s, "attack by surprise")
    return s


def test_render_shows_hand_gold_ship_crew_damage_drawn_cards_and_log():
    s = deal(["Long Ship", "Near Village", "Carpenter", "Sail Maker", "Village", "Town", "City"],
             draws=["Far City"], encounters=["Rocks", "Livestock"])  # fmt: skip
    play(s, "discard Far City", "go raiding", "build Long Ship", "hire Carpenter", "done hiring",
         "sail for Near Village")  # fmt: skip
    out = text(s.view(0), 0)
    assert "your hand, 7 Gold" in out and "Sail Maker" in out and "City" in out
    assert "Long 20" in out and "C*" in out and "Near Village 2" in out
    assert "Rocks: the Carpenter patches the hull" in out  # the Encounter cards drawn
    assert "player 0 sails for Near Village" in out  # the log
    assert "0 you" in out
    assert out.rindex("your hand") > out.rindex("player 0 sails for Near Village")  # last


def test_the_heading_says_why_a_card_must_be_discarded():
    # eight cards and a list of "discard ..." choices, with the heading's bare "(discard)": a
    # newcomer could not tell why; the log says "(hand limit)" only after the discard
    s = deal(["Long Ship", "Near Village", "Carpenter", "Sail Maker", "Village", "Town", "City"],
             draws=["Far City"])  # fmt: skip
    head = text(s.view(0), 0, width=80).splitlines()[1]
    assert "player 0's turn (discard to 7 cards)" in head
    play(s, "discard Far City")
    assert "player 0's turn (declare)" in text(s.view(0), 0, width=80).splitlines()[1]


def test_a_turn_that_cannot_raid_says_why_by_the_hand():
    # "stay home (the only move: press Enter)" said nothing of the ruling; the hand's title
    # does, exactly when "go raiding" is not offered (random games, every seat's declaration)
    import random

    rng, seen = random.Random(5), set()
    for seed in range(40):
        s = GAME.new(3, seed)
        while not s.is_terminal():
            p = s.turn
            if s.current_player == p and s.view(p)["step"] == "declare":
                title = text(s.view(p), p, width=80).split("your hand, ")[1].split("─")[0]
                can = "go raiding" in map(s.action_label, s.legal_actions())
                why = title.partition("no raid: ")[2].strip()
                assert can == (why == ""), (title, s.view(p)["hand"])
                seen.add(why)
            s.apply(rng.choice(s.legal_actions()))
    assert seen >= {"", "no Ship", "no Destination"}, seen
    poor = deal(["Long Ship", "Near Village", "Carpenter", "Sail Maker", "Village", "Town", "City"],
                draws=["Far City"])  # fmt: skip
    play(poor, "discard Far City")
    poor.gold[0] = 1  # (a Long Ship costs 2)
    assert poor.legal_actions() == [poor.parse_action("stay home")]
    assert "your hand, 1 Gold · no raid: no Ship you can afford" in text(poor.view(0), 0)


def test_at_80_columns_nothing_is_cut_and_a_big_raid_turn_fits_a_40_row_terminal():
    s = far_city_raid()
    assert s.current_player == 1  # seat 0's surprise attack waits for its next turn
    out = text(s.view(0), 0, width=80)
    row = re.compile(
        r"^│ 0 you +\d+ +0 +\d+ +Serpent 30 +B N\* C\* S\* +Far City 7 +0/0 +surprise +│$"
    )
    assert any(row.match(line) for line in out.splitlines()), out  # one whole line
    while s.view(0)["players"][0]["continues_at"] != "Home":  # seats 1 and 2 stay home; seat
        labels = [s.action_label(a) for a in s.legal_actions()]  # 0's turn plays through
        play(s, "stay home" if "stay home" in labels else labels[0])
    out = text(s.view(0), 0, width=80)
    lines = out.splitlines()
    assert "…" not in out and max(len(line) for line in lines) <= 80
    for heading in ("seat", "Gold", "raids", "hand", "ship, crew", "special", "destination",
                    "damage", "next turn"):  # fmt: skip
        assert heading in lines[3], heading
    assert re.search(r"│ 0 you .* B\* N\* C\* S\* +Far City 7 +0/0 +Home +│", out), out
    flat = " ".join(line.strip("│ ") for line in lines)  # wrapped phrases joined again
    assert "B Berserkers, N Navigator, C Carpenter, S Sail Maker" in flat
    assert "* has acted this raid" in flat and "2 of either sinks the ship" in flat
    assert "Peasants Militia: ignored (Far)" in flat  # not its printed "kill 5 crew"
    assert "Knights: 5 crew killed (the Berserkers negate 5, surprise negates 5)" in flat
    assert "no treasure: Rocks, Knights" in flat and "Coins: +7 Gold" in flat
    assert len(lines) + 4 <= 40, out  # with two choices and the prompt below it


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


def test_info_gives_every_cards_numbers_and_the_public_discard_pile_at_80_columns() -> None:
    import random

    from rich.console import Console

    import drakkar

    game = drakkar.load("viking-raid")
    s = game.new(4, 1)
    rng = random.Random(2)
    for _ in range(40):
        s.apply(rng.choice(s.legal_actions()))
    view = s.view(0)
    console = Console(width=80, record=True, color_system=None)
    console.print(game.info(view, 0))
    out = console.export_text()
    assert "…" not in out  # nothing cut
    rows = {
        cells[0]: cells[1:]
        for line in out.splitlines()
        if line.startswith("│") and (cells := [c.strip() for c in line.strip("│").split("│")])[0]
    }
    assert rows["Dragon Ship"] == ["4", "40", "3"]  # cost, crew, copies
    assert rows["Navigator"] == ["4", "the first Lost"]
    assert rows["Far City"][:2] == ["7", "1"] and "sea 4 out, 4 home" in rows["Far City"][2]
    for name, n in view["encounter_discard"].items():
        assert rows[name][1] == str(n), name  # copies, then how many are discarded
    assert f"Encounter deck ({view['encounter_deck']} cards left to draw)" in out
    text = " ".join(out.split())
    assert "puts its player out of the game" in text
    # as the rules page says: elimination ends the game at once, a Far raid takes two turns more
    assert "A third raid ends the game at the end of the round" in text
    assert "every other player sunk ends it at once" in text
    assert "a Far Destination two" in text
