"""A tesseract-only reader, the side-by-side baseline of ``bench vision``.

It uses the same face finding and ink masks but no templates or classifier: every cell is
shown to tesseract turned to all four rotations (one mosaic per face, 36 tiles) and the
(digit, rotation) tesseract is most confident about wins.
"""
from __future__ import annotations

import numpy as np

from ...models.cube.stickers import Sticker
from ..locate.detect import find_face
from ..cells.ink import ink_mask
from ..recognise.ocr import ocr_votes
from ..cells.warp import cut_cells, warp_face


def read_face_tesseract(image: np.ndarray) -> tuple[Sticker, ...]:
    """Best (digit, rotation) per cell by tesseract confidence alone (1^ when nothing read)."""
    geometry = find_face(image)
    bodies = [ink_mask(c) for c in cut_cells(warp_face(image, geometry))]
    votes = ocr_votes(bodies, [[0, 1, 2, 3]] * 9)
    out = []
    for i in range(9):
        v = votes.get(i, {})
        out.append(Sticker(*max(v, key=v.get)) if v else Sticker(1, 0))
    return tuple(out)
