"""The watch-mode window's picture (``guide --camera``): the move to make in large letters and
words, the cube as the person holds it with the turning layer and its arrow, the camera picture
with the three faces it sees outlined and named by their centre digits, and a clear sign when
a step is confirmed or a slip found.

:func:`watch_canvas` is a pure function of a :class:`WatchScene`, so that the window's content
is tested without a display; :func:`watch_scene` gathers the scene from the guide's cursor.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

import cv2
import numpy as np

from ...models.cube.face_words import centre
from ...models.cube.moves import Move
from ...models.cube.state import CubeState
from ..services.guide import GuideCursor
from ..services.watch_corner import CORNER_A
from .held_picture import held_raster
from .live_canvas import (BACKGROUND, CYAN, GREEN, GREY, ORANGE, RED, SIZE, WHITE, Box, Canvas,
                          lattice)

WATCH_WINDOW_KEYS = "n / space: next · b: back · q: stop watching"

SIGN_COLOURS = {"confirmed": (30, 90, 20), "slip": (30, 30, 150), "ambiguous": (20, 90, 160),
                "lost": (30, 30, 150), "wrong corner": (20, 90, 160)}
"""The sign's band colour for each kind of watch event (green: confirmed; red, orange: stop;
orange too for another corner shown, which stops nothing)."""
BORDER_COLOURS = {"confirmed": GREEN, "wrong corner": ORANGE}
"""The picture's border under a sign: red (an error: a slip, a stop) unless named here."""


@dataclass(frozen=True)
class WatchScene:
    """Everything the watch window shows at one moment."""

    frame: np.ndarray
    """The camera picture (BGR)."""
    state: CubeState
    """The cube before the step to make (as the person holds it)."""
    move: Move | None
    """The step's move (None: the plan is done)."""
    step: int = 1
    total: int = 1
    words: str = ""
    """The move in words ('turn the right side away from you ...')."""
    faces: Mapping[str, np.ndarray] = field(default_factory=dict)
    """The faces located in this frame: face letter -> 4x2 outline in the frame."""
    notice: str = ""
    """The latest word from the watch (how to hold the cube, a step confirmed, a slip)."""
    sign: tuple[str, str] | None = None
    """(event kind, text) of the sign to show now ('confirmed', 'Step 3 done'), if any."""
    size: tuple[int, int] = SIZE
    status: tuple[str, bool] | None = None
    """The camera's status line and whether it sees the cube (None: none to show)."""
    corner: tuple[str, str, str] | None = None
    """While another corner is shown: the faces of the cube in view where U, F and R should
    be (the faces seen are named by them)."""


def watch_scene(frame: np.ndarray, faces: Mapping[str, np.ndarray], cursor: GuideCursor,
                notice: str = "", sign: tuple[str, str] | None = None,
                size: tuple[int, int] = SIZE,
                status: tuple[str, bool] | None = None,
                corner: tuple[str, str, str] | None = None) -> WatchScene:
    """The scene of ``frame`` (faces located at ``faces``) at the cursor's step; ``status``
    the camera's status line and whether it sees the cube; ``corner`` the faces in view
    where U, F and R should be, while another corner is shown."""
    step = cursor.current
    return WatchScene(frame=frame, state=cursor.state(),
                      move=step.move if step is not None else None,
                      step=cursor.position + 1, total=cursor.total,
                      words=(step.description or step.move.describe()) if step else "",
                      faces=dict(faces), notice=notice, sign=sign, size=size, status=status,
                      corner=corner)


def shown_move(move: Move) -> str:
    """The move as the window prints it: the prime as a prime (R′), not an apostrophe."""
    return str(move).replace("'", "′")


def watch_canvas(scene: WatchScene) -> np.ndarray:
    """The window's picture for ``scene`` (BGR, ``scene.size``)."""
    w, h = scene.size
    c = Canvas(w, h)
    u = h / 720  # sizes are given for a 720-pixel-high window
    pad = int(20 * u)
    top = _header(c, scene, Box(pad, int(10 * u), w - 2 * pad, int(150 * u)), u)
    side = int(min(w * 0.34, h - top - 2 * pad - 90 * u))
    held = side >= 160  # the held cube only where it is large enough to read
    body = Box(pad, top + pad, w - 2 * pad - ((side + pad) if held else 0),
               h - top - 2 * pad - int(90 * u))
    _video(c, scene, body, u)
    if held and scene.move is not None:
        _held(c, scene, Box(w - pad - side, top + pad, side, side), u)
    if scene.notice:
        c.paragraph(Box(pad, h - int(84 * u), w - 2 * pad, int(52 * u)), scene.notice,
                    int(22 * u), WHITE, int(14 * u))
    c.text(pad, h - int(30 * u), WATCH_WINDOW_KEYS, int(18 * u), GREY)
    if scene.status is not None:  # the camera's status, at the right of the key line
        line, seen = scene.status
        c.text(w - pad, h - int(30 * u), line, int(18 * u), GREEN if seen else ORANGE, "ra")
    return c.picture()


def _header(c: Canvas, scene: WatchScene, box: Box, u: float) -> int:
    """The step, the move in large letters and its words; returns where it ends."""
    if scene.move is None:
        c.text(box.x, box.y, "The cube is solved", int(64 * u), GREEN)
        return box.y + int(90 * u)
    c.text(box.x, box.y, f"Step {scene.step} of {scene.total}", int(26 * u), GREY)
    big = int(100 * u)
    move = shown_move(scene.move)
    c.text(box.x, box.y + int(34 * u), move, big, GREEN)
    left = box.x + max(int(170 * u), int(0.75 * big * len(move))) + int(20 * u)
    words = scene.words[0].upper() + scene.words[1:] if scene.words else ""
    c.paragraph(Box(left, box.y + int(44 * u), box.x + box.w - left, int(100 * u)), words,
                int(34 * u), WHITE, int(18 * u))
    return box.y + int(150 * u)


def _video(c: Canvas, scene: WatchScene, box: Box, u: float) -> None:
    """The camera picture with the faces seen outlined and named; the sign over it."""
    scale, x0, y0 = c.paste(scene.frame, box)
    for face, quad in scene.faces.items():
        q = np.asarray(quad, np.float64).reshape(4, 2) * scale + (x0, y0)
        lattice(c, q, CYAN, max(2, int(4 * u)))
        if scene.sign is None:  # each face named on its centre sticker by the digit there
            mid = q.mean(axis=0)
            real = scene.corner[CORNER_A.index(face)] \
                if scene.corner is not None and face in CORNER_A else face
            c.text(int(mid[0]), int(mid[1]), f"{centre(scene.state, real).digit} ({real})",
                   int(26 * u), WHITE if real == face else ORANGE, "mm")
    fh, fw = scene.frame.shape[:2]
    shown = Box(x0, y0, int(fw * scale), int(fh * scale))
    if scene.sign is not None:
        kind, text = scene.sign
        colour = SIGN_COLOURS.get(kind, (30, 30, 150))
        c.rect(shown, BORDER_COLOURS.get(kind, RED), max(6, int(12 * u)))
        band = Box(shown.x, shown.y + shown.h // 2 - int(45 * u), shown.w, int(90 * u))
        c.rect(band, colour)
        mark = "✓ " if kind == "confirmed" else ""
        c.text(band.x + band.w // 2, band.y + band.h // 2, mark + text, int(44 * u), WHITE, "mm")
    elif not scene.faces and scene.move is not None:
        c.text(shown.x + shown.w // 2, shown.y + shown.h - int(30 * u),
               "Show the corner where the top, front and right faces meet", int(22 * u), GREY,
               "mm")


def _held(c: Canvas, scene: WatchScene, box: Box, u: float) -> None:
    """The cube as the person holds it, the layer to turn marked and its arrow."""
    assert scene.move is not None
    c.text(box.x + box.w // 2, box.y, "as you hold it", int(20 * u), GREY, "ma")
    caption = int(30 * u)
    box = Box(box.x + caption // 2, box.y + caption, box.w - caption, box.h - caption)
    rgb, alpha = held_raster(scene.state, scene.move, box.w)
    bgr = cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR).astype(np.float64)
    a = alpha[..., None]
    region = c.image[box.y:box.y + box.h, box.x:box.x + box.w].astype(np.float64)
    mixed = bgr * a + np.array(BACKGROUND, np.float64) * (1 - a)
    c.image[box.y:box.y + box.h, box.x:box.x + box.w] = np.where(a > 0.02, mixed, region)
