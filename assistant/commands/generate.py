"""``sudoku-cube generate``: a random solvable cube (state files) and, optionally, its photos.

Writes ``scrambled.json`` (the cube to solve), ``solved.json`` (its solved design) and
``scramble.txt`` (the turns that lead from the design to the cube) into ``--out``; with
``--photos DIR`` also six single-face photos (``U.jpg`` ... ``B.jpg``), optionally corner photos
``A.jpg``/``B.jpg`` (``--corners``) and a webcam-like video (``--video``), each folder with a
``truth.json``. Everything is deterministic for ``--seed``.
"""
from __future__ import annotations

import argparse
import random
import secrets
from functools import partial
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from ...models.cube.geometry import FACES
from ...models.cube.state import CubeState
from ...models.cube.state_format import to_dict
from ...models.cube.stickers import Sticker
from ...models.errors import SudokuCubeError
from ...models.generator.cube3 import home_faces, make_puzzle, make_unique_puzzle, solution_count
from ...models.generator.cube4 import (Labelling, apply4, cp_sat_labelling, labelling_problems,
                                       random_scramble4, safe_set_labelling)
from ...models.profile import CubeSettings
from ...render import PhotoStyle
from ...render.looks import look
from ...render.video import video_frames, write_video
from ...samples.build import write_corner_photos, write_face_photos
from ...storage.atomic import (atomic_folder, atomic_path, atomic_write_bytes, atomic_write_json,
                               atomic_write_text)
from ...vision.recognise.footed import OneVerdict
from ..terminal.markup import plain
from ..terminal.profile_option import add_symmetric_option, with_symmetric


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``generate`` subcommand."""
    p = sub.add_parser("generate", help="make a random solvable cube (and its photos)",
                       description=__doc__.split("\n\n", 1)[1].replace("``", "")
                       if __doc__ else None)
    p.add_argument("--seed", type=int, default=None,
                   help="random seed (default: a new one, printed so you can repeat it)")
    p.add_argument("--scramble", type=int, default=20, metavar="N",
                   help="number of random face turns (default 20)")
    p.add_argument("--substitute", action="store_true",
                   help="relabel the digits by a random bijection (symmetric digits stay "
                        "symmetric)")
    p.add_argument("--unique", action="store_true",
                   help="keep only well-posed designs: exactly one reachable solved arrangement")
    p.add_argument("--size", type=int, choices=(3, 4), default=3,
                   help="3 (Sudoku Cube, digits 1-9) or 4 (Sudokube, labels 0-F)")
    p.add_argument("--method", choices=("cp-sat", "safe-set-1", "safe-set-2"), default="cp-sat",
                   help="4x4x4 labelling algorithm (default cp-sat)")
    p.add_argument("--out", default="generated", metavar="DIR",
                   help="folder for the state files (default ./generated)")
    p.add_argument("--photos", default=None, metavar="DIR",
                   help="also render photos of the scrambled cube into DIR")
    p.add_argument("--style", choices=("white", "coloured", "coloured-white-ink", "black"),
                   default="white",
                   help="sticker look of the photos: white or coloured stickers with black "
                        "digits; coloured with white digits on red, green and blue; black: the "
                        "black Sudoku Cube (dark grey stickers, white serif digits, a footed 1: "
                        "its design keeps every 1 upright unless --symmetric says otherwise)")
    p.add_argument("--difficulty", type=float, default=0.3,
                   help="photo difficulty 0 (clean) .. 1 (tilted, blurred, glare, clutter)")
    p.add_argument("--corners", action="store_true", help="also render corner photos A and B")
    p.add_argument("--video", action="store_true", help="also render a webcam-like video")
    add_symmetric_option(p, "default 1; none with --style black, whose 1 has a foot")
    p.set_defaults(handler=run)


def _progress(console: Console) -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), TextColumn(
        "{task.completed}/{task.total}"), TimeElapsedColumn(), console=console, transient=True)


def design_symmetric(style: str, given: str | None) -> frozenset[int]:
    """The digits the design may leave turned half round: those ``--symmetric`` gives
    (``given``), else none where the photos' ``style`` prints a footed 1 (a serif face, the
    black cube: its maker's design, like the bundled black samples', keeps every 1 upright,
    so a photo of it shows no 1 turned over), else the default (1)."""
    if given is None and look(style).serif:
        return frozenset()
    return with_symmetric(CubeSettings(), given).symmetric


def _one_entry(style: str, symmetric: frozenset[int]) -> dict:
    """The state file's word on the cube's 1 where its print has a foot and its design keeps
    every 1 upright (a serif look, :func:`design_symmetric`): all six 1s footed, as ``read
    --json`` records what photos show, so ``solve`` of the file keeps every 1 upright too;
    else nothing (the 1 taken as symmetric, the default)."""
    if not look(style).serif or 1 in symmetric:
        return {}
    return {"one": OneVerdict(ONES, ONES).to_dict()}


def run(args: argparse.Namespace) -> int:
    """Generate, write the files, print a summary."""
    console = Console(stderr=True)
    sym = design_symmetric(args.style, args.symmetric)
    if args.scramble < 0 or args.scramble > 10000:
        raise SudokuCubeError(f"--scramble {args.scramble}: give a number of turns 0-10000")
    if not 0 <= args.difficulty <= 1:
        raise SudokuCubeError(f"--difficulty {args.difficulty}: give a number from 0 to 1")
    seed = args.seed if args.seed is not None else secrets.randbelow(10 ** 9)
    out = Path(args.out)
    if args.size == 4:
        if args.photos or args.corners or args.video or args.unique:
            raise SudokuCubeError("--photos/--corners/--video/--unique are for 3x3x3 cubes only; "
                                  "drop them with --size 4")
        return _run4(args, seed, out, console)
    if (args.corners or args.video) and not args.photos:
        raise SudokuCubeError("--corners and --video need --photos DIR (where to put them)")
    if args.photos:
        _check_photo_folder(Path(args.photos))
    tries = 1
    with console.status("generating a design..."):
        if args.unique:
            try:
                puzzle, tries = make_unique_puzzle(seed, args.scramble,
                                                   substitution=args.substitute, symmetric=sym)
            except RuntimeError as e:
                raise SudokuCubeError(f"{e}; try another --seed") from None
        else:
            puzzle = make_puzzle(seed, args.scramble, substitution=args.substitute,
                                 symmetric=sym)
        count, complete = solution_count(puzzle.state, 10, sym)
    atomic_write_json(out / "scrambled.json",
                      {**to_dict(puzzle.state), **_one_entry(args.style, sym)})
    atomic_write_json(out / "solved.json", to_dict(puzzle.design))
    lines = [puzzle.scramble_text, f"# seed: {seed}",
             f"# reachable solved arrangements: {count}{'' if complete else '+'}"]
    if puzzle.substitution:
        lines.append("# digits substituted: " + " ".join(
            f"{k}->{v}" for k, v in sorted(puzzle.substitution.items())))
    atomic_write_text(out / "scramble.txt", "\n".join(lines) + "\n")
    console.print(f"seed {seed}: {plain(out / 'scrambled.json')} (scramble of "
                  f"{len(puzzle.scramble)} turns), design {plain(out / 'solved.json')}",
                  soft_wrap=True)  # paths kept whole, to copy
    console.print(f"reachable solved arrangements: {count}{'' if complete else ' or more'}"
                  + (f" (well-posed; {tries} design(s) tried)" if args.unique else ""))
    if args.photos:
        _photos(args, seed, puzzle, Path(args.photos), console)
    return 0


ONES = 6
"""How many 1s a 3x3x3 Sudoku Cube prints: each digit once on each of its six faces."""

PHOTO_SET = frozenset([*(f"{f}.jpg" for f in FACES), "photos.json", "truth.json", "corners",
                       "video.avi", "video.timeline.json"])
"""The names ``generate --photos`` writes into its folder."""


def _check_photo_folder(folder: Path) -> None:
    """The photo set replaces ``--photos DIR`` as a whole, so refuse (before any work) a DIR
    that is a file or holds anything but a set made by ``generate``: the person's own files
    there would be lost. Temporary files of an older interrupted write may be there."""
    if not folder.exists():
        return
    if not folder.is_dir():
        raise SudokuCubeError(f"--photos {folder}: is a file; give a folder for the photos")
    others = sorted(p.name for p in folder.iterdir() if p.name not in PHOTO_SET and not (
        p.name.startswith(".") and p.name.endswith(".tmp")))
    if others:
        shown = ", ".join(others[:3]) + (" ..." if len(others) > 3 else "")
        raise SudokuCubeError(f"--photos {folder}: holds files that are not photos made by "
                              f"`generate` ({shown}); the new set replaces the folder as a "
                              "whole, so give a new or empty folder, or one of its own")


def _photos(args, seed: int, puzzle, folder: Path, console: Console) -> None:
    """Render the requested photos into ``folder`` with a progress bar: into a new folder
    beside it, which then takes its place as a whole (:func:`storage.atomic.atomic_folder`),
    so that a killed run never leaves a set mixed from two cubes."""
    with atomic_folder(folder) as new:
        _render_photos(args, seed, puzzle, new, console)
    extra = (["corner photos in corners/"] if args.corners else []) + \
        (["the video video.avi"] if args.video else [])
    console.print(f"photos in {plain(folder)} (truth.json beside them"
                  + "".join(f"; {x}" for x in extra) + ")", soft_wrap=True)


def _render_photos(args, seed: int, puzzle, folder: Path, console: Console) -> None:
    """Render the requested photos into ``folder``."""
    style = PhotoStyle(stickers=args.style, difficulty=args.difficulty)
    total = 6 + (2 if args.corners else 0) + (1 if args.video else 0)
    with _progress(console) as bar:
        task = bar.add_task("rendering photos", total=total)
        step = partial(bar.advance, task)  # one tick per picture
        write_face_photos(folder, puzzle, seed, style, atomic_write_bytes, step)
        atomic_write_json(folder / "truth.json", to_dict(puzzle.state))
        if args.corners:
            corner_dir = folder / "corners"
            write_corner_photos(corner_dir, puzzle, seed, style, atomic_write_bytes, step)
            atomic_write_json(corner_dir / "truth.json", to_dict(puzzle.state))
        if args.video:
            homes = home_faces(puzzle.scramble)
            home = {f: homes[9 * k:9 * k + 9] for k, f in enumerate(FACES)}
            with atomic_path(folder / "video.avi", suffix=".avi") as tmp:
                infos = write_video(tmp, video_frames(puzzle.state.faces(), seed, style,
                                                      homes=home), fps=8, quality=50)
            atomic_write_json(folder / "video.timeline.json", {"fps": 8, "frames": len(infos),
                                                               "info": infos})
            bar.advance(task)


def _run4(args, seed: int, out: Path, console: Console) -> int:
    """A 4x4x4 Sudokube design, substituted and scrambled with real 4x4x4 turns."""
    with console.status(f"labelling a Sudokube ({args.method})..."):
        try:
            if args.method == "cp-sat":
                lab: Labelling = cp_sat_labelling(seed)
            else:
                lab = safe_set_labelling(seed, int(args.method[-1]), time_limit_s=120)
        except RuntimeError as e:
            raise SudokuCubeError(f"{e}; try another --seed or --method cp-sat") from None
    labels = list(lab.labels)
    rng = random.Random(f"sub4:{seed}")
    mapping = None
    if args.substitute:
        image = list(range(16))
        rng.shuffle(image)
        mapping = dict(enumerate(image))
        labels = [mapping[k] for k in labels]
    assert not labelling_problems(labels)
    design = CubeState(tuple(Sticker(k, 0) for k in labels), 4)
    moves = random_scramble4(rng, args.scramble)
    state = apply4(design, moves)
    atomic_write_json(out / "scrambled.json", to_dict(state))
    atomic_write_json(out / "solved.json", to_dict(design))
    lines = [" ".join(moves), f"# seed: {seed}", f"# method: {lab.method}, "
             f"{lab.seconds * 1000:.1f} ms, {lab.failures} restarts"]
    if mapping:
        lines.append("# labels substituted: " + " ".join(f"{k:X}->{v:X}"
                                                        for k, v in mapping.items()))
    atomic_write_text(out / "scramble.txt", "\n".join(lines) + "\n")
    console.print(f"seed {seed}: 4x4x4 Sudokube by {lab.method} in {lab.seconds * 1000:.1f} ms "
                  f"({lab.failures} restarts); {plain(out / 'scrambled.json')}, "
                  f"{plain(out / 'solved.json')}", soft_wrap=True)
    return 0
