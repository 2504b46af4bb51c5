"""Which way a glyph points, read from its counters (the holes its ink encloses).

A digit with two counters (the 8's bowls) looks nearly the same turned half round, and to
template matching and the HOG model nearly the same in its quarter turns too, once blur has
rounded it. Its counters still tell: they lie on the digit's long axis and, in nearly every
font, serif or sans, the upper one is the smaller. :func:`counter_vector` measures that as a
vector in the picture: its direction the way from the larger counter to the smaller, its
length the evidence (the log of their area ratio, weakened by how dimly the smaller counter
shows the paper, so a blurred glyph whose upper bowl is closing gives little).

Which classes the cue speaks for is not named here: :func:`class_counter_vectors` measures
the same vector on each class's templates, so any digit whose templates show two counters
gets rotation evidence (:func:`counter_logits`: the dot product of the cell's vector with its
class's) and every other class none. The evidence moves shares among a digit's turns only
(:func:`vision.recognise.evidence.turned`): it says which way the glyph points, not which digit it
is.
"""
from __future__ import annotations

import cv2
import numpy as np

from ..numeric import TINY
from .classes import N_CLASSES

COUNTER_SHARE = 0.01
"""A hole smaller than this share of the ink's bounding box is a speck of noise (a pinhole
where the stroke is thin), not a counter."""
MAX_RATIO = 4.0
"""Two counters of which one is more than this many times the other are not a digit's bowls
(a bowl and a hole torn in a stroke)."""

_UP_RIGHT = np.array([[0.0, -1.0], [1.0, 0.0]])
"""Picture offsets (x right, y down) -> (up, right) components."""


def counters(body: np.ndarray) -> tuple[list[float], list[np.ndarray], np.ndarray]:
    """The holes of an ink mask larger than :data:`COUNTER_SHARE` of its bounding box, largest
    first: their area shares of the bounding box, their centroids (x, y) in pixels, and a
    label image (the mask's shape; hole k of the lists is labelled k + 1, all else 0). A
    hole is paper enclosed by ink (4-connected, as the ink is 8-connected)."""
    labels = np.zeros(body.shape, np.int32)
    ink = np.ascontiguousarray(body, bool)
    x0, y0, w, h = cv2.boundingRect(ink.view(np.uint8))  # the ink's box
    if w == 0:
        return [], [], labels
    x1, y1 = x0 + w, y0 + h
    crop = ink[y0:y1, x0:x1]
    paper = np.pad(~crop, 1, constant_values=True).astype(np.uint8)
    n, lab, stats, centres = cv2.connectedComponentsWithStats(paper, connectivity=4)
    box = float(crop.size)
    keep = sorted((k for k in range(1, n) if k != lab[0, 0]
                   and stats[k, cv2.CC_STAT_AREA] >= COUNTER_SHARE * box),
                  key=lambda k: -stats[k, cv2.CC_STAT_AREA])
    inner = lab[1:-1, 1:-1]
    for j, k in enumerate(keep):
        labels[y0:y1, x0:x1][inner == k] = j + 1
    return ([stats[k, cv2.CC_STAT_AREA] / box for k in keep],
            [centres[k] + (x0 - 1, y0 - 1) for k in keep], labels)


def openness(grey: np.ndarray, body: np.ndarray, hole: np.ndarray) -> float:
    """How clearly a counter is open, 0..1: the brightest level inside it between the ink's
    level (0) and the paper's (1), on ``grey`` (dark ink, the cell's brightness). A sharp
    counter shows the paper; one that blur is closing only rises a little above the ink's
    threshold, so its area is mostly set by that threshold and by noise."""
    ink = float(np.median(grey[body]))
    paper = float(np.median(grey[~body]))
    if paper - ink <= TINY:
        return 0.0
    return float(np.clip((grey[hole].max() - ink) / (paper - ink), 0.0, 1.0))


def counter_vector(body: np.ndarray, grey: np.ndarray) -> np.ndarray:
    """(up, right) components of the way from a glyph's larger counter to its smaller one,
    scaled by the evidence that this is the way its top points: the log of their area ratio
    times the square of the smaller counter's :func:`openness` (both the ratio and how
    sharply the counter is cut matter: a blurred glyph whose upper bowl is closing gives
    little). Zero unless the ink mask ``body`` has exactly two counters, neither more than
    :data:`MAX_RATIO` times the other. ``grey``: the cell (or glyph image) with dark ink, the
    mask's shape; a colour image is read on its brightest channel (HSV V), as the ink is."""
    areas, centres, labels = counters(body)
    if len(areas) != 2 or areas[0] > MAX_RATIO * areas[1]:
        return np.zeros(2)
    way = _UP_RIGHT @ (centres[1] - centres[0])
    norm = float(np.linalg.norm(way))
    if norm < TINY:
        return np.zeros(2)
    level = grey.max(axis=2) if grey.ndim == 3 else grey
    clear = openness(level.astype(np.float64), body.astype(bool), labels == 2)
    return way / norm * np.log(areas[0] / areas[1]) * clear ** 2


def class_counter_vectors(images: np.ndarray, classes: np.ndarray) -> np.ndarray:
    """(36, 2): per class (index (digit-1)*4 + rot) the unit mean direction of the
    :func:`counter_vector` of its template ``images`` (ink near 1, cut at half), zero for a
    class whose templates show no two counters (or whose directions cancel)."""
    out = np.zeros((N_CLASSES, 2))
    vecs = np.array([counter_vector(img > 0.5, 1.0 - img) for img in images]).reshape(-1, 2)
    for c in np.unique(classes):
        mean = vecs[classes == c].mean(axis=0)
        norm = float(np.linalg.norm(mean))
        if norm > TINY:
            out[c] = mean / norm
    return out


def counter_logits(cell: np.ndarray, by_class: np.ndarray) -> np.ndarray:
    """(36,) evidence of a cell's :func:`counter_vector` for each class: its component along
    the class's direction (``by_class``, from :func:`class_counter_vectors`), so positive
    where the counters lie as in the class's templates, as negative for the class turned half
    round, about zero for its quarter turns and zero for a class whose templates show no two
    counters."""
    return by_class @ cell
