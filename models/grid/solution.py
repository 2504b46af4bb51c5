"""The grid solver's answer: a solved arrangement, read from a CP-SAT solution.

:class:`GridSolution` holds where every piece goes with which twist, each face's direction, the
centre turns still needed and the reading chosen for every sticker; :func:`extract` reads one
from a solver or a solution callback.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..cube.geometry import FACES
from ..cube.pieces import CORNER_NAMES, EDGE_NAMES, centre_facelets, corner_facelets, edge_facelets
from ..cube.state import CubeState, sticker_name
from ..cube.state_format import to_dict as state_dict
from ..cube.stickers import Sticker, format_token, same_sticker
from ..cube.transform import Transform
from ..profile import CubeSettings
from .data import corner_landings, edge_landings
from .model import SCORE_SCALE, GridModel

@dataclass(frozen=True)
class GridSolution:
    """A solved arrangement reachable from the current state by face turns.

    Piece-twist convention (see :mod:`models.grid.data`): ``corner_moves[p] = (q, t)`` means the
    corner now at Kociemba place ``p`` (``CORNER_NAMES[p]``) goes to place ``q`` and the sticker
    now in slot ``k`` of ``p`` ends in slot ``(k + t) % 3`` of ``q`` (slot 0 = the U/D facelet,
    then clockwise seen from outside). ``edge_moves`` likewise with ``% 2`` (slot 0 = U/D facelet,
    F/B for middle edges). ``centre_turns[f]``: quarter turns clockwise face ``f``'s centre still
    needs (0-3). ``directions[f]``: the token rotation every digit of face ``f`` shows when solved.
    ``chosen``: the reading taken for each sticker, in current positions. ``transform``: the
    sticker transform from the chosen current state to ``target``
    (``CubeState(chosen).transformed(transform) == target``). ``review``: stickers a person
    should check because another reading that also solves the cube scores within
    :data:`models.grid.doubt.REVIEW_MARGIN` of this one (``margin``: by how much this one
    beats it, natural log; None when there is no such rival), or because a confident reading
    was overruled by a far less likely one; empty means ``sure``. ``rival``: that other
    reading, sticker by sticker (empty when there is none). ``typed_refused``: stickers a
    person typed that no solved arrangement allows with the rest of the reading, read here as
    their photo read them where that fits (always in ``review``: the typed token is the
    likely slip, to be checked on the cube). ``insisted``: stickers the person insisted on
    (:meth:`CubeState.insisted`) that a fix as small would have changed; held as typed, the
    repair changed ``repaired`` (the stickers it let read anything, all in ``review``)
    instead, so the doubt there is because of them.
    """

    target: CubeState
    corner_moves: tuple[tuple[int, int], ...]
    edge_moves: tuple[tuple[int, int], ...]
    directions: dict[str, int]
    centre_turns: dict[str, int]
    chosen: tuple[Sticker, ...]
    stats: dict = field(default_factory=dict, compare=False)
    solution_count: int | None = None
    transform: Transform | None = field(default=None, compare=False)
    score: float = 0.0
    changed: tuple[int, ...] = ()
    margin: float | None = None
    review: tuple[int, ...] = ()
    rival: tuple[Sticker, ...] = ()
    typed_refused: tuple[int, ...] = ()
    insisted: tuple[int, ...] = ()
    repaired: tuple[int, ...] = ()

    @property
    def sure(self) -> bool:
        """True when no other reading that solves the cube comes close (nothing to review)."""
        return not self.review

    def key(self) -> tuple:
        """What makes two solutions distinct physically: placements and the solved stickers."""
        return (self.target.stickers, self.corner_moves, self.edge_moves)

    def placement_rows(self) -> list[dict]:
        """Seed-style placement table: one row per piece (current place -> target, twist)."""
        rows = []
        st = self.chosen
        for kind, names, facelets_of, moves in (
                ("corner", CORNER_NAMES, corner_facelets, self.corner_moves),
                ("edge", EDGE_NAMES, edge_facelets, self.edge_moves)):
            for p, (q, t) in enumerate(moves):
                rows.append({"kind": kind, "from": names[p], "to": names[q], "twist": t,
                             "stickers": [format_token(st[i]) for i in facelets_of()[p]]})
        for f, i in zip(FACES, centre_facelets()):
            rows.append({"kind": "centre", "from": f, "to": f, "twist": self.centre_turns[f],
                         "stickers": [format_token(st[i])]})
        return rows

    def to_dict(self, read: CubeState) -> dict:
        """The JSON-ready form of this solution (``grid --json``, the ``grid`` of ``solve
        --json``): target state, placements, face directions, centre turns, the reading taken
        per face and, for each sticker the constraints corrected, what was ``read`` and what
        was ``taken``."""
        chosen = CubeState(self.chosen, read.n)
        return {
            "target": state_dict(self.target),
            "placements": self.placement_rows(),
            "directions": dict(self.directions),
            "centre_turns": dict(self.centre_turns),
            "chosen": {f: [format_token(s) for s in chosen.face(f)] for f in FACES},
            "corrected": [{"sticker": sticker_name(i), "read": format_token(read.stickers[i]),
                           "taken": format_token(self.chosen[i])} for i in self.changed],
            "score": round(self.score, 4),
            "sure": self.sure,
            "review": [{"sticker": sticker_name(i), "taken": format_token(self.chosen[i])}
                       for i in self.review],
            "typed_refused": [{"sticker": sticker_name(i), "typed": format_token(read.stickers[i]),
                               "taken": format_token(self.chosen[i])}
                              for i in self.typed_refused],
            "solution_count": self.solution_count,
            "stats": self.stats,
        }


def extract(gm: GridModel, read, settings: CubeSettings) -> GridSolution:
    """Read a solution from a solver or callback (``read(var) -> value``)."""
    hyps = gm.hyps
    chosen: list[Sticker] = []
    score = 0.0
    for i, hs in enumerate(hyps):
        k = 0 if gm.hyp[i] is None else next(k for k, v in enumerate(gm.hyp[i]) if read(v))
        if k < len(hs):
            chosen.append(hs[k].sticker)
        else:  # an open cell's "any other reading": its own digit and rotation choice
            chosen.append(Sticker(next(d for d, v in enumerate(gm.read_digit[i]) if read(v)) + 1,
                                  next(r for r, v in enumerate(gm.read_rot[i]) if read(v))))
        score += gm.weights[i][k]
    source = list(range(54))
    twist = [0] * 54
    moves = []
    for group, landings, n, tw in ((gm.corner, corner_landings(), 8, 3),
                                   (gm.edge, edge_landings(), 12, 2)):
        mv = []
        for p in range(n):
            q, t = next((q, t) for q in range(n) for t in range(tw) if read(group[p][q][t]))
            mv.append((q, t))
            for L in landings[p][q][t]:
                source[L.target], twist[L.target] = L.source, L.delta
        moves.append(tuple(mv))
    turns = {}
    for f, j in zip(FACES, centre_facelets()):
        c = next(t for t in range(4) if read(gm.centre[FACES.index(f)][t]))
        if c >= 2 and chosen[j].digit in settings.symmetric:
            # a symmetric centre looks the same either way: take the shorter turn
            c -= 2
            chosen[j] = chosen[j].turned(2)
        turns[f] = c
        twist[j] = c
    directions = {f: next(r for r in range(4) if read(gm.direction[k][r]))
                  for k, f in enumerate(FACES)}
    tr = Transform(tuple(source), tuple(twist))
    target = CubeState(tuple(chosen)).transformed(tr)
    return GridSolution(target=target, corner_moves=moves[0], edge_moves=moves[1],
                        directions=directions, centre_turns=turns, chosen=tuple(chosen),
                        transform=tr, score=score / SCORE_SCALE)


def with_changed(sol: GridSolution, state: CubeState, settings: CubeSettings) -> GridSolution:
    """Record which stickers were read differently from the best reading."""
    changed = []
    for i, (a, b) in enumerate(zip(sol.chosen, state.stickers)):
        if not same_sticker(a, b, settings.symmetric):
            changed.append(i)
    return replace(sol, changed=tuple(changed))
