"""A slip the guide's first look at a step leaves open, for tests of the check's follow-up
question: the same search wherever a test needs one."""
from __future__ import annotations

import random
from typing import Sequence

from sudoku_cube.models.cube.moves import Move
from sudoku_cube.models.cube.state import CubeState
from sudoku_cube.models.slips.find import Verdict, find_slip
from sudoku_cube.models.slips.first_look import FirstLook, first_look
from sudoku_cube.models.slips.kinds import random_slip
from sudoku_cube.models.slips.looks import certain
from sudoku_cube.models.slips.replay import slipped_state

KINDS = ("skip", "direction", "amount", "face", "tilt", "repeat", "held")


def slip_left_open(start: CubeState, plan: Sequence[Move], done: int
                   ) -> tuple[CubeState, FirstLook, Verdict]:
    """The first slip (by kind, then seed) at step ``done`` of ``plan`` whose cube the first
    look's face cannot tell from others: the real cube, the first look, and the verdict on
    that face alone (``ambiguous``: it asks for another face)."""
    look = first_look(start, plan, done)
    for kind in KINDS:
        for r in range(6):
            slip = random_slip(random.Random(r), done, plan[done - 1], kind)
            real = slipped_state(start, plan, done, [slip])
            v = find_slip(start, plan, done, {look.face: certain(real.face(look.face))})
            if v.outcome == "ambiguous":
                return real, look, v
    raise AssertionError("no slip the first face leaves open")
