"""Which of two fits of a corner photo's three faces places their cells on the digits: the
learned cell model's count of the cells that hold one
(:class:`vision.locate.digit_count.DigitsSeen`, handed in by the reading stage).

The last resorts of a corner photo (:func:`vision.locate.corners.faces.pooled_corner`'s
caller) can find the same corner twice: fitted to the digits alone, and fitted to every
pass's sticker shapes and digits together. Either can be the one a fraction of a pitch off,
a steep face drawn wider or narrower than it is, and neither who proposed a fit nor how far
apart the two lie tells which. The fit whose cells the cell model sees more digits in is the
one the reader can read.

The same count places the whole cube modelled from one face where its other faces frame no
sticker (:func:`cube_of_digits`), and tells a model placed off the cube
(:func:`digits_seen_on`).
"""
from __future__ import annotations

import numpy as np

from ..digit_count import MORE_DIGITS, DigitsSeen
from ..face_geometry import MIDWAY, FaceGeometry
from .glyph_cells import gather
from .glyphs import glyph_marks
from .groups import CANDIDATES
from .joint import joint_fit
from .lattice import ENOUGH_CELLS, PLACED_OFF, TO_NET, Lattice, Quad, snap
from .model import focal_guesses, other_faces


RANKED = 2 * CANDIDATES
"""Candidates whose nine cells are read in :func:`by_digits`, of those whose middle cell
holds a digit most surely: twice those among which the corner is sought, so the three faces
rank there whatever shifted lattices share their middles."""


def geometry_of(lat: Lattice) -> FaceGeometry:
    """A corner lattice in the vocabulary of a single face (sticker centres at 0..2)."""
    return FaceGeometry.of(lat.H @ TO_NET)


def surer_fit(image: np.ndarray, one: list[Lattice], other: list[Lattice],
              seen: DigitsSeen) -> list[Lattice]:
    """Of two fits of the same faces (up to three), ``one`` unless the cell model sees
    :data:`MORE_DIGITS` or more digits in the cells of ``other`` (:data:`DigitsSeen`)."""
    n = len(one[:3])
    counts = seen(image, [geometry_of(lat) for lat in one[:3] + other[:3]])
    return other if counts[n:].sum() - counts[:n].sum() >= MORE_DIGITS else one


def by_digits(image: np.ndarray, lats: list[Lattice], seen: DigitsSeen) -> list[Lattice]:
    """``lats`` ordered by the digits the cell model sees on their cells, most first (equal
    counts keep their order). Every face's middle cell holds a digit: the middle cells of
    all are read first, and the nine cells of the :data:`RANKED` whose middles hold one
    most surely."""
    faces = [geometry_of(lat) for lat in lats]
    middles = seen(image, faces, small=True, middle=True)
    first = np.argsort(-middles, kind="stable")[:RANKED]
    counts = seen(image, [faces[i] for i in first], small=True)
    return [lats[first[i]] for i in np.argsort(-counts, kind="stable")]


def digits_seen_on(image: np.ndarray, lats: list[Lattice], seen: DigitsSeen | None) -> bool:
    """True when the cell model (``seen``) sees digits in at least
    :data:`vision.locate.corners.lattice.ENOUGH_CELLS` cells of each face of ``lats``, or
    without ``seen``. A model of the whole cube built from one face can frame the grain of a
    dim photo, or a ground's pattern, as stickers on the faces it extrapolates; their cells
    hold no digits."""
    if seen is None:
        return True
    counts = seen(image, [geometry_of(lat) for lat in lats[:3]])
    return bool(counts.min() >= ENOUGH_CELLS)


def cube_of_digits(image: np.ndarray, anchors: list[Lattice], quads: list[Quad],
                   seen: DigitsSeen) -> list[Lattice]:
    """The whole cube modelled from one found face (each of ``anchors`` at each focal length
    worth trying, :func:`vision.locate.corners.model.focal_guesses`) whose two other faces
    the cell model (``seen``) sees the most digits on, where it sees
    :data:`vision.locate.corners.lattice.ENOUGH_CELLS` on each of the three; else []. Each
    predicted face is snapped to the sticker candidates ``quads`` on its cells. The model of
    :mod:`vision.locate.corners.whole` chooses its focal length, and is believed, by the
    stickers its faces frame; a white body's light grooves under a camera's grain, or a side
    face in shade, frame none, and that model places the side faces anywhere, while their
    digits still show where the cube is. A face found alike by several sticker passes is
    modelled from once, and each found face's digits are counted once, whatever the focal
    length. Where the best model shows too few digits on a face, the three are moved onto the
    photo's glyphs (:func:`on_digits`, :func:`vision.locate.corners.glyphs.glyph_marks`) and
    counted again: one face fixes the model's focal length loosely, and a small cube's side
    face, extrapolated from its top, can lie a third of a sticker off its digits."""
    found: dict[bytes, Lattice] = {}
    for anchor in anchors:
        found.setdefault(anchor.H.tobytes(), anchor)
    faces = list(found.values())
    models = [(i, [Lattice(*snap(H, quads, MIDWAY), (-1, -1)) for H in others])
              for i, face in enumerate(faces) for f in focal_guesses(face.H, image.shape)
              if len(others := other_faces(face.H, f, image.shape)) == 2]
    if not models:
        return []
    own = seen(image, [geometry_of(face) for face in faces])
    sides = seen(image, [geometry_of(lat) for _, pair in models for lat in pair]).reshape(-1, 2)
    best = int(np.argmax(sides.sum(axis=1)))
    i, pair = models[best]
    three = [faces[i], *pair]
    if min(own[i], sides[best].min()) >= ENOUGH_CELLS:
        return three
    moved = on_digits(image, three, glyph_marks(image), seen)
    if moved is three or seen(image, [geometry_of(lat) for lat in moved]).min() < ENOUGH_CELLS:
        return []
    return moved


ROUNDS = 3
"""Most times :func:`on_digits` gathers the faces' digits and fits them again: each round can
move a face only as far as the marks within reach of its cells pull it."""


def on_digits(image: np.ndarray, lats: list[Lattice], quads: list[Quad], seen: DigitsSeen
              ) -> list[Lattice]:
    """Three faces placed from glyph-like marks (``quads``) moved onto their digits: each
    face's cells gather the marks within :data:`vision.locate.corners.lattice.PLACED_OFF`
    of them, kept only on cells in which the cell model (``seen``) more likely sees a digit
    than not, and the three are fitted together again through them as one box
    (:func:`vision.locate.corners.joint.joint_fit`), up to :data:`ROUNDS` times, until
    no face's marks change. A ground's pattern beyond a face's far edge can line up with its
    digits, and a face fitted through those marks lies stretched over the ground, its far
    row off its stickers; the cell model sees no digit there, and the face's own digits lie
    near enough to be gathered once it is fitted without them. Kept where the cell model
    sees :data:`MORE_DIGITS` more digits in the new faces' cells, else ``lats``."""
    start = lats[:3]
    faces = start
    first = seen(image, [geometry_of(lat) for lat in faces], cells=True)
    digit = first
    for _ in range(ROUNDS):
        held = [_held(lat, quads, p) for lat, p in zip(faces, digit)]
        if all(map(_same_marks, held, faces)):
            break
        fit = joint_fit(held)
        if fit is None:
            break
        faces = fit[0]
        digit = seen(image, [geometry_of(lat) for lat in faces], cells=True)
    if faces is start or digit.sum() - first.sum() < MORE_DIGITS:
        return lats
    return faces + lats[3:]


def _same_marks(one: Lattice, other: Lattice) -> bool:
    """Whether two placements of a face rest on the same marks, cell by cell."""
    return {k: id(q) for k, q in one.cells.items()} == {k: id(q) for k, q in other.cells.items()}


def _held(lat: Lattice, quads: list[Quad], digit: np.ndarray) -> Lattice:
    """``lat`` with the marks on its cells (within
    :data:`vision.locate.corners.lattice.PLACED_OFF`) as its cells, but those on a cell
    whose ``digit`` probability (row by row: cell (column, row) at 3 row + column) is below
    one half."""
    cells = {(c, r): q for (c, r), q in gather(quads, lat.H, PLACED_OFF).items()
             if digit[3 * r + c] >= 0.5}
    return Lattice(lat.H, cells, lat.directions)


__all__ = ["ROUNDS", "RANKED", "by_digits", "cube_of_digits", "digits_seen_on", "geometry_of",
           "on_digits", "surer_fit"]
