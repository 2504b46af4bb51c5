"""The black cube's print decides its 1's foot. A face whose every digit is lighter than its
sticker is the black Sudoku Cube's print (white serif ink on dark grey), whose 1 has a foot
however bold it is drawn: there a base that reaches out on both sides is its foot at any
depth. Faces printed otherwise (the coloured look's white ink lies on its dark stickers only)
keep the depth test that tells a serif foot from a sans base bar."""
from __future__ import annotations

import numpy as np

from sudoku_cube.assistant.bench import corners as bench_corners
from sudoku_cube.assistant.bench.vision import _rendered
from sudoku_cube.assistant.bench.vision_second import cube
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.render.second import corner_shot, face_shot
from sudoku_cube.vision.reading.reader import Reader
from sudoku_cube.vision.recognise.footed import has_foot, light_print, ones_verdict
from sudoku_cube.vision.recognise.templates import find_font, render_digit


def _one(font: str) -> np.ndarray:
    return render_digit(1, find_font(font), 60) < 128


def test_a_base_bar_is_a_foot_only_on_the_black_cubes_print():
    """DejaVu Sans's base bar is as deep as the stem: no foot on a dark-ink face, the foot on
    the black cube's print; a plain stroke or a 1 read upside down (its flag at the foot end)
    has none on either."""
    bar, plain = _one("DejaVuSans-Bold.ttf"), _one("FreeSansBold.ttf")
    for rot in range(4):
        assert has_foot(np.rot90(bar, -rot), rot, light=True)
        assert not has_foot(np.rot90(bar, -rot), rot)
        assert not has_foot(np.rot90(bar, -rot), (rot + 2) % 4, light=True)
        assert not has_foot(np.rot90(plain, -rot), rot, light=True)


def _faces_with_ones(state, shoot) -> dict:
    """The faces of ``state`` that show a 1, each read from the photo ``shoot(face, i)``."""
    reader = Reader(ocr="never")
    return {f: reader.read_face(shoot(f, i), face=f) for i, f in enumerate(FACES)
            if any(s.digit == 1 for s in state.face(f))}


def test_the_exam_renderers_bold_serif_black_cube_has_a_footed_one():
    """Six-photo cube 93004 of ``bench vision --renderer second``'s black cubes: URW Bookman
    Demi drawn emboldened, its feet as deep as a sans bar (the depth test alone called every
    1 footless)."""
    seed = 93004
    state, homes, look = cube(seed, 4, "black")
    faces = _faces_with_ones(state, lambda f, i: face_shot(state, f, seed * 10 + i, look,
                                                           homes).image)
    assert all(light_print(r.evidence) for r in faces.values())
    verdict = ones_verdict(faces)
    assert verdict.seen >= 3 and verdict.has_foot, verdict


def test_the_exam_renderers_black_corner_pair_has_a_footed_one():
    """Corner pair 73004 of the exam's black cubes: Century Schoolbook (C059) emboldened."""
    seed = 73004
    state, homes, look = cube(seed, 4, "black")
    reader, faces = Reader(ocr="never"), {}
    for i, w in enumerate("AB"):
        faces.update(reader.read_corner_photo(
            corner_shot(state, w, seed * 10 + i, look, homes).image, w))
    verdict = ones_verdict(faces)
    assert verdict.seen >= 3 and verdict.has_foot, verdict


def test_our_black_corner_pair_has_a_footed_one():
    """Corner pair 73000 of ``bench vision``'s black cubes (DejaVu Serif and TeX Gyre Schola)."""
    [(_, images, _, _)] = list(bench_corners.rendered(1, 73000, "black", single=False))
    reader, faces = Reader(ocr="never"), {}
    for w, img in images.items():
        faces.update(reader.read_corner_photo(img, w))
    verdict = ones_verdict(faces)
    assert verdict.seen >= 3 and verdict.has_foot, verdict


def test_white_ink_on_the_coloured_look_is_not_the_black_cubes_print():
    """Cube 92001 of ``bench vision``'s coloured look with white ink, printed in bold sans
    (most faces Liberation Sans, whose 1 stands on a base bar): white digits lie on its dark
    stickers only, so no face is taken for the black cube's print and the 1 stays symmetric."""
    [(_, images, state)] = list(_rendered(1, 92001, look="coloured-white-ink"))
    faces = _faces_with_ones(state, lambda f, i: images[f])
    assert not any(light_print(r.evidence) for r in faces.values())
    assert not ones_verdict(faces).has_foot
