"""A face photo's face moved a row or a column where the cell model sees more digits there.

The one-face locator (:func:`vision.locate.detect.find_face`) can place a face a row or a
column off: on a small, dim face the stickers beside it (the next face's, or the body's
grooves) pass for its own. The face's reading already holds the cell model's probability
of a digit in each cell (:attr:`vision.reading.faces.FaceReading.digit_seen`); a face on its
stickers shows nearly nine. Where it shows a cell's digit fewer, the four placements one row
or column aside are read by the model too (:func:`vision.recognise.digits_seen.digits_seen`),
and one that shows at least one cell's digit more than the face found
(:data:`vision.locate.digit_count.MORE_DIGITS`) is where the face lies. A plain cube's
face, on which the model sees fewer than half the digits, is left where it was found
(:func:`vision.reading.faces.read_face`): it has no digits of its own, and print beside it
may have some.
"""
from __future__ import annotations

import numpy as np

from ..locate.digit_count import MORE_DIGITS, DigitsSeen
from ..locate.face_geometry import FaceGeometry
from ..locate.hypotheses import SHIFTS


def moved(geometry: FaceGeometry, du: int, dv: int) -> FaceGeometry:
    """The face placed ``du`` columns and ``dv`` rows along its own lattice; a sticker seen
    keeps its flag where it stays on the face."""
    hom = geometry.homography @ np.array([[1.0, 0, du], [0, 1.0, dv], [0, 0, 1]])
    found = [False] * 9
    for i, seen in enumerate(geometry.found):
        r, c = divmod(i, 3)
        if seen and 0 <= r - dv <= 2 and 0 <= c - du <= 2:
            found[3 * (r - dv) + c - du] = True
    return FaceGeometry.of(hom, tuple(found))


def surer_place(image: np.ndarray, geometry: FaceGeometry, digits: float,
                seen: DigitsSeen) -> FaceGeometry | None:
    """The placement one row or column aside of the face ``geometry`` locates in which the
    cell model sees :data:`MORE_DIGITS` or more digits than ``digits`` (the face's own
    count), the most such; None when none does, or when the face already shows nearly all
    nine."""
    if digits > 9 - MORE_DIGITS:
        return None
    aside = [moved(geometry, du, dv) for du, dv in SHIFTS]  # a column, then a row aside
    counts = seen(image, aside)
    best = int(np.argmax(counts))
    return aside[best] if counts[best] - digits >= MORE_DIGITS else None


__all__ = ["moved", "surer_place"]
