"""Which way round its corner a corner photo's faces are named: by the pose, else by what they
carry.

A corner photo held upright (a face on top of the corner, docs/photos.md) is named by the pose.
One held otherwise (a face at the bottom, the cube seen from below) shows its three faces known
only up to the corner's three-fold turn (:class:`vision.locate.corners.faces.CornerView`); it is
read each of the three ways, and the one in which its digits fit the other photo's into a cube
that a solved arrangement fits is kept (:func:`models.grid.one_fit.only_fit`), the
person told in words that name the faces by their centres. The upright photo names the cube
(photo A when both are); when neither is, photo A's first naming does (the cube is the same,
named turned in the hand), and both photos are said.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ...models.cube.face_words import PhotoNaming, centre, digit_words, listed
from ...models.cube.state import CubeState
from ...models.grid.one_fit import only_fit
from ...models.profile import CubeSettings
from ..locate.corners.faces import CornerFace, CornerView, NotUprightError, not_upright_message
from ..locate.corners.views import corner_faces
from ..recognise.underline_convention import with_convention
from .faces import FaceReading, reading_state

PhotoReadings = list[dict[str, FaceReading]]
"""A corner photo's three faces read in each naming its view holds (one when upright)."""


@dataclass(frozen=True)
class Named:
    """The faces of both corner photos as the cube reading names them, and what to tell the
    person about each photo not named by its pose (none when the pose named both)."""

    faces: dict[str, dict[str, FaceReading]]
    notes: tuple[str, ...] = ()


def named_faces(views: dict[str, CornerView], readings: dict[str, PhotoReadings],
                sources: dict[str, Path], settings: CubeSettings,
                naming: PhotoNaming | None = None) -> Named:
    """Each corner photo's faces in the naming the cube reading chooses: the pose's for a photo
    held upright; for one held otherwise the naming in which both photos' digits make a
    consistent cube (see the module docstring). Raises :class:`NotUprightError` when no one
    naming does, about that photo (:attr:`SudokuCubeError.photos`). The notes and the
    refusal name the photos as ``naming`` does (None: by their files, ``sources``)."""
    loose = [k for k in ("B", "A") if not views[k].upright]
    if not loose:
        return Named({k: r[0] for k, r in readings.items()})
    vary = loose[0]  # B while it is loose (A names the cube), else A
    fixed = "A" if vary == "B" else "B"
    states = []
    for option in readings[vary]:
        faces = with_convention({**readings[fixed][0], **option}, settings.underlined_69)
        states.append(reading_state(faces))
    chosen = only_fit(states, settings)
    view = views[vary]
    if chosen is None:
        other = naming.name(fixed) if naming is not None else f"photo {fixed}"
        refused = NotUprightError(not_upright_message(
            vary, str(sources[vary]), view.tilts_deg[0],
            f", and its digits do not fit {other}'s in just one of the three ways round "
            "the corner", naming), view.seen)
        refused.photo = str(sources[vary])  # for the refused photo's debug picture
        refused.photos = (vary,)
        raise refused

    def called(k: str) -> str:
        return naming.name(k) if naming is not None else sources[k].name
    notes = [held_words(called(vary), view, chosen.index, chosen.state, settings)]
    if not views[fixed].upright:  # both held so: A's first naming names the cube
        notes.insert(0, held_words(called(fixed), views[fixed], 0, chosen.state, settings,
                                   "nothing tells which of its faces is U, so they are named "
                                   f"one way round the corner and {called(vary)}'s "
                                   "fitted to them"))
    if naming is not None:  # a name of the caller's starts the sentence
        notes = [f"{n[0].upper()}{n[1:]}" for n in notes]
    return Named({fixed: readings[fixed][0], vary: readings[vary][chosen.index]}, tuple(notes))


def held_words(name: str, view: CornerView, naming: int, state: CubeState,
               settings: CubeSettings = CubeSettings(),
               how: str = "read the one way round the corner in which the digits of both "
                          "photos fit together") -> str:
    """'A.jpg was held with no face on top of the corner; read the one way round the corner in
    which the digits of both photos fit together: U is the face with centre 9 (at the bottom of
    the picture), F is ... and R is ...': which photo was held how (``how``: how its faces
    were named), each face named by its centre digit as the person sees it on ``settings``'
    cube (an un-underlined 6 or 9 is "6 or 9", :func:`models.cube.face_words.digit_words`) and
    where the picture shows it (which way a centre points means little in a turned photo),
    the three listed with "and" before the last (:func:`models.cube.face_words.listed`)."""
    faces = view.namings[naming]
    corner = _corner_point(view.photo, faces)
    parts = [f"{cf.face} is the face with centre {digit_words(centre(state, cf.face), settings)} "
             f"({_where(cf.to_image(3 / 2, 3 / 2) - corner)} of the picture)" for cf in faces]
    return f"{name} was held with no face on top of the corner; {how}: {listed(parts)}"


def _corner_point(photo: str, faces: tuple[CornerFace, ...]) -> np.ndarray:
    """Image position of the cube corner the faces meet at."""
    nets = {f.face: f.corner_net for f in corner_faces(photo)}
    return np.mean([cf.to_image(*nets[cf.face]) for cf in faces], axis=0)


_EIGHTHS = ("at the right", "at the bottom right", "at the bottom", "at the bottom left",
            "at the left", "at the top left", "at the top", "at the top right")
"""Where a face's middle lies from the corner, by eighths of a full turn from image right,
clockwise on the screen."""


def _where(d: np.ndarray) -> str:
    """Where in the picture a face lies, from the direction of its middle from the corner."""
    sector = math.tau / len(_EIGHTHS)
    return _EIGHTHS[round(math.atan2(float(d[1]), float(d[0])) / sector) % len(_EIGHTHS)]
