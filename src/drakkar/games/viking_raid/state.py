"""The rules of Viking Raid: `VikingRaidState` (its `VikingRaidGame` is in `__init__.py`).

A turn runs the rulebook's nine phases. Only choices are decisions (discard, declare, build,
hire, destination, tactics); drawing and resolving Encounter cards happens inside `apply`, and
a turn with nothing to decide (a Far voyage, a Lost replay) is played through at once. Per
player, `resume` holds the phase a raid carries on at next turn (Dragon Ship, Far, surprise,
Lost); such a turn skips Planning and Declaration.
"""

from __future__ import annotations

import random
from typing import Any

from drakkar.engine.events import Event, verdict
from drakkar.engine.game import Game
from drakkar.engine.state import State
from drakkar.games.viking_raid import actions as A
from drakkar.games.viking_raid import estimate
from drakkar.games.viking_raid.cards import (
    BERSERKERS,
    CARPENTER,
    CREW_BIT,
    CREWS,
    DEFENDERS,
    DESTINATION,
    DRAGON_SHIP,
    E_GOLD,
    E_KILLS,
    E_TYPE,
    ENCOUNTER_DECK,
    ENCOUNTER_INDEX,
    ENCOUNTER_NAMES,
    LOST,
    NAVIGATOR,
    ROCKS,
    SAIL_MAKER,
    SEA,
    SHIPS,
    STORM,
    TREASURE,
    V_COST,
    V_CREW,
    V_FAR,
    V_SAILING,
    V_SIZE,
    V_TYPE,
    VIKING_DECK,
    VIKING_INDEX,
    VIKING_NAMES,
    distance,
)
from drakkar.games.viking_raid.options import HAND_SIZE, VikingRaidOptions

# The rulebook's phases (its numbering); a raid may resume at VOYAGE..HOME.
PLANNING, DECLARATION, PREPARATIONS, VOYAGE, TACTICS, PILLAGE, PLUNDER, RETURN, HOME = range(1, 10)
PHASE_NAMES = ("", "Planning", "Declaration", "Preparations", "Voyage", "Tactics", "Pillage",
               "Plunder", "Return", "Home")  # fmt: skip

# Decision steps: what the player to move is asked. NONE: nobody (between turns, or over).
NONE, DISCARD, DECLARE, BUILD, HIRE, CHOOSE_DESTINATION, CHOOSE_TACTICS = range(7)
STEP_NAMES = ("none", "discard", "declare", "build", "hire", "destination", "tactics")

NO_ATTACK, DIRECT, SURPRISE = 0, 1, 2
ATTACK_NAMES = (None, "directly", "by surprise")
SURPRISE_SHIELD = 5  # kills a surprise attack cancels over the Pillage phase
BERSERKER_SHIELD = 5
RAIDS_TO_WIN = 3
SINKING_DAMAGE = 2
_new_event = tuple.__new__
LOG_LINES = 6  # log lines a view carries (the terminal shows the lines before above them)


class VikingRaidState(State):
    __slots__ = (
        "vdeck", "vdiscard", "edeck", "ediscard", "hands", "gold", "raids", "out",
        "ship", "crew", "hired", "used", "dest", "hull", "sail", "attack", "resume",
        "turn", "round_no", "step", "after_discard", "ending", "over", "drawn", "drawn_stale",
    )  # fmt: skip

    def __init__(self, game: Game, num_players: int, options: Any, seed: int) -> None:
        super().__init__(game, num_players, options, seed)
        assert isinstance(options, VikingRaidOptions)
        n = num_players
        self.vdeck = _stacked(list(VIKING_DECK), options.stack_viking, VIKING_INDEX, self.rng)
        self.edeck = _stacked(
            list(ENCOUNTER_DECK), options.stack_encounter, ENCOUNTER_INDEX, self.rng
        )
        self.vdiscard: list[int] = []
        self.ediscard: list[int] = []
        self.hands: list[tuple[int, ...]] = []
        for _ in range(n):  # seat 0 is dealt the top 7 cards, seat 1 the next 7, ...
            self.hands.append(tuple(sorted(self.vdeck.pop() for _ in range(HAND_SIZE))))
        self.gold = [10] * n
        self.raids = [0] * n
        self.out = [False] * n
        self.ship = [-1] * n
        self.crew = [0] * n
        self.hired = [0] * n  # bit mask of Crew cards hired for the raid (CREW_BIT)
        self.used = [0] * n  # bit mask of those that have acted this raid
        self.dest = [-1] * n
        self.hull = [0] * n
        self.sail = [0] * n
        self.attack = [NO_ATTACK] * n
        self.resume = [0] * n  # phase the raid carries on at next turn, 0: a fresh turn
        self.turn = 0
        self.round_no = 1
        self.step = NONE
        self.after_discard = NONE
        self.ending = False  # a third raid completed, or one player left in: this round is the last
        self.over = False
        # The Encounter cards of the latest turn that drew any: (player, phase, card, result)
        self.drawn: list[tuple[int, int, int, str]] = []
        self.drawn_stale = False  # a new turn began: the next draw starts a new list
        self.log(f"{n} players, 10 Gold and 7 cards each; player 0 goes first")
        self._begin_turn()
        if self.step == NONE:
            self._next_turn()

    # -- the protocol --------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.over else self.turn

    def is_terminal(self) -> bool:
        return self.over

    def _legal_actions(self) -> list[int]:
        p, step, hand = self.turn, self.step, self.hands[self.turn]
        if step == DISCARD:
            return [A.DISCARD[c] for c in dict.fromkeys(hand)]
        if step == DECLARE:
            return [A.GO_RAIDING, A.STAY_HOME] if self.can_raid(p) else [A.STAY_HOME]
        if step == BUILD:
            gold = self.gold[p]
            return [A.BUILD[s] for s in SHIPS if s in hand and V_COST[s] <= gold]
        if step == HIRE:
            return [A.DONE_HIRING] + [A.HIRE[c] for c in self._hireable(p)]
        if step == CHOOSE_DESTINATION:
            return [A.SAIL[c] for c in dict.fromkeys(hand) if V_TYPE[c] == DESTINATION]
        if step == CHOOSE_TACTICS:
            return [A.ATTACK_DIRECTLY, A.ATTACK_BY_SURPRISE]
        raise AssertionError(f"no decision at step {step}")

    def can_raid(self, p: int) -> bool:
        """Ruling: a raid may be declared only with an affordable Ship and a Destination."""
        # A hand is sorted and the card table lists Ships first, cheapest first, and
        # Destinations last: the cheapest Ship is hand[0] and a Destination is at hand[-1].
        hand = self.hands[p]
        return (
            bool(hand)
            and hand[0] in SHIPS
            and V_COST[hand[0]] <= self.gold[p]
            and (V_TYPE[hand[-1]] == DESTINATION)
        )

    def _hireable(self, p: int) -> list[int]:
        if self.gold[p] < 1:
            return []
        hand, hired = self.hands[p], self.hired[p]
        return [c for c in CREWS if c in hand and not hired & CREW_BIT[c]]

    def _apply(self, action: int) -> None:
        p, step = self.turn, self.step
        card = A.CARD_OF[action]
        self.step = NONE
        if step == DISCARD:
            self._take_from_hand(p, card)
            self.vdiscard.append(card)
            self.log(f"player {p} discards {VIKING_NAMES[card]} (hand limit)")
            self.step = self.after_discard
        elif action == A.GO_RAIDING:
            self.log(f"player {p} goes raiding")
            self.step = BUILD
        elif action == A.STAY_HOME:
            self.log(f"player {p} stays home and draws an extra card")
            self._draw_viking(p, then=NONE)
        elif step == BUILD:
            self._take_from_hand(p, card)
            self.gold[p] -= V_COST[card]
            self.ship[p], self.crew[p] = card, V_CREW[card]
            self.log(
                f"player {p} builds a {VIKING_NAMES[card]} for {V_COST[card]} Gold "
                f"({V_CREW[card]} crew)"
            )
            self.step = HIRE if self._hireable(p) else CHOOSE_DESTINATION
        elif action == A.DONE_HIRING:
            self.log(f"player {p} hires no more Crew")
            self.step = CHOOSE_DESTINATION
        elif step == HIRE:
            self._take_from_hand(p, card)
            self.gold[p] -= 1
            self.hired[p] |= CREW_BIT[card]
            self.log(f"player {p} hires the {VIKING_NAMES[card]} for 1 Gold")
            self.step = HIRE if self._hireable(p) else CHOOSE_DESTINATION
        elif step == CHOOSE_DESTINATION:
            self._take_from_hand(p, card)
            self.dest[p] = card
            self.log(
                f"player {p} sails for {VIKING_NAMES[card]} "
                f"({distance(VIKING_NAMES[card])}, size {V_SIZE[card]})"
            )
            if self.ship[p] == DRAGON_SHIP:
                self._pause(p, VOYAGE, "the Dragon Ship takes longer to build")
            else:
                self._voyage(p)
        elif action == A.ATTACK_DIRECTLY:
            self.attack[p] = DIRECT
            self.log(f"player {p} attacks directly")
            self._pillage(p)
        else:
            self.attack[p] = SURPRISE
            self.log(f"player {p} hides to attack by surprise")
            self._pause(p, PILLAGE, "a surprise attack takes time")
        if self.step == NONE and not self.over:
            self._next_turn()

    def log(self, text: str, audience: tuple[int, ...] | None = None) -> None:
        # as State.log, without the NamedTuple constructor's extra call (a hot path)
        self._log = (_new_event(Event, (audience, text)), self._log)

    # -- turns -----------------------------------------------------------------------------

    def _next_turn(self) -> None:
        """End the turn; play on through turns with nothing to decide, to the next decision."""
        n = self.num_players
        while not self.over:
            seat = self.turn
            while True:
                seat += 1
                if seat == n:
                    seat = 0
                    if self._round_ends():
                        return
                if not self.out[seat]:
                    break
            self.turn = seat
            self._begin_turn()
            if self.step != NONE:
                return

    def _round_ends(self) -> bool:
        """The end of a round: True when the game ends with it."""
        if self.ending:
            if max(self.raids) >= RAIDS_TO_WIN:
                self._finish("a player has completed 3 raids and the round is finished")
            else:
                last = self.out.index(False)
                self._finish(f"player {last} is the last one in and the round is finished")
        elif self.round_no >= self.options.max_rounds:  # type: ignore[attr-defined]
            self._finish(f"round {self.round_no} was the last (the max_rounds safety rule)")
        else:
            self.round_no += 1
        return self.over

    def _begin_turn(self) -> None:
        p = self.turn
        self.drawn_stale = True
        self.log(f"round {self.round_no}: player {p}'s turn")
        phase = self.resume[p]
        if not phase:  # Planning, then Declaration
            self._draw_viking(p, then=DECLARE)
            return
        self.resume[p] = 0
        self.log(f"player {p} carries on the raid at the {PHASE_NAMES[phase]} phase")
        if phase == VOYAGE:
            self._voyage(p)
        elif phase == TACTICS:
            self.step = CHOOSE_TACTICS
        elif phase == PILLAGE:
            self._pillage(p)
        elif phase == RETURN:
            self._return(p)
        else:
            self._home(p)

    def _pause(self, p: int, phase: int, why: str) -> None:
        """The turn ends now; the raid carries on at `phase` next turn."""
        self.resume[p] = phase
        self.step = NONE
        self.log(
            f"{why}: player {p}'s turn ends; next turn they carry on at the "
            f"{PHASE_NAMES[phase]} phase"
        )

    # -- the raid's phases -------------------------------------------------------------------

    def _voyage(self, p: int) -> None:
        if not self._sail(p, VOYAGE):
            return
        if V_FAR[self.dest[p]]:
            self._pause(p, TACTICS, "a Far voyage takes longer")
        else:
            self.step = CHOOSE_TACTICS

    def _sail(self, p: int, phase: int) -> bool:
        """Voyage or Return: draw and resolve Sea cards; False when the turn ended (Lost, sunk)."""
        for _ in range(V_SAILING[self.dest[p]]):
            e = self._draw_encounter(phase)
            if e < 0:
                break
            if E_TYPE[e] != SEA:
                self._met(p, e, "no effect", "no effect at sea")
            elif e == LOST:
                if self._negate(p, NAVIGATOR):
                    self._met(p, e, "the Navigator finds the way")
                    continue
                self._note("the turn ends")
                self._pause(p, phase, f"player {p} draws Lost")
                return False
            elif e == STORM:
                if self._negate(p, SAIL_MAKER):
                    self._met(p, e, "the Sail Maker mends the sail")
                    continue
                self.sail[p] += 1
                self._met(p, e, f"Sail damage {self.sail[p]}")
                if self.sail[p] >= SINKING_DAMAGE:
                    self._sink(p, "two Sail damage")
                    return False
            elif e == ROCKS:
                if self._negate(p, CARPENTER):
                    self._met(p, e, "the Carpenter patches the hull")
                    continue
                self.hull[p] += 1
                self._met(p, e, f"Hull damage {self.hull[p]}")
                if self.hull[p] >= SINKING_DAMAGE:
                    self._sink(p, "two Hull damage")
                    return False
        return True

    def _pillage(self, p: int) -> None:
        far_ignore = V_FAR[self.dest[p]]  # raiding Far, the first Defenders are ignored
        shield = SURPRISE_SHIELD if self.attack[p] == SURPRISE else 0
        for _ in range(V_SIZE[self.dest[p]]):
            e = self._draw_encounter(PILLAGE)
            if e < 0:
                break
            if E_TYPE[e] != DEFENDERS:
                self._met(p, e, "no effect", "no effect in the Pillage phase")
                continue
            if far_ignore:
                far_ignore = False
                self._met(
                    p, e, "ignored (Far)", "ignored (a Far Destination draws one Defender less)"
                )
                continue
            kills = E_KILLS[e]
            notes = []
            if kills >= BERSERKER_SHIELD and self._negate(p, BERSERKERS):
                kills -= BERSERKER_SHIELD
                notes.append("the Berserkers negate 5")
            if shield and kills:  # (nothing left to negate: the surprise keeps its 5)
                cut = min(shield, kills)
                shield -= cut
                kills -= cut
                notes.append(f"surprise negates {cut}")
            self.crew[p] = max(0, self.crew[p] - kills)
            killed = f"{kills} crew killed" + (f" ({', '.join(notes)})" if notes else "")
            self._met(p, e, killed, f"{killed}; {self.crew[p]} crew left")
            if self.crew[p] == 0:
                self._sink(p, "all the crew are killed")
                return
        self._plunder(p)

    def _plunder(self, p: int) -> None:
        draws = V_SIZE[self.dest[p]] - (1 if self.attack[p] == DIRECT else 0)
        for _ in range(draws):
            e = self._draw_encounter(PLUNDER)
            if e < 0:
                break
            if E_TYPE[e] == TREASURE:
                self.gold[p] += E_GOLD[e]
                self._met(p, e, f"+{E_GOLD[e]} Gold")
            else:
                self._met(p, e, "no treasure")
        self._return(p)

    def _return(self, p: int) -> None:
        if not self._sail(p, RETURN):
            return
        if V_FAR[self.dest[p]]:
            self._pause(p, HOME, "the way home from a Far Destination takes longer")
        else:
            self._home(p)

    def _home(self, p: int) -> None:
        self._clear_raid(p)
        self.raids[p] += 1
        self.log(f"player {p} is home: raid {self.raids[p]} completed")
        if self.raids[p] >= RAIDS_TO_WIN and not self.ending:
            self.ending = True
            self.log(
                f"player {p} has completed {RAIDS_TO_WIN} raids: the game ends after this round"
            )
        self.step = NONE

    def _sink(self, p: int, why: str) -> None:
        self.log(f"player {p}'s ship sinks ({why}); the raid is lost")
        self._clear_raid(p)
        self.step = NONE
        if self.options.sinking == "lose-raid":  # type: ignore[attr-defined]
            return
        self.out[p] = True
        self.vdiscard.extend(self.hands[p])
        self.hands[p] = ()
        self.log(f"player {p} is out of the game with {self.gold[p]} Gold; their hand is discarded")
        left = self.out.count(False)
        if left == 1 and not self.ending:  # the round is finished first, as after a third raid
            self.ending = True
            last = self.out.index(False)
            self.log(f"player {last} is the last one in: the game ends after this round")
        elif left == 0:  # the last one in sank in the round's rest: no turn is left to play
            self._finish("every player is out")

    def _clear_raid(self, p: int) -> None:
        """Ship, hired Crew and Destination go to the discard pile."""
        self.vdiscard.append(self.ship[p])
        self.vdiscard.extend(c for c in CREWS if self.hired[p] & CREW_BIT[c])
        self.vdiscard.append(self.dest[p])
        self.ship[p] = self.dest[p] = -1
        self.crew[p] = self.hired[p] = self.used[p] = 0
        self.hull[p] = self.sail[p] = 0
        self.attack[p] = NO_ATTACK
        self.resume[p] = 0

    def _negate(self, p: int, crew: int) -> bool:
        """Use `crew`'s once-per-raid negation if hired and not yet used."""
        bit = CREW_BIT[crew]
        if self.hired[p] & bit and not self.used[p] & bit:
            self.used[p] |= bit
            return True
        return False

    def _finish(self, why: str) -> None:
        self.over = True
        self.step = NONE
        win = self.winners()
        gold, raids = self.gold[win[0]], self.raids[win[0]]
        tied = [f"player {p}" for p, g in enumerate(self.gold) if g == gold and p not in win]
        line = verdict(  # "the most Gold": the winner may be out (sunk), not the last one in
            [f"player {w}" for w in win],
            f"the most Gold ({gold})",
            tied,
            f"by more raids completed ({raids})",
        )
        self.log(f"game over: {why}; {line}")

    def winners(self) -> list[int]:
        """Most Gold; tie: most raids completed; still tied: a shared win."""
        best = max(zip(self.gold, self.raids, strict=True))
        return [i for i in range(self.num_players) if (self.gold[i], self.raids[i]) == best]

    # -- cards -------------------------------------------------------------------------------

    def _take_from_hand(self, p: int, card: int) -> None:
        hand = list(self.hands[p])
        hand.remove(card)
        self.hands[p] = tuple(hand)

    def _draw_viking(self, p: int, then: int) -> None:
        """Draw into `p`'s hand, then check the hand limit; `then` is the step after."""
        if not self.vdeck and self.vdiscard:
            self.vdeck, self.vdiscard = self.vdiscard, []
            self.rng.shuffle(self.vdeck)
            self.log("the Viking discard pile is shuffled into a new Viking deck")
        if not self.vdeck:
            self.log("the Viking deck and its discard pile are empty: no card drawn")
        else:
            card = self.vdeck.pop()
            self.hands[p] = tuple(sorted((*self.hands[p], card)))
            self.log(f"player {p} draws a Viking card")
            self.log(f"player {p} drew {VIKING_NAMES[card]} (seen by player {p} alone)", (p,))
        if len(self.hands[p]) > HAND_SIZE:
            self.step, self.after_discard = DISCARD, then
        else:
            self.step = then

    def _draw_encounter(self, phase: int) -> int:
        """The top Encounter card, discarded as it resolves; -1 when none is left."""
        if not self.edeck and self.ediscard:
            self.edeck, self.ediscard = self.ediscard, []
            self.rng.shuffle(self.edeck)
            self.log("the Encounter discard pile is shuffled into a new Encounter deck")
        if not self.edeck:
            self.log("the Encounter deck and its discard pile are empty: no card drawn")
            return -1
        e = self.edeck.pop()
        self.ediscard.append(e)
        if self.drawn_stale:
            self.drawn, self.drawn_stale = [], False
        self.drawn.append((self.turn, phase, e, ""))
        return e

    def _met(self, p: int, e: int, result: str, line: str = "") -> None:
        """Log what the Encounter card `e`, just drawn by `p`, did (`line`, else `result`),
        and note `result` beside the card for the table."""
        self._note(result)
        self.log(f"player {p} draws {ENCOUNTER_NAMES[e]}: {line or result}")

    def _note(self, result: str) -> None:
        last = self.drawn[-1]
        self.drawn[-1] = (last[0], last[1], last[2], result)

    # -- copies, views, checks ---------------------------------------------------------------

    def clone(self) -> VikingRaidState:
        new = VikingRaidState.__new__(VikingRaidState)
        self._clone_base(new)
        new.vdeck = self.vdeck.copy()
        new.vdiscard = self.vdiscard.copy()
        new.edeck = self.edeck.copy()
        new.ediscard = self.ediscard.copy()
        new.hands = self.hands.copy()  # tuples: shared safely
        new.gold = self.gold.copy()
        new.raids = self.raids.copy()
        new.out = self.out.copy()
        new.ship = self.ship.copy()
        new.crew = self.crew.copy()
        new.hired = self.hired.copy()
        new.used = self.used.copy()
        new.dest = self.dest.copy()
        new.hull = self.hull.copy()
        new.sail = self.sail.copy()
        new.attack = self.attack.copy()
        new.resume = self.resume.copy()
        new.turn = self.turn
        new.round_no = self.round_no
        new.step = self.step
        new.after_discard = self.after_discard
        new.ending = self.ending
        new.over = self.over
        new.drawn = self.drawn.copy()
        new.drawn_stale = self.drawn_stale
        return new

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0] * self.num_players
        win = self.winners()
        return [1.0 / len(win) if i in win else 0.0 for i in range(self.num_players)]

    def scores(self) -> list[float]:
        return [float(g) for g in self.gold]

    def settled(self) -> bool:
        """A turn's Declaration (every raid under way is paused) or over: where ISMCTS's
        `settle` ends a cut-short roll-out, to read it with `estimate`."""
        return self.step == DECLARE or self.over

    def estimate(self) -> list[float]:
        """Each player's chance to win from here (estimate.py): the returns once over."""
        return self.returns() if self.over else estimate.estimate(self)

    def action_label(self, action: int) -> str:
        return A.LABELS[action]

    def view(self, player: int | None) -> dict[str, Any]:
        from drakkar.games.viking_raid.view import seat_view  # (view.py imports this module)

        return seat_view(self, player)

    def redeterminize(self, player: int, rng: random.Random) -> None:
        from drakkar.games.viking_raid.view import redeal_unseen

        redeal_unseen(self, player, rng)

    def full_state(self) -> Any:
        from drakkar.games.viking_raid.view import full_state

        return full_state(self)

    def check_invariants(self) -> None:
        from drakkar.games.viking_raid.view import check_invariants

        check_invariants(self)


def _stacked(deck: list[int], stack: tuple[str, ...], index: dict[str, int], rng: Any) -> list[int]:
    """Shuffle `deck` with the stacked cards on top, first named on top (the list's end)."""
    rest = deck.copy()
    for name in stack:
        rest.remove(index[name])
    rng.shuffle(rest)
    return rest + [index[name] for name in reversed(stack)]
