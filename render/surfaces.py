"""The surfaces a cube lies on, painted flat in ground units (:mod:`render.sheet`): a plain
table, wood, a cutting mat, tiles and fabric. Each painter fills a whole sheet from the seeded
generators it is given (:mod:`render.grounds` names them all)."""
from __future__ import annotations

import math
import random

import numpy as np

from .sheet import Sheet, lines, smooth_noise, text_font, tinted

TABLE_COLOURS = ((140, 97, 56), (184, 153, 115), (89, 89, 92), (217, 217, 209), (51, 56, 77),
                 (153, 51, 46), (115, 128, 102), (235, 230, 219), (40, 40, 42))
"""Plain table tops: woods, greys, white, dark blue, red, green, cream, black."""

WOODS = ((0.72, 0.55, 0.36), (0.40, 0.26, 0.16), (0.82, 0.68, 0.48), (0.62, 0.60, 0.56),
         (0.58, 0.32, 0.20), (0.30, 0.20, 0.13))
"""Oak, walnut, pine, grey-washed, cherry and dark stained wood."""


def table(sheet: Sheet, rng: random.Random, nrng: np.random.Generator) -> None:
    """A table top under papers and objects: plain with faint blotches, or wood."""
    if rng.random() < 0.4:
        wood(sheet, rng, nrng, contrast=rng.uniform(0.4, 1.0))
        return
    colour = np.array(tinted(rng.choice(TABLE_COLOURS), rng, 0.05), np.float32) / 255
    w, h = sheet.image.size
    blotch = smooth_noise(nrng, h, w, max(2, h // 300), max(2, w // 300))
    sheet.set_array(colour * (1 + 0.06 * blotch)[..., None])


def wood(sheet: Sheet, rng: random.Random, nrng: np.random.Generator,
         contrast: float = 1.0) -> None:
    """Wooden planks along u: growth rings wavering along the plank, fine streaks, a tint per
    plank and dark seams between planks."""
    us, vs = sheet.coords()
    u0, v0, u1, v1 = sheet.bounds
    h, w = len(vs), len(us)
    base = np.array(rng.choice(WOODS), np.float32) * rng.uniform(0.9, 1.1)
    plank = rng.uniform(8, 22)
    phase = rng.uniform(0, plank)
    index = np.floor((vs - phase) / plank).astype(np.int64)
    k0 = int(index.min())
    tints = nrng.uniform(0.86, 1.1, size=int(index.max()) - k0 + 1).astype(np.float32)
    shifts = nrng.uniform(0, 50, size=len(tints)).astype(np.float32)
    ring = rng.uniform(0.2, 0.8)
    warp = smooth_noise(nrng, h, w, max(2, int((v1 - v0) / 2)), max(2, int((u1 - u0) / 12)))
    vv = vs[:, None] + shifts[index - k0][:, None] + rng.uniform(0.8, 2.5) * warp
    rings = (0.5 + 0.5 * np.sin(2 * math.pi * vv / ring)) ** 3
    streak = smooth_noise(nrng, h, w, max(2, int((v1 - v0) / 0.12)), max(2, int((u1 - u0) / 5)))
    shade = (1 - 0.2 * contrast * rings + 0.07 * contrast * streak) * tints[index - k0][:, None]
    seam = np.abs(((vs - phase) / plank) % 1.0 - 0.5) * plank  # distance from mid-plank
    seam_dark = np.clip((plank / 2 - seam - 0.05) / sheet.unit + 0.5, 0, 1)
    shade = shade * (1 - 0.45 * contrast * (1 - seam_dark))[:, None]
    sheet.set_array(base * shade[..., None])


MATS = (((28, 110, 72), (225, 235, 215)), ((22, 70, 50), (215, 225, 200)),
        ((30, 72, 140), (230, 232, 238)), ((72, 74, 80), (232, 232, 228)),
        ((22, 22, 24), (222, 222, 222)), ((205, 95, 125), (250, 248, 248)),
        ((20, 120, 130), (232, 240, 235)), ((232, 232, 222), (60, 60, 72)))
"""Cutting mats: (mat, print) colours; green, dark green, blue, grey, black, pink, teal and
white with dark print."""


def mat(sheet: Sheet, rng: random.Random, nrng: np.random.Generator) -> None:
    """A self-healing cutting mat on a table: a printed grid of fine lines, bolder every five,
    numbers along its edges, sometimes 45 and 60 degree guides; the cube lies on the mat."""
    table(sheet, rng, nrng)
    colour, ink = rng.choice(MATS)
    colour = tinted(colour, rng, 0.04)
    pitch = rng.choice((1.0, 1.27)) * rng.uniform(0.8, 1.3)
    W, H = rng.choice(((60.0, 45.0), (45.0, 30.0), (90.0, 60.0), (30.0, 22.0)))
    x0, y0 = -rng.uniform(3, W - 3), -rng.uniform(3, H - 3)
    d = sheet.draw()
    d.rounded_rectangle((sheet.xy(x0, y0), sheet.xy(x0 + W, y0 + H)), radius=sheet.px(0.6),
                        fill=colour)
    margin = rng.uniform(1.2, 2.2) * pitch
    gx0, gy0 = x0 + margin, y0 + margin
    n_u, n_v = int((W - 2 * margin) / pitch), int((H - 2 * margin) / pitch)
    gx1, gy1 = gx0 + n_u * pitch, gy0 + n_v * pitch
    fine, bold = rng.uniform(0.025, 0.05), rng.uniform(0.07, 0.14)
    every = rng.choice((5, 5, 10))
    for along_u in (True, False):
        lines(sheet, d, (gx0, gx1), (gy0, gy1), pitch, fine, ink, along_u,
              phase=gy0 if along_u else gx0)
        lines(sheet, d, (gx0, gx1), (gy0, gy1), pitch * every, bold, ink, along_u,
              phase=gy0 if along_u else gx0)
    if rng.random() < 0.5:  # angle guides from a corner of the grid
        for deg in (45, 60, 30)[:rng.randint(1, 3)]:
            a = math.radians(deg)
            for k in range(1, 8):
                r = k * pitch * every
                d.line((sheet.xy(gx0, gy0 + r), sheet.xy(gx0 + r / math.tan(a), gy0)),
                       fill=ink, width=sheet.px(fine * 1.5))
    font = sheet.font(text_font(rng), pitch * rng.uniform(0.45, 0.7))
    step = rng.choice((1, every))
    for i in range(0, n_u + 1, step):
        for y in (gy0 - margin / 2, gy1 + margin / 2):
            d.text(sheet.xy(gx0 + i * pitch, y), str(i), font=font, fill=ink, anchor="mm")
    for j in range(0, n_v + 1, step):
        for x in (gx0 - margin / 2, gx1 + margin / 2):
            d.text(sheet.xy(x, gy0 + j * pitch), str(j), font=font, fill=ink, anchor="mm")
    w, h = sheet.image.size
    sheet.set_array(sheet.array() * (1 + 0.03 * smooth_noise(nrng, h, w, 8, 8))[..., None])


TILE_COLOURS = ((0.92, 0.92, 0.90), (0.85, 0.78, 0.65), (0.55, 0.56, 0.57), (0.72, 0.38, 0.25),
                (0.35, 0.55, 0.75), (0.40, 0.60, 0.50), (0.12, 0.12, 0.13), (0.95, 0.95, 0.96))
GROUTS = ((0.82, 0.82, 0.79), (0.30, 0.30, 0.30), (0.95, 0.95, 0.93), (0.55, 0.52, 0.48))


def tiles(sheet: Sheet, rng: random.Random, nrng: np.random.Generator) -> None:
    """Floor or wall tiles with grout: from 2.5-unit mosaic to 30-unit floor tiles, square
    grid or running bond, one colour or a checkerboard of two, each tile a little different,
    sometimes speckled."""
    us, vs = sheet.coords()
    side = rng.choice((2.5, 5.0, 10.0, 15.0, 20.0, 30.0)) * rng.uniform(0.9, 1.15)
    grout = min(rng.uniform(0.12, 0.5), side * 0.1)
    colour = np.array(rng.choice(TILE_COLOURS), np.float32)
    second = np.array(rng.choice(TILE_COLOURS), np.float32) if rng.random() < 0.25 else colour
    joint = np.array(rng.choice(GROUTS), np.float32)
    pu, pv = rng.uniform(0, side), rng.uniform(0, side)
    row = np.floor((vs - pv) / side)
    shift = (row % 2) * side / 2 if rng.random() < 0.3 else 0 * row
    fu = (us[None, :] - pu + shift[:, None]) / side
    col = np.floor(fu)
    fv = ((vs - pv) / side - row)[:, None]
    fu = fu - col
    dist = np.minimum(np.minimum(fu, 1 - fu), np.minimum(fv, 1 - fv)) * side  # to the edge
    inside = np.clip((dist - grout / 2) / sheet.unit + 0.5, 0, 1)
    ids = (col.astype(np.int64) * 7919 + row[:, None].astype(np.int64) * 104729) % 9973
    tint = nrng.uniform(0.9, 1.06, size=9973).astype(np.float32)[ids]
    pick = ((col + row[:, None]) % 2 == 1)[..., None]
    face = np.where(pick, second, colour) * tint[..., None]
    if rng.random() < 0.3:  # terrazzo or speckled glaze
        grain = nrng.standard_normal(face.shape[:2]).astype(np.float32)
        face = face * (1 + 0.08 * grain)[..., None]
    img = face * inside[..., None] + joint * (1 - inside[..., None])
    sheet.set_array(img)


FABRICS = ((0.85, 0.15, 0.15), (0.15, 0.25, 0.55), (0.95, 0.95, 0.92), (0.12, 0.12, 0.14),
           (0.20, 0.50, 0.30), (0.90, 0.75, 0.20), (0.55, 0.55, 0.58), (0.45, 0.25, 0.45),
           (0.80, 0.55, 0.40), (0.30, 0.65, 0.80))


def _stripes(coord: np.ndarray, rng: random.Random, palette: list) -> np.ndarray:
    """Colours (N x 3) of a repeating band sequence along one axis."""
    widths = [rng.uniform(0.2, 2.5) for _ in range(rng.randint(2, 6))]
    colours = np.array([palette[i % len(palette)] for i in range(len(widths))], np.float32)
    edges = np.cumsum(widths)
    pos = (coord - rng.uniform(0, edges[-1])) % edges[-1]
    return colours[np.searchsorted(edges, pos, side="right").clip(0, len(widths) - 1)]


def fabric(sheet: Sheet, rng: random.Random, nrng: np.random.Generator) -> None:
    """Cloth: stripes, or checks (gingham and tartan: two stripe sets crossed), with a fine
    weave and soft folds."""
    us, vs = sheet.coords()
    palette = [rng.choice(FABRICS) for _ in range(rng.randint(2, 4))]
    across = _stripes(us, rng, palette)
    if rng.random() < 0.45:
        img = np.broadcast_to(across[None, :, :], (len(vs), len(us), 3))
    else:
        down = _stripes(vs, rng, palette)
        img = 0.5 * (across[None, :, :] + down[:, None, :])
    weave = rng.uniform(0.05, 0.15)
    texture = (np.sin(2 * math.pi * us / weave)[None, :]
               * np.sin(2 * math.pi * vs / weave)[:, None])
    h, w = len(vs), len(us)
    folds = smooth_noise(nrng, h, w, max(2, h // 250), max(2, w // 250))
    sheet.set_array(img * (1 + 0.05 * texture + 0.1 * folds)[..., None])
