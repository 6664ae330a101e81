"""Every checked-in playthrough replays state by state; the toy game's round-trips."""

from __future__ import annotations

import json

import pytest

from drakkar.engine import playthrough
from drakkar.engine.toy import HIGH_CARD

FILES = playthrough.files()


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.parent.name}-{p.stem}" for p in FILES])
def test_playthrough_replays(path) -> None:
    playthrough.check(json.loads(path.read_text()))


def test_toy_playthrough_round_trip_and_detects_a_change() -> None:
    data = json.loads(json.dumps(playthrough.make(HIGH_CARD.name, 3, seed=5)))
    playthrough.check(data)
    data["states"][2]["legal"] = ["play 42"]
    with pytest.raises(AssertionError, match="step 2"):
        playthrough.check(data)


def test_refresh_writes_the_states_again_from_the_same_record() -> None:
    data = json.loads(json.dumps(playthrough.make(HIGH_CARD.name, 3, seed=5)))
    stale = json.loads(json.dumps(data))
    stale["states"][2]["legal"] = ["play 42"]  # as after a deliberate change to the labels
    again = json.loads(json.dumps(playthrough.refresh(stale)))
    assert again == data  # the same game, its states as the code shows them now
    playthrough.check(again)
