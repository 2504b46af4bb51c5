"""From what a person gives (a photo folder or a state file) to the reading the pipeline solves,
and the two corrections made before it: a photo held turned set upright, and the digit 1 taken
as not symmetric when the photos show it has a foot. Nothing is printed: each step returns what
it would tell the person, and the front end says it."""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Callable, Mapping, NamedTuple, Sequence

from ...models.cube.face_words import PhotoNaming, faces_words, place_words, to_hold_words
from ...models.cube.geometry import FACES
from ...models.cube.state import CubeState, sticker_name
from ...models.cube.stickers import Sticker
from ...models.cube.transform import Transform
from ...models.errors import SudokuCubeError
from ...models.grid import GridSolution, GridUnsolvableError, photo_refusal, solve_grid
from ...models.grid.corner_turn import find_corner_turn
from ...models.grid.diagnosis import check_digit_counts
from ...models.grid.hopeless import (FACE_ON, PhotoNames, corner_names, corner_on,
                                     refused_before_search, retake_photos, retaken)
from ...models.grid.odd_face import odd_face
from ...models.grid.photo_turn import find_turned_photo
from ...models.grid.repeated_photo import alike_faces, repeated_photo
from ...models.profile import CubeSettings
from ...vision.locate.corners.views import face_names
from ...vision.photo.images import IMAGE_SUFFIXES, OTHER_PHOTO_SUFFIXES
from ...vision.reading.corners import CORNER_PHOTOS
from ...vision.reading.photo_set import CornerAsFaceError, corner_among
from ...vision.recognise.footed import SURE, OneVerdict, ones_verdict
from ...vision.reading.reader import Reader
from ...vision.reading.faces import FaceReading, Reading
from .files import StateFile, load_state_file
from .pipeline import Event, Progress

DEMO_SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "cubes" / "01-easy"
"""The bundled photos that ``sudoku-cube solve`` reads when given nothing."""

PHOTO_SUFFIXES = IMAGE_SUFFIXES + OTHER_PHOTO_SUFFIXES
"""Names of photo files (readable or not): given where a cube is expected, the person meant
the folder that holds them, not a state file."""

GridSolver = Callable[..., GridSolution]
"""A grid solver with :func:`solve_grid`'s signature (e.g. a ``RememberedSolver``)."""


class CubeRead(NamedTuple):
    """What :func:`read_input` read: the state, what the photos say about the digit 1 (from a
    state file, what ``scan`` wrote into it, else None), for corner photos the photo each face
    was read from (:func:`corner_photos`), for face photos each face's file name
    (:func:`face_photos`), what the reader decided or could not do that the person should
    hear (:attr:`vision.reading.Reading.warnings`, each as a "warning:" line, such as the OCR
    vote asked for but tesseract missing, then :attr:`vision.reading.Reading.notes`: a corner
    photo held with no face on top), and the photos to name in advice to retake one
    (:func:`photo_names`).

    A state file gives no ``corner_photos`` nor ``face_files``: its faces may have been
    corrected by hand, so no photo's reading is turned (:func:`turned_upright`); its record of
    the photos read (the ``reading`` section ``read --json`` writes) still names them in
    ``photo_names``, for the messages alone."""

    state: CubeState
    ones: OneVerdict | None
    corner_photos: dict[str, str] | None
    face_files: dict[str, str] | None
    notes: tuple[str, ...] = ()
    photo_names: PhotoNames | None = None


def read_input(path: Path, reader: Reader, progress: Progress | None = None,
               reading: Reading | None = None, naming: PhotoNaming | None = None
               ) -> CubeRead:
    """The cube in a photo folder (read with ``reader``) or a state file; a missing path is a
    clear error naming it, and photos in which most faces show no digit
    (:func:`no_digits_refusal`) are no Sudoku Cube's, refused naming the photos to retake, as
    is a state file whose record of its photos says so (``read --json`` writes the reading
    before it refuses it; :func:`as_read`); so are photos of one face twice
    (:func:`repeated_photo_refusal`) and a face photo that does not fit the other five
    (:func:`odd_face_refusal`), naming the photo. ``reading``: the photo folder's
    reading when it was already read (``serve`` reads each photo as it arrives; its refusal
    then names no folder, which the phone's user never saw). ``naming``: how the caller names
    the photos, in these refusals and in the advice that names photos to retake
    (:attr:`CubeRead.photo_names`; the phone page by its cards); None names them by their
    files. Each refusal keeps the photos it is about as its
    :attr:`~models.errors.SudokuCubeError.photos`."""
    if not path.exists():
        raise SudokuCubeError(f"{path}: no such file or folder; give a folder of face photos "
                              "(U.jpg R.jpg ...) or a state file")
    if path.is_dir():
        if progress is not None:
            progress(Event("reading"))
        given, reading = reading is not None, reading or reader.read_photo_set(path)
        names = photo_names(photo_sources(reading.faces), naming)
        blank = {f: r.blank for f, r in reading.faces.items()}
        refusal = no_digits_refusal(blank, names)
        if refusal is not None:  # no Sudoku Cube: no review of guesses
            raise SudokuCubeError(refusal if given else f"{path}: {refusal}", advises=True,
                                  photos=retaken(blank_faces(blank), names))
        files = face_photos(reading.faces)
        twice = repeated_photo_refusal(reading.state, names, blank) \
            if files and names is not None else None
        if twice is not None:  # one face photographed twice: no review of its stickers
            raise corner_or(twice, reading, path, given, files)
        corner = corner_of_alike(reading, blank, reader.settings) if files else None
        if corner is not None:  # a corner photo's clearest face read as a face of its own
            raise CornerAsFaceError(corner.face, str(corner).replace(f"{path}{os.sep}", "")) \
                if given else corner
        odd = odd_face_refusal(reading.state, names, reader.settings)
        if odd is not None:  # one photo of another cube: no review of its nine stickers
            raise corner_or(odd, reading, path, given, files)
        heard = tuple(f"warning: {w}" for w in reading.warnings) + tuple(reading.notes)
        return CubeRead(reading.state, ones_verdict(reading.faces),
                        corner_photos(reading.faces), face_photos(reading.faces), heard, names)
    if path.suffix.lower() in PHOTO_SUFFIXES:
        raise SudokuCubeError(f"{path}: is a photo; a cube is read from the folder of its "
                              f"photos: give the folder ({path.absolute().parent}) that holds "
                              "the six face photos U R F D L B or the two corner photos A and B")
    state, ones, sources, _ = checked_state_file(path)
    return CubeRead(state, ones, None, None, photo_names=photo_names(sources))


def corner_or(said: Refusal, reading: Reading, path: Path, given: bool,
              files: Mapping[str, str] | None) -> SudokuCubeError:
    """The refusal of a reading that shows one face twice, or a face that does not fit the
    other five (``said``, with the photos it is about): where the reading is of six face
    photos (``files``, else None) and one of them shows a corner of the cube (three faces),
    that is what the person has to change, and it is said instead
    (:func:`vision.reading.photo_set.corner_among`: a corner photo's clearest face read as a
    face of its own). Both refusals break the digit counts, where the folder's reading has
    already asked photo B
    (:func:`vision.reading.photo_set.read_folder`), so the other five are asked. ``given``:
    the reading came with no folder the person named (the phone page), so the photo is named
    without its folder."""
    photos = {f: Path(source) for f, source in photo_sources(reading.faces).items() if files}
    corner = corner_among(photos, tuple(f for f in FACES if f != "B"))
    if corner is None:  # both refusals name the photo to retake, and how
        return SudokuCubeError(said.words if given else f"{path}: {said.words}", advises=True,
                               photos=said.photos)
    return CornerAsFaceError(corner.face, str(corner).replace(f"{path}{os.sep}", "")) \
        if given else corner


def corner_of_alike(reading: Reading, blank: Mapping[str, Sequence[int]],
                    settings: CubeSettings) -> CornerAsFaceError | None:
    """Where two face photos read alike sticker for sticker though the digit counts hold
    (the doubtful stickers could still balance them, :func:`models.grid.repeated_photo.
    alike_faces`), whether one of the two shows a corner of the cube: a corner photo given as
    a face's is read as its clearest face, which another photo shows too. Only the two are
    asked (each costs a corner search), and only a corner found refuses the reading: a cube
    may be printed with faces alike."""
    pair = alike_faces(reading.state, blank, settings.symmetric)
    if pair is None:
        return None
    photos = {f: Path(source) for f, source in photo_sources(reading.faces).items()}
    return corner_among(photos, (pair.first, pair.second))


class Refusal(NamedTuple):
    """A refusal's words, and the photos it is about, by letter
    (:attr:`models.errors.SudokuCubeError.photos`), for the error that says it."""

    words: str
    photos: tuple[str, ...] = ()


def repeated_photo_refusal(state: CubeState, photos: PhotoNames,
                           blank: Mapping[str, Sequence[int]] | None = None
                           ) -> Refusal | None:
    """The refusal of a reading in which two face photos (``photos``: each face's own, and
    how they are named) show one face's stickers and the digit counts fail
    (:func:`models.grid.repeated_photo.repeated_photo`; ``blank``: per face the stickers no
    digit was seen on), naming the two photos and the face each is to show, about the later
    photo and then the earlier one; None when no two faces are alike."""
    twice = repeated_photo(state, blank, CubeSettings().symmetric)
    if twice is None:
        return None
    a, b = photos.called(twice.first), photos.called(twice.second)
    place = photos.naming.place if photos.naming is not None else place_words
    turned = ", one turned to the other" if twice.quarter_turns else ""
    return Refusal(
        f"{b} shows the same face as {a} ({twice.alike} of its 9 stickers alike{turned}): "
        f"the same face was photographed twice. Retake the one taken of the wrong face: "
        f"{a} is to show {place(twice.first)} and {b} {place(twice.second)}",
        (twice.second, twice.first))


def odd_face_refusal(state: CubeState, photos: PhotoNames | None,
                     settings: CubeSettings = CubeSettings()) -> Refusal | None:
    """The refusal of a reading whose digit counts fail where one face's photo does not fit
    the other five (:func:`models.grid.odd_face.odd_face`: with its nine stickers left open the
    cube solves, with no other face's, and not by a few of them misread), naming that photo
    (``photos`` as :func:`photo_names` gives them: the face's own, by its file or as the
    caller names it, or the corner photo that shows it with the face) and the face it is to
    show, about that photo; the digit counts' lines follow, still true. None where no
    one face is to blame."""
    odd = odd_face(state, settings)
    if odd is None:
        return None
    face = odd.face
    naming = photos.naming if photos is not None else None
    where = naming.place(face) if naming is not None else place_words(face)
    if photos is None or face not in photos.names:
        shot, again, about = f"the photo of {where}", f"Retake the photo of {where}", ()
    elif photos.corners:
        corner = corner_names([photos.photo(face)], photos)
        shot = f"{where} in {corner}"
        again = f"Retake {corner}: {corner_on()}"
        about = (photos.photo(face),)
    elif naming is not None and naming.says_face:
        shot, about = photos.called(face), (face,)
        again = f"Retake {shot}: {FACE_ON}"
    else:
        named = photos.called(face)
        shot, about = f"the photo of {face} ({named})", (face,)
        again = f"Retake {named} of {where}: {FACE_ON}"
    counts = ""
    try:
        check_digit_counts(state, settings)
    except GridUnsolvableError as e:
        counts = f"\n{e.finding}"
    return Refusal(f"{shot} does not fit the other five faces: it may show another cube, or "
                   f"another face than {where}. {again}.{counts}", about)


def checked_state_file(path: str | os.PathLike[str]) -> StateFile:
    """A state file (:func:`files.load_state_file`), refused where its record of the photos
    says most faces showed no digit (``read --json`` writes the reading before it refuses
    the photos of a plain cube; :func:`as_read`), naming the photos to retake and how to keep
    digits that are right (:data:`KEEP_DIGITS`): the commands that take a cube's state file
    (solve, guide, grid, show, encode, apply) read it through here, so none draws, turns or
    solves a cube with no digits (``calibrate``'s truth file is the person's own typing)."""
    got = load_state_file(path)
    refusal = no_digits_refusal(as_read(got.state, got.blank), photo_names(got.sources))
    if refusal is not None:
        raise SudokuCubeError(f"{path}, as its record of the photos says: {refusal}. "
                              f"{KEEP_DIGITS.format(name=Path(path).name)}")
    return got


KEEP_DIGITS = ('If the digits in {name} are right (a token typed the same as the photo read '
               'it still counts as read), delete the "blank" entries of its "reading" section, '
               'or that whole section, and give the file again')
"""How to go on with a state file refused for its record of the photos (:func:`read_input`)
where its digits are right: that record is all the refusal reads (:func:`as_read`)."""


def as_read(state: CubeState, blank: Mapping[str, Sequence[int]]) -> dict[str, list[int]]:
    """Of the stickers a state file records no digit seen on (``blank``: face -> cells
    0-8), those still as the photo read them: a token typed over one (certain, no score) is
    the person's word that the sticker holds that digit."""
    return {f: [i for i in cells
                if state.hypotheses(FACES.index(f) * 9 + i)[0].score is not None]
            for f, cells in blank.items()}


def no_digits_refusal(blank: Mapping[str, Sequence[int]], photos: PhotoNames | None = None,
                      again: str = "") -> str | None:
    """The refusal of a cube most of whose faces show no digit at all (``blank``: face -> the
    stickers 0-8 of its reading on which no digit was seen): a plain colour cube, or photos
    too dark or blurred to show the digits, no Sudoku Cube to search guesses for. The words
    of :func:`blank_line` (``photos`` and ``again`` as it takes them); None for a cube with
    digits on most faces, whose blank stickers the review settles."""
    stickers = frozenset(FACES.index(f) * 9 + i for f, cells in blank.items() for i in cells)
    empty = [f for f in FACES if len(set(blank.get(f, ()))) == 9]
    if 2 * len(empty) <= len(FACES):
        return None
    return blank_line(stickers, empty, photos, again)


def photo_sources(faces: Mapping[str, FaceReading]) -> dict[str, str]:
    """Face -> the path of the photo it was read from (faces without one left out), of a
    reading's faces (:attr:`vision.reading.Reading.faces`)."""
    return {f: r.source for f, r in faces.items() if r.source}


def face_photos(faces: Mapping[str, FaceReading]) -> dict[str, str] | None:
    """Face -> the file name of its photo, when every face came from a photo of its own."""
    return _face_files(photo_sources(faces))


def corner_photos(faces: Mapping[str, FaceReading]) -> dict[str, str] | None:
    """Face -> corner photo (``A`` or ``B``) it was read from, when the faces came from corner
    photos (so that a refusal names the photos to retake, not faces); else None."""
    return _corner_letters(photo_sources(faces))


def _face_files(sources: Mapping[str, str]) -> dict[str, str] | None:
    """:func:`face_photos` of the photos' paths."""
    names = {f: Path(s).name for f, s in sources.items()}
    return names if names and all(Path(n).stem.upper() == f for f, n in names.items()) else None


def _corner_letters(sources: Mapping[str, str]) -> dict[str, str] | None:
    """:func:`corner_photos` of the photos' paths."""
    names = {f: Path(s).stem.upper() for f, s in sources.items()}
    return names if names and set(names.values()) <= {"A", "B"} else None


CORNER_OF = {f: k for k in CORNER_PHOTOS for f in face_names(k)}
"""The corner photo that shows each face: A shows U F R, B shows D L B (docs/photos.md)."""


def photo_names(sources: Mapping[str, str], naming: PhotoNaming | None = None
                ) -> PhotoNames | None:
    """The photos to name in advice to retake one, from face -> the path of the photo it was
    read from (a photo folder's reading, or a state file's record of it, trusted in nothing):
    the corner photos (``A`` or ``B``, each showing its own three faces) or each face's own
    photo (its file name alone, ``L.jpg``, never the folder), named as ``naming`` names them
    where given (:class:`models.grid.hopeless.PhotoNames`); None unless all six faces come
    from photo files of one kind or the other."""
    if set(sources) != set(FACES) or any(Path(s).suffix.lower() not in PHOTO_SUFFIXES
                                         for s in sources.values()):
        return None
    if _corner_letters(sources) == CORNER_OF:
        return PhotoNames(dict(CORNER_OF), corners=True, naming=naming)
    files = _face_files(sources)
    return PhotoNames(files, naming=naming) if files else None


def blank_stickers(faces: Mapping[str, FaceReading]) -> frozenset[int]:
    """The stickers (state indices) of a reading's faces in which no digit was seen
    (:attr:`vision.reading.faces.FaceReading.blank`)."""
    return frozenset(FACES.index(f) * 9 + i for f, r in faces.items() for i in r.blank)


def empty_faces(faces: Mapping[str, FaceReading]) -> list[str]:
    """The faces of a reading on which no digit was seen at all (a plain cube's, or one too
    dark or blurred to show its digits)."""
    return [f for f, r in faces.items() if len(r.blank) == len(r.stickers)]


def blank_faces(blank: Mapping[str, Sequence[int]]) -> list[str]:
    """The faces with a sticker on which no digit was seen (``blank``: face -> cells 0-8), in
    the usual order: those whose photos :func:`blank_line` names to retake."""
    return [f for f in FACES if blank.get(f)]


NO_DIGIT_ON_FACE = ("no digit seen on any sticker: is this a Sudoku Cube (a digit on every "
                    "sticker)? If so, photograph the face sharply, in even light, so it fills "
                    "about half of the picture")
"""What a face photo on which no digit was seen at all asks: no Sudoku Cube face, or one too
dark or blurred to show its digits."""


def corner_blank_line(empty: Sequence[str], retake: str = "it") -> str:
    """What a corner photo whose faces ``empty`` show no digit at all asks: whether the cube
    is a Sudoku Cube, and how to take that corner photo again (not a face's photo);
    ``retake``: the photo as the words name it ("A.jpg (corner photo A)"; "it" where the words
    before already name it)."""
    where = "any of its faces" if len(empty) == 3 else faces_words(list(empty), None)
    return (f"no digit seen on {where}: is this a Sudoku Cube (a digit on every sticker)? If "
            f"so, retake {retake}: {corner_on()}")


def photo_without_digits(faces: Mapping[str, FaceReading]) -> str | None:
    """Why a photo read as ``faces`` (one face, or a corner photo's three) is no photo of a
    Sudoku Cube as it is: no digit seen on any sticker of its face, or of any of its faces (a
    plain cube, another object, or a photo too dark or blurred); None where it shows digits.
    ``read`` says the same of such a photo and ends with exit 2."""
    empty = empty_faces(faces)
    if not faces or len(empty) < len(faces):
        return None
    return corner_blank_line(empty) if len(faces) > 1 else NO_DIGIT_ON_FACE


def blank_line(blank: frozenset[int], empty: list[str], photos: PhotoNames | None = None,
               again: str = "") -> str:
    """The one line about the stickers of a cube's reading in which no digit was seen
    (``blank``, state indices; ``empty``: the faces with none at all): a face without any
    digit is no Sudoku Cube face, or one too dark or blurred to show its digits. Faces are
    named by where they are: a centre without a digit names nothing; the photos to take
    again by their names where ``photos`` knows them (:func:`photo_names`), else in
    ``again`` (what follows "If so, ", such as how to scan the cube again), else as photos of
    the faces named."""
    if empty:
        faces = [f for f in FACES if any(FACES.index(f) * 9 + i in blank for i in range(9))]
        which = "each face" if len(faces) == len(FACES) else faces_words(faces, None)
        where = "on any face" if len(empty) == len(FACES) else f"on {faces_words(empty, None)}"
        named = retake_photos(faces, photos)
        how = (f"If so, r{named[1:]}" if named else f"If so, {again}" if again else
               f"If so, photograph {which} sharply, in even light, the face filling about "
               "half of the picture")
        return (f"no digit seen on {len(blank)} of the 54 stickers, none at all {where}: is "
                f"this a Sudoku Cube (a digit on every sticker)? {how}")
    return (f"no digit seen on sticker(s) {' '.join(sticker_name(i) for i in sorted(blank))} "
            "(blank, glare or shadow?): retake those photos without glare, or settle them in "
            "the review")


def unsettled(state: CubeState, photos: PhotoNames | None = None
              ) -> GridUnsolvableError | None:
    """The refusal ``solve`` gives a reading with so many doubtful stickers that it refuses it
    before any search (:data:`models.grid.hopeless.HOPELESS_DOUBTFUL`), naming the photos to
    retake (``photos`` as :func:`photo_names` gives them); None for a reading it would try."""
    err = refused_before_search(state)
    return None if err is None else photo_refusal(err, state, photos)


class TurnedWords(NamedTuple):
    """What :func:`turned_upright` tells of a photo held turned, in parts, so that each front
    end names the photo as it names photos (the terminal by its file, the phone page by its
    card): ``photo``, the face whose own photo it is (``F``), or ``B`` for corner photo B
    (``corner``); ``finding``, what was found, following the photo's name ("shows its face
    turned a quarter turn clockwise ...; turned back, the reading is consistent"); ``hold``,
    how to hold the cube to take it again, following "retake <the photo>" ("with the cube
    upright")."""

    photo: str
    corner: bool
    finding: str
    hold: str

    def said(self, name: str, retake: bool = True) -> str:
        """The finding told of the photo called ``name``, and that the reading is taken so;
        with the advice to retake the photo if that is wrong when ``retake`` (a front end
        that cannot take the photo again now leaves it out)."""
        said = f"{name} {self.finding}: reading it so."
        return f"{said} If that is wrong, retake {name} {self.hold}." if retake else said


class Upright(NamedTuple):
    """What :func:`turned_upright` found: the reading (set upright where a photo was held
    turned), what to tell the person (None: nothing was turned), the turn that set it upright
    (None: none), a transform of the reading as photographed whose ``source`` says where each
    sticker of the photos went, so that a front end showing the photos (the phone page of
    ``serve``) shows them as the reading is taken, and ``said``'s parts (:class:`TurnedWords`,
    None: nothing was turned), for a front end that names the photo its own way."""

    state: CubeState
    said: str | None = None
    turn: Transform | None = None
    words: TurnedWords | None = None


def turned_upright(state: CubeState, settings: CubeSettings, files: dict[str, str] | None,
                   solver: GridSolver | None = None, corners: dict[str, str] | None = None
                   ) -> Upright:
    """The reading with a photo held turned set upright, and what to tell the person: when no
    solved arrangement fits the reading and turning one face photo's reading back a quarter or
    half turn, or corner photo B's a third round its corner, makes the cube consistent, that
    reading, which photo and the turn; else ``state`` alone. ``files``: face -> its photo's
    file name (None for a state file or corner photos; the photo is named by it, else by its
    face's centre); ``corners``: face -> the corner photo (``A`` or ``B``) it was read from
    (:func:`corner_photos`), for corner photos. ``solver``: the grid solver that solves the
    reading afterwards, remembering this answer, so a consistent reading is solved once."""
    if not files and not corners:
        return Upright(state)
    try:
        (solver or solve_grid)(state, settings, explain=False)
        return Upright(state)
    except SudokuCubeError as e:
        if getattr(e, "reason", None) != "infeasible":
            return Upright(state)
    if not files:
        corner = find_corner_turn(state, settings)
        if corner is None:
            return Upright(state)
        words = TurnedWords("B", True, corner.finding(settings),
                            f"with {to_hold_words(corner.state, 'D', settings)} on top")
        return Upright(corner.state, words.said("photo B"), corner.turn, words)
    turned = find_turned_photo(state, settings)
    if turned is None:
        return Upright(state)
    words = TurnedWords(turned.face, False, turned.finding(), "with the cube upright")
    name = files.get(turned.face) or turned.photo_words(settings)
    return Upright(turned.state, words.said(name), turned.turn, words)


def footed_settings(state: CubeState, settings: CubeSettings, ones: OneVerdict | None,
                    solver: GridSolver | None = None) -> tuple[CubeSettings, str | None]:
    """The cube settings with the photos' verdict on the 1, and what to tell the person: when
    its 1s have a foot, 1 is not symmetric, so the plan keeps every 1 upright; kept only when
    the grid solves so with every clearly read 1 as read (else the cube's design turns a 1
    over and the 1 stays symmetric). ``solver`` as in :func:`turned_upright`. A reading too
    doubtful for the grid solver raises its :class:`GridUnsolvableError`
    (:func:`footed_as_read` takes the verdict unchecked)."""
    footed, said = footed_as_read(settings, ones)
    if said is None:
        return settings, None
    chosen = _chosen(state, footed, solver)
    sure = [i for i, s in enumerate(state.stickers) if s.digit == 1
            and (state.hypotheses(i)[0].score or 0) >= SURE]
    if chosen is None and _chosen(state, settings, solver) is None:
        return footed, said  # it solves neither way: the 1 is not what is wrong
    if chosen is None or any(chosen[i] != state.stickers[i] for i in sure):
        return settings, ("digit 1 has a foot, but the cube only solves with a 1 turned over: "
                          "taken as symmetric")
    return footed, said


def _chosen(state: CubeState, settings: CubeSettings, solver: GridSolver | None
            ) -> tuple[Sticker, ...] | None:
    """The grid solver's stickers for ``state`` under ``settings``, or None when the reading
    does not solve so; a reading too doubtful for it raises its :class:`GridUnsolvableError`
    (no reading of it would settle the 1 either: retake the photos first)."""
    try:
        return (solver or solve_grid)(state, settings, explain=False).chosen
    except SudokuCubeError as e:
        if getattr(e, "reason", None) == "too-doubtful":
            raise
        return None


def footed_as_read(settings: CubeSettings, ones: OneVerdict | None
                   ) -> tuple[CubeSettings, str | None]:
    """The cube settings with the photos' verdict on the 1 as the reader gave it, and what to
    tell the person (None when it changes nothing): a 1 with a foot is not symmetric. The
    reader's finding about the print stays with the reading even where the grid cannot check
    it against the cube's design (a reading too doubtful for the grid solver, taken as read
    for a plan given); :func:`footed_settings` checks it where the grid can."""
    if ones is None or not ones.has_foot or 1 not in settings.symmetric:
        return settings, None
    return replace(settings, symmetric=settings.symmetric - {1}), ones.describe()
