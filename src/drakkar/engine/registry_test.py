import re
from pathlib import Path

import pytest

import drakkar
from drakkar.engine.errors import UnknownGame
from drakkar.engine.toy import HIGH_CARD


def test_load_by_name_in_several_spellings() -> None:
    for g in drakkar.games():
        assert drakkar.load(g.name) is g
        assert drakkar.load(g.name.replace("-", "_").upper()) is g
        assert drakkar.load(g.title) is g
    assert drakkar.load("High Card") is HIGH_CARD
    assert HIGH_CARD not in drakkar.games()


def test_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(UnknownGame, match="no game called 'chess'; games: "):
        drakkar.load("chess")


def test_every_game_is_described_consistently() -> None:
    for g in drakkar.games():
        assert g.min_players <= g.default_players <= g.max_players
        assert g.num_distinct_actions > 0
        assert g.rules_page() is not None, f"{g.name} has no docs/rules page"
        assert g.options().to_dict() == g.options_class().to_dict()


def test_every_test_a_rules_page_names_exists() -> None:
    # a page pins each rule to a test by name: a renamed or removed test must not leave it
    # pointing at nothing (a name ending in "..." stands for any test it begins)
    source = Path(drakkar.__file__).parent
    tests = {
        name
        for path in source.rglob("*_test.py")
        for name in re.findall(r"^def (test_\w+)", path.read_text(), re.M)
    }
    for g in drakkar.games():
        page = g.rules_page()
        assert page is not None
        text = page.read_text()
        for name in set(re.findall(r"(test_\w+)(\.\.\.)?", text)):
            ok = name[0] in tests or (name[1] and any(t.startswith(name[0]) for t in tests))
            assert ok, f"{page.name} names {name[0]}{name[1]}, which is no test"


CHECKOUT = Path(drakkar.__file__).resolve().parents[2]


@pytest.mark.skipif(not (CHECKOUT / "docs").is_dir(), reason="docs/ is in the source checkout only")
def test_every_test_file_the_docs_name_exists_and_holds_the_test_named_with_it() -> None:
    # "cards_test.py::test_x" and "agents/ismcts_test.py" in a page must point at real files,
    # the test in the file named (a test moved to another file leaves the page pointing wrong)
    source = Path(drakkar.__file__).parent
    files = list(source.rglob("*_test.py"))
    pages = [CHECKOUT / "README.md", *sorted((CHECKOUT / "docs").rglob("*.md"))]
    for page in pages:
        for cited, name in re.findall(r"([\w/]+_test\.py)(?:::(test_\w+))?", page.read_text()):
            cited = cited.lstrip("/").removeprefix("src/drakkar/")  # ".../src/drakkar/x" too
            found = [p for p in files if p.as_posix().endswith("/" + cited)]
            assert found, f"{page.name} names {cited}, which is no test file"
            if name:
                held = any(re.search(rf"^\s*def {name}\b", p.read_text(), re.M) for p in found)
                assert held, f"{page.name} names {cited}::{name}, which that file does not hold"
