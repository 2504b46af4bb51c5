"""The phone session as a service, with no web and no terminal in it: photos in, readings out,
and the step of the guide for the page to show.

Each photo is read as it arrives (:meth:`PhoneService.upload`), so the page can show what was
read or why it was refused. Once the folder holds a whole set, the set is read as ``read``
reads a folder (:meth:`vision.reading.reader.Reader.read_photo_set`), which also weighs the faces
together; that reading is what the terminal reviews and plans. All reading runs on one worker
thread (:attr:`PhoneService.worker`), one photo at a time.

A corner photo held with no face on top (a face at the bottom) shows its three faces, but not
which of them is on top: read alone it cannot be named. It is kept as such (:data:`UNNAMED`),
and the pair is read as ``read`` reads the folder, which names it by the digits of both photos
(``docs/design.md``, "Corner faces named by what they carry"); the reading's notes say how.
"""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Literal, NamedTuple, TypedDict

import numpy as np

from ...models.cube.face_words import PhotoNaming, listed
from ...models.cube.state import CubeState
from ...models.grid.hopeless import PhotoNames, per_face, retake_faces, retake_photos, retaken
from ...models.cube.stickers import Sticker
from ...models.errors import SudokuCubeError
from ...models.plan.planner import Step
from ...models.profile import CubeSettings
from ...models.cube.geometry import FACE_NAMES, FACES
from ...vision.locate.corners.faces import NotUprightError
from ...vision.locate.face_geometry import TWO_FACES_ADVICE
from ...vision.locate.corners.views import face_names
from ...vision.photo.images import file_scale, load_image
from ...vision.photo.photo_files import face_photos
from ...vision.reading.reader import Reader
from ...vision.reading.faces import FaceReading, Reading
from ...vision.reading.corner_shown import CornerShownError, corner_shown
from ...vision.reading.photo_set import CornerAsFaceError, shows_a_corner
from ..services.face_poses import Centres, held_turned
from ..services.guide import GuideCursor
from ..services.cube_input import CORNER_OF, TurnedWords, Upright, photo_without_digits
from ..services.review import ReviewCheck, unsure_finding
from ..services.scanner import repeat_words, repeated_face
from ..services.sessions import load_guide_step, save_guide_step
from ..services.slipped_cubes import check_cubes
from .store import MAX_UPLOADS, NAMES, SESSION_FILE, Kind, PhotoFolder, RequestRefused
from .views import (FaceView, StepView, face_view, pose_words, step_view,
                    upright_face_view)

Stage = Literal["photos", "reading", "read", "refused", "reviewing", "inconsistent"]

RETAKE_HERE = "type q at the review on the computer to retake photos here"
"""How the page tells the way to retake photos while the terminal reviews the reading: q at
the review keeps the server running and waits for the retakes (no ``serve --resume``)."""
REVIEWING = ("The computer is reviewing the photos: finish the review there (type any "
             f"corrections, then go on as its prompt says), or {RETAKE_HERE}.")
"""What the page says while the terminal's review of the whole reading waits for the person,
and why a retake is refused then (:meth:`PhoneService.reviewing`)."""
REVIEW_QUIT = ("The review was stopped on the computer: retake any photo to read the cube "
               "again; the review starts again when it is read.")
"""What the page says once q stopped the review, until a photo retaken makes a new reading
(:meth:`PhoneService.review_quit`); where the review found the reading not consistent the
page says so instead, with the photos to retake (:func:`quit_words`)."""


def quit_words(verdict: str) -> str:
    """What the page says once q stopped a review whose last verdict was ``verdict``
    (:func:`inconsistency`; "" for a consistent reading): the verdict's advice kept, now that
    photos can be retaken."""
    if not verdict:
        return REVIEW_QUIT
    advice = verdict.removesuffix(f"; {RETAKE_HERE}.")
    return (f"The review was stopped on the computer. {advice}; the review starts again when "
            "the photos retaken are read.")


GUIDING = ("The computer is guiding the moves made from these photos, and the cube has been "
           "turned since: to show the cube as it is now, press c at the guide and take the "
           "photo it asks for here.")
"""Why a photo of the set is refused while the terminal guides (:meth:`PhoneService.follow`)."""
PLANNING = ("The computer is checking the photos and planning the moves; the steps appear "
            "here when the guide starts.")
"""What the page says while the reading is checked and planned with nobody at the terminal
(``--plain``, no terminal), and why a retake is refused then."""

MIRRORED = ("Saved mirrored, as a front camera saves its photos: read flipped back. Turn the "
            "camera's mirroring off, or use the back camera, for the next photos.")
"""What a photo's card says of a photo saved mirrored (:mod:`vision.reading.mirrored`)."""


def mirrored_said(faces: dict[str, FaceReading]) -> str:
    """What the terminal's line about a photo read as ``faces`` adds where it was saved
    mirrored and read flipped back."""
    return " (saved mirrored: read flipped back)" if _mirrored(faces) else ""


def _mirrored(faces: dict[str, FaceReading]) -> bool:
    """Whether the photo read as ``faces`` was saved mirrored and read flipped back."""
    return any(r.mirrored for r in faces.values())


UNNAMED = ("three faces found; which is on top is decided when the other corner photo "
           "arrives")
"""What the page says of a corner photo held with no face on top, until the pair is read."""


class PhotoView(TypedDict):
    """One photo of the set on the page: its name, how to hold the cube for it, and what was
    read from it (faces) or why it was refused; ``unnamed``: a corner photo whose three faces
    were found but not yet named (:data:`UNNAMED`), None otherwise."""

    name: str
    hold: str
    faces: dict[str, FaceView]
    refused: str | None
    unnamed: str | None
    note: str | None
    """:data:`MIRRORED` where the photo was saved mirrored and read flipped back, else None."""


class CheckView(TypedDict):
    """The photo a check of the guide asks for (``sudoku-cube check`` after a slip): a face,
    or corner photo A (``corner``), how to hold the cube, and what the last photo read or why
    it was refused."""

    name: str
    corner: bool
    hold: str
    faces: dict[str, FaceView]
    refused: str | None
    note: str | None
    """As :attr:`PhotoView.note`, of the last photo read."""


class StatusView(TypedDict):
    """Everything the page shows: the kind of set, each photo, the next one to take, where
    the whole reading stands (``photos``: some missing; ``reading``; ``read``; ``refused``:
    the set as a whole was refused, ``message`` says which photo to retake, and the cards of
    the photos it is about show it too (:attr:`models.errors.SudokuCubeError.photos`);
    ``reviewing``: the terminal checks the reading and plans, retakes are refused, ``message``
    says so, :data:`REVIEWING` or :data:`PLANNING`; ``inconsistent``: as ``reviewing``, and the
    review found the reading not consistent, ``message`` says why and which photos to
    retake after the review; ``read`` with a ``message``: q stopped the review,
    :data:`REVIEW_QUIT`), ``retake``: what the page says after a ``refused`` set's message to
    tell how to go on, where the refusal does not say it itself (:func:`retake_words`; "" where
    it does, and at every other stage), what the whole
    reading says the person should hear (``notes``: how a corner photo held with no face on
    top was named, each face by its centre digit; a photo the terminal set upright,
    :func:`upright_note`), and the guide's step once the terminal
    guides (``guiding``: its guide runs now, and the set's photos are not taken)."""

    kind: str
    photos: list[PhotoView]
    next: str | None
    stage: Stage
    message: str
    retake: str
    notes: list[str]
    step: StepView | None
    check: CheckView | None
    uploads_left: int
    guiding: bool


def face_slot_refusal(message: str, name: str, corner: bool, check: bool = False) -> str:
    """A face photo's refusal (``message``, for the slot of face ``name``) in the page's words:
    a phone's user sees slots, not the file names the reader's advice for two faces in one
    photo speaks of (:data:`vision.locate.face_geometry.TWO_FACES_ADVICE`). ``corner``: the
    photo shows a corner of the cube (three faces), so it belongs in a corner photo's slot
    (for a ``check``, which asks for this face, only the face alone will do); otherwise
    (two faces, no corner) the message asks for the face alone, no corner slot offered."""
    face = f"face {name} ({FACE_NAMES[name]})"
    if not corner:
        return message.replace(TWO_FACES_ADVICE, f"photograph {face} alone, straight on")
    elsewhere = ("" if check else ', or choose "Two corner photos" and put it in the slot '
                 "of corner photo A or B")
    return (f"photo {name}: this looks like a corner photo, showing three faces, not "
            f"{face} alone: photograph {face} straight on{elsewhere}")


def page_photo(name: str, corner: bool) -> str:
    """Photo ``name`` of the set as the page names it, by its card ("Face F (front)", "Corner
    photo B"): a phone's user never named a file, so never by its file name ("F.jpg")."""
    return f"corner photo {name}" if corner else f"the photo of face {name} ({FACE_NAMES[name]})"


def page_naming(kind: Kind) -> PhotoNaming:
    """How the page names the photos of a set of ``kind`` where the words of a refusal, or of
    advice to retake photos, are made for it (:func:`page_photo`; several face photos as
    "the photos of faces L (left) and B (back)"): the reader and the terminal make them from
    these parts, so no file is named."""
    if kind == "corners":
        return PhotoNaming(lambda name: page_photo(name, True))
    return PhotoNaming(lambda name: page_photo(name, False), says_face=True,
                       several=lambda names: "the photos of faces " + listed(
                           [f"{n} ({FACE_NAMES[n]})" for n in names]))


def sentence(text: str) -> str:
    """``text`` as the page shows a message: its first letter a capital, ended by a stop (the
    refusals are made to follow a file's name on the terminal, lower case, some unended)."""
    if not text:
        return text
    text = f"{text[0].upper()}{text[1:]}"
    return text if text.endswith((".", "?", "!")) else f"{text}."


def retake_words(message: str, advises: bool) -> str:
    """What the page says after ``message``, the refusal of a set as a whole, to tell how to
    go on: nothing where the refusal says it itself (``advises``, decided where it was made:
    :attr:`models.errors.SudokuCubeError.advises`, as every refusal that names the photos it
    is about does), else to retake the photos misread."""
    if not message or advises:
        return ""
    return "Check each photo against the cube and retake those misread."


def upright_note(words: TurnedWords, retake: bool) -> str:
    """The page's note of a photo the terminal found held turned and set upright
    (:meth:`PhoneService.upright`): the terminal's finding, the photo named by its card
    (:func:`page_photo`), and the advice to retake it if that is wrong only when ``retake``:
    once the terminal guides the plan made from the photos (:meth:`PhoneService.follow`), the
    page takes no photo of the set while it guides, and the cube is turned by the steps, so a
    photo retaken would no longer show the cube the others show (:data:`GUIDING`)."""
    said = words.said(page_photo(words.photo, words.corner), retake)
    return f"{said[0].upper()}{said[1:]}"


def _said_once(message: str) -> str:
    """A reader's refusal without the photo's name in front when the message names it again
    ("corner photo A: corner photo A shows only one face" -> "corner photo A shows ...")."""
    label, sep, rest = message.partition(": ")
    return rest if sep and rest.startswith(label) else message


def inconsistency(check: ReviewCheck, kind: Kind = "faces", person: bool = True) -> str:
    """What the page says of a review's ``check`` that finds the reading not consistent (""
    when it is): the review's problems, and the photos to retake (a set of ``kind``,
    :func:`retake_named`), or else to correct the stickers or retake the photos misread.
    Photos are retaken after q at the review (:data:`RETAKE_HERE`). Not ``person``: nobody
    answers the review (``--plain``, no terminal), which has stopped: the photos are retaken
    at once."""
    if check.ok:
        return ""
    after = f"; {RETAKE_HERE}." if person else "."
    if check.too_doubtful:
        return f"The reading is not consistent: {check.explanation.rstrip('. ')}{after}"
    text = "; ".join(p.rstrip(". ") for p in check.problems)
    how = (retake_photos(retake_faces(check.culprits), _PAGE_PHOTOS[kind])
           if retake_named(check, kind) else None)
    if how is None:
        fix = ("Correct the stickers at the review on the computer, or retake the photos misread"
               if person else "Check that each photo shows the face (or corner) it is taken "
               "for, and retake the photos misread")
        return f"The reading is not consistent: {text}. {fix}{after}"
    fix = ", or correct the stickers at the review on the computer" if person else ""
    return (f"The reading is not consistent: {text}. {how} (most of the likely misreads are "
            f"there){fix}{after}")


def retake_named(check: ReviewCheck, kind: Kind) -> tuple[str, ...]:
    """The photos (letters) that the page names to retake for a review's ``check`` that finds
    the reading not consistent: those the grid's refusal of a reading too doubtful names
    (:attr:`ReviewCheck.retake`); else only from the grid's culprits
    (:attr:`ReviewCheck.culprits`, the likely misreads the review names), those of the faces
    with the most of them (:func:`models.grid.hopeless.retake_faces`), corner photo A or B for
    a corner set. Without culprits (a digit read too often names every sticker of it), or
    where they lie on most of the photos, none."""
    if check.ok:
        return ()
    if check.too_doubtful:
        return check.retake
    photos = _PAGE_PHOTOS[kind]
    spread = {photos.photo(FACES[i // 9]) for i in check.culprits}
    if not check.culprits or len(spread) > len(set(map(photos.photo, FACES))) // 2:
        return ()
    return retaken(retake_faces(check.culprits), photos)


def unsure_words(check: ReviewCheck, kind: Kind) -> str:
    """What the page says when the review of a set of ``kind`` stops with nobody to answer it
    (``--plain``, no terminal) because the grid solver is not sure of stickers of a reading
    otherwise consistent (``check``; "" where it does not stop so): what it is not sure of, as
    the terminal says it (:func:`assistant.services.review.unsure_finding`), and to retake
    the photos that show them (:func:`unsure_named`), by their cards. The terminal's stop
    says to confirm them at a terminal instead; the page corrects no sticker, and a photo
    retaken makes a reading the terminal checks afresh."""
    faces, photos = _unsure_faces(check), _PAGE_PHOTOS[kind]
    grid, how = check.grid, retake_photos(faces, photos)
    if grid is None or check.problems or how is None:  # not consistent, or sure: no photo
        return ""
    them = "them" if len(check.unsure) != 1 else "it"
    shots = retaken(faces, photos)
    finding = unsure_finding(check.unsure, grid, grid.target.n)
    return (f"{sentence(finding)} Check {them} on the cube, and r{how[1:]}; the new "
            f"photo{'s' if len(shots) != 1 else ''} should settle {them}.")


def unsure_named(check: ReviewCheck, kind: Kind) -> tuple[str, ...]:
    """The photos (letters) that show the stickers the grid solver is not sure of in a
    review's ``check`` (:func:`unsure_words`), the one showing the most first; none where it
    is sure."""
    return retaken(_unsure_faces(check), _PAGE_PHOTOS[kind])


def _unsure_faces(check: ReviewCheck) -> list[str]:
    """The faces of the stickers the grid solver is not sure of in ``check``, the face with
    the most of them first: every one, for each such sticker is to be read clearly again."""
    counts = per_face(tuple(check.unsure))
    return sorted(counts, key=lambda f: (-counts[f], FACES.index(f)))


_PAGE_PHOTOS: dict[Kind, PhotoNames] = {
    "faces": PhotoNames({f: f for f in FACES}, naming=page_naming("faces")),
    "corners": PhotoNames(dict(CORNER_OF), corners=True, naming=page_naming("corners"))}
"""The page's photo of each face, as advice to retake names it: the face's own card, or the
corner photo (A or B) that shows it."""


def _seen(face: FaceReading) -> tuple[Sticker | None, ...]:
    """A face's stickers, None where no digit was seen (they match no other photo's)."""
    return tuple(None if i in face.blank else s for i, s in enumerate(face.stickers))


class _SetRefusal(NamedTuple):
    """A refusal of the whole set as the page says it (:meth:`PhoneService._set_refusal`): its
    words, whether they say how to go on, and the photos it is about, by letter."""

    message: str
    advises: bool
    photos: tuple[str, ...]


NOT_REFUSED = _SetRefusal("", False, ())
"""The set's refusal while there is none."""


@dataclass
class _Guided:
    """The steps the terminal guides, the key its cursor saves the position under and the step
    it shows when it said so (None: the one saved)."""

    steps: list[Step]
    start: CubeState
    key: str
    at: int | None = None
    said: tuple[int, str] | None = None
    """What the guide's check last said, and at which step (0-based): shown there only."""


def _no_digits(kind: Kind, name: str, image: np.ndarray, plain: str) -> SudokuCubeError:
    """The refusal of photo ``name`` whose faces show no digit (``plain``: why, as ``read``
    says it): in a face's slot, a corner photo whose steep faces gave a lattice across them is
    told it shows a corner (:func:`vision.reading.corner_shown.corner_shown`), in the page's
    words (:func:`face_slot_refusal`)."""
    shown = corner_shown(image, title_of(kind, name)) if kind == "faces" else None
    return shown if shown is not None else SudokuCubeError(f"{title_of(kind, name)}: {plain}")


def title_of(kind: Kind, name: str) -> str:
    """A photo of the set by the page's name for it: "photo U", "corner photo A"."""
    return f"corner photo {name}" if kind == "corners" else f"photo {name}"


def centres_seen(faces: dict[str, FaceReading]) -> str:
    """The centres the faces read from one photo show, for the terminal's line about it:
    "centre 5" or "centres 5 (U), 2 (F) and 3 (R)"; "?" where no digit was seen."""
    def digit(r: FaceReading) -> str:
        return "?" if 4 in r.blank else str(r.stickers[4].digit)
    if not faces:  # a corner photo held with no face on top: named with the other one
        return UNNAMED
    if len(faces) == 1:
        return f"centre {digit(next(iter(faces.values())))}"
    return "centres " + listed([f"{digit(r)} ({f})" for f, r in faces.items()])


class PhoneService:
    """Photos from the phone, stored in ``folder`` and read with ``reader``."""

    def __init__(self, folder: PhotoFolder, reader: Reader,
                 max_uploads: int = MAX_UPLOADS, settings: CubeSettings = CubeSettings()
                 ) -> None:
        self.folder, self.reader, self.max_uploads = folder, reader, max_uploads
        self.settings = settings
        """The cube's settings, for the hold words of the photos and the guided step."""
        self.worker = ThreadPoolExecutor(1, "reading")
        """The one thread that reads photos (the web front runs uploads on it)."""
        self.uploads = 0
        self._taken: set[str] = set()  # the set's photos accepted in this run
        self._lock = threading.Lock()
        self._read: dict[str, dict[str, FaceReading]] = {}
        self._refused: dict[str, str] = {}
        # face photos refused as a repeat of another slot's photo, by slot: the file kept in
        # refused/, its reading and the slot it repeated (:meth:`_swapped`)
        self._waiting: dict[str, tuple[Path, dict[str, FaceReading], str]] = {}
        self._unnamed: set[str] = set()
        self._reading: Reading | None = None
        self._set = NOT_REFUSED  # the refusal of the whole set, as the page says it
        self._version = 0  # bumped by every change the page shows (:meth:`wait_reading`)
        self._changed = threading.Condition(self._lock)
        self._guided: _Guided | None = None
        self._guiding = False  # the terminal's guide runs now (:meth:`follow`, :meth:`guided`)
        self._check: CheckView | None = None
        self._checked: dict[str, FaceReading] | None = None
        self._reviewed: Reading | None = None
        self._review_words = ""
        self._unanswered = ""  # a review nobody answers found the reading not consistent
        self._unanswered_photos: tuple[str, ...] = ()  # ...and names these photos to retake
        self._verdict = ""
        self._quit: Reading | None = None
        self._quit_words = REVIEW_QUIT  # what the page says after q at the review
        self._upright: tuple[Reading, Upright] | None = None  # the terminal checked it for a turn
        # what :meth:`_turned` found for each kind of set, and the version it found it at
        self._turned_at: dict[Kind, tuple[int, tuple[Centres, ...]]] = {}
        self._news: list[str] = []  # each upload taken or refused, for the terminal (:meth:`news`)
        self._own_steps = False  # the page steps through the plan (:meth:`steps_on_page`)

    def kind(self) -> Kind:
        """The kind of set being taken (``faces`` or ``corners``)."""
        return self.folder.kind()

    def resume(self) -> None:
        """Read the photos already in the folder (``serve --resume``), then the whole set when
        it is complete; a face photo that repeats one read before it is refused as an upload
        of it would be (:meth:`_repeat`). The photos are read in the order they were taken
        (their files' times), so the newer photo of a repeated pair is the one refused, as at
        upload."""
        kind = self.kind()
        photos = self.folder.photos()
        for name in sorted(photos, key=lambda n: photos[n].stat().st_mtime):  # oldest first
            path = photos[name]
            try:
                faces = self._kept_photo(kind, name, path)
            except SudokuCubeError as e:
                self._refused[name] = _said_once(str(e))
                continue
            with self._lock:
                repeat = self._repeat(kind, name, faces)  # kept by a version before the check
                if repeat:
                    self._refused[name] = repeat
                else:
                    self._read[name] = faces
                self._version += 1
        self._read_set_if_complete()

    def _kept_photo(self, kind: Kind, name: str, path: Path,
                    img: np.ndarray | None = None) -> dict[str, FaceReading]:
        """The faces of photo ``name`` (:meth:`_read_photo`); a corner photo held with no
        face on top is kept with no faces, marked unnamed, for the pair's reading to name."""
        try:
            faces = self._read_photo(kind, name, path, img)
        except NotUprightError:
            if kind != "corners":
                raise
            with self._lock:
                self._unnamed.add(name)
            return {}
        with self._lock:
            self._unnamed.discard(name)
        return faces

    def _read_photo(self, kind: Kind, name: str, path: Path, img: np.ndarray | None = None,
                    ocr: bool = True) -> dict[str, FaceReading]:
        """The faces of photo ``name`` at ``path`` (``img``: the image already loaded;
        ``ocr``: False reads without tesseract, as every check does)."""
        img = load_image(path) if img is None else img
        scale = file_scale(path, img)
        reader = self.reader if ocr else self.reader.with_ocr("never")
        if kind == "corners":
            return reader.read_chosen_corner(img, name, source=title_of(kind, name),
                                             file_scale=scale)
        return {name: reader.read_chosen_face(img, source=title_of(kind, name), face=name,
                                              file_scale=scale)}

    @staticmethod
    def _refusal(error: SudokuCubeError, face: bool, name: str, path: Path,
                 check: bool = False) -> str:
        """What the page says of a photo refused (``error``) in slot ``name``, stored at
        ``path``: a face photo (``face``) that shows two faces is told in the page's words,
        as a corner photo where it shows one (:func:`face_slot_refusal`)."""
        message = _said_once(str(error))
        if not face or TWO_FACES_ADVICE not in message:
            return message
        corner = isinstance(error, CornerShownError) or shows_a_corner(path)
        return face_slot_refusal(message, name, corner, check)

    def upload(self, kind: Kind, name: str, data: bytes) -> PhotoView:
        """Store and read one photo: ``name`` is a face letter (``kind`` faces) or A/B
        (corners). Raises :class:`RequestRefused` with what to change; a refused photo is kept
        in the folder's ``refused/`` and an earlier photo of that name stays in use. A whole
        set is then read on the worker. While the terminal reviews the reading (and plans
        from it) a photo is refused (409, :meth:`reviewing`) and kept in ``refused/``."""
        if name not in NAMES[kind]:
            raise RequestRefused(f"{name!r} is not a photo of a {kind} set; take one of "
                                f"{' '.join(NAMES[kind])}", 404)
        with self._lock:
            if self.uploads >= self.max_uploads:
                raise RequestRefused(f"this session took its {self.max_uploads} photos; stop "
                                    "the server and run `sudoku-cube serve --resume`", 429)
            self.uploads += 1
            busy = self._busy_refusal(name)
            if not busy:  # under the same hold: no review starts before the switch is done
                self._switch(kind)
        if busy:
            self.folder.refuse(self.folder.receive(name, data)[0], name)
            raise RequestRefused(busy, 409)
        try:
            incoming, img = self.folder.receive(name, data)
        except RequestRefused as e:  # not an image, empty, too large: said on its card too
            self._note_refused(name, str(e))
            self._tell(str(e))  # its words name the photo
            raise
        try:
            faces = self._kept_photo(kind, name, incoming, img)
            plain = photo_without_digits(faces)
            if plain is not None:  # refused on its card, as `read` refuses it: retake it now
                raise _no_digits(kind, name, img, plain)
        except SudokuCubeError as e:
            message = self._refusal(e, kind == "faces", name, incoming)
            self.folder.refuse(incoming, name)
            self._note_refused(name, message)
            self._tell(message)
            raise RequestRefused(message, 422) from None
        with self._lock:
            busy = self._busy_refusal(name)  # the review may have started meanwhile
            repeat = "" if busy else self._repeat(kind, name, faces)  # the photos held now
            swapped = self._swapped(kind, name, faces) if repeat else None
            if swapped is not None:  # the two photos taken for each other's slots
                self._take(name, incoming, faces)
                self._take(swapped, *self._waiting[swapped][:2])
                repeat = ""
            elif repeat:  # as any refused photo: an earlier one of the name stays in use
                before = repeated_face(_seen(faces[name]), self._taken_faces(name), name)
                self._waiting[name] = (self.folder.refuse(incoming, name), faces, before or "")
                self._refused[name] = repeat
            elif not busy:
                self._take(name, incoming, faces)
            if not busy:
                self._version += 1
                self._changed.notify_all()
        if busy:
            self.folder.refuse(incoming, name)
            raise RequestRefused(busy, 409)
        if repeat:
            self._tell(repeat)
            raise RequestRefused(repeat, 422)
        self._tell(f"{title_of(kind, name)} taken: {centres_seen(faces)}{mirrored_said(faces)}")
        self.worker.submit(self._read_set_if_complete)
        return self._photo_view(kind, name)

    def internal_error(self, error: Exception) -> str:
        """What the phone is told of a request that failed on a bug (``error``), also kept
        for the terminal (:meth:`news`) with the error itself, to report: the photos sent
        stay in the session's folder, so nothing is lost but this answer."""
        self._tell(f"internal error while answering the phone: {type(error).__name__}: {error}"
                   " (this is a bug; please report it; the photos stay in the session's folder)")
        return ("the computer failed on this request (a bug, said in its terminal); take the "
                "photo again, or another one")

    def _tell(self, line: str) -> None:
        """Keep ``line`` for the terminal, which says what the phone sent (:meth:`news`)."""
        with self._lock:
            self._news.append(line)

    def news(self) -> list[str]:
        """What the phone sent since the last call, a line an upload: each photo taken (the
        centres it shows) or refused (why), so that the person at the computer sees the
        photos arrive; the page says the same on each photo's card."""
        with self._lock:
            lines, self._news = self._news, []
        return lines

    def _note_refused(self, name: str, message: str) -> None:
        """Say on photo ``name``'s card why its newest upload was refused (``message``): the
        page redraws its cards from the status, so a refusal only answered to the upload would
        be drawn over at once. An earlier photo of the name, if any, stays in use."""
        with self._lock:
            self._refused[name] = message
            self._waiting.pop(name, None)  # only the newest photo of a slot waits
            self._version += 1
            self._changed.notify_all()

    def _take(self, name: str, path: Path, faces: dict[str, FaceReading]) -> None:
        """Make the file ``path`` (read as ``faces``) the set's photo ``name`` (with the lock
        held): the set is to be read again."""
        self.folder.accept(path, name)
        self._read[name] = faces
        self._taken.add(name)
        self._refused.pop(name, None)
        self._waiting.pop(name, None)
        self._reading, self._set = None, NOT_REFUSED

    def _swapped(self, kind: Kind, name: str, faces: dict[str, FaceReading]) -> str | None:
        """The slot whose photo face photo ``name`` (read as ``faces``) repeats, where that
        slot's last photo was refused as a repeat of this slot's photo and the two new photos
        repeat nothing else (with the lock held): two photos had been put in each other's
        slots, so that each retake repeated the other's photo, and the person has now taken
        both again for their own slots. None otherwise."""
        if kind != "faces":
            return None
        before = repeated_face(_seen(faces[name]), self._taken_faces(name), name)
        waiting = self._waiting.get(before or "")
        if before is None or waiting is None or waiting[2] != name:
            return None
        rest = {f: seen for f, seen in self._taken_faces(name).items() if f != before}
        theirs = _seen(waiting[1][before])
        if (repeated_face(_seen(faces[name]), {**rest, before: theirs}, name) is None
                and repeated_face(theirs, {**rest, name: _seen(faces[name])}, before) is None):
            return before
        return None

    def _taken_faces(self, name: str) -> dict[str, tuple[Sticker | None, ...]]:
        """The stickers seen on each face of the set's photos but ``name`` (with the lock
        held)."""
        return {f: _seen(r) for n, read in self._read.items() if n != name
                for f, r in read.items()}

    def _switch(self, kind: Kind) -> None:
        """Start a set of ``kind`` when the folder holds another kind (the photos read so far
        are dropped) or no session file yet (with the lock held)."""
        if kind != self.kind():
            self.folder.switch(kind)
            self._read.clear()
            self._taken.clear()
            self._refused.clear()
            self._waiting.clear()
            self._unnamed.clear()
            self._reading, self._set = None, NOT_REFUSED
            self._version += 1
        elif not (self.folder.path / SESSION_FILE).exists():
            self.folder.switch(kind)

    def _busy_refusal(self, name: str) -> str:
        """Why photo ``name`` is not taken now (with the lock held): the terminal reviews the
        reading or plans from it (:meth:`reviewing`), or guides the plan made from it
        (:meth:`follow`, until :meth:`guided`: the cube has been turned since, so a new photo
        of the set would mix two cubes; the guide's check asks for the photo that shows it
        then); "" when a photo can be taken."""
        if self._guiding:
            return f"photo {name} is not taken: {GUIDING[0].lower()}{GUIDING[1:]}"
        if self._reviewed is None:
            return ""
        words = self._review_words
        return f"photo {name} is not taken: {words[0].lower()}{words[1:]}"

    def _repeat(self, kind: Kind, name: str, faces: dict[str, FaceReading]) -> str:
        """Why face photo ``name`` (read as ``faces``) is refused as a face already taken:
        its stickers read as another face's photo again, as ``scan`` refuses a face seen
        before (:func:`assistant.services.scanner.repeated_face`, stickers with no digit seen
        not counted); "" when it is not. With the lock held, so that the photos compared are
        those held when the photo is taken. The words offer the way out where the earlier photo
        is the wrong one: a retake of its slot, which is no repeat. Where the earlier photo
        shows a corner of the cube (a corner photo's clearest face read as its slot's face),
        that is said instead: the earlier photo is to be retaken, not this one (asked only on
        a repeat, as the corner search costs about a second)."""
        if kind != "faces" or name not in faces:
            return ""
        centres = self._centres()
        before = repeated_face(_seen(faces[name]), self._taken_faces(name), name)
        if before is None:
            return ""
        earlier = face_photos(self.folder.path).get(before)
        if earlier is not None and shows_a_corner(earlier):  # its clearest face is this one
            return (f"photo {name}: {page_photo(before, False)} shows a corner of the cube "
                    f"(three faces), and the face it was read as is this photo's: retake face "
                    f"{before} ({FACE_NAMES[before]}) straight on, then take this photo again")
        return (f"photo {name}: "
                + repeat_words(before, name, centres, self.settings, show="photograph",
                               turned=self._turned(kind))
                + f" instead, or retake {before} if its photo shows this face by mistake")

    def _read_set_if_complete(self) -> None:
        """Read the whole set as ``read`` does, when every photo of it is there."""
        kind = self.kind()
        with self._lock:
            if set(self._read) != set(NAMES[kind]) or self._reading is not None:
                return
            version = self._version
        reading, refusal = None, NOT_REFUSED
        try:
            reading = self.reader.read_photo_set(self.folder.path, naming=page_naming(kind))
        except SudokuCubeError as e:
            refusal = self._set_refusal(e)
        with self._lock:
            if version == self._version:  # no photo arrived meanwhile
                self._reading = reading
                self._set = refusal
                self._version += 1
                self._changed.notify_all()

    def naming(self) -> PhotoNaming:
        """How the page names the photos of the set being taken (:func:`page_naming`), for
        the words the terminal makes of the reading it reviews, which the page shows."""
        return page_naming(self.kind())

    def _set_refusal(self, error: SudokuCubeError) -> _SetRefusal:
        """The refusal of the whole set (``error``) in the page's words, whether it says how
        to go on (:attr:`models.errors.SudokuCubeError.advises`, as it was made) and the
        photos it is about (:attr:`models.errors.SudokuCubeError.photos`, whose cards show
        it): a corner photo among the faces by the page's slot, not the folder's file
        (:func:`face_slot_refusal`); any other made in the page's words where it names a
        photo (:func:`page_naming`), without the folder, which the phone's user never saw,
        and as a sentence (:func:`sentence`)."""
        if isinstance(error, CornerAsFaceError):
            message = face_slot_refusal(str(error), error.face, True)
        else:
            message = str(error).replace(f"{self.folder.path}/", "")
        return _SetRefusal(sentence(message), error.advises, error.photos)

    def took_photos(self) -> bool:
        """Whether every photo of the set was accepted in this run (none only read by
        :meth:`resume` from an earlier one; refused photos and a check's photos do not count):
        only then does the whole reading show the cube as it is now (a photo of an earlier run
        may have been taken before turns the new photos do not show)."""
        with self._lock:
            return bool(self._read) and set(self._read) <= self._taken

    def refuse_reading(self, error: SudokuCubeError) -> str:
        """The whole reading was refused after it was read (``error``: the grid solver found
        no cube in it, a photo shows a face twice or does not fit the others, or the review,
        with nobody to answer it, found it not consistent): the page says why
        (:meth:`_set_refusal`) and waits for a retake. A review's stop is said in the page's
        words (photos, not the terminal's state files and commands), which name the photos to
        retake. Returns what the page says of it (as :meth:`wait_reading` does)."""
        said = self._set_refusal(error)
        with self._lock:
            if self._unanswered:
                said = _SetRefusal(self._unanswered, True, self._unanswered_photos)
            self._reading, self._unanswered, self._unanswered_photos = None, "", ()
            self._set = said
            self._version += 1
            self._changed.notify_all()
            return said.message

    def reviewing(self, reading: Reading | None, person: bool = True) -> bool:
        """The terminal reviews ``reading`` now and plans from it (None: it no longer does):
        until then, or until the guide starts (:meth:`follow`), photos are refused and the
        page says why, :data:`REVIEWING` (``person``: someone answers the review at the
        terminal), else :data:`PLANNING`. False, and nothing changes, when ``reading`` is no
        longer the set's (a photo came since it was read): the new set is read first."""
        with self._lock:
            if reading is not None and reading is not self._reading:
                return False
            self._reviewed, self._verdict = reading, ""
            self._review_words = REVIEWING if person else PLANNING
            self._version += 1
            self._changed.notify_all()
            return True

    def review_quit(self, reading: Reading) -> None:
        """The person typed q at the review of ``reading``: photos are taken again and the
        page says which to retake, as the review's last verdict did (:func:`quit_words`),
        while the set still reads as ``reading``; a photo taken makes a new reading, which the
        terminal reviews."""
        with self._lock:
            self._quit_words = quit_words(self._verdict)
            self._reviewed, self._verdict, self._quit = None, "", reading
            self._version += 1
            self._changed.notify_all()

    def review_check(self, check: ReviewCheck) -> None:
        """The terminal's review checked the reading it reviews: the page says when it is not
        consistent, and which photos to retake (:func:`inconsistency`); where nobody answers
        the review, the review stops, also where the grid solver is not sure of the reading,
        and the page says why in its own words, with the photos to retake
        (:func:`unsure_words`), for :meth:`refuse_reading`."""
        kind = self.kind()
        with self._lock:
            self._verdict = inconsistency(check, kind).replace(f"{self.folder.path}/", "")
            if self._review_words != PLANNING:  # a person answers the review
                self._unanswered, self._unanswered_photos = "", ()
            elif not check.ok:
                self._unanswered = inconsistency(check, kind, person=False)
                self._unanswered_photos = retake_named(check, kind)
            else:
                self._unanswered = unsure_words(check, kind)
                self._unanswered_photos = unsure_named(check, kind)
            self._version += 1
            self._changed.notify_all()

    def upright(self, found: Upright) -> None:
        """The terminal has checked the set's reading for a photo held turned
        (:func:`assistant.services.cube_input.turned_upright`; ``found.turn`` None: none was).
        Where it found one and set the reading upright, the page shows the photos' faces and
        their hold words as so set, as the terminal's review and guide do, and says what the
        terminal found among its notes in the page's words (:func:`upright_note`), while the
        set reads as it does now. Until it has checked, the hold words name nothing a photo
        held turned would change (:meth:`_turned`)."""
        with self._lock:
            if self._reading is None:
                return
            self._upright = (self._reading, found)
            self._version += 1
            self._changed.notify_all()

    def _set_upright(self) -> Upright | None:
        """The terminal's finding on the set's reading (:meth:`upright`: set upright, or no
        photo held turned), while the set reads as it did then; None otherwise (not checked
        yet). Called with the lock held."""
        if self._upright is None or self._upright[0] is not self._reading:
            return None
        return self._upright[1]

    def _face_views(self, reading: Reading, names: Iterable[str]) -> dict[str, FaceView]:
        """The faces ``names`` of ``reading``, the set's, as the page shows them: set upright
        where the terminal set a photo upright (:meth:`upright`). Called with the lock held."""
        found, faces = self._set_upright(), reading.faces
        if found is None or found.turn is None:
            return {f: face_view(faces[f]) for f in names}
        return {f: upright_face_view(faces, found.state, found.turn, f) for f in names}

    def reading(self) -> Reading | None:
        """The whole set's reading (None while photos are missing or being read)."""
        with self._lock:
            return self._reading

    def wait_reading(self, seen: int, timeout: float) -> tuple[int, Reading | None, str]:
        """Wait up to ``timeout`` seconds for a change after version ``seen``; return the
        version now, the whole reading (if any) and why the set was refused (if it was)."""
        with self._changed:
            if self._version == seen:
                self._changed.wait(timeout)
            return self._version, self._reading, self._set.message

    def ask_check(self, name: str, hold: str | None = None) -> None:
        """A check of the guide asks for a photo: face ``name``, or corner photo A (``"A"``);
        the page asks the person for it until :meth:`check_upload` has read one. ``hold``: how
        to hold the cube for it, as the terminal's check tells it for the cube as it should be
        now; without, the words of the first photos (the reading's centres, which face turns
        since may have turned)."""
        corner = name == "A"
        with self._lock:
            if hold is None:
                hold = pose_words(name, corner, self._centres(), self.settings,
                                  self._turned(self.kind()))
            self._check = {"name": name, "corner": corner, "hold": hold, "faces": {},
                           "refused": None, "note": None}
            self._checked = None
            self._version += 1
            self._changed.notify_all()

    def check_upload(self, name: str, data: bytes) -> CheckView:
        """Store and read the photo a check asked for (kept in the folder's ``checks/``);
        raises :class:`RequestRefused` when none is asked for, or the photo is not usable."""
        with self._lock:
            check = self._check
            if check is None or check["name"] != name:
                raise RequestRefused("no check asks for this photo now; press c in the guide on "
                                    "the computer to check the cube", 409)
            if self.uploads >= self.max_uploads:
                raise RequestRefused(f"this session took its {self.max_uploads} photos; stop "
                                    "the server and run `sudoku-cube serve --resume`", 429)
            self.uploads += 1
        try:
            incoming, img = self.folder.receive(name, data)
        except RequestRefused as e:  # not an image, empty, too large: said on its card too
            with self._lock:
                check["refused"], check["faces"], check["note"] = str(e), {}, None
            self._tell(str(e))
            raise
        kind: Kind = "corners" if check["corner"] else "faces"
        try:
            faces = self._read_photo(kind, name, incoming, img, ocr=False)
            plain = photo_without_digits(faces)
            if plain is not None:  # as a photo of the set without digits is refused
                raise _no_digits(kind, name, img, plain)
        except SudokuCubeError as e:
            message = self._refusal(e, not check["corner"], name, incoming, check=True)
            self.folder.refuse(incoming, name)
            with self._lock:
                check["refused"], check["faces"], check["note"] = message, {}, None
            self._tell(message)  # the terminal waits for this photo: it says why it waits on
            raise RequestRefused(message, 422) from None
        self.folder.keep_check(incoming, name)
        if _mirrored(faces):
            self._tell(f"{title_of(kind, name)} taken for the check{mirrored_said(faces)}")
        with self._lock:
            check["refused"], check["faces"] = None, {f: face_view(r) for f, r in faces.items()}
            check["note"] = MIRRORED if _mirrored(faces) else None
            self._checked = faces
            self._version += 1
            self._changed.notify_all()
        return check

    def wait_check(self, timeout: float) -> dict[str, FaceReading] | None:
        """The faces read from the photo the check asked for, once it has come (waiting up to
        ``timeout`` seconds; None when none came); the page stops asking for it."""
        with self._changed:
            if self._checked is None:
                self._changed.wait(timeout)
            faces, self._checked = self._checked, None
            if faces is not None:
                self._check = None
                self._version += 1
            return faces

    def end_check(self) -> None:
        """The check no longer waits for a photo (the person typed the answer instead)."""
        with self._lock:
            self._check, self._checked = None, None

    def follow(self, steps: list[Step], start: CubeState) -> None:
        """The terminal guides ``steps`` from ``start``: the page shows the step its cursor
        reached (the guide session remembers it); the review is over."""
        key = GuideCursor(steps, start, remember=False, position=0).key
        with self._lock:
            self._guided = _Guided(list(steps), start, key)
            self._reviewed, self._verdict = None, ""
            self._guiding = True

    def guided(self) -> None:
        """The terminal's guide has ended (the plan followed, or q): photos of the set are
        taken again; the page still shows the step reached."""
        with self._lock:
            self._guiding = False

    def at(self, position: int) -> None:
        """The terminal's guide shows step ``position`` (0-based) of the steps it guides: the
        page shows it too, also one photos of the start rewound to and not saved yet."""
        with self._lock:
            if self._guided is not None:
                self._guided.at = position

    def check_said(self, words: str) -> None:
        """The guide's check ended with ``words`` (a slip found and the new plan, no likely
        slip, or the cube matching the plan): the page shows them with the step the guide
        shows now, until it shows another."""
        with self._lock:
            if self._guided is not None:
                self._guided.said = (self._position(self._guided), words)
            self._version += 1
            self._changed.notify_all()

    @staticmethod
    def _position(guided: _Guided) -> int:
        """The step the terminal shows: the one it said, else the one its guide saved."""
        return guided.at if guided.at is not None else load_guide_step(guided.key)

    def step(self) -> StepView | None:
        """The step being guided (None before the terminal guides); ``own`` where the page
        steps through the plan itself (:meth:`steps_on_page`)."""
        with self._lock:
            guided, own = self._guided, self._own_steps and not self._guiding
        if guided is None:
            return None
        position = self._position(guided)
        said = guided.said[1] if guided.said is not None and guided.said[0] == position else ""
        return step_view(guided.steps, guided.start, position, self.settings, own, said)

    def steps_on_page(self) -> None:
        """Nobody answers the terminal's guide (``serve --plain``, or no terminal): the page
        steps through the plan itself (:meth:`turn`), from the step the guide saved."""
        with self._lock:
            self._own_steps = True
            self._version += 1
            self._changed.notify_all()

    def turn(self, delta: int) -> StepView:
        """Show the step ``delta`` after (before, when negative) the one shown, where the page
        steps through the plan (:meth:`steps_on_page`); saved as the guide saves its step, so
        that ``guide`` later goes on there. Refused (409) where the terminal's guide steps."""
        with self._lock:
            guided = self._guided
            if guided is None or not self._own_steps or self._guiding:
                raise RequestRefused("the steps are turned at the computer's guide: press n or "
                                    "the arrow keys there", 409)
            position = min(max(self._position(guided) + delta, 0), len(guided.steps))
            save_guide_step(guided.key, position)
            guided.at = None
            self._version += 1
            self._changed.notify_all()
        return step_view(guided.steps, guided.start, position, self.settings, own=True)

    def slipped(self, cube: CubeState) -> tuple[CubeState, ...]:
        """The cubes a slip in the last steps of the plan the terminal guides, or in the step
        after them, may have left where ``cube`` should be (:func:`check_cubes`, as the guide's
        check considers them at the step reached), for a check's hold words where the
        terminal's check hands none of its own; empty when no plan is guided or none of its
        steps starts from ``cube``."""
        with self._lock:
            guided = self._guided
        if guided is None:
            return ()
        states = [s.before for s in guided.steps] + [
            guided.steps[-1].after if guided.steps else guided.start]
        saved = self._position(guided)
        at = [saved] if 0 <= saved < len(states) and states[saved] == cube else \
            [k for k, state in enumerate(states) if state == cube]
        if not at:
            return ()
        return check_cubes(guided.start, [s.move for s in guided.steps], at[0])

    def _turned(self, kind: Kind) -> tuple[Centres, ...]:
        """The centres read so far had one photo been held turned (:func:`held_turned`), until
        the terminal has checked the whole reading for that (:meth:`upright`): the hold words
        name nothing these change, so that they need not take back what they said once it
        has; none once it has. Found once per version of the set (``_version``, bumped
        by every change of the photos, the reading, its refusal and the terminal's finding):
        every card of every status poll asks, and the search takes a while. Called with the
        lock held."""
        kept = self._turned_at.get(kind)
        if kept is None or kept[0] != self._version:  # pages of both kinds keep their own
            found = () if self._set_upright() is not None else \
                held_turned(self._centres(), kind == "corners")
            kept = self._turned_at[kind] = (self._version, found)
        return kept[1]

    def _centres(self) -> dict[str, Sticker]:
        """The centres read so far, for the hold words: those of the reading set upright where
        the terminal set a photo upright (:meth:`upright`), and none of a photo the set's
        refusal is about (another cube's face, a face taken twice): the person is about to
        retake it, and its centre may be no centre of this cube. Called with the lock held."""
        found, reading = self._set_upright(), self._reading
        if found is not None and reading is not None:
            views = self._face_views(reading, FACES)
            return {f: found.state.face(f)[4] for f, v in views.items() if v["centre"] is not None}
        doubted = self._set.photos if self._set.message else ()
        return {f: r.stickers[4] for name, faces in self._read.items() if name not in doubted
                for f, r in faces.items() if 4 not in r.blank}

    def _photo_view(self, kind: Kind, name: str, empty: bool = False) -> PhotoView:
        with self._lock:
            faces = {} if empty else self._read.get(name, {})
            views = {f: face_view(r) for f, r in faces.items()}
            unnamed = not empty and name in self._unnamed
            if self._reading is not None and not empty:
                views = self._face_views(self._reading,
                                         face_names(name) if unnamed else faces)
                unnamed = False  # the pair's reading named it
            refused = None if empty else self._refused.get(name)
            if not empty and refused is None and self._set.message and name in self._set.photos:
                refused, unnamed = self._set.message, False  # the set refused for this photo
            hold = pose_words(name, kind == "corners", self._centres(), self.settings,
                              self._turned(kind))
            return {"name": name, "hold": hold,
                    "faces": views, "refused": refused,
                    "unnamed": UNNAMED if unnamed else None,
                    "note": MIRRORED if not empty and _mirrored(faces) else None}

    def status(self, kind: Kind | None = None) -> StatusView:
        """What the page shows now; ``kind``: the kind of set the person chose on the page,
        shown without photos until the first of them arrives."""
        if kind is not None and kind != self.kind():
            return {"kind": kind, "photos": [self._photo_view(kind, n, empty=True)
                                             for n in NAMES[kind]],
                    "next": NAMES[kind][0], "stage": "photos", "message": "", "retake": "",
                    "notes": [],
                    "step": None, "check": None,
                    "uploads_left": max(0, self.max_uploads - self.uploads), "guiding": False}
        kind = self.kind()
        photos = [self._photo_view(kind, n) for n in NAMES[kind]]
        with self._lock:
            missing = [n for n in NAMES[kind] if n not in self._read]
            stage: Stage = ("photos" if missing else "read" if self._reading is not None
                            else "refused" if self._set.message else "reading")
            message, left, check = self._set.message, self.max_uploads - self.uploads, self._check
            retake = retake_words(message, self._set.advises) if stage == "refused" else ""
            guiding = self._guiding
            if stage == "read" and self._reviewed is not None:
                stage = "inconsistent" if self._verdict else "reviewing"
                message = self._verdict or self._review_words
            elif stage == "read" and self._reading is self._quit:
                message = self._quit_words
            notes = list(self._reading.notes) if self._reading is not None else []
            found = self._set_upright()
            if found is not None and found.words is not None:  # the terminal's finding
                notes.append(upright_note(found.words, retake=self._guided is None))
        return {"kind": kind, "photos": photos, "next": missing[0] if missing else None,
                "stage": stage, "message": message, "retake": retake, "notes": notes,
                "step": self.step(),
                "check": check, "uploads_left": max(0, left), "guiding": guiding}

    def reading_json(self) -> dict | None:
        """The whole reading as ``read --json`` prints it (None until there is one)."""
        reading = self.reading()
        if reading is None:
            return None
        return reading.to_dict()

    def idle(self) -> None:
        """Wait until the worker has read everything it was given (benchmarks, tests)."""
        self.worker.submit(lambda: None).result()

    def close(self) -> None:
        """Stop the worker (a reading in progress finishes; its result is dropped)."""
        self.worker.shutdown(wait=False, cancel_futures=True)
