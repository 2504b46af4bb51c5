"""How sure joint decoding is: the runner-up reading and the stickers a person should check.

The grid solver returns the likeliest reading that makes a reachable solved cube. That is
only worth trusting when nothing nearly as likely exists: two blurred stickers that may be
each other's digit, a 6/9 centre without a visible underline, a blank sticker whose digit
follows from its face either way. So after the best solution the solver asks for a rival:
a reading that differs somewhere and scores within :data:`REVIEW_MARGIN` of the best
(:func:`rival_model`, a feasibility search: the score cut prunes far more than maximising
would). When there is one, the stickers where the two differ are returned for review instead
of being settled silently (:func:`review_of`). A sticker that the best solution reads as an
alternative more than :data:`REVIEW_MARGIN` less likely than its best reading is also sent to
review (:func:`overruled`), an open cell too (one listing all 36 readings, as a learned
recogniser's full distribution does, however sure its best): the constraints
may be pointing at a misread whose truth was never listed, and settling it by a far-fetched
alternative would make a confident misread easy to accept.
"""
from __future__ import annotations

import math
from typing import Iterable, Sequence

from ortools.sat.python import cp_model

from ..cube.pieces import centre_facelets
from ..cube.stickers import Hypothesis, Sticker, is_doubtful, same_sticker
from ..profile import CubeSettings
from .cp_sat import cp_solver
from .model import MIN_SCORE, SCORE_SCALE, GridModel
from .solution import GridSolution, extract

REVIEW_MARGIN = 2.3
"""Natural-log score by which the best reading must beat every other reading that also makes
a solved cube (2.3 = ten times as likely) for joint decoding to settle the doubtful stickers
itself; closer, the stickers where the two readings differ go to review."""


def rival_model(gm: GridModel, chosen: Sequence[Sticker], score: float,
                symmetric: Iterable[int]) -> bool:
    """Turn ``gm`` (already solved: ``chosen`` scoring ``score``) into the search for a rival:
    some sticker reads differently (:func:`forbid_reading`) and the total score stays within
    :data:`REVIEW_MARGIN` of ``score``; no objective. False when no sticker has a choice."""
    if not forbid_reading(gm, chosen, symmetric):
        return False
    m = gm.model
    terms = [(w, v) for hv, ws in zip(gm.hyp, gm.weights) if hv is not None
             for w, v in zip(ws, hv) if w]
    m.clear_objective()
    if terms:
        m.add(sum(w * v for w, v in terms) >= round((score - REVIEW_MARGIN) * SCORE_SCALE))
    return True


def forbid_reading(gm: GridModel, chosen: Sequence[Sticker], symmetric: Iterable[int],
                   skip: Iterable[int] = ()) -> bool:
    """Add to ``gm.model``: some sticker that has a choice, other than those in ``skip``,
    reads differently from ``chosen`` (a symmetric digit turned half round counts as the same
    reading). False when no such sticker has a choice (nothing to add)."""
    sym = frozenset(symmetric)
    skipped = frozenset(skip)
    m = gm.model
    other = []
    for i, hv in enumerate(gm.hyp):
        if hv is None or i in skipped:
            continue
        if i in gm.read_digit:
            other.append(_open_differs(gm, i, chosen[i], sym))
        else:
            other += [v for h, v in zip(gm.hyps[i], hv)
                      if not same_sticker(h.sticker, chosen[i], sym)]
    if not other:
        return False
    m.add_bool_or(other)
    return True


def _open_differs(gm: GridModel, i: int, s: Sticker, sym: frozenset[int]):
    """A literal that, when true, makes open cell ``i`` read something other than ``s``."""
    m = gm.model
    z = m.new_bool_var("")
    rd, rr = gm.read_digit[i][s.digit - 1], gm.read_rot[i]
    turns = (s.rot, (s.rot + 2) % 4) if s.digit in sym else (s.rot,)
    for r in turns:
        m.add_bool_or([rd.Not(), rr[r].Not()]).only_enforce_if(z)
    return z


def review_of(best: Sequence[Sticker], rival: Sequence[Sticker],
              symmetric: Iterable[int]) -> tuple[int, ...]:
    """The stickers to check by eye: where a rival (a reading within :data:`REVIEW_MARGIN`
    of the best that also solves the cube) reads differently from the best."""
    sym = frozenset(symmetric)
    return tuple(i for i, (a, b) in enumerate(zip(best, rival))
                 if not same_sticker(a, b, sym))


def overruled(gm: GridModel, chosen: Sequence[Sticker], symmetric: Iterable[int]
              ) -> tuple[int, ...]:
    """Stickers whose chosen reading scores more than :data:`REVIEW_MARGIN` below their best
    one (an open cell's unnamed readings score as its "any other reading" choice)."""
    sym = frozenset(symmetric)
    out = []
    for i, hs in enumerate(gm.hyps):
        if gm.hyp[i] is None or hs[0].score is None:
            continue
        if i in gm.read_digit:  # an open cell: its model weights (best 0; last: any other)
            ws = gm.weights[i]
            k = next((k for k, h in enumerate(hs) if same_sticker(h.sticker, chosen[i], sym)),
                     len(hs))
            if -ws[k] / SCORE_SCALE > REVIEW_MARGIN:
                out.append(i)
            continue
        got = max((max(MIN_SCORE, h.score or 0.0) for h in hs
                   if same_sticker(h.sticker, chosen[i], sym)), default=MIN_SCORE)
        if math.log(max(MIN_SCORE, hs[0].score) / got) > REVIEW_MARGIN:
            out.append(i)
    return tuple(out)


NEAR_SYMMETRIC = frozenset({1, 8})
"""Digits whose shape turned half round looks nearly the same (an 8; a 1, whose foot may be
faint or missing): a blurred one's rotation is a guess."""


def turn_doubtful(alternatives: Sequence[Hypothesis], sticker: Sticker,
                  symmetric: Iterable[int] = ()) -> bool:
    """Whether a sticker's scored alternatives leave the turn of ``sticker`` in doubt: it or
    its half-turn twin is not listed (nothing then says how unlikely the twin is), or its
    digit in another turn (other than one the same by symmetry) scores within
    :data:`REVIEW_MARGIN` of it. Doubt about the digit alone (an 8 or a 3, each the same way
    up) is not doubt about the turn."""
    sym = frozenset(symmetric)
    listed = {h.sticker: h.score or 0.0 for h in alternatives}
    got = listed.get(sticker, 0.0)
    if got <= 0.0 or sticker.turned(2) not in listed:
        return True
    other = max((v for s, v in listed.items() if s.digit == sticker.digit
                 and not same_sticker(s, sticker, sym)), default=0.0)
    return math.log(got / max(other, MIN_SCORE)) < REVIEW_MARGIN


CENTRE_TURN_MARGIN = 2 * REVIEW_MARGIN
"""Natural-log score by which a centre's reading must beat its own half turn for joint
decoding to settle it: a hundred times as likely, where a reading the cube checks needs ten
(:data:`REVIEW_MARGIN`). Digit counts, the faces' directions and the pieces that exist check
every other reading; a centre's half turn changes no parity and nothing checks it, so a
reading misjudged under glare (a centre 8 read upside down at 0.95) would leave that centre
upside down at the end."""


def twin_close(alternatives: Sequence[Hypothesis], sticker: Sticker,
               symmetric: Iterable[int] = ()) -> bool:
    """Whether ``sticker``'s half turn is listed among its scored ``alternatives`` within
    :data:`CENTRE_TURN_MARGIN` of it (never for a digit declared symmetric, whose half turn
    is the same reading)."""
    if sticker.digit in frozenset(symmetric):
        return False
    listed = {h.sticker: h.score or 0.0 for h in alternatives}
    got, twin = listed.get(sticker, 0.0), listed.get(sticker.turned(2), 0.0)
    return got > 0.0 and twin > 0.0 and math.log(got / twin) < CENTRE_TURN_MARGIN


def centre_turn_doubt(candidates: Sequence[Sequence[Hypothesis]] | None,
                      chosen: Sequence[Sticker], symmetric: Iterable[int]) -> tuple[int, ...]:
    """Centres whose rotation only the classifier can settle and it does not clearly: any
    centre whose half turn it names within :data:`CENTRE_TURN_MARGIN` (:func:`twin_close`),
    and a near-symmetric digit (:data:`NEAR_SYMMETRIC`, not declared symmetric) read with
    doubt, its turn among them (:func:`turn_doubtful`). Nothing in the cube constrains a
    centre's half turn (it changes no parity), so the solver keeps whatever rotation the
    classifier ranked first; where that ranking is weak evidence, settling it silently could
    leave the centre upside down. An 8 read with doubt about its digit but a clear turn (the
    reader sees its smaller bowl on top) is settled."""
    if candidates is None:
        return ()
    sym = frozenset(symmetric)
    return tuple(j for j in centre_facelets()
                 if twin_close(candidates[j], chosen[j], sym)
                 or (chosen[j].digit in NEAR_SYMMETRIC - sym and is_doubtful(candidates[j])
                     and turn_doubtful(candidates[j], chosen[j], sym)))


RIVAL_LIMIT = 1.0
"""Deterministic time for the search for a rival reading (:func:`runner_up`); it usually ends
in a few thousandths."""

MORE_RIVALS = 4
"""After the first rival, up to this many more are sought (within twice the first search's
deterministic time limit in all), each differing from the best at a
sticker not yet listed for review, so that review lists every sticker some close reading
reads differently (one rival alone can leave a doubtful sticker unlisted, settled wrong)."""


def runner_up(gm: GridModel, best: GridSolution, settings: CubeSettings,
              time_limit_s: float, limit: float = RIVAL_LIMIT
              ) -> tuple[float | None, tuple[int, ...], tuple[Sticker, ...], float]:
    """A rival of ``best`` (:func:`rival_model`): the margin (natural log) by which ``best``
    beats it, the stickers to review, the rival's reading ((None, (), ())
    when there is none) and the deterministic time the search took (``limit`` at most).
    ``gm`` is spent. A search cut short sends every sticker with a choice to review (margin
    0.0, no rival reading)."""
    if not rival_model(gm, best.chosen, best.score, settings.symmetric):
        return None, (), (), 0.0
    solver = cp_solver(time_limit_s, max_deterministic_time=limit)
    status = solver.solve(gm.model)
    spent = round(solver.response_proto.deterministic_time, 4)
    if status == cp_model.INFEASIBLE:
        return None, (), (), spent
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return 0.0, tuple(i for i, h in enumerate(gm.hyp) if h is not None), (), spent
    rival = extract(gm, solver.boolean_value, settings)
    margin = round(max(0.0, best.score - rival.score), 4)
    review = set(review_of(best.chosen, rival.chosen, settings.symmetric))
    budget = spent + 2 * limit
    for _ in range(MORE_RIVALS):
        # another rival that differs somewhere the person is not yet asked to look
        if spent >= budget or not forbid_reading(gm, best.chosen, settings.symmetric,
                                                 skip=review):
            break
        solver = cp_solver(time_limit_s, max_deterministic_time=min(limit, budget - spent))
        status = solver.solve(gm.model)
        spent = round(spent + solver.response_proto.deterministic_time, 4)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        other = extract(gm, solver.boolean_value, settings)
        review |= set(review_of(best.chosen, other.chosen, settings.symmetric))
    return margin, tuple(sorted(review)), rival.chosen, spent
