"""Unsure cells read again from other cuts, every cut scored by the same evidence.

The usual cut of a cell (:func:`vision.cells.ink.ink_mask`: one threshold, whatever touches
the border dropped) fails in a few ways a person would look past: glare or a dim, noisy
sticker joins the digit to its surroundings or breaks it, blur closes a digit's openings,
a glare patch makes the ink's polarity unclear, or the cell's window lies a little off its
sticker and cuts the digit at the border. A cell whose reading is unsure, whose digit is
not of the face's size (one font at one size prints every sticker of a face), or that the
cell model, which reads the cell and not its cut, reads as another sticker, is therefore
read again from the other cuts of :mod:`vision.recognise.cuts`: first the ink at other levels
in its own window, and only if the cell is still unsure after those, its window and polarity
doubted too (:func:`read_again`). Every cut is given to every voter (templates, HOG, counters
and the learned cell model on the cut's own cell), and the cell's reading is the mean of its
cuts' readings, the first cut's among them, each weighed by how well its glyph matches a
printed digit at all (:func:`log_evidence`): one score per cell, with no cut chosen by a
rule. Nothing here names a digit.
"""
from __future__ import annotations

import dataclasses
from typing import Protocol, Sequence

import cv2
import numpy as np

from ...models.cube.stickers import Hypothesis
from ..cells.face_cells import FaceCells
from .cell_model import NONE, CellModel, sees_no_digit
from .cuts import Cut, FacePrint, face_print, most_inked, other_levels, other_windows
from .evidence import PLACES, UNSURE, CellEvidence, analyse_cells, cell_vote, class_logits
from .hog import LinearModel, class_index
from .print_facts import shape_of
from .templates import TemplateSet
from .underline_model import UnderlineModel

class Score(Protocol):
    """A cell's hypotheses from its evidence by the glyph voters alone, and with ``vote``,
    one more voter's log-scores over the 36 stickers (the cell model's,
    :func:`vision.recognise.evidence.cell_vote`; None: the same twice), as
    :func:`vision.recognise.evidence.readings` gives them."""

    def __call__(self, ev: CellEvidence, vote: np.ndarray | None = None
                 ) -> tuple[tuple[Hypothesis, ...], tuple[Hypothesis, ...]]: ...
Reading = tuple[CellEvidence, tuple[Hypothesis, ...]]
"""A cut's evidence and its hypotheses."""


SIZE_TOLERANCE = 0.2
"""A digit whose body's longer side differs from the face's typical one
(:func:`typical_size`) by more than this share of it is suspect: one font at one size prints every
sticker of a face, so such a body has lost strokes (a shadow or the window's border took the
digit and left its underline) or gained a glare patch."""
SMALL, LARGE = 1 - SIZE_TOLERANCE, 1 + SIZE_TOLERANCE
"""The sizes a digit fits between, as shares of the face's typical one."""
ODD_DOUBT = 0.6
"""Share of belief the first reading of an odd-sized digit spreads over every sticker
(:func:`vision.recognise.evidence.widened`), whatever the voters say."""


def read_cells(face: FaceCells, templates: TemplateSet, model: LinearModel,
               net: CellModel | None, score: Score, in_rounds: bool = True,
               votes: np.ndarray | None = None, *, underline: UnderlineModel | None = None
               ) -> tuple[list[CellEvidence], list[tuple[Hypothesis, ...]]]:
    """Each cell's evidence and hypotheses. The usual cut is read by the glyph voters
    (``score``) with the cell model's vote multiplied in
    (:func:`vision.recognise.evidence.hypotheses`); a digit not of the face's size
    (:func:`fits`) spreads :data:`ODD_DOUBT` of its belief over every sticker. A cell of odd
    size, or read below :data:`vision.recognise.evidence.UNSURE` by the glyph voters or
    with the vote, is read again (:func:`read_again`): its reading becomes the mean of all
    its cuts' readings, each weighed by its :func:`log_evidence`. A cell that shows no digit
    is read again only on a face whose other cells show one: a Sudoku Cube prints a digit on
    every sticker, but on a face that shows none at all (a plain cube) nothing is missing.
    ``in_rounds``: as :func:`read_again` has it; ``votes``: the cell model's rows of the
    face's cells where its caller read them already; ``underline``: the underline model every
    cut's evidence is analysed with (:func:`vision.recognise.evidence.analyse_cells`)."""
    cells = list(face.cells)
    masks = face.ink_masks()
    evidence = analyse_cells(masks, templates, model, cells, underline=underline)
    if votes is None and net is not None:
        votes = net.read_cells(cells)
    typical = typical_size(evidence)
    evidence = [e if fits(e, typical) else dataclasses.replace(e, doubt=ODD_DOUBT)
                for e in evidence]
    read = _voted(evidence, votes, score)
    cut_read, hyps = [alone for alone, _ in read], [voted for _, voted in read]
    again = _to_read_again(evidence, hyps, cut_read, votes)
    if not again:  # most faces: the face's print is measured only for cells read again
        return evidence, hyps
    printed = face_print(cells, masks)
    known = {} if votes is None else {id(c): v for c, v in zip(cells, votes)}
    first = {i: (evidence[i], hyps[i]) for i in again}
    for i, more in read_again(face, first, typical, printed, templates, model, net,
                              score, known, in_rounds, underline=underline).items():
        hyps[i], evidence[i] = combined([first[i]] + more)
    return evidence, hyps


def _voted(evidence: Sequence[CellEvidence], votes: np.ndarray | None, score: Score
           ) -> list[tuple[tuple[Hypothesis, ...], tuple[Hypothesis, ...]]]:
    """Each cell's hypotheses (``score``) by the glyph voters alone and with the cell
    model's vote (a row of ``votes``, :func:`vision.recognise.evidence.cell_vote`)
    multiplied in; without a model the glyph voters' own twice."""
    if votes is None:
        return [score(e) for e in evidence]
    return [score(e, vote=cell_vote(v)) for e, v in zip(evidence, votes)]


def _to_read_again(evidence: Sequence[CellEvidence], hyps: Sequence[tuple[Hypothesis, ...]],
                   cut_read: Sequence[tuple[Hypothesis, ...]], votes: np.ndarray | None = None
                   ) -> list[int]:
    """The cells to read again (see :func:`read_cells`): of odd size or unsure, by the glyph
    voters (``cut_read``) or with the vote (``hyps``), or read otherwise by the cell model
    (its best class among ``votes``' rows, where it sees a digit), and showing a digit or on
    a face whose other cells show one."""
    inked = any(e.glyph is not None for e in evidence)
    return [i for i, (e, h, g) in enumerate(zip(evidence, hyps, cut_read))
            if (min(top(h), top(g)) < UNSURE or e.doubt or _disputed(g, votes, i))
            and (e.glyph is not None or inked)]


def _disputed(read: tuple[Hypothesis, ...], votes: np.ndarray | None, i: int) -> bool:
    """Whether the cell model names another sticker than the glyph voters' first (``read``)
    for cell ``i`` (a row of ``votes``), where it takes the cell to show a digit at all."""
    if votes is None or not read:
        return False
    row = votes[i]
    if sees_no_digit(row):
        return False
    best = int(np.argmax(row[:NONE]))
    return best != class_index(read[0].sticker.digit, read[0].sticker.rot)


def read_again(face: FaceCells, first: dict[int, Reading], typical: float | None,
               printed: FacePrint, templates: TemplateSet, model: LinearModel,
               net: CellModel | None, score: Score, known: dict[int, np.ndarray] | None = None,
               in_rounds: bool = True, *, underline: UnderlineModel | None = None
               ) -> dict[int, list[Reading]]:
    """The readings of the other cuts of the cells in ``first`` (by index, each with the
    reading of its usual cut) that show a digit of the face's ``typical`` size (:func:`fits`),
    by cell, in two rounds. Every cell is read from its own window at other ink levels
    (:func:`vision.recognise.cuts.other_levels`, measured by the face's print ``printed``);
    a cell that would still be read again after them (:func:`_settled`) is also read with
    its window and polarity doubted (:func:`vision.recognise.cuts.other_windows`). The
    levels are what glare, blur and a dim sticker spoil, and so what most unsure cells need;
    a window off its sticker or an unclear polarity is rarer, and its cuts cost the most
    (four moved windows, each a new cell for every voter and the cell model). A cell the
    levels made sure is left as they read it (measured: docs/benchmarks.md, History,
    "Read-again in two rounds"). Without ``in_rounds`` every cell is read from both at once:
    a corner photo's faces, whose windows the corner's lattice lays on foreshortened
    stickers and whose readings the corner reader weighs against those of the photo with its
    shake undone (:mod:`vision.reading.corners`). ``underline``: as :func:`read_cells` has
    it."""
    known = known or {}
    if not in_rounds:
        return _read_groups({i: other_levels(face, i, printed) + other_windows(face, i)
                             for i in first}, typical, templates, model, net, underline, score,
                            known)
    out = _read_groups({i: other_levels(face, i, printed) for i in first}, typical, templates,
                       model, net, underline, score, known)
    unsure = [i for i in first if not _settled([first[i]] + out.get(i, []))]
    for i, more in _read_groups({i: other_windows(face, i) for i in unsure}, typical,
                                templates, model, net, underline, score, known).items():
        out.setdefault(i, []).extend(more)
    return out


def _read_groups(groups: dict[int, list[list[Cut]]], typical: float | None,
                 templates: TemplateSet, model: LinearModel, net: CellModel | None,
                 underline: UnderlineModel | None, score: Score, known: dict[int, np.ndarray]
                 ) -> dict[int, list[Reading]]:
    """The readings of ``groups`` of cuts (by cell: groups of one kind each), each cut scored
    by the glyph voters (``score``) and the cell model on its own cut cell, the cuts of one
    group (the moved windows) averaged into one reading, so that no way of reading a cell
    outvotes the others by its number of cuts; cuts that show no digit of the face's
    ``typical`` size are left out. ``known``: the cell model's rows of cells it has read
    already (by the cell's id: the first pass read the face's own cells, which most cuts
    share)."""
    cuts = [(i, g, c) for i, kinds in groups.items() for g, group in enumerate(kinds)
            for c in group]
    by_group: dict[tuple[int, int], list[Reading]] = {}
    for (i, g, _), reading in zip(cuts, _read_cuts([c for _, _, c in cuts], typical, templates,
                                                   model, net, underline, score, known)):
        if reading is not None:
            by_group.setdefault((i, g), []).append(reading)
    out: dict[int, list[Reading]] = {}
    for (i, _), readings in by_group.items():
        hyps, evidence = combined(readings)
        out.setdefault(i, []).append((evidence, hyps))
    return out


def _settled(readings: Sequence[Reading]) -> bool:
    """Whether a cell's readings so far, taken as one (:func:`combined`), leave it as the
    rule that reads a cell again (:func:`_to_read_again`) leaves a cell: sure (at least
    :data:`vision.recognise.evidence.UNSURE`) and its most evident cut of the face's size."""
    hyps, evidence = combined(readings)
    return top(hyps) >= UNSURE and not evidence.doubt


def combined(readings: Sequence[Reading]) -> tuple[tuple[Hypothesis, ...], CellEvidence]:
    """Several readings of one cell as one: the :func:`mean` of their hypotheses, each
    weighed by its :func:`log_evidence`, and the evidence of the most evident
    (:func:`_most_evident`)."""
    w = [log_evidence(e) for e, _ in readings]
    return mean([h for _, h in readings], w), _most_evident(readings, w)


def _read_cuts(cuts: list[Cut], typical: float | None, templates: TemplateSet,
               model: LinearModel, net: CellModel | None, underline: UnderlineModel | None,
               score: Score, known: dict[int, np.ndarray]) -> list[Reading | None]:
    """Each cut's evidence and hypotheses (the glyph voters' with the cell model's vote on
    the cut's own cell, ``known`` as :func:`read_again` has it), None for a cut that shows
    no digit of the face's ``typical`` size. About a third of the cuts show none: only the
    others are scored and read by the cell model, and a cut without ink is not analysed
    (it holds no glyph; the glyphs analysed stay those of every cut with one, so each
    voter reads the same batch as before)."""
    out: list[Reading | None] = [None] * len(cuts)
    inked = [k for k, c in enumerate(cuts) if c.mask.any()]
    if not inked:
        return out
    seen = analyse_cells([cuts[k].mask for k in inked], templates, model,
                         [cuts[k].cell for k in inked], underline=underline)
    shown = [(k, ev) for k, ev in zip(inked, seen) if ev.glyph is not None and fits(ev, typical)]
    cells = [cuts[k].cell for k, _ in shown]
    votes = _cell_votes(net, cells, known) if net is not None and cells else None
    for (k, ev), (_, h) in zip(shown, _voted([ev for _, ev in shown], votes, score)):
        out[k] = (ev, h)
    return out


def _cell_votes(net: CellModel, cells: Sequence[np.ndarray], known: dict[int, np.ndarray]
                ) -> np.ndarray:
    """The cell model's log-probabilities of each of ``cells``, each distinct cell read once,
    and none of those it has read already (``known``, rows by the cell's id): most cuts of a
    cell share its straightened cell (only a moved window or the other polarity is
    another), which the first pass read, and the network reads each cell of a batch alone,
    so reading it once gives the same values."""
    rows = dict(known)
    distinct = [c for k, c in {id(c): c for c in cells}.items() if k not in rows]
    rows.update(zip(map(id, distinct), net.read_cells(distinct)))
    return np.array([rows[id(c)] for c in cells])


def log_evidence(ev: CellEvidence) -> float:
    """How well a cut's glyph looks like any printed digit at all: the log of the sum over
    the 36 classes of the glyph voters' combined scores
    (:func:`vision.recognise.evidence.class_logits`), the normaliser that turns them into
    probabilities. A cut that glare, a shadow or the border spoilt matches no template well,
    and a clean cut of the same cell matches one closely."""
    return float(np.logaddexp.reduce(class_logits(ev)))


def mean(readings: Sequence[tuple[Hypothesis, ...]],
         log_weights: Sequence[float] | None = None) -> tuple[Hypothesis, ...]:
    """The weighted mean of several readings of one cell, best first: each sticker's score
    averaged over the readings (0 where one leaves it out), reading k weighing
    ``exp(log_weights[k])`` (default: all alike)."""
    lw = np.zeros(len(readings)) if log_weights is None else np.asarray(log_weights, float)
    w = np.exp(lw - lw.max())
    w /= w.sum()
    score: dict = {}
    for hs, wk in zip(readings, w):
        for h in hs:
            score[h.sticker] = score.get(h.sticker, 0.0) + float(h.score or 0.0) * float(wk)
    ranked = sorted(score.items(), key=lambda kv: -kv[1])
    return tuple(Hypothesis(s, round(v, PLACES)) for s, v in ranked[:max(map(len, readings))])


def _most_evident(readings: Sequence[Reading], log_weights: Sequence[float]) -> CellEvidence:
    """The evidence of the reading whose glyph looks most like a printed digit (the largest
    of ``log_weights``, each reading's :func:`log_evidence`, the first of equals): the cut a
    later voter (tesseract) reads of the cell."""
    return readings[max(range(len(readings)), key=lambda k: log_weights[k])][0]


def top(h: Sequence[Hypothesis]) -> float:
    """The best score of a cell's hypotheses counted by shape
    (:func:`vision.recognise.print_facts.shape_of`): a 6 whose underline is unclear splits
    its score with the 9 turned half round, yet its shape is not in doubt."""
    score: dict = {}
    for x in h:
        k = shape_of(x.sticker)
        score[k] = score.get(k, 0.0) + float(x.score or 0.0)
    return max(score.values(), default=0.0)


def body_size(ev: CellEvidence) -> int:
    """The longer side of the bounding box of a cell's digit body (0: no ink): a digit's
    height whatever its turn."""
    _, _, w, h = cv2.boundingRect(np.ascontiguousarray(ev.body, bool).view(np.uint8))
    return max(w, h)


def typical_size(evidence: Sequence[CellEvidence]) -> float | None:
    """The median body size (:func:`body_size`) of the face's cells with ink; None unless
    most of them show ink (:func:`vision.recognise.cuts.most_inked`: too few to say what is
    typical)."""
    sizes = [s for s in map(body_size, evidence) if s > 0]
    return float(np.median(sizes)) if most_inked(len(sizes), len(evidence)) else None


def fits(ev: CellEvidence, typical: float | None) -> bool:
    """Whether a cell's digit body has the face's typical size (between :data:`SMALL` and
    :data:`LARGE` times it); a cell without ink, or a face without a typical size, fits."""
    size = body_size(ev)
    return typical is None or size == 0 or SMALL * typical <= size <= LARGE * typical
