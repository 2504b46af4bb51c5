"""Sticker candidates that neighbour each other as the stickers of one face do.

A corner photo's faces are found by the directions of all its sticker candidates' edges
(:func:`vision.locate.corners.lattice.axis_directions`). Where a patterned ground shows more
squares than the cube has stickers (a cutting mat's printed grid), its two directions outvote the
cube's three, and the cube's faces form no lattice. A face's stickers also neighbour each other:
each lies within a row or column of the next, its edges parallel to theirs and about as long.
Joined by that relation alone, the candidates part into groups that each follow their own two
directions, whatever the rest of the photo shows.
"""
from __future__ import annotations

import math

import numpy as np

from ...numeric import TINY
from .quads import Quad

PEAK_REACH = 22
"""Degrees by which a sticker candidate's edge may stray from the axis direction it follows
(:func:`vision.locate.corners.lattice.group_by_faces`), or from its neighbour's edge
(:func:`neighbour_groups`); as much either side of a dominant edge direction is cleared before
the next one is looked for: two of the cube's axis directions in a corner photo lie farther
apart."""

SAME_SIZE = 1.4
"""A quad is a sticker of its group when neither of its edges is this many times the group's
median edge along it, nor the median this many times the edge; two neighbours' edges along one
direction are held to the same ratio."""


def doubled(vec: np.ndarray) -> np.ndarray:
    """Unit vector of the doubled angle, so that opposite directions coincide."""
    t = 2 * math.atan2(vec[1], vec[0])
    return np.array([math.cos(t), math.sin(t)])


def _follows(sims: np.ndarray, lengths: np.ndarray, others: np.ndarray, edges: np.ndarray,
             offsets: np.ndarray) -> np.ndarray:
    """For pairs of candidates (p, q), one per row: True where ``q``'s two edges run along
    ``p``'s two, one each (within :data:`PEAK_REACH`), each about as long as the edge it
    follows (:data:`SAME_SIZE`), and ``q`` lies at most one row and one column from ``p``:
    less than two of ``p``'s edges on along each, short of the row after the next (2.2 edges
    on; the next lies 1.1 edges on, or up to 1.6 where the candidate is the inner part of a
    sticker whose rounded corners were cut off). ``sims``: each pair's cosines of doubled
    angles, ``p``'s edge by ``q``'s; ``lengths`` and ``others``: ``p``'s and ``q``'s edge
    lengths; ``edges``: ``p``'s two edges as columns; ``offsets``: ``q``'s centre less
    ``p``'s."""
    reach = math.cos(math.radians(2 * PEAK_REACH))
    # each of q's edges follows the edge of p nearest in direction, the two different ones
    straight = (sims[:, 0, 0] >= sims[:, 1, 0]) & (sims[:, 0, 1] < sims[:, 1, 1])
    crossed = (sims[:, 0, 0] < sims[:, 1, 0]) & (sims[:, 0, 1] >= sims[:, 1, 1])
    ok = straight | crossed
    rows = np.arange(len(sims))
    for k in range(2):
        along = np.where(straight, k, 1 - k)  # the edge of p that q's edge k follows
        ratio = others[:, k] / lengths[rows, along]
        ok &= (sims[rows, along, k] >= reach) & (1 / SAME_SIZE < ratio) & (ratio < SAME_SIZE)
    det = np.linalg.det(edges)
    steady = np.abs(det) >= TINY
    steps = np.linalg.solve(np.where(steady[:, None, None], edges, np.eye(2)),
                            offsets[:, :, None])[:, :, 0]
    return ok & steady & (np.abs(steps).max(axis=1) < 2)


def neighbour_groups(quads: list[Quad]) -> list[list[Quad]]:
    """The sticker candidates ``quads`` parted into groups of neighbours: two candidates are
    neighbours when each follows the other (:func:`_follows`), and a group holds every
    candidate reached from another through neighbours. Groups of fewer than four (too few
    to fix a lattice) are left out."""
    n = len(quads)
    if n < 4:
        return []
    centres = np.array([q.centre for q in quads], np.float64)
    edges = np.array([q.edges for q in quads], np.float64)  # candidate, edge, x/y
    lengths = np.linalg.norm(edges, axis=2)
    angle = 2 * np.arctan2(edges[..., 1], edges[..., 0])
    doubles = np.stack([np.cos(angle), np.sin(angle)], axis=2)
    reach = 2 * math.sqrt(2) * SAME_SIZE * lengths.max(axis=1)  # no farther neighbour
    gaps = np.linalg.norm(centres[:, None] - centres[None], axis=2)
    a, b = np.nonzero(np.triu(gaps < reach[:, None], 1))
    sims = np.einsum("mxd,myd->mxy", doubles[a], doubles[b])
    columns = np.transpose(edges, (0, 2, 1))  # each candidate's edges as columns
    offsets = centres[b] - centres[a]
    mutual = (_follows(sims, lengths[a], lengths[b], columns[a], offsets)
              & _follows(np.transpose(sims, (0, 2, 1)), lengths[b], lengths[a], columns[b],
                         -offsets))
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in zip(a[mutual], b[mutual]):
        parent[root(int(i))] = root(int(j))
    groups: dict[int, list[Quad]] = {}
    for i in range(n):
        groups.setdefault(root(i), []).append(quads[i])
    return [g for g in groups.values() if len(g) >= 4]
