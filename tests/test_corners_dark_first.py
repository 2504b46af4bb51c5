"""Dark stickers are recognised from the first sticker pass, so a corner photo of the black
Sudoku Cube goes straight to its digits (vision.locate.corners.faces.looks_dark) instead of trying
every sticker pass first; most such photos already from the pass's local-contrast mask alone
(vision.locate.corners.quads.sticker_probe), before the rest of the pass. The faces found are the
ones the old order found, and light or coloured stickers keep the sticker passes."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from sudoku_cube.vision.locate.corners import faces as corner_faces_module
from sudoku_cube.vision.locate.corners.faces import locate_faces, looks_dark
from sudoku_cube.vision.locate.corners.lattice import find_lattices
from sudoku_cube.vision.locate.corners.quads import Probe, find_quads, sticker_probe
from sudoku_cube.vision.photo.images import load_image
from tests.conftest import quad_pitch

SAMPLES = Path(__file__).resolve().parents[1] / "samples" / "corners"


@pytest.mark.parametrize("sample,dark", [("c4-black", True), ("c1-plain", False),
                                         ("c2-coloured", False), ("c3-hard", False)])
def test_first_pass_tells_dark_stickers(sample, dark):
    for which in "AB":
        img = load_image(SAMPLES / sample / f"{which}.jpg")
        assert looks_dark(find_lattices(img)) is dark, (sample, which)
        assert sticker_probe(img).shows_stickers() is not dark, (sample, which)


@pytest.mark.parametrize("sample", ["c4-black", "c1-plain", "c3-hard"])
def test_first_pass_goes_on_from_its_probe(sample):
    img = load_image(SAMPLES / sample / "A.jpg")
    alone, probed = find_quads(img), find_quads(img, probe=sticker_probe(img))
    assert len(alone) == len(probed) and (sample == "c4-black" or len(alone) > 9)
    assert all(np.array_equal(a.corners, b.corners) for a, b in zip(alone, probed))


def _counting(monkeypatch) -> dict[str, int]:
    calls = {"sticker passes": 0, "glyphs": 0}
    find, glyphs = corner_faces_module.find_lattices, corner_faces_module.glyph_faces

    def counted_find(*a, **k):
        calls["sticker passes"] += 1
        return find(*a, **k)

    def counted_glyphs(*a, **k):
        calls["glyphs"] += 1
        return glyphs(*a, **k)

    monkeypatch.setattr(corner_faces_module, "find_lattices", counted_find)
    monkeypatch.setattr(corner_faces_module, "glyph_faces", counted_glyphs)
    return calls


@pytest.mark.parametrize("which", "AB")
def test_black_corner_photo_skips_the_sticker_passes_and_finds_its_faces(which, monkeypatch):
    img = load_image(SAMPLES / "c4-black" / f"{which}.jpg")
    truth = json.loads((SAMPLES / "c4-black" / "photos.json").read_text())[which]["faces"]
    calls = _counting(monkeypatch)
    faces = locate_faces(img, which)
    assert calls == {"sticker passes": 0, "glyphs": 1}
    # the old order (every sticker pass first, the digits of both polarities among the last
    # resorts) places
    # the same faces, no better
    monkeypatch.setattr(Probe, "shows_stickers", lambda self: True)
    monkeypatch.setattr(corner_faces_module, "looks_dark", lambda found: False)
    old = locate_faces(img, which)
    # the first pass, the further ones and the rounded pass of the last resorts
    assert calls == {"sticker passes": 2 + len(corner_faces_module.MORE_PASSES), "glyphs": 2}
    assert [f.face for f in faces] == [f.face for f in old]
    assert sorted(f.face for f in faces) == sorted(truth)
    for new_face, old_face in zip(faces, old):
        quad = np.array(truth[new_face.face]["quad"])
        err_new, err_old = (np.linalg.norm(f.quad() - quad, axis=1).max() / quad_pitch(quad)
                            for f in (new_face, old_face))
        assert err_new < 0.2 and err_new < err_old + 0.05, (which, new_face.face, err_new,
                                                            err_old)


def test_light_stickers_never_try_the_digits(monkeypatch):
    img = load_image(SAMPLES / "c1-plain" / "A.jpg")
    calls = _counting(monkeypatch)
    assert [f.face for f in locate_faces(img, "A")] == ["U", "F", "R"]
    assert calls == {"sticker passes": 1, "glyphs": 0}
