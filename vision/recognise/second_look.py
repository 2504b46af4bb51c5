"""A second look at unsure cells: the ink separated again with stricter thresholds.

The ink threshold (:data:`vision.cells.ink.INK_SHARE`) is set low so that strokes thinned by
defocus or dimmed by glare survive. Under a hard-edged glare band or in a dim, noisy corner
the same low threshold also takes in paper darker than the local estimate, the digit merges
with that region, and as it then touches the cell border it is thrown away, or a stroke is
lost to it (a 2 read as 1, a 6 as 3). A person looks again harder at such a sticker; here
a cell the classifiers are unsure of is cut again at stricter thresholds, and the cut whose
best reading is clearly surer replaces the first one. Confident cells are never touched, so
the extra cost falls on the few doubtful ones.

Before that, a cell not quite sure is read once more without broad dark blobs
(:func:`vision.recognise.second_cuts.without_blobs`): a glare spot on a dark sticker, as bright as its white
digit, is a dark blob once the cell is inverted and joins the ink; it is broad where the ink
is strokes of one width.
"""
from __future__ import annotations

import dataclasses
from typing import Callable, Sequence

import numpy as np

from ...models.cube.stickers import Hypothesis, Sticker
from ..cells.ink import ink_mask
from ..cells.local_ink import edge_ink_mask, local_ink_mask
from ..polarity import as_dark_ink, unclear_polarity
from .evidence import CellEvidence, analyse_cells, widened
from .second_cuts import (PEEL, cut_sides, face_contrast, glare_free_ink_mask, grown_ink_mask,
                          ink_rise, peeled_ink_mask, stroke_width, without_blobs)

Reading = tuple[CellEvidence, tuple[Hypothesis, ...]]
"""A cell's evidence and its hypotheses."""


CUTS = (lambda c: ink_mask(c, 0.45), lambda c: ink_mask(c, 0.6), grown_ink_mask, peeled_ink_mask,
        local_ink_mask)
"""The second cuts tried on an unsure cell, in order: stricter ink thresholds (shares of the
ink's contrast), then the ink grown from its dark core, then the ink inside the cell's rim
(a glare streak joining the digit to the sticker's edge), then the ink that is also darker
than its neighbourhood (:func:`vision.cells.local_ink.local_ink_mask`: a smooth glare streak
across a stroke falls apart from it)."""
LOST = 0.85
"""A cell is looked at again only when its best reading scores below this. Not only lost
cells: a bold serif 3, blurred, closes its notches at the usual threshold and reads as an 8
at 0.5 to 0.8, where a stricter cut opens them again and reads the 3 surely."""
SURE = 0.95
"""A stricter cut replaces the first only when its best reading scores at least this: a
stricter threshold can also thin a stroke away and make a wrong digit look clean."""
HALF_SURE = 0.5
SURER = 0.98
HALF_KEEP = 0.5
"""A cell read at :data:`HALF_SURE` or better (but below :data:`LOST`) takes a stricter cut
only when it reads at :data:`SURER`, and keeps its first reading at weight
:data:`HALF_KEEP` beside it: the stricter cut may have thinned a stroke away (a 9 read as
a 4), so the cell stays doubtful and joint decoding chooses between them. Such a cell gets
only the first :data:`HALF_CUTS` cuts (the stricter thresholds, which open closed notches).
A cell whose digit is not of the face's size is not half sure, whatever its first reading."""
HALF_CUTS = 2
EIGHT_SURE = 0.99
EIGHT_CUT = 1
"""A cell read as an 8 below :data:`EIGHT_SURE`, though not :data:`LOST`, is cut again at
the stricter ink threshold (``CUTS[EIGHT_CUT]``) and takes that cut when it reads another
digit at :data:`SURER`, as a half-sure cell would (the 8 kept beside it at
:data:`HALF_KEEP`; a cut reading the 8 turned otherwise is not taken): a bold serif 3, blurred,
closes its notches at the usual threshold into an 8 read at 0.90-0.98, which the vote of
lost cells never sees, while a stricter cut opens them again. True 8s read that surely keep
their reading: their stricter cuts read an 8 (black corner pairs, 20 cubes each: of the 62
true 8s read so in two seed ranges of the exam renderer and the 38 of ours, none was cut
into a sure 3; 8 true 3s read so)."""
LOST_MARGIN = 0.15
"""A cell read below :data:`HALF_SURE` that no cut reads :data:`SURE` takes the surest of
its second cuts when that one is at least half sure, of the face's digit size and surer than
the first reading by this much (the first kept beside it at :data:`KEEP`): a dim or noisy
sticker (a dark red or blue one under defocus) is cut into blotches at the usual threshold,
where a stricter cut or one inside the rim finds its digit, yet not surely. Only cells of
dark ink: a light digit's thin strokes, cut more strictly, break into another digit.
Exam-renderer corner pairs, two seed ranges of 100 cubes: 11 and 12 stickers more read
right, 2 more cubes right after joint decoding on each; our renders unchanged."""
KEEP = 0.2
"""Weight the first cut's hypotheses keep beside the stricter cut's (both stay candidates
for joint decoding)."""


def _merged(new: tuple[Hypothesis, ...], old: tuple[Hypothesis, ...],
            keep: float = KEEP) -> tuple[Hypothesis, ...]:
    """The stricter cut's hypotheses with the first cut's kept at weight ``keep``."""
    score: dict = {}
    for hs, w in ((new, 1 - keep), (old, keep)):
        for h in hs:
            score[h.sticker] = score.get(h.sticker, 0.0) + w * (h.score or 0.0)
    ranked = sorted(score.items(), key=lambda kv: -kv[1])
    return tuple(Hypothesis(s, round(v, 5)) for s, v in ranked[:max(len(new), len(old))])


def second_look(cells: Sequence[np.ndarray], evidence: list[CellEvidence],
                hyps: list[tuple[Hypothesis, ...]], templates, model,
                score: Callable[[CellEvidence], tuple[Hypothesis, ...]],
                raw: Sequence[np.ndarray] | None = None,
                beside: Callable[[int, float, float], np.ndarray] | None = None
                ) -> tuple[list[CellEvidence], list[tuple[Hypothesis, ...]]]:
    """Evidence and hypotheses per cell; with the ``raw`` cells (before
    :func:`vision.cells.warp.normalised`), a cell of unclear polarity read below :data:`FLIP_LOOK`
    is also read in the other polarity (:func:`_polarity_look`); a cell read below
    :data:`BLOB_LOOK` is read again without its glare blobs (:func:`_blob_look`); one read
    below :data:`LOST` is cut again at stricter thresholds and takes the first cut whose best
    reading reaches :data:`SURE` (``score`` turns evidence into hypotheses); when none does,
    its reading is the vote of the usual and the two stricter cuts (:func:`_averaged`) when
    that names another digit (a weakly turned 8 keeps the usual cut's turn). With
    ``beside`` (cell index, columns, rows -> that raw cell cut with its window moved), a cell
    still lost or odd-sized is also read beside itself (:func:`_beside_look`)."""
    evidence, hyps, cells = list(evidence), list(hyps), list(cells)
    if raw is not None:
        _polarity_look(raw, cells, evidence, hyps, templates, model, score)
    evidence, hyps = _blob_look(cells, evidence, hyps, templates, model, score)
    _local_look(cells, evidence, hyps, templates, model, score)
    typical = typical_size(evidence)
    odd = {i for i, e in enumerate(evidence) if not fits(e, typical)}
    eights = {i for i, h in enumerate(hyps) if _closed_three(h)}
    lost = [i for i, h in enumerate(hyps) if _top(h) < LOST or i in odd or i in eights]
    votes: dict[int, list[tuple[Hypothesis, ...]]] = {i: [hyps[i]] for i in lost
                                                      if i not in odd and i not in eights}
    surest: dict[int, Reading] = {}
    for k, cut in enumerate(CUTS):
        if k >= HALF_CUTS:  # the later cuts are for lost cells only
            lost = [i for i in lost if _top(hyps[i]) < HALF_SURE or i in odd]
        if not lost:
            break
        batch = [i for i in lost if k == EIGHT_CUT or i not in eights]
        masks = [cut(cells[i]) for i in batch]
        again = analyse_cells(masks, templates, model, [cells[i] for i in batch])
        for i, ev in zip(batch, again):
            h = score(ev)
            if i in votes and k < HALF_CUTS and ev.glyph is not None:
                votes[i].append(h)
            half = i not in odd and _top(hyps[i]) >= HALF_SURE
            if not half and ev.glyph is not None and cells[i].ndim == 3 and \
                    fits(ev, typical) and (i not in surest or _top(h) > _top(surest[i][1])):
                surest[i] = ev, h
            if ev.glyph is not None and _top(h) >= (SURER if half else SURE) and \
                    (i not in odd or fits(ev, typical)) and \
                    (i not in eights or h[0].sticker.digit != 8):
                evidence[i], hyps[i] = ev, _merged(h, hyps[i], HALF_KEEP if half else KEEP)
                odd.discard(i)
                votes.pop(i, None)
        lost = [i for i in lost if _top(hyps[i]) < LOST or i in odd or i in eights]
    _take_surest(surest, evidence, hyps, votes, odd)
    for i, vs in votes.items():
        vote = _averaged(vs) if len(vs) == 1 + HALF_CUTS else vs[0]
        if vote[0].sticker.digit != vs[0][0].sticker.digit:  # the turn stays the usual cut's
            hyps[i] = vote
    _edge_look(cells, evidence, hyps, odd, typical, templates, model, score)
    if beside is not None:
        _beside_look(beside, cells, evidence, hyps, odd, typical, templates, model, score)
    for i in odd:
        if not fits(evidence[i], typical, WIDE):
            evidence[i] = dataclasses.replace(evidence[i], doubt=ODD_DOUBT)
            hyps[i] = widened(hyps[i], ODD_DOUBT)
    return evidence, hyps


def _take_surest(surest: dict[int, Reading], evidence: list[CellEvidence],
                 hyps: list[tuple[Hypothesis, ...]], votes: dict, odd: set[int]) -> None:
    """Cells still read below :data:`HALF_SURE` take their surest second cut (``surest``,
    dark ink and of the face's digit size) when it is half sure and surer by
    :data:`LOST_MARGIN` (in place; the cell leaves ``votes`` and ``odd``)."""
    for i, (ev, h) in surest.items():
        if _top(hyps[i]) < HALF_SURE <= _top(h) and _top(h) >= _top(hyps[i]) + LOST_MARGIN:
            evidence[i], hyps[i] = ev, _merged(h, hyps[i])
            votes.pop(i, None)
            odd.discard(i)


def _edge_look(cells: Sequence[np.ndarray], evidence: list[CellEvidence],
               hyps: list[tuple[Hypothesis, ...]], odd: set[int], typical: float | None,
               templates, model, score: Callable[[CellEvidence], tuple[Hypothesis, ...]]
               ) -> None:
    """Cells whose digit is still too small for the face (or none), as when the digit
    touches the cell's border and the usual cuts drop it with the body between stickers
    (a cell cut a little off its sticker keeps only the underline), are cut once more
    keeping a large ink part that touches one side but reaches the centre
    (:func:`vision.cells.local_ink.edge_ink_mask`); its reading replaces the first when it is
    :data:`SURE` and of the face's size (in place; the cell leaves ``odd``)."""
    small = [i for i in range(len(cells)) if typical is not None and
             (i in odd or evidence[i].glyph is None) and body_size(evidence[i]) < SMALL * typical]
    if not small:
        return
    again = analyse_cells([edge_ink_mask(cells[i]) for i in small], templates, model,
                          [cells[i] for i in small])
    for i, ev in zip(small, again):
        h = score(ev)
        if ev.glyph is not None and _top(h) >= SURE and fits(ev, typical):
            evidence[i], hyps[i] = ev, _merged(h, hyps[i])
            odd.discard(i)


BESIDE = 0.2
"""How far (in cells) :func:`_beside_look` moves a cell's window each way."""


def _beside_look(beside: Callable[[int, float, float], np.ndarray], cells: Sequence[np.ndarray],
                 evidence: list[CellEvidence], hyps: list[tuple[Hypothesis, ...]],
                 odd: set[int], typical: float | None, templates, model,
                 score: Callable[[CellEvidence], tuple[Hypothesis, ...]]) -> None:
    """Cells still read below :data:`LOST` or of odd size, as when the face was placed a
    little off its stickers (a lattice fitted to a few of them) and the cell's window cuts
    its digit at the border, which the usual cut then drops with the body between stickers,
    are read again with their window moved :data:`BESIDE` of a cell towards each side
    where their ink seems cut off (:func:`vision.recognise.second_cuts.cut_sides`; ``beside``, normalised as
    the cell was); the surest reading that is :data:`SURE`
    and of the face's size replaces the first (in place; the cell leaves ``odd``). A
    neighbour's digit stays off the moved window's centre and touches its border."""
    lost = [i for i in range(len(cells)) if typical is not None
            and (_top(hyps[i]) < LOST or i in odd)]
    for i in lost:
        moves = cut_sides(cells[i])
        if not moves:
            continue
        moved = [as_dark_ink(beside(i, BESIDE * dx, BESIDE * dy), cells[i].ndim == 2)
                 for dx, dy in moves]
        best = None
        for ev in analyse_cells([ink_mask(c) for c in moved], templates, model, moved):
            h = score(ev)
            if ev.glyph is not None and _top(h) >= SURE and fits(ev, typical) and \
                    (best is None or _top(h) > _top(best[1])):
                best = ev, h
        if best is not None:
            evidence[i], hyps[i] = best[0], _merged(best[1], hyps[i])
            odd.discard(i)


def _local_look(cells: Sequence[np.ndarray], evidence: list[CellEvidence],
                hyps: list[tuple[Hypothesis, ...]], templates, model,
                score: Callable[[CellEvidence], tuple[Hypothesis, ...]]) -> None:
    """Cells printed in dark ink (kept in colour by :func:`vision.cells.warp.cut_cells`) read below
    :data:`LOST` are also cut against their neighbourhood
    (:func:`vision.cells.local_ink.local_ink_mask`); when that reading is surer it replaces the
    first, which is kept beside it at weight :data:`LOCAL_KEEP` (in place). Small, blurred
    or faint print in a cheap photo defeats the one threshold of the usual cut: the holes of
    a small blurred 8 or 3 lie above it and fill in (a blob read as 1 or 9), or noise on a
    faint stroke crosses it and breaks the digit into specks; ink darker than its
    surroundings keeps the holes open and the specks joined. Real printed digits
    (photographed newspaper grids, ``bench vision --real``): the printed glyph read right
    98.0 -> 99.0%. Light-ink cells (inverted, one channel) are left to the glare looks:
    there the local cut read two white 5s and 6s of our renders as other digits."""
    lost = [i for i, h in enumerate(hyps) if _top(h) < LOST and evidence[i].glyph is not None
            and cells[i].ndim == 3]
    if not lost:
        return
    again = analyse_cells([local_ink_mask(cells[i]) for i in lost], templates, model,
                          [cells[i] for i in lost])
    for i, ev in zip(lost, again):
        if ev.glyph is None:
            continue
        h = score(ev)
        if _top(h) > _top(hyps[i]):
            evidence[i], hyps[i] = ev, _merged(h, hyps[i], LOCAL_KEEP)


LOCAL_KEEP = 0.5
"""Weight of the usual cut's reading beside the local cut's in :func:`_local_look`."""


FIRST_VOTE = 2.0
"""Weight of the usual cut's reading in :func:`_averaged` against 1 for each stricter cut."""


def _averaged(readings: list[tuple[Hypothesis, ...]]) -> tuple[Hypothesis, ...]:
    """The weighted mean of several readings of one cell, the usual cut's first (weight
    :data:`FIRST_VOTE`, the stricter cuts' 1 each): a vote over ink thresholds for a cell
    that no single cut reads surely. Where the usual threshold closes a bold serif 3's
    notches (an 8 at 0.6) and both stricter ones open them (a 3 at 0.95), the 3 wins; a 9
    read at 0.75 whose thin joint a stricter threshold breaks (a 7) stays a 9."""
    weights = [FIRST_VOTE] + [1.0] * (len(readings) - 1)
    score: dict = {}
    for hs, w in zip(readings, weights):
        for h in hs:
            score[h.sticker] = score.get(h.sticker, 0.0) + w * float(h.score or 0.0) / sum(weights)
    ranked = sorted(score.items(), key=lambda kv: -kv[1])
    return tuple(Hypothesis(s, round(v, 5)) for s, v in ranked[:max(map(len, readings))])


SMALL, LARGE = 0.8, 1.2
"""A digit whose body's longer side is under :data:`SMALL` or over :data:`LARGE` times the
face's typical one (:func:`typical_size`) is not read as it is: one font at one size prints
every sticker of a face, so such a body has lost strokes (a shadow took the digit and left
its underline or a serif) or gained a shadow or glare patch. Of 3,839 cells read right (our
renders of every look and the held-out fonts) 99% lie within 0.90-1.13 and all but four
within these bounds; half the misread ones lay beyond them."""
ODD_DOUBT = 0.6
"""Share of an odd-sized cell's belief spread over every sticker (:func:`widened`) when no
stricter cut gives it a body of the face's size and it lies beyond :data:`WIDE`: its
reading is a guess."""
WIDE = (0.65, 1.35)
"""Size bounds (shares of the face's typical size) beyond which an odd cell that no cut
mends is made doubtful; between them and :data:`SMALL`, :data:`LARGE` it is only cut again:
widened there, its reading's own rivals (a centre 7's turn) drowned in the spread and joint
decoding chose a 7 turned the wrong way (bench black 93019)."""


def body_size(ev: CellEvidence) -> int:
    """The longer side of the bounding box of a cell's digit body (0: no ink): a digit's
    height whatever its turn."""
    ys, xs = np.nonzero(ev.body)
    if len(xs) == 0:
        return 0
    return int(max(xs.max() - xs.min(), ys.max() - ys.min())) + 1


def typical_size(evidence: Sequence[CellEvidence]) -> float | None:
    """The median body size (:func:`body_size`) of the face's cells with ink; None with
    fewer than five (too few to say what is typical)."""
    sizes = [s for s in map(body_size, evidence) if s > 0]
    return float(np.median(sizes)) if len(sizes) >= 5 else None


def fits(ev: CellEvidence, typical: float | None,
         bounds: tuple[float, float] = (SMALL, LARGE)) -> bool:
    """Whether a cell's digit body has the face's typical size within ``bounds`` (shares of
    it; see :data:`SMALL`); a cell without ink, or a face without a typical size, fits."""
    size = body_size(ev)
    lo, hi = bounds
    return typical is None or size == 0 or lo * typical <= size <= hi * typical


BLOB_LOOK = 0.99
"""Cells read below this are read again without their broad dark blobs
(:func:`vision.recognise.second_cuts.without_blobs`): glare on a dark sticker can make a wrong reading look
sure (0.95), so the bar is high; only light-ink faces have many such cells."""
BLOB_MARGIN = 0.02
"""The reading without blobs replaces the first only when its best score is higher by this:
the lifted cell is a single channel, and on a clean 6/9 the underline's grey levels can tip a
near tie the other way."""


def _blob_look(cells: Sequence[np.ndarray], evidence: list[CellEvidence],
               hyps: list[tuple[Hypothesis, ...]], templates, model,
               score: Callable[[CellEvidence], tuple[Hypothesis, ...]]
               ) -> tuple[list[CellEvidence], list[tuple[Hypothesis, ...]]]:
    """Inverted cells (light ink: :func:`vision.cells.warp.cut_cells` gives them as one channel)
    read below :data:`BLOB_LOOK` read again without glare blobs
    (:func:`vision.recognise.second_cuts.without_blobs`, its disc sized by the lower quartile of the stroke
    widths of the face's first ink masks: one font prints every sticker, and glare only
    widens them; and, for the cells still read below :data:`BLOB_DOUBT`, by
    :data:`BLOB_WIDER` times that, as a glare streak may be barely wider than a stroke), cut
    as usual, then inside the cell's rim
    (:func:`vision.recognise.second_cuts.peeled_ink_mask`: a glare band reaching the sticker's edge leaves a
    dark rest there that would take the digit with it). The surest of these readings wins by
    :data:`BLOB_MARGIN`, the first kept beside it for joint decoding. When it does not win
    but reads another digit with at least :data:`BLOB_DOUBT`, both readings are kept at equal
    weight: a glare blob joined to a stroke can make a wrong digit look sure, and a sure
    wrong reading is one joint decoding cannot repair. Cells printed in dark ink keep their
    colour channels and are left alone: glare only lightens their sticker, and the lift can
    shave the bowl of a bold dark 6 into a 5."""
    unsure = [i for i, h in enumerate(hyps)
              if _top(h) < BLOB_LOOK and cells[i].ndim == 2]
    widths = [w for w in (stroke_width(e.body) for e in evidence) if w > 0]
    if not unsure or not widths:
        return evidence, hyps
    width = float(np.percentile(widths, 25))
    best = _glare_free(cells, unsure, width, typical_size(evidence), templates, model, score)
    unsure = [i for i in unsure if i not in best or _top(best[i][1]) < SURE]
    for w in (width, BLOB_WIDER * width):
        flat = {i: without_blobs(cells[i], w) for i in unsure}
        plain = {i: ink_mask(c) for i, c in flat.items()}
        peeled = {i: peeled_ink_mask(c) for i, c in flat.items()}
        for masks in (plain, _changed(peeled, plain)):
            _keep_surest(best, masks, flat, templates, model, score)
        unsure = [i for i in unsure if i not in best or _top(best[i][1]) < BLOB_DOUBT]
        if not unsure:
            break
    for i, (ev, h) in best.items():
        if _top(h) > _top(hyps[i]) + BLOB_MARGIN:
            evidence[i], hyps[i] = ev, _merged(h, hyps[i])
        elif _top(h) >= BLOB_DOUBT and _shape(h[0].sticker) != _shape(hyps[i][0].sticker):
            hyps[i] = _merged(h, hyps[i], 0.5)
    return evidence, hyps


def _glare_free(cells: Sequence[np.ndarray], unsure: list[int], width: float,
                typical: float | None, templates, model,
                score: Callable[[CellEvidence], tuple[Hypothesis, ...]]
                ) -> dict[int, Reading]:
    """The surest reading of each ``unsure`` cell cut without glare, as usual and inside the
    rim (:func:`vision.recognise.second_cuts.glare_free_ink_mask`: ink standing out from its surroundings
    within a stroke and a half by a share of the face's print contrast, so a glare streak
    joined to a stroke, even brighter than the print, falls away from it), of the face's
    digit size or a little larger (``typical``, :func:`fits` between :data:`SMALL` and the
    upper :data:`WIDE`: a glare rest may stay beside the digit, but the narrow surroundings
    also hollow a stroke's thick joints, and a digit broken there, its rest dropped at the
    border, can read as another digit surely), and :data:`SURE` unless the cell holds glare
    brighter than the print (:data:`GLARE_RISE`: there the first reading is suspect, and
    a glare rest may leave the digit a little less sure); empty when the face has too few
    digits for a print contrast or a typical size."""
    contrast = face_contrast(list(cells))
    best: dict[int, Reading] = {}
    if contrast is None or typical is None:
        return best
    glared = {i for i in unsure if ink_rise(cells[i], contrast) >= GLARE_RISE}

    def accept(i: int, ev: CellEvidence, h: tuple[Hypothesis, ...]) -> bool:
        return fits(ev, typical, (SMALL, WIDE[1])) and (i in glared or _top(h) >= SURE)

    plain = {i: glare_free_ink_mask(cells[i], width, contrast) for i in unsure}
    _keep_surest(best, plain, cells, templates, model, score, accept)
    # inside the rim: only where no sure reading came yet
    peeled = {i: glare_free_ink_mask(cells[i], width, contrast, rim=PEEL) for i in unsure
              if i not in best or _top(best[i][1]) < SURE}
    _keep_surest(best, _changed(peeled, plain), cells, templates, model, score, accept)
    return best


def _keep_surest(best: dict[int, Reading], masks: dict[int, np.ndarray],
                 sources: Sequence[np.ndarray] | dict[int, np.ndarray], templates, model,
                 score: Callable[[CellEvidence], tuple[Hypothesis, ...]],
                 accept: Callable[[int, CellEvidence, tuple[Hypothesis, ...]], bool]
                 = lambda i, ev, h: True) -> None:
    """Each cell ``i`` of ``masks`` read (its image ``sources[i]``); a reading with a glyph
    that ``accept`` takes replaces the cell's entry in ``best`` (in place) when surer."""
    ids = list(masks)
    for i, ev in zip(ids, analyse_cells([masks[i] for i in ids], templates, model,
                                        [sources[i] for i in ids])):
        h = score(ev)
        if ev.glyph is not None and accept(i, ev, h) and \
                (i not in best or _top(h) > _top(best[i][1])):
            best[i] = ev, h


def _changed(peeled: dict[int, np.ndarray], plain: dict[int, np.ndarray]
             ) -> dict[int, np.ndarray]:
    """The peeled cuts that differ from the plain ones: one the same reads the same, so it
    is read once."""
    return {i: m for i, m in peeled.items() if not np.array_equal(m, plain[i])}


GLARE_RISE = 1.25
"""A cell whose brightest ink rises this many times the face's print contrast above its
sticker (:func:`vision.recognise.second_cuts.ink_rise`) holds glare brighter than the print: its glare-free
reading (:func:`_glare_free`) counts even when not quite sure. Elsewhere only a sure one
does: the narrow surroundings of :func:`vision.recognise.second_cuts.glare_free_ink_mask` also hollow a clean
digit's thick joints, and an 8 cut at the border, read so, passed for a 2 at 0.6. One in
twenty cells of our black-cube renders rises so far."""


BLOB_WIDER = 1.5
"""The second disc of :func:`_blob_look`, in times its first."""
BLOB_DOUBT = 0.5
"""A reading without blobs this sure of another digit makes a first reading doubtful."""


def _closed_three(h: tuple[Hypothesis, ...]) -> bool:
    """Whether a cell read surely (not :data:`LOST`) is an 8 below :data:`EIGHT_SURE`."""
    return h[0].sticker.digit == 8 and LOST <= _top(h) < EIGHT_SURE


def _top(h: tuple[Hypothesis, ...]) -> float:
    """The best score of a cell's hypotheses counted by shape (:func:`_shape`): a 6 read
    surely whose underline is unclear splits its score between 6 and the 9 turned half
    round, yet its digit is not in doubt and must not be cut again (a stricter or
    blob-free cut of a serif 6 or 9 thins its bowl and reads a sure 3)."""
    score: dict[tuple[int, int], float] = {}
    for x in h:
        k = _shape(x.sticker)
        score[k] = score.get(k, 0.0) + float(x.score or 0.0)
    return max(score.values(), default=0.0)


def _shape(s: Sticker) -> tuple[int, int]:
    """(digit, rotation) of the shape a sticker shows once its underline is split off: a 9
    turned r is the shape of a 6 turned r + 2."""
    return (6, (s.rot + 2) % 4) if s.digit == 9 else (s.digit, s.rot)


FLIP_LOOK = 0.9
"""Cells of unclear polarity read below this are read in the other polarity too."""
FLIP_MARGIN = 0.1
FLIP_SURE = 0.9
"""The other polarity's reading replaces the first only when it is this sure and its best
score is higher by :data:`FLIP_MARGIN` (the first stays a candidate beside it). A cell whose
first cut shows no digit is left to the later looks: any reading beats a blank one, and the
sticker between the strokes of a white digit, cut as dark ink, can pass for another digit."""


def _polarity_look(raw: Sequence[np.ndarray], cells: list[np.ndarray],
                   evidence: list[CellEvidence], hyps: list[tuple[Hypothesis, ...]],
                   templates, model, score: Callable[[CellEvidence], tuple[Hypothesis, ...]]
                   ) -> None:
    """Cells with a digit whose own polarity evidence is weak
    (:func:`vision.polarity.unclear_polarity`: a glare patch on a green sticker as light as its
    white digit) and whose reading is not sure are read in the other polarity too; the surer reading (by :data:`FLIP_MARGIN`) wins
    when its digit is of the face's size (:func:`fits`: a white 1 beside a glare spot as
    bright, taken for dark ink, left a sliver of shadow under its foot that read as a sure
    1 turned) and its cell replaces the first in ``cells`` (in place, as ``evidence`` and
    ``hyps``).
    A normalised cell that is the raw cell itself was taken for dark ink."""
    doubt = [i for i in range(len(raw)) if evidence[i].glyph is not None
             and _top(hyps[i]) < FLIP_LOOK and unclear_polarity(raw[i])]
    if not doubt:
        return
    other = [as_dark_ink(raw[i], cells[i] is raw[i]) for i in doubt]
    again = analyse_cells([ink_mask(c) for c in other], templates, model, other)
    typical = typical_size(evidence)
    for i, ev, c in zip(doubt, again, other):
        h = score(ev)
        if ev.glyph is not None and _top(h) >= FLIP_SURE and \
                _top(h) > _top(hyps[i]) + FLIP_MARGIN and fits(ev, typical):
            evidence[i], hyps[i], cells[i] = ev, _merged(h, hyps[i]), c
