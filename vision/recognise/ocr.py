"""Tesseract as a second opinion: one call per face on a mosaic of straightened glyphs.

Tesseract is blind to rotation (docs/cube-facts.md), so each cell's ink is first turned upright for
each rotation its best hypotheses propose, the tiles are laid out in one mosaic image, and a single
``--psm 6`` call with a 1-9 whitelist reads them all (about 0.2 s instead of 36 calls). Each
character is mapped back to its tile by its own box and becomes a vote for (digit, rotation of
its tile); tiles of wrong rotations mostly read as nothing or as another digit. When tesseract
is not installed the vote is skipped and a warning is returned.
"""
from __future__ import annotations

import functools

import cv2
import numpy as np
import pytesseract

from ..cells.glyph import rotate_glyph

GLYPH_PX = 40
"""The longer side (pixels) of a cell's ink in its tile."""
GAP = 24
"""White (pixels) between two tiles of the mosaic, and half of it each side of the ink in its
tile."""
TILE = GLYPH_PX + GAP
"""A tile's side (pixels): the ink with half a gap of white round it."""
STUCK_S = 60.0
"""Seconds after which a tesseract call is taken to be stuck and its vote is given up: it
reads one face's mosaic in a fraction of a second, a few on a loaded machine, so only a
hung program reaches this, and a read never waits on it for ever."""


@functools.cache
def tesseract_available() -> bool:
    """True when the tesseract program runs."""
    try:
        pytesseract.get_tesseract_version()
    except Exception:  # noqa: BLE001 - any failure means: no OCR vote
        return False
    return True


MISSING_WARNING = ("tesseract is not installed: the OCR vote was skipped (install the Debian "
                   "package tesseract-ocr for a second opinion on every sticker)")


def _tile(body: np.ndarray, rot: int) -> np.ndarray:
    """The ink of one cell, turned so a digit of rotation ``rot`` stands upright, as black
    on white with its longer side :data:`GLYPH_PX` long."""
    ys, xs = np.nonzero(body)
    tile = np.full((TILE, TILE), 255, np.uint8)
    if len(xs) == 0:
        return tile
    crop = body[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.uint8) * 255
    crop = rotate_glyph(crop, -rot)
    h, w = crop.shape
    s = GLYPH_PX / max(h, w)
    crop = cv2.resize(crop, (max(1, round(w * s)), max(1, round(h * s))),
                      interpolation=cv2.INTER_AREA)
    h, w = crop.shape
    y0, x0 = (TILE - h) // 2, (TILE - w) // 2
    tile[y0:y0 + h, x0:x0 + w] = 255 - crop
    return tile


def mosaic(tiles: list[np.ndarray]) -> np.ndarray:
    """Tiles in one column, one per text line (tesseract then reads every tile on its own,
    and :func:`ocr_votes` places each word by its line), with white gaps between them."""
    step = TILE + GAP
    img = np.full((len(tiles) * step + GAP, step + GAP), 255, np.uint8)
    for k, t in enumerate(tiles):
        img[GAP + k * step:GAP + k * step + TILE, GAP:GAP + TILE] = t
    return img


def ocr_votes(bodies: list[np.ndarray], rotations: list[list[int]]
              ) -> dict[int, dict[tuple[int, int], float]]:
    """Tesseract's reading of every (cell, rotation) tile.

    ``rotations[i]`` lists the rotations to try for cell ``i``. Returns, per cell, a mapping
    (digit, rotation) -> tesseract's confidence 0..1. Empty when tesseract is missing or fails.

    The tiles stand in one column, one per text line, and each word read is placed by its
    line's vertical position. (Several tiles per line made tesseract read sideways digits as
    garbage that shifted or merged its neighbours, so words could not be mapped back.) A tile
    read as more than one character gives no vote. A call that outlasts :data:`STUCK_S` loses
    the vote, not the reading.
    """
    if not tesseract_available():
        return {}
    keys, tiles = [], []
    for i, (body, rots) in enumerate(zip(bodies, rotations)):
        for r in rots:
            keys.append((i, r))
            tiles.append(_tile(body, r))
    if not tiles:
        return {}
    img = mosaic(tiles)
    try:
        data = pytesseract.image_to_data(
            img, config="--psm 6 -c tessedit_char_whitelist=123456789",
            output_type=pytesseract.Output.DICT, timeout=STUCK_S)
    except Exception:  # noqa: BLE001 - an OCR failure only loses its vote
        return {}
    votes: dict[int, dict[tuple[int, int], float]] = {}
    step = TILE + GAP
    for text, top, height, conf in zip(data["text"], data["top"], data["height"], data["conf"]):
        text = (text or "").strip()
        if len(text) != 1 or not text.isdigit() or text == "0" or float(conf) <= 0:
            continue
        k = int((top + height / 2 - GAP / 2) // step)
        if 0 <= k < len(keys):
            cell, rot = keys[k]
            votes.setdefault(cell, {})[(int(text), rot)] = float(conf) / 100.0
    return votes
