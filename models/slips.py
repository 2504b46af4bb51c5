"""Finding the slip: which likely mistakes turn the expected cube into the one photographed.

A person following a plan by hand turns a face the wrong way, the wrong face, a half turn for a
quarter, skips or repeats a step, or picks the cube up turned. :func:`find_slip` starts from the
plan at the step reached, replays the last few steps with every such slip put in (one, or two at
different steps), and keeps the resulting states whose faces agree with what was seen: one or
more faces, each nine stickers with the scored alternatives of a reading (typed tokens are
certain). States are compared as the eye sees them: a symmetric digit turned 180 degrees, and
an un-underlined 6 and 9 turned 180 degrees, look the same. One state left: the slip is
named and a repair plan from the real cube is verified on the model. Several: the face that
splits them best is asked for next. None: the cube is not near the plan.

Pure: states and moves in, a :class:`Verdict` out. The replay runs on numpy arrays, every
candidate state of one window at once, so a check takes milliseconds.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Iterable, Mapping, Sequence

import numpy as np

from .geometry import (FACE_NAMES, FACES, NORMAL, VIEW_UP, apply_rotation, face_of_normal,
                       facelet_index, facelets, rotation_of, whole_cube_rotations)
from .moves import OPPOSITE, Move, format_moves, invert_moves, move_transform, simplify
from .profile import CubeSettings
from .solved import is_solved
from .state import CubeState
from .stickers import Hypothesis, Sticker
from .transform import Transform

WINDOW = 5
"""Slips are looked for at the step reached and the ``WINDOW - 1`` steps before it."""
MISREAD = 1e-3
"""Likelihood of a sticker that none of the reading's alternatives matches (a misread)."""
SLIP_PRIOR = math.log(0.2)
"""Log-odds added per slip: of two explanations that fit equally, the one with fewer slips
ranks first (it still needs :data:`MARGIN` over the other to be believed alone)."""
MARGIN = math.log(50.0)
"""A state is believed alone when every other state scores at least this much lower."""
AHEAD_STEPS = 2
"""The person may have gone on this many steps past the one the guide shows."""

KIND_ORDER = ("none", "ahead", "direction", "amount", "skip", "repeat", "face", "held")
"""Slip kinds from the most to the least likely, to pick the words for a state that several
explanations reach."""


@dataclass(frozen=True)
class Slip:
    """One mistake at plan step ``step`` (1-based): what was done instead of ``planned``.

    ``kind``: ``direction`` (a quarter turn the other way), ``amount`` (half for quarter or
    quarter for half), ``face`` (another face turned), ``skip``, ``repeat``, ``held`` (the whole
    cube turned before the step and held that way since: ``rotation`` indexes
    :func:`geometry.whole_cube_rotations`) or ``ahead`` (the step was already made).
    """

    kind: str
    step: int
    planned: Move
    done: tuple[Move, ...] = ()
    rotation: int | None = None

    def describe(self) -> str:
        """What happened, in words a person can check against their memory."""
        p, name = self.planned, FACE_NAMES[self.planned.face]
        head = f"step {self.step} ({p})"
        if self.kind == "ahead":
            return f"{head} was already made: you are further on than the guide showed"
        if self.kind == "skip":
            return f"{head} was skipped"
        if self.kind == "repeat":
            return f"{head} was made twice"
        d = self.done[0] if self.done else p
        if self.kind == "direction":
            was, now = ("clockwise", "anticlockwise") if p.turns == 1 else \
                ("anticlockwise", "clockwise")
            return f"{head} was turned {now} instead of {was} ({d} instead of {p})"
        if self.kind == "amount":
            if d.turns == 2:
                return f"{head} was turned a half turn instead of a quarter turn ({d} instead of {p})"
            way = "clockwise" if d.turns == 1 else "anticlockwise"
            return f"{head} was turned only a quarter turn {way} instead of a half turn " \
                   f"({d} instead of {p})"
        if self.kind == "face":
            why = " (the cube was probably held the other way round)" \
                if d.face == OPPOSITE[p.face] else ""
            return (f"{head}: the {FACE_NAMES[d.face]} face was turned instead of the {name} "
                    f"face ({d} instead of {p}){why}")
        if self.kind == "held":
            front, top = rotation_words(self.rotation or 0)
            return (f"before step {self.step} the whole cube was turned and held that way: the "
                    f"face that was {front} is now in front and the face that was {top} is on "
                    f"top")
        return f"{head}: {self.kind}"


@dataclass(frozen=True)
class Explanation:
    """Slips (none, one or two) and the state they lead to, as seen now."""

    slips: tuple[Slip, ...]
    state: CubeState
    rotation: int
    """Whole-cube rotation (index into :func:`geometry.whole_cube_rotations`) between the plan's
    frame and the way the cube is held now; 0 = as the plan says."""
    score: float = 0.0

    def describe(self) -> str:
        """The slips in words, or that the cube is as expected."""
        if not self.slips:
            return "the cube is as the plan expects"
        return "; ".join(s.describe() for s in self.slips)


@dataclass(frozen=True)
class Verdict:
    """The answer of a check.

    ``outcome``: ``"as expected"``, ``"found"`` (one state explains what was seen: ``best``),
    ``"ambiguous"`` (``candidates`` explain it; photograph ``ask_face`` next) or ``"none"``.
    ``repair``: for ``found``, the moves that take the real cube to solved (verified).
    """

    outcome: str
    best: Explanation | None = None
    candidates: tuple[Explanation, ...] = ()
    ask_face: str | None = None
    repair: tuple[Move, ...] = ()
    stats: dict = field(default_factory=dict, compare=False)

    def message(self) -> str:
        """What to tell the person."""
        if self.outcome == "as expected":
            return "The cube matches the plan at this step."
        if self.outcome == "found":
            assert self.best is not None
            text = f"Found the slip: {self.best.describe()}."
            if self.best.rotation:
                text += " Keep holding the cube the way it is now."
            return text + f" New plan from here ({len(self.repair)} moves): " \
                          f"{format_moves(self.repair)}"
        if self.outcome == "ambiguous":
            options = "; ".join(c.describe() for c in self.candidates[:4])
            more = f" (and {len(self.candidates) - 4} more)" if len(self.candidates) > 4 else ""
            return (f"{len(self.candidates)} slips fit what was seen: {options}{more}. Show "
                    f"me the {FACE_NAMES[self.ask_face or 'F']} face ({self.ask_face}) to tell "
                    "them apart.")
        return ("No likely slip explains this face: the cube is further from the plan than one "
                "or two mistakes. Check that the face was shown the right way up; otherwise "
                "scan the whole cube again (sudoku-cube scan) and start a new plan.")


# --- whole-cube rotations --------------------------------------------------------------------

@cache
def rotation_transform(index: int) -> Transform:
    """The sticker transform of turning the whole cube by rotation ``index``."""
    rot = whole_cube_rotations()[index]
    where = facelet_index(3)
    size = 54
    source, twist = [0] * size, [0] * size
    for f in facelets(3):
        pos, normal = apply_rotation(rot, f.pos), apply_rotation(rot, f.normal)
        dst = where[(pos, normal)]
        source[dst] = f.index
        twist[dst] = rotation_of(apply_rotation(rot, VIEW_UP[f.face]), face_of_normal(normal))
    return Transform(tuple(source), tuple(twist))


@cache
def identity_rotation() -> int:
    """Index of the rotation that changes nothing."""
    return next(i for i in range(24) if rotation_transform(i).is_identity())


@cache
def tilts() -> tuple[int, ...]:
    """The whole-cube turns a person makes by tilting the cube about one axis: a quarter or half
    turn about the x, y or z axis (9 of the 23 rotations that move the cube)."""
    axes = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    rots = whole_cube_rotations()
    return tuple(i for i, rot in enumerate(rots) if i != identity_rotation()
                 and any(apply_rotation(rot, a) == a for a in axes))


def rotated_face(index: int, face: str) -> str:
    """Where face ``face`` ends up after whole-cube rotation ``index``."""
    return face_of_normal(apply_rotation(whole_cube_rotations()[index], NORMAL[face]))


def rotation_words(index: int) -> tuple[str, str]:
    """For a rotation: the old name of the face now in front, and of the face now on top."""
    back = {rotated_face(index, f): f for f in FACES}
    return FACE_NAMES[back["F"]], FACE_NAMES[back["U"]]


def relabel_moves(index: int, moves: Iterable[Move]) -> tuple[Move, ...]:
    """The same turns named in the frame of a cube turned by rotation ``index``."""
    return tuple(Move(rotated_face(index, m.face), m.turns) for m in moves)


@cache
def compose_rotations(a: int, b: int) -> int:
    """The rotation index of rotation ``a`` followed by ``b``."""
    t = rotation_transform(a).then(rotation_transform(b))
    return next(i for i in range(24) if rotation_transform(i) == t)


# --- the slips of one step ---------------------------------------------------------------------

def step_slips(step: int, planned: Move) -> list[tuple[Slip, Transform, int]]:
    """Every single slip at one plan step: the slip, what was done instead (a transform) and
    the whole-cube rotation it leaves (identity unless the cube was turned and held)."""
    return [(replace(s, step=step), t, r) for s, t, r in _move_slips(planned)]


@cache
def _move_slips(planned: Move) -> tuple[tuple[Slip, Transform, int], ...]:
    """:func:`step_slips` of one move, at step 0 (computed once per move)."""
    step = 0
    ident = identity_rotation()
    out: list[tuple[Slip, Transform, int]] = []

    def turn(kind: str, done: tuple[Move, ...]) -> None:
        t = Transform.identity(54)
        for m in done:
            t = t.then(move_transform(m))
        out.append((Slip(kind, step, planned, done), t, ident))

    if planned.turns != 2:
        turn("direction", (planned.inverse(),))
        turn("amount", (Move(planned.face, 2),))
    else:
        turn("amount", (Move(planned.face, 1),))
        turn("amount", (Move(planned.face, 3),))
    for face in FACES:
        if face == planned.face:
            continue
        turn("face", (Move(face, planned.turns),))
        if face == OPPOSITE[planned.face] and planned.turns != 2:
            turn("face", (Move(face, 4 - planned.turns),))
    turn("skip", ())
    turn("repeat", (planned, planned))
    for r in tilts():
        t = rotation_transform(r).then(move_transform(planned))
        out.append((Slip("held", step, planned, (planned,), r), t, r))
    return tuple(out)


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


def _seq(moves: Sequence[Move]) -> Transform:
    t = Transform.identity(54)
    for m in moves:
        t = t.then(move_transform(m))
    return t


def look_key(d: np.ndarray, r: np.ndarray, settings: CubeSettings) -> np.ndarray:
    """Per sticker a code of what the eye sees: a symmetric digit's 180 degree twin, and an
    un-underlined 9 as a 6 turned 180 degrees, get the same code."""
    d = d.astype(np.int16).copy()
    r = r.astype(np.int16).copy()
    if not settings.underlined_69:
        nine = d == 9
        d[nine], r[nine] = 6, (r[nine] + 2) % 4
    for s in settings.symmetric:
        sym = d == s
        r[sym] %= 2
    return d * 4 + r


# --- what was seen -----------------------------------------------------------------------------

def face_table(cands: Sequence[Sequence[Hypothesis]], settings: CubeSettings) -> np.ndarray:
    """Log-likelihood of every possible sticker (look code 0..39) at each of 9 cells."""
    table = np.full((9, 40), math.log(MISREAD))
    for c, hyps in enumerate(cands):
        for h in hyps:
            p = 1.0 if h.score is None else max(float(h.score), MISREAD)
            code = int(look_key(np.array([h.sticker.digit]), np.array([h.sticker.rot]),
                                settings)[0])
            table[c, code] = max(table[c, code], math.log(p))
        top = table[c].max()
        table[c] -= top  # best alternative = 0: a cell that is read right costs nothing
    return table


def certain(stickers: Sequence[Sticker]) -> tuple[tuple[Hypothesis, ...], ...]:
    """Typed stickers as a reading whose alternatives are certain."""
    return tuple((Hypothesis(s, None),) for s in stickers)


# --- the search ---------------------------------------------------------------------------------

@dataclass
class _Batch:
    digits: np.ndarray
    rots: np.ndarray
    slips: list[tuple[Slip, ...]]
    rotations: list[int]
    priors: np.ndarray
    """Each explanation's :func:`slip_prior`."""


def _candidates(start: CubeState, moves: Sequence[Move], done: int, window: int) -> _Batch:
    """Every state that no slip, one slip or two slips in the window lead to."""
    ident = identity_rotation()
    prefix_d, prefix_r = _arrays(start)
    befores = []  # state before each step (0-based index i = before move i)
    d, r = prefix_d, prefix_r
    for m in moves[:done]:
        befores.append((d, r))
        d, r = _apply(d, r, move_transform(m))
    expected = (d, r)
    first = max(0, done - window)
    out_d, out_r, slips, rots = [expected[0][None]], [expected[1][None]], [()], [ident]
    priors = [np.zeros(1)]
    # ahead: the next steps were already made
    ad, ar = expected
    for k in range(done, min(done + AHEAD_STEPS, len(moves))):
        ad, ar = _apply(ad, ar, move_transform(moves[k]))
        out_d.append(ad[None])
        out_r.append(ar[None])
        slips.append((Slip("ahead", k + 1, moves[k]),))
        rots.append(ident)
        priors.append(np.array([KIND_SHARE_AHEAD]))
    singles = {i: step_slips(i + 1, moves[i]) for i in range(first, done)}
    one = {i: np.array([slip_prior((s,)) for s, _, _ in singles[i]]) for i in singles}
    for i in range(first, done):
        opts = singles[i]
        bd, br = befores[i]
        sd, sr = _apply_each(bd[None], br[None], [t for _, t, _ in opts])
        td, tr = _apply(sd, sr, _seq(moves[i + 1:done]))
        out_d.append(td)
        out_r.append(tr)
        slips.extend((s,) for s, _, _ in opts)
        rots.extend(rot for _, _, rot in opts)
        priors.append(one[i])
        for j in range(i + 1, done):
            md, mr = _apply(sd, sr, _seq(moves[i + 1:j]))
            later = singles[j]
            dd, dr = _apply_each(md, mr, [t for _, t, _ in later])
            dd, dr = _apply(dd, dr, _seq(moves[j + 1:done]))
            out_d.append(dd)
            out_r.append(dr)
            for s1, _, r1 in opts:
                for s2, _, r2 in later:
                    slips.append((s1, s2))
                    rots.append(compose_rotations(r1, r2))
            priors.append(np.outer(one[i], one[j]).ravel() * TWO_SLIPS)
    return _Batch(np.concatenate(out_d), np.concatenate(out_r), slips, rots,
                  np.concatenate(priors))


def _rank(slips: tuple[Slip, ...]) -> tuple:
    """Sort key: fewer slips, likelier kinds, later steps first."""
    return (len(slips), [KIND_ORDER.index(s.kind) for s in slips], [-s.step for s in slips])


def best_face(groups: Sequence[np.ndarray], weights: Sequence[float],
              seen: Iterable[str]) -> str:
    """The face not yet seen that is likeliest to settle the question: for each face, the
    states (``groups``: look keys, ``weights``: how likely each explanation is) that would be
    believed alone if that face showed their look (every other state with that look at least
    :data:`MARGIN` less likely), summed by weight; ties go to the face that leaves the smallest
    chance that two states still look alike."""
    keys = np.asarray(groups)
    w = np.array(weights, dtype=float)
    _, first, state_of = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    state_of = state_of.ravel()
    sw = np.zeros(len(first))
    np.maximum.at(sw, state_of, w)  # a state is as likely as its likeliest explanation
    sw = sw / sw.sum()
    skeys = keys[first]
    best, best_face_ = None, None
    for face in FACES:
        if face in seen:
            continue
        k = FACES.index(face) * 9
        _, part = np.unique(skeys[:, k:k + 9], axis=0, return_inverse=True)
        part = part.ravel()
        top = np.zeros(part.max() + 1)
        np.maximum.at(top, part, sw)
        is_top = sw == top[part]
        second = np.zeros_like(top)
        np.maximum.at(second, part[~is_top], sw[~is_top])
        ties = np.bincount(part[is_top], minlength=len(top)) > 1
        alone = (top >= second * math.exp(MARGIN)) & ~ties
        settled = float(top[alone].sum())
        collide = float((np.bincount(part, weights=sw) ** 2).sum())
        key = (round(settled, 9), -collide)
        if best is None or key > best:
            best, best_face_ = key, face
    return best_face_ or "F"


def find_slip(start: CubeState, moves: Sequence[Move], done: int,
              seen: Mapping[str, Sequence[Sequence[Hypothesis]]],
              settings: CubeSettings = CubeSettings(), *, window: int = WINDOW,
              repair: bool = True) -> Verdict:
    """Explain the faces ``seen`` (face letter -> 9 cells of scored alternatives, as the cube
    is held now) after ``done`` steps of ``moves`` from ``start``.

    Returns a :class:`Verdict`; for ``found`` with ``repair`` it carries a plan from the real
    state that is verified on the model to solve it.
    """
    t0 = time.perf_counter()
    if not seen:
        raise ValueError("find_slip needs at least one face")
    start = start.without_candidates()
    moves = tuple(moves)
    done = max(0, min(done, len(moves)))
    batch = _candidates(start, moves, done, window)
    keys = look_key(batch.digits, batch.rots, settings)
    score = np.zeros(len(keys))
    for face, cells in seen.items():
        k = FACES.index(face) * 9
        table = face_table(cells, settings)
        score += table[np.arange(9)[None, :], keys[:, k:k + 9]].sum(axis=1)
    nslips = np.array([len(s) for s in batch.slips])
    total = score + SLIP_PRIOR * nslips
    # one entry per look: the best explanation of each distinct state
    near = np.nonzero(total >= total.max() - 3 * MARGIN)[0]
    order = sorted(near.tolist(), key=lambda i: (-total[i], _rank(batch.slips[i])))
    groups: dict[bytes, int] = {}
    for i in order:
        b = keys[i].tobytes()
        if b not in groups:
            groups[b] = i
    reps = list(groups.values())
    stats = {"candidates": len(keys), "search_ms": round(1000 * (time.perf_counter() - t0), 1)}
    top = reps[0]
    misread = math.log(MISREAD)
    # "none": even the best state disagrees with two or more stickers' readings
    if score[top] < 1.5 * misread:
        return Verdict("none", stats=stats)
    close = [i for i in reps if total[i] >= total[top] - MARGIN]
    expl = [_explanation(start, moves, done, batch, i, total[i]) for i in close]
    if len(close) == 1 or batch.slips[top] == () and score[top] > misread / 2:
        if not batch.slips[top]:
            return Verdict("as expected", best=expl[0], stats=stats)
        verdict = Verdict("found", best=expl[0], stats=stats)
        if repair:
            verdict = _with_repair(verdict, start, moves, done, settings)
        verdict.stats["check_ms"] = round(1000 * (time.perf_counter() - t0), 1)
        return verdict
    weights = [math.exp(total[i] - total[top]) for i in close]
    ask = best_face([keys[i] for i in close], weights, seen)
    stats["check_ms"] = round(1000 * (time.perf_counter() - t0), 1)
    return Verdict("ambiguous", candidates=tuple(expl), ask_face=ask, stats=stats)


def _explanation(start: CubeState, moves: Sequence[Move], done: int, batch: _Batch, i: int,
                 score: float) -> Explanation:
    stickers = tuple(Sticker(int(d), int(r)) for d, r in zip(batch.digits[i], batch.rots[i]))
    return Explanation(batch.slips[i], CubeState(stickers), batch.rotations[i], float(score))


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


def repair_moves(moves: Sequence[Move], done: int, slips: Sequence[Slip]) -> tuple[Move, ...]:
    """Moves that bring the real cube back on the plan and finish it: undo what was really
    done since the first slip, then make the plan's steps from there, all named in the frame
    the cube is held in now; simplified (turns that cancel are dropped)."""
    made, first, rot = performed(moves, done, slips)
    rest = relabel_moves(rot, moves[first:])
    return simplify(invert_moves(made) + rest)


def _with_repair(verdict: Verdict, start: CubeState, moves: Sequence[Move], done: int,
                 settings: CubeSettings) -> Verdict:
    assert verdict.best is not None
    fix = repair_moves(moves, done, verdict.best.slips)
    real = verdict.best.state
    if not is_solved(real.apply(fix), settings.symmetric):
        raise AssertionError(f"slip repair {format_moves(fix)!r} does not solve the real cube")
    stats = dict(verdict.stats)
    stats["repair_verified"] = True
    return Verdict(verdict.outcome, verdict.best, verdict.candidates, verdict.ask_face, fix,
                   stats)


def expected_state(start: CubeState, moves: Sequence[Move], done: int) -> CubeState:
    """The cube as the plan expects it after ``done`` steps."""
    return start.without_candidates().apply(tuple(moves)[:done])


def slip_transform(slip: Slip) -> Transform:
    """What was done at the slipped step, as a sticker transform."""
    t = rotation_transform(slip.rotation) if slip.kind == "held" and slip.rotation is not None \
        else Transform.identity(54)
    return t.then(_seq(slip.done))


def slipped_state(start: CubeState, moves: Sequence[Move], done: int,
                  slips: Sequence[Slip]) -> CubeState:
    """The real cube after ``done`` steps of ``moves`` made with ``slips`` (steps 1-based)."""
    by_step = {s.step - 1: s for s in slips if s.kind != "ahead"}
    t = Transform.identity(54)
    for i, m in enumerate(tuple(moves)[:done]):
        t = t.then(slip_transform(by_step[i]) if i in by_step else move_transform(m))
    for s in slips:
        if s.kind == "ahead":
            t = t.then(_seq(tuple(moves)[done:s.step]))
    return start.without_candidates().transformed(t)


SLIP_KINDS = ("direction", "amount", "face", "tilt", "skip", "repeat", "held")
"""Kinds a test or benchmark puts in: ``tilt`` is a ``face`` slip on the opposite face."""


def random_slip(rng, step: int, planned: Move, kind: str | None = None) -> Slip:
    """A random slip of ``kind`` (random when None) at plan step ``step`` (1-based)."""
    kinds = [k for k in SLIP_KINDS if not (k == "direction" and planned.turns == 2)]
    kind = kind if kind is not None else rng.choice(kinds)
    options = [s for s, _, _ in step_slips(step, planned)]
    if kind == "tilt":
        pick = [s for s in options if s.kind == "face" and s.done[0].face == OPPOSITE[planned.face]]
    elif kind == "face":
        pick = [s for s in options if s.kind == "face" and s.done[0].face != OPPOSITE[planned.face]]
    else:
        pick = [s for s in options if s.kind == kind]
    if not pick:
        raise ValueError(f"no {kind} slip for {planned}")
    return rng.choice(pick)


KIND_SHARE_AHEAD = 0.1
"""Prior of "the next step was already made", against 1 for each kind of slip at a step."""
TWO_SLIPS = 0.01
"""Prior factor of a pair of slips against the product of their single priors: one slip is
far likelier than two."""


def slip_kind(slip: Slip) -> str:
    """The kind of mistake a person makes: a ``face`` slip on the opposite face is ``tilt``
    (the cube held the other way round), a different mistake from turning a neighbour."""
    if slip.kind == "face" and slip.done and slip.done[0].face == OPPOSITE[slip.planned.face]:
        return "tilt"
    return slip.kind


@cache
def _kind_options(planned: Move, kind: str) -> int:
    return sum(1 for s, _, _ in step_slips(1, planned) if slip_kind(s) == kind)


def slip_prior(slips: Sequence[Slip]) -> float:
    """Prior weight of an explanation before any face is seen: each kind of mistake at a step
    is as likely as another, shared among its variants (one of 9 tilts of a held cube is not 9
    times likelier than a turn the wrong way); two slips get :data:`TWO_SLIPS`; no slip 0 (it
    needs no face to settle: a face as the plan expects is believed)."""
    def one(s: Slip) -> float:
        kind = slip_kind(s)
        return KIND_SHARE_AHEAD if kind == "ahead" else 1.0 / _kind_options(s.planned, kind)
    if not slips:
        return 0.0
    weight = math.prod(one(s) for s in slips)
    return weight * TWO_SLIPS if len(slips) > 1 else weight


CORNER_A = ("U", "F", "R")
"""The faces corner photo A shows at once (U on top, the U-F-R corner towards the camera)."""


def look_shares(keys: np.ndarray, weights: Sequence[float],
                looks: Sequence[Sequence[str]]) -> list[tuple[float, float]]:
    """For each look (a tuple of faces seen together), the prior weight of the states it
    settles alone and the chance that two states still look alike on it.

    ``keys`` are the look keys of the candidate explanations (row 0 the plan's own state),
    ``weights`` their priors. A look settles a state when no other state looks the same on its
    faces (states that look alike there, such as an opposite face's turn, stay open) and the
    plan's state looks different (else the look reads "as expected"); a state is as likely as
    all its explanations together. With typed faces this is exactly when :func:`find_slip`
    believes that state alone, so the settled weight is the chance that the look identifies
    the slip by itself."""
    codes = face_codes(keys)
    state_of = _group(codes)
    sw = np.bincount(state_of, weights=np.asarray(weights, dtype=float))
    sw = sw / (sw.sum() or 1.0)
    first = np.zeros(len(sw), dtype=np.int64)
    first[state_of[::-1]] = np.arange(len(state_of))[::-1]  # one row of each state
    scodes = codes[first]
    out = []
    for faces in looks:
        part = _group(scodes[:, [FACES.index(f) for f in faces]])
        alone = np.bincount(part)[part] == 1
        alone[part == part[state_of[0]]] = False
        collide = float((np.bincount(part, weights=sw) ** 2).sum())
        out.append((float(sw[alone].sum()), collide))
    return out


def face_codes(keys: np.ndarray) -> np.ndarray:
    """Each face's nine look codes (0..39, six bits each) packed into one integer: (N, 6)."""
    k = keys.astype(np.int64).reshape(len(keys), 6, 9)
    return (k << (6 * np.arange(9, dtype=np.int64))).sum(axis=2)


def _group(cols: np.ndarray) -> np.ndarray:
    """Group ids (0..G-1) of the rows of ``cols`` (N, C): equal rows, equal ids."""
    ids = np.zeros(len(cols), dtype=np.int64)
    for c in range(cols.shape[1]):
        _, col = np.unique(cols[:, c], return_inverse=True)
        _, ids = np.unique(ids * (col.max() + 1) + col.ravel(), return_inverse=True)
        ids = ids.ravel()
    return ids


def first_face(keys: np.ndarray, weights: Sequence[float]) -> str:
    """The single face likeliest to settle a check alone, chosen from the plan before any
    photo (:func:`look_shares` of each face); ties go to the face that leaves the smallest
    chance that two states still look alike."""
    shares = look_shares(keys, weights, [(f,) for f in FACES])
    return max(zip(FACES, shares), key=lambda fs: (round(fs[1][0], 9), -fs[1][1]))[0]


@dataclass(frozen=True)
class FirstLook:
    """What to look at first in a check, chosen from the plan alone.

    ``face``: the single face (nine stickers, typed or one photo) likeliest to settle the check
    by itself, ``face_share`` that chance; ``corner_share``: the same chance for corner photo A
    (U, F and R in one photo, 27 stickers). Both are the model's expectations, weighted by the
    prior of each slip (:func:`slip_prior`)."""

    face: str
    face_share: float
    corner_share: float

    @property
    def corner_first(self) -> bool:
        """Whether corner photo A tells more than the best single face (when photos can be
        taken, it is asked for first)."""
        return self.corner_share > self.face_share + 1e-9


def first_look(start: CubeState, moves: Sequence[Move], done: int,
               settings: CubeSettings = CubeSettings(), *, window: int = WINDOW) -> FirstLook:
    """The first look of a check at step ``done``: among the plan's state and the states that
    one or two slips in the window lead to, weighted by :func:`slip_prior`, the single face and
    corner photo A with their chances of singling out the real state alone."""
    batch = _candidates(start.without_candidates(), tuple(moves), done, window)
    keys = look_key(batch.digits, batch.rots, settings)
    shares = look_shares(keys, batch.priors, [(f,) for f in FACES] + [CORNER_A])
    best = max(range(len(FACES)), key=lambda i: (round(shares[i][0], 9), -shares[i][1]))
    return FirstLook(FACES[best], round(shares[best][0], 4), round(shares[-1][0], 4))


def suggest_face(start: CubeState, moves: Sequence[Move], done: int,
                 settings: CubeSettings = CubeSettings(), *, window: int = WINDOW) -> str:
    """The single face to look at first (:func:`first_look`)."""
    return first_look(start, moves, done, settings, window=window).face
