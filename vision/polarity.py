"""Which way a cell's digit is printed: dark ink on a light sticker, or light ink on a dark one.

The recognisers read dark ink on a light sticker, so a cell whose digit is lighter than its
sticker (white digits on dark grey or on dark colours) is inverted first. A cell's own vote
(:func:`polarity_vote`) compares its thin light strokes with its thin dark ones; an unclear
vote is outvoted by the stickers of its colour on the face (:func:`light_inks`): a cube prints
one colour in one ink. The sticker's own channel, in which dark ink is cut
(:func:`sticker_channel`), is here too, as the dark strokes of the vote are measured in it.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

import cv2
import numpy as np

from .numeric import TINY
from .stats import (UPPER_QUARTILE, channel_counts, channel_medians, counted_levels,
                    counted_medians, median, row_medians, row_percentile)


def unclear_polarity(cell: np.ndarray) -> bool:
    """Whether a cell's own evidence on its ink's polarity is weak (:data:`UNCLEAR_VOTE`): a
    glare patch on a dark sticker, as light as its white digit, makes the sticker between
    the strokes look like dark ink."""
    return unclear_vote(polarity_vote(cell))


def unclear_vote(vote: float) -> bool:
    """Whether a polarity vote (:func:`polarity_vote`) is weaker than :data:`UNCLEAR_VOTE`."""
    return abs(vote) < UNCLEAR_VOTE


SAME_HUE = 12.0
"""Stickers whose colours lie closer than this in the CIELAB a*b* plane (lightness left out:
glare and shade change it) are printed alike: one colour, one ink."""

UNCLEAR_VOTE = 1.0
"""A cell's own polarity vote (:func:`polarity_vote`) weaker than this may be outvoted."""


def light_inks(cells: list[np.ndarray], votes: np.ndarray | None = None) -> list[bool]:
    """Per cell, whether its digit is lighter than its sticker (:func:`light_ink`); a cell
    whose own evidence is unclear (:data:`UNCLEAR_VOTE`) takes the verdict of the stickers of
    its colour on the face (at least three, median vote), however weak: a cube prints one
    colour in one ink, and a glare spot on a dark sticker can make its white digit look
    dark. ``votes``: the cells' :func:`polarity_votes`, where the caller has them."""
    votes = polarity_votes(cells) if votes is None else votes
    own = [bool(v > 0) for v in votes]
    if cells[0].ndim != 3:
        return own
    typical = _typical_colours(cells).astype(np.uint8)
    # one conversion for all cells: per pixel it is the same, and each call costs ~0.5 ms
    ab = cv2.cvtColor(typical.reshape(1, -1, 3), cv2.COLOR_BGR2LAB)[0, :, 1:].astype(np.float32)
    near = np.linalg.norm(ab[None, :, :] - ab[:, None, :], axis=2) < SAME_HUE  # row i: like cell i
    out = []
    for i, v in enumerate(votes):
        unclear = unclear_vote(v) and near[i].sum() >= 3
        out.append(median(votes[near[i]]) > 0 if unclear else own[i])
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
    (:func:`light_inks`).

    Dark ink is measured on the V channel, where black stands out from every colour, red
    included. A cell on a light sticker that V does not show clearly in dark ink (a vote
    above -:data:`UNCLEAR_VOTE`) is measured again on the sticker's own channel
    (:func:`sticker_channel`), whose verdict is taken when it says dark ink clearly: on
    white or grey paper that is the mean of the colour channels, where red or blue print is
    dark too, while V, each pixel's largest channel, sees a red digit as bright as the paper
    (real newspaper grids print their givens in red: read as light ink and inverted, they
    were lost; on the paper's channel they vote -1.5 to -2.3). A borderline verdict there
    is not taken (a blurred white 1 on a red sticker of our renders, 0.08 on V, -0.0 on the
    sticker's channel). A cell V shows clearly dark is not measured twice. White digits, whose
    light strokes stand out, need no rule of their own to keep them: the sticker's channel
    shows them light too, never clearly dark."""
    return float(polarity_votes([cell])[0])


def polarity_votes(cells: Sequence[np.ndarray]) -> np.ndarray:
    """:func:`polarity_vote` of each cell (float64), the same values; cells of one shape (a
    face's nine) are measured together, each statistic of them all in one call: a cell's
    vote is some twenty small order statistics, whose calls cost more than their work."""
    if len({(c.shape, c.dtype.str) for c in cells}) != 1:
        return np.array([polarity_vote(c) for c in cells], np.float64)
    stack = np.stack(cells)
    colour = stack.ndim == 4
    g = _per_pixel(gray, stack) if colour else stack
    lights = _contrasts(_thin(g, cv2.MORPH_TOPHAT), g)
    votes = _vote(lights, _per_pixel(value_channel, stack) if colour else stack)
    not_dark = np.flatnonzero(votes > -UNCLEAR_VOTE) if colour else []
    colours = _sticker_colours([cells[i] for i in not_dark]) if len(not_dark) else []
    weights = {int(i): _sticker_weights(cells[i], s) for i, s in zip(not_dark, colours)}
    again = [i for i, w in weights.items() if w is not None]
    if again:  # measured again on the sticker's own channel: see polarity_vote
        own = _vote(lights[again], np.stack([cv2.transform(cells[i], weights[i].reshape(1, 3))
                                             for i in again]))
        votes[again] = np.where(own < -UNCLEAR_VOTE, own, votes[again])
    return votes


def _per_pixel(convert: Callable[[np.ndarray], np.ndarray], stack: np.ndarray) -> np.ndarray:
    """``convert`` (colour to one channel, pixel by pixel) of a stack of colour cells
    (N, n, n, 3) in one call: (N, n, n)."""
    return convert(stack.reshape(-1, *stack.shape[2:])).reshape(stack.shape[:3])


def _vote(lights: np.ndarray, dark_channel: np.ndarray) -> np.ndarray:
    """:func:`polarity_vote` of a stack of cells (N) from their light strokes' contrast
    against each sticker level (:data:`_LEVELS`; (N, levels)) and the dark ink measured on
    ``dark_channel`` (N, n, n); a contrast of no strokes at all counts as
    :data:`vision.numeric.TINY`, so the ratio stays finite."""
    darks = _contrasts(_thin(dark_channel, cv2.MORPH_BLACKHAT), dark_channel)
    votes = np.log(np.maximum(lights, TINY) / (LIGHT_INK_MARGIN * np.maximum(darks, TINY)))
    return votes.mean(axis=1)


def _contrasts(strokes: tuple[np.ndarray, np.ndarray, int], g: np.ndarray) -> np.ndarray:
    """Each cell's :func:`_thin_contrast` against each of its sticker levels
    (:data:`_LEVELS`, measured on the stack ``g``): (N, levels), float64."""
    return np.stack([_thin_contrast(strokes, level(g)) for level in _LEVELS], axis=1)


LIGHT_INK_MARGIN = 2.0
"""Light ink must stand out this many times more than dark ink to be taken for the digit:
on renders of every look the two differ by a factor of 3 or more (dark ink at most 1.4 times
the light on blurred white stickers, white digits at least 3 times the dark)."""


def light_ink(cell: np.ndarray) -> bool:
    """True when the digit of a cell is lighter than its sticker (white digits on dark grey or
    on dark colours): ink is what stands out from the sticker's level (:func:`polarity_vote`)
    *and* is thin (a top-hat or black-hat about a stroke wide): a broad glare spot or shadow
    is not thin, and the counters of a digit (the sticker showing between its strokes) are
    thin but at the sticker's level. Dark ink is measured on the V channel (and on the
    sticker's own channel where V leaves it unclear: :func:`polarity_vote`), light ink on
    the luminance (white stands out from red, blue and green there); the stronger
    (:data:`INK_PERCENTILE` inside the cell) wins, the light by :data:`LIGHT_INK_MARGIN`."""
    return polarity_vote(cell) > 0


def _centre_medians(g: np.ndarray) -> np.ndarray:
    """The median of each single-channel cell's centre (the part :func:`_thin_contrast`
    reads) in a stack of them (N, n, n)."""
    c = _inner(g.shape[1])
    return row_medians(g[:, c, c].reshape(len(g), -1))


def _thin(g: np.ndarray, op: int) -> tuple[np.ndarray, np.ndarray, int]:
    """What :func:`_thin_contrast` reads of a stack of single-channel cells (N, n, n),
    whatever the sticker's level: inside each cell, its thin strokes above (``MORPH_TOPHAT``)
    or below (``MORPH_BLACKHAT``) their surroundings, its values, and ``op`` (taken once per
    cell, not once per level)."""
    n = g.shape[1]
    k = max(3, n // 5)  # about a stroke wide
    se = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
    c = _inner(n)
    hats = np.stack([cv2.morphologyEx(x, op, se) for x in g])
    return hats[:, c, c], g[:, c, c].astype(np.float32), op


def _inner(n: int) -> slice:
    """The centre of a cell ``n`` pixels wide that :func:`_thin_contrast` reads: a sixth of
    its side in from each edge, clear of the sticker's border, where a digit two thirds of
    the sticker high, centred, begins."""
    edge = n // 6
    return slice(edge, n - edge)


def _thin_contrast(strokes: tuple[np.ndarray, np.ndarray, int], level: np.ndarray
                   ) -> np.ndarray:
    """The ink's level (:data:`INK_PERCENTILE`), inside each cell of a stack, of how far thin
    strokes (:func:`_thin`) lie above (``MORPH_TOPHAT``) or below (``MORPH_BLACKHAT``) the
    sticker's ``level`` (N, float64; taken in the strokes' float32, as a python number
    would be): (N,), float64."""
    hat, inner, op = strokes
    at = level.astype(np.float32)[:, None, None]
    away = inner - at if op == cv2.MORPH_TOPHAT else at - inner
    lows = np.minimum(hat, away).reshape(len(hat), -1)
    return row_percentile(lows, INK_PERCENTILE).astype(np.float64)


INK_PERCENTILE = 97
"""The percentile of a cell's contrast to its sticker taken for its ink's: the few strongest
stroke pixels, not a stray brightest one (here and in
:func:`vision.cells.sticker_level.sticker_spread`)."""


RING = 0.1
"""Where the band whose median is the sticker's own level (:func:`ring_level`) begins, as a
share of the cell's side from its border: inside the sticker's edge. It ends outside the
digit, where the centre the vote reads begins (:func:`_inner`: digits stand at most two thirds
of the sticker high, centred)."""


def ring_level(g: np.ndarray) -> float:
    """The sticker's level in a single-channel cell: the median of the band round the digit,
    from :data:`RING` in to the centre (:func:`_inner`; see :func:`polarity_vote`)."""
    return float(_ring_levels(g[None])[0])


def _ring_levels(g: np.ndarray) -> np.ndarray:
    """:func:`ring_level` of each cell of a stack (N, n, n)."""
    n, k = g.shape[1], len(g)
    a, b = int(RING * n), _inner(n).start
    band = np.concatenate([g[:, a:b, a:n - a].reshape(k, -1),
                           g[:, n - b:n - a, a:n - a].reshape(k, -1),
                           g[:, b:n - b, a:b].reshape(k, -1),
                           g[:, b:n - b, n - b:n - a].reshape(k, -1)], axis=1)
    return row_medians(band)


def gray(img: np.ndarray) -> np.ndarray:
    """Luminance (gray images pass through): white digits stand out from red, blue and green
    stickers here, where the V channel of a red sticker is nearly as high as white."""
    return cv2.cvtColor(img, cv2.COLOR_BGR2GRAY) if img.ndim == 3 else img


def value_channel(img: np.ndarray) -> np.ndarray:
    """The HSV V channel: max of the colour channels (gray images pass through); taken
    channel by channel, over ten times faster than numpy's reduction over the last axis of a
    cell, and on 8 bits by OpenCV from the split channels, twice as fast again on a whole
    photo (numpy's maximum of strided channel views does not vectorise)."""
    if img.ndim != 3:
        return img
    if img.dtype == np.uint8 and img.shape[2] == 3:
        b, g, r = cv2.split(img)
        return cv2.max(cv2.max(b, g), r)
    return np.maximum(np.maximum(img[..., 0], img[..., 1]), img[..., 2])


def dark_ink(cell: np.ndarray) -> np.ndarray:
    """The cell as the recognisers expect it, dark ink on a light sticker: unchanged when its
    ink is darker than the sticker, else its luminance inverted (a gray image)."""
    return 255 - gray(cell) if light_ink(cell) else cell


def as_dark_ink(cell: np.ndarray, light: bool) -> np.ndarray:
    """The cell itself, or (``light``: its digit is lighter than its sticker) its luminance
    inverted, so that the ink is dark."""
    return 255 - gray(cell) if light else cell


def came_inverted(cell: np.ndarray) -> bool:
    """Whether a cell came out of :func:`as_dark_ink` inverted (its digit printed lighter
    than its sticker): the inverted cell is its luminance, one channel, and every other cell
    keeps the three channels of the photo it was cut from. That holds because the reading
    takes every photo as 8-bit BGR (a photo file on loading,
    :func:`vision.photo.images.to_bgr8`; an array handed to the reader,
    :func:`vision.reading.reader.as_read`): a cell of a grey image given straight to the
    stages would count as inverted whatever its ink."""
    return cell.ndim == 2


STICKER_QUANTILE = UPPER_QUARTILE
"""Percentile of each colour channel in a cell's centre taken for the sticker's colour
(:func:`sticker_channel`), its upper quartile: above the ink's share of the centre on every
print."""
LIGHT_STICKER = 90
"""A sticker whose brightest channel (:func:`_sticker_colours`) lies below this keeps the V
channel (:func:`sticker_channel`): a dark sticker carries light ink, and is cut as dark ink
only when its polarity is in doubt (the black cube's dark grey read the other way, where
the mean of its channels read a white 7 as a sure 4). Paper and light stickers lie above
(real newspaper cells: 99% at 97 or more)."""
STICKER_POWER = 4.0
"""Each channel weighs as its share of the sticker's brightest channel to this power
(:func:`sticker_channel`): the three alike on white or grey, nearly only the bright one on
a saturated colour (a red sticker's darker rim must stay as faint beside grey ink as on the
V channel)."""


def sticker_channel(cell: np.ndarray) -> np.ndarray:
    """A colour cell as one channel in which dark ink stands out most from the noise: a
    weighted sum of its channels, each weighing by how bright the sticker is in it
    (:data:`STICKER_QUANTILE` of each channel in the centre, :data:`STICKER_POWER`), scaled
    so the sticker keeps its V level (gray cells pass through). On a coloured sticker that
    is nearly its own bright channel, as the V channel (max of B, G, R) would take: black
    ink stands out from red or blue there. On a white or grey sticker it is the mean of the
    three channels, where V takes each pixel's largest: a phone's JPEG
    compresses the colour coarsely, V picks up that colour noise, and faint small print
    broke into specks in it (real newspaper digits, ``bench vision --real``: the printed
    glyph read right 88.6 -> 98.0%; our renders' cells cut alike)."""
    if cell.ndim != 3:
        return cell
    w = _sticker_weights(cell)
    return value_channel(cell) if w is None else cv2.transform(cell, w.reshape(1, 3))


def _sticker_weights(cell: np.ndarray, s: np.ndarray | None = None) -> np.ndarray | None:
    """The weights of a colour cell's channels in :func:`sticker_channel` (``s``: its
    :func:`_sticker_colours`, when known); None on a dark sticker (:data:`LIGHT_STICKER`),
    which keeps the V channel."""
    s = _sticker_colours([cell])[0] if s is None else s
    if s.max() < LIGHT_STICKER:
        return None
    w = (s / max(s.max(), 1.0)) ** STICKER_POWER
    return w * s.max() / max(float(s @ w), 1.0)


def _sticker_colours(cells: Sequence[np.ndarray]) -> np.ndarray:
    """The :data:`STICKER_QUANTILE` level of each channel of each colour cell's centre (a
    fifth of its side in from the border; cells of one shape), counted from the channel's
    histogram (the lowest level whose count reaches it): (N, channels)."""
    c = centre(cells[0].shape[0])
    inner = [x[c, c] for x in cells]
    size = inner[0].shape[0] * inner[0].shape[1]
    return counted_levels(channel_counts(inner), STICKER_QUANTILE / 100, size)


def _typical_colours(cells: Sequence[np.ndarray]) -> np.ndarray:
    """Each colour cell's median in each channel (:func:`vision.stats.channel_medians`; cells
    of one shape, 8 bits counted at once): (N, channels)."""
    if cells[0].dtype != np.uint8:
        return np.array([channel_medians(x) for x in cells])
    return counted_medians(channel_counts(cells), cells[0].shape[0] * cells[0].shape[1])


def centre(n: int) -> slice:
    """The centre of a cell of side ``n`` along either axis: its middle three fifths, where
    the sticker lies whatever its rounded corners and the body round it."""
    edge = n // 5
    return slice(edge, n - edge)


_LEVELS = (_centre_medians, _ring_levels)
"""The two estimates of a sticker's level the polarity vote is taken against
(:func:`polarity_vote`), each of a stack of single-channel cells."""
