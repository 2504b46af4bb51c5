"""The assistant from the command line, as in CI: no terminal, no display, no stdin.

guide/solve print every step (plain mode) and the printed moves solve the cube; export writes
a page; camera problems and resuming without a session give clear messages (exit 2)."""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.services.files import load_state
from sudoku_cube.assistant.services.sessions import scan_session_path
from sudoku_cube.models.cube.moves import parse_moves
from sudoku_cube.models.cube.solved import is_solved
from tests.conftest import assert_clear_error, said_captured, video_centres

ROOT = Path(__file__).resolve().parent.parent
SCRAMBLED = ROOT / "samples" / "states" / "scrambled-example.json"
SOLVED = ROOT / "samples" / "states" / "solved-example.json"
STEP_LINE = re.compile(r"^\s*(\d+)/(\d+)\s+([URFDLB][2']?)\s", re.M)


def _printed_moves(text: str):
    found = STEP_LINE.findall(text)
    assert found, text[-2000:]
    assert [int(k) for k, _, _ in found] == list(range(1, len(found) + 1))
    assert all(int(total) == len(found) for _, total, _ in found)
    return parse_moves([m for _, _, m in found])


def test_guide_without_a_terminal_prints_every_step_and_they_solve_the_cube(capsys):
    assert main(["guide", str(SCRAMBLED)]) == 0
    out = capsys.readouterr().out
    moves = _printed_moves(out)
    assert is_solved(load_state(SCRAMBLED).apply(moves))
    assert "Done: the cube is solved." in out


def test_guide_export_html(tmp_path, capsys):
    page = tmp_path / "plan.html"
    assert main(["guide", str(SCRAMBLED), "--plain", "--export", str(page)]) == 0
    moves = _printed_moves(capsys.readouterr().out)
    html = page.read_text()
    assert html.count('<section class="step"') == len(moves)
    assert html.count("<svg") == 3 * len(moves) + 2  # held cube, before, after; the start


def test_export_respects_the_umask_and_refuses_a_missing_folder(tmp_path, capsys):
    """The page is written with the mode the umask gives (not mkstemp's 0600), a replaced page
    keeps its mode, and a folder that does not exist is refused by name (exit 2), not made."""
    old = os.umask(0o022)
    try:
        page = tmp_path / "plan.svg"
        assert main(["guide", str(SCRAMBLED), "--plain", "--export", str(page)]) == 0
        assert stat.S_IMODE(page.stat().st_mode) == 0o644
        os.umask(0o077)
        page.chmod(0o640)
        assert main(["guide", str(SCRAMBLED), "--plain", "--export", str(page)]) == 0
        assert stat.S_IMODE(page.stat().st_mode) == 0o640
    finally:
        os.umask(old)
    capsys.readouterr()
    missing = tmp_path / "no-such-folder" / "plan.html"
    assert_clear_error(main(["guide", str(SCRAMBLED), "--plain", "--export", str(missing)]),
                       capsys.readouterr().err, str(missing.parent), "does not exist", "mkdir")
    assert not missing.parent.exists()


def test_guide_on_a_solved_cube_says_so(capsys):
    assert main(["guide", str(SOLVED), "--plain"]) == 0
    assert "already solved" in capsys.readouterr().out


def test_export_to_an_unknown_format_is_a_clear_error(tmp_path, capsys):
    assert main(["guide", str(SOLVED), "--export", str(tmp_path / "plan.pdf")]) == 2
    assert "writes .html or .svg" in capsys.readouterr().err


def test_scan_with_a_camera_that_does_not_exist(capsys):
    assert main(["scan", "--camera", "9", "--no-window"]) == 2
    err = capsys.readouterr().err
    assert "camera 9" in err and "Traceback" not in err


def test_scan_resume_without_a_session(capsys):
    assert main(["scan", "--resume", "--no-window", "--camera", "9"]) == 2
    assert "no scan session to resume" in capsys.readouterr().err


def test_scan_with_a_missing_video_file(tmp_path, capsys):
    assert main(["scan", str(tmp_path / "none.avi"), "--no-window"]) == 2
    assert "none.avi" in capsys.readouterr().err


VIDEO = ROOT / "samples" / "video" / "show-six-faces.avi"
VIDEO_TRUTH = ROOT / "samples" / "video" / "truth.json"


def _cut_video(src: Path, dst: Path, frames: int) -> None:
    """The first ``frames`` frames of a video (a scan that gets interrupted)."""
    import cv2
    cap = cv2.VideoCapture(str(src))
    out = None
    for _ in range(frames):
        ok, frame = cap.read()
        assert ok
        if out is None:
            out = cv2.VideoWriter(str(dst), cv2.VideoWriter_fourcc(*"MJPG"), 8,
                                  (frame.shape[1], frame.shape[0]))
        out.write(frame)
    out.release()
    cap.release()


def test_scan_of_the_rendered_video_ends_with_the_right_state(tmp_path, capsys):
    out = tmp_path / "scan.json"
    assert main(["scan", str(VIDEO), "--no-window", "-o", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Show any face as the top (U)" in text and said_captured("B", text)
    assert load_state(out).stickers == load_state(VIDEO_TRUTH).stickers


def test_interrupted_scan_resumes_with_the_faces_already_captured(tmp_path, capsys):
    short = tmp_path / "short.avi"
    _cut_video(VIDEO, short, 30)  # the person stops after three faces
    assert main(["scan", str(short), "--no-window"]) == 2
    captured = capsys.readouterr()
    assert "3 of 6 faces are saved" in captured.err and "scan --resume" in captured.err
    out = tmp_path / "scan.json"
    assert main(["scan", "--resume", str(VIDEO), "--no-window", "-o", str(out)]) == 0
    text = capsys.readouterr().out
    assert f"Resuming: 3 of 6 faces already captured ({video_centres('URF')})" in text
    assert not said_captured("U", text) and said_captured("D", text)
    assert load_state(out).stickers == load_state(VIDEO_TRUTH).stickers


def test_a_resumed_scan_goes_on_with_the_options_it_began_with(tmp_path, capsys):
    """The scan stopped says `scan --resume`; typed as it is, the scan goes on with the -o and
    --symmetric it began with (it wrote the default file and read with the default digits),
    and says so; an option given again replaces the one kept."""
    short = tmp_path / "short.avi"
    _cut_video(VIDEO, short, 30)
    out = tmp_path / "mine.json"
    assert main(["scan", str(short), "--no-window", "-o", str(out), "--symmetric", "1"]) == 2
    assert "scan --resume" in capsys.readouterr().err
    assert main(["scan", "--resume", str(VIDEO), "--no-window"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert f"Going on as the scan began: --symmetric 1 --output {out}" in said, said
    assert load_state(out).stickers == load_state(VIDEO_TRUTH).stickers
    other = tmp_path / "other.json"
    assert main(["scan", "--resume", "--retake", "U", str(VIDEO), "--no-window", "-o",
                 str(other)]) == 0
    said = capsys.readouterr().out
    assert "Going on as the scan began: --symmetric 1\n" in said, said  # -o given again
    assert load_state(other).stickers == load_state(VIDEO_TRUTH).stickers


def test_ctrl_c_names_the_command_that_goes_on():
    """After Ctrl-C the message names what to run: the solve itself, a scan again (before it
    has said what it holds: no face is saved yet), and the saved review's state file once
    corrections were typed."""
    from sudoku_cube.assistant.terminal import interrupt
    from sudoku_cube.assistant.cli import interrupted_hint

    with interrupt.remembered_ctrl_c():
        assert "run `sudoku-cube solve 'my photos'` to go on" in interrupted_hint(
            ["solve", "my photos"])
        assert "run `sudoku-cube scan` again" in interrupted_hint(["scan"])
        assert "run `sudoku-cube scan --resume` again" in interrupted_hint(["scan", "--resume"])
        assert "scan --resume" not in interrupted_hint(["solve", "dir"])
        interrupt.set_resume_command("sudoku-cube solve /d/reviewed.json")
        assert "run `sudoku-cube solve /d/reviewed.json` to go on" in interrupted_hint(
            ["solve", "dir"])
    with interrupt.remembered_ctrl_c():  # a new command starts without it
        assert interrupt.resume_command("x") == "x"


def test_a_file_that_cannot_be_written_is_a_clear_error(tmp_path, capsys):
    """An output path under a file (not a folder) names the path and says what to check
    (exit 2), not an internal error."""
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    assert_clear_error(main(["generate", "--seed", "1", "--out", str(blocker / "out")]),
                       capsys.readouterr().err, str(blocker / "out"), "check the path")


def test_guide_with_a_missing_video_is_refused_before_anything_else(tmp_path, capsys):
    """A mistyped --camera video stops the guide at once (exit 2), before any planning or
    watching instructions."""
    code = main(["guide", str(SCRAMBLED), "--camera", str(tmp_path / "none.avi")])
    out, err = capsys.readouterr()
    assert_clear_error(code, err, "none.avi", "video file")
    assert "Watching" not in out


def test_guide_with_a_photo_or_no_video_as_camera_is_refused_before_planning(tmp_path, capsys,
                                                                             monkeypatch):
    """A still photo given as --camera (OpenCV opens it as a video of one frame, which the
    watch could never confirm a turn on), a file that is no video, and a video of one frame
    are refused up front (exit 2), before any planning; a real video passes."""
    import cv2
    import numpy as np

    from sudoku_cube.assistant.commands import guide
    from sudoku_cube.vision.photo.camera import check_video_file

    monkeypatch.setattr(guide, "guide_state_file", lambda *a: pytest.fail("planned"))
    photo = ROOT / "samples" / "cubes" / "01-easy" / "U.jpg"
    renamed = tmp_path / "photo.avi"
    renamed.write_bytes(photo.read_bytes())
    notvideo = tmp_path / "notvideo.avi"
    notvideo.write_text("not a video\n")
    one = tmp_path / "one.avi"
    writer = cv2.VideoWriter(str(one), cv2.VideoWriter_fourcc(*"MJPG"), 5, (64, 48))
    writer.write(np.full((48, 64, 3), 128, np.uint8))
    writer.release()
    for path, words in ((photo, ("U.jpg", "is a photo (JPEG), not a video", "camera number")),
                        (renamed, ("photo.avi", "is a photo (JPEG), not a video")),
                        (notvideo, ("notvideo.avi", "cannot be opened as a video")),
                        (one, ("one.avi", "has only 1 frame, a still picture", "camera number"))):
        code = main(["guide", str(SCRAMBLED), "--plain", "--camera", str(path)])
        out, err = capsys.readouterr()
        assert_clear_error(code, err, *words)
        assert out == ""
    check_video_file(str(VIDEO))  # a video of many frames is taken
    check_video_file(0)  # a camera is not opened twice: it is tried when watched


def test_guide_camera_refuses_a_device_path_and_names_its_number(tmp_path, capsys):
    from sudoku_cube.vision.photo.camera import CameraError, check_video_file
    with pytest.raises(CameraError, match=r"give the camera's number instead, --camera 0"):
        check_video_file("/dev/video0")
    fifo = tmp_path / "pipe.avi"
    os.mkfifo(fifo)
    with pytest.raises(CameraError, match="is no video file; check the path"):
        check_video_file(str(fifo))  # refused at once: reading a pipe could wait for ever


def test_scan_refuses_a_photo_given_as_its_video_before_capturing(capsys):
    photo = ROOT / "samples" / "cubes" / "01-easy" / "U.jpg"
    for args in (["scan", str(photo), "--no-window"],
                 ["scan", "--camera", str(photo), "--no-window"]):
        code = main(args)
        assert_clear_error(code, capsys.readouterr().err, "U.jpg: is a photo (JPEG), not a video",
                           "camera number")
    assert not scan_session_path().exists()


def test_scan_names_a_missing_video_as_it_was_given(tmp_path, capsys):
    """A video path that does not exist is named as the person gave it: the video argument
    alone, or after --camera; neither starts a scan."""
    missing = tmp_path / "faces.avi"
    for args, said in ((["scan", str(missing), "--no-window"], f"sudoku-cube: {missing}: "),
                       (["scan", "--camera", str(missing), "--no-window"],
                        f"sudoku-cube: --camera {missing}: ")):
        code = main(args)
        err = capsys.readouterr().err
        assert_clear_error(code, err, said, "no such video file", "give a number such as 0")
    assert not scan_session_path().exists()


def test_serve_resume_stays_the_command_named_after_a_check_found_a_slip():
    """In ``serve`` a check's new plan names its own command to take it up later; Ctrl-C
    still names ``serve --resume``, which goes on with that plan and keeps the phone."""
    from sudoku_cube.assistant.terminal import interrupt

    with interrupt.remembered_ctrl_c():
        interrupt.set_resume_command("sudoku-cube serve --resume", pinned=True)
        interrupt.set_resume_command("sudoku-cube guide after-slip.json --moves 'R U'")
        assert interrupt.resume_command("sudoku-cube serve") == "sudoku-cube serve --resume"
        interrupt.set_resume_command(None)
        interrupt.set_resume_command("sudoku-cube solve x.json")
        assert interrupt.resume_command("sudoku-cube serve") == "sudoku-cube solve x.json"
