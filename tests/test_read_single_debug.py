"""`read` of single photos (one face, or one corner photo to check before taking the other)
honours `--debug DIR` like a whole cube does, and lists only the likely readings of a doubtful
sticker."""
from __future__ import annotations

import shutil
from pathlib import Path

import cv2

from sudoku_cube.assistant.cli import main
from sudoku_cube.vision.cells.warp import CELL
from sudoku_cube.vision.reading.annotate_cells import GAP, LABEL
from sudoku_cube.assistant.commands.read import _alternatives
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker

ROOT = Path(__file__).resolve().parents[1]
CORNERS = ROOT / "samples" / "corners" / "c1-plain"
FACES = ROOT / "samples" / "cubes" / "01-easy"


def test_lone_corner_photo_writes_its_debug_picture(tmp_path, capsys):
    photo = tmp_path / "A.jpg"
    shutil.copy(CORNERS / "A.jpg", photo)
    out = tmp_path / "debug"
    assert main(["read", str(photo), "--debug", str(out), "--no-ocr"]) == 0
    assert f"Debug pictures written to {out.resolve()}: A-debug.png" in \
        " ".join(capsys.readouterr().err.split())
    assert cv2.imread(str(out / "A-debug.png")).shape == cv2.imread(str(photo)).shape


def test_single_face_photos_write_their_debug_pictures(tmp_path, capsys):
    out = tmp_path / "debug"
    photos = [str(FACES / "U.jpg"), str(FACES / "F.jpg")]
    assert main(["read", *photos, "--debug", str(out), "--no-ocr"]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["F-cells.png", "F-debug.png", "U-cells.png",
                                                      "U-debug.png"]
    # the cells picture: the nine cells as cut above, as read below with their ink tinted red
    cells = cv2.imread(str(out / "F-cells.png"))
    assert cells.shape == (2 * CELL + GAP + LABEL, 9 * (CELL + GAP) - GAP, 3)
    read = cells[CELL + GAP:2 * CELL + GAP].astype(int)
    red = (read[..., 2] > read[..., 1] + 60) & (read[..., 2] > read[..., 0] + 60)
    inked = [red[:, i * (CELL + GAP):i * (CELL + GAP) + CELL].mean() for i in range(9)]
    assert min(inked) > 0.02, inked


def test_doubtful_sticker_lists_only_likely_readings():
    scores = [0.86, 0.10, 0.004] + [0.0] * 33
    hyps = [Hypothesis(Sticker(1 + k % 9, k // 9), s) for k, s in enumerate(scores)]
    text = _alternatives(hyps)
    assert text.startswith("1^ 0.86, 2^ 0.10")
    assert text.endswith("(+34 unlikely)")
