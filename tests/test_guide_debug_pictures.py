"""`read --debug` pictures of corner photos: one picture per photo with all its faces, arrows
along each face's own axes (not the image's), labels that do not overlap, a legend for every
mark, and the command says where it wrote."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from sudoku_cube.assistant.cli import main
from sudoku_cube.vision.reading.annotate import LEGEND, cell_marks
from sudoku_cube.vision.locate.detect import project
from sudoku_cube.vision.reading.photo_set import read_folder

ROOT = Path(__file__).resolve().parents[1]
CORNERS = ROOT / "samples" / "corners" / "c1-plain"


def _overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_corner_debug_pictures(tmp_path, capsys):
    out = tmp_path / "debug"
    assert main(["read", str(CORNERS), "--debug", str(out), "--no-ocr"]) == 0
    err = capsys.readouterr().err
    assert f"Debug pictures written to {out.resolve()}: A-debug.png, A-" in " ".join(err.split())
    cells = [f"{k}-{f}-cells.png" for k, faces in (("A", "UFR"), ("B", "DLB")) for f in faces]
    assert sorted(p.name for p in out.iterdir()) == sorted(["A-debug.png", "B-debug.png", *cells])
    assert cv2.imread(str(out / "A-debug.png")) is not None
    assert {text.split(":")[0] for _, text in LEGEND} >= {"red outline", "magenta ring"}

    reading = read_folder(CORNERS, ocr=False)
    by_photo: dict[str, list] = {}
    for r in reading.faces.values():
        by_photo.setdefault(r.source, []).append(r)
    off_image_axes = 0
    for faces in by_photo.values():
        assert len(faces) == 3
        boxes = []
        for r in faces:
            marks = cell_marks(r)
            for i, m in enumerate(marks):
                col, row = i % 3, i // 3
                dx, dy = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}[
                    r.candidates[i][0].sticker.rot % 4]
                a, b = project(r.geometry.homography, np.array([[col, row], [col + dx, row + dy]],
                                                                float)) * r.file_scale
                want = (b - a) / np.linalg.norm(b - a)
                got = np.subtract(m.tip, m.start).astype(float)
                got /= np.linalg.norm(got)
                assert float(want @ got) > 0.95  # along the face's axis as the photo shows it
                off_image_axes += min(abs(got[0]), abs(got[1])) > 0.3
                boxes.append(m.box)
        for k, a in enumerate(boxes):
            for b in boxes[k + 1:]:
                assert not _overlap(a, b), (a, b)
    assert off_image_axes >= 9  # corner photos: many arrows are not along the image axes


def test_the_legend_never_hides_a_face():
    """The legend goes in a corner free of faces (bottom left when all are), and below the
    photo on a band of its own when every corner holds part of a face."""
    from sudoku_cube.vision.reading.annotate import _legend

    photo = np.full((480, 640, 3), 90, np.uint8)
    faces = np.zeros((480, 640), np.uint8)
    out = _legend(photo.copy(), faces)
    changed = np.any(out != photo, axis=2)
    assert out.shape == photo.shape and changed[-10:, :10].any() and not changed[:10].any()
    faces[240:, :320] = 255  # a face in the lower left quarter
    out = _legend(photo.copy(), faces)
    changed = np.any(out != photo, axis=2)
    assert out.shape == photo.shape and changed.any() and not (changed & (faces > 0)).any()
    faces[:] = 255  # faces fill the photo
    out = _legend(photo.copy(), faces)
    assert out.shape[0] > photo.shape[0] and np.array_equal(out[:480], photo)
