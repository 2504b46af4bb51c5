"""Straightening the face and cutting its 9 cells; ink versus sticker on the HSV V channel.

The V channel (max of B, G, R) is high on white *and* coloured stickers and low on black ink,
so the same threshold works for both sticker styles. Each cell is compared with a local estimate
of the sticker's brightness (a grey closing that erases the thin ink strokes): ink is what lies
well *below* that level, measured as a difference. Glare adds light to ink and sticker alike, so
the difference keeps a stroke's contrast under a glare band where a ratio would let it fade
below a threshold set by the unglared strokes.
"""
from __future__ import annotations

import functools

import cv2
import numpy as np

from sudoku_cube.vision.detect import FaceGeometry
from sudoku_cube.vision.stats import channel_medians, closing, median, percentile, percentiles

CELL = 80
"""Side of one straightened cell in pixels (the face is 3 * CELL square)."""

INK_SHARE = 0.3
"""Ink threshold as a share of the way from the sticker's level to the darkest ink (3% of the
cell's centre): low enough to keep strokes thinned by defocus or dimmed by glare."""


def warp_face(image: np.ndarray, geometry: FaceGeometry, cell: int = CELL) -> np.ndarray:
    """The face straightened into a (3*cell)x(3*cell) image, sticker centres at cell centres."""
    return _straightened(image, geometry, cell, (-0.5, -0.5), 3)


def _straightened(image: np.ndarray, geometry: FaceGeometry, cell: int,
                  corner: tuple[float, float], cells: int) -> np.ndarray:
    """A window of ``cells`` x ``cells`` cells of the face's lattice, its top left at
    ``corner`` (lattice units, sticker centres at whole numbers), straightened ``cell``
    pixels per cell."""
    to_lattice = np.array([[1.0 / cell, 0, corner[0]], [0, 1.0 / cell, corner[1]], [0, 0, 1]])
    side = cells * cell
    return cv2.warpPerspective(image, geometry.homography @ to_lattice, (side, side),
                               flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


def cell_beside(image: np.ndarray, geometry: FaceGeometry, index: int, dx: float, dy: float,
                cell: int = CELL) -> np.ndarray:
    """Cell ``index`` (0-8, row by row) of the face straightened as by :func:`warp_face`,
    its window moved ``dx``, ``dy`` cells (lattice columns, rows) across the photo: a second
    look beside a cell whose face was placed a little off, so its digit reaches the border."""
    r, c = divmod(index, 3)
    return _straightened(image, geometry, cell, (c - 0.5 + dx, r - 0.5 + dy), 1)


def cut_cells(face: np.ndarray, normalise: bool = True) -> list[np.ndarray]:
    """The 9 cells of a straightened face, row by row; with ``normalise`` each in dark ink on
    a light sticker, whatever its print (polarity per cell, outvoted by its like-coloured
    neighbours when unclear: :func:`light_inks`)."""
    c = face.shape[0] // 3
    cells = [face[r * c:(r + 1) * c, k * c:(k + 1) * c] for r in range(3) for k in range(3)]
    return normalised(cells) if normalise else cells


def normalised(cells: list[np.ndarray]) -> list[np.ndarray]:
    """The cells of one face each in dark ink on a light sticker (:func:`light_inks`): a cell
    printed in dark ink is returned as it is (the same object), one in light ink as its
    luminance inverted."""
    return [as_dark_ink(x, light) for x, light in zip(cells, light_inks(cells))]


def as_dark_ink(cell: np.ndarray, light: bool) -> np.ndarray:
    """The cell itself, or (``light``: its digit is lighter than its sticker) its luminance
    inverted, so that the ink is dark."""
    return 255 - gray(cell) if light else cell


def unclear_polarity(cell: np.ndarray) -> bool:
    """Whether a cell's own evidence on its ink's polarity is weak (:data:`UNCLEAR_VOTE`): a
    glare patch on a dark sticker, as light as its white digit, makes the sticker between
    the strokes look like dark ink."""
    return abs(polarity_vote(cell)) < UNCLEAR_VOTE


def stroke_width(mask: np.ndarray) -> float:
    """Mean stroke width of an ink mask in pixels: twice its area over the length of its
    outlines (a stroke of length L and width w has area L w and outline about 2 L); 0 for
    no ink."""
    m = mask.astype(np.uint8)
    if not m.any():
        return 0.0
    contours, _ = cv2.findContours(m, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    length = sum(cv2.arcLength(c, True) for c in contours)
    return 2.0 * float(m.sum()) / max(length, 1.0)


BLOB_DISC = 2.0
"""Diameter, in stroke widths, of the disc that :func:`without_blobs` fits into ink: broader
dark parts are glare (inverted) or shadow, not strokes."""


def without_blobs(cell: np.ndarray, width: float) -> np.ndarray:
    """A normalised cell (dark ink on a light sticker) with its broad dark blobs lifted to the
    sticker's level, as a single channel (its V channel). A glare spot on a dark sticker is
    as bright as the white digit, so once inverted it is a dark blob like the ink; but it is
    broad and smooth where ink is strokes of one width. A grey closing with a disc
    :data:`BLOB_DISC` stroke widths across erases the strokes and keeps such blobs; what it
    keeps below the sticker's median level (smoothed) is added back."""
    v = value_channel(cell)
    n = v.shape[0]
    k = max(3, int(round(BLOB_DISC * width)) | 1)
    keep = cv2.morphologyEx(v, cv2.MORPH_CLOSE,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    keep = cv2.GaussianBlur(keep.astype(np.float32), (0, 0), n / 40)
    c = slice(n // 5, n - n // 5)
    lift = np.maximum(median(keep[c, c]) - keep, 0)
    return np.clip(v.astype(np.float32) + lift, 0, 255).astype(np.uint8)


SAME_HUE = 12.0
"""Stickers whose colours lie closer than this in the CIELAB a*b* plane (lightness left out:
glare and shade change it) are printed alike: one colour, one ink."""
UNCLEAR_VOTE = 1.0
"""A cell's own polarity vote (:func:`polarity_vote`) weaker than this may be outvoted."""


def light_inks(cells: list[np.ndarray]) -> list[bool]:
    """Per cell, whether its digit is lighter than its sticker (:func:`light_ink`); a cell
    whose own evidence is unclear takes the verdict of the stickers of its colour on the
    face (at least three, median vote): a cube prints one colour in one ink, and a glare spot
    on a dark sticker can make its white digit look dark."""
    votes = np.array([polarity_vote(x) for x in cells])
    own = [bool(v > 0) for v in votes]
    if cells[0].ndim != 3:
        return own
    typical = np.array([channel_medians(x) for x in cells]).astype(np.uint8)
    # one conversion for all cells: per pixel it is the same, and each call costs ~0.5 ms
    ab = cv2.cvtColor(typical.reshape(1, -1, 3), cv2.COLOR_BGR2LAB)[0, :, 1:].astype(np.float32)
    out = []
    for i, v in enumerate(votes):
        near = np.linalg.norm(ab - ab[i], axis=1) < SAME_HUE
        group = float(np.median(votes[near]))
        unclear = abs(v) < UNCLEAR_VOTE and near.sum() >= 3 and abs(group) > 0.3
        out.append(group > 0 if unclear else own[i])
    return out


def polarity_vote(cell: np.ndarray) -> float:
    """Log of how much more the light thin strokes of a cell stand out than its dark ones,
    past :data:`LIGHT_INK_MARGIN`: positive for light ink (see :func:`light_ink`). The mean
    of that log-ratio against two estimates of the sticker's level: the median of the
    cell's centre, and the band round the digit (:func:`ring_level`). Under the black cube's
    big bold serif digits the centre's median lies between ink and sticker, so the sticker
    showing in the counters passed for dark ink and white digits were cut as dark ones; the
    band sees the sticker itself there. Under a glare spot in the middle of a sticker the
    band is darker than the sticker round the digit, and dark ink lighter than the band would
    pass for light ink; the centre's median sees the glared sticker. Each errs where the
    other holds, and a cell whose two votes disagree is left to its like-coloured neighbours
    (:func:`light_inks`)."""
    g, v = gray(cell), value_channel(cell)
    light_strokes, dark_strokes = _thin(g, cv2.MORPH_TOPHAT), _thin(v, cv2.MORPH_BLACKHAT)
    votes = []
    for level in (_centre_median, ring_level):
        light = _thin_contrast(light_strokes, level(g))
        dark = _thin_contrast(dark_strokes, level(v))
        votes.append(np.log(max(light, 1e-3) / (LIGHT_INK_MARGIN * max(dark, 1e-3))))
    return float(np.mean(votes))


LIGHT_INK_MARGIN = 2.0
"""Light ink must stand out this many times more than dark ink to be taken for the digit:
on renders of every look the two differ by a factor of 3 or more (dark ink at most 1.4 times
the light on blurred white stickers, white digits at least 3 times the dark)."""


def light_ink(cell: np.ndarray) -> bool:
    """True when the digit of a cell is lighter than its sticker (white digits on dark grey or
    on dark colours): ink is what stands out from the sticker's level (:func:`polarity_vote`)
    *and* is thin (a top-hat or black-hat about a stroke wide): a broad glare spot or shadow
    is not thin, and the counters of a digit (the sticker showing between its strokes) are
    thin but at the sticker's level. Dark ink is measured on the V channel (black stands out
    from every colour there, red included), light ink on the luminance (white stands out from
    red, blue and green there); the stronger (97th percentile inside the cell) wins, the
    light by :data:`LIGHT_INK_MARGIN`."""
    return polarity_vote(cell) > 0


def _centre_median(g: np.ndarray) -> float:
    """The median of a single-channel cell's centre (the part :func:`_thin_contrast` reads)."""
    n = g.shape[0]
    c = slice(n // 6, n - n // 6)
    return median(g[c, c])


def _thin(g: np.ndarray, op: int) -> tuple[np.ndarray, np.ndarray, int]:
    """What :func:`_thin_contrast` reads of a single-channel cell, whatever the sticker's
    level: inside the cell, its thin strokes above (``MORPH_TOPHAT``) or below
    (``MORPH_BLACKHAT``) their surroundings, its values, and ``op`` (taken once per cell, not
    once per level)."""
    n = g.shape[0]
    se = cv2.getStructuringElement(cv2.MORPH_RECT, (max(3, n // 5), max(3, n // 5)))
    c = slice(n // 6, n - n // 6)
    return cv2.morphologyEx(g, op, se)[c, c], g[c, c].astype(np.float32), op


def _thin_contrast(strokes: tuple[np.ndarray, np.ndarray, int], level: float) -> float:
    """97th percentile, inside the cell, of how far thin strokes (:func:`_thin`) lie above
    (``MORPH_TOPHAT``) or below (``MORPH_BLACKHAT``) the sticker's ``level``."""
    hat, inner, op = strokes
    away = inner - level if op == cv2.MORPH_TOPHAT else level - inner
    return percentile(np.minimum(hat, away), 97)


RING = (0.1, 0.18)
"""The band, in shares of the cell's side from its border, whose median is the sticker's own
level (:func:`ring_level`): inside the sticker's edge, outside the digit (digits stand at most
two thirds of the sticker high, centred)."""


def ring_level(g: np.ndarray) -> float:
    """The sticker's level in a single-channel cell: the median of the band :data:`RING`
    round the digit (see :func:`polarity_vote`)."""
    n = g.shape[0]
    a, b = int(RING[0] * n), int(round(RING[1] * n))
    band = np.concatenate([g[a:b, a:n - a].ravel(), g[n - b:n - a, a:n - a].ravel(),
                           g[b:n - b, a:b].ravel(), g[b:n - b, n - b:n - a].ravel()])
    return median(band)


def gray(img: np.ndarray) -> np.ndarray:
    """Luminance (gray images pass through): white digits stand out from red, blue and green
    stickers here, where the V channel of a red sticker is nearly as high as white."""
    return cv2.cvtColor(img, cv2.COLOR_BGR2GRAY) if img.ndim == 3 else img


def dark_ink(cell: np.ndarray) -> np.ndarray:
    """The cell as the recognisers expect it, dark ink on a light sticker: unchanged when its
    ink is darker than the sticker, else its luminance inverted (a gray image)."""
    return 255 - gray(cell) if light_ink(cell) else cell


def value_channel(img: np.ndarray) -> np.ndarray:
    """The HSV V channel: max of the colour channels (gray images pass through); taken
    channel by channel, over ten times faster than numpy's reduction over the last axis of a
    cell."""
    if img.ndim != 3:
        return img
    return np.maximum(np.maximum(img[..., 0], img[..., 1]), img[..., 2])


def sticker_level(cell: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The V channel of a cell (float32) and the local sticker brightness under it: a grey
    closing with a disc, which erases the thin ink strokes, smoothed (a disc, not a square:
    a square also fills in the rounded edges of a glare spot next to a stroke, which then
    stand out as ink). Both read-only: an unsure cell is cut several times (the second looks
    of :mod:`vision.second_look`) and the closing, the costliest step, is computed once per
    cell (the last :data:`CACHED_CELLS` cells are kept by their pixels)."""
    return _sticker_level(*_key(cell))


def _key(cell: np.ndarray) -> tuple[bytes, tuple[int, ...], str]:
    """A cell's pixels, shape and type: the key under which its levels are kept."""
    return np.ascontiguousarray(cell).tobytes(), cell.shape, cell.dtype.str


def _cell_of(data: bytes, shape: tuple[int, ...], dtype: str) -> np.ndarray:
    return np.frombuffer(data, dtype).reshape(shape)


CACHED_CELLS = 32
"""Cells whose sticker levels and ink contrast are kept (a face's nine and their second cuts)."""


@functools.lru_cache(maxsize=CACHED_CELLS)
def _sticker_level(data: bytes, shape: tuple[int, ...], dtype: str
                   ) -> tuple[np.ndarray, np.ndarray]:
    cell = _cell_of(data, shape, dtype)
    v = _frame_capped(cell, value_channel(cell).astype(np.float32))
    n = v.shape[0]
    k = max(3, (n // 3) | 1)
    paper = closing(v, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    return _frozen(v), _frozen(cv2.GaussianBlur(paper, (0, 0), n / 16))


def _frozen(a: np.ndarray) -> np.ndarray:
    """``a`` made read-only (it is shared through the caches)."""
    a.flags.writeable = False
    return a


LIGHT_FRAME = 10.0
"""Grey levels by which a cell's border must stand above its sticker (90th percentile of the
centre) to count as a light body round the sticker (:func:`_frame_capped`)."""


def _frame_capped(cell: np.ndarray, v: np.ndarray) -> np.ndarray:
    """The V channel ``v`` with a light frame brought down to the sticker's level. On a white
    or light body the cell's border (the body round an inset sticker) is brighter than a
    coloured sticker: the closing of :func:`sticker_level` then takes the body for the
    sticker's level near its edge, the whole sticker there looks like ink, and a digit
    reaching it is dropped with everything touching the border (read as no digit, a 1).
    Only colour cells (dark ink; an inverted cell's light frame is a dark groove, which is
    right as it is) whose border's median stands :data:`LIGHT_FRAME` above the sticker."""
    if cell.ndim != 3:
        return v
    n = v.shape[0]
    r = max(2, n // 12)
    ring = np.concatenate([v[:r].ravel(), v[-r:].ravel(), v[:, :r].ravel(), v[:, -r:].ravel()])
    c = slice(n // 5, n - n // 5)
    sticker = percentile(v[c, c], 90)
    return np.minimum(v, sticker) if median(ring) > sticker + LIGHT_FRAME else v


def ink_darkness(cell: np.ndarray) -> np.ndarray:
    """Ink darkness of a cell (float32, 0 paper .. 1 the darkest ink): how much darker than
    the local sticker level each pixel is, as a share of the ink's contrast (98th percentile
    inside the cell), so an even glare band lowers ink and paper alike and cancels."""
    v, paper = sticker_level(cell)
    n = v.shape[0]
    diff = paper - v
    top = percentile(diff[n // 5:-n // 5, n // 5:-n // 5], 98)
    return np.clip(diff / max(top, 1.0), 0.0, 1.0)


MIN_CONTRAST = 8.0
"""Grey levels the darkest ink must lie below the sticker's level (and 1.5 times the spread of
the sticker's own levels), else the sticker counts as blank. A difference, not a ratio: once
white digits on a dark sticker are inverted, dim or blurred strokes are only a few tens of
grey levels below a light level, which a ratio test took for a blank sticker."""


def _ink_contrast(cell: np.ndarray) -> tuple[np.ndarray, float, float] | None:
    """How much darker than the local sticker level each pixel is (the difference, read-only),
    the median and the 97th percentile of that difference inside the cell; None for a blank
    sticker (nothing stands out from the sticker's level and its noise,
    :func:`sticker_spread`). Kept per cell, as :func:`sticker_level`."""
    return _cached_ink_contrast(*_key(cell))


@functools.lru_cache(maxsize=CACHED_CELLS)
def _cached_ink_contrast(data: bytes, shape: tuple[int, ...], dtype: str
                         ) -> tuple[np.ndarray, float, float] | None:
    v, paper = _sticker_level(data, shape, dtype)
    n = v.shape[0]
    c = slice(n // 5, -(n // 5))
    diff = paper - v
    level, noise, top = sticker_spread(diff[c, c])
    if top - level < max(MIN_CONTRAST, 1.5 * noise):
        return None
    return _frozen(diff), median(diff[c, c]), top  # the threshold's base: the median


def sticker_spread(inner: np.ndarray) -> tuple[float, float, float]:
    """The sticker's level, its noise (a standard deviation) and the ink's level (97th
    percentile) among the differences ``inner`` to the local sticker brightness. The sticker
    is the lower part: its level is the :data:`PAPER_QUANTILE` quantile and its noise the
    spread below that, not the median and its absolute deviation, which a large serif digit
    covering half the centre turns into ink and a spread as wide as the ink's contrast (the
    digit was then taken for a blank sticker)."""
    lo, level, top = percentiles(inner, (5, 100 * PAPER_QUANTILE, 97))
    return level, (level - lo) / PAPER_SPREAD_Z, top


PAPER_QUANTILE = 0.3
"""Quantile of the centre's differences taken for the sticker's level: below the ink's share
of the centre on every print (the boldest serif digits cover under half of it)."""
PAPER_SPREAD_Z = 1.12
"""Normal quantile gap between the 5% and the 30% point (1.645 - 0.524): turns the gap into
a standard deviation when the lower 30% are all sticker."""


def _inner_components(mask: np.ndarray) -> np.ndarray:
    """The components of a mask that keep off the cell border and are not tiny specks, nor
    small rim pieces (:func:`_rim_pieces`)."""
    n = mask.shape[0]
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    keep = np.zeros(count, bool)
    m = max(2, n // 14)
    for i in range(1, count):
        x, y, w, h, a = stats[i]
        touches = x < m or y < m or x + w > n - m or y + h > n - m
        if not touches and a >= n * n * 0.0015:
            keep[i] = True
    keep[_rim_pieces(labels, stats, keep)] = False
    return keep[labels]


RIM_BAND = 0.15
"""Share of the cell's side along its border where the sticker's own edge lies, and no
digit: see :func:`_rim_pieces`."""
RIM_PIECE = 0.15
"""A piece lying wholly in the rim band is dropped when its area is under this share of the
largest piece's."""


def _rim_pieces(labels: np.ndarray, stats: np.ndarray, keep: np.ndarray) -> list[int]:
    """The kept components lying wholly within :data:`RIM_BAND` of the cell's border and
    small beside the largest (:data:`RIM_PIECE`): arcs of the sticker's rounded edge where a
    light body shows round it (the groove between sticker and body is dark and thin, so it
    is cut as ink, in pieces that keep off the border). Joined to the digit they stretch its
    box to the sticker's size (a digit read as a thin 1), or pass for its underline."""
    ids = [i for i in range(1, len(stats)) if keep[i]]
    if len(ids) < 2:
        return []
    n = labels.shape[0]
    biggest = max(int(stats[i, cv2.CC_STAT_AREA]) for i in ids)
    band = RIM_BAND * n
    inner = np.zeros(labels.shape, bool)
    r = int(np.ceil(band))
    inner[r:n - r, r:n - r] = True
    out = []
    for i in ids:
        if stats[i, cv2.CC_STAT_AREA] < RIM_PIECE * biggest and not (inner & (labels == i)).any():
            out.append(i)
    return out


def ink_mask(cell: np.ndarray, share: float = INK_SHARE) -> np.ndarray:
    """Boolean mask of the digit's ink in one straightened cell.

    Pixels darker than the local sticker brightness by more than a share of the ink's
    contrast (a difference, so an even glare band does not cancel it), minus everything
    connected to the cell border (the body between stickers, rounded sticker corners) and
    tiny specks. ``share``: the threshold (see :data:`INK_SHARE`).
    """
    return _cut(cell, share)


def _cut(cell: np.ndarray, share: float, rim: float = 0.0) -> np.ndarray:
    """The ink at threshold ``share`` (see :func:`ink_mask`); ``rim``:
    the share of the cell's side along its border that is left out before the parts
    touching the border are dropped."""
    contrast = _ink_contrast(cell)
    if contrast is None:
        return np.zeros(cell.shape[:2], bool)  # no ink at all: a blank sticker
    diff, level, top = contrast
    return _inner_components(_inside_rim(diff > level + share * (top - level), rim))


def _inside_rim(mask: np.ndarray, rim: float) -> np.ndarray:
    """``mask`` without the band of ``rim`` (a share of the cell's side) along the border."""
    if rim:
        r = int(round(rim * mask.shape[0]))
        inside = np.zeros_like(mask)
        inside[r:-r, r:-r] = True
        mask &= inside
    return mask


def face_contrast(cells: list[np.ndarray]) -> float | None:
    """The typical contrast of a face's print: the median, over its cells with ink, of how
    far the ink (97th percentile) lies from the sticker's level (:func:`_ink_contrast`); None
    when fewer than five cells show ink. One ink prints every sticker of a face, so a cell
    whose contrast lies far above it holds glare brighter than the print."""
    spans = [c[2] - c[1] for c in map(_ink_contrast, cells) if c is not None]
    return float(np.median(spans)) if len(spans) >= 5 else None


def ink_rise(cell: np.ndarray, contrast: float) -> float:
    """How far a cell's brightest ink (99.5th percentile of its difference to the sticker's
    level, inside its border) rises above the sticker, in times the face's print
    ``contrast`` (:func:`face_contrast`): about 1 for a digit in the face's print, more where
    glare brighter than the print lies on the sticker or the strokes; 0 for a blank one."""
    got = _ink_contrast(cell)
    if got is None:
        return 0.0
    diff, level, _ = got
    k = diff.shape[0] // 6
    return (percentile(diff[k:-k, k:-k], 99.5) - level) / max(contrast, 1e-6)


GLARE_DISC = 1.5
"""Diameter, in stroke widths, of the disc :func:`glare_free_ink_mask` measures a stroke's
surroundings with: wide enough to pass over a stroke, narrow enough to fit into a glare
streak barely wider than one."""


def glare_free_ink_mask(cell: np.ndarray, width: float, contrast: float,
                        share: float = INK_SHARE, rim: float = 0.0) -> np.ndarray:
    """The ink of a normalised cell that stands out from its own surroundings by ``share``
    of the face's print ``contrast`` (:func:`face_contrast`), inside ``rim``. The
    surroundings are a grey opening of the darkness with a disc :data:`GLARE_DISC` stroke
    widths (``width``) across, which erases the strokes and keeps what is broader: glare
    (dark once a light-ink cell is inverted) adds light to sticker and print alike, so a
    stroke under a glare streak still stands out from the streak by the print's contrast
    and the streak itself, broad and smooth, does not. The threshold is the face's, not the
    cell's: glare brighter than the print raises the cell's own ink level and with it a
    threshold that then drops the unglared strokes."""
    got = _ink_contrast(cell)
    if got is None:
        return np.zeros(cell.shape[:2], bool)
    diff, level, _ = got
    n = diff.shape[0]
    k = max(3, int(round(GLARE_DISC * width)) | 1)
    base = cv2.morphologyEx(diff, cv2.MORPH_OPEN,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    base = np.maximum(cv2.GaussianBlur(base, (0, 0), n / 40), level)
    return _inner_components(_inside_rim(diff - base > share * contrast, rim))


def cut_sides(cell: np.ndarray, share: float = INK_SHARE) -> list[tuple[int, int]]:
    """The sides of a normalised cell where its digit seems cut off, as moves towards them
    ((-1, 0) left, (1, 0) right, (0, -1) up, (0, 1) down): a large ink part (the usual
    threshold) touches that side over less than :data:`CUT_ALONG` of it (the body between
    stickers and the sticker's edge run the whole side) and reaches :data:`CUT_DEPTH` into
    the cell."""
    got = _ink_contrast(cell)
    if got is None:
        return []
    diff, level, top = got
    n = diff.shape[0]
    count, _, stats, _ = cv2.connectedComponentsWithStats(
        (diff > level + share * (top - level)).astype(np.uint8), connectivity=8)
    m = max(2, n // 14)
    sides: set[tuple[int, int]] = set()
    for x, y, w, h, a in stats[1:]:
        if a < CUT_AREA * n * n:
            continue
        for touches, along, depth, move in ((x < m, h, w, (-1, 0)), (x + w > n - m, h, w, (1, 0)),
                                            (y < m, w, h, (0, -1)), (y + h > n - m, w, h, (0, 1))):
            if touches and along < CUT_ALONG * n and depth >= CUT_DEPTH * n:
                sides.add(move)
    return sorted(sides)


CUT_AREA = 0.03
"""Smallest share of the cell's area of an ink part that :func:`cut_sides` takes for a
digit cut off."""
CUT_ALONG = 0.75
"""How much of a side (share) a digit cut off at it may cover, at most."""
CUT_DEPTH = 0.25
"""How far (share of the side) a digit cut off at a side reaches into the cell, at least."""


PEEL = 0.17
"""Share of the cell's side along its border that :func:`peeled_ink_mask` leaves out: the
digit keeps inside it on every cube, the sticker's edge and the body lie in it."""


def peeled_ink_mask(cell: np.ndarray, share: float = INK_SHARE) -> np.ndarray:
    """The ink without the cell's rim (:data:`PEEL`): a glare streak or shadow that touches
    the digit *and* reaches the sticker's edge would otherwise take the digit with it when
    everything touching the border is dropped. Only a second look (unsure cells) uses it."""
    return _cut(cell, share, PEEL)


def grown_ink_mask(cell: np.ndarray, core: float = 0.5, share: float = INK_SHARE) -> np.ndarray:
    """The ink grown from its dark core: the strokes above the stricter ``core`` threshold
    that keep off the border, grown a few pixels into the pixels above ``share``
    (hysteresis, as edge detectors do). A stroke that the usual threshold joins to a dark
    glare edge or shadow reaching the border is kept instead of being dropped with it."""
    contrast = _ink_contrast(cell)
    if contrast is None:
        return np.zeros(cell.shape[:2], bool)
    diff, level, top = contrast
    weak = (diff > level + share * (top - level)).astype(np.uint8)
    grown = _inner_components(diff > level + core * (top - level)).astype(np.uint8)
    kernel = np.ones((3, 3), np.uint8)
    for _ in range(max(2, cell.shape[0] // 20)):
        grown = cv2.dilate(grown, kernel) & weak
    return grown.astype(bool)
