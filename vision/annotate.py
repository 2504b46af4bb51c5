"""Debug pictures of a reading: the face outline, the cell grid, and each digit read with an
arrow (where its top points) and its confidence, so a person sees at a glance what was read."""
from __future__ import annotations

import cv2
import numpy as np

from sudoku_cube.vision.detect import project
from sudoku_cube.vision.reading import FaceReading

_ARROW = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}


def annotate(image: np.ndarray, reading: FaceReading) -> np.ndarray:
    """A copy of the photo with the reading drawn on it (green: sure, orange: doubtful)."""
    out = image.copy()
    geo = reading.geometry
    scale = max(1.0, max(out.shape[:2]) / 800)
    th = max(1, round(2 * scale))
    cv2.polylines(out, [geo.quad.astype(np.int32)], True, (0, 0, 255), th + 1)
    for k in (0.5, 1.5):
        for a, b in (([k, -0.5], [k, 2.5]), ([-0.5, k], [2.5, k])):
            p = project(geo.homography, np.array([a, b], float)).astype(np.int32)
            cv2.line(out, tuple(p[0]), tuple(p[1]), (255, 160, 0), th)
    centres = geo.cell_centres()
    pitch = float(np.linalg.norm(centres[1] - centres[0]))
    doubtful = reading.doubtful
    for i, (c, hyps) in enumerate(zip(centres, reading.candidates)):
        best = hyps[0]
        conf = float(best.score or 0.0)
        colour = (0, 140, 255) if i in doubtful else (0, 200, 0)
        dx, dy = _ARROW[best.sticker.rot]
        start = c - 0.15 * pitch * np.array([dx, dy])
        tip = c + 0.38 * pitch * np.array([dx, dy])
        cv2.arrowedLine(out, tuple(start.astype(int)), tuple(tip.astype(int)), colour, th + 1,
                        tipLength=0.3)
        label = f"{best.sticker.digit} {conf:.2f}"
        if len(hyps) > 1 and i in doubtful:
            label += f" ({hyps[1].sticker.digit}{'^>v<'[hyps[1].sticker.rot]})"
        org = (int(c[0] - 0.42 * pitch), int(c[1] - 0.25 * pitch))
        cv2.putText(out, label, org, cv2.FONT_HERSHEY_SIMPLEX, 0.5 * scale, (0, 0, 0), th + 2)
        cv2.putText(out, label, org, cv2.FONT_HERSHEY_SIMPLEX, 0.5 * scale, colour, th)
        if not geo.found[i]:
            cv2.circle(out, tuple(c.astype(int)), int(0.1 * pitch), (255, 0, 255), th)
    return out
