"""A corner photo whose faces the pose does not name: the naming that makes the cube consistent.

A corner photo shows three faces round one corner. Held upright (a face on top of the corner)
the pose names them; held otherwise (a face at the bottom, the cube seen from below, the phone
turned) the picture knows them only up to the corner's three-fold turn: each of its three faces
could be the one the photo protocol puts on top, the other two following round the corner in
the one order a photo of the outside of a cube allows. Each naming gives a whole reading of the
cube, and the digits of the two photos fit together in one of them only: as with a face photo
held turned (:mod:`models.grid.photo_turn`), the reading that a solved arrangement fits is the
one the cube was held in, and the faces are then named by what they carry, not by the pose.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..cube.cube_rotations import rotation_transform
from ..cube.face_words import centre, centre_words, twin_centre
from ..cube.geometry import FACE_PLACES, FACES, NORMAL, apply_rotation, whole_cube_rotations
from ..cube.state import CubeState
from ..cube.transform import Transform
from ..profile import CubeSettings
from .one_fit import only_fit
from .solution import GridSolution


def corner_turn(faces: Sequence[str]) -> Transform:
    """The sticker transform that turns the three ``faces`` round their common corner by a
    third of a turn (each face's stickers, digits turned with them, move onto the next face
    round the corner; the other three faces stay): what naming a corner photo's faces one
    place further round does to a reading."""
    normals = [NORMAL[f] for f in faces]
    corner = tuple(sum(n[i] for n in normals) for i in range(3))
    if len(set(faces)) != 3 or any(abs(c) != 1 for c in corner):
        raise ValueError(f"faces {tuple(faces)} do not meet at one corner")
    rots = whole_cube_rotations()
    index = next(i for i, rot in enumerate(rots)
                 if apply_rotation(rot, corner) == corner
                 and apply_rotation(rot, NORMAL[faces[0]]) == NORMAL[faces[1]])
    whole = rotation_transform(index)
    places = {FACES.index(f) * 9 + i for f in faces for i in range(9)}
    source = tuple(s if d in places else d for d, s in enumerate(whole.source))
    twist = tuple(t if d in places else 0 for d, t in enumerate(whole.twist))
    return Transform(source, twist)


def corner_turned(state: CubeState, faces: Sequence[str], thirds: int) -> CubeState:
    """``state`` with the reading of the three ``faces`` (one corner photo's) turned
    ``thirds`` thirds of a turn round their common corner (:func:`corner_turn`)."""
    return state.transformed(corner_turn(faces).power(thirds % 3))


PHOTO_B = ("D", "L", "B")
"""Corner photo B's faces in place order (top, lower left, lower right; docs/photos.md)."""


@dataclass(frozen=True)
class TurnedCorner:
    """Corner photo B held with another face on top, though upright: the thirds of a turn its
    faces' reading was turned round their corner, the reading so turned and its solution."""

    thirds: int
    state: CubeState
    solution: GridSolution

    @property
    def turn(self) -> Transform:
        """The transform that made :attr:`state` from the reading as photographed
        (:func:`corner_turned`)."""
        return corner_turn(PHOTO_B).power(self.thirds % 3)

    def describe(self, photo: str = "photo B", settings: CubeSettings = CubeSettings()) -> str:
        """The finding in words, the photo named ``photo`` (:meth:`finding`)."""
        return f"{photo} {self.finding(settings)}"

    def finding(self, settings: CubeSettings = CubeSettings()) -> str:
        """The finding in words, following the photo's name, which each front end gives as it
        names photos ('photo B', the phone page's card): each face named by its centre digit
        as the person can find it on ``settings``' cube, with the centre's direction where
        another face's centre looks alike (:func:`centre_words`: a 6 and a 9 without underline
        would both be 'centre 6 or 9'); where another face's centre points the same way too
        (:func:`twin_centre`), by where the face is held first: 'D is the bottom face (centre 6,
        upright)'. The faces are told apart by semicolons, as the centres' words hold commas."""
        centres = {f: centre(self.state, f) for f in FACES}

        def one(f: str) -> str:
            with_centre = centre_words(self.state, f, settings)
            if twin_centre(centres, f, True, settings):
                return f"{f} is the {FACE_PLACES[f]} face ({with_centre})"
            return f"{f} is the face with {with_centre}"
        named = "; ".join(one(f) for f in PHOTO_B)
        return (f"shows its corner turned a third round from photo A's (the face on top is "
                f"not the one opposite photo A's top face); named a third further round, the "
                f"reading is consistent: {named}")


def find_corner_turn(state: CubeState, settings: CubeSettings = CubeSettings(), *,
                     time_limit_s: float = 5.0) -> TurnedCorner | None:
    """Corner photos that both look upright but whose reading no solved arrangement fits:
    photo B's faces named a third or two thirds further round their corner (photo A names the
    cube: only the photos' turn relative to each other can be told), when exactly one of the
    two makes the reading consistent; else None. A photo turned by a third looks upright, so
    only the digits can tell."""
    found = only_fit((corner_turned(state, PHOTO_B, k) for k in (1, 2)), settings,
                     time_limit_s=time_limit_s)
    if found is None:
        return None
    return TurnedCorner(found.index + 1, found.state, found.solution)
