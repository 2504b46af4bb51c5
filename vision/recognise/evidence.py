"""Recognising digit and rotation of each cell: template matching, HOG classifier, underline.

Two independent classifiers score the 36 classes (9 digits x 4 rotations) of a normalised
glyph: normalised cross-correlation against templates (best over small shifts) and the HOG
linear model. Their log-scores are added (plus optional OCR votes, and the rotation evidence of
the glyph's counters, :mod:`vision.recognise.counters`: which way an 8 points) and turned into
probabilities. The glyph body carries no underline (it is split off first), so 6 turned r and 9
turned r+2 look alike to both classifiers. A bar split off the ink decides between them;
otherwise the learned underline model (:mod:`vision.recognise.underline_model`) gives the 6's share
from the grey levels at the glyph's ends; with neither (no shipped model file), both hypotheses keep
an equal share.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Mapping, Sequence

import numpy as np

from ...models.cube.stickers import DOUBT_SCORE, Hypothesis, Sticker
from ...models.grid.model import MAX_NAMED
from .cell_model import NONE
from .classes import DIGITS
from .counters import counter_logits, counter_vector
from ..cells.glyph import GLYPH, normalise_glyph, split_underline
from ..polarity import came_inverted
from .hog import N_CLASSES, LinearModel, class_index, hog_features
from .print_facts import shape_of, six_turn, underlined_pair
from .templates import TemplateSet, unit_rows
from .underline_model import UnderlineModel, end_patch, shipped_underline_model

TEMPLATE_GAIN = 8.0
"""Correlation -> log-odds scale of the template vote; with HOG_WEIGHT fitted (negative
log-likelihood) on glyphs cut from photos rendered in fonts the classifier never saw."""
HOG_WEIGHT = 0.85
CELL_WEIGHT = 0.75
"""Weight of the learned cell model's log-probabilities (:func:`cell_vote`): fitted as
the one that misreads fewest stickers on a development set of located photos of both
renderers, every look (seeds 880000+, disjoint from the benchmarks' and the models'
training). Above it the network alone outvotes the glyph voters where glare streaks a
cell."""
MORE_LIKELY_THAN_NOT = 0.5
"""The cell model's own probability above which its reading, where the glyph voters are sure
of another, leaves the cell in doubt (:func:`_torn`): it then holds that reading likelier
than every other together."""
OCR_WEIGHT = 2.5
COUNTER_GAIN = 4.0
"""Counter evidence (:func:`vision.recognise.counters.counter_logits`) -> log-odds scale; fitted
like the two above (negative log-likelihood of the true class) on glyphs cut from photos rendered
in the training fonts."""
UNDERLINE_SURE = 0.96
"""Share of a 6/9 shape's probability given to the digit its underline points to."""
MIN_SCORE = 0.002
MAX_ALTERNATIVES = MAX_NAMED
"""A sure cell lists at most this many readings: as many as joint decoding names of an open
cell (:data:`models.grid.model.MAX_NAMED`; its other readings share one choice there)."""
UNSURE = DOUBT_SCORE
"""A cell whose best class scores below this (a doubtful reading) may be misread beyond its
top alternatives (glare across a stroke, blur, a font unlike any trained): it lists every
sticker, the ones the classifiers did not rank scored :data:`ANYTHING` / 36, so joint
decoding (digit counts, solved faces, reachability) can still find the truth. Confident
cells keep a short list: a wildcard on every cell would leave the grid solver too many
choices to search (a reading with many doubtful cells is searched briefly or refused:
:mod:`models.grid.hopeless`)."""
ANYTHING = 0.05
"""Probability that an unsure cell's classifier evidence is worthless (spread over all 36)."""
PLACES = 5
"""Decimal places a cell's hypothesis scores keep (what joint decoding tells apart)."""


@dataclass(frozen=True)
class CellEvidence:
    """What one cell shows: the ink body, the normalised glyph, the underline's rotation (a
    bar split off the ink), each classifier's log-scores over the 36 classes (index
    (digit-1)*4 + rot) and, for a 6/9 shape, ``six_odds`` = (r, p): the shape reads as a 6
    turned r, and the learned underline model gives probability p that it is that 6.
    ``doubt``: the share of belief :func:`hypotheses` spreads over every sticker
    (:func:`widened`) whatever the classifiers say, for a cell whose ink is suspect (its
    digit is not the size of the face's others: :mod:`vision.recognise.read_again`). ``counter``:
    the 36 classes' evidence from the glyph's counters
    (:func:`vision.recognise.counters.counter_logits`; None: none measured). ``light``: the ink was
    read as lighter than its sticker (the cell came inverted, :func:`vision.cells.warp.normalised`),
    what the foot test of the 1 asks of the face's print (:mod:`vision.recognise.footed`)."""

    body: np.ndarray
    glyph: np.ndarray | None
    underline_rot: int | None
    template: np.ndarray
    hog: np.ndarray
    six_odds: tuple[int, float] | None = None
    doubt: float = 0.0
    counter: np.ndarray | None = None
    light: bool = False


def template_scores(glyphs: np.ndarray, templates: TemplateSet, shift: int = 1) -> np.ndarray:
    """Best normalised correlation per class (N, 36) with the ``templates``
    (:attr:`vision.recognise.templates.TemplateSet.by_class`), over +-``shift`` pixel shifts (a
    class without templates scores -1)."""
    tpl, cls = templates.by_class
    pad = np.pad(glyphs, ((0, 0), (shift, shift), (shift, shift)))
    side = 2 * shift + 1
    shifted = np.stack([pad[:, dy:dy + GLYPH, dx:dx + GLYPH]
                        for dy in range(side) for dx in range(side)], axis=1)
    g = unit_rows(shifted.reshape(-1, GLYPH, GLYPH))
    corr = (g @ tpl.T).reshape(len(glyphs), side * side, -1).max(axis=1)
    best = np.full((len(glyphs), N_CLASSES), -1.0, np.float32)
    present, starts = np.unique(cls, return_index=True)
    if len(present):
        best[:, present] = np.maximum.reduceat(corr, starts, axis=1)
    return best


def analyse_cells(masks: list[np.ndarray], templates: TemplateSet, model: LinearModel,
                  cells: list[np.ndarray] | None = None, *,
                  underline: UnderlineModel | None = None) -> list[CellEvidence]:
    """Evidence for each cell's ink mask (see :class:`CellEvidence`). With the straightened
    ``cells`` themselves, a 6/9 shape is also judged by the learned underline model on its
    grey levels: ``underline`` (None: the shipped one,
    :func:`~.underline_model.shipped_underline_model`)."""
    parts = [split_underline(m) for m in masks]
    glyphs = [normalise_glyph(p.body) for p in parts]
    present = [i for i, g in enumerate(glyphs) if g is not None]
    tm = np.zeros((len(masks), N_CLASSES), np.float32)
    hg = np.full((len(masks), N_CLASSES), -np.log(N_CLASSES), np.float32)
    if present:
        stack = np.stack([glyphs[i] for i in present])
        tm[present] = template_scores(stack, templates)
        hg[present] = model.log_probs(hog_features(stack))
    ct = np.zeros((len(masks), N_CLASSES))
    for i in present if cells is not None else ():
        ct[i] = counter_logits(counter_vector(parts[i].body, cells[i]), templates.counter_vectors)
    odds: list[tuple[int, float] | None] = [None] * len(masks)
    if cells is not None:
        for i in present:
            six_rot = _six_shape(_votes(tm[i], hg[i], ct[i]))
            if six_rot is not None:
                odds[i] = _six_odds(cells[i], parts[i].body, six_rot, underline)
    light = [cells is not None and came_inverted(cells[i]) for i in range(len(masks))]
    return [CellEvidence(p.body, g, p.underline_rot, tm[i], hg[i], odds[i], counter=ct[i],
                         light=light[i]) for i, (p, g) in enumerate(zip(parts, glyphs))]


def _six_shape(votes: np.ndarray) -> int | None:
    """The turn r of "6 turned r" when the shape the classifiers prefer is a 6/9 one, else
    None. Shapes as :func:`hypotheses` ranks them: 6 turned r and 9 turned r+2 are one shape
    (the underline split off), so their shares are added. A 9 whose tail is lost to glare
    reads 6 and 9 at about a third each and a 4 above either: the 6/9 shape is the surer,
    and its underline decides which digit it is; taken by the single best class, the shape
    never asked the underline model, and its even split put the 4 on top."""
    p = _softmax(votes)
    shape = p.copy()
    for r in range(4):
        six, nine = (class_index(*s) for s in underlined_pair(r))
        shape[six] += p[nine]
        shape[nine] = 0.0
    best = int(np.argmax(shape))
    return six_turn(Sticker(best // 4 + 1, best % 4))


def _votes(template: np.ndarray, hog: np.ndarray,
           counter: np.ndarray | None = None) -> np.ndarray:
    """The two classifiers' log-scores combined (36 classes), the turns of each digit then
    reweighed by the counters' evidence (:func:`turned`)."""
    z = TEMPLATE_GAIN * template.astype(np.float64) + HOG_WEIGHT * hog
    return z if counter is None else turned(z, COUNTER_GAIN * counter)


def turned(z: np.ndarray, evidence: np.ndarray) -> np.ndarray:
    """Log-scores ``z`` (36 classes) with rotation ``evidence`` added within each digit: the
    shares of a digit's four turns move, the digit's total stays. The counters say which way
    a glyph with two bowls points, not whether it is an 8: a bold 9 whose tail curls shut
    shows two counters too, and must not become an 8 for it."""
    out = z.astype(np.float64)  # a copy
    for d in np.flatnonzero(evidence.reshape(-1, 4).any(axis=1)):  # the digits it turns
        e, g = evidence[4 * d:4 * d + 4], z[4 * d:4 * d + 4]
        out[4 * d:4 * d + 4] = g + e - np.logaddexp.reduce(g + e) + np.logaddexp.reduce(g)
    return out


def _six_odds(cell: np.ndarray, body: np.ndarray, six_rot: int,
              underline: UnderlineModel | None) -> tuple[int, float] | None:
    """(six_rot, probability that the 6/9 shape is a 6) from the learned underline model
    (``underline``, None: the shipped one), no surer either way than the model was right on
    held-out glyphs (the other digit always stays a candidate for joint decoding); None
    without a model or a usable glyph."""
    model = underline if underline is not None else shipped_underline_model()
    patch = end_patch(cell, body, six_rot, model.window) if model is not None else None
    if patch is None:
        return None
    p = float(model.six_probability(patch[None])[0])
    return six_rot, min(max(p, 1 - model.right), model.right)


def six_share(ev: CellEvidence, r: int, underlined_69: bool = True) -> float:
    """Share of the 6/9 shape "6 turned r" (= "9 turned r+2") that goes to the 6: from the
    bar split off the ink when there is one, else from the learned underline model, else
    half (both hypotheses kept)."""
    if not underlined_69:
        return 0.5
    u = ev.underline_rot
    if u is not None and u % 2 == r % 2:
        return UNDERLINE_SURE if u == r else 1 - UNDERLINE_SURE
    if ev.six_odds is not None and ev.six_odds[0] % 2 == r % 2:
        p = ev.six_odds[1]
        return p if ev.six_odds[0] == r else 1 - p
    return 0.5


def class_logits(ev: CellEvidence) -> np.ndarray:
    """Combined log-scores of the 36 classes (template + HOG + counters)."""
    if ev.glyph is None:
        return np.zeros(N_CLASSES)
    z = _votes(ev.template, ev.hog)
    return z if ev.counter is None else turned(z, COUNTER_GAIN * ev.counter)


def _softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max())
    return e / e.sum()


def hypotheses(ev: CellEvidence, underlined_69: bool = True,
               vote: np.ndarray | None = None) -> tuple[Hypothesis, ...]:
    """Scored alternatives for one cell, best first (scores sum to at most 1). ``vote``: one
    more voter's log-scores over the 36 stickers (the cell model's, :func:`cell_vote`),
    multiplied in (:func:`with_vote`). A sure cell lists only the glyph voters' top
    alternatives, and also those the vote raises into that top from below the list or holds
    likelier than its average sticker (:func:`_raised`): a reading the glyph voters rank low
    but the other voter sees stays a candidate for joint decoding (the broken ink cut of a
    blurred 8 reads as a 3 at 0.93 and lists no 8, which the cell model reads at 0.75).
    Where the glyph voters are sure of one reading and the vote holds another more likely
    than not, the cell is their even mixture, left in doubt (:func:`_torn`)."""
    return readings(ev, underlined_69, vote)[1]


def readings(ev: CellEvidence, underlined_69: bool = True, vote: np.ndarray | None = None
             ) -> tuple[tuple[Hypothesis, ...], tuple[Hypothesis, ...]]:
    """A cell's :func:`hypotheses` by the glyph voters alone, and with ``vote`` multiplied in
    (the same without one), from one ranking of its evidence: a reader that asks whether
    either is unsure (:mod:`vision.recognise.read_again`) needs both."""
    ranked = _ranked(ev, underlined_69)
    sure = ranked[0][1] >= UNSURE and ev.glyph is not None
    hyps = _short(ranked) if sure else _every(ranked)
    alone = widened(hyps, ev.doubt) if ev.doubt > 0 else hyps
    if vote is None:
        return alone, alone
    raised: tuple[Hypothesis, ...] = ()  # an odd-sized or unsure cell lists every sticker
    if sure and not ev.doubt:
        torn = _torn(ranked, vote)
        if torn:
            return alone, torn
        raised = _raised(ranked, vote, {h.sticker for h in hyps})
    return alone, with_vote(alone + raised, vote)


def _torn(ranked: list[tuple[Sticker, float]], vote: np.ndarray) -> tuple[Hypothesis, ...]:
    """Where the glyph voters are sure of one reading and the cell model holds another
    likelier than all the rest together (:data:`MORE_LIKELY_THAN_NOT`), one of them is
    wrong, not both half right: the product of their votes would make the glyph voters'
    reading surer still, as their ink cut gives a reading they all share (a heavy serif 3
    whose ball ends close on its middle is an 8 to each of them at 0.8-0.99, where the cell
    model, reading the cell itself, sees the 3 at 0.6-0.8). The reading is then their even
    mixture, a doubt that joint decoding settles. Each voter counts with its own
    distribution: the cell model's is its probabilities as it gives them (their temperature
    fitted on validation cells), not as :data:`CELL_WEIGHT` tempers them for the product.
    Empty where they agree, or where the cell model names no reading more likely than not."""
    index = _classes()
    own = _own(vote)[[index[s] for s, _ in ranked]]  # all 36
    top = int(np.argmax(own))
    if own[top] <= MORE_LIKELY_THAN_NOT or top == 0:
        return ()
    mixed = 0.5 * np.array([v for _, v in ranked]) + 0.5 * own
    best = np.argsort(-mixed, kind="stable")[:MAX_ALTERNATIVES]
    return tuple(Hypothesis(ranked[k][0], round(float(mixed[k]), PLACES)) for k in best)


def _own(vote: np.ndarray) -> np.ndarray:
    """The cell model's own probabilities over the 36 stickers from its vote
    (:func:`cell_vote`): the vote without :data:`CELL_WEIGHT`, still scaled by the model's
    probability that the cell shows a digit at all."""
    z = vote / CELL_WEIGHT
    return np.exp(z - np.logaddexp.reduce(z))


def _raised(ranked: list[tuple[Sticker, float]], vote: np.ndarray,
            listed: set[Sticker]) -> tuple[Hypothesis, ...]:
    """The stickers not ``listed`` that ``vote`` holds possible, each with the glyph voters'
    own score (the vote is multiplied in afterwards, with the rest): those the glyph voters'
    full distribution (``ranked``) with the vote multiplied in puts among its top
    alternatives (:func:`_short`), and those the vote alone holds likelier than its average
    sticker (a vote that sees no digit is flat and holds none so). The glyph voters all read
    one ink cut, so a cut that misleads one misleads them all alike (a heavy 3 whose notches
    blur shut is an 8 to each of them, far below their list); the cell model, reading the
    cell itself, may still name the 3 beside the 8 it also sees."""
    own = _vote_factors([s for s, _ in ranked], vote)
    w = np.array([v for _, v in ranked]) * own
    order = np.argsort(-w, kind="stable")
    total, average = w.sum(), own.mean()  # once, not once per sticker
    top = [h.sticker for h in _short([(ranked[k][0], float(w[k] / total)) for k in order])]
    top += [ranked[k][0] for k in np.argsort(-own, kind="stable") if own[k] > average]
    glyph = dict(ranked)
    return tuple(Hypothesis(s, round(glyph[s], PLACES)) for s in dict.fromkeys(top)
                 if s not in listed)


def _vote_factors(stickers: Sequence[Sticker], vote: np.ndarray) -> np.ndarray:
    """The factor by which ``vote`` (log-scores over the 36 stickers) multiplies each of
    ``stickers``' scores: one more voter's evidence added to a reading."""
    index = _classes()
    return np.exp(vote[[index[s] for s in stickers]])


def _ranked(ev: CellEvidence, underlined_69: bool) -> list[tuple[Sticker, float]]:
    """The classifiers' probability of every sticker for one cell, best first (see
    :func:`hypotheses`)."""
    p = _softmax(class_logits(ev)).tolist()
    probs: dict[Sticker, float] = {}
    for turn, s, k, nine, j in _shapes():
        if turn is None:
            probs[s] = p[k]
            continue
        # one 6/9 shape: 6 turned r looks like 9 turned r+2 once the underline is gone
        mass = p[k] + p[j]
        share = six_share(ev, turn, underlined_69)
        probs[s] = mass * share
        probs[nine] = mass * (1 - share)
    return sorted(probs.items(), key=lambda kv: -kv[1])


@lru_cache(maxsize=None)
def _shapes() -> tuple[tuple[int | None, Sticker, int, Sticker | None, int], ...]:
    """The shapes :func:`_ranked` scores, in its order, each once (a 9 is read with the 6 of
    its shape): (turn, sticker, its class, None, 0) for a sticker alone, (r, the 6 turned r,
    its class, the 9 turned r + 2, its class) for a 6/9 shape. Named once, not for each
    cell's every reading: a face's readings name the 36 stickers hundreds of times."""
    out: list[tuple[int | None, Sticker, int, Sticker | None, int]] = []
    for d in DIGITS:
        for r in range(4):
            s = Sticker(d, r)
            if shape_of(s) != s:
                continue  # a 9: read with the 6 of its shape
            if six_turn(s) is None:
                out.append((None, s, class_index(d, r), None, 0))
                continue
            six, nine = underlined_pair(r)
            out.append((r, six, class_index(*six), nine, class_index(*nine)))
    return tuple(out)


@lru_cache(maxsize=None)
def _classes() -> Mapping[Sticker, int]:
    """Each sticker's class (:func:`vision.recognise.hog.class_index`), looked up where a
    vote's factors are taken for a cell's every reading."""
    return MappingProxyType({Sticker(d, r): class_index(d, r) for d in DIGITS for r in range(4)})


def _every(ranked: list[tuple[Sticker, float]]) -> tuple[Hypothesis, ...]:
    """An unsure cell's alternatives: every sticker, each at least :data:`ANYTHING` / 36
    (see :data:`UNSURE`)."""
    floor = ANYTHING / len(ranked)
    return tuple(Hypothesis(s, round(max((1 - ANYTHING) * v + floor, floor), PLACES))
                 for s, v in ranked)


def _short(ranked: list[tuple[Sticker, float]]) -> tuple[Hypothesis, ...]:
    """A sure cell's alternatives: its top :data:`MAX_ALTERNATIVES` that score at least
    :data:`MIN_SCORE` (at least its best)."""
    out = [Hypothesis(s, round(v, PLACES)) for s, v in ranked[:MAX_ALTERNATIVES]
           if v >= MIN_SCORE]
    return tuple(out) or (Hypothesis(ranked[0][0], round(ranked[0][1], PLACES)),)


def cell_vote(cell: np.ndarray) -> np.ndarray:
    """The cell model's vote over the 36 stickers: its log-probabilities (``cell``, the 36
    classes and "no digit") given that the cell shows a digit, scaled by :data:`CELL_WEIGHT`
    and by its probability that there is a digit at all, so that where it sees none (a
    window off the sticker, a look it never learnt) it abstains instead of naming one. The
    cell model reads the straightened cell, not the ink cut, so it votes alike on every cut
    of one cell (:mod:`vision.recognise.read_again`) save those that move the cell's window
    or turn its polarity, which it reads anew; :func:`hypotheses` multiplies it in."""
    lp = cell[:NONE].astype(np.float64)
    seen = 1.0 - float(np.exp(cell[NONE]))
    return CELL_WEIGHT * seen * (lp - np.logaddexp.reduce(lp))


def with_vote(hyps: tuple[Hypothesis, ...], vote: np.ndarray,
              unlisted: float | None = None) -> tuple[Hypothesis, ...]:
    """A cell's hypotheses with one more voter's log-scores over the 36 stickers (``vote``,
    indexed by :func:`vision.recognise.hog.class_index`) multiplied in, best first: each
    voter adds its evidence to the reading the others made, whatever cuts that reading came
    from. ``unlisted``: the voter's log-score for the stickers the hypotheses leave out (the
    score they do not hold); None keeps the hypotheses' total as it was."""
    if not hyps:
        return hyps
    score = np.array([float(h.score or 0.0) for h in hyps])
    w = score * _vote_factors([h.sticker for h in hyps], vote)
    if w.sum() <= 0:
        return hyps
    if unlisted is None:
        w *= score.sum() / w.sum()
    else:
        w /= w.sum() + max(0.0, 1.0 - score.sum()) * float(np.exp(unlisted))
    order = np.argsort(-w, kind="stable")
    return tuple(Hypothesis(hyps[k].sticker, min(round(float(w[k]), PLACES), 1.0)) for k in order)


def widened(hyps: tuple[Hypothesis, ...], doubt: float) -> tuple[Hypothesis, ...]:
    """A cell's hypotheses made doubtful: each keeps ``1 - doubt`` of its score and every
    sticker (the 36 of nine digits in four turns) gets ``doubt`` / 36 beside, so joint
    decoding may choose any of them. For a cell whose evidence is suspect whatever the
    classifiers say (its digit is not the size of the face's others)."""
    score = {h.sticker: (1 - doubt) * (h.score or 0.0) for h in hyps}
    for d in DIGITS:
        for r in range(4):
            s = Sticker(d, r)
            score[s] = score.get(s, 0.0) + doubt / N_CLASSES
    ranked = sorted(score.items(), key=lambda kv: -kv[1])
    return tuple(Hypothesis(s, round(v, PLACES)) for s, v in ranked)
