"""Only JPEG and PNG are ever decoded. A PostScript file named ``U.jpg`` once reached Pillow's
EPS plugin, which hands the file to Ghostscript (an interpreter that runs the file's code); BMP,
TIFF, WebP, GIF and PSD files named ``.jpg`` reached their parsers. Each is refused by name, and
a fake ``gs`` first on PATH proves that no interpreter ever runs."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.vision.photo.images import load_image

ROOT = Path(__file__).resolve().parents[1]
EASY = ROOT / "samples" / "cubes" / "01-easy"

POSTSCRIPT = b"""%!PS-Adobe-3.0 EPSF-3.0
%%BoundingBox: 0 0 64 64
(ghostscript ran this file) print flush
newpath 0 0 moveto 64 64 lineto stroke
showpage
%%EOF
"""


def _fake_gs(tmp: Path) -> tuple[Path, Path]:
    """A folder holding a ``gs`` that records being run, and the record's path."""
    bindir, marker = tmp / "bin", tmp / "gs-ran"
    bindir.mkdir()
    gs = bindir / "gs"
    gs.write_text(f"#!/bin/sh\necho ran >> {marker}\nexit 1\n")
    gs.chmod(0o755)
    return bindir, marker


def test_postscript_named_jpg_never_reaches_ghostscript(tmp_path):
    bindir, marker = _fake_gs(tmp_path)
    d = tmp_path / "photos"
    shutil.copytree(EASY, d)
    (d / "U.jpg").write_bytes(POSTSCRIPT)
    env = {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}"}
    for argv in (["read", str(d), "--no-ocr"], ["read", str(d / "U.jpg"), "--no-ocr"],
                 ["solve", str(d), "--plain", "--no-ocr"]):
        res = subprocess.run([sys.executable, "-c",
                              "import sys; from sudoku_cube.assistant.cli import main; "
                              "sys.exit(main(sys.argv[1:]))", *argv],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
        assert res.returncode == 2, (argv, res.stdout, res.stderr)
        assert "Traceback" not in res.stderr
        assert "U.jpg" in res.stderr and "PostScript" in res.stderr, res.stderr
        assert "ghostscript ran" not in res.stdout + res.stderr
        assert not marker.exists(), f"{argv}: gs was run"


def _other_format(kind: str) -> bytes:
    face = cv2.resize(cv2.imread(str(EASY / "F.jpg")), (160, 120))
    if kind in ("BMP", "TIFF", "WebP"):
        ext = {"BMP": ".bmp", "TIFF": ".tiff", "WebP": ".webp"}[kind]
        return cv2.imencode(ext, face)[1].tobytes()
    if kind == "GIF":
        import io
        buf = io.BytesIO()
        Image.fromarray(face[:, :, ::-1]).save(buf, "GIF")
        return buf.getvalue()
    if kind == "Photoshop (PSD)":
        return b"8BPS\x00\x01" + bytes(26) + face.tobytes()
    if kind == "HEIC":
        return b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(64)
    if kind == "PDF":
        return b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n" + bytes(64)
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["BMP", "TIFF", "WebP", "GIF", "Photoshop (PSD)", "HEIC", "PDF"])
@pytest.mark.parametrize("name", ["F.jpg", "F.png"])
def test_other_formats_are_refused_by_name(kind, name, tmp_path):
    path = tmp_path / name
    path.write_bytes(_other_format(kind))
    with pytest.raises(SudokuCubeError) as e:
        load_image(path)
    msg = str(e.value)
    assert str(path) in msg and kind in msg and "JPEG" in msg, msg


@pytest.mark.parametrize("size", [(1, 1), (39, 30), (1000, 40), (40, 1000)])
def test_tiny_photos_are_refused_not_crashed(size, tmp_path):
    w, h = size
    path = tmp_path / "F.png"
    cv2.imwrite(str(path), np.full((h, w, 3), 128, np.uint8))
    with pytest.raises(SudokuCubeError, match="too small"):
        load_image(path)


@pytest.mark.parametrize("size", [(5000, 48), (60000, 50), (50, 60000), (20000, 100)])
def test_strips_too_narrow_once_shrunk_are_refused_not_crashed(size, tmp_path):
    """A strip whose shorter side passes the bound as stored but not once its longer side is
    brought to the reader's size reached the locators, whose thresholds' windows then have no
    room (an internal error): refused from the header, naming the file, in every command."""
    from sudoku_cube.assistant.cli import main

    w, h = size
    path = tmp_path / "F.jpg"
    cv2.imwrite(str(path), np.full((h, w, 3), 255, np.uint8))
    with pytest.raises(SudokuCubeError, match="a strip too narrow to hold a cube face"):
        load_image(path)
    assert main(["read", "--no-ocr", str(path)]) == 2


def test_a_strip_the_reader_can_hold_is_read_as_any_photo(tmp_path):
    """At the bound (its shorter side 48 pixels once shrunk) a strip is searched like any
    photo, as a face and as a corner pair: no face there, said as such (exit 2)."""
    from sudoku_cube.assistant.cli import main

    folder = tmp_path / "pair"
    folder.mkdir()
    strip = (np.random.default_rng(1).random((96, 3200, 3)) * 255).astype(np.uint8)
    for name in ("A.jpg", "B.jpg"):
        cv2.imwrite(str(folder / name), strip)
    assert main(["read", "--no-ocr", str(folder / "A.jpg")]) == 2
    assert main(["read", "--no-ocr", str(folder)]) == 2


def test_png_budget_counts_bytes_not_pixels(tmp_path):
    """A 16-bit RGBA PNG needs eight bytes a pixel once decoded: refused from its header when
    that passes the budget, although its pixels are under the pixel limit."""
    path = tmp_path / "F.png"
    cv2.imwrite(str(path), np.zeros((6000, 5000, 4), np.uint16))  # 30 MP, 240 MB decoded
    assert path.stat().st_size < 2_000_000
    with pytest.raises(SudokuCubeError, match="MB once decoded"):
        load_image(path)


def test_a_pipe_named_like_a_photo_is_refused_without_blocking(tmp_path):
    path = tmp_path / "U.jpg"
    os.mkfifo(path)
    with pytest.raises(SudokuCubeError, match="not an ordinary file"):
        load_image(path)


def test_a_link_that_leads_nowhere_is_said_to_be_one(tmp_path):
    """A link in a photo folder whose target is missing, or links leading round to each
    other, exist as names there: each is said to be a link to no file (a loop was said to be
    "no such file"), given alone or in a folder."""
    from sudoku_cube.vision.photo.photo_files import face_photos

    (tmp_path / "a.jpg").symlink_to(tmp_path / "b.jpg")
    (tmp_path / "b.jpg").symlink_to(tmp_path / "a.jpg")
    (tmp_path / "U.jpg").symlink_to(tmp_path / "gone.jpg")
    for link in ("a.jpg", "U.jpg"):
        with pytest.raises(SudokuCubeError, match="is a link that leads to no file"):
            load_image(tmp_path / link)
        with pytest.raises(SudokuCubeError, match="is a link that leads to no file"):
            face_photos(tmp_path / link)
    with pytest.raises(SudokuCubeError, match="no such file"):
        load_image(tmp_path / "gone.jpg")


def _cut_and_closed_png(path: Path, share: float = 1 / 3, pieces: int = 1) -> None:
    """A PNG whose pixel data was cut to ``share`` and its file closed again (an IEND chunk
    after it, as a careless repair or a broken writer leaves it), the pixels written in
    ``pieces`` IDAT chunks (as many writers split them)."""
    import struct
    import zlib

    img = (np.random.default_rng(2).random((300, 400, 3)) * 255).astype(np.uint8)
    data = cv2.imencode(".png", img)[1].tobytes()
    chunks, at = [], 8
    while at < len(data):
        size, kind = struct.unpack_from(">I4s", data, at)
        chunks.append((kind, data[at + 8:at + 8 + size]))
        at += 12 + size
    pixels = b"".join(d for k, d in chunks if k == b"IDAT")
    kept = [(k, d) for k, d in chunks if k not in (b"IDAT", b"IEND")]
    cut = pixels[:int(len(pixels) * share)]
    step = -(-len(cut) // pieces)
    kept += [(b"IDAT", cut[i:i + step]) for i in range(0, len(cut), step)] + [(b"IEND", b"")]
    path.write_bytes(data[:8] + b"".join(struct.pack(">I", len(d)) + k + d +
                                         struct.pack(">I", zlib.crc32(k + d)) for k, d in kept))


def test_a_png_cut_short_and_closed_again_is_said_to_be_truncated(tmp_path, capfd):
    """A PNG whose end marker stands after pixels cut short was handed to the decoder, which
    printed its own line ("libpng error: Not enough image data") and failed: it is refused as
    truncated before any decoder sees it; a whole PNG still reads."""
    path = tmp_path / "U.png"
    _cut_and_closed_png(path)
    with pytest.raises(SudokuCubeError, match="the PNG file is truncated"):
        load_image(path)
    _cut_and_closed_png(path, pieces=5)
    with pytest.raises(SudokuCubeError, match="the PNG file is truncated"):
        load_image(path)
    _cut_and_closed_png(path, share=1.0, pieces=7)  # whole, in seven chunks
    assert load_image(path).shape[2] == 3
    whole = tmp_path / "F.png"
    cv2.imwrite(str(whole), cv2.imread(str(EASY / "F.jpg")))
    assert load_image(whole).shape[2] == 3
    assert "libpng" not in capfd.readouterr().err
