"""A full disk, through the real CLI: every command that writes (generate, calibrate,
`read --debug`, scan) stops with exit 2 and a message naming the file and what to do, never an
internal error; the previous file stays whole; a scan keeps the face it captured in memory and
saves it once there is room, and says exactly what is saved.

The disk is made full by a stand-in for ``os.fsync`` that fails with ENOSPC for files in one
folder, as a real file system does when the data written cannot be placed (the writers' code,
the messages and the scan's recovery are real)."""
from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.services.files import load_state
from sudoku_cube.assistant.services.sessions import ScanSession, scan_session_path
from tests.conftest import assert_clear_error, said_captured

ROOT = Path(__file__).resolve().parents[1]
VIDEO = ROOT / "samples" / "video" / "show-six-faces.avi"
TRUTH = ROOT / "samples" / "video" / "truth.json"


class FullDisk:
    """Files flushed under ``folder`` fail with ENOSPC while :attr:`full` says so (or for the
    flushes numbered in ``failing``, counted from 1, when given)."""

    def __init__(self, monkeypatch, folder: Path, failing: set[int] | None = None) -> None:
        self.folder, self.failing, self.full, self.flushes = folder.resolve(), failing, True, 0
        real = os.fsync

        def fsync(fd: int) -> None:
            where = Path(os.readlink(f"/proc/self/fd/{fd}"))
            if where.is_relative_to(self.folder) and not where.is_dir():
                self.flushes += 1
                if self.failing is None and self.full or self.flushes in (self.failing or ()):
                    raise OSError(errno.ENOSPC, "No space left on device")
            real(fd)

        monkeypatch.setattr(os, "fsync", fsync)


def _leftovers(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if ".partial-" in p.name]


@pytest.mark.parametrize("command", ["generate", "calibrate", "read --debug"])
def test_a_full_disk_is_a_clear_error_and_the_old_file_stays(command, tmp_path, monkeypatch,
                                                             capsys):
    full = tmp_path / "full"
    if command == "generate":
        argv, victim = ["generate", "--seed", "3", "--out", str(full)], full / "scrambled.json"
    elif command == "calibrate":
        monkeypatch.setenv("SUDOKU_CUBE_HOME", str(full))
        argv = ["calibrate", "settings", "--profile", "mine", "--symmetric", "1,8"]
        assert main(argv) == 0  # saved while there was room
        victim = full / "profiles" / "mine" / "profile.json"
        argv[-1] = "1"
    else:
        argv = ["read", str(ROOT / "samples/cubes/01-easy"), "--debug", str(full)]
        victim = full / "U-debug.png"
    victim.parent.mkdir(parents=True, exist_ok=True)
    if not victim.exists():
        victim.write_text("OLD")
    before = victim.read_bytes()
    capsys.readouterr()
    FullDisk(monkeypatch, full)
    assert_clear_error(main(argv), capsys.readouterr().err, str(victim), "the disk is full",
                       "free some space", "choose another folder")
    assert victim.read_bytes() == before
    assert not _leftovers(full)


def test_a_new_profile_that_cannot_be_saved_leaves_no_broken_folder(monkeypatch, capsys):
    home = Path(os.environ["SUDOKU_CUBE_HOME"])
    FullDisk(monkeypatch, home)
    code = main(["calibrate", "settings", "--profile", "fresh", "--symmetric", "1,8"])
    assert_clear_error(code, capsys.readouterr().err, "profile.json", "the disk is full")
    assert not (home / "profiles" / "fresh").exists()  # else it would stand as a broken profile


def test_a_scan_keeps_the_face_the_full_disk_could_not_save(tmp_path, monkeypatch, capsys):
    # the session's second and third saves (faces R and F) fail; then there is room again
    disk = FullDisk(monkeypatch, scan_session_path().parent, failing={2, 3})
    out = tmp_path / "scan.json"
    assert main(["scan", str(VIDEO), "--no-window", "-o", str(out)]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert said_captured("R", text) and "not saved: " in text and "the disk is full" in text
    assert "saves it with the next one" in text
    assert disk.flushes >= 4
    assert set(ScanSession.load().faces) == set("URFDLB")  # R saved with a later face
    assert load_state(out).stickers == load_state(TRUTH).stickers


def test_a_scan_stopped_on_a_full_disk_says_what_is_saved(tmp_path, monkeypatch, capsys):
    cut = tmp_path / "cut.avi"
    data = VIDEO.read_bytes()
    cut.write_bytes(data[: int(len(data) * 0.45)])  # the video ends after two or three faces
    disk = FullDisk(monkeypatch, scan_session_path().parent, failing=set(range(2, 99)))
    code = main(["scan", str(cut), "--no-window"])
    err = " ".join(capsys.readouterr().err.split())
    assert disk.flushes >= 2
    assert_clear_error(code, err, "cut.avi", "1 of 6 faces are saved", "could not be saved",
                       "scan-session.json", "the disk is full", "scan --resume")
    assert set(ScanSession.load().faces) == {"U"}


def test_a_scan_on_a_full_disk_with_no_face_saved_suggests_no_resume(tmp_path, monkeypatch,
                                                                    capsys):
    cut = tmp_path / "cut.avi"
    data = VIDEO.read_bytes()
    cut.write_bytes(data[: int(len(data) * 0.45)])
    FullDisk(monkeypatch, scan_session_path().parent)
    code = main(["scan", str(cut), "--no-window"])
    err = " ".join(capsys.readouterr().err.split())
    assert_clear_error(code, err, "0 of 6 faces are saved", "could not be saved")
    # the video ended: a video that shows every face, from the start (nothing was kept)
    assert "--resume" not in err
    assert "run `sudoku-cube scan VIDEO` with a video that shows all six faces" in err
    assert "nothing to resume" not in err
    assert not scan_session_path().exists()


def test_an_output_on_a_read_only_disk_is_said_so_before_the_work(tmp_path, monkeypatch, capsys):
    """``scan -o`` on a disk mounted read-only is refused before the scan as the disk being
    read-only (what to do differs from a folder one may not write to), as ``--export`` says
    it. The mount is stood in for: the folder may not be written and its file system reports
    itself read-only."""
    real_access, real_statvfs = os.access, os.statvfs
    locked = tmp_path.resolve()

    class ReadOnly:
        f_flag = os.ST_RDONLY

    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if Path(p).resolve() == locked
                        else real_access(p, mode, **kw))
    monkeypatch.setattr(os, "statvfs", lambda p: ReadOnly() if Path(p).resolve() == locked
                        else real_statvfs(p))
    out = tmp_path / "cube.json"
    code = main(["scan", str(VIDEO), "-o", str(out)])
    assert_clear_error(code, capsys.readouterr().err, str(out), "the disk is read-only")
    monkeypatch.setattr(os, "statvfs", real_statvfs)
    code = main(["scan", str(VIDEO), "-o", str(out)])
    assert_clear_error(code, capsys.readouterr().err, str(out), "permission denied")
