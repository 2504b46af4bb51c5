"""What one face cannot settle: a photo of another face than the one asked for, which only a
cube picked up turned (and a wrong turn in the turned frame, where it needs one) explains, was
answered with that slip story and a new plan from one photo. Such a face, and any slip that
takes a whole-cube turn and another slip, now ask for a second face, the words saying what was
seen; the second face then shows the photo to be of another face, which is refused (in
``check`` and in the guide's ``c`` key, which asks for that face again). A cube held turned
that no other face of the plan's cube looks like is still found from one face."""
from __future__ import annotations

import io
import json

import cv2
import pytest
from rich.console import Console

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
from sudoku_cube.assistant.terminal.guide_check import check_cube
from sudoku_cube.models.cube.cube_rotations import rotated_face
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.cube.moves import format_moves, parse_moves
from sudoku_cube.models.cube.state_format import to_json
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.slips.find import find_slip
from sudoku_cube.models.slips.first_look import first_look
from sudoku_cube.models.slips.kinds import step_slips
from sudoku_cube.models.slips.looks import certain, look_key
from sudoku_cube.models.slips.one_face import one_face_doubts, turn_and_slip
from sudoku_cube.models.slips.replay import candidates, slipped_state
from tests import render_cache
from tests.conftest import check_plan, one_line

DONE = 10
"""The step the checks are made at; step 10 of the plan is a quarter turn of R, so a cube
turned about R's axis before it is the plan's cube itself, only held otherwise."""


@pytest.fixture(scope="module")
def plan():
    """The checks' plan, and the cube as it expects it after DONE steps."""
    start, moves = check_plan()
    return start, moves, start.apply(moves[:DONE])


def _photo(folder, cube, face: str):
    """A rendered photo of ``face`` of ``cube``, saved in ``folder`` (named after no face)."""
    img, _ = render_cache.face_photo(cube.face(face), seed=3, style="white")
    path = folder / face / "photo.png"
    path.parent.mkdir(exist_ok=True)
    cv2.imwrite(str(path), img)
    return path


def _check(tmp_path, capsys, monkeypatch, start, moves, *args: str):
    """``check`` at step DONE: its exit status, output and words on stderr."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path / "home"))
    state = tmp_path / "start.json"
    state.write_text(to_json(start))
    code = main(["check", str(state), "--moves", format_moves(moves), "--step", str(DONE),
                 *args])
    out = capsys.readouterr()
    return code, out.out, one_line(out.err)


@pytest.mark.parametrize("asked, shown, centre", [("F", "U", "8"), ("F", "B", "3"),
                                                  ("B", "L", "1")])
def test_a_photo_of_another_face_asks_for_a_second_face_not_a_slip(
        asked, shown, centre, plan, tmp_path, capsys, monkeypatch):
    """The photo of face U (or B, or L) given as F (or B): the check found "the whole cube
    was turned and held that way" (with a wrong face turned, or a half turn made a quarter),
    gave a new plan and exit 0. It now says what the photo shows and asks for a second face;
    that face's photo then shows the first to be of another face, refused with how to retake
    it."""
    start, moves, expected = plan
    wrong = _photo(tmp_path, expected, shown)
    code, out, err = _check(tmp_path, capsys, monkeypatch, start, moves,
                            "--photo", f"{asked}={wrong}")
    said = one_line(out)
    assert code == 3, (code, said, err)
    assert "Found the slip" not in said and "New plan" not in said, said
    assert (f"shows centre {centre} and looks like the face with centre {centre} ({shown}) as "
            "the plan has it: it may be that face, shown by mistake." in said), said
    code, out, err = _check(tmp_path, capsys, monkeypatch, start, moves,
                            "--photo", f"{asked}={wrong}", "--json")
    res = json.loads(out)
    assert res["outcome"] == "ambiguous" and "new_plan" not in res, res
    assert res["looks_like"] == {"face": asked, "other": shown}, res
    second = res["ask_face"]
    assert second != asked and res["show"].startswith("hold the cube with centre"), res
    if (asked, shown) == ("F", "U"):  # the face asked for next is the one the photo shows
        assert second == shown, res
        assert ("Show me the face with centre 8 (U) to tell which: if it shows what was "
                "shown for the front face (F, centre 9), perhaps turned, that was the face with "
                "centre 8 (U)." in said), said
    code, out, err = _check(tmp_path, capsys, monkeypatch, start, moves,
                            "--photo", f"{asked}={wrong}",
                            "--photo", f"{second}={_photo(tmp_path, expected, second)}")
    assert code == 2 and out == "", (code, out, err)
    assert (f"the photo given for face {asked} shows centre {centre}" in err
            and f"it seems to show the face with centre {centre} ({shown}) instead" in err), err
    assert f"Retake the photo of face {asked}" in err


def test_the_guide_asks_a_second_face_then_for_the_wrong_photos_face_again(
        plan, tmp_path, monkeypatch, first_look_as_told):
    """The guide's ``c`` asks for D; a photo of U given for it was found as the cube held
    turned, the guide switched to the new plan. Now it asks for the second face; with that
    face seen, the first photo is refused as U's and D asked for again, whose right photo
    shows the cube as planned."""
    start, moves, expected = plan
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path / "home"))
    asked = first_look(start, moves, DONE).face
    assert asked == "D"
    photos = {f: str(_photo(tmp_path, expected, f)) for f in FACES}
    prompts: list[str] = []

    def ask(prompt: str, prefill: str = "") -> str:
        prompts.append(prompt[0])
        return photos["U"] if len(prompts) == 1 else photos[prompt[0]]

    cursor = GuideCursor(steps_from_moves(start, moves), start, remember=False, position=DONE)
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    line = check_cube(cursor, console, ask)
    text = one_line(console.export_text())
    assert "Found the slip" not in text + line, text
    assert ("What was shown for the bottom face (D, centre 9) shows centre 8 and looks like "
            "the face with centre 8 (U) as the plan has it" in text), text
    second = prompts[1]
    assert prompts == ["D", second, "D"], prompts
    assert (f"{photos['U']}: the photo given for face D shows centre 8, but the centre of "
            "face D is 9" in text), text
    assert "Retake the photo of face D" in text
    assert line == "The cube matches the plan at this step.", line
    assert [s.move for s in cursor.steps] == list(moves) and cursor.position == DONE


def test_a_wrong_photo_refused_after_a_corner_photo_asks_again_without_a_crash(
        plan, tmp_path, monkeypatch, first_look_as_told):
    """The photo of U given for D asks a second face; corner photo A answers it, which
    refuses the first photo: D is asked again, and its right photo is taken. The corner
    photo's three faces are judged together, never kept as one face that a later answer could
    refuse (keeping it broke the next answer with an unpacking error)."""
    start, moves, expected = plan
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path / "home"))
    photos = {f: str(_photo(tmp_path, expected, f)) for f in FACES}
    img, _ = render_cache.corner_photo(expected.faces(), "A", seed=6, style="white")
    cv2.imwrite(str(tmp_path / "A.png"), img)
    prompts: list[str] = []

    def ask(prompt: str, prefill: str = "") -> str:
        prompts.append(prompt[0])
        return {1: photos["U"], 2: f"A={tmp_path / 'A.png'}"}.get(len(prompts),
                                                                    photos[prompt[0]])

    cursor = GuideCursor(steps_from_moves(start, moves), start, remember=False, position=DONE)
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    line = check_cube(cursor, console, ask)
    text = one_line(console.export_text())
    assert prompts[0] == "D" and prompts[2:] == ["D"], (prompts, text)
    assert "Retake the photo of face D" in text, text
    assert line == "The cube matches the plan at this step.", line


def _turn_and_slip(start, moves):
    """The cube picked up turned before step 8 (tipped round R's axis, the top face brought to
    the front) and step 10 then turned the wrong way."""
    held = next(s for s, _, _ in step_slips(8, moves[7]) if s.kind == "held")
    wrong = next(s for s, _, _ in step_slips(10, moves[9]) if s.kind == "direction")
    return slipped_state(start, moves, DONE, [held, wrong])


def test_a_whole_cube_turn_and_a_slip_are_not_believed_from_one_face(plan):
    """Two unlikely things at once fit one face's nine stickers too easily: no face alone
    finds them (the old check did, from F), each asks for another face, and with it the two
    slips are found."""
    start, moves, _ = plan
    real = _turn_and_slip(start, moves)
    for face in FACES:
        v = find_slip(start, moves, DONE, {face: certain(real.face(face))})
        assert v.outcome == "ambiguous", (face, v.outcome, v.best)
        if len(v.candidates) == 1 and not v.looks_like:
            assert turn_and_slip(v.candidates[0].slips), v.candidates
            said = v.message()
            assert "takes a whole-cube turn and another slip" in said and "to be sure" in said
    v = find_slip(start, moves, DONE, {"F": certain(real.face("F"))})
    both = {"F": certain(real.face("F")), v.ask_face: certain(real.face(v.ask_face))}
    found = find_slip(start, moves, DONE, both)
    assert found.outcome == "found" and found.best.state == real, found.outcome
    assert turn_and_slip(found.best.slips)


def test_a_cube_held_turned_is_still_found_from_one_face(plan):
    """Picked up turned before step 8 (tipped round R's axis) and held so: F looks like no
    face of the plan's cube, and finds the turn alone, as before."""
    start, moves, _ = plan
    held = next(s for s, _, _ in step_slips(8, moves[7]) if s.kind == "held")
    real = slipped_state(start, moves, DONE, [held])
    v = find_slip(start, moves, DONE, {"F": certain(real.face("F"))})
    assert v.outcome == "found" and v.best.slips == (held,), (v.outcome, v.candidates)


def test_one_face_doubts_mark_the_states_one_face_leaves_open(plan):
    """The first look counts no state as settled by a face that leaves it in doubt: every
    face, for a whole-cube turn with a slip; every face for the cube turned round R's axis
    before step 10 (the plan's cube, held otherwise: four faces show another face of it, R
    and L themselves turned); face R alone for R turned the wrong way (it shows R as a photo
    taken turned would); none for the plan's cube."""
    start, moves, _ = plan
    batch = candidates(start, moves, DONE, 5)
    keys = look_key(batch.digits, batch.rots, CubeSettings())
    doubts = one_face_doubts(keys, batch.slips)
    assert not doubts[0].any()
    rows = {slips: k for k, slips in enumerate(batch.slips)}
    wrong = next(s for s, _, _ in step_slips(10, moves[9]) if s.kind == "direction")
    assert doubts[rows[(wrong,)]].tolist() == [f == "R" for f in FACES]
    pairs = [k for k, s in enumerate(batch.slips) if turn_and_slip(s)]
    assert pairs and doubts[pairs].all()
    same = [k for k, s in enumerate(batch.slips) if len(s) == 1 and s[0].kind == "held"
            and s[0].step == DONE and rotated_face(s[0].rotation, "R") == "R"]
    assert len(same) == 3 and doubts[same].all(), doubts[same]


def test_a_photo_of_the_face_asked_taken_turned_asks_for_a_second_face(plan, tmp_path, capsys,
                                                                     monkeypatch):
    """Face U photographed a quarter turn round, with the next step a turn of U: its nine
    stickers are just what that turn, made ahead of the guide, would show, and the check
    answered "Found the slip: step 11 (U) was already made" with a new plan (exit 0) from a
    photo held turned. The photo taken turned is now weighed against that slip: the check
    says so and asks for a second face (exit 3); that face, shown right, leaves no slip, and
    the photo of U is refused as taken turned, with how to take it again (exit 2)."""
    start, moves, expected = plan
    assert str(moves[DONE]) == "U"
    right = _photo(tmp_path, expected, "U")
    turned = tmp_path / "turned" / "photo.png"
    turned.parent.mkdir()
    cv2.imwrite(str(turned), cv2.rotate(cv2.imread(str(right)), cv2.ROTATE_90_CLOCKWISE))
    code, out, err = _check(tmp_path, capsys, monkeypatch, start, moves, "--photo", f"U={turned}")
    said = one_line(out)
    assert code == 3 and "Found the slip" not in said and "New plan" not in said, (code, said)
    assert ("What was shown for the face with centre 8 (U) looks like that face as the plan "
            "has it, turned: it may have been photographed (or typed) with the cube or the "
            "phone held turned. Otherwise this explanation fits: 1. step 11 (U) was already "
            "made" in said)
    code, out, err = _check(tmp_path, capsys, monkeypatch, start, moves,
                            "--photo", f"U={turned}", "--json")
    res = json.loads(out)
    assert res["looks_like"] == {"face": "U", "other": "U"}, res
    second = res["ask_face"]
    code, out, err = _check(tmp_path, capsys, monkeypatch, start, moves, "--photo", f"U={turned}",
                            "--photo", f"{second}={_photo(tmp_path, expected, second)}")
    assert code == 2 and out == "", (code, out, err)
    assert (f"{turned}: the photo given for face U looks like that face as the plan has it, "
            "but turned, while the other faces shown look as planned" in err and "Retake the "
            "photo of face U, the phone upright: hold the cube with centre 8 towards the "
            "camera (U)" in err), err


def test_no_slip_fits_says_a_face_looks_like_another(plan, tmp_path, capsys, monkeypatch):
    """Face D's tokens typed for F (both centres are 9s): no slip explains them with U, and
    the words say that F as shown looks like D."""
    start, moves, expected = plan
    tokens = {f: " ".join(s.token for s in expected.face(f)) for f in "DU"}
    code, out, err = _check(tmp_path, capsys, monkeypatch, start, moves,
                            "--tokens", f"F={tokens['D']}", "--tokens", f"U={tokens['U']}")
    said = one_line(out)
    assert code == 4 and said.startswith("No likely slip explains these faces"), (said, err)
    assert ("What was shown for the front face (F, centre 9) looks like the bottom face (D, "
            "centre 9) as the plan has it: it may be that face, shown by mistake." in said), said


def test_the_words_name_no_centre_where_the_two_faces_share_its_digit():
    """Where the face seen and the face it looks like carry the same centre digit, "shows
    centre 8" would not tell them apart (it reads as the right centre): the words leave it
    out, and keep it where the digits differ."""
    from sudoku_cube.models.cube.face_words import centre
    from sudoku_cube.models.generator.cube3 import make_puzzle
    from sudoku_cube.models.slips.find import Verdict

    cube = make_puzzle(3, 20).state
    pairs = [(a, b) for a in FACES for b in FACES if a != b]
    same = next((a, b) for a, b in pairs if centre(cube, a).digit == centre(cube, b).digit)
    other = next((a, b) for a, b in pairs if centre(cube, a).digit != centre(cube, b).digit)
    said = Verdict("none", looks_like=same).message(cube)
    assert "looks like" in said and "shows centre" not in said, said
    said = Verdict("none", looks_like=other).message(cube)
    digit = centre(cube, other[1]).digit
    assert f"shows centre {digit} and looks like" in one_line(said), said


def test_a_face_a_slip_out_of_reach_turned_is_not_refused_as_taken_turned(plan, tmp_path,
                                                                           capsys, monkeypatch):
    """D turned once more than the plan says, photographed as asked: the face looks like D's
    photo taken turned, but it is the cube that is turned, so refusing the photo would refuse
    every retake. Alone, no slip fits and the words say the photo may be turned (exit 4);
    beside a face that does not look as planned either, the guide asks on and never refuses
    it."""
    start, moves, expected = plan
    real = expected.apply(parse_moves("D"))
    code, out, err = _check(tmp_path, capsys, monkeypatch, start, moves,
                            "--photo", f"D={_photo(tmp_path, real, 'D')}")
    said = one_line(out)
    assert code != 2 and "Retake" not in err, (code, said, err)

    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path / "home"))
    real = expected.apply(parse_moves("D U"))
    photos = {f: str(_photo(tmp_path, real, f)) for f in FACES}
    prompts: list[str] = []

    def ask(prompt: str, prefill: str = "") -> str:
        prompts.append(prompt[0])
        return photos[prompt[0]] if len(prompts) < 6 else "q"

    cursor = GuideCursor(steps_from_moves(start, moves), start, remember=False, position=DONE)
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    line = check_cube(cursor, console, ask)
    text = one_line(console.export_text())
    assert "Retake the photo" not in text, text
    assert len(prompts) == len(set(prompts)) < 6, prompts  # no face asked for twice
    assert "Found the slip" not in text + line, (text, line)
