"""The messages of a photo without a usable face: no stickers, too few in a grid, two faces side
by side, a face cut off or partly hidden."""
from __future__ import annotations

from typing import NoReturn

import numpy as np

from .face_geometry import (LINES, NO_CUBE_ADVICE, TWO_FACES_ADVICE, FaceNotFoundError,
                            SeenShape, project)
from .face_score import FaceScore
from .hypotheses import GOOD_CELLS
from .lattice import best_window, robust_fit
from .sticker_blobs import Blob


def refuse(source: str, blobs: list[Blob], groups: list[dict], score: FaceScore) -> NoReturn:
    """Raise the message that says why no face was accepted: no stickers, too few in a grid,
    two faces side by side, a face cut off or partly hidden; the error carries the shapes
    taken for stickers (``blobs``, those of the best grid ``groups[0]`` marked), for the debug
    picture. ``score``: the photo's pictures, on which a part of a face is judged. Shapes
    too large to be a cube's stickers (:func:`_could_be_stickers`: a sheet of paper, a
    patch of wall) are left out: a person would not take them for any."""
    shape = score.shape
    blobs, groups = _could_be_stickers(blobs, groups, shape)
    try:
        _explain(source, blobs, groups, score)
    except FaceNotFoundError as e:
        raise FaceNotFoundError(str(e), _seen(blobs, groups, shape)) from None


def _could_be_stickers(blobs: list[Blob], groups: list[dict], shape: tuple[int, ...]
                       ) -> tuple[list[Blob], list[dict]]:
    """The shapes (``blobs``) and grids (``groups``) of a picture of ``shape`` that could be
    a cube's stickers: at most a third of its longer side, as three of them in a row, however
    close the face, still fit along it."""
    most = max(shape[:2]) / 3
    return ([b for b in blobs if b.side <= most],
            [g for g in groups if all(b.side <= most for b in g.values())])


def _seen(blobs: list[Blob], groups: list[dict], shape: tuple[int, ...]) -> tuple[SeenShape, ...]:
    """The shapes taken for stickers, in fractions of the picture's width (``shape``: the
    picture the blobs were found on)."""
    width = float(shape[1])
    lined = {id(b) for b in (groups[0].values() if groups and len(groups[0]) > 1 else ())}
    return tuple(SeenShape(float(b.centre[0]) / width, float(b.centre[1]) / width,
                           float(b.side) / width, id(b) in lined) for b in blobs)


def _refuse_a_pattern(source: str, grid: dict[tuple[int, int], Blob]) -> None:
    """Refuse a grid of squares larger than any view of a cube gives: two faces side by side
    share one edge, so their stickers line up in 3 rows of at most 6 (or 6 rows of 3); a grid
    wider than 3 both ways, or longer than 6, is printed squares, tiles or a mat, no cube."""
    cols = max(k[0] for k in grid) - min(k[0] for k in grid) + 1
    rows = max(k[1] for k in grid) - min(k[1] for k in grid) + 1
    if (cols > 3 and rows > 3) or max(cols, rows) > 2 * 3:
        raise FaceNotFoundError(
            f"{source}: no cube face found (squares line up in a grid of {cols} x {rows}, "
            "larger than a cube shows: a printed grid, tiles or a cutting mat?); photograph "
            "one face of the cube so it fills about half of the picture")


def _digits(score: FaceScore, hom: np.ndarray, keys: list[tuple[int, int]]) -> int:
    """How many of the cells ``keys`` (column, row in 0..2) of the lattice ``hom`` hold a
    digit (:func:`vision.locate.face_score.glyphs_of` in full)."""
    _, glyphs = score.judge(hom[None])
    return int(sum(glyphs[0, r * 3 + c] >= 1 for c, r in keys))


def _no_digits(source: str, n: int) -> FaceNotFoundError:
    """The refusal of squares that line up like part of a face but hold no digits."""
    return FaceNotFoundError(
        f"{source}: no cube face found ({n} shapes line up like stickers, but most hold no "
        f"digit as a Sudoku Cube's stickers do: a pattern or print, or a blurred photo?); "
        f"{NO_CUBE_ADVICE}")


def _explain(source: str, blobs: list[Blob], groups: list[dict], score: FaceScore) -> NoReturn:
    """Raise the refusal's message (see :func:`refuse`): a part of a face is named only where
    most of the stickers seen hold a digit, as a cube's do; squares without (tiles, a printed
    table, a sofa's pattern) are no cube face."""
    shape = score.shape
    if len(blobs) < 3 or not groups:
        raise FaceNotFoundError(
            f"{source}: no cube face found (no group of square stickers framed by the dark "
            "grooves of a cube); photograph one face sharply so it fills about half of the "
            "picture, in even light")
    best = groups[0]
    if len(best) < 4:
        _raise_line(source, best, score)
        raise FaceNotFoundError(
            f"{source}: no cube face found (only {len(best)} sticker(s) line up in a grid: "
            "blurred, too dark, too small, or a stickerless cube with no dark grooves?); "
            "photograph one face sharply, filling about half of the picture, in even light")
    _refuse_a_pattern(source, best)
    best, extra = best_window(best)
    cols = sorted({k[0] for k in best})
    rows = sorted({k[1] for k in best})
    i0, j0 = cols[0], rows[0]
    hom, grid = robust_fit({(i - i0, j - j0): b for (i, j), b in best.items()})
    if hom is None:
        raise FaceNotFoundError(
            f"{source}: no cube face found (the shapes taken for stickers do not line up in a "
            f"straight grid); {NO_CUBE_ADVICE}, straight on")
    if extra >= 3:
        if 2 * _digits(score, hom, list(grid)) <= len(grid):
            raise _no_digits(source, len(grid) + extra)
        raise FaceNotFoundError(
            f"{source}: two faces in one photo (more than 3 rows or columns of stickers line "
            f"up); {TWO_FACES_ADVICE}")
    if len(cols) < 3 or len(rows) < 3:
        if 2 * _digits(score, hom, list(grid)) <= len(grid):
            raise _no_digits(source, len(grid))
        _raise_partial(source, hom, len(cols), len(rows), shape, i0, j0)
    if len(grid) >= GOOD_CELLS:
        raise FaceNotFoundError(
            f"{source}: no cube face found ({len(grid)} shapes line up in a 3 x 3 grid, but "
            "too few of its cells stand out from the lines around them as stickers do: blur, "
            "glare, deep shade, or stickers the colour of the cube's body?); photograph one "
            "face sharply and straight on, in even light and without glare")
    raise FaceNotFoundError(
        f"{source}: only {len(grid)} of the 9 stickers of the face were found; take the "
        "photo again, sharp, with the whole face in view and without glare")


def _raise_partial(source: str, hom: np.ndarray, ncols: int, nrows: int,
                   shape: tuple[int, ...], i0: int, j0: int) -> None:
    """Explain a face with fewer than 3 rows or columns found: cut off at an edge, or not."""
    edges = [e for axis in (("left", "right"), ("top", "bottom"))
             if (ncols if axis[0] == "left" else nrows) < 3
             for e in _cut_sides(hom, ncols, nrows, shape, axis)]
    where = f" (cut off at the {' and '.join(edges)} edge of the photo)" if edges else \
        " (is the face partly hidden, or are the other stickers the colour of the cube's body?)"
    raise FaceNotFoundError(
        f"{source}: partial face: only {_lines(ncols, nrows)} of stickers were found{where}; "
        "take the photo again with the whole face inside the picture")


def _cut_sides(hom: np.ndarray, ncols: int, nrows: int, shape: tuple[int, ...],
               sides: tuple[str, str]) -> list[str]:
    """Of two opposite ``sides`` of the found columns and rows (lattice ``hom``, cells
    0..ncols-1 x 0..nrows-1, in a picture of ``shape``), those past which the face is cut off
    by the photo's edge: where the middle of the next column or row lies outside the photo;
    where neither does, the one side whose next column or row reaches outside at its far
    edge (stickers cut in part, too little of them left to be seen), if only one does."""
    hgt, wid = shape[:2]
    col, row = min(1, ncols - 1), min(1, nrows - 1)

    def outside(beyond: float) -> list[str]:
        at = {"left": (-beyond, row), "right": (ncols - 1 + beyond, row),
              "top": (col, -beyond), "bottom": (col, nrows - 1 + beyond)}
        out = []
        for name in sides:
            x, y = project(hom, np.array([at[name]], float))[0]
            if not (0 <= x < wid and 0 <= y < hgt):
                out.append(name)
        return out

    middle = outside(1)  # the next column's or row's middle, one pitch beyond
    if middle:
        return middle
    far = outside(1 + 0.5)  # its far edge, half a pitch further
    return far if len(far) == 1 else []


def _lines(ncols: int, nrows: int) -> str:
    """How many columns and rows were found, in words: '2 columns x 3 rows'."""
    return (f"{ncols} column{'s' if ncols != 1 else ''} x "
            f"{nrows} row{'s' if nrows != 1 else ''}")


def _raise_line(source: str, grid: dict[tuple[int, int], Blob], score: FaceScore) -> None:
    """A single full row or column of 3 stickers next to the photo's edge: a cut-off face
    (no cube face where they hold no digits)."""
    cols = {k[0] for k in grid}
    rows = {k[1] for k in grid}
    if len(grid) != 3 or (len(cols) != 1 and len(rows) != 1):
        return
    hgt, wid = score.shape[:2]
    pts = np.array([b.centre for b in grid.values()])
    side = float(np.mean([b.side for b in grid.values()]))
    along = pts[np.argsort(pts[:, int(np.argmax(np.ptp(pts, axis=0)))])]
    step = float(np.median(np.linalg.norm(np.diff(along, axis=0), axis=1)))
    held = sum(_digits(score, np.array([[step, 0, x - step], [0, step, y - step], [0, 0, 1.0]]),
                       [(1, 1)]) for x, y in pts)
    if 2 * held <= len(grid):
        raise _no_digits(source, len(grid))
    if len(cols) == 1:
        sides = (("left", pts[:, 0].min()), ("right", wid - pts[:, 0].max()))
    else:
        sides = (("top", pts[:, 1].min()), ("bottom", hgt - pts[:, 1].max()))
    name, dist = min(sides, key=lambda s: s[1])
    # cut off where the rest of the face, out to its far edge (that many sides beyond the
    # row's centres, as in lattice units), would reach past the photo's edge
    where = f" (cut off at the {name} edge of the photo)" if dist < LINES[-1] * side else ""
    raise FaceNotFoundError(
        f"{source}: partial face: only {_lines(len(cols), len(rows))} of stickers were "
        f"found{where}; take the photo again with the whole face inside the picture")
