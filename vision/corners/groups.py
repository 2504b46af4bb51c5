"""Groups of glyph lattices that may be the faces of one cube corner (:func:`corner_groups`).
"""
from __future__ import annotations

import itertools

import cv2
import numpy as np

from .check import pitch_of
from .glyph_cells import misfits
from .lattice import Lattice, outline

CANDIDATES = 40
"""The best glyph lattices among which the faces of the corner are chosen."""

EDGE_GAP = 0.9
"""Sticker pitches between the nearest edges of two glyph lattices that may be faces of one
corner: their outlines are extrapolated from glyph centres, so they meet only roughly until
they are fitted together (:func:`vision.corners.joint.joint_fit`)."""

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
    a = edges[:, None, :, None]
    d1 = np.linalg.norm(a - edges[None, :, None, :], axis=5).mean(axis=4)
    d2 = np.linalg.norm(a - edges[None, :, None, :, ::-1], axis=5).mean(axis=4)
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
    ids = [{id(q) for q in lat.cells.values()} for lat in top]
    edges = [_outline_edges(lat) for lat in top]
    pitch = [pitch_of(lat.H) for lat in top]
    misfit = [m / p for m, p in zip(misfits(top), pitch)]
    gaps = _gaps(np.array(edges).reshape(-1, 4, 2, 2))
    meets = {}
    for i, j in itertools.combinations(range(len(top)), 2):
        meets[(i, j)] = not ids[i] & ids[j] and \
            float(gaps[i, j]) / min(pitch[i], pitch[j]) < EDGE_GAP and \
            not _inside(top[i].centre, edges[j]) and not _inside(top[j].centre, edges[i])
    pairs = [p for p, ok in meets.items() if ok]
    triples = [(i, j, k) for i, j in pairs for k in range(j + 1, len(top))
               if meets[(i, k)] and meets[(j, k)]]
    out = []
    for groups in (triples, pairs):
        groups = sorted(groups, key=lambda g: (-sum(len(top[i].cells) for i in g),
                                               sum(misfit[i] for i in g)))
        out += [[top[i] for i in g] for g in groups[:GROUPS]]
    return out




__all__ = ["CANDIDATES", "EDGE_GAP", "GROUPS", "corner_groups"]
