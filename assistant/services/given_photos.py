"""Whether a photo given to a check is a face photo or a corner photo, and which corner photo,
where its file's name leaves that open.

A file named A is corner photo A, and one named after face U, R, F, D or L that face's photo.
But B names both face B and corner photo B (the corner photos are named A.jpg and B.jpg, as the
README says), and a file named after nothing (back.jpg) says neither which face nor which
corner. Such a photo is read as its name or the question takes it first, and asked more only
where that reading does not fit the cube the plan expects:

- given as a face's photo, it is asked whether it shows a corner of the cube
  (:func:`face_or_corner`), even where its one-face reading fits that face: a corner photo's
  clearest face is read as the face, and on a cube whose D or L centre carries B's digit it
  fits face B. A photo of one face never shows a corner
  (:func:`vision.reading.photo_set.shows_a_corner`: a face taken aslant shows slivers of its
  side faces, no corner), so one that does is a corner photo, and is read as one;
- given as a corner photo with no letter, it is read as photo A, and as photo B where, read
  as A, it is refused or its faces' centres, read surely, are not U's, F's and R's, but B's
  faces' are D's, L's and B's, or where neither fits, it shows more of B's centre digits
  (:func:`corner_by_centres`): the centres never move, and which of them the photo shows is
  which corner it shows.

A photo named after face U, R, F, D or L is never asked (the corner search costs about a
second on a face photo), nor is a photo whose face the person named (``F=PATH``, ``--face``):
they said what it is.

Shared by ``sudoku-cube check`` and the guide's ``c`` key.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Mapping, NamedTuple

from ...models.cube.face_words import centre, listed
from ...models.cube.geometry import FACES
from ...models.cube.state import CubeState
from ...models.cube.stickers import is_doubtful
from ...models.errors import SudokuCubeError
from ...models.profile import CubeSettings
from ...vision.locate.face_geometry import TWO_FACES_ADVICE, FaceNotFoundError
from ...vision.reading.corner_shown import CornerShownError
from ...vision.reading.photo_set import shows_a_corner
from ...vision.reading.reader import Reader
from .slip_check import Cells, corner_cells, photo_cells, shown_centre
from .wrong_centres import CORNER_FACES

FaceRead = Callable[..., Cells]
"""How a face photo is read: :func:`assistant.services.slip_check.photo_cells`' signature."""
CornerRead = Callable[..., dict[str, Cells]]
"""How a corner photo is read: :func:`assistant.services.slip_check.corner_cells`'
signature (the corner photo's letter as ``photo=``)."""


class Given(NamedTuple):
    """A photo given to a check, as read: its faces' cells, the corner photo it is (``A`` or
    ``B``; "" for a face photo), and the line that says how it was taken where its name did
    not say so ("" where it did)."""

    faces: dict[str, Cells]
    corner: str = ""
    said: str = ""


def corner_named(path: str) -> str | None:
    """The corner photo a photo's file name, given for a face, leaves open: "B" for a file
    named B (face B, or corner photo B), "" for one named after no face nor A (either corner
    photo, or a face), None where the name settles it (A: corner photo A; U, R, F, D or L:
    that face's photo)."""
    stem = Path(path).stem.upper()
    if stem == "B":
        return "B"
    return None if stem == "A" or stem in FACES else ""


def _misfit(letter: str, faces: Mapping[str, Cells], cube: CubeState,
            settings: CubeSettings) -> bool:
    """Whether one of the faces of corner photo ``letter`` read in ``faces`` shows a centre,
    read surely, that is not that face's in ``cube`` (:func:`shown_centre`)."""
    return any(shown_centre(f, faces[f], cube, settings) is not None
               for f in CORNER_FACES[letter] if f in faces)


def corner_by_centres(path: str, reader: Reader = Reader(), cube: CubeState | None = None,
                      settings: CubeSettings = CubeSettings(),
                      read: CornerRead = corner_cells) -> tuple[str, dict[str, Cells]]:
    """A corner photo whose name says neither A nor B, read (with ``read``, on ``reader``) as
    the corner photo whose faces' centres it shows in ``cube``, the cube as the plan expects
    it: photo A where its centres do not say otherwise; photo B where, read as B, every face
    is found and none shows another face's centre, and, read as A, the photo is refused or a
    sure centre is not its face's. Where neither reading fits, the one whose faces' centre
    digits the photo shows more of (:func:`_digits_shown`: a photo held turned names its
    faces otherwise, but shows the same centres). Its letter and its faces' cells; the
    refusal as photo A where neither reading is had. Without ``cube``, photo A."""
    try:
        faces: dict[str, Cells] | None = read(path, reader, photo="A")
    except SudokuCubeError as refused:
        if cube is None:
            raise
        faces, first = None, refused
    if cube is None or (faces is not None and not _misfit("A", faces, cube, settings)):
        return "A", faces or {}
    try:
        other = read(path, reader, photo="B")
    except SudokuCubeError:
        other = None
    if other is not None and all(f in other for f in CORNER_FACES["B"]) \
            and not _misfit("B", other, cube, settings):
        return "B", other
    if faces is None:
        if other is None:
            raise first
        return "B", other
    if other is not None and _digits_shown("B", other, cube) > _digits_shown("A", faces, cube):
        return "B", other
    return "A", faces


def _digits_shown(letter: str, faces: Mapping[str, Cells], cube: CubeState) -> int:
    """How many of the centre digits of corner photo ``letter``'s faces in ``cube`` the
    photo's faces show as their centres, read surely, whichever face shows which and however
    they point."""
    want = [centre(cube, f).digit for f in CORNER_FACES[letter]]
    seen = [cells[4][0].sticker.digit for cells in faces.values()
            if len(cells) == 9 and cells[4] and not is_doubtful(cells[4])]
    return sum(min(want.count(d), seen.count(d)) for d in set(want))


def by_centres_words(path: str, letter: str) -> str:
    """The line that says a corner photo with no letter was read as photo ``letter`` by its
    centres ("" for A, the letter taken where none is given)."""
    if letter != "B":
        return ""
    return (f"{Path(path).name}: read as corner photo B ({listed(CORNER_FACES['B'])} in view): "
            "its centres are this cube's D's, L's and B's, not U's, F's and R's (B=PATH says "
            "so).")


def _shows_a_corner(path: str, refused: SudokuCubeError | None = None) -> bool:
    """Whether the photo at ``path`` shows a corner of the cube: its one-face reading was
    ``refused`` for it, or the corner search finds three faces on it as taken. A face the
    one-face search did not find was asked so already (:func:`vision.reading.corner_shown.
    face_photo_refusal`, unless its refusal spoke of two faces), and is not asked again. A
    file that cannot be read shows none (its own refusal stands)."""
    if isinstance(refused, CornerShownError):
        return True
    if isinstance(refused, FaceNotFoundError) and TWO_FACES_ADVICE not in str(refused):
        return False
    try:
        return shows_a_corner(Path(path))
    except SudokuCubeError:
        return False


def _as_corner(path: str, reader: Reader, cube: CubeState | None, settings: CubeSettings,
               corner: str, read: CornerRead) -> Given:
    """The photo at ``path``, which shows a corner of the cube, read as corner photo
    ``corner`` ("": by its centres, :func:`corner_by_centres`), with the line that says so."""
    if corner:
        faces = read(path, reader, photo=corner)
    else:
        corner, faces = corner_by_centres(path, reader, cube, settings, read)
    said = (f"{Path(path).name} shows a corner of the cube (three faces): read as corner photo "
            f"{corner} ({listed(CORNER_FACES[corner])} in view).")
    return Given(faces, corner, said)


def face_or_corner(face: str, path: str, reader: Reader = Reader(),
                   cube: CubeState | None = None, settings: CubeSettings = CubeSettings(),
                   corner: str = "", read_face: FaceRead = photo_cells,
                   read_corner: CornerRead = corner_cells) -> Given:
    """A photo given as face ``face``'s whose file's name leaves open that it is a corner
    photo (:func:`corner_named`; ``corner``: the one it may be, "" for either), read: as
    ``face``'s photo (``read_face``) where the photo shows no corner of the cube, else as
    that corner photo (``read_corner``; the letter by its centres where ``corner`` is ""),
    said so: the corner question is asked whether or not the face reading fits ``cube``,
    whose twin centres may let a corner photo's clearest face pass as ``face``. A refused
    face reading of a photo that shows no corner is raised as it is, and a reading that does
    not fit is kept for the check to judge (a cube held turned brings another centre in
    front)."""
    try:
        cells = read_face(face, path, reader)
    except SudokuCubeError as refused:
        if not _shows_a_corner(path, refused):
            raise
        return _as_corner(path, reader, cube, settings, corner, read_corner)
    if not _shows_a_corner(path):
        return Given({face: cells})
    return _as_corner(path, reader, cube, settings, corner, read_corner)


def photo_as_given(face: str, path: str, reader: Reader = Reader(),
                   cube: CubeState | None = None, settings: CubeSettings = CubeSettings(),
                   told: bool = False, read_face: FaceRead = photo_cells,
                   read_corner: CornerRead = corner_cells) -> Given:
    """A photo given for face ``face`` (``told``: the person named its face, ``F=PATH`` or
    ``--face``: it is that face's), read as its file's name and what it shows say: a file
    named A is corner photo A, said so; one named after face U, R, F, D or L is that face's
    photo; one named B or after no face is read by :func:`face_or_corner`. The one rule of
    ``check --photo`` and the guide's ``c`` key."""
    if not told and Path(path).stem.upper() == "A":
        return Given(read_corner(path, reader, photo="A"), "A",
                     f"{Path(path).name}: read as corner photo A ({listed(CORNER_FACES['A'])} in "
                     "view), by its file's name.")
    open_to = None if told else corner_named(path)
    if open_to is None:
        return Given({face: read_face(face, path, reader)})
    return face_or_corner(face, path, reader, cube, settings, open_to, read_face, read_corner)


__all__ = ["Given", "by_centres_words", "corner_by_centres", "corner_named", "face_or_corner",
           "photo_as_given"]
