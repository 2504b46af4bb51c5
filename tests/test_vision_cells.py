"""Vision on single synthetic cells: every digit x rotation, 6/9 underline, coloured stickers,
and the image loader's error messages."""
from __future__ import annotations

import struct
import zlib
from dataclasses import replace

import cv2
import numpy as np
import pytest

from sudoku_cube.vision.recognise.templates import default_templates, find_font, render_digit
from sudoku_cube.models.cube.stickers import Sticker
from sudoku_cube.vision.cells.glyph import rotate_glyph
from sudoku_cube.vision.recognise.hog import class_index, default_model
from sudoku_cube.vision.photo.images import MIN_WORK_SIDE, ImageError, load_image
from sudoku_cube.vision.recognise.ocr_vote import glyph_shape, ocr_cells
from sudoku_cube.vision.recognise.evidence import analyse_cells, hypotheses
from sudoku_cube.vision.cells.ink import ink_mask

FONTS = ["DejaVuSans-Bold.ttf", "FreeSansBold.ttf"]


def cell_image(digit: int, rot: int, font: str, colour=(235, 235, 235), underline=None):
    """An 80x80 straightened cell: a sticker of ``colour`` with a black digit, dark border."""
    gray = render_digit(digit, find_font(font), 64, underline=underline)
    ys, xs = np.nonzero(gray < 128)
    glyph = gray[ys.min() - 2:ys.max() + 3, xs.min() - 2:xs.max() + 3]
    glyph = rotate_glyph(glyph, rot)
    h, w = glyph.shape
    s = 46 / max(h, w)
    glyph = cv2.resize(glyph, (round(w * s), round(h * s)), interpolation=cv2.INTER_AREA)
    cell = np.full((80, 80, 3), 25, np.uint8)
    cell[5:75, 5:75] = colour
    h, w = glyph.shape
    y0, x0 = (80 - h) // 2, (80 - w) // 2
    ink = glyph < 128
    cell[y0:y0 + h, x0:x0 + w][ink] = (20, 20, 20)
    return cell


def read_cell(cell, underlined=True):
    ev = analyse_cells([ink_mask(cell)], default_templates(), default_model(), [cell])[0]
    return hypotheses(ev, underlined)


@pytest.mark.parametrize("font", FONTS)
def test_every_digit_and_rotation(font):
    wrong = []
    for d in range(1, 10):
        for r in range(4):
            hyps = read_cell(cell_image(d, r, font))
            best = hyps[0].sticker
            ok = best == Sticker(d, r) or (d == 1 and best == Sticker(1, (r + 2) % 4))
            if not ok:
                wrong.append((d, r, best))
    assert not wrong, wrong


@pytest.mark.parametrize("rot", range(4))
def test_six_nine_decided_by_underline(rot):
    for digit in (6, 9):
        hyps = read_cell(cell_image(digit, rot, "LiberationSans-Bold.ttf"))
        assert hyps[0].sticker == Sticker(digit, rot)
        assert hyps[0].score > 0.9


@pytest.mark.parametrize("rot", range(4))
def test_six_nine_without_underline_keeps_both(rot):
    hyps = read_cell(cell_image(6, rot, "DejaVuSans-Bold.ttf", underline=False))
    top = {h.sticker: h.score for h in hyps[:2]}
    assert set(top) == {Sticker(6, rot), Sticker(9, (rot + 2) % 4)}
    a, b = top.values()
    assert abs(a - b) < 0.05


@pytest.mark.parametrize("colour", [(40, 40, 200), (200, 90, 20), (40, 170, 40), (20, 200, 240),
                                    (20, 120, 250)])
def test_coloured_stickers(colour):
    for d, r in ((2, 1), (5, 0), (7, 3), (8, 2), (6, 1)):
        hyps = read_cell(cell_image(d, r, "DejaVuSans-Bold.ttf", colour=colour))
        assert hyps[0].sticker == Sticker(d, r), (colour, d, r, hyps[:2])


def test_blank_sticker_has_no_ink():
    cell = np.full((80, 80, 3), 25, np.uint8)
    cell[5:75, 5:75] = 230
    assert not ink_mask(cell).any()


def test_load_image_errors(tmp_path):
    with pytest.raises(ImageError, match="no such file"):
        load_image(tmp_path / "U.jpg")
    (tmp_path / "t.jpg").write_text("hello")
    with pytest.raises(ImageError, match="not an image"):
        load_image(tmp_path / "t.jpg")
    img = np.full((200, 300, 3), 128, np.uint8)
    data = cv2.imencode(".jpg", img)[1].tobytes()
    (tmp_path / "cut.jpg").write_bytes(data[:len(data) // 2])
    with pytest.raises(ImageError, match="truncated"):
        load_image(tmp_path / "cut.jpg")
    (tmp_path / "empty.png").write_bytes(b"")
    with pytest.raises(ImageError, match="empty"):
        load_image(tmp_path / "empty.png")
    (tmp_path / "head.jpg").write_bytes(data[:200])  # cut within its header
    with pytest.raises(ImageError, match="head.jpg: the JPEG file is truncated"):
        load_image(tmp_path / "head.jpg")


def test_a_png_claiming_a_huge_size_is_refused_before_any_pixel_is_decoded(tmp_path,
                                                                          monkeypatch):
    """Pillow decodes a PNG's pixels to look for an EXIF chunk after them: a 1 KB file whose
    header claims 60000 x 60000 pixels took 3.7 GB before it was refused."""
    from PIL import ImageFile

    decoded = []
    load = ImageFile.ImageFile.load
    monkeypatch.setattr(ImageFile.ImageFile, "load",
                        lambda self: decoded.append(self.size) or load(self))
    rows = zlib.compress(b"\0" * (60000 * 3 + 1) * 4)
    head = struct.pack(">IIBBBBB", 60000, 60000, 8, 2, 0, 0, 0)  # 8-bit RGB
    (tmp_path / "U.png").write_bytes(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", head)
                                     + _chunk(b"IDAT", rows) + _chunk(b"IEND", b""))
    with pytest.raises(ImageError, match="60000x60000 pixels, too large"):
        load_image(tmp_path / "U.png")
    assert decoded == []


def _chunk(kind: bytes, data: bytes) -> bytes:
    """A PNG chunk: length, type, data and CRC."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def test_load_image_converts_and_downscales(tmp_path):
    """16-bit and grey images become 8-bit BGR; a small one is enlarged to the working size
    (aspect kept), a huge one downscaled."""
    g16 = (np.arange(100 * 120, dtype=np.uint16).reshape(100, 120) * 5)
    cv2.imwrite(str(tmp_path / "g16.png"), g16)
    out = load_image(tmp_path / "g16.png")
    assert out.dtype == np.uint8 and out.shape == (533, MIN_WORK_SIDE, 3)
    assert out[:, :, 0].max() > 200 and out[:, :, 0].min() < 10  # the ramp kept, scaled to 8 bits
    cv2.imwrite(str(tmp_path / "gray.jpg"), np.full((50, 60), 200, np.uint8))
    grey = load_image(tmp_path / "gray.jpg")
    assert grey.shape == (533, MIN_WORK_SIDE, 3) and abs(int(grey[100, 100, 1]) - 200) <= 2
    big = np.zeros((4000, 6000, 3), np.uint8)
    cv2.imwrite(str(tmp_path / "big.jpg"), big)
    out = load_image(tmp_path / "big.jpg")
    assert max(out.shape[:2]) <= 1600


def test_ocr_is_asked_only_where_the_recognisers_disagree_on_the_shape():
    """In ``auto`` mode a cell whose recognisers prefer 9 and the 6 turned half-way (one shape,
    which only the underline tells apart) gets no OCR vote; a real disagreement does."""
    assert glyph_shape(class_index(9, 0)) == class_index(6, 2)
    assert glyph_shape(class_index(9, 3)) == class_index(6, 1)
    assert glyph_shape(class_index(4, 1)) == class_index(4, 1)
    cell = cell_image(9, 0, "LiberationSans-Bold.ttf")
    ev = analyse_cells([ink_mask(cell)], default_templates(), default_model(), [cell])[0]
    hyps = [hypotheses(ev)]
    assert hyps[0][0].score >= 0.9

    def preferring(template: int, hog: int):
        t, h = np.zeros(36), np.zeros(36)
        t[template], h[hog] = 1.0, 1.0
        return [replace(ev, template=t, hog=h)]

    assert ocr_cells(preferring(class_index(9, 0), class_index(6, 2)), hyps, "auto") == []
    assert ocr_cells(preferring(class_index(9, 0), class_index(4, 0)), hyps, "auto") == [0]
    assert ocr_cells(preferring(class_index(9, 0), class_index(6, 2)), hyps, "always") == [0]
