"""A webcam video of a person following a plan, seen from the corner of corner photo A (U, F
and R in view), with slips put in: for each step the hand covers the cube while it turns a
layer, then holds the cube still for a moment.

The webcam stands still; the cube shows, after each step, the state the hand really made (the
plan's move, or the slip put in at that step). Frames carry their truth: the step, whether the
cube is held still, and the real state's tokens. Used by the tests and ``bench watch`` to check
that watch mode catches every slip within one move.
"""
from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Iterator, Sequence

import cv2
import numpy as np

from ..models.cube.moves import Move, move_transform
from ..models.cube.state import CubeState
from ..models.slips.kinds import Slip, slip_transform
from .background import background
from .photo import PhotoStyle, as_style, compose, corner_camera, draw_light, pick_font
from .scene import face_corners
from .video import SKIN, _hand


def _turning_hand(colour, seed: int):
    """An overlay: a hand in front of the cube (fingers over the turning layer)."""
    def paint(canvas: np.ndarray, cam) -> None:
        rng = random.Random(seed)
        pts = np.concatenate([cam.project(face_corners(f))[0] for f in ("U", "F", "R")])
        centre = pts.mean(axis=0)
        size = float(np.ptp(pts[:, 0]))
        layer = np.zeros(canvas.shape[:2], np.float32)
        ang = rng.uniform(0, 180)
        palm = centre + np.array([rng.uniform(-0.1, 0.1), rng.uniform(0.0, 0.25)]) * size
        cv2.ellipse(layer, tuple(int(v) for v in palm), (int(size * 0.38), int(size * 0.27)),
                    ang, 0, 360, 1.0, -1)
        for k in range(4):
            a = math.radians(ang - 60 + 35 * k)
            tip = palm + np.array([math.cos(a), -abs(math.sin(a))]) * size * 0.4
            cv2.line(layer, tuple(int(v) for v in palm), tuple(int(v) for v in tip), 1.0,
                     max(2, int(size * 0.09)))
        layer = cv2.GaussianBlur(layer, (0, 0), max(1.0, size * 0.01))[..., None]
        canvas[:] = canvas * (1 - layer) + np.array(colour, np.float32) * layer
    return paint


def real_states(start: CubeState, moves: Sequence[Move], slips: Sequence[Slip]
                ) -> list[CubeState]:
    """The cube after each step as the hand really made it (slips put in, steps 1-based)."""
    by_step = {s.step - 1: s for s in slips}
    out, cur = [], start.without_candidates()
    for i, m in enumerate(moves):
        t = slip_transform(by_step[i]) if i in by_step else move_transform(m)
        cur = cur.transformed(t)
        out.append(cur)
    return out


def plan_video_frames(start: CubeState, moves: Sequence[Move], slips: Sequence[Slip],
                      seed: int, style: PhotoStyle | str = "white", *,
                      size: tuple[int, int] = (640, 480), hold: int = 3, turn: int = 2,
                      steps: int | None = None) -> Iterator[tuple[np.ndarray, dict]]:
    """Yield ``(frame_bgr, info)``: the cube held still at the start, then for each of the
    first ``steps`` steps ``turn`` frames of a hand covering the cube and ``hold`` frames of
    the cube held still after it. ``info``: ``step`` (steps made), ``still``, ``tokens``."""
    style = replace(as_style(style), size=size, difficulty=min(as_style(style).difficulty, 0.2))
    rng = random.Random(f"planvideo:{seed}")
    nrng = np.random.default_rng(rng.getrandbits(64))
    font = pick_font(style, rng)
    cam, _ = corner_camera("A", rng, style)
    bg = background(size[0], size[1], rng, nrng, 0.3, font)
    light = replace(draw_light(rng, style.difficulty, min(size) / 720), motion=0.0, glare=0)
    skin = rng.choice(SKIN)
    states = [start.without_candidates()] + real_states(start, moves, slips)
    n = len(moves) if steps is None else min(steps, len(moves))
    frame = 0
    for k in range(n + 1):
        if k > 0:
            for j in range(turn):
                img, _ = compose(cam, states[k - 1].faces(), None, style, font, rng, nrng,
                                 replace(light, motion=6.0, motion_angle=rng.uniform(0, 3)),
                                 bg=bg, overlay=_turning_hand(skin, seed * 1000 + frame))
                yield img, {"frame": frame, "step": k - 1, "still": False, "tokens": None}
                frame += 1
        for j in range(hold):
            img, _ = compose(cam, states[k].faces(), None, style, font, rng, nrng, light, bg=bg,
                             overlay=_hand(skin, "F") if j % 2 else None)
            yield img, {"frame": frame, "step": k, "still": True,
                        "tokens": [s.token for s in states[k].stickers]}
            frame += 1
