"""A cell beside a glaring dark sticker: the glare lights the groove between them above the
cell's own plateau, so the strict judgement sees no frame there; the lenient one
(``beside_glare``) sets that side aside, and only where the neighbour is the bright one."""
from __future__ import annotations

import numpy as np

from sudoku_cube.vision.locate.face_cues import cell_contrast
from sudoku_cube.vision.locate.hypotheses import GOOD_CELL

PITCH, BODY, STICKER = 60, 12.0, 40.0
H = np.array([[PITCH, 0, 60.0], [0, PITCH, 60.0], [0, 0, 1]])


def _face(glare_cell: int | None) -> np.ndarray:
    """Nine dark stickers (40) on a black body (12), cell centres at 60 + 60 k;
    ``glare_cell`` lit to 150, its halo lighting the grooves round it to 50: above its
    neighbours' plateaus, by less than :data:`GLARE_SIDE` of them."""
    img = np.full((240, 240), BODY, np.float32)
    if glare_cell is not None:
        x, y = 60 + PITCH * (glare_cell % 3), 60 + PITCH * (glare_cell // 3)
        img[y - 34:y + 35, x - 34:x + 35] = 50.0
    for r in range(3):
        for c in range(3):
            x, y = 60 + PITCH * c, 60 + PITCH * r
            img[y - 26:y + 27, x - 26:x + 27] = 150.0 if 3 * r + c == glare_cell else STICKER
    return img.astype(np.uint8)


def test_cells_beside_glare_are_framed_only_when_judged_leniently():
    img = _face(4)
    strict, lenient = cell_contrast(img, H), cell_contrast(img, H, beside_glare=True)
    beside = [1, 3, 5, 7]
    assert (strict[beside] < GOOD_CELL).all(), strict
    assert (lenient[beside] >= GOOD_CELL).all(), lenient
    assert np.allclose(strict[[0, 2, 6, 8]], lenient[[0, 2, 6, 8]])


def test_lenient_judgement_changes_nothing_without_glare():
    img = _face(None)
    assert np.allclose(cell_contrast(img, H), cell_contrast(img, H, beside_glare=True))
    assert (cell_contrast(img, H) >= GOOD_CELL).all()
