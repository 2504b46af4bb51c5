"""From a camera frame to an :class:`Observation` through the vision reader (``read_face``).

A frame without a readable face gives None (the person is moving the cube)."""
from __future__ import annotations

from typing import Any

import numpy as np

from sudoku_cube.assistant.scanner import Observation
from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.vision.footed import ones_verdict
from sudoku_cube.vision.reading import FaceReading, read_face


def observation_of(reading: FaceReading) -> Observation | None:
    """The scanner's view of a face reading: best stickers, alternatives, their mean best
    score, the face outline in the frame and its 1s' feet (None unless all nine stickers were
    read)."""
    if len(reading.stickers) != 9:
        return None
    scores = [alts[0].score for alts in reading.candidates if alts and alts[0].score is not None]
    confidence = float(np.mean(scores)) if scores else 1.0
    ones = ones_verdict({"face": reading})
    return Observation(tuple(reading.stickers), tuple(tuple(a) for a in reading.candidates),
                       confidence, reading.geometry.quad, (ones.seen, ones.footed))


def read_frame_face(frame: np.ndarray, **options: Any) -> Observation | None:
    """Read the face in one frame (None when no face is found). ``options`` (templates, model,
    settings of a calibration profile) go to :func:`vision.reading.read_face`."""
    try:
        reading = read_face(frame, ocr=False, **options)  # tesseract takes ~1 s a face: too slow live
    except SudokuCubeError:
        return None
    return observation_of(reading)
