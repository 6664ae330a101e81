"""The heuristic Gone Viking! bot: rules of thumb, from `state.view(player)` and the legal list.

Its plan, in short: never pay to swap (tokens are wealth); play single cards and win tricks as
cheaply as possible, so that it keeps cards after boosting players run out and then wins each
trick alone; keep one God back and lay it face down near the end of the raid, so that it is
the God still in play and its Home Power is ours; build a Ship whenever it can (the Jarl never
takes Ships); and give up the tokens it needs least.

The rules of thumb work on ints (card kinds, types, token counts). `act` reads them off the
seat's view; `rollout_act`, for search roll-outs, reads the same facts straight off the state
(only public ones and the seat's own hand and picked cards), without building a view: the same
move, many times cheaper (a test checks they agree).
"""

from __future__ import annotations

from typing import Any

from drakkar.engine.agent import HeuristicAgent
from drakkar.engine.state import State
from drakkar.games.gone_viking import actions as A
from drakkar.games.gone_viking.cards import (
    FREYA,
    IS_GOD,
    KIND_TYPE,
    KIND_VALUE,
    LOKI,
    NO_TRUMP,
    ODIN,
    SPENDABLE,
    THOR,
    TOKEN_PLURALS,
    TOKEN_VALUES,
    TREES,
    TYPE_NAMES,
    parse_card,
)
from drakkar.games.gone_viking.hidden import PHASE_NAMES
from drakkar.games.gone_viking.home import (
    BUILD,
    FREE_SWAP,
    FREYA_RETURN,
    GOD_TRUMP,
    JARL,
    LEADER_TRUMP,
    LOKI_CHOICE,
    ODIN_TAKE,
    PLAY,
    THOR_GIVE,
)

#: which God the bot keeps for its Home Power, best first
HOME_PRIORITY = (ODIN, LOKI, FREYA, THOR)
#: the phases whose choice is the token to give up, and their first action
GIVE_UP = {FREYA_RETURN: A.RETURN, THOR_GIVE: A.GIVE, JARL: A.PAY_JARL}
#: a play's (type, strength) by its cards, for the trick so far
TRICK_RANK: dict[tuple[int, ...], tuple[int, int]] = {}


class GoneVikingBot(HeuristicAgent):
    def act(self, state: State, player: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        v = state.view(player)
        phase = PHASE_NAMES.index(v["phase"])
        if phase == PLAY:
            trick = [(TYPE_NAMES.index(x["type"]), x["strength"]) for x in v["trick"]]
            led = TYPE_NAMES.index(v["led"]) if v["led"] else -1
            trump = NO_TRUMP if v["trump"] == "none" else TYPE_NAMES.index(v["trump"])
            laid = v["god_face_down"] is not None
            building = _kinds(v["playing"]["cards"])
            return _play_step(_kinds(v["hand"]), building, laid, _god(v), trump, led, trick, legal)
        if phase == FREE_SWAP:
            picked = _kinds((v["swapping"] or {}).get("cards") or [])
            return _free_swap(_kinds(v["hand"]), picked, legal)
        if phase in (LEADER_TRUMP, GOD_TRUMP):
            return A.TRUMP + _best_type(_kinds(v["hand"]))
        tok = [v["tokens"][player][name] for name in TOKEN_PLURALS]
        return _home(phase, legal, tok, v["wealth"])

    def rollout_act(self, state: Any, player: int) -> int:
        """The same move as `act`, from the state's public facts and `player`'s own cards."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        phase = state.phase
        if phase == PLAY:
            hand = state.hands[player]
            if state.building:
                return _go_on(hand, state.trick_god >= 0, legal)
            trick = [_trick_rank(play) for _, play in state.trick]
            trump = _counting_trump(state.trump, state.god)
            return A.PLAY + _pick(hand, legal, state.god, trump, state.led, trick)
        if phase == FREE_SWAP:
            picked = state.pending if state.to_move == player else []
            return _free_swap(state.hands[player], picked, legal)
        if phase in (LEADER_TRUMP, GOD_TRUMP):
            return A.TRUMP + _best_type(state.hands[player])
        wealth = [state.wealth(q) for q in range(state.num_players)]
        return _home(phase, legal, state.tokens[player].copy(), wealth)


# -- reading views -----------------------------------------------------------------------------


def _kinds(names: list[str]) -> list[int]:
    return [k for k in map(parse_card, names) if k is not None]


def _god(v: dict[str, Any]) -> int:
    """The God in play, or -1."""
    g = v["god_in_play"]
    return -1 if g is None else parse_card(g["god"]) or -1


def _trick_rank(play: tuple[int, ...]) -> tuple[int, int]:
    rank = TRICK_RANK.get(play)
    if rank is None:
        rank = TRICK_RANK[play] = (KIND_TYPE[play[0]], sum(KIND_VALUE[k] for k in play))
    return rank


# -- the rules of thumb, on ints ---------------------------------------------------------------


def _home(phase: int, legal: list[int], tok: list[int], wealth: list[int]) -> int:
    """The return home (and a paid swap's phases, where the bot stops or takes the first)."""
    if phase == BUILD:
        for a in (A.BUILD_TREES, A.BUILD_SET, A.BUILD_THOR):
            if a in legal:
                return a
    if phase in (ODIN_TAKE, LOKI_CHOICE):
        return _take_or_steal(wealth, legal, tok)
    base = GIVE_UP.get(phase)
    if base is not None:
        return base + _least_needed(tok, [a - base for a in legal])
    return A.STOP_SWAP if A.STOP_SWAP in legal else legal[0]


def _best_type(hand: list[int]) -> int:
    totals = [0, 0, 0, 0]
    for k in hand:
        if not IS_GOD[k]:
            totals[KIND_TYPE[k]] += KIND_VALUE[k] + 2
    return max(range(4), key=lambda t: totals[t])


def _reserve(hand: list[int]) -> int:
    """The God kept back for its Home Power, or -1."""
    for g in HOME_PRIORITY:
        if g in hand:
            return g
    return -1


# -- swapping ----------------------------------------------------------------------------------


def _free_swap(hand: list[int], picked: list[int], legal: list[int]) -> int:
    keep = _best_type(hand + picked)
    weak = [k for k in hand if not IS_GOD[k] and KIND_TYPE[k] != keep and KIND_VALUE[k] <= 3]
    if weak:
        k = min(weak, key=lambda c: KIND_VALUE[c])
        if A.SWAP + k in legal:
            return A.SWAP + k
    return A.STOP_SWAP


# -- tokens ------------------------------------------------------------------------------------


def _ship_worth(tok: list[int]) -> float:
    """How close these tokens are to a Ship, plus a little for their tie-break value."""
    have = sum(1 for t in range(4) if tok[t])
    return (
        3 * have
        + 4 * min(tok[TREES], 4) / 4
        + 0.01 * sum(tok[t] * TOKEN_VALUES[t] for t in SPENDABLE)
    )


def _least_needed(tok: list[int], types: list[int]) -> int:
    def after(t: int) -> float:
        rest = tok.copy()
        rest[t] -= 1
        return _ship_worth(rest)

    return max(types, key=after)


def _take_or_steal(wealth: list[int], legal: list[int], tok: list[int]) -> int:
    def gain(a: int) -> float:
        t = (a - A.STEAL) % 5 if a >= A.STEAL else a - A.TAKE
        mine = tok.copy()
        mine[t] += 1
        score = _ship_worth(mine)
        if a >= A.STEAL:
            victim = (a - A.STEAL) // 5
            score += 1 + 0.1 * wealth[victim]  # a steal also costs a rival
        return score

    return max(legal, key=gain)


# -- tricks ------------------------------------------------------------------------------------


def _play_step(
    hand: list[int],
    building: list[int],
    laid: bool,
    god: int,
    trump: int,
    led: int,
    trick: list[tuple[int, int]],
    legal: list[int],
) -> int:
    """One step of a play. `god` is the God in play (-1 none), `trump` the tracker (NO_TRUMP
    after Thor), `led` the led type (-1 none yet), `trick` each play's (type, strength)."""
    if building:
        return _go_on(hand, laid, legal)
    return A.PLAY + _pick(hand, legal, god, _counting_trump(trump, god), led, trick)


def _counting_trump(trump: int, god: int) -> int:
    """The trump that counts in this trick, -1 for none."""
    return -1 if trump == NO_TRUMP or god == THOR else trump


def _go_on(hand: list[int], laid: bool, legal: list[int]) -> int:
    """After the first card: close the play, or lay the God kept back (a hand's Gods are
    its highest kinds)."""
    if not laid and hand and hand[-1] >= ODIN:
        reserve = _reserve(hand)
        rest = len(hand) - hand.count(reserve)
        if rest <= 1 and A.LAY_GOD + reserve - ODIN in legal:
            return A.LAY_GOD + reserve - ODIN  # late in the raid: this God should stay in play
    return A.DONE


def _pick(
    hand: list[int], legal: list[int], god: int, trump: int, led: int, trick: list[tuple[int, int]]
) -> int:
    """The one card to play: win as cheaply as we can, else throw the least useful card.
    `trump` here is the trump that counts (-1 for none)."""
    firsts = [a for a in legal if a < A.LAY_GOD]
    reserve = _reserve(hand) if hand[-1] >= ODIN else -1
    spare = [k for k in firsts if k != reserve] or firsts
    lowest_wins = god == LOKI
    ranks = [_rank(t, s, god, trump, led, lowest_wins) for t, s in trick]
    found = [r for r in ranks if r is not None]
    if not found:  # we lead: the strongest single card (the weakest under Loki)
        return _pick_lead(spare, trump, lowest_wins)
    best = max(found)
    winners = []
    for k in spare:
        r = _rank(KIND_TYPE[k], KIND_VALUE[k], god, trump, led, lowest_wins)
        if r is not None and r > best:
            winners.append((r, k))
    if winners:  # the card that wins by the least
        return min(winners)[1]
    # cannot win: throw away the least useful card
    return min(
        spare, key=lambda k: (IS_GOD[k], KIND_VALUE[k] if not lowest_wins else -KIND_VALUE[k])
    )


def _rank(
    t: int, strength: int, god: int, trump: int, led: int, lowest_wins: bool
) -> tuple[int, int] | None:
    """How good a play of type `t` is in this trick (bigger wins), or None if it cannot win."""
    if god == THOR:
        return (0, strength)
    sign = -1 if lowest_wins else 1
    if t == trump:
        return (1, sign * strength)
    if t == led or led < 0:
        return (0, sign * strength)
    return None


def _pick_lead(cards: list[int], trump: int, lowest_wins: bool) -> int:
    if lowest_wins:
        return min(cards, key=lambda k: (KIND_VALUE[k], IS_GOD[k]))
    return max(cards, key=lambda k: KIND_VALUE[k] + (3 if KIND_TYPE[k] == trump else 0))
