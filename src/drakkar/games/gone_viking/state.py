"""The rules of Gone Viking!: GoneVikingState, one game in progress (GoneVikingGame: `__init__`).

Clockwise is increasing seat number. A game is a run of raids; each raid is: deal, swaps
(from the second raid the Jarl's target first swaps up to four cards free and names trump),
tricks until every hand is empty, then the return home (the last God's Home Power, ship
building, the Jarl) and the winner check. The views, `redeterminize` and `full_state` live in
`hidden.py`; this module holds the rules.
"""

from __future__ import annotations

import math
import random
from bisect import insort
from typing import Any

from drakkar.engine.game import Game
from drakkar.engine.options import GameOptions
from drakkar.games.gone_viking import actions as A
from drakkar.games.gone_viking import hidden
from drakkar.games.gone_viking.cards import (
    BOOKS,
    COINS,
    DECK_COUNTS,
    DECKS,
    FISTS,
    FREYA,
    HAND_SIZE,
    IS_GOD,
    KIND_NAMES,
    KIND_TYPE,
    KIND_VALUE,
    LOKI,
    NO_TRUMP,
    NUM_KINDS,
    ODIN,
    SHIPS,
    SPENDABLE,
    START_TREES,
    SUPPLY,
    THOR,
    TOKEN_NAMES,
    TYPE_NAMES,
)
from drakkar.games.gone_viking.home import (
    FREE_SWAP,
    GOD_TRUMP,
    LEADER_TRUMP,
    OVER,
    PAY_SWAP,
    PICK_SWAP,
    PLAY,
    ReturnHome,
)
from drakkar.games.gone_viking.options import (
    GoneVikingOptions,
)

FREE_SWAP_LIMIT = 4
#: ROTATIONS[n][first]: the seats clockwise from `first`
ROTATIONS = {n: tuple(tuple((f + i) % n for i in range(n)) for f in range(n)) for n in (3, 4, 5)}
#: `estimate()`'s weights: a point of wealth, a Ship beyond its 4 wealth, leading the raid
ESTIMATE_WEALTH, ESTIMATE_SHIP, ESTIMATE_LEADER = 0.45, 0.27, 0.79


class GoneVikingState(ReturnHome):
    __slots__ = (
        "hands", "pile", "pile_known", "known", "pending", "trump", "trick_leader", "led",
        "trick", "trick_god", "trick_god_seat", "order", "must", "building", "won", "discard",
        "voids", "next_leader",
    )  # fmt: skip

    def __init__(self, game: Game, num_players: int, options: GameOptions, seed: int) -> None:
        super().__init__(game, num_players, options, seed)
        assert isinstance(options, GoneVikingOptions)
        n = num_players
        self.tokens = [[0, 0, 0, 0, START_TREES, 0] for _ in range(n)]
        self.supply = [0 if s is None else s for s in SUPPLY]  # Trees: unlimited, not counted
        self.trump = BOOKS
        self.raid = 0
        self.leader = 0
        self.winners: tuple[int, ...] = ()
        self.jarl_target = -1
        self.log(f"{n} players; seat 0 leads the first raid; trump is Books")
        stack = options.stacked_kinds()
        self._new_raid(stack)
        # The first raid: everyone, the leader first, may pay to swap.
        self.queue = [(self.leader + i) % n for i in range(1, n)]
        self._start_paid_swaps(self.leader)

    # -- dealing and swapping ------------------------------------------------------------------

    def _new_raid(self, stack: list[int] | None = None) -> None:
        """Gather every card, shuffle (stacked cards on top), deal, reset the raid's state."""
        n = self.num_players
        rest = list(DECKS[n])
        for k in stack or ():
            rest.remove(k)
        self.rng.shuffle(rest)
        cards = list(stack or ()) + rest
        h = HAND_SIZE[n]
        self.hands = [sorted(cards[i * h : (i + 1) * h]) for i in range(n)]
        self.pile = cards[n * h :]
        self.pile_known = [0] * len(self.pile)
        self.known: list[tuple[int, int, int]] = []  # (holder, kind, mask of seats who know it)
        self.pending: list[int] = []
        self.count = 0
        self.god = -1
        self.god_owner = -1
        self.trick: list[tuple[int, tuple[int, ...]]] = []
        self.trick_god = -1
        self.trick_god_seat = -1
        self.trick_leader = -1
        self.led = -1
        self.order: list[int] = []
        self.must = -1
        self.building: list[int] = []
        self.won: list[list[int]] = [[] for _ in range(n)]
        self.fists_won = [0] * n
        self.discard: list[int] = []
        self.voids = [0] * n
        self.thor_builder = -1
        self.next_leader = -1
        self.raid += 1
        self.log(f"raid {self.raid}: player {self.leader} leads and deals {h} cards each")
        for p in range(n):
            self.log("your hand: " + _names(self.hands[p]), (p,))

    def _start_paid_swaps(self, first: int) -> None:
        self.phase = PAY_SWAP
        self.to_move = first

    def _next_swapper(self) -> None:
        if self.queue:
            self._start_paid_swaps(self.queue.pop(0))
        else:
            self._start_trick(self.leader)

    def _swap_out(self, p: int) -> None:
        """The picked cards go to the bottom of the pile, then as many are drawn from the top."""
        m = len(self.pending)
        mask = 1 << p
        if self.known:  # nobody saw which cards went under: forget what was known in the hand
            self.known = [e for e in self.known if e[0] != p]
        self.pile.extend(self.pending)
        self.pile_known.extend([mask] * m)
        drawn = self.pile[:m]
        masks = self.pile_known[:m]
        del self.pile[:m]
        del self.pile_known[:m]
        hand = self.hands[p]
        for k, known_by in zip(drawn, masks, strict=True):
            insort(hand, k)
            if known_by & ~mask:
                self.known.append((p, k, known_by & ~mask))
        if m:
            self.log(
                f"you put {_names(self.pending)} under the pile and draw {_names(drawn)}", (p,)
            )
        self.log(f"player {p} swaps {m} card{'s' if m != 1 else ''}")
        self.pending = []

    # -- tricks --------------------------------------------------------------------------------

    def _start_trick(self, first: int) -> None:
        hands = self.hands
        self.order = [s for s in ROTATIONS[self.num_players][first] if hands[s]]
        if not self.order:
            self._return_home()
            return
        self.trick = []
        self.trick_god = -1
        self.trick_god_seat = -1
        self.trick_leader = self.order[0]
        self.led = -1
        self.phase = PLAY
        self._begin_turn(self.order.pop(0))

    def _begin_turn(self, p: int) -> None:
        self.to_move = p
        self.building = []
        led = self.led
        must = -1
        if led >= 0 and self.god != THOR:
            for k in self.hands[p]:
                if KIND_TYPE[k] == led:
                    must = led
                    break
        self.must = must

    def _play_legal(self) -> list[int]:
        p = self.to_move
        hand = self.hands[p]
        building = self.building
        out: list[int] = []
        last = -1
        if not building:
            must = self.must
            for k in hand:
                if k != last and (must < 0 or KIND_TYPE[k] == must):
                    out.append(k)
                    last = k
        elif self.god != ODIN:
            t = KIND_TYPE[building[0]]
            for k in hand:
                if k != last and KIND_TYPE[k] == t:
                    out.append(k)
                    last = k
        if self.trick_god < 0 and hand and hand[-1] >= ODIN:
            firsts = out[:]  # a God laid face down must leave a card to play
            for g in hand:
                if IS_GOD[g] and (building or len(firsts) > 1 or (firsts and firsts[0] != g)):
                    out.append(A.LAY_GOD + g - ODIN)
        if building:
            out.append(A.DONE)
        return out

    def _play(self, action: int) -> None:
        p = self.to_move
        if action < A.LAY_GOD:
            self.hands[p].remove(action)
            self.building.append(action)
            if self.known:
                self._forget(p, action)
            if p == self.trick_leader and len(self.building) == 1:
                self.led = KIND_TYPE[action]
        elif action < A.DONE:
            g = ODIN + action - A.LAY_GOD
            self.hands[p].remove(g)
            if self.known:  # which God went is secret: forget every God known in that hand
                self.known = [e for e in self.known if e[0] != p or not IS_GOD[e[1]]]
            self.trick_god = g
            self.trick_god_seat = p
            self.log(f"you lay {KIND_NAMES[g]} face down", (p,))
        else:
            self._close_play(p)

    def _close_play(self, p: int) -> None:
        play = tuple(self.building)
        self.building = []
        t = KIND_TYPE[play[0]]
        if p != self.trick_leader and self.god != THOR and t != self.led:
            self.voids[p] |= 1 << self.led
        self.trick.append((p, play))
        god = " and lays a God face down" if self.trick_god_seat == p else ""
        self.log(f"player {p} plays {_play_facts(play)[1]}{god}")
        if self.order:
            self._begin_turn(self.order.pop(0))
        else:
            self._resolve_trick()

    def _forget(self, p: int, k: int) -> None:
        """A card played face up from `p`'s hand is no secret anyone knows there any more."""
        for i, (holder, kind, _) in enumerate(self.known):
            if holder == p and kind == k:
                del self.known[i]
                break

    def trick_winner(self) -> int:
        """The seat whose play wins the finished trick, or -1 for a tie."""
        trick, god = self.trick, self.god
        if god == THOR:
            cands = trick  # no trump, no following: the highest total of any type
        else:
            trump = self.trump
            cands = [] if trump == NO_TRUMP else [x for x in trick if KIND_TYPE[x[1][0]] == trump]
            if not cands:
                cands = [x for x in trick if KIND_TYPE[x[1][0]] == self.led]
        sign = -1 if god == LOKI else 1
        best = None
        seat = -1
        for s, play in cands:
            v = sign * _play_facts(play)[0]
            if best is None or v > best:
                best, seat = v, s
            elif v == best:
                seat = -1
        return seat

    def _resolve_trick(self) -> None:
        w = self.trick_winner()
        cards = [k for _, play in self.trick for k in play]
        if w < 0:
            self.discard.extend(cards)
            self.log("a tie: nobody wins the trick and its cards are discarded")
        else:
            self.won[w].extend(cards)
            self.fists_won[w] += sum(KIND_VALUE[k] for k in cards if KIND_TYPE[k] == FISTS)
            play = next(play for s, play in self.trick if s == w)
            got = self._gain(w, KIND_TYPE[play[0]])
            if self.god == FREYA:
                got += " and " + self._gain(w, COINS)
            self.log(f"player {w} wins the trick and takes {got}")
        self.trick = []
        nxt = w if w >= 0 else self.trick_leader
        raid_on = any(self.hands)
        if self.trick_god >= 0:
            g, owner = self.trick_god, self.trick_god_seat
            if self.god >= 0:
                self.discard.append(self.god)
            self.god, self.god_owner = g, owner
            self.trick_god = self.trick_god_seat = -1
            self.log(f"player {owner}'s {KIND_NAMES[g]} is revealed and comes into play")
            if g == THOR:
                self.trump = NO_TRUMP
                self.log("Thor removes trump")
            elif raid_on and (g == ODIN or (g == FREYA and self.trump == NO_TRUMP)):
                self.phase = GOD_TRUMP
                self.to_move = owner
                self.next_leader = nxt
                return
        self._start_trick(nxt)

    # -- the protocol --------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.to_move

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def _legal_actions(self) -> list[int]:
        ph = self.phase
        if ph == PLAY:
            return self._play_legal()
        p = self.to_move
        tok = self.tokens[p]
        if ph in (FREE_SWAP, PICK_SWAP):
            out = sorted({A.SWAP + k for k in self.hands[p]})
            return out + [A.STOP_SWAP] if ph == FREE_SWAP else out
        if ph == PAY_SWAP:
            out = []
            if len(self.pile) >= 2 and len(self.hands[p]) >= 2:
                out = [A.PAY_SWAP + t for t in SPENDABLE if tok[t]]
            return [A.STOP_SWAP, *out]
        if ph in (LEADER_TRUMP, GOD_TRUMP):
            return [A.TRUMP + t for t in range(4)]
        return self._home_legal(ph, p)

    def _apply(self, action: int) -> None:
        ph = self.phase
        p = self.to_move
        if ph == PLAY:
            self._play(action)
        elif ph == FREE_SWAP:
            if action == A.STOP_SWAP:
                self._swap_out(p)
                self.phase = LEADER_TRUMP
            else:
                self.hands[p].remove(action - A.SWAP)
                self.pending.append(action - A.SWAP)
                if len(self.pending) == FREE_SWAP_LIMIT:
                    self._swap_out(p)
                    self.phase = LEADER_TRUMP
        elif ph == LEADER_TRUMP:
            self._name_trump(p, action - A.TRUMP)
            n = self.num_players
            self.queue = [(p + i) % n for i in range(1, n)]
            self._next_swapper()
        elif ph == PAY_SWAP:
            if action == A.STOP_SWAP:
                self.log(f"player {p} stops swapping")
                self._next_swapper()
            else:
                self._lose(p, action - A.PAY_SWAP)
                self.log(f"player {p} pays {_a(action - A.PAY_SWAP)} to swap two cards")
                self.phase = PICK_SWAP
        elif ph == PICK_SWAP:
            self.hands[p].remove(action - A.SWAP)
            self.pending.append(action - A.SWAP)
            if len(self.pending) == 2:
                self._swap_out(p)
                self.phase = PAY_SWAP
        elif ph == GOD_TRUMP:
            self._name_trump(p, action - A.TRUMP)
            self._start_trick(self.next_leader)
        else:
            self._apply_home(ph, p, action)

    def _name_trump(self, p: int, t: int) -> None:
        self.trump = t
        self.log(f"player {p} names {TYPE_NAMES[t]} as trump")

    def clone(self) -> GoneVikingState:
        new = GoneVikingState.__new__(GoneVikingState)
        self._clone_base(new)
        new.phase, new.to_move, new.count = self.phase, self.to_move, self.count
        new.hands = [h.copy() for h in self.hands]
        new.pile = self.pile.copy()
        new.pile_known = self.pile_known.copy()
        new.known = self.known.copy()
        new.pending = self.pending.copy()
        new.queue = self.queue.copy()
        new.tokens = [t.copy() for t in self.tokens]
        new.supply = self.supply.copy()
        new.trump, new.god, new.god_owner = self.trump, self.god, self.god_owner
        new.leader, new.raid, new.trick_leader = self.leader, self.raid, self.trick_leader
        new.led, new.trick_god, new.trick_god_seat = self.led, self.trick_god, self.trick_god_seat
        new.trick = self.trick.copy()  # of tuples
        new.order = self.order.copy()
        new.must = self.must
        new.building = self.building.copy()
        new.won = [w.copy() for w in self.won]
        new.fists_won = self.fists_won.copy()
        new.discard = self.discard.copy()
        new.voids = self.voids.copy()
        new.thor_builder, new.jarl_target = self.thor_builder, self.jarl_target
        new.winners, new.next_leader = self.winners, self.next_leader
        return new

    def returns(self) -> list[float]:
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return [share if p in self.winners else 0.0 for p in range(self.num_players)]

    def scores(self) -> list[float]:
        """Each player's wealth (a Ship counts 4)."""
        return [float(self.wealth(p)) for p in range(self.num_players)]

    def settled(self) -> bool:
        """Between raids (the Jarl has been, no card is played yet) or over. Mid-raid wealth
        misleads: the Jarl is about to halve the leader's tokens (ISMCTS's `settle`)."""
        return self.phase <= PICK_SWAP or self.phase == OVER

    def estimate(self) -> list[float]:
        """Each player's chance to win from here, for a search cut short (ISMCTS's `estimate`):
        the returns once over, else a softmax of wealth, Ships and leading the raid, fitted
        (a conditional logit, benchmarks/gone_viking_estimate.py) on the raids' starts in 1,500
        games of four heuristic bots; on held-out raids its favourite won 48% of the time, the
        wealthiest alone 42%."""
        if self.phase == OVER:
            return self.returns()
        n = self.num_players
        z = [
            ESTIMATE_WEALTH * self.wealth(p)
            + ESTIMATE_SHIP * self.tokens[p][SHIPS]
            + (ESTIMATE_LEADER if p == self.leader else 0.0)
            for p in range(n)
        ]
        top = max(z)
        e = [math.exp(x - top) for x in z]
        total = sum(e)
        return [x / total for x in e]

    def action_label(self, action: int) -> str:
        return A.LABELS[action]

    def view(self, player: int | None) -> dict[str, Any]:
        return hidden.view(self, player)

    def redeterminize(self, player: int, rng: random.Random) -> None:
        hidden.redeterminize(self, player, rng)
        self._legal = None

    def full_state(self) -> Any:
        return hidden.full_state(self)

    def check_invariants(self) -> None:
        n = self.num_players
        counts = [0] * NUM_KINDS
        for group in (*self.hands, self.pile, self.pending, self.building, *self.won, self.discard):
            for k in group:
                counts[k] += 1
        for _, play in self.trick:
            for k in play:
                counts[k] += 1
        for k in (self.god, self.trick_god):
            if k >= 0:
                counts[k] += 1
        assert tuple(counts) == DECK_COUNTS[n], f"cards made or lost: {counts}"
        assert len(self.pile_known) == len(self.pile), "pile knowledge out of step"
        for t in (0, 1, 2, 3, SHIPS):
            held = sum(tok[t] for tok in self.tokens)
            assert held + self.supply[t] == SUPPLY[t], f"{TOKEN_NAMES[t]} tokens made or lost"
        assert all(c >= 0 for tok in self.tokens for c in tok), "a negative token count"


def _names(kinds: Any) -> str:
    return ", ".join(KIND_NAMES[k] for k in kinds) or "nothing"


def _strength(play: tuple[int, ...] | list[int]) -> int:
    return sum(KIND_VALUE[k] for k in play)


#: each play's strength and its text in the log, worked out once (plays recur in searches)
_PLAYS: dict[tuple[int, ...], tuple[int, str]] = {}


def _play_facts(play: tuple[int, ...]) -> tuple[int, str]:
    facts = _PLAYS.get(play)
    if facts is None:
        strength = _strength(play)
        t = KIND_TYPE[play[0]]
        total = f" ({TYPE_NAMES[t]} {strength})" if len(play) > 1 or IS_GOD[play[0]] else ""
        facts = _PLAYS[play] = (strength, _names(play) + total)
    return facts


def _spendable(tok: list[int]) -> int:
    return tok[0] + tok[1] + tok[2] + tok[3] + tok[4]


def _a(t: int) -> str:
    return f"a {TOKEN_NAMES[t]}"


def max_game_length(n: int, raids: int) -> int:
    """Sum over raids of the most actions a raid can take.

    A raid deals C cards; each trick takes at least one card, so there are at most C tricks,
    C card steps, C "done" steps, C God steps and C trump namings. Tokens held at raid r are
    at most the 26 limited ones plus the Trees: 2 per player at the start and at most
    2C + 3 gained per raid (two per trick with Freya, Odin's two, Loki's one). Each paid swap
    (3 steps) spends one; the Jarl's tribute (one step per token) is at most all of them.
    """
    c = HAND_SIZE[n] * n
    total = 0
    for r in range(1, raids + 1):
        tokens = 26 + START_TREES * n + (r - 1) * (2 * c + 3)
        swaps = (FREE_SWAP_LIMIT + 2) + 3 * tokens + n
        tricks = 5 * c
        home = max(2, n - 1) + 5 * n + tokens
        total += swaps + tricks + home
    return total
