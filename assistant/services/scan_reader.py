"""From a camera frame to an :class:`Observation` through the vision reader
(:meth:`vision.reading.reader.Reader.read_face`).

A frame without a readable face gives None (the person is moving the cube)."""
from __future__ import annotations

import numpy as np

from ...models.errors import SudokuCubeError
from ...vision.recognise.footed import ones_verdict
from ...vision.reading.reader import Reader
from ...vision.reading.faces import FaceReading
from .scanner import Observation


def observation_of(reading: FaceReading) -> Observation | None:
    """The scanner's view of a face reading: best stickers, alternatives, their mean best
    score, the face outline in the frame, its 1s' feet and the stickers on which no digit was
    seen (None unless all nine stickers were read)."""
    if len(reading.stickers) != 9:
        return None
    scores = [alts[0].score for alts in reading.candidates if alts and alts[0].score is not None]
    confidence = float(np.mean(scores)) if scores else 1.0
    ones = ones_verdict({"face": reading})
    return Observation(tuple(reading.stickers), tuple(tuple(a) for a in reading.candidates),
                       confidence, reading.geometry.quad, (ones.seen, ones.footed),
                       tuple(reading.blank))


def read_frame_face(frame: np.ndarray, reader: Reader = Reader()) -> Observation | None:
    """Read the face in one frame with ``reader`` (a calibration profile's, or the built-in
    one), without OCR (tesseract takes about 1 s a face: too slow live); None when no face is
    found."""
    try:
        reading = reader.with_ocr("never").read_face(frame)
    except SudokuCubeError:
        return None
    return observation_of(reading)
