"""A printed plan is the plan for the cube in the photos: after the guide's check found a slip
and took a new plan from the real cube, ``solve PHOTOS --plain``, ``--json`` and ``--export``
still give the photos' plan; only the interactive guide continues the new plan, says so with
the step the slip was found at, and ``--restart`` goes back to the photos' plan."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from sudoku_cube.assistant.terminal import solve_flow
from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.services.guide import GuideCursor, plan_steps, steps_as_read
from sudoku_cube.assistant.terminal.guide_run import replan_notice
from sudoku_cube.assistant.services.pipeline import AFTER_SLIP, solve_state
from sudoku_cube.assistant.services.sessions import followed_plans, save_followed_plan
from sudoku_cube.models.cube.moves import Move
from sudoku_cube.models.plan.planner import plan_to_targets
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.vision.reading.photo_set import read_folder
from tests.conftest import first_guide_screens

EASY = Path(__file__).resolve().parents[1] / "samples" / "cubes" / "01-easy"


def _json_moves(capsys, *extra: str) -> list[str]:
    assert main(["solve", str(EASY), "--json", "--no-ocr", *extra]) == 0
    return json.loads(capsys.readouterr().out)["moves"]


def _slip_in_the_guide(wrong_at: int):
    """The guide follows the photos' plan; the person turns step ``wrong_at`` the wrong way
    and the check takes a new plan from the real cube (as the ``c`` key does)."""
    settings = CubeSettings()
    state = read_folder(EASY, ocr=False).state
    plan = solve_state(state, settings).plan
    save_followed_plan(plan.start, settings.symmetric, plan.moves, plan.phases)
    cursor = GuideCursor(plan_steps(plan), plan.start)
    moves = list(plan.moves)
    bad = moves[wrong_at]
    made = moves[:wrong_at] + [Move(bad.face, 3 if bad.turns == 1 else 1)]
    for _ in made:
        cursor.next()
    real = plan.start.apply(tuple(made))
    repair = plan_to_targets(real, [plan.target], settings)
    cursor.follow(plan_steps(repair), real)
    return state, settings, plan, repair


def _export(capsys, path: Path) -> str:
    assert main(["solve", str(EASY), "--plain", "--no-ocr", "--export", str(path)]) == 0
    capsys.readouterr()
    return path.read_text()


def test_printed_and_json_plans_stay_the_photos_plan_after_a_slip(capsys, tmp_path):
    before = _json_moves(capsys)
    exported = _export(capsys, tmp_path / "before.html")
    state, settings, plan, repair = _slip_in_the_guide(wrong_at=2)
    assert [str(m) for m in plan.moves] == before and repair.moves != plan.moves
    assert _json_moves(capsys) == before
    assert main(["solve", str(EASY), "--plain", "--no-ocr"]) == 0
    assert f"turns:   {' '.join(before)}" in capsys.readouterr().out
    assert _export(capsys, tmp_path / "after.html") == exported
    # the guide itself continues the new plan, and knows where the slip was found
    kept = solve_state(state, settings, known=followed_plans(settings.symmetric)).plan
    assert kept.moves == repair.moves and kept.stats[AFTER_SLIP] == 3
    assert "after step 3 found a slip" in replan_notice(kept.stats[AFTER_SLIP])
    assert "--restart" in replan_notice(None)


@pytest.mark.parametrize("flags,continues", [
    ({}, True), ({"restart": True}, False), ({"plain": True}, False),
    ({"export": "plan.html"}, False)])
def test_only_the_interactive_guide_continues_a_followed_plan(monkeypatch, flags, continues):
    monkeypatch.setattr(solve_flow, "interactive", lambda: True)
    args = argparse.Namespace(**{"plain": False, "restart": False, "export": None, **flags})
    assert solve_flow.continues_followed(args) is continues


def test_the_guide_continues_a_plan_taken_after_a_slip_at_its_step():
    """The guide shows a plan from the cube as read (``steps_as_read``); a plan made after a
    slip starts from the real cube instead, so a re-run shows it as planned and continues at
    the step reached, not at its first step (symmetric 1s of the photos' reading at the same
    places must not change its start)."""
    settings = CubeSettings()
    state = read_folder(EASY, ocr=False).state
    reading = state.without_candidates()
    plan = solve_state(state, settings).plan
    save_followed_plan(plan.start, settings.symmetric, plan.moves, plan.phases)
    steps = steps_as_read(plan, reading, settings.symmetric)
    cursor = GuideCursor(steps, steps[0].before)
    cursor.next()
    slipped = cursor.state().apply((Move(plan.moves[1].face, 1),))  # a quarter, not a half
    cursor.next()
    repair = plan_to_targets(slipped, [plan.target], settings)
    cursor.follow(plan_steps(repair), slipped)
    cursor.next()
    kept = solve_state(state, settings, known=followed_plans(settings.symmetric)).plan
    assert kept.moves == repair.moves and AFTER_SLIP in kept.stats
    again = steps_as_read(kept, reading, settings.symmetric)
    assert again[0].before == slipped
    assert GuideCursor(again, again[0].before).position == 1


def test_check_says_its_steps_count_in_the_plan_made_after_a_slip(capsys):
    """``check PHOTOS --step N`` without ``--moves`` counts in the plan the guide follows; after
    a slip that is not the photos' plan that ``solve --plain`` prints, and it says so."""
    assert main(["check", str(EASY), "--step", "0", "--no-ocr", "--suggest"]) == 0
    assert capsys.readouterr().err.startswith(f"Plan of {EASY}:")
    _, _, _, repair = _slip_in_the_guide(wrong_at=2)
    assert main(["check", str(EASY), "--step", "0", "--no-ocr", "--suggest"]) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert "Plan the guide follows" in err and "a check after step 3 found a slip" in err
    assert " ".join(str(m) for m in repair.moves) in err


def test_the_guides_first_screen_says_it_continues_the_plan_made_after_a_slip(monkeypatch):
    """The note that the guide continues the plan a check made after a slip was printed
    before the full-screen guide took the screen, which hid it: the first screen says it."""
    from sudoku_cube.assistant.terminal import guide_run

    state, settings, plan, repair = _slip_in_the_guide(wrong_at=2)
    kept = solve_state(state, settings, known=followed_plans(settings.symmetric)).plan
    console, screens = first_guide_screens(monkeypatch)
    args = argparse.Namespace(export=None, plain=False, camera=None, restart=False,
                              speak=False, profile=None, symmetric=None, no_ocr=True, ocr=None)
    assert guide_run.guide_plan(kept, args, console) == 0
    said = " ".join(replan_notice(kept.stats[AFTER_SLIP]).split())
    assert said in screens[0], screens[0]


def test_the_guide_after_a_slip_says_which_plan_each_restart_restarts(monkeypatch):
    """On the plan made after a slip the hold is kept for the rest of the solve (not the whole
    of it), and the two ways back are told apart: the r key restarts this new plan (its
    question says so), --restart goes back to the photos' plan."""
    import io

    from rich.console import Console

    from sudoku_cube.assistant.terminal import guide_run
    from sudoku_cube.assistant.terminal.guide_ui import RESTART_NEW_PLAN

    state, settings, plan, repair = _slip_in_the_guide(wrong_at=2)
    kept = solve_state(state, settings, known=followed_plans(settings.symmetric)).plan
    console = Console(file=io.StringIO(), width=80, height=24, record=True, color_system=None)
    screens: list[str] = []
    keys = iter(["r", "x", "q"])
    run_interactive = guide_run.run_interactive

    def guide(console, cursor, read_key, **kwargs):
        console.export_text(clear=True)
        return run_interactive(console, cursor, lambda: screens.append(
            " ".join(console.export_text(clear=True).split())) or next(keys), clear=False,
            **kwargs)

    monkeypatch.setattr(guide_run, "interactive", lambda: True)
    monkeypatch.setattr(guide_run, "run_interactive", guide)
    args = argparse.Namespace(export=None, plain=False, camera=None, restart=False,
                              speak=False, profile=None, symmetric=None, no_ocr=True, ocr=None)
    assert guide_run.guide_plan(kept, args, console) == 0
    first = screens[0]
    assert "for the rest of the solve." in first and "whole solve" not in first, first
    assert "The r key restarts this new plan; to follow the photos' plan from step 1 " \
           "instead, quit and run again with --restart." in first, first
    assert " ".join(RESTART_NEW_PLAN.split()) in screens[1], screens[1]


def _finished_after_slip():
    """The plan a check made after a slip at step 3, each of its steps taken in an earlier
    run, and that plan as solving the same photos again gives it: (its steps, the plan)."""
    state, settings, plan, repair = _slip_in_the_guide(wrong_at=2)
    steps = plan_steps(repair)
    finished = GuideCursor(steps, steps[0].before)
    for _ in steps:
        finished.next()
    kept = solve_state(state, settings, known=followed_plans(settings.symmetric)).plan
    assert kept.moves == repair.moves and AFTER_SLIP in kept.stats
    return steps, kept


def _guide_args(plain: bool, camera: str | None) -> argparse.Namespace:
    return argparse.Namespace(export=None, plain=plain, camera=camera, restart=False,
                              speak=False, profile=None, symmetric=None, no_ocr=True, ocr=None,
                              no_window=True)


def test_a_finished_plan_made_after_a_slip_watched_plainly_prints_that_and_stops(monkeypatch):
    """``--camera --plain`` (or no terminal) on a finished plan made after a slip: no turn is
    left to watch, so the guide prints that the new plan was finished and the cube is solved,
    and stops; it does not open the full-screen guide, which would read keys from stdin."""
    import io

    from rich.console import Console

    from sudoku_cube.assistant.terminal import guide_run

    steps, kept = _finished_after_slip()
    console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
    monkeypatch.setattr(guide_run, "interactive", lambda: False)
    monkeypatch.setattr(guide_run, "run_interactive", lambda *a, **k: pytest.fail("full screen"))
    assert guide_run.guide_plan(kept, _guide_args(True, "0"), console) == 0
    said = " ".join(console.export_text().split())
    assert "You finished the new plan" in said and "--restart" in said, said
    assert f"Done: all {len(steps)} steps taken. The cube is solved." in said, said


def test_a_finished_plan_made_after_a_slip_watched_plainly_says_why_a_1_is_turned(monkeypatch):
    """That plain last word, as every finished guide's, ends with the note on a 1 that points
    the other way from its face (:func:`assistant.terminal.one_words.turned_ones_line`, asked
    of the cube the plan ends in; this plan's 1s end upright, so its answer is given here)."""
    import io

    from rich.console import Console

    from sudoku_cube.assistant.terminal import guide_run

    steps, kept = _finished_after_slip()
    asked = []

    def note(final, settings):
        asked.append(final)
        return "The 1 on U ends pointing the other way."
    console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
    monkeypatch.setattr(guide_run, "interactive", lambda: False)
    monkeypatch.setattr(guide_run, "turned_ones_line", note)
    assert guide_run.guide_plan(kept, _guide_args(True, "0"), console) == 0
    said = " ".join(console.export_text().split())
    assert said.endswith("The cube is solved. The 1 on U ends pointing the other way."), said
    assert asked == [steps[-1].after]


@pytest.mark.parametrize("camera", [None, "no-such-video.avi"])
def test_a_finished_plan_made_after_a_slip_run_again_stays_finished(monkeypatch, camera):
    """The person finished the plan a check made after a slip: the guide run again on the same
    photos shows its last screen, the cube solved, says that this new plan was finished and
    how to start again (``--restart``: the photos' plan), within 80x24; it does not walk the
    new plan again from its step 1, a cube half-way through the solve no longer there. With
    ``--camera`` there is no turn left to watch: the same last screen, no camera opened."""
    from sudoku_cube.assistant.terminal import guide_run

    steps, kept = _finished_after_slip()
    console, screens = first_guide_screens(monkeypatch, joined=False)
    assert guide_run.guide_plan(kept, _guide_args(False, camera), console) == 0
    first = screens[0]
    lines = first.splitlines()
    assert lines[0] == f"Done: all {len(steps)} steps taken. The cube is solved.", first
    assert len(lines) <= 23 and all(len(line) <= 80 for line in lines), first
    said = " ".join(first.split())
    assert " ".join(replan_notice(kept.stats[AFTER_SLIP], finished=True).split()) in said
    assert "after step 3 found a slip" in said and "--restart" in said
    assert "Step 1 of" not in said and "starting again" not in said
    assert "Continuing the new plan" not in said
    assert GuideCursor(steps, steps[0].before, after_slip=True).done  # and so again next time
