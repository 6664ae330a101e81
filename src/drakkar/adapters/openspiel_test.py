import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from drakkar.adapters.cases import all_games, case_id, game_player_counts
from drakkar.adapters.openspiel import RolloutEvaluator, register, resampler, short_name
from drakkar.engine.errors import IllegalAction, InvalidRecord
from drakkar.engine.registry import load

CASES = game_player_counts()
for _game in all_games():
    register(_game)


def _load(game, n, **params):
    text = ",".join(f"{k}={v}" for k, v in {"players": n, **params}.items())
    return pyspiel.load_game(f"{short_name(game)}({text})")


def test_register_names_every_game_and_is_idempotent():
    names = register()
    assert names == register()
    for name in names:
        assert name in pyspiel.registered_names()
    assert "drakkar_high_card" in pyspiel.registered_names()


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_sim_test(case):
    game, n = case
    spiel_game = _load(game, n)
    assert spiel_game.num_players() == n
    assert spiel_game.num_distinct_actions() == game.num_distinct_actions
    assert spiel_game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    pyspiel.random_sim_test(spiel_game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_sim_test_with_serialisation_on_a_seeded_game(case):
    # The wheel cannot serialise a sampled-stochastic Python game (its Game::GetRNGState is not
    # overridable from Python); loaded with a deal, a game is that one deal and serialises.
    game, n = case
    spiel_game = _load(game, n, deal=3)
    assert spiel_game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    pyspiel.random_sim_test(spiel_game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_state_serialises_as_its_drakkar_record(case):
    game, n = case
    spiel_game = _load(game, n)
    state = spiel_game.new_initial_state()
    rng = random.Random(1)
    for _ in range(5):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    text = state.serialize()
    assert '"format": "drakkar-record"' in text
    again = spiel_game.deserialize_state(text)
    assert str(again) == str(state)
    assert again.inner.full_state() == state.inner.full_state()
    assert again.history() == state.history() and again.move_number() == state.move_number()


def _bot(spiel_game, simulations):
    rs = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = ismcts.ISMCTSBot(spiel_game, evaluator, 0.7, simulations, random_state=rs)
    bot.set_resampler(resampler(random.Random(1)))
    return bot


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_openspiel_ismcts_plays_through_the_adapter(case):
    # A few searched moves (each simulation rolls a game out to the end), then random ones.
    game, n = case
    spiel_game = _load(game, n)
    bot = _bot(spiel_game, simulations=3)
    state = spiel_game.new_initial_state()
    rng = random.Random(1)
    for step in range(spiel_game.max_game_length()):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        action = int(bot.step(state)) if step < 4 else rng.choice(legal)
        assert action in legal
        state.apply_action(action)
    assert state.is_terminal()
    assert sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_openspiel_ismcts_plays_whole_games(case):
    game, n = case
    spiel_game = _load(game, n)
    bot = _bot(spiel_game, simulations=2)
    state = spiel_game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(int(bot.step(state)))
    assert sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_resampler_keeps_what_the_seat_knows(case):
    game, n = case
    spiel_game = _load(game, n)
    state = spiel_game.new_initial_state()
    rng = random.Random(2)
    resample = resampler(random.Random(3))
    for _ in range(6):
        if state.is_terminal():
            break
        player = state.current_player()
        sample = resample(state, player)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.legal_actions() == state.legal_actions()
        assert sample.inner is not state.inner
        assert sample.history() == state.history()  # a world at the same point of the game
        assert sample.is_initial_state() == state.is_initial_state()
        state.apply_action(rng.choice(state.legal_actions()))


def test_the_resampler_redeals_hidden_cards_and_reseeds_the_rng():
    spiel_game = _load(all_games()[-1], 2)  # High Card
    state = spiel_game.new_initial_state()
    resample = resampler(random.Random(4))
    hands = {tuple(resample(state, 0).inner.hands[1]) for _ in range(20)}
    assert len(hands) > 1
    assert all(
        tuple(resample(state, 0).inner.hands[0]) == tuple(state.inner.hands[0]) for _ in "ab"
    )
    assert resample(state, 0).inner.rng != state.inner.rng


def test_observations_are_the_seats_view_and_encoding():
    game = all_games()[-1]  # High Card
    spiel_game = _load(game, 2, deal=9)
    state = spiel_game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    obs = state.observation_string(1)
    assert '"hand":' in obs and str(state.inner.hands[1][0]) in obs
    assert "player 0 plays" in state.information_state_string(1)
    from drakkar.adapters.encoding import encoder_for

    expected = encoder_for(game).encode(state.inner.view(1), 1, 2)
    np.testing.assert_array_equal(np.array(state.observation_tensor(1)), expected)


def test_there_is_no_information_state_tensor_as_the_game_type_says():
    spiel_game = _load(all_games()[-1], 2)  # High Card
    assert not spiel_game.get_type().provides_information_state_tensor
    with pytest.raises(Exception, match="no information-state tensor"):
        spiel_game.new_initial_state().information_state_tensor(0)


def test_options_are_game_parameters_and_bad_ones_are_refused():
    game = all_games()[-1]  # High Card
    spiel_game = _load(game, 3, rounds=1, stack="9;8;7")
    state = spiel_game.new_initial_state()
    assert state.inner.options.rounds == 1
    assert state.inner.hands == [[9], [8], [7]]
    assert spiel_game.max_game_length() == game.max_game_length(3)
    assert pyspiel.load_game(str(spiel_game)).new_initial_state().inner.hands[0] == [9]
    with pytest.raises(Exception, match="rounds"):
        _load(game, 2, rounds=4)
    # a game's length bound follows its options (Gone Viking!'s raid limit)
    gone_viking = load("gone-viking")
    longest = _load(gone_viking, 4, max_raids=0).max_game_length()
    assert longest == gone_viking.max_game_length(4, gone_viking.options({"max_raids": 0}, 4))
    assert longest > _load(gone_viking, 4).max_game_length() == gone_viking.max_game_length(4)
    with pytest.raises(Exception, match="players"):
        _load(game, 5)


def test_a_seeded_game_also_reads_openspiels_action_list():
    game = all_games()[-1]  # High Card
    seeded = _load(game, 2, deal=4)
    state = seeded.new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    text = "".join(f"{a}\n" for a in state.history())
    assert str(seeded.deserialize_state(text)) == str(state)
    with pytest.raises(ValueError, match="only a game loaded with a deal"):
        _load(game, 2).deserialize_state(text)
    with pytest.raises(InvalidRecord, match="missing 'game'"):
        seeded.deserialize_state('{"format": "drakkar-record"}')


def test_the_rollout_evaluator_plays_to_the_end_or_counts_the_leaders_at_its_depth():
    game = all_games()[0]
    spiel_game = _load(game, game.default_players, deal=5)
    state = spiel_game.new_initial_state()
    before = str(state)
    to_the_end = RolloutEvaluator(0, random.Random(1)).evaluate(state)
    assert to_the_end.sum() == pytest.approx(1.0)
    assert str(state) == before  # it plays on a clone
    # Cut after one action: the players ahead on score share the win.
    cut = RolloutEvaluator(1, random.Random(1)).evaluate(state)
    winners = cut[cut > 0]
    assert cut.sum() == pytest.approx(1.0) and np.allclose(winners, winners[0])
    # A finished game is its returns.
    done = spiel_game.new_initial_state()
    rng = random.Random(2)
    while not done.is_terminal():
        done.apply_action(rng.choice(done.legal_actions()))
    assert RolloutEvaluator(3).evaluate(done).tolist() == done.returns()
    legal = state.legal_actions()
    assert RolloutEvaluator().prior(state) == [(a, 1.0 / len(legal)) for a in legal]
    with pytest.raises(ValueError, match="depth"):
        RolloutEvaluator(-1)


def test_information_state_strings_are_cached_per_state_until_its_next_action():
    game = all_games()[0]
    spiel_game = _load(game, game.default_players, deal=5)
    state = spiel_game.new_initial_state()
    seat = state.current_player()
    first = state.information_state_string(seat)
    assert state.information_state_string(seat) == first
    assert state.observation_string(seat) != first  # the two kinds are kept apart
    clone = state.clone()
    assert clone.information_state_string(seat) == first
    state.apply_action(state.legal_actions()[0])
    after = state.information_state_string(seat)
    assert after != first
    fresh = spiel_game.deserialize_state(state.serialize())
    assert fresh.information_state_string(seat) == after
    assert clone.information_state_string(seat) == first  # the clone did not move


def test_a_seed_gives_a_stream_of_deals_that_repeats_and_a_deal_fixes_one():
    # rl_environment.Environment(game, seed=N) passes `seed` to the game: it must not freeze
    # every episode on one deal, and the same seed must give the same episodes
    import drakkar

    game = drakkar.load("viking-raid")
    register()

    def deals(**params):
        g = _load(game, 3, **params)
        return [str(g.new_initial_state()) for _ in range(4)]

    first = deals(seed=123)
    assert len(set(first)) == 4 and deals(seed=123) == first and deals(seed=124) != first
    assert len(set(deals(deal=123))) == 1
    assert len(set(deals())) == 4  # seed -1: fresh deals
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(short_name(game), players=3, seed=7)
    boards = {str(env.reset().observations["info_state"][0]) for _ in range(3)}
    assert len(boards) > 1


def test_cloning_a_state_does_not_shift_the_deals_to_come():
    # OpenSpiel clones a Python state through a new initial state: each clone drew a seed from
    # the stream, so a bot that cloned (IS-MCTS) was dealt other games than one that did not
    def seeds(clones):
        g = _load(load("knarr"), 3, seed=3)
        dealt = []
        for _ in range(3):
            state = g.new_initial_state()
            for _ in range(clones):
                state.clone().apply_action(state.legal_actions()[0])
            dealt.append(state.inner.seed)
        return dealt

    assert seeds(0) == seeds(2) and len(set(seeds(0))) == 3


def test_an_action_number_out_of_range_has_no_label():
    spiel_game = _load(load("viking-raid"), 3)
    state = spiel_game.new_initial_state()
    last = spiel_game.num_distinct_actions() - 1
    assert state.action_to_string(0, last) == state.inner.action_label(last)
    for bad in (pyspiel.INVALID_ACTION, last + 1):  # -1 was labelled as the last action
        with pytest.raises(Exception, match=f"action {bad} is not an action: actions run from 0"):
            state.action_to_string(0, bad)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_an_illegal_action_is_refused_and_only_the_seat_to_move_has_legal_actions(game):
    # (each survived mutation: another seat was given the mover's legal actions, and an
    # illegal action was played as the first legal one)
    spiel_game = _load(game, game.min_players, seed=3)
    state = spiel_game.new_initial_state()
    rng = random.Random(3)
    for _ in range(12):
        if state.is_terminal():
            break
        mover, legal = state.current_player(), state.legal_actions()
        for seat in range(game.min_players):
            if seat != mover:
                assert state.legal_actions(seat) == [], seat
                assert not any(state.legal_actions_mask(seat)), seat
        illegal = [a for a in range(game.num_distinct_actions) if a not in legal]
        before, history = state.inner.full_state(), state.history()
        with pytest.raises(IllegalAction, match="is not legal now"):
            state.apply_action(rng.choice(illegal))
        assert state.inner.full_state() == before and state.history() == history
        state.apply_action(rng.choice(legal))
