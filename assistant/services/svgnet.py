"""The cube net as an SVG picture (for exported plans): each sticker a square with its digit
turned the way it points, each face's letter above it. Pure string building; no file access."""
from __future__ import annotations

from html import escape

from ...models.cube.geometry import FACES, NET_LAYOUT
from ...models.cube.state import CubeState

CELL = 28   # px per sticker
GAP = 22    # px between faces: room for the face letter above each face
LABEL = 18  # px, the face letters (readable when the net is printed small)


def net_size(n: int = 3) -> tuple[int, int]:
    """Width and height of :func:`net_svg`'s own coordinates (its viewBox)."""
    face_px = n * CELL + GAP
    return 4 * face_px + GAP, 3 * face_px + GAP


def net_svg(state: CubeState, highlight: frozenset[int] = frozenset(),
            doubtful: frozenset[int] = frozenset(), title: str | None = None,
            box: tuple[float, float, float, float] | None = None) -> str:
    """An ``<svg>`` element of the net; ``highlight`` stickers are filled yellow (they move),
    ``doubtful`` ones orange. 6 and 9 are underlined as on a real cube.

    ``box`` (x, y, width, height) places the net inside a larger SVG, scaled to fit.
    """
    n = state.n
    face_px = n * CELL + GAP
    width, height = net_size(n)
    if box is None:
        place = f'xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
    else:
        x, y, w, h = box
        place = f'x="{x}" y="{y}" width="{w}" height="{h}"'
    parts = [f'<svg {place} viewBox="0 0 {width} {height}" class="net" '
             'font-family="DejaVu Sans, sans-serif">']
    if title:
        parts.append(f"<title>{escape(title)}</title>")
    for face, (row, col) in NET_LAYOUT.items():
        x0, y0 = GAP + col * face_px, GAP + row * face_px
        parts.append(f'<text x="{x0 + 1}" y="{y0 - 5}" font-size="{LABEL}" font-weight="bold" '
                     f'fill="#335">{face}</text>')
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
