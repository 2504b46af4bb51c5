"""The guide's session keeps the plan it follows: a re-run on the same reading continues that
plan (even if planning anew would give another), and a stored plan that no longer solves the
cube, or a damaged session, is ignored for a new verified plan."""
from __future__ import annotations

import json
import random

from sudoku_cube.assistant.services.guide import GuideCursor, plan_steps
from sudoku_cube.assistant.services.pipeline import solve_state
from sudoku_cube.assistant.services.sessions import (followed_plans, guide_session_path,
                                            load_followed_plan, save_followed_plan)
from sudoku_cube.models.cube.moves import Move, parse_moves
from sudoku_cube.models.plan.samples import scrambled
from sudoku_cube.models.plan.planner import plan_to_targets
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.cube.solved import is_solved


def _fresh(seed: int):
    settings = CubeSettings()
    state, _, _ = scrambled(random.Random(seed), 30)
    result = solve_state(state, settings)
    return state, settings, result.plan


def test_rerun_follows_the_stored_plan_and_its_step():
    state, settings, plan = _fresh(41)
    # the plan being followed: another valid plan (two extra turns that cancel)
    other = parse_moves("R R'") + plan.moves
    phases = ("pieces", "pieces") + plan.phases
    save_followed_plan(plan.start, settings.symmetric, other, phases)
    cursor = GuideCursor(plan_steps(solve_state(state, settings,
                                                known=followed_plans(settings.symmetric)).plan),
                         plan.start)
    cursor.next()
    cursor.next()
    cursor.next()
    again = solve_state(state, settings, known=followed_plans(settings.symmetric)).plan
    assert again.moves == other and again.stats["method"] == "kept"
    assert is_solved(again.start.apply(again.moves))
    assert GuideCursor(plan_steps(again), again.start).position == 3


def test_stored_plan_that_does_not_solve_is_replaced():
    state, settings, plan = _fresh(42)
    save_followed_plan(plan.start, settings.symmetric, plan.moves[:-1], plan.phases[:-1])
    again = solve_state(state, settings, known=followed_plans(settings.symmetric)).plan
    assert again.moves == plan.moves and again.stats["method"] != "kept"


def test_damaged_session_is_ignored():
    state, settings, plan = _fresh(43)
    save_followed_plan(plan.start, settings.symmetric, plan.moves, plan.phases)
    data = json.loads(guide_session_path().read_text())
    for entry in data["followed"].values():
        entry["moves"] = "R Q7 ?"
    guide_session_path().write_text(json.dumps(data))
    assert load_followed_plan(plan.start, settings.symmetric) is None
    again = solve_state(state, settings, known=followed_plans(settings.symmetric)).plan
    assert again.moves == plan.moves
    guide_session_path().write_text("{not json")
    assert solve_state(state, settings,
                       known=followed_plans(settings.symmetric)).plan.moves == plan.moves


def _slipped(cursor, settings, target, wrong_at: int):
    """The person turns the cursor's plan up to step ``wrong_at``, that one the wrong way; the
    guide's check then follows a new plan from the real cube (as ``c`` does)."""
    moves = [s.move for s in cursor.steps]
    bad = moves[wrong_at]
    made = moves[cursor.position:wrong_at] + [Move(bad.face, 3 if bad.turns == 1 else 1)]
    real = cursor.state().apply(tuple(made))
    for _ in made:
        cursor.next()
    repair = plan_to_targets(real, [target], settings)
    cursor.follow(plan_steps(repair), real)
    return real, repair


def test_a_rerun_continues_the_plan_taken_after_a_slip():
    """After a check found a slip and the guide took a new plan from the real cube, running
    the same reading again continues the new plan at its step (not the old plan, whose steps
    no longer fit the cube); a second slip moves the reading on to the newest plan."""
    state, settings, plan = _fresh(44)
    save_followed_plan(plan.start, settings.symmetric, plan.moves, plan.phases)
    cursor = GuideCursor(plan_steps(plan), plan.start)
    real, repair = _slipped(cursor, settings, plan.target, wrong_at=2)
    cursor.next()
    cursor.next()
    again = solve_state(state, settings, known=followed_plans(settings.symmetric)).plan
    assert again.stats["method"] == "kept" and again.moves == repair.moves
    assert again.start.stickers == real.stickers and is_solved(again.start.apply(again.moves))
    assert GuideCursor(plan_steps(again), again.start).position == 2
    # photos taken now that show the reading show the cube is not the one the check found
    assert followed_plans(settings.symmetric)(plan.start) is not None
    assert followed_plans(settings.symmetric, fresh=True)(plan.start) is None

    real2, repair2 = _slipped(cursor, settings, plan.target, wrong_at=3)
    third = solve_state(state, settings, known=followed_plans(settings.symmetric)).plan
    assert third.moves == repair2.moves and third.start.stickers == real2.stickers
    assert GuideCursor(plan_steps(third), third.start).position == 0


def test_an_unreadable_session_is_kept_aside_and_said_not_overwritten():
    """A damaged guide session (or a folder in its place) is moved aside before anything is
    saved, with words that name both files; the places saved afterwards go to a fresh file."""
    from sudoku_cube.assistant.services.sessions import (load_guide_step, save_guide_step,
                                                         set_aside_unreadable)

    path = guide_session_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    assert set_aside_unreadable() == ""  # none yet
    path.write_text('{"format": "sudoku-cube-guide/1", "plans": {')
    said = set_aside_unreadable()
    kept = path.with_name("guide-session.damaged.json")
    assert str(path) in said and kept.name in said and "starts at step 1" in said, said
    assert kept.read_text() == '{"format": "sudoku-cube-guide/1", "plans": {'
    assert not path.exists()
    path.write_text("garbage")  # a saver sets it aside too, numbered beside the first
    save_guide_step("k", 4)
    assert path.with_name("guide-session.damaged-2.json").read_text() == "garbage"
    assert load_guide_step("k") == 4 and set_aside_unreadable() == ""
    path.unlink()
    path.mkdir()
    said = set_aside_unreadable()
    assert "is a folder" in said and path.with_name("guide-session.damaged-3.json").is_dir()
    save_guide_step("k", 5)
    assert load_guide_step("k") == 5


def test_a_place_that_cannot_be_saved_does_not_end_the_guide(monkeypatch):
    """Saving the step fails (a folder not writable): the cursor moves on, keeps why, and the
    guide's notice says it once."""
    from sudoku_cube.assistant.services import guide as guide_service
    from sudoku_cube.assistant.terminal.guide_ui import unsaved_notice
    from sudoku_cube.storage.atomic import WriteFailed

    _, _, plan = _fresh(44)
    cursor = GuideCursor(plan_steps(plan), plan.start)

    def refuse(key: str, step: int) -> None:
        raise WriteFailed(guide_session_path(), PermissionError(13, "Permission denied"))

    monkeypatch.setattr(guide_service, "save_guide_step", refuse)
    cursor.next()
    cursor.next()
    assert cursor.position == 2
    said = unsaved_notice(cursor)
    assert said.startswith("Your place was not saved (") and str(guide_session_path()) in said
    assert unsaved_notice(cursor) == ""
