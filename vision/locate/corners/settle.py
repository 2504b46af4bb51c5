"""Settling a corner-photo face placed from few stickers onto the grooves of the picture.

A face whose lattice was fitted to most of its own stickers lies within a few hundredths of a
sticker of the truth. A face rebuilt from its neighbours, or fitted to a handful of stickers
(a steep side face, blur, dark digits biting the outlines), can lie a sixth to a fifth of a
sticker off, enough to cut the digits' edges off the cells the classifier sees. On a dark
body every sticker is framed by a darker groove, so the face is moved, corner by corner, to
where the band just inside its cells' borders is lightest against the borders themselves
(:func:`settled`), the border line running along the middle of the grooves. Faces on a light body
(light grooves) or of dark stickers (their light digits, not a sticker plateau, fill the cells) are
left as they are.
"""
from __future__ import annotations

import cv2
import numpy as np

from ..lattice_sampling import sample
from ...polarity import polarity_votes, value_channel
from .check import INNER_INSET, MIN_STEP, band, pitch_of

FIRST_STEP = 0.08
"""The first corner move tried, in sticker pitches; each further step halves it
(:data:`STEPS`)."""

STEPS = tuple(FIRST_STEP / 2 ** k for k in range(3))
"""Corner moves tried, in sticker pitches, coarse to fine (also those of the whole-cube
model's refinement, :func:`vision.locate.corners.whole.refine`)."""

ROUNDS = 4
"""Moves per step size at most (each takes the best of the 16 single-corner moves)."""

_NET = np.array([[0, 0], [3, 0], [3, 3], [0, 3]], np.float32)
_CELLS = np.array([(u, v) for v in range(3) for u in range(3)], np.float64)


SIDE_POINTS = 6
"""Points per side of a cell on each band that :func:`framing` averages."""
_INNER = (_CELLS[:, None, :] + band(INNER_INSET, SIDE_POINTS)[None]).reshape(-1, 2)
"""Every cell's band just inside its border, between the groove and the digit
(:data:`vision.locate.corners.check.INNER_RING`)."""
_BORDER = (_CELLS[:, None, :] + band(0.0, SIDE_POINTS)[None]).reshape(-1, 2)
"""Every cell's border line, along the middle of the grooves."""


def value_for(image: np.ndarray, pitch: float) -> np.ndarray:
    """The V channel (max of B, G, R) as float32, smoothed a little for a sticker pitch of
    ``pitch`` pixels (grain and JPEG blocks)."""
    v = value_channel(image).astype(np.float32)
    return cv2.GaussianBlur(v, (0, 0), pitch / 25)


def framing(v: np.ndarray, Hs: np.ndarray) -> np.ndarray:
    """Per lattice of the stack ``Hs`` (K, 3, 3; lattice 0..3 to image) and cell, (K, 9): how
    much lighter the band just inside the cell's border is than the border line (means: they
    change smoothly as the lattice moves, where medians step)."""
    n = len(_INNER) // 9
    inner = sample(v, Hs, _INNER).reshape(len(Hs), 9, n)
    border = sample(v, Hs, _BORDER).reshape(len(Hs), 9, n)
    return inner.mean(axis=2) - border.mean(axis=2)


def _moves(corners: np.ndarray, step: float) -> list[np.ndarray]:
    """The 16 outlines with one corner coordinate moved by +-``step`` pixels."""
    out = []
    for k in range(corners.size):
        for d in (-step, step):
            c = corners.copy()
            c.reshape(-1)[k] += d
            out.append(c)
    return out


INK_CELL = 32
"""Pixels per sticker of the straightened face whose ink polarity :func:`light_printed`
judges."""


def light_printed(image: np.ndarray, H: np.ndarray) -> bool:
    """True when most stickers of the face ``H`` (0..3 to image) carry digits lighter than
    themselves (:func:`vision.polarity.polarity_vote`): dark stickers, whose light digits rather
    than a sticker plateau fill the band that :func:`framing` measures."""
    k = 3.0 / (3 * INK_CELL)
    M = H @ np.array([[k, 0, 0], [0, k, 0], [0, 0, 1.0]])
    face = cv2.warpPerspective(image, M, (3 * INK_CELL, 3 * INK_CELL),
                               flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)
    c = INK_CELL
    votes = polarity_votes([face[r * c:(r + 1) * c, q * c:(q + 1) * c]
                            for r in range(3) for q in range(3)])
    return float(np.median(votes)) > 0


def settled(image: np.ndarray, v: np.ndarray, H: np.ndarray) -> np.ndarray:
    """The lattice ``H`` (0..3 to image) moved to frame its stickers best in the value image
    ``v`` of ``image`` (:func:`value_for`); ``H`` itself when its cells are not framed by
    darker grooves (:data:`MIN_STEP`) or carry mostly light digits (:func:`light_printed`).
    Its corners move by the :data:`STEPS`, at most :data:`ROUNDS` times each."""
    start = framing(v, H[None])[0]
    if np.median(start) < MIN_STEP or light_printed(image, H):
        return H
    pitch = pitch_of(H)
    cur = cv2.perspectiveTransform(_NET[None], H)[0].astype(np.float64)
    best = float(start.sum())
    for step in STEPS:
        for _ in range(ROUNDS):
            cands = _moves(cur, step * pitch)
            Hs = np.array([cv2.getPerspectiveTransform(_NET, c.astype(np.float32)) for c in cands])
            scores = framing(v, Hs).sum(axis=1)
            k = int(np.argmax(scores))
            if scores[k] <= best:
                break
            cur, best = cands[k], float(scores[k])
    return cv2.getPerspectiveTransform(_NET, cur.astype(np.float32)).astype(np.float64)
