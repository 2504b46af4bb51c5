"""Provably shortest plans for cubes at most 8 turns from a solved arrangement.

Meet in the middle: breadth-first layers of canonical sequences from the state (forward) and
from every target (backward, each turn undone), compared by a 64-bit hash of the stickers. Two
stickers that only differ by a half turn of a symmetric digit count as equal, so any match is
a solved arrangement. Layers are tried in order of total length, so the first match is optimal
(every shortest solution is a canonical sequence: no face twice in a row, and of two opposite
faces in a row only one order). Matches are confirmed on the model.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..cube.geometry import FACES
from ..cube.moves import ALL_MOVES, OPPOSITE, Move, move_transform
from ..cube.solved import is_solved
from ..cube.state import CubeState
from ..errors import SudokuCubeError
from ..profile import CubeSettings

MAX_DEPTH = 8


def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Source index, twist and face number of the 18 turns."""
    src = np.array([move_transform(m).source for m in ALL_MOVES], dtype=np.intp)
    tw = np.array([move_transform(m).twist for m in ALL_MOVES], dtype=np.uint8)
    face = np.array([FACES.index(m.face) for m in ALL_MOVES], dtype=np.int8)
    return src, tw, face


def _allowed(last: int, face: int, backward: bool) -> bool:
    """Canonical order: no face twice, opposite faces in one order (reversed backward)."""
    if last < 0:
        return True
    if last == face:
        return False
    if OPPOSITE[FACES[last]] == FACES[face]:
        return (face < last) if backward else (face > last)
    return True


@dataclass
class _Layers:
    """Breadth-first layers from some roots: states, parent index, move index, last face."""

    states: list[np.ndarray]
    parent: list[np.ndarray]
    move: list[np.ndarray]
    last: list[np.ndarray]
    root: list[np.ndarray]
    backward: bool

    def grow(self, src: np.ndarray, tw: np.ndarray, face: np.ndarray) -> None:
        """Add the next layer."""
        cur, last = self.states[-1], self.last[-1]
        outs, par, mv, lf, rt = [], [], [], [], []
        for mi in range(len(ALL_MOVES)):
            f = int(face[mi])
            ok = np.array([_allowed(int(l), f, self.backward) for l in range(-1, 6)])[last + 1]
            idx = np.nonzero(ok)[0]
            if not len(idx):
                continue
            v = cur[idx][:, src[mi]]
            outs.append((v & 0xFC) | ((v + tw[mi]) & 3))
            par.append(idx)
            mv.append(np.full(len(idx), mi, dtype=np.int8))
            lf.append(np.full(len(idx), f, dtype=np.int8))
            rt.append(self.root[-1][idx])
        self.states.append(np.concatenate(outs))
        self.parent.append(np.concatenate(par))
        self.move.append(np.concatenate(mv))
        self.last.append(np.concatenate(lf))
        self.root.append(np.concatenate(rt))

    def path(self, depth: int, i: int) -> list[Move]:
        """The turns from the root to state ``i`` of layer ``depth``."""
        out = []
        for d in range(depth, 0, -1):
            out.append(ALL_MOVES[int(self.move[d][i])])
            i = int(self.parent[d][i])
        return out[::-1]


def _encode(state: CubeState) -> np.ndarray:
    return np.array([4 * s.digit + s.rot for s in state.stickers], dtype=np.uint8)


@functools.cache
def _keys(symmetric: frozenset[int]) -> np.ndarray:
    """The hash key of each sticker byte ``4 * digit + rot``: symmetric digits only count their
    rotation mod 2."""
    v = np.arange(256, dtype=np.uint16)
    sym = np.isin(v >> 2, np.array(sorted(symmetric) or [0], dtype=np.uint16))
    return np.where(sym, v & 0xFD, v).astype(np.uint64)


@functools.cache
def _weights() -> np.ndarray:
    return np.random.default_rng(20240601).integers(1, 2**63, size=54, dtype=np.uint64)


def _hash(states: np.ndarray, symmetric: frozenset[int]) -> np.ndarray:
    """64-bit hash per state; symmetric digits only count their rotation mod 2."""
    key = _keys(frozenset(symmetric))[states]
    weights = _weights()
    with np.errstate(over="ignore"):
        return (key * weights).sum(axis=1, dtype=np.uint64) ^ (key[:, ::7] * weights[:8]
                                                                 ).sum(axis=1, dtype=np.uint64)


def optimal_moves(state: CubeState, targets: Sequence[CubeState],
                  settings: CubeSettings = CubeSettings(), max_depth: int = MAX_DEPTH
                  ) -> tuple[Move, ...]:
    """A shortest turn sequence from ``state`` to any of ``targets`` (or a half-turn variant of
    their symmetric digits); raise :class:`SudokuCubeError` beyond ``max_depth`` turns."""
    sym = frozenset(settings.symmetric)
    state = state.without_candidates()
    if is_solved(state, sym):
        return ()
    src, tw, face = _tables()
    start = _encode(state)[None, :]
    goals = np.stack([_encode(t.without_candidates()) for t in targets])
    fwd = _Layers([start], [np.zeros(1, np.intp)], [np.zeros(1, np.int8)],
                  [np.full(1, -1, np.int8)], [np.zeros(1, np.intp)], False)
    bwd = _Layers([goals], [np.zeros(len(goals), np.intp)], [np.zeros(len(goals), np.int8)],
                  [np.full(len(goals), -1, np.int8)], [np.arange(len(goals))], True)
    hashes: dict[tuple[bool, int], np.ndarray] = {}

    def layer_hash(layers: _Layers, d: int) -> np.ndarray:
        while len(layers.states) <= d:
            layers.grow(src, tw, face)
        key = (layers.backward, d)
        if key not in hashes:
            hashes[key] = _hash(layers.states[d], sym)
        return hashes[key]

    for depth in range(1, max_depth + 1):
        f, b = (depth + 1) // 2, depth // 2
        hf, hb = layer_hash(fwd, f), layer_hash(bwd, b)
        common = np.intersect1d(hf, hb)
        for h in common:
            i = int(np.nonzero(hf == h)[0][0])
            for j in np.nonzero(hb == h)[0]:
                back = bwd.path(b, int(j))
                moves = tuple(fwd.path(f, i) + [m.inverse() for m in reversed(back)])
                if is_solved(state.apply(moves), sym):
                    return moves
    raise SudokuCubeError(f"--optimal only handles cubes up to {max_depth} turns from solved; "
                          f"this one needs more. Run without --optimal for a short plan.")
