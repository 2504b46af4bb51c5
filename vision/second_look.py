"""A second look at unsure cells: the ink separated again with stricter thresholds.

The ink threshold (:data:`vision.warp.INK_SHARE`) is set low so that strokes thinned by
defocus or dimmed by glare survive. Under a hard-edged glare band or in a dim, noisy corner
the same low threshold also takes in paper darker than the local estimate, the digit merges
with that region, and as it then touches the cell border it is thrown away, or a stroke is
lost to it (a 2 read as 1, a 6 as 3). A person looks again harder at such a sticker; here
a cell the classifiers are unsure of is cut again at stricter thresholds, and the cut whose
best reading is clearly surer replaces the first one. Confident cells are never touched, so
the extra cost falls on the few doubtful ones.

Before that, a cell not quite sure is read once more without broad dark blobs
(:func:`vision.warp.without_blobs`): a glare spot on a dark sticker, as bright as its white
digit, is a dark blob once the cell is inverted and joins the ink; it is broad where the ink
is strokes of one width.
"""
from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

from sudoku_cube.models.stickers import Hypothesis
from sudoku_cube.vision.recognise import CellEvidence, analyse_cells
from sudoku_cube.vision.warp import grown_ink_mask, ink_mask, peeled_ink_mask, stroke_width, \
    without_blobs

CUTS = (lambda c: ink_mask(c, 0.45), lambda c: ink_mask(c, 0.6), grown_ink_mask, peeled_ink_mask)
"""The second cuts tried on an unsure cell, in order: stricter ink thresholds (shares of the
ink's contrast), then the ink grown from its dark core, then the ink inside the cell's rim
(a glare streak joining the digit to the sticker's edge)."""
LOST = 0.5
"""A cell is looked at again only when its best reading scores below this."""
SURE = 0.95
"""A stricter cut replaces the first only when its best reading scores at least this: a
stricter threshold can also thin a stroke away and make a wrong digit look clean."""
KEEP = 0.2
"""Weight the first cut's hypotheses keep beside the stricter cut's (both stay candidates
for joint decoding)."""


def _merged(new: tuple[Hypothesis, ...], old: tuple[Hypothesis, ...]) -> tuple[Hypothesis, ...]:
    """The stricter cut's hypotheses with the first cut's kept at weight :data:`KEEP`."""
    score: dict = {}
    for hs, w in ((new, 1 - KEEP), (old, KEEP)):
        for h in hs:
            score[h.sticker] = score.get(h.sticker, 0.0) + w * (h.score or 0.0)
    ranked = sorted(score.items(), key=lambda kv: -kv[1])
    return tuple(Hypothesis(s, round(v, 5)) for s, v in ranked[:max(len(new), len(old))])


def second_look(cells: Sequence[np.ndarray], evidence: list[CellEvidence],
                hyps: list[tuple[Hypothesis, ...]], templates, model,
                score: Callable[[CellEvidence], tuple[Hypothesis, ...]]
                ) -> tuple[list[CellEvidence], list[tuple[Hypothesis, ...]]]:
    """Evidence and hypotheses per cell; a cell read below :data:`BLOB_LOOK` is read again
    without its glare blobs (:func:`_blob_look`); one read below :data:`LOST` is cut again at
    stricter thresholds and takes the first cut whose best reading reaches :data:`SURE`
    (``score`` turns evidence into hypotheses)."""
    evidence, hyps = list(evidence), list(hyps)
    evidence, hyps = _blob_look(cells, evidence, hyps, templates, model, score)
    lost = [i for i, h in enumerate(hyps) if (h[0].score or 0.0) < LOST]
    for cut in CUTS:
        if not lost:
            break
        masks = [cut(cells[i]) for i in lost]
        again = analyse_cells(masks, templates, model, [cells[i] for i in lost])
        for i, ev in zip(lost, again):
            h = score(ev)
            if ev.glyph is not None and (h[0].score or 0.0) >= SURE:
                evidence[i], hyps[i] = ev, _merged(h, hyps[i])
        lost = [i for i in lost if (hyps[i][0].score or 0.0) < LOST]
    return evidence, hyps


BLOB_LOOK = 0.99
"""Cells read below this are read again without their broad dark blobs
(:func:`vision.warp.without_blobs`): glare on a dark sticker can make a wrong reading look
sure (0.95), so the bar is high; only light-ink faces have many such cells."""
BLOB_MARGIN = 0.02
"""The reading without blobs replaces the first only when its best score is higher by this:
the lifted cell is a single channel, and on a clean 6/9 the underline's grey levels can tip a
near tie the other way."""


def _blob_look(cells: Sequence[np.ndarray], evidence: list[CellEvidence],
               hyps: list[tuple[Hypothesis, ...]], templates, model,
               score: Callable[[CellEvidence], tuple[Hypothesis, ...]]
               ) -> tuple[list[CellEvidence], list[tuple[Hypothesis, ...]]]:
    """Inverted cells (light ink: :func:`vision.warp.cut_cells` gives them as one channel)
    read below :data:`BLOB_LOOK` read again without glare blobs
    (:func:`vision.warp.without_blobs`, its disc sized by the lower quartile of the stroke
    widths of the face's first ink masks: one font prints every sticker, and glare only
    widens them), cut as usual, then inside the cell's rim (:func:`vision.warp.peeled_ink_mask`:
    a glare band reaching the sticker's edge leaves a dark rest there that would take the
    digit with it); the surer reading wins by :data:`BLOB_MARGIN`, the first kept beside it
    for joint decoding. Cells printed in dark ink keep their colour channels and are left
    alone: glare only lightens their sticker, and the lift can shave the bowl of a bold dark
    6 into a 5."""
    unsure = [i for i, h in enumerate(hyps)
              if (h[0].score or 0.0) < BLOB_LOOK and cells[i].ndim == 2]
    widths = [w for w in (stroke_width(e.body) for e in evidence) if w > 0]
    if not unsure or not widths:
        return evidence, hyps
    width = float(np.percentile(widths, 25))
    flat = [without_blobs(cells[i], width) for i in unsure]
    for cut in (ink_mask, peeled_ink_mask):
        again = analyse_cells([cut(c) for c in flat], templates, model, flat)
        for i, ev in zip(unsure, again):
            h = score(ev)
            if ev.glyph is not None and \
                    (h[0].score or 0.0) > (hyps[i][0].score or 0.0) + BLOB_MARGIN:
                evidence[i], hyps[i] = ev, _merged(h, hyps[i])
    return evidence, hyps
