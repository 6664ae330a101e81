"""Knarr's heuristic bot: greedy, from `view(player)` and the legal actions only.

It values each asset (a point is 1, a token a little less, reputation by what it will score),
explores the Destination worth most for its cost when that beats the best recruit, recruits the
card whose column pays most, trades after its action when the trade pays, and pays costs with
the Vikings whose icons it will miss least.
"""

from __future__ import annotations

from typing import Any

from drakkar.engine.agent import HeuristicAgent
from drakkar.engine.state import State
from drakkar.games.knarr import actions as A
from drakkar.games.knarr.cards import DEST_IDS, DESTINATIONS, REPUTATION_VP, V_KIND, kind_name

KIND_NAMES = [kind_name(k) for k in range(20)]
KIND_OF = {name: k for k, name in enumerate(KIND_NAMES)}
TOKEN = 0.8  # a recruit token or bracelet, below a point
CARD_VALUE = 1.0  # a blind Viking into the crew
LOSS = 0.45  # what losing a crew Viking costs, per point its icon is worth
TURNS = 17.0  # a game's usual length in rounds
REP_STEP = 0.25
REP_JUMP = 0.2
EXPLORE_BIAS = -1.0
TRADE_WEIGHT = 0.5


class KnarrBot(HeuristicAgent):
    def act(self, state: State, player: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self._decide(state.view(player), player, legal)

    def rollout_act(self, state: State, player: int) -> int:
        """The same move as `act`, from a brief view of only the facts the rules of thumb use
        (all public): several times cheaper, for search roll-outs."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self._decide(brief_view(state, player), player, legal)

    def _decide(self, v: dict[str, Any], player: int, legal: list[int]) -> int:
        me = v["seats"][player]
        gains: dict[int, float] = {}  # a recruit's column gain, by kind (one per slot it sits in)
        scored = [(self._score(a, v, me, gains), -a) for a in legal]
        return -max(scored)[1]

    # -- values ------------------------------------------------------------------------------

    def _rep_value(self, me: dict[str, Any], v: dict[str, Any], n: int) -> float:
        """Points `n` more reputation will score over the rest of the game (roughly)."""
        if n == 0 or v["end_triggered"]:
            return 0.0
        rep = me["reputation"]
        turns_left = max(1.0, TURNS - v["round"])
        # smoothed track: about a third of a point per turn for each step below 14
        new = min(14, rep + n) - rep
        jump = REPUTATION_VP[min(14, rep + n)] - REPUTATION_VP[rep]
        return turns_left * (REP_STEP * new + REP_JUMP * jump)

    def _gain(self, g: tuple[int, ...] | list[int], me: dict[str, Any], v: dict[str, Any]) -> float:
        br_room = 3 - me["bracelets"]
        rc_room = 3 - me["recruits"]
        return (
            g[0]
            + TOKEN * min(g[1], br_room)
            + TOKEN * min(g[2], rc_room)
            + self._rep_value(me, v, g[3])
            + CARD_VALUE * g[4]
        )

    def _column_gain(self, me: dict[str, Any], kind: int) -> list[int]:
        col = [KIND_OF[name] % 4 for name in me["crew"][kind // 4]] + [kind % 4]
        return [col.count(a) for a in range(4)] + [0]

    def _dest_value(self, d: int, me: dict[str, Any], v: dict[str, Any]) -> float:
        dest = DESTINATIONS[d]
        trades = sum(self._gain(dest.trade[n], me, v) for n in range(3)) / 3
        return self._gain(dest.immediate, me, v) + TRADE_WEIGHT * trades - LOSS * 0.8 * dest.size

    def _score(
        self, a: int, v: dict[str, Any], me: dict[str, Any], gains: dict[int, float]
    ) -> float:
        if a < A.EXPLORE:
            kind, slot = divmod(a - A.RECRUIT, 5)
            value = gains.get(kind)
            if value is None:
                value = gains[kind] = self._gain(self._column_gain(me, kind), me, v)
            if slot != kind // 4:
                value -= TOKEN
            taken = v["board"][slot]
            value += 0.3 if taken is None else 0.2 + 0.1 * (KIND_OF[taken] % 4 == 0)
            return value
        if a < A.PAY:
            return EXPLORE_BIAS + self._dest_value(a - A.EXPLORE, me, v)
        if a < A.PAY_RECRUIT:
            kind = a - A.PAY
            return -LOSS * (1.0 if kind % 4 != 3 else 0.8) - 0.01 * len(me["crew"][kind // 4])
        if a == A.PAY_RECRUIT:
            return -TOKEN
        if a < A.END_TURN:
            return self._trade_value(a - A.TRADE + 1, v, me)
        if a == A.END_TURN:
            return 0.0
        if a < A.MEAD_REPLACE:
            return -(1.0 if (a - A.DISCARD) % 4 == 0 else 0.8)
        if a < A.MEAD_KEEP:
            return -1.0
        if a == A.MEAD_KEEP:
            return 0.0
        if a < A.HELMET_DECLINE:
            return self._dest_value(a - A.RESERVE, me, v)
        return 0.0

    def _trade_value(self, n: int, v: dict[str, Any], me: dict[str, Any]) -> float:
        if v["phase"] == "action":
            return -5.0  # trade after the action, when the crew and ship are bigger
        ship = [0] * 5
        side = {"normal": ("", "RC", ""), "advanced": ("VP", "", "BR")}[v["ship_side"]]
        for col in side[:n]:
            if col:
                ship[("VP", "BR", "RC", "REP").index(col)] += 1
        for d in me["ship"]:
            t = DESTINATIONS[DEST_IDS.index(d)].trade[n - 1]
            ship = [x + y for x, y in zip(ship, t, strict=True)]
        spent = dict(me, bracelets=me["bracelets"] - n)
        return self._gain(ship, spent, v) - 0.5 * n


def brief_view(s: Any, player: int) -> dict[str, Any]:
    """The part of `view(player)` the bot reads, built straight from a Knarr state: the board,
    the round and phase, and the seat's own crew, ship and tracks. All of it is public."""
    from drakkar.games.knarr.state import END_SCORE, PHASE_NAMES

    names = KIND_NAMES
    return {
        "round": s.round,
        "phase": PHASE_NAMES[s.phase],
        "ship_side": s.options.ship,
        "end_triggered": max(s.vp) >= END_SCORE,
        "board": [None if v < 0 else names[V_KIND[v]] for v in s.slots],
        "seats": {
            player: {
                "crew": [[names[V_KIND[v]] for v in col] for col in s.crew[player]],
                "ship": [DESTINATIONS[d].id for d in s.ships[player]],
                "recruits": s.rc[player],
                "bracelets": s.br[player],
                "reputation": s.rep[player],
            }
        },
    }
