import json
import random

import pytest

from drakkar.engine.errors import InvalidRecord
from drakkar.engine.record import Record
from drakkar.engine.toy import HIGH_CARD


def finished(seed: int = 4) -> Record:
    s = HIGH_CARD.new(3, seed=seed)
    while not s.is_terminal():
        s.apply(s.legal_actions()[-1])
    return Record.from_state(s, seats=("human", "random", "heuristic"), note="test")


def test_save_load_replay_identical(tmp_path) -> None:
    rec = finished()
    path = tmp_path / "sub" / "game.json"
    rec.save(path)
    again = Record.load(path)
    assert again == rec
    assert again.replay().full_state() == rec.replay().full_state()
    data = json.loads(path.read_text())
    assert data["labels"][0].startswith("play ")
    assert data["seats"] == ["human", "random", "heuristic"]
    assert not list(path.parent.glob(".*.tmp"))


def test_a_record_keeps_every_option_a_seed_of_63_bits_and_each_label_where_it_was_made() -> None:
    import drakkar

    # every option, defaults too: a later drakkar's defaults must not change the game replayed
    data = Record.from_state(HIGH_CARD.new(2, seed=1)).to_dict()
    assert data["options"] == {"rounds": 3, "stack": []}
    # a seed is up to 2**63 - 1 (the server's and Game.new's): kept whole, not cut to 32 bits
    big = HIGH_CARD.new(2, seed=2**63 - 1)
    big.apply(big.legal_actions()[0])
    again = Record.loads(Record.from_state(big).dumps())
    assert again.seed == 2**63 - 1 and again.replay().full_state() == big.full_state()
    # a label is the action's text at the state it was played in (Knarr's recruits name the
    # hand's card and the slot's Viking), not at the deal
    state, rng, said = drakkar.load("knarr").new(3, seed=2), random.Random(1), []
    for _ in range(60):
        action = rng.choice(state.legal_actions())
        said.append(state.action_label(action))
        state.apply(action)
    assert Record.from_state(state).labels() == said


def test_replay_upto_gives_the_middle_of_the_game() -> None:
    rec = finished()
    assert len(rec.replay(upto=2).history) == 2


def good() -> dict:
    return finished().to_dict()


@pytest.mark.parametrize(
    ("mutate", "says"),
    [
        (lambda d: d.pop("seed"), "missing 'seed'"),
        (lambda d: d.update(seed="7"), "'seed' must be a whole number, got '7'"),
        (lambda d: d.update(players=True), "'players' must be a whole number, got True"),
        (lambda d: d.update(game=3), "'game' must be text, got 3"),
        (lambda d: d.update(options=[]), r"'options' must be an object, got \[\]"),
        (lambda d: d.update(game="chess"), "'game': no game called 'chess'"),
        (lambda d: d.update(rules_version="0"), "'rules_version' is '0'"),
        (lambda d: d.update(players=7), "takes 2 to 3 players"),
        (lambda d: d.update(options={"rounds": 9}), "'rounds'"),
        (lambda d: d["actions"].__setitem__(3, "x"), r"'actions'\[3\] must be a whole number"),
        (lambda d: d["actions"].__setitem__(4, 0), r"'actions'\[4\] = 0"),
        (
            lambda d: d["actions"].__setitem__(0, HIGH_CARD.new(3, seed=4).legal_actions()[0]),
            r"'labels'\[0\] is 'play 6', which is action 5, but the action is 2 .*altered",
        ),
        (lambda d: d.update(labels=["x"]), "one label per action"),
        (lambda d: d.update(format="other"), "'format'"),
        (lambda d: d.update(format_version=99), "'format_version' is 99: .* newer drakkar"),
        (lambda d: d.update(format_version="1"), "'format_version' must be a whole number"),
        (lambda d: d.update(seats=[1]), "'seats'"),
        (lambda d: d.update(meta=[]), "'meta'"),
        # (the cases below were found by mutating record.py: each check's removal survived)
        (lambda d: d.update(seats=["human", "random"]), "'seats' names 2 seats for 3 players"),
        (lambda d: d.update(seats=["human", 1, "random"]), "'seats' must be a list of strings"),
        (lambda d: d.update(labels="x" * len(d["actions"])), "one label per action"),
        (lambda d: d.update(format_version=0), "'format_version' must be a whole number from 1"),
        (lambda d: d.update(format_version=True), "'format_version' must be .*, got True"),
        (lambda d: d["actions"].__setitem__(2, True), r"'actions'\[2\] must be a whole number"),
        # the first bad entry is named: the first bad action, the first missing field
        (lambda d: d["actions"].__setitem__(slice(1, 4, 2), ["x", None]), r"'actions'\[1\] must"),
        (lambda d: (d.pop("seed"), d.pop("game")), "missing 'game'"),
        # a field a record does not have is refused, not ignored: a misspelt 'labels' would
        # leave the labels unchecked
        (lambda d: d.update(sede=7), "no field 'sede' in a record"),
        (lambda d: d.update(lables=d.pop("labels")), "no field 'lables' in a record"),
    ],
)
def test_bad_records_are_refused_naming_the_first_bad_entry(mutate, says) -> None:
    data = good()
    data["actions"] = list(data["actions"])
    mutate(data)
    with pytest.raises(InvalidRecord, match=says):
        Record.loads(json.dumps(data))


def test_not_json_and_not_an_object_and_missing_file(tmp_path) -> None:
    with pytest.raises(InvalidRecord, match="not JSON"):
        Record.loads("{oops")
    with pytest.raises(
        InvalidRecord, match=r"^not JSON: Unterminated string starting at \(line 2, column 1\)$"
    ):
        Record.loads('{"game":\n"viking')
    with pytest.raises(InvalidRecord, match="JSON object"):
        Record.loads("[1, 2]")
    with pytest.raises(InvalidRecord, match="not a JSON record this drakkar reads"):
        Record.loads("[" * 100_000 + "]" * 100_000)  # nested too deeply for Python to read
    with pytest.raises(InvalidRecord, match="cannot read record"):
        Record.load(tmp_path / "missing.json")


def test_an_unfinished_game_is_a_valid_record() -> None:
    s = HIGH_CARD.new(2, seed=2)
    s.apply(s.legal_actions()[0])
    rec = Record.loads(Record.from_state(s).dumps())
    assert rec.replay().full_state() == s.full_state()


def test_an_out_of_range_action_beside_its_label_is_refused_as_an_action() -> None:
    import drakkar

    for game in drakkar.games():
        s = game.new(game.min_players, seed=1)
        s.apply(s.legal_actions()[0])
        data = Record.from_state(s).to_dict()
        data["actions"][0] = game.num_distinct_actions + 5
        with pytest.raises(InvalidRecord, match=r"'actions'\[0\]"):
            Record.loads(json.dumps(data))


def test_a_label_in_older_wording_is_read_by_its_action() -> None:
    # labels may be reworded without a new rules version: a saved game must still load
    data = good()
    data["labels"] = [f"old wording of move {i}" for i in range(len(data["labels"]))]
    again = Record.loads(json.dumps(data))
    assert again.actions == tuple(data["actions"])
    assert again.replay().full_state() == finished().replay().full_state()
