"""Sticker transforms: a permutation of places plus a rotation change per place.

Moves, move sequences and whole-cube relabellings are all transforms; they compose and invert
like group elements (the wreath product of Z4 with the symmetric group on the facelets).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Transform:
    """After the transform, place ``d`` holds what was at ``source[d]``, turned by ``twist[d]``."""

    source: tuple[int, ...]
    twist: tuple[int, ...]

    @staticmethod
    def identity(size: int) -> "Transform":
        """The transform that changes nothing."""
        return Transform(tuple(range(size)), (0,) * size)

    def then(self, other: "Transform") -> "Transform":
        """This transform followed by ``other``."""
        src = tuple(self.source[s] for s in other.source)
        tw = tuple((self.twist[s] + t) % 4 for s, t in zip(other.source, other.twist))
        return Transform(src, tw)

    def __mul__(self, other: "Transform") -> "Transform":
        return self.then(other)

    def inverse(self) -> "Transform":
        """The transform that undoes this one."""
        n = len(self.source)
        src = [0] * n
        tw = [0] * n
        for d, s in enumerate(self.source):
            src[s] = d
            tw[s] = (-self.twist[d]) % 4
        return Transform(tuple(src), tuple(tw))

    def power(self, k: int) -> "Transform":
        """This transform applied ``k`` times (negative ``k`` uses the inverse)."""
        base = self if k >= 0 else self.inverse()
        out = Transform.identity(len(self.source))
        for _ in range(abs(k)):
            out = out.then(base)
        return out

    def is_identity(self) -> bool:
        """True when nothing moves and nothing turns."""
        return all(s == i for i, s in enumerate(self.source)) and not any(self.twist)

    def order(self) -> int:
        """Smallest k >= 1 with this transform to the k-th power equal to the identity."""
        k, cur = 1, self
        while not cur.is_identity():
            cur, k = cur.then(self), k + 1
        return k

    def permute(self, items: Sequence[T]) -> list[T]:
        """Move plain labels (ignoring rotation), e.g. a facelet colour string."""
        return [items[s] for s in self.source]

    def moved(self) -> frozenset[int]:
        """Places whose content changes (moved or turned)."""
        return frozenset(d for d, s in enumerate(self.source) if s != d or self.twist[d])
