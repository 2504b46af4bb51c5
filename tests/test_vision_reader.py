"""The Reader (vision/reading/reader.py): the built-in reading reads sample photos to their truth,
each entry point hands the reader's templates, classifier, learned models, settings and OCR
mode to its stage, and a reading votes with the learned models its Reader holds."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.cube.state_format import parse_json
from sudoku_cube.vision.reading import reader as reader_module
from sudoku_cube.models.cube.stickers import Sticker
from sudoku_cube.vision.recognise.cell_model import CLASSES, CellModel, shipped_cell_model
from sudoku_cube.vision.recognise.footed import ones_verdict
from sudoku_cube.vision.recognise.hog import class_index, default_model
from sudoku_cube.vision.photo.images import load_image
from sudoku_cube.vision.reading.reader import Reader
from sudoku_cube.vision.recognise.templates import default_templates
from sudoku_cube.vision.recognise.underline_model import UnderlineModel, shipped_underline_model

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
    cells, underline = _one_digit_cell_model(Sticker(5, 0)), _six_always(0.0)
    settings = CubeSettings(frozenset({1, 8}), False)
    reader = Reader(templates, model, settings, "always", cells, underline)
    assert getattr(reader, method)(*args) == "read"
    assert seen["args"] == args
    kw = seen["kw"]
    assert kw["templates"] is templates and kw["model"] is model
    assert kw["cell_model"] is cells and kw["underline_model"] is underline
    assert kw["settings"] == settings and kw["ocr"] == "always"


class _OneDigitNet:
    """A stand-in for the cell model's network that sees one sticker in every cell."""

    def __init__(self, sticker: Sticker) -> None:
        self.k, self.n = class_index(sticker.digit, sticker.rot), 0

    def setInput(self, blob: np.ndarray) -> None:
        self.n = len(blob)

    def forward(self) -> np.ndarray:
        z = np.full((self.n, CLASSES), -60.0, np.float32)
        z[:, self.k] = 0.0
        return z


def _one_digit_cell_model(sticker: Sticker) -> CellModel:
    return CellModel(_OneDigitNet(sticker), {"input": [1, 8, 8], "temperature": 1.0})


class _SixAlways(UnderlineModel):
    """An underline model that gives every 6/9 shape the same odds of a 6."""

    def six_probability(self, patches: np.ndarray) -> np.ndarray:
        return np.full(len(patches), self.meta["p"])


def _six_always(p: float) -> UnderlineModel:
    shipped = shipped_underline_model()
    assert shipped is not None
    return _SixAlways(shipped.arrays, {**shipped.meta, "p": p})


def test_a_reading_votes_with_the_cell_model_its_reader_holds():
    face = load_image(SAMPLES / "cubes" / "01-easy" / "F.jpg")
    built_in = Reader(ocr="never").read_face(face, face="F")
    fives = Reader(ocr="never", cell_model=_one_digit_cell_model(Sticker(5, 0)))
    voted = fives.read_face(face, face="F")
    assert built_in.stickers.count(Sticker(5, 0)) == 0 and voted.stickers.count(Sticker(5, 0))
    assert voted.digit_seen == pytest.approx([1.0] * 9)  # the stub's, not the shipped model's
    assert built_in.digit_seen != voted.digit_seen
    shipped = Reader(ocr="never", cell_model=shipped_cell_model()).read_face(face, face="F")
    assert shipped.candidates == built_in.candidates


def test_a_reading_judges_6_and_9_with_the_underline_model_its_reader_holds():
    face = load_image(SAMPLES / "cubes" / "01-easy" / "R.jpg")  # two 6s and a 9
    right = shipped_underline_model().right

    def odds(reader: Reader) -> list[float]:
        read = reader.read_face(face, face="R")
        return [e.six_odds[1] for e in read.evidence if e.six_odds is not None]

    built_in = odds(Reader(ocr="never"))
    assert len(built_in) >= 3 and any(p != round(1 - right, 6) for p in built_in)
    assert odds(Reader(ocr="never", underline_model=_six_always(0.0))) == \
        pytest.approx([1 - right] * len(built_in))


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
