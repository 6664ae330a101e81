"""The heuristic Gone Viking! bot: rules of thumb, from `state.view(player)` and the legal list.

Its plan, in short: never pay to swap (tokens are wealth); play single cards and win tricks as
cheaply as possible, so that it keeps cards after boosting players run out and then wins each
trick alone; keep one God back and lay it face down near the end of the raid, so that it is
the God still in play and its Home Power is ours; build a Ship whenever it can (the Jarl never
takes Ships); and give up the tokens it needs least.
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
    ODIN,
    SPENDABLE,
    THOR,
    TOKEN_PLURALS,
    TOKEN_VALUES,
    TREES,
    TYPE_NAMES,
    parse_card,
)

#: which God the bot keeps for its Home Power, best first
HOME_PRIORITY = (ODIN, LOKI, FREYA, THOR)


class GoneVikingBot(HeuristicAgent):
    def act(self, state: State, player: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        v = state.view(player)
        phase = v["phase"]
        if phase == "tricks":
            return _play_step(v, player, legal)
        if phase in ("free swap",):
            return _free_swap(v, legal)
        if phase in ("leader names trump", "God names trump"):
            return A.TRUMP + _best_type(_kinds(v["hand"]))
        tok = _tok(v, player)
        if phase == "ship building":
            for a in (A.BUILD_TREES, A.BUILD_SET, A.BUILD_THOR):
                if a in legal:
                    return a
        if phase in ("Odin's Home Power", "Loki's Home Power"):
            return _take_or_steal(v, player, legal, tok)
        base = {"Freya's Home Power": A.RETURN, "Thor's ship": A.GIVE,
                "the Jarl's tribute": A.PAY_JARL}.get(phase)  # fmt: skip
        if base is not None:
            return base + _least_needed(tok, [a - base for a in legal])
        return A.STOP_SWAP if A.STOP_SWAP in legal else legal[0]


# -- helpers on views ------------------------------------------------------------------------


def _kinds(names: list[str]) -> list[int]:
    return [k for k in map(parse_card, names) if k is not None]


def _tok(v: dict[str, Any], p: int) -> list[int]:
    return [v["tokens"][p][name] for name in TOKEN_PLURALS]


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


def _free_swap(v: dict[str, Any], legal: list[int]) -> int:
    hand = _kinds(v["hand"])
    keep = _best_type(hand + _kinds((v["swapping"] or {}).get("cards") or []))
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


def _take_or_steal(v: dict[str, Any], p: int, legal: list[int], tok: list[int]) -> int:
    def gain(a: int) -> float:
        t = (a - A.STEAL) % 5 if a >= A.STEAL else a - A.TAKE
        mine = tok.copy()
        mine[t] += 1
        score = _ship_worth(mine)
        if a >= A.STEAL:
            victim = (a - A.STEAL) // 5
            score += 1 + 0.1 * v["wealth"][victim]  # a steal also costs a rival
        return score

    return max(legal, key=gain)


# -- tricks ------------------------------------------------------------------------------------


def _play_step(v: dict[str, Any], p: int, legal: list[int]) -> int:
    building = _kinds(v["playing"]["cards"])
    hand = _kinds(v["hand"])
    if not building:
        pick = _pick(v, hand, [a for a in legal if a < A.LAY_GOD])
        return A.PLAY + pick
    laid = v["god_face_down"]
    if laid is None:
        reserve = _reserve(hand)
        rest = [k for k in hand if k != reserve]
        if reserve >= 0 and len(rest) <= 1 and A.LAY_GOD + reserve - ODIN in legal:
            return A.LAY_GOD + reserve - ODIN  # late in the raid: this God should stay in play
    return A.DONE


def _pick(v: dict[str, Any], hand: list[int], firsts: list[int]) -> int:
    """The one card to play: win as cheaply as we can, else throw the least useful card."""
    reserve = _reserve(hand)
    spare = [k for k in firsts if k != reserve] or firsts
    lowest_wins = _god_in_play(v) == LOKI
    best = _current_best(v, v["trick"])
    if best is None:  # we lead: the strongest single card (the weakest under Loki)
        return _pick_lead(spare, _trump(v), lowest_wins)
    return _pick_follow(v, spare, best, lowest_wins)


def _god_in_play(v: dict[str, Any]) -> int:
    g = v["god_in_play"]
    return -1 if g is None else parse_card(g["god"]) or -1


def _trump(v: dict[str, Any]) -> int:
    return -1 if v["trump"] == "none" or _god_in_play(v) == THOR else TYPE_NAMES.index(v["trump"])


def _rank(v: dict[str, Any], t: int, strength: int, lowest_wins: bool) -> tuple[int, int] | None:
    """How good a play of type `t` is in this trick (bigger wins), or None if it cannot win."""
    if _god_in_play(v) == THOR:
        return (0, strength)
    trump = _trump(v)
    led = TYPE_NAMES.index(v["led"]) if v["led"] else t
    sign = -1 if lowest_wins else 1
    if t == trump:
        return (1, sign * strength)
    if t == led:
        return (0, sign * strength)
    return None


def _current_best(v: dict[str, Any], trick: list[dict[str, Any]]) -> tuple[int, int] | None:
    lowest = _god_in_play(v) == LOKI
    ranks = [_rank(v, TYPE_NAMES.index(x["type"]), x["strength"], lowest) for x in trick]
    found = [r for r in ranks if r is not None]
    return max(found) if found else None


def _pick_lead(cards: list[int], trump: int, lowest_wins: bool) -> int:
    if lowest_wins:
        return min(cards, key=lambda k: (KIND_VALUE[k], IS_GOD[k]))
    return max(cards, key=lambda k: KIND_VALUE[k] + (3 if KIND_TYPE[k] == trump else 0))


def _pick_follow(v: dict[str, Any], cards: list[int], best: tuple[int, int], lowest: bool) -> int:
    winners = []
    for k in cards:
        r = _rank(v, KIND_TYPE[k], KIND_VALUE[k], lowest)
        if r is not None and r > best:
            winners.append((r, k))
    if winners:  # the card that wins by the least
        return min(winners)[1]
    # cannot win: throw away the least useful card
    return min(cards, key=lambda k: (IS_GOD[k], KIND_VALUE[k] if not lowest else -KIND_VALUE[k]))
