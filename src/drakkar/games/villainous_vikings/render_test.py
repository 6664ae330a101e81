"""The terminal rendering shows the Regions, the pool, every Captain and a battle in progress."""

from __future__ import annotations

from rich.console import Console
from rich.panel import Panel

from drakkar.games.villainous_vikings import GAME
from drakkar.games.villainous_vikings.info import info
from drakkar.games.villainous_vikings.scenarios import (
    G1,
    GB,
    RB,
    W1,
    dice,
    give,
    hold,
    kill,
    loc,
    new,
    plain,
    war,
)

BI = 2  # the British Isles


def _text(state: object, player: int | None) -> str:
    console = Console(width=200, record=True)
    console.print(GAME.render(state.view(player), player))  # type: ignore[attr-defined]
    return console.export_text()


def test_render_shows_regions_pool_captains_and_a_battle() -> None:
    s = new(3, stack=("lindisfarne", "cork"))
    plain(s)
    s.gold[0] = 5
    s.apply_label("move to the British Isles")
    dice(s, W1, GB, 4, G1, G1)
    s.apply_label("conquer Lindisfarne")
    out = _text(s, 0)
    for want in (
        "the Northlands",
        "the British Isles",
        "Lindisfarne",
        "Ragnar Lodbrok",
        "P0 (you)",
        "Battle: conquest",
        "W G R",  # the three sections, none lost
        "grey blank",
    ):
        assert want in out, want


def test_render_crosses_out_a_lost_section_and_shows_names_as_text() -> None:
    s = new(3, stack=("lindisfarne", "cork"))
    plain(s)
    s.damage[0] = 1
    assert "W G x" in _text(s, 0)
    view = s.view(0)
    view["players"][1]["captain"] = "[/]Ivar [red]Boneless"  # a custom card set's name
    console = Console(width=200, record=True)
    console.print(GAME.render(view, 0))  # once: rich.errors.MarkupError
    assert "[/]Ivar [red]Boneless" in console.export_text()


def test_render_shows_ragnarok_at_the_end() -> None:
    s = GAME.new(3, 2, {"round_limit": 1})
    while s.rag is None:
        s.apply(s.legal_actions()[-1])
    # the heading says what is going on: no one's turn of two actions, but Ragnarok, then the end
    head = _text(s, None).splitlines()[0]
    assert "Ragnarok is under way" in head and "to act" not in head
    while not s.is_terminal():
        s.apply(s.legal_actions()[-1])
    out = _text(s, None)
    head = out.splitlines()[0]
    assert f"game over ({s.view(None)['ended_by']})" in head and "to act" not in head
    assert "Ragnarok" in out and f"P{s.rag_owner} wins Ragnarok" in out
    view = s.view(None)["ragnarok"]
    assert view["winner"] not in view["out"] and len(view["out"]) == 2


def _at_80(renderable: object) -> str:
    """As an 80-column terminal shows it: inside the terminal's panel."""
    console = Console(width=80, record=True)
    console.print(Panel(renderable))  # type: ignore[arg-type]
    out = console.export_text()
    assert all(len(line) <= 80 for line in out.splitlines())
    return out


def _words(out: str) -> str:
    """The text with borders and line breaks gone: a wrapped phrase reads whole again."""
    return " ".join(out.replace("│", " ").replace("╭", " ").replace("╰", " ").split())


def test_the_captains_fit_80_columns_with_nothing_cut_off() -> None:
    # a person at 80 columns saw 'Noirmou…', a bare '(raided…' and 'Shieldmai…'
    s = new(5, captains=("lagertha", "freydis", "glamr", "ivar", "bjorn"))
    give(s, 0, "kairouan", "chartres", "noirmoutier", "quentovic", "thessalonica", "lindisfarne")
    give(s, 1, "cherson", "trebizond", "isle-of-man", "alexandria")
    for cid in ("kairouan", "noirmoutier", "quentovic", "thessalonica"):
        s.faceup[loc(s, cid)] = False
    kill(s, 2, "sviatoslav")
    hold(s, 2, "hermods-ride")
    s.damage[2] = 1
    out = _at_80(GAME.render(s.view(0), 0))
    assert "…" not in out
    words = _words(out)
    for want in (
        "Lagertha Shieldmaiden",
        "Freydis Eiriksdottir",
        "Locations: Kairouan (raided), Chartres, Noirmoutier (raided), Quentovic (raided),"
        " Thessalonica (raided), Lindisfarne",
        "Locations: Cherson, Trebizond, Isle of Man, Alexandria",
        "Kept: Sviatoslav of Kiev, Hermod's Ride to Hel",
        "W G x",
    ):
        assert want in words, want


def test_the_table_has_a_key_to_its_codes_and_counts_in_the_singular() -> None:
    s = new(3)
    s.apply_label("move to the British Isles")
    words = _words(_at_80(GAME.render(s.view(0), 0)))
    assert "W G R = the white, grey (not green) and red dice and Longship sections" in words
    assert "x = a lost section" in words
    assert "(1 action left)" in words and "action(s)" not in words
    assert "Discarded Warriors: none" in words  # what Hermod's Ride could recruit


def test_a_battle_shows_who_wins_if_both_stop_the_tie_rule_and_what_each_sacrifice_gives() -> None:
    s = new(3, stack=("lindisfarne", "cork"), captains=("glamr", "ragnar", "ivar"))
    plain(s)
    s.gold[0] = 5
    s.crew[0].append(war(s, "draugr-berserk"))
    s.reserve.remove(war(s, "draugr-berserk"))
    s.apply_label("move to the British Isles")
    dice(s, W1, GB, 4, G1, GB)  # one sword each: a tie, which Lindisfarne wins
    s.apply_label("conquer Lindisfarne")
    b = s.view(0)["battle"]
    assert b["winner_now"] == 1 and b["sides"][0]["hits"] == 1
    assert b["choices"]["sacrifice"] == [
        {"kind": "Warrior", "name": "Draugr Berserk", "gives": "+2 swords"}
    ]
    words = _words(_at_80(GAME.render(s.view(0), 0)))
    assert "If both stop now: Lindisfarne wins, 1 sword to 1 (a tie goes to Lindisfarne)" in words
    assert "You decide: sacrifice a card, buy a sword for 5 gold (you have 5), or done" in words
    assert "sacrifice Draugr Berserk (Warrior): +2 swords" in words
    s.apply_label("sacrifice warrior Draugr Berserk")
    b = s.view(0)["battle"]
    assert b["winner_now"] == 0
    assert "P0 Glamr the Undead wins, 3 swords to 1" in _words(_at_80(GAME.render(s.view(0), 0)))
    s.apply_label("done")
    assert s.pending[0][0] == "conquest"  # as foretold


def test_a_tie_between_captains_is_shown_as_fought_again() -> None:
    s = new(3)
    plain(s)
    s.pos[1], s.gold[0] = BI, 5
    s.apply_label("move to the British Isles")
    dice(s, W1, G1, RB, W1, G1, RB)  # 2 against 2
    s.apply_label("contest")
    b = s.view(0)["battle"]
    assert b["winner_now"] is None and [x["sections_lost"] for x in b["sides"]] == [1, 1]
    words = _words(_at_80(GAME.render(s.view(0), 0)))
    assert "a tie, 2 swords to 2: Vikings do not tie, so the battle would be fought again" in words
    assert "takes 2 hits, losing 1 section" in words


def test_retreat_states_its_cost_before_it_is_chosen() -> None:
    s = new(3)
    s.pos[1], s.gold[1], s.damage[1] = BI, 10, 1
    s.apply_label("move to the British Isles")
    view = s.view(1)
    assert view["decision"] == {
        "kind": "contest", "defender": 1, "attacker": 0, "region": BI, "retreat_cost": 4,
    }  # fmt: skip
    words = _words(_at_80(GAME.render(view, 1)))
    assert "retreat (pay 4 gold: 2 per undamaged section" in words
    s.apply_label("retreat")
    assert s.gold[1] == 6


def test_info_names_every_ability_in_play_at_80_columns() -> None:
    s = new(3, stack=("lindisfarne", "hermods-ride"), captains=("glamr", "ragnar", "ivar"))
    s.gold[0] = 5
    hold(s, 0, "bifrost")
    give(s, 0, "chartres")
    s.apply_label("move to the British Isles")
    dice(s, W1, GB, 4, G1, GB)
    s.apply_label("conquer Lindisfarne")
    out = _at_80(info(s.view(0), 0))
    assert "…" not in out
    words = _words(out)
    for want in (
        "P0 Glamr the Undead Static: +1 shield. Hammers: white: summon a Draugr",
        "P1 Ragnar Lodbrok Static:",
        "This battle Lindisfarne the British Isles, Age 1",
        "Chartres Location, ",  # your cards: what each sacrifice gives
        "The Bifrost Opens Asgard card, 1 VP; sacrifice +1 sword",
        "Hermod's Ride to Hel use: recruit a discarded Warrior, or keep this card if none",
        "white 2 swords, sword, sword, sword and shield, shield, hammer; section of 4 helmets",
        "a Location or the Gods win a tie",
    ):
        assert want in words, want


def test_no_state_of_a_five_player_game_is_cut_off_at_80_columns() -> None:
    s = GAME.new(5, 2)
    bots = [GAME.heuristic_agent(i) for i in range(5)]
    step = 0
    while not s.is_terminal():
        p = s.current_player
        assert p is not None
        if step % 10 == 0:
            out = _at_80(GAME.render(s.view(p), p)) + _at_80(info(s.view(p), p))
            out += _at_80(GAME.render(s.view(p), p, compact=True))
            assert "…" not in out, step
        s.apply(bots[p].act(s, p))
        step += 1
    assert step > 100


def five_at_war():
    """Five Captains with many Locations, crews and kept cards, P0 deciding in a battle for
    Lindisfarne: the tallest kind of table."""
    caps = ("glamr", "lagertha", "freydis", "ivar", "bjorn")
    s = new(5, stack=("lindisfarne", "winchester"), captains=caps)
    plain(s)
    give(s, 1, "kairouan", "chartres", "noirmoutier", "quentovic", "thessalonica", "cork")
    give(s, 2, "cherson", "trebizond", "isle-of-man", "alexandria", "tara", "kiev")
    give(s, 3, "lewis", "armagh", "london")
    for cid in ("kairouan", "noirmoutier", "quentovic", "armagh"):
        s.faceup[loc(s, cid)] = False
    kill(s, 1, "charles")
    hold(s, 2, "hermods-ride")
    s.damage[3] = 1
    s.gold[0] = 5
    for w in ("draugr-berserk", "draugr-warden"):
        s.crew[0].append(war(s, w))
        s.reserve.remove(war(s, w))
    s.apply_label("move to the British Isles")
    dice(s, W1, GB, 4, G1, GB)
    s.apply_label("conquer Lindisfarne")
    return s


def test_compact_fits_a_five_player_battle_in_fewer_lines_and_leaves_nothing_out() -> None:
    # the whole table of a battle at five players took up to 55 lines framed (this one 47):
    # the top, the Regions and the Captains, scrolled off a screen of 50 rows with the choices
    s = five_at_war()
    view = s.view(0)
    whole = _at_80(GAME.render(view, 0)).splitlines()
    out = _at_80(GAME.render(view, 0, compact=True))
    assert len(whole) == 47 and len(out.splitlines()) == 31
    assert "…" not in out
    words = _words(out)
    assert "Round 1, P0 to act (1 action left) · Journey Deck 25 (Ages 5/8/12) · Pool 7" in words
    assert "W G R: white, grey (not green), red dice and sections; x lost" in words
    for c in view["pool"]:  # the Journey Pool, by Region
        assert c["name"] in words
    assert (
        "Journey Pool: the British Isles: Lindisfarne (G/G 2g 1vp), Winchester (G/R/R 3g 2vp,"
        in words
    )
    assert "Discarded Warriors: " in words and "Bonus tokens left: " in words
    for p in view["players"]:
        ship = " ".join(n[0].upper() if up else "x" for n, up in zip(("W", "G", "R"), p["sections"], strict=True))  # fmt: skip
        where = view["regions"][p["region"]]
        assert f"{p['captain']} {ship} {p['gold']} gold {p['vp']} VP in {where}" in words
    assert (
        "Locations: Chartres, Thessalonica, Cork; raided Kairouan, Noirmoutier, Quentovic." in words
    )
    assert "Quentovic. Kept: Charles the Bald" in words
    assert (
        "Locations: Cherson, Trebizond, Isle of Man, Alexandria, Tara, Kiev. Kept: Hermod's"
        in words
    )
    assert "Locations: Lewis, London; raided Armagh" in words and "W G x" in words
    assert "Crew: Draugr Berserk, Draugr Warden" in words
    # the battle: each side's dice and swords, who wins if both stop, what each sacrifice gives
    assert "Battle: conquest of Lindisfarne in the British Isles, fight 1" in words
    assert "P0 Glamr the Undead W sword, G blank, R blank -> 1 sword, 0 shields" in words
    assert "Lindisfarne G sword, G blank -> 1 sword, 0 shields" in words
    assert "If both stop now: Lindisfarne wins, 1 sword to 1 (a tie goes to Lindisfarne)" in words
    assert "P0 takes 1 hit" in words
    assert "You decide: sacrifice a card, buy a sword for 5 gold (you have 5), or done" in words
    assert "sacrifice Draugr Berserk (Warrior): +2 swords; sacrifice Draugr Warden" in words
    # narrower, the battle's heading too long for its rule is a line of its own, not cut
    console = Console(width=60, record=True)
    console.print(GAME.render(view, 0, compact=True))
    narrow = console.export_text()
    assert "…" not in narrow
    assert "── Battle: conquest of Lindisfarne in the British Isles, fight 1 ──" in _words(narrow)
