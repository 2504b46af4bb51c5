"""Fallback for corner photos where fewer than three faces are found: the whole cube modelled
from one face.

Blur, grain and large dark digits can leave a photo with one face found whole and the other
two missed or misplaced (squeezed, a row off). One face found well fixes the whole cube under
perspective (:mod:`vision.locate.corners.model`); the model is then refined on the picture itself
(every cell of the three faces framed by dark gaps,
:func:`vision.locate.corners.check.grid_contrast`) and believed only when all three faces frame
stickers, so a photo that does not show a cube corner is still refused.

The same model checks three faces found by the sticker passes when they disagree with each
other (their stickers fit no one box) or one rests on very few stickers
(:func:`cross_checked`): a face placed a row off or squeezed is replaced by the model's, or
the photo refused, rather than read wrong.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from ..face_geometry import MIDWAY
from .check import frame_step, grid_contrast, pitch_of, value_image
from .joint import joint_fit
from .lattice import CORNERS, ENOUGH_CELLS, ON_CELL, Lattice, Quad, outline, snap
from .model import focal_guesses, other_faces
from .rebuild import predict_third
from .settle import STEPS


@dataclass(frozen=True)
class CubeFit:
    """Three face lattices of a corner photo from the whole-cube model, with how many of each
    face's cells frame a sticker."""

    lattices: tuple[Lattice, Lattice, Lattice]
    framed: tuple[int, int, int]
    focal: float


@dataclass(frozen=True)
class Framing:
    """The picture as :func:`vision.locate.corners.check.grid_contrast` sees it: the V channel
    smoothed once for the sticker pitch, and the least contrast of a framed cell."""

    v: np.ndarray
    step: float

    @staticmethod
    def of(image: np.ndarray, pitch: float) -> "Framing":
        """The framing view of ``image`` for a sticker pitch of ``pitch`` pixels."""
        v = value_image(image, pitch)
        return Framing(v, frame_step(v))

    def count(self, H: np.ndarray) -> int:
        """Cells of lattice ``H`` that frame a sticker."""
        return int(np.sum(grid_contrast(self.v, H) > self.step))

    def score(self, H: np.ndarray) -> float:
        """A smooth version of :meth:`count`: each cell's contrast in framing steps, capped
        at 2, summed (a cell half framed counts half)."""
        return float(np.sum(np.clip(grid_contrast(self.v, H) / self.step, -1.0, 2.0)))


def _snapped(H: np.ndarray, quads: list[Quad]) -> Lattice:
    """The predicted lattice ``H`` with the sticker candidates on its cells; refitted through
    them when at least five agree with the prediction and the refit moves it less than
    :data:`vision.locate.face_geometry.MIDWAY` (every sticker stays on its own cell)."""
    H, cells = snap(H, quads, MIDWAY)
    return Lattice(H, cells, (-1, -1))


def fit_from_face(framing: Framing, shape: tuple[int, ...], anchor: Lattice,
                  quads: list[Quad]) -> CubeFit | None:
    """The three faces of the cube of which ``anchor`` is one face, at the focal length
    (:func:`vision.locate.corners.model.focal_guesses`) whose predicted faces frame the most
    stickers, each predicted face snapped to the sticker candidates ``quads`` on it; None when no
    guess shows three faces."""
    own = framing.count(anchor.H)
    taken = {id(q) for q in anchor.cells.values()}
    free = [q for q in quads if id(q) not in taken]
    best: CubeFit | None = None
    for f in focal_guesses(anchor.H, shape):
        hs = other_faces(anchor.H, f, shape)
        if len(hs) != 2:
            continue
        lats = [_snapped(H, free) for H in hs]
        framed = (own, framing.count(lats[0].H), framing.count(lats[1].H))
        if best is None or sum(framed) > sum(best.framed):
            best = CubeFit((anchor, lats[0], lats[1]), framed, f)
    return best


REFINE_STEPS = (2 * STEPS[0], *STEPS)
"""Step sizes of the model refinement, coarse to fine (sticker pitches for the anchor face's
corners; relative for the focal length's log): those of the grooves' settling
(:data:`vision.locate.corners.settle.STEPS`), which moves a face's corners alike, after one
twice the settling's coarsest. The first fit's focal length is a guess of a series a quarter
apart (:data:`vision.locate.corners.model.FOCAL_WIDTHS`), so its two extrapolated faces can lie
a fifth of a sticker off or more; the descent takes at most three moves per step size, and from
there the settling's steps alone can climb to a local peak farther off, where those two faces
frame two thirds of their cells."""

REFINED = 2
"""How many of the best first fits (over anchors) are refined."""


def _model(corners: np.ndarray, f: float, shape: tuple[int, ...]) -> list[np.ndarray] | None:
    """The three face lattices of the cube whose anchor face has image ``corners`` (outline
    order), seen with focal length ``f``; None when the model does not show three faces."""
    H = cv2.getPerspectiveTransform(np.array(CORNERS, np.float32),
                                    corners.astype(np.float32)).astype(np.float64)
    others = other_faces(H, f, shape)
    return [H, *others] if len(others) == 2 else None


def refine(framing: Framing, shape: tuple[int, ...], anchor: np.ndarray,
           f: float) -> list[np.ndarray]:
    """The cube model (anchor face lattice ``anchor``, focal length ``f``) adjusted by
    coordinate descent over the anchor's outline corners and the focal length, so that its
    three faces frame the picture's stickers best (:meth:`Framing.score`): one face found
    from a few blurred stickers is not exact enough to extrapolate two more faces from."""
    pitch = pitch_of(anchor)
    params = np.append(outline(anchor).ravel(), math.log(f))
    n = 4 * 2  # the outline's four corners, x and y; then the focal length's log

    def score(p: np.ndarray) -> float:
        lats = _model(p[:n].reshape(4, 2), math.exp(p[n]), shape)
        return -math.inf if lats is None else sum(framing.score(H) for H in lats)

    best = score(params)
    for step in REFINE_STEPS:
        for _ in range(3):
            moved = False
            for i in range(n + 1):
                for sign in (1, -1):
                    trial = params.copy()
                    trial[i] += sign * step * (1.0 if i == n else pitch)
                    s = score(trial)
                    if s > best:
                        params, best, moved = trial, s, True
                        break
            if not moved:
                break
    lats = _model(params[:n].reshape(4, 2), math.exp(params[n]), shape)
    return lats if lats is not None else []


def framing_for(image: np.ndarray, lattices: list[Lattice]) -> Framing:
    """The framing view of a photo for the median sticker pitch of some of its faces."""
    return Framing.of(image, float(np.median([pitch_of(a.H) for a in lattices])))


def best_model(image: np.ndarray, anchors: list[Lattice], quads: list[Quad],
               framing: Framing | None = None) -> CubeFit | None:
    """The whole-cube model of a corner photo that frames the most stickers, from one of the
    found faces ``anchors`` (:func:`fit_from_face`; the best :data:`REFINED` first fits
    refined in turn until one is :func:`believable`, then snapped to the sticker candidates
    ``quads``); None without any."""
    if not anchors:
        return None
    framing = framing or framing_for(image, anchors)
    fits = [fit for a in anchors
            if (fit := fit_from_face(framing, image.shape, a, quads)) is not None]
    fits.sort(key=lambda fit: -sum(fit.framed))
    best: CubeFit | None = None
    for fit in fits[:REFINED]:
        lats = refine(framing, image.shape, fit.lattices[0].H, fit.focal)
        if len(lats) != 3:
            continue
        framed = tuple(framing.count(H) for H in lats)
        if best is None or sum(framed) > sum(best.framed):
            snapped = tuple(_snapped(H, quads) for H in lats)
            best = CubeFit(snapped, framed, fit.focal)  # type: ignore[arg-type]
            if believable(best):
                break  # refining the next fit would cost time for no gain
    return best


def whole_cube(image: np.ndarray, anchors: list[Lattice], quads: list[Quad]) -> list[Lattice]:
    """Three face lattices of a corner photo modelled as a whole cube (:func:`best_model`),
    or [] when the model does not frame stickers on all three faces (:func:`believable`)."""
    if not anchors:
        return []
    framing = framing_for(image, anchors)
    fit = best_model(image, anchors, quads, framing)
    return list(fit.lattices) if fit is not None and believable(fit) else []


def believable(fit: CubeFit) -> bool:
    """True when a model frames stickers on each of the three faces
    (:data:`vision.locate.corners.lattice.ENOUGH_CELLS` each: a model two thirds of a sticker
    off can still frame 9, 7 and 4)."""
    return min(fit.framed) >= ENOUGH_CELLS


INCONSISTENT = ON_CELL
"""Sticker pitches by which a located face may differ from the outline the other two predict
for it (:func:`vision.locate.corners.rebuild.predict_third`, exact under perspective) before the
three are checked against the whole-cube model: an outline corner farther off than a point
may lie from its cell's centre (:data:`vision.locate.corners.lattice.ON_CELL`) is not where
the others put it."""

FEW_CELLS = 2
"""A located face with this many sticker candidates or fewer was placed mostly from the other
faces (rebuilt, or a partial face), so the three are checked against the model."""

BETTER_BY = 2
"""Cells the model must frame beyond the located faces to replace them."""


def inconsistency(lattices: list[Lattice]) -> float:
    """How far (sticker pitches, worst outline corner of any face) three located faces lie
    from the outline the other two predict for each; infinite when a prediction fails."""
    worst = 0.0
    for k, lat in enumerate(lattices):
        pred = predict_third(*(o for j, o in enumerate(lattices) if j != k))
        if pred is None:
            return math.inf
        p = outline(pred.H)
        q = outline(lat.H)
        worst = max(worst, max(float(np.min(np.linalg.norm(p - x, axis=1))) for x in q)
                    / pitch_of(lat.H))
    return worst


def cross_checked(image: np.ndarray, lattices: list[Lattice], anchors: list[Lattice],
                  quads: list[Quad]) -> list[Lattice]:
    """Three located face lattices checked against the whole-cube model when they disagree
    with each other (:data:`INCONSISTENT`) or one rests on few stickers (:data:`FEW_CELLS`):
    - where their stickers still fit one box (:func:`one_box`), the model's faces when they
      frame clearly more stickers (:data:`BETTER_BY`), else the located ones: a box fitted
      through every sticker of the three is one cube, though a steep face, rebuilt from the
      other two on none of its own, can stray from :func:`inconsistency`'s outline, and a
      model that frames too few stickers on a face to be believed is no better;
    - where they fit no one box either (no one cube shows those three faces, so one at
      least is placed wrong), the believable model, which is one cube, however many
      stickers it frames (a face a row off can frame a sticker or two of the ground beside
      the cube, and a face found on floor tiles beside it frames its nine squares as well
      as the true face frames its stickers); [] where no model is believable (a face
      placed wrong is worse than none)."""
    off = inconsistency(lattices)
    agree = off <= INCONSISTENT or one_box(lattices)
    if min(len(lat.cells) for lat in lattices) > FEW_CELLS and agree:
        return lattices
    framing = framing_for(image, lattices)
    fit = best_model(image, lattices + anchors, quads, framing)
    trusted = fit is not None and believable(fit)
    if not agree:
        return list(fit.lattices) if trusted else []  # type: ignore[union-attr]
    located = sum(framing.count(lat.H) for lat in lattices)
    if trusted and sum(fit.framed) >= located + BETTER_BY:  # type: ignore[union-attr]
        return list(fit.lattices)  # type: ignore[union-attr]
    return lattices


def one_box(lattices: list[Lattice]) -> bool:
    """True when three located faces fit together as one box in perspective
    (:func:`vision.locate.corners.joint.joint_fit`: their stickers within
    :data:`vision.locate.corners.joint.MAX_MISFIT` pitches of their cells' centres, root mean
    square). :func:`inconsistency` extrapolates each face from the other two, so a steep face
    whose far corner strays by a sixth of a sticker already misses its prediction by half a
    sticker; the joint fit weighs every sticker of the three at once, and a face a row off or
    squeezed misses it by far more."""
    return joint_fit(lattices) is not None
