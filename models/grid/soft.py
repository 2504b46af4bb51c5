"""The diagnosis model: every sticker may be read differently, at a cost of one per sticker.

When no solved cube fits a reading, :func:`models.grid.diagnosis.diagnose` minimises the
number of stickers read otherwise in this model: those are the fewest that, misread, explain
why nothing fits. It shares the placement rules with the grid model
(:func:`models.grid.model.placement_template`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from ..cube.pieces import centre_facelets
from ..cube.stickers import Hypothesis
from .data import corner_landings, edge_landings, facelet_face
from .model import Reachability, log_weights, new_bools, placement_template


@dataclass
class SoftModel:
    """The diagnosis model: every sticker's digit and rotation are free choices, and the
    objective counts stickers whose choice matches none of their readings."""

    model: cp_model.CpModel
    read_digit: list[list[cp_model.IntVar]]
    read_rot: list[list[cp_model.IntVar]]
    changed: list[cp_model.IntVar]
    costs: list[tuple[int, cp_model.IntVar]] = field(default_factory=list)
    """(cost, flag): the flag may hold only when its sticker reads that hypothesis, whose
    log-score is ``cost`` / :data:`models.grid.model.SCORE_SCALE` below the sticker's best."""


def build_soft_model(hyps: tuple[tuple[Hypothesis, ...], ...],
                     reach: Reachability = Reachability()) -> SoftModel:
    """A model where any sticker may be read differently, at a cost of one per sticker.

    Sticker ``i`` gets a digit choice ``read_digit[i]`` (9 flags) and a rotation choice
    ``read_rot[i]`` (4 flags); a placement carrying ``i`` to cell ``j`` turned ``delta``
    implies ``digit[j] = read_digit[i]`` and ``direction = read_rot[i] + delta``. Minimising
    ``sum(changed)`` finds the fewest stickers that, read differently, make the cube solvable.
    """
    tpl = placement_template(reach)
    m = tpl.model.clone()
    ff = facelet_face()
    read_digit = [new_bools(m, 9) for _ in range(54)]
    read_rot = [new_bools(m, 4) for _ in range(54)]
    changed = new_bools(m, 54)
    costs: list[tuple[int, cp_model.IntVar]] = []
    for i, hs in enumerate(hyps):
        m.add_exactly_one(read_digit[i])
        m.add_exactly_one(read_rot[i])
        matches = []
        for h, w in zip(hs, log_weights(hs)):
            ok = m.new_bool_var("")
            m.add_bool_and([read_digit[i][h.sticker.digit - 1], read_rot[i][h.sticker.rot]]
                           ).only_enforce_if(ok)
            matches.append(ok)
            if w:
                costs.append((-w, ok))
        m.add_bool_or(matches + [changed[i]])

    def carry(i: int, j: int, delta: int, x) -> None:
        for d in range(9):
            m.add_bool_and([tpl.digit[j][d]]).only_enforce_if([x, read_digit[i][d]])
        for r in range(4):
            m.add_bool_and([tpl.direction[ff[j]][(r + delta) % 4]]).only_enforce_if(
                [x, read_rot[i][r]])

    for group, landings, n, tw in ((tpl.corner, corner_landings(), 8, 3),
                                   (tpl.edge, edge_landings(), 12, 2)):
        for p in range(n):
            for q in range(n):
                for t in range(tw):
                    for L in landings[p][q][t]:
                        carry(L.source, L.target, L.delta, group[p][q][t])
    for f, j in enumerate(centre_facelets()):
        for t in range(4):
            carry(j, j, t, tpl.centre[f][t])
    m.minimize(sum(changed))
    return SoftModel(m, read_digit, read_rot, changed, costs)
