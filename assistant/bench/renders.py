"""What the vision benchmarks share: their unseen test cubes and how a reading is judged.

``bench vision`` (single-face photos) and ``bench corners`` (corner photos) render fresh cubes
from seeds the tests and the training never use; each has its own recipe (difficulty range,
photo sizes, JPEG quality), kept here so that tests can rebuild exactly the photo a benchmark
reported. A reading is right when every sticker equals the truth, a symmetric digit (1) also
when turned half round.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Mapping

from ...models.cube.geometry import FACES
from ...models.cube.state import CubeState
from ...models.cube.stickers import Sticker, same_sticker
from ...models.errors import SudokuCubeError
from ...models.generator.cube3 import home_faces, make_puzzle
from ...models.grid import solve_grid
from ...models.profile import CubeSettings
from ...render import PhotoStyle, render_face_photo
from ...render.looks import PHOTO_LOOKS
from ...vision.reading.faces import FaceReading


@dataclass(frozen=True)
class Recipe:
    """How a benchmark's unseen photos vary: difficulty range, photo sizes, JPEG qualities."""

    difficulty: tuple[float, float]
    sizes: tuple[tuple[int, int], ...]
    jpeg: tuple[int | None, ...]


FACE_RECIPE = Recipe((0.3, 1.0), ((640, 480), (800, 600), (960, 720), (480, 640)), (None, 60, 80))
CORNER_RECIPE = Recipe((0.2, 0.8), ((800, 600), (960, 720), (1280, 960)), (None, 70, 85))


LOOK_ORDER = PHOTO_LOOKS
"""The sticker looks the benchmarks report separately, in their order (the first renderer's,
:mod:`render.looks`); look i's cubes start at the run's first seed + 1000 i."""


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


def face_misreads(readings: Mapping[str, FaceReading], truth: CubeState,
                  symmetric: frozenset[int] = DEFAULT_SYMMETRIC) -> tuple[int, list[str]]:
    """The stickers right on the faces that were read (``readings``, by face; a face not
    read is missing and counts none right) against ``truth``, and the misread ones named
    ("F3 truth 5> read 6<"): so a photo that was not read costs its own faces, not the
    faces of the photos that were."""
    right, wrong = 0, []
    for f in FACES:
        if f not in readings:
            continue
        for i, (got, want) in enumerate(zip(readings[f].stickers, truth.face(f))):
            if same(got, want, symmetric):
                right += 1
            else:
                wrong.append(f"{f}{i + 1} truth {want.token} read {got.token}")
    return right, wrong


JOINT_OUTCOMES = ("sure", "review", "refused", "wrong_sure")
"""What joint decoding does with a cube's reading, as a person meets it: ``sure`` settled by
itself and right; ``review`` some stickers in doubt, shown to the person to confirm (or, without
one, a stop naming them); ``refused`` too doubtful or unsolvable (a photo not read counts here
too): retake photos; ``wrong_sure`` settled by itself and WRONG, the dangerous one."""


@dataclass(frozen=True)
class Joint:
    """Joint decoding of one reading against its truth: whether the grid solver's choice is
    the truth (``right``), the outcome (:data:`JOINT_OUTCOMES`) and the seconds it took."""

    right: bool
    outcome: str
    seconds: float


JOINT_WALL_GUARD_S = 120.0
"""Wall-clock guard of the bench's grid searches: far above what the deterministic budget
takes on a busy machine, so the figures do not depend on the machine's load (the product
keeps its shorter guard, for a person waiting)."""


def joint_decode(state: CubeState, truth: CubeState,
                 symmetric: frozenset[int] = DEFAULT_SYMMETRIC) -> Joint:
    """Decode ``state`` as the product does (the grid solver with these symmetric digits) and
    judge it against ``truth``. The search stops on the solver's deterministic budget, not
    the wall clock (:data:`JOINT_WALL_GUARD_S`), so a busy machine decodes as a quiet one."""
    t0 = time.perf_counter()
    try:
        sol = solve_grid(state, CubeSettings(symmetric=symmetric), time_limit_s=JOINT_WALL_GUARD_S)
    except SudokuCubeError:
        return Joint(False, "refused", time.perf_counter() - t0)
    right = all(same(a, b, symmetric) for a, b in zip(sol.chosen, truth.stickers))
    outcome = "review" if not sol.sure else "sure" if right else "wrong_sure"
    return Joint(right, outcome, time.perf_counter() - t0)


@dataclass
class JointTally:
    """Joint decoding over a set of cubes: right choices, each outcome, the slowest."""

    right: int = 0
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(JOINT_OUTCOMES, 0))
    max_s: float = 0.0

    def add(self, joint: Joint | None) -> None:
        """Count one cube (None: its photos were not all read, a refusal)."""
        if joint is None:
            self.counts["refused"] += 1
            return
        self.right += joint.right
        self.counts[joint.outcome] += 1
        self.max_s = max(self.max_s, joint.seconds)

    def figures(self) -> dict:
        """The columns of a benchmark row: ``cubes_right_after_joint``, ``joint_sure``,
        ``joint_review``, ``joint_refused``, ``joint_wrong_sure``, ``joint_max_s``."""
        return {"cubes_right_after_joint": self.right,
                **{f"joint_{k}": v for k, v in self.counts.items()},
                "joint_max_s": round(self.max_s, 2)}


JOINT_HEADS = {"cubes_right_after_joint": "after joint", "joint_sure": "sure right",
               "joint_review": "review", "joint_refused": "refused",
               "joint_wrong_sure": "WRONG sure", "joint_max_s": "joint max s"}
"""Table heads of the joint columns: right after joint decoding (whatever the outcome),
settled sure and right, sent to review, refused, settled sure but wrong, slowest decoding."""
