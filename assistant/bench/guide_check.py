"""The guide's check: a slip, then the step shown made or not, asked face by face as c does.

A person often turns the step the guide shows, sees the cube unlike its "After" net, then
presses c; or presses c before turning it. Each case is a random solved design scrambled by
``--scramble`` turns, the plan the scramble undone, one random slip (wrong direction, half for
quarter turn or back, another face, a skipped step) at one of the last three steps before the
step shown, and the cube checked twice: with the step shown not made, and made right after the
slip. Each check answers the guide's first question with the face it names (typed tokens) and
every later question with the face asked, as :func:`assistant.terminal.guide_check.judge`
weighs them, up to four faces. Counted: the faces asked, slips found whose new plan solves the
real cube, and plans that do not (wrong: the cube followed would not be solved). Target: no
wrong plan, either way.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from typing import Sequence

from rich.console import Console
from rich.table import Table

from ...models.cube.solved import is_solved
from ...models.cube.moves import Move, invert_moves, simplify
from ...models.cube.state import CubeState
from ...models.generator.cube3 import make_puzzle
from ...models.profile import CubeSettings
from ...models.slips.first_look import first_look
from ...models.slips.kinds import random_slip
from ...models.slips.looks import certain
from ...models.slips.replay import WINDOW, slipped_state
from ..services.guide import GuideCursor, steps_from_moves
from ..terminal.guide_check import judge

MOST_FACES = 4
"""Faces a check may ask for before it counts as unsettled."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudoku-cube bench guide-check``."""
    parser.add_argument("--n", type=int, default=150, help="plans, each checked with the step "
                                                           "shown made and not (default 150)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--scramble", type=int, default=20, help="scramble length (default 20)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def run(args: argparse.Namespace) -> int:
    """Check every case both ways and print the counts."""
    if args.n < 1:
        print("sudoku-cube: give --n of at least 1", file=sys.stderr)
        return 2
    rng, settings = random.Random(args.seed), CubeSettings()
    counts = {"not made": Counter(), "made": Counter()}
    done_cases = 0
    while done_cases < args.n:
        pz = make_puzzle(rng.randrange(10 ** 6), args.scramble)
        start, plan = pz.state, simplify(invert_moves(pz.scramble))
        if len(plan) < 6:
            continue
        done = rng.randrange(3, len(plan))
        step = rng.randrange(done - 2, done + 1)  # 1-based, among the last three
        kinds = ["amount", "face", "skip"] + (["direction"] if plan[step - 1].turns != 2 else [])
        slip = random_slip(rng, step, plan[step - 1], rng.choice(kinds))
        slipped = slipped_state(start, plan, done, [slip])
        for made, real in (("not made", slipped), ("made", slipped.apply([plan[done]]))):
            counts[made][_check(start, plan, done, real, settings)] += 1
        done_cases += 1
    figures = {way: {"cases": sum(c.values()), **dict(sorted(c.items()))}
               for way, c in counts.items()}
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    table = Table(title=f"bench guide-check (typed faces), seed {args.seed}")
    for col in ("step shown", "cases", "found, 1 face", "found, 2 faces", "found, 3-4 faces",
                "WRONG plan", "unsettled"):
        table.add_column(col)
    for way, f in figures.items():
        table.add_row(way, str(f["cases"]), str(f.get("found 1", 0)), str(f.get("found 2", 0)),
                      str(f.get("found 3", 0) + f.get("found 4", 0)), str(f.get("wrong", 0)),
                      str(f.get("unsettled", 0)))
    Console().print(table)
    return 0


def _check(start: CubeState, plan: Sequence[Move], done: int, real: CubeState,
           settings: CubeSettings) -> str:
    """One check of ``real`` at step ``done`` as the guide makes it: 'found N' (a slip found
    from N faces, its new plan solving ``real``), 'wrong' (a plan that does not) or
    'unsettled' (no slip, or still several after :data:`MOST_FACES` faces)."""
    face = first_look(start, plan, done, settings, shown_made=True).face
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=done)
    seen = {face: certain(real.face(face))}
    verdict, at, window = judge(cursor, seen, settings, done, WINDOW)
    while verdict.outcome == "ambiguous" and verdict.ask_face and len(seen) < MOST_FACES:
        seen[verdict.ask_face] = certain(real.face(verdict.ask_face))
        verdict, at, window = judge(cursor, seen, settings, at, window)
    if verdict.outcome != "found":
        return "unsettled"
    return f"found {len(seen)}" if is_solved(real.apply(verdict.repair)) else "wrong"
