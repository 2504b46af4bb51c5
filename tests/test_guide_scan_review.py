"""Scan sessions resume from where they came from, and stopping at the review is a normal stop:
`scan --resume` reads the saved video (not camera 0); a camera that does not open is reported
in our words only (no OpenCV log lines); q at the review exits 0 and says what was kept."""
from __future__ import annotations

import re

from pathlib import Path

import pytest

from sudoku_cube.assistant.terminal import interrupt, solve_flow
from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.commands import scan as scan_command
from sudoku_cube.assistant.services.files import load_state
from sudoku_cube.assistant.terminal.review_ui import REVIEWED_PREFIX
from sudoku_cube.assistant.services.sessions import CapturedFace, ScanSession, scan_session_path
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker
from sudoku_cube.storage.folders import data_dir
from tests.conftest import assert_clear_error, said_captured, video_centres

ROOT = Path(__file__).resolve().parents[1]
VIDEO = ROOT / "samples" / "video" / "show-six-faces.avi"
TRUTH = ROOT / "samples" / "video" / "truth.json"


def _session(faces: str, source: str) -> ScanSession:
    truth = load_state(TRUTH)
    session = ScanSession(source=source)
    for f in faces:
        k = FACES.index(f) * 9
        stickers = truth.stickers[k:k + 9]
        session.faces[f] = CapturedFace(stickers, tuple((Hypothesis(s, 1.0),) for s in stickers))
    session.save()
    return session


def test_resume_reads_the_video_the_scan_came_from(tmp_path, capsys):
    _session("UR", str(VIDEO))
    out = tmp_path / "scan.json"
    assert main(["scan", "--resume", "--no-window", "-o", str(out)]) == 0
    text = capsys.readouterr().out
    assert (f"Resuming: 2 of 6 faces already captured ({video_centres('UR')}); reading from "
            "video file") in text
    assert not said_captured("U", text) and said_captured("B", text)
    assert load_state(out).stickers == load_state(TRUTH).stickers


def test_resume_when_the_saved_video_is_gone_says_what_to_give(tmp_path, capsys):
    _session("UR", str(tmp_path / "moved-away.avi"))
    assert_clear_error(main(["scan", "--resume", "--no-window"]), capsys.readouterr().err,
                       "moved-away.avi", "--camera N", "scan --resume VIDEO")


def test_a_camera_that_does_not_open_gives_our_message_only(capfd):
    code = main(["scan", "--camera", "9", "--no-window"])
    err = capfd.readouterr().err  # OpenCV writes to the file descriptor, not to sys.stderr
    assert_clear_error(code, err, "camera 9", "does not open")
    assert "[ERROR" not in err and "[WARN" not in err, err


@pytest.mark.parametrize("typed", [["q"], ["U1 5^", "q"]])
def test_q_at_the_scan_review_exits_0_and_says_what_was_kept(typed, tmp_path, capsys,
                                                             monkeypatch):
    _session("URFDLB", str(VIDEO))
    answers = iter(typed)
    monkeypatch.setattr(scan_command, "interactive", lambda: True)
    monkeypatch.setattr(scan_command, "read_line", lambda prompt="": next(answers))
    assert main(["scan", "--resume", "--no-window", "-o", str(tmp_path / "s.json")]) == 0
    out, err = capsys.readouterr()
    flowing = " ".join(out.split())
    assert "Stopped at the review. All six faces are kept in the scan session" in flowing
    assert str(scan_session_path()) in flowing.replace(" ", "") or "scan-session" in flowing
    assert "scan --resume" in flowing and "interrupted" not in out + err
    assert ("correction typed is saved with the reading in" in flowing) == (len(typed) == 2)
    if len(typed) == 2:  # the correction is kept in a state file that solve goes on from
        saved = _reviewed()
        assert f"sudoku-cubesolve{saved}" in flowing.replace(" ", "")
        kept = load_state(saved)
        # certain: read back from the file, a token typed over the photo's reading has no score
        assert kept.stickers[0] == Sticker(5, 0) and kept.hypotheses(0) in (
            (Hypothesis(Sticker(5, 0), 1.0),), (Hypothesis(Sticker(5, 0), None),))
    assert not (tmp_path / "s.json").exists()
    assert ScanSession.load().complete()


def test_scan_resume_takes_up_the_corrections_of_the_review_stopped(tmp_path, capsys,
                                                                     monkeypatch):
    """`scan --resume` after q at the review shows the reading with what was typed there in
    place (the file that keeps it named), so that Enter goes on from it; a file of corrections
    that cannot be read is named, left as it is, and the reading shown as read."""
    _session("URFDLB", str(VIDEO))
    answers = iter(["R2 1v", "q", "", "n", "", "n"])  # the symmetric 1 turned: still solved
    monkeypatch.setattr(scan_command, "interactive", lambda: True)
    monkeypatch.setattr(scan_command, "read_line",
                        lambda prompt="", prefill="": next(answers))
    out_file = tmp_path / "s.json"
    argv = ["scan", "--resume", "--no-window", "-o", str(out_file)]
    assert main(argv) == 0 and not out_file.exists()
    saved = _reviewed()
    capsys.readouterr()
    assert main(argv) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Taking up your corrections from an earlier review of this reading" in out
    assert str(saved) in out.replace(" ", "") and "typed R2 1v" in out
    truth = load_state(TRUTH).stickers
    r2 = FACES.index("R") * 9 + 1
    assert load_state(out_file).stickers == truth[:r2] + (Sticker(1, 2),) + truth[r2 + 1:]
    assert _reviewed() == saved  # nothing new typed: no new file
    saved.write_text("{not json", encoding="utf-8")
    assert main(argv) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "cannot be read" in out and "the reading is shown as read" in out
    assert load_state(out_file).stickers == truth
    assert saved.read_text(encoding="utf-8") == "{not json"


def test_q_at_the_solve_review_exits_0(capsys, monkeypatch):
    monkeypatch.setattr(solve_flow, "interactive", lambda: True)
    monkeypatch.setattr(solve_flow, "read_line", lambda prompt="": "q")
    assert main(["solve", str(TRUTH)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Stopped at the review; nothing was planned" in out


def test_q_at_the_solve_review_keeps_the_corrections_typed(tmp_path, capsys, monkeypatch):
    """A correction typed before q is saved with the reading; the quit message names the file
    and ``solve FILE`` shows the reading with the correction in place."""
    answers = iter(["U1 5^", "q"])
    monkeypatch.setattr(solve_flow, "interactive", lambda: True)
    monkeypatch.setattr(solve_flow, "read_line", lambda prompt="": next(answers))
    assert main(["solve", str(TRUTH)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    saved = _reviewed()
    assert "The correction typed is saved with the reading in" in out
    assert f"sudoku-cubesolve{saved}" in out.replace(" ", "")
    assert load_state(saved).stickers[0] == Sticker(5, 0)


def _reviewed():
    """The one file of corrections the test's review wrote in its own data folder."""
    files = sorted(data_dir().glob(f"{REVIEWED_PREFIX}*.json"))
    assert len(files) == 1, files
    return files[0]


@pytest.mark.parametrize("go_on", ["", "n"])
def test_scan_offers_to_go_straight_on_to_the_plan(go_on, tmp_path, capsys, monkeypatch):
    """At the end of a scan on a terminal, Enter goes on to the plan of the reading (as the
    printed `solve` command would, without reviewing it again); n keeps the reading and says
    the command for later."""
    _session("URFDLB", str(VIDEO))
    answers = iter(["", go_on])
    prompts = []
    monkeypatch.setattr(scan_command, "interactive", lambda: True)
    monkeypatch.setattr(scan_command, "read_line",
                        lambda prompt="", prefill="": prompts.append(prompt) or next(answers))
    out_file = tmp_path / "s.json"
    assert main(["scan", "--resume", "--no-window", "-o", str(out_file)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert prompts[-1] == "Go on to the plan now? [Y/n] "
    assert load_state(out_file).stickers == load_state(TRUTH).stickers
    planned = "Step 1 " in out or "face turns" in out
    assert planned == (go_on == ""), out[-600:]
    assert out.count("What was read") == 1  # the scan's review, not shown again by the plan
    if go_on:
        assert f"The reading is kept. Later: sudoku-cube solve {out_file}" in out
    else:  # Ctrl-C or q in the guide names the state file, not a scan that takes photos again
        assert interrupt.resume_command("sudoku-cube scan") == f"sudoku-cube guide {out_file}"


def test_scan_without_a_terminal_says_the_solve_command(tmp_path, capsys):
    _session("URFDLB", str(VIDEO))
    out_file = tmp_path / "s.json"
    assert main(["scan", "--resume", "--no-window", "-o", str(out_file), "--symmetric", "1"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert f"Next: sudoku-cube solve {out_file} --symmetric 1" in out
    assert "Go on to the plan" not in out


def test_resume_with_retake_asks_for_the_face_by_its_centre(tmp_path, capsys):
    _session("URFDLB", str(VIDEO))
    f = load_state(TRUTH).face("F")[4].digit
    out_file = tmp_path / "s.json"
    assert main(["scan", "--resume", "--retake", "F", "--no-window", "-o", str(out_file)]) == 0
    out = " ".join(capsys.readouterr().out.replace("│", " ").split())
    assert "Resuming: 5 of 6 faces already captured" in out
    assert re.search(rf"Show centre {f}(, [a-z ]+)? \(F\)", out) and said_captured("F", out)
    assert load_state(out_file).stickers == load_state(TRUTH).stickers


@pytest.mark.parametrize("retake", ["", "U"])
def test_scan_resume_of_a_finished_scan_goes_on_at_the_step_reached(retake, tmp_path, capsys,
                                                                      monkeypatch):
    """`scan --resume` on a scan whose six faces are all saved takes no photo: it shows the
    review again and reuses the old photos, which cannot show the cube now, so the guide goes
    on at the step reached (step 4 after three), not at step 1, and keeps that step. So does
    one taking a face again (--retake U): the five faces kept may have been photographed
    before turns that face does not show."""
    from sudoku_cube.assistant.services.guide import GuideCursor
    from sudoku_cube.assistant.terminal import guide_run
    from sudoku_cube.assistant.terminal.guide_ui import resume_notice

    _session("URFDLB", str(VIDEO))
    keys = iter(["n", "n", "n", "q", "q"])
    run_interactive = guide_run.run_interactive
    cursors: list[GuideCursor] = []
    notices: list[str] = []

    def guide(console, cursor, read_key, **kwargs):
        cursors.append(cursor)
        notices.append(resume_notice(cursor))
        return run_interactive(console, cursor, lambda: next(keys), clear=False, **kwargs)

    monkeypatch.setattr(scan_command, "interactive", lambda: True)
    monkeypatch.setattr(scan_command, "read_line", lambda prompt="", prefill="": "")
    monkeypatch.setattr(guide_run, "interactive", lambda: True)
    monkeypatch.setattr(guide_run, "run_interactive", guide)
    out_file = tmp_path / "s.json"
    for retaking in ("", retake):
        assert main(["scan", "--resume", "--retake", retaking, "--no-window",
                     "-o", str(out_file)]) == 0
    first, again = cursors
    assert first.key == again.key and again.position == 3 and again.rewound == 0
    assert notices[1].startswith("Continuing at step 4 of"), notices
    assert GuideCursor(again.steps, again.start).position == 3  # the step reached is kept


def test_the_command_after_a_scan_is_guide_with_the_scans_cube_options(tmp_path):
    """Ctrl-C or q in the guide after a scan names `guide` on the state file, which takes
    --symmetric and --profile as solve does (not `solve`, which would review it again)."""
    import shlex

    from sudoku_cube.assistant.cli import build_parser

    out = tmp_path / "s.json"
    solve = build_parser("solve").parse_args(["solve", str(out), "--symmetric", "1,8"])
    command = scan_command.guide_command(solve, out)
    assert command == f"sudoku-cube guide {out} --symmetric 1,8"
    guide = build_parser("guide").parse_args(shlex.split(command)[1:])
    assert guide.symmetric == "1,8" and guide.state == str(out)
