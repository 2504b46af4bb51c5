"""The plan replayed with slips put in: every state one or two slips lead to, as numpy arrays.

:func:`candidates` replays the last :data:`WINDOW` steps before the step reached with every
slip of :mod:`slip_kinds` put in (one, or two at different steps), and the next steps made
ahead of the guide, all candidate states of a check at once (thousands, in milliseconds).
:func:`slipped_state` and :func:`performed` replay one known set of slips: what the real cube
is, and which turns were really made.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

import numpy as np

from ..cube.cube_rotations import compose_rotations, identity_rotation, relabel_moves
from ..cube.moves import Move, move_transform, sequence_transform
from ..cube.state import CubeState
from ..cube.transform import Transform
from .kinds import (ALONE_KINDS, KIND_SHARE_AHEAD, TWO_SLIPS, Slip, slip_prior, slip_transform,
                    step_slips)

WINDOW = 5
"""Slips are looked for at the step reached and the ``WINDOW - 1`` steps before it."""
AHEAD_STEPS = 2
"""The person may have gone on this many steps past the one the guide shows."""


# --- states as arrays -----------------------------------------------------------------------

def _arrays(state: CubeState) -> tuple[np.ndarray, np.ndarray]:
    return (np.array([s.digit for s in state.stickers], dtype=np.int16),
            np.array([s.rot for s in state.stickers], dtype=np.int16))


def _apply(d: np.ndarray, r: np.ndarray, t: Transform) -> tuple[np.ndarray, np.ndarray]:
    """Apply one transform to a batch of states (..., 54)."""
    src, tw = np.array(t.source), np.array(t.twist, dtype=np.int16)
    return d[..., src], (r[..., src] + tw) % 4


def _apply_each(d: np.ndarray, r: np.ndarray, ts: Sequence[Transform]
                ) -> tuple[np.ndarray, np.ndarray]:
    """Apply each of ``ts`` to each state of a batch (N, 54) -> (N * len(ts), 54)."""
    src = np.array([t.source for t in ts])
    tw = np.array([t.twist for t in ts], dtype=np.int16)
    nd = d[:, src]
    nr = (r[:, src] + tw[None]) % 4
    return nd.reshape(-1, 54), nr.reshape(-1, 54)


# --- every candidate state ------------------------------------------------------------------

@dataclass
class Batch:
    """Candidate states as arrays (N, 54) of digits and rotations, with the slips that lead
    to each, the whole-cube rotation each leaves and each one's prior."""

    digits: np.ndarray
    rots: np.ndarray
    slips: list[tuple[Slip, ...]]
    rotations: list[int]
    priors: np.ndarray
    """Each explanation's :func:`slip_prior`."""


def candidates(start: CubeState, moves: Sequence[Move], done: int, window: int) -> Batch:
    """Every state that no slip, one slip or two slips in the window lead to: the plan's own
    state first, then the steps made ahead, then each step's single slips, each followed by the
    pairs it begins with a slip at a later step."""
    befores = []  # state before each step (0-based index i = before move i)
    d, r = _arrays(start)
    for m in moves[:done]:
        befores.append((d, r))
        d, r = _apply(d, r, move_transform(m))
    batch = _Parts()
    batch.add(d[None], r[None], [()], [identity_rotation()], np.zeros(1))
    _add_ahead(batch, (d, r), moves, done)
    _add_slipped(batch, befores, moves, max(0, done - window), done)
    return Batch(np.concatenate(batch.d), np.concatenate(batch.r), batch.slips, batch.rots,
                 np.concatenate(batch.priors))


@dataclass
class _Parts:
    """A :class:`Batch` being collected, part by part, in order."""

    d: list[np.ndarray] = field(default_factory=list)
    r: list[np.ndarray] = field(default_factory=list)
    slips: list[tuple[Slip, ...]] = field(default_factory=list)
    rots: list[int] = field(default_factory=list)
    priors: list[np.ndarray] = field(default_factory=list)

    def add(self, d: np.ndarray, r: np.ndarray, slips: Iterable[tuple[Slip, ...]],
            rots: Iterable[int], priors: np.ndarray) -> None:
        self.d.append(d)
        self.r.append(r)
        self.slips.extend(slips)
        self.rots.extend(rots)
        self.priors.append(priors)


def _add_ahead(batch: _Parts, expected: tuple[np.ndarray, np.ndarray], moves: Sequence[Move],
               done: int) -> None:
    """The states where the next steps (up to :data:`AHEAD_STEPS`) were already made."""
    ad, ar = expected
    for k in range(done, min(done + AHEAD_STEPS, len(moves))):
        ad, ar = _apply(ad, ar, move_transform(moves[k]))
        batch.add(ad[None], ar[None], [(Slip("ahead", k + 1, moves[k]),)],
                  [identity_rotation()], np.array([KIND_SHARE_AHEAD]))


def _add_slipped(batch: _Parts, befores: Sequence[tuple[np.ndarray, np.ndarray]],
                 moves: Sequence[Move], first: int, done: int) -> None:
    """The states one slip at a step from ``first`` on leads to, each step's followed by those
    of the same slips with a second one at a later step (pairs leave out
    :data:`kinds.ALONE_KINDS`)."""
    singles = {i: step_slips(i + 1, moves[i]) for i in range(first, done)}
    one = {i: np.array([slip_prior((s,)) for s, _, _ in singles[i]]) for i in singles}
    paired = {i: [k for k, (s, _, _) in enumerate(singles[i]) if s.kind not in ALONE_KINDS]
              for i in singles}
    pair_slips = {i: [singles[i][k] for k in paired[i]] for i in singles}
    pair_prior = {i: one[i][paired[i]] for i in singles}
    for i in range(first, done):
        opts = singles[i]
        bd, br = befores[i]
        sd, sr = _apply_each(bd[None], br[None], [t for _, t, _ in opts])
        td, tr = _apply(sd, sr, sequence_transform(moves[i + 1:done]))
        batch.add(td, tr, ((s,) for s, _, _ in opts), (rot for _, _, rot in opts), one[i])
        _add_pairs(batch, (sd[paired[i]], sr[paired[i]]), moves, i, done, pair_slips,
                   pair_prior)


def _add_pairs(batch: _Parts, slipped: tuple[np.ndarray, np.ndarray], moves: Sequence[Move],
               i: int, done: int, singles: dict[int, list[tuple[Slip, Transform, int]]],
               one: dict[int, np.ndarray]) -> None:
    """The states of each slip at step ``i`` (``slipped``: the states right after it, one per
    slip of ``singles[i]``) followed by a second slip at a later step: ``singles`` and
    ``one`` hold the slips that may be paired at each step and their priors."""
    sd, sr = slipped
    opts = singles[i]
    for j in range(i + 1, done):
        md, mr = _apply(sd, sr, sequence_transform(moves[i + 1:j]))
        later = singles[j]
        dd, dr = _apply_each(md, mr, [t for _, t, _ in later])
        dd, dr = _apply(dd, dr, sequence_transform(moves[j + 1:done]))
        pairs, rots = [], []
        for s1, _, r1 in opts:
            for s2, _, r2 in later:
                pairs.append((s1, s2))
                rots.append(compose_rotations(r1, r2))
        batch.add(dd, dr, pairs, rots, np.outer(one[i], one[j]).ravel() * TWO_SLIPS)


# --- one known set of slips ---------------------------------------------------------------

def slipped_state(start: CubeState, moves: Sequence[Move], done: int,
                  slips: Sequence[Slip]) -> CubeState:
    """The real cube after ``done`` steps of ``moves`` made with ``slips`` (steps 1-based)."""
    by_step = {s.step - 1: s for s in slips if s.kind != "ahead"}
    t = Transform.identity(54)
    for i, m in enumerate(tuple(moves)[:done]):
        t = t.then(slip_transform(by_step[i]) if i in by_step else move_transform(m))
    for s in slips:
        if s.kind == "ahead":
            t = t.then(sequence_transform(tuple(moves)[done:s.step]))
    return start.without_candidates().transformed(t)


def performed(moves: Sequence[Move], done: int, slips: Sequence[Slip]) -> tuple[
        tuple[Move, ...], int, int]:
    """The turns actually made, in the frame the cube is held now, from the first slipped step
    on; with that step's 0-based index and the rotation the cube is held in."""
    by_step = {s.step - 1: s for s in slips if s.kind != "ahead"}
    ahead = [s for s in slips if s.kind == "ahead"]
    first = min(by_step) if by_step else done
    rot = identity_rotation()
    out: list[Move] = []
    for i in range(first, done):
        s = by_step.get(i)
        if s is None:
            out.append(moves[i])
        elif s.kind == "held":
            # the turns made so far, named as the cube is held from now on
            out = list(relabel_moves(s.rotation or 0, out))
            rot = compose_rotations(rot, s.rotation or 0)
            out.append(moves[i])
        elif s.kind == "skip":
            pass
        elif s.kind == "repeat":
            out.extend((moves[i], moves[i]))
        else:
            out.extend(s.done)
    if ahead:
        out.extend(moves[done:max(s.step for s in ahead)])
    return tuple(out), first, rot
