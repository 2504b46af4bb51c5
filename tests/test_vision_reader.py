"""The Reader (vision/reading/reader.py): the built-in reading reads sample photos to their truth,
and each entry point hands the reader's templates, classifier, settings and OCR mode to its
stage."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.cube.state_format import parse_json
from sudoku_cube.vision.reading import reader as reader_module
from sudoku_cube.vision.recognise.footed import ones_verdict
from sudoku_cube.vision.recognise.hog import default_model
from sudoku_cube.vision.photo.images import load_image
from sudoku_cube.vision.reading.reader import Reader
from sudoku_cube.vision.recognise.templates import default_templates

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def test_default_reader_reads_a_sample_face_to_its_truth():
    cube = SAMPLES / "cubes" / "01-easy"
    truth = parse_json((cube / "truth.json").read_text()).face("F")
    r = Reader(ocr="never").read_face(load_image(cube / "F.jpg"), face="F")
    assert r.stickers == truth and r.face == "F"
    assert "ocr" not in r.timings_ms


def test_default_reader_reads_a_corner_pair_to_its_truth():
    cube = SAMPLES / "corners" / "c1-plain"
    truth = parse_json((cube / "truth.json").read_text())
    reading = Reader(ocr="never").read_photo_set(cube)
    right = sum(a == b for a, b in zip(reading.state.stickers, truth.stickers))
    assert right >= 53, f"{right}/54 stickers right"
    assert {Path(r.source).stem for r in reading.faces.values()} == {"A", "B"}


def test_with_ocr_changes_only_the_mode():
    templates = default_templates()
    r = Reader(templates, None, CubeSettings(underlined_69=False), "auto")
    never = r.with_ocr("never")
    assert never.ocr == "never" and never.templates is templates
    assert never.settings == CubeSettings(underlined_69=False) and r.ocr == "auto"


@pytest.mark.parametrize("method,stage,args", [
    ("read_face", "read_face", (np.zeros((8, 8, 3), np.uint8),)),
    ("read_corner_photo", "read_corner_photo", (np.zeros((8, 8, 3), np.uint8), "B")),
    ("read_located", "read_located", (np.zeros((8, 8, 3), np.uint8), [])),
    ("read_photo_set", "read_folder", ("some/folder",)),
])
def test_each_entry_point_hands_the_reader_to_its_stage(monkeypatch, method, stage, args):
    seen = {}

    def stage_fn(*a, **kw):
        seen["args"], seen["kw"] = a, kw
        return "read"

    monkeypatch.setattr(reader_module, stage, stage_fn)
    templates, model = default_templates(), default_model()
    settings = CubeSettings(frozenset({1, 8}), False, "coloured")
    reader = Reader(templates, model, settings, "always")
    assert getattr(reader, method)(*args) == "read"
    assert seen["args"] == args
    kw = seen["kw"]
    assert kw["templates"] is templates and kw["model"] is model
    assert kw["settings"] == settings and kw["ocr"] == "always"


# A grey photo handed to the reader as an array (one channel) is read as the BGR photo it is
# (Reader's as_read): the cells stage tells a cell inverted for light ink by its single
# channel (vision.polarity.came_inverted), so given as it was every cell passed for light ink
# and the plain print's 1s for the black cube's footed ones.

def _grey(image: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


def test_a_grey_photo_reads_as_the_colour_one_with_the_same_verdict_on_the_1():
    cube = SAMPLES / "cubes" / "02-tilted"
    reader = Reader(ocr="never")
    photos = {f: load_image(cube / f"{f}.jpg") for f in FACES}
    colour = {f: reader.read_face(image, face=f) for f, image in photos.items()}
    grey = {f: reader.read_face(_grey(image), face=f) for f, image in photos.items()}
    for f in FACES:
        assert grey[f].stickers == colour[f].stickers
        assert [e.light for e in grey[f].evidence] == [e.light for e in colour[f].evidence]
    assert ones_verdict(grey) == ones_verdict(colour)
    as_bgr = cv2.cvtColor(_grey(photos["F"]), cv2.COLOR_GRAY2BGR)
    assert reader.read_face(as_bgr, face="F").candidates == grey["F"].candidates


def test_a_grey_corner_photo_reads_as_the_colour_one():
    photo = load_image(SAMPLES / "corners" / "c1-plain" / "A.jpg")
    reader = Reader(ocr="never")
    colour, grey = reader.read_corner_photo(photo, "A"), reader.read_corner_photo(_grey(photo), "A")
    assert {f: r.stickers for f, r in grey.items()} == {f: r.stickers for f, r in colour.items()}
    assert ([e.light for r in grey.values() for e in r.evidence]
            == [e.light for r in colour.values() for e in r.evidence])
