"""Faces named by what the person sees: nothing marks F on a Sudoku Cube, and with corner photos
the person never chose one, so a face is named by its centre digit (and, for the face towards
the person, which way that centre points), with the letter beside it for those who know it."""
from __future__ import annotations

from .geometry import FACE_PLACES, FACES
from .state import CubeState
from .stickers import Sticker

_POINTS = {0: "upright", 1: "pointing right", 2: "upside down", 3: "pointing left"}
"""How a centre digit stands, by its rotation (quarter turns clockwise from view-up)."""


def centre(state: CubeState, face: str) -> Sticker:
    """The centre sticker of ``face``."""
    n = state.n
    return state.face(face)[(n // 2) * n + n // 2]


def centre_name(c: Sticker, face: str, clash: bool = False) -> str:
    """'centre 7 (R)'; with ``clash`` (another face has the same digit) the centre's direction
    as the face is seen: 'centre 7, pointing right (R)'."""
    how = f", {_POINTS[c.rot]}" if clash else ""
    return f"centre {c.digit}{how} ({face})"


def centre_words(state: CubeState, face: str) -> str:
    """'centre 7'; when another face has the same centre digit, the centre's direction is
    added as that face is seen: 'centre 7, pointing right'."""
    c = centre(state, face)
    same = [f for f in FACES if f != face and centre(state, f).digit == c.digit]
    how = f", {_POINTS[c.rot]}" if same and state.n % 2 == 1 else ""
    return f"centre {c.digit}{how}"


def face_words(state: CubeState, face: str) -> str:
    """'the face with centre 7 (R)', with the centre's direction where another face has the
    same digit (:func:`centre_words`)."""
    return f"the face with {centre_words(state, face)} ({face})"


def place_words(face: str) -> str:
    """'the top face (U)': a face named by where it is as the cube is held, for messages
    where no reading is at hand to name it by its centre digit."""
    return f"the {FACE_PLACES[face]} face ({face})"


def face_or_place(face: str, state: CubeState | None) -> str:
    """:func:`face_words` when a reading or state is at hand (and has centres to name), else
    :func:`place_words`."""
    if state is None or state.n % 2 == 0:
        return place_words(face)
    return face_words(state, face)


def hold_words(state: CubeState) -> str:
    """How to hold the cube for a plan from ``state``: 'Hold the cube with centre 5 towards
    you (F, its 5 upright) and centre 4 on top (U)'."""
    if state.n % 2 == 0:  # no fixed centre to name: the letters alone
        return "Hold the cube with F towards you and U on top"
    f, u = centre(state, "F"), centre(state, "U")
    return (f"Hold the cube with centre {f.digit} towards you (F, the {f.digit} "
            f"{_POINTS[f.rot]}) and centre {u.digit} on top (U)")
