"""The 6/9 underline found on grey levels when the ink mask lost it (hand-made test).

The learned :mod:`vision.underline_model` replaces this test when its shipped weights are
present (it is right more often and says how sure it is); this one remains the fallback, and
its :func:`darkness` image is what the model looks at.

The ink mask often loses the underline: blur joins the thin bar to the digit's bowl, or
glare and defocus leave it too faint for the threshold that suits the thicker strokes. This
test looks at the sticker's grey levels instead, in the frame of the 6/9 shape the
classifiers saw: a *darkness* image (how much darker than the local sticker a pixel is, as a
share of the darkest ink, so an even glare band lowers both and cancels) is turned so the
shape reads as an upright 6, and each end of the glyph (below the bowl, above the tail) is
examined along its centre line for a bar: beyond the last stroke, past a lighter gap, a
thin dark band that runs straight across most of the glyph's width. An underline is
reported only when one end shows such a bar and the other does not; otherwise the reading
keeps both 6 and 9.
"""
from __future__ import annotations

import cv2
import numpy as np

from vision.glyph import rotate_glyph


def darkness(cell: np.ndarray) -> np.ndarray:
    """Ink darkness of a cell (float32, 0 paper .. 1 the darkest ink): the difference from
    the local sticker brightness, divided by the ink's contrast."""
    v = (cell.max(axis=2) if cell.ndim == 3 else cell).astype(np.float32)
    n = v.shape[0]
    k = max(3, (n // 3) | 1)
    paper = cv2.morphologyEx(v, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    paper = cv2.GaussianBlur(paper, (0, 0), n / 16)
    diff = paper - v
    inner = diff[n // 5:-n // 5, n // 5:-n // 5]
    top = float(np.percentile(inner, 98))
    return np.clip(diff / max(top, 1.0), 0.0, 1.0)


def _bar_at_end(dark: np.ndarray, box: tuple[int, int, int, int], below: bool) -> bool:
    """Whether a bar lies at one end of the glyph (``box`` (x0, y0, x1, y1) bounds it in the
    upright-6 frame; ``below``: the end below the bowl, else the one above).

    Column by column across the middle 70% of the glyph, walking inward from beyond the end:
    the first dark pixel starts the outermost band, which must be thin and followed by a
    lighter gap before the next stroke. A bar's outer edge is one straight row across the
    glyph (a curled stroke end or the bowl's round bottom bend away from it), and the gap
    shows in most columns."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    n = dark.shape[0]
    m = max(2, n // 12)  # keep off the cell's border (the cube body between stickers)
    if below:
        rows = np.arange(min(n - m, y1 + int(0.35 * h)), y1 - int(0.35 * h), -1)
    else:
        rows = np.arange(max(m, y0 - int(0.35 * h)), y0 + int(0.35 * h))
    if len(rows) < 6:
        return False
    cols = range(x0 + int(0.15 * w), x1 - int(0.15 * w) + 1)
    edges, thick = [], []
    reach = max(3, int(0.3 * h))
    for x in cols:
        col = cv2.GaussianBlur(dark[rows, x][:, None], (1, 3), 0).ravel()
        on = np.nonzero(col > 0.3)[0]
        if len(on) == 0 or on[0] == 0:
            continue
        k = int(on[0])
        while k + 1 < len(col) and col[k + 1] >= col[k]:
            k += 1  # up to the outer band's darkest row
        peak = float(col[k])
        half = np.nonzero(col[:k + 1] >= peak / 2)[0][0]
        j = k
        while j + 1 < len(col) and col[j + 1] <= col[j] and j - k < reach:
            j += 1  # down into the gap
        valley = float(col[j])
        behind = col[j:j + reach]
        if peak - valley < 0.12 or float(behind.max()) - valley < 0.12:
            continue  # no lighter gap, or no stroke behind it
        fall = j - np.argmax(col[k:j + 1][::-1] >= (peak + valley) / 2) if j > k else k
        edges.append(int(half))
        thick.append(int(fall - half + 1))
    if len(edges) < 0.7 * len(cols):
        return False
    e = np.array(edges)
    spread = float(np.percentile(e, 90) - np.percentile(e, 10))
    return spread <= max(1.5, 0.07 * h) and float(np.median(thick)) <= 0.17 * h


def grey_underline(cell: np.ndarray, body: np.ndarray, six_rot: int) -> int | None:
    """The underline's rotation (as :class:`vision.glyph.GlyphParts` reports it) for a 6/9
    shape read as a 6 turned ``six_rot``, from the cell's grey levels; None when undecided."""
    dark = rotate_glyph(darkness(cell), -six_rot)
    mask = rotate_glyph(body.astype(np.uint8), -six_rot)
    ys, xs = np.nonzero(mask)
    if len(xs) < 10:
        return None
    box = (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
    if box[2] - box[0] < 4 or box[3] - box[1] < 8:
        return None
    below = _bar_at_end(dark, box, True)
    above = _bar_at_end(dark, box, False)
    if below and not above:
        return six_rot % 4  # bar below the 6: a 6 turned six_rot
    if above and not below:
        return (six_rot + 2) % 4  # bar above the 6 shape: a 9 turned six_rot + 2
    return None
