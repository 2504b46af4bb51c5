"""Watch mode: is the camera shown another corner of the cube than corner A?

The watch reads every frame as corner view A (the top, front and right faces). A person who
holds another corner to the camera (the bottom, back and left faces; or the right corner
turned, the front face on top) gives frames that fit no slip of the plan, and the watch would
stop as lost. :func:`other_corner` tells such a frame: the three faces read fit the cube as
the plan has it now, turned in the hand so that another corner faces the camera, clearly
better than they fit corner A. A real slip leaves the centres where they are, and changes at
most a layer's stickers, so it fits corner A better than any other corner.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np

from ...models.cube.cube_rotations import identity_rotation, rotated_face, rotation_transform
from ...models.cube.geometry import FACES
from ...models.cube.state import CubeState
from ...models.cube.stickers import Hypothesis
from ...models.profile import CubeSettings
from ...models.slips.looks import MISREAD, face_table, look_key

CORNER_A = ("U", "F", "R")
"""The faces of corner view A, in the order the watch names them: top, front, right."""
FITS = 3
"""At most this many stickers of the three faces may disagree with another corner's faces
(misreads: a finger, a blurred frame) for the frame to count as that corner."""
BETTER = 6
"""Another corner counts only when at least this many more stickers disagree with corner A's
faces than with its own: a slip at corner A changes the stickers of one or two layers but
never the centres, so it cannot pass for another corner."""


@dataclass(frozen=True)
class OtherCorner:
    """A frame that shows another corner: ``faces`` are the faces of the cube, as the plan
    names them, seen where the top, front and right faces should be; ``rotation`` the
    whole-cube turn (:func:`models.cube.geometry.whole_cube_rotations`) that brings them
    there."""

    faces: tuple[str, str, str]
    rotation: int

    @property
    def turned(self) -> bool:
        """Corner A itself held turned (the front or right face on top)."""
        return set(self.faces) == set(CORNER_A)


def _score(state: CubeState, tables: Mapping[str, np.ndarray], settings: CubeSettings
           ) -> tuple[float, bool]:
    """Log-likelihood of the faces read (``tables``, face -> :func:`face_table`) if they were
    ``state``'s faces, and whether every centre read fits."""
    total, centres = 0.0, True
    for face, table in tables.items():
        stickers = state.face(face)
        keys = look_key(np.array([s.digit for s in stickers]), np.array([s.rot for s in stickers]),
                        settings)
        cells = table[np.arange(9), keys]
        total += float(cells.sum())
        centres &= bool(cells[4] > math.log(MISREAD) / 2)
    return total, centres


def other_corner(states: Sequence[CubeState], seen: Mapping[str, Sequence[Sequence[Hypothesis]]],
                 settings: CubeSettings = CubeSettings()) -> OtherCorner | None:
    """The other corner of the cube that the faces ``seen`` (read as corner view A: face
    letter -> 9 scored cells) show, for the cube as the plan has it now (``states``: before
    and after the step to make), or None: the frame fits corner A, or no corner clearly.

    It counts when the three centres read fit that corner's, at most :data:`FITS` stickers
    disagree, and at least :data:`BETTER` more disagree with corner A's faces of every state.
    """
    if not states or states[0].n != 3 or not seen:  # whole-cube turns: 3x3x3 only
        return None
    tables = {f: face_table(cells, settings) for f, cells in seen.items() if f in FACES}
    misread = -math.log(MISREAD)  # what one sticker that disagrees costs
    at_a = max(_score(s, tables, settings)[0] for s in states)
    best: tuple[float, int] | None = None
    for rot in range(24):
        if rot == identity_rotation():
            continue
        t = rotation_transform(rot)
        for s in states:
            score, centres = _score(s.transformed(t), tables, settings)
            if centres and score >= -FITS * misread and (best is None or score > best[0]):
                best = (score, rot)
    if best is None or best[0] - at_a < BETTER * misread:
        return None
    back = {rotated_face(best[1], f): f for f in FACES}
    return OtherCorner(tuple(back[f] for f in CORNER_A), best[1])  # type: ignore[arg-type]

