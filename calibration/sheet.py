"""A contact sheet: the 36 learnt templates (digit rows x rotation columns) as one PNG image.

It shows the person what calibration learnt from their cube: each row a digit 1-9, each
column a rotation with its arrow (``^ > v <``), ink black on white.
"""
from __future__ import annotations

import cv2
import numpy as np

from ..models.cube.stickers import ARROWS
from ..vision.recognise.templates import TemplateSet

CELL_PX = 96
MARGIN = 36


def contact_sheet(templates: TemplateSet, title: str = "") -> np.ndarray:
    """A BGR image of the 9 x 4 templates (the first one found for each digit and rotation)."""
    w = MARGIN + 4 * CELL_PX
    h = MARGIN * 2 + 9 * CELL_PX
    img = np.full((h, w, 3), 255, np.uint8)
    font = cv2.FONT_HERSHEY_SIMPLEX
    for r in range(4):
        x = MARGIN + r * CELL_PX + CELL_PX // 2 - 6
        cv2.putText(img, ARROWS[r], (x, MARGIN + 8), font, 0.8, (0, 0, 160), 2, cv2.LINE_AA)
    for d in range(1, 10):
        y0 = 2 * MARGIN + (d - 1) * CELL_PX - MARGIN // 2
        cv2.putText(img, str(d), (8, y0 + CELL_PX // 2 + 6), font, 0.7, (0, 0, 160), 2,
                    cv2.LINE_AA)
        for r in range(4):
            sel = np.nonzero((templates.digits == d) & (templates.rots == r))[0]
            if len(sel) == 0:
                continue
            glyph = templates.images[sel[0]]
            g = cv2.resize(np.clip(glyph, 0, 1), (CELL_PX - 8, CELL_PX - 8),
                           interpolation=cv2.INTER_NEAREST)
            tile = (255 - g * 255).astype(np.uint8)
            x0 = MARGIN + r * CELL_PX + 4
            img[y0 + 4:y0 + CELL_PX - 4, x0:x0 + CELL_PX - 8] = tile[..., None]
            cv2.rectangle(img, (x0 - 1, y0 + 3), (x0 + CELL_PX - 8, y0 + CELL_PX - 4),
                          (200, 200, 200), 1)
    if title:
        cv2.putText(img, title[:40], (8, h - 10), font, 0.45, (80, 80, 80), 1, cv2.LINE_AA)
    return img
