"""The cube net as an SVG picture (for exported plans): each sticker a square with its digit
turned the way it points. Pure string building; no file access."""
from __future__ import annotations

from html import escape

from sudoku_cube.assistant.net import NET_LAYOUT
from sudoku_cube.models.geometry import FACES
from sudoku_cube.models.state import CubeState

CELL = 28   # px per sticker
GAP = 6     # px between faces


def net_svg(state: CubeState, highlight: frozenset[int] = frozenset(),
            doubtful: frozenset[int] = frozenset(), title: str | None = None) -> str:
    """An ``<svg>`` element of the net; ``highlight`` stickers are filled yellow (they move),
    ``doubtful`` ones orange. 6 and 9 are underlined as on a real cube."""
    n = state.n
    face_px = n * CELL + GAP
    width, height = 4 * face_px + GAP, 3 * face_px + GAP
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, sans-serif">']
    if title:
        parts.append(f"<title>{escape(title)}</title>")
    for face, (row, col) in NET_LAYOUT.items():
        x0, y0 = GAP + col * face_px, GAP + row * face_px
        parts.append(f'<text x="{x0 - 4}" y="{y0 + 10}" font-size="9" fill="#557" '
                     f'text-anchor="end">{face}</text>')
        base = FACES.index(face) * n * n
        for k in range(n * n):
            idx = base + k
            x, y = x0 + (k % n) * CELL, y0 + (k // n) * CELL
            fill = "#ffe066" if idx in highlight else "#ffb380" if idx in doubtful else "#ffffff"
            parts.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" '
                         f'stroke="#333" stroke-width="1"/>')
            s = state.stickers[idx]
            cx, cy = x + CELL / 2, y + CELL / 2
            deco = ' text-decoration="underline"' if s.digit in (6, 9) else ""
            parts.append(f'<text x="{cx}" y="{cy + 6}" font-size="17" text-anchor="middle"'
                         f'{deco} transform="rotate({90 * s.rot} {cx} {cy})">{s.digit}</text>')
    parts.append("</svg>")
    return "".join(parts)
