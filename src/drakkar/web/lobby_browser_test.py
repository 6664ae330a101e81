"""The lobby's list of games and its refusals on a server at its limits, in a real headless
Chromium (`pytest -m browser`): a server of at most 25 games held (docs/server.md, Limits)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from drakkar.server.conftest import free_port, server
from drakkar.web.conftest import CHROMIUM

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

sync_api = pytest.importorskip("playwright.sync_api", reason="needs the browser extra: playwright")
if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM}: run scripts/ci-browser.sh", allow_module_level=True)

HELD = 25
PEOPLE = [{"kind": "person"}, {"kind": "person"}]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    with server(tmp_path_factory.mktemp("data"), port, extra=("--max-tables", str(HELD))):
        yield f"http://127.0.0.1:{port}"


def test_the_lobby_lists_the_newest_games_and_shows_more_on_asking(page, base: str) -> None:  # type: ignore[no-untyped-def]
    # every game held was listed, in one answer every 3 s: hundreds of rows on a busy server
    made = [
        page.request.post(base + "/api/games", data={"game": "high-card", "seats": PEOPLE})
        for _ in range(HELD)
    ]
    assert all(r.ok for r in made)
    ids = [r.json()["id"] for r in made][::-1]  # newest first
    page.goto(base + "/")
    page.wait_for_selector("#games tr[data-game]")
    listed = page.locator("#games tr[data-game]").evaluate_all(
        "rows => rows.map(r => r.dataset.game)"
    )
    assert listed == ids[:20]
    assert page.inner_text("#shown") == f"The newest 20 of {HELD} games."
    assert page.inner_text("#more") == "Show 5 more (5 not shown)"
    page.focus("#more")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelectorAll('#games tr[data-game]').length === {HELD}")
    assert page.is_hidden("#more") and page.inner_text("#shown") == ""
    # its button gone, the focus is on the first game it brought, not dropped on the page
    first = page.evaluate("document.activeElement.closest('tr')?.dataset.game")
    assert first == ids[20]
    page.wait_for_timeout(3500)  # the list is fetched again every 3 s: the more shown stay
    assert page.locator("#games tr[data-game]").count() == HELD


def test_the_lobby_says_the_server_is_full_and_creates_nothing(page, base: str) -> None:  # type: ignore[no-untyped-def]
    # (after the test above: HELD unfinished games, each waiting for its people)
    held = page.request.get(base + "/api/games?limit=100").json()
    while len(held) < HELD:
        page.request.post(base + "/api/games", data={"game": "high-card", "seats": PEOPLE})
        held = page.request.get(base + "/api/games?limit=100").json()
    page.goto(base + "/")
    page.wait_for_selector("#seat-0")  # (the catalogue came: the form is filled in)
    page.click("#create-button")
    page.wait_for_selector("#error .error")
    text = page.inner_text("#error")
    assert f"{HELD} unfinished games, its limit (max-tables {HELD})" in text, text
    assert len(page.request.get(base + "/api/games?limit=100").json()) == HELD
