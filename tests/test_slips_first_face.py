"""The first face asked for, chosen from the plan alone: the one whose look singles out the
most prior weight of slipped states."""
from __future__ import annotations

import numpy as np

from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.cube.moves import Move
from sudoku_cube.models.slips.first_look import first_face
from sudoku_cube.models.slips.kinds import KIND_SHARE_FACE_TURN, Slip, slip_prior, step_slips


def _state(**faces: int) -> np.ndarray:
    """A look key row: every face blank except the given faces' first cell."""
    row = np.zeros(54, dtype=np.int16)
    for face, code in faces.items():
        row[FACES.index(face) * 9] = code
    return row


def test_first_face_counts_only_states_the_face_singles_out():
    # row 0 the plan's state; a and b look alike on U (neither settles there) and a looks as
    # planned everywhere else; b differs on R too; c (two explanations, summed) only on F.
    keys = np.array([_state(), _state(U=5), _state(U=5, R=7), _state(F=3), _state(F=3)])
    weights = [0.0, 1.0, 1.0, 0.6, 0.6]
    # U would split the most weight from the plan's state (2.0) but settles nothing; R settles
    # b (1.0); F settles c (1.2, both its explanations)
    assert first_face(keys, weights) == "F"
    assert first_face(keys, [0.0, 1.0, 1.0, 0.4, 0.4]) == "R"


def test_slip_prior_shares_a_kind_among_its_variants():
    planned = Move("R", 1)
    by_kind: dict[str, float] = {}
    for slip, _, _ in step_slips(3, planned):
        kind = "tilt" if slip.kind == "face" and slip.done[0].face == "L" else slip.kind
        by_kind[kind] = by_kind.get(kind, 0.0) + slip_prior((slip,))
    # every kind a person can make at a quarter turn weighs the same in total, but another
    # face turned another way (two things wrong at once)
    assert set(by_kind) == {"direction", "amount", "face", "tilt", "skip", "repeat", "held",
                            "face_turn"}
    assert abs(by_kind.pop("face_turn") - KIND_SHARE_FACE_TURN) < 1e-9
    assert all(abs(w - 1.0) < 1e-9 for w in by_kind.values())
    skip = Slip("skip", 3, planned)
    assert slip_prior((skip, Slip("repeat", 4, planned))) < 0.1 * slip_prior((skip,))
    assert slip_prior(()) == 0.0
