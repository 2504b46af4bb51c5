"""A plan given with ``--moves`` starts where ``check`` and ``guide`` both take it
(``terminal.given_moves``): a reading the grid solver is not sure of goes to the review where a
person is at the terminal, and stops naming the stickers where nobody is, in both commands;
neither follows or checks a plan from a guess."""
from __future__ import annotations

import json
import re
import shlex
import shutil
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Callable

import cv2
import pytest
from rich.console import Console

from sudoku_cube.assistant.cli import build_parser, main
from sudoku_cube.assistant.commands import check as check_command
from sudoku_cube.assistant.commands import guide as guide_command
from sudoku_cube.assistant.services.cube_input import CubeRead
from sudoku_cube.assistant.services.pipeline import solve_state
from sudoku_cube.assistant.terminal import solve_flow
from sudoku_cube.assistant.terminal.given_moves import again
from sudoku_cube.assistant.terminal.guide_run import given_plan
from sudoku_cube.assistant.terminal.interrupt import resume_command
from sudoku_cube.assistant.terminal.review_ui import (TO_CORRECT_PREFIX, reviewed_path,
                                                       run_review)
from sudoku_cube.models.cube.moves import format_moves, invert_moves, simplify
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.cube.solved import face_direction, is_solved
from sudoku_cube.models.cube.state import sticker_name
from sudoku_cube.models.cube.state_format import parse_json, to_dict, to_json
from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.grid import solve_grid
from sudoku_cube.models.grid.hopeless import HOPELESS_DOUBTFUL, PhotoNames
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker
from sudoku_cube.vision.recognise.footed import OneVerdict
from tests.conftest import (assert_clear_error, scripted, shell_words, swapped_pair,
                            unsure_reading)
from tests.test_grid_hopeless import _doubtful, _face_cells
from tests.test_read_unsettled import CORNERS, _read_with_doubt

SEED = 11  # the cube of swapped_pair()
EASY = Path(__file__).resolve().parents[1] / "samples" / "cubes" / "01-easy"


@pytest.fixture(scope="module")
def case():
    """The cube, its two doubtful stickers, the unsure reading and the plan that solves it."""
    state, a, b, swapped, _ = swapped_pair(SEED)
    return state, a, b, swapped, simplify(invert_moves(make_puzzle(SEED, 25).scramble))


@pytest.mark.parametrize("command", [["guide", "--plain"], ["check", "--step", "0", "--tokens",
                                                            "F=1^ 1^ 1^ 1^ 1^ 1^ 1^ 1^ 1^"]])
def test_without_a_person_an_unsure_reading_stops_both_commands(case, tmp_path, capsys,
                                                                   command):
    state, a, b, swapped, plan = case
    path = tmp_path / "start.json"
    path.write_text(to_json(swapped))
    code = main([command[0], str(path), "--moves", format_moves(plan), *command[1:]])
    assert_clear_error(code, capsys.readouterr().err, "not sure of 2 stickers", sticker_name(a),
                       sticker_name(b), f"correct them in {path}")


def test_a_person_at_the_terminal_settles_the_reading_the_plan_starts_from(case):
    state, a, b, swapped, plan = case
    typed = (f"{sticker_name(a)} {state.stickers[a].token} "
             f"{sticker_name(b)} {state.stickers[b].token}")
    ask, prompts = scripted(typed, "")
    got, reading = given_plan(swapped, format_moves(plan), CubeSettings(), "start.json", ask)
    assert len(prompts) == 2 and "y to take the grid's choices" in prompts[0]
    assert got.start.stickers == state.stickers and reading.stickers == state.stickers


@pytest.fixture(scope="module")
def misread(case):
    """A reading with a misread the reader was sure of (not consistent), the sticker and the
    correction that mends it."""
    state, a, b, _, plan = case
    wrong = Sticker(state.stickers[b].digit, state.stickers[a].rot)
    reading = unsure_reading(state, {a: (Hypothesis(wrong, 0.99),)})
    return reading, f"{sticker_name(a)} {state.stickers[a].token}"


def test_a_person_at_the_terminal_reviews_an_inconsistent_reading_for_the_moves(case, misread):
    """Not refused (exit 2) as a reading too doubtful is: reviewed as solve reviews it, and
    the plan starts from the corrected reading."""
    state, _, _, _, plan = case
    reading, typed = misread
    ask, prompts = scripted(typed, "")
    got, start = given_plan(reading, format_moves(plan), CubeSettings(), "start.json", ask)
    assert prompts and got.start.stickers == state.stickers == start.stickers


def test_checks_review_mends_an_inconsistent_reading_without_moves(case, misread, tmp_path,
                                                                  capsys, monkeypatch):
    state, _, _, _, plan = case
    reading, typed = misread
    path = tmp_path / "start.json"
    path.write_text(to_json(reading))
    assert main(["check", str(path), "--step", "0", "--suggest"]) == 2  # nobody to ask
    capsys.readouterr()
    ask, prompts = scripted(typed, "")
    monkeypatch.setattr(check_command, "interactive", lambda: True)
    monkeypatch.setattr(check_command, "read_line", ask)
    assert main(["check", str(path), "--step", "0", "--suggest"]) == 0
    assert prompts and "corrections are saved" in " ".join(capsys.readouterr().err.split())


def test_moves_that_solve_no_reading_are_refused_in_the_same_words(case):
    state, _, _, _, plan = case
    with pytest.raises(SudokuCubeError, match=r"--moves 'R U' do not solve start.json; give the "
                                              "plan the guide or solve showed"):
        given_plan(state, "R U", CubeSettings(), "start.json")
    with pytest.raises(SudokuCubeError, match=r"--moves is empty, which does not solve "
                                              "start.json; give the plan"):
        given_plan(state, "", CubeSettings(), "start.json")


# A reading with unsure stickers and nobody at the terminal: the plan decides only when it
# solves exactly one of the readings in question.

def test_moves_that_solve_the_reading_and_its_rival_do_not_decide(case, tmp_path, capsys):
    """The two stickers swapped on one face: the plan solves both readings, so it does not
    tell which is right and the stickers are still to check."""
    _, a, b, swapped, plan = case
    path = tmp_path / "start.json"
    path.write_text(to_json(swapped))
    code = main(["guide", str(path), "--moves", format_moves(plan), "--plain"])
    assert_clear_error(code, " ".join(capsys.readouterr().err.split()),
                       "so they do not tell them apart", sticker_name(a), sticker_name(b))


def test_moves_that_solve_one_reading_alone_start_from_it_and_say_so(case, capsys):
    _, a, b, swapped, plan = case
    grid = solve_grid(swapped)
    rival = list(grid.chosen)
    rival[a] = rival[a].turned(1)  # a rival reading the plan does not solve
    fake = replace(grid, rival=tuple(rival))
    got, reading = given_plan(swapped, format_moves(plan), CubeSettings(), "start.json",
                              solver=lambda *args, **kwargs: fake)
    assert got.start.stickers == swapped.stickers
    err = " ".join(capsys.readouterr().err.split())
    assert f"not sure of {sticker_name(a)}" in err
    assert "the moves given solve the reading as read (the grid's choice) alone" in err


def test_moves_that_solve_no_reading_in_question_name_the_stickers(case):
    _, a, b, swapped, _ = case
    with pytest.raises(SudokuCubeError, match="solve none of the readings in question: they may "
                                              "not be the plan for this cube") as e:
        given_plan(swapped, "R U", CubeSettings(), "start.json")
    assert sticker_name(a) in str(e.value) and sticker_name(b) in str(e.value)


@pytest.fixture(scope="module")
def doubtful():
    """A reading too doubtful for the grid solver (every doubtful sticker read right at 0.6)
    and the plan that solves it."""
    puzzle = make_puzzle(SEED, 25)
    return (_doubtful(puzzle.state, _face_cells("UFRDLB", HOPELESS_DOUBTFUL)),
            simplify(invert_moves(puzzle.scramble)))


def test_a_reading_too_doubtful_is_taken_as_read_when_the_moves_solve_it(doubtful, capsys):
    read, plan = doubtful
    got, _ = given_plan(read, format_moves(plan), CubeSettings(), "start.json")
    assert got.start.stickers == read.stickers
    err = " ".join(capsys.readouterr().err.split())
    assert (f"{HOPELESS_DOUBTFUL} stickers are read with doubt, too many for the grid solver; "
            "the moves given solve the reading as read") in err


def test_a_reading_too_doubtful_that_the_moves_do_not_solve_names_the_photos(doubtful):
    read, _ = doubtful
    with pytest.raises(SudokuCubeError, match="Retake the photos of"):
        given_plan(read, "R U", CubeSettings(), "start.json")
    corners = PhotoNames({f: "A" for f in "URF"} | {f: "B" for f in "DLB"}, corners=True)
    with pytest.raises(SudokuCubeError, match="Retake corner photo"):
        given_plan(read, "R U", CubeSettings(), "folder", photos=corners)


# A quit at the review names the command that goes on with the plan given.

@pytest.fixture
def at_review(case, tmp_path, monkeypatch) -> Callable[..., Path]:
    """``at_review(command, *typed)``: the unsure reading in a state file (the path returned),
    for ``command`` (the command's module) run by a person at the terminal who corrects one
    of its stickers at the review, then types ``typed`` and presses Ctrl-C."""
    state, a, _, swapped, _ = case

    def person(command: ModuleType, *typed: str) -> Path:
        path = tmp_path / "start.json"
        path.write_text(to_json(swapped))
        answers = iter([f"{sticker_name(a)} {state.stickers[a].token}", *typed])

        def ask(prompt: str, prefill: str = "") -> str:
            for answer in answers:
                return answer
            raise KeyboardInterrupt

        monkeypatch.setattr(command, "interactive", lambda: True)
        monkeypatch.setattr(command, "read_line", ask)
        return path

    return person


def test_a_quit_at_guides_review_goes_on_with_guide_and_the_plan(case, at_review, capsys):
    _, _, _, swapped, plan = case
    path = at_review(guide_command, "q")
    assert main(["guide", str(path), "--moves", format_moves(plan)]) == 0
    said = capsys.readouterr().out
    assert "sudoku-cube solve" not in said
    assert _go_on(said) == ["sudoku-cube", "guide", str(reviewed_path(swapped)), "--moves",
                            format_moves(plan)]
    assert resume_command("ran") == (f'sudoku-cube guide {reviewed_path(swapped)} '
                                     f'--moves "{format_moves(plan)}"')


def test_a_quit_at_checks_review_goes_on_with_check_and_its_options(case, at_review, capsys):
    _, _, _, swapped, plan = case
    path = at_review(check_command, "q")
    assert main(["check", str(path), "--moves", format_moves(plan), "--step", "0",
                 "--suggest"]) == 0
    assert _go_on(capsys.readouterr().out) == ["sudoku-cube", "check", str(reviewed_path(swapped)),
                                               "--moves", format_moves(plan), "--step", "0",
                                               "--suggest"]


@pytest.mark.parametrize("ocr", [[], ["--no-ocr"], ["--ocr", "always"]])
def test_the_go_on_command_keeps_the_ocr_asked_for(ocr):
    args = build_parser("check").parse_args(["check", "photos", "--step", "2", *ocr])
    assert shlex.split(again("check", args)("x.json")) == ["sudoku-cube", "check", "x.json",
                                                          "--step", "2", *ocr]


def _go_on(said: str) -> list[str]:
    """The words of the command a stop names to go on (`...` goes on from there), as a shell
    splits it copied from the screen: one longer than a line is wrapped only between the moves
    of its plan, and between its words before a long plan with the shell's line continuation
    (the plan's words are given one space apart, as the plan reads them)."""
    found = re.search(r"`(sudoku-cube [^`]*)`\s+goes\s+on\s+from\s+there", said)
    assert found, said
    words = shell_words(found.group(1))
    plan = words.index("--moves") + 1 if "--moves" in words else None
    assert all("\n" not in w for i, w in enumerate(words) if i != plan), words
    return [" ".join(w.split()) for w in words]


def test_ctrl_c_at_checks_review_goes_on_with_check_and_its_options(case, at_review, capsys):
    """Ctrl-C after a correction: the correction is saved and the check named to go on from
    it, never "nothing was saved"."""
    _, _, _, swapped, plan = case
    path = at_review(check_command)
    assert main(["check", str(path), "--moves", format_moves(plan), "--step", "0",
                 "--suggest"]) == 130
    err = " ".join(capsys.readouterr().err.replace(" \\\n", " ").split())  # as a shell joins
    assert "nothing was saved" not in err
    assert f"saved with the reading in {reviewed_path(swapped)}." in err  # the path unbroken
    assert (f'interrupted; run `sudoku-cube check {reviewed_path(swapped)} --moves '
            f'"{format_moves(plan)}" --step 0 --suggest` to go on from there') in err


def test_going_on_after_the_review_names_the_command_given(case):
    state, a, b, swapped, _ = case
    console = Console(record=True, width=200)
    typed = (f"{sticker_name(a)} {state.stickers[a].token} "
             f"{sticker_name(b)} {state.stickers[b].token}")
    ask, _ = scripted(typed, "")
    run_review(console, swapped, CubeSettings(), ask, go_on=lambda p: f"sudoku-cube guide {p} X")
    assert f"(`sudoku-cube guide {reviewed_path(swapped)} X` uses them again)" in \
        " ".join(console.export_text().split())


# Without a terminal, unsure stickers of a photo folder are corrected in the reading stopped on,
# saved in the data folder as the command took it (a photo held turned set upright, the
# verdict on the 1), and the command named goes on from that file with the options given.

@pytest.mark.parametrize("command", [["guide", "--plain"], ["check", "--step", "0", "--json"]])
def test_unsure_photos_save_the_reading_to_correct_and_name_the_command_on_it(
        case, tmp_path, capsys, monkeypatch, command):
    _, a, _, swapped, plan = case
    folder = tmp_path / "photos"
    folder.mkdir()
    monkeypatch.setattr(solve_flow, "read_input",
                        lambda *args, **kwargs: CubeRead(swapped, None, None, None))
    code = main([command[0], str(folder), "--moves", "R U", "--profile", "default",
                 *command[1:]])
    err = " ".join(capsys.readouterr().err.split())
    saved = reviewed_path(swapped, TO_CORRECT_PREFIX)
    assert_clear_error(code, err, sticker_name(a), f"correct them in {saved}",
                       f"`sudoku-cube {command[0]} {saved} --moves 'R U'")
    assert "--profile default`" in err and "read" not in err.split("correct them")[1][:40]
    kept = parse_json(saved.read_text())
    assert kept.stickers == swapped.stickers and not solve_grid(kept).sure  # still in doubt
    assert not reviewed_path(swapped).exists()  # a review's corrections are never overwritten


@pytest.mark.parametrize("command", [["guide", "--plain"], ["check", "--step", "0", "--suggest"]])
def test_a_mistyped_move_is_refused_before_the_photos_are_read(tmp_path, capsys, monkeypatch,
                                                               command):
    def never(*args, **kwargs):
        raise AssertionError("the photos were read")

    monkeypatch.setattr(solve_flow, "read_input", never)
    code = main([command[0], str(tmp_path), "--moves", "R Q", *command[1:]])
    assert_clear_error(code, capsys.readouterr().err, "Q")


# A photo folder is taken as solve takes it, by check as by guide: a photo held turned.

GUIDE = ["guide", "--plain"]
CHECK = ["check", "--step", "0", "--suggest", "--no-ocr"]


# guide without --moves is solve's way, tested with solve
@pytest.mark.parametrize(("command", "given"), [(GUIDE, True), (CHECK, True), (CHECK, False)])
def test_a_photo_held_turned_is_set_upright_for_a_plan_given_or_not(tmp_path, capsys, command,
                                                                    given):
    folder = tmp_path / "photos"
    shutil.copytree(EASY, folder)
    cv2.imwrite(str(folder / "R.jpg"), cv2.rotate(cv2.imread(str(EASY / "R.jpg")),
                                                  cv2.ROTATE_90_CLOCKWISE))
    truth = parse_json((EASY / "truth.json").read_text())
    plan = solve_state(truth, CubeSettings()).plan.moves
    moves = ["--moves", format_moves(plan)] if given else []
    code = main([command[0], str(folder), *moves, *command[1:]])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "R.jpg shows its face turned" in " ".join(err.split())


def test_grid_takes_a_photo_held_turned_as_solve_does(tmp_path, capsys):
    """``grid FOLDER`` reads the photos as solve takes them: the turned R photo set upright,
    said, and the target is the true cube's."""
    folder = tmp_path / "photos"
    shutil.copytree(EASY, folder)
    cv2.imwrite(str(folder / "R.jpg"), cv2.rotate(cv2.imread(str(EASY / "R.jpg")),
                                                  cv2.ROTATE_90_CLOCKWISE))
    truth = parse_json((EASY / "truth.json").read_text())
    code = main(["grid", str(folder), "--json", "--no-ocr"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "R.jpg shows its face turned" in " ".join(err.split())
    want = solve_grid(truth, CubeSettings())
    assert json.loads(out)["target"] == to_dict(want.target)


@pytest.mark.parametrize("command", [["guide", "--plain"], ["check", "--step", "0", "--suggest"]])
def test_corner_photos_too_doubtful_for_the_moves_name_the_corner_photos(monkeypatch, capsys,
                                                                        command):
    """As ``solve`` refuses them: the corner photos to retake, not faces."""
    _read_with_doubt(monkeypatch, CORNERS, HOPELESS_DOUBTFUL)
    code = main([command[0], str(CORNERS), "--moves", "R U", *command[1:]])
    assert_clear_error(code, " ".join(capsys.readouterr().err.split()), "cannot be settled",
                       "Retake corner photo A (faces U R F) and B (faces D L B)")


# The reader's verdict on the 1 (a print fact) travels with a reading too doubtful for the grid
# solver: the plan given decides from the reading as read, with every 1 kept upright.

@pytest.fixture(scope="module")
def footed_doubtful():
    """A reading too doubtful for the grid solver of a cube whose plan leaves every 1 upright
    (as a cube whose 1 has a foot is solved), and that plan."""
    puzzle = make_puzzle(SEED, 25)
    plan = simplify(invert_moves(puzzle.scramble))
    end = puzzle.state.apply(plan)
    for i, s in enumerate(end.stickers):
        if s.digit == 1:
            end = end.with_sticker(i, Sticker(1, face_direction(end.face(FACES[i // 9]))))
    start = end.apply(invert_moves(plan))
    return _doubtful(start, _face_cells("UFRDLB", HOPELESS_DOUBTFUL)), plan


@pytest.mark.parametrize("command", [GUIDE, CHECK])
def test_a_reading_too_doubtful_keeps_the_readers_footed_one(footed_doubtful, tmp_path,
                                                             monkeypatch, capsys, command):
    read, plan = footed_doubtful
    shown = {i for i, h in enumerate(read.candidates) if len(h) > 1}
    one = next(i for i, s in enumerate(read.stickers) if s.digit == 1 and i not in shown)
    upside_down = read.with_sticker(one, read.stickers[one].turned(2))
    assert is_solved(upside_down.apply(plan), CubeSettings().symmetric)  # 1 symmetric
    folder = tmp_path / "photos"
    folder.mkdir()
    for reading, refused in ((read, False), (upside_down, True)):
        monkeypatch.setattr(solve_flow, "read_input", lambda *args, r=reading, **kwargs:
                            CubeRead(r, OneVerdict(4, 4), None, None))
        code = main([command[0], str(folder), "--moves", format_moves(plan), *command[1:]])
        err = " ".join(capsys.readouterr().err.split())
        said, _, error = err.partition("sudoku-cube: ")
        assert said.startswith("digit 1 has a foot (4 of 4 clear 1s)")
        if refused:  # a 1 turned over is not solved when the 1 has a foot
            assert_clear_error(code, "sudoku-cube: " + error, "Retake the photos of")
        else:
            assert code == 0 and "the moves given solve the reading as read" in err, err
