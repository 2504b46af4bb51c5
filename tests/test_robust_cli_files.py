"""Bad photo files and folders, through the real CLI (`read`, `solve`): a clear message that
names the file and says what to do, exit status 2, never a traceback."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from sudoku_cube.assistant.cli import main
from tests.conftest import assert_clear_error

ROOT = Path(__file__).resolve().parents[1]
EASY = ROOT / "samples" / "cubes" / "01-easy"
BAD = ROOT / "samples" / "bad"


def _folder(tmp: Path, name: str, faces: str = "URFDLB") -> Path:
    """A folder with the easy sample's photos of ``faces``."""
    d = tmp / name
    d.mkdir()
    for f in faces:
        shutil.copy(EASY / f"{f}.jpg", d / f"{f}.jpg")
    return d


def _run(capsys, argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def _make(tmp: Path, case: str) -> tuple[Path, tuple[str, ...]]:
    """A folder for one bad-file case and the words its message must contain."""
    if case == "missing path":
        return tmp / "no-such-folder", ("no-such-folder", "no such")
    if case == "empty folder":
        d = tmp / "empty"
        d.mkdir()
        return d, ("empty", "missing", "six face photos named U R F D L B",
                   "two corner photos named A and B")
    if case == "five faces":
        return _folder(tmp, "five", "URFDL"), ("five", "face B missing")
    if case == "photos named otherwise":
        d = _folder(tmp, "named", "URFDL")
        shutil.copy(EASY / "B.jpg", d / "IMG_0042.JPG")
        return d, ("face B missing", "not named after a face: IMG_0042.JPG", "rename",
                   "read --corner A PHOTO")
    if case == "duplicated face":
        d = _folder(tmp, "dup")
        shutil.copy(EASY / "F.jpg", d / "F.png")
        return d, ("face F has 2 photos", "keep exactly one")
    if case == "non-image F.jpg":
        d = _folder(tmp, "text", "URDLB")
        (d / "F.jpg").write_text("these are my notes, not a photo\n")
        return d, ("F.jpg", "is not an image")
    if case == "truncated JPEG":
        d = _folder(tmp, "trunc", "URDLB")
        data = (EASY / "F.jpg").read_bytes()
        (d / "F.jpg").write_bytes(data[: len(data) // 2])
        return d, ("F.jpg", "truncated", "take the photo again")
    if case == "empty file":
        d = _folder(tmp, "zero", "URDLB")
        (d / "F.jpg").write_bytes(b"")
        return d, ("F.jpg", "empty", "again")
    if case == "huge PNG (tiny file, 81 megapixels)":
        d = _folder(tmp, "bomb", "URDLB")
        Image.new("1", (9000, 9000), 1).save(d / "F.png")  # 81 MP claimed by a 10 KB file
        return d, ("F.png", "9000x9000", "lower resolution")
    if case in ("no cube", "two cubes", "half-visible face", "blurred"):
        sample = {"no cube": "no-cube", "two cubes": "two-cubes",
                  "half-visible face": "half-face", "blurred": "blurred"}[case]
        d = _folder(tmp, sample, "URDLB")
        shutil.copy(BAD / sample / "F.jpg", d / "F.jpg")
        words = {"no cube": ("no cube face found", "photograph one face"),
                 "two cubes": ("two faces in one photo", "single face"),
                 "half-visible face": ("partial face", "whole face inside"),
                 "blurred": ("no cube face found", "sharply")}[case]
        return d, ("F.jpg",) + words
    raise AssertionError(case)


CASES = ["missing path", "empty folder", "five faces", "photos named otherwise", "duplicated face",
         "non-image F.jpg", "truncated JPEG", "empty file", "huge PNG (tiny file, 81 megapixels)",
         "no cube",
         "two cubes", "half-visible face", "blurred"]


@pytest.mark.parametrize("case", CASES)
def test_read_gives_a_clear_error(case, tmp_path, capsys):
    folder, words = _make(tmp_path, case)
    code, out, err = _run(capsys, ["read", "--no-ocr", str(folder)])
    assert_clear_error(code, err, *words)
    assert out == ""


@pytest.mark.parametrize("case", ["missing path", "empty folder", "five faces",
                                  "photos named otherwise", "no cube"])
def test_solve_on_bad_photos_or_a_folder_gives_a_clear_error(case, tmp_path, capsys):
    folder, _ = _make(tmp_path, case)
    code, _, err = _run(capsys, ["solve", str(folder)])
    assert_clear_error(code, err, folder.name)


def test_debug_shows_the_traceback(tmp_path, capsys):
    folder, _ = _make(tmp_path, "non-image F.jpg")
    code, _, err = _run(capsys, ["--debug", "read", "--no-ocr", str(folder)])
    assert code == 2 and "Traceback" in err and "is not an image" in err


@pytest.fixture(scope="module")
def easy_reading(tmp_path_factory):
    """The easy sample read as it is: what the converted photos must give too."""
    from sudoku_cube.vision.reading.photo_set import read_folder
    return read_folder(EASY, ocr=False).state.stickers


def test_gray_and_16_bit_photos_are_converted(tmp_path, easy_reading):
    from sudoku_cube.vision.reading.photo_set import read_folder
    d = _folder(tmp_path, "mixed", "URDLB")
    img = cv2.imread(str(EASY / "F.jpg"))
    cv2.imwrite(str(d / "F.png"), img.astype(np.uint16) * 257)  # 16-bit colour
    gray = cv2.cvtColor(cv2.imread(str(EASY / "U.jpg")), cv2.COLOR_BGR2GRAY)
    cv2.imwrite(str(d / "U.png"), gray)  # 8-bit gray
    (d / "U.jpg").unlink()
    assert cv2.imread(str(d / "F.png"), cv2.IMREAD_UNCHANGED).dtype == np.uint16
    code = main(["read", "--no-ocr", str(d)])
    assert code == 0
    got = read_folder(d, ocr=False).state.stickers
    assert got[18:27] == easy_reading[18:27]  # F identical to the colour 8-bit photo
    assert sum(a == b for a, b in zip(got[:9], easy_reading[:9])) >= 8  # U from gray


HUGE_READER = r"""
import re, sys
from pathlib import Path
from sudoku_cube.vision.photo.images import load_image
img = load_image(sys.argv[1])
hwm = re.search(r"VmHWM:\s+(\d+) kB", Path("/proc/self/status").read_text()).group(1)
print(img.shape[0], img.shape[1], int(hwm) // 1024)
"""  # VmHWM: this process's peak memory (getrusage's maxrss survives exec from pytest)


def test_a_108_megapixel_jpeg_is_downscaled_without_a_full_size_buffer(tmp_path, capsys):
    """12000x9000 photo (1 GB+ as BGR at full size) is decoded at reduced size and read."""
    d = _folder(tmp_path, "big", "URDLB")
    face = cv2.imread(str(EASY / "F.jpg"))
    big = np.full((9000, 12000, 3), 200, np.uint8)
    scaled = cv2.resize(face, (face.shape[1] * 12, face.shape[0] * 12))
    y, x = (9000 - scaled.shape[0]) // 2, (12000 - scaled.shape[1]) // 2
    big[y:y + scaled.shape[0], x:x + scaled.shape[1]] = scaled
    cv2.imwrite(str(d / "F.jpg"), big, [cv2.IMWRITE_JPEG_QUALITY, 60])
    del big, scaled
    res = subprocess.run([sys.executable, "-c", HUGE_READER, str(d / "F.jpg")], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    h, w, peak_mb = map(int, res.stdout.split())
    assert max(h, w) <= 1600
    assert peak_mb < 300, f"peak memory {peak_mb} MB: the full-size image was decoded"
    code, out, err = _run(capsys, ["read", "--no-ocr", str(d)])
    assert code == 0, err


def test_bench_vision_with_a_font_that_is_not_installed(capsys):
    code, _, err = _run(capsys, ["bench", "vision", "--font", "NoSuchFont.ttf", "--no-ocr"])
    assert_clear_error(code, err, "NoSuchFont.ttf", "not installed", "available")


def test_a_folder_above_the_cubes_folders_names_them(capsys):
    """`read samples/corners` (the folder above the cubes' folders): not "six photos missing"
    but that this folder holds none while folders in it do, a few of them named, and what a
    folder needs: the six faces or corner photos A and B."""
    corners = ROOT / "samples" / "corners"
    code, out, err = _run(capsys, ["read", "--no-ocr", str(corners)])
    assert_clear_error(code, err, "holds no photos", str(corners / "c1-plain"),
                       str(corners / "c2-coloured"), "six face photos", "corner photos named A "
                       "and B")
    assert "missing" not in err and out == ""



def test_every_refused_photo_of_a_folder_is_named_at_once(tmp_path, capsys):
    """Two photos of a folder that show no cube: ``solve`` names both, one line each (exit 2),
    so that a person retakes them in one round instead of learning of F only after retaking
    U; ``read --debug`` draws the picture of each refused photo beside the others'."""
    folder = tmp_path / "two-bad"
    shutil.copytree(EASY, folder)
    for face, colour in (("U", (40, 120, 200)), ("F", (200, 120, 40))):
        cv2.imwrite(str(folder / f"{face}.jpg"), np.full((600, 800, 3), colour, np.uint8))
    assert main(["solve", str(folder), "--plain", "--no-ocr"]) == 2
    err = capsys.readouterr().err
    said = [line for line in err.splitlines() if "no cube face found" in line]
    assert len(said) == 2 and "U.jpg" in said[0] and "F.jpg" in said[1], err
    debug = tmp_path / "debug"
    debug.mkdir()
    assert main(["read", str(folder), "--no-ocr", "--debug", str(debug)]) == 2
    assert {"U-debug.png", "F-debug.png", "R-debug.png"} <= {p.name for p in debug.iterdir()}
