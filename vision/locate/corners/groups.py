"""Groups of glyph lattices that may be the faces of one cube corner (:func:`corner_groups`).
"""
from __future__ import annotations

import cv2
import numpy as np

from .check import pitch_of
from .glyph_cells import misfits
from .lattice import Lattice, outline

CANDIDATES = 30
"""The best glyph lattices (best framed first, :func:`vision.locate.corners.faces.framed_first`,
or with most glyphs first) among which the faces of the corner are chosen: the three faces rank
among the first few even on print, which forms hundreds of lattices."""

EDGE_GAP = 0.9
"""Sticker pitches between the nearest edges of two glyph lattices that may be faces of one
corner: their outlines are extrapolated from glyph centres, so they meet only roughly until
they are fitted together (:func:`vision.locate.corners.joint.joint_fit`)."""

GROUPS = 4
"""Groups of each size (triples, pairs) that are tried."""


def _outline_edges(lat: Lattice) -> np.ndarray:
    """The four outline edges of a lattice as (4, 2, 2) image end points."""
    o = outline(lat.H)
    return np.stack([o, np.roll(o, -1, axis=0)], axis=1)


def _gaps(edges: np.ndarray) -> np.ndarray:
    """Per pair of lattices (their outline edges ``edges``, (T, 4, 2, 2)), pixels between
    their nearest pair of outline edges (either direction): about 0 for two faces of one
    corner."""
    def dist(k: int, kk: int) -> np.ndarray:  # end k of one edge to end kk of the other
        dx = edges[:, None, :, None, k, 0] - edges[None, :, None, :, kk, 0]
        dy = edges[:, None, :, None, k, 1] - edges[None, :, None, :, kk, 1]
        return np.sqrt(dx * dx + dy * dy)  # (T, T, 4, 4)
    # the mean distance of the two ends, paired alike or crosswise: per coordinate, not as a
    # norm over arrays of every pair of ends (the same numbers, a fraction of the memory)
    d1 = (dist(0, 0) + dist(1, 1)) / 2
    d2 = (dist(0, 1) + dist(1, 0)) / 2
    return np.minimum(d1.min(axis=(2, 3)), d2.min(axis=(2, 3)))


def _inside(point: np.ndarray, edges: np.ndarray) -> bool:
    """True when ``point`` lies inside the outline whose edges are ``edges``: two lattices of
    one face (its light and its dark marks) are not two faces."""
    return cv2.pointPolygonTest(edges[:, 0, :].astype(np.float32),
                                (float(point[0]), float(point[1])), False) >= 0


def corner_groups(lattices: list[Lattice]) -> list[list[Lattice]]:
    """Among the best :data:`CANDIDATES` lattices, the triples (then the pairs) that may be the
    faces of one cube corner, best first (most glyphs, then least misfit), at most
    :data:`GROUPS` of each: no glyph in two of them, neither inside the other, each pair
    sharing an edge within :data:`EDGE_GAP` pitches. A lattice of print beside the cube shares
    no edge with the faces; one mixing two faces' glyphs leaves the third face's glyphs to no
    lattice, so its group holds fewer glyphs."""
    top = lattices[:CANDIDATES]
    pitch = [pitch_of(lat.H) for lat in top]
    misfit = [m / p for m, p in zip(misfits(top), pitch)]
    meets = _meeting(top, pitch)
    pairs = [(int(i), int(j)) for i, j in zip(*np.nonzero(np.triu(meets, 1)))]
    triples = [(i, j, int(k)) for i, j in pairs
               for k in np.flatnonzero(meets[i, j + 1:] & meets[j, j + 1:]) + j + 1]
    out = []
    for groups in (triples, pairs):
        groups = sorted(groups, key=lambda g: (-sum(len(top[i].cells) for i in g),
                                               sum(misfit[i] for i in g)))
        out += [[top[i] for i in g] for g in groups[:GROUPS]]
    return out



def _meeting(top: list[Lattice], pitch: list[float]) -> np.ndarray:
    """Which pairs of lattices may be two faces of one corner, as a symmetric (L, L) matrix:
    they share an edge within :data:`EDGE_GAP` of their ``pitch`` (the smaller one), hold no
    glyph in common, and neither's centre lies inside the other."""
    ids = [{id(q) for q in lat.cells.values()} for lat in top]
    edges = [_outline_edges(lat) for lat in top]
    gaps = _gaps(np.array(edges).reshape(-1, 4, 2, 2))
    with np.errstate(divide="ignore", invalid="ignore"):
        near = gaps / np.minimum.outer(pitch, pitch) < EDGE_GAP  # judged at once, first
    meets = np.zeros((len(top), len(top)), bool)
    for i, j in zip(*np.nonzero(np.triu(near, 1))):  # in the order (i, j) of the pairs
        meets[i, j] = meets[j, i] = not ids[i] & ids[j] and \
            not _inside(top[i].centre, edges[j]) and not _inside(top[j].centre, edges[i])
    return meets


__all__ = ["CANDIDATES", "EDGE_GAP", "GROUPS", "corner_groups"]
