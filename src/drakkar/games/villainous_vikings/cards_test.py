"""The card set: the shipped set's contents, the schema checks, and custom sets by option."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from drakkar.engine.errors import DrakkarError, InvalidOptions
from drakkar.games.villainous_vikings import GAME
from drakkar.games.villainous_vikings.cards import DATA, CardError, load_set, table_rows


def test_the_shipped_set_has_the_rulebooks_components() -> None:
    cs = load_set()
    assert len(cs.captains) == 8 and "Glamr the Undead" in [c.name for c in cs.captains]
    assert len(cs.locations) == 50 and len(cs.warriors) == 25 and len(cs.asgard) == 9
    assert len(cs.regions) == 8 and cs.regions[0] == "the Northlands"
    assert {c.region for c in cs.locations} == set(range(1, 8))
    assert {c.age for c in cs.locations} == {1, 2, 3}
    assert {w.kind for w in cs.warriors} == {"hero", "mercenary", "sovereign", "draugr"}
    hermod = next(a for a in cs.asgard if a.name == "Hermod's Ride to Hel")
    assert (hermod.vp, [e.kind for e in hermod.use], hermod.sacrifice[0].amount) == (
        2,
        ["recruit_discarded"],
        2,
    )
    assert cs.helmets == (4, 3, 2)
    glamr = next(c for c in cs.captains if c.id == "glamr")
    assert any(e.kind == "summon_draugr" for h in glamr.hammer for e in h)
    for age, need in ((1, 12), (2, 12), (3, 14)):  # enough for five players
        assert sum(c.age == age for c in cs.locations + cs.asgard) >= need


def test_table_rows_list_every_card() -> None:
    rows = table_rows()
    assert len(rows) == 8 + 50 + 25 + 9
    assert {r["type"] for r in rows} >= {
        "Captain",
        "Location",
        "Hero",
        "Mercenary",
        "Sovereign",
        "Draugr",
        "Asgard",
    }


def _copy(tmp_path: Path) -> Path:
    out = tmp_path / "set"
    shutil.copytree(DATA, out)
    return out


def _edit(folder: Path, file: str, old: str, new: str) -> None:
    p = folder / file
    text = p.read_text()
    assert old in text
    p.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("locations.toml", "gold = 2\n", "", "'gold': missing"),
        ("locations.toml", "age = 1\n", 'age = "one"\n', "'age': expected int"),
        (
            "captains.toml",
            '"swords", amount = 1, when = ["attacking"]',
            '"fireball"',
            "unknown effect 'fireball'",
        ),
        ("locations.toml", 'id = "kirkwall"', 'id = "jorvik-fair"', "'id': duplicate"),
        (
            "locations.toml",
            'warrior = "brian-boru"',
            'warrior = "cuchulainn"',
            "no Warrior with id 'cuchulainn'",
        ),
        ("locations.toml", 'region = "rus"', 'region = "atlantis"', "no such Region 'atlantis'"),
        ("warriors.toml", 'kind = "hero"', 'kind = "wizard"', "'kind'"),
        ("warriors.toml", "cost = 5\n", "", "'cost': missing"),
        ("locations.toml", "vp = 1\n", 'vp = 1\ncolour = "blue"\n', "'colour': unknown field"),
        (
            "locations.toml",
            'dice = ["grey", "red"]',
            'dice = ["grey", "purple"]',
            "unknown die colour 'purple'",
        ),
        (
            "locations.toml",
            '{ effect = "swords", amount = 1 }',
            '{ effect = "gold", amount = 1 }',
            "cannot be a sacrifice ability",
        ),
        ("captains.toml", 'when = ["attacking"]', 'when = ["sunny"]', "unknown condition 'sunny'"),
        ("dice.toml", '"hammer", "blank"]', '"hammer"]', "needs six faces"),
        ("asgard.toml", 'dice = ["white", "grey"]\n', "", "needs the Gods' dice"),
        (
            "asgard.toml",
            'use = [{ effect = "duel" }]',
            'use = [{ effect = "keep" }, { effect = "duel" }]',
            "'duel' decides what becomes of the card: no 'keep'",
        ),
        (  # an instruction is carried out outside any battle: a condition could never hold
            "asgard.toml",
            'use = [{ effect = "pool", amount = 1 }',
            'use = [{ effect = "pool", amount = 1, when = ["attacking"] }',
            "field 'use[0]': conditions ('when') belong to static, hammer and sacrifice",
        ),
        (
            "asgard.toml",
            'reward = [{ effect = "keep" }]',
            'reward = [{ effect = "keep", when = ["vs_captain"] }]',
            "field 'reward[0]': conditions ('when') belong to static, hammer and sacrifice",
        ),
        (  # rulebook: "Each Captain has 4 different abilities": a static and three hammers
            "captains.toml",
            'static = [{ effect = "swords", amount = 1, when = ["attacking"] }]',
            "static = []",
            "field 'static': a Captain has a static ability",
        ),
        (
            "captains.toml",
            'red = [{ effect = "gold", amount = 2 }] }',
            "red = [] }",
            "field 'hammer.red': a Captain has a Heathen Hammer ability for each colour",
        ),
        (  # rulebook: "Every Location card has a Sacrifice Ability"
            "locations.toml",
            'sacrifice = [{ effect = "swords", amount = 1 }]',
            "sacrifice = []",
            "field 'sacrifice': every Location has a sacrifice ability",
        ),
    ],
)
def test_schema_errors_name_the_file_the_card_and_the_field(
    tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    folder = _copy(tmp_path)
    _edit(folder, file, old, new)
    with pytest.raises(CardError) as e:
        load_set(folder)
    assert message in str(e.value) and isinstance(e.value, DrakkarError)
    assert file in str(e.value) or "warrior" in str(e.value)


def test_a_custom_set_is_loaded_by_option_and_checked_the_same_way(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit(folder, "locations.toml", 'name = "Paris"', 'name = "Lutetia"')
    s = GAME.new(4, 1, {"cards": str(folder), "stack": ("paris",)})
    assert any(c["name"] == "Lutetia" for c in s.view(0)["pool"])
    _edit(folder, "locations.toml", "gold = 3\n", "gold = true\n")
    load_set.__wrapped__ if hasattr(load_set, "__wrapped__") else None
    broken = tmp_path / "broken.toml"
    broken.write_text((folder / "locations.toml").read_text())
    with pytest.raises(InvalidOptions, match="cards"):
        GAME.new(4, 1, {"cards": str(tmp_path / "nowhere")})
    with pytest.raises(InvalidOptions, match=f"'nowhere': no such file or folder in {Path.cwd()}"):
        GAME.new(4, 1, {"cards": "nowhere"})  # relative: where it was looked for is said
    with pytest.raises(CardError, match="exactly one \\[dice\\]"):
        load_set(broken)


def test_not_toml_is_an_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[[location]\nid=")
    with pytest.raises(CardError, match="not valid TOML"):
        load_set(bad)


def test_a_game_or_study_made_with_a_card_set_is_refused_once_the_set_changes(
    tmp_path: Path,
) -> None:
    from drakkar.engine.record import InvalidRecord, Record
    from drakkar.games.villainous_vikings.cards import _load_cached, digest
    from drakkar.sim.study import Study

    folder = _copy(tmp_path)
    s = GAME.new(4, 1, {"cards": str(folder)})
    said = s.options.cards_digest  # type: ignore[attr-defined]
    assert said == digest(load_set()) and len(said) == 16  # a copy says what the shipped set says
    for _ in range(30):
        s.apply(s.legal_actions()[0])
    record = Record.from_state(s).to_dict(labels=False)
    assert record["options"]["cards_digest"] == said
    study = Study.make(GAME, 4, agents=["random"], seed=1, options={"cards": str(folder)})
    assert study.options["cards_digest"] == said
    _edit(  # Ragnar made stronger
        folder,
        "captains.toml",
        'amount = 1, when = ["attacking"]',
        'amount = 2, when = ["attacking"]',
    )
    _load_cached.cache_clear()  # (a new process would read the files afresh)
    try:
        with pytest.raises(InvalidRecord, match="has changed since this game was recorded"):
            Record.from_dict(record)
        with pytest.raises(InvalidOptions, match="has changed"):  # resuming the study
            GAME.options(study.options, 4)
        again = Study.make(GAME, 4, agents=["random"], seed=1, options={"cards": str(folder)})
        assert again.differences(study)  # the same command now names another set
        with pytest.raises(InvalidOptions, match="cards_digest"):
            GAME.new(4, 1, {"cards_digest": said})  # it is not an option to give alone
    finally:
        _load_cached.cache_clear()


def _drop_age_one_locations(folder: Path, keep: int) -> None:
    """Leave only the first `keep` Age I Locations (those that hold no Warrior go)."""
    p = folder / "locations.toml"
    head, *cards = p.read_text().split("[[location]]")
    kept, seen = [], 0
    for card in cards:
        if "\nage = 1\n" in card and "warrior" not in card:
            seen += 1
            if seen > keep:
                continue
        kept.append(card)
    p.write_text(head + "".join("[[location]]" + c for c in kept))


def test_a_set_too_small_for_the_journey_deck_is_refused_for_that_player_count(
    tmp_path: Path,
) -> None:
    # rulings: "Journey Deck: 8/8/10, 10/10/12, 12/12/14 cards of Ages I/II/III" (hold exactly);
    # a set of one's own with too few cards of an Age must not deal a shorter deck
    folder = _copy(tmp_path)
    cs = load_set()
    warriored = sum(c.age == 1 and c.warrior >= 0 for c in cs.locations)
    asgard = sum(a.age == 1 for a in cs.asgard)
    _drop_age_one_locations(folder, 10 - warriored - asgard)  # 10 Age I cards in all
    assert sum(c.age == 1 for c in load_set(folder).locations + load_set(folder).asgard) == 10
    for players in (3, 4):
        s = GAME.new(players, 1, {"cards": str(folder)})
        assert sum(s.age_of(c) == 1 for c in s.deck + s.pool) == (8, 10)[players - 3]
    with pytest.raises(InvalidOptions) as e:
        GAME.new(5, 1, {"cards": str(folder)})
    assert e.value.option == "cards"
    assert "10 Age I cards" in str(e.value) and "for 5 players needs 12" in str(e.value)


@pytest.mark.parametrize(
    ("path", "says"),
    [
        ("/sets/a\x00b", r"'/sets/a\\x00b': not a file or folder here \(embedded null byte\)"),
        ("x" * 300, r"'xxx*\.\.\.': not a file or folder here \(File name too long\)"),
        ("/" + "x" * 300, r"'/xxx*\.\.\.': not a file or folder here \(File name too long\)"),
        ("/nowhere/" + "x" * 200, r"'/nowhere/xxx*\.\.\.': no such file or folder$"),
    ],
)
def test_a_card_set_path_no_file_can_have_is_refused_naming_it(path: str, says: str) -> None:
    # a NUL byte raised ValueError and a name over 255 bytes OSError, out of Game.new and out
    # of Record.loads (a record's options name the set), instead of the option's error
    with pytest.raises(CardError, match=rf"^option 'cards': {says}"):
        GAME.new(4, 1, {"cards": path})
    from drakkar.engine.record import InvalidRecord, Record

    record = Record.from_state(GAME.new(4, 1)).to_dict()
    record["options"]["cards"] = path
    with pytest.raises(InvalidRecord, match="'options' or 'players': option 'cards': "):
        Record.from_dict(record)
