"""Why no solved cube fits a reading: the checks before a solve and the diagnosis after one.

:func:`check_digit_counts` refuses a reading whose digits cannot each appear six times;
:func:`diagnose` explains an infeasible one: which reachability rule fails, and the fewest
stickers that, read differently, make it solvable (:class:`Culprit`), each with the photo it
came from. Both raise or return a :class:`GridUnsolvableError`.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Iterable

from ortools.sat.python import cp_model

from ..cube.face_words import face_or_place, faces_words, listed, place_words
from ..cube.geometry import FACES
from ..cube.pieces import centre_facelets
from ..cube.state import CubeState, sticker_name
from ..cube.stickers import Hypothesis, Sticker, format_token
from ..errors import UnsolvableError
from ..profile import CubeSettings
from .cp_sat import cp_solver
from .model import (MIN_SCORE, SCORE_SCALE, Reachability, build_model, log_weights,
                    reading_variants, sticker_hypotheses)
from .soft import build_soft_model

@dataclass(frozen=True)
class Culprit:
    """A sticker whose reading blocks every solution, and a reading that would fit.

    ``typed``: a person typed ``read`` (a correction, :meth:`CubeState.prior`), and ``photo``
    is what the photo read there best (None when no photo's reading is known)."""

    index: int
    read: str
    suggested: str | None
    typed: bool = False
    photo: str | None = None

    @property
    def name(self) -> str:
        """Net name such as ``F7``."""
        return sticker_name(self.index)

    @property
    def face(self) -> str:
        """The face, i.e. the photo the sticker was read from."""
        return self.name[0]

    def describe(self, state: CubeState | None = None) -> str:
        """One line for the user; ``state`` (the reading) names the face by its centre digit,
        else it is named by where it is (always so when the culprit is the face's centre: its
        digit may be the misread one)."""
        hint = f", a solution needs {self.suggested} there" if self.suggested else ""
        how = (f"typed as {self.read}" + (f" (the photo read {self.photo})"
                                          if self.photo and self.photo != self.read else "")
               if self.typed else f"read as {self.read}")
        where = place_words(self.face) if self.index in centre_facelets() else \
            face_or_place(self.face, state)
        return f"{self.name} on {where}: {how}{hint}"


class GridUnsolvableError(UnsolvableError):
    """No reachable solved arrangement fits the readings; ``culprits`` lists likely misreads."""

    def __init__(self, message: str, culprits: Iterable[Culprit] = (),
                 reason: str = "infeasible", proven: bool = False, advice: str = "") -> None:
        super().__init__(message + (f"\n{advice}" if advice else ""))
        self.finding = message
        """What is wrong, without the advice on what to do: a caller that gives its own
        advice (the review names the photos and the state file) shows this instead."""
        self.culprits = tuple(culprits)
        self.reason = reason
        self.proven = proven
        """True when ``culprits`` are proven the fewest stickers that make it solvable."""
        self.insisted: tuple[int, ...] = ()
        """Stickers the person insisted on (:meth:`CubeState.insisted`, typed otherwise than
        the photo read them) that a fix as small would change instead of ``culprits``: the
        fix lies elsewhere only because they are held (:func:`insisted_note`)."""
        self.doubtful: tuple[int, ...] = ()
        """A reading refused as too doubtful: its doubtful stickers (and ``why``), so that
        the refusal can be told again naming the photos (:func:`photo_refusal`)."""
        self.why = ""


def check_size(state: CubeState) -> None:
    """Refuse a cube the grid solver does not handle (it knows 3x3x3 only)."""
    if state.n != 3:
        raise UnsolvableError(f"the grid solver handles 3x3x3 cubes only, not {state.n}x{state.n}")


def digit_range(hyps: tuple[tuple[Hypothesis, ...], ...]) -> dict[int, tuple[int, int]]:
    """For each digit, the fewest and most stickers that can read it under the hypotheses."""
    out = {}
    for d in range(1, 10):
        lo = sum(1 for hs in hyps if all(h.sticker.digit == d for h in hs))
        hi = sum(1 for hs in hyps if any(h.sticker.digit == d for h in hs))
        out[d] = (lo, hi)
    return out


def misreads_needed(ranges: dict[int, tuple[int, int]]) -> int:
    """The fewest stickers that must be misread for the digit counts ``ranges`` (each
    digit's fewest and most readings, :func:`digit_range`) to come from a Sudoku Cube: every
    reading of a digit surely read more than six times beyond the sixth, and every reading
    a digit read fewer than six times lacks, is some sticker's misread. Photos of two cubes,
    or of one cube turned between them, miss many such counts at once, where a misread
    sticker or two misses one or two."""
    over = sum(max(0, lo - 6) for lo, _ in ranges.values())
    under = sum(max(0, 6 - hi) for _, hi in ranges.values())
    return max(over, under)


def check_digit_counts(state: CubeState, settings: CubeSettings = CubeSettings()) -> None:
    """Raise :class:`GridUnsolvableError` when some digit cannot appear six times. A typed
    sticker (:meth:`CubeState.prior`) whose token is a digit read too often, or whose photo
    read a digit read too rarely, is named first as the likely slip (its culprit)."""
    hyps = sticker_hypotheses(state, settings)
    problems, over, under = [], set(), set()
    ranges = digit_range(hyps)
    for d, (lo, hi) in ranges.items():
        # the places counted: those surely read d (too many), or those that may read it
        # (too few), so that each count and its places agree
        if lo > 6:
            over.add(d)
            where = [sticker_name(i) for i, hs in enumerate(hyps)
                     if all(h.sticker.digit == d for h in hs)]
            problems.append(f"digit {d} is read {lo} times without doubt, {lo - 6} more than "
                            f"the 6 a Sudoku Cube has (at {' '.join(where)})")
        elif hi < 6:
            under.add(d)
            where = [sticker_name(i) for i, hs in enumerate(hyps)
                     if any(h.sticker.digit == d for h in hs)]
            problems.append(f"digit {d} is read at most {hi} times, doubtful readings counted, "
                            f"{6 - hi} fewer than the 6 a Sudoku Cube has"
                            + (f" (at {' '.join(where)})" if where else ""))
    if not problems:
        return
    slips = [Culprit(i, format_token(state.stickers[i]), None, typed=True,
                     photo=format_token(state.prior(i)[0].sticker))
             for i in state.typed_stickers()
             if state.stickers[i].digit in over
             or (state.prior(i)[0].sticker.digit in under
                 and state.prior(i)[0].sticker.digit != state.stickers[i].digit)]
    head = "the digit counts are wrong, so no solved arrangement exists"
    advice = ("Check those stickers in the photos (or the state file) and re-shoot or fix the "
              "misread ones.")
    needed = misreads_needed(ranges)
    if not slips and state.candidates is not None and needed > 1:
        head += (f"; at least {needed} stickers would have to be misread for these counts, so "
                 "if the photos are sharp, check that they all show one cube, with no layer "
                 "turned between them")
    if slips:
        one = len(slips) == 1
        head += (f" (likely a slip in {'the correction' if one else 'corrections'} typed: "
                 + listed([f"{c.name} {c.read}, where the photo read {c.photo}"
                           for c in slips]) + ")")
        advice = (f"Check {listed([c.name for c in slips])} on the cube and type what "
                  f"{'it shows' if one else 'they show'}; then check the other stickers named.")
    raise GridUnsolvableError(f"{head}:\n  " + "\n  ".join(problems), slips,
                              reason="digit-count", advice=advice)


_RULES = (("twist", "a corner would have to be twisted in place"),
          ("flip", "an edge would have to be flipped in place"),
          ("parity", "two pieces would have to be swapped, or one centre turned a quarter turn, "
                     "without any other change"))


def diagnose(state: CubeState, settings: CubeSettings = CubeSettings(), *,
             time_limit_s: float = 10.0) -> GridUnsolvableError:
    """Explain an infeasible state: which reachability rule fails, which stickers to re-check.

    Makes every reading soft (a ``free`` flag per sticker) and minimises the number of freed
    stickers: those are the fewest that, read differently, make the cube solvable.
    """
    hyps = sticker_hypotheses(state, settings)
    broken = []
    relaxed = build_model(hyps, settings, reach=Reachability(False, False, False),
                          objective=False)
    st = cp_solver(time_limit_s).solve(relaxed.model)
    if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        for name, words in _RULES:
            reach = Reachability(**{k: k != name for k in ("twist", "flip", "parity")})
            gm = build_model(hyps, settings, reach=reach, objective=False)
            if cp_solver(time_limit_s).solve(gm.model) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                broken.append(words)
    priors = {i: reading_variants(state.prior(i), settings) for i in state.typed_stickers()}
    culprits, proven, blamed = _culprits(state, hyps, time_limit_s, priors)
    lines = ["no solved arrangement reachable by face turns fits these readings."]
    if broken:
        lines.append("The digits do fit a solved cube, but reaching it " + "; or ".join(broken)
                     + ": either stickers were misread, or the cube was taken apart and "
                       "reassembled wrongly.")
    typed = [c for c in culprits if c.typed]
    if typed:
        lines.append(f"Likely a slip in {'the correction' if len(typed) == 1 else 'corrections'}"
                     f" typed: {listed([f'{c.name} {c.read}' for c in typed])} "
                     f"{'fits' if len(typed) == 1 else 'fit'} no solved arrangement of this "
                     "cube with the other stickers as read.")
    if blamed:
        # the message is read where a person may or may not be able to type: name what the
        # photo read rather than the token to type
        lines.append(insisted_note(state, blamed, (), person=False))
    if culprits:
        how = "fewest" if proven else "fewest found"
        lines.append(f"The {how} stickers that, read differently, make it solvable "
                     f"({len(culprits)}):")
        lines += [f"  {c.describe(state)}" for c in culprits]
        read = [c for c in culprits if not c.typed]
        faces = sorted({c.face for c in read}, key=FACES.index)
        photos = "the photo" if len(faces) == 1 else "the photos"
        advice = (f"re-shoot or fix {photos} of {_faces_named(faces, culprits, state)}, or "
                  "correct those stickers in the state file." if read else "")
        if typed:
            one = len(typed) == 1
            advice = (f"Check {listed([c.name for c in typed])} on the cube and type what "
                      f"{'it shows' if one else 'they show'}"
                      + (f"; for the other{'' if len(read) == 1 else 's'}, {advice}"
                         if advice else "."))
        else:
            advice = advice[0].upper() + advice[1:]
    else:
        lines.append(f"No fix with {MAX_CULPRITS} or fewer re-read stickers was found within "
                     f"{time_limit_s:g} s.")
        held = _blamable(state)
        if held:
            lines.append(_held_note(state, held))
        advice = ("Check that each photo shows the face (or corner) it is named after: two "
                  "photos named for each other's fit no cube. Else re-shoot all faces, "
                  "checking the digits and where their tops point.")
    err = GridUnsolvableError("\n".join(lines), culprits,
                              reason="unreachable" if broken else "infeasible",
                              proven=proven and bool(culprits), advice=advice)
    err.insisted = blamed
    return err


def insisted_note(state: CubeState, insisted: Iterable[int], moved: Iterable[int],
                  person: bool = True, slips: Iterable[int] = ()) -> str:
    """The sentences that say why the grid's doubt lies on ``moved`` (the stickers a fix
    changes, or asks about again): the tokens the person insisted on, ``insisted`` (typed
    again as they stood after being named the likely slip, so held as typed), fit no solved
    arrangement with the other stickers as read, and a fix as small would have changed them
    instead; with the token that takes each photo's reading back (``person``: one is at the
    review to type it; without, what the photo read is named). Where the fix changes only
    other typed tokens, ``slips`` (no ``moved``), those are said to be named the likely slip
    because of the insistence."""
    held = list(insisted)
    moved = [sticker_name(i, state.n) for i in moved]
    slipped = [f"{sticker_name(i, state.n)} {format_token(state.stickers[i])}" for i in slips]
    one = len(held) == 1
    typed, back = _typed_and_read(state, held)
    if moved:
        doubt = f"{listed(moved)} {'is' if len(moved) == 1 else 'are'} in doubt because you "
    elif slipped:
        doubt = (f"{listed(slipped)} {'is' if len(slipped) == 1 else 'are'} named the likely "
                 f"slip because you ")
    else:
        doubt = "The grid looks elsewhere because you "
    fits = "fits" if one else "fit"
    changed = moved or [sticker_name(i, state.n) for i in slips]
    instead = f", so the grid changes {listed(changed)} instead" if changed else ""
    undo = (f"type {' or '.join(back)} to take the photo's reading back" if person else
            f"the photo read {listed(back)}")
    return (f"{doubt}insisted on {listed(typed)}: {'it' if one else 'they'} {fits} no solved "
            f"arrangement of this cube with the other stickers as read{instead}. If "
            f"{' or '.join(typed)} was a slip, {undo}.")


def _typed_and_read(state: CubeState, held: list[int]) -> tuple[list[str], list[str]]:
    """Each held sticker as typed ("F5 3^") and as its photo read it ("F5 5^"), the two
    halves of every note on tokens held as typed."""
    def named(i: int, sticker: Sticker) -> str:
        return f"{sticker_name(i, state.n)} {format_token(sticker)}"

    return ([named(i, state.stickers[i]) for i in held],
            [named(i, state.photo_reading(i)[0].sticker) for i in held])


def kept_note(state: CubeState, held: Iterable[int], doubted: Iterable[int],
              changed: Iterable[int] = (), person: bool = True) -> str:
    """Where the grid keeps tokens the person typed or insisted on otherwise than the photo
    read them (``held``) and doubts (``doubted``) or changes (``changed``) stickers the photos
    read surely, with no diagnosis to say whether the held ones are why (the reading fits a
    solved cube as it stands, so no search was made): the sentences that name the held
    tokens, the stickers doubted or changed, and the token that takes each photo's reading
    back (``person``: one is at the review to type it; without, what the photo read is
    named). No cause is claimed: a held token may be a slip the grid works round, or right."""
    held, doubted, changed = list(held), list(doubted), list(changed)
    one = len(held) == 1
    typed, back = _typed_and_read(state, held)
    verbs = [f"doubts {listed([sticker_name(i, state.n) for i in doubted])}" if doubted
             else "",
             f"changes {listed([sticker_name(i, state.n) for i in changed])}" if changed
             else ""]
    text = (f"The grid keeps {listed(typed)} as you typed {'it' if one else 'them'}; it "
            f"{' and '.join(v for v in verbs if v)}, which the photos read surely.")
    slip = f"{typed[0]} is a slip" if one else "one is a slip"
    text += (f" If {slip}, type {' or '.join(back)}." if person
             else f" If {slip}, the photo read {listed(back)}.")
    return text


def _held_note(state: CubeState, held: list[int]) -> str:
    """Where no fix was found: the tokens typed again as they stood (``held``, insisted on
    otherwise than the photo read them) are held as typed and may be why, each with what
    the photo read (no search asks whether they are)."""
    one = len(held) == 1
    typed, back = _typed_and_read(state, held)
    return (f"{listed(typed)}, typed again as {'it' if one else 'they'} stood, "
            f"{'is' if one else 'are'} held as typed and may be the cause: if "
            f"{' or '.join(typed)} was a slip, the photo read {listed(back)}.")


def _blamable(state: CubeState) -> list[int]:
    """The stickers the person insisted on otherwise than the photo read them (typed again
    as they stood): the ones a fix might have changed but for the insistence."""
    return [i for i in state.insisted() if state.photo_reading(i)
            and state.photo_reading(i)[0].sticker != state.stickers[i]]


def _faces_named(faces: list[str], culprits: list[Culprit], state: CubeState) -> str:
    """``faces`` named for the advice: by centre digit (:func:`faces_words`), but by where it
    is for a face whose centre is itself a culprit (its digit may be the misread one)."""
    doubted = {c.face for c in culprits if c.index in centre_facelets()}
    rest = [f for f in faces if f not in doubted]
    return listed([place_words(f) for f in faces if f in doubted]
                  + ([faces_words(rest, state)] if rest else []))


MAX_CULPRITS = 8
"""Diagnosis looks for at most this many misread stickers (more means: re-shoot everything)."""


def _culprits(state: CubeState, hyps, time_limit_s: float,
              priors: dict[int, tuple[Hypothesis, ...]] | None = None
              ) -> tuple[list[Culprit], bool, tuple[int, ...]]:
    """The fewest stickers that, read differently, allow a reachable solved arrangement, each
    with the reading that arrangement needs; whether that number is proven smallest; and
    the stickers insisted on that a fix as small would change instead (:func:`_blamed`).
    Typed stickers (corrections; ``priors``: each one's photo readings) come first: of the
    fixes of as few stickers, one that changes the most of them (:func:`_fewest_untyped`),
    each the way its photo read it where that fits (:func:`_likeliest_fix`), since a typed
    token no solved cube allows is the likely slip, not a sticker the photos read with
    confidence.

    Iterative deepening: is there a solution with at most k changed stickers, k = 1, 2, ...?
    Small k propagate strongly (all but k stickers keep their readings), so each step is fast.
    """
    soft = build_soft_model(hyps)
    blamable = _blamable(state)
    free = soft.model.clone() if blamable else None  # the insisted ones may change here
    for i in state.insisted():
        # a token the person confirmed, or typed again after it was named as the slip, is
        # hard: the fix is sought among the other stickers
        soft.model.add(soft.changed[i] == 0)
    # The budget is CP-SAT's deterministic time, not wall time, so that the answer does not
    # depend on how busy the machine is; wall time only guards against a runaway search.
    left = time_limit_s
    wall_deadline = time.perf_counter() + 4 * time_limit_s
    proven = True
    for k in range(1, MAX_CULPRITS + 1):
        wall_left = wall_deadline - time.perf_counter()
        if left <= 0 or wall_left <= 0:
            return [], False, ()
        m = soft.model.clone()
        m.clear_objective()
        m.add(sum(soft.changed) <= k)
        solver = cp_solver(wall_left, max_deterministic_time=left)
        st = solver.solve(m)
        left -= solver.response_proto.deterministic_time
        if st == cp_model.INFEASIBLE:
            continue
        if st != cp_model.FEASIBLE and st != cp_model.OPTIMAL:
            proven = False
            continue
        blamed, used = _blamed(soft, free, blamable, k, wall_left, left) if free else ((), 0.0)
        left -= used
        if priors:
            m, solver, left = _fewest_untyped(soft, m, solver, priors, wall_left, left)
        solver = _likeliest_fix(soft, m, solver, wall_left, left, priors or {})
        out = []
        for i in range(54):
            if solver.boolean_value(soft.changed[i]):
                d = next(d for d in range(9) if solver.boolean_value(soft.read_digit[i][d])) + 1
                r = next(r for r in range(4) if solver.boolean_value(soft.read_rot[i][r]))
                prior = state.prior(i)
                out.append(Culprit(i, format_token(state.stickers[i]),
                                   format_token(Sticker(d, r)), typed=prior is not None,
                                   photo=format_token(prior[0].sticker) if prior else None))
        return sorted(out, key=lambda c: not c.typed), proven, blamed
    return [], False, ()


def _blamed(soft, free: cp_model.CpModel, insisted: list[int], k: int, wall_s: float,
            limit: float) -> tuple[tuple[int, ...], float]:
    """Of the stickers the person insisted on (``insisted``; ``free``: the diagnosis model
    before they were held), those that some fix of at most ``k`` stickers changes: without
    the insistence such a fix would do, so the fix found elsewhere is there because of them
    (none when no such fix is found in ``limit`` deterministic time); and the deterministic
    time it took, out of the diagnosis' budget. One feasibility search, fast with all but
    ``k`` stickers kept."""
    m = free.clone()
    m.clear_objective()
    m.add(sum(soft.changed) <= k)
    # some insisted sticker changed
    m.add_bool_or([soft.changed[i] for i in insisted])
    solver = cp_solver(max(0.1, wall_s), max_deterministic_time=max(0.1, min(limit, 1.0)))
    st = solver.solve(m)
    used = solver.response_proto.deterministic_time
    if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return (), used
    return tuple(i for i in insisted if solver.boolean_value(soft.changed[i])), used


PRIOR_MISS = round(SCORE_SCALE * -math.log(MIN_SCORE))
"""Cost of a typed culprit read as none of its photo's alternatives (as a reading scored
:data:`models.grid.model.MIN_SCORE` would cost): the fix then keeps what the photo saw."""


def _fewest_untyped(soft, m: cp_model.CpModel, found: cp_model.CpSolver,
                    priors: dict[int, tuple[Hypothesis, ...]], wall_s: float, limit: float
                    ) -> tuple[cp_model.CpModel, cp_model.CpSolver, float]:
    """Of the fixes of as few stickers (``m``, ``found`` as :func:`_likeliest_fix` takes
    them), the ones that change the fewest stickers other than typed ones (``priors``)
    changed back to one of their photo's readings (a typed sticker changed to anything else
    counts like any other):
    ``m`` cut to that many (so that the likeliest fix, sought next, stays among them), a
    solver holding such a fix, and the deterministic time left of ``limit``. Feasibility
    searches, from none up to what ``found`` changes, each fast since all but a few stickers
    keep their readings (a weighted objective instead ran out of time on a real reading);
    ``m`` cut to what ``found`` changes when none finds fewer in time."""
    untyped = [v for i, v in enumerate(soft.changed) if i not in priors]
    # a typed sticker's change counts as none only where it lands on one of its photo's
    # readings (the slip undone); changed to anything else it ranks with the others
    back = [_on_prior(soft, m, i, prior) for i, prior in priors.items()]
    others = sum(untyped) + sum(soft.changed[i] for i in priors) - sum(back)
    now = sum(found.boolean_value(v) for v in untyped) + sum(
        found.boolean_value(soft.changed[i]) and not _reads_prior(soft, found, i, prior)
        for i, prior in priors.items())
    for u in range(now):
        if limit <= 0:
            break
        cut = m.clone()
        # at most u stickers changed other than typed ones back to their photo's reading
        cut.add(others <= u)
        solver = cp_solver(max(0.1, wall_s), max_deterministic_time=limit)
        status = solver.solve(cut)
        limit -= solver.response_proto.deterministic_time
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return cut, solver, limit
        if status != cp_model.INFEASIBLE:
            break
    # no fewer found: keep the fixes as good as ``found`` for the likeliest fix sought next
    m.add(others <= now)
    return m, found, limit


def _on_prior(soft, m: cp_model.CpModel, i: int, prior: tuple[Hypothesis, ...]
              ) -> cp_model.IntVar:
    """A flag that may hold only when typed sticker ``i`` is changed to one of its photo's
    readings (``prior``)."""
    on = m.new_bool_var("")
    flags = []
    for h in prior:
        ok = m.new_bool_var("")
        # ok: the sticker reads this photo reading, digit and turn
        m.add_bool_and([soft.read_digit[i][h.sticker.digit - 1],
                        soft.read_rot[i][h.sticker.rot]]).only_enforce_if(ok)
        flags.append(ok)
    # on: changed, and reading one of the photo's readings
    m.add_implication(on, soft.changed[i])
    m.add_bool_or(flags).only_enforce_if(on)
    return on


def _reads_prior(soft, solver: cp_model.CpSolver, i: int, prior: tuple[Hypothesis, ...]
                 ) -> bool:
    """Whether ``solver``'s fix reads typed sticker ``i`` as one of its photo's readings."""
    return any(solver.boolean_value(soft.read_digit[i][h.sticker.digit - 1])
               and solver.boolean_value(soft.read_rot[i][h.sticker.rot]) for h in prior)


def _likeliest_fix(soft, m: cp_model.CpModel, found: cp_model.CpSolver,
                   wall_s: float, limit: float,
                   priors: dict[int, tuple[Hypothesis, ...]] | None = None
                   ) -> cp_model.CpSolver:
    """Among the fixes of as few stickers (``m``: the soft model cut to that many, ``found``: a
    solver holding one), the one whose other stickers keep their likeliest readings: a sticker
    read 6v at 0.97 (truth 6>, unlisted) with an alternative 7> at 0.02 is the misread, not
    the sure 7> beside it that the 7> alternative would displace. Typed stickers (``priors``:
    each one's photo readings) changed by the fix read as their photo did where that fits
    (:data:`PRIOR_MISS`). ``found`` when the search for it is cut short."""
    priors = priors or {}
    if not soft.costs and not priors:
        return found
    terms = list(soft.costs)
    for i, prior in priors.items():
        terms += _prior_terms(soft, m, i, prior)
    m.minimize(sum(c * v for c, v in terms))
    for v in soft.changed:
        m.add_hint(v, found.boolean_value(v))
    solver = cp_solver(max(0.1, wall_s), max_deterministic_time=max(0.1, limit))
    status = solver.solve(m)
    return solver if status in (cp_model.OPTIMAL, cp_model.FEASIBLE) else found


def _prior_terms(soft, m: cp_model.CpModel, i: int, prior: tuple[Hypothesis, ...]
                 ) -> list[tuple[int, cp_model.IntVar]]:
    """(cost, flag) terms that make typed sticker ``i``, once changed, read as its photo did:
    one flag per photo reading (its log-score below the photo's best), or :data:`PRIOR_MISS`
    for any other reading."""
    miss = m.new_bool_var("")
    flags, terms = [], [(PRIOR_MISS, miss)]
    for h, w in zip(prior, log_weights(prior)):
        ok = m.new_bool_var("")
        # ok: the sticker reads this photo reading, digit and turn
        m.add_bool_and([soft.read_digit[i][h.sticker.digit - 1], soft.read_rot[i][h.sticker.rot]]
                       ).only_enforce_if(ok)
        flags.append(ok)
        if w:
            terms.append((-w, ok))
    # changed, the sticker reads one of the photo's readings or pays PRIOR_MISS
    m.add_bool_or([soft.changed[i].Not(), miss] + flags)
    return terms
