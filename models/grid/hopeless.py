"""Readings too doubtful to settle: refused early, naming the photos to take again.

When many stickers are in doubt (blurred, glare, a font unlike any trained) the grid solver
has too many readings to choose from: its search for the best arrangement runs to its limit
without proving it best, and the rival search then sends every sticker with a choice to
review (40 stickers to check by eye, after 4-17 seconds). Of 147 readings of the second
renderer's photos none with more than 21 doubtful stickers was settled sure, and none that
needed more than 2.81 units of CP-SAT's deterministic time to prove its best arrangement, or
0.19 to rule out a rival; later, of 200 corner-pair readings, one with 25 doubtful stickers
(two misread) was settled sure and right in 0.41 units, while none with 27 or more was
decoded right. So:

* a reading with :data:`HOPELESS_DOUBTFUL` doubtful stickers or more is refused before any
  search;
* from :data:`QUICK_FROM` doubtful stickers on, the best arrangement must be proven within
  :data:`QUICK_LIMIT` (and a rival ruled out or found within :data:`QUICK_RIVAL_LIMIT`), and
  an unsolvable one is not diagnosed sticker by sticker (seconds, and with so many doubtful
  stickers the photos are the fix anyway); otherwise it is refused the same way.

The refusal (:func:`too_doubtful_message`) names the photos of the faces with the most doubtful
stickers where it knows them (:class:`PhotoNames`: corner photo A or B, or each face's own photo
file), else those faces by their centre digits (by where they are when a centre itself is in
doubt), so the person retakes those photos.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ..cube.face_words import PhotoNaming, faces_words, listed
from ..cube.geometry import FACES
from ..cube.state import CubeState
from ..cube.stickers import is_doubtful
from .diagnosis import GridUnsolvableError

HOPELESS_DOUBTFUL = 30
"""Doubtful stickers from which a reading is refused without searching (below it the quick
search's limits decide: a reading with 25-29 doubtful stickers costs at most
:data:`QUICK_LIMIT` before it is refused)."""
QUICK_FROM = 15
"""Doubtful stickers from which the search gets the short limits below."""
QUICK_LIMIT = 3.5
"""Deterministic time (CP-SAT's unit) in which a doubtful reading's best arrangement must be
proven (the full search allows 5.0): of 147 readings of the second renderer, the sure ones
needed at most 2.81 (most under 0.6), the hopeless ones ran to the limit."""
QUICK_RIVAL_LIMIT = 0.5
"""Deterministic time for a doubtful reading's rival search; cut short, it is refused rather
than sending every sticker with a choice to review."""
RETAKE_SHARE = 3
"""A face with this many doubtful stickers (a third of it) or more is named for a retake."""
CLEAR = "sharp, evenly lit, no glare"
"""What every photo to retake should be."""
FACE_ON = f"{CLEAR}, the face square on and filling much of the picture"
"""How to take a face's photo again."""


@dataclass(frozen=True)
class PhotoNames:
    """Where each face of a reading was photographed, so that advice names the photo to take
    again: ``names`` maps a face to its corner photo (``A`` or ``B``) when ``corners``, else to
    the file name of the face's own photo (``L.jpg``). The assistant finds them (in the
    photos read, or in a state file's record of them); a reading without them names faces.
    ``naming``: how the front end names the photos (the phone page: by its cards); None, as
    the terminal does: a face's photo by its file, a corner photo as "corner photo A"."""

    names: Mapping[str, str]
    corners: bool = False
    naming: PhotoNaming | None = None

    def photo(self, face: str) -> str:
        """The letter of the photo that shows ``face``: its corner photo's (``A``, ``B``), or
        the face's own (``face``), as :attr:`SudokuCubeError.photos` names photos."""
        return self.names[face] if self.corners else face

    def called(self, photo: str) -> str:
        """Photo ``photo`` (a letter, as :meth:`photo` gives it) as the words name it."""
        if self.naming is not None:
            return self.naming.name(photo)
        return f"corner photo {photo}" if self.corners else self.names[photo]

    def listed(self, photos: Sequence[str]) -> str:
        """Photos ``photos`` (letters) as the words name them together: 'L.jpg and B.jpg'."""
        if self.naming is not None:
            return self.naming.names(photos)
        return listed([self.called(x) for x in photos])


def corner_on(both: bool = False) -> str:
    """How to take a corner photo again (``both``: the advice for both corner photos)."""
    return (f"{CLEAR}, {'each' if both else 'the'} corner square on with its three faces "
            "filling much of the picture")


def corner_names(names: Sequence[str], photos: PhotoNames) -> str:
    """Corner photos ``names`` (``A``, ``B``) in the order given, each with the faces it
    showed (``photos``: where each face was photographed, and how the photos are named):
    'corner photo B (faces D L B) and A (faces U R F)'; with a front end's own naming each
    is named so ('corner photo B (faces D L B) and corner photo A (faces U R F)')."""
    return " and ".join(
        f"{photos.called(w) if k == 0 or photos.naming else w} "
        f"(faces {' '.join(f for f in FACES if photos.names.get(f) == w)})"
        for k, w in enumerate(names))


def retaken(faces: Sequence[str], photos: PhotoNames | None) -> tuple[str, ...]:
    """The photos (letters, :meth:`PhotoNames.photo`) that show ``faces``, in that order, each
    once: those :func:`retake_photos` names; none where it names none."""
    if photos is None or not faces or not all(f in photos.names for f in faces):
        return ()
    return tuple(dict.fromkeys(photos.photo(f) for f in faces))


def retake_photos(faces: Sequence[str], photos: PhotoNames | None) -> str | None:
    """'Retake corner photo B (faces D L B): <how>' or 'Retake L.jpg and B.jpg: <how>': the
    photos that show ``faces`` (in that order, the face with the most stickers in doubt first,
    :func:`retaken`) and how to take them again, named as ``photos`` names them; None where
    ``photos`` does not name the photo of every one of them (the caller names the faces
    instead)."""
    shots = retaken(faces, photos)
    if photos is None or not shots:
        return None
    if photos.corners:
        return f"Retake {corner_names(shots, photos)}: {corner_on(len(shots) > 1)}"
    return f"Retake {photos.listed(shots)}: {FACE_ON}"


def doubtful_cells(state: CubeState) -> tuple[int, ...]:
    """The stickers whose reading is in doubt (:func:`models.cube.stickers.is_doubtful`)."""
    if state.candidates is None:
        return ()
    return tuple(i for i, alts in enumerate(state.candidates) if is_doubtful(alts))


def per_face(cells: tuple[int, ...], n: int = 3) -> dict[str, int]:
    """How many of ``cells`` lie on each face (faces without any left out)."""
    out: dict[str, int] = {}
    for i in cells:
        f = FACES[i // (n * n)]
        out[f] = out.get(f, 0) + 1
    return out


def retake_faces(cells: tuple[int, ...], n: int = 3) -> list[str]:
    """The faces to photograph again: those with :data:`RETAKE_SHARE` doubtful stickers or
    more, most first (else the two worst)."""
    counts = per_face(cells, n)
    order = sorted(counts, key=lambda f: (-counts[f], FACES.index(f)))
    return [f for f in order if counts[f] >= RETAKE_SHARE] or order[:2]


def too_doubtful_message(state: CubeState, cells: tuple[int, ...], why: str,
                         photos: PhotoNames | None = None) -> str:
    """Why the reading cannot be settled (``why``) and which photos to take again: named by
    ``photos`` (:func:`retake_photos`: corner photo ``A`` shows U F R, ``B`` D L B; or each
    face's own photo file) where it names them, else by their faces."""
    n = state.n
    counts = per_face(cells, n)
    faces = retake_faces(cells, n)
    spread = ", ".join(f"{f} {counts[f]}" for f in sorted(counts, key=FACES.index))
    head = (f"the photos cannot be settled: {len(cells)} of {len(state.stickers)} stickers "
            f"read with doubt ({spread}), {why}. ")
    return head + (retake_photos(faces, photos)
                   or f"Retake the photos of {faces_words(faces, state)}: {FACE_ON}")


def too_doubtful(state: CubeState, doubt: tuple[int, ...], why: str) -> GridUnsolvableError:
    """The early refusal of a reading with many doubtful stickers (``why``: what that makes
    impossible), naming the photos to retake."""
    err = GridUnsolvableError(too_doubtful_message(state, doubt, why), reason="too-doubtful")
    err.doubtful, err.why = doubt, why
    err.advises = True  # the message names the photos to retake, and how
    return err


def refused_before_search(state: CubeState) -> GridUnsolvableError | None:
    """The refusal of a reading with :data:`HOPELESS_DOUBTFUL` doubtful stickers or more,
    given before any search (:func:`too_doubtful`); None for a reading the solver tries."""
    doubt = doubtful_cells(state)
    if len(doubt) < HOPELESS_DOUBTFUL:
        return None
    return too_doubtful(state, doubt, "far too many to decide between the readings")


def photo_refusal(err: GridUnsolvableError, state: CubeState,
                  photos: PhotoNames | None) -> GridUnsolvableError:
    """``err`` told again naming the photos (``photos``: where each face was photographed, and
    how they are named) when it refuses a too doubtful reading, the photos named kept as its
    :attr:`~models.errors.SudokuCubeError.photos`; else ``err`` itself."""
    if err.reason != "too-doubtful" or not photos or not err.doubtful:
        return err
    again = GridUnsolvableError(too_doubtful_message(state, err.doubtful, err.why, photos),
                                reason="too-doubtful")
    again.doubtful, again.why = err.doubtful, err.why
    again.advises = True
    again.photos = retaken(retake_faces(err.doubtful, state.n), photos)  # the photos named
    return again
