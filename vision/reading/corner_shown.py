"""A face photo that shows a corner of the cube (three faces) instead of one face.

A person who took the corner photos of the two-photo way may give one of them as a face photo
(``U.jpg`` in a folder of six, or ``read`` on one file). The one-face search then finds no face
of its own, or finds one: a corner photo's steep faces may give it a clear face, two faces
side by side, or too few sticker shapes to line up, whose refusal would speak of blur or a small
face. Which comes depends on how steeply each face is seen, not on what the person should change;
so a refused face photo is asked once more whether the corner search
(:func:`vision.locate.corners.faces.locate_corner`) places three faces on it, and where it does
the refusal says the photo shows three faces, and how to go on. A face found is asked only
where its cells show no digit and the photo was given alone (`read` of a photo file, a slot
of the phone page: :func:`corner_shown`): a corner photo's steep faces may give a lattice
across them whose cells hold none, which would be refused as no Sudoku Cube. One read with
digits is read the same, and a live frame is never asked: the corner search costs a
camera's frames more than a refused photo a person chose.
"""
from __future__ import annotations

import cv2
import numpy as np

from ...models.errors import SudokuCubeError
from ..locate.corners.faces import CornerFace, CornerView, locate_corner
from ..locate.face_geometry import TWO_FACES_ADVICE, FaceNotFoundError


class CornerShownError(FaceNotFoundError):
    """A face photo refused because it shows a corner of the cube (three faces); its message
    carries :data:`vision.locate.face_geometry.TWO_FACES_ADVICE` as every refusal of more than
    one face in a photo does, and ``seen`` the three faces' cells for the debug picture."""


SLIVER = 3
"""A face seen at a third of the largest face's area or less is a sliver: a face photo taken a
little aslant shows its side faces so (a fifth of the face or less on the exam renderer's
face photos), a photo taken from the corner shows none (each face at least 0.45 of the
largest on both renderers' corner photos)."""


def corner_in(image: np.ndarray) -> CornerView | None:
    """The three faces around a corner of the cube that the photo ``image`` shows as taken
    (held any way round), or None. Its shade is not lifted as a corner photo's is when read:
    in a lifted copy of a noisy one-face photo the slivers of its side faces can pass for
    two more faces, and the person would be told a face photo is a corner photo. Nor is a
    corner whose faces include a sliver (:data:`SLIVER`): the corner search places three
    faces on a face photo taken aslant too, its side faces' slivers beside the face."""
    try:
        view = locate_corner(image, "B", lift_shade=False)
    except SudokuCubeError:
        return None
    areas = [face_area(f) for f in view.namings[0]]
    return view if SLIVER * min(areas) > max(areas) else None


def face_area(face: CornerFace) -> float:
    """The area in pixels of ``face``'s outline in the photo (:meth:`CornerFace.quad`)."""
    return abs(float(cv2.contourArea(face.quad().astype(np.float32))))


def face_photo_refusal(refused: FaceNotFoundError, image: np.ndarray,
                       source: str) -> FaceNotFoundError:
    """The refusal of face photo ``image`` (named ``source``) that the one-face search
    refused with ``refused``: a :class:`CornerShownError` where the photo shows a corner of the
    cube (:func:`corner_in`), else ``refused`` itself. A refusal of two faces (seen across an
    edge) says how to go on already, but a corner's three faces are what the person sees."""
    shown = corner_shown(image, source)
    if shown is None:
        return refused
    shown.photo = refused.photo
    return shown


def corner_shown(image: np.ndarray, source: str) -> CornerShownError | None:
    """The refusal of face photo ``image`` (named ``source``) as showing a corner of the cube
    (:func:`corner_in`), or None where it shows none."""
    view = corner_in(image)
    if view is None:
        return None
    return CornerShownError(
        f"{source}: three faces in one photo (a corner of the cube, where one face was asked "
        f"for); {TWO_FACES_ADVICE}", view.seen)
