"""The replay page and the spectator's table of each game, in a real headless Chromium
(`pytest -m browser`): what a replay viewer or a spectator needs is in sight."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from drakkar.web.conftest import CHROMIUM

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

sync_api = pytest.importorskip("playwright.sync_api", reason="needs the browser extra: playwright")
if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM}: run scripts/ci-browser.sh", allow_module_level=True)

FOUR = ["gone-viking", "knarr", "viking-raid", "villainous-vikings"]
SIZES = [(1280, 800), (390, 844)]


def a_finished_game(page, base: str, game: str, seed: int = 5) -> str:  # type: ignore[no-untyped-def]
    """Three easy bots play `game` to its end on the server; its id."""
    seats = [{"kind": "bot", "level": "easy"}] * 3
    made = page.request.post(
        base + "/api/games",
        data={"game": game, "players": 3, "seed": seed, "seats": seats, "bot_delay": 0},
    )
    assert made.ok, made.text()
    game_id = str(made.json()["id"])
    for _ in range(600):
        if page.request.get(f"{base}/api/games/{game_id}").json()["status"] == "finished":
            return game_id
        time.sleep(0.2)
    raise AssertionError(f"{game} did not end")


def in_sight(page, selector: str) -> bool:  # type: ignore[no-untyped-def]
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]
    return bool(box) and box["y"] >= 0 and box["y"] + box["height"] <= height  # type: ignore[index]


@pytest.mark.parametrize("game", FOUR)
def test_a_replays_last_move_names_the_result_in_the_banner_and_the_scores_above_the_table(  # type: ignore[no-untyped-def]
    browser, base: str, game: str
) -> None:
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    game_id = a_finished_game(page, base, game)
    page.goto(f"{base}/replay/{game_id}")
    page.wait_for_selector("#counter:has-text('move 0 of')")
    page.click("#last")
    page.wait_for_selector("#final-scores")
    winners = page.locator("#final-scores tr.winner td:first-child").all_inner_texts()
    banner = page.inner_text("#banner")
    if len(winners) == 1:
        assert banner == f"The game is over: {winners[0]} wins."
    else:
        assert banner.startswith("The game is over: ") and banner.endswith(" share the win.")
    scores = page.locator("#final-scores").bounding_box()
    board = page.locator("#board").bounding_box()
    assert scores and board and scores["y"] < board["y"]
    page.evaluate("window.scrollTo(0, 0)")
    assert scores["y"] < 844, f"{game}: the final scores are below the fold on a phone"
    page.context.close()


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("game", FOUR)
def test_a_replays_latest_log_line_and_next_move_show_without_scrolling(  # type: ignore[no-untyped-def]
    browser, base: str, game: str, width: int, height: int
) -> None:
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    game_id = a_finished_game(page, base, game)
    page.goto(f"{base}/replay/{game_id}")
    page.wait_for_selector("#counter:has-text('move 0 of')")
    for _ in range(8):  # what just happened, under the controls that stepped to it
        page.click("#next")
    page.wait_for_selector("#counter:has-text('move 8 of')")
    assert "Next: " in page.inner_text("#banner")
    assert in_sight(page, "#banner")
    assert in_sight(page, "#log p:last-child"), f"{game} at {width} px: the log is below the fold"
    page.context.close()


def test_quick_presses_each_take_a_step_and_arrows_in_the_seat_list_change_only_the_seat(  # type: ignore[no-untyped-def]
    page, base: str
) -> None:
    game_id = a_finished_game(page, base, "knarr")

    def slowly(route):  # type: ignore[no-untyped-def]
        time.sleep(0.3)  # a server some way off: each step's answer takes a while
        route.continue_()

    page.route("**/api/games/*/replay/*", slowly)
    page.goto(f"{base}/replay/{game_id}")
    page.wait_for_selector("#counter:has-text('move 0 of')")
    page.focus("#next")
    for _ in range(3):  # a second press before the first step came back was lost
        page.keyboard.press("Enter")
    page.wait_for_selector("#counter:has-text('move 3 of')")
    page.focus("#step")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.wait_for_selector("#counter:has-text('move 6 of')")
    page.wait_for_timeout(1500)
    assert page.input_value("#step") == "6" and "move 6 of" in page.inner_text("#counter")
    page.focus("#seat")
    page.keyboard.press("ArrowDown")  # the list's own keys: another seat, not another move
    page.wait_for_timeout(1500)
    assert page.input_value("#seat") == "0" and "move 6 of" in page.inner_text("#counter")
    page.select_option("#seat", "2")
    page.keyboard.press("ArrowRight")  # at the list's end (it was the next move)
    page.wait_for_timeout(1500)
    assert page.input_value("#seat") == "2" and "move 6 of" in page.inner_text("#counter")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_step_buttons_and_the_banner_stay_in_sight_down_the_table(  # type: ignore[no-untyped-def]
    browser, base: str, width: int, height: int
) -> None:
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    game_id = a_finished_game(page, base, "knarr")  # the tallest table: 1,300 px at 1280 wide
    page.goto(f"{base}/replay/{game_id}")
    page.wait_for_selector("#counter:has-text('move 0 of')")
    page.wait_for_function("document.documentElement.scrollHeight > innerHeight + 300")  # drawn
    page.mouse.wheel(0, 5000)  # down to the other seats' crews
    page.wait_for_function("scrollY > 300")
    for control in ("#prev", "#next", "#step", "#counter", "#banner"):
        assert in_sight(page, control), f"{control} scrolled away at {width} px"
    page.click("#next")  # and steps from there
    page.wait_for_selector("#counter:has-text('move 1 of')")
    page.context.close()


def test_the_next_move_is_named_only_to_the_seat_that_makes_it(page, base: str) -> None:  # type: ignore[no-untyped-def]
    game_id = a_finished_game(page, base, "viking-raid")
    mover = page.request.get(f"{base}/api/games/{game_id}/replay/0").json()["played_by"]
    page.goto(f"{base}/replay/{game_id}")
    page.wait_for_selector("#counter:has-text('move 0 of')")
    # a spectator: the first move may name a card in the mover's hand, hidden from them
    assert page.inner_text("#banner").endswith("moves (view the replay as them to see which move)")
    page.select_option("#seat", str(mover))
    page.wait_for_selector("#banner:has-text(' — ')")
    assert "view the replay as them" not in page.inner_text("#banner")


def test_the_step_buttons_are_disabled_at_the_ends_and_the_focus_moves_off_them(
    page, base: str
) -> None:  # type: ignore[no-untyped-def]
    # "next" at the last move and "back" at the first stepped nowhere, and looked as if they would
    game_id = a_finished_game(page, base, "high-card")
    steps = len(page.request.get(f"{base}/api/games/{game_id}/record").json()["actions"])
    page.goto(f"{base}/replay/{game_id}")
    page.wait_for_selector("#counter:has-text('move 0 of')")

    def disabled() -> set[str]:
        return {b for b in ("first", "prev", "next", "last") if page.is_disabled(f"#{b}")}

    page.wait_for_function("document.getElementById('prev').disabled")
    assert disabled() == {"first", "prev"}
    page.focus("#last")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#counter:has-text('move {steps} of {steps}')")
    assert disabled() == {"next", "last"}
    # the focus is not dropped onto the page with its button: it steps back from the end
    assert page.evaluate("document.activeElement.id") == "prev"
    page.keyboard.press("ArrowRight")  # nowhere to go: as the disabled button, nothing
    page.wait_for_timeout(300)
    assert f"move {steps} of" in page.inner_text("#counter")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#counter:has-text('move {steps - 1} of')")
    assert disabled() == set()
    page.focus("#first")
    page.keyboard.press("Enter")
    page.wait_for_selector("#counter:has-text('move 0 of')")
    assert disabled() == {"first", "prev"}
    assert page.evaluate("document.activeElement.id") == "next"
    page.keyboard.press("ArrowLeft")
    page.wait_for_timeout(300)
    assert "move 0 of" in page.inner_text("#counter")
    page.fill("#step", str(steps))  # the slider to the end: the buttons follow it
    page.wait_for_selector(f"#counter:has-text('move {steps} of')")
    assert disabled() == {"next", "last"}
