"""The scan protocol on the terminal: a small picture of the face towards the camera and its
neighbours. The words (the order of the faces, how to hold the cube) are
:mod:`assistant.services.face_poses`, which the phone page says too."""
from __future__ import annotations

from rich.text import Text

from ..services.face_poses import neighbours


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
