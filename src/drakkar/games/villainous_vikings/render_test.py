"""The terminal rendering shows the Regions, the pool, every Captain and a battle in progress."""

from __future__ import annotations

from rich.console import Console

from drakkar.games.villainous_vikings import GAME
from drakkar.games.villainous_vikings.scenarios import G1, GB, W1, dice, new, plain


def _text(state: object, player: int | None) -> str:
    console = Console(width=200, record=True)
    console.print(GAME.render(state.view(player), player))  # type: ignore[attr-defined]
    return console.export_text()


def test_render_shows_regions_pool_captains_and_a_battle() -> None:
    s = new(3, stack=("lindisfarne", "cork"))
    plain(s)
    s.gold[0] = 5
    s.apply_label("move to the British Isles")
    dice(s, W1, GB, 4, G1, G1)
    s.apply_label("conquer Lindisfarne")
    out = _text(s, 0)
    for want in (
        "the Northlands",
        "the British Isles",
        "Lindisfarne",
        "Ragnar Lodbrok",
        "P0 (you)",
        "Battle: conquest",
        "W G R",  # the three sections, none lost
        "grey blank",
    ):
        assert want in out, want


def test_render_crosses_out_a_lost_section_and_shows_names_as_text() -> None:
    s = new(3, stack=("lindisfarne", "cork"))
    plain(s)
    s.damage[0] = 1
    assert "W G x" in _text(s, 0)
    view = s.view(0)
    view["players"][1]["captain"] = "[/]Ivar [red]Boneless"  # a custom card set's name
    console = Console(width=200, record=True)
    console.print(GAME.render(view, 0))  # once: rich.errors.MarkupError
    assert "[/]Ivar [red]Boneless" in console.export_text()


def test_render_shows_ragnarok_at_the_end() -> None:
    s = GAME.new(3, 2, {"round_limit": 1})
    while not s.is_terminal():
        s.apply(s.legal_actions()[-1])
    out = _text(s, None)
    assert "Ragnarok" in out and f"P{s.rag_owner} wins Ragnarok" in out
    view = s.view(None)["ragnarok"]
    assert view["winner"] not in view["out"] and len(view["out"]) == 2
