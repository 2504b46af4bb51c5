"""The scanner's logic with readings as the vision reader would give them: captures when the
reading is steady, never takes a face twice, saves after every face, resumes after an
interruption, and the panel says which face to show and how to hold the cube."""
from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from sudoku_cube.assistant.terminal.scan_loop import scan_frames
from sudoku_cube.assistant.services.face_poses import (FIRST_HOLD, SCAN_ORDER, face_name,
                                                       hold_words, neighbours, show_title)
from sudoku_cube.assistant.terminal.live_canvas import sticker_centres
from sudoku_cube.assistant.terminal.scan_view import ScanPanel
from sudoku_cube.assistant.services.scanner import Observation, Scanner, repeated_face
from sudoku_cube.assistant.services.sessions import ScanSession, scan_session_path
from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker
from tests.conftest import random_design, random_moves


def _truth():
    rng = random.Random(21)
    return random_design(rng).apply(random_moves(rng, 20))


def _obs(state, face) -> Observation:
    st = state.face(face)
    return Observation(st, tuple((Hypothesis(s, 0.9),) for s in st), 0.9,
                       ((0, 0), (90, 0), (90, 90), (0, 90)))


def _video(state, hold: int = 6, gap: int = 3):
    """Readings of a person showing the faces in scan order: each held still, with frames
    where no face is found in between (moving the cube)."""
    for face in SCAN_ORDER:
        for _ in range(gap):
            yield None
        for _ in range(hold):
            yield face


def _run(scanner, state, frames, events):
    return scan_frames(scanner, frames, lambda f: None if f is None else _obs(state, f),
                       events.append)


def test_scan_captures_every_face_in_order_and_saves_the_session():
    state = _truth()
    events = []
    scanner = Scanner()
    _run(scanner, state, _video(state), events)
    assert [e.face for e in events if e.kind == "captured"] == list(SCAN_ORDER)
    assert scanner.next_face is None
    assert ScanSession.load().state().stickers == state.stickers


def test_a_face_still_in_view_is_not_taken_again():
    state = _truth()
    events = []
    scanner = Scanner()
    _run(scanner, state, ["U"] * 12, events)
    assert [e.kind for e in events] == ["captured", "seen-before"]
    assert "(U) again" in events[1].message and scanner.next_face == "R"


def test_resume_after_an_interrupted_scan():
    state = _truth()
    frames = list(_video(state))
    stop_at = frames.index("D")  # interrupted while moving to the 4th face

    def interrupted():
        for k, f in enumerate(frames):
            if k == stop_at:
                raise KeyboardInterrupt
            yield f

    with pytest.raises(KeyboardInterrupt):
        _run(Scanner(), state, interrupted(), [])
    saved = ScanSession.load()
    assert list(saved.faces) == ["U", "R", "F"]
    with pytest.raises(SudokuCubeError, match="scan --resume"):
        saved.state()
    # resumed with the same video from its start: the faces already taken are recognised
    events = []
    scanner = Scanner(ScanSession.load())
    _run(scanner, state, frames, events)
    assert [e.face for e in events if e.kind == "captured"] == ["D", "L", "B"]
    assert ScanSession.load().state().stickers == state.stickers


def test_retake_forgets_a_face_and_damaged_session_is_reported():
    state = _truth()
    scanner = Scanner()
    _run(scanner, state, _video(state), [])
    scanner.retake("F")
    assert scanner.next_face == "F" and "F" not in ScanSession.load().faces
    scan_session_path().write_text("{not json")
    with pytest.raises(SudokuCubeError, match="without --resume"):
        ScanSession.load()


def test_panel_at_80_columns_names_the_next_face_and_how_to_hold_it():
    state = _truth()
    scanner = Scanner(save=False)
    _run(scanner, state, ["U"] * 3 + ["R"] * 2, [])
    console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
    console.print(ScanPanel(scanner, status="captured centre 4 (U)"))
    text = console.export_text()
    flat = " ".join(text.replace("│", " ").split())
    u = state.face("U")[4].digit
    assert "Scan: 1 of 6 faces" in text
    assert f"U={u} ✓" in text  # the captured face with its centre digit
    assert "Show the face on the right (R)" in flat
    assert f"Back to your front face (F) towards you and centre {u} (U) on top" in flat
    assert "quarter turn to the left" in flat and f"centre {u} (U) still on top" in flat
    assert "Hold still... 2/3" in text
    assert "[R]" in text  # the small picture, R in the middle, F to its left
    assert neighbours("R") == {"up": "U", "down": "D", "left": "F", "right": "B"}
    assert all(len(line) <= 80 for line in text.splitlines())


def test_sticker_centres_follow_the_outline():
    pts = sticker_centres(((0, 0), (90, 0), (90, 90), (0, 90)))
    assert pts[0] == (15.0, 15.0) and pts[4] == (45.0, 45.0) and pts[8] == (75.0, 75.0)


def test_a_captured_face_held_still_gets_no_count_past_its_end():
    """Holding a captured face keeps its reading steady past the frames a capture needs; the
    panel says it is seen again, never "Hold still... 6/3"."""
    state = _truth()
    events = []
    scanner = Scanner(save=False)
    _run(scanner, state, ["U"] * 9, events)
    assert scanner.steadiness > scanner.stable_frames
    console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
    console.print(ScanPanel(scanner, status=events[-1].message))
    text = console.export_text()
    flat = " ".join(text.split())
    assert "Hold still" not in text
    assert f"this is centre {state.face('U')[4].digit} (U) again" in flat


def test_the_protocol_names_faces_by_place_until_seen_then_by_centre():
    """Before the first face nothing is chosen: any face becomes the top. Faces not seen yet
    are named by where they are; faces seen, by their centre digit (its direction when two
    centres share a digit), the letter beside."""
    assert show_title("U", {}) == "any face as the top (U)"
    assert show_title("R", {}) == "the face on the right (R)"  # only U asks to choose
    assert "Choose any face to be the top (U)" in hold_words("U", {})
    centres = {"U": Sticker(4, 0), "R": Sticker(7, 0), "F": Sticker(5, 1)}
    assert show_title("D", centres) == "the bottom face (D)"
    assert hold_words("D", centres) == ("Tip the bottom of the cube towards the camera: the "
                                        "bottom face (D) faces the camera with centre 5 (F) at "
                                        "the top of the picture.")
    assert hold_words("L", centres).startswith("Back to centre 5 towards you (F, the 5 "
                                               "pointing right), centre 4 on top (U")
    assert hold_words("R", {"U": Sticker(4, 0)}).startswith(
        "Back to your front face (F) towards you and centre 4 (U) on top, then")
    assert face_name("R", {**centres, "D": Sticker(7, 2)}) == "centre 7, upright (R)"


def test_before_any_face_only_u_asks_to_choose_the_others_say_their_own_hold():
    """The phone page shows every face's words from the start: U's say to choose U and F,
    each other face's how to hold the cube for it, the faces named by place."""
    words = {f: hold_words(f, {}) for f in SCAN_ORDER}
    assert words["U"] == FIRST_HOLD
    assert words["R"] == ("Back to your front face (F) towards you and the top face (U) on "
                          "top, then turn the whole cube a quarter turn to the left: the face "
                          "on the right (R) faces the camera, the top face (U) still on top.")
    assert words["D"] == ("Tip the bottom of the cube towards the camera: the bottom face (D) "
                          "faces the camera with your front face (F) at the top of the "
                          "picture.")
    for face, where in (("F", "your front face (F)"), ("L", "the face on the left (L)"),
                        ("B", "the back face (B)")):
        assert f"{where} faces the camera" in words[face]
    assert len(set(words.values())) == 6 and all("Choose" not in words[f] for f in "RFDLB")


def test_a_repeat_counts_only_stickers_with_a_digit_seen():
    """Seven of nine stickers the same is a repeat; cells with no digit seen (None) match
    nothing, so two dark photos are not one face; the face itself is left out (a retake)."""
    face = [Sticker(d, 0) for d in range(1, 10)]
    seven = face[:7] + [Sticker(1, 1), Sticker(1, 2)]
    assert repeated_face(seven, {"U": face}) == "U"
    assert repeated_face(seven, {"U": face}, "U") is None
    dark: list[Sticker | None] = [None] * 7 + face[7:]
    assert repeated_face(dark, {"U": dark}) is None
    assert repeated_face(face[:5] + [None] * 4, {"U": face}) is None


def test_scan_events_name_the_faces_by_their_centres():
    state = _truth()
    events = []
    scanner = Scanner(save=False)
    _run(scanner, state, ["U"] * 3 + ["R"] * 3 + ["U"] * 3, events)
    u, r = state.face("U")[4].digit, state.face("R")[4].digit
    assert events[0].message.startswith(f"captured centre {u} (U): ")
    assert events[1].message.startswith(f"captured centre {r} (R): ") or u == r
    assert events[2].kind == "seen-before"
    assert events[2].message.startswith(f"this is centre {u}")
    assert events[2].message.endswith("show your front face (F)")


def test_a_retaken_face_is_asked_for_by_its_centre_digit():
    state = _truth()
    scanner = Scanner(save=False)
    _run(scanner, state, ["U"] * 3 + ["R"] * 3, [])
    r = state.face("R")[4].digit
    scanner.retake("R")
    assert scanner.next_face == "R" and "R" not in scanner.centres
    console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
    console.print(ScanPanel(scanner))
    flat = " ".join(console.export_text().replace("│", " ").split())
    assert f"Show centre {r} (R)" in flat
    assert f"centre {r} (R) faces the camera" in hold_words("R", scanner.names)
    assert "R=" not in flat.split("Show")[0]  # not marked as captured any more
