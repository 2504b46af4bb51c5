"""From photos to a reading: per face digits, rotations, scored alternatives and geometry.

:func:`read_face` runs the pipeline on one BGR image (find the face, straighten it, cut the
cells, separate the ink, classify, optional OCR vote: :mod:`vision.recognise.ocr_vote`);
:func:`read_face_photos` reads the six face photos ``U R F D L B`` into a :class:`Reading` whose
``state`` carries the candidates the grid solver needs for joint decoding. (Which photos a folder
holds, six faces or a corner pair, is decided in :mod:`vision.reading.photo_set`.)
"""
from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from ...models.cube.face_words import PhotoNaming
from ...models.cube.geometry import FACES
from ...models.cube.state import CubeState
from ...models.cube.state_format import to_dict
from ...models.cube.stickers import Hypothesis, Sticker, is_doubtful
from ...models.errors import PhotosRefused, SudokuCubeError
from ...models.profile import CubeSettings
from ..cells.face_cells import face_cells
from ..locate.detect import FaceGeometry, FaceNotFoundError, find_face
from ..photo.images import load_photo
from ..recognise.cell_model import CellModel
from ..recognise.digits_seen import digits_seen_by
from ..recognise.evidence import CellEvidence
from ..recognise.face import recognise_face
from ..recognise.hog import LinearModel, default_model
from ..recognise.ocr import MISSING_WARNING, tesseract_available
from ..recognise.ocr_vote import OcrMode, ocr_cells, ocr_voted
from ..recognise.templates import TemplateSet, default_templates
from ..recognise.underline_convention import with_convention
from ..recognise.underline_model import UnderlineModel
from .corner_shown import face_photo_refusal
from .face_shift import surer_place
from .mirrored import mirrored_notes, read_unmirrored

READ_WORKERS = 2
"""Faces read at once (OpenCV and tesseract work outside the GIL)."""


@dataclass(frozen=True)
class FaceReading:
    """One face read from one photo.

    ``stickers``: best reading per cell (net order); ``candidates``: scored alternatives per
    cell, best first; ``confidence``: the best score per cell; ``geometry``: the face outline
    and lattice found in the photo (pixels of the working copy the photo was read in);
    ``source``: the photo's path; ``file_scale``: the photo file's pixels per working-copy
    pixel (large photos are read downscaled), so :meth:`to_dict` reports file pixels.
    """

    stickers: tuple[Sticker, ...]
    candidates: tuple[tuple[Hypothesis, ...], ...]
    confidence: tuple[float, ...]
    geometry: FaceGeometry
    face: str | None = None
    source: str | None = None
    warnings: tuple[str, ...] = ()
    timings_ms: dict[str, float] = field(default_factory=dict)
    evidence: tuple[CellEvidence, ...] = field(default=(), repr=False, compare=False)
    file_scale: float = 1.0
    digit_seen: tuple[float, ...] = field(default=(), repr=False, compare=False)
    """Per cell, the learned cell model's probability that it shows a digit at all
    (:attr:`vision.recognise.face.FaceEvidence.digit_seen`; empty without a model)."""
    mirrored: bool = False
    """Read flipped back from a photo saved mirrored (:mod:`vision.reading.mirrored`)."""

    @property
    def doubtful(self) -> tuple[int, ...]:
        """Cells (0-8) whose reading is doubtful (:func:`models.cube.stickers.is_doubtful`)."""
        return tuple(i for i, alts in enumerate(self.candidates) if is_doubtful(alts))

    @property
    def blank(self) -> tuple[int, ...]:
        """Cells (0-8) in which no digit was seen (a blank sticker, glare or shadow): their
        reading is only the recognisers' guess, worth no alternatives. On a face that shows
        no digits (:attr:`plain`) that is every cell, whatever ink its edges left."""
        return tuple(range(len(self.stickers))) if self.plain else self.inkless

    @property
    def inkless(self) -> tuple[int, ...]:
        """Cells (0-8) in which no voter sees a digit: their cut holds no digit's ink at all,
        each judged alone, and the learned cell model (where it read the face,
        :attr:`digit_seen`) finds a digit no more likely than none. The cut needs the ink a
        few grey levels below the sticker; the model reads the cell's darkness relative to
        itself, so in a photo so dark that every level lies within a few grey levels it still
        reads the digits, and a cell it reads is no blank sticker."""
        seen = self.digit_seen if len(self.digit_seen) == len(self.evidence) else \
            (0.0,) * len(self.evidence)
        return tuple(i for i, (e, p) in enumerate(zip(self.evidence, seen))
                     if e.glyph is None and p <= 0.5)

    @property
    def plain(self) -> bool:
        """True when the cell model expects fewer than half the face's stickers to carry a
        digit (the sum of :attr:`digit_seen` below half their number): a plain cube's face,
        or one too dark or blurred to show its digits, not a Sudoku Cube face as a person
        sees it, though the glyph voters may read its sticker edges as 1s and 7s."""
        return shows_no_digits(self.digit_seen)

    def to_dict(self) -> dict:
        """JSON-ready geometry (in the photo file's pixels) and confidence of this face."""
        k = self.file_scale
        return {"source": self.source,
                "confidence": [round(c, 4) for c in self.confidence],
                "quad": [[round(float(x) * k, 1), round(float(y) * k, 1)]
                         for x, y in self.geometry.quad],
                "centres": [[round(float(x) * k, 1), round(float(y) * k, 1)]
                            for x, y in self.geometry.cell_centres()],
                "found": list(self.geometry.found), "blank": list(self.blank),
                "warnings": list(self.warnings), "mirrored": self.mirrored}


@dataclass(frozen=True)
class Reading:
    """Six faces read from photos: ``state`` (with candidates) and each face's reading;
    ``notes``: what the reader decided that the person should hear (a corner photo held with
    no face on top, named by its digits)."""

    state: CubeState
    faces: dict[str, FaceReading]
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    def doubtful_indices(self) -> frozenset[int]:
        """State sticker indices whose reading is doubtful."""
        return frozenset(FACES.index(f) * 9 + i for f, r in self.faces.items() for i in r.doubtful)

    def to_dict(self) -> dict:
        """The state JSON (docs/conventions.md) plus a ``reading`` section (sources, geometry)."""
        out = to_dict(self.state)
        out["reading"] = {f: r.to_dict() for f, r in self.faces.items()}
        if self.warnings:
            out["warnings"] = list(self.warnings)
        if self.notes:
            out["notes"] = list(self.notes)
        return out


def shows_no_digits(digit_seen: Sequence[float]) -> bool:
    """True when the cell model expects a digit on fewer than half of a face's cells
    (``digit_seen``, per cell its probability of one; False when empty, without a model): a
    plain cube's face, or one too dark or blurred to show its digits."""
    return bool(digit_seen) and sum(digit_seen) < len(digit_seen) / 2


def read_face(image: np.ndarray, *, templates: TemplateSet | None = None,
              model: LinearModel | None = None, ocr: OcrMode | bool = "auto",
              settings: CubeSettings = CubeSettings(), source: str | None = None,
              face: str | None = None, geometry: FaceGeometry | None = None,
              file_scale: float = 1.0, in_rounds: bool = True,
              cell_model: CellModel | None = None,
              underline_model: UnderlineModel | None = None,
              corner_check: bool = False) -> FaceReading:
    """Read one face photo (BGR uint8). Raises FaceNotFoundError when no single whole face
    is visible; with ``corner_check`` (a photo a person chose, not a live frame) one that
    shows a corner of the cube is told so
    (:func:`vision.reading.corner_shown.face_photo_refusal`). ``templates`` default to
    :func:`vision.recognise.templates.default_templates`,
    ``model`` to the trained HOG classifier, ``cell_model`` and ``underline_model`` to the
    shipped learned models (:func:`vision.recognise.face.recognise_face`); ``ocr`` says where
    tesseract votes (:data:`OcrMode`). A ``geometry``
    found elsewhere (a face of a corner photo, ``vision.locate.corners``) skips the detection.
    ``file_scale``: the photo file's pixels per pixel of ``image`` (see
    :func:`vision.photo.images.file_scale`), for coordinates reported in file pixels.
    ``in_rounds``: unsure cells read again in two rounds
    (:func:`vision.recognise.read_again.read_again`; a corner photo's faces are not). A face
    located here on whose cells the cell model sees a cell's digit fewer than nine (but not
    so few that it is a plain cube's face) is read again a row or column aside where the
    model sees more (:func:`vision.reading.face_shift.surer_place`)."""
    templates = templates if templates is not None else default_templates()
    model = model if model is not None else default_model()
    t0 = time.perf_counter()
    located = geometry is None
    geometry = geometry if geometry is not None else _located(image, source, face, cell_model,
                                                              corner_check)
    t1 = time.perf_counter()
    underlined = settings.underlined_69
    seen = recognise_face(face_cells(image, geometry), templates, model, underlined,
                          in_rounds, cell_model=cell_model, underline_model=underline_model)
    # a plain cube's face (:func:`shows_no_digits`) has no digits of its own to move
    # towards; print beside it may have some
    shows = located and bool(seen.digit_seen) and not shows_no_digits(seen.digit_seen)
    count = digits_seen_by(cell_model) if shows else None
    aside = surer_place(image, geometry, sum(seen.digit_seen), count) if count else None
    if aside is not None:  # the face lies a row or column from where it was found
        geometry = aside
        seen = recognise_face(face_cells(image, geometry), templates, model, underlined,
                              in_rounds, cell_model=cell_model, underline_model=underline_model)
    evidence, hyps = list(seen.evidence), list(seen.hypotheses)
    t2 = time.perf_counter()
    warnings: list[str] = []
    timings = {"detect": (t1 - t0) * 1000, "recognise": (t2 - t1) * 1000}
    asked = ocr_cells(evidence, hyps, ocr)
    if asked and not tesseract_available():
        warnings.append(MISSING_WARNING)
    elif asked:
        hyps = ocr_voted(evidence, hyps, asked)
        timings["ocr"] = (time.perf_counter() - t2) * 1000
    return FaceReading(tuple(h[0].sticker for h in hyps), tuple(hyps),
                       tuple(float(h[0].score or 0.0) for h in hyps), geometry, face, source,
                       tuple(warnings), timings, tuple(evidence), file_scale, seen.digit_seen)


def _located(image: np.ndarray, source: str | None, face: str | None,
             cell_model: CellModel | None, corner_check: bool = False) -> FaceGeometry:
    """The face found in a face photo, the cell model (``cell_model``, None: the shipped
    one) weighing a last resort's lattices; its FaceNotFoundError names the photo
    (``source``) for its debug picture, and with ``corner_check`` says so where the photo
    shows a corner of the cube (:func:`vision.reading.corner_shown.face_photo_refusal`)."""
    name = source or (f"face {face}" if face else "photo")
    try:
        return find_face(image, name, digits_seen_by(cell_model))
    except FaceNotFoundError as e:
        e.photo = source
        if not corner_check:
            raise
        refused = e
    raise face_photo_refusal(refused, image, name)


def read_face_photos(photos: dict[str, Path], where: object, *,
                     templates: TemplateSet | None = None, model: LinearModel | None = None,
                     ocr: OcrMode | bool = "auto", settings: CubeSettings = CubeSettings(),
                     progress: Callable[[str], None] | None = None,
                     done: Callable[[FaceReading], None] | None = None,
                     cell_model: CellModel | None = None,
                     underline_model: UnderlineModel | None = None,
                     naming: PhotoNaming | None = None) -> Reading:
    """Read the six face photos (face letter -> file, from
    :func:`vision.photo.photo_files.face_photos`) into a :class:`Reading`; ``where`` (the folder
    or files) names them in errors; the models as :func:`read_face` takes them. ``progress``
    (optional) is called with each face letter as it is read, ``done`` with each face read (so
    that a caller keeps the faces read when another photo is refused). Every photo is read
    before a refusal is raised, and where several are refused, all are said at once
    (:class:`models.errors.PhotosRefused`). Faces are read :data:`READ_WORKERS` at a time; the
    reading does not depend on the order they finish in. A photo saved mirrored is read
    flipped back, and the reading's notes say so, naming it as ``naming`` names it (None:
    by its file)."""
    missing = [f for f in FACES if f not in photos]
    if missing:
        raise SudokuCubeError(
            f"{where}: photo(s) of face {' '.join(missing)} missing; a folder needs exactly six "
            "photos named U R F D L B (.jpg, .jpeg or .png), one per face")
    templates = templates if templates is not None else default_templates()
    model = model if model is not None else default_model()

    def read_one(f: str) -> FaceReading:
        if progress:
            progress(f)
        photo = load_photo(photos[f])

        def read(image: np.ndarray) -> FaceReading:
            return read_face(image, templates=templates, model=model, ocr=ocr,
                             settings=settings, source=photo.source, face=f,
                             file_scale=photo.file_scale, cell_model=cell_model,
                             underline_model=underline_model, corner_check=True)

        faces = read_unmirrored(photo.image, lambda image: {f: read(image)}, cell_model)[0]
        if done:
            done(faces[f])
        return faces[f]

    readings = dict(zip(FACES, _read_every(read_one, FACES)))
    readings = with_convention(readings, settings.underlined_69)
    warnings: list[str] = []
    for f in FACES:
        warnings.extend(w for w in readings[f].warnings if w not in warnings)
    return Reading(reading_state(readings), readings, tuple(warnings),
                   mirrored_notes([f for f in FACES if readings[f].mirrored], photos, naming))


def _read_every(read_one: Callable[[str], FaceReading], faces: Sequence[str]
                ) -> list[FaceReading]:
    """``read_one`` of each of ``faces``, :data:`READ_WORKERS` at a time, every one read
    whether another is refused or not; the refusal raised after all are read: the one, or
    all of several together (:class:`models.errors.PhotosRefused`)."""
    with ThreadPoolExecutor(READ_WORKERS) as pool:
        futures = [pool.submit(read_one, f) for f in faces]
        refused = [e for e in (f.exception() for f in futures) if e is not None]
    if len(refused) > 1 and all(isinstance(e, SudokuCubeError) for e in refused):
        raise PhotosRefused(refused) from refused[0]
    if refused:
        raise refused[0]
    return [f.result() for f in futures]


def reading_state(faces: dict[str, FaceReading]) -> CubeState:
    """The CubeState (best stickers + candidates) of six face readings."""
    return CubeState.from_faces({f: r.stickers for f, r in faces.items()},
                                candidates={f: r.candidates for f, r in faces.items()})
