"""``guide --camera [N|VIDEO]``: the guide in watch mode, on a terminal or as plain lines.

Frames come from a camera or a video file (``vision.photo.camera``), each read as corner view A; the
:mod:`assistant.services.watch` loop confirms moves and, after a slip, goes on with the new plan.
On a terminal the step screen is redrawn after every event and the keys n, b and q (stop
watching) still work while the camera watches; when the watch stops, :func:`watch_end` is what
the key-driven guide's first screen says.
"""
from __future__ import annotations

import os
import select
import sys
import time
from contextlib import contextmanager
from typing import Callable, Iterator, Sequence

import numpy as np
from rich.console import Console

from ...models.cube.face_words import centre_words, face_words, faces_words, hold_phrase
from ...models.cube.moves import format_moves
from ...models.cube.state import CubeState
from ...models.errors import SudokuCubeError
from ...models.plan.planner import Step
from ...models.profile import CubeSettings
from ...vision.photo.camera import parse_source, video_fps
from ...vision.photo.camera_settings import CameraSettings
from ...vision.photo.camera_setup import profile_frames
from ...vision.reading.reader import Reader
from ..services.guide import GuideCursor
from ..services.slip_check import Cells
from ..services.watch import SEEN_ONLY, WatchEvent, corner_readings, watch
from ..services.watch_corner import OtherCorner
from .guide_check import Capture
from .guide_ui import screen_of
from .camera_status import STARTING as STARTING_LINE
from .camera_status import CameraStatus
from .guide_view import watch_keys
from .interrupt import resume_command
from .keys import split_keys
from .scan_window import LiveWindow
from .watch_canvas import watch_canvas, watch_scene

def hold_hint(state: CubeState, settings: CubeSettings = CubeSettings()) -> str:
    """How to hold the cube for the watch: held as for the solve, told as
    :func:`models.cube.face_words.hold_words` tells it (one hold fits on ``settings``' cube),
    then the corner where the top, front and right faces meet towards the camera."""
    return (f"Watching: hold the cube with {hold_phrase(state, settings=settings)}, then turn "
            "it so that the corner where the top (U), front (F) and right (R) faces meet points "
            "at the camera, U still on top, as in corner photo A; turn each layer and hold still "
            "a moment.")


def camera_frames(text: str, camera: CameraSettings | None = None) -> Iterator[np.ndarray]:
    """Frames of ``--camera`` (an index or a video file) until the video ends; the profile's
    ``camera`` opens with its saved settings and its frames are lens-corrected."""
    with profile_frames(parse_source(text), camera, end_at_video_end=True) as frames:
        yield from frames


class Frames:
    """The frames of ``--camera`` (:func:`camera_frames`), noting whether they ran out (a
    video's end, a camera that stopped giving pictures) rather than the watch stopping them:
    a watch that ends so ends without an event of its own, and the person is told why."""

    def __init__(self, source: str, camera: CameraSettings | None = None) -> None:
        self.source, self.camera, self.ended = source, camera, False
        self.read = 0
        """Frames given so far."""
        try:
            self.fps = video_fps(parse_source(source))
        except SudokuCubeError:  # the default camera (""), or one that does not open yet
            self.fps = None

    def __iter__(self) -> Iterator[np.ndarray]:
        for frame in camera_frames(self.source, self.camera):
            self.read += 1
            yield frame
        self.ended = True

    def clock(self) -> float:
        """Seconds by the frames' own time: a video file's (frames given over its frame
        rate), so that a video read slower than it plays shows the cube out of view no longer
        than the video does; the wall clock's for a camera."""
        return self.read / self.fps if self.fps else time.monotonic()

    def end(self, cursor: GuideCursor) -> WatchEvent | None:
        """The event that says the frames ran out before the plan was done, or None."""
        if not self.ended or cursor.done:
            return None
        try:
            video = not isinstance(parse_source(self.source), int)
        except SudokuCubeError:  # the default camera ("")
            video = False
        return WatchEvent(ENDED, cursor.position, "The video ended." if video else
                          "The camera gave no more pictures.")


ENDED = "ended"
"""The kind of the event :meth:`Frames.end` makes: the frames ran out (not one the watch
itself reports)."""


def camera_capture(text: str, reader: Reader = Reader(),
                   camera: CameraSettings | None = None) -> Capture:
    """For the guide's ``c`` key in watch mode: take a frame from the camera and read the face
    asked for as a single-face photo (or corner view A when ``"A"`` is asked), with ``reader``
    and no OCR. The guide's prompt has named the face already: ``cube`` and ``maybe`` are not
    needed here."""
    live = reader.with_ocr("never")

    def capture(face: str, cube: CubeState | None = None,
                maybe: Sequence[CubeState] | None = None) -> dict[str, Cells]:
        frame = None
        for i, f in enumerate(camera_frames(text, camera)):
            frame = f
            if i >= 5:  # a few frames in, exposure has settled
                break
        if frame is None:
            raise SudokuCubeError(f"--camera {text}: gave no picture; type the tokens instead")
        if face == "A":
            faces = live.read_corner_photo(frame, "A")
            return {f: tuple(r.candidates) for f, r in faces.items()}
        r = live.read_face(frame, face=face, source=f"camera {text}")
        return {face: tuple(r.candidates)}
    return capture


@contextmanager
def key_poller() -> Iterator[Callable[[], str | None]]:
    """A function that returns a key pressed since the last call, or None (terminal only)."""
    import termios  # POSIX only, like assistant.terminal.keys
    import tty

    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    pending: list[str] = []

    def poll() -> str | None:
        if not pending and select.select([fd], [], [], 0)[0]:
            pending.extend(split_keys(os.read(fd, 64).decode("utf-8", "replace")))
        return pending.pop(0) if pending else None

    try:
        tty.setcbreak(fd, termios.TCSANOW)
        yield poll
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)


SIGN_S = 1.5
"""Seconds the window shows the sign of a confirmed step."""
STOP_SHOW_MS = 3000
"""Milliseconds the window shows its last picture when the watch stops (q, the video's end, a
stop that needs the person)."""
SIGN_WORDS = {"slip": "A slip: a new plan", "ambiguous": "Which slip? Show a face",
              "lost": "Not the cube of the plan", "wrong corner": "Another corner"}
"""The sign's words for a slip and the events that stop the watch (the terminal says the
rest)."""


class WatchWindow:
    """The window side of watch mode: draws every frame read (:func:`watch_canvas`) with the
    latest notice and a sign after each event, and keeps the keys pressed in it for the watch
    loop (:meth:`poll`)."""

    def __init__(self, window: LiveWindow, cursor: GuideCursor,
                 clock: Callable[[], float] = time.monotonic,
                 status: CameraStatus | None = None) -> None:
        self.window, self.cursor, self.clock = window, cursor, clock
        self.status = status
        """The camera's status line, shown in the window's footer (None: none)."""
        self.corner: tuple[str, str, str] | None = None
        """The faces in view where U, F and R should be, while another corner is shown."""
        self.notice = hold_hint(cursor.state(), cursor.settings)
        self.sign: tuple[str, str, float] | None = None
        self.keys: list[str] = []
        self.last: tuple[np.ndarray, dict[str, np.ndarray]] | None = None

    def picture(self, frame: np.ndarray, faces: dict[str, np.ndarray],
                sign_for: float = SIGN_S) -> np.ndarray:
        """The window's picture of ``frame`` now."""
        sign = self.sign[:2] if self.sign and self.clock() - self.sign[2] < sign_for else None
        status = (self.status.line, self.status.seen) if self.status is not None else None
        return watch_canvas(watch_scene(frame, faces, self.cursor, self.notice, sign,
                                        status=status, corner=self.corner))

    def frame(self, frame: np.ndarray, faces: dict[str, np.ndarray]) -> None:
        """Show one frame read (``faces``: the outlines found in it)."""
        self.last = (frame, faces)
        key = self.window.show(self.picture(frame, faces))
        if key:
            self.keys.append(key)

    def event(self, event: WatchEvent) -> None:
        """Remember a watch event for the pictures that follow."""
        self.notice = event_line(event, self.cursor)
        self.corner = event.corner.faces if event.corner is not None else None
        if event.kind == "right corner":  # nothing to sign: the notice says it
            self.sign = None
            return
        text = (f"Step {event.step} done" if event.kind == "confirmed" else
                SIGN_WORDS.get(event.kind, event.kind))
        self.sign = (event.kind, text, self.clock())

    def poll(self) -> str | None:
        """A key pressed in the window since the last call, or None."""
        return self.keys.pop(0) if self.keys else None

    def close(self) -> None:
        """Show the last picture a moment when the watch stopped at an event, then close."""
        if self.last is not None and self.sign is not None:
            self.window.hold(self.picture(*self.last, sign_for=float("inf")), STOP_SHOW_MS)
        self.window.close()


def corner_words(corner: OtherCorner, state: CubeState,
                 settings: CubeSettings = CubeSettings()) -> str:
    """What to tell a person who shows the camera another corner than corner A: the faces
    in view named by their centres on ``state`` (the cube as the plan has it), with a
    centre's direction, or the face's place, where centres look alike
    (:func:`models.cube.face_words.faces_words`), and the corner to show."""
    def named(face: str) -> str:
        return centre_words(state, face, settings)

    want = (f"show corner A, where the top ({named('U')}), front ({named('F')}) and right "
            f"({named('R')}) faces meet, the top on top.")
    if corner.turned:
        top = corner.faces[0]
        return f"This is corner A turned: {face_words(state, top, settings=settings)} is on " \
               f"top; {want}"
    return f"This is the corner of {faces_words(list(corner.faces), state, settings)}: {want}"


def event_line(event: WatchEvent, cursor: GuideCursor) -> str:
    """What a watch event says, in one or two lines; after a slip, that the camera watches
    the new plan; another corner shown, which one and which to show."""
    if event.kind == "wrong corner" and event.corner is not None:
        return corner_words(event.corner, cursor.state(), cursor.settings)
    if event.kind == "right corner":
        nxt = cursor.current
        return "Corner A is in view again." + (
            f" Step {cursor.position + 1}: {_step_words(nxt)}." if nxt else "")
    if event.kind == "confirmed":
        nxt = cursor.current
        return event.message + (f" Next: {_step_words(nxt)}." if nxt else
                                " The cube is solved.")
    if event.kind == "slip" and not cursor.done:
        return f"{event.message} {WATCHING_ON}"
    return event.message


def _step_words(step: Step) -> str:
    """A step's move and its words, which end in the face's own name in brackets:
    "U2, turn the top layer a half turn (the up face)" (not brackets inside brackets)."""
    return f"{step.move}, {step.description}"


WATCHING_ON = "The camera goes on watching: make the new plan's step 1."
"""Said after a slip's words: the watch follows the new plan."""


def watch_end(cursor: GuideCursor, events: Sequence[WatchEvent]) -> str:
    """What the key-driven guide's first screen says when the watch has stopped before the
    end: why (the words of the event that stopped it, or of a slip not followed by a confirmed
    step, since they name the new plan) and where, then what to do now that no camera
    watches."""
    events = [e for e in events if e.kind not in SEEN_ONLY]
    last = events[-1] if events and events[-1].kind != "confirmed" else None
    why = last.message if last is not None else ""
    if last is None or last.kind in ("slip", ENDED):
        why = f"{why} Stopped watching at step {cursor.position + 1} of {cursor.total}.".strip()
    again = resume_command("")
    how = f"run `{again}`" if again else "run the same command again"
    return (f"{why} The camera no longer watches: press n after each turn (c checks the cube); "
            f"to watch again, quit with q and {how}.")


def watch_plain(console: Console, cursor: GuideCursor, source: str,
                settings: CubeSettings = CubeSettings(),
                camera: CameraSettings | None = None,
                reader: Reader = Reader(), window: LiveWindow | None = None) -> list[WatchEvent]:
    """Watch without a terminal UI: one printed line per event; frames read with ``reader``;
    ``window`` (if any) shows each frame and takes keys."""
    console.print(hold_hint(cursor.state(), settings), highlight=False)
    if cursor.current is not None:
        console.print(f"Step {cursor.position + 1}: {_step_words(cursor.current)}.")
    frames = Frames(source, camera)
    status = CameraStatus(frames.clock)
    live = WatchWindow(window, cursor, status=status) if window is not None else None

    def on_event(e: WatchEvent) -> None:
        console.print(event_line(e, cursor))
        if live is not None:
            live.event(e)

    def on_frame(frame: np.ndarray, faces: dict[str, np.ndarray]) -> None:
        if status.frame(faces) and status.line != STARTING_LINE:
            console.print(status.line, style="dim", highlight=False)
        if live is not None:
            live.frame(frame, faces)

    try:
        events = watch(cursor, corner_readings(frames, reader, on_frame), settings,
                       on_event=on_event, poll_key=live.poll if live else lambda: None)
    finally:
        if live is not None:
            live.close()
    ended = frames.end(cursor)
    if ended is not None:
        events.append(ended)
        console.print(ended.message)
    _summary(console, cursor, events, repeat=False)
    return events


def watch_screen(console: Console, cursor: GuideCursor, source: str,
                 settings: CubeSettings = CubeSettings(),
                 camera: CameraSettings | None = None,
                 speak: Callable[[GuideCursor], None] | None = None,
                 reader: Reader = Reader(), window: LiveWindow | None = None,
                 note: str = "") -> list[WatchEvent]:
    """Watch with the guide's step screen, redrawn after each event; keys n/b/q work (in the
    terminal and in ``window``, which shows each frame); ``speak`` says each new step as it is
    shown (a hands-free solve); frames read with ``reader``; ``note`` (where the plan was
    exported) is said on the first screen, before the hold."""
    notice = " ".join(x for x in (note, hold_hint(cursor.state(), settings)) if x)
    spoken: tuple[str, int] | None = None  # (plan, position) last said aloud
    frames = Frames(source, camera)
    status = CameraStatus(frames.clock)
    live = WatchWindow(window, cursor, status=status) if window is not None else None

    def draw(e: WatchEvent | None = None) -> None:
        nonlocal notice, spoken
        if e is not None:
            notice = event_line(e, cursor)
            if live is not None:
                live.event(e)
        console.clear()
        console.print(screen_of(cursor, notice, console.height, keys=watch_keys(status.line),
                                short_keys=watch_keys(status.line, short=True)), crop=False)
        if speak is not None and spoken != (cursor.key, cursor.position):
            spoken = (cursor.key, cursor.position)  # a new plan's step 1 after a slip at step 1
            speak(cursor)

    def on_frame(frame: np.ndarray, faces: dict[str, np.ndarray]) -> None:
        if status.frame(faces):  # the cube came into view or left it: the footer says so
            draw()
        if live is not None:
            live.frame(frame, faces)

    try:
        with console.screen(), key_poller() as poll:
            draw()
            keys = (lambda: poll() or live.poll()) if live is not None else poll
            events = watch(cursor, corner_readings(frames, reader, on_frame), settings,
                           on_event=draw, poll_key=keys)
    finally:
        if live is not None:
            live.close()
    ended = frames.end(cursor)
    if ended is not None:
        events.append(ended)
    _summary(console, cursor, events)
    return events


def _summary(console: Console, cursor: GuideCursor, events: list[WatchEvent],
             repeat: bool = True) -> None:
    """What the person keeps after the watch (printed below the event lines, or after leaving
    the step screen with ``repeat``, which says each slip and the stop again): where it
    stopped and, after a slip, the moves left of the new plan."""
    events = [e for e in events if e.kind not in SEEN_ONLY]
    if repeat:
        for e in events:
            if e.kind != "confirmed":
                console.print(e.message)
    if cursor.done:
        console.print("All steps confirmed: the cube is solved.")
        return
    stop = events[-1] if events and events[-1].kind != "confirmed" else None
    if stop is None or stop.kind in ("slip", ENDED):
        console.print(f"Stopped watching at step {cursor.position + 1} of {cursor.total}.")
    if any(e.kind == "slip" for e in events):
        console.print("Follow the new plan from here: "
                      f"{format_moves(s.move for s in cursor.steps[cursor.position:])}")
