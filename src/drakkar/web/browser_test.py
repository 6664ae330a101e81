"""End to end in a real headless Chromium (Debian's, driven by Playwright; `pytest -m browser`).

For each game: create it in the lobby with one person and bots, play it to the end by clicking
cards and buttons, check the final scores, save a screenshot to test-output/. Also: pass and
play with its hand-over screen, reloading rejoins the seat, watching, and the replay page.
(`scenario_browser_test.py` draws chosen positions with a game's renderer and reads them.)
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from drakkar.server.conftest import free_port, server
from drakkar.web.conftest import CHROMIUM, GAMES

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

OUTPUT = Path(os.environ.get("DRAKKAR_TEST_OUTPUT", "test-output"))
CLICKABLE = ".menu button, .card.playable:not([disabled]), #actions button:not([disabled])"

sync_api = pytest.importorskip("playwright.sync_api", reason="needs the browser extra: playwright")
if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM}: run scripts/ci-browser.sh", allow_module_level=True)


def create_in_lobby(
    page, base: str, game: str, persons: int = 1, together: bool = False, players: int | None = None
) -> None:  # type: ignore[no-untyped-def]
    page.goto(base + "/")
    page.select_option("#game", game)
    if players is not None:
        page.select_option("#players", str(players))
    players = int(page.input_value("#players"))
    for seat in range(players):
        page.select_option(f"#seat-{seat}", "person" if seat < persons else "bot:easy")
    if together:
        page.check("#together")
    page.click("#create-button")


def play_to_the_end(page, rng: random.Random, limit: int = 3000, shot: str | None = None) -> int:  # type: ignore[no-untyped-def]
    """Click a legal card or button whenever one is offered, until the final scores show;
    `shot` names a screenshot taken the third time this seat is asked to move."""
    clicks = 0
    for _ in range(limit):
        page.wait_for_selector(
            f"#final-scores, #handover-ready:visible, {CLICKABLE}", timeout=30_000
        )
        if page.locator("#final-scores").count():
            return clicks
        if page.locator("#handover-ready:visible").count():
            page.click("#handover-ready")
            continue
        options = page.locator(CLICKABLE)
        n = options.count()
        if n == 0:
            continue
        assert page.locator(".renderer-failed").count() == 0, "the game's renderer failed"
        if shot and clicks == 2:
            OUTPUT.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(OUTPUT / shot), full_page=True)
        try:
            options.nth(rng.randrange(n)).click(timeout=2_000)
            clicks += 1
        except sync_api.Error:
            continue  # the table changed under the mouse: look again
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", GAMES)
def test_a_person_plays_a_whole_game_against_bots_by_clicking(
    page,
    base: str,
    game: str,  # type: ignore[no-untyped-def]
    tmp_path: Path,
) -> None:
    create_in_lobby(page, base, game)
    page.click("a.seat-link[data-seat='0']")
    page.wait_for_selector("#banner:not(:has-text('Connecting'))")
    clicks = play_to_the_end(page, random.Random(game), shot=f"{game}-playing.png")
    assert clicks > 0
    rows = page.locator("#final-scores tr")
    players = len(page.locator(".seat-chip").all())
    assert rows.count() == players + 1  # a header and a row per seat
    assert page.locator("#final-scores tr.winner").count() >= 1
    assert "The game is over" in page.inner_text("#banner")
    assert page.locator(".error").count() == 0, page.inner_text("#error")
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"{game}.png"), full_page=True)
    with page.expect_download() as download:
        page.click("text=Download the record")
    saved = tmp_path / "record.json"
    download.value.save_as(saved)
    if game != "high-card":  # the toy game is known only inside the test process
        drakkar = shutil.which("drakkar") or str(Path(sys.executable).parent / "drakkar")
        out = subprocess.run(
            [drakkar, "replay", str(saved), "--all"], capture_output=True, text=True, timeout=120
        )
        assert out.returncode == 0, out.stderr
    else:
        from drakkar.engine.record import Record
        from drakkar.engine.toy import HIGH_CARD  # noqa: F401

        assert Record.load(saved).replay().is_terminal()


def test_pass_and_play_hides_each_hand_behind_a_hand_over_screen(page, base: str) -> None:  # type: ignore[no-untyped-def]
    create_in_lobby(page, base, "high-card", persons=2, together=True)
    page.wait_for_selector("#hand .card")
    first = page.inner_text("#where")
    page.locator("#hand .card.playable").first.click()
    page.wait_for_selector("#handover-ready:visible")
    assert page.locator("#hand").count() == 0  # nothing of anyone's hand while handing over
    assert "Pass to Player 2" in page.inner_text("#handover-title")
    page.click("#handover-ready")
    page.wait_for_selector("#hand .card.playable")
    assert page.inner_text("#where") != first and "Player 2" in page.inner_text("#where")
    play_to_the_end(page, random.Random(3))
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / "pass-and-play.png"), full_page=True)


def test_reloading_the_page_rejoins_the_seat_and_a_spectator_sees_no_hand(page, base: str) -> None:  # type: ignore[no-untyped-def]
    create_in_lobby(page, base, "high-card", persons=1)
    page.click("a.seat-link[data-seat='0']")
    page.wait_for_selector("#hand .card.playable")
    page.locator("#hand .card.playable").first.click()
    page.wait_for_function("document.querySelectorAll('#hand .card').length === 2")
    page.wait_for_selector("#hand .card.playable:not([disabled])")  # the bot has answered
    hand = page.locator("#hand .card").all_inner_texts()
    page.reload()
    page.wait_for_selector("#hand .card")
    assert page.locator("#hand .card").all_inner_texts() == hand
    assert "Player 1" in page.inner_text("#where")
    watch = page.url.split("#")[0]
    page.goto(base + "/")
    page.goto(watch)
    page.wait_for_selector(".player")
    assert "watching" in page.inner_text("#where") and page.locator("#hand").count() == 0


def replay_a_finished_high_card_game(page, base: str, seed: int) -> None:  # type: ignore[no-untyped-def]
    """Play a High Card game against a bot to the end, open its replay and step to move 1."""
    create_in_lobby(page, base, "high-card", persons=1)
    page.click("a.seat-link[data-seat='0']")
    play_to_the_end(page, random.Random(seed))
    page.click("text=Replay it step by step")
    page.wait_for_selector("#counter:has-text('move 0 of')")
    page.click("#next")
    page.wait_for_selector("#counter:has-text('move 1 of')")


def test_a_finished_game_replays_step_by_step(page, base: str) -> None:  # type: ignore[no-untyped-def]
    replay_a_finished_high_card_game(page, base, 1)
    page.click("#last")
    page.wait_for_selector("#final-scores")
    page.select_option("#seat", "0")
    page.click("#first")
    page.wait_for_selector("#counter:has-text('move 0 of')")
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / "replay.png"), full_page=True)


def test_a_card_is_matched_to_the_actions_that_name_it_first(page, base: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(base + "/")
    found = page.evaluate("""async () => {
        const { actionsByCard } = await import("/static/js/cards.js");
        const legal = ["play Odin as Books 12", "play Books 12", "lay Odin face down",
                       "sail for Far Village", "sail for Village", "discard Village", "done",
                       "recruit red VP: take slot 1 (red)", "explore A11 paying 2 blue",
                       "explore A1 paying 3"]
            .map((label, action) => ({ action, label }));
        const m = actionsByCard(legal, ["Odin", "Books 12", "Village", "Far Village", "Loki",
                                        "red VP", "A1", "A11", "red"]);
        return Object.fromEntries([...m].map(([k, v]) => [k, v.map((a) => a.action)]));
    }""")
    assert found == {
        "Odin": [0, 2],
        "Books 12": [1],
        "Village": [4, 5],
        "Far Village": [3],
        "Loki": [],
        "red VP": [7],
        "A1": [9],
        "A11": [8],
        "red": [],
    }


def take_a_timed_high_card_seat(page, base: str, seconds: int) -> None:  # type: ignore[no-untyped-def]
    """A High Card game against a bot with a turn timer, seat 0 open and its clock running."""
    page.goto(base + "/")
    page.select_option("#game", "high-card")
    page.fill("#turn-seconds", str(seconds))
    page.click("#create-button")
    page.click("a.seat-link[data-seat='0']")
    page.wait_for_selector("#clock:not(:empty)")


def test_a_person_whose_time_runs_out_sees_the_clock_and_a_bot_moves_for_them(
    page, base: str
) -> None:  # type: ignore[no-untyped-def]
    take_a_timed_high_card_seat(page, base, 2)
    assert page.inner_text("#clock").endswith(" s")
    page.wait_for_selector(".log p:has-text('Player 1 plays')", timeout=15_000)  # nobody clicked
    played = page.locator(".log p:has-text('Player 1 plays')").first.inner_text().split()[-1]
    page.wait_for_selector("#error .error")  # and the page says so, naming the move
    assert page.inner_text("#error") == f'Your time ran out: "play {played}" was played for you.'


def test_the_page_rejoins_by_itself_when_the_server_is_killed_and_restarted(  # type: ignore[no-untyped-def]
    page, tmp_path: Path
) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with server(tmp_path, port) as proc:
        create_in_lobby(page, base, "high-card", persons=1)
        page.click("a.seat-link[data-seat='0']")
        page.wait_for_selector("#hand .card.playable")
        hand = page.locator("#hand .card").all_inner_texts()
        proc.kill()
        proc.wait()
        page.wait_for_selector("#where:has-text('reconnecting')")
    with server(tmp_path, port):
        page.wait_for_selector("#where:has-text('Player 1')", timeout=20_000)
        assert page.locator("#hand .card").all_inner_texts() == hand
        page.locator("#hand .card.playable").first.click()
        page.wait_for_function("document.querySelectorAll('#hand .card').length === 2")


def sent_acts(page) -> list[str]:  # type: ignore[no-untyped-def]
    """Collects every act message the page sends from now on."""
    acts: list[str] = []
    page.on(
        "websocket",
        lambda ws: ws.on("framesent", lambda f: acts.append(f) if '"act"' in str(f) else None),
    )
    return acts


def test_the_second_click_of_a_double_click_plays_nothing(page, base: str) -> None:  # type: ignore[no-untyped-def]
    # it landed on whatever card the redrawn table put under the pointer, and played that too
    acts = sent_acts(page)
    create_in_lobby(page, base, "high-card", persons=1)
    page.click("a.seat-link[data-seat='0']")
    page.wait_for_selector("#hand .card.playable")
    card = page.locator("#hand .card.playable").first
    card.dispatch_event("click", {"detail": 2})  # a double click's second click alone
    page.wait_for_timeout(300)
    assert acts == []
    card.dispatch_event("click", {"detail": 1})
    page.wait_for_function("document.querySelectorAll('#hand .card').length === 2")
    assert len(acts) == 1


def test_a_card_with_two_moves_opens_a_menu_that_escape_closes(page, base: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(base + "/")
    page.evaluate("""async () => {
        const { card } = await import("/static/js/cards.js");
        window.played = [];
        const ui = { interactive: true, act: (a) => window.played.push(a) };
        const actions = [{ action: 4, label: "play Odin as Books 12" }, { action: 7, label: "lay Odin face down" }];
        document.body.append(card("Odin", { actions, ui }));
    }""")
    page.focus(".card.playable")
    page.keyboard.press("Enter")
    page.wait_for_selector(".menu")
    assert page.evaluate("document.activeElement.closest('.menu') !== null")  # it has the focus
    page.keyboard.press("Escape")
    assert page.locator(".menu").count() == 0
    assert page.evaluate("document.activeElement.classList.contains('playable')")  # back
    page.click(".card.playable")
    page.wait_for_selector(".menu")
    # the menu hears a click elsewhere from a timer after it opens (so that the opening click
    # does not close it): let that timer run first (timers of one delay run in order)
    page.evaluate("() => new Promise((done) => setTimeout(done))")
    page.mouse.click(5, 5)  # elsewhere
    assert page.locator(".menu").count() == 0 and page.evaluate("window.played") == []


def test_a_villainous_vikings_region_is_sailed_to_with_the_keyboard(page, base: str) -> None:  # type: ignore[no-untyped-def]
    acts = sent_acts(page)
    create_in_lobby(page, base, "villainous-vikings", persons=1)
    page.click("a.seat-link[data-seat='0']")
    region = page.locator(".region.playable").first
    region.wait_for(timeout=30_000)
    assert region.get_attribute("tabindex") == "0" and region.get_attribute("role") == "button"
    assert (region.get_attribute("aria-label") or "").startswith("move to ")
    region.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('.log p').length > 0")
    page.wait_for_timeout(300)
    assert len(acts) == 1


def test_a_knarr_destination_shows_its_cost_gain_and_trade(page, base: str) -> None:  # type: ignore[no-untyped-def]
    create_in_lobby(page, base, "knarr", persons=1)
    page.click("a.seat-link[data-seat='0']")
    page.wait_for_selector(".card.knarr-destination .terms")
    terms = page.locator(".card.knarr-destination .terms").first.inner_text()
    assert "cost " in terms and "gain " in terms and "trade " in terms


def test_a_phone_wide_screen_does_not_scroll_sideways(browser, base: str) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    create_in_lobby(page, base, "villainous-vikings", persons=1)  # (the lobby lists games now)
    page.wait_for_selector("a.seat-link[data-seat='0']")
    wide = "document.documentElement.scrollWidth"
    assert page.evaluate(wide) <= 390, "the lobby"
    page.click("a.seat-link[data-seat='0']")
    page.wait_for_selector(".map .region")
    assert page.evaluate(wide) <= 390, "the Villainous Vikings table"
    context.close()


def test_a_person_asks_for_a_hint_and_plays_its_first_choice(page, base: str) -> None:  # type: ignore[no-untyped-def]
    acts = sent_acts(page)
    create_in_lobby(page, base, "high-card", persons=1)
    page.click("a.seat-link[data-seat='0']")
    page.wait_for_selector("#hand .card.playable")
    # asked, and a card played before the answer: the next turn offers the button afresh
    page.click(".ask-hint")
    page.locator("#hand .card.playable").first.click()
    page.wait_for_function("document.querySelectorAll('#hand .card').length === 2")
    page.wait_for_selector("#hand .card.playable")
    assert page.inner_text(".ask-hint") == "Hint: what would the hard bot play?"
    page.click(".ask-hint")
    page.wait_for_selector(".advice li")
    assert page.locator(".advice li").count() == 2  # every move, with its share of the search
    assert page.locator(".advice .share").first.inner_text().strip().endswith("%")
    first = page.locator(".advice li button").first
    assert first.evaluate("b => b === document.activeElement")  # the answer takes the focus
    action = first.get_attribute("data-action")
    first.click()
    page.wait_for_function("document.querySelectorAll('#hand .card').length === 1")
    assert len(acts) == 2 and json.loads(str(acts[1]))["action"] == int(str(action))
    page.wait_for_selector("#hand .card.playable")
    assert page.locator(".advice, .ask-hint").count() == 0  # one card left: nothing to advise
