import random
from pathlib import Path

import numpy as np
import pytest

import drakkar
from drakkar.adapters.cases import all_games, case_id, game_player_counts
from drakkar.adapters.encoding import END, START, encoder_for, relative
from drakkar.engine.errors import DrakkarError
from drakkar.engine.game import Game
from drakkar.engine.toy import HIGH_CARD

CASES = game_player_counts()


@pytest.mark.parametrize("game", drakkar.games(), ids=lambda g: g.name)
def test_every_registered_game_has_its_own_encoder(game):
    encoder = encoder_for(game)
    assert encoder.game == game.name
    assert encoder.FIELDS, "an encoder documents its fields"
    assert all(f.meaning and f.length > 0 for f in encoder.FIELDS)


def test_a_game_without_an_encoder_is_refused_by_name():
    class Nameless(Game):
        name = "no-such-game"
        title = "No Such Game"

    with pytest.raises(DrakkarError, match="No Such Game has no observation encoder"):
        encoder_for(Nameless())


def _playout(game, n, seed):
    """Yield (state, seat) for every seat at every step of a random game."""
    rng = random.Random(seed)
    state = game.new(n, seed)
    while True:
        for seat in range(n):
            yield state, seat
        if state.is_terminal():
            return
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_observations_have_a_fixed_size_and_stay_in_bounds(case):
    game, n = case
    for seed in range(2):
        for state, seat in _playout(game, n, seed):
            encoder = encoder_for(game).for_options(state.options)
            x = encoder.encode(state.view(seat), seat, n)
            assert x.dtype == np.float32 and x.shape == (encoder.size,)
            bad = np.flatnonzero((x < 0) | (x > encoder.high))
            assert not bad.size, f"out of bounds at {[encoder_field(encoder, i) for i in bad]}"


def encoder_field(encoder, index):
    for name, s in encoder.slices.items():
        if s.start <= index < s.stop:
            return f"{name}[{index - s.start}]"
    raise IndexError(index)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_observations_never_depend_on_what_the_seat_cannot_see(case):
    # Re-dealing everything a seat cannot see must not change its observation.
    game, n = case
    rng = random.Random(1)
    for k, (state, seat) in enumerate(_playout(game, n, 7)):
        if state.is_terminal() or k > 400:
            break
        encoder = encoder_for(game).for_options(state.options)
        other = state.clone()
        other.redeterminize(seat, rng)
        np.testing.assert_array_equal(
            encoder.encode(state.view(seat), seat, n), encoder.encode(other.view(seat), seat, n)
        )


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_the_field_table_covers_the_vector(game):
    encoder = encoder_for(game)
    assert sum(f.length for f in encoder.FIELDS) == encoder.size == encoder.high.size
    assert len({f.name for f in encoder.FIELDS}) == len(encoder.FIELDS)
    table = encoder.table()
    for f in encoder.FIELDS:
        assert f"`{f.name}`" in table


def test_seats_are_counted_from_the_observer():
    assert [relative(s, 1, 3) for s in range(3)] == [2, 0, 1]


def test_high_card_encoding_field_by_field():
    state = HIGH_CARD.new(3, seed=1, options={"stack": (9, 1, 2, 3, 4, 5, 6, 7, 8)})
    # hands: 0 has 1,2,9; 1 has 3,4,5; 2 has 6,7,8
    state.apply(8)  # player 0 plays 9
    enc = encoder_for(HIGH_CARD)
    x = enc.encode(state.view(1), 1, 3)
    part = {name: x[s] for name, s in enc.slices.items()}
    assert list(np.flatnonzero(part["hand"]) + 1) == [3, 4, 5]
    played = part["played"].reshape(3, 9)
    assert list(np.flatnonzero(played[2]) + 1) == [9]  # player 0 sits two seats after 1
    assert not played[0].any() and not played[1].any()
    assert list(part["hand_sizes"]) == [3, 3, 2]
    assert list(part["to_move"]) == [1, 0, 0]  # player 1 is to move: itself
    assert list(part["seats"]) == [1, 1, 1]
    two = HIGH_CARD.new(2, seed=1)
    assert list(enc.encode(two.view(0), 0, 2)[enc.slices["seats"]]) == [1, 1, 0]


RESEARCH_DOC = Path(__file__).resolve().parents[4] / "docs" / "research.md"


@pytest.mark.skipif(not RESEARCH_DOC.is_file(), reason="docs/ is in the source checkout only")
@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_docs_show_each_games_current_field_table(game):
    text = RESEARCH_DOC.read_text()
    section = text[text.index(START) : text.index(END)]
    table = encoder_for(game).table()
    assert f"(`{game.name}`)" in section and table in section, (
        "docs/research.md is stale: run python -m drakkar.adapters.encoding docs/research.md"
    )


def test_the_command_rewrites_a_file_and_refuses_one_without_markers(tmp_path, capsys) -> None:
    from drakkar.adapters.encoding import markdown
    from drakkar.adapters.encoding.__main__ import main

    doc = tmp_path / "doc.md"
    doc.write_text(f"intro\n{START}\nSTALE TABLE\n{END}\nafter\n", encoding="utf-8")
    assert main([str(doc)]) == 0
    text = doc.read_text(encoding="utf-8")
    assert "STALE TABLE" not in text and text.startswith("intro\n") and text.endswith("after\n")
    assert markdown() in text
    bare = tmp_path / "bare.md"
    bare.write_text("no markers here\n", encoding="utf-8")
    assert main([str(bare)]) == 2
    assert bare.read_text(encoding="utf-8") == "no markers here\n"  # nothing lost
    assert main([str(tmp_path / "missing.md")]) == 2
    assert "missing.md" in capsys.readouterr().err
