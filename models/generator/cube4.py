"""4x4x4 Sudokube designs as KubeGenerator made them, and scrambles with real turns.

A solved Sudokube has labels 0-F on its 96 stickers such that every face holds each label
once and every *orbit around the cube* holds each label once. An orbit is the ring of 16
stickers that goes around the cube through one slice: for an axis and a layer, the stickers
of the four faces parallel to the axis that lie in that layer. There are 3 x 4 = 12 orbits and
every sticker lies on two of them (one per direction in its face).

Three generators: CP-SAT (an exact model: AllDifferent per face and per orbit), and
KubeGenerator's two safe-set algorithms (greedy labelling with restarts on dead ends).
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from functools import cache

from ortools.sat.python import cp_model

from ..cube.geometry import FACES, NORMAL, dot, facelets, layer_depth, turn_table
from ..cube.state import CubeState
from ..cube.stickers import Sticker
from ..cube.transform import Transform
from ..grid.cp_sat import cp_solver

N = 4
LABELS = 16


@cache
def face_groups(n: int = N) -> tuple[tuple[int, ...], ...]:
    """Facelet indices of each face (U R F D L B)."""
    per = n * n
    return tuple(tuple(range(k * per, (k + 1) * per)) for k in range(6))


@cache
def orbits(n: int = N) -> tuple[tuple[int, ...], ...]:
    """The 3n rings of 4n stickers around the cube, one per axis and layer."""
    out = []
    for axis_face in ("R", "U", "F"):
        axis = NORMAL[axis_face]
        for depth in range(1, n + 1):
            ring = tuple(f.index for f in facelets(n)
                         if dot(f.normal, axis) == 0 and layer_depth(f, axis, n) == depth)
            out.append(ring)
    return tuple(out)


@cache
def groups_of(n: int = N) -> tuple[tuple[int, ...], ...]:
    """For each facelet, the indices of the groups (6 faces, then orbits) it belongs to."""
    groups = face_groups(n) + orbits(n)
    member: list[list[int]] = [[] for _ in range(6 * n * n)]
    for g, idx in enumerate(groups):
        for i in idx:
            member[i].append(g)
    return tuple(tuple(m) for m in member)


def labelling_problems(labels: list[int] | tuple[int, ...], n: int = N) -> list[str]:
    """Faces and orbits that do not hold every label exactly once (empty when solved)."""
    problems = []
    want = list(range(n * n))
    for name, idx in zip(FACES, face_groups(n)):
        if sorted(labels[i] for i in idx) != want:
            problems.append(f"face {name} does not hold each label once")
    for k, idx in enumerate(orbits(n)):
        if sorted(labels[i] for i in idx) != want:
            problems.append(f"orbit {k} (axis {'xyz'[k // n]}, layer {k % n + 1}) repeats a label")
    return problems


@dataclass(frozen=True)
class Labelling:
    """A generated 4x4x4 design: 96 labels, how it was made, time taken and restarts."""

    labels: tuple[int, ...]
    method: str
    seconds: float
    failures: int = 0

    def state(self) -> CubeState:
        """The design as a CubeState (labels as digits, rotation 0)."""
        return CubeState(tuple(Sticker(k, 0) for k in self.labels), N)


def _first_face(rng: random.Random, fixed_f: bool) -> list[int]:
    labels = list(range(LABELS))
    if not fixed_f:
        rng.shuffle(labels)
    return labels


def cp_sat_labelling(seed: int, *, fixed_f: bool = False, time_limit_s: float = 10.0
                     ) -> Labelling:
    """A solved Sudokube from CP-SAT: AllDifferent over every face and orbit, face F fixed to a
    (seeded random or 0..F) layout, the solver's search randomised by the seed."""
    t0 = time.perf_counter()
    rng = random.Random(seed)
    m = cp_model.CpModel()
    size = 6 * N * N
    x = [m.new_int_var(0, LABELS - 1, f"s{i}") for i in range(size)]
    for idx in face_groups() + orbits():
        m.add_all_different([x[i] for i in idx])
    f_idx = face_groups()[FACES.index("F")]
    for i, v in zip(f_idx, _first_face(rng, fixed_f)):
        m.add(x[i] == v)
    # random value preferences make different seeds give different cubes
    for i in range(size):
        m.add_hint(x[i], rng.randrange(LABELS))
    solver = cp_solver(time_limit_s, fast=False, random_seed=rng.randrange(1 << 30),
                       randomize_search=True)
    status = solver.solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise RuntimeError(f"CP-SAT found no Sudokube labelling in {time_limit_s} s")
    labels = tuple(solver.value(v) for v in x)
    return Labelling(labels, "cp-sat", time.perf_counter() - t0)


def safe_set_labelling(seed: int, algorithm: int = 1, *, fixed_f: bool = True,
                       max_restarts: int = 100000, time_limit_s: float = 60.0) -> Labelling:
    """KubeGenerator's safe-set algorithms. Face F gets a layout; every other square keeps the
    set of labels still allowed by its face and its two orbits. Algorithm 1 labels a random
    square among those with the smallest safe set; algorithm 2 prefers squares with a single
    label left, otherwise any random square. Either restarts from scratch at a dead end (an
    empty safe set); ``failures`` counts the restarts."""
    if algorithm not in (1, 2):
        raise ValueError("algorithm is 1 or 2")
    t0 = time.perf_counter()
    rng = random.Random(seed)
    size = 6 * N * N
    member = groups_of()
    groups = face_groups() + orbits()
    full = (1 << LABELS) - 1
    f_idx = face_groups()[FACES.index("F")]
    first = _first_face(rng, fixed_f)
    for failures in range(max_restarts):
        if time.perf_counter() - t0 > time_limit_s:
            break
        labels = [-1] * size
        used = [0] * len(groups)
        for i, v in zip(f_idx, first):
            labels[i] = v
            for g in member[i]:
                used[g] |= 1 << v
        open_ = [i for i in range(size) if labels[i] < 0]
        dead = False
        while open_:
            safe = {}
            for i in open_:
                mask = full
                for g in member[i]:
                    mask &= ~used[g]
                safe[i] = mask
            if any(v == 0 for v in safe.values()):
                dead = True
                break
            sizes = {i: bin(v).count("1") for i, v in safe.items()}
            if algorithm == 1:
                smallest = min(sizes.values())
                pool = [i for i in open_ if sizes[i] == smallest]
            else:
                pool = [i for i in open_ if sizes[i] == 1] or open_
            i = rng.choice(pool)
            choices = [k for k in range(LABELS) if safe[i] >> k & 1]
            v = rng.choice(choices)
            labels[i] = v
            for g in member[i]:
                used[g] |= 1 << v
            open_.remove(i)
        if not dead:
            return Labelling(tuple(labels), f"safe-set-{algorithm}", time.perf_counter() - t0,
                             failures)
    raise RuntimeError(f"safe-set algorithm {algorithm} gave up after {failures + 1} restarts")


MOVE_LAYERS = {"": (1,), "w": (1, 2), "2": (2,)}


def random_scramble4(seed: int | random.Random, length: int) -> tuple[str, ...]:
    """Random 4x4x4 turns in WCA-style notation: outer ``R``, wide ``Rw`` (two layers), inner
    slice ``2R``; suffix ``'`` or ``2``; never two turns about the same face in a row."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    out: list[str] = []
    last = None
    for _ in range(length):
        face = rng.choice([f for f in FACES if f != last])
        last = face
        kind = rng.choice(["", "", "w", "2"])
        name = f"2{face}" if kind == "2" else face + kind
        out.append(name + rng.choice(["", "'", "2"]))
    return tuple(out)


def move4_transform(token: str) -> Transform:
    """The sticker transform of one 4x4x4 turn token (see :func:`random_scramble4`)."""
    t = token
    turns = 1
    if t.endswith("'"):
        turns, t = 3, t[:-1]
    elif t.endswith("2") and len(t) > 1 and not t[:-1].isdigit():
        turns, t = 2, t[:-1]
    if t.startswith("2"):
        face, layers = t[1:], MOVE_LAYERS["2"]
    elif t.endswith("w"):
        face, layers = t[:-1], MOVE_LAYERS["w"]
    else:
        face, layers = t, MOVE_LAYERS[""]
    if face not in FACES:
        raise ValueError(f"bad 4x4x4 move {token!r}")
    source, twist = turn_table(N, face, layers, turns)
    return Transform(source, twist)


def apply4(state: CubeState, moves: tuple[str, ...] | list[str]) -> CubeState:
    """A 4x4x4 state after turn tokens."""
    for m in moves:
        state = state.transformed(move4_transform(m))
    return state
