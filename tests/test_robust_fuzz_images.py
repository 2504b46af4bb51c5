"""Fuzzing the image reader: mutated JPEG/PNG bytes through ``vision.photo.images.load_image`` and
``vision.reading.faces.read_face`` give an image, a reading or a documented error (a
:class:`SudokuCubeError` naming the file) - never another exception, never a hang."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_cube.models.errors import SudokuCubeError
from tests.fuzzcount import tried
from sudoku_cube.vision.photo.images import load_image
from sudoku_cube.vision.reading.faces import read_face

ROOT = Path(__file__).resolve().parents[1]
_FACE = cv2.resize(cv2.imread(str(ROOT / "samples/cubes/01-easy/F.jpg")), (320, 240),
                   interpolation=cv2.INTER_AREA)
SEEDS = {
    "jpg": cv2.imencode(".jpg", _FACE, [cv2.IMWRITE_JPEG_QUALITY, 80])[1].tobytes(),
    "png": cv2.imencode(".png", _FACE)[1].tobytes(),
    "progressive.jpg": cv2.imencode(".jpg", _FACE, [cv2.IMWRITE_JPEG_PROGRESSIVE, 1])[1].tobytes(),
    "gray16.png": cv2.imencode(".png", cv2.cvtColor(_FACE, cv2.COLOR_BGR2GRAY)
                               .astype(np.uint16) * 257)[1].tobytes(),
}


@st.composite
def mutated(draw):
    """A seed image with a few bytes flipped, chunks cut, inserted or duplicated; or a prefix."""
    kind = draw(st.sampled_from(sorted(SEEDS)))
    data = bytearray(SEEDS[kind])
    for _ in range(draw(st.integers(1, 8))):
        op = draw(st.sampled_from(["flip", "flip", "header", "cut", "insert", "dup", "truncate"]))
        n = len(data)
        if n < 8:
            break
        # mutations near the start hit headers/markers, where decoders are most fragile
        pos = draw(st.integers(0, min(n - 1, 600)) if op == "header" else st.integers(0, n - 1))
        if op in ("flip", "header"):
            data[pos] = draw(st.integers(0, 255))
        elif op == "cut":
            del data[pos:pos + draw(st.integers(1, 64))]
        elif op == "insert":
            data[pos:pos] = draw(st.binary(min_size=1, max_size=16))
        elif op == "dup":
            data[pos:pos] = data[pos:pos + draw(st.integers(1, 256))]
        else:
            del data[draw(st.integers(1, n - 1)):]
    return kind, bytes(data)


@given(mutated())
@settings(max_examples=250, deadline=None, print_blob=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
def test_mutated_photos_give_an_image_or_a_named_error(tmp_path_factory, case):
    kind, data = case
    tried("image reader (load_image + read_face)")
    path = tmp_path_factory.mktemp("fuzz") / f"F.{kind.rsplit('.', 1)[-1]}"
    path.write_bytes(data)
    try:
        img = load_image(path)
    except SudokuCubeError as e:
        assert str(path) in str(e)
        return
    assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 3
    assert max(img.shape[:2]) <= 1600
    try:
        reading = read_face(img, ocr=False, source=str(path))
    except SudokuCubeError as e:
        assert str(path) in str(e)
        return
    assert len(reading.stickers) == 9
