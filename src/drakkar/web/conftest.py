"""Fixtures for the browser tests (`pytest -m browser`): a server of every game, and Debian's
Chromium driven by Playwright (`executable_path`, never `playwright install`)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from drakkar.engine.registry import games as registered_games
from drakkar.server.conftest import free_port, server

CHROMIUM = os.environ.get("DRAKKAR_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
GAMES = ["high-card", *(g.name for g in registered_games())]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    with server(tmp_path_factory.mktemp("data"), port, games=",".join(GAMES), bot_delay=0.02):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright import sync_api  # (the test modules skip without it)

    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert not errors, f"the page raised: {errors}"
