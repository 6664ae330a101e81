"""A game's renderer drawing a chosen position, in headless Chromium (`pytest -m browser`).

A position is built in Python (a stacked deck and scripted dice: each game's `scenarios.py`),
the message the server would send for it is drawn with the game's renderer, and the page's text
is read: what a Villainous Vikings battle, decision, Ragnarok and "Abilities in play" say, what
Viking Raid's Encounter cards did, Knarr's and Gone Viking's hands, also at 390 px wide.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from drakkar.web.conftest import CHROMIUM

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

pytest.importorskip("playwright.sync_api", reason="needs the browser extra: playwright")
if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM}: run scripts/ci-browser.sh", allow_module_level=True)


def rendered(page, base: str, msg: dict, selector: str, attribute: str = "") -> list:  # type: ignore[no-untyped-def]
    """Draw `msg` with its game's renderer in a page; each `selector` match's `attribute`
    (its text when none)."""
    page.goto(base + "/")
    return page.evaluate(  # type: ignore[no-any-return]
        """async ([msg, selector, attribute]) => {
        const { render } = await import(`/static/games/${msg.game}.js`);
        const root = document.createElement("div");
        document.body.append(root);
        render(root, msg, { act: () => {}, legal: msg.legal, interactive: true, seat: msg.seat });
        return [...root.querySelectorAll(selector)]
            .map((e) => (attribute ? e.getAttribute(attribute) : e.textContent));
    }""",
        [msg, selector, attribute],
    )


def test_a_knarr_crew_viking_offers_no_recruit_of_a_hand_card_that_looks_alike(
    page, base: str
) -> None:  # type: ignore[no-untyped-def]
    import drakkar

    rng = random.Random(5)
    state = drakkar.load("knarr").new(3, seed=5)
    while True:  # a position where a crew Viking and a hand card share a name, recruiting
        p = state.current_player
        view = state.view(p)
        crew = {v for column in view["seats"][p]["crew"] for v in column}
        labels = [state.action_label(a) for a in state.legal_actions()]
        if any(x.startswith("recruit ") for x in labels) and crew & set(view["hand"]):
            break
        state.apply(rng.choice(state.legal_actions()))
    msg = {
        "view": view, "seat": p, "to_move": p, "over": False, "game": "knarr",
        "seats": [{"name": f"P{i}", "kind": "person"} for i in range(3)],
        "legal": [{"action": a, "label": state.action_label(a)} for a in state.legal_actions()],
    }  # fmt: skip
    offered = rendered(page, base, msg, ".player .card.playable", "aria-label")
    assert offered == []  # recruits are offered on the hand's cards only


def test_gone_viking_shows_the_cards_you_know_in_another_hand(page, base: str) -> None:  # type: ignore[no-untyped-def]
    import drakkar

    state = drakkar.load("gone-viking").new(4, seed=2)
    view = state.view(0)
    view["known_hands"] = {"2": ["Books 7"]}  # as after Thor's pass
    msg = {
        "view": view, "seat": 0, "to_move": state.current_player, "over": False,
        "game": "gone-viking", "seats": [{"name": f"P{i}", "kind": "person"} for i in range(4)],
        "legal": [],
    }  # fmt: skip
    (text,) = rendered(page, base, msg, ".player[data-seat='2']")
    assert "you know: Books 7" in text


def test_a_finished_gone_viking_table_shows_no_trump_or_god_still_in_play(page, base: str) -> None:  # type: ignore[no-untyped-def]
    import random

    import drakkar

    state = drakkar.load("gone-viking").new(4, seed=5)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    assert view["god_in_play"] and view["winners"]  # this game ends with a God in play
    msg = {
        "view": view, "seat": 0, "to_move": None, "over": True, "game": "gone-viking",
        "seats": [{"name": f"P{i}", "kind": "person"} for i in range(4)], "legal": [],
    }  # fmt: skip
    (header,) = rendered(page, base, msg, ".row")[:1]
    assert "Raid" in header and "Trump" not in header and "God in play" not in header
    # the Raid Leader, not a trick's leader (a trick's lead is "led: Fists")
    assert f"Raid Leader: P{view['leader']}" in header and " leader:" not in header
    view["winners"] = []  # the same table mid-game shows both
    (header,) = rendered(page, base, msg, ".row")[:1]
    assert "Trump: " in header and "God in play: Loki" in header


def table_msg(state, seat: int, game: str) -> dict:  # type: ignore[no-untyped-def]
    """A table message as the server sends it to `seat` (its legal moves if it is to move)."""
    mine = state.current_player == seat
    return {
        "view": state.view(seat), "seat": seat, "to_move": state.current_player, "over": False,
        "game": game, "seats": [{"name": f"Player {i + 1}", "kind": "person"}
                                for i in range(state.num_players)],
        "legal": [{"action": a, "label": state.action_label(a)} for a in state.legal_actions()]
        if mine else [],
    }  # fmt: skip


def draw(page, base: str, msg: dict) -> None:  # type: ignore[no-untyped-def]
    """Draw `msg` into #board with its game's renderer, as the table page does (again, if it
    is there already: the page redraws at every message); window.acts collects what it plays."""
    if not page.url.startswith(base):
        page.goto(base + "/")
    page.evaluate(
        """async (msg) => {
        const { render } = await import(`/static/games/${msg.game}.js`);
        let root = document.getElementById("board");
        if (!root) {  // below the lobby (left to run: emptying its page broke its refresh)
            root = document.createElement("div");
            root.id = "board";
            root.className = "board";
            document.body.append(root);
            window.acts = [];
        }
        render(root, msg, { act: (a) => window.acts.push(a), legal: msg.legal,
                            interactive: true, seat: msg.seat });
    }""",
        msg,
    )


def vv_battle_at_winchester():  # type: ignore[no-untyped-def]
    """Seat 0 (Glamr, 5 gold, a Draugr Berserk and The Bifrost Opens) attacks Winchester, which
    Alfred of Wessex defends; 1 sword against 3; seat 1's red section is lost."""
    from drakkar.games.villainous_vikings.scenarios import G1, GB, RB, RH, W1, dice, hold, new, war

    s = new(3, stack=("winchester", "cork"), captains=("glamr", "ragnar", "ivar"))
    s.gold[0], s.damage[1] = 5, 1
    s.crew[0].append(war(s, "draugr-berserk"))
    s.reserve.remove(war(s, "draugr-berserk"))
    hold(s, 0, "bifrost")
    s.apply_label("move to the British Isles")
    dice(s, W1, GB, 4, G1, RB, RH)  # white sword, grey and red blanks; sword, blank, hammer
    s.apply_label("conquer Winchester")
    return s


def test_a_villainous_vikings_battle_says_who_wins_now_and_what_each_sacrifice_gives(
    page, base: str
) -> None:  # type: ignore[no-untyped-def]
    s = vv_battle_at_winchester()
    draw(page, base, table_msg(s, 0, "villainous-vikings"))
    key = page.inner_text(".key")
    assert "W G R = the white, grey (not green) and red dice" in key and "x = a lost section" in key
    assert page.inner_text(".player[data-seat='1'] .ship") == "ship W G x"
    battle = page.locator(".zone:has(.standing)")
    assert battle.locator("h3").inner_text().lower() == (
        "battle: conquest of winchester in the british isles, fight 1"
    )
    dice = battle.locator(".side[data-side='1'] .die")
    assert [d.get_attribute("aria-label") for d in dice.all()] == [
        "grey sword", "red blank", "red hammer",
    ]  # fmt: skip
    assert dice.all_inner_texts() == ["GS", "R·", "RH"]  # the colour's letter, the face's
    assert "Dice faces: SS 2 swords, S sword" in battle.inner_text()
    assert page.inner_text(".defender") == (
        "Winchester is defended by hero Alfred of Wessex: +1 shield"
    )
    assert page.inner_text(".standing") == (
        "If both stop now: Winchester wins, 3 swords to 1 (a tie goes to Winchester). "
        "Player 1 takes 2 hits, losing 1 section."
    )
    assert "You decide: sacrifice a card, buy a sword for 5 gold (you have 5), or done." in (
        page.inner_text(".choices")
    )
    rows = page.locator(".choices li .choice")
    assert rows.all_inner_texts() == [
        "sacrifice Draugr Berserk (Warrior): +2 swords",
        "sacrifice The Bifrost Opens (Asgard card): +1 sword",
    ]
    assert rows.first.get_attribute("aria-label") == "sacrifice warrior Draugr Berserk: +2 swords"
    assert "sacrifice: +1 sword" in page.inner_text("#hand .card[data-card='The Bifrost Opens']")
    rows.first.click()
    (played,) = page.evaluate("window.acts")
    assert s.action_label(played) == "sacrifice warrior Draugr Berserk"
    s.apply(played)  # 3 swords to 3: a tie, which the Location wins; as a spectator sees it
    draw(page, base, table_msg(s, 2, "villainous-vikings"))
    assert "Player 1 decides: sacrifice a card, buy a sword" in page.inner_text(".choices")
    assert page.locator(".choice.playable").count() == 0
    assert "Winchester wins, 3 swords to 3" in page.inner_text(".standing")


def test_villainous_vikings_abilities_in_play_are_the_terminals_info_and_stay_open(
    page, base: str
) -> None:  # type: ignore[no-untyped-def]
    from rich.table import Table

    from drakkar.games.villainous_vikings.info import RULES, info
    from drakkar.games.villainous_vikings.scenarios import give

    s = vv_battle_at_winchester()
    give(s, 0, "chartres")  # a Location of your own, with its sacrifice
    msg = table_msg(s, 0, "villainous-vikings")
    draw(page, base, msg)
    panel = page.locator("details#abilities")
    assert panel.get_attribute("open") is None  # closed until asked for
    panel.locator("summary").click()
    draw(page, base, msg)  # the next message redraws the table: the panel stays open
    assert page.locator("details#abilities").get_attribute("open") is not None
    # the same rows, in the same order, as `info` prints in the terminal
    terminal: list[tuple[str, str]] = []
    for part in info(s.view(0), 0).renderables:
        if isinstance(part, Table):
            names, texts = (c._cells for c in part.columns)
            terminal += [(n.plain, t.plain) for n, t in zip(names, texts, strict=True)]
    dts = panel.locator("dt").all_inner_texts()
    dds = panel.locator("dd").all_inner_texts()
    assert len(terminal) > 10 and dds == [t for _, t in terminal]
    assert dts[3:] == [n for n, _ in terminal][3:]  # (a Captain's row names the seat's name)
    assert dts[:3] == ["Player 1: Glamr the Undead", "Player 2: Ragnar Lodbrok",
                       "Player 3: Ivar the Boneless"]  # fmt: skip
    titles = panel.locator("h4").all_inner_texts()
    assert titles[1:4] == ["This battle", "Your cards", "The Journey Pool"]
    assert titles[-1] == "How a battle goes" and panel.locator("p").inner_text() == RULES
    for want in ("Alfred of Wessex, hero. Static: +1 shield. Sacrifice +2 swords",
                 "Asgard card, 1 VP; sacrifice +1 sword", "section of 4 helmets"):  # fmt: skip
        assert want in panel.inner_text(), want


def test_a_villainous_vikings_decision_spells_out_retreat_colonize_or_raze_and_a_hero(
    page, base: str
) -> None:  # type: ignore[no-untyped-def]
    from drakkar.games.villainous_vikings.scenarios import new

    s = new(3)
    s.pos[1], s.gold[1], s.damage[1] = 2, 10, 1  # in the British Isles, one section lost
    s.apply_label("move to the British Isles")
    draw(page, base, table_msg(s, 1, "villainous-vikings"))
    assert page.inner_text(".decision") == (
        "You: contest (a battle; Player 1 attacks, the loser goes home) or retreat (pay 4 gold: "
        "2 per undamaged section, or all your gold if less, and go home to the Northlands, "
        "leaving the British Isles)."
    )
    s = vv_battle_at_winchester()
    s.apply_label("sacrifice warrior Draugr Berserk")
    s.apply_label("sacrifice card The Bifrost Opens")  # 4 swords to 3
    s.apply_label("done")
    draw(page, base, table_msg(s, 0, "villainous-vikings"))
    assert page.inner_text(".decision") == (
        "Winchester is taken: colonize (keep it: +3 gold, 2 VP; Alfred of Wessex may join your "
        "crew) or raze (+9 gold, repair one section, discard it; Alfred of Wessex is discarded)."
    )
    s.apply_label("colonize")
    draw(page, base, table_msg(s, 0, "villainous-vikings"))
    assert page.inner_text(".decision") == (
        "Alfred of Wessex (hero: +1 shield; sacrifice: +2 swords): take him into the crew (each "
        "undamaged section holds one Warrior; a full crew discards one) or dismiss him."
    )


def test_villainous_vikings_ragnarok_says_what_the_seat_to_decide_may_do(page, base: str) -> None:  # type: ignore[no-untyped-def]
    from drakkar.games.villainous_vikings import GAME

    s = GAME.new(3, 2, {"round_limit": 1})
    while not (s.view(None)["ragnarok"] or {}).get("choices"):
        s.apply(s.legal_actions()[-1])
    seat = s.current_player
    gold = s.gold[seat]
    draw(page, base, table_msg(s, seat, "villainous-vikings"))
    # spelt as the log spells it ("wins Ragnarok (+7 VP)"), not "Ragnarök" beside it
    assert "Ragnarok" in page.locator(".zone h3").all_text_contents()
    assert page.inner_text(".zone:has(h3:text('Ragnarok')) .choices") == (
        f"You decide: buy a sword for 5 gold (you have {gold}), or done."
    )


def test_a_battle_its_abilities_and_a_raid_turn_fit_a_phone_wide_screen(browser, base: str) -> None:  # type: ignore[no-untyped-def]
    from drakkar.games.viking_raid.raid_test import HAND, start_raid
    from drakkar.games.viking_raid.scenarios import deal

    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    draw(page, base, table_msg(vv_battle_at_winchester(), 0, "villainous-vikings"))
    page.click("details#abilities summary")
    assert page.locator("details#abilities dd").first.is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    s = deal(HAND, draws=["Town"], encounters=["Storm", "Livestock", "Coins", "Rocks"])
    start_raid(s, dest="Far Village", crew=["Sail Maker"])  # 'the Sail Maker mends the sail'
    draw(page, base, table_msg(s, 0, "viking-raid"))
    assert page.locator("figure.drawn").count() == 4
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


def test_viking_raid_shows_what_each_encounter_card_did_and_what_sinks_a_ship(
    page, base: str
) -> None:  # type: ignore[no-untyped-def]
    from drakkar.games.viking_raid.raid_test import HAND, start_raid
    from drakkar.games.viking_raid.scenarios import deal, others_stay_home, play

    def drawn(phase: str) -> list[tuple[str, str, bool]]:
        figures = page.locator(f".phase[data-phase='{phase}'] figure.drawn").all()
        return [(f.locator(".card").get_attribute("data-card"), f.locator("figcaption").inner_text(),
                 "idle" in (f.get_attribute("class") or "")) for f in figures]  # fmt: skip

    s = deal(HAND, draws=["Town"], encounters=["Storm", "Livestock", "Coins", "Rocks"]
             + ["Peasants Militia", "Garrison", "Lost", "Coins", "Storm"])  # fmt: skip
    start_raid(s, dest="Far Village", crew=["Sail Maker"])
    draw(page, base, table_msg(s, 0, "viking-raid"))
    assert page.inner_text(".zone:has(.phases) h3").lower() == (
        "encounter cards of player 1's latest raid turn"
    )
    assert drawn("Voyage") == [
        ("Storm", "the Sail Maker mends the sail", False),
        ("Livestock", "no effect", True),  # dimmed, and still says so
        ("Coins", "no effect", True),
        ("Rocks", "Hull damage 1", False),
    ]
    assert page.inner_text("#sinking-note") == (
        "Damage: 2 hull or 2 sail damage sinks the ship; its player is out of the game."
    )
    assert page.inner_text(".player[data-seat='0'] .stat.warn") == "1 more hull damage sinks it"
    others_stay_home(s)
    play(s, "attack directly")
    draw(page, base, table_msg(s, 0, "viking-raid"))
    assert drawn("Pillage") == [
        ("Peasants Militia", "ignored (Far)", False),  # not its printed "kill 5"
        ("Garrison", "10 crew killed", False),
        ("Lost", "no effect", True),
    ]
    assert drawn("Plunder") == [("Coins", "+7 Gold", False), ("Storm", "no treasure", True)]
    msg = table_msg(s, 0, "viking-raid")
    msg["view"]["sinking"] = "lose-raid"
    draw(page, base, msg)
    assert page.inner_text("#sinking-note").endswith("its player loses that raid and plays on.")


def test_a_villainous_vikings_sovereign_defender_shows_his_hammers(page, base: str) -> None:  # type: ignore[no-untyped-def]
    from drakkar.games.villainous_vikings.scenarios import GB, W1, W2, WSH, dice, new

    s = new(3, stack=("canterbury", "cork"), captains=("glamr", "ragnar", "ivar"))
    s.gold[0] = 5
    s.apply_label("move to the British Isles")
    draw(page, base, table_msg(s, 0, "villainous-vikings"))
    assert "sovereign: Athelstan the Glorious" in page.inner_text(".card[data-card='Canterbury']")
    dice(s, W1, GB, 4, W2, WSH)
    s.apply_label("conquer Canterbury")
    draw(page, base, table_msg(s, 0, "villainous-vikings"))
    assert page.inner_text(".defender") == (
        "Canterbury is defended by sovereign Athelstan the Glorious: +1 sword. "
        "Hammers: white: +2 swords · grey: +1 sword · red: +1 sword"
    )
    assert [d.get_attribute("aria-label") for d in page.locator(".side .die").all()][-2:] == [
        "white 2 swords", "white shield",
    ]  # fmt: skip


def test_viking_raids_last_round_is_said_in_words_and_not_once_the_game_is_over(  # type: ignore[no-untyped-def]
    page, base: str
) -> None:
    import drakkar

    state = drakkar.load("viking-raid").new(3, seed=1)
    msg = table_msg(state, 0, "viking-raid")
    msg["view"]["ending"] = True  # someone has completed 3 raids: this round is the last
    draw(page, base, msg)
    header = page.locator("#board > .row").first.inner_text()
    assert "last round" in header and "ending" not in header and "true" not in header
    msg["view"]["winners"] = [1]  # the same table once the game is over
    draw(page, base, msg)
    assert "last round" not in page.locator("#board > .row").first.inner_text()


@pytest.mark.parametrize("width", [1280, 390])
def test_no_villainous_vikings_location_name_runs_past_its_card(
    browser, base: str, width: int
) -> None:  # type: ignore[no-untyped-def]
    from drakkar.games.villainous_vikings.scenarios import new

    s = new(3, stack=("constantinople",))
    msg = table_msg(s, 0, "villainous-vikings")
    view, names = msg["view"], [loc.name for loc in s.cs.locations]
    pooled = next(c for c in view["pool"] if c["name"] == "Constantinople")
    view["pool"] = [{**pooled, "name": n} for n in names]  # every name in the Journey Pool
    view["players"][0]["locations"] = [  # and every one held, as small cards to sacrifice
        {"name": n, "region": 0, "face_up": True, "vp": 1, "sacrifice": "+1 sword"} for n in names
    ]
    msg["legal"] = [
        {"action": 900 + i, "label": f"sacrifice location {n}"} for i, n in enumerate(names)
    ]
    page = browser.new_context(viewport={"width": width, "height": 844}).new_page()
    draw(page, base, msg)
    cut = page.evaluate("""() => [...document.querySelectorAll(".card.location .name")].filter((n) => {
        const name = n.getBoundingClientRect(), card = n.closest(".card").getBoundingClientRect();
        return n.scrollWidth > n.clientWidth + 1 || name.left < card.left || name.right > card.right;
    }).map((n) => `${n.textContent}${n.closest(".card.small") ? " (small)" : ""}`)""")
    held = page.locator("#hand .card.location").count()
    page.context.close()
    assert held == len(names) and cut == []


def test_gone_viking_says_the_fist_value_won_as_won_not_as_a_fist_count(page, base: str) -> None:  # type: ignore[no-untyped-def]
    import drakkar

    state = drakkar.load("gone-viking").new(4, seed=2)
    msg = table_msg(state, 0, "gone-viking")
    msg["view"]["fists_won"] = [0, 27, 0, 0]  # as after player 2 took tricks of Fists 8, 9, 10
    draw(page, base, msg)
    text = page.inner_text(".player[data-seat='1']")
    assert "Fists won 27" in text and "Fists 27" not in text  # not read as 27 Fist tokens


def test_viking_raids_declaration_says_why_there_is_no_raid_to_declare(page, base: str) -> None:  # type: ignore[no-untyped-def]
    import drakkar

    said = {}
    for seed in range(40):  # a declaration with a raid to declare, and one without
        state = drakkar.load("viking-raid").new(3, seed=seed)
        while state.view(state.current_player)["step"] != "declare":
            state.apply(state.legal_actions()[0])
        labels = [state.action_label(a) for a in state.legal_actions()]
        if ("go raiding" in labels) in said:
            continue
        draw(page, base, table_msg(state, state.current_player, "viking-raid"))
        said["go raiding" in labels] = page.inner_text("#board .hint")
        if len(said) == 2:
            break
    assert said[True] == "Go raiding or stay home (and draw an extra card)."
    assert said[False] == (
        "No raid this turn: it needs a Destination and a Ship you can afford. "
        "Stay home and draw an extra card."
    )


def test_knarr_says_what_a_trade_is_and_when_it_may_come(page, base: str) -> None:  # type: ignore[no-untyped-def]
    import drakkar

    state, rng = drakkar.load("knarr").new(3, seed=2), random.Random(0)
    said = {}
    while (
        len(said) < 3
    ):  # the action with a trade before it, the trade-or-end step, and one without
        p = state.current_player
        labels = [state.action_label(a) for a in state.legal_actions()]
        key = (state.view(p)["phase"], any(x.startswith("trade ") for x in labels))
        if key not in said:
            draw(page, base, table_msg(state, p, "knarr"))
            said[key] = page.inner_text("#board .hint")
        state.apply(rng.choice(state.legal_actions()))
    recruit = "Recruit a Viking (click a card in your hand) or explore a Destination (click it)."
    assert said[("action", False)] == recruit
    assert said[("action", True)] == recruit + " You may trade bracelets first (once a turn)."
    assert said[("trade or end", True)] == (
        "Trade (spend n bracelets, 1 to 3, to gain columns 1 to n of your ship and of every "
        "Destination above it) or end your turn."
    )


def test_every_gone_viking_decision_has_a_line_saying_what_it_is(page, base: str) -> None:  # type: ignore[no-untyped-def]
    import drakkar

    game, rng, said = drakkar.load("gone-viking"), random.Random(0), {}
    for seed in range(2):  # random games reach every phase, Thor's ship in the second
        state = game.new(4, seed=seed)
        while not state.is_terminal():
            p = state.current_player
            phase = state.view(p)["phase"]
            if phase not in said:
                draw(page, base, table_msg(state, p, "gone-viking"))
                hint = page.locator("#board .hint")
                said[phase] = hint.inner_text() if hint.count() else None
            state.apply(rng.choice(state.legal_actions()))
    assert len(said) == 12 and [p for p, h in said.items() if not h] == [], said
    assert said["the Jarl's tribute"] == (
        "The Jarl takes half your tokens that are not Ships, rounded up: choose which, one at a time."
    )
    assert said["paid swaps"].startswith(
        "Pay a token to put two cards of your hand under the draw pile"
    )


def test_gone_viking_swap_line_speaks_to_the_swapper_and_counts_cards(page, base: str) -> None:  # type: ignore[no-untyped-def]
    import drakkar

    game, rng, said = drakkar.load("gone-viking"), random.Random(0), {}
    state = game.new(4, seed=0)
    while len(said) < 2:  # the swapper's first pick, as they and as another seat see it
        swapping = state.view(state.current_player)["swapping"]
        if swapping and swapping["picked"] == 1:
            for seat in (swapping["seat"], (swapping["seat"] + 1) % 4):
                draw(page, base, table_msg(state, seat, "gone-viking"))
                said[seat == swapping["seat"]] = page.inner_text("#board .swapping")
            who = f"Player {swapping['seat'] + 1}"
        state.apply(rng.choice(state.legal_actions()))
    assert said[True].startswith("You have picked 1 card to swap: "), said
    assert said[False] == f"{who} has picked 1 card to swap", said


def test_knarr_keys_the_icons_its_moves_and_destinations_write_short(page, base: str) -> None:  # type: ignore[no-untyped-def]
    import drakkar

    state = drakkar.load("knarr").new(3, seed=2)
    msg = table_msg(state, state.current_player, "knarr")
    # a recruit's label: "recruit red VP: take slot 2: purple BR, paying a recruit token"
    assert any(" BR" in a["label"] or " REP" in a["label"] for a in msg["legal"])
    draw(page, base, msg)
    key = page.inner_text("#board .key")
    for short in ("VP victory point", "BR silver bracelet", "RC recruit token", "REP reputation"):
        assert short in key, key


def test_knarrs_last_round_is_said_until_the_game_is_over(page, base: str) -> None:  # type: ignore[no-untyped-def]
    import drakkar

    state, rng = drakkar.load("knarr").new(3, seed=1), random.Random(0)
    while not state.view(0)["end_triggered"]:  # someone reached the end: this round is the last
        state.apply(rng.choice(state.legal_actions()))
    draw(page, base, table_msg(state, 0, "knarr"))
    assert "last round" in page.locator("#board > .row").first.inner_text()
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    draw(page, base, table_msg(state, 0, "knarr"))  # the final table said 'last round' too
    assert "last round" not in page.locator("#board > .row").first.inner_text()
