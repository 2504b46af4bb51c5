"""A small 3D drawing (SVG) of the cube as the person holds it -- F towards them, U on top --
with the layer to turn marked and a curved arrow for the direction of the turn.

A net is hard to map onto the cube in the hand; this picture is not. It is vector drawing
(polygons and text through the same pinhole :class:`render.camera.Camera` as the photos), so
it costs a few milliseconds and prints sharply. World axes as in ``models.cube.geometry``: x
towards R, y towards U, z towards F; the cube spans -n..n (doubled coordinates).
"""
from __future__ import annotations

import math
from html import escape

import numpy as np

from ...models.cube.geometry import FACES, NORMAL, VIEW_UP, facelets, view_right
from ...models.cube.moves import Move
from ...models.cube.state import CubeState
from ...render.camera import Camera, focal_for_fov

SIZE = 200
"""Width and height of the drawing's coordinate system (px before any scaling)."""
EYE = (9.0, 9.0, 16.0)
"""Where the person's eye is: in front (F), a little above (U) and to the right (R)."""
MARK = "#ffd43b"
"""Fill of the stickers that turn."""
ARROW = "#d9480f"
"""Colour of the turn arrow."""
INSET = 0.86
"""Sticker size as a share of its place (the black body shows between stickers)."""


def held_camera(size: int = SIZE) -> Camera:
    """The camera of the person holding the cube (F towards them, U on top)."""
    return Camera.look_at(EYE, (0.0, -0.4, 0.0), (0.0, 1.0, 0.0),
                          focal_for_fov(size, 34.0), size, size)


def _pts(uv: np.ndarray) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in uv)


def _visible_faces(camera: Camera, n: int) -> list[str]:
    return [f for f in FACES if camera.sees(np.array(NORMAL[f]) * n, NORMAL[f])]


def turning(face: str, n: int = 3) -> frozenset[int]:
    """Sticker places in the outer layer of ``face`` (the ones a turn of it moves)."""
    axis = np.array(NORMAL[face])
    return frozenset(f.index for f in facelets(n)
                     if float(np.dot(np.array(f.pos) - np.array(f.normal), axis)) >= n - 1)


def arc_points(face: str, turns: int, n: int = 3, camera: Camera | None = None,
               steps: int = 24) -> np.ndarray:
    """3D points of the curved arrow around the layer of ``face``, in the direction it turns.

    The arc runs round the layer just outside the cube, on the side towards the eye; it goes
    clockwise as seen looking at the face from outside for ``turns`` 1 (and 2), anticlockwise
    for 3. Clockwise seen from outside is a negative rotation about the outward normal.
    """
    camera = camera or held_camera()
    axis = np.array(NORMAL[face], np.float64)
    centre = axis * (n - 1)
    u = np.array(VIEW_UP[face], np.float64)
    v = np.cross(axis, u)  # u, v, axis right-handed: growing angle = positive rotation
    eye = np.asarray(EYE) - centre
    theta0 = math.atan2(float(eye @ v), float(eye @ u))
    if abs(float(eye @ u)) + abs(float(eye @ v)) < 1e-9:
        theta0 = 0.0
    half = math.radians(95 if turns % 4 == 2 else 65)
    sweep = -1.0 if turns % 4 in (1, 2) else 1.0  # clockwise: the angle falls
    radius = n * 1.55
    thetas = theta0 - sweep * half + sweep * 2 * half * np.linspace(0, 1, steps)
    return np.array([centre + radius * (math.cos(t) * u + math.sin(t) * v) for t in thetas])


def _arrow(camera: Camera, face: str, turns: int, n: int) -> list[str]:
    """SVG of the arc and its arrowhead (two heads' worth of words for a half turn)."""
    uv, _ = camera.project(arc_points(face, turns, n, camera))
    tip, before = uv[-1], uv[-3]
    d = tip - before
    d = d / (np.linalg.norm(d) or 1.0)
    side = np.array([-d[1], d[0]])
    head = np.array([tip + d * 4, tip - d * 9 + side * 6, tip - d * 9 - side * 6])
    parts = [f'<polyline points="{_pts(uv[:-1])}" fill="none" stroke="{ARROW}" '
             'stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>',
             f'<polygon points="{_pts(head)}" fill="{ARROW}"/>']
    if turns % 4 == 2:  # a half turn: said in the free top-left corner
        parts.append(f'<text x="6" y="22" font-size="18" font-weight="bold" fill="{ARROW}">'
                     "2×</text>")
    return parts


def _label(camera: Camera, face: str, n: int) -> str:
    """The face's letter just outside it: above U (beyond its far edge), below F and R; in a
    halo of the page's white, as the turn's arrow may pass under it."""
    out = 1 if face == "U" else -1
    spot = np.array(NORMAL[face]) * n + out * np.array(VIEW_UP[face]) * (n + 1.4)
    uv, _ = camera.project(np.array([spot]))
    x, y = uv[0]
    return (f'<text x="{x:.1f}" y="{y + 5:.1f}" font-size="14" font-weight="bold" '
            f'fill="#335" stroke="#fff" stroke-width="3" paint-order="stroke" '
            f'text-anchor="middle">{face}</text>')


def _sticker(camera: Camera, face: str, pos: np.ndarray, token: tuple[int, int], fill: str
             ) -> list[str]:
    """One sticker: its square and its digit drawn in the face's plane, turned as it points."""
    up, right = np.array(VIEW_UP[face], np.float64), np.array(view_right(face), np.float64)
    corners = [pos + INSET * (sx * right + sy * up) for sx, sy in ((-1, 1), (1, 1), (1, -1),
                                                                    (-1, -1))]
    quad, _ = camera.project(np.array(corners))
    (c, r, dn), _ = camera.project(np.array([pos, pos + right, pos - up]))
    a, b = (r - c) / 10.0, (dn - c) / 10.0  # text drawn at 10 units per sticker half-width
    digit, rot = token
    deco = ' text-decoration="underline"' if digit in (6, 9) else ""
    return [f'<polygon points="{_pts(quad)}" fill="{fill}" stroke="#222" stroke-width="0.6"/>',
            f'<g transform="matrix({a[0]:.3f} {a[1]:.3f} {b[0]:.3f} {b[1]:.3f} {c[0]:.1f} '
            f'{c[1]:.1f})"><text transform="rotate({90 * rot})" y="5.5" font-size="15" '
            f'text-anchor="middle" fill="#111"{deco}>{digit}</text></g>']


def held_svg(state: CubeState, move: Move | None = None, *, size: int = SIZE,
             box: tuple[float, float, float, float] | None = None,
             title: str | None = None) -> str:
    """An ``<svg>`` of ``state`` seen as held (U, F and R visible); with ``move``, its layer's
    stickers are filled yellow and a curved arrow shows which way to turn it.

    ``box`` (x, y, width, height) places the drawing inside a larger SVG; otherwise it is a
    ``size`` px square of its own.
    """
    n = state.n
    camera = held_camera(SIZE)
    x, y, w, h = box if box is not None else (None, None, size, size)
    place = f'x="{x}" y="{y}" ' if box is not None else 'xmlns="http://www.w3.org/2000/svg" '
    parts = [f'<svg {place}width="{w}" height="{h}" viewBox="0 0 {SIZE} {SIZE}" '
             'font-family="DejaVu Sans, sans-serif" class="held">']
    if title:
        parts.append(f"<title>{escape(title)}</title>")
    marked = turning(move.face, n) if move is not None else frozenset()
    by_face: dict[str, list] = {f: [] for f in FACES}
    for f in facelets(n):
        by_face[f.face].append(f)
    visible = _visible_faces(camera, n)
    for face in visible:
        outline = np.array([np.array(NORMAL[face]) * n + n * (sx * np.array(view_right(face))
                                                            + sy * np.array(VIEW_UP[face]))
                            for sx, sy in ((-1, 1), (1, 1), (1, -1), (-1, -1))])
        quad, _ = camera.project(outline)
        parts.append(f'<polygon points="{_pts(quad)}" fill="#222" stroke="#111" '
                     'stroke-width="1.5" stroke-linejoin="round"/>')
        for f in by_face[face]:
            s = state.stickers[f.index]
            fill = MARK if f.index in marked else "#ffffff"
            parts += _sticker(camera, face, np.array(f.pos, np.float64), (s.digit, s.rot), fill)
    if move is not None:
        parts += _arrow(camera, move.face, move.turns, n)
    # the letters last: an arrow drawn over one hid it
    parts += [_label(camera, face, n) for face in visible]
    parts.append("</svg>")
    return "".join(parts)
