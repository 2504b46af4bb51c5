"""The cube as a 3D body: six flat face areas carrying sticker textures, rounded edges and
corners between them, and how each part looks in the light.

Units: the cube's side is 2 (centre at the origin, faces at +-1), edges rounded with radius
``bevel``. A face's texture covers its whole square (s, t) in [-1, 1]^2, s along the view's
right and t along its up (docs/conventions.md), and is drawn only inside the flat area.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

import cv2
import numpy as np

from ...models.cube.geometry import NORMAL, VIEW_UP, view_right
from ...models.cube.stickers import Sticker
from .glyphs import digit_mask, turned
from .looks import Look, font_file


def frame(face: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A face's outward normal, view-right and view-up as float vectors."""
    return (np.array(NORMAL[face], np.float64), np.array(view_right(face), np.float64),
            np.array(VIEW_UP[face], np.float64))


def face_point(face: str, s: float, t: float) -> np.ndarray:
    """The 3D point at (s, t) of a face's square."""
    n, r, u = frame(face)
    return n + s * r + t * u


def outline(face: str) -> np.ndarray:
    """The face's outline corners (top-left, top-right, bottom-right, bottom-left of its
    view) on the sharp cube the rounded one is cut from."""
    return np.array([face_point(face, s, t) for s, t in ((-1, 1), (1, 1), (1, -1), (-1, -1))])


@dataclass(frozen=True)
class Light:
    """A point light (``position``, ``colour`` BGR, strength at distance ``reach``), ambient
    light and the specular sharpness of glossy stickers."""

    position: np.ndarray
    colour: np.ndarray
    reach: float
    ambient: float
    shininess: float

    def terms(self, points: np.ndarray, normals: np.ndarray, eye: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray]:
        """The diffuse and the specular light (…, 3) at surface points (…, 3) with normals
        (…, 3) seen from ``eye``: Lambert with distance fall-off, and a sharp plus a broad
        Blinn-Phong highlight (to be scaled by the surface's gloss)."""
        to_l = self.position - points
        dist = np.linalg.norm(to_l, axis=-1, keepdims=True)
        L = to_l / dist
        V = eye - points
        V /= np.linalg.norm(V, axis=-1, keepdims=True)
        H = L + V
        H /= np.linalg.norm(H, axis=-1, keepdims=True)
        fall = (self.reach / dist) ** 2
        ndl = np.clip(np.sum(normals * L, axis=-1, keepdims=True), 0, None)
        ndh = np.clip(np.sum(normals * H, axis=-1, keepdims=True), 0, None)
        spec = (ndh ** self.shininess + 0.04 * ndh ** 8) * (ndl > 0) * fall
        return ndl * fall * self.colour, spec * self.colour

    def shade(self, albedo: np.ndarray, gloss: np.ndarray, points: np.ndarray,
              normals: np.ndarray, eye: np.ndarray) -> np.ndarray:
        """Colour (…, 3) of surfaces of ``albedo`` (…, 3) and ``gloss`` (…) under this light
        (ambient plus :meth:`terms`)."""
        diffuse, spec = self.terms(points, normals, eye)
        return albedo * (self.ambient + diffuse) + np.asarray(gloss)[..., None] * spec


@dataclass(frozen=True)
class FaceArt:
    """A face's texture: ``albedo`` (N, N, 3), ``gloss`` (N, N), and each sticker's centre
    and four corners in (s, t) face coordinates (net order)."""

    albedo: np.ndarray
    gloss: np.ndarray
    centres: list
    corners: list


def _rounded_box(x, y, half, radius):
    """Signed distance to a rounded square of half side ``half`` (negative inside)."""
    qx, qy = np.abs(x) - (half - radius), np.abs(y) - (half - radius)
    out = np.hypot(np.clip(qx, 0, None), np.clip(qy, 0, None))
    return out + np.minimum(np.maximum(qx, qy), 0) - radius


def _swirl(rng: random.Random, n: int) -> np.ndarray:
    """A faint print of thin curved strokes (the black cube's sticker pattern)."""
    layer = np.zeros((n, n), np.float32)
    for _ in range(int(n * n / 900)):
        c = (rng.randrange(n), rng.randrange(n))
        ax = (rng.randint(n // 40, n // 8), rng.randint(n // 80, n // 16))
        a0 = rng.uniform(0, 360)
        cv2.ellipse(layer, c, ax, rng.uniform(0, 180), a0, a0 + rng.uniform(60, 160),
                    rng.uniform(0.5, 1.0), max(1, n // 300), cv2.LINE_AA)
    return cv2.GaussianBlur(layer, (0, 0), max(0.6, n / 600))


def _scratches(rng: random.Random, n: int) -> np.ndarray:
    """A few fine scratches and scuffs (0..1) across a face's stickers."""
    layer = np.zeros((n, n), np.float32)
    for _ in range(rng.randint(2, 12)):
        p = np.array([rng.uniform(0, n), rng.uniform(0, n)])
        q = p + np.array([rng.uniform(-1, 1), rng.uniform(-1, 1)]) * n * rng.uniform(0.03, 0.2)
        cv2.line(layer, tuple(int(v) for v in p), tuple(int(v) for v in q),
                 rng.uniform(0.3, 1.0), 1, cv2.LINE_AA)
    return layer


def face_art(look: Look, stickers: tuple[Sticker, ...], homes: list[str], rng: random.Random,
             n: int, bevel: float) -> FaceArt:
    """Draw one face: the body with grooves between the cubies, nine rounded stickers in
    their colours (slightly off their places, as stuck by hand) and each digit in its ink,
    turned as its token says."""
    px = 2.0 / n
    coords = -1 + (np.arange(n) + 0.5) * px
    S, T = np.meshgrid(coords, -coords)
    albedo = np.empty((n, n, 3), np.float32)
    albedo[:] = look.body
    groove = np.ones((n, n), np.float32)
    for g in (-1 / 3, 1 / 3):
        for d in (np.abs(S - g), np.abs(T - g)):
            groove = np.minimum(groove, np.clip(d / 0.012, 0.25, 1.0))
    albedo *= groove[..., None]
    gloss = np.full((n, n), 0.25, np.float32) * groove
    swirl = _swirl(rng, n) if look.swirl else None
    wear = _scratches(rng, n) if rng.random() < 0.5 else None
    half = (2 / 3) * (0.5 - look.margin)
    radius = (2 / 3) * look.radius
    centres, corners = [], []
    cell = n // 3
    for i, st in enumerate(stickers):
        row, col = divmod(i, 3)
        win = (slice(row * cell, row * cell + cell), slice(col * cell, col * cell + cell))
        cs = (col - 1) * 2 / 3 + rng.uniform(-0.012, 0.012)
        ct = (1 - row) * 2 / 3 + rng.uniform(-0.012, 0.012)
        th = math.radians(rng.uniform(-1.5, 1.5))
        c, s_ = math.cos(th), math.sin(th)
        dx, dy = S[win] - cs, T[win] - ct
        x, y = dx * c + dy * s_, -dx * s_ + dy * c
        dist = _rounded_box(x, y, half, radius)
        cover = np.clip(0.5 - dist / px, 0, 1)[..., None]
        colour = np.array(look.sticker[homes[i]], np.float32)
        rim = 1 - 0.3 * np.exp(np.minimum(dist, 0) / (2.5 * px))
        face_col = colour[None, None, :] * rim[..., None]
        if swirl is not None:
            face_col = face_col + 0.045 * swirl[win][..., None]
        ink = _ink(look, st, ((cs + 1) / 2 * n - 0.5 - col * cell,
                              (1 - ct) / 2 * n - 0.5 - row * cell), th, half, n, cell, rng)
        ink = ink[..., None]
        if wear is not None:  # scratches lighten dark stickers and dull light ones
            face_col = face_col + (0.5 - face_col) * 0.35 * wear[win][..., None]
        face_col = face_col * (1 - ink) + np.array(look.ink[homes[i]], np.float32) * ink
        albedo[win] = albedo[win] * (1 - cover) + face_col * cover
        gloss[win] = gloss[win] * (1 - cover[..., 0]) + look.gloss * cover[..., 0]
        centres.append((cs, ct))
        corners.append([(cs + c * a - s_ * b, ct + s_ * a + c * b)
                        for a, b in ((-half, half), (half, half), (half, -half), (-half, -half))])
    return FaceArt(albedo.astype(np.float32), gloss.astype(np.float32), centres, corners)


def _ink(look: Look, st: Sticker, centre_px, th: float, half: float, n: int, cell: int,
         rng: random.Random) -> np.ndarray:
    """The digit's ink (cell, cell) on its sticker, centred at ``centre_px`` of the cell's
    window: scaled to the look's digit height, turned by the token's rotation and the
    sticker's small tilt, a little off centre and not quite full strength."""
    m = digit_mask(font_file(look.font), st.digit, look.bold, look.underline)
    px_side = half * n
    glyph_h = digit_mask(font_file(look.font), st.digit, look.bold, False).shape[0]
    k = look.digit_height * px_side / glyph_h
    small = cv2.resize(m, (max(1, round(m.shape[1] * k)), max(1, round(m.shape[0] * k))),
                       interpolation=cv2.INTER_AREA)
    small = turned(small, st.rot)
    h, w = small.shape
    cx = centre_px[0] + rng.uniform(-0.01, 0.01) * n
    cy = centre_px[1] + rng.uniform(-0.01, 0.01) * n
    # a counter-clockwise tilt in (s, t) is counter-clockwise in the texture picture too
    M = cv2.getRotationMatrix2D(((w - 1) / 2, (h - 1) / 2), math.degrees(th), 1.0)
    M[:, 2] += (cx - (w - 1) / 2, cy - (h - 1) / 2)
    ink = cv2.warpAffine(small, M, (cell, cell), flags=cv2.INTER_LINEAR)
    return np.clip(ink * rng.uniform(0.85, 1.0), 0, 1)


def bevel_parts(bevel: float, steps: int = 3) -> list[tuple[np.ndarray, np.ndarray]]:
    """The rounded edges and corners as flat pieces (polygon (K, 3), normal (3,)): each edge
    a strip of ``steps`` facets along a quarter circle, each corner a small sphere patch."""
    parts = []
    inner = 1 - bevel
    for e, n1, n2 in _edges():
        ring = _edge_arc(n1, n2, bevel, steps)
        for k in range(steps):
            mid = (k + 0.5) * math.pi / 2 / steps
            normal = math.cos(mid) * n1 + math.sin(mid) * n2
            poly = np.array([ring[k] - inner * e, ring[k + 1] - inner * e,
                             ring[k + 1] + inner * e, ring[k] + inner * e])
            parts.append((poly, normal))
    for sx in (-1, 1):
        for sy in (-1, 1):
            for sz in (-1, 1):
                sg = np.array([sx, sy, sz], np.float64)
                parts += _corner_patch(inner * sg, sg, bevel, steps)
    return parts


def _corner_patch(centre, sg, bevel, k):
    def v(i, j):
        w = np.array([i / k, j / k, (k - i - j) / k]) * sg
        return w / np.linalg.norm(w)
    out = []
    for i in range(k):
        for j in range(k - i):
            tris = [(v(i, j), v(i + 1, j), v(i, j + 1))]
            if i + j < k - 1:
                tris.append((v(i + 1, j), v(i + 1, j + 1), v(i, j + 1)))
            for tri in tris:
                nrm = sum(tri)
                out.append((np.array([centre + bevel * p for p in tri]), nrm / np.linalg.norm(nrm)))
    return out


def groove_lines(bevel: float, steps: int = 3) -> list[tuple[np.ndarray, np.ndarray]]:
    """The grooves between cubies where they cross the rounded edges: polylines (K, 3) and
    the outward normal (3,) at their middle."""
    lines = []
    for e, n1, n2 in _edges():
        ring = _edge_arc(n1, n2, bevel, steps)
        for g in (-1 / 3, 1 / 3):
            lines.append((np.array([p + g * e for p in ring]), (n1 + n2) / math.sqrt(2)))
    return lines


def _edges() -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The cube's 12 edges as (direction along the edge, normal of one face, normal of the
    other), in one fixed order so that the bevel and the grooves are built alike."""
    axes = [np.eye(3)[i] for i in range(3)]
    return [(np.cross(axes[i], axes[j]), si * axes[i], sj * axes[j])
            for i in range(3) for j in range(i + 1, 3) for si in (-1, 1) for sj in (-1, 1)]


def _edge_arc(n1: np.ndarray, n2: np.ndarray, bevel: float, steps: int) -> list[np.ndarray]:
    """``steps + 1`` points on the quarter circle that rounds the edge between the faces with
    normals ``n1`` and ``n2`` (in the plane through the cube's centre)."""
    inner = 1 - bevel
    return [inner * (n1 + n2) + bevel * (math.cos(a) * n1 + math.sin(a) * n2)
            for a in np.linspace(0, math.pi / 2, steps + 1)]
