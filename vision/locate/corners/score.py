"""One score for the candidate corners of a corner photo: which three face lattices are the
faces around the cube's corner.

Every pass (sticker shapes on V, local contrast, chroma, hue; the digits of either polarity)
proposes face lattices; a corner is three of them meeting at one point in a Y, no glyph in
two of them (:func:`vision.locate.corners.groups.corner_groups`). Whatever pass proposed a lattice,
it is judged on the same evidence, the photo's glyphs: a face of the cube holds one
digit-sized glyph at the middle of each of its nine cells, and the three faces of one corner
put all of their glyphs at their cells' centres when fitted together as one box
(:func:`vision.locate.corners.joint.joint_fit`). :func:`corner_score` is the glyphs the three faces
hold less their misfit; a group is no corner at all when it is not seen from above
(:data:`vision.locate.corners.order.MAX_DOWN_TILT_DEG`) or its faces show too few of their digits
(:func:`shows_its_digits`). A printed grid of squares beside the cube holds no digits; a
lattice mixing two faces puts its glyphs off its cells' centres once it is fitted to a
corner, and leaves the other face's glyphs to no lattice.
"""
from __future__ import annotations

import math

import numpy as np

from .glyph_cells import centres_of, gather
from ..digit_count import DigitsSeen
from .digit_fit import by_digits, digits_seen_on
from .groups import CANDIDATES, corner_groups
from .joint import joint_fit
from .lattice import FIRM_CELLS, ON_CELL, PLACED_OFF, Found, Lattice, lattices_of
from .order import MAX_DOWN_TILT_DEG, arrange
from .quads import Quad
from .rebuild import complete_faces

MISFIT_WEIGHT = 30
"""Glyphs that one pitch of root-mean-square misfit costs a group of faces (a group one glyph
short that fits a twentieth of a pitch closer is as good)."""

CLEAR_SCORE = 25
"""A group of faces scoring this much (nearly all 27 glyphs, fitting closely) ends the
search."""

MIN_GLYPHS_ALL = 24
"""Least digits of the 27 that three faces must show together."""


STICKER_FILL = 0.3
"""Least share of its cell that a sticker shape covers (stickers cover some 40-85 % of it,
the body's grooves or borders the rest; a lattice of 1.4 times the pitch sees them at half
that)."""


def corner_score(lats: list[Lattice], misfit: float, glyphs: list[Quad] = (),
                 stickers: list[Quad] = ()) -> float:
    """The score of three jointly fitted faces: the digits on their cells (:func:`digits`)
    and the sticker shapes filling them (:func:`filled`; ``stickers``, those the sticker
    passes saw), less :data:`MISFIT_WEIGHT` per pitch of root-mean-square misfit."""
    return sum(digits(lat, glyphs) + len(filled(lat.H, stickers)) for lat in lats) \
        - MISFIT_WEIGHT * misfit


def digits(lat: Lattice, glyphs: list[Quad] = ()) -> int:
    """Cells of ``lat`` holding one of the ``glyphs``
    (:data:`vision.locate.corners.lattice.ON_CELL`); without ``glyphs``, its cells (a lattice
    of the digits, whose cells are its glyphs)."""
    return len(gather(glyphs, lat.H, ON_CELL)) if glyphs else len(lat.cells)


def filled(H: np.ndarray, stickers: list[Quad],
           centres: np.ndarray | None = None) -> dict[tuple[int, int], Quad]:
    """The cells of lattice ``H`` that one of the sticker shapes ``stickers`` fills, with
    it: centred on the cell (:data:`vision.locate.corners.lattice.ON_CELL`) and covering
    :data:`STICKER_FILL` of it or more. A lattice of a larger pitch, or one straddling two
    faces, has the stickers of the photo too small or off its cells. ``centres``: as for
    :func:`vision.locate.corners.glyph_cells.gather`."""
    cells = gather(stickers, H, ON_CELL, centres)
    if not cells:
        return {}
    inv = np.linalg.inv(H)
    corners = np.array([q.corners for q in cells.values()], np.float64)  # (C, 4, 2)
    p = np.concatenate([corners, np.ones(corners.shape[:2] + (1,))], axis=2) @ inv.T
    uv = p[..., :2] / p[..., 2:3]
    x, y = uv[..., 0], uv[..., 1]
    area = 0.5 * np.abs(np.sum(x * np.roll(y, -1, axis=1) - np.roll(x, -1, axis=1) * y, axis=1))
    return {cell: q for (cell, q), a in zip(cells.items(), area) if a >= STICKER_FILL}


def shows_its_digits(lats: list[Lattice], glyphs: list[Quad] = ()) -> bool:
    """True when three faces show nearly all of their digits (:func:`digits`): each one
    stands on :data:`vision.locate.corners.lattice.FIRM_CELLS` cells of its own (digits, or stickers
    for a face of the sticker passes, whose cells are then its stickers), and the three hold
    :data:`MIN_GLYPHS_ALL` digits together. Faces fitted together from a few digits each
    can sit as a whole a row off, or one face out on the background, and still agree with
    each other: on a white body the light "digits" include the bare plastic where four
    stickers meet, and the grooves frame nothing to check them by; a printed grid of
    squares shows sticker shapes but no digits. A photo whose digits are seen places every
    face on seven or more; fewer means the faces are guessed, and a refusal is better than a
    face read in the wrong place."""
    counts = [len(lat.cells) for lat in lats]
    return min(counts) >= FIRM_CELLS and \
        sum(digits(lat, glyphs) for lat in lats) >= MIN_GLYPHS_ALL


def scored(image: np.ndarray, group: list[Lattice], quads: list[Quad],
           stickers: list[Quad] = ()) -> tuple[list[Lattice], float] | None:
    """A candidate group of face lattices as three faces of one corner (a face missing
    rebuilt from the other two, :func:`vision.locate.corners.rebuild.complete_faces`, all three
    fitted together and the glyphs ``quads`` on their cells gathered) and its
    :func:`corner_score`; None when they make no corner seen from above that shows its
    digits. With sticker shapes (``stickers``) the lattices' cells are their stickers or
    digits, and the digits are counted on them apart."""
    completed = complete_faces(image, Found(group, [], quads))
    fit = joint_fit(completed[:3]) if len(completed) >= 3 else None
    if fit is None:
        return None
    lats, misfit = _regathered(fit, quads)
    if arrange(lats).tilt_deg > MAX_DOWN_TILT_DEG:
        return None  # not a corner seen from above: print or a face mixed with another
    glyphs = quads if stickers else ()
    if not shows_its_digits(lats, glyphs):
        return None  # cells without digits: the faces may sit a row off or on the floor
    return lats, corner_score(lats, misfit, glyphs, stickers)


def best_group(image: np.ndarray, groups: list[list[Lattice]], quads: list[Quad],
               stickers: list[Quad] = ()) -> tuple[list[Lattice], float]:
    """Of the candidate ``groups`` (most glyphs first), the three faces that score highest
    (:func:`scored`), [] when none makes a corner; and their score (-inf for none). A group
    of glyph lattices scoring :data:`CLEAR_SCORE` ends the search: no later one holds more
    glyphs."""
    best, best_score = [], -math.inf
    for group in groups:
        got = scored(image, group, quads, stickers)
        if got is not None and got[1] > best_score:
            best, best_score = got
        if best_score >= CLEAR_SCORE and not stickers:
            break
    return best, best_score


def pooled_corner(image: np.ndarray, pool: list[Lattice], glyphs: list[Quad],
                  stickers: list[Quad], seen: DigitsSeen | None = None) -> list[Lattice]:
    """The best corner (:func:`best_group`) among the face lattices of every pass
    (``pool``) and those of the sticker shapes that hold a digit (:func:`with_digits`),
    each judged by the same evidence whatever proposed it: the photo's ``glyphs`` and
    sticker shapes (``stickers``, of every sticker pass) on its cells.
    A sticker pass that found two faces and the digits that placed the third make one
    corner together; a lattice of the digits mixing two faces, or of the bare plastic where
    stickers meet, has no sticker filling its cells; a printed grid of squares has no
    digits. The candidates are ranked by the glyphs and sticker shapes on their cells and
    the corner sought among the first (:func:`vision.locate.corners.groups.corner_groups`);
    where those make none and more wait, the learned cell model (``seen``) ranks them all by
    the digits it sees on their cells (:func:`vision.locate.corners.digit_fit.by_digits`)
    and the corner is sought again: on a cutting mat or a printed page the print's squares
    and marks fill the cells of hundreds of lattices, a black cube's faces show no sticker
    shapes, and its faces rank far behind. A corner so found must show the digits it was
    ranked by, on each of its faces
    (:func:`vision.locate.corners.digit_fit.digits_seen_on`): where the true face is in no
    pass's pool, a lattice of a face's few digits and the grain beside it can complete the
    group. [] when none makes a corner."""
    glyphs = distinct(glyphs)
    stickers = distinct(stickers)
    pool = pool + proposed(lattices_of(with_digits(stickers, glyphs)))
    glyph_at = centres_of(glyphs) if glyphs else None
    sticker_at = centres_of(stickers) if stickers else None
    ranked, keys = [], set()
    for lat in pool:
        on_glyphs = gather(glyphs, lat.H, ON_CELL, glyph_at)
        on_stickers = filled(lat.H, stickers, sticker_at)
        cells = dict(on_glyphs)
        cells.update(on_stickers)  # a sticker marks its cell's centre best
        key = frozenset(id(q) for q in cells.values())
        if len(cells) >= FIRM_CELLS and key not in keys:
            keys.add(key)
            # :func:`digits` and :func:`filled` of the candidate, counted once here: its
            # cells hold the same H, so a second count would find the same cells
            count = len(on_glyphs) if glyphs else len(cells)
            ranked.append((-count - len(on_stickers), Lattice(lat.H, cells, lat.directions)))
    ranked.sort(key=lambda r: r[0])  # stable: equal scores keep the pool's order
    candidates = [lat for _, lat in ranked]
    best = best_group(image, corner_groups(candidates), glyphs, stickers)[0]
    if best or seen is None or len(candidates) <= CANDIDATES:
        return best
    ranked_by_digits = by_digits(image, candidates, seen)
    best = best_group(image, corner_groups(ranked_by_digits), glyphs, stickers)[0]
    return best if best and digits_seen_on(image, best, seen) else []


def with_digits(stickers: list[Quad], glyphs: list[Quad]) -> list[Quad]:
    """The sticker shapes with a glyph at their middle (within
    :data:`vision.locate.corners.lattice.ON_CELL` of their side): a face's stickers each hold
    a digit, the squares of a printed grid, a tiled floor or a page's table none. Where such
    squares outnumber the stickers, the lattices of all sticker shapes are the grid's."""
    if not glyphs or not stickers:
        return []
    at = np.array([g.centre for g in glyphs])
    out = []
    for q in stickers:
        d = at - q.centre
        if np.min(d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1]) < ON_CELL * ON_CELL * q.area:
            out.append(q)
    return out


def proposed(found: Found) -> list[Lattice]:
    """The face lattices of a sticker pass: its whole faces and every placement of those
    with a row or column missed."""
    return found.lattices + [alt for alts in found.partial for alt in alts]


def distinct(quads: list[Quad]) -> list[Quad]:
    """``quads`` less those at the centre of one before them (the glyph passes of each
    polarity and of both together each stand a glyph in for its sticker)."""
    out, at = [], set()
    for q in quads:
        key = (round(float(q.centre[0]), 1), round(float(q.centre[1]), 1))
        if key not in at:
            at.add(key)
            out.append(q)
    return out


def _regathered(fit: tuple[list[Lattice], float], quads: list[Quad]
                ) -> tuple[list[Lattice], float]:
    """Three jointly fitted faces with every glyph (``quads``) that now falls on one of their
    cells gathered to it, fitted together again: a face rebuilt from the other two, or seen
    at a steep angle, starts from a few glyphs and is placed closer with all of its own;
    ``fit`` unchanged when that gathers nothing or fits worse. Only faces on fewer than
    :data:`vision.locate.corners.lattice.FIRM_CELLS` glyphs gather."""
    lats, misfit = fit
    gathered = []
    for k, lat in enumerate(lats):
        taken = {id(q) for j, o in enumerate(lats) if j != k for q in o.cells.values()}
        cells = gather([q for q in quads if id(q) not in taken], lat.H, PLACED_OFF)
        gathered.append(Lattice(lat.H, cells, lat.directions)
                        if len(lat.cells) < FIRM_CELLS and len(cells) > len(lat.cells) else lat)
    if all(g is lat for g, lat in zip(gathered, lats)):
        return fit
    again = joint_fit(gathered)
    return again if again is not None else fit


__all__ = ["CLEAR_SCORE", "MISFIT_WEIGHT", "best_group", "corner_score", "digits", "distinct",
           "filled", "pooled_corner", "proposed", "scored", "shows_its_digits", "with_digits"]
