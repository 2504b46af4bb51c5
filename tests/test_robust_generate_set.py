"""`generate --photos DIR` writes its photo set as a whole: a run killed with kill -9 part-way
leaves the previous set in DIR untouched (never a set mixed from two cubes), and the next run
replaces it whole and leaves nothing behind. A DIR that holds the person's own files is
refused before any work."""
from __future__ import annotations

import functools
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.commands import generate
from sudoku_cube.render import PhotoStyle
from sudoku_cube.storage.temp_files import STALE_AFTER_S
from tests.conftest import assert_clear_error

ROOT = Path(__file__).resolve().parents[1]


def _set(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def _small_photos(monkeypatch) -> None:
    """The in-process ``generate`` renders its photos small and without supersampling: what
    is checked here is how the set is written; a full-size set of the same command is read
    and solved in test_vision_any_print.py (the killed child still renders full size)."""
    monkeypatch.setattr(generate, "PhotoStyle",
                        functools.partial(PhotoStyle, size=(320, 240), supersample=1))


def test_a_killed_generate_leaves_the_old_photo_set_whole(tmp_path, capsys, monkeypatch):
    _small_photos(monkeypatch)
    photos = tmp_path / "photos"
    assert main(["generate", "--seed", "2", "--out", str(tmp_path / "old"), "--photos",
                 str(photos)]) == 0
    old = _set(photos)
    assert {"U.jpg", "B.jpg", "truth.json"} <= set(old)
    proc = subprocess.Popen([sys.executable, "-m", "sudoku_cube.assistant.cli", "generate",
                             "--seed", "1", "--out", str(tmp_path / "new"), "--photos",
                             str(photos)], cwd=ROOT, env=dict(os.environ),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.monotonic() + 300
    while not any(p.name == "U.jpg" for p in tmp_path.glob(".photos.partial-*/*")):
        assert proc.poll() is None and time.monotonic() < end, "generate ended before a photo"
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGKILL)  # the first photo of the new cube is written
    proc.wait(timeout=30)
    assert _set(photos) == old  # the old set, whole: not one photo of the new cube
    left = list(tmp_path.glob(".photos.partial-*"))
    assert left
    past = time.time() - 2 * STALE_AFTER_S
    for p in left:
        os.utime(p, (past, past))
    assert main(["generate", "--seed", "1", "--out", str(tmp_path / "new"), "--photos",
                 str(photos)]) == 0
    new = _set(photos)
    assert set(new) == set(old) and new["truth.json"] != old["truth.json"]
    assert all(new[name] != old[name] for name in new if name.endswith(".jpg"))
    assert not list(tmp_path.glob(".photos.partial-*"))


def test_a_photo_folder_with_other_files_is_refused_before_any_work(tmp_path, capsys):
    mine = tmp_path / "holiday"
    mine.mkdir()
    (mine / "beach.jpg").write_bytes(b"mine")
    code = main(["generate", "--seed", "2", "--out", str(tmp_path / "out"), "--photos",
                 str(mine)])
    assert_clear_error(code, capsys.readouterr().err, str(mine), "beach.jpg",
                       "new or empty folder")
    assert (mine / "beach.jpg").read_bytes() == b"mine" and not (tmp_path / "out").exists()
