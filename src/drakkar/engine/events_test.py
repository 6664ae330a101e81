"""The log's helpers."""

from __future__ import annotations

from drakkar.engine.events import Event, spoken, verdict


def test_a_list_of_names_is_written_as_a_line_says_it() -> None:
    assert spoken([]) == ""
    assert spoken(["player 0"]) == "player 0"
    assert spoken(iter(["player 0", "player 2"])) == "player 0 and player 2"
    assert spoken(["a", "b", "c"]) == "a, b and c"


def test_an_event_is_visible_to_its_audience_only() -> None:
    assert Event(None, "public").visible_to(None) and Event(None, "public").visible_to(3)
    secret = Event((1,), "a secret")
    assert secret.visible_to(1) and not secret.visible_to(0) and not secret.visible_to(None)


def test_a_verdict_names_the_winners_and_only_a_real_tie_break() -> None:
    assert verdict(["player 1"], "9 Gold", [], "by more raids") == "player 1 wins with 9 Gold"
    assert verdict(["a", "b"], "40 VP") == "a and b share the win with 40 VP"
    assert verdict(["a"], "wealth 9", ["b", "c"], "as the new Raid Leader") == (
        "a wins with wealth 9, tied with b and c, as the new Raid Leader"
    )
