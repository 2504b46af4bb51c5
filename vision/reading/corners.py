"""Reading a cube from two corner photos, ``A`` (U, F, R) and ``B`` (D, L, B).

Each photo shows three faces around one corner (docs/photos.md).
:func:`vision.locate.corners.faces.locate_faces` finds them and maps each face's net coordinates to
the picture; the stickers are then read by exactly the same recognisers as a single-face photo
(:func:`vision.reading.faces.read_face` with that geometry), so a corner reading and six face photos
of the same cube give the same state. A face read unsurely is read again from the photo with
its hand shake undone (:mod:`vision.locate.corners.shake`): the foreshortened stickers of a corner
photo suffer most from a shaken hand's streaks. A photo held with no face on top of the corner
is read each of the three ways round its corner, and the cube reading keeps the one in which
the digits of both photos fit together (:mod:`vision.reading.corner_naming`).
"""
from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from ...models.cube.face_words import PhotoNaming, listed
from ...models.cube.geometry import FACES
from ...models.cube.stickers import DOUBT_SCORE
from ...models.errors import SudokuCubeError
from ...models.profile import CubeSettings
from ..recognise.cell_model import CellModel
from ..recognise.digits_seen import digits_seen_by
from ..recognise.hog import LinearModel, default_model
from ..photo.images import Photo, load_photo
from ..photo.photo_files import face_photos, unreadable_note
from .corner_naming import PhotoReadings, named_faces
from .faces import FaceReading, OcrMode, Reading, read_face, reading_state
from .mirrored import flip_matrix, flipped, marked_back, mirrored_notes, saved_mirrored
from ..recognise.templates import TemplateSet, default_templates
from ..recognise.underline_convention import with_convention
from ..recognise.underline_model import UnderlineModel
from ..locate.corners.faces import (CornerFace, CornerPhotoError, CornerView, in_photo,
                                   locate_corner, locate_faces)
from ..locate.corners.shake import unshaken
from ..locate.corners.zoom import Zoomed
from ..locate.corners.views import corner_faces, face_names, ideal_net_to_image

CORNER_PHOTOS = ("A", "B")

SHAKEN = DOUBT_SCORE
"""A face whose stickers' best readings score below this on average (read in doubt, as a
sticker whose best reading scores below it is) is read again from the photo with its hand
shake undone (:func:`vision.locate.corners.shake.unshaken`)..."""
SURER = 0.05
"""...and that reading is kept when its average best score is higher by at least this: the
streak is estimated on every photo, also a sharp one, where deconvolving it only adds
ringing and the cells read less surely (on exam-renderer corner photos the deblurred
readings that gained this much never read fewer stickers right)."""


def _sureness(reading: FaceReading) -> float:
    """The average best score of a face's nine stickers."""
    return float(np.mean(reading.confidence))


def read_corner_photo(image: np.ndarray, photo: str, *, templates: TemplateSet | None = None,
                      model: LinearModel | None = None, ocr: OcrMode | bool = "auto",
                      settings: CubeSettings = CubeSettings(), source: str | None = None,
                      file_scale: float = 1.0, cell_model: CellModel | None = None,
                      underline_model: UnderlineModel | None = None
                      ) -> dict[str, FaceReading]:
    """The three faces of corner photo ``photo`` ("A" or "B"), read like single-face photos
    (the models as :func:`vision.reading.faces.read_face` takes them). Raises
    :class:`CornerPhotoError` when the photo does not show that corner's three faces."""
    t0 = time.perf_counter()
    try:
        located = locate_faces(image, photo, source or f"photo {photo}",
                               seen=digits_seen_by(cell_model))
    except CornerPhotoError as e:
        e.photo = source  # for the refused photo's debug picture
        raise
    t_detect = (time.perf_counter() - t0) * 1000 / 3
    return read_located(image, located, templates=templates, model=model, ocr=ocr,
                        settings=settings, source=source, file_scale=file_scale,
                        t_detect=t_detect, cell_model=cell_model,
                        underline_model=underline_model)


def read_located(image: np.ndarray, located: Sequence[CornerFace], *,
                 templates: TemplateSet | None = None, model: LinearModel | None = None,
                 ocr: OcrMode | bool = "auto", settings: CubeSettings = CubeSettings(),
                 source: str | None = None, file_scale: float = 1.0,
                 t_detect: float = 0.0, cell_model: CellModel | None = None,
                 underline_model: UnderlineModel | None = None) -> dict[str, FaceReading]:
    """The faces ``located`` in a corner photo (:func:`locate_faces`) read like single-face
    photos (the models as :func:`vision.reading.faces.read_face` takes them); a face read
    unsurely is read again from the photo with its shake undone (see :data:`SHAKEN`).
    ``t_detect``: milliseconds per face their locating took, for the readings' timings."""
    def read(img: np.ndarray, cf: CornerFace) -> FaceReading:
        r = read_face(img, templates=templates, model=model, ocr=ocr, settings=settings,
                      source=source, face=cf.face, geometry=cf.geometry(),
                      file_scale=file_scale, in_rounds=False, cell_model=cell_model,
                      underline_model=underline_model)
        r.timings_ms["detect"] = t_detect
        return r

    out = {cf.face: read(image, cf) for cf in located}
    shaken = [cf for cf in located if _sureness(out[cf.face]) < SHAKEN]
    if shaken:
        sharp = unshaken(image, [cf.quad() for cf in located], [cf.quad() for cf in shaken])
        for cf in shaken:
            again = read(sharp, cf)
            if _sureness(again) >= _sureness(out[cf.face]) + SURER:
                out[cf.face] = again
    return with_convention(out, settings.underlined_69)


def _image_order(photo: str, face: str) -> list[int]:
    """The face's 9 net cells in a photo-independent order: by their ideal place in the
    picture (row by row of the picture), so A and B can be compared place by place."""
    M = ideal_net_to_image(photo, face)
    pts = [M @ np.array([c + 0.5, r + 0.5, 1.0]) for r in range(3) for c in range(3)]
    return sorted(range(9), key=lambda i: (round(pts[i][1], 3), round(pts[i][0], 3)))


BETWEEN_PHOTOS = ("From pose A turn the whole cube half round like a steering wheel, its top "
                  "to the bottom (z2), then a quarter "
                  "turn to the left (y), so that D is on top with L lower left and B lower "
                  "right")
"""How the cube is turned between corner photos A and B (docs/photos.md), in words first:
the move letters mean nothing to a person new to cubes."""
TURN_FOR_B = f"{BETWEEN_PHOTOS[0].lower()}{BETWEEN_PHOTOS[1:]}"
""":data:`BETWEEN_PHOTOS` within a sentence, after "for photo B, ", in a refusal of B."""


def same_corner_matches(a: dict[str, FaceReading], b: dict[str, FaceReading]) -> int:
    """How many of the 27 digits of photo A equal the digit at the same place of photo B's
    picture (27 when both photos show the same corner; about 3 for a turned cube)."""
    n = 0
    for fa, fb in zip(face_names("A"), face_names("B")):
        oa, ob = _image_order("A", fa), _image_order("B", fb)
        n += sum(a[fa].stickers[i].digit == b[fb].stickers[j].digit for i, j in zip(oa, ob))
    return n


def corner_photos(paths: Path | str | Sequence[Path | str]) -> dict[str, Path]:
    """The A and B photo files of a folder (or file list); a clear error names what is
    missing."""
    photos = face_photos(paths)
    missing = [k for k in CORNER_PHOTOS if k not in photos]
    if missing:
        have = listed(sorted(photos)) if photos else "no photos"
        k = missing[0]
        what = (f"corner photo {k} ({listed(face_names(k))}) is" if len(missing) == 1
                else "corner photos A and B are")
        raise SudokuCubeError(
            f"{paths}: {what} missing (found {have}); two corner photos are needed: "
            "A at the corner of U, F and R (U on top), B at the corner of D, L and B (D on top), "
            f"named A.jpg and B.jpg{unreadable_note(paths)}. "
            f"{'' if k == 'A' else BETWEEN_PHOTOS + '.'}".strip())
    return {k: photos[k] for k in CORNER_PHOTOS}


def _read_photo(photo: Photo, which: str, *, templates: TemplateSet, model: LinearModel,
                ocr: OcrMode | bool, settings: CubeSettings, cell_model: CellModel | None,
                underline_model: UnderlineModel | None) -> tuple[CornerView, PhotoReadings]:
    """Corner photo ``which`` located and read (:func:`_located_read`), flipped back where it
    was saved mirrored (:func:`_unmirrored`; its readings say so)."""
    def read(image: np.ndarray) -> tuple[CornerView, PhotoReadings]:
        return _located_read(replace(photo, image=image), which, templates=templates,
                             model=model, ocr=ocr, settings=settings, cell_model=cell_model,
                             underline_model=underline_model)

    return _unmirrored(photo.image, read, cell_model)


def _located_read(photo: Photo, which: str, *, templates: TemplateSet, model: LinearModel,
                  ocr: OcrMode | bool, settings: CubeSettings, cell_model: CellModel | None,
                  underline_model: UnderlineModel | None) -> tuple[CornerView, PhotoReadings]:
    """Corner photo ``which`` located, and its faces read in the pose's naming when it is
    upright, else in each of the three namings (:mod:`vision.reading.corner_naming`)."""
    t0 = time.perf_counter()
    try:
        view = locate_corner(photo.image, which, photo.source,
                             seen=digits_seen_by(cell_model))
    except CornerPhotoError as e:
        e.photo = photo.source  # for the refused photo's debug picture
        raise
    t_detect = (time.perf_counter() - t0) * 1000 / 3
    namings = view.namings[:1] if view.upright else view.namings
    return view, [read_located(photo.image, faces, templates=templates, model=model, ocr=ocr,
                               settings=settings, source=photo.source,
                               file_scale=photo.file_scale, t_detect=t_detect,
                               cell_model=cell_model, underline_model=underline_model)
                  for faces in namings]


def _unmirrored(image: np.ndarray,
                read: Callable[[np.ndarray], tuple[CornerView, PhotoReadings]],
                cell_model: CellModel | None) -> tuple[CornerView, PhotoReadings]:
    """Corner photo ``image`` located and read by ``read``: a photo whose digits the cell
    model (None: the shipped one) reads plainly only flipped back
    (:func:`vision.reading.mirrored.reads_mirrored`) was saved mirrored, and is read flipped
    back, its faces placed back where the photo as saved shows them and marked so
    (:func:`vision.reading.mirrored.marked_back`)."""
    view, readings = read(image)
    if not saved_mirrored(image, list(readings[0].values()), cell_model):
        return view, readings
    back = Zoomed(flipped(image), flip_matrix(image.shape[1]))
    view, readings = read(back.picture)
    # the view too, where the photo as saved shows its faces, for the words said of it
    return in_photo(view, back), [marked_back(faces, image.shape[1]) for faces in readings]


def _not_same_corner(per_photo: dict[str, dict[str, FaceReading]], b: Path,
                     naming: PhotoNaming | None = None) -> None:
    """Raises :class:`CornerPhotoError` when photo B (file ``b``) shows the same corner as
    photo A: the two agree on most of their digits at the same place in the picture
    (:func:`same_corner_matches`), so the cube was not turned between them. Photos of two
    corners agree on about three of them by chance; the same corner twice on all but those
    misread. The refusal is about B, then A (:attr:`SudokuCubeError.photos`), named as
    ``naming`` names them (None: B by its file)."""
    matches = same_corner_matches(per_photo["A"], per_photo["B"])
    digits = sum(len(per_photo["A"][f].stickers) for f in face_names("A"))
    if 2 * matches <= digits:
        return
    if naming is None:
        said = (f"{b}: photo B shows the same corner as photo A ({matches} of {digits} digits "
                f"agree); for B, {TURN_FOR_B}. If photo A is the one taken twice, retake A instead")
    else:
        a, b_ = naming.name("A"), naming.name("B")
        said = (f"{b_} shows the same corner as {a} ({matches} of {digits} digits agree); "
                f"for {b_}, {TURN_FOR_B}. If {a} is the one taken twice, retake it instead")
    refused = CornerPhotoError(f"{said}: U at the top, F lower left, R lower right")
    refused.photos = ("B", "A")
    raise refused


MISREAD = 1
"""Digits of a face that may be misread where photo B shows a face of photo A again
(:func:`_same_face`): the same face agrees on all its nine digits but these; two faces of a
cube agree on about one by chance."""


def _no_face_again(per_photo: dict[str, dict[str, FaceReading]], b: Path,
                   naming: PhotoNaming | None = None) -> None:
    """Raises :class:`CornerPhotoError` when photo B (file ``b``) shows again a face that
    photo A shows (its digits at the same places, turned any way: :func:`_same_face`): one of
    them was taken at a corner beside the other's, the cube turned only part of the way
    between them (the same corner twice is :func:`_not_same_corner`'s). Named as ``naming``
    names them (None: B by its file)."""
    for fb, rb in per_photo["B"].items():
        for fa, ra in per_photo["A"].items():
            if not _same_face(_digits(ra), _digits(rb)):
                continue
            a, b_ = ("photo A", "photo B") if naming is None else \
                (naming.name("A"), naming.name("B"))
            refused = CornerPhotoError(
                f"{'' if naming else f'{b}: '}{b_} shows again a face that {a} shows (the "
                f"digits of {a}'s {fa} stand where {b_} should show {fb}): the cube was not "
                f"turned to the opposite corner between them; for {b_}, {TURN_FOR_B}. If {a} was "
                "not taken at the corner of U, F and R, retake it instead")
            refused.photos = ("B", "A")
            raise refused


def _digits(reading: FaceReading) -> list[int | None]:
    """A face's digits in net order, None where no digit was seen."""
    return [None if i in reading.blank else s.digit for i, s in enumerate(reading.stickers)]


def _same_face(a: list[int | None], b: list[int | None]) -> bool:
    """Whether two faces' 3 x 3 digits agree on every place but :data:`MISREAD` or fewer,
    ``a`` turned any of the four ways (places with no digit seen agree on nothing)."""
    for _ in range(4):
        if sum(x is not None and x == y for x, y in zip(a, b)) >= len(a) - MISREAD:
            return True
        a = [a[3 * (2 - c) + r] for r in range(3) for c in range(3)]  # a quarter turn
    return False


def read_corner_folder(paths: Path | str | Sequence[Path | str], *,
                       templates: TemplateSet | None = None, model: LinearModel | None = None,
                       ocr: OcrMode | bool = "auto", settings: CubeSettings = CubeSettings(),
                       progress: Callable[[str], None] | None = None,
                       done: Callable[[FaceReading], None] | None = None,
                       cell_model: CellModel | None = None,
                       underline_model: UnderlineModel | None = None,
                       naming: PhotoNaming | None = None) -> Reading:
    """Read corner photos ``A`` and ``B`` (a folder or the two files) into a :class:`Reading`
    with the same state, candidates and per-face readings as six face photos would give (the
    models as :func:`vision.reading.faces.read_face` takes them). The
    two photos are read at once; the reading does not depend on which finishes first.
    ``done`` (optional) is called with each face read (in the first naming of a photo held
    with no face on top), as :func:`vision.reading.faces.read_face_photos` does. A photo
    held with no face on top is named by its digits
    (:func:`vision.reading.corner_naming.named_faces`), and the reading's notes say so.
    ``naming``: how the caller names the photos in those notes and in the refusals of the
    pair (:func:`_not_same_corner`); None: by their files."""
    photos = corner_photos(paths)
    templates = templates if templates is not None else default_templates()
    model = model if model is not None else default_model()

    def read_one(k: str) -> tuple[CornerView, PhotoReadings]:
        if progress:
            progress(k)
        view, readings = _read_photo(load_photo(photos[k]), k, templates=templates, model=model,
                                     ocr=ocr, settings=settings, cell_model=cell_model,
                                     underline_model=underline_model)
        if done:
            for r in readings[0].values():
                done(r)
        return view, readings

    with ThreadPoolExecutor(len(CORNER_PHOTOS)) as pool:  # like six faces: OpenCV frees the GIL
        read = dict(zip(CORNER_PHOTOS, pool.map(read_one, CORNER_PHOTOS)))
    named = named_faces({k: v for k, (v, _) in read.items()},
                        {k: r for k, (_, r) in read.items()}, photos, settings, naming)
    readings: dict[str, FaceReading] = {}
    for k in CORNER_PHOTOS:
        readings.update(named.faces[k])
    readings = with_convention(readings, settings.underlined_69)
    _not_same_corner(named.faces, photos["B"], naming)
    _no_face_again(named.faces, photos["B"], naming)
    warnings: list[str] = []
    for f in FACES:
        warnings.extend(w for w in readings[f].warnings if w not in warnings)
    return Reading(reading_state(readings), {f: readings[f] for f in FACES}, tuple(warnings),
                   mirrored_notes(_read_mirrored(read), photos, naming) + named.notes)


def _read_mirrored(read: dict[str, tuple[CornerView, PhotoReadings]]) -> list[str]:
    """The corner photos, of those ``read``, that were read flipped back, in order."""
    return [k for k in CORNER_PHOTOS if any(r.mirrored for r in read[k][1][0].values())]


__all__ = ["read_corner_folder", "read_corner_photo", "read_located", "corner_photos",
           "same_corner_matches", "CornerPhotoError", "corner_faces"]
