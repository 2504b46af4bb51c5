"""The guide's watch mode (``guide --camera``) fed readings instead of frames: after a slip the
watch goes on with the new plan, the step screen keeps the slip's words, and when the watch
stops the key-driven guide's first screen says why and what to do now (it used to print that
on the screen the guide then covered)."""
from __future__ import annotations

import argparse
import io
from contextlib import contextmanager

import pytest
from rich.console import Console

from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
from sudoku_cube.assistant.terminal import guide_run, guide_watch
from sudoku_cube.models.cube.moves import Move, invert_moves, simplify
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.plan.planner import PIECES, verified_plan
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.slips.looks import certain
from tests.conftest import first_guide_screens


def _seen(state):
    """What corner view A shows of ``state``, read without doubt."""
    return {f: certain(state.face(f)) for f in "UFR"}


@pytest.fixture
def slipped(monkeypatch, tmp_path):
    """Puzzle 4's plan with step 4 turned the other way (a half turn as a quarter): the start,
    the plan and the cube after that step; the data folder is the test's own."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    pz = make_puzzle(4, 20)
    start, plan = pz.state, simplify(invert_moves(pz.scramble))
    m = plan[3]
    real = start.apply(plan[:3]).apply([m.inverse() if m.turns != 2 else Move(m.face, 1)])
    return start, plan, real


def _feed(monkeypatch, readings):
    """The watch reads ``readings`` (None: a frame without the three faces) instead of a
    camera's frames, and no key is pressed."""
    @contextmanager
    def no_keys():
        yield lambda: None

    monkeypatch.setattr(guide_watch, "camera_frames", lambda text, camera=None: iter(()))
    monkeypatch.setattr(guide_watch, "corner_readings",
                        lambda frames, reader=None, on_frame=None: iter(readings))
    monkeypatch.setattr(guide_watch, "key_poller", no_keys)


def _screens(monkeypatch, width: int = 80) -> list[str]:
    """Each step screen the watch draws, as its text on one line (``width`` x 24)."""
    screens: list[str] = []
    screen_of = guide_watch.screen_of

    def drawn(cursor, notice="", height=None, **kwargs):
        screen = screen_of(cursor, notice, height, **kwargs)
        shot = Console(file=io.StringIO(), width=width, height=24, record=True,
                       color_system=None)
        shot.print(screen, crop=False)
        screens.append(" ".join(shot.export_text().split()))
        return screen
    monkeypatch.setattr(guide_watch, "screen_of", drawn)
    return screens


def test_after_a_slip_the_watch_goes_on_with_the_new_plan_and_says_the_slip(slipped,
                                                                          monkeypatch):
    start, plan, real = slipped
    two = lambda state: [_seen(state)] * 2  # noqa: E731 - the same answer twice is acted on
    # steps 1-3 made, then the slip at step 4, then the new plan's step 1 made
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=0)
    readings = [r for k in range(1, 4) for r in two(start.apply(plan[:k]))] + two(real)
    _feed(monkeypatch, readings)  # the new plan's step 1 is added once it is known
    screens = _screens(monkeypatch)
    said: list[tuple[int, int]] = []

    def speak(c: GuideCursor) -> None:
        said.append((c.position, c.total))
        if c.after_slip and c.position == 0:
            readings.extend([None] + two(c.start.apply([c.steps[0].move])))

    events = guide_watch.watch_screen(Console(file=io.StringIO(), width=80, height=24),
                                      cursor, "video", speak=speak)
    assert [e.kind for e in events] == ["confirmed"] * 3 + ["slip", "confirmed"], events
    new = len(cursor.steps)
    assert cursor.start == real and cursor.position == 1 and new != len(plan)
    slip = " ".join(events[3].message.split())
    assert slip.startswith(f"Found the slip: step 4 ({plan[3]})"), slip
    after = screens[4]  # drawn on the slip: the new plan's step 1 with the slip in words
    assert after.startswith(f"Step 1 of {new}") and slip in after, after
    assert "The camera goes on watching: make the new plan's step 1." in after, after
    assert "q stop watching" in after, after
    assert screens[5].startswith(f"Step 2 of {new}") and "Step 1 confirmed." in screens[5]
    assert said == [(0, len(plan)), (1, len(plan)), (2, len(plan)), (3, len(plan)),
                    (0, new), (1, new)]
    # the watch ended with the frames: where, and what to do with no camera watching
    end = " ".join(guide_watch.watch_end(cursor, events).split())
    assert end.startswith(f"Stopped watching at step 2 of {new}. The camera no longer "
                          "watches: press n after each turn"), end
    assert "Found the slip" not in end  # a step of the new plan was confirmed since
    # ended right after the slip: its words stay with where the watch stopped
    cursor.back()
    end = " ".join(guide_watch.watch_end(cursor, events[:4]).split())
    assert end.startswith(f"{slip} Stopped watching at step 1 of {new}."), end


def test_a_second_slip_in_the_new_plans_first_step_is_said_too(slipped, monkeypatch):
    """The new plan's step 1 made wrong is found as a slip of that plan (its step 1), and
    its first move is said aloud again though the step shown is step 1 both times."""
    start, plan, real = slipped
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=3)
    readings = [_seen(real)] * 2
    _feed(monkeypatch, readings)
    said: list[str] = []

    def speak(c: GuideCursor) -> None:
        said.append(str(c.current.move))
        if c.after_slip and len(said) == 2:  # the new plan's step 1 turned wrong
            m = c.steps[0].move
            wrong = m.inverse() if m.turns != 2 else Move(m.face, 1)
            readings.extend([_seen(c.start.apply([wrong]))] * 2)

    events = guide_watch.watch_screen(Console(file=io.StringIO(), width=80, height=24),
                                      cursor, "video", speak=speak)
    assert [e.kind for e in events][:2] == ["slip", "slip"], events
    assert " ".join(events[1].message.split()).startswith("Found the slip: step 1 ("), events
    assert len(said) == 3 and said[2] == str(cursor.steps[0].move)


def test_the_guide_after_the_watch_stopped_says_why_on_its_first_screen(slipped, monkeypatch):
    """No likely slip explains the faces: the watch stops and the key-driven guide that goes
    on shows the reason and what to do now on its first screen, not only after q."""
    start, plan, _ = slipped
    _feed(monkeypatch, [_seen(make_puzzle(9, 20).state)] * 3)
    console, screens = first_guide_screens(monkeypatch)
    args = argparse.Namespace(export=None, plain=False, camera="video", no_window=True,
                              restart=True, speak=False, profile=None, symmetric=None,
                              no_ocr=True, ocr=None)
    made = verified_plan(start, plan, tuple(PIECES for _ in plan), CubeSettings(), {})
    assert guide_run.guide_plan(made, args, console) == 0
    first = screens[0]
    assert first.startswith(f"Step 1 of {len(plan)}"), first
    assert "No likely slip explains these faces" in first, first
    assert "The camera no longer watches: press n after each turn (c checks the cube); " \
           "to watch again, quit with q and run" in first, first
    assert "c check the cube" in first and "q quit" in first, first


def test_the_bench_watch_stops_at_the_first_slip(slipped):
    """``bench watch`` measures the first stop: without ``go_on_after_slip`` a slip stops the
    watch; the guide's watch goes on."""
    from sudoku_cube.assistant.services.watch import Watcher

    start, plan, real = slipped
    for go_on in (True, False):
        cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=3)
        w = Watcher(cursor, go_on_after_slip=go_on)
        event = w.feed(_seen(real)) or w.feed(_seen(real))
        assert event is not None and event.kind == "slip" and cursor.start == real
        assert w.stopped is not go_on


def _feed_frames(monkeypatch, readings, step_s=1.0):
    """As :func:`_feed`, through ``on_frame`` too: each reading comes with its frame's faces
    found (none for None), the camera's clock ``step_s`` seconds on at each frame."""
    import numpy as np

    from sudoku_cube.assistant.terminal.camera_status import CameraStatus

    def frames(frames, reader=None, on_frame=None):
        for r in readings:
            on_frame(np.zeros((4, 4, 3), np.uint8), {} if r is None else {f: None for f in r})
            yield r

    now = [0.0]

    def clock():
        now[0] += step_s
        return now[0]
    _feed(monkeypatch, readings)
    monkeypatch.setattr(guide_watch, "corner_readings", frames)
    monkeypatch.setattr(guide_watch, "CameraStatus", lambda *_: CameraStatus(clock=clock))


def test_another_corner_shown_is_named_on_the_step_screen_and_the_watch_goes_on(slipped,
                                                                            monkeypatch):
    """The bottom, back and left corner held to the camera: the screen says which corner it
    sees, by its faces' centres (with their directions or places where centres look alike),
    and which to show; the watch does not stop, says when corner A is back and confirms the
    step."""
    from sudoku_cube.assistant.services.watch import LOST_AFTER
    from sudoku_cube.models.cube.cube_rotations import rotated_face, rotation_transform
    from sudoku_cube.models.cube.face_words import centre_words, faces_words

    start, plan, _ = slipped
    rot = next(i for i in range(24) if tuple(rotated_face(i, f) for f in "DLB") == tuple("UFR"))
    corner_b = _seen(start.transformed(rotation_transform(rot)))
    _feed_frames(monkeypatch, [corner_b] * (LOST_AFTER + 2) + [_seen(start)] * 2
                 + [_seen(start.apply(plan[:1]))] * 2)
    screens = _screens(monkeypatch, 80)
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=0)
    events = guide_watch.watch_screen(Console(file=io.StringIO(), width=80, height=24),
                                      cursor, "video")
    assert [e.kind for e in events] == ["wrong corner", "right corner", "confirmed"], events
    said = (f"This is the corner of {faces_words(list('DLB'), start)}: show corner A, where "
            f"the top ({centre_words(start, 'U')}), front ({centre_words(start, 'F')}) and "
            f"right ({centre_words(start, 'R')}) faces meet")
    shown = [s for s in screens if said in s]
    assert shown and "pointing" in said, screens  # puzzle 4's centres repeat: told apart
    assert any("Corner A is in view again" in s for s in screens), screens
    assert said not in screens[-1] and cursor.position == 1


@pytest.mark.parametrize("width, keys", [
    (80, "→/n/space next · ←/b back · q stop watching · camera: "),
    (60, "→ next · ← back · q stop · camera: ")])
def test_the_camera_status_reaches_the_step_screen_from_the_frames(slipped, monkeypatch,
                                                                   width, keys):
    """The frames' faces found (on_frame) redraw the screen when the camera's status changes:
    starting, the cube seen, then out of view for 3 s; at 80 and 60 columns, with only the
    keys that work while watching."""
    from sudoku_cube.assistant.terminal.camera_status import SEEN, STARTING, UNSEEN

    start, plan, _ = slipped
    _feed_frames(monkeypatch, [_seen(start)] * 2 + [None] * 5)
    screens = _screens(monkeypatch, width)
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=0)
    guide_watch.watch_screen(Console(file=io.StringIO(), width=width, height=24), cursor,
                             "video")
    lines = [next((x for x in (STARTING, SEEN, UNSEEN) if keys + x[8:] in s), s)
             for s in screens]
    assert lines == [STARTING, SEEN, UNSEEN], screens
    assert all(" r " not in s.split("→")[-1] and "check" not in s.split("→")[-1]
               for s in screens), screens


def test_corner_a_held_turned_is_named_corner_a_with_the_face_on_top_by_its_centre(slipped):
    """Not "the right corner" (R is the right face): corner A, the face on top named as the
    guide names faces, its centre's direction given where another centre looks alike."""
    from sudoku_cube.assistant.services.watch import WatchEvent
    from sudoku_cube.assistant.services.watch_corner import OtherCorner
    from sudoku_cube.models.cube.face_words import face_words

    start, plan, _ = slipped
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=0)
    line = guide_watch.event_line(
        WatchEvent("wrong corner", 0, "", corner=OtherCorner(("F", "R", "U"), 8)), cursor)
    assert line.startswith(f"This is corner A turned: {face_words(start, 'F')} is on top; "
                           "show corner A, where the top"), line
    assert "pointing" in face_words(start, "F") and "right corner" not in line
    back = guide_watch.event_line(WatchEvent("right corner", 0, ""), cursor)
    assert back.startswith("Corner A is in view again. Step 1:"), back


def test_a_watch_whose_video_ends_says_so(slipped, monkeypatch, tmp_path):
    """The frames ran out (the video ended) before the plan was done: the watch says so and
    where it stopped, printed and on the guide's first screen, instead of stopping unexplained."""
    start, plan, _ = slipped
    video = tmp_path / "turns.avi"
    video.write_bytes(b"")  # a file: the source is a video, not a camera
    monkeypatch.setattr(guide_watch, "camera_frames", lambda text, camera=None: iter([0, 0]))
    monkeypatch.setattr(guide_watch, "corner_readings",
                        lambda frames, reader=None, on_frame=None: (None for _ in frames))
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False)
    out = io.StringIO()
    events = guide_watch.watch_plain(Console(file=out, width=200), cursor, str(video))
    assert [e.kind for e in events] == [guide_watch.ENDED]
    printed = " ".join(out.getvalue().split())
    assert f"The video ended. Stopped watching at step 1 of {len(plan)}." in printed, printed
    end = " ".join(guide_watch.watch_end(cursor, events).split())
    assert end.startswith(f"The video ended. Stopped watching at step 1 of {len(plan)}. The "
                          "camera no longer watches"), end
    camera = guide_watch.Frames("0")
    camera.ended = True
    assert camera.end(cursor).message == "The camera gave no more pictures."


def test_a_videos_frames_keep_the_videos_own_time(tmp_path):
    """A watch reads a video's frames slower than the video plays them, and the camera's
    status counted the seconds without a cube on the wall clock: "no cube in view for 3 s"
    came while a hand covered the cube for a quarter of a second. A video file's frames are
    timed by its frame rate; a camera's by the wall clock."""
    import cv2
    import numpy as np

    path = tmp_path / "clip.avi"
    out = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 5.0, (64, 48))
    for k in range(10):
        out.write(np.full((48, 64, 3), 20 * k, np.uint8))
    out.release()
    frames = guide_watch.Frames(str(path))
    seen = [frames.clock() for _ in frames]
    assert seen == pytest.approx([0.2 * k for k in range(1, 11)]) and frames.ended
    assert guide_watch.Frames("0").fps is None  # a camera: the wall clock


def test_a_person_going_on_with_the_plan_before_the_slip_is_told_so(slipped, monkeypatch):
    """After a slip the person, who missed its words, goes on with the moves they had: each
    such turn was told as one more slip on a plan that grew. It is still a slip of the new
    plan, but the words say it was the earlier plan's next step, and to follow the new one;
    a second such turn is told so too."""
    start, plan, real = slipped
    two = lambda state: [_seen(state)] * 2  # noqa: E731 - the same answer twice is acted on
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=0)
    after5 = real.apply([plan[4]])  # step 5 of the plan before the slip, made on the real cube
    after6 = after5.apply([plan[5]])
    readings = [r for k in range(1, 4) for r in two(start.apply(plan[:k]))] + two(real) + \
        two(after5) + two(after6)
    _feed(monkeypatch, readings)
    events = guide_watch.watch_plain(Console(file=io.StringIO(), width=80), cursor, "video")
    slips = [" ".join(e.message.split()) for e in events if e.kind == "slip"]
    assert len(slips) == 3, [e.kind for e in events]
    assert "plan before the slip" not in slips[0]
    assert f"That turn ({plan[4]}) was step 5 of the plan before the slip" in slips[1]
    assert f"That turn ({plan[5]}) was step 6 of the plan before the slip" in slips[2]
    assert "follow the new plan shown" in slips[2]


def test_a_watch_line_names_the_next_step_without_brackets_in_brackets(slipped):
    """A step's words end in the face's own name in brackets: the watch's lines once put them
    in brackets again ("U2 (turn the top layer a half turn (the up face))")."""
    from sudoku_cube.assistant.services.watch import WatchEvent

    start, plan, _ = slipped
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=1)
    line = guide_watch.event_line(WatchEvent("confirmed", 1, "Step 1 confirmed."), cursor)
    step = cursor.current
    assert line == f"Step 1 confirmed. Next: {step.move}, {step.description}.", line
    assert "))" not in line
