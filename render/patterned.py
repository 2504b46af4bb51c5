"""Photos on patterned grounds: which ground, how large the face, which light (drawn from the
seed), the camera that frames the face at that size, and the ground laid under it.

A photo style with ``ground="patterned"`` (or one ground kind by name) photographs the cube
lying on one of :data:`render.grounds.GROUND_KINDS`, at a face size of 10-70% of the frame's
area (bands :data:`BANDS`) and in one of :data:`LIGHTS`, anywhere in the frame. The same seed
always gives the same scene and the same picture.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

import numpy as np

from ..models.cube.geometry import FACES, NORMAL
from .camera import Camera, focal_for_fov, rotation_about
from .grounds import GROUND_KINDS, paint_ground
from .plane import lay_ground
from .scene import face_corners

BANDS = {"small": (0.10, 0.25), "middle": (0.25, 0.45), "large": (0.45, 0.70)}
"""Face size bands: the share of the frame's area a single face covers (a corner photo: its
three faces together)."""

LIGHTS = ("even", "dim", "glare", "blurred")
"""Light of a patterned photo: even (the style's difficulty alone), dim (dark and noisy),
glare (lamp reflections on the stickers and a sheen on the ground), blurred (out of focus,
shaken)."""

GROUND_CHOICES = ("plain", "patterned", *GROUND_KINDS)
"""What ``PhotoStyle.ground`` may be: the plain table with clutter, a patterned ground the seed
picks, or one patterned ground by name."""


@dataclass(frozen=True)
class Scene:
    """The scene of one patterned photo: its ``ground`` kind, face size ``band`` and
    ``light``. Alike in shape to the exam renderer's ``render.second.scenes.Scene`` and kept
    apart on purpose: that renderer shares no code with this one (docs/exam.md)."""

    ground: str
    band: str
    light: str


def draw_scene(ground: str, seed: int, what: str) -> Scene:
    """The scene of photo ``what`` (e.g. "face", "cornerA") with ``seed``: ground ``ground``
    (a kind, or "patterned": the seed picks one), a size band and a light."""
    if ground not in GROUND_CHOICES[1:]:
        raise ValueError(f"unknown ground {ground!r}; use one of: " + ", ".join(GROUND_CHOICES))
    rng = random.Random(f"scene-{what}:{seed}")
    kind = rng.choice(GROUND_KINDS)
    return Scene(kind if ground == "patterned" else ground, rng.choice(list(BANDS)),
                 rng.choice(LIGHTS))


def _inside(quads: list[np.ndarray], w: int, h: int, margin: float) -> bool:
    pts = np.concatenate(quads)
    return bool((pts[:, 0] >= margin).all() and (pts[:, 0] <= w - margin).all()
                and (pts[:, 1] >= margin).all() and (pts[:, 1] <= h - margin).all())


def band_of(share: float) -> str:
    """The size band a face (or a corner photo's three faces) covering ``share`` of the
    frame falls in (below the smallest band: small; above the largest: large)."""
    for name, (_, hi) in BANDS.items():
        if share < hi:
            return name
    return "large"


def _area(quad: np.ndarray) -> float:
    x, y = quad[:, 0], quad[:, 1]
    return 0.5 * abs(float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))))


DISTANCE = (14.0, 34.0)
"""How far the phone is from the cube, in ground units (about centimetres)."""
FOV = (20.0, 75.0)
"""The horizontal fields of view a phone's lenses and zoom give, degrees."""


def _lens(rng: random.Random, width: int, pixels: float, units: float) -> tuple[float, float]:
    """A focal length (pixels) and distance (units) at which ``units`` of the cube's span
    at its centre look ``pixels`` long: a distance a person holds a phone at, and the zoom
    that frames the cube so (narrower or wider within :data:`FOV`, the distance giving way
    beyond)."""
    dist = rng.uniform(*DISTANCE)
    f_lo, f_hi = focal_for_fov(width, FOV[1]), focal_for_fov(width, FOV[0])
    f = min(f_hi, max(f_lo, pixels * dist / units))
    return f, f * units / pixels


def face_camera(rng: random.Random, size: tuple[int, int], tilt_deg: float,
                roll_deg: float, band: str, n: int = 3) -> tuple[Camera, dict]:
    """A camera in front of face F framing it at a share of the frame's area drawn from
    ``band``, anywhere in the frame, tilted up to ``tilt_deg`` and turned up to
    ``roll_deg``; the face stays whole (a share too large to fit shrinks until it does)."""
    w, h = size
    share = rng.uniform(*BANDS[band])
    for attempt in range(40):
        tilt = rng.uniform(0.2, 1.0) * tilt_deg
        azimuth = rng.uniform(0, 2 * math.pi)
        roll = rng.uniform(-1, 1) * roll_deg
        side = math.sqrt(share * w * h) * 0.97 ** attempt
        f, dist = _lens(rng, w, side, 2 * n)
        room = np.array([w - side * 1.3, h - side * 1.3]).clip(0) / 2
        off = np.array([rng.uniform(-1, 1), rng.uniform(-1, 1)]) * room / f * dist
        axis = (math.cos(azimuth), math.sin(azimuth), 0.0)
        direction = rotation_about(axis, math.radians(tilt)) @ np.array([0.0, 0.0, 1.0])
        target = np.array([off[0], -off[1], float(n)])
        cam = Camera.look_at(target + direction * dist, target, (0, 1, 0), f, w, h, roll)
        quad, _ = cam.project(face_corners("F", n))
        if _inside([quad], w, h, 0.015 * min(w, h)):
            break
    return cam, {"tilt_deg": round(tilt, 2), "roll_deg": round(roll, 2),
                 "fov_deg": round(math.degrees(2 * math.atan(w / (2 * f))), 1),
                 "face_share": round(_area(quad) / (w * h), 3)}


def corner_camera(rng: random.Random, size: tuple[int, int],
                  direction: tuple[float, float, float], up: tuple[float, float, float],
                  jitter_deg: float, roll_deg: float, band: str,
                  n: int = 3) -> tuple[Camera, dict]:
    """A camera looking at a cube corner along ``direction`` (image-up ``up``), jittered,
    framing the three visible faces at a share of the frame drawn from ``band``; it stands
    on the corner's diagonal and turns to put the cube off-centre, so all three faces stay in
    view as a person holds a corner photo."""
    w, h = size
    base = np.asarray(direction, np.float64) / np.linalg.norm(direction)
    share = rng.uniform(*BANDS[band])
    for attempt in range(40):
        jitter = rng.uniform(0, jitter_deg)
        axis = np.cross(base, rng.choice([(1, 0, 0), (0, 1, 0), (0, 0, 1)]))
        axis = rotation_about(base, rng.uniform(0, 2 * math.pi)) @ axis
        dirv = rotation_about(axis, math.radians(jitter)) @ base
        roll = rng.uniform(-1, 1) * roll_deg
        radius = math.sqrt(share * w * h / 2.6) * 0.97 ** attempt  # hexagon of 2.6 R^2
        f, dist = _lens(rng, w, radius, 1.633 * n)  # the hexagon's radius is 1.633 n
        room = 0.6 * np.array([w - radius * 2.4, h - radius * 2.4]).clip(0) / 2 / f * dist
        side = np.cross(dirv, up)
        side /= np.linalg.norm(side)
        lift = np.cross(side, dirv)
        off = side * rng.uniform(-1, 1) * room[0] + lift * rng.uniform(-1, 1) * room[1]
        cam = Camera.look_at(dirv * dist, off, up, f, w, h, roll)  # turned, not moved
        quads = [cam.project(face_corners(face, n))[0] for face in FACES
                 if cam.sees(face_corners(face, n).mean(axis=0), NORMAL[face])]
        if _inside(quads, w, h, 0.015 * min(w, h)):
            break
    return cam, {"jitter_deg": round(jitter, 2), "roll_deg": round(roll, 2),
                 "fov_deg": round(math.degrees(2 * math.atan(w / (2 * f))), 1),
                 "face_share": round(sum(map(_area, quads)) / (w * h), 3)}


def ground_picture(camera: Camera, scene: Scene, seed: int, what: str,
                   table_normal: tuple[float, float, float], n: int = 3) -> np.ndarray:
    """The picture (RGB float32, camera-sized) of the scene's ground as ``camera`` sees it:
    the plane the cube lies on (``table_normal`` points from it up to the cube), the
    pattern at a random angle, a sheen of the lamp on it in glare light."""
    rng = random.Random(f"ground-{what}:{seed}")
    nrng = np.random.default_rng(rng.getrandbits(64))
    normal = np.asarray(table_normal, np.float64)
    picture = lay_ground(camera, -normal * n, normal, rng.uniform(0, 2 * math.pi),
                         lambda sheet: paint_ground(scene.ground, sheet, rng, nrng))
    if scene.light == "glare":
        h, w = picture.shape[:2]
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        r = rng.uniform(0.15, 0.4) * max(w, h)
        picture = picture + rng.uniform(0.15, 0.4) * np.exp(
            -((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))[..., None]
    return picture
