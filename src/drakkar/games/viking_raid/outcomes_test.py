"""The shipped table of raid outcomes is the simulation's, and the bot reads it."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest

from drakkar.games.viking_raid import outcomes
from drakkar.games.viking_raid.cards import CREW_BIT, ENCOUNTER_DECK, ENCOUNTER_INDEX, VIKING_INDEX


def test_the_table_holds_every_plan_and_a_sample_equals_the_simulation() -> None:
    table = outcomes._table()
    every = list(outcomes.plans())
    assert set(table) == set(every) and len(every) == 12 * 3 * 16 * 3
    for plan in random.Random(7).sample(every, 60):
        assert table[plan] == outcomes.simulate(*plan), plan
        assert outcomes.outcomes.__wrapped__(*plan) is table[plan]  # read, not simulated


@pytest.mark.slow
def test_the_whole_table_equals_the_simulation() -> None:
    assert outcomes.main(["--check"]) == 0


def test_the_outcomes_of_a_plan_are_chances_that_add_up() -> None:
    far_city = VIKING_INDEX["Far City"]
    dist = outcomes.outcomes(far_city, 40, 15, True)
    assert abs(sum(p for p, _, _ in dist) - 1.0) < 1e-9
    assert dist == tuple(sorted(dist, key=lambda o: (o[1], o[2])))
    assert any(sunk for _, sunk, _ in dist) and any(g > 0 for _, sunk, g in dist if not sunk)


def test_without_the_table_the_plans_are_simulated(monkeypatch, tmp_path: Path) -> None:
    village = VIKING_INDEX["Village"]
    plan = (village, 20, 0, False)
    monkeypatch.setattr(outcomes, "TABLE", tmp_path / "missing.json.gz")
    outcomes._table.cache_clear()
    try:
        assert outcomes._table() == {}
        # a table made for another number of simulations is not read either
        other = {"simulations": outcomes.SIMULATIONS + 1, "plans": [[*plan, [[0, 99, 1]]]]}
        outcomes.TABLE.write_bytes(gzip.compress(json.dumps(other).encode()))
        outcomes._table.cache_clear()
        assert outcomes._table() == {}
        outcomes.outcomes.cache_clear()
        assert outcomes.outcomes(*plan) == outcomes.simulate(*plan)
    finally:
        outcomes._table.cache_clear()
        outcomes.outcomes.cache_clear()


def test_check_says_when_the_table_is_out_of_date(monkeypatch, tmp_path: Path, capsys) -> None:
    stale = tmp_path / "stale.json.gz"
    stale.write_bytes(gzip.compress(b'{"simulations": 300, "plans": []}'))
    monkeypatch.setattr(outcomes, "TABLE", stale)
    monkeypatch.setattr(outcomes, "plans", lambda: iter([(VIKING_INDEX["Village"], 20, 0, True)]))
    assert outcomes.main(["--check"]) == 1
    assert "OUT OF DATE" in capsys.readouterr().out
    assert outcomes.main(["--write"]) == 0 and outcomes.main(["--check"]) == 0
    with pytest.raises(SystemExit):
        outcomes.main([])  # --write or --check is required


def test_in_the_last_round_being_lost_ends_the_raid():
    deck = [ENCOUNTER_INDEX["Lost"]] + [ENCOUNTER_INDEX["Coins"]] * 20
    village = VIKING_INDEX["Near Village"]
    assert outcomes.one_raid(deck, village, 20, 0, False, last=True) == (False, 0)
    assert outcomes.one_raid(deck, village, 20, 0, False) == (False, 7)  # replayed next turn
    navigator = CREW_BIT[VIKING_INDEX["Navigator"]]
    assert outcomes.one_raid(deck, village, 20, navigator, False, last=True) == (False, 7)


def test_the_bots_shuffle_is_randoms_shuffle_exactly() -> None:
    # the plans' simulations depend on it: the same stream must give the same deck orders
    for seed in range(200):
        ours, theirs = list(ENCOUNTER_DECK), list(ENCOUNTER_DECK)
        a, b = random.Random(seed), random.Random(seed)
        for _ in range(5):
            outcomes.shuffle(ours, a.getrandbits)
            b.shuffle(theirs)
            assert ours == theirs
        assert a.random() == b.random()  # the streams are in step
