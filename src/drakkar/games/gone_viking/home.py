"""The return home of Gone Viking!: the last God's Home Power, ship building, the Jarl, and
the winner check. A base class of `GoneVikingState`, which holds the rest of the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drakkar.engine.events import verdict
from drakkar.engine.state import State
from drakkar.games.gone_viking import actions as A
from drakkar.games.gone_viking.cards import (
    FREYA,
    LOKI,
    ODIN,
    SHIP_WEALTH,
    SHIPS,
    SPENDABLE,
    THOR,
    TOKEN_NAMES,
    TOKEN_VALUES,
    TREES,
    WIN_WEALTH,
)

if TYPE_CHECKING:
    from drakkar.games.gone_viking.options import GoneVikingOptions

# Phases: who is asked what.
FREE_SWAP, LEADER_TRUMP, PAY_SWAP, PICK_SWAP, PLAY, GOD_TRUMP = 0, 1, 2, 3, 4, 5
ODIN_TAKE, FREYA_RETURN, LOKI_CHOICE, BUILD, THOR_GIVE, JARL, OVER = 6, 7, 8, 9, 10, 11, 12


class ReturnHome(State):
    # The state the return home needs; GoneVikingState adds the rest.
    __slots__ = (
        "phase", "to_move", "count", "queue", "tokens", "supply", "god", "god_owner",
        "leader", "raid", "fists_won", "thor_builder", "jarl_target", "winners",
    )  # fmt: skip
    options: GoneVikingOptions
    phase: int
    to_move: int
    count: int
    queue: list[int]
    tokens: list[list[int]]
    supply: list[int]
    god: int
    god_owner: int
    leader: int
    raid: int
    fists_won: list[int]
    thor_builder: int
    jarl_target: int
    winners: tuple[int, ...]

    def _new_raid(self, stack: list[int] | None = None) -> None:
        raise NotImplementedError

    def _gain(self, p: int, t: int) -> str:
        """Give `p` a token of type `t` from the supply, a Tree if none is left."""
        if t != TREES and self.supply[t] == 0:
            t = TREES
        elif t != TREES:
            self.supply[t] -= 1
        self.tokens[p][t] += 1
        return f"a {TOKEN_NAMES[t]}"

    def _lose(self, p: int, t: int) -> None:
        self.tokens[p][t] -= 1
        if t != TREES:
            self.supply[t] += 1

    # -- the return home -----------------------------------------------------------------------

    def _return_home(self) -> None:
        self.log("every hand is empty: the raiders return home")
        g, o = self.god, self.god_owner
        self.count = 0
        if g == ODIN:
            self.phase, self.to_move, self.count = ODIN_TAKE, o, 2
            self.log(f"Odin's Home Power: player {o} takes two tokens")
            return
        if g == LOKI:
            self.phase, self.to_move = LOKI_CHOICE, o
            self.log(f"Loki's Home Power: player {o} takes or steals a token")
            return
        if g == FREYA:
            self.log("Freya's Home Power: every other player returns a token")
            n = self.num_players
            self.queue = [(o + i) % n for i in range(1, n)]
            self._next_freya()
            return
        if g == THOR:
            self.thor_builder = o
            self.log(f"Thor's Home Power: player {o} may build a Ship from any four tokens")
        self._start_building()

    def _next_freya(self) -> None:
        while self.queue:
            p = self.queue.pop(0)
            if _spendable(self.tokens[p]):
                self.phase, self.to_move = FREYA_RETURN, p
                return
        self._start_building()

    def _start_building(self) -> None:
        n = self.num_players
        self.queue = [(self.leader + i) % n for i in range(n)]
        self._next_builder()

    def can_build(self, p: int) -> list[int]:
        """The ship-building actions open to `p` now, not counting "build no Ship"."""
        if self.supply[SHIPS] == 0:
            return []
        tok = self.tokens[p]
        out = []
        if tok[0] and tok[1] and tok[2] and tok[3]:
            out.append(A.BUILD_SET)
        if tok[TREES] >= 4:
            out.append(A.BUILD_TREES)
        if p == self.thor_builder and _spendable(tok) >= 4:
            out.append(A.BUILD_THOR)
        return out

    def _next_builder(self) -> None:
        while self.queue:
            p = self.queue.pop(0)
            if self.can_build(p):
                self.phase, self.to_move = BUILD, p
                return
        self._visit_jarl()

    def _ship(self, p: int) -> None:
        self.supply[SHIPS] -= 1
        self.tokens[p][SHIPS] += 1
        self.log(f"player {p} builds a Ship")

    def wealth(self, p: int) -> int:
        tok = self.tokens[p]
        return tok[0] + tok[1] + tok[2] + tok[3] + tok[4] + SHIP_WEALTH * tok[5]

    def jarl_choice(self) -> int:
        """The Jarl's target: most wealth; then most Fist value won; then first from the leader."""
        n = self.num_players
        seats = [(self.leader + i) % n for i in range(n)]
        return max(seats, key=lambda p: (self.wealth(p), self.fists_won[p], -seats.index(p)))

    def _visit_jarl(self) -> None:
        t = self.jarl_target = self.jarl_choice()
        due = (_spendable(self.tokens[t]) + 1) // 2
        self.log(
            f"the Jarl visits player {t} (wealth {self.wealth(t)}) and takes {due} "
            f"token{'s' if due != 1 else ''}"
        )
        if due:
            self.phase, self.to_move, self.count = JARL, t, due
        else:
            self._end_raid()

    def winner_choice(self, seats: list[int]) -> tuple[int, ...]:
        """The tie rules: most wealth; the new Raid Leader; most token value; else shared."""
        top = max(self.wealth(p) for p in seats)
        tied = [p for p in seats if self.wealth(p) == top]
        if len(tied) > 1 and self.leader in tied:
            return (self.leader,)
        if len(tied) > 1:
            values = {p: sum(c * v for c, v in zip(self.tokens[p], TOKEN_VALUES, strict=True))
                      for p in tied}  # fmt: skip
            best = max(values.values())
            tied = [p for p in tied if values[p] == best]
        return tuple(tied)

    def _win_line(self, rich: list[int]) -> str:
        """Who wins and why, by the tie rules `winner_choice` applied to `rich`."""
        won = self.winners
        top = self.wealth(won[0])
        tied = [f"player {p}" for p in rich if self.wealth(p) == top and p not in won]
        value = sum(c * v for c, v in zip(self.tokens[won[0]], TOKEN_VALUES, strict=True))
        why = (
            "as the new Raid Leader"
            if won == (self.leader,)
            else f"by the most token value ({value})"
        )
        return verdict([f"player {p}" for p in won], f"wealth {top}", tied, why)

    def _end_raid(self) -> None:
        self.leader = self.jarl_target
        n = self.num_players
        rich = [p for p in range(n) if self.wealth(p) >= WIN_WEALTH[n]]
        limit = self.options.max_raids
        if not rich and limit and self.raid >= limit:
            self.log(f"raid {self.raid} was the last (max_raids): the tie rules pick the winner")
            rich = list(range(n))
        if rich:
            self.winners = self.winner_choice(rich)
            self.phase, self.to_move = OVER, -1
            self.log(self._win_line(rich))
            return
        self.log(f"player {self.leader} is the new Raid Leader")
        self._new_raid()
        self.phase, self.to_move = FREE_SWAP, self.leader

    def _home_legal(self, ph: int, p: int) -> list[int]:
        tok = self.tokens[p]
        if ph == ODIN_TAKE:
            return [A.TAKE + t for t in SPENDABLE if t == TREES or self.supply[t]]
        if ph == LOKI_CHOICE:
            out = [A.TAKE + t for t in SPENDABLE if t == TREES or self.supply[t]]
            for v in range(self.num_players):
                if v != p:
                    out += [A.steal(v, t) for t in SPENDABLE if self.tokens[v][t]]
            return out
        if ph == FREYA_RETURN:
            return [A.RETURN + t for t in SPENDABLE if tok[t]]
        if ph == BUILD:
            return [*self.can_build(p), A.NO_SHIP]
        if ph == THOR_GIVE:
            return [A.GIVE + t for t in SPENDABLE if tok[t]]
        if ph == JARL:
            return [A.PAY_JARL + t for t in SPENDABLE if tok[t]]
        raise AssertionError(f"no legal actions in phase {ph}")

    def _apply_home(self, ph: int, p: int, action: int) -> None:
        if ph == ODIN_TAKE or (ph == LOKI_CHOICE and action < A.STEAL):
            self.log(f"player {p} takes {self._gain(p, action - A.TAKE)}")
            self.count -= 1
            if self.count <= 0:
                self._start_building()
        elif ph == LOKI_CHOICE:
            v, t = divmod(action - A.STEAL, 5)
            self.tokens[v][t] -= 1
            self.tokens[p][t] += 1
            self.log(f"player {p} steals {_a(t)} from player {v}")
            self._start_building()
        elif ph == FREYA_RETURN:
            self._lose(p, action - A.RETURN)
            self.log(f"player {p} returns {_a(action - A.RETURN)} to the supply")
            self._next_freya()
        elif ph == BUILD:
            if action == A.BUILD_SET:
                for t in (0, 1, 2, 3):
                    self._lose(p, t)
                self._ship(p)
            elif action == A.BUILD_TREES:
                self.tokens[p][TREES] -= 4
                self._ship(p)
            elif action == A.BUILD_THOR:
                self.log(f"player {p} builds a Ship with Thor from any four tokens")
                self.phase, self.count = THOR_GIVE, 4
                return
            else:
                self.log(f"player {p} builds no Ship")
            self._next_builder()
        elif ph == THOR_GIVE:
            self._lose(p, action - A.GIVE)
            self.log(f"player {p} returns {_a(action - A.GIVE)} for the Ship")
            self.count -= 1
            if self.count == 0:
                self._ship(p)
                self._next_builder()
        elif ph == JARL:
            self._lose(p, action - A.PAY_JARL)
            self.log(f"player {p} pays the Jarl {_a(action - A.PAY_JARL)}")
            self.count -= 1
            if self.count == 0:
                self._end_raid()


def _spendable(tok: list[int]) -> int:
    return tok[0] + tok[1] + tok[2] + tok[3] + tok[4]


def _a(t: int) -> str:
    return f"a {TOKEN_NAMES[t]}"
