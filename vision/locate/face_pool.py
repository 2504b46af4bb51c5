"""The pool of face hypotheses of one photo: every cue's lattices, scored alike, the best wins.

Each cue of :mod:`vision.locate.detect` (light stickers, the regions between grooves, colour, light
digits) proposes groups of sticker candidates; every 3x3 window over them becomes a
hypothesis scored by one function (:class:`vision.locate.face_score.FaceScore`), moved a row or
column while that scores better, and refitted as a flat square grid where a free fit bent
(:func:`vision.locate.hypotheses.flat_faces`). The decision is the pool's, not a cue's: the
best-ranked plausible face wins; another face that also passes, apart from it, means two
faces; nothing that passes means no face, and a lattice of sticker cells that is no flat
square grid means the photo shows the cube across an edge. A face passes on its stickers
alone (a plain cube's too); the digits nearly all of them hold rank it above the empty
squares of a printed grid or a cutting mat (:func:`vision.locate.hypotheses.evidence`).
"""
from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Iterable

import numpy as np

from .face_geometry import (NO_CUBE_ADVICE, TWO_FACES_ADVICE, FaceNotFoundError, SeenShape,
                            lattice_seen)
from .hypotheses import (GOOD_CELL, GOOD_CELLS, PLAIN_SIGHT, SECOND_FACE, SETTLED, Hypothesis,
                         seen_cells, inked, merged, flat_faces, refine, repeating, same_grid,
                         scored_all, separate, settled, window_blobs, Fits, fit_windows)
from .face_score import FaceScore
from .sticker_blobs import Blob

Group = dict[tuple[int, int], Blob]


TWO_FACES = 0.5
"""Another face apart from the best one is a second face in the photo when it scores at
least this share of the best one's summed evidence: a cube's faces score alike, a printed
grid or a cutting mat whose squares pass here and there scores a fraction. Where the best
face's stickers hold digits, the other's must too (:data:`vision.locate.hypotheses.GOOD_CELLS` of
them): the faces of one cube are of one look."""


def _spans(h: Hypothesis) -> bool:
    """True when ``h`` rests on sticker candidates in each of its three rows and columns: its
    lattice interpolates between them and extrapolates none (its perspective is fitted, where
    the grooves' snapped lattice is affine)."""
    return all({k[axis] for k in h.grid} == {0, 1, 2} for axis in (0, 1))


PRUNED = 4
"""How many of the best hypotheses are judged at a time for whether they go on beyond the
face (:meth:`Pool._face_ends`)."""


def best_of(fitted: list[tuple[np.ndarray, Group]], score: FaceScore) -> list[Hypothesis]:
    """The hypotheses of the (lattice, blobs) pairs ``fitted`` that :meth:`Pool.add` looks at,
    in their order, scored in full (:func:`vision.locate.hypotheses.scored_all`): those that
    may pass as a face (:data:`vision.locate.hypotheses.GOOD_CELLS` cells of half
    :data:`vision.locate.hypotheses.GOOD_CELL` or more, as a cell holding a digit needs,
    :func:`vision.locate.hypotheses.stickers`), and
    the :data:`vision.locate.hypotheses.SETTLED` best ranked. The others are set aside on a
    bound (:meth:`vision.locate.face_score.FaceScore.bound`): their summed evidence is at
    most their cells' contrast summed, as if each held a digit, so a window whose bound
    falls below the evidence of the :data:`SETTLED` best scored cannot rank among them.
    Most windows over a busy ground are set aside so, at a third of the cost of scoring."""
    if not fitted:
        return []
    bound = score.bound(np.stack([h for h, _ in fitted]),
                        np.stack([seen_cells(g) for _, g in fitted]))
    top = np.clip(bound, -1, 1).sum(axis=1)
    order = [int(i) for i in np.argsort(-top, kind="stable")]
    may = (bound >= GOOD_CELL / 2).sum(axis=1) >= GOOD_CELLS
    first = set(np.flatnonzero(may).tolist()) | set(order[:SETTLED])
    todo = sorted(first)
    rest = deque(i for i in order if i not in first)
    done: dict[int, Hypothesis] = {}
    floor = _SettledFloor()
    while todo:
        scored = scored_all([fitted[i] for i in todo], score)
        done.update(zip(todo, scored))
        floor.add(h.evidence for h in scored)
        todo = _reaching(rest, top, floor.value)
    return [done[i] for i in sorted(done)]


class _SettledFloor:
    """The evidence of the :data:`vision.locate.hypotheses.SETTLED`-th best hypothesis scored
    so far (minus infinity while there are fewer): the :data:`SETTLED` best evidences kept
    in a heap, so that a photo of thousands of windows (noise, a printed page) does not sort
    them all again after each few it scores."""

    def __init__(self) -> None:
        self._best: list[float] = []  # a min-heap of the SETTLED highest evidences

    def add(self, evidences: Iterable[float]) -> None:
        """Count the evidences of hypotheses just scored."""
        for e in evidences:
            if len(self._best) < SETTLED:
                heapq.heappush(self._best, e)
            elif e > self._best[0]:
                heapq.heapreplace(self._best, e)

    @property
    def value(self) -> float:
        """The floor a window's bound must reach to rank among the settled best."""
        return self._best[0] if len(self._best) >= SETTLED else -np.inf


def _reaching(rest: deque[int], top: np.ndarray, floor: float) -> list[int]:
    """The next :data:`vision.locate.hypotheses.SETTLED` windows of ``rest`` (best bound
    first; taken from it) whose bound ``top`` reaches ``floor``."""
    out = []
    while rest and top[rest[0]] >= floor and len(out) < SETTLED:
        out.append(rest.popleft())
    return out


MOST_WINDOWS = 1000
"""How many new windows one cue adds to a pool at most (:meth:`Pool.add`), those resting on
the most blobs first: a photo of texture with no cube (sensor noise, gravel, a patterned
cloth) lines up ten thousand windows or more, nearly all resting on four to six scattered
blobs, and fitting and judging them all costs up to a minute of CPU for one photo; a cube's
face rests on most of its stickers or digits. A pool whose windows were cut so
(:attr:`Pool.cut`) has not sought every rival of its best face, so a faint face with no
digits there is refused as the texture's (:meth:`Pool.decide`), as a second such face would
show it to be."""


def _most_resting(subs: list[Group]) -> list[Group]:
    """``subs`` (windows' blobs) in their order, but at most :data:`MOST_WINDOWS` of them:
    those resting on the most blobs, the first of equals."""
    if len(subs) <= MOST_WINDOWS:
        return subs
    keep = sorted(sorted(range(len(subs)), key=lambda i: -len(subs[i]))[:MOST_WINDOWS])
    return [subs[i] for i in keep]


def _going_on(best: Hypothesis) -> str:
    """What a face that goes on in one flat grid beyond any 3 x 3 of it is: squares holding
    digits (a printed sudoku or table), or squares with few or none (floor tiles, a mat)."""
    if inked(best) >= GOOD_CELLS:
        return ("squares holding digits go on in one flat grid beyond any 3 x 3 of them: a "
                "printed sudoku or table?")
    return ("squares with few or no digits go on in one flat grid beyond any 3 x 3 of them: "
            "floor tiles, a mat or a printed grid?")


def _faint(best: Hypothesis, other: Hypothesis) -> bool:
    """True when neither face is a face of digits and the best one's stickers are faint
    (their mean contrast under :data:`vision.locate.hypotheses.PLAIN_SIGHT`): noise or a
    texture, no cube."""
    return max(inked(best), inked(other)) < GOOD_CELLS and best.contrast < 9 * PLAIN_SIGHT


class PatternError(FaceNotFoundError):
    """A refusal that a smaller face may overturn (:func:`vision.locate.detect.find_face`
    seeks one at the finer scale first): the pool's best face goes on in one flat grid of
    squares holding digits beyond any 3 x 3 of them (a printed sudoku or table,
    :func:`vision.locate.hypotheses.same_grid`), or it holds no digit and another face passes
    apart from it (floor tiles or a mat's squares beside a cube too small for the cues' own
    scale; on a plain cube it is the two faces it says)."""


class Pool:
    """The hypotheses of one photo, scored by ``score``: the faces (plausible, at least
    :data:`vision.locate.hypotheses.GOOD_CELLS` cells with a sticker and digit), and whether a
    lattice that passes as a face of digits but is no flat square grid was seen (``bent``:
    the cube seen across an edge; a bent lattice of empty squares claims no face). Patterns
    that go on beyond three cells either way are no face
    (:func:`vision.locate.hypotheses.repeating`). ``near``: the
    :data:`vision.locate.hypotheses.SETTLED` best-ranked hypotheses, faces or not, for the
    last resort of :mod:`vision.locate.digit_faces`. ``fits``: the lattices fitted to windows
    by the other pools of the picture (:data:`vision.locate.hypotheses.Fits`), shared."""

    def __init__(self, score: FaceScore, fits: Fits | None = None) -> None:
        self.score = score
        self._fits = fits
        self.cut = False  # whether a cue's windows were more than MOST_WINDOWS
        self.faces: list[Hypothesis] = []
        self.across: Hypothesis | None = None  # the first lattice seen bent (for a refusal)
        self._done: set[frozenset[int]] = set()
        self._ends: set[int] = set()
        self.near: list[Hypothesis] = []

    def _face_ends(self, hyps: list[Hypothesis]) -> list[Hypothesis]:
        """``hyps`` (best first) with those that go on beyond the face dropped from the front
        (:func:`vision.locate.hypotheses.repeating`) until the first is a face that ends; only the
        front is judged (a few at a time), as only the best face and the few that rival it
        are looked at."""
        hyps = list(hyps)
        while hyps and id(hyps[0]) not in self._ends:
            front = [h for h in hyps[:PRUNED] if id(h) not in self._ends]
            goes_on = {id(h) for h, r in zip(front, repeating(front, self.score)) if r}
            self._ends.update(id(h) for h in front if id(h) not in goes_on)
            hyps = [h for h in hyps if id(h) not in goes_on]
        return hyps

    def _ends_alone(self, h: Hypothesis) -> bool:
        """True when ``h`` is a face that ends (:func:`vision.locate.hypotheses.repeating`)."""
        return id(h) in self._ends or not repeating([h], self.score)[0]

    def add(self, groups: list[Group]) -> None:
        """Score the windows over ``groups`` (of at least 4 candidates; at most
        :data:`MOST_WINDOWS` new ones, :func:`_most_resting`) and keep the faces."""
        subs = [w for g in groups if len(g) >= 4 for w in window_blobs(g, self._done)]
        self.cut |= len(subs) > MOST_WINDOWS
        hyps = sorted(best_of(fit_windows(_most_resting(subs), self._fits), self.score),
                      key=lambda h: h.rank, reverse=True)
        hyps = settled(hyps[:SETTLED], self.score) + hyps[SETTLED:]
        self.near = sorted(self.near + hyps[:SETTLED], key=lambda h: h.rank,
                           reverse=True)[:SETTLED]
        faces, bent = flat_faces([h for h in hyps if h.good >= GOOD_CELLS], self.score)
        if self.across is None:  # a face of digits seen bent: the cube across an edge
            self.across = next((h for h in bent if inked(h) >= GOOD_CELLS
                                and self._ends_alone(h)), None)
        faces = self._face_ends(sorted(faces, key=lambda h: h.rank, reverse=True))
        self.faces = self._face_ends(sorted(self.faces + faces, key=lambda h: h.rank,
                                            reverse=True))

    @property
    def bent(self) -> bool:
        """True when a lattice that passes as a face of digits but is no flat square grid was
        seen: the cube across an edge."""
        return self.across is not None

    def seen(self, h: Hypothesis) -> tuple[SeenShape, ...]:
        """The cells of lattice ``h`` as a refusal carries them for its debug picture."""
        return lattice_seen(h.hom, float(self.score.shape[1]))

    @property
    def clear(self) -> bool:
        """True when the best face is as clear as a later cue could make it, so the remaining
        cues are not tried: a sticker in all nine cells, sticker candidates under it in each
        of its rows and columns (its lattice interpolates between them and extrapolates none:
        one resting on two rows may be a row off, on the side face), its stickers standing
        out plainly (their mean contrast at least
        :data:`vision.locate.hypotheses.PLAIN_SIGHT`), and either a face of
        digits (at least :data:`vision.locate.hypotheses.GOOD_CELLS` cells hold one,
        :func:`vision.locate.hypotheses.evidence`) or a plain cube's face seen whole: a
        candidate in every cell and no ink in any (the later cues seek stickers the earlier
        masks missed and light digits; a face all of whose stickers were seen, holding no
        digit, leaves them nothing of its own to add). Faint stickers may be a lattice
        framing the light plastic of a white body between coloured stickers, which the
        colour cue sees as they are."""
        best = self.faces[0] if self.faces else None
        if best is None or best.good < 9 or not _spans(best) or \
                best.contrast < 9 * PLAIN_SIGHT:
            return False
        return inked(best) >= GOOD_CELLS or (inked(best) == 0 and len(best.grid) == 9)

    @property
    def seen_whole(self) -> bool:
        """True when lattices placed on light digits (the last cue of
        :mod:`vision.locate.detect`, for stickers the masks miss) can add nothing: the best
        face shows a sticker in all nine cells, rests on candidates in each of its rows and
        columns, and either holds a digit in every cell (its digits are all seen already) or
        rests on nine candidates and is read as a plain face (fewer than
        :data:`vision.locate.hypotheses.GOOD_CELLS` cells hold a digit: a plain cube's face,
        a logo or a glare spot in a cell or two; :func:`vision.locate.hypotheses.evidence`)."""
        best = self.faces[0] if self.faces else None
        if best is None or best.good < 9 or not _spans(best):
            return False
        digits = inked(best)
        return digits == best.cells.size or (digits < GOOD_CELLS and len(best.grid) == 9)

    def _rival(self, best: Hypothesis, other: Hypothesis) -> bool:
        """Whether ``other`` is a second face beside ``best``: on enough stickers, scoring
        :data:`TWO_FACES` of it, holding digits where it does, apart from it, and ending."""
        return len(other.grid) >= SECOND_FACE and other.evidence >= TWO_FACES * best.evidence \
            and inked(other) >= min(inked(best), GOOD_CELLS) and separate(best, other) \
            and self._ends_alone(other)

    def decide(self, source: str) -> Hypothesis | None:
        """The best face, snapped onto its grooves when it rests on fewer than nine
        stickers, or None when the pool holds none; raises :class:`FaceNotFoundError` when
        another face passes apart from it (two faces; or no cube where neither is a face of
        digits and the best one's stickers are faint, their mean contrast under
        :data:`vision.locate.hypotheses.PLAIN_SIGHT`: noise or a texture), or where such a
        faint face with no digits is the best of a pool whose windows were cut
        (:data:`MOST_WINDOWS`); ``source`` names the photo."""
        if not self.faces:
            return None
        best = merged(self.faces[0], self.faces[1:], self.score)
        if not _spans(best):  # a row or column extrapolated: let the grooves place it
            # (no perspective check again: the snapped lattice is affine, a face seen at a
            # slant has no affine square view, and moving a plausible lattice's grooves by
            # less than half a pitch does not bend it round a cube's edge)
            better = refine(best, self.score)
            if better.good >= GOOD_CELLS:
                best = better
        refusal = FaceNotFoundError if inked(best) else PatternError
        faint = f"{source}: no cube face found (faint squares with few or no digits, " \
            f"in more than one place: noise or a texture?); {NO_CUBE_ADVICE}"
        if self.cut and _faint(best, best):
            raise refusal(faint, self.seen(best))  # one of the texture's many, unjudged
        for other in self.faces[1:]:
            if self._rival(best, other):
                seen = self.seen(best) + self.seen(other)  # both drawn on the debug picture
                if same_grid(best, other):
                    raise PatternError(
                        f"{source}: no cube face found ({_going_on(best)}); {NO_CUBE_ADVICE}",
                        seen)
                if _faint(best, other):
                    raise refusal(faint, seen)
                raise refusal(
                    f"{source}: two faces in one photo (two separate 3x3 groups of stickers); "
                    f"{TWO_FACES_ADVICE}", seen)
        return best

