"""What the scanner shows: a rich panel (which face next, how to hold the cube, progress) and
the camera picture with the face outlined and the digits read drawn on it."""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from sudoku_cube.assistant.face_poses import SCAN_ORDER, hold_words, show_title
from sudoku_cube.assistant.scan_protocol import hold_picture
from sudoku_cube.assistant.scanner import Observation, Scanner

SCAN_KEYS = "space: capture now · z: retake the last face · q: stop (faces so far are saved)"


@dataclass
class ScanPanel:
    """The terminal panel of the scanner."""

    scanner: Scanner
    status: str = ""
    show_keys: bool = True

    def progress(self) -> Text:
        """'U=4 ✓  R=7 ✓  F ·  ...' (each captured face with its centre digit) with the next
        face marked."""
        t = Text()
        nxt = self.scanner.next_face
        centres = self.scanner.centres
        for f in SCAN_ORDER:
            if f in centres:
                t.append(f"{f}={centres[f].digit} ✓  ", style="green")
            elif f == nxt:
                t.append(f"{f} ▶  ", style="bold yellow")
            else:
                t.append(f"{f} ·  ", style="dim")
        return t

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        nxt = self.scanner.next_face
        done = len(self.scanner.session.faces)
        body: list = [self.progress()]
        if nxt is None:
            body.append(Text("All six faces captured.", style="bold green"))
        else:
            grid = Table.grid(padding=(0, 2))
            grid.add_column(no_wrap=True)
            grid.add_column(ratio=1)
            centres = self.scanner.centres
            grid.add_row(hold_picture(nxt), Text(hold_words(nxt, centres)))
            body.append(Text(f"Show {show_title(nxt, centres)}", style="bold"))
            body.append(grid)
            steady = self.scanner.steadiness
            if 0 < steady < self.scanner.stable_frames:  # more: a captured face held again
                body.append(Text(f"Hold still... {steady}/{self.scanner.stable_frames}",
                                 style="cyan"))
        if self.status:
            body.append(Text(self.status))
        if self.show_keys:
            body.append(Text(SCAN_KEYS, style="dim"))
        yield Panel(Group(*body), title=f"Scan: {done} of 6 faces",
                    width=min(options.max_width, 80))


def sticker_centres(quad: np.ndarray, n: int = 3) -> list[tuple[float, float]]:
    """Image points of the n*n sticker centres of a face whose corners are ``quad``
    (top-left, top-right, bottom-right, bottom-left), by bilinear interpolation."""
    q = np.asarray(quad, dtype=float).reshape(4, 2)
    out = []
    for r in range(n):
        v = (r + 0.5) / n
        for c in range(n):
            u = (c + 0.5) / n
            top = q[0] * (1 - u) + q[1] * u
            bottom = q[3] * (1 - u) + q[2] * u
            p = top * (1 - v) + bottom * v
            out.append((float(p[0]), float(p[1])))
    return out


def draw_overlay(frame: np.ndarray, obs: Observation | None, next_face: str | None,
                 steady: int, needed: int) -> np.ndarray:
    """A copy of the frame with the face outlined, the tokens read, and the next face named."""
    img = frame.copy()
    h = img.shape[0]
    scale = max(h / 720.0, 0.4)
    if obs is not None and obs.quad is not None:
        q = np.asarray(obs.quad, dtype=np.int32).reshape(4, 2)
        colour = (0, 200, 0) if steady >= needed else (0, 200, 255)
        cv2.polylines(img, [q], True, colour, max(2, int(3 * scale)))
        for (x, y), s in zip(sticker_centres(obs.quad), obs.stickers):
            cv2.putText(img, s.token, (int(x - 18 * scale),
                        int(y + 10 * scale)), cv2.FONT_HERSHEY_SIMPLEX, 0.9 * scale,
                        (255, 0, 255), max(1, int(2 * scale)), cv2.LINE_AA)
    label = f"show face {next_face}" if next_face else "all faces captured"
    cv2.putText(img, label, (int(12 * scale), int(40 * scale)), cv2.FONT_HERSHEY_SIMPLEX,
                1.1 * scale, (40, 40, 255), max(1, int(2 * scale)), cv2.LINE_AA)
    return img
