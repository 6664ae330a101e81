"""Knarr's rules: `KnarrState` (its `KnarrGame` is in `__init__.py`).

A turn is a little program of *jobs* (a stack of ints) run by `_run` until a decision is due:
automatic steps (refill a slot, draw a blind Viking, check an Artifact, end the turn) run at
once; decision steps set `phase` and wait for an action. This keeps the empty-deck discards,
the Artifacts' extra actions and the optional trade in the order the publisher gives:
(Trade) -> action -> check artifacts -> (Trade) -> check artifacts (Amulet, Weathervane only).
"""

from __future__ import annotations

import random
from typing import Any

from drakkar.engine.events import verdict
from drakkar.engine.game import Game
from drakkar.engine.options import GameOptions
from drakkar.engine.state import State
from drakkar.games.knarr import actions as A
from drakkar.games.knarr import view as view_module
from drakkar.games.knarr.cards import (
    AMULET,
    ARTIFACT_IDS,
    BOARD,
    CAULDRON,
    COLOURED,
    DESTINATIONS,
    DIFFERENT,
    GOLDEN_BRACELET,
    HELMET,
    MAX_REPUTATION,
    MEAD_CUP,
    REPUTATION_VP,
    SILVER_COIN,
    V_COLOUR,
    V_KIND,
    WEATHERVANE,
    dest_by_id,
    draw_artifacts,
    kind_icons,
    kind_name,
    viking_by_id,
    vikings_for,
)
from drakkar.games.knarr.options import KnarrOptions

MAX_RC = BOARD["max_recruits"]
MAX_BR = BOARD["max_bracelets"]
END_SCORE = BOARD["end_score"]
# Ruling: a game stops after this many rounds even if nobody reached 40 (random play could
# otherwise recruit forever); no real game comes near it (docs/rules/knarr.md).
MAX_ROUNDS = 60
MAX_RESERVED = 2
# per Destination, for the hot path: cost kind, Vikings owed, and (colour, count) pairs
COST_KIND = tuple(d.cost_kind for d in DESTINATIONS)
COST_SIZE = tuple(d.size for d in DESTINATIONS)
NEED_PAIRS = tuple(tuple((c, n) for c, n in enumerate(d.need) if n) for d in DESTINATIONS)

# phases (decisions)
MAIN, PAY, AFTER, DISCARD, MEAD, RESERVE, HELMET_PHASE, WEATHERVANE_PHASE, OVER = range(9)
PHASE_NAMES = (
    "action",
    "pay",
    "trade or end",
    "empty-deck discard",
    "mead cup",
    "golden bracelet",
    "helmet",
    "weathervane",
    "over",
)

# jobs: code * 8 + argument
J_DRAW_SLOT, J_DRAW_CREW, J_LINES, J_MEAD, J_RESERVE = range(5)
J_HELMET, J_WEATHERVANE, J_AFTER, J_TRADE_OR_END, J_MAIN, J_END_TURN = range(6, 12)


class KnarrState(State):
    __slots__ = (
        "deck", "discard", "slots", "ddecks", "dslots", "hands", "known", "crew", "kinds",
        "ships", "reserved", "vp", "br", "rc", "rep", "artifacts", "ship_trade", "start",
        "turn", "phase", "traded", "mark", "pay_dest", "pay_need", "pay_left", "pay_colour",
        "jobs", "discarders", "round", "deck_public",
    )  # fmt: skip

    def __init__(self, game: Game, num_players: int, options: GameOptions, seed: int) -> None:
        super().__init__(game, num_players, options, seed)
        assert isinstance(options, KnarrOptions)
        n = num_players
        rng = self.rng
        self.artifacts = draw_artifacts(options.artifacts, rng)
        self.ship_trade = BOARD["ships"][options.ship]
        # Decks are lists drawn from the end; stacked cards go last, first-named last of all.
        deck = vikings_for(n)
        stack = [viking_by_id(v) for v in options.viking_stack]
        deck = [v for v in deck if v not in stack]
        rng.shuffle(deck)
        self.deck = deck + stack[::-1]
        self.discard: list[int] = []
        self.deck_public = False
        dstack = [dest_by_id(d) for d in options.destination_stack]
        self.ddecks: list[list[int]] = []
        for lo, hi in ((0, 20), (20, 35)):
            cards = [d for d in range(lo, hi) if d not in dstack]
            rng.shuffle(cards)
            self.ddecks.append(cards + [d for d in dstack[::-1] if lo <= d < hi])
        self.dslots = [self.ddecks[i // 3].pop() for i in range(6)]
        self.slots = [self.deck.pop() for _ in range(5)]
        self.crew: list[list[list[int]]] = [[[] for _ in range(5)] for _ in range(n)]
        self.kinds = [[0] * 20 for _ in range(n)]
        for p in range(n):
            self._deal_start_crew(p)
        self.hands = [[self.deck.pop() for _ in range(3)] for _ in range(n)]
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.ships: list[list[int]] = [[] for _ in range(n)]
        self.reserved: list[list[int]] = [[] for _ in range(n)]
        self.vp = [0] * n
        self.br = [BOARD["start_bracelets"]] * n
        self.rc = [BOARD["start_recruits"]] * n
        self.rep = [0] * n
        first = options.first_player
        self.start = rng.randrange(n) if first < 0 else first
        self.turn = self.start
        self.round = 1
        self.traded = False
        self.mark = 0
        self.pay_dest = -1
        self.pay_need = [0] * 5
        self.pay_left = 0
        self.pay_colour = -1
        self.jobs: list[int] = []
        self.discarders: list[int] = []
        self.phase = MAIN
        arts = ", ".join(ARTIFACT_IDS[a] for a in self.artifacts) or "none"
        self.log(
            f"{n} players, {options.ship} ships, artifacts: {arts}; player {self.start} starts"
        )
        self._begin_turn()

    def _deal_start_crew(self, p: int) -> None:
        """Two Vikings of different colours; a second card of the first one's colour goes to
        the bottom of the deck and another is drawn (as BGA redraws)."""
        first = self.deck.pop()
        second = self.deck.pop()
        while V_COLOUR[second] == V_COLOUR[first]:
            self.deck.insert(0, second)
            second = self.deck.pop()
        for v in (first, second):
            self.crew[p][V_COLOUR[v]].append(v)
            self.kinds[p][V_KIND[v]] += 1

    # -- protocol ----------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase == DISCARD:
            return self.discarders[0]
        return self.turn

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return [float(v) for v in self.vp]

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.num_players
        keys = [(self.vp[p], self.rc[p] + self.br[p]) for p in range(self.num_players)]
        best = max(keys)
        winners = [k == best for k in keys]
        share = 1.0 / sum(winners)
        return [share if w else 0.0 for w in winners]

    def _verdict(self) -> str:
        """Who wins and why, by `returns`' rule: most VP, then most recruits plus bracelets."""
        won = [p for p, r in enumerate(self.returns()) if r > 0]
        vp, tokens = self.vp[won[0]], self.rc[won[0]] + self.br[won[0]]
        tied = [f"player {p}" for p in range(self.num_players) if self.vp[p] == vp and p not in won]
        score = f"{vp} VP"
        if len(won) > 1 and not tied:  # a full tie: say what the winners tied on too
            score += f" and {tokens} recruits plus bracelets each"
        why = f"by more recruits plus bracelets ({tokens})"
        return verdict([f"player {p}" for p in won], score, tied, why)

    def action_label(self, action: int) -> str:
        label = A.LABELS[action]
        if action < A.EXPLORE or A.MEAD_REPLACE <= action < A.MEAD_KEEP:
            slot = (action - A.RECRUIT) % 5 if action < A.EXPLORE else action - A.MEAD_REPLACE
            card = self.slots[slot]
            label += f": {kind_icons(V_KIND[card])}" if card >= 0 else " (empty)"
        recruit = action < A.EXPLORE and self.phase in (MAIN, HELMET_PHASE)
        if recruit and self._recruit_pays(self.turn, *divmod(action - A.RECRUIT, 5)):
            label += ", paying a recruit token"  # a cost the label must not hide
        return label

    def _recruit_pays(self, p: int, kind: int, slot: int) -> bool:
        """True when this Recruit takes a slot of another colour than the card played, which
        costs a recruit token (free with the Cauldron for a column's second Viking)."""
        c = kind >> 2
        return slot != c and not (CAULDRON in self.artifacts and len(self.crew[p][c]) == 1)

    # -- legal actions -----------------------------------------------------------------------

    def _legal_actions(self) -> list[int]:
        phase = self.phase
        p = self.turn
        if phase == MAIN:
            out = self._recruits(p)
            out += self._explores(p)
            if not self.traded:
                out += [A.TRADE + i for i in range(self.br[p])]
            return sorted(out)
        if phase == PAY:
            return self._payments(p)
        if phase == AFTER:
            return [A.TRADE + i for i in range(self.br[p])] + [A.END_TURN]
        if phase == DISCARD:
            k = self.kinds[self.discarders[0]]
            return [A.DISCARD + i for i in range(20) if k[i]]
        if phase == MEAD:
            return [A.MEAD_REPLACE + s for s in range(5) if self.slots[s] >= 0] + [A.MEAD_KEEP]
        if phase == RESERVE:
            return sorted(A.RESERVE + d for d in self.dslots if d >= 0)
        if phase == HELMET_PHASE:
            return self._recruits(p) + [A.HELMET_DECLINE]
        if phase == WEATHERVANE_PHASE:
            return self._explores(p) + [A.WEATHERVANE_DECLINE]
        return []

    def _recruits(self, p: int) -> list[int]:
        out = []
        kinds = self.kinds[p]
        rc = self.rc[p]
        cauldron = CAULDRON in self.artifacts
        for kind in sorted({V_KIND[v] for v in self.hands[p]}):
            c = kind >> 2
            base = A.RECRUIT + kind * 5
            any_slot = (cauldron and len(self.crew[p][c]) == 1) or (
                rc + kinds[c * 4 + 2] + (kind & 3 == 2) > 0
            )
            for s in range(5):
                if self.slots[s] >= 0 and (s == c or any_slot):
                    out.append(base + s)
        return out

    def _explores(self, p: int) -> list[int]:
        lens = list(map(len, self.crew[p]))
        rc = self.rc[p]
        distinct = 5 - lens.count(0)
        biggest = max(lens)
        out = []
        for d in self.dslots + self.reserved[p]:
            if d < 0:
                continue
            kind, n = COST_KIND[d], COST_SIZE[d]
            if kind == COLOURED:
                short = 0
                for c, need in NEED_PAIRS[d]:
                    if need > lens[c]:
                        short += need - lens[c]
                ok = short <= rc
            elif kind == DIFFERENT:
                ok = min(n, distinct) + rc >= n
            else:
                ok = biggest + rc >= n
            if ok:
                out.append(A.EXPLORE + d)
        out.sort()
        return out

    def _payments(self, p: int) -> list[int]:
        kinds = self.kinds[p]
        crew = self.crew[p]
        kind_of_cost = DESTINATIONS[self.pay_dest].cost_kind
        out = []
        for c in range(5):
            if kind_of_cost == COLOURED:
                ok = self.pay_need[c] > 0
            elif kind_of_cost == DIFFERENT:
                ok = self.pay_need[c] == 0  # pay_need marks the colours already used
            else:
                ok = self.pay_colour in (-1, c) and len(crew[c]) + self.rc[p] >= self.pay_left
            if ok:
                out += [A.PAY + k for k in range(c * 4, c * 4 + 4) if kinds[k]]
        if self.rc[p]:
            out.append(A.PAY_RECRUIT)
        return out

    # -- applying ----------------------------------------------------------------------------

    def _apply(self, action: int) -> None:
        p = self.turn
        jobs = self.jobs
        if action < A.EXPLORE:
            if self.phase == MAIN:
                jobs.append(J_AFTER * 8)
            self._recruit(p, (action - A.RECRUIT) // 5, (action - A.RECRUIT) % 5)
        elif action < A.PAY:
            if self.phase == MAIN:
                jobs.append(J_AFTER * 8)
            self._choose_destination(p, action - A.EXPLORE)
            return
        elif action <= A.PAY_RECRUIT:
            if not self._pay(p, action):
                return
        elif action < A.END_TURN:
            self._trade(p, action - A.TRADE + 1)
        elif action == A.END_TURN:
            self.log(f"player {p} ends the turn")
            jobs.append(J_END_TURN * 8)
        elif action < A.MEAD_REPLACE:
            q = self.discarders.pop(0)
            card = self._remove_from_crew(q, action - A.DISCARD)
            self.discard.append(card)
            self.log(f"player {q} discards a {kind_name(V_KIND[card])} Viking (empty deck)")
            if self.discarders:
                return  # the next player tied for the most Vikings discards too
        elif action < A.MEAD_KEEP:
            s = action - A.MEAD_REPLACE
            self.discard.append(self.slots[s])
            self.log(f"player {p} uses the Mead Cup on slot {s + 1}")
            self.slots[s] = -1
            jobs.append(J_DRAW_SLOT * 8 + s)
        elif action == A.MEAD_KEEP:
            pass
        elif action < A.HELMET_DECLINE:
            self._reserve(p, action - A.RESERVE)
        # the two declines need nothing: the jobs below carry on
        self._run()

    def _gain(self, p: int, vp: int, br: int, rc: int, rep: int) -> None:
        self.vp[p] += vp
        self.br[p] = min(MAX_BR, self.br[p] + br)
        self.rc[p] = min(MAX_RC, self.rc[p] + rc)
        self.rep[p] = min(MAX_REPUTATION, self.rep[p] + rep)

    def _recruit(self, p: int, kind: int, slot: int) -> None:
        hand = self.hands[p]
        known = self.known[p]
        card = next((v for v in known if V_KIND[v] == kind), -1)
        if card >= 0:
            known.remove(card)
        else:
            card = next(v for v in hand if V_KIND[v] == kind and v not in known)
        hand.remove(card)
        pays = self._recruit_pays(p, kind, slot)  # (judged on the column before the play)
        c = kind >> 2
        column = self.crew[p][c]
        column.append(card)
        k = self.kinds[p]
        k[kind] += 1
        base = c * 4
        self._gain(p, k[base], k[base + 1], k[base + 2], k[base + 3])
        paid = ""
        if pays:
            self.rc[p] -= 1
            paid = " with a recruit token"
        taken = self.slots[slot]
        self.slots[slot] = -1
        hand.append(taken)
        known.append(taken)
        self.log(
            f"player {p} recruits a {kind_name(kind)} Viking and takes the "
            f"{kind_name(V_KIND[taken])} from slot {slot + 1}{paid}"
        )
        # The column is judged as the Viking is played (rulings: "the column count after the
        # play"): the slot's refill may make this player discard from it for an empty deck.
        if SILVER_COIN in self.artifacts and len(column) > 3:
            self.vp[p] += 1
        if GOLDEN_BRACELET in self.artifacts and len(column) == 3:
            self.jobs.append(J_RESERVE * 8)  # offered once the slot is refilled
        self.jobs.append(J_DRAW_SLOT * 8 + slot)

    def _choose_destination(self, p: int, d: int) -> None:
        dest = DESTINATIONS[d]
        self.pay_dest = d
        self.pay_left = dest.size
        self.pay_colour = -1
        self.pay_need = list(dest.need) if dest.cost_kind == COLOURED else [0] * 5
        self.phase = PAY

    def _pay(self, p: int, action: int) -> bool:
        """One payment; True when the Destination is paid for and placed."""
        dest = DESTINATIONS[self.pay_dest]
        if action == A.PAY_RECRUIT:
            self.rc[p] -= 1
            self.log(f"player {p} pays a recruit token towards {dest.id}")
        else:
            kind = action - A.PAY
            self.log(f"player {p} pays a {kind_name(kind)} Viking towards {dest.id}")
            c = kind >> 2
            self.discard.append(self._remove_from_crew(p, kind))
            if dest.cost_kind == COLOURED:
                self.pay_need[c] -= 1
            elif dest.cost_kind == DIFFERENT:
                self.pay_need[c] = 1
            else:
                self.pay_colour = c
        self.pay_left -= 1
        if self.pay_left:
            return False
        self._place(p, self.pay_dest)
        return True

    def _place(self, p: int, d: int) -> None:
        dest = DESTINATIONS[d]
        self.pay_dest = -1
        if d in self.reserved[p]:
            self.reserved[p].remove(d)
        else:
            self._take_face_up(d)
        ship = self.ships[p]
        onto_a = bool(ship) and DESTINATIONS[ship[-1]].deck == 0
        ship.append(d)
        g = dest.immediate
        self._gain(p, g[0], g[1], g[2], g[3])
        self.log(f"player {p} explores {dest.id}")
        # pushed in reverse: draws first, then the Mead Cup, then the Helmet
        if HELMET in self.artifacts and dest.deck == 1 and onto_a:
            self.jobs.append(J_HELMET * 8)
        if MEAD_CUP in self.artifacts:
            self.jobs.append(J_MEAD * 8)
        self.jobs += [J_DRAW_CREW * 8 + p] * g[4]

    def _take_face_up(self, d: int) -> None:
        i = self.dslots.index(d)
        deck = self.ddecks[i // 3]
        self.dslots[i] = deck.pop() if deck else -1  # never reshuffled: the slot stays empty

    def _reserve(self, p: int, d: int) -> None:
        self._take_face_up(d)
        self.reserved[p].append(d)
        self.log(f"player {p} reserves {DESTINATIONS[d].id} with the Golden Bracelet")

    def _trade(self, p: int, n: int) -> None:
        self.br[p] -= n
        self.traded = True
        g = list(self.ship_trade[n - 1])
        for d in self.ships[p]:
            t = DESTINATIONS[d].trade[n - 1]
            for i in range(5):
                g[i] += t[i]
        self._gain(p, g[0], g[1], g[2], g[3])
        self.log(f"player {p} trades {n} bracelet{'s' if n > 1 else ''}")
        if self.phase == MAIN:
            self.jobs.append(J_MAIN * 8)
        else:
            self.jobs += (J_END_TURN * 8, J_LINES * 8)
        self.jobs += [J_DRAW_CREW * 8 + p] * g[4]

    def _remove_from_crew(self, p: int, kind: int) -> int:
        column = self.crew[p][kind >> 2]
        for i in range(len(column) - 1, -1, -1):
            if V_KIND[column[i]] == kind:
                self.kinds[p][kind] -= 1
                return column.pop(i)
        raise AssertionError(f"player {p} has no {kind_name(kind)} Viking")

    def lines(self, p: int) -> int:
        """Complete lines: rows holding a Viking of every colour."""
        return min(map(len, self.crew[p]))

    # -- the job runner --------------------------------------------------------------------

    def _run(self) -> None:
        jobs = self.jobs
        p = self.turn
        while jobs:
            job = jobs.pop()
            code, arg = job >> 3, job & 7
            if code <= J_DRAW_CREW:  # J_DRAW_SLOT or J_DRAW_CREW
                card = self._draw()
                if card < 0:
                    jobs.append(job)
                    return
                if code == J_DRAW_SLOT:
                    self.slots[arg] = card
                else:
                    self.crew[arg][V_COLOUR[card]].append(card)
                    self.kinds[arg][V_KIND[card]] += 1
                    self.log(f"player {arg} draws a blind {kind_name(V_KIND[card])} Viking")
            elif code == J_LINES:
                self._check_lines(p)
            elif code == J_AFTER:
                jobs += (J_TRADE_OR_END * 8, J_LINES * 8)
            elif code == J_TRADE_OR_END:
                if not self.traded and self.br[p]:
                    self.phase = AFTER
                    return
                jobs.append(J_END_TURN * 8)
            elif code == J_MAIN:
                self.phase = MAIN
                return
            elif code == J_END_TURN:
                self._end_turn()
                if self.phase == OVER:
                    return
            elif code == J_MEAD:
                self.phase = MEAD
                return
            elif code == J_RESERVE:
                if len(self.reserved[p]) < MAX_RESERVED and max(self.dslots) >= 0:
                    self.phase = RESERVE
                    return
            elif code == J_HELMET:
                self.phase = HELMET_PHASE
                return
            elif code == J_WEATHERVANE and self._explores(p):
                self.phase = WEATHERVANE_PHASE
                return

    def _draw(self) -> int:
        """The top Viking; -1 when the empty-deck discards must be made first."""
        if not self.deck:
            if not self.discard:
                sizes = [sum(len(c) for c in crew) for crew in self.crew]
                most = max(sizes)
                assert most > 0, "no Viking left anywhere to draw"
                n = self.num_players
                order = [(self.turn + i) % n for i in range(n)]
                self.discarders = [q for q in order if sizes[q] == most]
                self.phase = DISCARD
                return -1
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self.deck_public = True
            self.log("the discard pile is shuffled into a new Viking deck")
        return self.deck.pop()

    def _check_lines(self, p: int) -> None:
        """Amulet and Weathervane: once a check, when the lines rose above the most this turn
        has had (rulings: "triggers if it rises during the turn"; as on BGA, a line lost to a
        payment and made again pays nothing, and two lines made at once pay once)."""
        now = self.lines(p)
        if now <= self.mark:
            return
        self.mark = now
        if AMULET in self.artifacts:
            self._gain(p, 0, 1, 1, 1)
            self.log(
                f"player {p} completes a line: the Amulet gives a bracelet, recruit, reputation"
            )
        if WEATHERVANE in self.artifacts:
            self.jobs += (J_LINES * 8, J_WEATHERVANE * 8)

    def _end_turn(self) -> None:
        n = self.num_players
        nxt = (self.turn + 1) % n
        if nxt == self.start:
            if max(self.vp) >= END_SCORE or self.round >= MAX_ROUNDS:
                self.phase = OVER
                scores = ", ".join(f"player {p} {vp} VP" for p, vp in enumerate(self.vp))
                self.log(f"the game ends: {scores}")
                self.log(self._verdict())
                return
            self.round += 1
        self.turn = nxt
        self._begin_turn()

    def _begin_turn(self) -> None:
        p = self.turn
        self.vp[p] += REPUTATION_VP[self.rep[p]]  # the Reputation step
        self.traded = False
        self.mark = self.lines(p)
        self.phase = MAIN

    # -- the rest of the protocol lives in view.py --------------------------------------------

    clone = view_module.copy_of  # written beside full_state; a hot path, so no wrapper call

    def view(self, player: int | None) -> dict[str, Any]:
        from drakkar.games.knarr.view import make_view

        return make_view(self, player)

    def redeterminize(self, player: int, rng: random.Random) -> None:
        from drakkar.games.knarr.view import redeterminize

        redeterminize(self, player, rng)

    def full_state(self) -> Any:
        from drakkar.games.knarr.view import full_state

        return full_state(self)

    def check_invariants(self) -> None:
        from drakkar.games.knarr.view import check_invariants

        check_invariants(self)
