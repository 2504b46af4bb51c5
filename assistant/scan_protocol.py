"""The scan protocol: the order in which faces are shown to the camera and how to hold the
cube for each (docs/conventions.md "Seeing a face"), with a small picture of the neighbours."""
from __future__ import annotations

from rich.text import Text

from sudoku_cube.models.geometry import FACES, FACE_NAMES, VIEW_UP, face_of_normal, neg, view_right

SCAN_ORDER: tuple[str, ...] = FACES
"""Faces are shown in the order U R F D L B (the order used wherever all six are listed)."""

HOLD = {
    "U": "Hold the cube with F towards you and U on top, then tip the top towards the camera: "
         "U faces the camera with B at the top of the picture.",
    "R": "Back to F towards you and U on top, then turn the whole cube a quarter turn to the "
         "left: R faces the camera, U still on top.",
    "F": "Turn the cube back a quarter turn to the right: F faces the camera, U on top.",
    "D": "Tip the bottom of the cube towards the camera: D faces the camera with F at the top "
         "of the picture.",
    "L": "Back to F towards you and U on top, then turn the whole cube a quarter turn to the "
         "right: L faces the camera, U on top.",
    "B": "Turn the cube another quarter turn to the right: B faces the camera, U on top.",
}


def neighbours(face: str) -> dict[str, str]:
    """The faces seen around ``face`` in its photo: 'up', 'down', 'left', 'right'."""
    up, right = VIEW_UP[face], view_right(face)
    return {"up": face_of_normal(up), "down": face_of_normal(neg(up)),
            "left": face_of_normal(neg(right)), "right": face_of_normal(right)}


def hold_picture(face: str) -> Text:
    """A small picture: the face towards the camera in the middle, its neighbours around it."""
    nb = neighbours(face)
    t = Text()
    t.append(f"      {nb['up']}\n", style="dim")
    t.append(f"   {nb['left']} ", style="dim")
    t.append(f"[{face}]", style="bold reverse")
    t.append(f" {nb['right']}\n", style="dim")
    t.append(f"      {nb['down']}", style="dim")
    return t


def face_title(face: str) -> str:
    """'U (up face)'."""
    return f"{face} ({FACE_NAMES[face]} face)"

