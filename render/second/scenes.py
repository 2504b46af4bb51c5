"""The exam's everyday scenes: where a person puts the cube, how large its face comes out and
in what light (docs/exam.md, "Everyday scenes").

The standard exam draws its tables, sizes and light from the seed alone (``scene=None`` in
:func:`.shots.face_shot`), and those draws stay as they were so that its figures remain
comparable. An everyday :class:`Scene` names its ground (:data:`.everyday.GROUNDS`), a band of
face sizes and the light; the rest of the shot is still drawn from the seed.
"""
from __future__ import annotations

from dataclasses import dataclass

from .everyday import GROUNDS

BANDS = ("small", "middle", "large")
"""Face size bands."""

LIGHTS = ("normal", "dim")
"""Light: ``normal`` as the standard exam; ``dim`` an evening room: the photo under-exposed
to 0.25-0.5 of its usual brightness, its sensor noise raised as a phone raises its gain."""

STANDARD_FACE = (0.35, 0.62)
"""The standard exam's single face: its side as a fraction of the picture's short side."""

STANDARD_CORNER = (0.45, 0.8)
"""The standard exam's corner photo: the cube across as a fraction of the short side (each
face about half of it)."""

FACE_FRACTION = {"small": (0.12, 0.25), "middle": (0.25, 0.5), "large": (0.5, 0.7)}
"""A single face's side as a fraction of the picture's short side, per band."""

CORNER_FRACTION = {"small": (0.38, 0.5), "middle": (0.5, 0.75), "large": (0.75, 0.9)}
"""A corner photo's cube across as a fraction of the short side, per band."""

DIM_BLUR = 0.5
"""The share of defocus and shake a dim photo keeps (:meth:`Scene.blur`)."""

SHARP_SIZES = ((960, 720), (1024, 768), (720, 960))
"""Picture sizes of the small band (the first two for corner photos), so that a sticker stays
some 25 pixels wide, as a phone's full-size photo would show it."""


@dataclass(frozen=True)
class Scene:
    """One everyday scene: the ``ground`` the cube lies on, the face's size ``band`` and the
    ``light``. Alike in shape to ``render.patterned.Scene`` and kept apart on purpose: the exam
    is drawn by code independent of the first renderer (docs/exam.md); no model trains on
    these scenes."""

    ground: str
    band: str
    light: str

    def blur(self, fraction: float, smallest: float) -> float:
        """How much of the sensor's defocus and shake a photo of this scene keeps, its face
        drawn at ``fraction`` of the short side where the standard exam's smallest is
        ``smallest``: a smaller face proportionally less, so that its stickers blur no more
        than a standard face's; a dim photo half as much, since its darkness and noise are
        what it tests (shaken as well, a person could not read it either)."""
        return min(1.0, fraction / smallest) * (DIM_BLUR if self.light == "dim" else 1.0)

    def truth(self) -> dict[str, str]:
        """The scene as a shot's truth records it."""
        return {"ground": self.ground, "band": self.band, "light": self.light}


def everyday(cube: int, photo: int) -> Scene:
    """The scene of photo ``photo`` (0-5 for the six faces, 0-1 for corners A and B) of the
    ``cube``-th cube of a run: a cube's photos share its ground and light, as a person takes
    them at one table; the grounds cycle over the cubes and the light alternates, so that a
    short run meets every kind in both lights, and the face sizes cycle over the photos."""
    return Scene(GROUNDS[cube % len(GROUNDS)], BANDS[(cube + photo) % len(BANDS)],
                 LIGHTS[cube % len(LIGHTS)])
