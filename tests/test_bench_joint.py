"""What ``bench vision`` tells about joint decoding: each cube settled sure and right, sent to
review, refused, or settled sure but WRONG, judged by the real grid solver against the truth."""
from __future__ import annotations

from sudoku_cube.assistant.bench.renders import JOINT_HEADS, JointTally, joint_decode
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.cube.state import CubeState
from sudoku_cube.models.cube.stickers import Sticker
from tests.conftest import swapped_pair


def test_each_outcome_of_joint_decoding_is_told_apart():
    truth, a, b, swapped, clear = swapped_pair()
    other = make_puzzle(12, 25).state  # another cube, read with full confidence
    miscounted = CubeState(tuple(Sticker(truth.stickers[0].digit, s.rot) if i == 1 else s
                                 for i, s in enumerate(truth.stickers)))
    got = {name: joint_decode(state, truth) for name, state in
           (("certain", truth), ("clear", clear), ("swapped", swapped), ("other", other),
            ("miscounted", miscounted))}
    assert (got["certain"].outcome, got["certain"].right) == ("sure", True)
    assert (got["clear"].outcome, got["clear"].right) == ("sure", True)
    assert got["swapped"].outcome == "review"
    assert (got["other"].outcome, got["other"].right) == ("wrong_sure", False)
    assert (got["miscounted"].outcome, got["miscounted"].right) == ("refused", False)
    tally = JointTally()
    for joint in got.values():
        tally.add(joint)
    tally.add(None)  # a cube whose photos were not all read
    figures = tally.figures()
    assert set(figures) == set(JOINT_HEADS)
    assert figures["joint_sure"] == 2 and figures["joint_review"] == 1
    assert figures["joint_wrong_sure"] == 1 and figures["joint_refused"] == 2
    assert figures["cubes_right_after_joint"] == 2 + got["swapped"].right
    assert figures["joint_max_s"] == round(max(j.seconds for j in got.values()), 2)
