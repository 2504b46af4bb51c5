"""Which of 6 and 9 this cube underlines, learnt from its own photos.

Most cubes underline both 6 and 9; some print the bar under one of them only (the black
Sudoku Cube of the product photo underlines its 9s, its 6s stand bare). A bare 6/9 shape then
carries no bar for the underline model to find, and its 6-or-9 share stays near even. When,
across the faces read together (the three of a corner photo, the six of a cube), every bar
seen names the same digit, at least :data:`MIN_BARRED` times, the cube marks that digit only,
and the bare shapes are the other one. Whatever the print, that is also right when a cube
underlines both but the pipeline loses the bar of one digit only (a 6's bar merged into its
bowl): the bars seen still name one digit and the bare shapes are the other. A bar lost here
and there (glare) leaves bars on both digits, and nothing changes.
"""
from __future__ import annotations

import dataclasses
from typing import Mapping, Protocol, TypeVar

from ...models.cube.stickers import DOUBT_SCORE, Hypothesis, Sticker
from .evidence import PLACES, UNDERLINE_SURE, CellEvidence
from .print_facts import NINE, SIX, six_turn, underlined_pair


class ReadFace(Protocol):
    """What the convention needs of a face's reading (a
    :class:`vision.reading.faces.FaceReading`, which the reading stage hands in: recognising
    comes before reading, so this stage names only the fields it reads and replaces)."""

    @property
    def stickers(self) -> tuple[Sticker, ...]: ...

    @property
    def candidates(self) -> tuple[tuple[Hypothesis, ...], ...]: ...

    @property
    def evidence(self) -> tuple[CellEvidence, ...]: ...


FaceReading = TypeVar("FaceReading", bound=ReadFace)
"""A face's reading, handed back of the same type with its 6/9 candidates re-split."""

MIN_BARRED = 2
"""Bars that must name the same digit (and none the other) before the bare shapes are read as
the other digit."""
BARE_SURE = UNDERLINE_SURE
"""Share of a bare 6/9 shape's probability given to the digit the cube prints without a bar
(the other stays a candidate for joint decoding): its missing bar points to that digit as
surely as a bar seen points to its own."""
DECISIVE = DOUBT_SCORE
"""The learned underline model counts as having seen a bar when its reading is not in doubt:
it gives one digit at least this probability. A bare shape is one it leaves between
1 - 0.75 and 0.75."""
BARE_BAND = 0.75


def _bar_digit(ev, six_rot: int) -> int | None:
    """The digit a cell's bar names (6 or 9); 0 for a bare shape; None when undecided."""
    u = ev.underline_rot
    if u is not None and u % 2 == six_rot % 2:
        return SIX if u == six_rot else NINE
    odds = ev.six_odds
    if odds is None or odds[0] != six_rot:
        return None
    p = odds[1]
    if p >= DECISIVE or p <= 1 - DECISIVE:
        return SIX if p >= DECISIVE else NINE
    return 0 if 1 - BARE_BAND <= p <= BARE_BAND else None


def bare_digit(faces: Mapping[str, FaceReading]) -> int | None:
    """The digit (6 or 9) these faces print without a bar, or None when their bars do not
    say so (bars on both digits, too few bars, or no bare shape)."""
    named = {SIX: 0, NINE: 0}
    bare = 0
    for r in faces.values():
        for s, ev in zip(r.stickers, r.evidence):
            turn = six_turn(s)
            if turn is None or ev.glyph is None:
                continue
            d = _bar_digit(ev, turn)
            if d == 0:
                bare += 1
            elif d is not None:
                named[d] += 1
    for marked, other in ((NINE, SIX), (SIX, NINE)):
        if named[marked] >= MIN_BARRED and named[other] == 0 and bare:
            return other
    return None


def _resplit(cands: tuple[Hypothesis, ...], six_rot: int, digit: int) -> tuple[Hypothesis, ...]:
    """The candidates with the 6/9 shape's mass split :data:`BARE_SURE` to ``digit``."""
    six, nine = underlined_pair(six_rot)
    mass = sum(h.score or 0.0 for h in cands if h.sticker in (six, nine))
    share = BARE_SURE if digit == SIX else 1 - BARE_SURE
    rest = [h for h in cands if h.sticker not in (six, nine)]
    new = rest + [Hypothesis(six, round(mass * share, PLACES)),
                  Hypothesis(nine, round(mass * (1 - share), PLACES))]
    return tuple(sorted(new, key=lambda h: -(h.score or 0.0)))


def with_convention(faces: Mapping[str, FaceReading], underlined_69: bool = True
                    ) -> dict[str, FaceReading]:
    """The readings with their bare 6/9 shapes read as the digit the cube prints without a
    bar (:func:`bare_digit`); unchanged when the bars do not say, or the cube is known to
    print no underlines (``underlined_69`` False)."""
    digit = bare_digit(faces) if underlined_69 else None
    if digit is None:
        return dict(faces)
    out = {}
    for f, r in faces.items():
        cands = list(r.candidates)
        for i, (s, ev) in enumerate(zip(r.stickers, r.evidence)):
            turn = six_turn(s)
            if turn is not None and ev.glyph is not None and _bar_digit(ev, turn) == 0:
                cands[i] = _resplit(cands[i], turn, digit)
        out[f] = dataclasses.replace(
            r, stickers=tuple(c[0].sticker for c in cands), candidates=tuple(cands),
            confidence=tuple(float(c[0].score or 0.0) for c in cands))
    return out
