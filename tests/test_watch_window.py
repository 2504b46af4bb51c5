"""The guide's watch-mode window (``guide --camera``): the picture is a pure function of the
watch's state (the move to make in large letters and words, the held cube with the turning
layer and its arrow, the camera picture with the faces seen named by their centre digits, a
sign when a step is confirmed or a slip found); the real command shows it under a virtual
display (Xvfb) with a rendered video as the camera."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
from sudoku_cube.assistant.terminal.guide_watch import WatchWindow
from sudoku_cube.assistant.terminal.live_canvas import BACKGROUND
from sudoku_cube.assistant.services.watch import WatchEvent
from sudoku_cube.assistant.terminal.watch_canvas import shown_move, watch_canvas, watch_scene
from sudoku_cube.models.cube.face_words import centre
from sudoku_cube.models.cube.moves import Move, format_moves
from sudoku_cube.models.cube.state_format import to_json
from tests.conftest import slip_video
from tests.test_scan_window import _near, _words
from tests.xvfb import (BLANK_FOR, runs_until_seen, screenshot_when, virtual_display,
                        window_tree)

ROOT = Path(__file__).resolve().parents[1]
ARROW = (15, 72, 217)  # the held picture's arrow (BGR)
LAYER = (59, 212, 255)  # the held picture's turning layer (BGR)
HELD = 60
"""Frames of the cube held still at the start of the video the real guide watches."""


@pytest.fixture(scope="module")
def watched():
    """A plan whose step 2 is a quarter turn of D or B, a slip at that step, and the first
    frames of a hand following it (rendered from the corner of corner photo A)."""
    return slip_video()


def test_the_prime_is_shown_as_a_prime():
    assert shown_move(Move("R", 3)) == "R′" and shown_move(Move("U", 2)) == "U2"


def test_the_watch_picture_shows_the_step_the_held_cube_and_the_faces(watched):
    start, plan, _, frames = watched
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=1)
    faces = {"U": np.array([[300, 90], [420, 60], [520, 100], [400, 130]], np.float64)}
    picture = watch_canvas(watch_scene(frames[0], faces, cursor, "Step 1 confirmed."))
    assert picture.shape == (720, 1280, 3)
    header = _words(picture[:60, :500])
    assert f"Step 2 of {len(plan)}" in header, header
    words = _words(picture[40:160, 190:])
    assert words.lower().startswith(cursor.current.move.viewer_words()[:20].lower()), words
    right = picture[150:640, 850:]  # the held cube: the turning layer and its arrow
    assert _near(right, ARROW, 30).sum() > 1000 and _near(right, LAYER, 30).sum() > 1000
    # the face seen is named on its centre by the digit there (on a plain frame, for OCR)
    plain = np.full((480, 640, 3), 90, np.uint8)
    big = {"U": np.array([[20, 20], [620, 20], [620, 460], [20, 460]], np.float64)}
    named = watch_canvas(watch_scene(plain, big, cursor))
    grey = _near(named, (90, 90, 90), 2)  # the frame: rows and columns mostly of its grey
    ys, xs = np.nonzero(grey.sum(axis=1) > 200)[0], np.nonzero(grey.sum(axis=0) > 200)[0]
    cy, cx = (ys.min() + ys.max()) // 2, (xs.min() + xs.max()) // 2
    label = f"{centre(cursor.state(), 'U').digit} (U)"
    assert label in _words(named[cy - 30:cy + 30, cx - 80:cx + 80]), "not named by its centre"
    # a confirmed step: a green sign over the picture, with the step's number
    live = WatchWindow(_Recorder(), cursor, clock=lambda: 0.0)
    live.event(WatchEvent("confirmed", 2, "Step 2 confirmed."))
    signed = live.picture(frames[0], faces)
    ys, xs = np.nonzero(_near(signed, (30, 90, 20), 6))
    assert len(xs) > 20000 and "Step 2 done" in _words(signed[ys.min():ys.max(), xs.min():xs.max()])


class _Recorder:
    """A window that keeps what it was shown and answers with the keys given."""

    def __init__(self, keys: tuple[str, ...] = ()) -> None:
        self.shown: list[np.ndarray] = []
        self.keys = list(keys)
        self.closed = False

    def show(self, image: np.ndarray) -> str:
        self.shown.append(image)
        return self.keys.pop(0) if self.keys else ""

    def hold(self, image: np.ndarray, ms: int) -> str:
        return self.show(image)

    def close(self) -> None:
        self.closed = True


def test_watch_draws_every_frame_and_takes_keys_from_the_window(watched, monkeypatch):
    """Each frame read is drawn; q pressed in the window stops the watch like q in the
    terminal; the last picture stays a moment when a step was confirmed or a slip found."""
    import io

    from rich.console import Console

    from sudoku_cube.assistant.terminal import guide_watch

    start, plan, _, frames = watched
    read = []

    def camera_frames(text, camera=None):
        for f in frames:
            read.append(f)
            yield f

    monkeypatch.setattr(guide_watch, "camera_frames", camera_frames)
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=0)
    window = _Recorder()
    events = guide_watch.watch_plain(Console(file=io.StringIO()), cursor, "video", window=window)
    # the video's hand goes on with the old plan's step 3: against the new plan, a slip too;
    # then the frames run out, which is said
    assert [e.kind for e in events] == ["confirmed", "slip", "slip", "ended"]
    assert len(window.shown) == len(read) + 1 and window.closed  # + the last one held
    last = window.shown[-1]
    ys, xs = np.nonzero(_near(last, (30, 30, 150), 6))
    assert "A slip" in _words(last[ys.min():ys.max(), xs.min():xs.max()])
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=0)
    window = _Recorder(keys=("", "q"))
    events = guide_watch.watch_plain(Console(file=io.StringIO()), cursor, "video", window=window)
    assert events == [] and len(window.shown) == 2 and cursor.position == 0


def test_watch_mode_speaks_the_next_move_when_the_camera_confirms_a_turn(watched, monkeypatch):
    """A hands-free solve (``guide --camera --speak``): the first step is said when the watch
    starts, the next one as soon as the camera confirms the turn, and after a slip the first
    move of the new plan (after a second slip, at that plan's step 1, the next plan's); each
    once."""
    import io
    from contextlib import contextmanager

    from rich.console import Console

    from sudoku_cube.assistant.terminal import guide_watch

    start, plan, _, frames = watched
    monkeypatch.setattr(guide_watch, "camera_frames", lambda text, camera=None: iter(frames))

    @contextmanager
    def no_keys():  # no key pressed (the tests have no terminal to read keys from)
        yield lambda: None

    monkeypatch.setattr(guide_watch, "key_poller", no_keys)
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=0)
    said: list[tuple[int, str]] = []
    events = guide_watch.watch_screen(
        Console(file=io.StringIO(), width=80, height=24), cursor, "video",
        speak=lambda c: said.append((c.position, str(c.current.move) if c.current else "")))
    # the video's hand goes on with the old plan's step 3: against the new plan, a slip too;
    # then the frames run out, which is said
    assert [e.kind for e in events] == ["confirmed", "slip", "slip", "ended"]
    first_new = str(steps_from_moves(start, events[1].verdict.repair)[0].move)
    assert said == [(0, str(plan[0])), (1, str(plan[1])), (0, first_new),
                    (0, str(cursor.steps[0].move))]
    assert cursor.steps[0].before != start  # the new plan starts from the slipped cube


def test_guide_camera_under_a_virtual_display_shows_the_window(watched, tmp_path):
    from sudoku_cube.render.video import write_video

    start, plan, _, frames = watched
    video = tmp_path / "watch.avi"
    # the cube held still a while before the first turn: a video is read as fast as the machine
    # can, and the window must stay up long enough for a screenshot on a slow one. Screenshots
    # are taken one after another until one shows the window, each in about the time the watch
    # takes for three frames, so the frames held give a score of chances while the watch runs
    # (the picture held after the slip shows the new plan, not this one's step count); every
    # frame costs the watch a reading, so more held frames only make the run longer
    write_video(str(video), [(f, {}) for f in frames[:1] * HELD + frames], fps=5)
    state = tmp_path / "s.json"
    state.write_text(to_json(start))
    command = [sys.executable, "-m", "sudoku_cube.assistant.cli", "guide", str(state),
               "--moves", format_moves(plan), "--camera", str(video)]
    # a run in which no screenshot saw any of the window is tried again (it was stopped once
    # its window stayed black, or it went right unseen)
    runs = runs_until_seen(lambda: _watch_on_a_display(command, tmp_path),
                           lambda r: all(w == 0 for w, _ in r[3]))
    returncode, out, shot, seen, tree = runs[-1]
    assert returncode == 0, out
    assert "Found the slip" in out, out
    ys, xs = np.nonzero(_near(shot, BACKGROUND, 3))
    assert len(xs) > 200_000, ("the window's picture is not on the screen in any of "
                               f"{len(runs)} runs (window and arrow pixels of each screenshot "
                               f"of the last: {seen}; its windows then: {tree})\n" + out)
    window = shot[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    assert window.shape[1] >= 1000, "the window is not shown large"
    # the step the watch is at when the screenshot is taken (a loaded machine may be past the
    # first): the plan's own count
    header = _words(window[:window.shape[0] // 12, :window.shape[1] // 2])
    assert re.search(rf"Step \d+ of {len(plan)}\b", header), header
    assert _near(window[:, window.shape[1] * 2 // 3:], ARROW, 30).sum() > 1000


def _watch_on_a_display(command: list[str], tmp_path: Path
                        ) -> tuple[int, str, np.ndarray, list[tuple[int, int]], list[str]]:
    """Run the guide's watch (``command``) under a fresh virtual display, taking screenshots
    until one shows the window with its arrow: the exit status, the output, that (or the last)
    screenshot, each screenshot's window and arrow pixels, and the display's windows while the
    screenshots saw none."""
    with virtual_display() as display:
        env = {**os.environ, "DISPLAY": display, "PYTHONUNBUFFERED": "1",
               "PYTHONPATH": str(ROOT)}
        proc = subprocess.Popen(command, cwd=ROOT, env=env, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)
        try:
            # the window is on the screen while the video is watched and a moment after the
            # slip stops the watch (the slip's sign itself is tested on the picture above)
            seen: list[tuple[int, int]] = []
            tree: list[str] = []

            def drawn(s: np.ndarray) -> bool:
                seen.append((int(_near(s, BACKGROUND, 3).sum()), int(_near(s, ARROW, 30).sum())))
                if len(seen) % 10 == 0 and seen[-1][0] == 0:
                    tree[:] = [window_tree(display)]
                return seen[-1][0] > 200_000 and seen[-1][1] > 1000

            shot = screenshot_when(display, tmp_path / "screen.png", drawn,
                                   ended=lambda: proc.poll() is not None,
                                   unpainted=lambda: all(w == 0 for w, _ in seen),
                                   blank_for=3 * BLANK_FOR)  # from the program's start
        finally:
            if proc.poll() is None and all(w == 0 for w, _ in seen):
                proc.terminate()  # a window left black: this run can show nothing
            # otherwise every frame of the video is watched: on a loaded machine, minutes
            out = proc.communicate(timeout=600)[0]
    return proc.returncode, out, shot, seen, tree


def _sticker_box(index: int, px: int) -> tuple[slice, slice]:
    """The pixels inside sticker ``index``'s square in the held raster ``px`` square (its
    middle, away from the sticker's edge)."""
    from sudoku_cube.assistant.services.held_svg import SIZE, held_camera
    from sudoku_cube.models.cube.geometry import facelets

    f = facelets(3)[index]
    (u, v), = held_camera(SIZE).project(np.array([f.pos], np.float64))[0] * px / SIZE
    r = px // 80
    return slice(int(v) - r, int(v) + r), slice(int(u) - r, int(u) + r)


def test_the_held_cube_in_the_window_carries_each_stickers_digit_turned_as_it_points():
    """A person matches the drawing to the cube in hand by its digits, the centres above all:
    the centre stickers carry ink, a different digit other ink, the digit turned other ink,
    and the terminal's coarse picture (which writes tokens instead) none."""
    from sudoku_cube.assistant.terminal.held_picture import held_raster
    from sudoku_cube.models.cube.stickers import Sticker
    from sudoku_cube.models.generator.cube3 import make_puzzle

    state, px = make_puzzle(4, 20).state, 320
    mid = {f: "URFDLB".index(f) * 9 + 4 for f in "UFR"}

    def ink(s, digits=True):
        rgb, _ = held_raster(s, Move("R", 1), px, digits)
        return {f: rgb[_sticker_box(i, px)].max(axis=2) < 90 for f, i in mid.items()}

    drawn = ink(state)
    for face, dark in drawn.items():
        assert dark.sum() > 10, f"no digit on {face}'s centre"  # ink of the digit
        assert (~dark).sum() > 10, face  # and the sticker's paper around it
    assert not any(d.any() for d in ink(state, digits=False).values())
    front = mid["F"]
    other = state.stickers[front].digit % 9 + 1
    changed = ink(state.with_sticker(front, Sticker(other, state.stickers[front].rot)))
    assert (changed["F"] != drawn["F"]).sum() > 10
    assert (changed["U"] == drawn["U"]).all()  # the other faces as they were
    # turned clockwise, as the sticker's rotation counts: the ink of a 7 (off its middle, to
    # the top right) goes round the front centre the clockwise way, rotation by rotation
    big = 480
    ys, xs = _sticker_box(front, big)
    y0, x0, r = (ys.start + ys.stop) // 2, (xs.start + xs.stop) // 2, big // 24
    where = []
    for rot in range(4):
        rgb, _ = held_raster(state.with_sticker(front, Sticker(7, rot)), Move("R", 1), big)
        yy, xx = np.nonzero(rgb[y0 - r:y0 + r, x0 - r:x0 + r].max(axis=2) < 90)
        where.append(np.array([xx.mean(), yy.mean()]))
    where = [w - np.mean(where, axis=0) for w in where]  # about the ink's middle
    for rot in range(4):
        x, y = where[rot]
        clockwise, anticlockwise = np.array([-y, x]), np.array([y, -x])  # y points down
        nxt = where[(rot + 1) % 4]
        assert np.linalg.norm(nxt - clockwise) < np.linalg.norm(nxt - anticlockwise) / 2, \
            (rot, where)


def test_the_camera_status_flips_when_the_cube_comes_and_goes_and_shows_in_both_footers():
    from sudoku_cube.assistant.services.guide import GuideCursor
    from sudoku_cube.assistant.terminal.camera_status import SEEN, STARTING, UNSEEN, CameraStatus
    from sudoku_cube.assistant.terminal.guide_view import watch_keys
    from sudoku_cube.models.generator.cube3 import make_puzzle

    now = [0.0]
    status = CameraStatus(clock=lambda: now[0])
    quad = {"U": np.zeros((4, 2))}
    # the camera takes long to open: no "no cube" before its first frame, nor right after
    now[0] = 10.0
    assert (status.frame({}), status.line) == (False, STARTING)
    status = CameraStatus(clock=lambda: now[0])
    now[0] = 0.0
    changes = []
    for t, faces in ((0.5, {}), (1.0, quad), (1.2, quad), (2.0, {}), (4.1, {}), (4.3, {}),
                     (5.0, {}), (5.5, quad)):
        now[0] = t
        changes.append((status.frame(faces), status.line))
    assert changes == [(False, STARTING), (True, SEEN), (False, SEEN), (False, SEEN),
                       (False, SEEN), (True, UNSEEN), (False, UNSEEN), (True, SEEN)]
    for short, most in ((False, 80), (True, 60)):  # the long line, and the narrow one
        line = watch_keys(UNSEEN, short).replace("[bold]", "").replace("[/]", "")
        assert line.endswith(f" · {UNSEEN}") and len(line) <= most, line
    # the window's footer: the status at the right of the key line, green while the cube is
    # seen, orange while it is not
    pz = make_puzzle(4, 20)
    cursor = GuideCursor(steps_from_moves(pz.state, [Move("R", 1)]), pz.state, remember=False)
    plain = np.full((480, 640, 3), 90, np.uint8)
    for line, seen, colour in ((SEEN, True, (80, 200, 60)), (UNSEEN, False, (40, 140, 250))):
        picture = watch_canvas(watch_scene(plain, {}, cursor, status=(line, seen)))
        foot = picture[-40:, 640:]
        assert _near(foot, colour, 40).sum() > 100, line


def test_another_corner_is_signed_in_orange_not_as_an_error():
    """A slip's sign has a red border; another corner shown stops nothing: orange."""
    from sudoku_cube.assistant.terminal.live_canvas import ORANGE, RED
    from sudoku_cube.models.generator.cube3 import make_puzzle

    pz = make_puzzle(4, 20)
    cursor = GuideCursor(steps_from_moves(pz.state, [Move("R", 1)]), pz.state, remember=False)
    plain = np.full((480, 640, 3), 90, np.uint8)
    borders = {}
    for kind in ("slip", "wrong corner"):
        picture = watch_canvas(watch_scene(plain, {}, cursor, sign=(kind, "words")))
        borders[kind] = (_near(picture, RED, 30).sum(), _near(picture, ORANGE, 30).sum())
    assert borders["slip"][0] > 2000 and borders["wrong corner"][0] < 200, borders
    assert borders["wrong corner"][1] > 2000, borders
