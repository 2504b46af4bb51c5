"""A webcam-like video: a person shows the six faces in protocol order U R F D L B, holding
each still for a moment (with hand tremor), turning the cube between faces (motion blur).

The webcam is fixed, so the background stays and the cube turns; equivalently the camera
moves around the cube, which is how frames are rendered (camera direction and up vector are
interpolated between the single-face views of two faces).
"""
from __future__ import annotations

import math
import random
from dataclasses import replace

import cv2
import numpy as np

from ..models.cube.geometry import FACES, NORMAL, VIEW_UP
from .background import background
from .camera import Camera, focal_for_fov
from .looks import look
from .photo import PhotoStyle, as_style, compose, draw_light, pick_font
from .scene import face_corners
from .texture import PALETTE

SKIN = [(0.87, 0.67, 0.53), (0.62, 0.43, 0.30), (0.95, 0.80, 0.69), (0.40, 0.27, 0.18)]


def _unit(v):
    v = np.asarray(v, np.float64)
    return v / np.linalg.norm(v)


def _smoothstep(t: float) -> float:
    return t * t * (3 - 2 * t)


def _hand(colour, face: str):
    """An overlay painting a thumb and fingers that hold the cube at the edges of ``face``."""
    def paint(canvas: np.ndarray, cam: Camera) -> None:
        quad, _ = cam.project(face_corners(face))
        left = (quad[0] + quad[3]) / 2
        right = (quad[1] + quad[2]) / 2
        width = np.linalg.norm(right - left)
        axis = _unit(right - left)
        down = np.array([-axis[1], axis[0]])
        layer = np.zeros(canvas.shape[:2], np.float32)
        ang = math.degrees(math.atan2(axis[1], axis[0]))
        thumb = left - axis * width * 0.16 + down * width * 0.05
        cv2.ellipse(layer, tuple(int(v) for v in thumb), (int(width * 0.18), int(width * 0.09)),
                    ang + 70, 0, 360, 1.0, -1)
        for k in range(3):
            tip = right + axis * width * 0.13 + down * width * (k - 1) * 0.2
            cv2.ellipse(layer, tuple(int(v) for v in tip), (int(width * 0.16), int(width * 0.07)),
                        ang, 0, 360, 1.0, -1)
        layer = cv2.GaussianBlur(layer, (0, 0), max(1.0, width * 0.01))[..., None]
        canvas[:] = canvas * (1 - layer) + np.array(colour, np.float32) * layer
    return paint


def video_frames(faces: dict, seed: int, style: PhotoStyle | str = "white", *,
                 size: tuple[int, int] = (320, 240), fps: int = 10, hold_s: float = 0.9,
                 turn_s: float = 0.6, homes: dict | None = None):
    """Yield ``(frame_bgr, info)`` for the whole video; ``info`` has the frame's time, the face
    shown (None while turning) and whether the cube is held still."""
    style = replace(as_style(style), size=size, supersample=2)
    rng = random.Random(f"video:{seed}")
    nrng = np.random.default_rng(rng.getrandbits(64))
    font = pick_font(style, rng)
    w, h = size
    f = focal_for_fov(w, 60)
    dist = f * 6 / (rng.uniform(0.5, 0.62) * min(w, h))
    bg = background(w, h, rng, nrng, 0.6, font)
    light = replace(draw_light(rng, style.difficulty, min(w, h) / 720), motion=0.0, noise=0.002,
                    glare=0)
    colours = None
    if look(style.stickers).stickers != "white":
        colours = {fc: [PALETTE[x]
                        for x in (homes or {}).get(fc, [fc] * 9)] for fc in FACES}
    skin = rng.choice(SKIN)
    poses = [(np.array(NORMAL[fc], np.float64), np.array(VIEW_UP[fc], np.float64)) for fc in FACES]
    schedule = []  # (face index or None, t within phase 0..1, from, to)
    for k in range(6):
        schedule += [(k, i / max(1, int(hold_s * fps)), k, k) for i in range(int(hold_s * fps))]
        if k < 5:
            n = int(turn_s * fps)
            schedule += [(None, (i + 1) / (n + 1), k, k + 1) for i in range(n)]
    prev_dir = None
    for frame, (shown, t, a, b) in enumerate(schedule):
        s = _smoothstep(t) if shown is None else 0.0
        direction = _unit((1 - s) * poses[a][0] + s * poses[b][0])
        up = _unit((1 - s) * poses[a][1] + s * poses[b][1])
        time = frame / fps
        tremor = np.array([math.sin(time * 5.1 + seed), math.sin(time * 3.7 + 1.3 * seed),
                           math.sin(time * 4.3 + 2.1)]) * 0.05
        direction = _unit(direction + tremor)
        drift = np.array([math.sin(time * 1.3), math.cos(time * 1.1), 0.3 * math.sin(time)]) * 0.4
        cam = Camera.look_at(direction * dist + drift, drift, up, f, w, h,
                             roll_deg=4 * math.sin(time * 2.3))
        motion = 0.0
        if prev_dir is not None:
            motion = math.degrees(math.acos(float(np.clip(np.dot(prev_dir, direction), -1, 1))))
        prev_dir = direction
        held = FACES[shown] if shown is not None else (FACES[a] if s < 0.5 else FACES[b])
        lt = replace(light, motion=min(12.0, motion * 0.25),
                     motion_angle=rng.uniform(0, math.pi))
        img, geo = compose(cam, faces, colours, style, font, rng, nrng, lt, bg=bg,
                           overlay=_hand(skin, held))
        yield img, {"frame": frame, "time": round(time, 3),
                    "face": FACES[shown] if shown is not None else None,
                    "still": shown is not None}


def write_video(path: str, frames, fps: int = 10, quality: int = 75) -> list[dict]:
    """Write frames to an MJPG .avi; return the per-frame info list."""
    writer = None
    infos = []
    try:
        for img, info in frames:
            if writer is None:
                h, w = img.shape[:2]
                writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (w, h))
                if not writer.isOpened():
                    raise RuntimeError(f"cannot write video {path} (MJPG codec unavailable)")
                writer.set(cv2.VIDEOWRITER_PROP_QUALITY, quality)
            writer.write(img)
            infos.append(info)
    finally:
        if writer is not None:
            writer.release()
    return infos
