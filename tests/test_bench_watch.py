"""``bench watch`` draws slips of kind ``face_turn`` (another face turned another way) after the
old cases, from the same random stream, so that the old cases stay as they were."""
from __future__ import annotations

from sudoku_cube.assistant.bench.watch import cases
from sudoku_cube.models.slips.kinds import SLIP_KINDS

# The old cases of seed 0, one per kind and then each on a B or D turn, as drawn before the
# face_turn cases were added: (label, step, planned move, video seed).
OLD_SEED_0 = [
    ("direction", 5, "B'", 42450), ("amount", 6, "R'", 424604), ("face", 4, "D", 375441),
    ("tilt", 3, "B'", 295528), ("skip", 2, "B'", 953938), ("repeat", 6, "D2", 325213),
    ("held", 2, "F", 495077), ("direction (B turn)", 5, "B'", 640561),
    ("amount (D turn)", 2, "D", 868287), ("face (B turn)", 4, "B", 765752),
    ("tilt (D turn)", 6, "D", 838260), ("skip (B turn)", 2, "B", 332447),
    ("repeat (D turn)", 3, "D2", 861370), ("held (B turn)", 5, "B'", 86374)]


def test_face_turn_cases_come_after_the_old_cases_which_stay_as_they_were():
    drawn = cases(1, 0)
    old = [(label, slip.step, str(slip.planned), seed) for _, _, slip, seed, label in drawn]
    assert old[:len(OLD_SEED_0)] == OLD_SEED_0
    assert len(drawn) == 2 * len(SLIP_KINDS) + 2
    (_, plan, plain, _, label), (_, plan_d, on_d, _, label_d) = drawn[-2:]
    assert (label, label_d) == ("face_turn", "face_turn (D turn)")
    for slip, moves in ((plain, plan), (on_d, plan_d)):
        assert slip.kind == "face_turn" and slip.planned == moves[slip.step - 1]
        (done,) = slip.done
        assert done.face != slip.planned.face
    assert on_d.planned.face == "D"
