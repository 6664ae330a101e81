"""The terminal table shows trump, the God in play, the trick, tokens, hand sizes, the hand."""

from __future__ import annotations

from rich.console import Console

import drakkar
from drakkar.games.gone_viking.scenario import at_trick, play


def text(view: dict, player: int | None) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(drakkar.load("gone-viking").render(view, player))
    return console.export_text()


def test_render_shows_the_table_as_a_seat_sees_it() -> None:
    hands = [["Books 1", "Odin"], ["Books 2", "Coins 3"], ["Books 3"]]
    s = at_trick(3, hands, trump="Coins", god="Loki", god_owner=2,
                 tokens=["2 Trees, 1 Ship", "1 Book", "3 Fists"])  # fmt: skip
    play(s, "play Books 1", "lay Odin face down", "done")
    out = text(s.view(0), 0)
    assert "trump: Coins" in out and "God in play: Loki (player 2)" in out
    assert "player 0 Books 1" in out and "laid Odin face down" in out
    # one card counts as itself: not "Books 1 (Books 1)"; parts are joined, none left dangling
    trick = out.split("Trick: ")[1].split("\n")[0].strip()
    assert trick == "Books led by player 0; player 0 Books 1; player 0 laid Odin face down", trick
    assert "Your hand: —" in out and "Trees" in out
    other = text(s.view(1), 1)
    assert "laid a God face down" in other and "Your hand: Books 2, Coins 3" in other
    assert "Odin" not in other.split("Trick:")[1].split("Your hand")[0]


def test_render_a_spectator_and_a_finished_game() -> None:
    game = drakkar.load("gone-viking")
    s = game.new(3, 1, {"max_raids": 1})
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    out = text(s.view(None), None)
    assert "Winner:" in out and "Your hand" not in out
    assert "trump" not in out and "God in play" not in out  # the last raid's: no longer shown


def test_the_heading_names_the_wealth_that_wins() -> None:
    # "draw pile 8 · 8 wealth wins" read as two counts of one thing
    s = drakkar.load("gone-viking").new(4, 8)
    head = text(s.view(0), 0).splitlines()[0]
    assert head.endswith("· draw pile 8 · a wealth of 8 wins")


def test_a_paid_swap_in_progress_reads_as_plain_words() -> None:
    s = drakkar.load("gone-viking").new(4, 8)
    s.apply_label("pay a Tree to swap two cards")
    s.apply_label(next(x for x in map(s.action_label, s.legal_actions()) if x.startswith("swap")))
    # once "Player 0 has picked 1 card(s) to swap", even to player 0
    assert "You have picked 1 card to swap: " in text(s.view(0), 0)
    assert "Player 0 has picked 1 card to swap" in text(s.view(1), 1)


def test_info_says_what_the_god_in_play_and_the_others_do_at_80_columns() -> None:
    hands = [["Books 1", "Odin"], ["Books 2", "Coins 3"], ["Books 3"]]
    s = at_trick(3, hands, trump="Coins", god="Loki", god_owner=2)
    console = Console(width=80, record=True, color_system=None)
    console.print(drakkar.load("gone-viking").info(s.view(0), 0))
    out = console.export_text()
    assert "…" not in out  # nothing cut
    flat = " ".join(out.split())
    assert "Trump: Coins." in flat
    gods = [line.split("│")[1].strip() for line in out.splitlines() if line.count("│") == 4]
    names = [g for g in gods if g]
    assert names[0] == "Loki (in play)" and {"Odin", "Freya", "Thor"} <= set(names)
    cells = " ".join(
        line.split("│")[3].strip() for line in out.splitlines() if line.count("│") == 4
    )
    assert "raid: the lowest play wins" in cells and "steals 1" in cells
    assert "Wealth 9 or more after the Jarl wins." in flat  # 3 players
