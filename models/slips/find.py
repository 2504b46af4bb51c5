"""Finding the slip: which likely mistakes turn the expected cube into the one photographed.

A person following a plan by hand turns a face the wrong way, the wrong face, a half turn for a
quarter, skips or repeats a step, or picks the cube up turned. :func:`find_slip` starts from the
plan at the step reached, replays the last few steps with every such slip put in (one, or two at
different steps), and keeps the resulting states whose faces agree with what was seen: one or
more faces, each nine stickers with the scored alternatives of a reading (typed tokens are
certain). States are compared as the eye sees them: a symmetric digit turned 180 degrees, and
an un-underlined 6 and 9 turned 180 degrees, look the same. One state left: the slip is
named and a repair plan from the real cube is verified on the model. Several: the face that
splits them best is asked for next, and so is a second face where one face seen may be another
face shown by mistake, or rests on a whole-cube turn with another slip (``one_face``).
None: no one or two slips in the steps searched lead to the cube (one made earlier is not
looked for).

Pure: states and moves in, a :class:`Verdict` out. The replay runs on numpy arrays, every
candidate state of one window at once, so a check takes milliseconds. The parts: the slips of
a step and their priors (``slip_kinds``), whole-cube rotations (``cube_rotations``), the
replay (``slip_replay``), looks and faces as seen (``slip_looks``), what one face cannot
settle (``one_face``) and the first look chosen from the plan alone
(``slip_first_look``).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace
from typing import Callable, Iterable, Mapping, Sequence

import numpy as np

from ..cube.cube_rotations import relabel_moves
from ..cube.face_words import centre, digit_words, face_or_place
from ..cube.geometry import FACES
from ..cube.holds import turned_centres
from ..cube.moves import Move, format_moves, invert_moves, simplify
from ..cube.solved import is_solved
from ..cube.state import CubeState
from ..cube.stickers import Hypothesis, Sticker
from ..profile import CubeSettings
from .kinds import KIND_ORDER, Slip
from .looks import MISREAD, face_table, look_key, state_look
from .one_face import shown_instead, turn_and_slip
from .replay import WINDOW, Batch, candidates, performed

SLIP_PRIOR = math.log(0.2)
"""Log-odds added per slip: of two explanations that fit equally, the one with fewer slips
ranks first (it still needs :data:`MARGIN` over the other to be believed alone)."""
MARGIN = math.log(50.0)
"""A state is believed alone when every other state scores at least this much lower."""


@dataclass(frozen=True)
class Explanation:
    """Slips (none, one or two) and the state they lead to, as seen now."""

    slips: tuple[Slip, ...]
    state: CubeState
    rotation: int
    """Whole-cube rotation (index into :func:`geometry.whole_cube_rotations`) between the plan's
    frame and the way the cube is held now; 0 = as the plan says."""
    score: float = 0.0

    def describe(self) -> str:
        """The slips in words, or that the cube is as expected: two slips of one explanation
        are joined in the order they were made ("..., and then ..."), never with the ";" that
        separates explanations."""
        if not self.slips:
            return "the cube is as the plan expects"
        return ", and then ".join(s.describe() for s in sorted(self.slips, key=lambda s: s.step))


SCAN_AGAIN = "scan the whole cube again (sudoku-cube scan)"
"""How a check where no slip fits says to read the whole cube again, by default."""


@dataclass(frozen=True)
class Verdict:
    """The answer of a check.

    ``outcome``: ``"as expected"``, ``"found"`` (one state explains what was seen: ``best``),
    ``"ambiguous"`` (``candidates`` explain it; photograph ``ask_face`` next) or ``"none"``.
    As expected, ``candidates`` are the slips the faces seen cannot show (they look the same
    there) and ``ask_face`` the face that can.
    ``repair``: for ``found``, the moves that take the real cube to solved (verified).
    """

    outcome: str
    best: Explanation | None = None
    candidates: tuple[Explanation, ...] = ()
    ask_face: str | None = None
    repair: tuple[Move, ...] = ()
    stats: dict = field(default_factory=dict, compare=False)
    shown: tuple[str, ...] = ()
    """The faces seen, for the words of an "as expected" that they cannot settle."""
    settings: CubeSettings = CubeSettings()
    """The cube's settings the states were compared on, for the words too."""
    searched: tuple[int, ...] = ()
    """Where no slip fits, the first and last step a slip was looked for in (the window up to
    the step reached; none before any step): a mistake made before the first is not looked
    for, and the words say so rather than that no one or two mistakes lead to the cube."""
    looks_like: tuple[str, ...] = ()
    """A face seen that looks like another face of the cube as the plan has it, and that face
    (``("F", "R")``): it may be that face, shown by mistake; or like itself turned
    (``("F", "F")``): its photo may have been taken turned. Where it was the one face seen
    no slip is believed from it alone (``ambiguous``, :mod:`models.slips.one_face`); where
    no slip fits (``none``), the words say so (a face that looks like itself turned only
    where every other face seen looks as planned)."""

    earlier: int | None = None
    """The step, at least two back, before which the plan has the cube as it was seen
    (:func:`_plan_looks`): where no slip fits, the cube seen is that one; where slips were
    found, they cancel to it. Either way the turns since were not made (or were undone) or
    the photo is an older one, and the words say so, not a story of slips."""

    def message(self, cube: CubeState | None = None,
                maybe: Sequence[CubeState] | None = None, where: str = "at this step",
                again: str = SCAN_AGAIN, photo: str = "", before_plan: str = "") -> str:
        """What to tell the person; with ``cube`` (the cube as the plan expects it) faces are
        named by their centre digits, the letters beside. A slip may have turned a centre, so
        its direction is named only where ``maybe`` (the cubes a slip in the window may have
        left) is given and on none of them that centre looks turned
        (:func:`models.cube.holds.turned_centres`). ``where``: the step the cube matches the
        plan at, for "as expected" ("after step 4 (R')" where not the step the person is
        at). ``again``: how to read the whole cube again where no slip fits, in the way it
        was read (photos are taken and read again; :data:`SCAN_AGAIN` by default). ``photo``:
        the corner photo among what was seen ("corner photo A"), for the words where no slip
        fits: "this photo" (or "these faces"), not "this face". ``before_plan``: a sentence
        said of a slip found, before its new plan (the guide's "Step 7 (F2), the one shown,
        was made as it shows.")."""
        turned = turned_centres(cube, maybe, self.settings) \
            if cube is not None and maybe is not None else tuple(FACES)

        def name(face: str) -> str:
            return face_or_place(face, cube, face not in turned, self.settings)

        if self.outcome == "as expected":
            if not self.candidates or not self.ask_face:
                return f"The cube matches the plan {where}."
            made = _steps_words(s for c in self.candidates for s in c.slips if s.kind != "ahead")
            ahead = _steps_words(s for c in self.candidates for s in c.slips if s.kind == "ahead")
            what = " or ".join(([f"how {made} was made"] if made else [])
                               + ([f"whether {ahead} was made already"] if ahead else []))
            faces = [name(f) for f in self.shown]
            who = (f"{faces[0][0].upper()}{faces[0][1:]} matches" if len(faces) == 1 else
                   "The faces shown match" if faces else "What was shown matches")
            return (f"{who} the plan {where}, but cannot show {what}: a slip there looks "
                    f"the same on it. Show me {name(self.ask_face)} to be sure.")
        if self.outcome == "found":
            assert self.best is not None
            text = f"Found the slip: {self.best.describe()}."
            if self.earlier is not None:  # the slips cancel: the plain account first
                text = (f"The cube is as the plan has it {before_words(self.earlier)}: the "
                        "turns since were not made, or undone (or two slips cancelled). If "
                        "the photo is an older one, show me the cube as it is now instead.")
            if self.best.rotation:
                text += " Keep holding the cube the way it is now."
            if before_plan:
                text += f" {before_plan}"
            count = len(self.repair)
            return text + f" New plan from here ({count} move{'' if count == 1 else 's'}): " \
                          f"{format_moves(self.repair)}"
        if self.outcome == "ambiguous":
            shown = SHOWN_CANDIDATES
            lines = [f"  {k}. {c.describe()}" for k, c in enumerate(self.candidates[:shown], 1)]
            if len(self.candidates) > shown:
                lines.append(f"  (and {len(self.candidates) - shown} more)")
            ask = f"Show me {name(self.ask_face or 'F')}"
            if self.looks_like:
                face, other = self.looks_like
                why = (f": if it shows what was shown for {name(face)}, perhaps turned, that "
                       f"was {name(other)}" if self.ask_face == other else "")
                return "\n".join([self._shown_instead(cube, name),
                                  f"Otherwise {_fit_words(len(self.candidates))}:", *lines,
                                  f"{ask} to tell which{why}."])
            if len(self.candidates) == 1:  # only so from one face: a turn and a slip
                return "\n".join(["One explanation fits what was seen, but it takes a "
                                  "whole-cube turn and another slip, two unlikely things at "
                                  "once, and one face cannot settle that:", *lines,
                                  f"{ask} to be sure."])
            return "\n".join([f"{len(self.candidates)} explanations fit what was seen:", *lines,
                              f"{ask} to tell them apart."])
        if self.earlier is not None:
            return _earlier_words(self.earlier, len(self.shown), photo)
        if photo and len(self.shown) <= 3:  # the corner photo's faces alone
            what, check = "this photo", f"{photo} shows the corner asked for, held as asked"
        elif photo or len(self.shown) > 1:
            two = " and " in (photo or "")
            what, check = "these faces", "each face was shown the right way up" + (
                (f" and {photo} show the corners asked for" if two else
                 f" and {photo} shows the corner asked for") if photo else "")
        else:
            what, check = "this face", "the face was shown the right way up"
        instead = f"{self._shown_instead(cube, name)} " if self.looks_like else ""
        return (f"No likely slip explains {what}: the cube is further from the plan than one "
                f"or two mistakes{_searched_words(self.searched)}. {instead}Check that "
                f"{check}; otherwise {again} and start a new plan.")

    def _shown_instead(self, cube: CubeState | None, name: Callable[[str], str]) -> str:
        """What one face seen shows where it looks like another face (:attr:`looks_like`):
        the centre it shows, and that it may be that face, shown instead of the one asked."""
        face, other = self.looks_like
        if other == face:
            return (f"What was shown for {name(face)} looks like that face as the plan has it, "
                    "turned: it may have been photographed (or typed) with the cube or the "
                    "phone held turned.")
        # the other face's centre, where it tells the two apart (two faces may share a digit)
        shows = f" shows centre {digit_words(centre(cube, other), self.settings)} and" \
            if cube is not None and cube.n == 3 \
            and centre(cube, other).digit != centre(cube, face).digit \
            else ""
        return (f"What was shown for {name(face)}{shows} looks like {name(other)} as the plan "
                "has it: it may be that face, shown by mistake.")


def _earlier_words(step: int, faces: int, photo: str) -> str:
    """The words of a cube seen as the plan has it before ``step`` + 1 (:attr:`Verdict.earlier`;
    ``faces`` seen, ``photo`` the corner photo among them)."""
    what = "this photo" if photo else "these faces" if faces > 1 else "this face"
    shows = "shows" if what == "this photo" or what == "this face" else "show"
    return (f"{what[0].upper()}{what[1:]} {shows} the cube as the plan has it "
            f"{before_words(step)}: is "
            f"{'the photo' if photo or faces == 1 else 'what was shown'} an older one, or "
            f"were the turns since not made? Show me the cube as it is now; if it really is "
            f"so, go back to step {step + 1} and turn from there.")


def before_words(step: int) -> str:
    """"before step 4" for ``step`` 3 (:attr:`Verdict.earlier`), or "before the first step
    (as it was read)" for 0."""
    return "before the first step (as it was read)" if step == 0 else f"before step {step + 1}"


def _fit_words(n: int) -> str:
    """"this explanation fits" or "these 3 explanations fit"."""
    return "this explanation fits" if n == 1 else f"these {n} explanations fit"


def _searched_words(searched: tuple[int, ...]) -> str:
    """Where the slips were looked for, after "further from the plan than one or two
    mistakes", where that was not every step made (``searched``: its first and last step):
    " in the last 5 steps (3 to 7) would leave it; a mistake before step 3 is not looked
    for". One mistake made earlier leaves the cube so too, and the person who remembers one
    must not be told that it cannot be; reading the cube again finds where it is either
    way."""
    if not searched or searched[0] <= 1:
        return ""
    first, last = searched
    steps = f"step {last}" if first == last else \
        f"the last {last - first + 1} steps ({first} to {last})"
    return f" in {steps} would leave it; a mistake before step {first} is not looked for"


SHOWN_CANDIDATES = 4
"""How many of several explanations a check lists, one numbered line each."""


def _steps_words(slips: Iterable[Slip]) -> str:
    """The plan steps of ``slips`` in words: "step 10 (L')", "steps 9 and 10 (B, L')"."""
    steps = sorted({(s.step, str(s.planned)) for s in slips})
    if len(steps) <= 1:
        return "".join(f"step {k} ({m})" for k, m in steps)
    return ("steps " + ", ".join(str(k) for k, _ in steps[:-1]) + f" and {steps[-1][0]} ("
            + ", ".join(m for _, m in steps) + ")")


def _rank(slips: tuple[Slip, ...]) -> tuple:
    """Sort key: fewer slips, likelier kinds, later steps first."""
    return (len(slips), [KIND_ORDER.index(s.kind) for s in slips], [-s.step for s in slips])


def best_face(groups: Sequence[np.ndarray], weights: Sequence[float],
              seen: Iterable[str]) -> str:
    """The face not yet seen that is likeliest to settle the question: for each face, the
    states (``groups``: look keys, ``weights``: how likely each explanation is) that would be
    believed alone if that face showed their look (every other state with that look at least
    :data:`MARGIN` less likely), summed by weight; ties go to the face that leaves the smallest
    chance that two states still look alike."""
    keys = np.asarray(groups)
    w = np.array(weights, dtype=float)
    _, first, state_of = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    state_of = state_of.ravel()
    sw = np.zeros(len(first))
    np.maximum.at(sw, state_of, w)  # a state is as likely as its likeliest explanation
    sw = sw / sw.sum()
    skeys = keys[first]
    best, best_face_ = None, None
    for face in FACES:
        if face in seen:
            continue
        k = FACES.index(face) * 9
        _, part = np.unique(skeys[:, k:k + 9], axis=0, return_inverse=True)
        part = part.ravel()
        top = np.zeros(part.max() + 1)
        np.maximum.at(top, part, sw)
        is_top = sw == top[part]
        second = np.zeros_like(top)
        np.maximum.at(second, part[~is_top], sw[~is_top])
        ties = np.bincount(part[is_top], minlength=len(top)) > 1
        alone = (top >= second * math.exp(MARGIN)) & ~ties
        settled = float(top[alone].sum())
        collide = float((np.bincount(part, weights=sw) ** 2).sum())
        key = (round(settled, 9), -collide)
        if best is None or key > best:
            best, best_face_ = key, face
    return best_face_ or "F"


def find_slip(start: CubeState, moves: Sequence[Move], done: int,
              seen: Mapping[str, Sequence[Sequence[Hypothesis]]],
              settings: CubeSettings = CubeSettings(), *, window: int = WINDOW,
              repair: bool = True) -> Verdict:
    """Explain the faces ``seen`` (face letter -> 9 cells of scored alternatives, as the cube
    is held now) after ``done`` steps of ``moves`` from ``start``.

    Returns a :class:`Verdict`; for ``found`` with ``repair`` it carries a plan from the real
    state that is verified on the model to solve it.
    """
    t0 = time.perf_counter()
    if not seen:
        raise ValueError("find_slip needs at least one face")
    start = start.without_candidates()
    moves = tuple(moves)
    done = max(0, min(done, len(moves)))
    batch = candidates(start, moves, done, window)
    keys = look_key(batch.digits, batch.rots, settings)
    score = _seen_score(keys, seen, settings)
    total = score + SLIP_PRIOR * np.array([len(s) for s in batch.slips])
    reps = _one_per_look(keys, total, batch.slips)
    stats = {"candidates": len(keys), "search_ms": round(1000 * (time.perf_counter() - t0), 1)}
    top = reps[0]
    misread = math.log(MISREAD)
    # "none": even the best state disagrees with two or more stickers' readings
    if score[top] < 1.5 * misread:
        fit = _seen_score(_plan_looks(start, moves, done, settings), seen, settings)
        return Verdict("none", stats=stats, settings=settings,
                       shown=tuple(f for f in FACES if f in seen),
                       searched=(max(0, done - window) + 1, done) if done else (),
                       looks_like=_shown_instead(keys[0], seen, settings, 1.5 * misread),
                       earlier=_latest(fit >= max(1.5 * misread, fit.max(initial=-math.inf))))
    close = [i for i in reps if total[i] >= total[top] - MARGIN]
    expl = [_explanation(start, moves, done, batch, i, total[i]) for i in close]
    if (len(close) == 1 or score[top] > misread / 2) and not batch.slips[top]:
        hidden = _hidden(keys, batch.slips, top, seen)
        ask = best_face([keys[top]] + [keys[i] for i in hidden],
                        [1.0] + [float(batch.priors[i]) for i in hidden], seen) \
            if hidden else None
        return Verdict("as expected", best=expl[0], candidates=tuple(
            _explanation(start, moves, done, batch, i, total[i]) for i in hidden),
            ask_face=ask, stats=stats, shown=tuple(f for f in FACES if f in seen),
            settings=settings)
    # one face seen: it may be another face, shown instead (as likely as one slip), and a
    # whole-cube turn with another slip is not believed from it (models/slips/one_face.py)
    one = len(seen) == 1
    other, rival = shown_instead(keys[0], *next(iter(seen.items())), settings) \
        if one else ("", -math.inf)
    rival += SLIP_PRIOR
    another = rival >= total[top] - MARGIN
    doubt = another or (one and turn_and_slip(batch.slips[top]))
    if len(close) == 1 and not doubt:
        # slips that cancel to the cube as the plan has it steps back: said as that
        earlier = None if batch.rotations[top] else _latest(
            (_plan_looks(start, moves, done, settings) == keys[top]).all(axis=1))
        verdict = Verdict("found", best=expl[0], stats=stats, settings=settings,
                          earlier=earlier)
        if repair:
            verdict = _with_repair(verdict, start, moves, done, settings)
        verdict.stats["check_ms"] = round(1000 * (time.perf_counter() - t0), 1)
        return verdict
    groups = [keys[i] for i in close]
    weights = [math.exp(total[i] - total[top]) for i in close]
    if doubt:  # against the cube as the plan has it, a face shown by mistake
        groups.append(keys[0])
        weights.append(math.exp(max(rival - total[top], 0.0)))
    ask = best_face(groups, weights, seen)
    stats["check_ms"] = round(1000 * (time.perf_counter() - t0), 1)
    return Verdict("ambiguous", candidates=tuple(expl), ask_face=ask, stats=stats,
                   settings=settings, looks_like=(next(iter(seen)), other) if another else ())


def _plan_looks(start: CubeState, moves: Sequence[Move], done: int, settings: CubeSettings
                ) -> np.ndarray:
    """The looks (:func:`state_look`) of the cube as the plan has it at steps 0 .. ``done`` - 2,
    held as the plan holds it: the cube steps back, at least two (one step back is the last
    step skipped, a slip the search names itself). Two slips that cancel leave the cube so,
    and so do turns not made (or undone), or an older photo."""
    if done < 2:
        return np.zeros((0, len(start.stickers)), np.int64)
    states, cube = [start], start
    for m in moves[:done - 2]:
        cube = cube.apply([m])
        states.append(cube)
    return np.stack([state_look(st, settings) for st in states])


def _latest(where: np.ndarray) -> int | None:
    """The last index where ``where`` holds, or None."""
    hits = np.flatnonzero(where)
    return int(hits[-1]) if len(hits) else None


def doubted_by_photo(verdict: Verdict, looks_like: tuple[str, ...], planned: CubeState,
                     seen: Iterable[str]) -> Verdict:
    """A slip ``verdict`` found (or narrowed down) from one face, where that face also looks
    like a face of ``planned`` (the cube as the plan has it, no slip made; ``looks_like`` as
    :attr:`Verdict.looks_like` has it: another face, or itself taken turned): a photo
    mistake, as likely as a slip, that one face cannot tell from it
    (:mod:`models.slips.one_face`). The slips stay candidates and the face that tells them
    from ``planned`` best is asked for next; found alone, no new plan is made from it."""
    found = (verdict.best,) if verdict.best is not None else verdict.candidates
    keys = [state_look(st, verdict.settings) for st in [e.state for e in found] + [planned]]
    ask = best_face(keys, [1.0] * len(keys), seen)
    return replace(verdict, outcome="ambiguous", best=None, candidates=tuple(found), repair=(),
                   ask_face=ask, looks_like=tuple(looks_like))


def _shown_instead(key: np.ndarray, seen: Mapping[str, Sequence[Sequence[Hypothesis]]],
                   settings: CubeSettings, bar: float) -> tuple[str, ...]:
    """The first face seen that looks like another face of the cube as the plan has it
    (``key``: its look codes) at least as well as ``bar`` (:func:`one_face.shown_instead`),
    and that face; () where none does. A face that looks like itself taken turned counts
    only where every other face seen looks as the plan has it as well: a photo taken turned
    explains nothing more, and a face turned on the cube by a slip the search did not reach
    looks turned too."""
    for face in (f for f in FACES if f in seen):
        other, score = shown_instead(key, face, seen[face], settings)
        if score >= bar and (other != face or all(
                _seen_score(key[None], {f: seen[f]}, settings)[0] >= bar
                for f in seen if f != face)):
            return face, other
    return ()


def _hidden(keys: np.ndarray, slips: Sequence[tuple[Slip, ...]], top: int,
            seen: Mapping[str, object]) -> list[int]:
    """The one-slip explanations that look exactly like the plan's state (``top``) on the
    faces seen but not on the whole cube, one per look: slips those faces cannot show (a turn
    of the face opposite the one seen leaves it as it was)."""
    cols = np.concatenate([np.arange(9) + 9 * FACES.index(f) for f in seen])
    same = (keys[:, cols] == keys[top, cols]).all(axis=1) & (keys != keys[top]).any(axis=1)
    out: dict[bytes, int] = {}
    for i in np.nonzero(same)[0].tolist():
        if len(slips[i]) == 1:
            out.setdefault(keys[i].tobytes(), i)
    return sorted(out.values(), key=lambda i: _rank(slips[i]))


def _seen_score(keys: np.ndarray, seen: Mapping[str, Sequence[Sequence[Hypothesis]]],
                settings: CubeSettings) -> np.ndarray:
    """Log-likelihood of what was seen, for each candidate state (look keys ``keys``)."""
    score = np.zeros(len(keys))
    for face, cells in seen.items():
        k = FACES.index(face) * 9
        table = face_table(cells, settings)
        score += table[np.arange(9)[None, :], keys[:, k:k + 9]].sum(axis=1)
    return score


def _one_per_look(keys: np.ndarray, total: np.ndarray, slips: Sequence[tuple[Slip, ...]]
                  ) -> list[int]:
    """The best explanation of each distinct look among those near the top score, best first
    (ties: fewer slips, likelier kinds, later steps)."""
    near = np.nonzero(total >= total.max() - 3 * MARGIN)[0]
    order = sorted(near.tolist(), key=lambda i: (-total[i], _rank(slips[i])))
    groups: dict[bytes, int] = {}
    for i in order:
        b = keys[i].tobytes()
        if b not in groups:
            groups[b] = i
    return list(groups.values())


def _explanation(start: CubeState, moves: Sequence[Move], done: int, batch: Batch, i: int,
                 score: float) -> Explanation:
    stickers = tuple(Sticker(int(d), int(r)) for d, r in zip(batch.digits[i], batch.rots[i]))
    return Explanation(batch.slips[i], CubeState(stickers), batch.rotations[i], float(score))


def repair_moves(moves: Sequence[Move], done: int, slips: Sequence[Slip]) -> tuple[Move, ...]:
    """Moves that bring the real cube back on the plan and finish it: undo what was really
    done since the first slip, then make the plan's steps from there, all named in the frame
    the cube is held in now; simplified (turns that cancel are dropped)."""
    made, first, rot = performed(moves, done, slips)
    rest = relabel_moves(rot, moves[first:])
    return simplify(invert_moves(made) + rest)


def _with_repair(verdict: Verdict, start: CubeState, moves: Sequence[Move], done: int,
                 settings: CubeSettings) -> Verdict:
    assert verdict.best is not None
    fix = repair_moves(moves, done, verdict.best.slips)
    real = verdict.best.state
    if not is_solved(real.apply(fix), settings.symmetric):
        raise AssertionError(f"slip repair {format_moves(fix)!r} does not solve the real cube")
    stats = dict(verdict.stats)
    stats["repair_verified"] = True
    return replace(verdict, repair=fix, stats=stats)
