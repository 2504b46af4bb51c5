"""Draw a cube (black body with stickered faces) over a background through a camera.

Each visible face is its flat texture warped by the homography the camera induces on the
face's plane, which is an exact perspective projection of a flat face. Faces of a convex box
seen from outside never overlap, so no depth sorting is needed.
"""
from __future__ import annotations

import math

import cv2
import numpy as np

from ..models.cube.geometry import FACES, NORMAL, VIEW_UP, view_right
from .camera import Camera
from .texture import PLAIN, Finish, face_texture


def face_corners(face: str, n: int = 3) -> np.ndarray:
    """3D corners of a face's outline (top-left, top-right, bottom-right, bottom-left of its
    net view), in doubled coordinates."""
    c, up, right = np.array(NORMAL[face]) * n, np.array(VIEW_UP[face]), np.array(view_right(face))
    return np.array([c + n * (-right + up), c + n * (right + up), c + n * (right - up),
                     c + n * (-right - up)], np.float64)


def sticker_centres(face: str, n: int = 3) -> np.ndarray:
    """3D centres of a face's stickers in net order."""
    c, up, right = np.array(NORMAL[face]) * n, np.array(VIEW_UP[face]), np.array(view_right(face))
    return np.array([c + (2 * col - (n - 1)) * right + ((n - 1) - 2 * row) * up
                     for row in range(n) for col in range(n)], np.float64)


def shade(face: str, light) -> float:
    """Brightness of a face under a directional light plus ambient light."""
    d = float(np.dot(np.array(NORMAL[face], np.float64), light))
    return 0.55 + 0.45 * max(0.0, d)


def draw_cube(canvas: np.ndarray, camera: Camera, faces: dict, font: str, *, n: int = 3,
              colours: dict | None = None, light=(0.3, 0.8, 0.5),
              rng: np.random.Generator | None = None, underline_69: bool = True,
              bar: tuple[float, float, float] | None = None, inks: dict | None = None,
              finish: Finish = PLAIN) -> dict:
    """Paint the visible faces of a cube onto ``canvas`` (RGB float32, camera-sized, changed in
    place). ``faces`` maps face letters to n*n stickers; ``colours`` and ``inks`` map face
    letters to n*n RGB sticker and ink colours; ``finish`` is the body and sticker make.
    Returns per visible face its outline quad in image pixels (net-view order), its
    sticker centres and the union silhouette mask."""
    h, w = canvas.shape[:2]
    light = np.asarray(light, np.float64) / np.linalg.norm(light)
    silhouette = np.zeros((h, w), np.float32)
    out: dict = {"faces": {}}
    for face in FACES:
        corners = face_corners(face, n)
        if not camera.sees(corners.mean(axis=0), NORMAL[face]):
            continue
        quad, depth = camera.project(corners)
        if (depth <= 0).any():
            continue
        side = max(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[3] - quad[0]),
                   np.linalg.norm(quad[2] - quad[1]))
        cell = int(min(400, max(24, math.ceil(side / n * 1.2))))
        tex = face_texture(faces[face], cell, font, (colours or {}).get(face), rng,
                           underline_69=underline_69, bar=bar,
                           inks=(inks or {}).get(face), finish=finish)
        size = tex.shape[0]
        src = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float32)
        H = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
        warped = cv2.warpPerspective(tex, H, (w, h), flags=cv2.INTER_LINEAR,
                                     borderMode=cv2.BORDER_CONSTANT, borderValue=0)
        mask = cv2.warpPerspective(np.ones((size, size), np.float32), H, (w, h),
                                   flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
        k = shade(face, light)
        # blend only where the face lands: elsewhere the mask is 0 and the blend keeps the
        # canvas as it is (the same pixels, at a fraction of the cost on a large frame)
        x, y, bw, bh = cv2.boundingRect((mask > 0).astype(np.uint8))
        if bw and bh:
            box = np.s_[y:y + bh, x:x + bw]
            m = mask[box][..., None]
            canvas[box] = canvas[box] * (1 - m) + warped[box] * k * m
            np.maximum(silhouette[box], mask[box], out=silhouette[box])
        centres, _ = camera.project(sticker_centres(face, n))
        out["faces"][face] = {"quad": quad, "centres": centres, "shade": k}
    out["silhouette"] = silhouette
    return out
