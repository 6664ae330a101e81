"""The state's RNG: splitmix64 in pure Python, its whole state one int.

`random.Random` costs about 20 µs to copy (its state is 625 words), more than a whole clone may
take, so states carry this instead: copying it copies one int. Same seed, same stream, on every
machine and Python version. (Agents and `redeterminize` may still use `random.Random`.)
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("s",)

    def __init__(self, seed: int = 0) -> None:
        self.s = seed & _MASK

    def next64(self) -> int:
        s = self.s = (self.s + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """0 <= k < n. The modulo bias is below 2**-50 for any n a game uses."""
        if n <= 0:
            raise ValueError(f"randrange({n}): empty range")
        s = self.s = (self.s + _GAMMA) & _MASK  # next64(), inlined: the games draw often
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % n

    def randint(self, a: int, b: int) -> int:
        return a + self.randrange(b - a + 1)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randrange(len(seq))]

    def shuffle(self, x: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        s = self.s
        for i in range(len(x) - 1, 0, -1):
            s = (s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            x[i], x[j] = x[j], x[i]
        self.s = s

    def copy(self) -> Rng:
        new = Rng.__new__(Rng)
        new.s = self.s
        return new

    def getstate(self) -> int:
        return self.s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.s == self.s

    def __hash__(self) -> int:
        return hash(self.s)

    def __repr__(self) -> str:
        return f"Rng(state={self.s:#x})"
