"""The effect vocabulary: every ability on every card is data in these few words.

An effect is a TOML table `{effect = "swords", amount = 1, when = ["attacking"]}`. The loader
turns it into an `Effect` tuple `(kind, amount, conditions)`; the battle code interprets the
kinds below and nothing else, so no card's behaviour is written as code.

Where an effect may appear (a wrong place is a load error):

- `static` (Captains, Warriors): always on while its conditions hold;
- `hammer` (Captains, Sovereigns): fires once per battle when that die colour rolls a hammer;
- `sacrifice` (Locations, Warriors, Asgard cards): gained by discarding the card in a battle;
- `use` / `reward` (Asgard cards): the card's instructions, in order.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

# -- battle kinds (static and hammer abilities) ----------------------------------------------
SWORDS = "swords"  # +amount swords
SHIELDS = "shields"  # +amount shields
DOUBLE_SHIELDS = "double_shields"  # this side's shields count twice
WEAKEN = "weaken"  # the other side has amount fewer swords (never below 0)
REROLL_BLANKS = "reroll_blanks"  # reroll each of this side's blank dice once
GOLD = "gold"  # gain amount gold at once (a Captain only)
STEAL_GOLD = "steal_gold"  # take up to amount gold from the opposing Captain
REPAIR = "repair"  # repair up to amount sections once damage is dealt (or at once, outside battle)
SUMMON_DRAUGR = "summon_draugr"  # a Draugr from the reserve joins an empty crew section
# -- Asgard instructions ---------------------------------------------------------------------
POOL = "pool"  # the Journey Pool grows (or, negative, shrinks) by amount, for good
RECRUIT_DISCARDED = "recruit_discarded"  # choose a discarded Warrior for your crew; none: keep card
BATTLE_GODS = "battle_gods"  # fight the Gods, who roll the card's dice; win: the reward
DUEL = "duel"  # fight another Captain of your choice before the Gods; win: the reward
KEEP = "keep"  # take this card into your Player Area (its VP count; it may be sacrificed)

STATIC_KINDS = frozenset({SWORDS, SHIELDS, DOUBLE_SHIELDS, WEAKEN, REROLL_BLANKS})
HAMMER_KINDS = STATIC_KINDS | {GOLD, STEAL_GOLD, REPAIR, SUMMON_DRAUGR}
SACRIFICE_KINDS = frozenset({SWORDS, SHIELDS, WEAKEN})
USE_KINDS = frozenset({GOLD, REPAIR, POOL, RECRUIT_DISCARDED, BATTLE_GODS, DUEL, KEEP})
REWARD_KINDS = frozenset({GOLD, REPAIR, POOL, KEEP})
ALL_KINDS = HAMMER_KINDS | USE_KINDS
PLACES = {
    "static": STATIC_KINDS,
    "hammer": HAMMER_KINDS,
    "sacrifice": SACRIFICE_KINDS,
    "use": USE_KINDS,
    "reward": REWARD_KINDS,
}

# -- conditions (`when`): all must hold --------------------------------------------------------
ATTACKING = 1  # this side started the battle
DEFENDING = 2  # this side was attacked (a Captain holding a Region, or a Location)
EXPLORED = 4  # the battle's Region holds a face-up Location of this Captain's
UNEXPLORED = 8  # the battle is in a Region where this Captain has no face-up Location
VS_LOCATION = 16  # the other side is a Location
VS_CAPTAIN = 32  # the other side is a Captain (Ragnarok included)
CONDITIONS = {
    "attacking": ATTACKING,
    "defending": DEFENDING,
    "explored": EXPLORED,
    "unexplored": UNEXPLORED,
    "vs_location": VS_LOCATION,
    "vs_captain": VS_CAPTAIN,
}
CONDITION_NAMES = {v: k for k, v in CONDITIONS.items()}


def count(n: int, word: str) -> str:
    """'1 sword', '2 swords', '0 swords': a number and its noun, singular for one."""
    return f"{n} {word}{'s' * (n != 1)}"


class Effect(NamedTuple):
    kind: str
    amount: int
    when: int  # a mask of CONDITIONS; 0 = always

    def applies(self, context: int) -> bool:
        return self.when & context == self.when

    def text(self) -> str:
        """A short readable form, e.g. '+1 sword when attacking'."""
        a = self.amount
        words = {
            SWORDS: f"+{count(a, 'sword')}",
            SHIELDS: f"+{count(a, 'shield')}",
            DOUBLE_SHIELDS: "double shields",
            WEAKEN: f"enemy -{count(a, 'sword')}",
            REROLL_BLANKS: "reroll blanks",
            GOLD: f"+{a} gold",
            STEAL_GOLD: f"steal {a} gold",
            REPAIR: f"repair {a}",
            SUMMON_DRAUGR: "summon a Draugr",
            POOL: f"Journey Pool {a:+d}",
            RECRUIT_DISCARDED: "recruit a discarded Warrior, or keep this card if none",
            BATTLE_GODS: "battle the Gods",
            DUEL: "duel a Captain",
            KEEP: "keep this card",
        }[self.kind]
        if self.when:
            conds = [n for bit, n in CONDITION_NAMES.items() if self.when & bit]
            words += " when " + " and ".join(c.replace("_", " ") for c in conds)
        return words


@cache  # a card's effects never change; views and the bots ask for the same texts often
def describe(effects: tuple[Effect, ...]) -> str:
    return "; ".join(e.text() for e in effects) or "-"
