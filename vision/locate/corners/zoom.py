"""A corner photo seen from further away or closer, for a cube photographed so close that it
fills the frame, or so far away that it is a small part of it.

The corner passes judge marks and stickers by shares of the photo's shorter side (the digits'
top-hat window, :data:`vision.locate.corners.marks.STROKE`, narrower than a sticker; a glyph's
largest box, :data:`vision.locate.corners.marks.GLYPH_SIDE`): sizes that suit a cube seen whole
with ground around it. A cube photographed from close by, its three faces most of the frame,
has digit strokes as wide as that window and stickers larger than those sizes allow, and no
pass places it, though any person reads it at a glance. The same photo shrunk into a larger
frame (:data:`ZOOM` times its sides, the margin filled with the colour of its own edge, the
copy as large in pixels as the photo) shows the cube as if from further away, at the sizes
the passes suit. A cube photographed from far away, its faces a twentieth of the frame each,
is the other end: its stickers and the grooves between them a few pixels across, blurred
into each other at the passes' sizes, though a person still reads its digits. The middle of
the photo enlarged to the photo's size (1/:data:`ZOOM` of each side) shows it as if from
closer. Each copy is used only on a photo refused as taken
(:func:`vision.locate.corners.faces.locate_corner`), and only the faces' places come from the
copy: :attr:`Zoomed.to_photo` maps them back, and their stickers are read from the photo
itself.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

ZOOM = 1.5
"""How much further away (or closer) the copy shows the cube: each side of the photo becomes
1/ZOOM of the copy's (or the middle 1/ZOOM of the photo's sides becomes the copy). A cube
whose faces fill 70 % of the frame (the largest a corner photo that shows all three faces
holds) covers about 30 % of the copy, the middle of the sizes the passes are made for."""


@dataclass(frozen=True)
class Zoomed:
    """A copy of a photo seen from further away or closer (``picture``, as many pixels as
    the photo), and ``to_photo``, the 3x3 matrix from the copy's pixels to the photo's."""

    picture: np.ndarray
    to_photo: np.ndarray


def zoomed_out(image: np.ndarray) -> Zoomed:
    """``image`` (BGR or grey) as seen from :data:`ZOOM` times further away: framed by a
    margin of the median colour of its own edge (the ground it shows there, continued), then
    shrunk back to its own size by area averaging."""
    h, w = image.shape[:2]
    tall, wide = int(round(h * ZOOM)), int(round(w * ZOOM))
    top, left = (tall - h) // 2, (wide - w) // 2
    edge = np.concatenate([image[0], image[-1], image[:, 0], image[:, -1]])
    fill = np.median(edge.reshape(len(edge), -1), axis=0).tolist()
    framed = cv2.copyMakeBorder(image, top, tall - h - top, left, wide - w - left,
                                cv2.BORDER_CONSTANT, value=fill)
    picture = cv2.resize(framed, (w, h), interpolation=cv2.INTER_AREA)
    sx, sy = wide / w, tall / h
    # a pixel's centre x of the copy is (x + 1/2) * sx - 1/2 of the framed picture (OpenCV's
    # resize keeps pixel centres), less the margin in the photo
    to_photo = np.array([[sx, 0.0, (sx - 1) / 2 - left],
                         [0.0, sy, (sy - 1) / 2 - top],
                         [0.0, 0.0, 1.0]])
    return Zoomed(picture, to_photo)


def zoomed_in(image: np.ndarray) -> Zoomed:
    """``image`` (BGR or grey) as seen from :data:`ZOOM` times closer: the middle 1/ZOOM of
    each of its sides enlarged (linearly) to its own size."""
    h, w = image.shape[:2]
    tall, wide = int(round(h / ZOOM)), int(round(w / ZOOM))
    top, left = (h - tall) // 2, (w - wide) // 2
    picture = cv2.resize(image[top:top + tall, left:left + wide], (w, h),
                         interpolation=cv2.INTER_LINEAR)
    sx, sy = wide / w, tall / h
    # a pixel's centre x of the copy is (x + 1/2) * sx - 1/2 of the middle cut, plus its offset
    to_photo = np.array([[sx, 0.0, (sx - 1) / 2 + left],
                         [0.0, sy, (sy - 1) / 2 + top],
                         [0.0, 0.0, 1.0]])
    return Zoomed(picture, to_photo)


def turned_round(image: np.ndarray) -> Zoomed:
    """``image`` (BGR or grey) turned half round: a corner photo taken upside down (the
    cube's top face at the bottom of the frame) shows its corner as an upright one on it."""
    h, w = image.shape[:2]
    to_photo = np.array([[-1.0, 0.0, w - 1.0], [0.0, -1.0, h - 1.0], [0.0, 0.0, 1.0]])
    return Zoomed(cv2.rotate(image, cv2.ROTATE_180), to_photo)
