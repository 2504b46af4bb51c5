"""A corner photo's shade lifted, for a second search where the photo as taken was refused.

In dim light the faces turned away from the lamp fall into deep shade: their coloured stickers
too dark for the hue pass, their digits below both ink cuts (:mod:`vision.locate.corners.marks`),
while the face towards the light reads. A person reads such a photo: the eye judges each
patch against its surroundings, not against the whole picture's white. :func:`shade_lifted`
does the same: every pixel's colour is scaled so that the brightest light near it (within about
a sticker) reaches full white, so a shaded face's stickers and digits stand apart as a lit
face's do, with their hues kept (all three channels scaled alike).

It is used only on a photo refused as taken (:func:`vision.locate.corners.faces.locate_corner`):
a photo read as taken is located and read from its own pixels, bit for bit as before; and only
the faces' places come from the lifted copy, their stickers are read from the photo itself.
The lifted copy gets the passes the shade hid, not the last resorts, which had their turn on
the photo as taken (the lift raises a noisy photo's noise as well as its shade).
"""
from __future__ import annotations

import cv2
import numpy as np

from ...polarity import value_channel
from .marks import STROKE

WINDOW = 2 * STROKE
"""Side (share of the image's shorter side) of the square over which the brightest light
sets a pixel's gain: twice the digits' top-hat window, a sticker's pitch or so in a corner
photo, so each window holds the sticker's own light as well as a groove; a lit face's white
therefore does not set a shaded neighbour's level, as over a whole face it would (a window of
a fifth of the picture left the coloured cube's shaded sides as dark as before)."""

MAX_GAIN = 4.0
"""Largest gain: a patch darker than a quarter of white (the body's black, the shadow under
the cube) is lifted no further than this, so its sensor and JPEG noise do not become
marks."""

WHITE = float(np.iinfo(np.uint8).max)
"""Full white of an 8-bit picture: the level the brightest light near a pixel is lifted to."""


def shade_lifted(image: np.ndarray) -> np.ndarray:
    """The 8-bit BGR ``image`` with each pixel scaled (all channels alike, at most
    :data:`MAX_GAIN`, never darkened) so that the brightest value (max of B, G, R) within
    :data:`WINDOW` of it, smoothed over the same window, becomes :data:`WHITE`."""
    v = value_channel(image)
    k = int(WINDOW * min(v.shape)) | 1
    top = cv2.dilate(v, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    top = cv2.blur(top.astype(np.float32), (k, k))
    gain = np.clip(WHITE / np.maximum(top, 1.0), 1.0, MAX_GAIN)
    return np.clip(image * gain[..., None] + 0.5, 0, WHITE).astype(np.uint8)


__all__ = ["MAX_GAIN", "WINDOW", "shade_lifted"]
