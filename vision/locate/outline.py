"""The face's outline: each edge sticker of a lattice must end where a sticker ends.

A cell's contrast is judged on the sides it shares with other cells
(:func:`vision.locate.face_cues.cell_contrast`): the face's outline is a step to whatever lies
beyond it, not a groove. So a lattice placed a row off the face, over the ground or a finger
beyond it, is framed on its inner sides by the face's rim as well as a row of stickers is,
and under a flash's hot spot, whose glare washes out the face's own row, it may outrank the
face. What tells them apart is the outer side: a sticker ends, so going outward from the gap
beside its digit, within a short band, the picture steps away from the sticker's plateau
(down to the body's rim or a groove, or, where a dark sticker reaches nearly to the body's
edge, up to a light ground); over the ground beyond a cube, a finger or a side face's
slivers, where a lattice a row off puts an edge, it stays nearly level. The step is sought
from the sticker's own edge outward, over :data:`BAND`, not at a fixed share of the pitch:
the stickers of some cubes reach nearly to the body's edge, others end well inside it.
"""
from __future__ import annotations

import numpy as np

from .lattice_sampling import homogeneous, spaced

BAND = spaced(0.34, 0.62, 0.02)
"""How far from an edge cell's centre (pitches) its sticker's edge is sought outward: from
just past its digit's end and the gap beside it (a digit is at most two thirds of a sticker
tall) to past where a sticker ends (0.41 to 0.47) with a lattice a little off, samples about
a pixel or two apart on a face of ordinary size, so a body's thin rim is met."""

_ALONG = np.array([-0.2, 0.0, 0.2])
"""Where along each outer side the edge is sought: three lines across it, the middle one of
them counting (a finger or a glare spot across one of them does not decide)."""

_SIDES = tuple((c, r, dx, dy) for r in range(3) for c in range(3)
               for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1))
               if not (0 <= c + dx <= 2 and 0 <= r + dy <= 2))
"""The face's outer sides: (column, row, and the outward step) of each edge cell's side that
faces no other cell, twelve in all (a corner cell has two)."""

_CELL = np.array([3 * r + c for c, r, _, _ in _SIDES])
"""The cell each outer side belongs to."""

POINTS = homogeneous(np.array([[c + dx * t + dy * a, r + dy * t + dx * a]
                               for c, r, dx, dy in _SIDES for a in _ALONG for t in BAND]))
"""The lattice points (homogeneous) the outline is sampled at: for each outer side, along each
of its :data:`_ALONG` lines, outward over :data:`BAND`."""

EDGE_STEP = 0.15
"""An edge cell whose outer side steps by less than this over :data:`BAND` (the largest
difference of its samples there, relative to the cell's plateau, as a cell's contrast is)
shows no sticker's edge there: its contrast is at most that step (:func:`outlined`). A
sticker's edge steps by 0.2 to 1 and more (to a dark rim or groove, or a light ground); the
ground, a finger or a side face's slivers beyond a lattice a row off the face, under a
tenth."""


def outlined(contrast: np.ndarray, level: np.ndarray, samples: np.ndarray, floor: float
             ) -> np.ndarray:
    """Each cell's ``contrast`` (K, 9) of K lattices, an edge cell's lowered to the step its
    outer sides show (:data:`EDGE_STEP`) where that is less, from one picture's ``level`` in
    each cell (K, 9: its plateau) and its ``samples`` at :data:`POINTS` (K, points): each
    side's step is the largest difference between the samples on each line across it, the
    middle of the three lines counting; ``floor`` is added to the plateau, as for the
    contrast (:data:`vision.locate.face_cues.FLOOR`). Outside the picture a sample reads 0, a
    step: the face's edge may lie at the picture's. A lattice whose twelve outer sides are all
    level keeps its contrast: white stickers on a white body on white paper step by about
    0.05 all round, yet are a face; a lattice a row off a face steps where it crosses the
    face's rim or the picture's edge on at least one side."""
    k = len(samples)
    lines = samples.reshape(k, len(_SIDES), len(_ALONG), len(BAND))
    rise = np.median(lines.max(axis=3) - lines.min(axis=3), axis=2)
    at = level[:, _CELL]
    step = rise / (at + floor)
    out = contrast.copy()
    flat = step < EDGE_STEP
    flat &= ~flat.all(axis=1, keepdims=True)  # level all round: white on white, no row off
    shown = np.where(flat, step, np.inf)
    for j, cell in enumerate(_CELL):
        out[:, cell] = np.minimum(out[:, cell], shown[:, j])
    return out
