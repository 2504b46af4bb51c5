"""The locator decides by one score over every cue's lattices: a face lying on a printed grid
(whose empty squares are framed plateaus too, once refused as 'two faces'), on printed text and
in dim, noisy light is found where its truth says, and a photo of a printed page or a table with no
cube is refused, the cell model's last resort weighing it too (exam-renderer photos, small, from
fixed seeds); and the score itself puts the true lattice above one a cell off and one on squared
paper (a drawn picture), and a table of digits, which goes on beyond any 3 x 3 block of it, is no
face."""
from __future__ import annotations

import random

import cv2
import numpy as np
import pytest

from sudoku_cube.assistant.bench.vision_second import cube
from sudoku_cube.render.second import ground
from sudoku_cube.render.second.looks import font_file
from sudoku_cube.render.second import shots
from sudoku_cube.render.second.shots import face_shot
from sudoku_cube.vision.locate.detect import find_face
from sudoku_cube.vision.locate.face_geometry import FaceNotFoundError
from sudoku_cube.vision.locate.face_score import face_score
from sudoku_cube.vision.locate.hypotheses import (GOOD_CELL, GOOD_CELLS, Hypothesis, evidence,
                                                  inked, repeating)
from sudoku_cube.vision.polarity import value_channel
from sudoku_cube.vision.recognise.digits_seen import digits_seen_by


def printed_grid(rng: random.Random, a: np.ndarray, b: np.ndarray, fp: np.ndarray,
                 font_file: str) -> np.ndarray:
    """Squared paper: dark lines about a sticker's pitch apart (0.5 to 0.8 cube units) on
    light paper, at table-plane points (``a``, ``b``)."""
    period = rng.uniform(0.5, 0.8)

    def lines(x: np.ndarray) -> np.ndarray:
        return (np.abs((x / period + 0.5) % 1.0 - 0.5) * period < 0.02).astype(np.float32)

    ink = cv2.GaussianBlur(np.maximum(lines(a), lines(b)), (0, 0), 0.7)
    return np.full(a.shape + (3,), 0.92, np.float32) * (1 - 0.9 * ink[..., None])


def _shot(monkeypatch: pytest.MonkeyPatch, kind: str, seed: int, look: str):
    """A 640 x 480 photo of face F of the exam cube ``seed`` of ``look`` on a ``kind`` table
    ("grid": :func:`printed_grid`, or one of the renderer's own surfaces)."""
    if kind == "grid":
        monkeypatch.setattr(ground, "surface", lambda kind, rng, seed, a, b, fp, font:
                            printed_grid(rng, a, b, fp, font))
    monkeypatch.setattr(ground, "SURFACES", (kind,))
    state, homes, lk = cube(seed, seed % 2, look)
    return face_shot(state, "F", seed, lk, homes, size=(640, 480))


def _off(found: np.ndarray, truth: dict) -> float:
    """Largest error of the found sticker centres, in pitches."""
    want = np.array(truth["centres"], np.float64)
    return float(np.linalg.norm(found - want, axis=1).max() / np.linalg.norm(want[1] - want[0]))


@pytest.mark.parametrize("look,seed", [("white", 50000), ("black", 53001),
                                       ("coloured", 51002)])
def test_a_face_on_squared_paper_is_located(monkeypatch, look, seed):
    shot = _shot(monkeypatch, "grid", seed, look)
    assert _off(find_face(shot.image, "F").cell_centres(), shot.truth) < 0.3


@pytest.mark.parametrize("look,seed", [("black", 53003), ("white-body", 54002)])
def test_a_face_on_printed_text_is_located(monkeypatch, look, seed):
    shot = _shot(monkeypatch, "print", seed, look)
    assert _off(find_face(shot.image, "F").cell_centres(), shot.truth) < 0.3


@pytest.mark.parametrize("look,seed", [("coloured", 51003), ("black", 53002)])
def test_a_face_in_dim_noisy_light_is_located(monkeypatch, look, seed):
    """The photo a third as bright, with sensor noise of 6 grey levels."""
    shot = _shot(monkeypatch, "wood", seed, look)
    noise = np.random.default_rng(seed).normal(0, 6, shot.image.shape)
    dim = np.clip(shot.image * 0.35 + noise, 0, 255).astype(np.uint8)
    assert _off(find_face(dim, "F").cell_centres(), shot.truth) < 0.3


@pytest.mark.parametrize("what", ["printed page", "wood"])
def test_a_photo_without_a_cube_is_refused(monkeypatch, what):
    """A printed page, or a wooden table, and no cube: the exam renderer's table alone (the
    cube drawn nowhere: its faces are skipped)."""
    if what == "printed page":
        rng = random.Random(7)
        page = ground.page(rng, 60, 11.0, font_file("DejaVuSerif.ttf"))[:480, :640]
        image = np.repeat((page[..., None] * 255).astype(np.uint8), 3, axis=2)
    else:
        monkeypatch.setattr(shots, "_body", lambda *args: None)
        monkeypatch.setattr(shots, "_face", lambda *args: {"tokens": [], "centres": [],
                                                           "sticker_quads": []})
        image = _shot(monkeypatch, "wood", 50001, "white").image
    with pytest.raises(FaceNotFoundError, match="no cube face"):
        find_face(image, what, digits_seen_by())  # as the reader seeks it


def _stickers(img: np.ndarray, top: int, sticker: tuple[int, int, int],
              ink: tuple[int, int, int]) -> None:
    """Draws a face's nine stickers (52 px, pitch 60, first centre at x 80 and y ``top``) with
    the digits 1-9 on them."""
    for k in range(9):
        x, y = 80 + 60 * (k % 3), top + 60 * (k // 3)
        cv2.rectangle(img, (x - 26, y - 26), (x + 26, y + 26), sticker, -1)
        cv2.putText(img, str(k + 1), (x - 12, y + 14), cv2.FONT_HERSHEY_SIMPLEX, 1.2, ink, 3)


def _drawn() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A face of nine white stickers with black digits on a black body, and squared paper
    beside it with squares of the same pitch (60 px); their lattices (cell centres at 0..2)."""
    img = np.full((400, 640, 3), 200, np.uint8)
    cv2.rectangle(img, (45, 95), (235, 285), (15, 15, 15), -1)
    _stickers(img, 130, (230, 230, 230), (20, 20, 20))
    for k in range(6):
        cv2.line(img, (320 + 60 * k, 70), (320 + 60 * k, 310), (40, 40, 40), 3)
        cv2.line(img, (320, 70 + 60 * k), (620, 70 + 60 * k), (40, 40, 40), 3)
    face = np.array([[60.0, 0, 80], [0, 60, 130], [0, 0, 1]])
    paper = np.array([[60.0, 0, 410], [0, 60, 160], [0, 0, 1]])
    return img, face, paper


def test_the_true_lattice_outscores_one_a_cell_off_and_one_on_squared_paper():
    img, face, paper = _drawn()
    score = face_score(img, value_channel(img))
    off = face @ np.array([[1.0, 0, 1], [0, 1, 0], [0, 0, 1]])
    cells, digits = score.judge(np.stack([face, off, paper]))
    got = evidence(cells, digits)
    assert (cells[0] > GOOD_CELL).all() and (digits[0] == 1).all()
    assert (cells[2] > GOOD_CELL).all() and (digits[2] == 0).all()  # framed, but empty
    assert got[0] > got[1] + 1 and got[0] > 2 * got[2], got


def _plain() -> tuple[np.ndarray, np.ndarray]:
    """A plain cube's face (nine stickers, no digits) on a black body with grooves a fifth of
    a pitch wide, on light paper; its lattice (cell centres at 0..2, pitch 60 px)."""
    img = np.full((400, 400, 3), 200, np.uint8)
    cv2.rectangle(img, (65, 65), (255, 255), (15, 15, 15), -1)
    for k in range(9):
        x, y = 100 + 60 * (k % 3), 100 + 60 * (k // 3)
        cv2.rectangle(img, (x - 24, y - 24), (x + 24, y + 24), (60, 160, 230), -1)
    return img, np.array([[60.0, 0, 100], [0, 60, 100], [0, 0, 1]])


def test_a_groove_crossing_is_no_digit_and_a_plain_face_outranks_a_lattice_half_off():
    """Half a cell off, a plain face's lattice centres its cells on groove crossings: dark
    ink in each cell's middle, as a digit's, but reaching every side of the cell. It holds no
    digit, so the true lattice ranks first."""
    img, face = _plain()
    score = face_score(img, value_channel(img))
    half = face @ np.array([[1.0, 0, 0.5], [0, 1, 0.5], [0, 0, 1]])
    cells, digits = score.judge(np.stack([face, half]))
    assert (cells[0] > GOOD_CELL).all() and (digits[0] == 0).all(), digits
    assert (digits[1, [0, 1, 3, 4]] == 0).all(), digits  # the four crossings inside the face
    got = evidence(cells, digits)
    assert got[0] > got[1], got


def test_a_few_inked_cells_do_not_outrank_a_plain_face():
    """A lattice with ink in some of its cells (a rug's pattern) is read as a face of digits
    only when nearly all nine hold one: four inked cells of high contrast rank below a plain
    face's nine clean stickers."""
    plain = np.full((1, 9), 0.9)
    some = np.array([[0.9, 0.9, 0.9, 0.9, 0.3, 0.3, 0.3, 0.3, 0.3]])
    inked = np.array([[1.0, 1.0, 1.0, 1.0, 0, 0, 0, 0, 0]])
    assert evidence(plain, np.zeros((1, 9)))[0] > evidence(some, inked)[0]
    assert evidence(plain, np.ones((1, 9)))[0] > 3 * evidence(plain, np.zeros((1, 9)))[0]


def _table() -> tuple[np.ndarray, np.ndarray]:
    """A printed table of figures: 6 x 5 cells 60 px apart, framed by lines 5 px wide, each
    holding a digit; the lattice of a 3 x 3 block of its cells in the middle."""
    img = np.full((400, 480, 3), 235, np.uint8)
    for k in range(7):
        cv2.line(img, (30 + 60 * k, 20), (30 + 60 * k, 320), (30, 30, 30), 5)
    for k in range(6):
        cv2.line(img, (30, 20 + 60 * k), (390, 20 + 60 * k), (30, 30, 30), 5)
    for r in range(5):
        for c in range(6):
            cv2.putText(img, str((3 * r + c) % 9 + 1), (48 + 60 * c, 64 + 60 * r),
                        cv2.FONT_HERSHEY_SIMPLEX, 1.1, (20, 20, 20), 3)
    return img, np.array([[60.0, 0, 120], [0, 60, 110], [0, 0, 1]])


def test_a_table_of_digits_goes_on_and_a_face_ends():
    """A 3 x 3 block of a printed table reads as a face of digits, but moved a cell either way
    along its rows it still does: a pattern that goes on, no face; a cube's face, with paper
    beyond its edges, ends. The whole table is refused as no cube face."""
    img, block = _table()
    score = face_score(img, value_channel(img))
    cells, digits = score.judge(block[None])
    table = Hypothesis(block, {}, cells[0], digits[0])
    assert table.good >= GOOD_CELLS and inked(table) >= GOOD_CELLS, (cells, digits)
    drawn, face, _ = _drawn()
    drawn_score = face_score(drawn, value_channel(drawn))
    cells, digits = drawn_score.judge(face[None])
    real = Hypothesis(face, {}, cells[0], digits[0])
    assert inked(real) == 9
    assert repeating([table], score) == [True]
    assert repeating([real], drawn_score) == [False]
    # its corner blocks end on two sides, but lie on one flat grid whole cells apart
    with pytest.raises(FaceNotFoundError, match="no cube face found .*printed sudoku or table"):
        find_face(img, "table")


def test_a_face_that_fills_the_picture_to_its_edges_ends():
    """A face turned a little and cut by the picture's left and right edges: moved a cell
    along its rows, each way it brings in a column mostly beyond the picture, one cell of it
    seen, on the body's rim or the paper. What the picture does not show is no evidence that
    a pattern goes on, so the face ends (it is not a printed table)."""
    img, face, _ = _drawn()
    turn = cv2.getRotationMatrix2D((140, 190), 12, 1.0)
    turned = cv2.warpAffine(img, turn, (640, 400), borderValue=(200, 200, 200))
    crop = turned[40:340, 30:250].copy()
    hom = np.array([[1.0, 0, -30], [0, 1, -40], [0, 0, 1]]) @ np.vstack([turn, [0, 0, 1]]) @ face
    score = face_score(crop, value_channel(crop))
    cells, digits = score.judge(hom[None])
    real = Hypothesis(hom, {}, cells[0], digits[0])
    assert inked(real) == 9 and real.good == 9
    assert repeating([real], score) == [False]


def _with_side_face() -> tuple[np.ndarray, np.ndarray]:
    """A face of nine dark stickers with light digits on a black body (pitch 60 px) and, below
    its edge, the side face foreshortened to a third: three rows of stickers 60 px wide and
    20 px apart, their digits squashed alike; the face's lattice (cell centres at 0..2)."""
    img = np.full((420, 320, 3), 150, np.uint8)
    cv2.rectangle(img, (45, 35), (235, 285), (10, 10, 10), -1)
    _stickers(img, 70, (70, 70, 70), (230, 230, 230))
    for r in range(3):
        for c in range(3):
            x, y = 80 + 60 * c, 232 + 20 * r
            cv2.rectangle(img, (x - 26, y - 8), (x + 26, y + 8), (70, 70, 70), -1)
            glyph = np.zeros((52, 52), np.uint8)
            cv2.putText(glyph, str(9 - 3 * r - c), (14, 40), cv2.FONT_HERSHEY_SIMPLEX, 1.2,
                        255, 3)
            squashed = cv2.resize(glyph, (52, 16), interpolation=cv2.INTER_AREA)
            patch = img[y - 8:y + 8, x - 26:x + 26]
            patch[squashed > 96] = 230
    return img, np.array([[60.0, 0, 80], [0, 60, 70], [0, 0, 1]])


def test_a_row_on_the_foreshortened_side_face_counts_for_little():
    """Nine stickers of one size make a face: moved a row onto the side face beside it, a
    lattice frames there slivers of three stickers with digits, grooves and the body in each
    of its last row's cells. Their rims break into short runs where the other six cells'
    stickers run unbroken, so they count for a fraction of the face's own row and the true
    lattice ranks first."""
    img, face = _with_side_face()
    score = face_score(img, value_channel(img))
    down = face @ np.array([[1.0, 0, 0], [0, 1, 1], [0, 0, 1]])
    cells, digits = score.judge(np.stack([face, down]))
    assert (cells[0] > GOOD_CELL).all(), cells
    assert cells[1, 6:].max() < 0.6 * cells[0, 6:].min(), cells
    got = evidence(cells, digits)
    assert got[0] > got[1] + 1, got
