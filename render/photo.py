"""Photo-like renders of a Sudoku Cube: single-face photos and three-face corner photos.

Everything is decided by the seed (``random.Random`` for parameters, ``numpy`` generators for
pixel noise) and the installed fonts, so the same call always gives the same picture.
Photos follow docs/photos.md: a single-face photo has the face's view-up at the top
(turned by a small in-plane rotation at most); corner photo A looks at the U-R-F corner from
(1, 1, 1) with +y up, photo B at the D-L-B corner from (-1, -1, -1) with -y up.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Sequence

import cv2
import numpy as np

from ..models.cube.geometry import FACES, NORMAL
from ..models.cube.stickers import Sticker, format_token
from ..models.generator.cube3 import random_face
from . import effects, patterned
from .background import background
from .camera import Camera, focal_for_fov, rotation_about
from .fonts import available_fonts, available_serif_fonts, font_path
from .looks import PHOTO_LOOKS, look
from .scene import draw_cube, face_corners
from .texture import BLACK_CUBE, DARK_GREY, PALETTE, PLAIN, Finish, ink_for

LOOKS = {name: look(name).words for name in PHOTO_LOOKS}
"""The sticker looks a photo can have (``PhotoStyle.stickers``), with their words
(:mod:`render.looks`)."""


@dataclass(frozen=True)
class PhotoStyle:
    """How a photo looks. ``stickers``: one of :data:`LOOKS` ("white", "coloured",
    "coloured-white-ink", "black"); ``font``: a font file name (None: the seed picks one of the
    installed bold sans fonts, or for the black cube one of the installed bold serif fonts);
    ``difficulty`` 0..1 scales tilt, rotation, blur, noise, glare, shadows and clutter;
    ``max_tilt_deg`` caps the perspective tilt; ``jpeg_quality`` adds a JPEG round trip inside the
    render (None: none); ``underline_69``: whether 6 and 9 carry their underline, ``bar`` its shape
    (see :func:`render.texture.glyph_mask`); ``ground``: "plain" (a table with clutter, the
    default), "patterned" (a patterned ground, face size and light drawn from the seed,
    :mod:`render.patterned`) or one patterned ground by name (:data:`render.grounds.GROUND_KINDS`);
    a patterned photo draws its own lens and distance for the face size it draws, so ``fov_deg``
    applies to the plain ground only."""

    stickers: str = "white"
    font: str | None = None
    size: tuple[int, int] = (960, 720)
    difficulty: float = 0.4
    max_tilt_deg: float = 25.0
    jpeg_quality: int | None = None
    clutter: float | None = None
    fov_deg: float = 62.0
    supersample: int = 2
    allow_cut: bool = False
    underline_69: bool = True
    bar: tuple[float, float, float] | None = None
    ground: str = "plain"


def look_name(name: str) -> str:
    """The :data:`LOOKS` key of a sticker look name ("colored" spelt either way)."""
    key = name.replace("colored", "coloured")
    if key not in LOOKS:
        raise ValueError(f"unknown photo style {name!r}; use one of: " + ", ".join(LOOKS))
    return key


def as_style(style: "PhotoStyle | str | None") -> PhotoStyle:
    """A PhotoStyle from a style or a sticker look name (:data:`LOOKS`)."""
    if style is None:
        return PhotoStyle()
    if isinstance(style, PhotoStyle):
        return style
    return PhotoStyle(stickers=look_name(style))


def pick_font(style: PhotoStyle, rng: random.Random) -> str:
    """The font path of a style: its named font, or one chosen by the seed (a bold serif for
    the black cube, a bold sans otherwise)."""
    if style.font:
        return str(font_path(style.font))
    fonts = available_serif_fonts() if look(style.stickers).serif else available_fonts()
    return str(fonts[rng.randrange(len(fonts))])


def finish_of(style: PhotoStyle) -> Finish:
    """The body and sticker make of a style's look."""
    return BLACK_CUBE if look(style.stickers).stickers == "grey" else PLAIN


def inks_of(style: PhotoStyle, colours: dict | None) -> dict | None:
    """Per face the ink of each sticker: None (black everywhere) unless the look prints white
    digits on dark stickers."""
    if colours is None or look(style.stickers).ink == "black":
        return None
    return {f: [ink_for(c, True) for c in cs] for f, cs in colours.items()}


def _rngs(seed: int, what: str) -> tuple[random.Random, np.random.Generator]:
    r = random.Random(f"{what}:{seed}")
    return r, np.random.default_rng(r.getrandbits(64))


@dataclass(frozen=True)
class Light:
    """Light and sensor parameters drawn from the seed for one picture."""

    exposure: float
    gradient: float
    vignette: float
    glare: int
    shadow: float
    focus: float
    motion: float
    motion_angle: float
    noise: float
    cast: float
    light_dir: tuple[float, float, float]


def draw_light(rng: random.Random, d: float, scale: float) -> Light:
    """Random light and sensor parameters for difficulty ``d``; blur in pixels times ``scale``."""
    return Light(
        exposure=rng.uniform(0.85 - 0.25 * d, 1.12),
        gradient=rng.uniform(0.05, 0.12 + 0.3 * d),
        vignette=rng.uniform(0.05, 0.15 + 0.45 * d),
        glare=rng.randint(0, round(1 + 3 * d)),
        shadow=rng.uniform(0.2, 0.25 + 0.4 * d) if rng.random() < 0.15 + 0.55 * d else 0.0,
        focus=rng.uniform(0.2, 0.5 + 1.6 * d) * scale,
        motion=rng.uniform(1, 2 + 7 * d) * scale if rng.random() < 0.4 * d else 0.0,
        motion_angle=rng.uniform(0, math.pi),
        noise=rng.uniform(0.004, 0.01 + 0.03 * d),
        cast=rng.uniform(0.1, 0.3 + 0.7 * d),
        light_dir=(rng.uniform(-1, 1), rng.uniform(0.3, 1), rng.uniform(0.2, 1)),
    )


def scene_light(light: Light, scene: patterned.Scene, rng: random.Random,
                scale: float) -> Light:
    """The photo's light changed for a patterned scene's light: dim (dark, noisy, a little
    shaken), glare (more and brighter spots), blurred (out of focus, sometimes shaken); even
    leaves it."""
    if scene.light == "dim":
        return replace(light, exposure=rng.uniform(0.3, 0.55), noise=rng.uniform(0.02, 0.05),
                       vignette=rng.uniform(0.2, 0.5),
                       motion=rng.uniform(1.5, 4) * scale if rng.random() < 0.5 else 0.0)
    if scene.light == "glare":
        return replace(light, glare=rng.randint(3, 6))
    if scene.light == "blurred":
        return replace(light, focus=rng.uniform(1.2, 2.8) * scale,
                       motion=rng.uniform(2, 7) * scale if rng.random() < 0.5 else 0.0)
    return light


def _shade_shadow(canvas: np.ndarray, sil: np.ndarray, sigma: float) -> None:
    """Darken ``canvas`` (changed in place) under the cube's drop shadow: the silhouette
    ``sil`` blurred by ``sigma``. Only the silhouette's box, widened by the blur's reach, is
    blurred and shaded: outside it the blur is exactly 0 and the canvas stays as it is, so the
    picture is the same as blurring and shading the whole (large, supersampled) frame."""
    x, y, bw, bh = cv2.boundingRect((sil > 0).astype(np.uint8))
    if not (bw and bh):
        return
    h, w = sil.shape
    reach = 2 * (int(round(sigma * 4 * 2 + 1)) | 1)  # twice the kernel OpenCV takes for sigma
    x0, y0 = max(0, x - reach), max(0, y - reach)
    x1, y1 = min(w, x + bw + reach), min(h, y + bh + reach)
    blurred = cv2.GaussianBlur(sil[y0:y1, x0:x1], (0, 0), sigma)
    canvas[y0:y1, x0:x1] *= (1 - 0.45 * blurred)[..., None]


def compose(camera: Camera, faces: dict, colours: dict | None, style: PhotoStyle, font: str,
            rng: random.Random, nrng: np.random.Generator, light: Light | None = None,
            bg: np.ndarray | None = None, overlay=None) -> tuple[np.ndarray, dict]:
    """Background, cube drop shadow, cube, then light and sensor effects -> BGR uint8 image and
    the image geometry of the visible faces (quads and sticker centres, final pixels).
    ``overlay(canvas_rgb, scale)`` may paint more (a hand) before the effects."""
    d = style.difficulty
    w, h = camera.width, camera.height
    ss = style.supersample
    big = camera.scaled(ss)
    clutter = style.clutter if style.clutter is not None else 0.2 + 0.8 * d
    if bg is None:
        bg = background(w, h, rng, nrng, clutter, font)
    canvas = cv2.resize(bg, (big.width, big.height), interpolation=cv2.INTER_LINEAR)
    light = light or draw_light(rng, d, min(w, h) / 720)
    # drop shadow of the cube on the table
    sil = np.zeros((big.height, big.width), np.float32)
    for face in FACES:
        corners = face_corners(face)
        if big.sees(corners.mean(axis=0), NORMAL[face]):
            quad, z = big.project(corners)
            if (z > 0).all():
                cv2.fillPoly(sil, [np.round(quad).astype(np.int32)], 1.0)
    off = int(min(big.width, big.height) * 0.03)
    sil = np.roll(sil, (off, off // 2), axis=(0, 1))
    _shade_shadow(canvas, sil, max(1.0, min(big.width, big.height) * 0.02))
    geo = draw_cube(canvas, big, faces, font, colours=colours, light=light.light_dir, rng=nrng,
                    underline_69=style.underline_69, bar=style.bar,
                    inks=inks_of(style, colours), finish=finish_of(style))
    if overlay is not None:
        overlay(canvas, big)
    img = cv2.resize(canvas, (w, h), interpolation=cv2.INTER_AREA)
    img = img * light.exposure
    img = effects.gradient(img, rng, light.gradient)
    if light.shadow:
        img = effects.shadow(img, rng, light.shadow)
    near = [tuple(c / ss) for f in geo["faces"].values() for c in f["centres"]]
    img = effects.glare(img, rng, light.glare, near)
    img = effects.vignette(img, light.vignette)
    img = effects.colour_cast(img, rng, light.cast)
    img = effects.focus_blur(img, light.focus)
    img = effects.motion_blur(img, light.motion, light.motion_angle)
    img = effects.noise(img, nrng, light.noise)
    bgr = effects.to_bgr8(img)
    if style.jpeg_quality:
        bgr = effects.jpeg(bgr, style.jpeg_quality)
    out = {f: {"quad": np.round(g["quad"] / ss, 2).tolist(),
               "centres": np.round(g["centres"] / ss, 2).tolist()}
           for f, g in geo["faces"].items()}
    return bgr, out


def _colours(style: PhotoStyle, homes: Sequence[str] | None, rng: random.Random, k: int):
    """RGB sticker colours: white (None), dark grey (the black cube), or the colour of each
    sticker's home face."""
    made = look(style.stickers).stickers
    if made == "white":
        return None
    if made == "grey":
        return [DARK_GREY] * k
    if homes is None:
        homes = [rng.choice(FACES) for _ in range(k)]
    return [PALETTE[f] for f in homes]


def _inside(quads: list[np.ndarray], w: int, h: int, margin: float) -> bool:
    pts = np.concatenate(quads)
    return bool((pts[:, 0] >= margin).all() and (pts[:, 0] <= w - margin).all()
                and (pts[:, 1] >= margin).all() and (pts[:, 1] <= h - margin).all())


def face_camera(rng: random.Random, style: PhotoStyle, n: int = 3) -> tuple[Camera, dict]:
    """A camera in front of face F (normal +z, up +y): tilted, turned, off-centre, at a
    distance, keeping the face inside the frame (unless the style allows cut faces)."""
    w, h = style.size
    d = style.difficulty
    f = focal_for_fov(w, style.fov_deg)
    for attempt in range(30):
        tilt = rng.uniform(0.2, 1.0) * min(style.max_tilt_deg, 4 + 21 * d)
        azimuth = rng.uniform(0, 2 * math.pi)
        roll = rng.uniform(-1, 1) * (2 + 16 * d)
        frac = rng.uniform(0.5, 0.78) - 0.22 * d * rng.random() - 0.01 * attempt
        dist = f * 2 * n / (frac * min(w, h))
        offx = rng.uniform(-1, 1) * (0.03 + 0.15 * d) * min(w, h) / f * dist
        offy = rng.uniform(-1, 1) * (0.03 + 0.15 * d) * min(w, h) / f * dist
        axis = (math.cos(azimuth), math.sin(azimuth), 0.0)
        direction = rotation_about(axis, math.radians(tilt)) @ np.array([0.0, 0.0, 1.0])
        target = np.array([offx, offy, float(n)])
        cam = Camera.look_at(target + direction * dist, target, (0, 1, 0), f, w, h, roll)
        quad, _ = cam.project(face_corners("F", n))
        if style.allow_cut or _inside([quad], w, h, 0.02 * min(w, h)):
            break
    return cam, {"tilt_deg": round(tilt, 2), "roll_deg": round(roll, 2),
                 "face_fraction": round(frac, 3)}


def render_face_photo(stickers: Sequence[Sticker], seed: int,
                      style: PhotoStyle | str = "white", *,
                      homes: Sequence[str] | None = None) -> tuple[np.ndarray, dict]:
    """A photo of one face (9 stickers in net order), as a phone or webcam would take it.

    ``homes`` names each sticker's home face (its colour in the coloured style). Returns the
    BGR uint8 image and its truth: ``tokens`` (the 9 stickers), ``quad`` (image corners of the
    face outline: top-left, top-right, bottom-right, bottom-left of the face's view), sticker
    ``centres``, the ``size``, ``font`` and camera parameters.
    """
    style = as_style(style)
    stickers = tuple(stickers)
    if len(stickers) != 9:
        raise ValueError(f"a face has 9 stickers, got {len(stickers)}")
    rng, nrng = _rngs(seed, "face")
    font = pick_font(style, rng)
    scene = None if style.ground == "plain" else patterned.draw_scene(style.ground, seed, "face")
    if scene is None:
        cam, params = face_camera(rng, style)
    else:
        d = style.difficulty
        cam, params = patterned.face_camera(rng, style.size,
                                            min(style.max_tilt_deg, 4 + 21 * d), 2 + 16 * d,
                                            scene.band)
    faces = {f: random_face(rng) for f in FACES}
    faces["F"] = stickers
    colours = None
    if look(style.stickers).stickers != "white":
        colours = {f: _colours(style, None, rng, 9) for f in FACES}
        colours["F"] = _colours(style, homes, rng, 9)
    bg, light = _ground(cam, scene, style, seed, "face", (0.0, 0.0, 1.0), rng)
    img, geo = compose(cam, faces, colours, style, font, rng, nrng, light=light, bg=bg)
    truth = {"tokens": [format_token(s) for s in stickers], "quad": geo["F"]["quad"],
             "centres": geo["F"]["centres"], "size": list(style.size),
             "font": font.rsplit("/", 1)[-1], "style": style.stickers, **params,
             **_scene_truth(scene, params)}
    return img, truth


def _ground(cam: Camera, scene: patterned.Scene | None, style: PhotoStyle, seed: int,
            what: str, table_normal: tuple[float, float, float], rng: random.Random
            ) -> tuple[np.ndarray | None, Light | None]:
    """The patterned ground (at the supersampled size) and light of a scene; (None, None)
    on the plain ground, where :func:`compose` draws both."""
    if scene is None:
        return None, None
    bg = patterned.ground_picture(cam.scaled(style.supersample), scene, seed, what,
                                  table_normal)
    scale = min(style.size) / 720
    return bg, scene_light(draw_light(rng, style.difficulty, scale), scene, rng, scale)


def _scene_truth(scene: patterned.Scene | None, params: dict) -> dict:
    """The scene's entries of a photo's truth (none on the plain ground): its ground, light
    and the size band the face share the camera reached falls in."""
    if scene is None:
        return {}
    return {"ground": scene.ground, "band": patterned.band_of(params["face_share"]),
            "light": scene.light}


CORNER_VIEWS = {"A": ((1.0, 1.0, 1.0), (0.0, 1.0, 0.0)),
                "B": ((-1.0, -1.0, -1.0), (0.0, -1.0, 0.0))}
"""Corner photos (docs/photos.md): camera direction from the cube and image-up vector."""


def corner_camera(which: str, rng: random.Random, style: PhotoStyle, n: int = 3
                  ) -> tuple[Camera, dict]:
    """The camera of corner photo ``which`` ("A" or "B"), jittered by the seed."""
    w, h = style.size
    d = style.difficulty
    f = focal_for_fov(w, style.fov_deg)
    direction, up = CORNER_VIEWS[which]
    base = np.array(direction) / math.sqrt(3)
    for attempt in range(30):
        jitter = rng.uniform(0, 3 + 9 * d)
        axis = np.cross(base, rng.choice([(1, 0, 0), (0, 1, 0), (0, 0, 1)]))
        axis = rotation_about(base, rng.uniform(0, 2 * math.pi)) @ axis
        dirv = rotation_about(axis, math.radians(jitter)) @ base
        roll = rng.uniform(-1, 1) * (2 + 10 * d)
        frac = rng.uniform(0.55, 0.8) - 0.2 * d * rng.random() - 0.01 * attempt
        # the cube spans about 2n*sqrt(2) units across in this view
        dist = f * 2 * n * 1.2 / (frac * min(w, h)) + n * math.sqrt(3)
        off = np.array([rng.uniform(-1, 1), rng.uniform(-1, 1), 0]) * (0.02 + 0.1 * d) * n
        cam = Camera.look_at(dirv * dist + off, off, up, f, w, h, roll)
        quads = [cam.project(face_corners(face, n))[0] for face in FACES
                 if cam.sees(face_corners(face, n).mean(axis=0), NORMAL[face])]
        if style.allow_cut or _inside(quads, w, h, 0.02 * min(w, h)):
            break
    return cam, {"jitter_deg": round(jitter, 2), "roll_deg": round(roll, 2)}


def render_corner_photo(faces: dict, which: str, seed: int, style: PhotoStyle | str = "white",
                        *, homes: dict | None = None) -> tuple[np.ndarray, dict]:
    """Corner photo ``which`` ("A": U, F, R; "B": D, L, B) of a cube given as face -> 9
    stickers. Returns the BGR image and its truth: per visible face its tokens, quad (net-view
    corners) and sticker centres."""
    if which not in CORNER_VIEWS:
        raise ValueError(f"corner photo is 'A' or 'B', not {which!r}")
    style = as_style(style)
    rng, nrng = _rngs(seed, f"corner{which}")
    font = pick_font(style, rng)
    what = f"corner{which}"
    scene = None if style.ground == "plain" else patterned.draw_scene(style.ground, seed, what)
    if scene is None:
        cam, params = corner_camera(which, rng, style)
    else:
        d = style.difficulty
        cam, params = patterned.corner_camera(rng, style.size, *CORNER_VIEWS[which],
                                              3 + 9 * d, 2 + 10 * d, scene.band)
    colours = None
    if look(style.stickers).stickers != "white":
        colours = {f: _colours(style, (homes or {}).get(f), rng, 9) for f in FACES}
    bg, light = _ground(cam, scene, style, seed, what, CORNER_VIEWS[which][1], rng)
    img, geo = compose(cam, dict(faces), colours, style, font, rng, nrng, light=light, bg=bg)
    truth = {"photo": which, "size": list(style.size), "font": font.rsplit("/", 1)[-1],
             "style": style.stickers, **params, **_scene_truth(scene, params),
             "faces": {f: {"tokens": [format_token(s) for s in faces[f]], **g}
                       for f, g in geo.items()}}
    return img, truth


def with_size(style: PhotoStyle, size: tuple[int, int]) -> PhotoStyle:
    """The style at another image size."""
    return replace(style, size=size)
