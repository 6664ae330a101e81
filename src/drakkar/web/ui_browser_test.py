"""Defects a person found playing in Chromium, each drawn in a real headless Chromium
(`pytest -m browser`): bad links, the lobby's links, focus and live regions, layout."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from drakkar.web.browser_test import create_in_lobby
from drakkar.web.conftest import CHROMIUM

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

sync_api = pytest.importorskip("playwright.sync_api", reason="needs the browser extra: playwright")
if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM}: run scripts/ci-browser.sh", allow_module_level=True)


def take_a_high_card_seat(page, base: str) -> None:  # type: ignore[no-untyped-def]
    """A High Card game against a bot, seat 0 open and waiting for its first card."""
    create_in_lobby(page, base, "high-card", persons=1)
    page.click("a.seat-link[data-seat='0']")
    page.wait_for_selector("#hand .card.playable")


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


def active(page) -> str:  # type: ignore[no-untyped-def]
    """What has the focus: 'body', 'banner', 'playable' or its tag and id."""
    return str(
        page.evaluate("""() => {
        const a = document.activeElement;
        if (!a || a === document.body) return "body";
        if (a.id === "banner") return "banner";
        if (a.matches(".playable, #actions button, #advice button")) return "playable";
        return `${a.tagName}#${a.id}`;
    }""")
    )


def test_the_focus_stays_in_the_table_after_a_move_and_turns_are_said_aloud(
    page, base: str
) -> None:  # type: ignore[no-untyped-def]
    take_a_high_card_seat(page, base)
    assert page.get_attribute("#turn", "aria-live") == "polite"
    assert page.get_attribute("#log", "aria-live") == "polite"
    assert "Your turn" in page.inner_text("#turn")
    page.focus("#hand .card.playable")
    page.keyboard.press("Enter")  # the card is played and the table redrawn
    page.wait_for_function("document.querySelectorAll('#hand .card').length === 2")
    assert active(page) in ("banner", "playable")  # not <body>
    page.wait_for_selector("#hand .card.playable:not([disabled])")  # the bot has answered
    page.wait_for_function("document.activeElement.matches('#hand .card.playable')")
    page.keyboard.press("Enter")  # and the keyboard plays on from there
    page.wait_for_function("document.querySelectorAll('#hand .card').length === 1")
    lines = page.locator("#log p").all_inner_texts()
    assert lines and all(line.strip() for line in lines)  # no empty paragraphs


def test_the_hand_over_screen_takes_the_focus_and_the_banner_names_nobodys_turn(
    page, base: str
) -> None:  # type: ignore[no-untyped-def]
    create_in_lobby(page, base, "high-card", persons=2, together=True)
    page.wait_for_selector("#hand .card.playable")
    page.locator("#hand .card.playable").first.click()
    page.wait_for_selector("#handover-ready:visible")
    page.wait_for_function("document.activeElement.id === 'handover-ready'")
    assert "Your turn" not in page.inner_text("#banner")
    assert "Player 2" in page.inner_text("#banner")
    page.keyboard.press("Enter")
    page.wait_for_selector("#hand .card.playable")
    page.wait_for_function("document.activeElement.matches('#hand .card.playable')")
    assert "Your turn, Player 2" in page.inner_text("#banner")


def test_the_replay_slider_says_which_move_it_is_at(page, base: str) -> None:  # type: ignore[no-untyped-def]
    from drakkar.web.browser_test import replay_a_finished_high_card_game

    replay_a_finished_high_card_game(page, base, 2)
    text = page.get_attribute("#step", "aria-valuetext") or ""
    assert re.fullmatch(r"move 1 of \d+", text) and page.get_attribute("#step", "aria-label")


def test_a_villainous_vikings_longship_reads_as_words(page, base: str) -> None:  # type: ignore[no-untyped-def]
    from drakkar.web.scenario_browser_test import draw, table_msg, vv_battle_at_winchester

    draw(page, base, table_msg(vv_battle_at_winchester(), 0, "villainous-vikings"))
    ship = page.locator(".player[data-seat='1'] .ship")
    assert ship.get_attribute("role") == "img"
    assert (
        ship.get_attribute("aria-label") == "Longship sections: white whole, grey whole, red lost"
    )


def test_a_villainous_vikings_asgard_card_says_what_it_does_in_the_pool_and_in_a_hand(  # type: ignore[no-untyped-def]
    page, base: str
) -> None:
    from drakkar.games.villainous_vikings.scenarios import hold, new
    from drakkar.web.scenario_browser_test import draw, table_msg

    s = new(3)
    rolled = next(i for i, c in enumerate(s.cs.asgard) if c.dice)  # one the Gods roll dice for
    for pile in (s.deck, s.box, s.discard):
        if s.n_loc + rolled in pile:
            pile.remove(s.n_loc + rolled)
    if s.n_loc + rolled not in s.pool:
        s.pool.append(s.n_loc + rolled)
    hold(s, 0, "bifrost")
    view = s.view(0)
    pooled = next(c for c in view["pool"] if c["type"] == "asgard")
    held = view["players"][0]["asgard_cards"][0]
    draw(page, base, table_msg(s, 0, "villainous-vikings"))
    text = page.locator(f".card.asgard[data-card='{pooled['name']}']").first.inner_text()
    assert f"use: {pooled['use']}" in text and f"{pooled['vp']} VP" in text
    assert "dice:" not in text and "the Gods roll " in text
    assert pooled["sacrifice"] == "-" or f"sacrifice: {pooled['sacrifice']}" in text
    mine = page.locator(f"#hand .card[data-card='{held['name']}']").inner_text()
    assert f"use: {held['use']}" in mine and f"{held['vp']} VP" in mine
    assert f"sacrifice: {held['sacrifice']}" in mine


# where a seat's hand (or, without one, the first thing to play), the latest log line and the
# moves offered as buttons stand (Gone Viking's leader opens with "pay ... to swap two cards"
# or "stop swapping", Villainous Vikings' first Captain with "end turn")
WHERE = """() => {
    const first = document.querySelector("#hand") || document.querySelector(".playable, #actions button");
    const lines = document.querySelectorAll("#log p");
    const last = lines.length ? lines[lines.length - 1].getBoundingClientRect() : null;
    const buttons = [...document.querySelectorAll("#actions button")].map((b) => b.getBoundingClientRect().bottom);
    return { hand: first.getBoundingClientRect().top + 40, log: last ? last.top : 0,
             buttons, height: innerHeight, scrolled: scrollY };
}"""


@pytest.mark.parametrize(
    ("game", "width", "height"),
    [
        ("gone-viking", 1280, 800),
        ("knarr", 1280, 800),
        ("viking-raid", 1280, 800),
        ("villainous-vikings", 1280, 800),
        ("gone-viking", 390, 844),
        ("knarr", 390, 844),
        ("viking-raid", 390, 844),
        ("villainous-vikings", 390, 844),
    ],
)
def test_your_hand_the_latest_log_line_and_the_moves_buttons_show_without_scrolling(  # type: ignore[no-untyped-def]
    browser, base: str, game: str, width: int, height: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    create_in_lobby(page, base, game, persons=1)
    page.click("a.seat-link[data-seat='0']")
    page.wait_for_selector(".card.playable:not([disabled]), .region.playable, #actions button")
    page.wait_for_selector("#log p")
    where = page.evaluate(WHERE)
    context.close()
    assert where["scrolled"] == 0
    assert where["hand"] < where["height"], f"{game} at {width} px: your hand is below the fold"
    assert 0 < where["log"] < where["height"], f"{game} at {width} px: the log is below the fold"
    below = [y for y in where["buttons"] if y > where["height"]]
    assert below == [], f"{game} at {width} px: {len(below)} of the moves' buttons below the fold"
    if game in ("gone-viking", "villainous-vikings"):
        assert where["buttons"]  # their first decisions are buttons


@pytest.mark.parametrize("width", [1280, 390])
def test_a_villainous_vikings_location_with_a_hero_keeps_its_text_off_its_label(  # type: ignore[no-untyped-def]
    browser, base: str, width: int
) -> None:
    from drakkar.games.villainous_vikings.scenarios import new
    from drakkar.web.scenario_browser_test import draw, table_msg

    # the longest names: Constantinople's Basil the Bulgar-Slayer, Toledo's Rodrigo the Campeador
    s = new(3, stack=("constantinople", "toledo", "canterbury", "chartres"))
    page = browser.new_context(viewport={"width": width, "height": 844}).new_page()
    draw(page, base, table_msg(s, 0, "villainous-vikings"))
    overlaps = page.evaluate("""() => [...document.querySelectorAll(".card.location")]
        .filter((c) => c.querySelector("small") && c.querySelector(".kind")).map((c) => {
        const text = c.querySelector("small").getBoundingClientRect();
        const label = c.querySelector(".kind").getBoundingClientRect();
        return [c.dataset.card, c.innerText.includes("Basil"), text.bottom - label.top];
    })""")
    page.context.close()
    assert any(hero for _, hero, _ in overlaps), "no Location with a Warrior drawn"
    assert [name for name, _, over in overlaps if over > 0.5] == [], overlaps


def test_knarr_crew_columns_show_whole_names_on_a_desktop(browser, base: str) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    create_in_lobby(page, base, "knarr", persons=1)
    page.click("a.seat-link[data-seat='0']")
    page.wait_for_selector(".crew-column .mini")
    cut = page.evaluate("""() => [...document.querySelectorAll(".crew-column .mini")]
        .filter((m) => m.scrollWidth > m.clientWidth + 1 || m.getClientRects().length === 0
                       || m.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(m).lineHeight || 12)
                       || getComputedStyle(m).textOverflow === "ellipsis")
        .map((m) => m.title)""")
    names = page.locator(".crew-column .mini").all_inner_texts()
    page.context.close()
    assert names and cut == []


def test_the_lobby_names_a_refused_seat_as_its_form_does(page, base: str) -> None:  # type: ignore[no-untyped-def]
    def spoil(route) -> None:  # type: ignore[no-untyped-def]
        body = json.loads(route.request.post_data or "{}")
        body["seats"][1]["level"] = "nope"  # the form's Seat 2
        route.continue_(post_data=json.dumps(body))

    page.route(
        "**/api/games",
        lambda route: spoil(route) if route.request.method == "POST" else route.continue_(),
    )
    create_in_lobby(page, base, "high-card", persons=1)
    page.wait_for_selector("#error .error")
    text = page.inner_text("#error")
    assert text.startswith("Seat 2: no bot level 'nope'"), text


def test_a_log_line_names_a_seat_the_game_counts_from_0(page, base: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(base + "/")
    text = page.evaluate("""async () => {
        const { logLine } = await import("/static/js/common.js");
        const msg = { seats: [{ name: "Astrid" }, { name: "Bjorn" }] };
        return logLine(msg, "2 players; seat 0 leads the first raid; player 1 plays Odin").textContent;
    }""")
    assert text == "2 players; Astrid leads the first raid; Bjorn plays Odin"


def test_asking_for_a_hint_by_keyboard_keeps_the_focus_on_it_until_the_answer(
    page, base: str
) -> None:  # type: ignore[no-untyped-def]
    take_a_high_card_seat(page, base)
    # every control the focus visits from here on, by class
    page.evaluate(
        "window.visited = []; document.addEventListener('focusin', "
        "e => window.visited.push(e.target.className || e.target.tagName))"
    )
    page.focus(".ask-hint")
    page.keyboard.press("Enter")
    page.wait_for_selector(".advice li button")
    page.wait_for_function("document.activeElement.matches('.advice li button')")
    visited = page.evaluate("window.visited")
    # the button (saying Thinking…) keeps it, then the answer takes it; never a card between
    assert visited[0] == "ask-hint" and not any("card" in v for v in visited), visited


def test_the_end_of_a_game_says_who_won_in_the_banner_and_the_scores_above_the_table(  # type: ignore[no-untyped-def]
    browser, base: str
) -> None:
    import random

    from drakkar.web.browser_test import play_to_the_end

    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    take_a_high_card_seat(page, base)
    play_to_the_end(page, random.Random(1))
    # (a lobby game is dealt at random: High Card may end in a shared win)
    won = [
        row.locator("td").first.inner_text()
        for row in page.locator("#final-scores tr.winner").all()
    ]
    said = (
        f"{won[0]} wins" if len(won) == 1 else f"{', '.join(won[:-1])} and {won[-1]} share the win"
    )
    assert page.inner_text("#turn") == f"The game is over: {said}."
    scores = page.locator("#final-scores").bounding_box()
    assert scores and scores["y"] < page.locator("#board").bounding_box()["y"]  # type: ignore[index]
    assert scores["y"] < 844  # in sight on a phone, without scrolling
    page.context.close()


def test_a_shared_win_is_said_in_the_banner(page, base: str) -> None:  # type: ignore[no-untyped-def]
    # Player 1 is dealt 1 and 4, Player 2 2 and 3: 5 each, whatever they play
    made = page.request.post(
        base + "/api/games",
        data={"game": "high-card", "players": 2, "options": {"rounds": 2, "stack": [1, 4, 2, 3]},
              "seats": [{"kind": "person"}, {"kind": "person"}]},
    ).json()  # fmt: skip
    page.goto(base + made["all_seats"])
    from drakkar.web.browser_test import play_to_the_end

    play_to_the_end(page, __import__("random").Random(2))
    assert page.inner_text("#turn") == "The game is over: Player 1 and Player 2 share the win."


def test_the_lobby_offers_the_first_player_by_seat_counted_from_1(page, base: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(base + "/")
    page.select_option("#game", "knarr")
    page.select_option("#players", "3")
    first = page.locator("#option-first_player option")
    assert first.all_inner_texts() == ["drawn at random", "Seat 1", "Seat 2", "Seat 3"]
    page.select_option("#option-first_player", label="Seat 3")
    page.select_option("#players", "4")  # the seat chosen stays chosen, a fourth is offered
    assert first.count() == 5 and page.input_value("#option-first_player") == "2"
    with page.expect_request(lambda r: r.method == "POST" and "/api/games" in r.url) as sent:
        page.click("#create-button")
    assert json.loads(sent.value.post_data or "{}")["options"]["first_player"] == 2
    page.wait_for_selector("#created h3")


def test_the_lobby_shows_each_options_help_and_default_in_words(page, base: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(base + "/")
    page.select_option("#game", "viking-raid")
    help_text = page.locator("#option-max_rounds-help")
    assert help_text.is_visible()  # in sight, not a tooltip: a phone has none
    assert help_text.inner_text() == (
        "safety rule: the game ends after this round at the latest (1 to 100). Default: 50."
    )
    assert page.get_attribute("#option-max_rounds", "aria-describedby") == "option-max_rounds-help"
    page.select_option("#game", "knarr")
    assert page.inner_text("#option-first_player-help") == (
        "the seat that plays first. Default: drawn at random."
    )


def test_a_seats_name_field_is_wide_enough_to_type_in_on_a_phone(browser, base: str) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(base + "/")
    page.select_option("#game", "villainous-vikings")
    widths = [page.locator(f"#seat-name-{i}").bounding_box()["width"] for i in range(4)]  # type: ignore[index]
    wide = page.evaluate("document.documentElement.scrollWidth")
    page.context.close()
    assert min(widths) >= 200 and wide <= 390, widths


def test_a_move_that_names_a_seat_names_it_as_the_screen_does(page, base: str) -> None:  # type: ignore[no-untyped-def]
    import random

    import drakkar
    from drakkar.web.scenario_browser_test import table_msg

    state, rng = drakkar.load("gone-viking").new(4, seed=1), random.Random(1)
    while not any(state.action_label(a).startswith("steal") for a in state.legal_actions()):
        state.apply(rng.choice(state.legal_actions()))  # on to Loki's Home Power
    seat = state.current_player
    msg = table_msg(state, seat, "gone-viking")
    msg.update(type="state", game_id="g", title="Gone Viking!", moves=len(state.history),
               log=[], deadline=None)  # fmt: skip
    names = ["Astrid", "Bjorn", "Cnut", "Dagny"]
    msg["seats"] = [{"name": n, "kind": "person"} for n in names]

    def serve(ws) -> None:  # type: ignore[no-untyped-def]  # the server, saying this one table
        ws.on_message(lambda m: ws.send(json.dumps(msg)) if '"hello"' in str(m) else None)

    page.route_web_socket(re.compile(r"/ws/games/g$"), serve)
    page.goto(f"{base}/play/g#s{seat}=token")
    page.wait_for_selector("#actions button")
    steals = [b for b in page.locator("#actions button").all_inner_texts() if b.startswith("steal")]
    assert steals and all(
        re.fullmatch(r"steal an? \w+ from (Astrid|Bjorn|Cnut|Dagny)", b) for b in steals
    ), steals


def test_a_move_played_by_pointer_leaves_the_page_where_it_was_scrolled(browser, base: str) -> None:  # type: ignore[no-untyped-def]
    # a short screen, scrolled down to the hand: after a tap the focus moves on (to the banner
    # while the bot thinks, to a card after), and the page stays put
    page = browser.new_context(viewport={"width": 390, "height": 320}).new_page()
    take_a_high_card_seat(page, base)
    page.evaluate("window.scrollBy(0, 400)")  # the hand at the top of the screen, or past it
    page.locator("#hand .card.playable").first.scroll_into_view_if_needed()
    before = page.evaluate("scrollY")
    assert before > 0
    page.locator("#hand .card.playable").first.click()
    page.wait_for_function("document.querySelectorAll('#hand .card').length === 2")
    page.wait_for_selector("#hand .card.playable:not([disabled])")  # the bot has answered
    page.wait_for_timeout(200)
    after = page.evaluate("scrollY")
    page.context.close()
    assert abs(after - before) < 40, (before, after)  # (the log above may grow by a line)


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_whose_turn_it_is_stays_in_sight_down_the_table(
    browser, base: str, width: int, height: int
) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    # a table taller than the screen whatever the lobby's random deal: five Captains (1,130 to
    # 1,250 px at 1280x800 in three deals; four, about 1,100)
    create_in_lobby(page, base, "villainous-vikings", persons=1, players=5)
    page.click("a.seat-link[data-seat='0']")
    page.wait_for_selector("#banner:has-text('Your turn')")
    # the game's renderer is loaded on first use, after the banner is set: wait until the
    # table stands taller than the screen (it was drawn after 'Your turn' showed, and the
    # scroll below went nowhere)
    page.wait_for_function("document.documentElement.scrollHeight > innerHeight + 100")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    banner = page.locator("#banner").bounding_box()
    scrolled = page.evaluate("scrollY")
    page.context.close()
    assert scrolled > 100 and banner and 0 <= banner["y"] < 80, (scrolled, banner)


def test_the_lobby_says_what_each_bot_level_plays(page, base: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(base + "/")
    page.select_option("#game", "knarr")
    offered = page.locator("#seat-1 option").all_inner_texts()
    assert offered == ["a person", "bot, easy", "bot, normal", "bot, hard"]
    assert page.inner_text("#levels") == (
        "Bot levels: easy plays at random; normal plays by rules of thumb; "
        "hard searches ahead (up to 2 s a move)."
    )


def test_the_lobbys_list_shows_each_games_status_and_links_on_a_phone(browser, base: str) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    create_in_lobby(page, base, "villainous-vikings", persons=1)  # a long title, four seats
    page.wait_for_selector("#games tr[data-game]")
    # (read at once: the list is drawn anew every 3 s)
    boxes, moves = page.evaluate("""() => {
        const row = document.querySelector("#games tr[data-game]");
        const box = (n) => { const r = n.getBoundingClientRect(); return [r.left, r.right, r.width]; };
        return [[box(row.querySelector(".status")), box(row.querySelector("a"))],
                getComputedStyle(row.querySelectorAll("td")[3], "::before").content];
    }""")
    page.context.close()
    assert all(left >= 0 and right <= 390 and width > 0 for left, right, width in boxes), boxes
    assert "Moves" in moves, moves  # a bare number, alone on its line, would say nothing


def test_the_tabs_title_says_when_it_is_your_turn(page, base: str) -> None:  # type: ignore[no-untyped-def]
    create_in_lobby(page, base, "high-card", persons=2)  # Player 1 moves first
    second = page.get_attribute("a.seat-link[data-seat='1']", "href") or ""
    page.click("a.seat-link[data-seat='0']")
    page.wait_for_selector("#hand .card.playable")
    assert page.title() == "Your turn · drakkar — High Card"  # seen in a background tab's strip
    page.goto(base + second)
    page.wait_for_selector("#where:has-text('Player 2')")
    assert page.title() == "drakkar — High Card"


def test_the_lobby_shows_how_to_name_villainous_vikings_captains_and_the_example_plays(  # type: ignore[no-untyped-def]
    page, base: str
) -> None:
    page.goto(base + "/")
    page.select_option("#game", "villainous-vikings")
    page.select_option("#players", "4")
    said = page.inner_text("#option-captains-help")
    example = re.search(r"e\.g\. (\S+)", said)
    assert example, said  # the ids were nowhere on the page but in a refusal
    page.fill("#option-captains", example.group(1))
    page.click("#create-button")
    page.wait_for_selector("#created h3, #error .error")
    assert page.locator("#created h3").count() == 1, page.inner_text("#error")


def test_a_long_turn_timer_reads_in_minutes_and_seconds(page, base: str) -> None:  # type: ignore[no-untyped-def]
    from drakkar.web.browser_test import take_a_timed_high_card_seat

    take_a_timed_high_card_seat(page, base, 600)
    assert re.fullmatch(r"(10:00|9:[0-5]\d)", page.inner_text("#clock")), page.inner_text("#clock")


def test_the_lobby_keeps_the_seats_filled_in_when_the_player_count_changes(page, base: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(base + "/")
    page.select_option("#game", "viking-raid")
    page.select_option("#players", "3")
    page.fill("#seat-name-0", "Astrid")
    page.select_option("#seat-1", "person")
    page.fill("#seat-name-1", "Bjorn")
    page.select_option("#seat-2", "bot:hard")
    page.select_option("#players", "4")  # a fourth seat: the three filled in stay
    assert [page.input_value(f"#seat-name-{i}") for i in range(4)] == ["Astrid", "Bjorn", "", ""]
    assert [page.input_value(f"#seat-{i}") for i in range(4)] == [
        "person", "person", "bot:hard", "bot:normal",
    ]  # fmt: skip
