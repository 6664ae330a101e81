"""Villainous Vikings rules: the state, the turn, and the choices after a battle.

Pending decisions live in `pending`, a queue of tuples `(kind, seat, ...)`; the seat at its head
decides. Automatic steps (`end_action`) run as soon as they reach the head. A battle in progress
(`battle`) takes precedence; Ragnarok (`rag`, see ragnarok.py) ends the game.
"""

from __future__ import annotations

import random
from typing import Any

from drakkar.engine.game import Game
from drakkar.engine.state import State
from drakkar.games.villainous_vikings import actions as A
from drakkar.games.villainous_vikings import battle as B
from drakkar.games.villainous_vikings import effects as fx
from drakkar.games.villainous_vikings import ragnarok as R
from drakkar.games.villainous_vikings import rules
from drakkar.games.villainous_vikings.cards import COLOURS, FACE_WORDS, CardSet
from drakkar.games.villainous_vikings.options import DECK_SIZES, RAGNAROK, Options
from drakkar.games.villainous_vikings.view import action_label, seat_view

START_GOLD = (0, 2, 4, 6, 8)
MAX_GOLD = 60
TOKEN_VP = (5, 5, 5, 3)
#: the VP of a player's bonus tokens, by the mask of tokens held
TOKENS_VP = tuple(sum(TOKEN_VP[t] for t in range(4) if m >> t & 1) for m in range(16))
RAGNAROK_VP = 7


class Tables:
    """Lookups precomputed once per card set, shared by every state (never changed)."""

    __slots__ = (
        "loc_region", "merc_cost", "moves", "brief_cards", "age", "faces_text", "loc_vp",
        "warrior_vp", "asgard_vp",
    )  # fmt: skip

    def __init__(self, cs: CardSet) -> None:
        self.loc_region = tuple(c.region for c in cs.locations)
        self.loc_vp = tuple(c.vp for c in cs.locations)
        self.warrior_vp = tuple(w.vp for w in cs.warriors)
        self.asgard_vp = tuple(a.vp for a in cs.asgard)
        self.merc_cost = tuple(
            cs.warriors[c.warrior].cost
            if c.warrior >= 0 and cs.warriors[c.warrior].kind == "mercenary"
            else -1
            for c in cs.locations
        )
        n = len(cs.regions)
        self.moves = tuple(tuple(A.MOVE + x for x in range(n) if x != r) for r in range(n))
        #: each Journey card's Age by code: Locations, Asgard cards, then Ragnarok (Age III)
        self.age = tuple(c.age for c in cs.locations) + tuple(c.age for c in cs.asgard) + (3,)
        #: a roll's text in the log, by its faces (rolls recur in searches)
        self.faces_text: dict[tuple[tuple[int, int], ...], str] = {}
        #: what the heuristic bot reads of each Journey Pool card, by (code, Warrior there)
        self.brief_cards: dict[tuple[int, bool], tuple[bool, int, Any]] = {}


_TABLES: dict[int, Tables] = {}


def tables(cs: CardSet) -> Tables:
    key = id(cs)
    if key not in _TABLES:
        _TABLES[key] = Tables(cs)
    return _TABLES[key]


class VillainousVikingsState(State):
    __slots__ = (
        "cs",
        "tables",
        "names",
        "n_loc",
        "rag_code",
        "captain",
        "pos",
        "gold",
        "damage",
        "crew",
        "owned",
        "faceup",
        "sovereigns",
        "held",
        "tokens",
        "deck",
        "box",
        "pool",
        "pool_size",
        "discard",
        "wdiscard",
        "reserve",
        "at_loc",
        "turn",
        "actions_left",
        "round",
        "pending",
        "battle",
        "rag",
        "rank",
        "over",
        "rag_owner",
    )

    def __init__(self, game: Game, num_players: int, options: Any, seed: int) -> None:
        super().__init__(game, num_players, options, seed)
        assert isinstance(options, Options)
        cs = self.cs = options.card_set()
        self.tables = tables(cs)
        n = num_players
        self.n_loc = len(cs.locations)
        self.rag_code = self.n_loc + len(cs.asgard)
        if options.captains:
            self.captain = tuple(
                next(i for i, c in enumerate(cs.captains) if c.id == cid)
                for cid in options.captains
            )
        else:
            caps = list(range(len(cs.captains)))
            self.rng.shuffle(caps)
            self.captain = tuple(caps[:n])
        # "player N (Captain)": the web UI writes "player N" as the seat's name, as in every game
        self.names = tuple(
            f"player {p} ({cs.captains[c].name})" for p, c in enumerate(self.captain)
        )
        self.pos = [0] * n
        self.gold = list(START_GOLD[:n])
        self.damage = [0] * n
        self.crew: list[list[int]] = [[] for _ in range(n)]
        self.owned: list[list[int]] = [[] for _ in range(n)]
        self.faceup = [True] * self.n_loc
        self.sovereigns: list[list[int]] = [[] for _ in range(n)]
        self.held: list[list[int]] = [[] for _ in range(n)]
        self.tokens = [0] * n
        self.at_loc = [c.warrior >= 0 for c in cs.locations]
        self.reserve = [i for i, w in enumerate(cs.warriors) if w.kind == "draugr"]
        self.wdiscard: list[int] = []
        self.discard: list[int] = []
        self.pool: list[int] = []
        self.pool_size = n + 2
        self._deal_deck(options.stack)
        self.turn = 0
        self.actions_left = 2
        self.round = 1
        self.pending: list[tuple] = []
        self.battle: B.Battle | None = None
        self.rag: R.Ragnarok | None = None
        self.rank: list[int] = []
        self.over = False
        self.rag_owner = -1
        for p in range(n):
            self.log(f"{self.pname(p)} starts with {self.gold[p]} gold")
        self.refill()
        rules.advance(self)  # a stacked Ragnarok can come with the first Journey Pool

    # -- setup ---------------------------------------------------------------------------------

    def age_of(self, code: int) -> int:
        return self.tables.age[code]

    def code_of(self, cid: str) -> int:
        if cid == RAGNAROK:
            return self.rag_code
        for i, c in enumerate(self.cs.locations):
            if c.id == cid:
                return i
        return self.n_loc + next(i for i, c in enumerate(self.cs.asgard) if c.id == cid)

    def _deal_deck(self, stack: tuple[str, ...]) -> None:
        """Ages I, II, III by player count; Ragnarok among the bottom four. `deck[-1]` is the top."""
        stacked = [self.code_of(c) for c in stack]
        ages: list[list[int]] = [[], [], []]
        for code in range(self.rag_code):
            if code not in stacked:
                ages[self.age_of(code) - 1].append(code)
        top_down: list[int] = []
        self.box = []
        for age, want in zip(ages, DECK_SIZES[self.num_players], strict=True):
            self.rng.shuffle(age)
            top_down += age[:want]
            self.box += age[want:]
        if self.rag_code not in stacked:
            bottom = top_down[-3:] + [self.rag_code]
            self.rng.shuffle(bottom)
            top_down[-3:] = bottom
        self.deck = list(reversed(stacked + top_down))
        self.box.sort()

    # -- small helpers -------------------------------------------------------------------------

    def pname(self, p: int) -> str:
        return self.names[p]

    def side_name(self, b: B.Battle, side: B.Side) -> str:
        if side.seat >= 0:
            return self.pname(side.seat)
        if b.kind == B.GODS:
            return "the Gods"
        return self.cs.locations[b.target].name

    def faces_text(self, faces: list[tuple[int, int]]) -> str:
        key = tuple(faces)
        cache = self.tables.faces_text
        text = cache.get(key)
        if text is None:
            names = self.cs.face_names
            text = cache[key] = (
                ", ".join(f"{COLOURS[c]} {FACE_WORDS[names[c][f]]}" for c, f in faces) or "nothing"
            )
        return text

    def gain(self, p: int, amount: int) -> None:
        self.gold[p] = min(MAX_GOLD, self.gold[p] + amount)

    def capacity(self, p: int) -> int:
        return 3 - self.damage[p]

    def discard_warrior(self, w: int) -> None:
        if self.cs.warriors[w].kind == "draugr":
            self.reserve.append(w)  # Draugr wait for Glamr's next hammer
        else:
            self.wdiscard.append(w)

    def add_warrior(self, p: int, w: int) -> None:
        self.crew[p].append(w)
        self.log(f"{self.pname(p)} takes {self.cs.warriors[w].name} into the crew")
        if len(self.crew[p]) > self.capacity(p):
            self.pending.insert(0, ("crew", p))

    def repair_free(self, p: int, k: int) -> None:
        if self.damage[p] and k:
            self.damage[p] = max(0, self.damage[p] - k)
            self.log(f"{self.pname(p)} repairs to {fx.count(3 - self.damage[p], 'section')}")

    def region_has_pool_location(self, r: int) -> bool:
        n_loc, locs = self.n_loc, self.cs.locations
        return any(c < n_loc and locs[c].region == r for c in self.pool)

    def vp(self, p: int) -> int:
        t, faceup = self.tables, self.faceup
        loc_vp, warrior_vp, asgard_vp = t.loc_vp, t.warrior_vp, t.asgard_vp
        v = 0
        for i in self.owned[p]:
            if faceup[i]:
                v += loc_vp[i]
        for w in self.sovereigns[p]:
            v += warrior_vp[w]
        for a in self.held[p]:
            v += asgard_vp[a]
        v += self.gold[p] // 5 + TOKENS_VP[self.tokens[p] & 15]
        return v + (RAGNAROK_VP if self.rag_owner == p else 0)

    def token_taken(self, t: int) -> bool:
        return any(x >> t & 1 for x in self.tokens)

    def bonus_ok(self, p: int, t: int) -> bool:
        if self.token_taken(t):
            return False
        if t == 2:
            return self.gold[p] >= 20
        regions = [self.cs.locations[i].region for i in self.owned[p] if self.faceup[i]]
        if t == 0:
            return len(set(regions)) >= 4
        return any(regions.count(r) >= 3 for r in set(regions))

    # -- the protocol --------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        if self.battle is not None:
            if self.battle.refit:  # a crew fits its damaged ship before a refight
                return B.overcrewed(self, self.battle)[0]
            return self.battle.sides[self.battle.decider].seat
        if self.pending:
            return self.pending[0][1]
        if self.rag is not None:
            return self.rag.current()
        return self.turn

    def is_terminal(self) -> bool:
        return self.over

    def _legal_actions(self) -> list[int]:
        return rules.legal(self)

    def _apply(self, action: int) -> None:
        rules.play(self, action)

    def action_label(self, action: int) -> str:
        return action_label(self, action)

    def refill(self) -> None:
        """Replenish the Journey Pool; revealing Ragnarok ends the game at once."""
        while len(self.pool) < self.pool_size and self.deck:
            code = self.deck.pop()
            if code == self.rag_code:
                self.log("Ragnarok is revealed!")
                R.begin(self)
                return
            self.pool.append(code)
            self.log(f"{self.card_name(code)} joins the Journey Pool")

    def card_name(self, code: int) -> str:
        if code < self.n_loc:
            return self.cs.locations[code].name
        return "Ragnarok" if code == self.rag_code else self.cs.asgard[code - self.n_loc].name

    def scores(self) -> list[float]:
        return [float(self.vp(p)) for p in range(self.num_players)]

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0] * self.num_players

        # The higher score wins; a tie goes to whoever lasted longer in Ragnarok.
        def key(p: int) -> tuple[int, int]:
            return (self.vp(p), self.rank.index(p) if p in self.rank else -1)

        best = max(key(p) for p in range(self.num_players))
        win = [p for p in range(self.num_players) if key(p) == best]
        return [1.0 / len(win) if p in win else 0.0 for p in range(self.num_players)]

    def clone(self) -> VillainousVikingsState:
        new = VillainousVikingsState.__new__(VillainousVikingsState)
        self._clone_base(new)
        new.cs, new.tables, new.n_loc = self.cs, self.tables, self.n_loc
        new.rag_code, new.captain, new.names = self.rag_code, self.captain, self.names
        new.pos, new.gold, new.damage = self.pos.copy(), self.gold.copy(), self.damage.copy()
        new.crew = [x.copy() for x in self.crew]
        new.owned = [x.copy() for x in self.owned]
        new.faceup = self.faceup.copy()
        new.sovereigns = [x.copy() for x in self.sovereigns]
        new.held = [x.copy() for x in self.held]
        new.tokens = self.tokens.copy()
        new.deck, new.box, new.pool = self.deck.copy(), self.box.copy(), self.pool.copy()
        new.pool_size = self.pool_size
        new.discard, new.wdiscard, new.reserve = (
            self.discard.copy(),
            self.wdiscard.copy(),
            self.reserve.copy(),
        )
        new.at_loc = self.at_loc.copy()
        new.turn, new.actions_left, new.round = self.turn, self.actions_left, self.round
        new.pending = self.pending.copy()  # tuples of ints: immutable
        new.battle = None if self.battle is None else self.battle.copy()
        new.rag = None if self.rag is None else self.rag.copy()
        new.rank = self.rank.copy()
        new.over, new.rag_owner = self.over, self.rag_owner
        return new

    def full_state(self) -> Any:
        return (
            self.captain,
            tuple(self.pos),
            tuple(self.gold),
            tuple(self.damage),
            tuple(map(tuple, self.crew)),
            tuple(map(tuple, self.owned)),
            tuple(self.faceup),
            tuple(map(tuple, self.sovereigns)),
            tuple(map(tuple, self.held)),
            tuple(self.tokens),
            tuple(self.deck),
            tuple(self.box),
            tuple(self.pool),
            self.pool_size,
            tuple(self.discard),
            tuple(self.wdiscard),
            tuple(self.reserve),
            tuple(self.at_loc),
            self.turn,
            self.actions_left,
            self.round,
            tuple(self.pending),
            None if self.battle is None else self.battle.key(),
            None if self.rag is None else self.rag.key(),
            tuple(self.rank),
            self.over,
            self.rag_owner,
            tuple(self.history),
            self.rng.getstate(),
        )

    def check_invariants(self) -> None:
        cards = self.deck + self.box + self.pool + self.discard
        cards += [i for o in self.owned for i in o] + [self.n_loc + a for h in self.held for a in h]
        warriors = [w for c in self.crew for w in c] + [w for v in self.sovereigns for w in v]
        warriors += self.wdiscard + self.reserve
        warriors += [x[2] for x in self.pending if x[0] == "hero"]  # a Hero awaiting the choice
        sides = [] if self.battle is None else self.battle.sides
        if self.rag is not None:
            sides = sides + list(self.rag.sides.values())
            cards += [self.rag_code] if self.rag_owner < 0 else []
        if self.rag_owner >= 0:
            cards.append(self.rag_code)
        for side in sides:
            for what, i in side.sacs:
                if what == "W":
                    warriors.append(i)
                else:
                    cards.append(i if what == "L" else self.n_loc + i)
        held_by_loc = {
            self.cs.locations[c].warrior
            for c in self.deck + self.box + self.pool
            if c < self.n_loc and self.at_loc[c]
        }
        warriors += [w for w in held_by_loc if w >= 0]
        assert sorted(cards) == list(range(self.rag_code + 1)), "a journey card was made or lost"
        assert sorted(warriors) == list(range(len(self.cs.warriors))), (
            f"a warrior was made or lost: {sorted(warriors)}"
        )
        assert all(0 <= g <= MAX_GOLD for g in self.gold), f"gold out of 0..60: {self.gold}"
        assert all(0 <= d <= 2 for d in self.damage), f"damage out of range: {self.damage}"
        if not self.pending and self.battle is None:
            assert all(len(c) <= 3 - d for c, d in zip(self.crew, self.damage, strict=True)), (
                "crew over capacity"
            )

    def view(self, player: int | None) -> dict[str, Any]:
        return seat_view(self, player)

    def redeterminize(self, player: int, rng: random.Random) -> None:
        """Re-deal the hidden cards: the Journey Deck's order and which cards were left out.
        Each deck position keeps its Age (the backs show it); Ragnarok stays among the bottom four."""
        deck = self.deck
        rag_at = deck.index(self.rag_code) if self.rag_code in deck else -1
        if 0 <= rag_at < 4:  # start from a place the seat's view fixes, so nothing leaks
            first = self._ragnarok_places()[0]
            deck[rag_at], deck[first] = deck[first], deck[rag_at]
            rag_at = first
        age_of, rag_code = self.tables.age, self.rag_code
        slots: tuple[list[int], ...] = ([], [], [], [])  # deck places by Age (1-3)
        for i, c in enumerate(deck):
            if c != rag_code:
                slots[age_of[c]].append(i)
        boxed: tuple[list[int], ...] = ([], [], [], [])
        for c in self.box:
            boxed[age_of[c]].append(c)
        box: list[int] = []
        for age in (1, 2, 3):  # Age by Age, as each deck place keeps its Age
            places = slots[age]
            unseen = [deck[i] for i in places] + boxed[age]
            unseen.sort()  # so the re-deal depends on the view and rng alone
            rng.shuffle(unseen)
            for i, c in zip(places, unseen, strict=False):
                deck[i] = c
            box += unseen[len(places) :]
        box.sort()
        self.box = box
        if 0 <= rag_at < 4:  # the bottom four: deck[0..3]
            places = self._ragnarok_places()
            j = places[rng.randrange(len(places))]
            deck[rag_at], deck[j] = deck[j], deck[rag_at]
        self._legal = None

    def _ragnarok_places(self) -> list[int]:
        """The bottom-four places Ragnarok may hold: its own and those of Age III cards."""
        deck = self.deck
        return [
            i
            for i in range(min(4, len(deck)))
            if deck[i] == self.rag_code or self.age_of(deck[i]) == 3
        ]
