"""A corner photo as a chat app sends it, 400 pixels long, which a person still reads (the
exam renderer's photo, deterministic; nothing trains on it; ``tools.phone_changes_report``'s
"400 px file"): a white cube's sticker outlines were lost at that scale and the photo was
refused as showing no cube face; the loader now enlarges a photo that small
(:data:`vision.photo.images.MIN_WORK_SIDE`) and reports places in the file's pixels."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import cv2
import numpy as np

from sudoku_cube.assistant.bench.vision_second import cube, placed
from sudoku_cube.render.second import corner_shot
from sudoku_cube.vision.locate.corners.faces import locate_faces
from sudoku_cube.vision.photo.images import MIN_WORK_SIDE, load_photo


def _read_back(image: np.ndarray, path: Path, truth: dict, scale: float) -> None:
    """``image`` written as a phone's JPEG, loaded and located as corner photo A: its three
    faces placed on the truth in the file's pixels (``scale``: the changed photo's pixels per
    rendered pixel), as ``bench vision`` judges a reading's."""
    cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    photo = load_photo(path)
    faces = {f.face: f for f in locate_faces(photo.image, "A", photo.source)}
    assert set(faces) == set(truth)
    for f, t in truth.items():
        seen = SimpleNamespace(geometry=faces[f].geometry(), file_scale=photo.file_scale)
        assert placed(seen, dict(t, centres=(np.array(t["centres"]) * scale).tolist())), f


def test_400_pixel_white_corner_photo_is_read(tmp_path: Path) -> None:
    state, homes, look = cube(96002, 2, "white")
    shot = corner_shot(state, "A", 960020, look, homes)
    s = 400 / max(shot.image.shape[:2])
    small = cv2.resize(shot.image, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    _read_back(small, tmp_path / "A.jpg", shot.truth["faces"], s)
    assert max(load_photo(tmp_path / "A.jpg").image.shape[:2]) == MIN_WORK_SIDE
