"""Any single wrong turn at a plan step is a slip: another face turned by another amount or the
other way (``face_turn``) is found like the other kinds, said in words a person can check, and
its new plan solves the real cube; the simpler kinds still come first."""
from __future__ import annotations

import pytest

from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
from sudoku_cube.assistant.services.watch import Watcher
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.cube.moves import Move, invert_moves, simplify
from sudoku_cube.models.cube.solved import is_solved
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.slips.find import find_slip
from sudoku_cube.models.slips.kinds import KIND_ORDER, Slip, slip_prior, step_slips
from sudoku_cube.models.slips.looks import certain
from sudoku_cube.models.slips.replay import candidates, slipped_state

DONE = 10


@pytest.fixture(scope="module")
def plan():
    """A fixed cube and the plan that solves it, with a quarter and a half turn among steps
    6..10 (the check's window at step 10)."""
    for seed in range(100):
        pz = make_puzzle(seed, 20)
        moves = simplify(invert_moves(pz.scramble))
        turns = {m.turns == 2 for m in moves[5:DONE]}
        if len(moves) >= 14 and turns == {True, False}:
            return pz.state, moves
    raise AssertionError("no plan with a quarter and a half turn in steps 6..10")


def _corner_a(cube):
    return {f: certain(cube.face(f)) for f in "UFR"}


def _others(planned: Move) -> list[Move]:
    return [Move(f, t) for f in FACES for t in (1, 2, 3) if Move(f, t) != planned]


def test_every_other_turn_of_a_step_is_one_slip_of_that_step():
    for planned in (Move("F", 1), Move("R", 3), Move("D", 2)):
        made = {}
        for slip, _, _ in step_slips(4, planned):
            if slip.kind not in ("held", "repeat", "skip"):
                made.setdefault(slip.done, []).append(slip.kind)
        # each of the 17 other single turns exactly once
        assert sorted(made) == sorted((m,) for m in _others(planned))
        assert all(len(k) == 1 for k in made.values())
        # the same turn amount on another face keeps its old kind
        assert all(made[(Move(f, planned.turns),)] == ["face"] for f in FACES
                   if f != planned.face)


@pytest.mark.parametrize("half", [False, True])
def test_each_wrong_turn_at_the_step_watched_is_found_and_its_plan_solves(plan, half):
    """The watch's search (one step, corner view A): all 17 other turns of a quarter or a
    half turn step are found as one slip there; the new plan solves the real cube."""
    start, moves = plan
    step = next(k for k in range(6, DONE + 1) if (moves[k - 1].turns == 2) == half)
    planned = moves[step - 1]
    before = start.apply(moves[:step - 1])
    for move in _others(planned):
        real = before.apply([move])
        v = find_slip(start, moves, step, _corner_a(real), window=1)
        assert v.outcome == "found", (move, v.outcome)
        (slip,) = v.best.slips
        assert slip.step == step and slip.done == (move,), slip
        assert v.best.state == real
        assert is_solved(real.apply(v.repair))


def test_the_watch_acts_on_another_face_turned_another_amount(plan):
    start, moves = plan
    step = next(k for k in range(2, DONE + 1) if moves[k - 1].turns != 2)
    planned = moves[step - 1]
    other = next(f for f in "URFDLB" if f not in (planned.face, moves[step].face))
    real = start.apply(moves[:step - 1]).apply([Move(other, 2)])
    watcher = Watcher(GuideCursor(steps_from_moves(start, moves), start, remember=False,
                                  position=step - 1), go_on_after_slip=False)
    events = [watcher.feed(_corner_a(real)) for _ in range(2)]
    assert events[0] is None and events[1] is not None and events[1].kind == "slip", events
    assert [s.kind for s in events[1].verdict.best.slips] == ["face_turn"]
    assert f"({other}2 instead of {planned})" in events[1].message
    assert is_solved(real.apply(events[1].verdict.repair))


@pytest.mark.parametrize("half", [False, True])
def test_a_check_of_the_last_steps_finds_another_face_turned_another_amount(plan, half):
    """A wrong amount on another face three steps back, checked on corner photo A: named in
    words with both turns, and the new plan solves the real cube."""
    start, moves = plan
    step = next(k for k in range(DONE - 4, DONE + 1) if (moves[k - 1].turns == 2) == half)
    planned = moves[step - 1]
    other = next(f for f in "RUFDLB" if f != planned.face)
    done = Move(other, 1 if half else 2)
    real = slipped_state(start, moves, DONE, [Slip("face_turn", step, planned, (done,))])
    v = find_slip(start, moves, DONE, _corner_a(real))
    assert v.outcome == "found", v.message()
    assert [(s.kind, s.step, s.done) for s in v.best.slips] == [("face_turn", step, (done,))]
    assert is_solved(real.apply(v.repair))
    places = {"U": "top", "R": "right", "F": "front", "D": "bottom", "L": "left", "B": "back"}
    asked = "a half turn" if half else \
        f"a quarter turn {'clockwise' if planned.turns == 1 else 'anticlockwise'}"
    assert (f"the {places[other]} face was turned "
            f"{'a quarter turn clockwise' if half else 'a half turn'} instead of the "
            f"{places[planned.face]} face {asked} ({done} instead of {planned})") in v.message()


def test_the_simpler_kinds_come_first():
    """A face turned another way ranks after the kinds a person makes more often, weighs
    less than a face turned as asked, and is never one of a pair of slips."""
    assert KIND_ORDER.index("face") < KIND_ORDER.index("face_turn") < KIND_ORDER.index("held")
    planned = Move("R", 1)
    face = Slip("face", 3, planned, (Move("U", 1),))
    other = Slip("face_turn", 3, planned, (Move("U", 2),))
    assert slip_prior((other,)) < slip_prior((face,))
    assert slip_prior((other,)) > slip_prior((face, Slip("skip", 4, planned)))


def test_pairs_of_slips_leave_the_new_kind_out(plan):
    start, moves = plan
    batch = candidates(start, moves, DONE, 5)
    kinds = [[s.kind for s in slips] for slips in batch.slips]
    assert any(k == ["face_turn"] for k in kinds)
    assert not any(len(k) == 2 and "face_turn" in k for k in kinds)
    assert any(len(k) == 2 for k in kinds)
