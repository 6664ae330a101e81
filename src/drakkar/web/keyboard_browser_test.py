"""The table page with the keyboard alone and a screen reader, in a real headless Chromium
(`pytest -m browser`): what is said aloud, what a control's name says, whole games by keys."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from drakkar.web.conftest import CHROMIUM
from drakkar.web.ui_browser_test import take_a_high_card_seat

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

sync_api = pytest.importorskip("playwright.sync_api", reason="needs the browser extra: playwright")
if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM}: run scripts/ci-browser.sh", allow_module_level=True)

# Every node added inside a live region (aria-live), as the words a screen reader would say.
SAID = """() => {
    window.said = [];
    new MutationObserver((changes) => {
        for (const c of changes) {
            const region = c.target.closest ? c.target.closest("[aria-live]") : c.target.parentElement.closest("[aria-live]");
            if (!region || region.getAttribute("aria-live") === "off") continue;
            for (const n of c.addedNodes) window.said.push(`${region.id}: ${n.textContent}`);
        }
    }).observe(document.body, {childList: true, subtree: true, characterData: true});
}"""


def test_a_redraw_says_aloud_only_new_log_lines_and_whose_turn_it_is(page, base: str) -> None:  # type: ignore[no-untyped-def]
    take_a_high_card_seat(page, base)
    page.evaluate(SAID)
    page.focus(".ask-hint")
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement.matches('.advice li button')")  # read out
    sync_api.expect(page.locator(".advice li button").first).to_have_accessible_description(
        re.compile(r"^ ?\d+%$")  # its share of the search
    )
    for cards in (2, 1):
        page.focus("#hand .card.playable")
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.querySelectorAll('#hand .card').length === {cards}")
        page.wait_for_selector("#hand .card.playable:not([disabled])")  # the bot has answered
    said = page.evaluate("window.said")
    assert said and all(s.startswith(("log: ", "turn: ")) for s in said), said


def test_a_card_of_several_moves_is_named_by_what_they_share_and_opens_a_menu(  # type: ignore[no-untyped-def]
    page, base: str
) -> None:
    import drakkar
    from drakkar.web.scenario_browser_test import draw, table_msg

    state = drakkar.load("knarr").new(3, seed=2)
    msg = table_msg(state, state.current_player, "knarr")
    draw(page, base, msg)
    card = page.locator("#hand .card.playable").first
    page.evaluate("document.querySelector('#hand .card.playable').focus()")
    page.keyboard.press("Enter")
    labels = page.locator(".menu button").all_inner_texts()[:-1]  # (and "cancel")
    assert len(labels) > 1 and all(label.startswith("recruit ") for label in labels)
    # a screen reader read all five labels, some 300 characters, as the card's one name
    name = card.get_attribute("aria-label") or ""
    assert card.get_attribute("aria-haspopup") == "menu"
    words = labels[0].split(": ")[0]  # "recruit yellow VP"
    assert name.startswith(words) and f"{len(labels)} ways" in name and len(name) < 80, name


# What has the focus: a move to play, a menu's item, the Hint, or something else.
FOCUSED = """() => {
    const a = document.activeElement;
    if (!a || a === document.body) return "body";
    if (a.closest(".menu")) return "menu";
    if (a.matches(".ask-hint")) return "hint";
    const play = ".playable:not([disabled]), #actions button:not([disabled]), #advice button:not([disabled])";
    return a.matches(play) ? "play" : a.tagName;
}"""


@pytest.mark.parametrize("game", ["gone-viking", "knarr", "viking-raid", "villainous-vikings"])
def test_a_whole_game_is_played_with_tab_and_enter_alone(page, base: str, game: str) -> None:  # type: ignore[no-untyped-def]
    import random

    seats = [{"kind": "person", "name": "Astrid"}, *[{"kind": "bot", "level": "easy"}] * 2]
    made = page.request.post(
        base + "/api/games",
        data={"game": game, "players": 3, "seed": 11, "seats": seats, "bot_delay": 0},
    )
    page.goto(base + made.json()["links"]["0"])
    rng = random.Random(1)
    for _ in range(3000):  # (the bots' random play makes some games long)
        page.wait_for_selector(
            "#final-scores, .playable:not([disabled]), #actions button:not([disabled])"
        )
        if page.locator("#final-scores").count():
            break
        skip = rng.randrange(3)  # not always the first move offered
        for _ in range(200):
            # what has the focus and how it is drawn, read at one instant: a bot's move redraws
            # the table, and read apart the outline was once that of the page after it
            where, outline = page.evaluate(
                f"() => [({FOCUSED})(), getComputedStyle(document.activeElement).outlineStyle]"
            )
            if where == "menu" or (where == "play" and skip == 0):
                break
            skip -= where == "play"
            page.keyboard.press("Tab")
            if page.locator("#final-scores").count():
                break
        else:
            raise AssertionError(
                f"{game}: 200 Tabs and no move to play ({page.inner_text('#turn')})"
            )
        assert outline != "none", f"{game}: the focus is not shown"
        page.keyboard.press("Enter")
    assert page.locator("#final-scores").count(), f"{game} did not end"


def test_a_cards_menu_moves_between_its_items_with_the_arrow_keys(page, base: str) -> None:  # type: ignore[no-untyped-def]
    import drakkar
    from drakkar.web.scenario_browser_test import draw, table_msg

    state = drakkar.load("knarr").new(3, seed=2)
    draw(page, base, table_msg(state, state.current_player, "knarr"))
    page.evaluate("document.querySelector('#hand .card.playable').focus()")
    page.keyboard.press("Enter")
    items = page.locator(".menu [role=menuitem]")
    focused = "() => [...document.querySelectorAll('.menu [role=menuitem]')].indexOf(document.activeElement)"
    assert page.evaluate(focused) == 0
    # a menu (role=menu) is moved through by arrows: a screen reader passes them to it
    page.keyboard.press("ArrowDown")
    assert page.evaluate(focused) == 1
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")  # round to the last, "cancel"
    assert page.evaluate(focused) == items.count() - 1
    page.keyboard.press("Home")
    assert page.evaluate(focused) == 0
    page.keyboard.press("End")
    assert page.evaluate(focused) == items.count() - 1


def test_a_gone_viking_card_reads_its_value_once(page, base: str) -> None:  # type: ignore[no-untyped-def]
    import drakkar
    from drakkar.web.scenario_browser_test import draw, table_msg

    state = drakkar.load("gone-viking").new(3, seed=2)
    waiting = (state.current_player + 1) % 3  # a hand of cards, none of them to play now
    draw(page, base, table_msg(state, waiting, "gone-viking"))
    read = page.locator("#hand").aria_snapshot()
    # the corner repeats the value for the eye: it was read out too ("8 8 Fists")
    assert re.search(r"\b(\d+) \1 ", read) is None, read
    assert re.search(r"\b\d+ (Books|Coins|Hammers|Fists)\b", read), read
