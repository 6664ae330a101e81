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
