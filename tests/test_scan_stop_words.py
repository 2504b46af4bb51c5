"""A camera scan stopped at the review with nobody at the keyboard: it has no photo files, so
its stop says to correct the reading at a terminal or to take the faces named again with
``scan --resume --retake``, never to retake photos or read a folder of them."""
from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.services.scanner import Observation, Scanner
from sudoku_cube.assistant.services.sessions import ScanSession, scan_session_path
from sudoku_cube.models.cube.state_format import parse_state
from sudoku_cube.models.cube.stickers import Hypothesis

CUBE = Path(__file__).resolve().parents[1] / "samples" / "cubes" / "01-easy"
TRUTH = parse_state((CUBE / "truth.json").read_text())


def _scanned_with(change: str) -> None:
    """A scan session of the sample cube read clearly but for ``change``: ``count``, U1 read
    as the digit of U2 (a digit too often, one too rarely); ``centre``, R's centre read upside
    down nearly as likely as upright."""
    session = ScanSession(source="0")
    scanner = Scanner(session, save=False)
    while scanner.next_face is not None:
        f = scanner.next_face
        stickers = list(TRUTH.face(f))
        if f == "U" and change == "count":
            stickers[0] = stickers[0]._replace(digit=stickers[1].digit)
        hyps = [(Hypothesis(s, 0.99),) for s in stickers]
        if f == "R" and change == "centre":
            hyps[4] = (Hypothesis(stickers[4], 0.6), Hypothesis(stickers[4].turned(2), 0.4))
        scanner.capture(Observation(tuple(stickers), tuple(hyps)), force=True)
    session.save()


@pytest.mark.parametrize("change, faces", [("count", "FACES"), ("centre", "R")])
def test_a_scan_stopped_without_a_terminal_names_faces_to_take_again_not_photos(
        tmp_path, monkeypatch, capsys, change, faces):
    """A reading with a digit read too often, then one whose centre's turn is in doubt: the
    faces named (none by the counts) are the ones to take again."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path / "home"))
    _scanned_with(change)
    out = tmp_path / "scan.json"
    assert main(["scan", "--resume", "--no-window", "-o", str(out)]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "run the same command at a terminal" in err, err
    assert f"again with `sudoku-cube scan --resume --retake {faces}`" in err, err
    assert "photos" not in err.lower() and "PHOTOS" not in err, err
    assert not out.exists() and scan_session_path().exists()
