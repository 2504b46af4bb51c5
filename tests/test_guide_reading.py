"""The guide starts from the cube as it was read, and its summary says what is true of the
plan's phases."""
from __future__ import annotations

import io
import random

from rich.console import Console

from sudoku_cube.models.cube.face_words import hold_words
from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.services.files import load_state
from sudoku_cube.assistant.services.guide import steps_as_read, steps_from_moves
from sudoku_cube.assistant.terminal.guide_view import PlanSummary
from sudoku_cube.assistant.terminal.net import NetView
from sudoku_cube.models.cube.moves import invert_moves, parse_moves
from sudoku_cube.models.plan.planner import Plan
from sudoku_cube.models.cube.solved import is_solved
from sudoku_cube.models.cube.state import CubeState
from sudoku_cube.models.cube.state_format import to_json
from sudoku_cube.models.cube.stickers import Sticker
from tests.conftest import random_design, random_moves


def _ones_turned(state: CubeState, count: int = 3) -> CubeState:
    """``state`` with ``count`` of its 1s turned upside down (the same stickers to the eye)."""
    stickers = list(state.stickers)
    ones = [i for i, s in enumerate(stickers) if s.digit == 1][:count]
    for i in ones:
        stickers[i] = Sticker(1, (stickers[i].rot + 2) % 4)
    return CubeState(tuple(stickers), state.n)


def test_steps_start_from_the_reading_when_it_differs_only_in_symmetric_digits():
    rng = random.Random(21)
    solved = random_design(rng)
    scramble = random_moves(rng, 7)
    start = solved.apply(scramble)
    moves = tuple(invert_moves(scramble))
    plan = Plan(moves, ("pieces",) * len(moves), start, solved)
    reading = _ones_turned(start)
    steps = steps_as_read(plan, reading)
    assert steps[0].before == reading and [s.move for s in steps] == list(moves)
    assert is_solved(steps[-1].after)
    for a, b in zip(steps, steps[1:]):
        assert a.after == b.before
    # a reading that differs in a real digit is not used (the grid's choice stands)
    other = list(reading.stickers)
    other[0] = Sticker(other[0].digit % 9 + 1, other[0].rot)
    assert steps_as_read(plan, CubeState(tuple(other)))[0].before.stickers[0] == start.stickers[0]


def test_guide_start_net_is_the_net_as_read(tmp_path, capsys):
    assert main(["apply", "samples/states/solved-example.json", "R U F' L2", "--json"]) == 0
    state_file = tmp_path / "scrambled.json"
    state_file.write_text(capsys.readouterr().out)
    reading = _ones_turned(load_state(state_file), 6)
    state_file.write_text(to_json(reading) + "\n")
    assert main(["guide", str(state_file), "--plain"]) == 0
    out = capsys.readouterr().out
    console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
    hold = hold_words(reading)
    console.print(NetView(reading, title=f"Start: {hold[0].lower()}{hold[1:]}"))
    assert console.export_text() in out


def test_summary_is_true_about_the_centres():
    start = random_design(random.Random(4))
    moves = parse_moves("R U F' L")
    together = PlanSummary(steps_from_moves(start, moves, ["pieces"] * 4)).headline()
    assert "solved together" in together and "0 for the centres" not in together
    split = PlanSummary(steps_from_moves(start, moves, ["pieces"] * 3 + ["centres"])).headline()
    assert split == "Plan: 4 face turns (3 for the pieces, then 1 for the centres)"


def test_the_guide_reads_photos_without_ocr_as_solve_does(capsys, monkeypatch):
    """``guide FOLDER --no-ocr`` (and ``--ocr never``) reads the photos as ``solve`` does with
    the option: tesseract never votes, and the plan is guided to the solved cube."""
    from sudoku_cube.vision.reading.reader import Reader

    modes = []
    read = Reader.read_photo_set

    def recorded(self, *args, **kwargs):
        modes.append(self.ocr)
        return read(self, *args, **kwargs)
    monkeypatch.setattr(Reader, "read_photo_set", recorded)
    for option in (["--no-ocr"], ["--ocr", "never"]):
        assert main(["guide", "samples/cubes/01-easy", "--plain", *option]) == 0
        assert "Done: the cube is solved." in capsys.readouterr().out
    assert modes == ["never", "never"], modes
