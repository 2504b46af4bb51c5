"""What a found face is: its lattice homography, outline and which stickers were seen, and
the refusal raised when a photo shows no usable face."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...models.errors import SudokuCubeError

CENTRES = np.array([[c, r] for r in range(3) for c in range(3)], np.float64)
"""A lattice's nine cell centres (column, row), row by row: lattice units put them at 0..2."""

LINES = np.arange(-0.5, 3)
"""Where a lattice's lines lie on either axis (lattice units): half a pitch either side of
each cell centre, the face's two edges outermost (-0.5 and 2.5) and the grooves between its
cells (0.5 and 1.5) between them."""

GROOVE_LINES = LINES[1:-1]
"""The lattice's inner lines, the grooves between its cells (either axis)."""

MIDWAY = 0.25
"""Half way (pitches) from a cell's centre to its edge: a point this far from a lattice line
lies on the cell beside it, clear of the line and of the cell's middle (its digit); a point
further than this from a sticker's centre, toward its edge, is nearer the groove beyond it
than that centre."""

OUTLINE = np.array([[LINES[0], LINES[0]], [LINES[-1], LINES[0]], [LINES[-1], LINES[-1]],
                    [LINES[0], LINES[-1]]])
"""The face's outline in lattice units: its corners top-left, top-right, bottom-right,
bottom-left (:attr:`FaceGeometry.quad`)."""


@dataclass(frozen=True)
class SeenShape:
    """A shape taken for a sticker in a refused photo: its centre and side as fractions of the
    picture's width (so that any copy of the photo, downscaled or not, can show it), and
    whether it lined up with others in the grid that came closest to a face."""

    x: float
    y: float
    side: float
    lined_up: bool


CELL_SIDE = 0.8
"""A sticker's side drawn for a lattice cell in a refused photo's picture, in pitches (the
grooves take the rest)."""


def lattice_seen(hom: np.ndarray, width: float, centres: np.ndarray = CENTRES
                 ) -> tuple[SeenShape, ...]:
    """The cells of a lattice that a refusal names (``hom``: lattice -> pixels of a picture
    ``width`` wide; ``centres``: its cell centres in lattice units, a single face's by
    default) as lined-up shapes for the refused photo's debug picture, each
    :data:`CELL_SIDE` of the pitch there: where the finder placed a face it did not accept."""
    pts = project(hom, centres)
    side = CELL_SIDE * pitch(hom) / width
    return tuple(SeenShape(float(x) / width, float(y) / width, side, True) for x, y in pts)


class PhotoRefusal(SudokuCubeError):
    """A photo in which the face (or a corner photo's three faces) could not be placed.

    ``seen``: the shapes taken for stickers, where the refusal knows them (for the debug
    picture of the refused photo); ``photo``: the file, set by the reader that opened it. Each
    message says how to take the photo again (:attr:`SudokuCubeError.advises`)."""

    advises = True

    def __init__(self, message: str, seen: tuple[SeenShape, ...] = ()) -> None:
        super().__init__(message)
        self.seen = seen
        self.photo: str | None = None


class FaceNotFoundError(PhotoRefusal):
    """No usable 3x3 face in a photo; the message says which problem (none, two, partial)."""


TWO_FACES_ADVICE = ("photograph a single face straight on, or read a photo of the cube's "
                    "corner (three faces) as corner photo A or B (named A.jpg or B.jpg)")
"""What to do about a photo that shows two faces: it is often a corner view, which the
reader takes as a corner photo."""

NO_CUBE_ADVICE = ("photograph one face of the cube sharply so it fills about half of the "
                  "picture, in even light")
"""What to do about a photo that shows no cube face at all."""


@dataclass(frozen=True)
class FaceGeometry:
    """Where the face is: ``homography`` maps lattice coordinates (column, row), sticker
    centres at 0..2, to image pixels; ``quad`` is the outline (top-left, top-right,
    bottom-right, bottom-left) in image pixels; ``found`` marks which of the 9 stickers
    were seen (the others were filled in from the lattice)."""

    homography: np.ndarray
    quad: np.ndarray
    found: tuple[bool, ...]

    @classmethod
    def of(cls, homography: np.ndarray, found: tuple[bool, ...] = (True,) * 9
           ) -> "FaceGeometry":
        """The face a lattice ``homography`` places, its outline projected from the lattice;
        ``found`` as the class says (every sticker seen by default: a face placed whole)."""
        return cls(homography, project(homography, OUTLINE), found)

    def cell_centres(self) -> np.ndarray:
        """Image positions of the 9 sticker centres, row by row."""
        return project(self.homography, CENTRES)


def project(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Apply a homography to (N, 2) points."""
    p = np.hstack([pts, np.ones((len(pts), 1))]) @ h.T
    return p[:, :2] / p[:, 2:3]


def scale_homography(h: np.ndarray, s: float) -> np.ndarray:
    """The homography followed by scaling the image by ``s``."""
    return np.diag([s, s, 1.0]) @ h


def pitch(hom: np.ndarray) -> float:
    """The lattice's pitch in pixels at its first cell (0 for a degenerate lattice)."""
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        p = project(hom, np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]))
        (ax, ay), (bx, by) = p[1] - p[0], p[2] - p[0]
        pitch = float(np.sqrt(abs(ax * by - ay * bx)))
    return pitch if np.isfinite(pitch) else 0.0
