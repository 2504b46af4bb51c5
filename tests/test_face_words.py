"""Faces named by their centre digits, as the person sees them, with the letter beside."""
from __future__ import annotations

import io

from rich.console import Console

from sudoku_cube.assistant.services.guide import GuideCursor, plan_steps
from sudoku_cube.assistant.terminal.guide_ui import resume_notice, screen_of
from sudoku_cube.assistant.services.pipeline import solve_state
from sudoku_cube.models.cube.face_words import (centre, centre_words, face_words, hold_phrase,
                                                 hold_words)
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.cube.geometry import FACE_PLACES, FACES
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.cube.state import CubeState
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker


def test_hold_words_name_the_centres_of_front_and_top():
    state = make_puzzle(7, 20).state
    f, u = centre(state, "F"), centre(state, "U")
    assert f == state.stickers[2 * 9 + 4] and u == state.stickers[4]
    words = hold_words(state)
    assert f"centre {f.digit} towards you (F" in words and f"centre {u.digit} on top (U)" in words


def _shared_centre() -> CubeState:
    """Centres 1..6, but R's centre a 1 like U's (pointing right)."""
    stickers = [Sticker(1 + i % 9, 0) for i in range(54)]
    for k, face in enumerate(FACES):
        stickers[k * 9 + 4] = Sticker(k + 1, 0)
    stickers[9 + 4] = Sticker(1, 1)
    return CubeState(tuple(stickers))


def test_a_centre_digit_shared_by_two_faces_gets_its_direction():
    state = _shared_centre()
    assert face_words(state, "F") == "the face with centre 3 (F)"
    assert face_words(state, "R") == "the face with centre 1, lying on its side (R)"
    assert face_words(state, "U") == "the face with centre 1, upright (U)"


def test_the_guide_starts_by_saying_how_to_hold_the_cube():
    state = make_puzzle(8, 20).state
    plan = solve_state(state, CubeSettings()).plan
    cursor = GuideCursor(plan_steps(plan), plan.start, remember=False)
    notice = resume_notice(cursor)
    assert notice.startswith(hold_words(plan.start))
    console = Console(file=io.StringIO(), width=80, height=24, record=True, color_system=None)
    console.print(screen_of(cursor, notice, height=24))
    text = " ".join(console.export_text().split())
    assert f"centre {centre(plan.start, 'F').digit} towards you (F" in text
    assert len(console.export_text().splitlines()) <= 24


def test_watch_and_check_prompts_name_faces_by_their_centres():
    """The watch's hold hint and the guide's check prompt name the faces by their centre
    digits, letters beside."""
    from sudoku_cube.assistant.services.slip_check import check_face
    from sudoku_cube.assistant.terminal.guide_check import check_cube
    from sudoku_cube.assistant.terminal.guide_watch import hold_hint

    state = make_puzzle(8, 20).state
    plan = solve_state(state, CubeSettings()).plan
    cursor = GuideCursor(plan_steps(plan), plan.start, remember=False, position=2)
    now = cursor.state()
    hint = hold_hint(now)
    assert f"hold the cube with {hold_phrase(now)}, then turn it" in hint
    assert "the top (U), front (F) and right (R) faces meet" in hint
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    asked = []
    assert check_cube(cursor, console, lambda p: asked.append(p) or "q") == "Check cancelled."
    text = " ".join(console.export_text().split())
    face = asked[0][0]
    assert check_face(face, now) in text
    assert f"centre {now.face(face)[4].digit}" in check_face(face, now)
    assert f"Type the nine tokens of that face ({face}) row by row" in text


def test_the_corner_to_show_starts_from_the_hold_of_the_solve():
    """Where the corner is asked for (check's corner photo A, the watch's hold), the cube is
    first held as for the solve, told by the same words, then turned to show the corner."""
    from sudoku_cube.assistant.services.slip_check import corner_words
    from sudoku_cube.assistant.terminal.guide_watch import hold_hint

    state = _shared_centre()
    phrase = hold_phrase(state)
    assert phrase == "centre 3 towards you (F, the 3 upright) and centre 1 on top (U)"
    assert corner_words(state).startswith(f"hold the cube with {phrase}, then photograph the "
                                          "corner where the top (U), front (F) and right (R)")
    assert f"hold the cube with {phrase}, then turn it" in hold_hint(state)


def test_several_faces_in_one_list_by_centre_or_by_place():
    """A list of faces names those with a known centre by its digit, in one 'faces with
    centres' phrase, and a face whose centre is in doubt by where it is."""
    from sudoku_cube.models.cube.face_words import face_or_place, faces_words, place_words

    state = make_puzzle(8, 20).state
    u, r, f = (centre(state, x).digit for x in "URF")
    assert faces_words(["R"], state) == face_words(state, "R")
    assert len({u, r, f}) == 3  # no digit shared with another face: no directions
    assert faces_words(["U", "R", "F"], state) == \
        f"the faces with centres {u} (U), {r} (R) and {f} (F)"
    assert centre(state, "L") == centre(state, "B")  # a 9 upside down on both: by place
    assert faces_words(["L", "B"], state) == ("the left face (L, centre 9, upside down) and "
                                              "the back face (B, centre 9, upside down)")
    # in the order given (U R F D L B), the faces named by digit together where the first is
    assert faces_words(["U", "L"], state) == f"{face_words(state, 'U')} and " \
        "the left face (L, centre 9, upside down)"
    assert faces_words(["U", "R", "L"], state) == \
        f"the faces with centres {u} (U) and {r} (R) and the left face (L, centre 9, upside down)"
    assert faces_words(["U", "L", "R"], state) == \
        f"the faces with centres {u} (U) and {r} (R) and the left face (L, centre 9, upside down)"
    assert faces_words(["U", "D"], None) == "the top face (U) and the bottom face (D)"
    cands = [(Hypothesis(s, None),) for s in state.stickers]
    cands[4] = (Hypothesis(state.stickers[4], 0.5), Hypothesis(Sticker(9, 0), 0.45))
    doubtful_u = CubeState(state.stickers, 3, tuple(cands))  # U's centre read with doubt
    assert face_or_place("U", doubtful_u) == place_words("U") == "the top face (U)"
    assert faces_words(["U", "R"], doubtful_u) == f"the top face (U) and {face_words(state, 'R')}"


def test_the_letters_are_told_by_where_each_face_is_held_and_its_centre():
    from sudoku_cube.models.cube.face_words import letters_words

    state = make_puzzle(8, 20).state
    words = letters_words(state)
    assert words.startswith(f"U = the top face ({centre_words(state, 'U')}), R = the right face")
    assert f"D = the bottom face ({centre_words(state, 'D')})" in words
    assert letters_words(None).endswith("L = the left face, B = the back face")


def test_the_letters_tell_a_centres_direction_as_the_hold_beside_them_does():
    """The guide's help lists the letters under the hold: a centre named by its direction in
    both is told the same way, as the cube is held ('pointing towards you' for the right
    face's 7 pointing to the front), not as the face is seen on its own."""
    import re

    from sudoku_cube.models.cube.face_words import hold_words, letters_words

    for seed in (26, 44):  # a 1 on top running front to back; a 7 on top pointing away
        state = make_puzzle(seed, 20).state
        hold, letters = hold_words(state), letters_words(state)
        told = re.findall(r"centre (\d) [a-z ]+ \(([URFDLB]), the \d ([a-z ]+)\)", hold)
        assert len(told) >= 2, hold
        for digit, face, way in told:
            assert f"{face} = the {FACE_PLACES[face]} face (centre {digit}, {way})" in letters, \
                (hold, letters)


def test_a_scan_missing_faces_names_them_by_where_they_are():
    """Faces not captured yet have no centre digit to go by: named by where they are held."""
    import pytest

    from sudoku_cube.assistant.services.sessions import CapturedFace, ScanSession
    from sudoku_cube.models.errors import SudokuCubeError

    state = make_puzzle(8, 20).state
    faces = {f: CapturedFace(state.face(f), tuple((Hypothesis(s, 0.9),) for s in state.face(f)))
             for f in "URFD"}
    with pytest.raises(SudokuCubeError) as err:
        ScanSession(faces).state()
    assert str(err.value).startswith("the scan is missing the left face (L) and the back face "
                                     "(B); run `sudoku-cube scan --resume`")


def test_a_6_and_a_9_that_look_alike_are_told_apart_by_their_directions():
    """On a cube whose 6 and 9 carry no underline the two look alike: a centre 6 and a centre 9
    are named with their directions, as two centres of one digit are, in a face's name, the
    help's letters and the scan's names; with underlines they are not."""
    from sudoku_cube.assistant.services.face_poses import face_name
    from sudoku_cube.models.cube.face_words import letters_words

    state = make_puzzle(16, 20).state
    assert [centre(state, f).digit for f in FACES] == [2, 6, 8, 3, 9, 1]
    centres = {f: centre(state, f) for f in FACES}
    plain, underlined = CubeSettings(underlined_69=False), CubeSettings()
    for settings, told in ((plain, True), (underlined, False)):
        assert ("centre 6, " in face_words(state, "R", settings=settings)) is told
        assert ("centre 9, " in centre_words(state, "L", settings)) is told
        letters = letters_words(state, settings)
        assert ("R = the right face (centre 6, " in letters) is told, letters
        assert ("L = the left face (centre 9, " in letters) is told, letters
        assert ("centre 6, " in face_name("R", centres, settings)) is told
        assert ("centre 8, " in face_words(state, "F", settings=settings)) is False


def test_a_centre_6_or_9_without_an_underline_is_named_as_it_looks():
    """On a cube whose 6 and 9 carry no underline the person cannot tell a centre 9 from a 6
    by its digit alone: named without its direction it is 'centre 6 or 9', alike in the hold
    words, the help's letters, a check's question and the scan's names; with its direction
    ('the 9 upright') it is found as it is; with underlines the digit is named as read."""
    from sudoku_cube.assistant.services.face_poses import face_name
    from sudoku_cube.assistant.services.slip_check import check_face, show_face_words
    from sudoku_cube.models.cube.face_words import faces_words, letters_words

    state = make_puzzle(20, 20).state
    assert [centre(state, f).digit for f in FACES] == [9, 5, 5, 2, 8, 3]
    centres = {f: centre(state, f) for f in FACES}
    plain, underlined = CubeSettings(underlined_69=False), CubeSettings()
    for settings, named in ((plain, "6 or 9"), (underlined, "9")):
        assert hold_words(state, settings).endswith(f" and centre {named} on top (U)")
        assert f"U = the top face (centre {named})" in letters_words(state, settings)
        assert check_face("U", state, settings) == f"the face with centre {named} (U)"
        assert show_face_words("U", state, settings=settings).startswith(
            f"Show me the face with centre {named} (U), ")
        assert face_name("U", centres, settings) == f"centre {named} (U)"
        assert centre_words(state, "U", settings) == f"centre {named}"
        assert faces_words(["U", "D"], state, settings) == \
            f"the faces with centres {named} (U) and 2 (D)"
    # a direction tells the two apart: the digit is named as it is
    assert "centre 9 towards you (U, the 9 upright)" in hold_phrase(state, "U", "B", settings=plain)


def _repeated_centres() -> CubeState:
    """A generated cube whose U and D centres are both a 6 upright as each face is seen, and
    whose R centre is a 6 too (upside down): the digit, and for U and D its direction, cannot
    tell these faces apart."""
    state = make_puzzle(1, 20).state
    assert centre(state, "U") == centre(state, "D") == Sticker(6, 0)
    assert centre(state, "R") == Sticker(6, 2)
    return state


def test_faces_whose_centres_look_the_same_are_named_by_their_place():
    from sudoku_cube.assistant.services.slip_check import check_face
    from sudoku_cube.models.cube.face_words import faces_words, to_hold_words

    state = _repeated_centres()
    names = {f: face_words(state, f) for f in FACES}
    assert len(set(names.values())) == 6
    assert names["U"] == "the top face (U, centre 6, upright)"
    assert names["D"] == "the bottom face (D, centre 6, upright)"
    assert names["R"] == "the face with centre 6, upside down (R)"  # its direction tells it
    # a check names a face by its digit alone (a slip may have turned it): all three by place
    checked = {f: check_face(f, state) for f in "URD"}
    assert checked == {"U": "the top face (U, centre 6)", "R": "the right face (R, centre 6)",
                       "D": "the bottom face (D, centre 6)"}
    listed = faces_words(list(FACES), state)
    assert listed.startswith("the top face (U, centre 6, upright), the faces with centres ")
    assert listed.index("(R)") < listed.index("(F)") < listed.index("(L)") < listed.index("(B)")
    assert listed.index("(B)") < listed.index("the bottom face (D, centre 6, upright)")
    # a face to be held elsewhere than its place is named by its letter, not by that place
    assert to_hold_words(state, "D") == "face D (centre 6, upright)"
    assert to_hold_words(state, "R") == face_words(state, "R")


def test_a_symmetric_centre_lying_alike_on_two_faces_is_named_by_place():
    state = make_puzzle(0, 20).state  # F and L: a 1 lying on its side
    assert centre(state, "F").digit == centre(state, "L").digit == 1
    assert face_words(state, "F") == "the front face (F, centre 1, lying on its side)"
    assert face_words(state, "L") == "the left face (L, centre 1, lying on its side)"
    assert face_words(state, "U") == f"the face with centre {centre(state, 'U').digit} (U)"


def test_the_scan_prompts_tell_faces_with_the_same_centre_apart():
    """The webcam scan's capture prompts (and the phone page's, the same words) name a captured
    face whose centre another captured face shows alike, direction and all, by its place."""
    from sudoku_cube.assistant.services import face_poses

    state = _repeated_centres()
    got = {f: centre(state, f) for f in FACES}
    titles = {f: face_poses.show_title(f, got) for f in FACES}
    assert len(set(titles.values())) == 6
    assert titles["U"] == "the top face (U, centre 6, upright)"
    assert titles["D"] == "the bottom face (D, centre 6, upright)"
    assert "the bottom face (D, centre 6, upright) faces the camera" in \
        face_poses.hold_words("D", got)
    assert "the top face (U, centre 6, upright) faces the camera" in \
        face_poses.hold_words("U", got)
    # before D is captured, U's direction alone tells it from R
    assert face_poses.show_title("U", {f: got[f] for f in "URF"}) == "centre 6, upright (U)"
