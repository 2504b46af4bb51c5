"""A photo saved mirrored, told by its digits, and read flipped back.

The front cameras of phones and laptops often save a photo as their preview shows it, mirrored
left to right. A cube photographed so shows its faces where a cube can show them, so the
located faces do not betray it; its digits do: the cell model reads most of them doubtfully
or as other digits, and flipped back, plainly (the 1, 3 and 8 read much the same either
way). Every photo a person chose is judged so (:func:`reads_mirrored`); one that reads mirrored
is read again flipped back, its faces placed back in the photo as taken
(:func:`placed_back`), and the person is told (:func:`mirrored_note`).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Protocol, TypeVar

import cv2
import numpy as np

from ...models.cube.face_words import PhotoNaming, listed
from ..cells.face_cells import face_cells
from ..locate.face_geometry import FaceGeometry
from ..recognise.cell_model import NONE, CellModel, shipped_cell_model


def reads_mirrored(image: np.ndarray, geometries: Sequence[FaceGeometry],
                   cell_model: CellModel) -> bool:
    """Whether the faces ``geometries`` of ``image`` show their digits mirrored: of the
    cells on which the cell model sees a digit (likelier than none) as taken or flipped left
    to right, more than half of all cells, the likeliest digit (:data:`NONE` aside) is
    likelier flipped on more than half of all cells, and likelier in total. A plain cube's
    stickers show no digit either way, and are never taken for mirrored ones."""
    cells = [c for g in geometries for c in face_cells(image, g).cells]
    if not cells:
        return False
    taken = cell_model.read_cells(cells)
    turned = cell_model.read_cells([np.ascontiguousarray(c[:, ::-1]) for c in cells])
    as_taken, flipped = taken[:, :NONE].max(axis=1), turned[:, :NONE].max(axis=1)
    shown = (as_taken > taken[:, NONE]) | (flipped > turned[:, NONE])
    wins = shown & (flipped > as_taken)
    return bool(2 * shown.sum() > len(cells) and 2 * wins.sum() > len(cells)
                and flipped[shown].sum() > as_taken[shown].sum())


class _Read(Protocol):
    """A face read (:class:`vision.reading.faces.FaceReading`), as :func:`saved_mirrored`
    asks it."""

    @property
    def geometry(self) -> FaceGeometry: ...


R = TypeVar("R", bound=_Read)
"""A face read (:class:`vision.reading.faces.FaceReading`, a dataclass with ``mirrored``)."""


def saved_mirrored(image: np.ndarray, faces: Sequence[_Read], cell_model: CellModel | None
                   ) -> bool:
    """Whether the photo ``image``, whose faces were read as ``faces``, was saved mirrored:
    mirrored as the cell model (None: the shipped one) reads its digits
    (:func:`reads_mirrored`). Every photo a person chose is asked, read with doubt or
    without (about 20 ms a face): a sans digit mirrored may read as a digit without doubt
    (tesseract's vote settles its doubt), and a face's mirrored digits may count as its own."""
    net = cell_model if cell_model is not None else shipped_cell_model()
    return net is not None and reads_mirrored(image, [f.geometry for f in faces], net)


def read_unmirrored(image: np.ndarray, read: Callable[[np.ndarray], dict[str, R]],
                    cell_model: CellModel | None) -> tuple[dict[str, R], bool]:
    """The faces of the photo ``image`` that ``read`` reads, and whether it was saved
    mirrored (:func:`saved_mirrored`): then they are read flipped back, each placed back
    where the photo as saved shows it (:func:`placed_back`)."""
    faces = read(image)
    if not saved_mirrored(image, list(faces.values()), cell_model):
        return faces, False
    return read_flipped_back(image, read), True


def read_flipped_back(image: np.ndarray, read: Callable[[np.ndarray], dict[str, R]]
                      ) -> dict[str, R]:
    """The faces that ``read`` reads on the mirrored photo ``image`` flipped back, each
    placed back where the photo as saved shows it (:func:`placed_back`) and marked
    :attr:`~vision.reading.faces.FaceReading.mirrored`."""
    return marked_back(read(flipped(image)), image.shape[1])


def marked_back(faces: dict[str, R], width: int) -> dict[str, R]:
    """``faces`` read on a photo ``width`` pixels wide flipped left to right, each placed
    back where the photo as saved shows it (:func:`placed_back`) and marked
    :attr:`~vision.reading.faces.FaceReading.mirrored`."""
    return {f: replace(r, geometry=placed_back(r.geometry, width), mirrored=True)
            for f, r in faces.items()}


def flipped(image: np.ndarray) -> np.ndarray:
    """``image`` flipped left to right (a mirrored photo as the camera saw the scene)."""
    return cv2.flip(image, 1)


def placed_back(geometry: FaceGeometry, width: int) -> FaceGeometry:
    """A face's place found on a photo flipped left to right (``width`` pixels wide), mapped
    back onto the photo as taken, where the debug picture and the reading show it."""
    return FaceGeometry.of(flip_matrix(width) @ geometry.homography, geometry.found)


def flip_matrix(width: int) -> np.ndarray:
    """The 3x3 matrix that flips a picture ``width`` pixels wide left to right (its own
    inverse: from the flipped picture to the photo, and back)."""
    return np.array([[-1.0, 0.0, width - 1.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])


def mirrored_notes(mirrored: Sequence[str], files: Mapping[str, Path],
                   naming: PhotoNaming | None) -> tuple[str, ...]:
    """What to tell of the photos ``mirrored`` (faces or corner photos, in order; none:
    nothing), read flipped back, named as ``naming`` names them (None: by their files, of
    ``files``)."""
    if not mirrored:
        return ()
    names = listed([files[k].name for k in mirrored]) if naming is None else \
        naming.names(mirrored)
    return (mirrored_note(names, len(mirrored)),)


def mirrored_note(names: str, count: int = 1) -> str:
    """What to tell the person of the ``count`` photos ``names`` (one noun), read flipped
    back."""
    one = count == 1
    return (f"{names[:1].upper()}{names[1:]} {'is' if one else 'are'} mirrored, as a front "
            f"camera saves its photos: {'its' if one else 'their'} digits read plainly only "
            f"flipped back, so {'it was' if one else 'they were'} read flipped back. Turn the "
            "camera's mirroring off, or use the back camera, for the next photos.")
