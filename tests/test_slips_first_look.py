"""The first look of a check, in ``check --suggest`` and the guide's ``c`` key (corner photo
A, or the single face that tells most; the guide's weighs the step shown made too, as a person
often turns it before pressing c); answered with typed tokens, a face photo or a corner photo;
an ambiguous slip asks for the face that splits it best; a face no slip explains ends with the
offer of a full rescan."""
from __future__ import annotations

import io
import json
import random

import cv2
import pytest
from rich.console import Console

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
from sudoku_cube.assistant.terminal.guide_check import check_cube
from sudoku_cube.assistant.terminal.interrupt import resume_command
from sudoku_cube.assistant.services.slip_check import first_look_words, photo_cells, show_face_words
from sudoku_cube.assistant.services.slipped_cubes import check_cubes, slipped_cubes
from sudoku_cube.models.cube.face_words import hold_phrase
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.cube.moves import format_moves, invert_moves, parse_moves, simplify
from sudoku_cube.models.slips.first_look import first_look, look_shares
from sudoku_cube.models.slips.kinds import Slip, random_slip
from sudoku_cube.models.slips.looks import certain, look_key
from sudoku_cube.models.slips.one_face import one_face_doubts
from sudoku_cube.models.slips.replay import candidates, slipped_state
from sudoku_cube.models.slips.find import find_slip
from sudoku_cube.models.cube.solved import is_solved
from sudoku_cube.models.cube.state_format import to_json
from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.render.photo import render_corner_photo
from tests import render_cache
from tests.conftest import check_plan, one_line
from tests.open_slips import slip_left_open

DONE = 10


@pytest.fixture(scope="module")
def case():
    """A fixed plan and a slip at step 8 that the face the guide asks for first identifies
    alone (``look``: the guide's first look, which weighs the step shown made too)."""
    from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
    from sudoku_cube.assistant.terminal.guide_check import judge
    from sudoku_cube.models.slips.replay import WINDOW

    start, plan = check_plan()
    look = first_look(start, plan, DONE, shown_made=True)
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=DONE)
    for kind in ("direction", "amount", "face", "repeat", "held"):
        slip = random_slip(random.Random(kind), 8, plan[7], kind)
        real = slipped_state(start, plan, DONE, [slip])
        seen = {look.face: certain(real.face(look.face))}
        v, at, _ = judge(cursor, seen, CubeSettings(), DONE, WINDOW)
        if v.outcome == "found" and at == DONE and find_slip(start, plan, DONE, seen).outcome \
                == "found":
            return start, plan, look, slip, real
    raise AssertionError("no slip at step 8 that the face asked for settles")


def _check(tmp_path, capsys, start, plan, args):
    path = tmp_path / "start.json"
    path.write_text(to_json(start))
    code = main(["check", str(path), "--moves", format_moves(plan), "--step", str(DONE), *args])
    return code, capsys.readouterr().out


def _guide(start, plan, answers, tmp_path, monkeypatch, width=100, flat=True):
    """Run the guide's check at step DONE with typed answers (on a console ``width`` wide);
    the prompts, the text shown (its lines joined unless not ``flat``), the line returned and
    the cursor after."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    prompts = []
    todo = iter(answers)

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(todo)(prompt[0])

    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=DONE)
    line = check_cube(cursor, console, ask)
    text = console.export_text()
    return prompts, one_line(text) if flat else text, line, cursor


def test_suggest_and_guide_ask_for_their_first_look(case, tmp_path, capsys, monkeypatch):
    start, plan, guide_look, _, real = case
    look = first_look(start, plan, DONE)  # check --suggest's: the steps done as it is told
    assert look.corner_first and look.corner_share > look.face_share > 0.5
    code, out = _check(tmp_path, capsys, start, plan, ["--suggest", "--json"])
    data = json.loads(out)
    assert code == 0 and data["suggest_face"] == look.face and data["first"] == "corner A"
    now = start.apply(plan[:DONE])
    maybe = slipped_cubes(start, plan, DONE)  # a slip may have turned centres
    assert data["words"] == first_look_words(look, now, maybe)
    words = first_look_words(look, now, maybe)
    # the corner asked for from the hold of the solve, told as the guide tells it
    assert words.startswith(f"Hold the cube with {hold_phrase(now, maybe=maybe)}, then "
                            "photograph the corner")
    assert show_face_words(look.face, now, maybe).lower() in words.lower()
    assert f"centre {now.face(look.face)[4].digit}" in words  # the face named by its centre
    code, out = _check(tmp_path, capsys, start, plan, ["--suggest"])
    assert code == 0 and words in one_line(out) and f"--tokens {look.face}=" in one_line(out)
    # the guide asks in the same words for its own first look, and its prompt is for its face
    assert guide_look.corner_first and guide_look.corner_share > guide_look.face_share > 0.5
    words = first_look_words(guide_look, now, check_cubes(start, plan, DONE))
    prompts, text, line, _ = _guide(start, plan, [lambda f: "q"], tmp_path, monkeypatch)
    assert words in text and prompts == [f"{guide_look.face}> "] and line == "Check cancelled."


def test_first_look_typed_face_photo_and_corner_photo_through_the_cli(case, tmp_path, capsys):
    start, plan, look, slip, real = case
    face = look.face
    tokens = " ".join(s.token for s in real.face(face))
    # (this face photo and corner photo A of seed 6 below: test_prompt_lines's too)
    img, _ = render_cache.face_photo(real.face(face), seed=3, style="white")
    cv2.imwrite(str(tmp_path / "face.png"), img)
    img, _ = render_corner_photo(real.faces(), "A", seed=4, style="white")
    cv2.imwrite(str(tmp_path / "A.png"), img)
    for args in (["--tokens", f"{face}={tokens}"], ["--photo", f"{face}={tmp_path / 'face.png'}"],
                 ["--corner", str(tmp_path / "A.png")]):
        code, out = _check(tmp_path, capsys, start, plan, ["--json", *args])
        res = json.loads(out)
        assert code == 0 and res["outcome"] == "found", (args, res)
        assert res["explanation"]["slips"][0]["step"] == slip.step
        assert is_solved(real.apply(parse_moves(res["new_plan"]))), args


def test_guide_check_with_typed_face_and_with_corner_photo(case, tmp_path, monkeypatch):
    start, plan, look, slip, real = case
    img, _ = render_cache.corner_photo(real.faces(), "A", seed=6, style="white")
    cv2.imwrite(str(tmp_path / "A.png"), img)
    for answer in (lambda f: " ".join(s.token for s in real.face(f)),
                   lambda f: f"A={tmp_path / 'A.png'}"):
        prompts, text, line, cursor = _guide(start, plan, [answer], tmp_path, monkeypatch)
        assert line.startswith("Found the slip") and f"step {slip.step}" in line
        # the command to take the new plan up later on a line of its own, not run on after
        # the moves as if it were one of them
        assert "\nTo take it up later: `sudoku-cube guide " in line
        # q or Ctrl-C from now on names that command, not the one run with the old plan
        later = line.split("To take it up later: `")[1].rstrip("`")
        assert resume_command("sudoku-cube guide state.json --moves OLD") == later
        assert len(prompts) == 1 and cursor.position == 0
        assert is_solved(real.apply([s.move for s in cursor.steps]))


def test_ambiguous_check_asks_for_the_face_that_splits_best():
    """The face asked for after an ambiguous look identifies, by find_slip itself, at least as
    much of the candidates' weight as any other face would."""
    for seed in range(100):
        pz = make_puzzle(900 + seed, 20)
        plan = simplify(invert_moves(pz.scramble))
        done = len(plan) - 2
        real = slipped_state(pz.state, plan, done, [Slip("skip", done, plan[done - 1])])
        seen = {"U": certain(real.face("U"))}
        v = find_slip(pz.state, plan, done, seen)
        if v.outcome == "ambiguous" and len(v.candidates) >= 3:
            break
    else:
        raise AssertionError("no ambiguous case with three candidates")
    top = max(c.score for c in v.candidates)
    settled = {}
    for face in FACES:
        if face in seen:
            continue
        total = 0.0
        for c in v.candidates:
            w = 2.718281828 ** (c.score - top)
            u = find_slip(pz.state, plan, done, {**seen, face: certain(c.state.face(face))},
                          repair=False)
            if u.outcome == "found" and u.best.state == c.state:
                total += w
        settled[face] = total
    assert settled[v.ask_face] == pytest.approx(max(settled.values()))
    assert settled[v.ask_face] > 0


def test_guide_check_asks_a_second_face_then_finds_the_slip(tmp_path, monkeypatch):
    pz = make_puzzle(11, 20)
    plan = simplify(invert_moves(pz.scramble))
    real, look, v = slip_left_open(pz.state, plan, DONE)
    typed = lambda f: " ".join(s.token for s in real.face(f))  # noqa: E731
    prompts, text, line, cursor = _guide(pz.state, plan, [typed] * 6, tmp_path, monkeypatch)
    assert prompts[0] == f"{look.face}> " and len(prompts) >= 2
    asked = show_face_words(v.ask_face, pz.state.apply(plan[:DONE]),
                            slipped_cubes(pz.state, plan, DONE))
    assert prompts[1] == f"{v.ask_face}> " and one_line(asked) in text
    assert f"({v.ask_face})" in asked
    assert "explanations fit what was seen" in text
    assert line.startswith("Found the slip")
    assert is_solved(real.apply([s.move for s in cursor.steps]))
    # on a narrow terminal the list of explanations stays indented, as `check` prints it
    _, shown, _, _ = _guide(pz.state, plan, [typed] * 6, tmp_path, monkeypatch, width=60,
                            flat=False)
    listed = shown.split("what was seen:\n")[1].split("Show me")[0].splitlines()
    assert len(listed) > 2 and all(line.startswith("  ") for line in listed)
    assert all(len(line) <= 60 for line in listed)


def test_guide_check_of_a_face_no_slip_explains_offers_a_rescan(case, tmp_path, monkeypatch):
    start, plan, look, _, _ = case
    other = make_puzzle(999, 20).state
    expected = start.apply(plan[:DONE])

    def typed(f: str) -> str:  # another cube's face, with this face's centre
        stickers = list(other.face(f))
        stickers[4] = expected.face(f)[4]
        return " ".join(s.token for s in stickers)
    prompts, text, line, cursor = _guide(start, plan, [typed], tmp_path, monkeypatch)
    assert line.startswith("No likely slip explains this face")
    assert ("read the whole cube again (sudoku-cube scan, or photograph every face and run "
            "sudoku-cube solve FOLDER)") in line
    assert cursor.position == DONE and [s.move for s in cursor.steps] == list(plan)


def test_look_shares_count_corner_photo_as_one_look():
    pz = make_puzzle(5, 20)
    plan = simplify(invert_moves(pz.scramble))
    batch = candidates(pz.state, plan, 9, 5)
    keys = look_key(batch.digits, batch.rots, CubeSettings())
    shares = look_shares(keys, batch.priors, [(f,) for f in FACES] + [("U", "F", "R")],
                         one_face_doubts(keys, batch.slips))
    corner = shares[-1][0]
    # three faces seen together settle at least what each of them settles alone
    assert all(corner >= shares[FACES.index(f)][0] - 1e-12 for f in "UFR")
    look = first_look(pz.state, plan, 9)
    assert look.face_share == pytest.approx(max(s for s, _ in shares[:6]), abs=1e-4)
    assert look.corner_share == pytest.approx(corner, abs=1e-4)


def test_a_face_photo_with_no_digit_seen_is_refused_not_searched(tmp_path):
    """A corner photo given as a face's photo, found as a face seen steeply whose stickers
    show no digit: refused naming the photo and how to give a corner photo, not searched (no
    slip would fit, and the check would ask to read the whole cube again)."""
    pz = make_puzzle(11, 20)
    img, _ = render_cache.corner_photo(pz.state.faces(), "A", seed=2, style="white")
    path = tmp_path / "A.png"
    cv2.imwrite(str(path), img)
    with pytest.raises(SudokuCubeError) as err:
        photo_cells("F", path)
    assert str(err.value).startswith(f"{path}: no digit seen on 9 of the 9 stickers"), err.value
    assert "photograph face F straight on" in str(err.value) and "A=PATH" in str(err.value)
