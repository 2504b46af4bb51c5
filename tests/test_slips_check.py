"""Finding slips: each kind through ``sudoku-cube check`` (typed tokens and photos), an
ambiguous slip asking for the face that splits it, a face no slip explains."""
from __future__ import annotations

import json
import random
import re
import shlex
from pathlib import Path

import cv2
import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.cube.moves import (ALL_MOVES, format_moves, invert_moves, parse_moves,
                                           simplify)
from sudoku_cube.models.cube.cube_rotations import relabel_moves, rotation_transform
from sudoku_cube.models.slips.kinds import Slip, random_slip
from sudoku_cube.models.slips.looks import certain, look_key
from sudoku_cube.models.slips.replay import slipped_state
from sudoku_cube.models.cube.stickers import Hypothesis
from sudoku_cube.models.slips.find import find_slip
from sudoku_cube.models.cube.moves import move_transform
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.cube.solved import is_solved
from sudoku_cube.models.cube.state_format import parse_state, to_json
from tests.conftest import shell_words, slip_video

DONE = 10
STEP = 8
EQUIVALENT = {"direction": {"direction"}, "amount": {"amount"}, "face": {"face"},
              "tilt": {"face"}, "skip": {"skip"}, "repeat": {"repeat", "amount"},
              "held": {"held"}}
"""The kind named for a slip put in (a quarter turn made twice is a half turn: the likelier
words are used; a turn of the opposite face is named as a wrong face)."""


@pytest.fixture(scope="module")
def fixed_plan():
    """A fixed cube and the plan that solves it (its scramble undone), step 8 a quarter turn."""
    for seed in range(100):
        pz = make_puzzle(seed, 20)
        plan = simplify(invert_moves(pz.scramble))
        if len(plan) >= 14 and plan[STEP - 1].turns != 2:
            return pz.state, plan
    raise AssertionError("no plan with a quarter turn at step 8")


def _tokens(state, face):
    return face + "=" + " ".join(s.token for s in state.face(face))


def _check(tmp_path, capsys, start, plan, args):
    path = tmp_path / "start.json"
    path.write_text(to_json(start))
    code = main(["check", str(path), "--moves", format_moves(plan), "--step", str(DONE),
                 "--json", *args])
    return code, json.loads(capsys.readouterr().out)


def _until_found(tmp_path, capsys, start, plan, real, first_args):
    """Check with the first face, then with each face the assistant asks for."""
    args = list(first_args)
    for _ in range(6):
        code, out = _check(tmp_path, capsys, start, plan, args)
        if out["outcome"] != "ambiguous":
            return code, out, args
        assert code == 3
        args += ["--tokens", _tokens(real, out["ask_face"])]
    raise AssertionError("still ambiguous with every face seen")


@pytest.mark.parametrize("kind", sorted(EQUIVALENT))
def test_each_slip_kind_typed(kind, fixed_plan, tmp_path, capsys):
    start, plan = fixed_plan
    slip = random_slip(random.Random(kind), STEP, plan[STEP - 1], kind)
    real = slipped_state(start, plan, DONE, [slip])
    code, out, args = _until_found(tmp_path, capsys, start, plan, real,
                                   ["--tokens", _tokens(real, "F")])
    assert code == 0 and out["outcome"] == "found", out
    named = out["explanation"]["slips"]
    assert len(named) == 1 and named[0]["step"] == STEP
    assert named[0]["kind"] in EQUIVALENT[kind]
    new_plan = parse_moves(out["new_plan"])
    assert is_solved(real.apply(new_plan))
    assert f"step {STEP}" in out["message"]
    if named[0]["kind"] == "face":  # the faces named by where they are as the cube is held
        places = {"U": "top", "R": "right", "F": "front", "D": "bottom", "L": "left",
                  "B": "back"}
        done, planned = named[0]["done"], plan[STEP - 1]
        assert (f"the {places[done[0]]} face was turned instead of the {places[planned.face]} "
                f"face ({done} instead of {planned})") in out["message"]


def _direction_slip(fixed_plan):
    """The fixed plan, and the real cube after its step STEP was turned the wrong way."""
    start, plan = fixed_plan
    slip = Slip("direction", STEP, plan[STEP - 1], (plan[STEP - 1].inverse(),))
    return start, plan, slipped_state(start, plan, DONE, [slip])


def _found_and_said(fixed_plan, tmp_path, capsys, *options):
    """The direction slip checked with ``--json`` until found (its verdict), then the same
    check without ``--json``: what it prints."""
    start, plan, real = _direction_slip(fixed_plan)
    code, out, args = _until_found(tmp_path, capsys, start, plan, real,
                                   ["--tokens", _tokens(real, "F"), *options])
    assert code == 0 and out["outcome"] == "found", out
    assert main(["check", str(tmp_path / "start.json"), "--moves", format_moves(plan),
                 "--step", str(DONE), *args]) == 0
    return out, capsys.readouterr().out


def test_a_slip_found_names_the_guide_command_that_follows_the_new_plan(fixed_plan, tmp_path,
                                                                        capsys):
    """Without --json the check names the guide on the real cube, saved, with the new plan:
    that command guides it to solved, as the guide's own check offers."""
    out, said = _found_and_said(fixed_plan, tmp_path, capsys)
    found = re.search(r"To be guided through it:\s+`(sudoku-cube guide [^`]*)`", said)
    assert found, said
    words = shell_words(found.group(1))  # as copied: wrapped between words a shell joins
    assert words[3] == "--moves" and " ".join(words[4].split()) == out["new_plan"], words
    assert len(words) == 5 and "\n" not in words[2], words
    assert is_solved(parse_state(Path(words[2]).read_text()).apply(parse_moves(words[4])))
    assert main(["guide", words[2], "--moves", words[4], "--plain"]) == 0


def _png(folder, face: str, img):
    path = folder / f"{face}.png"
    cv2.imwrite(str(path), img)
    return path


def _photo_args(real, args: list[str], save) -> list[str]:
    """``args`` with ``--photo`` photos of faces F and R of ``real``, rendered and stored by
    ``save(face, image) -> path``."""
    from tests import render_cache

    for face in ("F", "R"):  # the same photos in each test that checks with them
        img, _ = render_cache.face_photo(real.face(face), seed=40 + len(args), style="white")
        args = args + ["--photo", f"{face}={save(face, img)}"]
    return args


def test_slip_from_face_photo(fixed_plan, tmp_path, capsys):
    start, plan, real = _direction_slip(fixed_plan)
    # two photos: F alone may leave two slips open
    args = _photo_args(real, [], lambda face, img: _png(tmp_path, face, img))
    code, out = _check(tmp_path, capsys, start, plan, args)
    assert code == 0 and out["outcome"] == "found", out
    assert out["explanation"]["slips"][0]["kind"] == "direction"
    assert is_solved(real.apply(parse_moves(out["new_plan"])))


def test_face_photo_read_with_a_profile(fixed_plan, tmp_path, capsys):
    """``--photo`` with ``--profile``: the photo is read with the profile's Reader (once a
    dict of reader options whose settings clashed with the settings given beside them)."""
    assert main(["calibrate", "settings", "--profile", "mine", "--symmetric", "1"]) == 0
    capsys.readouterr()
    start, plan, real = _direction_slip(fixed_plan)
    args = _photo_args(real, ["--profile", "mine"],
                       lambda face, img: _png(tmp_path, face, img))
    code, out = _check(tmp_path, capsys, start, plan, args)
    assert code == 0 and out["outcome"] == "found", out
    assert out["explanation"]["slips"][0]["kind"] == "direction"


def test_each_slip_kind_from_photos(fixed_plan, tmp_path, capsys):
    """Corner photo A first, then a photo of each face the assistant asks for."""
    from sudoku_cube.render.photo import render_corner_photo, render_face_photo

    start, plan = fixed_plan
    for n, kind in enumerate(sorted(EQUIVALENT)):
        slip = random_slip(random.Random(kind), STEP, plan[STEP - 1], kind)
        real = slipped_state(start, plan, DONE, [slip])
        img, _ = render_corner_photo(real.faces(), "A", seed=5 + n, style="white")
        cv2.imwrite(str(tmp_path / "A.png"), img)
        args = ["--corner", str(tmp_path / "A.png")]
        for _ in range(3):
            code, out = _check(tmp_path, capsys, start, plan, args)
            if out["outcome"] != "ambiguous":
                break
            face = out["ask_face"]
            assert out["show"].startswith("hold the cube with") and f"({face}" in out["show"]
            img, _ = render_face_photo(real.face(face), seed=50 + n, style="white")
            cv2.imwrite(str(tmp_path / f"{face}.png"), img)
            args += ["--photo", f"{face}={tmp_path / f'{face}.png'}"]
        assert code == 0 and out["outcome"] == "found", (kind, out)
        assert out["explanation"]["slips"][0]["kind"] in EQUIVALENT[kind]
        assert is_solved(real.apply(parse_moves(out["new_plan"]))), kind


def test_ambiguous_slip_asks_for_the_face_that_splits_it(tmp_path, capsys):
    settings = CubeSettings()
    for seed in range(200):
        pz = make_puzzle(500 + seed, 20)
        plan = simplify(invert_moves(pz.scramble))
        done = len(plan) - 3
        slip = Slip("skip", done, plan[done - 1])
        real = slipped_state(pz.state, plan, done, [slip])
        v = find_slip(pz.state, plan, done, {"F": certain(real.face("F"))})
        if v.outcome == "ambiguous":
            break
    else:
        raise AssertionError("no ambiguous case found")
    import numpy as np

    keys = {look_key(np.array([s.digit for s in c.state.stickers]),
                     np.array([s.rot for s in c.state.stickers]), settings)[
        "URFDLB".index(v.ask_face) * 9:][:9].tobytes() for c in v.candidates}
    assert len(keys) > 1  # the face asked for tells at least two of them apart
    path = tmp_path / "s.json"
    path.write_text(to_json(pz.state))
    base = ["check", str(path), "--moves", format_moves(plan), "--step", str(done)]
    assert main(base + ["--tokens", _tokens(real, "F")]) == 3
    out = capsys.readouterr().out
    assert "explanations fit" in out and f"({v.ask_face})" in out
    # the JSON says how to hold the cube for that face, in the text's words
    assert main(base + ["--json", "--tokens", _tokens(real, "F")]) == 3
    asked = json.loads(capsys.readouterr().out)
    assert asked["ask_face"] == v.ask_face and f"({v.ask_face}" in asked["show"]
    assert " ".join(asked["show"].split()) in " ".join(out.split())
    code = main(base + ["--json", "--tokens", _tokens(real, "F"),
                        "--tokens", _tokens(real, v.ask_face)])
    res = json.loads(capsys.readouterr().out)
    if res["outcome"] == "ambiguous":  # a third face may still be needed; never a wrong plan
        assert code == 3
    else:
        assert code == 0 and is_solved(real.apply(parse_moves(res["new_plan"])))


def test_ambiguous_check_prints_one_numbered_line_per_explanation(tmp_path, capsys):
    """Explanations are listed one per numbered line; the two slips inside one are joined in
    the order they were made ("..., and then ..."), never with the ";" between explanations."""
    for seed in range(200):
        pz = make_puzzle(500 + seed, 20)
        plan = simplify(invert_moves(pz.scramble))
        done = len(plan) - 3
        # two steps skipped (one skip alone is listed behind one-slip explanations)
        real = slipped_state(pz.state, plan, done, [Slip("skip", done - 3, plan[done - 4]),
                                                    Slip("skip", done, plan[done - 1])])
        v = find_slip(pz.state, plan, done, {"F": certain(real.face("F"))})
        if v.outcome == "ambiguous" and any(len(c.slips) == 2 for c in v.candidates[:4]):
            break
    else:
        raise AssertionError("no ambiguous case with a two-slip explanation found")
    path = tmp_path / "s.json"
    path.write_text(to_json(pz.state))
    assert main(["check", str(path), "--moves", format_moves(plan), "--step", str(done),
                 "--tokens", _tokens(real, "F")]) == 3
    out = capsys.readouterr().out
    numbered = [line.strip() for line in out.splitlines() if line.strip()[:3] in
                {f"{k}. " for k in range(1, 10)}]
    assert len(numbered) == min(4, len(v.candidates))
    assert f"{len(v.candidates)} explanations fit what was seen:" in out
    assert ";" not in out
    two = next(c for c in v.candidates[:4] if len(c.slips) == 2)
    first, second = sorted(two.slips, key=lambda s: s.step)
    assert f"{first.describe()}, and then {second.describe()}" in " ".join(out.split())
    listed = out.split("what was seen:\n")[1].split("Show me")[0].splitlines()
    assert all(line.startswith("  ") for line in listed)  # a wrapped explanation stays indented
    assert (f"check again with both faces: add --photo {v.ask_face}=PATH or --tokens "
            f"{v.ask_face}=\"nine tokens\" to the same command") in " ".join(out.split())


def test_face_matching_no_slip(fixed_plan, tmp_path, capsys):
    start, plan = fixed_plan
    other = make_puzzle(999, 20).state.face("F")
    centre = start.apply(plan[:DONE]).face("F")[4]  # another cube's face, with this centre
    typed = " ".join(s.token for s in (*other[:4], centre, *other[5:]))
    code, out = _check(tmp_path, capsys, start, plan, ["--tokens", f"F={typed}"])
    assert code == 4 and out["outcome"] == "none"
    assert out["message"].startswith("No likely slip explains this face:"), out["message"]
    assert "read the whole cube again (sudoku-cube scan, or photograph" in out["message"]


def test_face_as_expected_and_bad_tokens(fixed_plan, tmp_path, capsys):
    start, plan = fixed_plan
    expected = start.apply(plan[:DONE])
    code, out = _check(tmp_path, capsys, start, plan, ["--tokens", _tokens(expected, "U")])
    assert code == 0 and out["outcome"] == "as expected"
    path = tmp_path / "start.json"
    code = main(["check", str(path), "--moves", format_moves(plan), "--step", "3",
                 "--tokens", "F=1^ 2^ 3x 4^ 5^ 6^ 7^ 8^ 9^"])
    err = capsys.readouterr().err
    assert code == 2 and "F3" in err and "arrow" in err


def test_face_that_cannot_show_the_last_turn_says_so_and_names_one_that_can(
        fixed_plan, tmp_path, capsys):
    """The face opposite the last step's face looks the same whether that step was made, made
    the wrong way or skipped: the check says so and names a face that shows it; with that face
    too, the cube matches the plan."""
    from sudoku_cube.models.cube.face_words import face_words
    from sudoku_cube.models.cube.moves import OPPOSITE

    start, plan = fixed_plan
    expected = start.apply(plan[:DONE])
    last = plan[DONE - 1]
    blind = OPPOSITE[last.face]
    path = tmp_path / "start.json"
    path.write_text(to_json(start))
    base = ["check", str(path), "--moves", format_moves(plan), "--step", str(DONE)]
    assert main(base + ["--tokens", _tokens(expected, blind)]) == 0
    text = " ".join(capsys.readouterr().out.split())
    named = face_words(expected, blind, pointing=False)  # a slip may have turned its centre
    assert f"{named[0].upper()}{named[1:]} matches " \
        f"the plan at this step, but cannot show how step {DONE} ({last}) was made" in text
    code, out = _check(tmp_path, capsys, start, plan, ["--tokens", _tokens(expected, blind)])
    ask = out["ask_face"]
    assert code == 0 and out["outcome"] == "as expected" and ask not in (blind, last.face)
    assert f"Show me {face_words(expected, ask, pointing=False)} to be sure." in out["message"]
    assert {s["step"] for c in out["cannot_show"] for s in c["slips"]} >= {DONE}
    code, out = _check(tmp_path, capsys, start, plan, ["--tokens", _tokens(expected, blind),
                                                        "--tokens", _tokens(expected, ask)])
    assert code == 0 and out["message"] == "The cube matches the plan at this step."


def test_photo_named_after_a_face_is_that_face_and_bad_face_letter(fixed_plan, tmp_path, capsys):
    """``--photo U.png`` without ``U=`` is the U face (not the default F: a person who names
    the photo after its face must not be told to scan again); ``Q=`` names no face: exit 2."""
    from sudoku_cube.render.photo import render_face_photo

    start, plan = fixed_plan
    expected = start.apply(plan[:DONE])
    img, _ = render_face_photo(expected.face("U"), seed=41, style="white")
    cv2.imwrite(str(tmp_path / "U.png"), img)
    code, out = _check(tmp_path, capsys, start, plan, ["--photo", str(tmp_path / "U.png")])
    assert code == 0 and out["outcome"] == "as expected", out
    code = main(["check", str(tmp_path / "start.json"), "--moves", format_moves(plan),
                 "--step", "3", "--tokens", "Q=" + _tokens(expected, "F")[2:]])
    err = capsys.readouterr().err
    assert code == 2 and "'Q' is not a face" in err and "Traceback" not in err


def test_rotation_relabel_and_held_repair():
    # a move then a whole-cube turn is the turn itself renamed after the whole-cube turn
    for r in range(24):
        for m in ALL_MOVES[::5]:
            assert move_transform(m).then(rotation_transform(r)) == \
                rotation_transform(r).then(move_transform(relabel_moves(r, [m])[0]))
    pz = make_puzzle(3, 16)
    plan = simplify(invert_moves(pz.scramble))
    rng = random.Random(1)
    for _ in range(20):
        slips = [random_slip(rng, 4, plan[3]), random_slip(rng, 6, plan[5], "held")]
        real = slipped_state(pz.state, plan, 7, slips)
        v = find_slip(pz.state, plan, 7, {f: certain(real.face(f)) for f in "URFDLB"})
        assert v.outcome == "found"
        assert is_solved(real.apply(v.repair))


def test_guide_c_key_finds_the_slip_and_follows_a_new_plan(fixed_plan, tmp_path, monkeypatch):
    import io

    from rich.console import Console

    from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
    from sudoku_cube.assistant.terminal.guide_check import after_slip_name, make_checker
    from sudoku_cube.assistant.terminal.guide_ui import run_interactive

    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    start, plan = fixed_plan
    slip = Slip("skip", STEP, plan[STEP - 1])
    real = slipped_state(start, plan, DONE, [slip])
    asked = []

    def ask(prompt: str) -> str:  # the person types the face the guide asks for
        face = prompt[0]
        asked.append(face)
        return " ".join(s.token for s in real.face(face))

    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    cursor = GuideCursor(steps_from_moves(start, plan), start, position=DONE)
    keys = iter(["c", "q"])
    run_interactive(console, cursor, lambda: next(keys), clear=False,
                    checker=make_checker(console, ask))
    text = console.export_text()
    assert "Found the slip" in text and f"step {STEP} ({plan[STEP - 1]}) was skipped" in text
    assert cursor.position == 0 and asked
    new_moves = [s.move for s in cursor.steps]
    assert is_solved(real.apply(new_moves))
    # the real cube is saved: the new plan can be taken up again with guide --moves
    saved = tmp_path / after_slip_name(real)
    later = re.search(r"To take it up later: `(sudoku-cube guide [^`]*)`", text).group(1)
    assert shell_words(later)[:4] == ["sudoku-cube", "guide", str(saved), "--moves"], later
    from sudoku_cube.models.cube.state_format import parse_state
    assert is_solved(parse_state(saved.read_text()).apply(new_moves))


def test_watch_mode_on_a_rendered_video_finds_the_slip_and_goes_on(tmp_path, capsys):
    """The watch finds the slip at step 2 and goes on with the new plan; the video's hand
    makes the old plan's step 3 instead, a slip of the new plan's step 1, and the moves left
    at the end solve the cube as it is then."""
    from sudoku_cube.render.plan_video import real_states
    from sudoku_cube.render.video import write_video

    start, plan, slip, frames = slip_video()  # step 2 a quarter turn of B or D, turned back
    video = tmp_path / "watch.avi"
    write_video(str(video), [(f, {}) for f in frames], fps=5)
    state = tmp_path / "s.json"
    state.write_text(to_json(start))
    code = main(["guide", str(state), "--moves", format_moves(plan), "--camera", str(video)])
    out = capsys.readouterr().out.replace("\n", " ")
    assert code == 0
    assert "Step 1 confirmed" in out and "Step 2 confirmed" not in out
    assert "Found the slip: step 2" in out and "clockwise" in out
    assert "The camera goes on watching" in out and "Found the slip: step 1 (" in out
    left, later = out.split("Follow the new plan from here:")[1].split("To take it up later:")
    new_plan = parse_moves(left.strip())
    assert is_solved(real_states(start, plan, [slip])[2].apply(new_plan))
    # the plan followed since the slip can be taken up again, watching: its real cube saved
    from sudoku_cube.assistant.cli import build_parser
    from sudoku_cube.models.cube.state_format import parse_state
    command = " ".join(later.split()).strip("` ")
    assert command.startswith("sudoku-cube guide ") and command.endswith(f"--camera {video}")
    args = build_parser("guide").parse_args(shlex.split(command)[1:])
    assert is_solved(parse_state(Path(args.state).read_text()).apply(parse_moves(args.moves)))


def test_corner_photo_named_b_is_read_as_photo_b(fixed_plan, tmp_path, capsys):
    """``--corner B.png`` is corner photo B (D, L and B in view), as the pair is named; the
    same picture given as ``A=`` is read as photo A and does not show U, F and R."""
    from sudoku_cube.render.photo import render_corner_photo

    start, plan = fixed_plan
    expected = start.apply(plan[:DONE])
    img, _ = render_corner_photo(expected.faces(), "B", seed=7, style="white")
    cv2.imwrite(str(tmp_path / "B.png"), img)
    code, out = _check(tmp_path, capsys, start, plan, ["--corner", str(tmp_path / "B.png")])
    assert code == 0 and out["outcome"] == "as expected", out
    assert sorted(out["seen"]) == ["B", "D", "L"]
    path = tmp_path / "start.json"  # read as photo A, its centres are D's, L's and B's
    code = main(["check", str(path), "--moves", format_moves(plan), "--step", str(DONE),
                 "--corner", f"A={tmp_path / 'B.png'}"])
    err = " ".join(capsys.readouterr().err.split())
    want = [str(expected.face(f)[4].digit) for f in "DLB"]
    assert code == 2, err
    assert f"corner photo A shows centres {want[0]}, {want[1]} and {want[2]} where" in err, err


def test_slip_from_phone_photos_saved_sideways(fixed_plan, tmp_path, capsys):
    """``check --photo`` applies the EXIF Orientation of a phone photo stored sideways."""
    from tests.phone_photos import phone_jpeg

    start, plan, real = _direction_slip(fixed_plan)
    sideways = {"F": 6, "R": 8}  # EXIF tags of a phone held either way
    args = _photo_args(real, [], lambda face, img: phone_jpeg(img, sideways[face],
                                                             tmp_path / f"{face}.jpg"))
    code, out = _check(tmp_path, capsys, start, plan, args)
    assert code == 0 and out["outcome"] == "found", out
    assert out["explanation"]["slips"][0]["kind"] == "direction"
    assert is_solved(real.apply(parse_moves(out["new_plan"])))


def test_refused_tokens_name_the_face_by_its_centre(fixed_plan, tmp_path, capsys):
    """A check's refusals (too few tokens, a bad token, a face given twice) name the face by
    its centre digit, as the cube stands at the step, the letter beside (the digit alone: a
    slip may have turned the centre); the example of nine tokens has the face's own centre."""
    from sudoku_cube.models.cube.face_words import face_words

    start, plan = fixed_plan
    expected = start.apply(plan[:DONE])
    path = tmp_path / "start.json"
    path.write_text(to_json(start))
    base = ["check", str(path), "--moves", format_moves(plan), "--step", str(DONE)]
    front, top = (face_words(expected, f, pointing=False) for f in "FU")
    bad = _tokens(expected, "F").split()
    for args, words in [
            (["--tokens", "F=1^ 2^"],
             f"{front[0].upper()}{front[1:]}: 2 tokens given, a face has 9 (row by row, top "
             f"row first, as seen with {top} at the top), e.g. \"5^ 4> 6^ 3v "
             f"{expected.face('F')[4].token} 5< 8^ 2^ 2>\""),
            (["--tokens", "F=1^"], f"{front[0].upper()}{front[1:]}: 1 token given, a face has 9"),
            (["--tokens", " ".join(bad[:3] + ["7x"] + bad[4:])],
             f"{front[0].upper()}{front[1:]}, sticker F4: bad token '7x'"),
            (["--tokens", _tokens(expected, "F"), "--tokens", _tokens(expected, "F")],
             f"{front[0].upper()}{front[1:]} is given twice; give each face once")]:
        assert main(base + args) == 2
        err = " ".join(capsys.readouterr().err.split())
        assert words in err and "face F:" not in err and "Traceback" not in err, err


def test_the_guide_command_after_a_slip_keeps_the_cube_options(fixed_plan, tmp_path, capsys):
    """A cube checked with --symmetric 1,8 is guided with it: the command the check names
    carries the cube's options, as the review's go-on command does."""
    _, said = _found_and_said(fixed_plan, tmp_path, capsys, "--symmetric", "1,8")
    found = re.search(r"To be guided through it:\s+`(sudoku-cube guide [^`]*)`", said)
    assert found, said
    words = shell_words(found.group(1))
    assert words[-2:] == ["--symmetric", "1,8"], words
    assert main([*words[1:], "--plain"]) == 0


def test_a_slip_found_is_said_though_the_cube_cannot_be_saved(fixed_plan, tmp_path, capsys,
                                                              monkeypatch):
    """A full disk while saving after-slip.json: the slip and its new plan are said (exit 0),
    without the guide command that would need the file."""
    from sudoku_cube.assistant.terminal import guide_check

    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    start, plan, real = _direction_slip(fixed_plan)
    code, out, args = _until_found(tmp_path, capsys, start, plan, real,
                                   ["--tokens", _tokens(real, "F")])
    monkeypatch.setattr(guide_check, "atomic_write_text", full)
    assert main(["check", str(tmp_path / "start.json"), "--moves", format_moves(plan),
                 "--step", str(DONE), *args]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert out["new_plan"] in said and "No space left on device" in said, said
    assert "To be guided" not in said


def test_guide_c_key_names_the_later_command_with_the_cube_options(fixed_plan, tmp_path,
                                                                    monkeypatch):
    """The guide's own check names the command that takes the new plan up later with the
    cube's options, as check does; a cube that cannot be saved is followed all the same."""
    import io

    from rich.console import Console

    from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
    from sudoku_cube.assistant.terminal import guide_check

    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    start, plan = fixed_plan
    real = slipped_state(start, plan, DONE, [Slip("skip", STEP, plan[STEP - 1])])

    def ask(prompt: str) -> str:
        return " ".join(s.token for s in real.face(prompt[0]))

    console = Console(file=io.StringIO(), width=100, color_system=None)
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=DONE)
    line = guide_check.make_checker(console, ask, options=" --symmetric 1,8")(cursor)
    assert line.replace("\n", " ").rstrip("`").endswith("--symmetric 1,8"), line

    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(guide_check, "atomic_write_text", full)
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=DONE)
    line = guide_check.make_checker(console, ask)(cursor)
    assert "Found the slip" in line and "No space left on device" in line, line
    assert is_solved(real.apply([s.move for s in cursor.steps]))


def test_the_later_command_at_80_columns_keeps_its_path_whole_and_runs_as_copied(
        fixed_plan, monkeypatch):
    """At 80 columns the command that takes the new plan up later is longer than a line, and
    with a data folder of a usual length so are its words up to the plan: they are broken
    between words, each such line ending in the shell's line continuation, so that the path
    and ``--moves`` stay whole on the screen (left to the terminal, they were split mid-word)
    and a copy of the lines runs as the command does."""
    import io
    import shutil
    import tempfile

    from rich.console import Console

    from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
    from sudoku_cube.assistant.terminal.guide_check import after_slip_name, make_checker
    from sudoku_cube.assistant.terminal.guide_ui import run_interactive

    root = Path(tempfile.mkdtemp())
    home = root / "someone" / ".local" / "share" / "sudoku-cube"  # as ~/.local/share/...
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(home))
    start, plan = fixed_plan
    real = slipped_state(start, plan, DONE, [Slip("skip", STEP, plan[STEP - 1])])
    saved = str(home / after_slip_name(real))
    assert len(f"To take it up later: `sudoku-cube guide {saved}") > 80 >= len(saved) + 2

    def ask(prompt: str) -> str:
        return " ".join(s.token for s in real.face(prompt[0]))

    console = Console(file=io.StringIO(), width=80, height=24, record=True, color_system=None)
    cursor = GuideCursor(steps_from_moves(start, plan), start, position=DONE)
    keys = iter(["c", "q"])
    try:
        run_interactive(console, cursor, lambda: next(keys), clear=False,
                        checker=make_checker(console, ask))
    finally:
        shutil.rmtree(root)
    text = console.export_text()
    lines = text.splitlines()
    assert all(len(line) <= 80 for line in lines), [x for x in lines if len(x) > 80]
    assert any(line.startswith(f"{saved} ") for line in lines), text  # the path on one line
    commands = re.findall(r"`(sudoku-cube guide [^`]*)`", text)
    assert len(commands) == 2, text  # on the guide's screen, and where it stopped
    for said in commands:
        words = shell_words(said)
        assert words[:4] == ["sudoku-cube", "guide", saved, "--moves"], said
        assert parse_moves(words[4]) == tuple(s.move for s in cursor.steps) and len(words) == 5


def test_a_verdicts_message_names_no_direction_a_slip_may_have_turned():
    """Two faces share a centre digit: the message names the face by the digit alone, a slip
    may have turned its centre, and by its place, which the digit cannot tell; with the cubes
    a slip may have left, the direction is named where none of them turned that face."""
    from sudoku_cube.models.cube.state import CubeState
    from sudoku_cube.models.cube.stickers import Sticker
    from sudoku_cube.models.slips.find import Verdict
    from tests.conftest import random_design

    base = random_design(random.Random(3))
    stickers = list(base.stickers)
    stickers[9 + 4], stickers[18 + 4] = Sticker(6, 1), Sticker(6, 0)  # R and F: centre 6
    cube = CubeState(tuple(stickers))
    verdict = Verdict("ambiguous", ask_face="R")
    assert "Show me the right face (R, centre 6) to tell" in verdict.message(cube)
    assert "centre 6, pointing right (R)" in verdict.message(cube, maybe=())
    turned = cube.apply(parse_moves("R"))  # a slip that turned R's centre
    assert "Show me the right face (R, centre 6) to tell" in verdict.message(cube, maybe=[turned])
    other = cube.apply(parse_moves("L"))  # L leaves R's centre as it was
    assert "centre 6, pointing right (R)" in verdict.message(cube, maybe=[other])


_WAY = re.compile(r"centre (\d)(, (?:upright|upside down|lying on its side|pointing [a-z ]+))? "
                  r"\(([URFDLB])\)")
"""A face named by its centre in a verdict: the digit, the direction if said, the letter."""
_PLACED = re.compile(r"\(([URFDLB]), centre (\d)(, (?:upright|upside down|lying on its side|"
                     r"pointing [a-z ]+))?\)")
"""A face named by its place first, its centre beside the letter (its centre looks like
another face's): the letter, the digit, the direction if said."""


def _turnable(start, plan, done, shown=False):
    """The faces whose centre looks otherwise on a cube one slip in the window leaves (with
    ``shown``, or in the step after it, as the guide's check looks there too)."""
    from sudoku_cube.assistant.services.slipped_cubes import check_cubes, slipped_cubes
    from sudoku_cube.models.cube.face_words import centre
    from sudoku_cube.models.cube.holds import sticker_look

    settings, expected = CubeSettings(), start.apply(plan[:done])
    look = lambda cube, f: sticker_look(centre(cube, f), settings)  # noqa: E731
    cubes = (check_cubes if shown else slipped_cubes)(start, plan, done)
    return {f for f in "URFDLB" for m in cubes if look(m, f) != look(expected, f)}


def _named_ways(message, start, plan, done, shown=False):
    """The faces the message names with their centre's direction; a face named so must be one
    no slip in the window (with ``shown``, or in the step after it) turns, and a face that
    shares its centre digit with another and that a slip may have turned must be named
    without."""
    expected = start.apply(plan[:done])
    turnable = _turnable(start, plan, done, shown)
    ways = set()
    named = _WAY.findall(message) + [(d, w, f) for f, d, w in _PLACED.findall(message)]
    for digit, way, face in named:
        clash = sum(expected.face(f)[4].digit == int(digit) for f in "URFDLB") > 1
        if way:
            assert face not in turnable, (face, message)
            ways.add(face)
        else:
            assert face in turnable or not clash, (face, message)
    return ways


@pytest.mark.parametrize("seed, face", [(2, "F"), (1, "U")])
def test_a_verdict_names_the_direction_only_of_centres_no_slip_can_have_turned(
        seed, face, tmp_path, capsys):
    """Step 1 already made at step 0 (the only slip then: a step made ahead): check's verdict,
    in words and in JSON, names by its direction a face whose centre digit another face shares
    where no slip in the window turns it (``face``), and never one a slip may have turned."""
    pz = make_puzzle(seed, 20)
    start, plan = pz.state, simplify(invert_moves(pz.scramble))
    real = start.apply(plan[:1])
    path = tmp_path / "start.json"
    path.write_text(to_json(start))
    args = ["check", str(path), "--moves", format_moves(plan), "--step", "0",
            "--tokens", _tokens(real, "F")]
    main(args)
    said = " ".join(capsys.readouterr().out.split()).split(" To show it, hold")[0]
    assert _named_ways(said, start, plan, 0) == {face}, said
    main(args + ["--json"])
    message = json.loads(capsys.readouterr().out)["message"]
    assert _named_ways(message, start, plan, 0) == {face}, message


def test_the_guides_check_names_directions_as_check_does(tmp_path, monkeypatch):
    """The guide's c key (the camera or the phone answering): the verdict names a centre's
    direction only where no slip in the window turns it, and the list of explanations before
    the next face only where no slip in the step shown turns it either (the next face may
    still find one there: at step 0 that leaves no direction to name). Seed 2's F cannot show
    whether step 1 was made already: the face asked for next finds it was, naming no face,
    and the guide says the cube matches the plan after it (no slip to plan anew from)."""
    import io

    from rich.console import Console

    from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
    from sudoku_cube.assistant.services.slip_check import tokens_cells
    from sudoku_cube.assistant.terminal import guide_check

    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    for seed, named in ((2, set()), (1, set())):  # the answer names no face
        pz = make_puzzle(seed, 20)
        start, plan = pz.state, simplify(invert_moves(pz.scramble))
        real = start.apply(plan[:1])
        shown: list[str] = []

        def capture(asked, _cube, _maybe=None):
            f = "F" if not shown else asked  # the camera shows F first
            shown.append(f)
            return {f: tokens_cells(f, " ".join(s.token for s in real.face(f)))}

        out = io.StringIO()
        console = Console(file=out, width=300, color_system=None)
        cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=0)
        line = guide_check.make_checker(console, lambda _p, prefill="": "", capture=capture)(
            cursor)
        told = re.sub(r"Check: .*?\(q: cancel\)\.", "", " ".join(out.getvalue().split()))
        assert ("explanations fit" in told) == (seed == 1), told  # then a slip is found
        assert _named_ways(told, start, plan, 0, shown=True) == set(), told
        assert _named_ways(line, start, plan, 0) == named, line
        assert line.startswith("The cube matches the plan after step 1 ("), line
        assert line.endswith("the step shown. Press n to go on to the next step."), line


def test_after_a_slip_in_the_window_no_turnable_direction_is_named(fixed_plan, tmp_path,
                                                                    capsys):
    """Well into the plan a wrong face may have been turned at any step of the window: every
    centre may be turned, and no verdict names a direction."""
    start, plan = fixed_plan
    for kind in ("direction", "skip", "face"):
        slip = random_slip(random.Random(kind), STEP, plan[STEP - 1], kind)
        real = slipped_state(start, plan, DONE, [slip])
        _, out, _ = _until_found(tmp_path, capsys, start, plan, real,
                                 ["--tokens", _tokens(real, "F")])
        assert not _named_ways(out["message"], start, plan, DONE), out["message"]


def test_the_watch_names_faces_as_at_the_step_it_judged(monkeypatch):
    """The watch judges a frame at the next step, slips at that step only: its verdict names
    the face asked for by its centre as the plan has it there, its direction only where no
    slip of that step turns it (here every centre may be turned: none is)."""
    from sudoku_cube.assistant.services import watch
    from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
    from sudoku_cube.models.slips.find import Verdict

    pz = make_puzzle(2, 20)
    start, plan = pz.state, simplify(invert_moves(pz.scramble))
    for face in "URFDLB":
        monkeypatch.setattr(watch, "find_slip", lambda *a, **k: Verdict("ambiguous",
                                                                        ask_face=face))
        cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=0)
        w = watch.Watcher(cursor)
        event = w.feed({}) or w.feed({})
        assert event is not None and event.kind == "ambiguous"
        assert f"centre {start.apply(plan[:1]).face(face)[4].digit}" in event.message
        assert not _named_ways(event.message, start, plan, 1), event.message


def test_a_verdict_and_the_hold_words_tell_a_turned_centre_by_how_it_looks():
    """One rule, as the eye sees it on the person's cube, decides whether a slip turned a
    centre (:func:`holds.turned_centres`), for a verdict's words and a hold's alike, and one
    says which way a symmetric centre lies: with ``--symmetric 1,8`` an 8 turned half round
    looks untouched, so the verdict still names how it lies; turned a quarter, it does not."""
    from sudoku_cube.models.cube.holds import hold_parts, turned_centres
    from sudoku_cube.models.cube.state import CubeState
    from sudoku_cube.models.cube.stickers import Sticker
    from sudoku_cube.models.slips.find import Verdict
    from tests.conftest import random_design

    sym = CubeSettings(symmetric=frozenset({1, 8}))
    stickers = list(random_design(random.Random(3)).stickers)
    stickers[9 + 4], stickers[18 + 4] = Sticker(8, 1), Sticker(8, 0)  # R and F: centre 8
    cube = CubeState(tuple(stickers))

    def turned(quarters):
        s = list(stickers)
        s[9 + 4] = s[9 + 4].turned(quarters)
        return CubeState(tuple(s))

    verdict = Verdict("ambiguous", ask_face="R", settings=sym)
    for quarters, named in ((2, True), (1, False)):
        message = verdict.message(cube, maybe=[turned(quarters)])
        assert ("centre 8, lying on its side (R)" in message) is named, message
        assert ("R" in turned_centres(cube, [turned(quarters)], sym)) is not named
        parts = hold_parts(cube, "R", "U", sym, [turned(quarters)])  # R held towards you
        assert any(p.place == "F" and p.index == 4 and p.pointing for p in parts) is named
    assert "centre 8, pointing right (R)" in Verdict("ambiguous", ask_face="R").message(
        cube, maybe=())  # the default cube: an 8 is not symmetric
    start, plan = make_puzzle(1, 20).state, simplify(invert_moves(make_puzzle(1, 20).scramble))
    seen = {"F": certain(start.apply(plan[:3]).face("F"))}
    assert find_slip(start, plan, 3, seen, sym).settings == sym


def test_a_checks_refusal_names_a_face_as_the_check_asked_for_it(tmp_path, capsys):
    """Four centres 7: the check asks for "the front face (F, centre 7)", by the digit alone
    (a slip may have turned it) and its place, which the digit cannot tell; its refusals name
    the face, and the one at its top, the same way, never by a direction the person may not
    find on the cube."""
    from sudoku_cube.assistant.services.slip_check import tokens_cells
    from sudoku_cube.models.errors import SudokuCubeError

    pz = make_puzzle(2, 20)
    start, plan = pz.state, simplify(invert_moves(pz.scramble))
    with pytest.raises(SudokuCubeError) as refused:
        tokens_cells("F", "7^ 7^", start)
    said = str(refused.value)
    assert said.startswith("The front face (F, centre 7): 2 tokens given"), said
    assert "as seen with the top face (U, centre 7) at the top" in said, said
    path = tmp_path / "start.json"
    path.write_text(to_json(start))
    face = _tokens(start, "F")
    assert main(["check", str(path), "--moves", format_moves(plan), "--step", "0",
                 "--tokens", face, "--tokens", face]) != 0
    said = " ".join(capsys.readouterr().err.split())
    assert "The front face (F, centre 7) is given twice" in said, said


def test_the_guides_check_finds_a_slip_in_the_step_shown(tmp_path, monkeypatch):
    """A person turns the step the guide shows, sees that the cube does not look like its
    "After" net and presses c before n: the slip is in the step shown, not in one made so far,
    and the check finds it there (as the watch does) instead of sending them to scan again."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    pz = make_puzzle(4, 20)
    start, plan = pz.state, simplify(invert_moves(pz.scramble))
    for position in (0, 3):
        m = plan[position]
        real = start.apply(plan[:position]).apply([_other_way(m)])
        line, cursor = _guides_check(start, plan, real, position)
        assert line.startswith(f"Found the slip: step {position + 1} ({m})"), line
        assert is_solved(real.apply([s.move for s in cursor.steps]))


def _other_way(m):
    """A quarter turn the other way, or a quarter turn for a half turn: a slip of ``m``."""
    from sudoku_cube.models.cube.moves import Move

    return m.inverse() if m.turns != 2 else Move(m.face, 1)


def _guides_check(start, plan, real, position: int):
    """The guide's c key at ``position`` of ``plan``, every face asked for typed off ``real``:
    the line it ends with, and the cursor after."""
    import io

    from rich.console import Console

    from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
    from sudoku_cube.assistant.terminal import guide_check

    def ask(prompt: str, prefill: str = "") -> str:
        return " ".join(s.token for s in real.face(prompt[0]))

    console = Console(file=io.StringIO(), width=100, color_system=None)
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=position)
    return guide_check.make_checker(console, ask)(cursor), cursor


def test_the_guides_check_finds_an_earlier_slip_with_the_step_shown_made(tmp_path, monkeypatch):
    """A slip two steps back goes unnoticed; the person turns the next step, then the step
    shown, right, and presses c before n: no slip up to the step reached explains the faces,
    nor one in the step shown, but the earlier slip with the step shown made does, and the
    check names it instead of sending the person to photograph the whole cube again."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    pz = make_puzzle(4, 20)
    start, plan = pz.state, simplify(invert_moves(pz.scramble))
    position = 6  # step 7 shown; step 5 slipped, steps 6 and 7 turned right
    m = plan[4]
    real = start.apply(plan[:4]).apply([_other_way(m)]).apply(plan[5:position + 1])
    line, cursor = _guides_check(start, plan, real, position)
    assert line.startswith(f"Found the slip: step 5 ({m})"), line
    shown = f"Step {position + 1} ({plan[position]}), the one shown, was made as it shows."
    assert shown in " ".join(line.split()), line  # why the new plan undoes it first
    assert is_solved(real.apply([s.move for s in cursor.steps]))


def test_a_face_that_cannot_show_the_step_shown_asks_whether_it_was_made(tmp_path,
                                                                        monkeypatch):
    """An earlier slip, then the next step and the step shown turned right; the face shown
    is the back one, which the step shown (a front turn) does not touch: the slip fits with
    the step shown made or not, so the check asks for a face that tells them apart instead
    of planning from the cube as if the step shown was not made; with it, the slip is found
    and the new plan solves the cube."""
    from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
    from sudoku_cube.assistant.terminal import guide_check
    from sudoku_cube.models.cube.moves import Move
    from sudoku_cube.models.slips.replay import WINDOW

    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    cases = ((p.state, simplify(invert_moves(p.scramble)))
             for p in (make_puzzle(seed, 20) for seed in range(1, 60)))
    start, plan, k = next((s, p, k) for s, p in cases for k in range(3, len(p) - 1)
                          if p[k].face == "F" and p[k - 2].face in "UD")
    m = plan[k - 2]
    wrong = m.inverse() if m.turns != 2 else Move(m.face, 1)
    real = start.apply(plan[:k - 2]).apply([wrong]).apply(plan[k - 1:k + 1])
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=k)
    settings = CubeSettings()
    back = {"B": certain(real.face("B"))}
    verdict, at, _ = guide_check.judge(cursor, back, settings, k, WINDOW)
    assert verdict.outcome == "ambiguous" and verdict.ask_face not in ("B", None), verdict
    assert any(s.kind == "ahead" and s.step == k + 1 for c in verdict.candidates
               for s in c.slips), verdict  # "and then step k + 1 was already made"
    seen = {**back, verdict.ask_face: certain(real.face(verdict.ask_face))}
    verdict, at, _ = guide_check.judge(cursor, seen, settings, at, WINDOW)
    assert verdict.outcome == "found" and at == k + 1, verdict
    assert verdict.best.slips[0].step == k - 1
    assert is_solved(real.apply(verdict.repair))


def _named_directions(words: str) -> set[str]:
    """The faces whose centre's direction ``words`` name: '(F, the 8 upside down)' in a hold,
    'centre 8, pointing left (F)' for a face."""
    held = re.findall(r"\(([UDFBLR]), the \d ", words)
    faced = re.findall(r"centre \d, [a-z ]+ \(([UDFBLR])\)", words)
    return set(held) | set(faced)


def test_the_guides_check_names_no_direction_a_slip_in_the_step_shown_turned(tmp_path,
                                                                          monkeypatch):
    """The c key also looks for a slip in the step shown (a wrong face turned, say), and such a
    slip turns centres the steps made so far do not: the words that ask for the first look,
    and the next face, name the direction of no centre a slip in that step may have turned."""
    import io

    from rich.console import Console

    from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
    from sudoku_cube.assistant.services.slip_check import first_look_words
    from sudoku_cube.assistant.services.slipped_cubes import check_cubes
    from sudoku_cube.assistant.terminal import guide_check
    from sudoku_cube.models.cube.holds import turned_centres
    from sudoku_cube.models.cube.moves import Move
    from sudoku_cube.models.slips.first_look import first_look

    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    settings = CubeSettings()
    pz = make_puzzle(1, 20)
    start, plan = pz.state, simplify(invert_moves(pz.scramble))
    assert str(plan[0]) == "R2"
    real = start.apply([Move("F", 2)])  # the front face turned instead of the right face
    turned = turned_centres(start, [real], settings)
    assert "F" in turned
    look = first_look(start, plan, 0, settings)
    words = first_look_words(look, start, check_cubes(start, plan, 0), settings)
    assert not _named_directions(words) & set(turned), words

    asked: list[str] = []

    def ask(prompt: str, prefill: str = "") -> str:
        asked.append(prompt)
        return " ".join(s.token for s in real.face(prompt[0]))

    out = io.StringIO()
    console = Console(file=out, width=400, color_system=None)
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=0)
    line = guide_check.make_checker(console, ask)(cursor)
    assert line.startswith("Found the slip: step 1 (R2)"), line
    checks = [t for t in out.getvalue().splitlines() if t.startswith("Check: ")]
    assert checks and all(not _named_directions(t) & set(turned) for t in checks), checks


def test_the_guides_check_asks_for_the_next_face_on_the_cube_it_judges(tmp_path, monkeypatch):
    """Step 3 turned the wrong way before c: nothing up to step 2 fits, a slip in the step shown
    does, but face D alone, turned the wrong way, also looks like D's photo taken turned
    (:func:`models.slips.find.doubted_by_photo`), so the next face is asked for on the cube at
    the step the guide shows, the one the terminal's words are built on, and the camera or the
    phone (whose page tells the hold) is handed that cube and the cubes a slip up to the step
    shown may leave; the second face then finds the slip in the step shown."""
    import io

    from rich.console import Console

    from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
    from sudoku_cube.assistant.services.slip_check import tokens_cells
    from sudoku_cube.assistant.services.slipped_cubes import check_cubes
    from sudoku_cube.assistant.terminal import guide_check

    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    pz = make_puzzle(0, 20)
    start, plan = pz.state, simplify(invert_moves(pz.scramble))
    position = 2
    real = start.apply(plan[:position]).apply([plan[position].inverse()])
    handed: list[tuple[str, object, object]] = []

    def capture(asked, cube, maybe=None):
        handed.append((asked, cube, maybe))
        face = "D" if asked == "A" else asked  # the camera shows D first
        return {face: tokens_cells(face, " ".join(s.token for s in real.face(face)))}

    console = Console(file=io.StringIO(), width=100, color_system=None)
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=position)
    line = guide_check.make_checker(console, lambda _p, prefill="": "", capture=capture)(cursor)
    assert line.startswith(f"Found the slip: step {position + 1} ({plan[position]})"), line
    assert len(handed) == 2
    assert handed[0][1] == start.apply(plan[:position])
    assert handed[1][1] == start.apply(plan[:position])
    # the cubes the terminal's words weigh go with it: the phone tells the hold as they do
    assert handed[0][2] == check_cubes(start, plan, position)
    assert handed[1][2] == check_cubes(start, plan, position)


def _guide_check(start, plan, position, real, first="F"):
    """The guide's c key at ``position`` on the ``real`` cube, the camera showing ``first``
    for corner photo A and the face asked for after; the line it ends with and the cursor."""
    import io

    from rich.console import Console

    from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
    from sudoku_cube.assistant.services.slip_check import tokens_cells
    from sudoku_cube.assistant.terminal import guide_check

    def capture(asked, _cube, _maybe=None):
        face = first if asked == "A" else asked
        return {face: tokens_cells(face, " ".join(s.token for s in real.face(face)))}

    console = Console(file=io.StringIO(), width=100, color_system=None)
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=position)
    return guide_check.make_checker(console, lambda _p, prefill="": "", capture=capture)(
        cursor), cursor


def _step_six_turned_the_wrong_way():
    """Puzzle 5's plan with step 6 turned the wrong way: the start, the plan, the cube after
    it, and what explains F alone up to step 5: only two slips, a whole-cube turn and a wrong
    face (found once, with a new plan that would not solve that cube; one face does not settle
    that now, and the check asks for a second)."""
    pz = make_puzzle(5, 20)
    start, plan = pz.state, simplify(invert_moves(pz.scramble))
    slip = random_slip(random.Random(505), 6, plan[5], "direction")
    shown = slipped_state(start, plan, 6, [slip])
    before = find_slip(start, plan, 5, {"F": certain(shown.face("F"))})
    assert before.outcome == "ambiguous" and len(before.candidates) == 1, before
    two = before.candidates[0]
    assert [s.kind for s in two.slips] == ["held", "face"], two
    return start, plan, shown, two


def test_the_guides_check_prefers_one_slip_in_the_step_shown_to_two_before(tmp_path,
                                                                           monkeypatch):
    """Step 6 turned the wrong way before c, F shown: up to step 5 only a whole-cube turn and
    a wrong face explain F (a found slip whose new plan would not solve the real cube); one
    slip in the step shown explains it better and the check goes on from there. Two real
    slips up to the step reached, which a slip in the step shown explains worse, are kept."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    start, plan, real, _ = _step_six_turned_the_wrong_way()
    line, cursor = _guide_check(start, plan, 5, real)
    assert line.startswith(f"Found the slip: step 6 ({plan[5]}) was turned anticlockwise"), line
    assert is_solved(real.apply([s.move for s in cursor.steps]))

    pz = make_puzzle(64, 20)
    start, plan = pz.state, simplify(invert_moves(pz.scramble))
    # at steps apart: step 8 skipped and step 9 turned the wrong way would be one slip too,
    # step 9's face turned instead of step 8's by another amount
    slips = [random_slip(random.Random(448), 6, plan[5], "skip"),
             random_slip(random.Random(576), 9, plan[8], "direction")]
    real = slipped_state(start, plan, 9, slips)
    line, cursor = _guide_check(start, plan, 9, real)
    assert line.startswith("Found the slip: step ") and ", and then step " in line, line
    assert is_solved(real.apply([s.move for s in cursor.steps]))


def _step_four_turned_the_other_way(monkeypatch):
    """Puzzle 4's plan with step 4 turned the other way (a half turn as a quarter), and the
    list that records after which step each slip the guide follows was found: the start, the
    plan, the cube after step 4, and that list."""
    from sudoku_cube.assistant.services import guide
    from sudoku_cube.models.cube.moves import Move

    recorded: list[int | None] = []
    monkeypatch.setattr(guide, "follow_instead",
                        lambda *a, after_step=None, **k: recorded.append(after_step) or 1)
    pz = make_puzzle(4, 20)
    start, plan = pz.state, simplify(invert_moves(pz.scramble))
    m = plan[3]
    real = start.apply(plan[:3]).apply([m.inverse() if m.turns != 2 else Move(m.face, 1)])
    return start, plan, real, recorded


def test_a_check_judged_after_the_step_shown_says_and_records_that_step(tmp_path,
                                                                        monkeypatch):
    """Where the c key judged the cube after the step shown (a slip there fitted), a slip found
    is recorded as found after that step, and a cube that matches the plan there is said to
    match it after that step, not "at this step": the guide still shows it as not turned."""
    import io

    from rich.console import Console

    from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
    from sudoku_cube.assistant.terminal import guide_check
    from sudoku_cube.models.slips.find import Verdict

    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    start, plan, real, recorded = _step_four_turned_the_other_way(monkeypatch)
    m = plan[3]

    def ask(prompt: str, prefill: str = "") -> str:
        return " ".join(s.token for s in real.face(prompt[0]))

    console = Console(file=io.StringIO(), width=100, color_system=None)
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=True, position=3)
    line = guide_check.make_checker(console, ask)(cursor)
    assert line.startswith(f"Found the slip: step 4 ({m})"), line
    assert recorded == [4]

    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=3)
    said = guide_check._conclude(cursor, Verdict("as expected"), cube=start.apply(plan[:4]),
                                 maybe=(), at=4)
    assert said.startswith(f"The cube matches the plan after step 4 ({m}), the step shown."), said
    assert "at this step" not in said
    assert guide_check._conclude(cursor, Verdict("as expected"), maybe=()) == \
        "The cube matches the plan at this step."


def test_the_watch_records_a_slip_after_the_step_it_judged(monkeypatch):
    """The watch judges a frame unlike the step reached at the step after it: a slip found there
    is recorded as found after that step (as the c key's is), so that a re-run's first screen
    names the step the slip was made at, not the one before."""
    from sudoku_cube.assistant.services import watch
    from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves

    start, plan, real, recorded = _step_four_turned_the_other_way(monkeypatch)
    m = plan[3]
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=True, position=3)
    seen = {f: certain(real.face(f)) for f in "UFR"}
    w = watch.Watcher(cursor)
    event = w.feed(seen) or w.feed(seen)
    assert event is not None and event.kind == "slip", event
    assert event.message.startswith(f"Found the slip: step 4 ({m})"), event.message
    assert recorded == [4]


def test_the_guides_check_asks_for_the_face_an_as_expected_verdict_names(tmp_path, monkeypatch,
                                                                        first_look_as_told):
    """The face typed matches the plan but cannot show whether the next step was made already:
    the check asks for the face that can (as it does for several slips that fit) instead of
    ending on "Show me ... to be sure", which pressing c again would only answer by asking the
    first look again."""
    import io

    from rich.console import Console

    from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
    from sudoku_cube.assistant.terminal import guide_check

    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    pz = make_puzzle(0, 20)
    start, plan = pz.state, simplify(invert_moves(pz.scramble))
    real = start.apply(plan[:4])
    asked: list[str] = []

    def ask(prompt: str, prefill: str = "") -> str:
        asked.append(prompt[0])
        return " ".join(s.token for s in real.face(prompt[0]))

    out = io.StringIO()
    console = Console(file=out, width=400, color_system=None)
    cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False, position=4)
    line = guide_check.make_checker(console, ask)(cursor)
    assert asked == ["D", "U"], asked
    assert "to be sure" in out.getvalue()
    assert line == "The cube matches the plan at this step.", line


def test_the_guides_check_goes_back_to_two_slips_when_the_step_shown_stops_fitting(
        tmp_path, monkeypatch):
    """F alone is explained by two slips up to step 5 and, better, by one slip in step 6, the
    step shown: the check goes on after step 6. When the cube really has the two slips, the
    next face fits no slip in step 6, and the check judges the faces again up to step 5 and
    finds the two slips, instead of saying that no likely slip explains them."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    start, plan, shown, two = _step_six_turned_the_wrong_way()
    real = two.state  # the two slips, F the same as with the slip in step 6
    assert real.face("F") == shown.face("F") and real != shown
    line, cursor = _guide_check(start, plan, 5, real)
    assert line.startswith(f"Found the slip: {two.describe()}"), line
    assert is_solved(real.apply([s.move for s in cursor.steps]))


def test_a_cube_held_turned_says_which_faces_moved_and_which_stayed():
    """The words of a cube turned and held so name where each face went: a face that kept its
    place stays there ("the front face stays in front"), never "the face that was front is
    now in front"; one that moved is named by where it was."""
    from sudoku_cube.models.cube.cube_rotations import rotation_words
    from sudoku_cube.models.slips.kinds import held_words

    kept = 0
    for rotation in range(24):
        words = held_words(rotation)
        front, top = rotation_words(rotation)
        assert "was front is now in front" not in words and "was up is now on top" not in words
        assert ("the front face stays in front" in words) == (front == "front"), words
        assert ("the top face stays on top" in words) == (top == "up"), words
        if front != "front":
            assert f"the face that was {front} is now in front" in words
        kept += front == "front"
    assert kept == 4  # the turns about the axis through the front face, the identity among them


def test_a_later_check_keeps_the_cube_an_earlier_command_names(tmp_path, monkeypatch):
    """Each slip found saves its real cube in a file of its own: a command printed after an
    earlier check still finds its cube (one shared file made it fail as a wrong plan)."""
    from sudoku_cube.assistant.terminal.guide_check import after_slip_guide
    from sudoku_cube.models.cube.state_format import parse_state
    from tests.conftest import random_design

    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    start = random_design(random.Random(5))
    first, second = start.apply(parse_moves("R U")), start.apply(parse_moves("F D'"))
    said = [after_slip_guide(cube, parse_moves("U' R'")) for cube in (first, second)]
    paths = [shell_words(s)[2] for s in said]
    assert paths[0] != paths[1]
    for cube, path in zip((first, second), paths):
        assert parse_state(Path(path).read_text()) == cube
    assert after_slip_guide(first, parse_moves("U' R'")) == said[0]  # the same cube: one file


def test_a_face_of_the_cube_as_it_was_steps_back_is_not_taken_for_two_slips():
    """The cube of the first sample as it was read, its face F shown at step 6: two slips
    that cancel (step 3 skipped, then R for D at step 5) fit it exactly, and were named, with
    the whole plan again as the new plan, so that a person who showed an older photo was sent
    back to step 1 unwarned. The plain account is said instead: the cube as it was before
    step 1 (turns not made, or an older photo: the cube as it is now is asked for), with the
    plan from there; at step 7, where no slip fits, the same account, not "no likely
    slip"."""
    from sudoku_cube.assistant.services.files import load_state

    start = load_state(Path(__file__).resolve().parents[1] / "samples" / "cubes" / "01-easy"
                       / "truth.json")
    moves = parse_moves("R B2 R2 B2 D R2 F' D'")
    seen = {"F": [(Hypothesis(s, None),) for s in start.face("F")]}
    verdict = find_slip(start, moves, 6, seen)
    assert verdict.outcome == "found" and verdict.earlier == 0, verdict
    said = verdict.message()
    assert said.startswith("The cube is as the plan has it before the first step"), said
    assert "older one" in said and "Found the slip" not in said, said
    assert verdict.repair == moves  # the plan from step 1: the cube is there
    later = find_slip(start, moves, 7, seen)
    assert later.outcome == "none" and later.earlier == 0, later
    said = later.message()
    assert "before the first step" in said and "as it is now" in said, said
    # one step back is the last step skipped, a slip named as before
    one_back = {"F": [(Hypothesis(s, None),) for s in start.apply(moves[:5]).face("F")]}
    assert find_slip(start, moves, 6, one_back).outcome in ("found", "ambiguous")


def test_the_guide_keeps_its_plan_when_the_cube_shown_is_steps_back(tmp_path, monkeypatch):
    """At step 6 of the first sample the person types the faces of the cube as it was read:
    an older photo, or turns not made. The guide cannot tell which, so it keeps its plan and
    step, and says how to go back (b, as many times as steps) or to show the cube as it is
    now; it followed a new plan from step 1 before, wrong for an older photo."""
    import io

    from rich.console import Console

    from sudoku_cube.assistant.services.files import load_state
    from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
    from sudoku_cube.assistant.terminal.guide_check import make_checker
    from sudoku_cube.assistant.terminal.guide_ui import run_interactive

    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    start = load_state(Path(__file__).resolve().parents[1] / "samples" / "cubes" / "01-easy"
                       / "truth.json")
    plan = parse_moves("R B2 R2 B2 D R2 F' D'")

    def ask(prompt: str) -> str:  # the faces of the cube as it was read
        return " ".join(s.token for s in start.face(prompt[0]))

    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    cursor = GuideCursor(steps_from_moves(start, plan), start, position=6, remember=False)
    steps = cursor.steps
    keys = iter(["c", "q"])
    run_interactive(console, cursor, lambda: next(keys), clear=False,
                    checker=make_checker(console, ask))
    text = " ".join(console.export_text().split())
    assert cursor.position == 6 and cursor.steps is steps and not cursor.after_slip
    assert "the cube as the plan has it before the first step" in text, text
    assert "press b 6 times to go back to step 1" in text and "as it is now" in text, text


def test_a_new_plan_of_one_move_is_said_in_the_singular():
    """The last step turned the other way: the new plan is one half turn, "(1 move)"."""
    from sudoku_cube.models.cube.moves import Move

    plans = ((p.state, simplify(invert_moves(p.scramble)))
             for p in (make_puzzle(seed, 20) for seed in range(1, 40)))
    start, plan = next((s, p) for s, p in plans if p[-1].turns != 2)  # a quarter turn last
    real = start.apply(plan[:-1]).apply([plan[-1].inverse()])
    seen = {f: certain(real.face(f)) for f in "URFDLB"}
    verdict = find_slip(start, plan, len(plan), seen)
    assert verdict.outcome == "found" and verdict.repair == (Move(plan[-1].face, 2),)
    assert "New plan from here (1 move): " in verdict.message(), verdict.message()
    assert is_solved(real.apply(verdict.repair))


def test_check_json_gives_the_cube_its_new_plan_starts_from(fixed_plan, tmp_path, capsys):
    """A slip found with --json: the new plan, the real cube it starts from (the plan applied
    to it solves it) and the guide command that follows it, as the text answer gives."""
    from sudoku_cube.models.cube.moves import Move

    start, plan = fixed_plan
    done = 4
    m = plan[done - 1]
    wrong = m.inverse() if m.turns != 2 else Move(m.face, 1)
    real = start.apply(plan[:done - 1]).apply([wrong])
    path = tmp_path / "start.json"
    path.write_text(to_json(start))
    args = ["check", str(path), "--moves", format_moves(plan), "--step", str(done), "--json"]
    for f in "URFDLB":
        args += ["--tokens", f"{f}={' '.join(s.token for s in real.face(f))}"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["outcome"] == "found"
    cube = parse_state(json.dumps(out["state"]))
    assert is_solved(cube.apply(parse_moves(out["new_plan"])))
    assert out["guide"].startswith("sudoku-cube guide ") and "after-slip-" in out["guide"]


def test_a_slip_found_by_check_is_followed_by_the_guide_on_the_same_cube(fixed_plan, tmp_path,
                                                                         capsys):
    """``check`` finds a slip in the plan the guide follows for a cube: the guide on that
    cube goes on with the new plan from the real cube, as after the guide's own check (it
    went on with the old plan, on a cube no longer there)."""
    from sudoku_cube.assistant.services.guide import steps_from_moves
    from sudoku_cube.assistant.services.sessions import load_followed_plan, save_followed_plan
    from sudoku_cube.models.cube.solved import DEFAULT_SYMMETRIC

    start, plan = fixed_plan
    done = 4
    real = start.apply(plan[:done - 1]).apply([_other_way(plan[done - 1])])
    save_followed_plan(start, DEFAULT_SYMMETRIC, plan,
                       [s.phase for s in steps_from_moves(start, plan)])
    path = tmp_path / "start.json"
    path.write_text(to_json(start))
    args = ["check", str(path), "--moves", format_moves(plan), "--step", str(done)]
    for f in "URFDLB":
        args += ["--tokens", f"{f}={' '.join(s.token for s in real.face(f))}"]
    assert main(args) == 0
    assert f"The guide on {path} goes on with this new plan too." in \
        " ".join(capsys.readouterr().out.split())
    followed = load_followed_plan(start, DEFAULT_SYMMETRIC)
    assert followed is not None and followed.start == real and followed.after_step == done
    assert is_solved(real.apply(followed.moves))
