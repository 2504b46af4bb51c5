"""What a person reads and sees of a face photo: a face cut off at any edge of the photo is
said to be cut off there; shapes too large to be stickers are neither drawn nor counted; a
long path in a refused photo's picture stays inside it; the debug picture says "no digit"
where the terminal says no digit was seen, and a photo so dark that its levels lie within a
few grey levels, whose digits the cell model reads, is no face of blank stickers."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import cv2
import numpy as np
import pytest

from sudoku_cube.assistant.services.files import load_state
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker
from sudoku_cube.vision.locate.face_geometry import FaceNotFoundError
from sudoku_cube.vision.reading.annotate import (BLANK, DOUBTFUL, GRID, NO_DIGIT, OUTLINE,
                                                 SURE, _draw_face, cell_marks)
from sudoku_cube.vision.reading.annotate_refusal import _wrapped
from sudoku_cube.vision.reading.annotate_style import FONT
from sudoku_cube.vision.reading.reader import Reader

ROOT = Path(__file__).resolve().parents[1]
EASY = ROOT / "samples" / "cubes" / "01-easy"


@pytest.fixture(scope="module")
def reader() -> Reader:
    return Reader(ocr="never")


@pytest.fixture(scope="module")
def face_f() -> np.ndarray:
    image = cv2.imread(str(EASY / "F.jpg"))
    assert image is not None
    return image


def _face_box(reader: Reader, image: np.ndarray) -> tuple[int, int, int, int]:
    """The face's outline's box (x0, y0, x1, y1) in the photo."""
    quad = reader.read_face(image, face="F").geometry.quad
    (x0, y0), (x1, y1) = quad.min(axis=0), quad.max(axis=0)
    return int(x0), int(y0), int(x1), int(y1)


@pytest.mark.parametrize("edge", ["top", "bottom", "left", "right"])
def test_a_face_cut_off_at_an_edge_is_said_cut_off_there(reader, face_f, edge):
    """The photo cropped to a sliver of the face's outer row or column on one side: two
    rows or columns are whole, and the message names that edge (it never named top or
    bottom: the row it looked past was always one it had found)."""
    x0, y0, x1, y1 = _face_box(reader, face_f)
    row, col = (y1 - y0) / 3, (x1 - x0) / 3
    keep = 0.15  # of the outer row: too little of its stickers to see them
    cut = {"top": face_f[int(y0 + (1 - keep) * row):],
           "bottom": face_f[:int(y1 - (1 - keep) * row)],
           "left": face_f[:, int(x0 + (1 - keep) * col):],
           "right": face_f[:, :int(x1 - (1 - keep) * col)]}[edge]
    with pytest.raises(FaceNotFoundError) as e:
        reader.read_face(np.ascontiguousarray(cut), face="F")
    said = str(e.value)
    assert "partial face" in said and f"cut off at the {edge} edge of the photo" in said, said
    others = {"top", "bottom", "left", "right"} - {edge}
    assert not any(f"the {o} " in said or f"and {o} " in said for o in others), said
    assert ("3 columns x 2 rows" if edge in ("top", "bottom") else "2 columns x 3 rows") in said


def test_shapes_too_large_for_stickers_are_not_taken_for_any(reader):
    """A photo of a sheet of paper with a few faint creases: whatever shapes the finder saw,
    none it draws or counts is wider than a third of the photo (three in a row would not
    fit in it), though such shapes were drawn as lines across the whole picture."""
    rng = np.random.default_rng(3)
    paper = np.full((480, 640, 3), 225, np.uint8)
    cv2.rectangle(paper, (330, 120), (640, 420), (245, 245, 240), -1)
    cv2.line(paper, (40, 0), (40, 480), (150, 150, 150), 2)
    cv2.line(paper, (600, 0), (600, 480), (150, 150, 150), 2)
    paper = cv2.add(paper, rng.integers(0, 6, paper.shape, dtype=np.uint8))
    with pytest.raises(FaceNotFoundError) as e:
        reader.read_face(paper, face="F")
    assert all(s.side <= 640 / 3 / 640 for s in e.value.seen), e.value.seen


def test_a_long_path_is_broken_to_fit_the_refused_photos_band():
    path = "/home/someone/Pictures/cube/photos-from-the-phone/IMG_20261207_081502_HDR.jpg"
    lines = _wrapped(f"refused: {path}: no cube face found", 300, 0.5, 1)
    assert all(cv2.getTextSize(line, FONT, 0.5, 1)[0][0] <= 300 for line in lines), lines
    assert "".join(lines).replace(" ", "") == f"refused:{path}:nocubefacefound"
    assert lines[1].endswith("/"), lines  # the path cut after a folder where one fits


def test_a_photo_too_dark_to_see_is_read_where_the_cell_model_reads_it(reader, face_f):
    """At 3 % of its light every level of the face lies within a few grey levels: the ink
    cut finds no ink, but the cell model reads each digit, right, so no sticker is blank
    (``read`` refused the photo as blank while ``solve`` used its digits)."""
    dark = (face_f.astype(np.float32) * 0.03).astype(np.uint8)
    r = reader.read_face(dark, face="F")
    assert all(e.glyph is None for e in r.evidence)  # the cut sees nothing
    assert r.blank == ()
    assert [s.token for s in r.stickers] == [s.token for s in
                                             load_state(EASY / "truth.json").face("F")]


def test_the_debug_picture_says_no_digit_where_none_was_seen(reader, face_f):
    """Where no digit was seen (here every cell, as on a plain cube's face: the cell model
    expects none), each sticker is labelled "no digit", without an arrow or a score, and the
    legend has that row; on a face read clearly the legend lists only the marks drawn."""
    r = reader.read_face(face_f, face="F")
    out = face_f.copy()
    assert _draw_face(out, r, 1) == {OUTLINE, GRID, SURE}
    plain = dataclasses.replace(r, digit_seen=(0.0,) * 9)
    assert plain.blank == tuple(range(9))
    marks = cell_marks(plain)
    assert all(m.text == NO_DIGIT and m.colour == BLANK and m.start == m.tip for m in marks)
    assert _draw_face(face_f.copy(), plain, 1) == {OUTLINE, GRID, BLANK}


def test_a_doubtful_label_gives_its_runner_up_at_a_readable_size(reader, face_f):
    """A doubtful sticker's label is the digit and its runner-up, no score: as long as a
    sure one's, so it is drawn as large."""
    r = reader.read_face(face_f, face="F")
    sure = cell_marks(r)[0]
    alts = list(r.candidates)
    first = alts[0][0]
    second = Hypothesis(Sticker(first.sticker.digit % 9 + 1, first.sticker.rot), 0.35)
    alts[0] = (first._replace(score=0.4), second)
    doubtful = cell_marks(dataclasses.replace(r, candidates=tuple(alts)))[0]
    assert doubtful.colour == DOUBTFUL
    assert doubtful.text == f"{first.sticker.digit} ({second.sticker.token})"
    assert doubtful.scale >= 0.9 * sure.scale


def test_a_corner_photos_picture_names_each_face_beside_it(reader):
    """On a corner photo's picture each face's letter stands just outside its outline, in the
    outline's colour, on the side away from the other two: which face was taken for which."""
    from sudoku_cube.vision.photo.images import load_image
    from sudoku_cube.vision.reading.annotate import _face_mask, _name_faces

    image = load_image(ROOT / "samples" / "corners" / "c1-plain" / "A.jpg")
    faces = list(reader.read_corner_photo(image, "A").values())
    assert sorted(r.face for r in faces) == ["F", "R", "U"]
    out = image.copy()
    _name_faces(out, faces, 1)
    drawn = np.any(out != image, axis=2)
    inside = _face_mask(out.shape, faces) > 0
    assert drawn.sum() > 100 and not (drawn & inside).any()
    common = np.mean([r.geometry.quad.mean(axis=0) for r in faces], axis=0)
    for r in faces:  # some of the letters' strokes lie past each face, seen from the middle
        middle = r.geometry.quad.mean(axis=0)
        ys, xs = np.nonzero(drawn)
        past = (np.stack([xs, ys], 1) - middle) @ (middle - common) > 0
        assert past.any(), r.face


def test_faces_in_a_row_get_their_letters_too():
    """Three faces side by side, the middle one's middle the faces' own: its letter goes
    above it (the walk outward had no direction there and never ended)."""
    from types import SimpleNamespace

    from sudoku_cube.vision.reading.annotate import _name_faces

    def face(letter: str, x: int) -> SimpleNamespace:
        quad = np.array([[x - 50, 200], [x + 50, 200], [x + 50, 300], [x - 50, 300]], float)
        return SimpleNamespace(face=letter, geometry=SimpleNamespace(quad=quad), file_scale=1.0)

    out = np.zeros((480, 900, 3), np.uint8)
    _name_faces(out, [face("L", 200), face("F", 450), face("R", 700)], 1)
    drawn = np.any(out > 0, axis=2)
    assert drawn[:200, 400:500].any()  # F's letter above F
    assert drawn[:, :150].any() and drawn[:, 750:].any()  # L's left of L, R's right of R
