"""From a camera frame to an :class:`Observation` through the vision reader (``vision.read_face``).

A frame without a readable face gives None (the person is moving the cube)."""
from __future__ import annotations

from typing import Any

import numpy as np

from sudoku_cube.assistant.scanner import Observation
from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.models.stickers import Hypothesis


def observation_of(reading: Any) -> Observation | None:
    """Convert a vision ``FaceReading`` (best stickers, candidates, confidence, quad)."""
    if reading is None or getattr(reading, "found", True) is False:
        return None
    stickers = tuple(reading.stickers)
    if len(stickers) != 9:
        return None
    cands = getattr(reading, "candidates", None)
    if cands is None:
        conf = getattr(reading, "confidence", None) or [1.0] * 9
        cands = [(Hypothesis(s, float(c)),) for s, c in zip(stickers, conf)]
    cands = tuple(tuple(alts) for alts in cands)
    scores = [alts[0].score for alts in cands if alts and alts[0].score is not None]
    confidence = float(np.mean(scores)) if scores else 1.0
    quad = getattr(reading, "quad", None)
    if quad is None:
        quad = getattr(getattr(reading, "geometry", None), "quad", None)
    return Observation(stickers, cands, confidence, quad)


def read_frame_face(frame: np.ndarray, **options: Any) -> Observation | None:
    """Read the face in one frame (None when no face is found). ``options`` (templates, model,
    settings of a calibration profile) go to ``vision.read_face``."""
    try:
        from sudoku_cube.vision import read_face
    except ImportError:  # the package may not re-export it (yet)
        from sudoku_cube.vision.reading import read_face
    try:
        reading = read_face(frame, ocr=False, **options)  # tesseract takes ~1 s a face: too slow live
    except SudokuCubeError:
        return None
    return observation_of(reading)
