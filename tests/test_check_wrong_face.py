"""A check refuses a face photo whose centre, read surely, is not the centre of the face it was
given for: centres never move, so it shows another face (named by its centre) or another cube.
It says so, with how to retake it, before any slip (exit 2), in ``check`` and in the guide's
``c`` key alike; a centre read with doubt is never refused on. Where no slip fits a check of a
photo folder's cube, the photos are taken and read again (not only ``scan``). A corner photo
and typed tokens are refused for their centres the same way, in their own words. Where no slip
fits, the words say which steps were searched."""
from __future__ import annotations

import io
import random
import shutil
from pathlib import Path

import cv2
import pytest
from rich.console import Console

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.commands import check
from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
from sudoku_cube.assistant.terminal.guide_check import check_cube
from sudoku_cube.models.cube.face_words import centre, digit_words
from sudoku_cube.models.cube.moves import invert_moves, parse_moves, simplify
from sudoku_cube.models.cube.state_format import parse_state
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.slips.find import find_slip
from sudoku_cube.models.slips.kinds import random_slip
from sudoku_cube.models.slips.looks import certain
from sudoku_cube.models.slips.replay import slipped_state
from tests.conftest import one_line

CUBES = Path(__file__).resolve().parents[1] / "samples" / "cubes"
BLACK = CUBES / "09-black"
PLAN = ("U' B D2 L U' R F2 U2 R' B' U B L2 F2 R2 U2 D R2 F2 U' L2 U2 L2 D")
"""The plan `solve` makes for the photos of 09-black (centre 5 on F, 4 on U)."""


def _check(state: Path, *args: str) -> list[str]:
    return ["check", str(state), "--moves", PLAN, "--step", "0", *args]


def test_a_photo_of_the_top_face_given_as_f_is_named_and_refused(capsys):
    code = main(_check(BLACK, "--photo", f"F={BLACK / 'U.jpg'}"))
    out = capsys.readouterr()
    err = one_line(out.err)
    assert code == 2 and out.out == "", out.out
    words = err.replace(str(BLACK), "")  # the checkout's own path may hold any word
    assert "Traceback" not in words and "slip" not in words, err
    assert f"{BLACK / 'U.jpg'}: the photo given for face F shows centre 4" in err, err
    assert "the centre of face F is 5" in err
    assert "it seems to show the face with centre 4 (U) instead" in err
    assert "Retake the photo of face F: hold the cube with centre 5 towards the camera" in err


def test_a_photo_of_another_cube_is_refused(capsys):
    code = main(_check(BLACK, "--photo", f"F={CUBES / '01-easy' / 'F.jpg'}"))
    out = capsys.readouterr()
    err = one_line(out.err)
    assert code == 2 and out.out == "", out.out
    assert "the photo given for face F shows centre 2" in err, err
    assert "no face of this cube has centre 2: it seems to be a photo of another cube" in err
    assert "Retake the photo of face F" in err and "Traceback" not in err


def test_the_right_photo_still_checks(capsys):
    code = main(_check(BLACK / "truth.json", "--photo", f"F={BLACK / 'F.jpg'}"))
    out = capsys.readouterr()
    assert code == 0 and "The cube matches the plan at this step." in out.out, out


def _doubtful_centre(face: str, digit: int):
    """``photo_cells`` standing in for a reader: the true stickers of ``face`` of 09-black,
    sure, but the centre read as ``digit`` with doubt (a close runner-up)."""
    truth = parse_state((BLACK / "truth.json").read_text())
    right = truth.face(face)[4]

    def read(_face, _path, _reader=None):
        cells = [(Hypothesis(s, 0.99),) for s in truth.face(face)]
        cells[4] = (Hypothesis(Sticker(digit, 0), 0.6), Hypothesis(right, 0.55))
        return tuple(cells)
    return read


def test_a_doubtful_centre_is_not_refused(capsys, monkeypatch):
    """Face F read with its centre 5 doubtfully taken for a 4: the check goes on (and finds
    the cube as planned); the top face photographed as F, its centre 4 doubtful: no refusal,
    no slip fits, and a photo folder's cube is read again from new photos."""
    monkeypatch.setattr(check, "photo_cells", _doubtful_centre("F", 4))
    code = main(_check(BLACK / "truth.json", "--photo", f"F={BLACK / 'F.jpg'}"))
    out = capsys.readouterr()
    assert code == 0 and "matches the plan" in out.out, out
    monkeypatch.setattr(check, "photo_cells", _doubtful_centre("U", 4))
    code = main(_check(BLACK, "--photo", f"F={BLACK / 'U.jpg'}"))
    out = capsys.readouterr()
    said = one_line(out.out)
    assert code == 4 and said.startswith("No likely slip explains this face"), out
    assert (f"take the photos in {BLACK} again and read them (sudoku-cube solve {BLACK})"
            in said), said
    assert "sudoku-cube scan" not in said


@pytest.mark.parametrize("first", ["U", "01-easy"])
def test_the_guide_check_refuses_the_wrong_photo_and_asks_again(first, tmp_path, monkeypatch,
                                                                first_look_as_told):
    """The guide's ``c`` asks for the right face (R) first (the first step turns U, which a
    photo of U held turned cannot tell from a U made already): a photo named F.jpg of the top
    face (or of another cube) is read as face F, refused for its centre, and face R asked for
    again, the path offered again; the right photo then checks."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    wrong = tmp_path / "F.jpg"
    shutil.copy(BLACK / "U.jpg" if first == "U" else CUBES / "01-easy" / "F.jpg", wrong)
    answers = iter([str(wrong), str(BLACK / "R.jpg")])
    prompts: list[tuple[str, str]] = []

    def ask(prompt: str, prefill: str = "") -> str:
        prompts.append((prompt, prefill))
        return next(answers)

    start = parse_state((BLACK / "truth.json").read_text())
    cursor = GuideCursor(steps_from_moves(start, parse_moves(PLAN)), start, remember=False,
                         position=0)
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    line = check_cube(cursor, console, ask)
    text = one_line(console.export_text())
    centre = "4" if first == "U" else "2"
    assert (f"{wrong}: named after face F, the photo is read as face F, but it shows centre "
            f"{centre}, and the centre of face F is 5" in text), text
    assert "The check asks for face R: hold the cube with centre 9 towards the camera" in text
    assert len(prompts) == 2 and prompts[1][0].startswith("R, "), prompts  # R asked again
    assert prompts[1][1] == str(wrong), prompts  # the path offered again to mend
    assert line == "The cube matches the plan at this step.", line

TRUTH = parse_state((BLACK / "truth.json").read_text())


def _sure(stickers) -> tuple:
    """Cells read surely as ``stickers``."""
    return tuple((Hypothesis(s, 0.99),) for s in stickers)


def _held_turned(done: int = 1):
    """The cube after ``done`` steps of the plan, picked up turned before step 1 and held that
    way, as the slip finder replays it: its face F shows the centre of the face that was up."""
    from sudoku_cube.models.cube.state import CubeState
    from sudoku_cube.models.slips.replay import candidates

    moves = parse_moves(PLAN)
    batch = candidates(TRUTH.without_candidates(), tuple(moves), done, 1)
    for k, slips in enumerate(batch.slips):
        if len(slips) == 1 and slips[0].kind == "held" and slips[0].rotation == 1:
            real = CubeState(tuple(Sticker(int(d), int(r))
                                   for d, r in zip(batch.digits[k], batch.rots[k])))
            assert centre(real, "F").digit == centre(TRUTH, "U").digit  # another face's centre
            return real
    raise AssertionError("no cube held turned among the slips")


def test_a_cube_held_turned_explains_another_faces_centre(capsys, monkeypatch):
    """A photo of F whose sure centre is the top face's is no wrong photo where the cube was
    picked up turned and the whole reading fits that: the check names that slip (exit 0), in
    ``check`` and in the guide's ``c`` alike."""
    real = _held_turned()
    monkeypatch.setattr(check, "photo_cells", lambda *_: _sure(real.face("F")))
    code = main(["check", str(BLACK / "truth.json"), "--moves", PLAN, "--step", "1",
                 "--photo", f"F={BLACK / 'F.jpg'}"])
    out = capsys.readouterr()
    said = one_line(out.out)
    assert code == 0 and "centres never move" not in out.err, out
    assert "the whole cube was turned and held that way" in said, said


def test_the_guide_check_takes_a_cube_held_turned_as_that_slip(tmp_path, monkeypatch):
    from sudoku_cube.assistant.terminal import guide_check

    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    real = _held_turned()
    monkeypatch.setattr(guide_check, "photo_cells", lambda *_: _sure(real.face("F")))
    photo = tmp_path / "F.jpg"
    photo.write_bytes(b"")
    cursor = GuideCursor(steps_from_moves(TRUTH, parse_moves(PLAN)), TRUTH, remember=False,
                         position=1)
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    answers = iter([str(photo)])
    line = check_cube(cursor, console, lambda prompt, prefill="": next(answers))
    text = one_line(console.export_text() + " " + line)
    assert "centres never move" not in text, text
    assert "the whole cube was turned and held that way" in text, text


def _asked_first() -> str:
    """The face the guide's check asks for first at step 0 of the plan (by its own first
    look, as a test may have set it)."""
    from sudoku_cube.assistant.terminal import guide_check

    return guide_check.first_look(TRUTH, parse_moves(PLAN), 0, shown_made=True).face


def test_the_guide_names_the_face_it_asked_for_not_the_files(tmp_path, monkeypatch,
                                                             first_look_as_told):
    """A photo named after another face than the one asked for is read as that face; where
    its centre is neither that face's nor the one asked for's, the refusal asks again for the
    face asked for, not the file's; where its centre is the face asked for's, it answers the
    question."""
    from sudoku_cube.assistant.terminal import guide_check

    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    asked = _asked_first()
    named, shown = [f for f in "URFDLB" if f != asked][:2]
    wrong, right = tmp_path / "wrong" / f"{named}.jpg", tmp_path / "right" / f"{named}.jpg"
    for p in (wrong, right):
        p.parent.mkdir()
        p.write_bytes(b"")
    faces = {str(wrong): shown, str(right): asked}
    monkeypatch.setattr(guide_check, "photo_cells",
                        lambda _face, path, _reader=None: _sure(TRUTH.face(faces[str(path)])))
    cursor = GuideCursor(steps_from_moves(TRUTH, parse_moves(PLAN)), TRUTH, remember=False,
                         position=0)
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    answers = iter([str(wrong), str(right)])
    prompts: list[str] = []

    def ask(prompt: str, prefill: str = "") -> str:
        prompts.append(prompt)
        return next(answers)

    line = check_cube(cursor, console, ask)
    text = one_line(console.export_text())
    assert f"{wrong}: named after face {named}, the photo is read as face {named}" in text, text
    assert f"The check asks for face {asked}: hold the cube with centre" in text, text
    assert f"Retake the photo of face {named}" not in text
    assert text.count("the face asked for.") == 1, text  # the right photo's reading is said
    assert (f"{named}.jpg shows centre {digit_words(centre(TRUTH, asked))}: read as face "
            f"{asked}, the face asked for." in text), text
    assert [p[0] for p in prompts] == [asked, asked], prompts
    assert line == "The cube matches the plan at this step.", line


def test_a_cube_held_turned_keeps_the_files_face(tmp_path, monkeypatch):
    """A photo named after another face than the one asked for, whose centre is the face
    asked for's, is of the file's face where the cube was picked up turned and is held that
    way, the centre brought there: each such hold of 09-black one step into the plan is found
    as that slip, none read as the face asked for (which would match the plan, or no slip)."""
    from sudoku_cube.assistant.terminal import guide_check
    from sudoku_cube.models.cube.state import CubeState
    from sudoku_cube.models.slips.first_look import first_look
    from sudoku_cube.models.slips.replay import candidates

    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    moves = parse_moves(PLAN)
    asked = first_look(TRUTH, moves, 1).face
    batch = candidates(TRUTH.without_candidates(), tuple(moves), 1, 1)
    held = []
    for k, slips in enumerate(batch.slips):
        if len(slips) == 1 and slips[0].kind == "held":
            real = CubeState(tuple(Sticker(int(d), int(r))
                                   for d, r in zip(batch.digits[k], batch.rots[k])))
            shows = next(f for f in "URFDLB"
                         if centre(real, f).digit == centre(TRUTH, asked).digit)
            if shows != asked:
                held.append((real, shows))
    assert len(held) >= 4, held  # the asked face's centre brought to several other faces
    for n, (real, shows) in enumerate(held):
        photo = tmp_path / str(n) / f"{shows}.jpg"
        photo.parent.mkdir()
        photo.write_bytes(b"")
        monkeypatch.setattr(guide_check, "photo_cells",
                            lambda *_a, real=real, shows=shows: _sure(real.face(shows)))
        cursor = GuideCursor(steps_from_moves(TRUTH, moves), TRUTH, remember=False, position=1)
        console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
        answers = iter([str(photo), "q", "q"])
        line = check_cube(cursor, console, lambda prompt, prefill="": next(answers))
        text = one_line(console.export_text() + " " + line)
        assert "the whole cube was turned and held that way" in text, (shows, text)
        assert "the face asked for." not in text, (shows, text)


def _another_cubes_centre(face: str):
    """Cells of ``face`` of 09-black read surely, the centre a digit no face of it has (a
    photo of another cube)."""

    centres = {centre(TRUTH, f).digit for f in "URFDLB"}
    digit = next(d for d in (1, 2, 3, 4, 5, 7, 8) if d not in centres)
    cells = list(_sure(TRUTH.face(face)))
    cells[4] = (Hypothesis(Sticker(digit, 0), 0.99),)
    return tuple(cells), digit


def _no_search(*_args, **_kw):
    raise AssertionError("the slip search ran before the photo was refused")


def test_a_photo_of_another_cube_is_refused_before_any_slip_search(capsys, monkeypatch):
    """No hold of the cube shows a centre that none of its faces has: the photo is refused
    before the slips are searched, in ``check`` and in the guide's ``c``."""
    from sudoku_cube.assistant.terminal import guide_check

    cells, digit = _another_cubes_centre("F")
    monkeypatch.setattr(check, "photo_cells", lambda *_: cells)
    monkeypatch.setattr(check, "find_slip", _no_search)
    code = main(_check(BLACK / "truth.json", "--photo", f"F={BLACK / 'F.jpg'}"))
    err = one_line(capsys.readouterr().err)
    assert code == 2 and f"no face of this cube has centre {digit}" in err, err

    asked = _asked_first()
    cells, digit = _another_cubes_centre(asked)
    monkeypatch.setattr(guide_check, "photo_cells", lambda *_: cells)
    monkeypatch.setattr(guide_check, "find_slip", _no_search)
    cursor = GuideCursor(steps_from_moves(TRUTH, parse_moves(PLAN)), TRUTH, remember=False,
                         position=0)
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    answers = iter([str(BLACK / f"{asked}.jpg"), "q"])
    line = check_cube(cursor, console, lambda prompt, prefill="": next(answers))
    text = one_line(console.export_text())
    assert f"the photo given for face {asked} shows centre {digit}" in text, text
    assert line == "Check cancelled."


C1_A = Path(__file__).resolve().parents[1] / "samples" / "corners" / "c1-plain" / "A.jpg"


def _guide_text(monkeypatch, tmp_path, answers: list[str], position: int = 0) -> tuple[str, str]:
    """The guide's ``c`` at ``position`` of the plan on 09-black, answered with ``answers``:
    what it printed and the line it returned."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    cursor = GuideCursor(steps_from_moves(TRUTH, parse_moves(PLAN)), TRUTH, remember=False,
                         position=position)
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    given = iter(answers)
    line = check_cube(cursor, console, lambda prompt, prefill="": next(given))
    return one_line(console.export_text()), line


@pytest.mark.parametrize("position, corner", [(0, False), (3, True)])
def test_a_photo_taken_from_the_camera_is_named_so_not_as_a_file(position, corner, tmp_path,
                                                                 monkeypatch, first_look_as_told):
    """A photo the guide's ``c`` takes on Enter has no file: its refusal names it as the prompt
    does ("corner photo A from the camera"), not "the camera: corner photo A"."""
    from sudoku_cube.assistant.terminal import guide_check

    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    monkeypatch.setattr(guide_check, "find_slip", _no_search)
    cursor = GuideCursor(steps_from_moves(TRUTH, parse_moves(PLAN)), TRUTH, remember=False,
                         position=position)
    cube = cursor.state()

    def capture(face, *_):
        faces = "UFR" if face == "A" else face
        shown = {f: _sure(cube.face(f)) for f in faces}
        shown["F" if face == "A" else face] = _another_cubes_centre("F" if corner else face)[0]
        return shown

    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    given = iter(["", "q"])
    line = check_cube(cursor, console, lambda prompt, prefill="": next(given), capture=capture,
                      source="the camera")
    text = one_line(console.export_text())
    assert line == "Check cancelled." and "the camera:" not in text, text
    if corner:
        assert "Enter to take corner photo A from the camera" in text, text
        assert "corner photo A from the camera shows centres" in text, text
    else:
        asked = _asked_first()
        assert f"the photo taken for face {asked} from the camera shows centre" in text, text


def test_a_corner_photo_of_another_corner_is_refused_for_its_centres(capsys):
    """Corner photo A of another cube whose centres this cube has on other faces: no slip
    explains them, and the refusal names the centres shown and those of U, F and R."""
    code = main(_check(BLACK / "truth.json", "--corner", f"A={C1_A}"))
    out = capsys.readouterr()
    err = one_line(out.err)
    assert code == 2 and out.out == "", out
    assert (f"{C1_A}: corner photo A shows centres 9, 8 and 4 where this cube's U, F and R "
            "show 4, 5 and 9, and centres never move; of those centres 9 is R's, 8 is L's or "
            "B's and 4 is U's" in err), err
    assert "Retake corner photo A: hold the cube with centre 5 towards you" in err
    assert "No likely slip" not in err + out.out and "Traceback" not in err


def test_a_corner_photo_of_another_cube_is_refused_before_any_search(capsys, monkeypatch,
                                                                     tmp_path):
    """A corner photo one of whose centres no face of the cube has is refused before the slip
    search, in ``check`` and in the guide's ``c`` (which then asks again)."""
    from sudoku_cube.assistant.terminal import guide_check

    cells, digit = _another_cubes_centre("F")
    faces = {"U": _sure(TRUTH.face("U")), "F": cells, "R": _sure(TRUTH.face("R"))}
    monkeypatch.setattr(check, "corner_cells", lambda *_a, **_k: faces)
    monkeypatch.setattr(check, "find_slip", _no_search)
    code = main(_check(BLACK / "truth.json", "--corner", str(C1_A)))
    err = one_line(capsys.readouterr().err)
    assert code == 2, err
    assert (f"corner photo A shows centres 4, {digit} and 9 where this cube's U, F and R show "
            f"4, 5 and 9, and centres never move; no face of this cube has centre {digit}"
            in err), err

    monkeypatch.setattr(guide_check, "corner_cells", lambda *_a, **_k: faces)
    monkeypatch.setattr(guide_check, "find_slip", _no_search)
    text, line = _guide_text(monkeypatch, tmp_path, [f"A={C1_A}", "q"])
    assert f"{C1_A}: corner photo A shows centres 4, {digit} and 9" in text, text
    assert line == "Check cancelled."


def test_no_slip_for_a_corner_photo_speaks_of_the_photo():
    from sudoku_cube.models.slips.find import Verdict

    photo = Verdict("none", shown=("U", "R", "F")).message(photo="corner photo A")
    assert photo.startswith("No likely slip explains this photo:"), photo
    assert "Check that corner photo A shows the corner asked for" in photo
    faces = Verdict("none", shown=("U", "F")).message()
    assert faces.startswith("No likely slip explains these faces:"), faces
    assert "Check that each face was shown the right way up" in faces
    assert Verdict("none", shown=("F",)).message().startswith("No likely slip explains this "
                                                               "face:")


def test_no_slip_fits_says_which_steps_were_searched():
    """One slip made at step 1 and checked at step 7 lies outside the steps searched (the
    last 5): the words said the cube was further from the plan than any one or two mistakes;
    they now name the steps searched. Where every step made was searched they are as
    before."""
    pz = make_puzzle(21, 20)
    moves = simplify(invert_moves(pz.scramble))
    slip = random_slip(random.Random(1), 1, moves[0], "direction")
    real = slipped_state(pz.state, moves, 7, [slip])
    seen = {f: certain(real.face(f)) for f in "URF"}
    verdict = find_slip(pz.state, moves, 7, seen)
    assert verdict.outcome == "none", verdict.outcome
    said = verdict.message()
    assert ("further from the plan than one or two mistakes in the last 5 steps (3 to 7) "
            "would leave it; a mistake before step 3 is not looked for." in said), said
    other = make_puzzle(999, 20).state  # where all 3 steps made were searched: as before
    early = find_slip(pz.state, moves, 3, {f: certain(other.face(f)) for f in "URF"})
    assert early.outcome == "none", early.outcome
    assert "than one or two mistakes. Check that" in early.message(), early.message()


def _tokens(face: str, cube=TRUTH) -> str:
    return " ".join(s.token for s in cube.face(face))


def test_tokens_typed_off_another_face_are_refused(capsys, monkeypatch, tmp_path):
    """Face F's tokens typed for U: refused by their centre (exit 2), in ``check`` and in the
    guide's ``c``, which asks for the face again with the line to mend."""
    got = TRUTH.face("F")[4].token
    code = main(_check(BLACK / "truth.json", "--tokens", f"U={_tokens('F')}"))
    out = capsys.readouterr()
    err = one_line(out.err)
    assert code == 2 and out.out == "", out
    assert (f"The tokens typed for face U have centre {got}, but the centre of face U is 4, "
            "and centres never move; did you type face F's?" in err), err

    asked = _asked_first()
    other = next(f for f in "URFDLB" if f != asked)
    text, line = _guide_text(monkeypatch, tmp_path, [_tokens(other), "q"])
    assert (f"The tokens typed for face {asked} have centre {TRUTH.face(other)[4].token}"
            in text), text
    assert f"did you type face {other}'s?" in text and line == "Check cancelled."


def test_tokens_of_a_cube_held_turned_are_that_slip(capsys):
    real = _held_turned()
    code = main(["check", str(BLACK / "truth.json"), "--moves", PLAN, "--step", "1",
                 "--tokens", f"F={_tokens('F', real)}"])
    out = capsys.readouterr()
    assert code == 0 and "centres never move" not in out.err, out
    assert "the whole cube was turned and held that way" in one_line(out.out), out.out


def test_the_guide_says_a_photo_was_checked_as_the_face_of_its_name(tmp_path, monkeypatch):
    """A photo named after another face than the one asked for, showing that face: checked
    as that face, and said so in one line."""
    from sudoku_cube.assistant.terminal import guide_check

    asked = _asked_first()
    named = next(f for f in "URFDLB" if f != asked)
    photo = tmp_path / f"{named}.jpg"
    photo.write_bytes(b"")
    monkeypatch.setattr(guide_check, "photo_cells", lambda *_a: _sure(TRUTH.face(named)))
    text, line = _guide_text(monkeypatch, tmp_path, [str(photo)])
    assert f"{named}.jpg is checked as face {named}, by its name." in text, text
    assert line == "The cube matches the plan at this step.", line


def _check_corner(monkeypatch, capsys, faces, letter="A", step=0):
    """``check`` at ``step`` of a corner photo whose faces read as ``faces`` (no photo is
    read)."""
    monkeypatch.setattr(check, "corner_cells", lambda *_a, **_k: faces)
    code = main(["check", str(BLACK / "truth.json"), "--moves", PLAN, "--step", str(step),
                 "--corner", f"{letter}=x.jpg"])
    out = capsys.readouterr()
    return code, one_line(out.out), one_line(out.err)


def test_a_right_corner_photo_with_one_centre_misread_surely_is_not_refused(monkeypatch,
                                                                          capsys):
    """Its other stickers match the plan, so the centre alone is misread: no refusal."""
    front = list(_sure(TRUTH.face("F")))
    front[4] = (Hypothesis(Sticker(9, 0), 0.99),)  # F's centre is 5; 9 is R's
    code, out, err = _check_corner(monkeypatch, capsys, {
        "U": _sure(TRUTH.face("U")), "F": tuple(front), "R": _sure(TRUTH.face("R"))})
    assert code == 0 and "corner photo A shows centres" not in err, (out, err)


def test_a_corner_refusal_claims_nothing_from_a_centre_read_with_doubt():
    """A doubtful centre shows as "?": the refusal's words rest on the sure centres alone."""
    from sudoku_cube.assistant.services.wrong_centres import wrong_corner_error

    front = list(_sure(TRUTH.face("F")))
    front[4] = (Hypothesis(Sticker(7, 0), 0.6), Hypothesis(centre(TRUTH, "F"), 0.55))
    right = list(_sure(TRUTH.face("R")))
    right[4] = (Hypothesis(Sticker(4, 0), 0.99),)  # U's centre
    err = one_line(str(wrong_corner_error("A", "x.jpg", {
        "U": _sure(TRUTH.face("U")), "F": tuple(front), "R": tuple(right)}, TRUTH)))
    assert "corner photo A shows centres 4, ? and 4" in err, err
    assert "another cube" not in err and "4 is U's" in err, err


@pytest.mark.parametrize("given, other", [("A", "B"), ("B", "A")])
def test_the_other_corner_photo_given_is_named_as_that_photo(given, other):
    """Corner photo B given as A (or A as B): its faces show the other photo's centres where
    that photo shows them, so the refusal says which photo it is and how to give it."""
    from sudoku_cube.assistant.services.wrong_centres import CORNER_FACES, wrong_corner_error

    shown = {f: _sure(TRUTH.face(o)) for f, o in zip(CORNER_FACES[given], CORNER_FACES[other])}
    err = one_line(str(wrong_corner_error(given, "x.jpg", shown, TRUTH)))
    assert (f"it seems to be corner photo {other}, so give it as corner photo {other} "
            f"({other}=PATH)") in err, err


@pytest.mark.parametrize("letter", ["A", "B"])
def test_a_corner_photo_of_a_cube_held_turned_is_the_slip_not_refused(monkeypatch, capsys,
                                                                      letter):
    """Its faces show other faces' centres, which the cube picked up turned explains: the
    check names that slip instead of refusing the photo."""
    real = _held_turned()
    faces = {f: _sure(real.face(f)) for f in ("UFR" if letter == "A" else "DLB")}
    code, out, err = _check_corner(monkeypatch, capsys, faces, letter, step=1)
    assert code == 0 and "corner photo" not in err, (out, err)
    assert "the whole cube was turned and held that way" in out, out


def test_the_guide_check_takes_a_photo_taken_turned_for_no_slip(tmp_path, monkeypatch,
                                                                first_look_as_told):
    """The guide's ``c`` at step 1 (U') asks for R; its photo taken a quarter turn round looks
    just like R turned instead of U', and the guide found that slip and switched to a new plan
    from a cube never turned. Now the photo taken turned stays a candidate: the guide says so
    and asks for a second face; U, shown right, leaves no slip, so the photo of R is refused
    as taken turned and R asked for again; taken as asked, the cube matches the plan."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    turned = tmp_path / "photo.jpg"
    photo = cv2.imread(str(BLACK / "R.jpg"))
    cv2.imwrite(str(turned), cv2.rotate(photo, cv2.ROTATE_90_CLOCKWISE))
    answers = iter([str(turned), str(BLACK / "U.jpg"), str(BLACK / "R.jpg")])
    prompts: list[str] = []

    def ask(prompt: str, prefill: str = "") -> str:
        prompts.append(prompt)
        return next(answers)

    start = parse_state((BLACK / "truth.json").read_text())
    moves = parse_moves(PLAN)
    cursor = GuideCursor(steps_from_moves(start, moves), start, remember=False, position=0)
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    line = check_cube(cursor, console, ask)
    text = one_line(console.export_text())
    assert [p[0] for p in prompts] == ["R", "U", "R"], prompts
    assert "Found the slip" not in text + line, (text, line)
    assert ("What was shown for the face with centre 9 (R) looks like that face as the plan has "
            "it, turned: it may have been photographed (or typed) with the cube or the phone "
            "held turned. Otherwise this explanation fits: 1. step 1 (U'): the right face was "
            "turned" in text)
    assert (f"{turned}: the photo given for face R looks like that face as the plan has it, but "
            "turned, while the other faces shown look as planned: it seems to have been taken "
            "with the cube or the phone held turned. Retake the photo of face R, the phone "
            "upright: hold the cube with centre 9 towards the camera (R) and centre 4 at the "
            "top (U)." in text), text
    assert line == "The cube matches the plan at this step.", line
    assert [s.move for s in cursor.steps] == list(moves) and cursor.position == 0


def test_a_refused_answer_is_told_to_the_companion_as_the_terminal_says_it(monkeypatch,
                                                                          tmp_path):
    """The phone is the person's screen in ``serve``: a photo (here tokens) the check refuses
    for its centre is told to it in the terminal's words, then the check asks again."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    asked = _asked_first()
    other = next(f for f in "URFDLB" if f != asked)
    cursor = GuideCursor(steps_from_moves(TRUTH, parse_moves(PLAN)), TRUTH, remember=False,
                         position=0)
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    given, told = iter([_tokens(other), "q"]), []
    line = check_cube(cursor, console, lambda prompt, prefill="": next(given), told=told.append)
    assert line == "Check cancelled." and len(told) == 1, told
    assert told[0].startswith(f"The tokens typed for face {asked} have centre"), told
    assert one_line(told[0]) in one_line(console.export_text())


@pytest.mark.parametrize("retake_there", [True, False])
def test_a_phone_photo_refused_is_asked_of_the_phone_again_at_once(retake_there, tmp_path,
                                                                   monkeypatch,
                                                                   first_look_as_told):
    """On the phone page a check's photo refused for what it shows (here another face's
    centre) left the page saying "retake" with no button until Enter at the computer: the
    phone (a source that retakes there) is asked again at once; a camera still waits for
    Enter, as before."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    cursor = GuideCursor(steps_from_moves(TRUTH, parse_moves(PLAN)), TRUTH, remember=False,
                         position=0)
    face = _asked_first()
    sent = iter([{face: _sure(TRUTH.face("U" if face != "U" else "D"))},
                 {face: _sure(TRUTH.face(face))}])
    asked: list[str] = []
    prompts: list[str] = []

    def capture(f, cube=None, maybe=None):
        asked.append(f)
        return next(sent)

    def ask(prompt: str, prefill: str = "") -> str:
        prompts.append(prompt)
        return ""  # Enter: take it from the phone

    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    line = check_cube(cursor, console, ask, capture=capture, source="the phone",
                      retake_there=retake_there)
    assert "centres never move" in one_line(console.export_text())
    assert asked == [face, face] and line == "The cube matches the plan at this step.", line
    assert len(prompts) == (1 if retake_there else 2), prompts
