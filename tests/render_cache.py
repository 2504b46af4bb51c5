"""Rendered photos shared by the tests of one run: a photo that several tests (of one file or
of several, on either xdist worker) render with the same arguments is rendered once.

Both renderers are deterministic from their arguments (a photo is drawn from random sources
seeded by its seed; ``tests/test_render_grounds.py`` and ``tests/test_second_renderer.py``
check it), so a photo rendered again is the one on disk. The tests of that determinism render
twice themselves and never come here. Each photo is one ``.npy`` (the image) and one
``.json`` (its truth) in a folder of the run's temporary root, written under a temporary name
and renamed into place, so a worker never reads a half-written file. Arguments are named by
their text (``repr``); one whose text leaves something out (an object's address, an array's
``...``) is not kept, nor is a truth that JSON would not give back equal (tuples, numpy
numbers): that photo is rendered each time."""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import numpy as np

if TYPE_CHECKING:
    from sudoku_cube.render.second import Shot

FOLDER: Path | None = None
"""Where the run keeps its photos (set by ``conftest._render_cache_folder``); None renders
every photo afresh."""


def _key(x: object) -> str:
    """Text that names ``x`` (arguments of a render call) exactly: arrays by their bytes."""
    if isinstance(x, np.ndarray):
        return f"nd{x.dtype}{x.shape}:" + hashlib.sha1(x.tobytes()).hexdigest()
    if isinstance(x, dict):
        return "{" + ",".join(f"{_key(k)}:{_key(v)}" for k, v in x.items()) + "}"
    if isinstance(x, (list, tuple)):
        return f"{type(x).__name__}(" + ",".join(_key(v) for v in x) + ")"
    return repr(x)


def _cached(name: str, render: Callable[[], tuple[np.ndarray, dict]], args: tuple,
            kwargs: dict) -> tuple[np.ndarray, dict]:
    """``render()`` once per run for ``name`` and these arguments: the stored image (a fresh
    array each call, so a test may draw on it) and truth when there is one."""
    text = f"{name}{_key(args)}{_key(kwargs)}"
    if FOLDER is None or " at 0x" in text or "..." in text:
        return render()  # an argument whose text does not name it whole: not kept
    digest = hashlib.sha256(text.encode()).hexdigest()[:32]
    npy, js = FOLDER / f"{digest}.npy", FOLDER / f"{digest}.json"
    if npy.exists() and js.exists():
        return np.load(npy, allow_pickle=False), json.loads(js.read_text(encoding="utf-8"))
    image, truth = render()
    try:
        kept = json.dumps(truth)
    except TypeError:  # a value JSON has no form for
        return image, truth
    if json.loads(kept) == truth:
        FOLDER.mkdir(parents=True, exist_ok=True)
        for path, write in ((npy, lambda f: np.save(f, image, allow_pickle=False)),
                            (js, lambda f: f.write(kept.encode()))):
            tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
            with open(tmp, "wb") as f:
                write(f)
            os.replace(tmp, path)
    return image, truth


def face_photo(*args, **kwargs) -> tuple[np.ndarray, dict]:
    """:func:`sudoku_cube.render.photo.render_face_photo`, rendered once per run."""
    from sudoku_cube.render.photo import render_face_photo

    return _cached("face_photo", lambda: render_face_photo(*args, **kwargs), args, kwargs)


def corner_photo(*args, **kwargs) -> tuple[np.ndarray, dict]:
    """:func:`sudoku_cube.render.photo.render_corner_photo`, rendered once per run."""
    from sudoku_cube.render.photo import render_corner_photo

    return _cached("corner_photo", lambda: render_corner_photo(*args, **kwargs), args, kwargs)


def face_shot(*args, **kwargs) -> Shot:
    """:func:`sudoku_cube.render.second.face_shot` (the exam renderer), rendered once per
    run."""
    from sudoku_cube.render.second import Shot, face_shot

    def render() -> tuple[np.ndarray, dict]:
        shot = face_shot(*args, **kwargs)
        return shot.image, shot.truth

    return Shot(*_cached("face_shot", render, args, kwargs))


def plan_video_frames(*args, **kwargs) -> tuple[np.ndarray, ...]:
    """The frames of :func:`sudoku_cube.render.plan_video.plan_video_frames` (without their
    truths), rendered once per run; read-only, as they are one array."""
    from sudoku_cube.render.plan_video import plan_video_frames

    def render() -> tuple[np.ndarray, dict]:
        return np.stack([f for f, _ in plan_video_frames(*args, **kwargs)]), {}

    frames, _ = _cached("plan_video_frames", render, args, kwargs)
    frames.flags.writeable = False
    return tuple(frames)
