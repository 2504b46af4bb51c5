"""Cameras (none, busy, frames stop, driver hangs) and profiles (missing, corrupt, older or newer
version) through the real CLI (`scan`, `calibrate camera`, `calibrate settings`, `profiles`):
exit 2 with a message naming the camera / profile file and what to do; nothing saved is lost.

A busy or hanging camera cannot be produced with a file, so those cases plug a small fake device
in place of ``cv2.VideoCapture`` (the code under test, its timeouts and messages, is real)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import cv2
import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.services.sessions import ScanSession, scan_session_path
from tests.conftest import assert_clear_error

ROOT = Path(__file__).resolve().parents[1]
VIDEO = ROOT / "samples" / "video" / "show-six-faces.avi"


class FakeCamera:
    """A camera device: opens, then gives ``frames`` pictures and no more (``hang``: blocks)."""

    def __init__(self, frames=(), hang_s: float = 0.0) -> None:
        self.frames, self.hang_s = list(frames), hang_s

    def isOpened(self) -> bool:  # noqa: N802 - OpenCV's name
        return True

    def read(self):
        if self.hang_s:
            time.sleep(self.hang_s)
        return (True, self.frames.pop(0)) if self.frames else (False, None)

    def get(self, prop):
        return 0.0

    def set(self, prop, value):
        return False

    def getBackendName(self) -> str:  # noqa: N802
        return "FAKE"

    def release(self) -> None:
        pass


def _plug(monkeypatch, **kw) -> None:
    monkeypatch.setattr(cv2, "VideoCapture", lambda source, *a: FakeCamera(**kw))


def _video_frames(n: int) -> list:
    cap = cv2.VideoCapture(str(VIDEO))
    out = [cap.read()[1] for _ in range(n)]
    cap.release()
    return out


@pytest.mark.parametrize("argv", [["scan", "--camera", "57", "--no-window"],
                                  ["calibrate", "camera", "--camera", "57"]])
def test_no_camera(argv, capsys):
    assert_clear_error(main(argv), capsys.readouterr().err, "camera 57", "does not open",
                       "plugged in")


@pytest.mark.parametrize("argv", [["scan", "--camera", "0", "--no-window"],
                                  ["calibrate", "camera", "--camera", "0"]])
def test_busy_camera(argv, monkeypatch, capsys):
    _plug(monkeypatch)
    assert_clear_error(main(argv), capsys.readouterr().err, "camera 0", "probably busy",
           "close other programs")


def test_frames_stop_arriving_mid_scan_keeps_the_faces_captured(monkeypatch, capsys):
    _plug(monkeypatch, frames=_video_frames(20))  # U and R are shown, then the cable is pulled
    code = main(["scan", "--camera", "0", "--no-window"])
    assert_clear_error(code, capsys.readouterr().err, "camera 0",
                       "frames stopped arriving after 20 frames",
           "check the cable", "2 of 6 faces are saved", "scan --resume")
    assert sorted(ScanSession.load().faces) == ["R", "U"]


def test_camera_driver_that_hangs(monkeypatch, capsys):
    _plug(monkeypatch, frames=_video_frames(1), hang_s=2.5)
    code = main(["scan", "--camera", "0", "--no-window"])
    assert_clear_error(code, capsys.readouterr().err, "camera 0", "did not answer within 2 s",
           "unplug and replug")


def test_truncated_video_file_as_a_camera_that_stops(tmp_path, capsys):
    data = VIDEO.read_bytes()
    cut = tmp_path / "cut.avi"
    cut.write_bytes(data[: int(len(data) * 0.45)])  # a copy interrupted part-way
    code = main(["scan", str(cut), "--no-window"])
    # the same video again would end alike: another video (or a camera) goes on
    assert_clear_error(code, capsys.readouterr().err, "cut.avi", "the video ended after",
           "of 6 faces are saved", "`sudoku-cube scan --resume VIDEO` with a video of the "
           "faces still to take (or --camera N)")
    assert 1 <= len(ScanSession.load().faces) < 6
    garbage = tmp_path / "garbage.avi"
    garbage.write_bytes(data[:4000])
    for argv in (["scan", str(garbage), "--no-window"],
                 ["calibrate", "camera", "--camera", str(garbage)]):
        assert_clear_error(main(argv), capsys.readouterr().err, "garbage.avi",
                           "cannot be opened as a video")


def test_damaged_scan_session_is_reported_not_lost(capsys):
    path = scan_session_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "sudoku-cube-scan/1", "faces": {"U": {"stickers": [')
    assert_clear_error(main(["scan", "--resume", "--no-window", str(VIDEO)]),
                       capsys.readouterr().err,
           str(path), "cannot be read", "without --resume")
    assert path.read_text().startswith('{"format"')  # left for the person to inspect


# --- profiles ---------------------------------------------------------------------------------

def _profiles_root() -> Path:
    from sudoku_cube.storage.folders import profiles_root
    return profiles_root()


PROFILES = {
    "corrupt": ('{"format": "sudoku-cube-profile/1", "settings": {', ("is not valid JSON",
                                                                     "calibrate again")),
    "older": ('{"settings": {"symmetric": [1]}}', ("older version", "calibrate again")),
    "newer": ('{"format": "sudoku-cube-profile/7"}', ("newer version", "update sudoku-cube")),
    "foreign": ('{"format": "something-else"}', ("not a sudoku-cube profile",)),
    "not-utf8": (b"\xff\xfe\x00garbage", ("cannot be read",)),
    "incomplete": (None, ("missing", "incomplete")),
    "bad-settings": ('{"format": "sudoku-cube-profile/1", "settings": {"symmetric": "all"}}',
                     ("settings.symmetric", "digits 1-9")),
}


def _write_profile(name: str) -> Path:
    content, _ = PROFILES[name]
    folder = _profiles_root() / name
    folder.mkdir(parents=True)
    path = folder / "profile.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    return path


@pytest.mark.parametrize("name", list(PROFILES))
def test_broken_profiles_are_named_and_left_alone(name, capsys):
    path = _write_profile(name)
    before = path.read_bytes() if path.exists() else None
    code = main(["calibrate", "settings", "--profile", name, "--symmetric", "1,8"])
    assert_clear_error(code, capsys.readouterr().err, name, *PROFILES[name][1])
    assert (path.read_bytes() if path.exists() else None) == before  # nothing overwritten
    assert main(["profiles", "--json"]) == 0  # listing never fails: broken ones are shown
    rows = {r["name"]: r for r in json.loads(capsys.readouterr().out)["profiles"]}
    assert not rows[name]["ok"] and PROFILES[name][1][0] in rows[name]["problem"]
    assert rows["default"]["ok"]


def test_profiles_with_no_data_folder_and_a_missing_profile_is_created(capsys):
    assert not _profiles_root().exists()
    assert main(["profiles"]) == 0
    assert "default" in capsys.readouterr().out
    assert main(["calibrate", "settings", "--profile", "fresh", "--symmetric", "1,8"]) == 0
    assert "symmetric 1,8" in capsys.readouterr().out
    assert json.loads((_profiles_root() / "fresh" / "profile.json").read_text())["settings"][
        "symmetric"] == [1, 8]
    assert_clear_error(main(["calibrate", "settings", "--profile", "../escape"]),
                       capsys.readouterr().err,
           "../escape", "letters, digits")


def test_camera_calibration_into_a_corrupt_profile_does_not_replace_it(capsys, tmp_path):
    path = _write_profile("corrupt")
    code = main(["calibrate", "camera", "--camera", str(VIDEO), "--profile", "corrupt"])
    assert_clear_error(code, capsys.readouterr().err, "corrupt", "is not valid JSON")
    assert path.read_text() == PROFILES["corrupt"][0]


@pytest.mark.parametrize("name", ["nosuch", "corrupt", "older"])
@pytest.mark.parametrize("command", ["read", "solve"])
def test_reading_with_a_missing_or_broken_profile(command, name, capsys):
    words = ("not found", "calibrate templates") if name == "nosuch" else PROFILES[name][1]
    if name != "nosuch":
        _write_profile(name)
    code = main([command, str(ROOT / "samples/cubes/01-easy"), "--profile", name])
    assert_clear_error(code, capsys.readouterr().err, name, *words)


def test_a_cut_video_prints_no_decoder_log_lines(tmp_path):
    """FFmpeg's own complaints about a cut file (``[mjpeg @ 0x...] overread 8``) stay off the
    person's terminal: its end is said once, in the scan's words. A process of its own, as
    FFmpeg's log level is read when the first video of a process opens."""
    cut = tmp_path / "cut.avi"
    cut.write_bytes(VIDEO.read_bytes()[:300_000])
    path = os.pathsep.join(filter(None, (os.environ.get("PYTHONPATH"), str(ROOT))))
    env = {**os.environ, "SUDOKU_CUBE_HOME": str(tmp_path / "home"), "PYTHONPATH": path}
    env.pop("OPENCV_FFMPEG_LOGLEVEL", None)
    done = subprocess.run([sys.executable, "-m", "sudoku_cube.assistant.cli", "scan", str(cut),
                           "--no-window"], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=300)
    assert done.returncode == 2 and "the video ended after" in done.stderr, done.stderr
    assert " @ 0x" not in done.stderr and "overread" not in done.stderr, done.stderr


def test_a_missing_profile_lists_the_saved_ones_and_marks_the_broken(capsys):
    """A profile name mistyped: the saved profiles are named, a broken one marked so, for it
    cannot be the one meant as it is."""
    _write_profile("corrupt")
    assert main(["calibrate", "settings", "--profile", "fine", "--symmetric", "1"]) == 0
    capsys.readouterr()
    code = main(["read", str(ROOT / "samples/cubes/01-easy"), "--profile", "fien"])
    assert_clear_error(code, capsys.readouterr().err, "saved profiles: corrupt (broken), fine")
