"""The guide as a person uses it: steps shown one at a time, keys, remembered position, plain
printout and exported pages. Plans here are built from known scrambles (the planner has its
own tests); the end-to-end CLI tests use the real planner."""
from __future__ import annotations

import io
import random
import re

from rich.console import Console

from sudoku_cube.assistant.export import export_plan, plan_html
from sudoku_cube.assistant.guide import GuideCursor, command_of, steps_from_moves
from sudoku_cube.assistant.guide_ui import print_plain, run_interactive
from sudoku_cube.assistant.guide_view import StepView, moved_stickers
from sudoku_cube.assistant.net import NetView
from sudoku_cube.models.moves import invert_moves, move_transform
from sudoku_cube.models.solved import is_solved
from tests.conftest import random_design, random_moves


def _plan(seed: int = 1, count: int = 6):
    rng = random.Random(seed)
    solved = random_design(rng)
    scramble = random_moves(rng, count)
    start = solved.apply(scramble)
    moves = invert_moves(scramble)
    phases = ["pieces"] * (count - 2) + ["centres"] * 2
    return start, steps_from_moves(start, moves, phases)


def _console() -> Console:
    return Console(file=io.StringIO(), width=80, record=True, color_system=None)


def test_steps_applied_to_the_model_solve_the_cube():
    start, steps = _plan(2, 8)
    state = start
    for step in steps:
        assert step.before == state
        state = state.apply([step.move])
        assert step.after == state
    assert is_solved(state)


def test_step_screen_at_80_columns_shows_move_words_progress_and_nets():
    start, steps = _plan(3, 6)
    console = _console()
    console.print(StepView(steps[1], 1, len(steps)))
    text = console.export_text()
    assert "Step 2 of 6" in text and "Phase 1 of 2: pieces" in text
    assert steps[1].move.describe() in text
    assert "1/6 turns done" in text
    assert "Before (moving stickers marked)" in text and "After" in text
    assert "█" in text  # the move in large letters
    assert all(len(line) <= 80 for line in text.splitlines())
    # the same screen twice is the same (deterministic snapshot)
    again = _console()
    again.print(StepView(steps[1], 1, len(steps)))
    assert again.export_text() == text


def test_centre_phase_explains_why_centres_need_their_own_algorithms():
    start, steps = _plan(4, 6)
    console = _console()
    console.print(StepView(steps[4], 4, 6, phase_changed=True))
    text = " ".join(console.export_text().replace("│", " ").split())
    assert "Phase 2 of 2: centres" in text
    assert "plain cube solver ignores that" in text


def test_moving_stickers_are_highlighted():
    start, steps = _plan(5, 3)
    step = steps[0]
    moved = moved_stickers(step)
    assert moved == move_transform(step.move).moved() and len(moved) == 21
    lines = NetView(step.before, highlight=moved).lines()
    marked = sum(1 for line in lines for span in line.spans if "reverse" in str(span.style))
    assert marked == 21


def test_keys_next_back_restart_quit_and_position_is_remembered():
    start, steps = _plan(6, 5)
    keys = iter(["n", " ", "n", "b", "q"])
    cursor = GuideCursor(steps, start)
    assert not run_interactive(_console(), cursor, lambda: next(keys), clear=False)
    assert cursor.position == 2
    again = GuideCursor(steps, start)  # a new run of the same plan continues there
    assert again.resumed and again.position == 2
    console = _console()
    keys = iter(["r", "n", "n", "n", "n", "n", "n"])
    assert run_interactive(console, again, lambda: next(keys), clear=False)
    assert "The cube is solved" in console.export_text()
    assert is_solved(again.state())
    assert command_of("x") is None and command_of("\r") == "next"


def test_plain_prints_every_step():
    start, steps = _plan(7, 6)
    console = _console()
    print_plain(console, steps, start)
    text = console.export_text()
    for i, step in enumerate(steps):
        assert re.search(rf"{i + 1}/6\s+{re.escape(str(step.move))}\s", text)
    assert "Phase 2 of 2: centres" in text and "Done: the cube is solved." in text


def test_plain_on_a_solved_cube_says_there_is_nothing_to_do():
    start, _ = _plan(8, 0)
    console = _console()
    print_plain(console, [], start)
    assert "already solved" in console.export_text()


def test_export_html_and_svg(tmp_path):
    start, steps = _plan(9, 4)
    html_path = export_plan(tmp_path / "plan.html", steps, start)
    html = html_path.read_text()
    assert html.count('<section class="step"') == 4
    assert html.count("<svg") == 2 * 4 + 1
    assert html == plan_html(steps, start)
    svg = export_plan(tmp_path / "plan.svg", steps, start).read_text()
    assert svg.startswith("<svg") and svg.count("<svg") == 4 + 2
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
