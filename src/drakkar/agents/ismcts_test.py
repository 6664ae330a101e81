import random

import pytest

from drakkar.agents.ismcts import GAME_DEFAULTS, ISMCTSAgent, _blend, leaders
from drakkar.agents.random_agent import RandomAgent
from drakkar.agents.spec import make_agent
from drakkar.agents.tricks_toy import TRICKS
from drakkar.engine.conformance import check_random_games
from drakkar.engine.errors import InvalidOptions
from drakkar.engine.registry import games, register
from drakkar.engine.rng import Rng
from drakkar.engine.state import State
from drakkar.engine.toy import HIGH_CARD

register(TRICKS)  # records of the toy game replay by name


def _midgame(game, players, seed, steps):
    """A state `steps` random actions into a game (or its last undecided state)."""
    state = game.new(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        if len(legal) == 0:
            break
        nxt = state.clone()
        nxt.apply(legal[rng.randrange(len(legal))])
        if nxt.is_terminal():
            break
        state = nxt
    return state


def _twin(state, seed):
    """Same view for the player to move, hidden cards re-dealt and a different future."""
    twin = state.clone()
    twin.redeterminize(state.current_player, random.Random(seed))
    twin.rng = Rng(seed * 7919 + 1)
    return twin


def _play(agents, game, players, seed):
    state = game.new(players, seed)
    while not state.is_terminal():
        p = state.current_player
        state.apply(agents[p].act(state, p))
    return state


def test_the_toy_game_follows_the_state_protocol():
    check_random_games(TRICKS, 2, 100, deep_every=5)
    check_random_games(TRICKS, 3, 100, deep_every=5)


def test_same_seed_same_search():
    state = _midgame(TRICKS, 3, 5, 2)
    first = ISMCTSAgent(TRICKS, 11, iterations=150).analyse(state, state.current_player)
    again = ISMCTSAgent(TRICKS, 11, iterations=150).analyse(state, state.current_player)
    assert first == again
    games_a = _play([ISMCTSAgent(TRICKS, s, iterations=40) for s in (1, 2)], TRICKS, 2, 9)
    games_b = _play([ISMCTSAgent(TRICKS, s, iterations=40) for s in (1, 2)], TRICKS, 2, 9)
    assert games_a.history == games_b.history


def test_the_search_leaves_the_real_state_alone():
    state = _midgame(TRICKS, 2, 3, 3)
    before = state.full_state()
    ISMCTSAgent(TRICKS, 1, iterations=100).act(state, state.current_player)
    assert state.full_state() == before


def test_it_does_not_cheat():
    # Same view, different hidden cards and a different future: the whole search is the same.
    differing = 0
    for seed in range(12):
        state = _midgame(TRICKS, 2 + seed % 2, seed, seed % 5)
        p = state.current_player
        twin = _twin(state, seed + 100)
        assert twin.view(p) == state.view(p)
        differing += twin.full_state() != state.full_state()
        ours = ISMCTSAgent(TRICKS, seed, iterations=120).analyse(state, p)
        theirs = ISMCTSAgent(TRICKS, seed, iterations=120).analyse(twin, p)
        assert ours == theirs, f"seed {seed}: the search read hidden cards"
    assert differing == 12  # the twins really did hide different cards


class _Peeker(ISMCTSAgent):
    """A cheat: searches the real deal, and the real future, instead of re-dealt ones."""

    def _determinize(self, world: State, player: int, rng: random.Random) -> None:
        pass


def test_the_no_cheating_test_catches_a_cheat():
    caught = 0
    for seed in range(12):
        state = _midgame(TRICKS, 2, seed, 1)
        p = state.current_player
        twin = _twin(state, seed + 100)
        cheat = _Peeker(TRICKS, seed, iterations=120)
        caught += cheat.analyse(state, p) != _Peeker(TRICKS, seed, iterations=120).analyse(twin, p)
    assert caught >= 6


@pytest.mark.parametrize("game", [TRICKS, *games()], ids=lambda g: g.name)
def test_redeterminize_depends_on_the_view_and_the_rng_alone(game):
    # What the no-cheating test needs of every game: two states a seat cannot tell apart,
    # re-dealt with the same rng, become the same state. (Sort the unseen cards before
    # shuffling them, so their hidden order cannot leak into the re-deal.)
    for seed in range(4):
        state = _midgame(game, game.default_players, seed, 15 + 10 * seed)
        p = state.current_player
        ours, theirs = state.clone(), _twin(state, seed + 100)
        for world in (ours, theirs):
            world.redeterminize(p, random.Random(seed))
            world.rng = Rng(0)
        assert ours.full_state() == theirs.full_state(), f"{game.name} seed {seed}"


# the game's own spec defaults (its roll-outs, prior and bias), and heuristic roll-outs with
# the bot's move favoured in the whole tree: the bot asked at the root reads the seat's view,
# and below it only sampled worlds, so neither may tell the twins apart
CHEAT_SPECS = [
    "ismcts:iterations=25",
    "ismcts:iterations=12,depth=20,rollout=heuristic,bias=1",
    "ismcts:iterations=24,depth=20,paired=1",
]


@pytest.mark.parametrize("spec", CHEAT_SPECS)
@pytest.mark.parametrize("game", games(), ids=lambda g: g.name)
def test_it_does_not_cheat_in_any_game(game, spec):
    players = game.default_players
    for seed in range(3):
        state = _midgame(game, players, seed, 15 + 10 * seed)
        p = state.current_player
        twin = _twin(state, seed + 100)
        assert twin.view(p) == state.view(p)
        ours = make_agent(spec, game, seed).analyse(state, p)
        theirs = make_agent(spec, game, seed).analyse(twin, p)
        assert ours == theirs, f"{game.name} seed {seed}: the search read hidden state"


def test_it_beats_random_clearly():
    # On the same deals and seats, against the same random opponent, ISMCTS in place of a
    # random player wins far more often.
    won = base = 0.0
    n = 400
    for g in range(n):
        seat = g % 2
        agents: list = [RandomAgent(g), RandomAgent(g + 1)]
        base += _play(agents, TRICKS, 2, g).returns()[seat]
        agents = [RandomAgent(g), RandomAgent(g + 1)]
        agents[seat] = ISMCTSAgent(TRICKS, g, iterations=100)
        won += _play(agents, TRICKS, 2, g).returns()[seat]
    assert base / n < 0.52  # random against random: about even
    assert won / n >= 0.58 and won - base >= 0.08 * n  # measured: 0.61 against 0.48


def test_it_wins_the_trick_that_wins_the_game():
    # P0 holds 5 6 10 2, P1 holds 4 7 11 3. After 5-7 and 4-6 it is one trick each, P0 leads
    # 10 and P1 holds 11 and 3: 11 wins this trick and leads 3 against P0's 2, a sure win;
    # 3 loses this trick, then 11 takes the last: a tie.
    state = TRICKS.new(2, 1, {"stack": (5, 6, 10, 2, 4, 7, 11, 3)})
    for card in (5, 7, 4, 6, 10):
        state.apply(card - 1)
    ranked = ISMCTSAgent(TRICKS, 3, iterations=200).analyse(state, 1)
    assert ranked[0][0] == 10 and ranked[0][1] > 0.6


def test_analyse_gives_each_candidate_its_share():
    state = _midgame(TRICKS, 3, 4, 0)
    p = state.current_player
    agent = ISMCTSAgent(TRICKS, 4, iterations=300)
    ranked = agent.analyse(state, p)
    assert sorted(a for a, _ in ranked) == state.legal_actions()
    shares = [s for _, s in ranked]
    assert shares == sorted(shares, reverse=True)
    assert abs(sum(shares) - 1.0) < 1e-9
    assert agent.last_iterations == 300
    assert ISMCTSAgent(TRICKS, 4, iterations=300).act(state, p) == ranked[0][0]


def test_a_forced_move_needs_no_search():
    state = TRICKS.new(2, 1, {"stack": (5, 6, 10, 2, 4, 7, 11, 3)})
    for card in (5, 7, 4, 6, 10, 11, 3):
        state.apply(card - 1)
    agent = ISMCTSAgent(TRICKS, 1, iterations=50)
    assert agent.analyse(state, 0) == [(1, 1.0)]
    assert agent.act(state, 0) == 1


def test_analyse_refuses_the_wrong_seat_and_a_finished_game():
    state = TRICKS.new(2, 1)
    agent = ISMCTSAgent(TRICKS, 1, iterations=10)
    with pytest.raises(ValueError, match="player 0's turn"):
        agent.analyse(state, 1)
    done = _play([RandomAgent(1), RandomAgent(2)], TRICKS, 2, 1)
    with pytest.raises(ValueError, match="over"):
        agent.analyse(done, 0)


def test_a_seconds_budget_stops_on_time():
    now = [0.0]

    def clock() -> float:
        now[0] += 0.01  # each look at the clock: 10 ms later
        return now[0]

    state = TRICKS.new(2, 1)
    agent = ISMCTSAgent(TRICKS, 1, seconds=0.5, clock=clock)
    agent.act(state, 0)
    assert agent.last_iterations == 50  # 0.5 s of 10 ms looks, whatever the machine
    both = ISMCTSAgent(TRICKS, 1, seconds=0.5, iterations=20, clock=clock)
    both.act(state, 0)
    assert both.last_iterations == 20  # the first budget reached stops the search


def test_heuristic_and_cut_short_rollouts():
    state = _midgame(TRICKS, 2, 8, 1)
    p = state.current_player
    for spec in (
        "ismcts:rollout=heuristic,iterations=60",
        "ismcts:rollout=heuristic,epsilon=0.5,depth=2,iterations=60",
    ):
        agent = make_agent(spec, TRICKS, 2)
        assert agent.act(state, p) in state.legal_actions()
    again = make_agent("ismcts:rollout=heuristic,iterations=60", TRICKS, 2)
    assert again.analyse(state, p) == make_agent(
        "ismcts:rollout=heuristic,iterations=60", TRICKS, 2
    ).analyse(state, p)


def test_a_cut_short_rollout_counts_the_leaders_as_winners():
    state = TRICKS.new(3, 1, {"stack": (9, 1, 2, 3, 10, 4, 5, 6, 11, 7, 8, 12)})
    for card in (9, 10, 11):  # P2 takes the first trick
        state.apply(card - 1)
    assert leaders(state) == [0.0, 0.0, 1.0]
    assert leaders(TRICKS.new(2, 1)) == [0.5, 0.5]


def test_a_cut_short_rollout_plays_on_until_the_game_says_it_is_settled():
    # Tricks with a settled point every fifth action: past `depth`, a roll-out with `settle`
    # plays on to the next one (at most `settle` more actions); without the hook, or with
    # settle 0, it stops at `depth` as before.
    class Paced(type(TRICKS.new(2, 1))):  # type: ignore[misc]
        __slots__ = ()

        def settled(self) -> bool:
            return len(self.history) % 5 == 0

    def cut(depth, settle, paced=True):
        world = TRICKS.new(2, 1)
        if paced:
            world.__class__ = Paced
        agent = ISMCTSAgent(TRICKS, 1, depth=depth, settle=settle, rollout="heuristic")
        agent._roll_out(world, random.Random(0))
        return len(world.history)

    assert cut(3, 0) == 3
    assert cut(3, 10) == 5
    assert cut(3, 1) == 4  # the cap
    assert cut(5, 10) == 5  # already settled at the cut
    assert cut(6, 10) == 8  # the game (8 cards) ends first
    assert cut(3, 10, paced=False) == 3
    assert cut(0, 10) == 8  # no depth: to the end, as before


def test_a_cut_short_rollout_may_read_the_games_own_estimate():
    class Judged(type(TRICKS.new(2, 1))):  # type: ignore[misc]
        __slots__ = ()

        def estimate(self) -> list[float]:
            return [0.25, 0.75]

    def reward(estimate, depth=2):
        world = TRICKS.new(2, 1)
        world.__class__ = Judged
        agent = ISMCTSAgent(TRICKS, 1, depth=depth, estimate=estimate)
        return agent._roll_out(world, random.Random(0))

    assert reward(1) == [0.25, 0.75]
    assert reward(0) in ([1.0, 0.0], [0.0, 1.0], [0.5, 0.5])  # the leaders, as before
    assert reward(1, depth=0) == reward(0, depth=0)  # a finished game: its returns


def test_the_margin_blends_the_score_standing_into_the_reward():
    assert _blend([1.0, 0.0, 0.0], [10.0, 4.0, 2.0], 0.25) == [1.0, 0.0625, 0.0]
    assert _blend([0.5, 0.5], [3.0, 3.0], 0.5) == [0.5, 0.5]
    state = _midgame(TRICKS, 2, 8, 1)
    agent = ISMCTSAgent(TRICKS, 2, iterations=80, margin=0.3)
    assert agent.act(state, state.current_player) in state.legal_actions()


def test_a_prior_leans_the_search_towards_the_heuristic_move():
    # The first trick's lead: the bot leads its highest card; a strong prior makes it the
    # search's choice too, and the same view still gives the same search.
    state = _midgame(TRICKS, 3, 6, 0)
    p = state.current_player
    advice = TRICKS.heuristic_agent(0).act(state, p)
    plain = dict(ISMCTSAgent(TRICKS, 6, iterations=200).analyse(state, p))
    leaning = ISMCTSAgent(TRICKS, 6, iterations=200, prior=50.0).analyse(state, p)
    assert leaning[0][0] == advice and leaning[0][1] > plain[advice]
    twin = ISMCTSAgent(TRICKS, 6, iterations=200, prior=50.0).analyse(_twin(state, 3), p)
    assert twin == leaning


def test_a_bias_makes_the_tree_play_the_heuristic_bot_below_the_root():
    # Below the root the bot is asked in each sampled world; a strong bias makes the tree
    # follow its move there (every player's), a faint one leaves the search to UCB.
    state = _midgame(TRICKS, 3, 4, 0)
    p = state.current_player

    def followed(bias):
        agent = ISMCTSAgent(TRICKS, 4, iterations=300, bias=bias)
        guide, asked = agent._guide, []

        def recording(world, mover):
            advice = guide(world, mover)
            asked.append((world, len(world.history), advice))
            return advice

        agent._guide = recording
        agent.search(state, p)
        return sum(w.history[i] == a for w, i, a in asked) / len(asked)

    assert followed(50.0) > 0.7 > 0.45 > followed(0.001)  # measured: 0.79 and 0.37
    with pytest.raises(InvalidOptions, match="need the game"):
        ISMCTSAgent(None, 1, bias=1.0)


def test_spec_strings():
    agent = make_agent("ismcts", TRICKS, 1)
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.iterations, agent.seconds, agent.rollout, agent.prior) == (
        1000,
        None,
        "random",
        1.0,
    )
    assert make_agent("ismcts:prior=0", TRICKS).prior == 0.0
    assert make_agent("hard", TRICKS, 1).iterations == 1000
    assert make_agent("ismcts:iterations=2000", TRICKS).iterations == 2000
    timed = make_agent("ismcts:seconds=1,rollout=heuristic", TRICKS)
    assert (timed.iterations, timed.seconds, timed.rollout) == (None, 1.0, "heuristic")
    tuned = make_agent("ismcts:c=1.2,epsilon=0.3,depth=40,margin=0.25", TRICKS)
    assert (tuned.c, tuned.epsilon, tuned.depth, tuned.margin) == (1.2, 0.3, 40, 0.25)


def test_a_game_may_have_its_own_defaults(monkeypatch):
    monkeypatch.setitem(
        GAME_DEFAULTS, TRICKS.name, {"depth": 5, "rollout": "heuristic", "iterations": 300}
    )
    plain = make_agent("ismcts", TRICKS, 1)
    assert (plain.depth, plain.rollout, plain.iterations) == (5, "heuristic", 300)
    mine = make_agent("ismcts:depth=0,iterations=50", TRICKS, 1)
    assert (mine.depth, mine.rollout, mine.iterations) == (0, "heuristic", 50)
    timed = make_agent("ismcts:seconds=2", TRICKS, 1)
    assert (timed.iterations, timed.seconds) == (None, 2.0)


def test_gone_vikings_roll_outs_are_read_after_the_jarl():
    # its defaults cut a roll-out at a raid's start (or the end), read with its estimate
    game = next(g for g in games() if g.name == "gone-viking")
    agent = make_agent("ismcts", game, 3)
    for seed in range(6):
        world = _midgame(game, 4, seed, 20 + 7 * seed)
        start = len(world.history)
        assert not world.settled()  # mid-raid
        reward = agent._roll_out(world, random.Random(seed))
        assert world.settled() and len(world.history) >= start + 40
        assert reward == (world.returns() if world.is_terminal() else world.estimate())


@pytest.mark.parametrize(
    "spec, named",
    [
        ("ismcts:iterations=many", "iterations"),
        ("ismcts:iterations=0", "iterations"),
        ("ismcts:seconds=-1", "seconds"),
        ("ismcts:seconds=soon", "seconds"),
        ("ismcts:c=-0.5", "c"),
        ("ismcts:rollout=clever", "rollout"),
        ("ismcts:epsilon=2", "epsilon"),
        ("ismcts:depth=-3", "depth"),
        ("ismcts:settle=-1", "settle"),
        ("ismcts:estimate=2", "estimate"),
        ("ismcts:margin=1.5", "margin"),
        ("ismcts:prior=-1", "prior"),
        ("ismcts:bias=-2", "bias"),
        ("ismcts:seconds=inf", "seconds"),  # a search that never ends
        ("ismcts:paired=2", "paired"),
        ("ismcts:z=-1", "z"),
        ("ismcts:speed=9", "speed"),
        ("ismcts:iterations", "iterations"),
        # a budget of days: the bot never answered (Ctrl-C or --game-timeout only stopped it)
        ("ismcts:iterations=1000000000000000000", "iterations=.* from 1 to 1_000_000"),
        ("ismcts:seconds=86400", "seconds=.* at most 3600"),
        ("ismcts:seconds=nan", "seconds"),
    ],
)
def test_bad_parameters_are_named(spec, named):
    with pytest.raises(InvalidOptions, match=named):
        make_agent(spec, TRICKS)


def test_it_plays_high_card_to_the_end():
    state = _play([ISMCTSAgent(HIGH_CARD, s, iterations=30) for s in (1, 2, 3)], HIGH_CARD, 3, 4)
    assert state.is_terminal()


# -- paired: the root's moves race on shared sampled worlds ----------------------------------


def test_paired_moves_play_the_same_sampled_worlds_round_by_round():
    state = _midgame(TRICKS, 3, 4, 0)
    p = state.current_player
    agent = ISMCTSAgent(TRICKS, 4, iterations=60, paired=1)
    worlds = []
    real = agent._determinize

    def recording(world, player, rng):
        real(world, player, rng)
        worlds.append((world.full_state(), world.rng.getstate()))

    agent._determinize = recording
    ranked = agent.analyse(state, p)
    k = len(state.legal_actions())
    assert agent.last_iterations == 60 and len(worlds) == 60
    rounds = [worlds[i : i + k] for i in range(0, 60 - k + 1, k)]
    assert all(len(set(map(str, r))) == 1 for r in rounds)  # one world a round, for all
    assert len({str(r[0]) for r in rounds}) == len(rounds)  # a new world each round
    assert sorted(a for a, _ in ranked) == state.legal_actions()


def test_the_race_drops_a_losing_move_and_picks_the_winning_one():
    # the position of test_it_wins_the_trick_that_wins_the_game: 11 wins, 3 ties at best
    state = TRICKS.new(2, 1, {"stack": (5, 6, 10, 2, 4, 7, 11, 3)})
    for card in (5, 7, 4, 6, 10):
        state.apply(card - 1)
    ranked = dict(ISMCTSAgent(TRICKS, 3, iterations=200, paired=1).analyse(state, 1))
    assert list(ranked)[0] == 10 and ranked[10] > 0.6  # 3 left the race early


def test_the_race_keeps_the_bots_move_unless_another_is_clearly_better():
    deviated = 0
    for seed in range(8):
        state = _midgame(TRICKS, 3, seed, seed % 4)
        p = state.current_player
        advice = TRICKS.heuristic_agent(0).act(state, p)
        stubborn = ISMCTSAgent(TRICKS, seed, iterations=90, paired=1, z=1e9)
        assert stubborn.act(state, p) == advice  # never clearly enough
        eager = ISMCTSAgent(TRICKS, seed, iterations=90, paired=1, z=0.0).act(state, p)
        deviated += eager != advice  # z 0: whichever leads, however narrowly
        usual = ISMCTSAgent(TRICKS, seed, iterations=90, paired=1).act(state, p)
        assert usual in (advice, eager)
    assert deviated >= 1
    with pytest.raises(InvalidOptions, match="need the game"):
        ISMCTSAgent(None, 1, paired=1)
