"""The hard level: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

After Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG
2012). One tree is grown for the bot's information set. Each iteration:

1. *Determinise*: clone the real state, give the clone a fresh random stream (so dice and
   draws in the search are not the real future ones) and `redeterminize(player, rng)` it: all
   the bot's seat cannot see is re-dealt at random, consistently with what it has seen. The
   search never reads anything else of the real state, so it cannot cheat.
2. *Select*: from the root, walk down the tree while every action legal in this sampled world
   already has a child, taking the child with the best UCB score among the *legal* ones. A
   child's exploration term uses its availability count (how often it was legal when its
   parent was visited) instead of the parent's visit count, as SO-ISMCTS prescribes.
3. *Expand*: add one child for an untried legal action.
4. *Roll out*: play the sampled world on, by random moves or the game's heuristic bot (with
   an epsilon of random moves), to the end or for at most `depth` actions (then the player
   ahead on `scores()` counts as the winner). A game may say where a cut reads fairly
   (`settled()`: `settle` plays on to there) and estimate the chances there (`estimate()`).
5. *Back up*: each node on the path adds the reward of the player who moved into it, so each
   node maximises the reward of the player who chose it. The reward is `returns()` (1 a win,
   0 a loss, a shared win split), blended with weight `margin` with the player's place on
   `scores()` (1 ahead, 0 last), which tells a near win from a rout.

The tree is keyed by action ints: a node is the sequence of actions from the root. The move
played is the root's most visited child; `analyse` gives every candidate's share of visits.
Same seed, same view and same budget give the same move. A seconds budget depends on the
machine, so only an iterations budget is reproducible across machines.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from drakkar.agents.spec import FACTORIES, agent_params
from drakkar.engine.agent import Agent
from drakkar.engine.errors import InvalidOptions, shown
from drakkar.engine.game import Game
from drakkar.engine.rng import Rng
from drakkar.engine.state import State

ROLLOUTS = ("random", "heuristic")
DEFAULT_ITERATIONS = 1000
#: the most a move may take: a bigger budget is a typo that would leave the bot thinking for
#: days (a million iterations is 10 to 30 minutes a move here, an hour of seconds the same)
MAX_ITERATIONS, MAX_SECONDS = 1_000_000, 3600.0

#: spec parameters and their types (`ismcts:iterations=2000,c=0.7`)
PARAMS: dict[str, type] = {
    "iterations": int,  # iterations a move (default 1000; with seconds, the first reached)
    "seconds": float,  # time a move, wall clock
    "c": float,  # UCB exploration constant
    "rollout": str,  # "random" or "heuristic"
    "epsilon": float,  # chance of a random move in a heuristic roll-out
    "depth": int,  # roll-out length cap in actions, 0 for to the end
    "settle": int,  # after `depth`, at most this many more actions until the state is settled()
    "estimate": int,  # 1: read a cut-short roll-out with the state's estimate() if it has one
    "margin": float,  # weight of the score standing in the reward, 0 to 1
    "prior": float,  # root bonus for the heuristic bot's move: prior / (visits + 1)
    "bias": float,  # the same below the root, for the move the bot would make in the sampled world
    "paired": int,  # 1: the root's moves race on shared sampled worlds (see `_paired_search`)
    "z": float,  # paired: standard errors a move must beat the heuristic bot's move by
}
#: paired: rounds before the race drops a move, and between two looks
RACE_START, RACE_EVERY = 20, 10
RACE_DROP = 2.0  # paired: standard errors behind the leader at which a move is dropped


class Node:
    """One sequence of actions from the root, as the bot's seat would see it searched."""

    __slots__ = ("children", "visits", "reward", "avail", "mover")

    def __init__(self, mover: int) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.reward = 0.0  # summed returns of `mover`, the player whose action led here
        self.avail = 0  # times this node's action was legal when its parent was visited
        self.mover = mover


class ISMCTSAgent(Agent):
    """SO-ISMCTS with a budget in iterations and/or seconds a move."""

    name = "ismcts"

    def __init__(
        self,
        game: Game | None = None,
        seed: int | None = None,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = 0.7,
        rollout: str = "random",
        epsilon: float = 0.1,
        depth: int = 0,
        settle: int = 0,
        estimate: int = 0,
        margin: float = 0.0,
        prior: float = 0.0,
        bias: float = 0.0,
        paired: int = 0,
        z: float = 1.0,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        _check(
            iterations is None or 1 <= iterations <= MAX_ITERATIONS,
            "iterations",
            iterations,
            f"from 1 to {MAX_ITERATIONS:_}",
        )
        _check(
            seconds is None or 0 < seconds <= MAX_SECONDS,
            "seconds",
            seconds,
            f"above 0 and at most {MAX_SECONDS:g}",
        )
        _check(c >= 0 and math.isfinite(c), "c", c, "a number 0 or above")
        _check(rollout in ROLLOUTS, "rollout", rollout, "one of " + ", ".join(ROLLOUTS))
        _check(0.0 <= epsilon <= 1.0, "epsilon", epsilon, "between 0 and 1")
        _check(depth >= 0, "depth", depth, "0 (to the end) or more")
        _check(settle >= 0, "settle", settle, "0 (off) or more")
        _check(estimate in (0, 1), "estimate", estimate, "0 or 1")
        _check(0.0 <= margin <= 1.0, "margin", margin, "between 0 and 1")
        _check(prior >= 0 and math.isfinite(prior), "prior", prior, "a number 0 or above")
        _check(bias >= 0 and math.isfinite(bias), "bias", bias, "a number 0 or above")
        _check(paired in (0, 1), "paired", paired, "0 or 1")
        _check(z >= 0 and math.isfinite(z), "z", z, "a number 0 or above")
        if (rollout == "heuristic" or prior or bias or paired) and game is None:
            raise InvalidOptions(
                "agent", "ismcts: rollout=heuristic, prior, bias and paired need the game"
            )
        self.game = game
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.epsilon = epsilon
        self.depth = depth
        self.settle = settle
        self.estimate = estimate
        self.margin = margin
        self.prior = prior
        self.bias = bias
        self.paired = paired
        self.z = z
        self.clock = clock
        self.rng = random.Random(seed)
        self._policy: Callable[[State, int], int] | None = None
        if rollout == "heuristic" and game is not None:
            bot = game.heuristic_agent(self.rng.getrandbits(63))
            # a bot may offer a cheaper `rollout_act` making the same moves without a full view
            self._policy = getattr(bot, "rollout_act", bot.act)
        self._adviser: Agent | None = None  # the heuristic bot whose move gets `prior`
        if (prior or paired) and game is not None:
            self._adviser = game.heuristic_agent(self.rng.getrandbits(63))
        self._advice = -1
        self._choice = -1  # paired: the move the race picked
        self._guide: Callable[[State, int], int] | None = None  # the bot asked below the root
        if bias and game is not None:
            bot = game.heuristic_agent(self.rng.getrandbits(63))
            self._guide = getattr(bot, "rollout_act", bot.act)
        #: iterations run by the last search (for benchmarks)
        self.last_iterations = 0

    # -- the agent protocol ----------------------------------------------------------------

    def act(self, state: State, player: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        return self.analyse(state, player)[0][0]

    def analyse(self, state: State, player: int) -> list[tuple[int, float]]:
        """Search from `state` for `player`; each candidate action with its share of the
        search's visits, best first (most visits; ties go to the heuristic bot's move when
        `prior` is on, then to the best mean reward, then to the lower action)."""
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the game is over: there is nothing to analyse")
        if state.current_player != player:
            raise ValueError(f"it is player {state.current_player}'s turn, not player {player}'s")
        if len(legal) == 1:
            self.last_iterations = 0
            return [(legal[0], 1.0)]
        root = self.search(state, player)
        total = sum(ch.visits for ch in root.children.values()) or 1
        advice = self._advice
        choice = self._choice
        ranked = sorted(
            root.children.items(),
            key=lambda kv: (
                kv[0] != choice,  # paired: the race's pick (else -1: no effect)
                -kv[1].visits,
                kv[0] != advice,
                -kv[1].reward / max(kv[1].visits, 1),
                kv[0],
            ),
        )
        return [(a, ch.visits / total) for a, ch in ranked]

    # -- the search ------------------------------------------------------------------------

    def search(self, state: State, player: int) -> Node:
        """Grow a tree for `player`'s information set at `state`; returns its root."""
        rng = self.rng
        root = Node(player)
        # The heuristic bot reads only the seat's view, so asking it cannot cheat either.
        self._advice = -1 if self._adviser is None else self._adviser.act(state, player)
        self._choice = -1
        if self.paired:
            return self._paired_search(state, player, root)
        deadline = None if self.seconds is None else self.clock() + self.seconds
        done = 0
        while not self._spent(done, deadline):
            world = state.clone()
            self._determinize(world, player, rng)
            self._iterate(root, world, rng)
            done += 1
        self.last_iterations = done
        return root

    def _spent(self, done: int, deadline: float | None) -> bool:
        """True when `done` iterations use up the budget (the seconds budget: after one)."""
        if self.iterations is not None and done >= self.iterations:
            return True
        return deadline is not None and done > 0 and self.clock() >= deadline

    def _determinize(self, world: State, player: int, rng: random.Random) -> None:
        world.rng = Rng(rng.getrandbits(64))  # the real future dice stay unknown
        world.redeterminize(player, rng)

    def _paired_search(self, state: State, player: int, root: Node) -> Node:
        """The root's moves race on shared sampled worlds (common random numbers).

        Round k samples one world (re-dealt and seeded from one seed) and plays every move
        still in the race in it, each followed by the usual descent, expansion and roll-out
        in the move's subtree; an iteration is one such play. Worlds shared make the moves'
        differences sharp where their own results are noisy (in a game of much luck, a move
        is worth a few hundredths of a win). From round RACE_START, every RACE_EVERY rounds,
        a move RACE_DROP standard errors of the paired differences behind the leader leaves
        the race. The pick is the leader, unless the heuristic bot's move is still in and the
        leader is not `z` standard errors ahead of it: then the bot's move.
        """
        legal = state.legal_actions()
        racing = list(legal)
        results: dict[int, list[float]] = {a: [] for a in legal}
        deadline = None if self.seconds is None else self.clock() + self.seconds
        done = rounds = 0
        while True:
            seed = self.rng.getrandbits(64)
            for a in racing:
                if self._spent(done, deadline):
                    break
                rng = random.Random(seed)  # the same world, and the same stream, for each
                world = state.clone()
                self._determinize(world, player, rng)
                results[a].append(self._iterate(root, world, rng, first=a))
                done += 1
            else:
                rounds += 1
                if rounds >= RACE_START and rounds % RACE_EVERY == 0:
                    racing = _race(racing, results, rounds, RACE_DROP)
                continue
            break
        self.last_iterations = done
        advice = self._advice
        n = min(len(results[a]) for a in racing)
        lead = max(racing, key=lambda a: (sum(results[a][:n]), a == advice, -a))
        if advice in racing and lead != advice:
            gap, error = _paired(results[lead], results[advice], n)
            if gap <= self.z * error:
                lead = advice
        self._choice = lead
        return root

    def _iterate(
        self, root: Node, world: State, rng: random.Random, first: int | None = None
    ) -> float:
        """One descent, expansion, roll-out and back-up; the root player's reward. `first`:
        the root's move, given (a paired race) instead of chosen."""
        path = [root]
        node = root
        log, sqrt, c = math.log, math.sqrt, self.c
        advice, prior, guide, bias = self._advice, self.prior, self._guide, self.bias
        fresh = False  # a root move given and played here the first time: roll out at once
        if first is not None:
            node, fresh = _force(root, world, first)
            path.append(node)
        while not fresh:
            mover = world.current_player
            if mover is None:
                break
            legal = world.legal_actions()
            children = node.children
            if node is not root:
                # below the root, the bot's move in this sampled world, for every player: the
                # opponents in the tree then play more like the bots they stand for
                if guide is not None and len(legal) > 1:
                    advice, prior = guide(world, mover), bias
                else:
                    advice, prior = -1, 0.0
            untried = [a for a in legal if a not in children]
            if untried:
                # the bot's move is tried first
                pick = int(rng.random() * len(untried))
                action = advice if advice in untried else untried[pick]
                node = children[action] = Node(mover)
                for a in legal:
                    if a in children:
                        children[a].avail += 1
                world.apply(action)
                path.append(node)
                break
            best_score = -1.0
            best = legal[0]
            for a in legal:
                ch = children[a]
                ch.avail += 1
                score = ch.reward / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                if a == advice:
                    score += prior / (ch.visits + 1)
                if score > best_score:
                    best_score, best = score, a
            node = children[best]
            world.apply(best)
            path.append(node)
        returns = self._roll_out(world, rng)
        if self.margin:
            returns = _blend(returns, world.scores(), self.margin)
        for n in path:
            n.visits += 1
            n.reward += returns[n.mover]
        return returns[root.mover]

    def _roll_out(self, world: State, rng: random.Random) -> list[float]:
        """Play `world` on; the final returns, or the score leaders' share when cut short."""
        limit = self.depth or -1
        policy = self._policy
        epsilon = self.epsilon
        rand = rng.random
        legal_actions, apply = world.legal_actions, world.apply
        # A game may say where a cut reads fairly (`settled()`, e.g. between rounds): once
        # `depth` is reached, play on to such a point, for at most `settle` more actions.
        settled = getattr(world, "settled", None) if self.settle and self.depth else None
        overrun = self.settle
        while True:
            if limit == 0:
                if settled is None or overrun == 0 or settled():
                    break
                overrun -= 1
                limit = 1
            p = world.current_player
            if p is None:
                return world.returns()
            legal = legal_actions()
            if len(legal) == 1:
                apply(legal[0])
            elif policy is None or rand() < epsilon:
                apply(legal[int(rand() * len(legal))])
            else:
                apply(policy(world, p))
            limit -= 1
        # a game may estimate each player's chance to win from here (summing to 1)
        judge = getattr(world, "estimate", None) if self.estimate else None
        return leaders(world) if judge is None or world.is_terminal() else judge()


def _force(root: Node, world: State, action: int) -> tuple[Node, bool]:
    """Play `action` at the root (a paired race's); its node, and whether it is new."""
    children = root.children
    for a in world.legal_actions():
        if a in children:
            children[a].avail += 1
    node = children.get(action)
    fresh = node is None
    if node is None:
        node = children[action] = Node(root.mover)
        node.avail += 1
    world.apply(action)
    return node, fresh


def _paired(ours: list[float], theirs: list[float], n: int) -> tuple[float, float]:
    """The mean of the first `n` paired differences, and its standard error."""
    if n == 0:
        return 0.0, 0.0
    diffs = [a - b for a, b in zip(ours[:n], theirs[:n], strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def _race(racing: list[int], results: dict[int, list[float]], n: int, drop: float) -> list[int]:
    """The moves still in after a look: those not `drop` standard errors behind the leader
    (on the `n` worlds all have played)."""
    lead = max(racing, key=lambda a: sum(results[a][:n]))
    keep = []
    for a in racing:
        gap, error = _paired(results[lead], results[a], n)
        if a == lead or gap <= drop * error:
            keep.append(a)
    return keep


def leaders(world: State) -> list[float]:
    """A cut-short roll-out's returns: the players ahead on score share the win."""
    if world.is_terminal():
        return world.returns()
    scores = world.scores()
    top = max(scores)
    best = [i for i, s in enumerate(scores) if s == top]
    share = 1.0 / len(best)
    return [share if i in best else 0.0 for i in range(len(scores))]


def _blend(returns: list[float], scores: list[float], margin: float) -> list[float]:
    """`returns` with weight 1 - margin, plus each player's standing on `scores` (1 for the
    top score, 0 for the bottom, linear between) with weight `margin`."""
    low, high = min(scores), max(scores)
    span = high - low
    keep = 1.0 - margin
    if span <= 0:
        return [keep * r + margin * 0.5 for r in returns]
    return [keep * r + margin * (s - low) / span for r, s in zip(returns, scores, strict=True)]


def _check(ok: bool, name: str, value: Any, wanted: str) -> None:
    if not ok:
        raise InvalidOptions("agent", f"ismcts: {name}={shown(value)} must be {wanted}")


#: what a spec string starts from, before the game's own defaults and the spec's parameters:
#: leaning on the game's heuristic bot was no weaker in any game measured, and it settles the
#: moves a flat search cannot tell apart (docs/bots.md)
SPEC_DEFAULTS: dict[str, Any] = {"prior": 1.0}

#: per game: roll-outs cut short where a random game runs to hundreds of actions, so that a
#: move takes about a second, and random play to the end says little about a position. In
#: Villainous Vikings a random roll-out cut after 40 actions rewards whoever stands ahead now
#: (the search ended its turn at once to keep a 2-point lead, and won 1 game in 20); heuristic
#: roll-outs (the bot's cheap `rollout_act`) and the bot's moves favoured in the tree play
#: the game on as it will be played (docs/bots.md). So in Gone Viking!, where a random game
#: runs to 1,200 actions and the Jarl takes from whoever leads after each raid. There, too,
#: a cut after 40 actions mostly fell mid-raid, before the Jarl halves the leader's tokens;
#: `settle` plays on to the next raid's start and `estimate` reads the position there with the
#: game's fitted chances (wealth, Ships, the lead): at 300 iterations 0.65 of 20 deals against
#: 0.30 without; at 1,000, 0.47 of 58 against 0.26 (docs/bots.md). And in Knarr, where
#: heuristic roll-outs won 0.77 of the first 15 games against random roll-outs' 0.40 on the
#: same deals. Viking Raid is short
#: (about 70 actions) and its luck is large: the candidates' win rates differ by a few
#: hundredths, inside the noise of 1,000 roll-outs, so a wide search (c 0.7) wandered from
#: the bot's move on noise. There a strong `prior` keeps the bot's move unless a rival
#: clearly beats it, and `c` 0.3 lets the visits follow the evidence (docs/bots.md). Cut
#: roll-outs read by its `estimate()` (0.273 of 300) and `paired` (0.313 of 300; 0.278 against
#: the bot after 7962edc; with `z` 0 and `bias` 1000, 0.278)
#: were not clearly stronger there; a perfect one-step look-ahead over the bot would reach
#: about 0.35 (benchmarks/viking_raid_headroom.py, docs/bots.md).
GAME_DEFAULTS: dict[str, dict[str, Any]] = {
    "gone-viking": {
        "depth": 40,
        "settle": 200,
        "estimate": 1,
        "rollout": "heuristic",
        "bias": 1.0,
    },
    "knarr": {"depth": 40, "rollout": "heuristic", "bias": 1.0},
    "villainous-vikings": {"depth": 40, "rollout": "heuristic", "bias": 1.0},
    "viking-raid": {"rollout": "heuristic", "bias": 1.0, "prior": 10.0, "c": 0.3},
}


def _has_heuristic_bot(game: Game) -> bool:
    try:
        game.heuristic_agent(0)
    except NotImplementedError:
        return False
    return True


def _factory(game: Game, seed: int | None, params: dict[str, str]) -> Agent:
    kwargs = {
        # a game still without a heuristic bot searches flat (asked for, prior is refused)
        **(SPEC_DEFAULTS if _has_heuristic_bot(game) else {}),
        **GAME_DEFAULTS.get(game.name, {}),
        **agent_params("ismcts", params, PARAMS),
    }
    if "seconds" in params and "iterations" not in params:
        kwargs.pop("iterations", None)  # a time budget alone replaces the default count
    return ISMCTSAgent(game, seed, **kwargs)


FACTORIES["ismcts"] = _factory
