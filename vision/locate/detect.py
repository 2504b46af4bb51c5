"""Finding the face: the steps in order, each in its own module.

Sticker candidates (:mod:`vision.locate.sticker_blobs`) from light-sticker masks, then from the regions
between grooves (:mod:`vision.locate.face_cues`), then light digits, then chroma, last the pieces of a
stickerless cube cut apart along hairlines (:mod:`vision.locate.hairline`); each set is grown
into lattices (:mod:`vision.locate.lattice`), whose 3x3 windows are judged over all nine cells and the
best kept (:mod:`vision.locate.hypotheses`); a photo with no face, two faces or a cut-off face is
refused with a message that says which and why (:mod:`vision.locate.refusals`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

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
    search = _Search.of(small, source)
    best = _on_stickers(search)
    if best is None:
        best = _on_colour_or_digits(search)
    if best is None:
        best = _stickerless(search)
    if best is None:
        _refuse(search)
    found = tuple((c, r) in best.grid for r in range(3) for c in range(3))
    full = scale_homography(best.hom, 1.0 / scale)
    corners = np.array([[-0.5, -0.5], [2.5, -0.5], [2.5, 2.5], [-0.5, 2.5]])
    return FaceGeometry(full, project(full, corners), found)


@dataclass
class _Search:
    """One photo's face search as its passes leave it: the working image ``small``, its value
    channel ``v``, the pictures cells are judged on, the binarised masks, the sticker blobs
    and their lattices so far (what a refusal describes), whether any pass set aside a bent
    lattice (a cube seen across an edge), the light digits' lattices and the blobs the chroma
    pass saw. The passes share these so that each later one builds on, and the refusal
    speaks of, what the earlier ones found."""

    small: np.ndarray
    v: np.ndarray
    level: Levels
    source: str
    masks: list[np.ndarray]
    blobs: list[Blob] = field(default_factory=list)
    groups: list[dict] = field(default_factory=list)
    bent: bool = False
    digit_groups: list[dict] = field(default_factory=list)
    cblobs: list[Blob] | None = None

    @classmethod
    def of(cls, small: np.ndarray, source: str) -> _Search:
        """The search of the working image ``small`` before any pass: its value channel, that
        channel smoothed as the picture cells are judged on, and its binarisations."""
        v = value_channel(small)
        level = Levels(((cv2.medianBlur(v, 5), 10.0, 1.0),))
        return cls(small, v, level, source, binarisations(v))

    @property
    def area(self) -> int:
        """The working image's pixel count, against which blob sizes are judged."""
        return self.v.shape[0] * self.v.shape[1]

    def judge(self, groups: list[dict], levels: Levels) -> Hypothesis | None:
        """The best face among ``groups``' lattices judged on ``levels``, or None; a bent
        lattice set aside is remembered for the two-faces refusal."""
        best, bent = choose(groups, levels, self.source)
        self.bent |= bent
        return best


def _on_stickers(search: _Search) -> Hypothesis | None:
    """The face found from sticker blobs: first those of the light-sticker masks, then, when
    they give none, those and the regions between grooves together (a dark or coloured
    sticker that no light mask separates still sits between grooves)."""
    search.blobs = dedupe(sticker_blobs(search.masks, search.area))
    search.groups = groups_of(search.blobs)
    best = search.judge(search.groups, search.level)
    if best is None:
        grooved = sticker_blobs(groove_masks(plateaus(search.v)), search.area)
        search.blobs = dedupe(search.blobs + grooved)
        search.groups = groups_of(search.blobs)
        best = search.judge(search.groups, search.level)
    return best


def _on_colour_or_digits(search: _Search) -> Hypothesis | None:
    """The face found where the stickers' blobs gave none: on chroma and from light digits,
    chroma first on a colourful photo (:data:`COLOURFUL`); last the digits' lattices once
    more, forgiving glare from a dark neighbour, when no pass set aside a bent lattice (a
    bent one means two faces, which leniency must not turn into one)."""
    ch = chroma(search.small)
    colour_first = _colourful(ch)
    if colour_first:  # coloured stickers on a light body: bright on chroma
        best = _on_chroma_pass(search, ch)
        if best is not None:
            return best
    best = _on_digits(search)
    if best is None and not colour_first:
        best = _on_chroma_pass(search, ch)
    if best is None and not search.bent and search.digit_groups:
        best = search.judge(search.digit_groups, Levels(search.level.images, beside_glare=True))
    return best


def _on_digits(search: _Search) -> Hypothesis | None:
    """The face found with light digits as lattice points besides the sticker blobs (the
    refusal still speaks of stickers); their lattices are kept for the lenient last try."""
    search.digit_groups = groups_of(dedupe(search.blobs + glyph_blobs(search.masks, search.area)))
    return search.judge(search.digit_groups, search.level)


def _on_chroma_pass(search: _Search, ch: np.ndarray) -> Hypothesis | None:
    """The face found on chroma ``ch`` (:func:`_on_chroma`); the blobs it saw are kept for
    the refusal."""
    best, bent, search.cblobs = _on_chroma(ch, search.v, search.level, search.blobs,
                                           search.area, search.source)
    search.bent |= bent
    return best


def _stickerless(search: _Search) -> Hypothesis | None:
    """The face of a stickerless cube, whose pieces touch with hairline gaps, tried last; but
    when a pass set aside a bent lattice the photo shows two faces, refused as such."""
    if search.bent:
        raise FaceNotFoundError(
            f"{search.source}: two faces in one photo (the stickers do not lie on one flat "
            f"face: the cube is seen across one of its edges); {TWO_FACES_ADVICE}")
    return hairline_face(search.small, search.v, search.area, search.source)


def _refuse(search: _Search) -> None:
    """Raise the refusal for a photo where no pass found a face. It speaks of the sticker
    blobs and their lattices, or of what chroma saw when the stickers' blobs formed no
    lattice of three."""
    blobs, groups = search.blobs, search.groups
    if search.cblobs is not None and (not groups or len(groups[0]) < 3):
        blobs, groups = search.cblobs, groups_of(search.cblobs)
    refuse(search.source, blobs, groups, search.v.shape)


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
