"""The fixed action table of Gone Viking!: every decision is one small int.

A play is a run of atomic steps ("play Hammers 7", "play Hammers 3", "lay Loki face down",
"done"); a swap picks cards one at a time; the Jarl's tribute is paid one token at a time.

    0..29     play a card face up (kind k)      "play Hammers 7", "play Odin as Books 12"
    30..33    lay a God face down               "lay Loki face down"
    34        close the play                    "done"
    35..64    pick a card to swap (kind k)      "swap Coins 3"
    65        end one's swapping                "stop swapping"
    66..69    name trump                        "trump: Coins"
    70..74    pay a token for a swap            "pay a Tree to swap two cards"
    75..79    pay the Jarl a token              "pay the Jarl a Fist"
    80..84    take a token from the supply      "take a Book from the supply"
    85..109   Loki: steal a token               "steal a Coin from player 2"
    110..114  Freya: return a token             "return a Coin to the supply"
    115..118  ship building                     "build a Ship from four Trees", "build no Ship"
    119..123  Thor: a token into the Ship       "put a Book into the Ship"
"""

from __future__ import annotations

from drakkar.games.gone_viking.cards import (
    GOD_NAMES,
    IS_GOD,
    KIND_NAMES,
    KIND_TYPE,
    KIND_VALUE,
    NUM_KINDS,
    TOKEN_NAMES,
    TYPE_NAMES,
)

MAX_PLAYERS = 5
PLAY = 0
LAY_GOD = PLAY + NUM_KINDS
DONE = LAY_GOD + 4
SWAP = DONE + 1
STOP_SWAP = SWAP + NUM_KINDS
TRUMP = STOP_SWAP + 1
PAY_SWAP = TRUMP + 4
PAY_JARL = PAY_SWAP + 5
TAKE = PAY_JARL + 5
STEAL = TAKE + 5
RETURN = STEAL + 5 * MAX_PLAYERS
BUILD_SET = RETURN + 5
BUILD_TREES = BUILD_SET + 1
BUILD_THOR = BUILD_TREES + 1
NO_SHIP = BUILD_THOR + 1
GIVE = NO_SHIP + 1
NUM_ACTIONS = GIVE + 5


def _a(token: int) -> str:
    return f"a {TOKEN_NAMES[token]}"


def _play_label(k: int) -> str:
    if IS_GOD[k]:
        return f"play {KIND_NAMES[k]} as {TYPE_NAMES[KIND_TYPE[k]]} {KIND_VALUE[k]}"
    return f"play {KIND_NAMES[k]}"


def _labels() -> tuple[str, ...]:
    out = [_play_label(k) for k in range(NUM_KINDS)]
    out += [f"lay {g} face down" for g in GOD_NAMES]
    out.append("done")
    out += [f"swap {KIND_NAMES[k]}" for k in range(NUM_KINDS)]
    out.append("stop swapping")
    out += [f"trump: {t}" for t in TYPE_NAMES]
    out += [f"pay {_a(t)} to swap two cards" for t in range(5)]
    out += [f"pay the Jarl {_a(t)}" for t in range(5)]
    out += [f"take {_a(t)} from the supply" for t in range(5)]
    out += [f"steal {_a(t)} from player {v}" for v in range(MAX_PLAYERS) for t in range(5)]
    out += [f"return {_a(t)} to the supply" for t in range(5)]
    out += [
        "build a Ship from a Book, a Coin, a Hammer and a Fist",
        "build a Ship from four Trees",
        "build a Ship from any four tokens (Thor)",
        "build no Ship",
    ]
    out += [f"put {_a(t)} into the Ship" for t in range(5)]
    assert len(out) == NUM_ACTIONS
    return tuple(out)


LABELS = _labels()


def steal(victim: int, token: int) -> int:
    return STEAL + 5 * victim + token
