import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drakkar.conftest import json_values, played_states
from drakkar.engine.errors import InvalidRecord, shown
from drakkar.engine.record import FIELDS, Record
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


# -- properties: any JSON, and records of random games with one entry spoilt ----------------


def loaded_or_refused(data: Any, names: tuple[str, ...]) -> Record | None:
    """Load `data` (as JSON text, and as the object): the record, equal either way and saved
    and read again whole, or InvalidRecord naming one of `names`, and `data` left as it was."""
    kept = copy.deepcopy(data)
    try:
        text = json.dumps(data)
    except ValueError:  # (a lone surrogate or a number Python will not write)
        text = None
    try:
        record = Record.from_dict(data)
    except InvalidRecord as refused:
        assert any(name in str(refused) for name in names), (str(refused), names)
        assert len(str(refused)) < 1000
        if text is not None:
            with pytest.raises(InvalidRecord):
                Record.loads(text)
        record = None
    else:
        assert Record.loads(record.dumps()) == record
        if text is not None:
            assert Record.loads(text) == record
    assert data == kept
    return record


@given(json_values | st.dictionaries(st.sampled_from(FIELDS), json_values))
def test_any_json_is_a_record_or_refused_naming_the_entry(data) -> None:
    loaded_or_refused(data, ("record", *(repr(k) for k in FIELDS)))


@given(st.text(max_size=50) | st.binary(max_size=50).map(lambda b: b.decode("latin-1")))
def test_any_text_is_a_record_or_refused_saying_why(text) -> None:
    with pytest.raises(InvalidRecord, match="JSON|record|field|missing"):
        Record.loads(text)


#: how a record may be spoilt: each returns the names one of which its refusal must say
Spoil = Callable[[dict[str, Any], st.DrawFn], tuple[str, ...]]


#: the first bad action is named, or the first label that then names another legal move
ACTIONS = ("'actions'[", "'labels'[")


def replace_action(data: dict[str, Any], draw: st.DrawFn) -> tuple[str, ...]:
    if not isinstance(data.get("actions"), list) or not data["actions"]:
        return ()
    i = draw(st.integers(0, len(data["actions"]) - 1))
    data["actions"][i] = draw(st.integers(-3, 400) | st.integers() | json_values)
    return ACTIONS


def append_action(data: dict[str, Any], draw: st.DrawFn) -> tuple[str, ...]:
    if not isinstance(data.get("actions"), list):
        return ()
    data["actions"].append(draw(st.integers(-3, 400)))
    data.pop("labels", None)
    return ACTIONS


def drop_actions(data: dict[str, Any], draw: st.DrawFn) -> tuple[str, ...]:
    if not isinstance(data.get("actions"), list) or not isinstance(data.get("labels"), list):
        return ()
    keep = draw(st.integers(0, len(data["actions"])))
    del data["actions"][keep:]
    del data["labels"][keep:]
    return ()  # an unfinished game is a record like any other


def delete_key(data: dict[str, Any], draw: st.DrawFn) -> tuple[str, ...]:
    key = draw(st.sampled_from(sorted(data)))
    del data[key]
    return (f"missing {key!r}",)


def replace_value(data: dict[str, Any], draw: st.DrawFn) -> tuple[str, ...]:
    key = draw(st.sampled_from(sorted(data)))
    data[key] = draw(json_values)
    return (repr(key), "'options' or 'players'", "'actions'[", "'labels'")


def change_setting(data: dict[str, Any], draw: st.DrawFn) -> tuple[str, ...]:
    key = draw(st.sampled_from(["seed", "players", "format_version", "game", "rules_version"]))
    if not isinstance(data.get(key, 1 if key == "format_version" else None), int | str):
        return ()
    if key == "seed":
        data[key] = draw(st.integers(-(2**65), 2**65) | st.sampled_from([-1, 2**63, 2**64]))
    elif key in ("players", "format_version"):
        data[key] = draw(st.integers(-2, 9) | st.sampled_from([2**63, -(2**70)]))
    else:
        data[key] = draw(
            st.sampled_from(["", f"{data[key]}x", str(data[key]).upper(), "high-card"])
        )
    # (another game has another rules version, or options, or actions)
    also = ("'rules_version'",) if key == "game" else ()
    return (repr(key), *also, "'options' or 'players'", "'actions'[", "'labels'[", "'seats'")


def add_option(data: dict[str, Any], draw: st.DrawFn) -> tuple[str, ...]:
    if not isinstance(data.get("options"), dict):
        return ()
    key = draw(st.text(max_size=10) | st.sampled_from(sorted(data["options"]) or ["x"]))
    data["options"][key] = draw(json_values)
    return ("'options' or 'players'", "'actions'[", "'labels'[")


def add_field(data: dict[str, Any], draw: st.DrawFn) -> tuple[str, ...]:
    key = draw(st.text(max_size=10).filter(lambda k: k not in FIELDS))
    data[key] = draw(json_values)
    return (f"no field {shown(key)} in a record",)


def change_label(data: dict[str, Any], draw: st.DrawFn) -> tuple[str, ...]:
    if not isinstance(data.get("labels"), list) or not data["labels"]:
        return ()
    i = draw(st.integers(0, len(data["labels"]) - 1))
    data["labels"][i] = draw(st.sampled_from(data["labels"]) | st.text(max_size=20) | json_values)
    return ("'labels'",)


SPOILS: list[Spoil] = [
    replace_action,
    append_action,
    drop_actions,
    delete_key,
    replace_value,
    change_setting,
    add_option,
    add_field,
    change_label,
]


@given(played_states(max_steps=300), st.lists(st.sampled_from(SPOILS), max_size=2), st.data())
def test_any_spoilt_record_replays_whole_or_is_refused_naming_the_entry(state, spoils, data):
    seats = tuple(
        data.draw(st.sampled_from(["human", "random", "heuristic"]))
        for _ in range(state.num_players)
    )
    record = Record.from_state(state, seats=seats)
    spoilt = record.to_dict()
    names: list[str] = []
    for spoil in spoils:
        names += spoil(spoilt, data.draw)
    again = loaded_or_refused(spoilt, tuple(names))
    if again is None:
        assert names, "a record spoilt by nothing was refused"
        return
    replayed = again.replay()
    assert list(replayed.history) == list(again.actions)
    if (again.game, again.players, again.seed, again.options) == (
        record.game,
        record.players,
        record.seed,
        record.options,
    ) and again.actions == record.actions:
        assert replayed.full_state() == state.full_state()


@pytest.mark.parametrize(
    ("mutate", "says"),
    [
        # a seed past 64 bits raised InvalidOptions, not InvalidRecord (10**5000 was loaded,
        # and the record could not be written again)
        (lambda d: d.update(seed=2**64), r"^'seed' must be a whole number from 0 to 2\*\*64 - 1"),
        # a negative seed dealt the game of that seed plus 2**64: two records of one game
        (lambda d: d.update(seed=-1), r"^'seed' must be a whole number from 0 .*, got -1$"),
        (lambda d: d.update(seed=10**5000), "'seed' .* got a whole number of 16610 bits$"),
        # an action Python will not write raised ValueError from the refusal quoting it
        (lambda d: d["actions"].__setitem__(0, 10**5000), r"^'actions'\[0\] = a whole number of"),
        # a long value is quoted short, not a page of it back
        (lambda d: d.update(players=[0] * 1000), r"^'players' must be a whole number, got \[0, 0"),
        (lambda d: d.update(format="x" * 1000), "^'format' is 'xxxx"),
        (lambda d: d.update(rules_version="x" * 1000), "^'rules_version' is 'xxxx"),
        (lambda d: d.update(game="x" * 1000), "^'game': no game called 'xxxx"),
    ],
)
def test_a_huge_or_long_entry_is_refused_as_a_record_quoted_short(mutate, says) -> None:
    data = good()
    mutate(data)
    with pytest.raises(InvalidRecord, match=says) as refused:
        Record.from_dict(data)
    assert len(str(refused.value)) < 300


@pytest.mark.parametrize(
    ("name", "says"),
    [
        # a NUL byte raised ValueError out of Record.load
        ("a\x00b.json", r"cannot read record '.*': embedded null byte$"),
        ("x" * 300, r"cannot read record '.*\.\.\.': File name too long$"),
        ("missing.json", r"cannot read record '.*': No such file or directory$"),
        (".", r"cannot read record '.*': Is a directory$"),
    ],
)
def test_a_record_path_that_cannot_be_read_is_refused_naming_it(tmp_path, name, says) -> None:
    with pytest.raises(InvalidRecord, match=says) as refused:
        Record.load(tmp_path / name)
    assert len(str(refused.value)) < 200
