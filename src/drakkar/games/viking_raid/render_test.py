"""The terminal picture shows a seat its hand, the table, the others and the log, and no more;
in 80 columns it cuts nothing short."""

from __future__ import annotations

import io
import re

from rich.console import Console
from rich.panel import Panel

from drakkar.games.viking_raid import GAME
from drakkar.games.viking_raid.render import KEY, LEGEND
from drakkar.games.viking_raid.scenarios import deal, others_stay_home, play


def text(view, player, width=140, compact=False) -> str:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    # framed as drakkar play frames it (cli/terminal.py's show_table)
    table = GAME.render(view, player, compact=compact)
    console.print(Panel(table, title="Viking Raid — seat 0 (human)"))
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


def six_seat_far_raid():
    """Six seats, player 1 back from Far City's plunder with every special Crew spent (the way
    home still to sail), player 0 discarding from 8 cards of 7 kinds: the tallest table."""
    home = ["Long Ship", "Dragon Ship", "Berserkers", "Navigator", "Carpenter", "Sail Maker",
            "Near City"]  # fmt: skip
    raid = ["Serpent Ship", "Far City", "Navigator", "Carpenter", "Sail Maker", "Berserkers",
            "Near Monastery"]  # fmt: skip
    s = GAME.new(6, 1, {"stack_viking": home + raid, "stack_encounter": FAR_CITY_ENCOUNTERS})
    plan = ["go raiding", "build Serpent Ship", "hire Navigator", "hire Carpenter",
            "hire Sail Maker", "hire Berserkers", "sail for Far City", "attack by surprise"]  # fmt: skip
    while not (s.current_player == 0 and s.view(0)["step"] == "discard" and home_at_last(s)):
        p = s.current_player
        labels = [s.action_label(a) for a in s.legal_actions()]
        if s.view(p)["step"] == "discard" and p in (0, 1):  # the card drawn, not the dealt
            drawn = list(s.view(p)["hand"])
            for card in (home, raid)[p]:
                drawn.remove(card)
            play(s, f"discard {drawn[0]}")
        elif p == 1 and plan and plan[0] in labels:
            play(s, plan.pop(0))
        else:  # the others stay home
            play(s, "stay home" if "stay home" in labels else labels[0])
    assert s.current_player == 0 and not plan
    return s


def home_at_last(s) -> bool:
    """Player 1 has plundered and sailed the Return; a Far raid comes home a turn later."""
    return s.view(0)["players"][1]["continues_at"] == "Home"


#: Far City's raid with every special Crew card acting (far_city_raid's)
FAR_CITY_ENCOUNTERS = [
    "Lost", "Rocks", "Storm", "Livestock",  # the voyage: each Crew card acts
    "Peasants Militia", "Knights", "Garrison", "Coins", "Coins", "Lost", "Storm",  # pillage
    "Artifacts", "Artifacts", "Women Captives", "Rocks", "Knights", "Coins", "Livestock",
    "Livestock", "Livestock", "Women Captives", "Women Captives",  # the return
]  # fmt: skip


def words(out: str) -> str:
    """The words inside the frame, each line's run on from the last's."""
    inside = [line[1:-1] for line in out.splitlines() if line.startswith("│")]
    return " ".join(" ".join(inside).split())


def test_compact_says_a_tall_six_seat_raid_turn_in_fewer_lines_and_leaves_nothing_out():
    # six seats, a Far raid's 18 Encounter cards, the log and a hand of 8 took 36 lines framed,
    # with 8 choices and the prompt 45: more than a screen of 40 rows
    view = six_seat_far_raid().view(0)
    whole = text(view, 0, width=80)
    out = text(view, 0, width=80, compact=True)
    lines = out.splitlines()
    assert len(whole.splitlines()) == 36 and len(lines) == 28
    assert "…" not in out and all(len(line) <= 80 for line in lines)
    assert not any(line.rstrip(" │").endswith("·") for line in lines)
    flat = words(out)
    rows = whole.splitlines()
    # the heading and the key, every fact of them
    assert "Viking Raid, round 4 of at most 50 · player 0's turn (discard to 7 cards)" in flat
    assert words(rows[2]) in flat  # the decks
    assert words("\n".join(rows[10:13])) == LEGEND  # the whole table's legend is its key's parts
    assert all(part in LEGEND and part in flat for part in KEY)
    # the players' table as it is: the same lines
    table = rows[3:10]
    assert table[0].split() == ["│", "seat", "Gold", "raids", "hand", "ship,", "crew", "special",
                                "destination", "damage", "next", "turn", "│"]  # fmt: skip
    at = lines.index(table[0])
    assert lines[at : at + 7] == table
    # the Encounter cards: each phase's whole row, run on after the title
    drawn = rows[rows.index(next(r for r in rows if "Encounter cards of" in r)) + 1 :]
    phases, phase = {}, None
    for row in drawn[: drawn.index(next(r for r in drawn if "log ─" in r))]:
        if not row.startswith("│         "):
            phase = row.split()[1]
        phases[phase] = phases.get(phase, "") + " " + words(row).removeprefix(phase or "")
    assert list(phases) == ["Pillage", "Plunder", "Return"]
    text_of_drawn = " ".join(f"{p}: {' '.join(t.split())}." for p, t in phases.items())
    assert f"Encounter cards of player 1's latest raid turn: {text_of_drawn} log:" in flat
    assert "Knights: 5 crew killed (the Berserkers negate 5, surprise negates 5)" in flat
    # the log: its lines in order, one part each
    assert "log: " + " · ".join(view["log"]) + " your hand" in flat and len(view["log"]) == 6
    # the hand: each card as the whole table says it, with what it does
    hand = rows[rows.index(next(r for r in rows if "your hand, 10 Gold ─" in r)) + 1 : -1]
    cards = [r.strip("│ ").split("  ", 1) for r in hand]
    assert len(cards) == 7 and ["Long Ship ×2", "comes with 20 crew, costs 2 Gold"] in cards
    said = " · ".join(f"{name} ({does})" for name, does in cards)
    assert flat.endswith(f"your hand, 10 Gold: {said}")


def test_compact_is_never_taller_cuts_nothing_and_leaves_no_dot_at_a_line_end():
    import random

    rng, seen = random.Random(3), 0
    for seed in range(10):
        s = GAME.new(2 + seed % 5, seed)
        while True:
            if s.is_terminal() or rng.random() < 0.15:
                for viewer in (None, *range(s.num_players)):
                    view = s.view(viewer)
                    whole, out = text(view, viewer, 80), text(view, viewer, 80, compact=True)
                    assert len(out.splitlines()) <= len(whole.splitlines()), out
                    assert "…" not in out and "\u00a0" not in out  # (HOLD printed as a space)
                    for line in out.splitlines():
                        assert len(line) <= 80 and not line.rstrip(" │").endswith("·"), line
                    seen += 1
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_actions()))
    assert seen > 500
