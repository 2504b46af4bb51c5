"""Watch mode shown another corner of the cube than corner A: the frames are told apart from a
slip by the services (:func:`other_corner`), skipped rather than counted as lost, and the
watch names the corner it sees."""
from __future__ import annotations

from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
from sudoku_cube.assistant.services.watch import LOST_AFTER, Watcher
from sudoku_cube.assistant.services.watch_corner import other_corner
from sudoku_cube.models.cube.cube_rotations import rotated_face, rotation_transform
from sudoku_cube.models.cube.moves import Move, invert_moves, simplify
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.slips.looks import certain


def _seen(state):
    """What corner view A shows of ``state``, read without doubt."""
    return {f: certain(state.face(f)) for f in "UFR"}


def _turned_to(corner: tuple[str, str, str]) -> int:
    """The whole-cube turn that brings the faces ``corner`` to the top, front and right."""
    return next(i for i in range(24)
                if tuple(rotated_face(i, f) for f in corner) == ("U", "F", "R"))


def _plan():
    pz = make_puzzle(4, 20)
    return pz.state, simplify(invert_moves(pz.scramble))


def test_corner_b_shown_is_named_and_a_slip_is_not_taken_for_another_corner():
    start, plan = _plan()
    rot = _turned_to(("D", "L", "B"))  # corner B, its bottom face on top
    shown = start.transformed(rotation_transform(rot))
    found = other_corner([start], _seen(shown))
    assert found is not None and found.faces == ("D", "L", "B") and not found.turned
    # one sticker misread (a finger over it) changes nothing
    seen = _seen(shown)
    cells = list(seen["F"])
    cells[0] = (Hypothesis(Sticker(cells[0][0].sticker.digit % 9 + 1, 0), None),)
    seen["F"] = tuple(cells)
    assert other_corner([start], seen).faces == ("D", "L", "B")
    # corner A turned in the hand: its front face on top
    turned = other_corner([start], _seen(start.transformed(
        rotation_transform(_turned_to(("F", "R", "U"))))))
    assert turned is not None and turned.faces == ("F", "R", "U") and turned.turned
    # corner A itself, and corner A after a slip (a wrong face turned), are no other corner
    assert other_corner([start], _seen(start)) is None
    for slip in ("U", "F", "R", "D", "L", "B"):
        assert other_corner([start], _seen(start.apply([Move(slip, 2)]))) is None, slip


def test_the_watch_skips_another_corner_says_which_and_goes_on_when_corner_a_is_back():
    start, plan = _plan()
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=0)
    w = Watcher(cursor)
    corner_b = _seen(start.transformed(rotation_transform(_turned_to(("D", "L", "B")))))
    events = [w.feed(corner_b) for _ in range(2 * LOST_AFTER)]
    told = [e for e in events if e is not None]
    assert [e.kind for e in told] == ["wrong corner"], told  # said once, not each frame
    assert told[0].corner.faces == ("D", "L", "B") and not w.stopped
    assert w.feed(_seen(start)) is None  # one frame of corner A: not yet
    back = w.feed(_seen(start))
    assert back is not None and back.kind == "right corner" and not w.stopped
    after = start.apply(plan[:1])
    kinds = [e.kind for e in (w.feed(_seen(after)), w.feed(_seen(after))) if e is not None]
    assert kinds == ["confirmed"] and cursor.position == 1


def test_a_wrong_face_turned_is_no_other_corner_for_the_states_the_watcher_passes():
    """Every single slip of a step mid-plan (each face a quarter, half or three-quarter turn
    instead of the planned move), judged against the cube before and after that step as the
    Watcher passes them, is no other corner; the cube before or after, turned, is one."""
    start, plan = _plan()
    before = start.apply(plan[:5])
    after = before.apply(plan[5:6])
    for face in "URFDLB":
        for turns in (1, 2, 3):
            if Move(face, turns) == plan[5]:
                continue
            assert other_corner([before, after], _seen(before.apply([Move(face, turns)]))) \
                is None, (face, turns)
    for state in (before, after):
        shown = _seen(state.transformed(rotation_transform(_turned_to(("B", "U", "R")))))
        assert other_corner([before, after], shown).faces == ("B", "U", "R")


def test_turning_to_another_corner_and_back_does_not_stop_the_watch_as_lost():
    """The frames while the cube turns (read as corner A, fitting nothing) are not counted
    together across the frames of the other corner between them."""
    start, plan = _plan()
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=0)
    w = Watcher(cursor)
    a, b = _seen(start), _seen(start.transformed(rotation_transform(_turned_to(("D", "L", "B")))))
    going = {"U": a["U"], "F": b["F"], "R": b["R"]}  # half turned: fits no corner
    coming = {"U": b["U"], "F": a["F"], "R": a["R"]}
    events = [w.feed(s) for s in (a, a, going, b, b, coming, coming, a, a)]
    assert [e.kind for e in events if e is not None] == ["wrong corner", "right corner"]
    assert not w.stopped


def test_another_corner_is_said_only_after_equal_frames_like_every_answer():
    start, plan = _plan()
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=0)
    w = Watcher(cursor)
    a = _seen(start)
    b = _seen(start.transformed(rotation_transform(_turned_to(("D", "L", "B")))))
    c = _seen(start.transformed(rotation_transform(_turned_to(("U", "L", "F")))))
    assert [w.feed(s) for s in (b, c, a, b, a)] == [None] * 5  # one frame each: nothing said
    assert w.feed(b) is None and w.feed(b).kind == "wrong corner"
    assert w.feed(a) is None and w.feed(a).kind == "right corner"


def test_another_corner_that_a_made_up_slip_would_explain_is_named_not_planned_from():
    """Puzzle 3 at step 6: these corners fit a slip of the whole cube turned (or two slips),
    which would make a new plan from a cube the person never changed; the cube as planned,
    turned, needs no slip, so the watch names the corner and keeps the plan. A real slip there
    is still a slip."""
    pz = make_puzzle(3, 20)
    start, plan = pz.state, simplify(invert_moves(pz.scramble))
    now = start.apply(plan[:5])
    for rot in (16, 9, 4):
        cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=5)
        w = Watcher(cursor)
        frame = _seen(now.transformed(rotation_transform(rot)))
        kinds = [e.kind for e in (w.feed(frame), w.feed(frame), w.feed(frame)) if e is not None]
        assert kinds == ["wrong corner"] and cursor.start == start, (rot, kinds)
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=5)
    w = Watcher(cursor)
    wrong = next(Move(f, 1) for f in "URFDLB" if f != plan[5].face)
    frame = _seen(now.apply([wrong]))
    event = w.feed(frame) or w.feed(frame)
    assert event is not None and event.kind == "slip", event
