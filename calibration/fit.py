"""Calibrating templates from labelled photos, and measuring how well a profile reads photos.

:func:`calibrate_templates` is the whole of ``sudoku-cube calibrate templates`` apart from
argument parsing and printing: read each labelled photo with the current templates (the
"before" figure), cut its glyphs, learn the cube's templates and classifier, read the same
photos again with them (the "after" figure) and return the new profile.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Callable, Sequence

import numpy as np

from ..models.cube.stickers import Sticker, same_sticker
from ..models.profile import CubeSettings
from ..vision.locate.detect import FaceNotFoundError
from ..vision.locate.face_geometry import TWO_FACES_ADVICE
from ..vision.recognise.footed import MIN_ONES, OneVerdict, ones_verdict
from ..vision.recognise.hog import default_model
from ..vision.recognise.print_facts import FOOTED
from ..vision.reading.reader import Reader
from ..vision.reading.faces import FaceReading
from ..vision.recognise.templates import default_templates
from .learn import CutGlyph, learn
from .profile_files import ProfileError
from .profiles import Profile


@dataclass(frozen=True)
class LabelledPhoto:
    """A face photo (BGR) and the nine stickers the user says it shows."""

    source: str
    image: np.ndarray
    stickers: tuple[Sticker, ...]


MIN_CONFIDENT = 5
"""Confident readings of a photo needed before labels that agree with none are refused."""


@dataclass(frozen=True)
class PhotoScore:
    """How one photo was read: stickers right, and the mistakes as ``(index, truth, read)``."""

    source: str
    correct: int
    total: int
    mistakes: tuple[tuple[int, str, str], ...]
    problem: str = ""
    confident: int = 0
    confident_agree: int = 0
    disputed: tuple[tuple[int, str, str], ...] = ()
    """The mistakes on stickers the reader was sure of: a label the reader contradicts
    surely is as likely mistyped as misread, and the templates learn it either way."""

    @property
    def labels_doubtful(self) -> bool:
        """True when the reader was sure of most stickers and the labels agree with none of
        them: the labels most likely belong to another photo or are in the wrong order."""
        return self.confident >= MIN_CONFIDENT and self.confident_agree == 0


def read_photo(photo: LabelledPhoto, reader: Reader) -> FaceReading:
    """Read a labelled photo with ``reader`` (its templates, model and settings), no OCR."""
    return reader.with_ocr("never").read_face(photo.image, source=photo.source)


ONE_FACE_ADVICE = ("photograph a single face straight on: templates are learnt from face "
                   "photos, one face each (not corner photos)")
"""What a calibration photo that shows more than one face is told to be instead."""


def score_photo(photo: LabelledPhoto, reader: Reader,
                settings: CubeSettings) -> tuple[PhotoScore, FaceReading | None]:
    """Read a photo and compare with its labels; a face that is not found scores 0 of 9, its
    problem said with calibration's advice where the photo shows more than one face (a
    corner photo teaches nothing here: :data:`ONE_FACE_ADVICE`)."""
    try:
        reading = read_photo(photo, reader)
    except FaceNotFoundError as e:
        return PhotoScore(photo.source, 0, 9, (), str(e).replace(TWO_FACES_ADVICE,
                                                                 ONE_FACE_ADVICE)), None
    mistakes = tuple((i, t.token, r.token) for i, (r, t) in
                     enumerate(zip(reading.stickers, photo.stickers))
                     if not same_sticker(r, t, settings.symmetric))
    wrong = {i for i, _, _ in mistakes}
    sure = [i for i in range(len(reading.stickers)) if i not in reading.doubtful]
    return PhotoScore(photo.source, 9 - len(mistakes), 9, mistakes,
                      confident=len(sure),
                      confident_agree=sum(1 for i in sure if i not in wrong),
                      disputed=tuple(m for m in mistakes if m[0] in sure)), reading


def doubtful_labels(scores: Sequence[PhotoScore]) -> list[PhotoScore]:
    """The photos whose labels agree with none of the stickers read with confidence."""
    return [s for s in scores if s.labels_doubtful]


def accuracy(scores: Sequence[PhotoScore]) -> float:
    """Share of stickers read right over all scored photos (0 when there are none)."""
    total = sum(s.total for s in scores)
    return sum(s.correct for s in scores) / total if total else 0.0


@dataclass(frozen=True)
class CalibrationResult:
    """A calibrated profile and the before/after scores on the calibration photos."""

    profile: Profile
    before: tuple[PhotoScore, ...]
    after: tuple[PhotoScore, ...]
    glyphs: int
    seconds: float
    ones: OneVerdict = OneVerdict(0, 0)
    """What the photos say of the cube's 1 (:func:`vision.recognise.footed.ones_verdict`)."""
    footed_one: bool = False
    """True when the 1 was taken as not symmetric because the photos show its foot
    (``ones_from_photos``), though the profile's settings had it symmetric."""
    footless_one: bool = False
    """True when the 1 was taken as symmetric because the photos show enough clear 1s and
    no foot (``ones_from_photos``), though the profile's settings had it not symmetric (an
    earlier calibration on another cube's photos, say)."""


def calibrate_templates(photos: Sequence[LabelledPhoto], profile: Profile, *,
                        progress: Callable[[str], None] | None = None,
                        ones_from_photos: bool = False) -> CalibrationResult:
    """Learn ``profile``'s templates and classifier from labelled photos (see module doc).

    The "before" figures use the built-in defaults; photos whose face is not found are
    reported and skipped for learning. ``ones_from_photos``: where the photos show the 1's
    foot (:func:`vision.recognise.footed.ones_verdict`), the 1 is not symmetric, and where
    they show enough clear 1s and no foot, it is, whatever the profile's settings said (the
    person gave no setting of their own), and the glyphs are learnt so.
    """
    t0 = time.perf_counter()
    base_templates, base_model = default_templates(), default_model()
    settings = profile.settings
    defaults = Reader(templates=base_templates, model=base_model, settings=settings)
    before, glyphs, read = [], [], {}
    for photo in photos:
        if progress:
            progress(photo.source)
        score, reading = score_photo(photo, defaults, settings)
        before.append(score)
        if reading is None:
            continue
        read[photo.source] = reading
        for i, (ev, st) in enumerate(zip(reading.evidence, photo.stickers)):
            if ev.glyph is not None:
                glyphs.append(CutGlyph(ev.glyph, st, ev.underline_rot, photo.source, i))
    ones = ones_verdict(read)
    footed = ones_from_photos and ones.has_foot and FOOTED in settings.symmetric
    footless = ones_from_photos and ones.seen >= MIN_ONES and not ones.has_foot \
        and FOOTED not in settings.symmetric
    if footed or footless:  # scored again as the profile will read them
        settings = replace(settings, symmetric=settings.symmetric ^ {FOOTED})
        profile = replace(profile, settings=settings)
        defaults = Reader(templates=base_templates, model=base_model, settings=settings)
        before = [score_photo(photo, defaults, settings)[0] for photo in photos]
    if not glyphs:
        problems = "; ".join(s.problem for s in before if s.problem)
        raise ProfileError("no face could be read in the calibration photos"
                           + (f" ({problems})" if problems else "")
                           + "; photograph whole faces, each filling about half the picture")
    learnt = learn(glyphs, base_templates, base_model, settings.symmetric)
    new = replace(profile, templates=learnt.templates, training=learnt.training,
                  classifier=learnt.model)
    reader = new.reader()
    after = [score_photo(p, reader, settings)[0] for p in photos]
    report = {"before": accuracy(before), "after": accuracy(after),
              "photos": [p.source for p in photos], "stickers": sum(s.total for s in before),
              "glyphs": len(glyphs), "date": time.strftime("%Y-%m-%d %H:%M")}
    new = replace(new, report=report)
    return CalibrationResult(new, tuple(before), tuple(after), len(glyphs),
                             time.perf_counter() - t0, ones, footed, footless)
