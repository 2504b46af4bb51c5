"""Reading the photos of one cube: six face photos ``U R F D L B`` or two corner photos
``A``/``B``. This module alone decides which of the two a folder (or list of files) holds;
:mod:`vision.reading.faces` reads face photos and :mod:`vision.reading.corners` corner photos, and
neither knows the other.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Mapping, Sequence

from ...models.cube.face_words import PhotoNaming
from ...models.cube.geometry import FACES
from ...models.cube.solved import digit_count_problems
from ...models.errors import SudokuCubeError
from ...models.profile import CubeSettings
from .corner_shown import corner_in
from .corners import CORNER_PHOTOS, read_corner_folder
from ..recognise.cell_model import CellModel
from ..recognise.hog import LinearModel
from ..photo.images import load_image
from ..photo.photo_files import face_photos, missing_faces_message
from .faces import FaceReading, OcrMode, Reading, read_face_photos
from ..recognise.templates import TemplateSet
from ..recognise.underline_model import UnderlineModel


def holds_corner_photos(photos: dict[str, Path]) -> bool:
    """True when the photos are a corner pair: ``A`` with fewer than six faces, or ``B`` with
    no other face photo (``B`` is also a face, so ``B`` beside ``U`` is a set of face photos)."""
    faces = sum(f in photos for f in FACES)
    return faces < len(FACES) and ("A" in photos or ("B" in photos and faces == 1))


def read_folder(paths: Path | str | Sequence[Path | str], *,
                templates: TemplateSet | None = None, model: LinearModel | None = None,
                ocr: OcrMode | bool = "auto", settings: CubeSettings = CubeSettings(),
                progress: Callable[[str], None] | None = None,
                done: Callable[[FaceReading], None] | None = None,
                cell_model: CellModel | None = None,
                underline_model: UnderlineModel | None = None,
                naming: PhotoNaming | None = None) -> Reading:
    """Read a cube's photos (a folder or the photo files) into a :class:`Reading`: six face
    photos ``U R F D L B``, or corner photos ``A`` and ``B``. ``progress`` (optional) is
    called with each photo's name as it is read, ``done`` with each face read (kept by a
    caller when another photo is refused); the models as
    :func:`vision.reading.faces.read_face` takes them. Missing photos raise a SudokuCubeError
    naming them. ``naming``: how the caller names the photos where the corner photos' refusals
    and the reading's notes name them (:func:`vision.reading.corners.read_corner_folder`,
    :func:`vision.reading.faces.read_face_photos`); None: by their files."""
    photos = face_photos(paths)
    if "A" in photos and any(f in photos for f in FACES if f != "B"):
        raise SudokuCubeError(mixed_message(paths, photos))
    if holds_corner_photos(photos):
        return read_corner_folder(paths, templates=templates, model=model, ocr=ocr,
                                  settings=settings, progress=progress, done=done,
                                  cell_model=cell_model, underline_model=underline_model,
                                  naming=naming)
    missing = [f for f in FACES if f not in photos]
    if missing:
        raise SudokuCubeError(missing_faces_message(paths, missing))
    reading = read_face_photos(photos, paths, templates=templates, model=model, ocr=ocr,
                               settings=settings, progress=progress, done=done,
                               cell_model=cell_model, underline_model=underline_model,
                               naming=naming)
    if digit_count_problems(reading.state.without_candidates()):
        corner = corner_among(photos, ("B",))  # B also names a corner photo: asked always
        if corner is not None:
            raise corner
    return reading


def corner_among(photos: Mapping[str, Path], faces: Sequence[str]) -> CornerAsFaceError | None:
    """The refusal of a folder of face photos (``photos``, face -> file) where the photo of
    one of ``faces`` shows a corner of the cube (three faces, :func:`shows_a_corner`), the
    first of them that does; None where none does. A corner photo's clearest face can be read
    as a face of its own: the reading then breaks the digit counts, or shows one face twice,
    where the person has to change a photo, not a sticker. Only the photos a finding names
    are asked (each costs a corner search)."""
    for f in faces:
        if f not in photos or not shows_a_corner(photos[f]):
            continue
        go_on = ("keep the corner photo with its pair A in a folder of their own" if f == "B"
                 else "read the corner photos as A.jpg and B.jpg in a folder of their own")
        return CornerAsFaceError(
            f, f"{photos[f]}: shows a corner of the cube (three faces), not face {f} alone: a "
               "folder holds six face photos U R F D L B, or the two corner photos A and B and "
               f"nothing else. Photograph face {f} straight on as {photos[f].name}, or {go_on}")
    return None


class CornerAsFaceError(SudokuCubeError):
    """A photo given as face ``face`` shows a corner of the cube (three faces): the message
    names the files of a folder; the phone page, which has slots and no files, says it in its
    own words. Either says how to go on (:attr:`SudokuCubeError.advises`)."""

    advises = True

    def __init__(self, face: str, message: str) -> None:
        super().__init__(message, photos=(face,))
        self.face = face


def mixed_message(paths: Path | str | Sequence[Path | str], photos: dict[str, Path]) -> str:
    """Why a folder that holds corner photo ``A`` beside face photos is not read: which of
    the two a person meant cannot be told (nor whether ``B`` is a face or the other corner
    photo: B names both)."""
    where = paths if isinstance(paths, (str, Path)) else ", ".join(str(p) for p in paths)
    faces = " ".join(f for f in FACES if f in photos and f not in CORNER_PHOTOS)
    either = (f" and {photos['B'].name} (face B, or corner photo B)" if "B" in photos else "")
    return (f"{where}: holds corner photo {photos['A'].name}, face photos ({faces}){either}; "
            "a cube is read from six face photos U R F D L B, or from the two corner photos A and "
            "B, not from a mix: keep the photos of one kind in the folder and move the others out")


def shows_a_corner(path: Path) -> bool:
    """True when the photo as taken shows three faces around a corner (a corner photo, held
    any way round), which a photo of one face straight on never does
    (:func:`vision.reading.corner_shown.corner_in`)."""
    return corner_in(load_image(path)) is not None
