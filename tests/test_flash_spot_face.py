"""A flash's hot spot on a face photo: the face is located where it is, or refused; never a
row or column off.

The glare washes out a row of the face: on a black cube its stickers' contrast falls below
that of the ground or a side face beyond the opposite row, which a lattice a row off frames
with the face's rim; there the outer sides show no sticker's edge
(:mod:`sudoku_cube.vision.locate.outline`). On a white-ink cube it lifts a green sticker
toward its white digit's brightness, so on brightness the digit is lost; the white ink stays
colourless on the colour picture, where digits are sought too
(:meth:`sudoku_cube.vision.locate.face_score.FaceScore.judge`). The outline must not cost the
faces that step faintly all round: white stickers on a white body on white paper."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from sudoku_cube.assistant.bench.vision_second import cube
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.render.second import face_shot
from sudoku_cube.vision.locate.detect import FaceNotFoundError, find_face
from sudoku_cube.vision.locate.outline import BAND, EDGE_STEP, FAINT_EDGE, POINTS, outlined
from tools.phone_changes_report import CHANGES, FIRST_SEED


@pytest.mark.parametrize("look, index, seed, face", [
    ("coloured-white-ink", 2, 98002, "R"),  # placed a column off before
    ("black", 3, 99000, "L"),  # a row off, over a finger
    ("black", 3, 99002, "D"),  # a row off, over the side face
])
def test_a_flash_spotted_face_is_located_on_the_face_or_refused(look, index, seed, face):
    # the exam renderer's cubes of the phone-changes report (look i's seeds from
    # FIRST_SEED + 1000 i), written as its JPEG
    assert seed - FIRST_SEED - 1000 * index in range(3)
    state, homes, lk = cube(seed, seed - FIRST_SEED - 1000 * index, look)
    shot = face_shot(state, face, seed * 10 + FACES.index(face), lk, homes)
    ok, jpeg = cv2.imencode(".jpg", CHANGES["flash spot"](shot.image),
                            [cv2.IMWRITE_JPEG_QUALITY, 90])
    image = cv2.imdecode(jpeg, cv2.IMREAD_COLOR)
    try:
        geometry = find_face(image, f"face {face}")
    except FaceNotFoundError as e:  # refused is acceptable, saying which photo
        assert str(e).startswith(f"face {face}: ")
        return
    want = np.array(shot.truth["centres"], np.float64)
    got = np.asarray(geometry.cell_centres(), np.float64)
    pitch = np.linalg.norm(want[0] - want[1])
    assert np.linalg.norm(got - want, axis=1).max() < pitch / 3


_IN = np.zeros((1, len(POINTS)), bool)
"""Every outline sample inside the picture."""


def test_an_edge_cell_whose_outer_side_shows_no_step_is_capped():
    # one lattice, every cell's plateau 100 and contrast 0.5; the outline samples level at
    # 100 (nothing beyond the edge cells but more of the same) except on cell 0's two outer
    # sides, where each line across them falls to a dark rim past the sticker's edge
    assert len(POINTS) == 12 * 3 * len(BAND)  # twelve outer sides, three lines across each
    contrast = np.full((1, 9), 0.5)
    level = np.full((1, 9), 100.0)
    lines = np.full((1, 12, 3, len(BAND)), 100.0)
    lines[0, :2, :, len(BAND) // 2:] = 40.0  # the first two outer sides are cell 0's
    got = outlined(contrast, level, lines.reshape(1, -1), 10.0, _IN)[0]
    assert got[0] == 0.5  # its sticker's edge seen: unchanged
    assert got[4] == 0.5  # the middle cell has no outer side
    assert np.all(got[[1, 2, 3, 5, 6, 7, 8]] == 0.0)  # no step: at most the step, none
    # a light ground beyond dark stickers is a step too, if it is one
    lines[0, :, :, len(BAND) // 2:] = 100.0 + (EDGE_STEP + 0.05) * 110
    assert np.all(outlined(contrast, level, lines.reshape(1, -1), 10.0, _IN) == 0.5)
    # a faint step, as white stickers on a white body and paper show (0.06): a plainly
    # framed lattice's edge cells (a row off a face, framed by its rim) are held to it ...
    lines[0, :, :, len(BAND) // 2:] = 100.0 + 0.06 * 110
    got = outlined(contrast, level, lines.reshape(1, -1), 10.0, _IN)[0]
    assert got[4] == 0.5
    assert np.allclose(got[[0, 1, 2, 3, 5, 6, 7, 8]], 0.06)
    # ... a faintly framed face's (hairline grooves, contrast 0.1) are not: its outline
    # steps as faintly as its grooves do
    faint = np.full((1, 9), 0.1)
    assert np.all(outlined(faint, level, lines.reshape(1, -1), 10.0, _IN) == 0.1)
    # but even there an outer side with no step at all is no sticker's edge
    lines[0, :2, :, len(BAND) // 2:] = 100.0 + FAINT_EDGE * 0.1 / 2 * 110
    got = outlined(faint, level, lines.reshape(1, -1), 10.0, _IN)[0]
    assert np.isclose(got[0], FAINT_EDGE * 0.1 / 2, rtol=1e-3)
    assert np.all(got[1:] == 0.1)


def test_an_outer_side_beyond_the_picture_is_no_level_side():
    # a face cut by the photo's edge: the top row's outer sides lie beyond the picture, where
    # every sample reads 0, as level as can be; the face may end there, so they are not
    # capped. Every other outer side falls to a dark rim past its sticker's edge.
    contrast, level = np.full((1, 9), 0.5), np.full((1, 9), 100.0)
    lines = np.full((1, 12, 3, len(BAND)), 100.0)
    lines[..., len(BAND) // 2:] = 40.0
    beyond = np.zeros((1, 12, 3, len(BAND)), bool)
    middles = POINTS.reshape(12, 3, len(BAND), 3)[:, 1, 0]  # each side's middle line's start
    top = [i for i, p in enumerate(middles) if p[1] < 0]
    assert len(top) == 3  # the top row's three outer sides (row 0's, outward up)
    lines[0, top] = 0.0
    beyond[0, top] = True
    got = outlined(contrast, level, lines.reshape(1, -1), 10.0, beyond.reshape(1, -1))[0]
    assert np.all(got == 0.5)
    # the same level sides inside the picture (a dark ground, no sticker's edge): capped
    got = outlined(contrast, level, lines.reshape(1, -1), 10.0, _IN)[0]
    assert np.all(got[[0, 1, 2]] == 0.0) and np.all(got[3:] == 0.5)


_WHITE, _COLOURS = (235, 235, 235), ((40, 40, 200), (40, 160, 40), (200, 80, 30), (30, 200, 240))


def _white_body_face(stickers: list[tuple[int, int, int]], cut: bool) -> tuple[np.ndarray,
                                                                             np.ndarray]:
    """A drawn photo (800 x 600) of a white-body face (222) on white paper (238): hairline
    grooves (150), stickers of ``stickers`` (row by row) with dark digits, turned 8 degrees,
    blurred, noised and saved as JPEG; ``cut``: its top row half beyond the photo's top edge.
    With its nine cell centres."""
    s, pitch = 2, 80  # drawn at twice the size, then shrunk
    fp = s * pitch
    img = np.full((600 * s, 800 * s, 3), 238, np.uint8)
    x0, y0 = 400 * s - 1.5 * fp, (95 if cut else 300) * s - 1.5 * fp
    m = int(0.06 * fp)
    cv2.rectangle(img, (int(x0) - m, int(y0) - m), (int(x0 + 3 * fp) + m, int(y0 + 3 * fp) + m),
                  (222, 222, 222), -1)
    for i in (1, 2):
        cv2.line(img, (int(x0 + i * fp), int(y0) - m), (int(x0 + i * fp), int(y0 + 3 * fp) + m),
                 (150, 150, 150), s)
        cv2.line(img, (int(x0) - m, int(y0 + i * fp)), (int(x0 + 3 * fp) + m, int(y0 + i * fp)),
                 (150, 150, 150), s)
    centres = []
    for n, colour in enumerate(stickers):
        cx, cy = x0 + (n % 3 + 0.5) * fp, y0 + (n // 3 + 0.5) * fp
        h = int(0.45 * fp)
        cv2.rectangle(img, (int(cx) - h, int(cy) - h), (int(cx) + h, int(cy) + h), colour, -1)
        digit = str(n + 1)
        (tw, th), _ = cv2.getTextSize(digit, cv2.FONT_HERSHEY_SIMPLEX, 0.022 * fp, int(0.09 * fp))
        cv2.putText(img, digit, (int(cx - tw / 2), int(cy + th / 2)), cv2.FONT_HERSHEY_SIMPLEX,
                    0.022 * fp, (20, 20, 20), int(0.09 * fp), cv2.LINE_AA)
        centres.append((cx, cy))
    turn = cv2.getRotationMatrix2D((400.0 * s, 300.0 * s), 8, 1.0)
    img = cv2.warpAffine(img, turn, (800 * s, 600 * s), borderValue=(238, 238, 238))
    img = cv2.resize(img, (800, 600), interpolation=cv2.INTER_AREA).astype(np.float64)
    img = cv2.GaussianBlur(img, (0, 0), 0.8)
    img += np.random.default_rng(0).normal(0, 2.5, img.shape)
    ok, jpeg = cv2.imencode(".jpg", np.clip(img, 0, 255).astype(np.uint8),
                            [cv2.IMWRITE_JPEG_QUALITY, 90])
    at = cv2.transform(np.array(centres)[None], turn)[0] / s
    return cv2.imdecode(jpeg, cv2.IMREAD_COLOR), at


@pytest.mark.parametrize("stickers, cut", [
    ([_WHITE] * 9, False),  # white on white all round
    ([_WHITE] * 9, True),  # and cut by the photo's edge
    ([_WHITE] * 4 + list(_COLOURS) + [_WHITE], False),  # white edge stickers among coloured
])
def test_white_stickers_on_a_white_body_and_paper_are_placed(stickers, cut):
    # their hairline grooves frame them by about 0.1 and their outline steps by 0.06-0.07:
    # held to a sticker's edge of 0.15, as a lattice a row off a plainly framed face is,
    # they were refused (:data:`sudoku_cube.vision.locate.outline.FAINT_EDGE`)
    image, want = _white_body_face(stickers, cut)
    got = np.asarray(find_face(image, "white.jpg").cell_centres(), np.float64)
    assert np.linalg.norm(got - want, axis=1).max() < 80 / 3
