"""Defects a person found playing in Chromium, each drawn in a real headless Chromium
(`pytest -m browser`): bad links, the lobby's links, focus and live regions, layout."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from drakkar.web.browser_test import create_in_lobby
from drakkar.web.conftest import CHROMIUM

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

sync_api = pytest.importorskip("playwright.sync_api", reason="needs the browser extra: playwright")
if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM}: run scripts/ci-browser.sh", allow_module_level=True)


def test_a_link_to_no_game_keeps_its_error_and_a_way_back(page, base: str) -> None:  # type: ignore[no-untyped-def]
    page.clock.install()
    page.goto(base + "/play/doesnotexist")
    page.wait_for_selector(".error a[href='/']")
    page.clock.run_for(10_000)  # an ordinary error is gone after 6 s; this one stays
    assert "no game doesnotexist" in page.inner_text("#error").lower()
    assert page.locator(".error a[href='/']").count() == 1
    assert "Connecting" not in page.inner_text("#banner")


def test_a_seat_link_with_a_wrong_token_says_so_counting_seats_from_1(page, base: str) -> None:  # type: ignore[no-untyped-def]
    create_in_lobby(page, base, "high-card", persons=1)
    link = page.get_attribute("a.seat-link[data-seat='0']", "href") or ""
    page.clock.install()
    page.goto(base + re.sub(r"=.*$", "=wrong", link))
    page.wait_for_selector(".error a[href='/']")
    page.clock.run_for(10_000)
    text = page.inner_text("#error")
    assert "seat 1 " in text and "seat 0" not in text
    assert "Connecting" not in page.inner_text("#banner")


def test_pasting_another_seats_link_into_the_tab_joins_as_that_seat(page, base: str) -> None:  # type: ignore[no-untyped-def]
    create_in_lobby(page, base, "high-card", persons=2)
    first = page.get_attribute("a.seat-link[data-seat='0']", "href") or ""
    second = page.get_attribute("a.seat-link[data-seat='1']", "href") or ""
    page.goto(base + first)
    page.wait_for_selector("#where:has-text('Player 1')")
    page.goto(base + second)  # only the #fragment differs: no page load of its own
    page.wait_for_selector("#where:has-text('Player 2')")


@pytest.mark.parametrize("persons", [0, 1])
def test_the_lobby_writes_no_null_under_the_links_of_a_game_with_bots(  # type: ignore[no-untyped-def]
    page, base: str, persons: int
) -> None:
    create_in_lobby(page, base, "high-card", persons=persons)
    page.wait_for_selector("#created h3")
    text = page.inner_text("#created")
    assert "null" not in text and "Watch" in text
    assert page.locator("a.seat-link").count() == persons


def test_copy_link_without_the_clipboard_api_selects_the_link_and_says_so(page, base: str) -> None:  # type: ignore[no-untyped-def]
    # plain http on a LAN hostname is no secure context: navigator.clipboard is missing
    page.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    create_in_lobby(page, base, "high-card", persons=1)
    page.click("#created button:has-text('copy link')")
    page.wait_for_selector("#created .copied:not(:empty)")
    said = page.inner_text("#created .copied")
    assert said == "copied" or "Ctrl+C" in said
    selected = page.evaluate("window.getSelection().toString() || document.activeElement.value")
    link = page.get_attribute("a.seat-link[data-seat='0']", "href") or ""
    assert selected.endswith(link)


def test_the_lobbys_seat_choices_have_names(page, base: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(base + "/")
    page.select_option("#game", "high-card")
    assert page.get_by_label("Seat 2: a person or a bot").count() == 1
    assert page.get_by_label("Seat 1: name").count() == 1
