"""Finding the face: the steps in order, each in its own module.

Sticker candidates (:mod:`vision.locate.sticker_blobs`) from light-sticker masks, then from the regions
between grooves (:mod:`vision.locate.face_cues`), then light digits, then chroma, last the pieces of a
stickerless cube cut apart along hairlines (:mod:`vision.locate.hairline`); each set is grown
into lattices (:mod:`vision.locate.lattice`), whose 3x3 windows are judged over all nine cells and the
best kept (:mod:`vision.locate.hypotheses`); a photo with no face, two faces or a cut-off face is
refused with a message that says which and why (:mod:`vision.locate.refusals`).
"""
from __future__ import annotations

import cv2
import numpy as np

from .face_cues import CHROMA_FLOOR, CHROMA_WEIGHT, Levels, chroma
from .face_geometry import (TWO_FACES_ADVICE, FaceGeometry, FaceNotFoundError, project,
                            scale_homography)
from .grooves import groove_masks, plateaus, thin_grooves
from .hairline import hairline_face
from .hypotheses import Hypothesis, choose
from .lattice import groups_of
from ..polarity import value_channel
from .refusals import refuse
from .sticker_blobs import Blob, binarisations, dedupe, glyph_blobs, sticker_blobs

__all__ = ["FaceGeometry", "FaceNotFoundError", "find_face", "project", "scale_homography"]

WORK_SIDE = 900
"""Detection runs on a copy whose longer side is at most this many pixels."""


def find_face(image: np.ndarray, source: str = "photo") -> FaceGeometry:
    """Locate the 3x3 face in a BGR image; raise :class:`FaceNotFoundError` saying why not.

    Sticker candidates come first from light-sticker masks, then, when those give no face,
    also from the regions between grooves (any sticker colour, light or dark digits,
    :mod:`vision.locate.face_cues`). Every lattice they form is judged over all nine cells and the
    best is kept; when none is a face, the digits' lattices are judged once more forgiving
    grooves lit by glare on a neighbouring dark sticker. ``source`` names the photo in messages.
    """
    h0, w0 = image.shape[:2]
    scale = min(1.0, WORK_SIDE / max(h0, w0))
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) \
        if scale < 1 else image
    v = value_channel(small)
    area = v.shape[0] * v.shape[1]
    level = Levels(((cv2.medianBlur(v, 5), 10.0, 1.0),))
    masks = binarisations(v)
    blobs = dedupe(sticker_blobs(masks, area))
    groups = groups_of(blobs)
    best, bent = choose(groups, level, source)
    if best is None:
        blobs = dedupe(blobs + sticker_blobs(groove_masks(plateaus(v)), area))
        groups = groups_of(blobs)
        best, more = choose(groups, level, source)
        bent |= more
    ch = chroma(small) if best is None else None
    colour_first = best is None and _colourful(ch)
    cblobs: list[Blob] | None = None
    if colour_first:  # coloured stickers on a light body: bright on chroma
        best, more, cblobs = _on_chroma(ch, v, level, blobs, area, source)
        bent |= more
    digit_groups: list[dict] = []
    if best is None:  # light digits as lattice points (the refusal speaks of stickers)
        digit_groups = groups_of(dedupe(blobs + glyph_blobs(masks, area)))
        best, more = choose(digit_groups, level, source)
        bent |= more
    if best is None and not colour_first:
        best, more, cblobs = _on_chroma(ch, v, level, blobs, area, source)
        bent |= more
    if best is None and not bent and digit_groups:  # glare on a dark sticker, judged leniently
        best, bent = choose(digit_groups, Levels(level.images, beside_glare=True), source)
    if best is None and cblobs is not None and (not groups or len(groups[0]) < 3):
        blobs, groups = cblobs, groups_of(cblobs)  # the refusal speaks of what chroma saw
    if best is None and bent:
        raise FaceNotFoundError(
            f"{source}: two faces in one photo (the stickers do not lie on one flat face: the "
            f"cube is seen across one of its edges); {TWO_FACES_ADVICE}")
    if best is None:  # last: a stickerless cube, whose pieces touch with hairline gaps
        best = hairline_face(small, v, area, source)
    if best is None:
        refuse(source, blobs, groups, v.shape)
    found = tuple((c, r) in best.grid for r in range(3) for c in range(3))
    full = scale_homography(best.hom, 1.0 / scale)
    corners = np.array([[-0.5, -0.5], [2.5, -0.5], [2.5, 2.5], [-0.5, 2.5]])
    return FaceGeometry(full, project(full, corners), found)


COLOURFUL = 0.03
"""Share of a photo's pixels, strongly coloured (chroma above :data:`COLOUR_LEVEL`), from
which the chroma pass is tried before the light-digit pass: on a light body with coloured
stickers the digit pass meets many digit-like marks on the white plastic, is the slowest
of all and finds nothing. A grey photo keeps the old order."""

COLOUR_LEVEL = 60


def _colourful(ch: np.ndarray) -> bool:
    """True when at least :data:`COLOURFUL` of the picture (its chroma ``ch``) is strongly
    coloured."""
    return float(np.count_nonzero(ch > COLOUR_LEVEL)) > COLOURFUL * ch.shape[0] * ch.shape[1]


def _on_chroma(ch: np.ndarray, v: np.ndarray, level: Levels, blobs: list[Blob], area: float,
               source: str) -> tuple[Hypothesis | None, bool, list[Blob]]:
    """The face sought on chroma ``ch`` (:func:`vision.locate.face_cues.chroma`; ``v`` the value
    channel): on a white or light body
    the grooves are lighter than coloured stickers, so the value channel's masks merge them or
    see them as holes, but on chroma they are bright squares framed by a grey body. Cells are
    judged on chroma and on the value channel, each its best (a white sticker on a white body
    shows only on the value channel). Returns the best face or None, whether a bent lattice
    was set aside, and the blobs seen."""
    own = dedupe(sticker_blobs(binarisations(ch) + groove_masks(plateaus(ch)), area))
    cblobs = dedupe(blobs + own)
    levels = Levels(level.images + ((cv2.medianBlur(ch, 5), CHROMA_FLOOR, CHROMA_WEIGHT),
                                    (thin_grooves(v), 10.0, 1.0)))
    # the value channel's blobs on a light body include pieces of plastic between and
    # beside the stickers, which can join the coloured stickers' lattice to a side face's:
    # the coloured stickers' own lattices are judged too
    best, bent = choose(groups_of(cblobs) + groups_of(own), levels, source)
    return best, bent, cblobs
