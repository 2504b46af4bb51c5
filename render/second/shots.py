"""Single-face and corner photos of a whole cube in 3D, with their truth.

A scene is the cube (``cube``) resting on a table (``ground``) under a point light, seen by a
phone camera (``camera``) and developed by its sensor (``sensor``). Everything is drawn
twice as large and reduced (anti-aliasing), all from the seed.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

import cv2
import numpy as np

from ...models.cube.geometry import FACES
from ...models.cube.state import CubeState
from . import everyday, ground
from .camera import Camera, unit
from .cube import Light, bevel_parts, face_art, face_point, frame, groove_lines, outline
from .looks import Look, font_file, make_look
from .scenes import (CORNER_FRACTION, FACE_FRACTION, SHARP_SIZES, STANDARD_CORNER,
                     STANDARD_FACE, Scene)
from .sensor import develop

SUPERSAMPLE = 2
SIZES = ((640, 480), (800, 600), (960, 720), (480, 640), (1024, 768), (720, 960))
"""Picture sizes a shot is drawn from (width, height)."""

CORNER_FACES = {"A": ("U", "F", "R"), "B": ("D", "L", "B")}
CORNER_VIEW = {"A": ((1, 1, 1), (0, 1, 0)), "B": ((-1, -1, -1), (0, -1, 0))}
"""Corner photo -> the faces it shows, and the camera direction and image-up of docs/photos.md."""


@dataclass(frozen=True)
class Shot:
    """One rendered photo: ``image`` (BGR uint8) and ``truth`` (the photos.json entry: per
    visible face its tokens, outline quad and sticker centres in the image's pixels, plus
    how the photo was made)."""

    image: np.ndarray
    truth: dict


def _basis(g: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    a = np.array([1.0, 0, 0]) if abs(g[0]) < 0.9 else np.array([0, 0, 1.0])
    e1 = unit(np.cross(g, a))
    return e1, np.cross(g, e1)


def _light(rng: random.Random, g: np.ndarray) -> Light:
    e1, e2 = _basis(g)
    el, az = math.radians(rng.uniform(35, 80)), rng.uniform(0, 2 * math.pi)
    d = unit(math.sin(el) * g + math.cos(el) * (math.cos(az) * e1 + math.sin(az) * e2))
    dist = rng.uniform(5, 12)
    tint = rng.choice([(1.0, 1.0, 1.0), (0.85, 0.95, 1.1), (1.1, 1.0, 0.9), (0.95, 1.0, 1.0)])
    strength = rng.uniform(0.55, 0.85)
    return Light(d * dist, np.array(tint) * strength, dist, rng.uniform(0.28, 0.45),
                 rng.uniform(80, 400))


def _table(cam: Camera, light: Light, g: np.ndarray, kind: str, rng: random.Random,
           seed: int, page_font: str) -> np.ndarray:
    """The lit table behind the cube (H, W, 3) at the camera's size, with the cube's soft
    shadow and the darker contact where it rests."""
    if max(cam.size) > 700 and cam.size[0] % 2 == 0 and cam.size[1] % 2 == 0:
        cam = cam.scaled(0.5)  # the table is out of focus anyway: half the pixels suffice
    w, h = cam.size
    d = cam.rays(w, h)
    gd = d @ g
    t = (-1 - cam.centre @ g) / np.where(np.abs(gd) < 1e-9, -1e-9, gd)
    seen = t > 0
    t = np.where(seen, t, 60.0)
    pts = cam.centre + t[..., None] * d
    e1, e2 = _basis(g)
    turn = rng.uniform(0, math.pi)
    # (u1, u2) as the page's right and down seen from above: u1 x u2 = -g, so print reads
    u1, u2 = math.cos(turn) * e1 + math.sin(turn) * e2, math.sin(turn) * e1 - math.cos(turn) * e2
    at = (rng.uniform(-5, 5), rng.uniform(-5, 5))  # where the cube rests on the plane
    a = (pts @ u1 + at[0]).astype(np.float32)
    b = (pts @ u2 + at[1]).astype(np.float32)
    fp = np.hypot(*np.gradient(a)) + np.hypot(*np.gradient(b))
    if kind in everyday.GROUNDS:
        albedo = everyday.surface(kind, rng, seed, a, b, fp, at, page_font)
    else:
        albedo = ground.surface(kind, rng, seed, a, b, fp, page_font)
    diffuse, spec = light.terms(pts, np.broadcast_to(g, pts.shape), cam.centre)
    vis = (1 - _shadow(cam, light, g, (w, h)) * rng.uniform(0.7, 0.95))[..., None]
    contact = _contact(cam, g, (w, h))[..., None]
    out = albedo * (light.ambient * (1 - 0.5 * contact) + diffuse * vis) + 0.06 * spec * vis
    far = np.clip((t - 25) / 20, 0, 1)[..., None]
    out = out * (1 - far) + far * out.mean(axis=(0, 1))
    out[~seen] = out[seen].mean(axis=0) if seen.any() else 0.3
    return out.astype(np.float32)


def _corners_3d() -> np.ndarray:
    return np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)], np.float64)


def _shadow(cam: Camera, light: Light, g: np.ndarray, size) -> np.ndarray:
    """Where the cube shades the table (0..1), blurred to a soft penumbra."""
    P = light.position
    pts = []
    for c in _corners_3d():
        denom = g @ (c - P)
        if denom >= -1e-6:
            return np.zeros(size[::-1], np.float32)
        pts.append(P + (-1 - g @ P) / denom * (c - P))
    img = cam.project(np.array(pts)).astype(np.float32)
    mask = np.zeros(size[::-1], np.float32)
    cv2.fillConvexPoly(mask, cv2.convexHull(img).astype(np.int32), 1.0, cv2.LINE_AA)
    scale = np.linalg.norm(cam.project(np.zeros((1, 3))) - cam.project(np.array([[0, 0.3, 0.0]])))
    return cv2.GaussianBlur(mask, (0, 0), max(1.0, float(scale) * 0.5))


def _contact(cam: Camera, g: np.ndarray, size) -> np.ndarray:
    """Ambient occlusion under and around the cube's base (0..1)."""
    e1, e2 = _basis(g)
    base = np.array([-g * 1.0 + 1.15 * (sa * e1 + sb * e2) for sa, sb in
                     ((-1, -1), (1, -1), (1, 1), (-1, 1))])
    mask = np.zeros(size[::-1], np.float32)
    cv2.fillConvexPoly(mask, cam.project(base).astype(np.int32), 1.0, cv2.LINE_AA)
    scale = np.linalg.norm(cam.project(np.zeros((1, 3))) - cam.project(np.array([[0, 0.2, 0.0]])))
    return cv2.GaussianBlur(mask, (0, 0), max(1.0, float(scale)))


def _pts16(p: np.ndarray) -> np.ndarray:
    return np.round(p * 16).astype(np.int32)


def _body(canvas: np.ndarray, cam: Camera, look: Look, light: Light, bevel: float) -> None:
    """The cube's silhouette, rounded edges and corners, and the grooves across the edges."""
    parts = bevel_parts(bevel)
    every = np.concatenate([p for p, _ in parts])
    hull = cv2.convexHull(cam.project(every).astype(np.float32))
    body = np.array(look.body, np.float32)
    cv2.fillConvexPoly(canvas, _pts16(hull.reshape(-1, 2)), (body * light.ambient).tolist(),
                       cv2.LINE_AA, 4)
    for poly, normal in parts:
        mid = poly.mean(axis=0)
        if normal @ (cam.centre - mid) <= 0:
            continue
        col = light.shade(body, np.float32(0.35), mid, normal, cam.centre)
        cv2.fillConvexPoly(canvas, _pts16(cam.project(poly)), col.tolist(), cv2.LINE_AA, 4)
    width = max(1, int(round(0.012 * cam.focal / np.linalg.norm(cam.centre))))
    for line, normal in groove_lines(bevel):
        if normal @ (cam.centre - line.mean(axis=0)) > 0:
            cv2.polylines(canvas, [_pts16(cam.project(line))], False,
                          (body * 0.2 * light.ambient).tolist(), width, cv2.LINE_AA, 4)


def _face(canvas: np.ndarray, cam: Camera, look: Look, light: Light, bevel: float,
          face: str, stickers, homes, rng: random.Random) -> dict:
    """Draw one visible face's flat area; its truth (tokens, quad, centres, sticker quads)
    in the camera's pixels."""
    quad = cam.project(outline(face))
    side = max(np.linalg.norm(quad[0] - quad[1]), np.linalg.norm(quad[1] - quad[2]))
    n = int(np.clip(side * 0.9, 150, 720)) // 3 * 3
    art = face_art(look, stickers, homes, rng, n, bevel)
    nrm, r, u = frame(face)
    g = 48
    c = -1 + (np.arange(g) + 0.5) * 2 / g
    S, T = np.meshgrid(c, -c)
    pts = nrm + S[..., None] * r + T[..., None] * u
    diffuse, spec = light.terms(pts, np.broadcast_to(nrm, pts.shape), cam.centre)
    diffuse = cv2.resize(diffuse.astype(np.float32), (n, n), interpolation=cv2.INTER_CUBIC)
    spec = cv2.resize(spec.astype(np.float32), (n, n), interpolation=cv2.INTER_CUBIC)
    colour = art.albedo * (light.ambient + diffuse) + art.gloss[..., None] * np.clip(spec, 0, None)
    px = 2.0 / n
    coords = -1 + (np.arange(n) + 0.5) * px
    inside = np.clip((1 - bevel - np.abs(coords)) / px + 0.5, 0, 1).astype(np.float32)
    mask = np.minimum(inside[None, :], inside[:, None])
    src = np.float32([[-0.5, -0.5], [n - 0.5, -0.5], [n - 0.5, n - 0.5], [-0.5, n - 0.5]])
    x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 2
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 2
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, canvas.shape[1]), min(y1, canvas.shape[0])
    if x1 > x0 and y1 > y0:
        H = cv2.getPerspectiveTransform(src, (quad - [x0, y0]).astype(np.float32))
        size = (x1 - x0, y1 - y0)
        col = cv2.warpPerspective(colour, H, size, flags=cv2.INTER_LINEAR)
        m = cv2.warpPerspective(mask, H, size, flags=cv2.INTER_LINEAR)[..., None]
        roi = canvas[y0:y1, x0:x1]
        roi[:] = roi * (1 - m) + col * m
    return {"tokens": [s.token for s in stickers],
            "centres": [face_point(face, s, t) for s, t in art.centres],
            "sticker_quads": [[face_point(face, s, t) for s, t in q] for q in art.corners]}


SKIN = ((0.60, 0.70, 0.90), (0.48, 0.58, 0.80), (0.33, 0.43, 0.62), (0.20, 0.27, 0.40))
"""Skin tones (BGR 0..1) of the thumb that sometimes holds the cube."""


def _thumb(canvas: np.ndarray, cam: Camera, face: str, light: Light, rng: random.Random) -> None:
    """A thumb holding the cube at one edge of ``face``: a shaded skin-coloured finger with a
    nail, coming from outside, its tip resting on the cube's edge (the stickers stay free)."""
    nrm, r, u = frame(face)
    k = rng.randrange(4)
    out = (r, u, -r, -u)[k]
    along = (u, -r, -u, r)[k]
    base = nrm + out * 1.0 + along * rng.uniform(-0.5, 0.5)
    tip, far = cam.project(np.array([base, base + out * 0.9 - nrm * 0.3]))
    axis = far - tip
    length = float(np.linalg.norm(axis))
    width = float(np.linalg.norm(cam.project(np.array([base + along * 0.36]))[0] - tip))
    if length < 4 or width < 2:
        return
    skin = np.array(rng.choice(SKIN), np.float32) * rng.uniform(0.9, 1.1)
    h, w = canvas.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    d = axis / length
    a = (xx - tip[0]) * d[0] + (yy - tip[1]) * d[1]  # along the thumb from its tip
    b = -(xx - tip[0]) * d[1] + (yy - tip[1]) * d[0]  # across it
    # a rounded tip (half ellipse) continuing into a straight finger out of the picture
    wa = width * (1 + 0.25 * np.clip(a / length, 0, None))  # wider towards the hand
    a_t = np.clip(a / (1.3 * width), None, 1.0)
    inside = np.where(a < 1.3 * width, (1 - a_t) ** 2 + (b / wa) ** 2, (b / wa) ** 2)
    mask = np.clip((1 - inside) * width / 3, 0, 1) * (a > -width)
    across = np.clip(1 - (b / wa) ** 2, 0, 1)
    shade = 0.55 + 0.45 * np.sqrt(across)
    lit = light.ambient + float(np.clip(nrm @ unit(light.position), 0, 1)) * 0.6
    colour = skin[None, None, :] * (shade * lit)[..., None]
    nail = np.clip(1 - (((a - 0.7 * width) / (0.6 * width)) ** 2
                        + (b / (0.6 * width)) ** 2), 0, 1)[..., None] ** 0.3
    crease = np.exp(-((a - 2.2 * width) / (0.08 * width)) ** 2)[..., None] * across[..., None]
    colour = colour * (1 - 0.25 * crease)
    colour = colour * (1 - 0.5 * nail) + 0.5 * nail * np.array([0.75, 0.78, 0.92]) * lit
    m = mask[..., None]
    canvas[:] = canvas * (1 - m) + colour * m


def _compose(cam: Camera, look: Look, state: CubeState, homes: dict, g: np.ndarray,
             rng: random.Random, seed: int, faces: tuple[str, ...],
             thumb: bool = False, scene: Scene | None = None) -> tuple[np.ndarray, dict, str]:
    """Draw the scene (float BGR at the camera's size) and the truth of ``faces`` (with a
    ``thumb`` on the edge of the first one), on the ``scene``'s ground or one the seed
    draws."""
    light = _light(rng, g)
    kind = rng.choice(ground.SURFACES) if scene is None else scene.ground
    page_font = font_file(rng.choice(("DejaVuSerif.ttf", "LiberationSerif-Regular.ttf",
                                      "FreeSerif.ttf", "DejaVuSans.ttf")))
    big = cam.scaled(SUPERSAMPLE)
    table = _table(cam, light, g, kind, rng, seed, page_font)
    depth_blur = rng.choice([0.0, 0.0, 0.8, 1.5, 2.5]) * table.shape[1] / 800
    if depth_blur > 0:  # focused on the cube, the table behind it is softer
        table = cv2.GaussianBlur(table, (0, 0), depth_blur)
    canvas = cv2.resize(table, big.size, interpolation=cv2.INTER_LINEAR)
    bevel = rng.uniform(0.03, 0.045)
    _body(canvas, big, look, light, bevel)
    truth = {}
    for f in FACES:
        nrm = frame(f)[0]
        if nrm @ (big.centre - nrm) <= 0:
            continue
        t = _face(canvas, big, look, light, bevel, f, state.face(f), homes[f], rng)
        if f in faces:
            truth[f] = {"tokens": t["tokens"],
                        "quad": _r(cam.project(outline(f))),
                        "centres": _r(cam.project(np.array(t["centres"]))),
                        "sticker_quads": [_r(cam.project(np.array(q))) for q in t["sticker_quads"]]}
    if thumb:
        _thumb(canvas, big, faces[0], light, rng)
    return cv2.resize(canvas, cam.size, interpolation=cv2.INTER_AREA), truth, kind


def _r(p: np.ndarray) -> list:
    return [[round(float(x), 2), round(float(y), 2)] for x, y in p]


def _in_frame(cam: Camera, pts: np.ndarray, margin: float) -> bool:
    p = cam.project(pts)
    w, h = cam.size
    return bool((p[:, 0] > margin * w).all() and (p[:, 0] < (1 - margin) * w).all()
                and (p[:, 1] > margin * h).all() and (p[:, 1] < (1 - margin) * h).all())


def _rngs(seed: int, what: str) -> tuple[random.Random, np.random.Generator]:
    r = random.Random(f"second/{what}/{seed}")
    return r, np.random.default_rng(r.getrandbits(63))


def face_shot(state: CubeState, face: str, seed: int, look: str | Look = "white",
              homes: dict | None = None, size: tuple[int, int] | None = None,
              max_tilt_deg: float = 35.0, jpeg_quality: int | None = None,
              scene: Scene | None = None) -> Shot:
    """A photo of ``face`` of the cube ``state`` taken as docs/photos.md says (the face's
    view-up at the top, give or take a roll), the camera tilted up to ``max_tilt_deg`` off
    the face's normal so that the side faces show, at a random distance. ``homes``: per face
    the home face of each sticker (its colour on coloured looks; default: its own face).
    ``scene``: an everyday scene (:mod:`.scenes`; default: the standard exam's draws)."""
    rng, nrng = _rngs(seed, f"face{face}")
    lk = look if isinstance(look, Look) else make_look(look, random.Random(f"look/{seed}"))
    homes = homes or {f: [f] * 9 for f in FACES}
    sizes = SHARP_SIZES if scene is not None and scene.band == "small" else SIZES
    size = size or rng.choice(sizes)
    n, r, u = frame(face)
    for _ in range(40):
        tilt = max_tilt_deg * math.sqrt(rng.random())
        az = rng.uniform(0, 2 * math.pi)
        d = unit(math.cos(math.radians(tilt)) * n + math.sin(math.radians(tilt))
                 * (math.cos(az) * r + math.sin(az) * u))
        fov = rng.uniform(50, 68)
        frac = rng.uniform(*(FACE_FRACTION[scene.band] if scene else STANDARD_FACE))
        focal = 0.5 * max(size) / math.tan(math.radians(fov) / 2)
        dist = focal * 2 / (frac * min(size)) + 1
        target = n + rng.uniform(-0.5, 0.5) * r + rng.uniform(-0.5, 0.5) * u
        roll = rng.uniform(-20, 20)
        cam = Camera.looking(target + d * dist, target, u, roll, fov, size)
        if _in_frame(cam, outline(face), 0.04):
            break
    thumb = rng.random() < 0.3
    image, truth, kind = _compose(cam, lk, state, homes, n, rng, seed, (face,), thumb, scene)
    q = np.array(truth[face]["quad"])
    entry = dict(truth[face], size=list(size), font=lk.font, look=lk.name,
                 tilt_deg=round(tilt, 2), roll_deg=round(roll, 2), surface=kind, thumb=thumb,
                 face_fraction=round(float(np.ptp(q[:, 0])) / size[0], 3))
    if scene is not None:
        entry["scene"] = scene.truth()
    photo = develop(image, rng, nrng, jpeg_quality or rng.randint(60, 90),
                    dim=scene is not None and scene.light == "dim",
                    blur_scale=scene.blur(frac, STANDARD_FACE[0]) if scene else 1.0)
    return Shot(photo, entry)


def corner_shot(state: CubeState, photo: str, seed: int, look: str | Look = "white",
                homes: dict | None = None, size: tuple[int, int] | None = None,
                jitter_deg: float = 10.0, jpeg_quality: int | None = None,
                scene: Scene | None = None) -> Shot:
    """Corner photo ``photo`` ("A": U, F, R; "B": D, L, B) of the cube ``state``: the camera
    looks from the corner's direction (jittered up to ``jitter_deg``) with the image-up of
    docs/photos.md, the cube resting on the opposite face. ``scene``: an everyday scene
    (:mod:`.scenes`; default: the standard exam's draws)."""
    rng, nrng = _rngs(seed, f"corner{photo}")
    lk = look if isinstance(look, Look) else make_look(look, random.Random(f"look/{seed}"))
    homes = homes or {f: [f] * 9 for f in FACES}
    sizes = SHARP_SIZES[:2] if scene is not None and scene.band == "small" else \
        SIZES[:3] + SIZES[4:5]
    size = size or rng.choice(sizes)
    view, up = (np.array(v, np.float64) for v in CORNER_VIEW[photo])
    g = up
    for _ in range(40):
        axis = unit(np.cross(view, [rng.gauss(0, 1) for _ in range(3)]))
        a = math.radians(jitter_deg * math.sqrt(rng.random()))
        d = unit(view) * math.cos(a) + np.cross(axis, unit(view)) * math.sin(a)
        fov = rng.uniform(50, 70)
        frac = rng.uniform(*(CORNER_FRACTION[scene.band] if scene else STANDARD_CORNER))
        focal = 0.5 * max(size) / math.tan(math.radians(fov) / 2)
        dist = focal * 3.3 / (frac * min(size))
        target = np.array([rng.uniform(-0.3, 0.3) for _ in range(3)])
        roll = rng.uniform(-8, 8)
        cam = Camera.looking(target + d * dist, target, up, roll, fov, size)
        if _in_frame(cam, _corners_3d(), 0.03):
            break
    image, truth, kind = _compose(cam, lk, state, homes, g, rng, seed, CORNER_FACES[photo],
                                  scene=scene)
    entry = {"photo": photo, "size": list(size), "font": lk.font, "look": lk.name,
             "jitter_deg": round(math.degrees(a), 2), "roll_deg": round(roll, 2),
             "surface": kind, "faces": truth}
    if scene is not None:
        entry["scene"] = scene.truth()
    return Shot(develop(image, rng, nrng, jpeg_quality or rng.randint(60, 90),
                        dim=scene is not None and scene.light == "dim",
                        blur_scale=scene.blur(frac, STANDARD_CORNER[0]) if scene else 1.0),
                entry)
