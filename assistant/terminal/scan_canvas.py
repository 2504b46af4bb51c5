"""The scan window's picture: what to show next in large words, the camera picture with the
located face and the digits read on it, the faces captured so far as a net beside it, and a
clear sign when a face is taken (as webcam colour scanners show the scanned faces).

:func:`scan_canvas` is a pure function of a :class:`ScanScene`, so that the window's content is
tested without a display; :func:`scan_scene` gathers the scene from the scanner.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

import numpy as np

from ...models.cube.stickers import Sticker
from ..services.face_poses import face_name, hold_words, show_title
from ..services.scanner import Observation, Scanner
from .live_canvas import (CYAN, GREEN, GREY, ORANGE, SIZE, WHITE, YELLOW, Box, Canvas, lattice, net,
                          sticker_centres)

WINDOW_KEYS = "space: capture now · z: retake the last face · q: stop"


@dataclass(frozen=True)
class ScanScene:
    """Everything the scan window shows at one moment."""

    frame: np.ndarray
    """The camera picture (BGR)."""
    captured: Mapping[str, tuple[Sticker, ...]] = field(default_factory=dict)
    """The faces captured so far, face letter -> nine stickers."""
    next_face: str | None = "U"
    """The face to show next (None: all six captured)."""
    title: str = ""
    """What to show next, in a few words ('the face on the right (R)')."""
    hold: str = ""
    """How to hold the cube for it."""
    quad: np.ndarray | None = None
    """The face located in this frame (4x2 points of the frame), if any."""
    read: tuple[Sticker, ...] = ()
    """The nine stickers read in this frame (empty when none)."""
    steady: int = 0
    needed: int = 3
    again: str | None = None
    """The captured face this frame shows again ('centre 7 (R)'), if any."""
    taken: str | None = None
    """The face just taken, as the person knows it ('centre 7 (R)'), while the sign shows."""
    taken_face: str | None = None
    size: tuple[int, int] = SIZE


def scan_scene(frame: np.ndarray, obs: Observation | None, scanner: Scanner,
               taken: tuple[str, str] | None = None, size: tuple[int, int] = SIZE) -> ScanScene:
    """The scene of ``frame`` read as ``obs`` while ``scanner`` runs; ``taken``: (face, its
    name) of a face just captured, while its sign should show."""
    nxt = scanner.next_face
    centres, settings = scanner.names, scanner.settings
    steady = min(scanner.steadiness, scanner.stable_frames)
    before = None if obs is None or nxt is None else scanner.seen_before(obs)
    return ScanScene(
        frame=frame, captured={f: c.stickers for f, c in scanner.session.faces.items()},
        next_face=nxt, title=show_title(nxt, centres, settings) if nxt else "",
        hold=hold_words(nxt, centres, settings) if nxt else "",
        quad=None if obs is None else obs.quad, read=() if obs is None else obs.stickers,
        steady=steady, needed=scanner.stable_frames,
        again=None if before is None else face_name(before, centres, settings),
        taken=taken[1] if taken else None, taken_face=taken[0] if taken else None, size=size)


def scan_canvas(scene: ScanScene) -> np.ndarray:
    """The window's picture for ``scene`` (BGR, ``scene.size``)."""
    w, h = scene.size
    c = Canvas(w, h)
    u = h / 720  # sizes are given for a 720-pixel-high window
    pad = int(20 * u)
    head = _header(c, scene, Box(pad, int(12 * u), w - 2 * pad, int(150 * u)), u)
    side = int(w * 0.36)
    video = Box(pad, head + pad, w - side - 3 * pad, h - head - 2 * pad - int(40 * u))
    _video(c, scene, video, u)
    _captured(c, scene, Box(w - side - pad, head + pad, side, video.h), u)
    c.text(pad, h - int(34 * u), WINDOW_KEYS, int(20 * u), GREY)
    return c.picture()


def _header(c: Canvas, scene: ScanScene, box: Box, u: float) -> int:
    """The instruction in large words and how to hold the cube; returns where it ends."""
    if scene.next_face is None:
        c.text(box.x, box.y, "All six faces captured", int(52 * u), GREEN)
        c.text(box.x, box.y + int(66 * u), "Close this window or wait: the reading is checked "
                                           "in the terminal.", int(24 * u), WHITE)
        return box.y + int(110 * u)
    c.line(box.x, box.y, f"Show {scene.title}", int(52 * u), box.w, YELLOW)
    used = c.paragraph(Box(box.x, box.y + int(68 * u), box.w, box.h - int(68 * u)), scene.hold,
                       int(24 * u), WHITE, int(16 * u))
    return box.y + int(68 * u) + used


def _video(c: Canvas, scene: ScanScene, box: Box, u: float) -> None:
    """The camera picture with the located face, its digits and the hold-still count."""
    bar = int(34 * u)
    scale, x0, y0 = c.paste(scene.frame, Box(box.x, box.y, box.w, box.h - bar))
    if scene.quad is not None:
        quad = np.asarray(scene.quad, np.float64).reshape(4, 2) * scale + (x0, y0)
        done = scene.steady >= scene.needed
        colour = ORANGE if scene.again else GREEN if done else CYAN
        lattice(c, quad, colour, max(3, int(5 * u)))
        size = int(max(14.0, min(60.0, 0.17 * float(np.ptp(quad[:, 0])))))
        for (x, y), s in zip(sticker_centres(quad), () if scene.taken else scene.read):
            c.text(int(x), int(y), s.token, size, WHITE, "mm")  # under the sign: nothing
    fh, fw = scene.frame.shape[:2]
    shown = Box(x0, y0, int(fw * scale), int(fh * scale))
    if scene.taken:
        c.rect(shown, GREEN, max(6, int(12 * u)))
        band = Box(shown.x, shown.y + shown.h // 2 - int(45 * u), shown.w, int(90 * u))
        c.rect(band, (30, 90, 20))
        c.line(band.x + band.w // 2, band.y + band.h // 2, f"✓ Taken: {scene.taken}",
               int(48 * u), band.w - 2 * int(12 * u), WHITE, "mm")
    y = box.y + box.h - bar + int(6 * u)
    if scene.again and not scene.taken:
        # what to show is said above in large words: this line says only what is wrong
        c.line(box.x, y, f"This is {scene.again} again (already captured)", int(22 * u),
               box.w, ORANGE)
    elif scene.next_face is not None and scene.read and not scene.taken:
        dots = "●" * scene.steady + "○" * (scene.needed - scene.steady)
        c.text(box.x, y, f"Hold still {dots}", int(24 * u), CYAN)
    elif scene.next_face is not None and not scene.taken:
        c.text(box.x, y, "No face found yet: fill a good part of the picture with it",
               int(22 * u), GREY)


def _captured(c: Canvas, scene: ScanScene, box: Box, u: float) -> None:
    """'Captured 2 of 6' and the net of the captured faces, the next one outlined."""
    c.text(box.x, box.y, f"Captured {len(scene.captured)} of 6", int(34 * u), WHITE)
    labels = {f: f for f in "URFDLB"}
    if scene.next_face is not None:
        labels[scene.next_face] = f"{scene.next_face}: next"
    area = Box(box.x, box.y + int(50 * u), box.w, box.h - int(50 * u))
    if scene.taken_face:
        net(c, area, scene.captured, scene.taken_face, labels, GREEN)
    else:
        net(c, area, scene.captured, scene.next_face, labels)
