"""A scan that stops early, through the real CLI: `scan -o` that cannot be written is refused
before the scan, not after it; Ctrl-C before any face is captured does not suggest `--resume`
(there is nothing to resume, and `scan --resume` would fail)."""
from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.commands import scan
from sudoku_cube.assistant.services.sessions import scan_session_path
from tests.conftest import assert_clear_error

ROOT = Path(__file__).resolve().parents[1]
VIDEO = ROOT / "samples" / "video" / "show-six-faces.avi"


@pytest.mark.parametrize("where", ["folder", "under a file", "in no folder", "slash"])
def test_an_output_that_cannot_be_written_is_refused_before_the_scan(where, tmp_path,
                                                                    monkeypatch, capsys):
    opened = []
    monkeypatch.setattr(cv2, "VideoCapture", lambda *a: opened.append(a))
    (tmp_path / "notes.txt").write_text("x")
    out, words = {"folder": (tmp_path, ("is a folder", "name of a file")),
                  "under a file": (tmp_path / "notes.txt" / "scan.json",
                                   ("notes.txt is a file, not a folder", "choose another place")),
                  "in no folder": (tmp_path / "typo" / "scan.json",
                                   ("typo does not exist", "create it first")),
                  "slash": (f"{tmp_path / 'typo'}/", ("ends in a slash, so names a folder",
                                                       "typo/scan.json"))
                  }[where]
    code = main(["scan", str(VIDEO), "--no-window", "-o", str(out)])
    assert_clear_error(code, capsys.readouterr().err, str(out), *words)
    assert not opened  # refused before the camera (here the video) was opened
    assert not (tmp_path / "typo").exists()


def _no_resume(text: str) -> None:
    flowing = " ".join(text.split())
    assert "--resume" not in flowing, flowing
    assert "Traceback" not in flowing


def test_ctrl_c_before_the_first_face_does_not_suggest_resume(monkeypatch, capsys):
    def pressed(*a, **kw):
        raise KeyboardInterrupt

    monkeypatch.setattr(scan, "read_frame_face", pressed)  # Ctrl-C at the first frame
    with pytest.raises(SystemExit) as stop:
        main(["scan", str(VIDEO), "--no-window"])
    assert stop.value.code == 130
    out = capsys.readouterr().out
    _no_resume(out)
    assert "Scan stopped with 0 of 6 faces saved; nothing to resume" in " ".join(out.split())
    assert not scan_session_path().exists()


@pytest.mark.parametrize("where, words", [
    # the camera opening: the scan knows it has captured nothing
    ("profile_frames", "no face was captured; run `sudoku-cube scan {video} --no-window` again"),
    # the scan's first moments (its reader still being made), before it says what it holds
    ("chosen_reader", "run `sudoku-cube scan {video} --no-window` again")])
def test_ctrl_c_before_any_face_does_not_suggest_resume(where, words, monkeypatch, capsys):
    def pressed(*a, **kw):
        raise KeyboardInterrupt

    monkeypatch.setattr(scan, where, pressed)
    assert main(["scan", str(VIDEO), "--no-window"]) == 130
    err = capsys.readouterr().err
    _no_resume(err)
    assert words.format(video=VIDEO) in err


def test_ctrl_c_before_a_new_scans_first_face_keeps_the_previous_scan_resumable(
        monkeypatch, capsys):
    """An earlier scan's session is on disk; a new scan stopped before its first face leaves
    it as it was, and says it can still be continued (it said there was nothing to resume)."""
    from sudoku_cube.assistant.services.files import load_state
    from sudoku_cube.assistant.services.scanner import Observation, Scanner
    from sudoku_cube.models.cube.stickers import Hypothesis

    earlier = scan_session_path()
    earlier.parent.mkdir(parents=True, exist_ok=True)
    scanner = Scanner()  # an earlier scan that captured face U, saved as it goes
    face = load_state(VIDEO.parent / "truth.json").face("U")
    seen = Observation(face, tuple((Hypothesis(s, 0.9),) for s in face), 0.9)
    for _ in range(scanner.stable_frames):
        scanner.feed(seen)
    assert scanner.saved == 1
    before = earlier.read_bytes()

    def pressed(*a, **kw):
        raise KeyboardInterrupt

    monkeypatch.setattr(scan, "read_frame_face", pressed)
    with pytest.raises(SystemExit) as stop:
        main(["scan", str(VIDEO), "--no-window"])
    out = " ".join(capsys.readouterr().out.split())
    assert stop.value.code == 130 and earlier.read_bytes() == before
    assert "the previous scan is kept as it was: `sudoku-cube scan --resume` continues it" \
        in out and "nothing to resume" not in out, out
