"""What to look at first in a slip check, chosen from the plan before anything is seen.

Among the plan's state and the states one or two slips lead to, each weighted by its prior
(:func:`slip_kinds.slip_prior`), :func:`first_look` finds the single face and corner photo A
(U, F and R at once) with their chances of singling out the real state alone
(:func:`look_shares`). The guide and ``check --suggest`` ask for corner photo A first when it
tells more, and offer the best face to type.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..cube.geometry import FACES
from ..cube.moves import Move
from ..cube.state import CubeState
from ..profile import CubeSettings
from .looks import look_key
from .one_face import one_face_doubts
from .replay import WINDOW, candidates

CORNER_A = ("U", "F", "R")
"""The faces corner photo A shows at once (U on top, the U-F-R corner towards the camera)."""


def look_shares(keys: np.ndarray, weights: Sequence[float],
                looks: Sequence[Sequence[str]],
                doubts: np.ndarray | None = None) -> list[tuple[float, float]]:
    """For each look (a tuple of faces seen together), the prior weight of the states it
    settles alone and the chance that two states still look alike on it.

    ``keys`` are the look keys of the candidate explanations (row 0 the plan's own state),
    ``weights`` their priors. A look settles a state when no other state looks the same on its
    faces (states that look alike there, such as an opposite face's turn, stay open) and the
    plan's state looks different (else the look reads "as expected"); a state is as likely as
    all its explanations together. ``doubts`` (:func:`one_face.one_face_doubts`): for each
    explanation and face, whether that face alone leaves it in doubt; a face alone settles no
    state all of whose explanations it leaves so. With typed faces this is exactly when
    :func:`slips.find_slip` believes that state alone, so the settled weight is the chance
    that the look identifies the slip by itself."""
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
        if doubts is not None and len(faces) == 1:  # states no explanation is sure of there
            sure = np.bincount(state_of, weights=~doubts[:, FACES.index(faces[0])],
                               minlength=len(sw))
            alone &= sure > 0
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
    return FACES[_best_single(shares)]


def _best_single(shares: Sequence[tuple[float, float]]) -> int:
    """Index of the face whose look settles most (:func:`look_shares`, one entry per face in
    :data:`geometry.FACES` order first); ties go to the one with the smaller collision chance,
    then to the first."""
    return max(range(len(FACES)), key=lambda i: (round(shares[i][0], 9), -shares[i][1]))


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
               settings: CubeSettings = CubeSettings(), *, window: int = WINDOW,
               shown_made: bool = False) -> FirstLook:
    """The first look of a check at step ``done``: among the plan's state and the states that
    one or two slips in the window lead to, weighted by :func:`slip_prior`, the single face and
    corner photo A with their chances of singling out the real state alone (a face alone not
    where it leaves the state in doubt, :func:`one_face.one_face_doubts`). ``shown_made``:
    the step after ``done`` (the one the guide shows) may have been made before the check
    too, so the states the slips in the window lead to with it made count as well."""
    start = start.without_candidates()
    batch = candidates(start, tuple(moves), done, window)
    keys = look_key(batch.digits, batch.rots, settings)
    priors, slips = batch.priors, list(batch.slips)
    if shown_made and done < len(moves):  # less its first row, the plan's: made ahead above
        made = candidates(start, tuple(moves), done + 1, window)
        keys = np.concatenate([keys, look_key(made.digits[1:], made.rots[1:], settings)])
        priors = np.concatenate([priors, made.priors[1:]])
        slips += made.slips[1:]
    shares = look_shares(keys, priors, [(f,) for f in FACES] + [CORNER_A],
                         one_face_doubts(keys, slips, settings))
    best = _best_single(shares)
    return FirstLook(FACES[best], round(shares[best][0], 4), round(shares[-1][0], 4))
