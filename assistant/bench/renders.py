"""What the vision benchmarks share: their unseen test cubes and how a reading is judged.

``bench vision`` (single-face photos) and ``bench corners`` (corner photos) render fresh cubes
from seeds the tests and the training never use; each has its own recipe (difficulty range,
photo sizes, JPEG quality), kept here so that tests can rebuild exactly the photo a benchmark
reported. A reading is right when every sticker equals the truth, a symmetric digit (1) also
when turned half round.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from sudoku_cube.models.generator import home_faces, make_puzzle
from sudoku_cube.models.geometry import FACES
from sudoku_cube.models.grid import solve_grid
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.state import CubeState
from sudoku_cube.models.stickers import Sticker, same_sticker
from sudoku_cube.render import PhotoStyle, render_face_photo


@dataclass(frozen=True)
class Recipe:
    """How a benchmark's unseen photos vary: difficulty range, photo sizes, JPEG qualities."""

    difficulty: tuple[float, float]
    sizes: tuple[tuple[int, int], ...]
    jpeg: tuple[int | None, ...]


FACE_RECIPE = Recipe((0.3, 1.0), ((640, 480), (800, 600), (960, 720), (480, 640)), (None, 60, 80))
CORNER_RECIPE = Recipe((0.2, 0.8), ((800, 600), (960, 720), (1280, 960)), (None, 70, 85))


LOOK_ORDER = ("white", "coloured", "coloured-white-ink", "black")
"""The sticker looks the benchmarks report separately, in their order (the renderer's
``render.photo.LOOKS``); look i's cubes start at the run's first seed + 1000 i."""


def unseen_cube(seed: int, k: int, recipe: Recipe, look: str | None = None,
                font: str | None = None):
    """The ``k``-th cube of a run (seed ``seed``): its puzzle, photo style and per-face home
    positions (for the renderer's print offsets). Every second cube has a digit substitution;
    the stickers have ``look`` (default: every third cube coloured, the others white) and the
    digits ``font`` (default: the seed picks one of the look's fonts). The black cube's 1 has
    a foot, so its design keeps every 1 upright (:func:`symmetric_of`)."""
    rng = random.Random(seed)
    puzzle = make_puzzle(seed, 25, substitution=bool(k % 2), symmetric=symmetric_of(look))
    style = PhotoStyle(stickers=look or ("coloured" if k % 3 == 2 else "white"), font=font,
                       difficulty=rng.uniform(*recipe.difficulty),
                       size=rng.choice(list(recipe.sizes)),
                       jpeg_quality=rng.choice(list(recipe.jpeg)))
    homes = home_faces(puzzle.scramble)
    return puzzle, style, {f: homes[9 * i:9 * i + 9] for i, f in enumerate(FACES)}


def face_photo(seed: int, k: int, face: str):
    """The photo of one face of ``bench vision``'s cube (``render_face_photo``'s image and
    truth), exactly as the benchmark renders it."""
    puzzle, style, homes = unseen_cube(seed, k, FACE_RECIPE)
    return render_face_photo(puzzle.state.face(face), seed * 10 + FACES.index(face), style,
                             homes=homes[face])


DEFAULT_SYMMETRIC = CubeSettings().symmetric


def symmetric_of(look: str | None) -> frozenset[int]:
    """The digits that look the same turned half round on a cube of this look: none on the
    black cube (its serif 1 has a foot), else the default (1)."""
    return frozenset() if look == "black" else DEFAULT_SYMMETRIC


def same(a: Sticker, b: Sticker, symmetric: frozenset[int] = DEFAULT_SYMMETRIC) -> bool:
    """Stickers equal (a symmetric digit, by default 1, also when turned 180 degrees)."""
    return same_sticker(a, b, symmetric)


def joint_right(state: CubeState, truth: CubeState,
                symmetric: frozenset[int] = DEFAULT_SYMMETRIC) -> bool:
    """True when the grid solver's choice among the reading's candidates equals the truth
    (solved with these symmetric digits)."""

    try:
        sol = solve_grid(state, CubeSettings(symmetric=symmetric), time_limit_s=10.0)
    except Exception:  # noqa: BLE001 - an unsolvable reading counts as wrong
        return False
    return all(same(a, b, symmetric) for a, b in zip(sol.chosen, truth.stickers))
