"""``read`` of photos too doubtful to settle (so many doubtful stickers that ``solve`` refuses
them before any search) exits 2 naming the photos to retake, as ``solve`` does, after showing
what it read; a readable cube with some doubtful stickers still exits 0 (a person may review
them). Faces without any digit exit 2 already (``test_read_blank_cube``)."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from sudoku_cube.assistant.cli import main
from sudoku_cube.models.cube.state_format import parse_json
from sudoku_cube.models.grid.hopeless import HOPELESS_DOUBTFUL
from sudoku_cube.vision.reading.reader import Reader
from tests.conftest import assert_clear_error
from tests.test_grid_hopeless import _doubtful, _face_cells

ROOT = Path(__file__).resolve().parents[1]
FACES = ROOT / "samples" / "cubes" / "01-easy"
CORNERS = ROOT / "samples" / "corners" / "c1-plain"
RETAKE_FILES = "Retake U.jpg, R.jpg, F.jpg and D.jpg: sharp"
"""The refusal's advice for :func:`_read_with_doubt`'s face photos: the faces with the most
doubtful stickers, each by its photo's file."""


def _read_with_doubt(monkeypatch, folder: Path, count: int) -> None:
    """Every read of ``folder`` gives its true stickers with ``count`` of them in doubt
    (right at 0.6, a misread at 0.3), as blurred photos would."""
    truth = parse_json((folder / "truth.json").read_text())
    real = Reader.read_photo_set

    def doubtful(self, path, **kwargs):
        reading = real(self, path, **kwargs)
        return replace(reading, state=_doubtful(truth, _face_cells("UFRDLB", count)))

    monkeypatch.setattr(Reader, "read_photo_set", doubtful)


def test_a_cube_too_doubtful_to_settle_is_refused_after_it_is_shown(monkeypatch, capsys):
    _read_with_doubt(monkeypatch, FACES, HOPELESS_DOUBTFUL)
    code = main(["read", str(FACES), "--no-ocr"])
    out, err = capsys.readouterr()
    assert_clear_error(code, err, "cannot be settled", f"{HOPELESS_DOUBTFUL} of 54 stickers",
                       RETAKE_FILES)  # the face photos named by their files
    assert "digit 1" not in err  # no verdict on the 1 of photos to retake
    assert "reading" in out  # the net of what was read


def test_with_json_a_cube_too_doubtful_is_written_to_correct_with_the_warning(monkeypatch,
                                                                             capsys):
    """``read --json > state.json`` is how unsure stickers are corrected: the state is written
    and the command succeeds, the refusal's words a warning that offers that way too."""
    _read_with_doubt(monkeypatch, FACES, HOPELESS_DOUBTFUL)
    assert main(["read", str(FACES), "--no-ocr", "--json"]) == 0
    out, err = capsys.readouterr()
    assert len(json.loads(out)["faces"]) == 6
    flat = " ".join(err.split())
    assert "warning:" in flat and "cannot be settled" in flat and RETAKE_FILES in flat
    assert "correct the doubtful stickers in the state file this writes" in flat


def test_a_cube_with_some_doubtful_stickers_is_kept_for_review(monkeypatch, capsys):
    _read_with_doubt(monkeypatch, FACES, HOPELESS_DOUBTFUL - 1)
    assert main(["read", str(FACES), "--no-ocr"]) == 0
    assert "cannot be settled" not in capsys.readouterr().err


def test_corner_photos_too_doubtful_name_the_corner_photos(monkeypatch, capsys):
    _read_with_doubt(monkeypatch, CORNERS, HOPELESS_DOUBTFUL)
    code = main(["read", str(CORNERS), "--no-ocr"])
    assert_clear_error(code, capsys.readouterr().err, "Retake corner photo")
