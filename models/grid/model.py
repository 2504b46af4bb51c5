"""The CP-SAT grid model: the boolean placement formulation (flags and implications).

Variables (all booleans):

* ``corner[p][q][t]`` / ``edge[p][q][t]``: the piece now at place ``p`` goes to place ``q`` with
  twist ``t`` (convention in :mod:`models.grid.data`). Each piece takes exactly one (place,
  twist); each place receives exactly one piece.
* ``centre[f][t]``: face ``f``'s centre still needs ``t`` quarter turns clockwise.
* ``direction[f][r]``: all digits of face ``f`` point ``r`` (token rotation) when solved.
* ``digit[j][d]``: cell ``j`` holds digit ``d + 1`` when solved; each cell one digit, each face
  every digit once.
* ``hyp[i][k]``: sticker ``i`` is read as its ``k``-th hypothesis (only when it has several).

Every consequence of a placement is tabulated outside the model (:mod:`models.grid.data`), so
the constraints are plain implications: "placement and hypothesis => this cell holds this digit
and its face points this way". Symmetric digits are handled by giving such a sticker both
readings (``1^`` and ``1v``) rather than by if-else on the direction.

Reachability by face turns: corner twists sum to 0 mod 3, edge flips to 0 mod 2, and the
parities of the corner permutation, the edge permutation and the total centre quarter turns are
equal (permutation parity as the XOR of inversion booleans).

The diagnosis model, where any sticker may be read otherwise, is :mod:`models.grid.soft`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache
from typing import Sequence

from ortools.sat.python import cp_model

from ..cube.pieces import centre_facelets
from ..cube.state import CubeState
from ..cube.stickers import Hypothesis, Sticker
from ..profile import CubeSettings
from .data import corner_landings, edge_landings, facelet_face

SCORE_SCALE = 1000
"""Objective units per natural-log unit of score (scores become integers for CP-SAT)."""
MIN_SCORE = 1e-6
"""Scores below this (including 0) count as this, so log stays finite."""


@dataclass(frozen=True)
class Reachability:
    """Which reachability rules the model enforces (all by default; diagnosis relaxes them)."""

    twist: bool = True
    flip: bool = True
    parity: bool = True


@dataclass
class GridModel:
    """A built model and the handles needed to read a solution back."""

    model: cp_model.CpModel
    hyps: tuple[tuple[Hypothesis, ...], ...]
    corner: list[list[list[cp_model.IntVar]]]
    edge: list[list[list[cp_model.IntVar]]]
    centre: list[list[cp_model.IntVar]]
    direction: list[list[cp_model.IntVar]]
    digit: list[list[cp_model.IntVar]]
    hyp: list[list[cp_model.IntVar] | None]
    weights: list[list[int]]
    read_digit: dict[int, list[cp_model.IntVar]] = field(default_factory=dict)
    read_rot: dict[int, list[cp_model.IntVar]] = field(default_factory=dict)
    has_objective: bool = False
    stats: dict = field(default_factory=dict)


def _add(table: dict[Sticker, float | None], sticker: Sticker, score: float | None) -> None:
    if sticker not in table:
        table[sticker] = score
    elif score is not None and (table[sticker] is None or score > table[sticker]):
        table[sticker] = score


def sticker_hypotheses(state: CubeState, settings: CubeSettings = CubeSettings()
                       ) -> tuple[tuple[Hypothesis, ...], ...]:
    """Every reading the model may choose for each sticker, best first.

    Adds a symmetric digit's 180 degree twin (``1^`` also ``1v``) and, when the cube's 6 and 9
    are not underlined, the other of ``6 r`` / ``9 r+2`` with the same score.
    """
    return tuple(reading_variants(state.hypotheses(i), settings)
                 for i in range(len(state.stickers)))


def reading_variants(hyps: Sequence[Hypothesis], settings: CubeSettings = CubeSettings()
                     ) -> tuple[Hypothesis, ...]:
    """One sticker's readings with the ones that look the same on ``settings``' cube (see
    :func:`sticker_hypotheses`), best first."""
    table: dict[Sticker, float | None] = {}
    for h in hyps:
        s = h.sticker
        variants = [s]
        if not settings.underlined_69 and s.digit in (6, 9):
            variants.append(Sticker(15 - s.digit, (s.rot + 2) % 4))
        for v in list(variants):
            if v.digit in settings.symmetric:
                variants.append(v.turned(2))
        for v in variants:
            _add(table, v, h.score)
    return tuple(Hypothesis(s, sc) for s, sc in table.items())


def log_weights(hyps: Sequence[Hypothesis]) -> list[int]:
    """Integer log-score of each hypothesis relative to the best (best = 0)."""
    if len(hyps) < 2 or all(h.score is None for h in hyps):
        return [0] * len(hyps)
    logs = [math.log(max(MIN_SCORE, 1.0 if h.score is None else h.score)) for h in hyps]
    top = max(logs)
    return [round(SCORE_SCALE * (x - top)) for x in logs]


OPEN_KEEP = 3.0
"""An open cell's readings scoring at least this many times its lowest score are named
choices of the model; the rest (the recogniser's "anything" floor) share one choice."""
MAX_NAMED = 8
"""At most this many named choices per open cell (the likeliest)."""


def is_open(hyps: Sequence[Hypothesis]) -> bool:
    """True when a cell lists every one of the 36 stickers (digits 1-9, four rotations): the
    recogniser could not rule any reading out."""
    return len({h.sticker for h in hyps if 1 <= h.sticker.digit <= 9}) >= 36


def open_choices(hyps: Sequence[Hypothesis]) -> tuple[tuple[Hypothesis, ...], float]:
    """An open cell's named choices (best first, see :data:`OPEN_KEEP`, :data:`MAX_NAMED`)
    and the score of "any other reading" (the best score among the rest)."""
    scores = [max(MIN_SCORE, 1.0 if h.score is None else h.score) for h in hyps]
    order = sorted(range(len(hyps)), key=lambda k: -scores[k])
    floor = min(scores)
    keep = [k for k in order if scores[k] >= OPEN_KEEP * floor][:MAX_NAMED] or order[:1]
    rest = [scores[k] for k in order if k not in keep]
    return tuple(hyps[k] for k in keep), (max(rest) if rest else floor)


def new_bools(model: cp_model.CpModel, n: int) -> list[cp_model.IntVar]:
    return [model.new_bool_var("") for _ in range(n)]


@dataclass(frozen=True)
class PlacementTemplate:
    """The part of the model that does not depend on the readings (built once, then cloned)."""

    model: cp_model.CpModel
    corner: list
    edge: list
    centre: list
    direction: list
    digit: list


@cache
def placement_template(reach: Reachability) -> PlacementTemplate:
    """Variables, exactly-one rules, the Sudoku rule and reachability; cloned per solve."""
    m = cp_model.CpModel()
    corner = [[new_bools(m, 3) for _ in range(8)] for _ in range(8)]
    edge = [[new_bools(m, 2) for _ in range(12)] for _ in range(12)]
    centre = [new_bools(m, 4) for _ in range(6)]
    direction = [new_bools(m, 4) for _ in range(6)]
    digit = [new_bools(m, 9) for _ in range(54)]
    # each piece one (place, twist); each place one piece
    for group, n, tw in ((corner, 8, 3), (edge, 12, 2)):
        for p in range(n):
            m.add_exactly_one([group[p][q][t] for q in range(n) for t in range(tw)])
        for q in range(n):
            m.add_exactly_one([group[p][q][t] for p in range(n) for t in range(tw)])
    for rows in (centre, direction, digit):
        for row in rows:
            m.add_exactly_one(row)
    # every face holds every digit once
    for f in range(6):
        for d in range(9):
            m.add_exactly_one([digit[9 * f + k][d] for k in range(9)])
    _reachability(m, corner, edge, centre, reach)
    return PlacementTemplate(m, corner, edge, centre, direction, digit)


def build_model(hyps: tuple[tuple[Hypothesis, ...], ...],
                settings: CubeSettings = CubeSettings(), *,
                reach: Reachability = Reachability(), objective: bool = True) -> GridModel:
    """Build the grid model for per-sticker hypotheses (see :func:`sticker_hypotheses`).

    An open cell (one listing every sticker, :func:`is_open`) gets a digit and a rotation
    choice of its own, its likely readings as named choices and one "any other reading"
    choice (:func:`open_choices`), instead of 36 named choices: the model stays small however
    many cells are open. ``objective``: maximise the total log-score (off for enumeration).
    """
    tpl = placement_template(reach)
    m = tpl.model.clone()
    cells = _reading_choices(m, hyps)
    links = _Links(m, tpl, cells)
    links.placements(tpl.corner, corner_landings(), 8, 3)
    links.placements(tpl.edge, edge_landings(), 12, 2)
    for f, j in enumerate(centre_facelets()):
        for t in range(4):
            links.consequences(j, j, t, tpl.centre[f][t])
    links.supported()
    _digit_counts(m, cells.named, cells.hyp, cells.read_digit)
    gm = GridModel(m, tuple(cells.named), tpl.corner, tpl.edge, tpl.centre, tpl.direction,
                   tpl.digit, cells.hyp, cells.weights, cells.read_digit, cells.read_rot)
    if objective:
        terms = [(w, v) for hv, ws in zip(cells.hyp, cells.weights) if hv is not None
                 for w, v in zip(ws, hv) if w]
        if terms:
            m.maximize(sum(w * v for w, v in terms))
            gm.has_objective = True
    return gm


@dataclass
class _Choices:
    """Each cell's reading choices in the model: its named readings, one flag per reading
    (None for a single sure one), their integer log-scores and, for an open cell, its own
    digit and rotation flags."""

    named: list[tuple[Hypothesis, ...]] = field(default_factory=list)
    hyp: list[list[cp_model.IntVar] | None] = field(default_factory=list)
    weights: list[list[int]] = field(default_factory=list)
    read_digit: dict[int, list[cp_model.IntVar]] = field(default_factory=dict)
    read_rot: dict[int, list[cp_model.IntVar]] = field(default_factory=dict)


def _reading_choices(m: cp_model.CpModel, hyps: tuple[tuple[Hypothesis, ...], ...]
                     ) -> _Choices:
    """The reading flags of every cell, exactly one chosen per cell; an open cell's named
    readings fix its digit and rotation flags, and "any other reading" rules them out."""
    out = _Choices()
    for i, hs in enumerate(hyps):
        if is_open(hs):
            names, other = open_choices(hs)
            out.named.append(names)
            out.weights.append(log_weights(names + (Hypothesis(Sticker(0, 0), other),)))
            hv = new_bools(m, len(names) + 1)
            m.add_exactly_one(hv)
            out.hyp.append(hv)
            rd, rr = new_bools(m, 9), new_bools(m, 4)
            m.add_exactly_one(rd)
            m.add_exactly_one(rr)
            out.read_digit[i], out.read_rot[i] = rd, rr
            for k, h in enumerate(names):
                d, r = h.sticker.digit - 1, h.sticker.rot
                m.add_bool_and([rd[d], rr[r]]).only_enforce_if(hv[k])
                m.add_bool_or([rd[d].Not(), rr[r].Not()]).only_enforce_if(hv[-1])
            continue
        out.named.append(hs)
        out.weights.append(log_weights(hs))
        if len(hs) > 1:
            hv = new_bools(m, len(hs))
            m.add_exactly_one(hv)
            out.hyp.append(hv)
        else:
            out.hyp.append(None)
    return out


class _Links:
    """What each placement means for the solved faces ("if this flag, then that cell holds
    that digit pointing that way"), and the reverse: a cell holds a digit, or a face points
    a way, only if some placement that may bring it holds (support lists per cell)."""

    def __init__(self, m: cp_model.CpModel, tpl: PlacementTemplate, cells: _Choices) -> None:
        self.m, self.tpl, self.cells = m, tpl, cells
        self.ff = facelet_face()
        self.digit_support: dict[tuple[int, int], list] = {}
        self.dir_support: dict[tuple[int, int], list] = {}

    def consequences(self, i: int, j: int, delta: int, x) -> None:
        """Sticker i landing on cell j turned by delta when literal ``x`` holds."""
        m, c, digit, direction = self.m, self.cells, self.tpl.digit, self.tpl.direction
        fj = self.ff[j]
        if i in c.read_digit:
            for d, v in enumerate(c.read_digit[i]):
                m.add_implication(v, digit[j][d]).only_enforce_if(x)
                self.digit_support.setdefault((j, d), []).append(x)
            for r, v in enumerate(c.read_rot[i]):
                m.add_implication(v, direction[fj][(r + delta) % 4]).only_enforce_if(x)
                self.dir_support.setdefault((j, (r + delta) % 4), []).append(x)
            return
        hv = c.hyp[i]
        for k, h in enumerate(c.named[i]):
            s = h.sticker
            cond = [x] + ([hv[k]] if hv is not None else [])
            r = (s.rot + delta) % 4
            m.add_bool_and([digit[j][s.digit - 1], direction[fj][r]]).only_enforce_if(cond)
            self.digit_support.setdefault((j, s.digit - 1), []).append(x)
            self.dir_support.setdefault((j, r), []).append(x)

    def placements(self, group, landings, n: int, tw: int) -> None:
        """The consequences of every placement of one kind of piece (``group[p][q][t]``: piece
        ``p`` to place ``q`` with twist ``t``); a piece read for sure gets them as one rule."""
        for p in range(n):
            certain = all(self.cells.hyp[L.source] is None for L in landings[p][0][0])
            for q in range(n):
                for t in range(tw):
                    x = group[p][q][t]
                    if certain:
                        self._certain(x, landings[p][q][t])
                    else:
                        for L in landings[p][q][t]:
                            self.consequences(L.source, L.target, L.delta, x)

    def _certain(self, x, landings) -> None:
        """One placement of a piece whose stickers are read for sure."""
        lits = []
        for L in landings:
            s = self.cells.named[L.source][0].sticker
            r = (s.rot + L.delta) % 4
            d = self.tpl.digit[L.target][s.digit - 1]
            fj = self.tpl.direction[self.ff[L.target]][r]
            lits += (d, fj)
            self.digit_support.setdefault((L.target, s.digit - 1), []).append(x)
            self.dir_support.setdefault((L.target, r), []).append(x)
        self.m.add_bool_and(lits).only_enforce_if(x)

    def supported(self) -> None:
        """The reverse clauses: every digit and direction a cell takes has a placement."""
        digit, direction = self.tpl.digit, self.tpl.direction
        for j in range(54):
            for d in range(9):
                self.m.add_bool_or(self.digit_support.get((j, d), [])).only_enforce_if(
                    digit[j][d])
            for r in range(4):
                self.m.add_bool_or(self.dir_support.get((j, r), [])).only_enforce_if(
                    direction[self.ff[j]][r])


def _digit_counts(m: cp_model.CpModel, named, hyp, read_digit) -> None:
    """Every digit is read on exactly six stickers (implied by the Sudoku rule on the solved
    faces, stated on the readings so that the open cells share out the digits the sure ones
    leave missing before any placement is tried)."""
    for d in range(1, 10):
        terms, fixed = [], 0
        for i, hs in enumerate(named):
            if i in read_digit:
                terms.append(read_digit[i][d - 1])
            elif hyp[i] is None:
                fixed += hs[0].sticker.digit == d
            else:
                terms += [v for h, v in zip(hs, hyp[i]) if h.sticker.digit == d]
        m.add(sum(terms) == 6 - fixed)


def _reachability(m: cp_model.CpModel, corner, edge, centre, reach: Reachability) -> None:
    """Twist sum, flip sum and the three equal parities (see the module docstring)."""
    if reach.twist:
        k = m.new_int_var(0, 6, "twist_k")
        m.add(sum(t * corner[p][q][t] for p in range(8) for q in range(8) for t in (1, 2))
              == 3 * k)
    if reach.flip:
        k = m.new_int_var(0, 6, "flip_k")
        m.add(sum(edge[p][q][1] for p in range(12) for q in range(12)) == 2 * k)
    if not reach.parity:
        return
    par = m.new_bool_var("parity")
    for group, n, tw in ((corner, 8, 3), (edge, 12, 2)):
        pos = []
        for p in range(n):
            v = m.new_int_var(0, n - 1, "")
            m.add(v == sum(q * group[p][q][t] for q in range(1, n) for t in range(tw)))
            pos.append(v)
        inv = []
        for a in range(n):
            for b in range(a + 1, n):
                z = m.new_bool_var("")
                m.add(pos[a] > pos[b]).only_enforce_if(z)
                m.add(pos[a] < pos[b]).only_enforce_if(z.Not())
                inv.append(z)
        m.add_bool_xor(inv + [par.Not()])
    odd = []
    for f in range(6):
        o = m.new_bool_var("")
        m.add(o == centre[f][1] + centre[f][3])
        odd.append(o)
    m.add_bool_xor(odd + [par.Not()])
