"""From the three lattices of a corner photo to three straightened faces in net orientation.

The lattices come with arbitrary axes. Which face each one is follows from where it sits
(top / lower left / lower right, :mod:`vision.locate.corners.views`); its net orientation follows
from three points it shares with the other two faces: the visible cube corner and the far ends of
the two edges it shares with its neighbours. Their net coordinates come from the 3D model, so
the homography from net coordinates to the image is exact whatever the camera roll. (A
mirrored picture is geometrically a valid corner photo; only its mirrored digits betray it.)

Dark stickers with light digits (the black Sudoku Cube) show no sticker quads: their faces are
found from their digits (:func:`faces_of_glyphs`, :mod:`vision.locate.corners.glyphs`) and fitted
together (:mod:`vision.locate.corners.joint`). When no sticker pass places three faces that fit one
cube on its own, every hypothesis left competes on one score
(:func:`vision.locate.corners.score.pooled_corner`): the corner the digits place, the digits'
lattices, the face lattices of every pass and those of a last pass taking strongly rounded
outlines.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Callable, NamedTuple, Sequence

import numpy as np

from ....models.cube.face_words import PhotoNaming, listed
from ..face_geometry import FaceGeometry, PhotoRefusal, SeenShape, lattice_seen, project
from .check import grid_contrasts, pitch_of
from ..digit_count import DigitsSeen
from .digit_fit import cube_of_digits, digits_seen_on, geometry_of, on_digits, surer_fit
from .glyphs import glyph_stages
from .groups import CANDIDATES, corner_groups
from .joint import checked_fit
from .lattice import (CORNERS, ENOUGH_CELLS, FIRM_CELLS, ON_CELL, TO_NET, Found, Lattice,
                      find_lattices, lattices_of)
from .marks import grain_smoothed
from .order import MAX_DOWN_TILT_DEG, Arrangement, namings
from .quads import LOOSE_SOLIDITY, Probe, Quad, groove_quads, sticker_probe
from .rebuild import complete_faces
from .score import CLEAR_SCORE, best_group, pooled_corner, proposed
from .settle import settled, value_for
from .shade import shade_lifted
from .trim import trimmed_all
from .views import PLACES, corner_faces
from .whole import FEW_CELLS, cross_checked, framing_for, whole_cube
from .zoom import Zoomed, turned_round, zoomed_in, zoomed_out


MORE_PASSES: tuple[dict, ...] = (
    {"relaxed": True},
    {"chroma": True},
    {"chroma": True, "rounded": True},
    {"colour": True},
    {"relaxed": True, "solidity": LOOSE_SOLIDITY},
    {"colour": True, "solidity": LOOSE_SOLIDITY},
    {"colour": True, "rounded": True},
)
"""Sticker passes tried in turn, each adding its candidates to the earlier ones', while fewer
than three faces are found: local-contrast thresholds (glare, bright background), chroma
(coloured stickers on a white body: its light plastic and grooves outshine them on the V
channel, on chroma they stand out as stickers on a black body do on V), also taking
strongly rounded outlines (four points of a well rounded sticker's hull cut its corners off),
hue (coloured stickers in shade or heavy blur), then both again accepting outlines that a
large dark digit bites deep into (blur and grain), last hue again taking strongly rounded
outlines. Three faces of a chroma or rounded pass count only when each rests on more than
:data:`vision.locate.corners.whole.FEW_CELLS` stickers of its own: on a light body no groove frames
a face rebuilt from the other two. A chroma pass that does not give three faces adds nothing
to the later passes: on a cube of light or dark stickers, coloured specks of the table it
finds would join their candidates and spoil the whole-cube model (an exam photo of a white
cube on a speckled floor was refused for them)."""


ONE_FACE_ADVICE = ("; a photo of one face straight on is one of the six face photos "
                   "(U R F D L B), not a corner photo")
"""What a corner photo refused as showing one face adds: it may be a face photo."""


class CornerPhotoError(PhotoRefusal):
    """A corner photo that does not show the expected corner with three faces."""


def seen_shapes(quads: Sequence[Quad], lattices: Sequence[Lattice],
                shape: tuple[int, ...]) -> tuple[SeenShape, ...]:
    """The sticker shapes ``quads`` of a refused corner photo (a picture of ``shape``), in
    fractions of its width; those that are cells of one of the faces found (``lattices``,
    fewer than three) lined up."""
    width = float(shape[1])
    lined = {id(q) for lat in lattices for q in lat.cells.values()}
    return tuple(SeenShape(float(q.centre[0]) / width, float(q.centre[1]) / width,
                           math.sqrt(q.area) / width, id(q) in lined) for q in quads)


def faces_seen(lattices: Sequence[Lattice], shape: tuple[int, ...]) -> tuple[SeenShape, ...]:
    """The cells of the faces ``lattices`` found in a refused corner photo (a picture of
    ``shape``), all nine of each, for its debug picture: where the faces were placed, also
    the cells no sticker shape was seen on."""
    return tuple(s for lat in lattices for s in lattice_seen(lat.H, float(shape[1]), _CELLS))


def _loose(quads: Sequence[Quad], lattices: Sequence[Lattice],
           shape: tuple[int, ...]) -> tuple[SeenShape, ...]:
    """The sticker shapes ``quads`` that are no cell of ``lattices`` (:func:`seen_shapes`),
    drawn beside those faces' cells (:func:`faces_seen`)."""
    return tuple(s for s in seen_shapes(quads, lattices, shape) if not s.lined_up)


class NotUprightError(CornerPhotoError):
    """A corner photo whose three faces were found, held so that no face sits on top of the
    corner (the cube seen from below, or turned), where nothing else tells which face is
    which either."""


_CELLS = np.array([[c + 0.5, r + 0.5] for r in range(3) for c in range(3)])
"""A corner lattice's cell centres (its u, v run 0..3 across a face)."""

@dataclass(frozen=True)
class CornerFace:
    """A face found in a corner photo: ``H`` maps its net (col, row), 0..3, to image pixels."""

    face: str
    place: str
    H: np.ndarray
    found: int
    centres: tuple[tuple[float, float], ...] = ()

    def to_image(self, col: float, row: float) -> np.ndarray:
        """Image position of a net point of this face."""
        p = self.H @ np.array([col, row, 1.0])
        return p[:2] / p[2]

    def quad(self) -> np.ndarray:
        """Image corners of the face outline: top-left, top-right, bottom-right, bottom-left of
        its net view."""
        return np.array([self.to_image(c, r) for c, r in CORNERS])

    def geometry(self) -> FaceGeometry:
        """The face in the vocabulary of a single-face photo (:class:`FaceGeometry`: lattice ->
        image homography, sticker centres at 0..2, outline, stickers seen), which the later
        stages read a face by whatever photo it came from."""
        hom = self.H @ TO_NET
        found = [False] * 9
        if self.centres:
            pts = project(np.linalg.inv(hom), np.array(self.centres, np.float64))
            for x, y in pts:
                c, r = round(x), round(y)
                if 0 <= c <= 2 and 0 <= r <= 2 and abs(x - c) < ON_CELL and abs(y - r) < ON_CELL:
                    found[3 * r + c] = True
        return FaceGeometry(hom, self.quad(), tuple(found))


Naming = tuple[CornerFace, CornerFace, CornerFace]
"""The three faces of a corner photo named one way, in place order (top, lower left, lower
right)."""


@dataclass(frozen=True)
class CornerView:
    """The three faces found in corner photo ``photo``, known up to the corner's three-fold
    turn: ``namings`` holds them named each of the three ways round the corner, the one
    nearest upright first, ``tilts_deg`` how far each one's lower faces' shared edge runs from
    straight down (:func:`vision.locate.corners.order.namings`). ``source``: the photo's name for
    messages."""

    photo: str
    namings: tuple[Naming, ...]
    tilts_deg: tuple[float, ...]
    source: str = ""
    seen: tuple[SeenShape, ...] = ()
    """The three faces' cells (:func:`faces_seen`), for a refusal's debug picture."""

    @property
    def upright(self) -> bool:
        """True when the photo was held as docs/photos.md asks (a face on top of the corner),
        so its first naming is the one the pose tells."""
        return self.tilts_deg[0] <= MAX_DOWN_TILT_DEG

    def faces(self) -> list[CornerFace]:
        """The faces named as the pose tells. Raises :class:`NotUprightError` when no face
        sits on top of the corner: the picture alone does not say which face is which."""
        if not self.upright:
            raise NotUprightError(not_upright_message(self.photo, self.source,
                                                      self.tilts_deg[0]), self.seen)
        return list(self.namings[0])


def not_upright_message(photo: str, source: str, tilt_deg: float, why: str = "",
                        naming: PhotoNaming | None = None) -> str:
    """Why corner photo ``photo`` is refused as not upright and how to hold it; ``why``: what
    else was tried to tell its faces apart. The photo is named by its ``source`` (the file)
    and as "corner photo A", or as ``naming`` names it (its file then unnamed)."""
    expected = corner_faces(photo)
    names = listed([f"{f.face} {f.place}" for f in expected])
    where = f"{source}: " if source else ""
    called = f"{where}corner photo {photo}" if naming is None else naming.name(photo)
    return (f"{called} is not upright: no face sits on top of the corner "
            f"(the edge between the two lower faces runs {tilt_deg:.0f} degrees from straight "
            f"down){why}. Expected {names}; hold the cube so that {expected[0].face} faces up "
            "and the camera looks down at the corner.")


def _dist_to_lattice_corners(lat: Lattice, point: np.ndarray) -> float:
    return min(float(np.linalg.norm(lat.to_image(*c) - point)) for c in CORNERS)


def _affine_from(src: list[tuple[int, int]], dst: list[tuple[int, int]]) -> np.ndarray:
    """The 3x3 affine matrix mapping three 2D points ``src`` to ``dst``."""
    A = np.array([[x, y, 1.0] for x, y in src])
    B = np.array(dst, float)
    sol = np.linalg.solve(A, B)  # 3x2
    M = np.eye(3)
    M[:2, :] = sol.T
    return M


def _too_few(called: str, n_faces: int, n_shapes: int, names: str) -> str:
    """The refusal of corner photo ``called`` where ``n_faces`` faces (fewer than three)
    were found among ``n_shapes`` sticker shapes; ``names``: the faces it must show."""
    return (f"{called}: {_found(n_faces)} ({n_shapes} sticker shape"
            f"{'' if n_shapes == 1 else 's'} seen); it must show three faces around one "
            f"corner ({names}). Photograph the cube from its corner, all three faces in the "
            "frame, sharp and in even light (a side face in shade can be too dark to read)"
            f"{ONE_FACE_ADVICE if n_faces == 1 else ''}.")


def _found(n_faces: int) -> str:
    """What the search found, in words: what the reader placed, not a claim about the photo
    (a face too steep or too dark to place is still there for a person to see)."""
    return {0: "no cube face found", 1: "only one face found",
            2: "only two faces found"}.get(n_faces, f"{n_faces} faces found")


def faces_of_glyphs(image: np.ndarray, light: bool | None = None,
                    v: np.ndarray | None = None) -> list[Lattice]:
    """Three face lattices from the photo's glyphs (:mod:`vision.locate.corners.glyphs`): the
    lattices that meet at one corner, a face missing rebuilt from the other two, all three fitted
    together (:func:`vision.locate.corners.joint.joint_fit`); of the groups of
    :func:`vision.locate.corners.groups.corner_groups`, the one with most glyphs on the fitted
    faces and least misfit (:func:`vision.locate.corners.score.corner_score`); [] when none makes
    a corner. ``light``: only light (True) or dark (False) digits, default both. Light
    digits alone are the first look at a photo of dark stickers (:func:`locate_faces`): there the
    lattices of the windows with most glyphs come first
    (:func:`vision.locate.corners.glyphs.glyph_stages`), and when three of them make a clear corner
    (:data:`vision.locate.corners.score.CLEAR_SCORE`) the hundred or more other windows are not
    settled. Both polarities are the last resort of photos that no sticker pass placed (a white
    body, blur): every window is weighed there. ``v``: the smoothed V channel of the first sticker
    pass, when at hand."""
    return glyph_faces(image, light, v)[0]


class GlyphCorner(NamedTuple):
    """What the glyph pass (:func:`glyph_faces`) found: the three faces (or []), the glyph
    lattices and glyphs it chose among, and the faces' corner score
    (:func:`vision.locate.corners.score.corner_score`; -inf for none)."""

    faces: list[Lattice]
    found: Found
    score: float


NO_CORNER = GlyphCorner([], Found([], [], []), CLEAR_SCORE)
"""No faces from the glyph pass (not run, or its faces not the search's)."""


def glyph_faces(image: np.ndarray, light: bool | None = None, v: np.ndarray | None = None,
                whole: bool = False, relative: bool = False) -> GlyphCorner:
    """:func:`faces_of_glyphs` and the glyph lattices and glyphs it chose among; ``whole``:
    the digits as whole marks of the lower ink threshold; ``relative``: dark ink judged
    against its sticker's level (:func:`vision.locate.corners.glyphs.glyph_stages`)."""
    stages = glyph_stages(image, light, v, whole, relative)
    glyphs = next(stages)
    best, score = _framed_group(image, glyphs) if light else ([], -math.inf)
    if score < CLEAR_SCORE:
        more = next(stages, None)
        if more is not None or not light:
            glyphs = glyphs if more is None else more
            best, score = _framed_group(image, glyphs)
    if not best:  # a white body's light grooves frame no sticker: the most glyphs first
        best, score = best_group(image, corner_groups(glyphs.lattices), glyphs.quads)
    return GlyphCorner(best, glyphs, score)


def _framed_group(image: np.ndarray, glyphs: Found) -> tuple[list[Lattice], float]:
    """:func:`vision.locate.corners.score.best_group` of the groups of the best framed glyph
    lattices (:func:`framed_first`)."""
    return best_group(image, corner_groups(framed_first(image, glyphs.lattices)), glyphs.quads)


def framed_first(image: np.ndarray, lattices: list[Lattice]) -> list[Lattice]:
    """Glyph lattices ordered by how well they frame stickers (:meth:`Framing.score`) plus
    their glyphs, the first :data:`CANDIDATES` trimmed (:func:`trimmed_all`). No more
    lattices than that are all candidates as they come (most glyphs first): the framing
    would only reorder them, and :func:`vision.locate.corners.groups.corner_groups` sorts its
    groups itself (the first stage of the glyph pass has about twenty)."""
    if len(lattices) <= CANDIDATES:
        return trimmed_all(lattices)  # all are candidates: the order only breaks ties
    framing = framing_for(image, lattices)
    framed = np.clip(grid_contrasts(framing.v, np.array([lat.H for lat in lattices]))
                     / framing.step, -1.0, 2.0).sum(axis=1)
    keys = framed + np.array([len(lat.cells) for lat in lattices])
    order = np.argsort(-keys, kind="stable")
    return trimmed_all([lattices[i] for i in order[:CANDIDATES]])


def locate_faces(image: np.ndarray, photo: str, source: str = "",
                 seen: DigitsSeen | None = None) -> list[CornerFace]:
    """The three faces of corner photo ``photo`` ("A" or "B") in ``image``, in place order
    (top, lower left, lower right), each with its net-to-image homography; ``seen`` as
    :func:`locate_corner` takes it.

    Raises :class:`CornerPhotoError` when fewer than three faces are found, or when their
    arrangement is not the one corner photo ``photo`` must show (:meth:`CornerView.faces`).
    """
    return locate_corner(image, photo, source, seen=seen).faces()


def locate_corner(image: np.ndarray, photo: str, source: str = "",
                  lift_shade: bool = True, seen: DigitsSeen | None = None) -> CornerView:
    """The three faces of corner photo ``photo`` ("A" or "B") in ``image``, named each of the
    three ways round the corner (:class:`CornerView`), held upright or not. A photo refused
    as taken is sought again with its shade lifted, unless ``lift_shade`` is False
    (:func:`vision.locate.corners.shade.shade_lifted`: in dim light a side face's stickers
    and digits can be too dark for every pass); the places found there are the photo's own,
    as its pixels are. The lifted copy gets the passes the shade hid, not the last resorts
    (:func:`_last_resorts`): those had their turn on the photo as taken, and on a lifted copy
    of a noisy photo, whose noise the lift raises up to fourfold, they weigh every mark it made
    for seconds and can make a corner of a face photo's slivers. Refused still, the photo as
    taken is sought once more by its light digits alone, each taken whole at the lower ink
    threshold (``whole`` of :func:`_search`): motion blur breaks a black cube's digits into
    pieces at the first one, and a face of pieces of mixed sizes makes no lattice. Refused
    still, it is sought once more with its grain smoothed away
    (:func:`vision.locate.corners.marks.grain_smoothed`, the passes the lifted copy gets): in
    dim light a camera's grain on a black cube's dark stickers is cut into as many marks of
    a digit's size as its dimmed digits. Refused still, with ``seen``, the photo as taken is
    placed once more, from what its sticker passes found, as the whole cube modelled from one
    face where the cell model sees the digits of its other two faces (:func:`_by_digits`,
    not searched for again): a side face whose
    stickers frame nothing, a white body's light grooves under grain or a face in shade,
    leaves the model built on the stickers' frames no way to place it. The shade is not
    lifted, nor the digits taken whole, the grain smoothed, the cube placed by its digits
    or the photo zoomed out, without ``lift_shade``. Refused still, the photo as taken is
    sought once more by its dark digits alone, each judged against the level of the sticker
    it is printed on (``relative`` of :func:`_search`): in dim light black digits on blue or
    green stickers stand out from them by 15-20 grey levels, below the one ink level that the
    light stickers' digits set, and a face of such stickers on a white body, whose plastic is as
    light as its stickers, shows no sticker shape either; then so once more with its grain
    smoothed, as the lift's other copy is (judged against a dim sticker's level, a camera's
    grain is deep ink too). It is the last look, not the first search's way of judging ink:
    there it raised a cutting mat's faint print too, and a corner the first search places on
    a mat was refused. ``seen``: the
    learned cell model's count of the digits in a face's cells, which chooses between two
    fits of one corner (:func:`_last_resorts`, :func:`_fitted`) and must see the digits on
    the faces of a cube modelled from one face for it to win over the last resorts
    (:func:`_believed`); without it the digits' own fit and the box stand, and the model is
    believed.

    Refused still, the photo is sought in all these ways once more as if from further away
    (:func:`vision.locate.corners.zoom.zoomed_out`: a cube photographed from close by,
    its faces most of the frame, is larger than the sizes the passes judge marks and
    stickers by), then by the first search alone (no last resorts, no further looks) as if
    from closer (:func:`vision.locate.corners.zoom.zoomed_in`: one photographed from far
    away, small in the middle of the frame, has stickers and grooves too small for them,
    and they show on the enlarged copy; the looks for dim, grainy or blurred light had their
    turn, and on a photo with no cube they would weigh its marks for seconds more); the
    faces found there are placed back on the photo's own pixels, and taken only where the
    photo shows all three (:func:`_shown`).

    Raises :class:`CornerPhotoError` when fewer than three faces are found either way (the
    refusal of the photo as taken, which names what it shows).
    """
    try:
        return _sought(image, photo, source, lift_shade, seen, turn=True)
    except CornerPhotoError as refused:
        if not lift_shade:
            raise
        view = _zoomed(zoomed_out(image), image, seen,
                       lambda copy: _sought(copy, photo, source, lift_shade, seen))
        view = view or _zoomed(zoomed_in(image), image, seen, lambda copy: _search(
            copy, photo, source, last_resorts=False, seen=seen))
        if view is None:
            raise refused from None
        return view


def _zoomed(copy: Zoomed, image: np.ndarray, seen: DigitsSeen | None,
            search: Callable[[np.ndarray], CornerView]) -> CornerView | None:
    """The corner that ``search`` finds on the zoomed ``copy`` of the photo ``image``, in
    the photo's own pixels, where the photo shows its three faces (:func:`_shown`); None
    when it finds none or they are not the photo's."""
    try:
        view = in_photo(search(copy.picture), copy)
    except CornerPhotoError:
        return None
    return view if _shown(view, image, seen) else None


def _sought(image: np.ndarray, photo: str, source: str, lift_shade: bool,
            seen: DigitsSeen | None, turn: bool = False) -> CornerView:
    """:func:`locate_corner`'s search of one picture, and its further looks at a picture
    refused as taken (all but the zoomed-out copy's); with ``turn``, the first of them is
    the picture turned half round (:func:`_turned`)."""
    try:
        return _search(image, photo, source, seen=seen)
    except CornerPhotoError as refused:
        if not lift_shade:
            raise
        view = _turned(image, photo, source, seen) if turn else None
        return view or _looked_again(image, photo, source, seen, refused)


def _looked_again(image: np.ndarray, photo: str, source: str, seen: DigitsSeen | None,
                  refused: CornerPhotoError) -> CornerView:
    """The further looks of :func:`_sought` at a picture the first search ``refused``
    (its shade lifted, its digits taken whole, its grain smoothed, the cube placed by its
    digits, its dark digits judged against their stickers; :func:`locate_corner`);
    ``refused`` is raised again where none places a corner."""
    smoothed = grain_smoothed(image)
    for picture, whole in ((shade_lifted(image), False), (image, True), (smoothed, False)):
        try:
            return _search(picture, photo, source, last_resorts=False, whole=whole,
                           seen=seen)
        except CornerPhotoError:
            pass
    if seen is not None and isinstance(refused, _Unplaced):
        try:
            return _by_digits(image, photo, source, refused.left, seen)
        except CornerPhotoError:
            pass
    for picture in (image, smoothed):
        try:
            return _search(picture, photo, source, last_resorts=False, relative=True,
                           seen=seen)
        except CornerPhotoError:
            pass
    raise refused from None


def _turned(image: np.ndarray, photo: str, source: str, seen: DigitsSeen | None
            ) -> CornerView | None:
    """The corner that the first search (no last resorts) finds on the photo ``image``
    turned half round (:func:`vision.locate.corners.zoom.turned_round`), in the photo's own
    pixels; None when it finds none. A corner photo taken upside down shows its three faces
    as plainly as one taken upright, but the digits' pass takes only a corner seen from
    above (:data:`vision.locate.corners.order.MAX_DOWN_TILT_DEG`, where print and faces
    mixed with others lie at any turn): the black cube's faces, placed by their digits
    alone, were refused. Turned back, its faces are named as the sticker passes name those
    of a cube of light stickers photographed so: not upright, each of the three ways round
    the corner (:class:`CornerView`), for the digits to tell."""
    turned = turned_round(image)
    try:
        view = _search(turned.picture, photo, source, last_resorts=False, seen=seen)
    except CornerPhotoError:
        return None
    return in_photo(view, turned)


def _shown(view: CornerView, image: np.ndarray, seen: DigitsSeen | None) -> bool:
    """Whether the three faces of ``view``, found on a zoomed copy of the photo ``image``,
    are faces the photo shows: each within the photo, and each resting on more than
    :data:`vision.locate.corners.whole.FEW_CELLS` stickers or digits of its own or holding
    digits in :data:`vision.locate.corners.lattice.ENOUGH_CELLS` of its cells as the cell
    model (``seen``) reads them. On the zoomed-out copy the photo's edge is a straight line
    beside a flat margin, and a face placed across it (on a gradient's noise, the edge taken
    for a groove) is not in the photo; a face rebuilt from the other two on none of its own,
    a sliver beside a one-face photo's face, is not one a person reads there either, and
    holds no digits. A small cube's top face, its stickers blurred into one another, is
    rebuilt from the other two on none of its own too, and shows its digits."""
    faces = view.namings[0]
    corners = np.concatenate([f.quad() for f in faces])
    shape = image.shape
    if not (np.all(corners >= 0) and np.all(corners <= [shape[1] - 1, shape[0] - 1])):
        return False
    if min(f.found for f in faces) > FEW_CELLS:
        return True
    return seen is not None and bool(
        seen(image, [f.geometry() for f in faces]).min() >= ENOUGH_CELLS)


def in_photo(view: CornerView, far: Zoomed) -> CornerView:
    """A view found on a zoomed, turned or flipped copy ``far`` of a photo in the photo's
    own pixels: each face's homography, sticker centres and the cells seen (their places
    shares of the width, the copy's and the photo's alike) mapped back. A zoom keeps the
    tilts, and so does a flip left to right (a photo saved mirrored, read flipped back); a
    half turn reverses the direction of each naming's shared edge, so its tilt from straight
    down becomes 180 degrees less it, and the namings are ordered again, nearest upright
    first."""
    width = far.picture.shape[1]
    scale = math.hypot(float(far.to_photo[0, 0]), float(far.to_photo[1, 0]))
    turned = float(far.to_photo[0, 0]) < 0 and float(far.to_photo[1, 1]) < 0

    def face(f: CornerFace) -> CornerFace:
        points = np.array(f.centres, np.float64).reshape(-1, 2)
        centres = tuple((float(x), float(y)) for x, y in project(far.to_photo, points))
        return replace(f, H=far.to_photo @ f.H, centres=centres)

    def shape(s: SeenShape) -> SeenShape:
        (x, y), = project(far.to_photo, np.array([[s.x, s.y]]) * width) / width
        return replace(s, x=float(x), y=float(y), side=s.side * scale)

    named = [(180.0 - t if turned else t, tuple(face(f) for f in naming))
             for t, naming in zip(view.tilts_deg, view.namings)]
    named.sort(key=lambda n: n[0])
    return replace(view, namings=tuple(n for _, n in named), tilts_deg=tuple(t for t, _ in named),
                   seen=tuple(shape(s) for s in view.seen))


@dataclass(frozen=True)
class _Left:
    """What the sticker passes of a photo found where they place no corner by themselves:
    the faces found (``anchors``; also those of chroma passes that gave fewer than three,
    which join no later pass: a white body's face in dim light may show only there, and
    a cube modelled from a coloured speck's lattice is believed only where the cell model
    sees its digits), the last pass's sticker shapes (``quads``) and the whole
    cube modelled on the stickers' frames but not believed (``modelled``, or [])."""

    anchors: list[Lattice]
    quads: list[Quad]
    modelled: list[Lattice]


class _Unplaced(CornerPhotoError):
    """The refusal of a photo whose sticker passes placed no corner by themselves, carrying
    what they found (``left``) for :func:`_by_digits`."""

    def __init__(self, message: str, seen: tuple[SeenShape, ...], left: _Left) -> None:
        super().__init__(message, seen)
        self.left = left


def _by_digits(image: np.ndarray, photo: str, source: str, left: _Left, seen: DigitsSeen
               ) -> CornerView:
    """The corner of the photo as taken placed from what its sticker passes left (``left``,
    of the first search): the model not believed where there is one, else the whole cube
    modelled from one of the faces found where the cell model (``seen``) sees the digits of
    its other two (:func:`vision.locate.corners.digit_fit.cube_of_digits`, snapped to the
    sticker shapes); its faces fitted and settled as the sticker passes' are. Raises
    :class:`CornerPhotoError` when neither places three faces."""
    lattices = left.modelled or cube_of_digits(image, left.anchors, left.quads, seen)
    if len(lattices) < 3:
        raise CornerPhotoError(f"{source}: corner photo {photo}: no cube placed by its digits")
    return _view(_fitted(image, lattices[:3], seen), photo, source, image.shape)


def _search(image: np.ndarray, photo: str, source: str, last_resorts: bool = True,
            whole: bool = False, seen: DigitsSeen | None = None, relative: bool = False
            ) -> CornerView:
    """:func:`locate_corner`'s search on one picture, with or without the sticker passes'
    ``last_resorts`` (:func:`_last_resorts`, which takes ``seen``). With ``whole``, the light
    digits' pass alone, each digit taken whole at the lower ink threshold
    (:func:`glyph_faces`): a second look at a picture that every pass has seen already. With
    ``relative``, the dark digits' pass alone, each judged against its sticker's level:
    another such look.
    Raises :class:`CornerPhotoError` when fewer than three faces are found: an
    :class:`_Unplaced` one, carrying what they found, where the sticker passes placed no
    corner by themselves."""
    where = f"{source}: " if source else ""
    expected = corner_faces(photo)
    names = listed([f"{f.face} {f.place}" for f in expected])
    probe: Probe | None = None
    if relative:
        found, corner = None, glyph_faces(image, light=False, relative=True)
    else:
        probe = sticker_probe(image)
        found = find_lattices(image, probe=probe) if probe.shows_stickers() else None
        corner = (glyph_faces(image, light=True, v=probe.v, whole=whole)
                  if found is None or looks_dark(found) else NO_CORNER)
    lattices = corner.faces
    of_stickers, quads = False, found.quads if found else []
    left: _Left | None = None
    if len(lattices) < 3 and not (whole or relative):
        found = found or find_lattices(image, probe=probe)
        lattices, quads, of_stickers, left = _sticker_faces(image, found, where, photo, names,
                                                            last_resorts, seen)
        corner = NO_CORNER  # the faces are the sticker passes' now
    if len(lattices) < 3:
        message = _too_few(f"{where}corner photo {photo}", len(lattices), len(quads), names)
        shapes = seen_shapes(quads, lattices, image.shape)
        raise CornerPhotoError(message, shapes) if left is None else \
            _Unplaced(message, shapes, left)
    return _view(_finished(image, lattices[:3], of_stickers, corner, seen), photo, source,
                 image.shape)


def _finished(image: np.ndarray, lattices: list[Lattice], of_stickers: bool,
              corner: GlyphCorner, seen: DigitsSeen | None) -> list[Lattice]:
    """The three faces a search found, placed for reading: those of sticker shapes fitted
    together and settled (:func:`_fitted`); those of the glyph pass, where its corner is not
    clear (:data:`vision.locate.corners.score.CLEAR_SCORE`: some glyphs off the faces, or
    on them loosely), moved onto the digits the cell model sees
    (:func:`vision.locate.corners.digit_fit.on_digits`)."""
    if of_stickers:
        return _fitted(image, lattices, seen)
    if seen is not None and corner.score < CLEAR_SCORE:
        return on_digits(image, lattices, corner.found.quads, seen)
    return lattices


def _view(lattices: list[Lattice], photo: str, source: str,
          shape: tuple[int, ...]) -> CornerView:
    """The three lattices as the faces of corner photo ``photo`` (a picture of ``shape``),
    named each of the three ways round the corner
    (:func:`vision.locate.corners.order.namings`)."""
    arranged = namings(lattices)
    return CornerView(photo, tuple(_placed(lattices, photo, a) for a in arranged),
                      tuple(a.tilt_deg for a in arranged), source, faces_seen(lattices, shape))


def _jointly(lattices: list[Lattice]) -> list[Lattice]:
    """Three faces found from sticker shapes fitted together as one box
    (:func:`vision.locate.corners.joint.joint_fit`): each was fitted to its own stickers, and a
    steep side face's far corner, extrapolated from stickers seen edge-on, strays by up to a third
    of a sticker; held by the other two faces it does not. A loosely held face's sticker that
    the other faces refute (two stickers merged into one shape) is left out of the fit
    (:func:`vision.locate.corners.joint.checked_fit`). The faces as they were when their
    stickers do not fit one box."""
    fit = checked_fit(lattices)
    return fit[0] if fit is not None else lattices


def _fitted(image: np.ndarray, lattices: list[Lattice], seen: DigitsSeen | None
            ) -> list[Lattice]:
    """Three faces found from sticker shapes fitted together as one box (:func:`_jointly`)
    and settled (:func:`_settled`), unless the learned cell model (``seen``) sees more digits
    (:func:`vision.locate.corners.digit_fit.surer_fit`) on the faces as found and settled,
    counted on the loosely held faces (fitted through fewer than
    :data:`vision.locate.corners.lattice.FIRM_CELLS` of their own stickers) that the box moves
    off their cells (a sticker's centre moved more than
    :data:`vision.locate.corners.lattice.ON_CELL` of a pitch). The box is fitted to the
    stickers' centres alone; where a side face rests on a few stickers seen edge-on, or on
    shapes that are not quite its stickers, it can swing that face's far side off the face,
    and the faces as found hold the digits the box loses. A face the box moves less keeps each
    cell on its sticker either way. Without ``seen``, or where the box moves no loose face off
    its cells, the box.

    Where a face rests on :data:`vision.locate.corners.whole.FEW_CELLS` stickers or fewer
    (placed from the other two, or with the whole cube modelled from one face), the faces as
    found and settled onto the grooves (:func:`_few_held`)."""
    if min(len(lat.cells) for lat in lattices) <= FEW_CELLS:
        return _few_held(image, lattices, seen)
    joint = _jointly(lattices)
    moved = [k for k, (lat, fit) in enumerate(zip(lattices, joint))
             if len(lat.cells) < FIRM_CELLS and _moved(lat, fit) > ON_CELL]
    if seen is None or not moved:
        return _settled(image, joint)
    boxed, found = _settled(image, joint), _settled(image, lattices)
    kept = surer_fit(image, [boxed[k] for k in moved], [found[k] for k in moved], seen)
    return boxed if kept[0] is boxed[moved[0]] else found


def _few_held(image: np.ndarray, lattices: list[Lattice], seen: DigitsSeen | None
              ) -> list[Lattice]:
    """Three faces, one of them resting on :data:`vision.locate.corners.whole.FEW_CELLS`
    stickers or fewer, as found and settled onto the grooves (:func:`_settled`): fitted
    together first, a black cube's side face was settled a third of a sticker off. The box
    (:func:`_jointly`, settled) instead where the learned cell model (``seen``) sees
    :data:`vision.locate.digit_count.MORE_DIGITS` more digits on its three faces
    (:func:`vision.locate.corners.digit_fit.surer_fit`): a side face modelled from one face
    at a focal length guessed in steps, or fitted to a few stickers of a steep view, can
    swing its far row off the face, which the other faces' stickers hold in place."""
    found = _settled(image, lattices)
    if seen is None:
        return found
    joint = _jointly(lattices)
    return found if joint is lattices else surer_fit(image, found, _settled(image, joint), seen)


def _moved(one: Lattice, other: Lattice) -> float:
    """How far apart (sticker pitches of ``one``) two fits of a face place a sticker's
    centre, at most."""
    a, b = (geometry_of(lat).cell_centres() for lat in (one, other))
    return float(np.linalg.norm(a - b, axis=1).max()) / pitch_of(one.H)


def _settled(image: np.ndarray, lattices: list[Lattice]) -> list[Lattice]:
    """The faces found from sticker shapes, those fitted to fewer than
    :data:`vision.locate.corners.lattice.FIRM_CELLS` of their own stickers settled onto the
    photo's grooves (:mod:`vision.locate.corners.settle`); the others lie close already, and
    moving them by the grooves' slight bias would only add noise."""
    loose = [len(lat.cells) < FIRM_CELLS for lat in lattices]
    if not any(loose):
        return lattices
    v = value_for(image, float(np.median([pitch_of(lat.H) for lat in lattices])))
    return [Lattice(settled(image, v, lat.H), lat.cells, lat.directions) if few else lat
            for lat, few in zip(lattices, loose)]


DARK_SHAPES = 9
"""Fewer sticker shapes than one face's nine from the first sticker pass: the stickers are
dark (the black Sudoku Cube). Light or coloured stickers give 20 or more even in shade or
blur, dark grey ones on a black body almost none."""


def looks_dark(found: Found) -> bool:
    """True when the first sticker pass (``found``) saw too few sticker shapes for even one
    face (:data:`DARK_SHAPES`): the stickers are dark, and only their digits
    (:func:`faces_of_glyphs`) can place the faces, so that pass goes first, for light digits
    only (dark stickers carry light ink); the further sticker passes, which cannot succeed
    there and cost most of the time, run only when it fails. Before the whole first pass,
    its local-contrast mask alone (:func:`vision.locate.corners.quads.sticker_probe`) tells most
    photos of dark stickers: it shows not one sticker outline, and the rest of the pass is
    only run when the digits place no faces."""
    return len(found.quads) < DARK_SHAPES


def _sticker_faces(image: np.ndarray, found: Found, where: str, photo: str, names: str,
                   last_resorts: bool = True, seen: DigitsSeen | None = None
                   ) -> tuple[list[Lattice], list[Quad], bool, _Left | None]:
    """The faces from sticker shapes: the first pass ``found``, then :data:`MORE_PASSES`
    while fewer than three faces are found, the whole-cube model (where the cell model sees
    its digits, :func:`_believed`; otherwise after the last resorts), then the digits
    (:func:`faces_of_glyphs`, both polarities), last the best corner among the face
    lattices of every pass, judged by the glyphs on their cells
    (:func:`vision.locate.corners.score.pooled_corner`), also when three faces were found that do
    not fit one cube (a printed grid beside the cube can make one); these two
    (:func:`_last_resorts`, given ``seen``) only with ``last_resorts``, then the model not
    believed. Three cross-checked
    faces (one rebuilt off its digits giving way to a further pass's, :func:`_bare_faces_seen`),
    or fewer when they are not found, the sticker shapes seen (the last pass's),
    whether the faces came from sticker shapes (not from the digits) and, where the passes
    placed no corner by themselves, what they found (:class:`_Left`: :func:`_by_digits`
    places the cube by its digits from it where all else fails).
    Raises :class:`_Unplaced` when three faces were found that do not fit one cube and the
    last resorts find none either."""
    anchors = list(found.lattices)
    unjoined: list[Lattice] = []  # the faces of chroma passes that gave no three
    pool, shapes = proposed(found), list(found.quads)
    lattices = complete_faces(image, found)
    for options in MORE_PASSES:
        if len(lattices) >= 3:
            break
        tried = find_lattices(image, more=found.quads, **options)
        pool += proposed(tried)
        shapes += tried.quads
        faces = _trusted(complete_faces(image, tried), options)
        if options.get("chroma") and len(faces) < 3:
            unjoined += tried.lattices  # for the cube placed by its digits alone
            continue  # a failed chroma pass leaves nothing behind (see MORE_PASSES)
        found, lattices = tried, faces
        anchors += found.lattices
    unfit: tuple[Lattice, ...] = ()  # three faces found that do not fit one cube
    modelled: list[Lattice] = []  # the whole cube modelled from one face found well
    if len(lattices) >= 3:  # checked against the whole cube modelled from them
        three = tuple(lattices[:3])
        lattices = cross_checked(image, list(three), anchors, found.quads)
        unfit = () if lattices else three
    else:
        modelled = whole_cube(image, anchors, found.quads)
        lattices = _believed(image, modelled, seen) or lattices
    if len(lattices) >= 3:
        return _bare_faces_seen(image, lattices, found, anchors, seen), found.quads, True, None
    left = _Left(anchors + unjoined, found.quads, modelled)
    if last_resorts:
        lattices = _last_resorts(image, found, pool, shapes, lattices, seen)
    if len(lattices) < 3 and modelled:  # a model whose digits are unseen rather than none
        return modelled, found.quads, True, left
    if unfit and len(lattices) < 3:
        raise _Unplaced(
            f"{where}corner photo {photo}: the three faces found do not fit one cube (blur, "
            f"glare or clutter?). Expected {names}; retake it sharper, the cube filling more "
            "of the picture.", _loose(found.quads, unfit, image.shape)
            + faces_seen(unfit, image.shape), left)
    return lattices, found.quads, False, left


def _bare_faces_seen(image: np.ndarray, lattices: list[Lattice], found: Found,
                     anchors: list[Lattice], seen: DigitsSeen | None) -> list[Lattice]:
    """Three faces found from sticker shapes (``lattices``; ``found``, the pass kept;
    ``anchors``, every kept pass's faces) as they are, unless a face among them rests on
    :data:`vision.locate.corners.whole.FEW_CELLS` stickers of its own or fewer, the cell
    model (``seen``) sees digits in fewer than
    :data:`vision.locate.corners.lattice.ENOUGH_CELLS` of its cells, and another sticker
    pass (:data:`MORE_PASSES`) places three faces that fit one cube where it sees more digits
    (:func:`vision.locate.corners.digit_fit.surer_fit`). Such a face is rebuilt from the
    other two: where they rest on a few stickers of a steep view, its far side strays off the
    face, its cells onto the ground, while a pass that fits them through more of their
    stickers places it on its digits. Without ``seen`` the faces as found."""
    bare = [lat for lat in lattices[:3] if len(lat.cells) <= FEW_CELLS]
    if seen is None or not bare or digits_seen_on(image, bare, seen):
        return lattices
    best = lattices[:3]
    for options in MORE_PASSES:
        tried = find_lattices(image, more=found.quads, **options)
        faces = complete_faces(image, tried)
        if len(faces) >= 3:
            faces = cross_checked(image, faces[:3], anchors + list(tried.lattices),
                                  tried.quads)
        if len(faces) >= 3:
            best = surer_fit(image, best, faces[:3], seen)
    return best


def _believed(image: np.ndarray, modelled: list[Lattice], seen: DigitsSeen | None
              ) -> list[Lattice]:
    """Three faces placed without stickers of their own to hold them (``modelled``: the
    whole-cube model's, :func:`vision.locate.corners.whole.whole_cube`, or the digits' own
    corner) where the cell model sees the digits on them
    (:func:`vision.locate.corners.digit_fit.digits_seen_on`), else []: a model can frame a
    dim photo's grain beside a pale body as the stickers of a face it places off the cube,
    and the digits' corner, chosen among a cutting mat's marks, can lie off it. A model not
    believed still stands where the last resorts find no corner either: in dim light a face
    of light digits on dark stickers can be one the model places right and the cell model
    sees no digits on."""
    return modelled if modelled and digits_seen_on(image, modelled, seen) else []


def _last_resorts(image: np.ndarray, found: Found, pool: list[Lattice], shapes: list[Quad],
                  lattices: list[Lattice], seen: DigitsSeen | None = None) -> list[Lattice]:
    """Three faces where the sticker passes found fewer (``lattices``; ``found``, the last
    pass kept; ``pool``, the face lattices of every pass, each placement with a row or column
    missed included; ``shapes``, their sticker shapes). Every hypothesis competes on one
    score (:func:`vision.locate.corners.score.pooled_corner`: the digits and sticker shapes on the
    cells of three faces fitted together as one box): the faces the digits of either polarity
    place (:func:`glyph_faces`) and the digits' lattices, every pass's faces and those of a
    last sticker pass that also takes outlines whose corners are rounded or blurred so much
    that the usual outline test cuts them off (a shaded side face of large rounded
    stickers), and those of the dark stickers the grooves frame
    (:func:`vision.locate.corners.quads.groove_quads`: a black cube on wood), ranked by the
    cell model (``seen``) where the usual first candidates make no corner. Where the
    winner is the digits' corner (:func:`_same_corner`), the fit whose cells the learned cell
    model sees more digits in (``seen``, :func:`vision.locate.corners.digit_fit.surer_fit`) is
    kept, the digits' own unless the pool's holds a cell's digit more, or without ``seen``:
    fitted to the digits alone, not to the sticker shapes the pool also weighs (on a white
    body, their pale outlines), it usually places the cells the digits are read from, but a
    steep face's far digits can pull it wider than the face. The digits' corner also stands
    when no hypothesis makes one in the pool, where the cell model (``seen``) sees digits on
    each of its faces (:func:`_believed`): chosen among the thousands of marks a cutting
    mat's print gives, it can lie off the cube. Any other pooled corner is moved onto the
    digits the cell model sees (:func:`vision.locate.corners.digit_fit.on_digits`): a mat's
    marks beyond a face's far edge can hold its far row as well as its digits do."""
    digits, glyphs, _ = glyph_faces(image)  # dark stickers: their digits, light or dark
    rounded = find_lattices(image, more=found.quads, rounded=True)
    grooved = lattices_of(groove_quads(image))
    pool = pool + proposed(rounded) + proposed(grooved) + glyphs.lattices + digits
    pooled = pooled_corner(image, pool, glyphs.quads, shapes + rounded.quads + grooved.quads,
                           seen)
    if not pooled:
        return _believed(image, digits, seen) or lattices
    if _same_corner(pooled, digits):
        return surer_fit(image, digits, pooled, seen) if seen else digits
    return on_digits(image, pooled, glyphs.quads, seen) if seen else pooled


def _same_corner(faces: list[Lattice], others: list[Lattice]) -> bool:
    """True when each of three ``faces`` has its middle on the middle cell of one of the
    three ``others`` (within :data:`vision.locate.corners.lattice.ON_CELL` of a sticker pitch
    of it)."""
    if len(faces) < 3 or len(others) < 3:
        return False
    return all(any(np.linalg.norm(f.centre - o.centre) < ON_CELL * pitch_of(o.H)
                   for o in others[:3]) for f in faces[:3])


def _trusted(lattices: list[Lattice], options: dict) -> list[Lattice]:
    """The faces a further sticker pass (``options``, one of :data:`MORE_PASSES`) found,
    less a third face it does not vouch for: of a chroma or rounded pass, one resting on
    :data:`vision.locate.corners.whole.FEW_CELLS` stickers or fewer (on a light body no groove
    frames a face rebuilt from the others: it may be stretched out onto the table)."""
    if len(lattices) < 3:
        return lattices
    if (options.get("rounded") or options.get("chroma")) and min(
            len(lat.cells) for lat in lattices[:3]) <= FEW_CELLS:
        return lattices[:2]
    return lattices


def _placed(lattices: Sequence[Lattice], photo: str, arranged: Arrangement) -> Naming:
    """The three lattices as the faces of corner photo ``photo`` placed as ``arranged`` says,
    in place order, each with its net-to-image homography."""
    expected = corner_faces(photo)
    order = arranged.order
    corner_idx = arranged.corner
    placed = {expected[k].face: lattices[i] for k, i in enumerate(order)}
    corners_of = {expected[k].face: corner_idx[i] for k, i in enumerate(order)}
    out = []
    for spec in expected:
        lat = placed[spec.face]
        c = corners_of[spec.face]
        adj = [(3 - c[0], c[1]), (c[0], 3 - c[1])]
        others = [g for g in spec.towards_net]
        # which neighbour face each adjacent lattice corner is shared with
        d = [[_dist_to_lattice_corners(placed[g], lat.to_image(*a)) for g in others] for a in adj]
        if d[0][0] + d[1][1] <= d[0][1] + d[1][0]:
            pairs = {others[0]: adj[0], others[1]: adj[1]}
        else:
            pairs = {others[0]: adj[1], others[1]: adj[0]}
        src = [spec.corner_net, *(spec.towards_net[g] for g in others)]
        dst = [c, *(pairs[g] for g in others)]
        net_to_lat = _affine_from(src, dst)
        H = lat.H @ net_to_lat
        face = CornerFace(spec.face, spec.place, H, len(lat.cells),
                          tuple((float(q.centre[0]), float(q.centre[1]))
                                for q in lat.cells.values()))
        out.append(face)
    return (out[0], out[1], out[2])


__all__ = ["CornerFace", "CornerPhotoError", "CornerView", "NotUprightError", "locate_corner",
           "locate_faces", "PLACES"]
