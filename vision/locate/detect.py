"""Finding the face: every cue proposes lattices to one pool, one score decides.

The cues, cheapest first: light sticker blobs (:mod:`vision.locate.sticker_blobs`), the regions
between grooves (:mod:`vision.locate.grooves`: any sticker colour, light or dark digits), the same
on colour, its strength (chroma) and its strength for the brightness (saturation: coloured stickers
on a light body, in any light), and light digits as lattice points. Each cue's candidates are
grown into lattices (:mod:`vision.locate.lattice`) and every 3x3 window over them is scored
by the one score of :mod:`vision.locate.face_score` in the pool of :mod:`vision.locate.face_pool`,
which decides: the best face wins, two faces or none are refused. The cues stop once the best face
is clear (:attr:`vision.locate.face_pool.Pool.clear`: nine stickers standing out plainly, nearly
all holding a digit, candidates under it in every row and column). When the pool holds no face,
glare is judged leniently; when it still holds no face of digits (none, a plain lattice, or a
printed grid's squares that go on), the cues look again for a smaller face (their sizes of stickers,
digits, strokes and grooves halved, :data:`FINER`: a cube photographed from afar), which outranks a
plain lattice, as does a face of digits the learned cell model reads among the smaller
lattices where the reading stage hands its count in; with none, a
stickerless cube is sought (:mod:`vision.locate.hairline`: its pieces' lattices
may look bent, so before the cube is taken as seen across an edge); with none, the best
lattices of both scales are read by the learned cell model where the reading stage hands its
count in (:mod:`vision.locate.digit_faces`: a face of digits whose stickers frame too faintly
to pass, or glare dims, and no second face of digits apart from it), before a lattice seen bent
is taken for the cube seen across an edge; a photo with no face, two faces or a cut-off face is
refused with a message that says which and why (:mod:`vision.locate.refusals`).
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cached_property

import cv2
import numpy as np

from .digit_count import DigitsSeen
from .digit_faces import face_of_digits
from .face_cues import TINT, saturation, value_and_chroma
from .face_geometry import (TWO_FACES_ADVICE, FaceGeometry, FaceNotFoundError,
                            project, scale_homography)
from .face_pool import Group, PatternError, Pool
from .hypotheses import GOOD_CELLS, Fits, Hypothesis, digit_cells, flat_lattices, inked
from .face_score import face_score, smooth_size
from .grooves import framed, groove_masks, plateaus, thinning
from .hairline import hairline_face
from .lattice import SEEN_AT_MOST, Grown, groups_of
from .refusals import refuse
from .sticker_blobs import (LEAST_STICKER, Blob, binarisations, dedupe, glyph_blobs,
                            sticker_blobs)

__all__ = ["FaceGeometry", "FaceNotFoundError", "find_face", "project", "scale_homography"]

CENTRE_CELL = 4
"""The centre cell of a face's nine, in reading order (a plain cube's logo is on it)."""

WORK_SIDE = 900
"""Detection runs on a copy whose longer side is at most this many pixels."""

FINER = 0.5
"""The cues' sizes (of stickers, digits, strokes and grooves: shares of the picture) suit a
face a sixth of the picture's shorter side or more; when they find no face of digits (none,
a plain lattice, or squares holding digits that go on: a printed table or tiles), they are
sought again at this share of those sizes, for a face down to about a twelfth of it (a cube
photographed from afar). Not at first: a finer scale also finds the squares of printed
grids, mats and tiles, which cost time to judge; and there lattices grow only from blobs
the cues' own scale could not see (:func:`vision.locate.lattice.groups_of`)."""


def find_face(image: np.ndarray, source: str = "photo", seen: DigitsSeen | None = None
              ) -> FaceGeometry:
    """Locate the 3x3 face in a BGR image; raise :class:`FaceNotFoundError` saying why not
    (``source`` names the photo in messages). ``seen``: the cell model's count of the digits
    a lattice's cells show (handed in by the reading stage), for the last resort of a face
    whose stickers frame too faintly to pass (:mod:`vision.locate.digit_faces`); None
    leaves it out. See the module's description."""
    small, scale = working_copy(image)
    cues = _Cues(small)
    try:
        best = cues.run(source) or cues.glare(source)
    except PatternError as pattern:  # a printed grid's squares: a small face on it?
        return _found(_finer(small, cues, source, None, pattern, seen), scale)
    if best is None or (inked(best) < GOOD_CELLS and not cues.pool.clear):  # a smaller face?
        best = _finer(small, cues, source, best, None, seen)
    return _found(best, scale)


def working_copy(image: np.ndarray) -> tuple[np.ndarray, float]:
    """The copy of ``image`` a face is sought in (its longer side at most :data:`WORK_SIDE`)
    and its scale (the copy's pixels per photo pixel)."""
    scale = min(1.0, WORK_SIDE / max(image.shape[:2]))
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) \
        if scale < 1 else image
    return small, scale


def _found(best: Hypothesis, scale: float) -> FaceGeometry:
    """The face of ``best`` (a lattice of the working image at ``scale``) in the photo."""
    found = tuple((c, r) in best.grid for r in range(3) for c in range(3))
    full = scale_homography(best.hom, 1.0 / scale)
    return FaceGeometry.of(full, found)


def _finer(small: np.ndarray, cues: "_Cues", source: str, plain: Hypothesis | None,
           refused: PatternError | None, seen: DigitsSeen | None) -> Hypothesis:
    """The face sought again at the :data:`FINER` scale, where the cues' own scale found no
    face, only a plain lattice that is not clear (``plain``: no digits, as the squares of
    tiles or a cutting mat hold none; a plain cube's face seen whole and plainly,
    :attr:`vision.locate.face_pool.Pool.clear`, is the photo's face), or a printed grid that
    goes on (``refused``): a smaller face of digits on that ground outranks a plain lattice,
    also where the finer scale passes no face but the cell model (``seen``) reads one among
    its lattices (:func:`vision.locate.digit_faces.face_of_digits`: on a face whose stickers
    span a few dozen pixels some digits are too small for the glyph cues, and its lattice,
    bent by its few noisy sticker centres, is not refitted flat); a plain lattice stands
    where the finer scale finds no better or refuses; else the refusal stands, or the last
    resorts (:meth:`_Cues.last_resorts`, with the finer scale's lattices and ``seen``)
    speak."""
    finer_cues = _Cues(small, FINER, cues)
    try:
        finer = finer_cues.run(source)
    except FaceNotFoundError:
        if plain is None and refused is None:
            raise
        finer = None
    if plain is not None and finer is None and seen is not None:
        digits_face = face_of_digits(small, finer_cues.flat_near(), seen)
        if digits_face is not None:
            return digits_face
    if plain is not None and (finer is None or finer.rank <= plain.rank):
        return plain
    if finer is not None:
        return finer
    if refused is not None:
        raise refused
    return cues.last_resorts(source, finer_cues, seen)


class _Cues:
    """The cues of one working image, cheapest first, each adding its lattices to one
    :class:`vision.locate.face_pool.Pool`; what each saw is kept for the refusal."""

    def __init__(self, small: np.ndarray, scale: float = 1.0, like: "_Cues | None" = None
                 ) -> None:
        self.small = small
        self.scale = scale
        if like is None:
            self.planes = cv2.split(small) if small.ndim == 3 else None  # for both below
            self.v, self.chroma = value_and_chroma(small, self.planes)
            self.masks = binarisations(self.v)
        else:  # the same pictures, sought for faces of another size
            self.planes, self.v, self.chroma = like.planes, like.v, like.chroma
            self.masks = like.masks
        self.fits: Fits = {} if like is None else like.fits  # every pool's fitted windows
        # how coloured the picture is for its brightness, evened out at this scale
        self.colour = saturation(small, smooth_size(scale), self.planes)
        self.score = face_score(small, self.v, self.colour, scale)
        self.area = self.v.shape[0] * self.v.shape[1]
        self.sized = self.area * scale * scale  # the picture's area, for blobs' sizes
        self.thinned = thinning(self.v.shape, scale)  # what the groove masks' regions lost
        # a finer scale grows lattices only from stickers and digits the cues' own scale
        # could not see (smaller than its least sticker): a larger blob's lattice was judged
        # there already, and the squares of a printed grid or tiles are many
        self.seeds_below = np.inf if like is None else self.area * LEAST_STICKER
        self.pool = Pool(self.score, self.fits)
        self.light = dedupe(sticker_blobs(self.masks, self.sized))
        self.seen: list[list[Blob]] = [self.light]  # what the refusal speaks of
        self.digit_groups: list[Group] = []
        self.grown: Grown = {}  # every cue's lattices, for the next cue's (the same mostly)
        self.across: Hypothesis | None = None  # a face of digits seen bent when glare was
        # judged leniently (the cube across an edge), for the refusal

    def _groups(self, blobs: list[Blob]) -> list[Group]:
        """The lattices of ``blobs`` for the pool's windows; where every blob seeds one (the
        cues' own scale), each grown to about as many blobs as a camera sees of a cube
        (:data:`vision.locate.lattice.SEEN_AT_MOST`)."""
        return groups_of(blobs, self.grown, self.seeds_below, SEEN_AT_MOST)

    def _light(self) -> list[Group]:
        return self._groups(self.light)

    @cached_property
    def _grooved(self) -> tuple[np.ndarray, list[np.ndarray]]:
        """The value channel with light strokes erased (:func:`plateaus`) and its masks of
        the pixels in no groove (:func:`groove_masks`), at the cues' scale: made once, for
        the grooves' cue and the last resorts' framed stickers (:meth:`_framed`)."""
        flat = plateaus(self.v, self.scale)
        return flat, groove_masks(flat, self.scale)

    def _grooves(self) -> list[Group]:
        self.seen.append(dedupe(self.light + sticker_blobs(
            self._grooved[1], self.sized, self.thinned)))
        return self._groups(self.seen[-1])

    def _colour(self) -> list[Group]:
        # coloured stickers on a light body are bright squares framed by a grey body on
        # colour, seen on two pictures of it: its strength (chroma: a lit sticker, or a grey
        # one under tinted light, stands out from its near-black grooves) and its strength
        # for the brightness less a faint tint (saturation: a dim sticker; a dark mat's
        # squares are no colour). Their own lattices are judged too, as the value channel's
        # blobs of the light plastic between and beside them can join them to a side face's.
        # At a finer scale they are also cut at that scale (:func:`binarisations`): the wider
        # blur fills a small face's hairline grooves, but the narrower windows alone cut a
        # larger sticker's digit out of it, so both cuts are kept
        own: list[list[Blob]] = []
        for ch in (self.chroma, cv2.subtract(self.colour, TINT)):
            masks = binarisations(ch) + (binarisations(ch, self.scale) if self.scale < 1 else [])
            own.append(dedupe(sticker_blobs(masks, self.sized) + sticker_blobs(
                groove_masks(plateaus(ch, self.scale), self.scale), self.sized, self.thinned)))
        self.seen.append(dedupe(self.seen[-1] + own[0] + own[1]))
        return self._groups(self.seen[-1]) + [g for blobs in own for g in self._groups(blobs)]

    def _digits(self) -> list[Group]:
        self.digit_groups.extend(self._groups(dedupe(self.seen[1] + glyph_blobs(self.masks,
                                                                                self.sized))))
        return self.digit_groups

    def run(self, source: str) -> Hypothesis | None:
        """Every cue in turn until the pool's best face is clear (or, before light digits
        are sought, seen whole); the pool's decision (``source`` names the photo)."""
        cues: tuple[Callable[[], list[Group]], ...] = (self._light, self._grooves,
                                                       self._colour, self._digits)
        for cue in cues:
            if cue == self._digits and self.pool.seen_whole:
                break
            self.pool.add(cue())
            if self.pool.clear:
                break
        return self.pool.decide(source)

    def glare(self, source: str) -> Hypothesis | None:
        """With no face in the pool and none seen bent: glare on a dark sticker judged
        leniently (:meth:`vision.locate.face_score.FaceScore.lenient`), or None."""
        if self.pool.bent:
            return None
        lenient = Pool(self.score.lenient(), self.fits)
        lenient.add(self.digit_groups)
        self.across = lenient.across
        return lenient.decide(source)

    def flat_near(self) -> list[Hypothesis]:
        """The pool's best-ranked lattices (:attr:`vision.locate.face_pool.Pool.near`), each
        as a flat square grid (:func:`vision.locate.hypotheses.flat_lattices`): what the
        cell model reads for a face of digits (:func:`face_of_digits`)."""
        return flat_lattices(self.pool.near, self.score)

    def _printed_as_a_face(self, face: Hypothesis) -> bool:
        """Whether the digits on a stickerless cube's face ``face`` are a face's print: a
        Sudoku Cube's face holds a digit in every cell (but those glare or shade may spoil,
        :data:`vision.locate.hypotheses.GOOD_CELLS`), a plain cube's in none but its centre
        (a logo). Digits in some cells of a lattice and not others mean it lies partly off
        a face of digits (a row off, on the ground beside the cube): no face."""
        _, glyphs = self.score.judge(face.hom[None])
        digits = digit_cells(glyphs[0])
        return int(digits.sum()) >= GOOD_CELLS or not np.delete(digits, CENTRE_CELL).any()

    def _framed(self, source: str) -> Hypothesis | None:
        """The face of the stickers the grooves frame (:func:`vision.locate.grooves.framed`:
        a black cube's dark grey stickers, which no level of the picture parts from the
        paper or wood it lies on where a glare spot also bites into them), judged by the one
        score; None when none passes, or when two do (the refusals below speak then)."""
        blobs = dedupe(sticker_blobs(framed(*self._grooved), self.sized, self.thinned))
        pool = Pool(self.score, self.fits)
        pool.add(self._groups(blobs))
        try:
            return pool.decide(source)
        except FaceNotFoundError:
            return None

    def last_resorts(self, source: str, finer: "_Cues", seen: DigitsSeen | None) -> Hypothesis:
        """With no face found otherwise: the stickers the grooves frame (:meth:`_framed`);
        a stickerless cube (:meth:`_printed_as_a_face`); the face of digits that the cell
        model (``seen``) reads among the best lattices of both scales, this one's and
        ``finer``'s (:func:`vision.locate.digit_faces.face_of_digits`); the refusal of a
        cube seen across an edge; else the refusal of why no face. The face of digits goes
        before that refusal: a lattice laid across a cube's edge is bent, but so is one
        through a few digits of a face and of the side face beside it, and where the cell
        model reads one face, flat, that ends, and no second face of digits apart from it,
        the photo shows that face as a person reads it."""
        framed_face = self._framed(source)
        if framed_face is not None:
            return framed_face
        best = hairline_face(self.small, self.v, self.area, source)
        if best is not None and self._printed_as_a_face(best):
            return best
        if seen is not None:
            digits_face = face_of_digits(self.small, self.flat_near() + finer.flat_near(),
                                         seen)
            if digits_face is not None:
                return digits_face
        bent = self.pool.across if self.pool.across is not None else self.across
        if bent is not None:
            raise FaceNotFoundError(
                f"{source}: two faces in one photo (the stickers do not lie on one flat face: "
                f"the cube is seen across one of its edges); {TWO_FACES_ADVICE}",
                self.pool.seen(bent))
        blobs, groups = self.seen[1], groups_of(self.seen[1], self.grown)
        if not groups or len(groups[0]) < 3:  # speak of what colour saw
            blobs, groups = self.seen[2], groups_of(self.seen[2], self.grown)
        refuse(source, blobs, groups, self.score)
