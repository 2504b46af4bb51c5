"""Every "hold the cube" line fits exactly one of the cube's 24 holds.

The words are read back here as a person would follow them (digits, where they are, which way
they point) and tried on the cube turned every way with the whole-cube rotations of
``models.cube.cube_rotations``, which the words' own code does not use."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from sudoku_cube.models.cube.cube_rotations import rotation_transform
from sudoku_cube.models.cube.face_words import hold_phrase, hold_words
from sudoku_cube.models.cube.geometry import rotation_of
from sudoku_cube.models.cube.state import CubeState
from sudoku_cube.models.cube.state_format import parse_state
from sudoku_cube.models.cube.stickers import Sticker, same_sticker
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.profile import DEFAULT_SYMMETRIC

TILTED = Path(__file__).resolve().parents[1] / "samples" / "cubes" / "02-tilted" / "truth.json"

_PLACES = {"towards you": "F", "towards the camera": "F", "on top": "U", "at the top": "U",
           "on the right": "R", "on the left": "L", "underneath": "D", "at the back": "B"}
_WAYS = {"upright": (0, 1, 0), "upside down": (0, -1, 0), "pointing right": (1, 0, 0),
         "pointing left": (-1, 0, 0), "pointing towards you": (0, 0, 1),
         "pointing towards the camera": (0, 0, 1), "pointing away from you": (0, 0, -1),
         "pointing away from the camera": (0, 0, -1), "running left to right": (1, 0, 0),
         "running front to back": (0, 0, 1)}
"""Which way each word says a digit's top points; a symmetric digit 'lying on its side' lies
across the face (:func:`_way`)."""


def _way(way: str, face: str) -> tuple[int, int, int]:
    if way == "lying on its side":
        return (1, 0, 0) if face in "FB" else (0, 0, 1)
    return _WAYS[way]
_SPOTS = {"top left": 0, "top middle": 1, "top right": 2, "middle left": 3, "middle right": 5,
          "bottom left": 6, "bottom middle": 7, "bottom right": 8}
_CENTRE = re.compile(r"centre (\d) (towards you|towards the camera|on top|at the top|on the "
                     r"right|on the left|underneath|at the back) "
                     r"\([URFDLB](?:, the \d ([a-z ]+))?\)")
_STICKER = re.compile(r"the (\d) at the ([a-z]+ [a-z]+) of the face towards (?:you|the camera) "
                      r"\([URFDLB]\d(?:, the \d ([a-z ]+))?\)")


def _checks(words: str) -> list[tuple[str, int, int, int | None]]:
    """What the words ask the person to see: (held face, sticker index, digit, rotation or
    None), the rotation as a token's on that face."""
    out = []
    for digit, place, way in _CENTRE.findall(words):
        face = _PLACES[place]
        out.append((face, 4, int(digit), rotation_of(_way(way, face), face) if way else None))
    for digit, spot, way in _STICKER.findall(words):
        out.append(("F", _SPOTS[spot], int(digit),
                    rotation_of(_way(way, "F"), "F") if way else None))
    return out


def holds_fitting(state: CubeState, words: str,
                  symmetric: frozenset[int] = DEFAULT_SYMMETRIC) -> list[int]:
    """The whole-cube rotations under which the cube shows what ``words`` name, the digits of
    ``symmetric`` looking the same upside down."""
    checks = _checks(words)
    assert checks, words
    out = []
    for i in range(24):
        seen = state.transformed(rotation_transform(i))
        if all(seen.face(face)[k].digit == digit and
               (rot is None or same_sticker(seen.face(face)[k], Sticker(digit, rot),
                                            symmetric))
               for face, k, digit, rot in checks):
            out.append(i)
    return out


def _identity() -> int:
    return next(i for i in range(24) if rotation_transform(i).is_identity())


def test_the_tilted_samples_hold_fits_one_hold_though_three_centres_are_7s():
    state = parse_state(TILTED.read_text())
    words = hold_words(state)
    assert words.startswith("Hold the cube with centre 7 towards you (F, the 7 pointing left)")
    assert holds_fitting(state, words) == [_identity()]


@pytest.mark.parametrize("seed", range(60))
def test_the_hold_words_of_random_cubes_fit_exactly_one_hold(seed):
    state = make_puzzle(seed, 20).state
    assert holds_fitting(state, hold_words(state)) == [_identity()]


def _all_centres_alike() -> CubeState:
    """Every side centre a 5 upright, the top and bottom ones a 1 (it looks the same upside
    down): the cube turned half round looks the same by its centres, so the front face's other
    stickers have to tell the two holds apart."""
    state = make_puzzle(3, 20).state
    stickers = list(state.stickers)
    for k, face in enumerate("URFDLB"):
        stickers[k * 9 + 4] = Sticker(1 if face in "UD" else 5, 0)
    return CubeState(tuple(stickers))


def test_a_cube_whose_centres_look_alike_is_held_by_other_stickers_too():
    state = _all_centres_alike()
    words = hold_words(state)
    assert "of the face towards you (F" in words
    assert holds_fitting(state, words) == [_identity()]


@pytest.mark.parametrize("seed", range(12))
def test_showing_a_face_to_the_camera_fits_exactly_one_hold(seed):
    """The check's "show me this face" words name the hold the same way."""
    from sudoku_cube.assistant.services.slip_check import how_to_show, show_face_words

    state = make_puzzle(100 + seed, 20).state
    for face in "URFDLB":
        top = {"U": "B", "D": "F"}.get(face, "U")
        target = next(i for i in range(24) if _brings(i, face, top))
        words = how_to_show(face, state)
        assert holds_fitting(state, words) == [target], words
        assert hold_phrase(state, face, top, "the camera") in show_face_words(face, state)


def _brings(index: int, front: str, top: str) -> bool:
    """Whether rotation ``index`` brings face ``front`` towards the person and ``top`` on top."""
    from sudoku_cube.models.cube.cube_rotations import rotated_face
    return rotated_face(index, front) == "F" and rotated_face(index, top) == "U"


def test_the_tilted_samples_watch_and_corner_words_fit_one_hold():
    """The watch's hint and the check's corner photo A start from the same hold."""
    from sudoku_cube.assistant.services.slip_check import corner_words
    from sudoku_cube.assistant.terminal.guide_watch import hold_hint

    state = parse_state(TILTED.read_text())
    for words in (corner_words(state), hold_hint(state)):
        assert hold_phrase(state) in words
        assert holds_fitting(state, words) == [_identity()]


def _scan_hold(words: str) -> str:
    """The part of a scan step's words that says how the cube is held before it is turned."""
    return words.split(", then ")[0]


@pytest.mark.parametrize("seed", [None, *range(20)])
def test_the_scan_and_the_phone_pages_hold_words_fit_one_hold(seed):
    """The scan's "Back to ... towards you and ... on top" (and the phone page's corner photo
    A) named F and U by their centre digits alone, which another face may share: they are
    told by the rule of every hold line, with all six faces read (a retake, the guide's
    check) and with only U R F D read (the scan's L), the unread faces fitting anything."""
    from sudoku_cube.assistant.services.face_poses import corner_hold_words
    from sudoku_cube.assistant.services.face_poses import hold_words as scan_hold_words
    state = parse_state(TILTED.read_text()) if seed is None else make_puzzle(seed, 20).state
    everything = {f: state.face(f)[4] for f in "URFDLB"}
    for words in (scan_hold_words("R", everything), scan_hold_words("L", everything),
                  corner_hold_words("A", everything),
                  scan_hold_words("L", {f: everything[f] for f in "URFD"})):
        assert holds_fitting(state, _scan_hold(words)) == [_identity()], words


def test_a_scans_hold_left_open_by_unread_faces_says_so_not_a_slip():
    """During a scan no slip can have turned a face: where the faces not read yet leave the
    hold open, the words say so, and say nothing of a slip."""
    from sudoku_cube.assistant.services.face_poses import hold_words as scan_hold_words
    from sudoku_cube.models.cube.holds import centres_state

    centres = {"U": Sticker(9, 0), "F": Sticker(6, 2), "R": Sticker(3, 0)}
    words = scan_hold_words("R", centres)
    assert "slip" not in words, words
    assert "(until every face is read, these may fit another hold too)" in words, words
    assert "slip" not in hold_phrase(centres_state(centres))
    assert "another hold" not in hold_phrase(make_puzzle(0, 20).state)  # all read: one fits


def test_a_scans_hold_left_open_by_centres_alike_does_not_wait_for_faces():
    """All six centres scanned, the hold left open only because centres look alike: the words
    do not say it stays open until every face is read (a scan reads centres alone)."""
    from sudoku_cube.assistant.services.face_poses import hold_words as scan_hold_words

    centres = {"U": Sticker(3, 3), "R": Sticker(1, 1), "F": Sticker(2, 2), "D": Sticker(1, 2),
               "L": Sticker(3, 0), "B": Sticker(2, 3)}
    words = scan_hold_words("L", centres)
    assert "(these may fit another hold too)" in words, words
    assert "until every face is read" not in words, words


@pytest.mark.parametrize("corner_first", [True, False])
def test_the_guides_check_of_the_tilted_sample_tells_the_hold_once(corner_first):
    """The `c` key's first question for the tilted sample asked for corner photo A from the
    hold of the solve and for face F from the same hold told again: 8 lines at 80 columns.
    The hold is told once (still fitting one hold) and the face is not named again."""
    import io

    from rich.console import Console

    from sudoku_cube.assistant.services.slip_check import first_look_words
    from sudoku_cube.assistant.terminal.guide_check import _inputs
    from sudoku_cube.models.slips.first_look import FirstLook

    state = parse_state(TILTED.read_text())
    look = FirstLook("F", 0.6, 0.9 if corner_first else 0.3)
    assert look.corner_first == corner_first
    words = first_look_words(look, state)
    assert words.count("centre 7 towards") == 1
    assert holds_fitting(state, words.split(", then ")[0]) == [_identity()]
    assert "the front face (F) turned to the camera, U on top" in words
    console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
    console.print(f"Check: {words}. {_inputs('F', corner_first, '')}")
    assert len(console.export_text().splitlines()) <= 6
