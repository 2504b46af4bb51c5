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
"""The cell each outer side belongs to (a corner cell's two sides one after the other)."""

_EDGE_CELLS, _FIRST_SIDE = np.unique(_CELL, return_index=True)
"""The eight edge cells, and where each one's outer sides start among :data:`_SIDES`."""

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
tenth. Where the face's stickers are framed faintly, less (:data:`FAINT_EDGE`)."""

FAINT_EDGE = 1 / 3
"""Where a face's stickers are framed faintly, their outline steps faintly too: an edge cell
shows no sticker's edge where its outer side steps by less than :data:`EDGE_STEP` or this
share of the lattice's typical cell's contrast (the median of its nine on the same picture),
whichever is less. White stickers on a white body on white paper are framed by a hairline
groove (contrast about 0.1 on the value channel) and step by 0.06-0.07 at their outer sides:
a face, held to the step its own grooves make. A lattice a row off a face, over the ground
beyond it, frames its cells with the face's rim as a row of stickers is (0.2-0.5) and
steps by 0.03-0.05 there: held to :data:`EDGE_STEP`. A third, not a half: the white-on-white
outline's step is two thirds of its grooves', and noise and JPEG move it by a hundredth or
two."""


def outlined(contrast: np.ndarray, level: np.ndarray, samples: np.ndarray, floor: float,
             beyond: np.ndarray) -> np.ndarray:
    """Each cell's ``contrast`` (K, 9) of K lattices, an edge cell's lowered to the step its
    outer sides show where that is too small for a sticker's edge (:data:`EDGE_STEP`,
    :data:`FAINT_EDGE`), from one picture's ``level`` in each cell (K, 9: its plateau) and its
    ``samples`` at :data:`POINTS` (K, points): each side's step is the largest difference
    between the samples on each line across it, the middle of the three lines counting;
    ``floor`` is added to the plateau, as for the contrast
    (:data:`vision.locate.face_cues.FLOOR`). A line with a sample outside the picture
    (``beyond``, K x points) counts as a step: the face may end at the picture's edge, or
    beyond it, where nothing can show it level. One rule for every face: what a sticker's
    edge must step by is measured against how the lattice's own cells are framed, so a
    white cube on white paper is held to its faint grooves and a lattice a row off a
    plainly framed face to a sticker's edge."""
    k = len(samples)
    lines = samples.reshape(k, len(_SIDES), len(_ALONG), len(BAND))
    cut = beyond.reshape(lines.shape).any(axis=3)
    rise = np.median(np.where(cut, np.inf, lines.max(axis=3) - lines.min(axis=3)), axis=2)
    step = rise / (level[:, _CELL] + floor)
    typical = np.partition(contrast, 4, axis=1)[:, 4:5]  # the median of the nine
    flat = step < np.minimum(EDGE_STEP, FAINT_EDGE * typical)
    shown = np.minimum.reduceat(np.where(flat, step, np.inf), _FIRST_SIDE, axis=1)
    out = contrast.copy()
    out[:, _EDGE_CELLS] = np.minimum(out[:, _EDGE_CELLS], shown)
    return out
