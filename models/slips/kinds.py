"""The slips a person makes at one plan step, and how likely each kind is before anything is seen.

A face turned the wrong way, a half turn for a quarter, another face (turned as the step says,
or any other way), a step skipped or made twice, the cube picked up turned and held that way,
or a step already made: :class:`Slip` names one, :func:`step_slips` lists every slip of a step
with what was done instead, and :func:`slip_prior` weighs an explanation (each kind of mistake
equally likely, another face turned another way half as likely, two slips far less likely than
one). Benchmarks and tests put slips in with :func:`random_slip`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cache
from typing import Sequence

from ..cube.cube_rotations import identity_rotation, rotation_transform, rotation_words, tilts
from ..cube.geometry import FACE_NAMES, FACE_PLACES, FACES
from ..cube.moves import OPPOSITE, Move, move_transform, sequence_transform
from ..cube.transform import Transform

KIND_ORDER = ("none", "ahead", "direction", "amount", "skip", "repeat", "face", "face_turn",
              "held")
"""Slip kinds from the most to the least likely, to pick the words for a state that several
explanations reach."""


@dataclass(frozen=True)
class Slip:
    """One mistake at plan step ``step`` (1-based): what was done instead of ``planned``.

    ``kind``: ``direction`` (a quarter turn the other way), ``amount`` (half for quarter or
    quarter for half), ``face`` (another face turned as much as the step says, or the opposite
    face the other way), ``face_turn`` (another face turned another way: by another amount, or
    a quarter turn the other way), ``skip``, ``repeat``, ``held`` (the whole
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
        p, name = self.planned, FACE_PLACES[self.planned.face]
        head = f"step {self.step} ({p})"
        if self.kind == "ahead":
            return (f"{head} was already made, and every step before it: you are further on "
                    "than the guide showed")
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
                return (f"{head} was turned a half turn instead of a quarter turn "
                        f"({d} instead of {p})")
            way = "clockwise" if d.turns == 1 else "anticlockwise"
            return f"{head} was turned only a quarter turn {way} instead of a half turn " \
                   f"({d} instead of {p})"
        if self.kind == "face":
            why = " (the cube was probably held the other way round)" \
                if d.face == OPPOSITE[p.face] else ""
            return (f"{head}: the {FACE_PLACES[d.face]} face was turned instead of the {name} "
                    f"face ({d} instead of {p}){why}")
        if self.kind == "face_turn":
            return (f"{head}: the {FACE_PLACES[d.face]} face was turned {turn_words(d)} instead "
                    f"of the {name} face {turn_words(p)} ({d} instead of {p})")
        if self.kind == "held":
            return (f"before step {self.step} the whole cube was turned and held that way: "
                    f"{held_words(self.rotation or 0)}")
        return f"{head}: {self.kind}"


def held_words(rotation: int) -> str:
    """Where the faces of a cube turned by ``rotation`` and held so are now: "the face that
    was back is now in front and the face that was down is on top"; a face that kept its
    place is said to stay there ("the front face stays in front and the face that was left
    is now on top")."""
    front, top = rotation_words(rotation)
    return " and ".join((
        "the front face stays in front" if front == FACE_NAMES["F"] else
        f"the face that was {front} is now in front",
        "the top face stays on top" if top == FACE_NAMES["U"] else
        f"the face that was {top} is now on top"))


def turn_words(move: Move) -> str:
    """How far and which way ``move`` turns its face: "a quarter turn clockwise", "a half
    turn"."""
    if move.turns == 2:
        return "a half turn"
    return "a quarter turn " + ("clockwise" if move.turns == 1 else "anticlockwise")


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
        out.append((Slip(kind, step, planned, done), sequence_transform(done), ident))

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
    made = {s.done for s, _, _ in out if s.kind == "face"}
    for face in FACES:  # every other single turn of another face: last, so the rest keep place
        for turns in (1, 2, 3):
            if face != planned.face and (Move(face, turns),) not in made:
                turn("face_turn", (Move(face, turns),))
    return tuple(out)


ALONE_KINDS = frozenset({"face_turn"})
"""Kinds looked for only as the one slip of an explanation, never in a pair: each step has
twice as many slips with them, and pairs of them would double the states of a check while
explaining little (two slips, one of them two mistakes at once)."""

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
KIND_SHARE_FACE_TURN = 0.5
"""Prior of "another face turned another way" (``face_turn``), against 1 for each kind of slip
at a step: two things wrong at once (the face and how far or which way), so less likely than a
face turned as the step says; still well above two slips (:data:`TWO_SLIPS`)."""
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
    times likelier than a turn the wrong way), another face turned another way half as likely
    (:data:`KIND_SHARE_FACE_TURN`); two slips get :data:`TWO_SLIPS`; no slip 0 (it
    needs no face to settle: a face as the plan expects is believed)."""
    def one(s: Slip) -> float:
        kind = slip_kind(s)
        if kind == "ahead":
            return KIND_SHARE_AHEAD
        share = KIND_SHARE_FACE_TURN if kind == "face_turn" else 1.0
        return share / _kind_options(s.planned, kind)
    if not slips:
        return 0.0
    weight = math.prod(one(s) for s in slips)
    return weight * TWO_SLIPS if len(slips) > 1 else weight


def slip_transform(slip: Slip) -> Transform:
    """What was done at the slipped step, as a sticker transform."""
    t = rotation_transform(slip.rotation) if slip.kind == "held" and slip.rotation is not None \
        else Transform.identity(54)
    return t.then(sequence_transform(slip.done))
