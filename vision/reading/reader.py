"""The reader: everything a reading needs in one typed value, and the reading's entry points.

A :class:`Reader` holds the templates and the classifier the recognisers match against, the
learned cell and underline models that vote with them (None: the built-in or shipped ones), the
cube's settings (reading uses their 6/9 underline convention) and when tesseract votes
(:data:`vision.reading.faces.OcrMode`). ``Reader()`` is the built-in reading; a
calibration profile gives its own (``calibration.profiles.Profile.reader``). Every caller
outside vision reads through a Reader's methods, which hand these to the stage functions of
:mod:`vision.reading.faces`, :mod:`vision.reading.corners` and :mod:`vision.reading.photo_set`, so
what a reading uses crosses the packages as this one value.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from ...models.cube.face_words import PhotoNaming
from ...models.profile import CubeSettings
from ..locate.corners.faces import CornerFace
from .corners import read_corner_photo, read_located
from ..locate.detect import FaceGeometry
from ..photo.images import to_bgr8
from ..recognise.cell_model import CellModel
from ..recognise.hog import LinearModel
from .photo_set import read_folder
from .faces import FaceReading, OcrMode, Reading, read_face
from .mirrored import read_unmirrored
from ..recognise.templates import TemplateSet
from ..recognise.underline_model import UnderlineModel


@dataclass(frozen=True)
class Reader:
    """How to read photos of one cube.

    ``templates``: the glyphs matched (None: :func:`vision.recognise.templates.default_templates`);
    ``model``: the HOG classifier (None: :func:`vision.recognise.hog.default_model`);
    ``cell_model``: the learned model that reads each straightened cell (None:
    :func:`vision.recognise.cell_model.shipped_cell_model`); ``underline_model``: the learned
    model that tells a 6 from a 9 by its underline (None:
    :func:`vision.recognise.underline_model.shipped_underline_model`); ``settings``: the cube's
    settings, of which reading uses ``underlined_69``; ``ocr``: where tesseract votes.
    """

    templates: TemplateSet | None = None
    model: LinearModel | None = None
    settings: CubeSettings = CubeSettings()
    ocr: OcrMode = "auto"
    cell_model: CellModel | None = None
    underline_model: UnderlineModel | None = None

    def with_ocr(self, ocr: OcrMode) -> Reader:
        """The same reader with tesseract voting as ``ocr`` says (live frames: ``never``)."""
        return replace(self, ocr=ocr)

    def read_face(self, image: np.ndarray, *, source: str | None = None,
                  face: str | None = None, geometry: FaceGeometry | None = None,
                  file_scale: float = 1.0, corner_check: bool = False) -> FaceReading:
        """One face photo (BGR or grey, :func:`as_read`) read:
        :func:`vision.reading.faces.read_face` (``corner_check``: a photo a person chose, not
        a live frame, whose refusal says where it shows a corner of the cube)."""
        return read_face(as_read(image), templates=self.templates, model=self.model,
                         ocr=self.ocr, settings=self.settings, source=source, face=face,
                         geometry=geometry, file_scale=file_scale, cell_model=self.cell_model,
                         underline_model=self.underline_model, corner_check=corner_check)

    def read_chosen_face(self, image: np.ndarray, *, source: str | None = None,
                         face: str | None = None, file_scale: float = 1.0) -> FaceReading:
        """A face photo a person chose (not a live frame) read as :meth:`read_face` reads it
        with ``corner_check``, flipped back where it was saved mirrored
        (:func:`vision.reading.mirrored.read_unmirrored`; the reading says so,
        :attr:`FaceReading.mirrored`)."""
        return read_unmirrored(image, lambda picture: {"": self.read_face(
            picture, source=source, face=face, file_scale=file_scale, corner_check=True)},
            self.cell_model)[0][""]

    def read_chosen_corner(self, image: np.ndarray, photo: str, *, source: str | None = None,
                           file_scale: float = 1.0) -> dict[str, FaceReading]:
        """A corner photo a person chose read as :meth:`read_corner_photo` reads it, flipped
        back where it was saved mirrored (as :meth:`read_chosen_face`)."""
        return read_unmirrored(image, lambda picture: self.read_corner_photo(
            picture, photo, source=source, file_scale=file_scale), self.cell_model)[0]

    def read_corner_photo(self, image: np.ndarray, photo: str, *, source: str | None = None,
                          file_scale: float = 1.0) -> dict[str, FaceReading]:
        """The three faces of corner photo ``photo`` ("A" or "B"; BGR or grey,
        :func:`as_read`) read: :func:`vision.reading.corners.read_corner_photo`."""
        return read_corner_photo(as_read(image), photo, templates=self.templates,
                                 model=self.model, ocr=self.ocr, settings=self.settings,
                                 source=source, file_scale=file_scale,
                                 cell_model=self.cell_model,
                                 underline_model=self.underline_model)

    def read_located(self, image: np.ndarray, located: Sequence[CornerFace], *,
                     source: str | None = None, file_scale: float = 1.0,
                     t_detect: float = 0.0) -> dict[str, FaceReading]:
        """Faces already located in a corner photo (BGR or grey, :func:`as_read`) read:
        :func:`vision.reading.corners.read_located`."""
        return read_located(as_read(image), located, templates=self.templates,
                            model=self.model, ocr=self.ocr, settings=self.settings,
                            source=source, file_scale=file_scale, t_detect=t_detect,
                            cell_model=self.cell_model, underline_model=self.underline_model)

    def read_photo_set(self, paths: Path | str | Sequence[Path | str], *,
                       progress: Callable[[str], None] | None = None,
                       done: Callable[[FaceReading], None] | None = None,
                       naming: PhotoNaming | None = None) -> Reading:
        """A cube's photos (a folder or the files: six faces or corner photos A and B) read:
        :func:`vision.reading.photo_set.read_folder` (``naming``: how the caller names the
        photos in the refusals and notes it makes; None: by their files)."""
        return read_folder(paths, templates=self.templates, model=self.model, ocr=self.ocr,
                           settings=self.settings, progress=progress, done=done,
                           cell_model=self.cell_model, underline_model=self.underline_model,
                           naming=naming)


def as_read(image: np.ndarray) -> np.ndarray:
    """A photo handed to the reader as every stage of the reading takes it, 8-bit BGR: an
    8-bit BGR photo itself, anything else (a grey photo above all) converted once here
    (:func:`vision.photo.images.to_bgr8`), as a photo file is on loading. The cells stage
    tells a cell inverted for its light ink by its single channel
    (:func:`vision.polarity.came_inverted`): from a grey photo every cell would pass for
    light ink, and the verdict on the 1 with them."""
    if image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3:
        return image
    return to_bgr8(image)
