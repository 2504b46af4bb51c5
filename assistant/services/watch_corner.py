"""Watch mode: is the camera shown another corner of the cube than corner A?

The watch reads every frame as corner view A (the top, front and right faces). A person who
holds another corner to the camera (the bottom, back and left faces; or corner A turned, the
front face on top) gives frames that fit no slip of the plan, or fit only a made-up one (the
whole cube turned, two slips in a row), and the watch would stop or plan again for nothing.
:func:`other_corner` tells such a frame: the three faces read fit the cube as the plan has it
(before or after the step to make), turned in the hand so that another corner faces the
camera, with at most :data:`FITS` of their 27 stickers off, and clearly better than they fit
corner A. What keeps a real slip from passing for another corner is that count over all 27
stickers, not the centres alone: a slip that turns a face in view turns its centre too, but
it leaves that face's other stickers and the rest of the cube as planned, and no whole-cube
turn of the planned cube matches that to within three stickers (a turned cube shows three
other faces, or the same faces in other places). The check is for the 3x3x3 cube only.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping, Sequence

import numpy as np

from ...models.cube.cube_rotations import identity_rotation, rotated_face, rotation_transform
from ...models.cube.geometry import FACES
from ...models.cube.state import CubeState
from ...models.cube.stickers import Hypothesis, Sticker
from ...models.profile import CubeSettings
from ...models.slips.looks import MISREAD, face_table, state_look

CORNER_A = ("U", "F", "R")
"""The faces of corner view A, in the order the watch names them: top, front, right."""
FITS = 3
"""At most this many of the 27 stickers in view may disagree with another corner's faces
(misreads: a finger, a blurred frame) for the frame to count as that corner."""
BETTER = 6
"""Another corner counts only when at least this many more stickers disagree with corner A's
faces than with its own."""
ROTATIONS = tuple(r for r in range(24) if r != identity_rotation())
"""The whole-cube turns that bring another corner (or corner A turned) to the camera."""


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


@lru_cache(maxsize=16)
def _look_keys(stickers: tuple[Sticker, ...], settings: CubeSettings) -> np.ndarray:
    """The look keys (:func:`~...models.slips.looks.state_look`) of every face of the 3x3x3
    cube ``stickers``, as it is and turned by each of :data:`ROTATIONS`: an array (1 + 23, 6
    faces, 9 cells). Cached: the plan's cube changes once a step, the frames come many a
    second."""
    state = CubeState(stickers)
    turned = [state] + [state.transformed(rotation_transform(r)) for r in ROTATIONS]
    keys = [state_look(t, settings) for t in turned]
    return np.stack(keys).reshape(len(turned), 6, 9)


def other_corner(states: Sequence[CubeState], seen: Mapping[str, Sequence[Sequence[Hypothesis]]],
                 settings: CubeSettings = CubeSettings()) -> OtherCorner | None:
    """The other corner of the cube that the faces ``seen`` (read as corner view A: face
    letter -> 9 scored cells) show, for the cube as the plan has it now (``states``: before
    and after the step to make), or None: the frame fits corner A, or no corner clearly.

    It counts when the three centres read fit that corner's, at most :data:`FITS` stickers
    disagree, and at least :data:`BETTER` more disagree with corner A's faces of every state.
    """
    faces = [f for f in seen if f in FACES]
    if not states or states[0].n != 3 or not faces:  # whole-cube turns: 3x3x3 only
        return None
    rows = [FACES.index(f) for f in faces]
    tables = np.stack([face_table(seen[f], settings) for f in faces])  # (faces, 9, 40)
    face_ix, cell_ix = np.arange(len(faces))[None, :, None], np.arange(9)[None, None, :]
    misread = -math.log(MISREAD)  # what one sticker that disagrees costs
    at_a, best = -math.inf, None
    for s in states:
        cells = tables[face_ix, cell_ix, _look_keys(s.stickers, settings)[:, rows]]
        scores = cells.sum(axis=(1, 2))  # (24,): as planned, then each turn
        centres = (cells[:, :, 4] > math.log(MISREAD) / 2).all(axis=1)
        at_a = max(at_a, float(scores[0]))
        ok = np.flatnonzero(centres[1:] & (scores[1:] >= -FITS * misread))
        if ok.size:
            i = int(ok[np.argmax(scores[1:][ok])])
            if best is None or scores[1 + i] > best[0]:
                best = (float(scores[1 + i]), ROTATIONS[i])
    if best is None or best[0] - at_a < BETTER * misread:
        return None
    back = {rotated_face(best[1], f): f for f in FACES}
    return OtherCorner(tuple(back[f] for f in CORNER_A), best[1])  # type: ignore[arg-type]
