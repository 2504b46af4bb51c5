"""Is a corner photo's misread sticker the locator's fault? Its lattice against the true one.

Renders the exam renderer's corner pairs (:mod:`sudoku_cube.render.second`, the cubes and
seeds of ``bench vision --renderer second --photos corners``: look i's cubes start at
70000 + 1000 i, the white body last) and reads every photo twice with the product's reader (no
OCR): once on the faces the locator placed, once on the same faces with each lattice replaced by
the homography fitted to the rendered sticker centres (the truth). Per look it reports the
stickers misread each way and how far the located sticker centres lie from the true ones (in
sticker pitches); then, all looks together, the share of stickers misread by how narrow the
face's cells are in the photo (the face's area per cell over its longer cell side, in pixels),
so that what the lattice costs and what the photo's resolution costs can be told apart.
``--everyday`` photographs the same cubes in the everyday scenes, as the benchmark's
``--scenes everyday`` does.

    .venv/bin/python -m tools.corner_lattice_report --cubes 20 [--everyday]
"""
from __future__ import annotations

import argparse
import dataclasses
from collections import defaultdict
from typing import Iterator

import cv2
import numpy as np

from sudoku_cube.assistant.bench.renders import LOOK_ORDER
from sudoku_cube.assistant.bench.vision_second import cube
from sudoku_cube.render.second import corner_shot
from sudoku_cube.render.second.scenes import everyday
from sudoku_cube.vision.locate.corners.faces import CornerFace, locate_faces
from sudoku_cube.vision.reading.reader import Reader

LOOKS = (*LOOK_ORDER, "white-body")
"""The exam's looks in the benchmark's order (its white body comes last)."""

FIRST_SEED = 70000
"""Look i's first cube is ``FIRST_SEED + 1000 i``, as in the benchmark's corner pairs."""

WIDTH_BANDS = (30.0, 45.0)
"""Bounds (pixels of a cell's narrowest width) of the bands the misreads are counted in."""

_NET_CENTRES = np.array([[c + 0.5, r + 0.5] for r in range(3) for c in range(3)], np.float64)


@dataclasses.dataclass(frozen=True)
class FaceRow:
    """One face of one corner photo: its look and name, the cell's narrowest width in
    pixels, the located centres' largest distance from the truth in pitches, and the cells
    (0-8) misread on the located lattice and on the true one."""

    look: str
    face: str
    width: float
    offset: float
    located: tuple[int, ...]
    true: tuple[int, ...]


def true_lattice(found: CornerFace, centres: np.ndarray) -> CornerFace:
    """``found`` with its net-to-image homography fitted to the true sticker centres (least
    squares: the renderer sets each sticker a little off the perfect grid)."""
    h, _ = cv2.findHomography(_NET_CENTRES, centres)
    return dataclasses.replace(found, H=h)


def narrowest_width(centres: np.ndarray) -> float:
    """A face's cells' narrowest width in pixels: the area of one cell (the parallelogram of
    the mean row and column steps between sticker centres) over its longer side."""
    grid = centres.reshape(3, 3, 2)
    across = (grid[:, 2] - grid[:, 0]).mean(axis=0) / 2
    down = (grid[2] - grid[0]).mean(axis=0) / 2
    area = abs(across[0] * down[1] - across[1] * down[0])
    return float(area / max(np.hypot(*across), np.hypot(*down)))


def offset_in_pitches(found: CornerFace, centres: np.ndarray) -> float:
    """The largest distance of ``found``'s sticker centres from the true ones, in pitches."""
    got = np.asarray(found.geometry().cell_centres(), np.float64)
    pitch = np.mean([np.linalg.norm(centres[i] - centres[i + 1]) for i in (0, 1, 3, 4, 6, 7)])
    return float(np.linalg.norm(got - centres, axis=1).max() / pitch)


def photo_rows(reader: Reader, look: str, seed: int, k: int, photo: str,
               scenes: bool = False) -> Iterator[FaceRow]:
    """The faces of corner photo ``photo`` of the benchmark's ``k``-th cube of ``look``; with
    ``scenes``, photographed in the everyday scenes as ``--scenes everyday`` does."""
    state, homes, lk = cube(seed, k, look)
    i = "AB".index(photo)
    shot = corner_shot(state, photo, seed * 10 + i, lk, homes,
                       scene=everyday(k, i) if scenes else None)
    located = locate_faces(shot.image, photo, f"{look} {seed} {photo}")
    centres = {cf.face: np.array(shot.truth["faces"][cf.face]["centres"], np.float64)
               for cf in located}
    true = [true_lattice(cf, centres[cf.face]) for cf in located]
    read_located = reader.read_located(shot.image, located)
    read_true = reader.read_located(shot.image, true)

    def misread(readings: dict, face: str) -> tuple[int, ...]:
        want = state.face(face)
        return tuple(i for i in range(9) if readings[face].stickers[i].token != want[i].token)

    for cf in located:
        yield FaceRow(look, cf.face, narrowest_width(centres[cf.face]),
                      offset_in_pitches(cf, centres[cf.face]), misread(read_located, cf.face),
                      misread(read_true, cf.face))


def band_of(width: float) -> str:
    """The name of the width band ``width`` falls in."""
    low = f"< {WIDTH_BANDS[0]:.0f} px"
    mid = f"{WIDTH_BANDS[0]:.0f}-{WIDTH_BANDS[1]:.0f} px"
    return low if width < WIDTH_BANDS[0] else mid if width < WIDTH_BANDS[1] else \
        f">= {WIDTH_BANDS[1]:.0f} px"


def report(rows: list[FaceRow]) -> list[str]:
    """The report's lines: per look, then per width band."""
    lines = ["look: faces, stickers misread on the located / true lattice, "
             "located centres' largest offset (pitches)"]
    for look in dict.fromkeys(r.look for r in rows):
        mine = [r for r in rows if r.look == look]
        lines.append(f"  {look}: {len(mine)} faces, {sum(len(r.located) for r in mine)} / "
                     f"{sum(len(r.true) for r in mine)}, "
                     f"{max(r.offset for r in mine):.2f}")
    lines.append("cells' narrowest width: stickers misread on the located lattice / stickers")
    bands: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r in sorted(rows, key=lambda r: r.width):
        bands[band_of(r.width)][0] += len(r.located)
        bands[band_of(r.width)][1] += 9
    for band, (wrong, all_) in bands.items():
        lines.append(f"  {band}: {wrong} / {all_} ({wrong / all_:.1%})")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Render, read both ways and print the report."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--looks", nargs="+", choices=LOOKS, default=list(LOOKS))
    p.add_argument("--cubes", type=int, default=5, help="cubes per look (default 5)")
    p.add_argument("--everyday", action="store_true",
                   help="photograph the cubes in the everyday scenes (bench's --scenes everyday)")
    args = p.parse_args(argv)
    reader = Reader(ocr="never")
    rows = [row for look in args.looks for k in range(args.cubes) for photo in "AB"
            for row in photo_rows(reader, look, FIRST_SEED + 1000 * LOOKS.index(look) + k, k,
                                  photo, args.everyday)]
    print("\n".join(report(rows)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
