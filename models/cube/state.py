"""Immutable cube states: 6*n*n stickers in net order, with optional reading candidates."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from .geometry import FACES
from .moves import Move, parse_moves, sequence_transform
from .stickers import Hypothesis, Sticker
from .transform import Transform


@dataclass(frozen=True)
class CubeState:
    """A cube as 6*n*n stickers, faces U R F D L B, each face row by row (docs/conventions.md).

    ``candidates`` (optional) holds, per sticker, the alternatives a reading found, best
    first; ``stickers`` then holds the best of each. ``priors`` (optional) holds, for each
    sticker a person typed (a correction, certain from then on), the alternatives the photos
    gave it before, and None for the others: a typed token is trusted, but when no solved
    cube allows it with the rest of the reading it is the likely slip, and what the photo saw
    is the reading to fall back on (:mod:`models.grid.diagnosis`). ``held``: the typed
    stickers the person insisted on (typed as the photo read them, or typed again as they
    stood), hard: never a suspect (:meth:`insisted`). ``accepted``: the stickers whose grid's
    choice the person took with ``y`` (:meth:`with_accepted`): not typed, their ``priors``
    entry is what the photo read (:meth:`photo_reading`), never a suspect's prior.
    """

    stickers: tuple[Sticker, ...]
    n: int = 3
    candidates: tuple[tuple[Hypothesis, ...], ...] | None = field(default=None, compare=False)
    priors: tuple[tuple[Hypothesis, ...] | None, ...] | None = field(default=None,
                                                                     compare=False)
    held: frozenset[int] = field(default=frozenset(), compare=False)
    accepted: frozenset[int] = field(default=frozenset(), compare=False)

    def __post_init__(self) -> None:
        if len(self.stickers) != 6 * self.n * self.n:
            raise ValueError(f"a {self.n}x{self.n}x{self.n} state has {6 * self.n * self.n} "
                             f"stickers, got {len(self.stickers)}")

    @staticmethod
    def from_faces(faces: dict[str, Iterable[Sticker]], n: int = 3,
                   candidates: dict[str, Iterable[tuple[Hypothesis, ...]]] | None = None
                   ) -> "CubeState":
        """Build from a mapping face letter -> its stickers in net order (and, for a reading,
        face letter -> each sticker's candidates, in the same order)."""
        stickers = tuple(s for f in FACES for s in faces[f])
        if candidates is None:
            return CubeState(stickers, n)
        return CubeState(stickers, n, tuple(c for f in FACES for c in candidates[f]))

    def face(self, face: str) -> tuple[Sticker, ...]:
        """The n*n stickers of one face in net order."""
        k = FACES.index(face) * self.n * self.n
        return self.stickers[k:k + self.n * self.n]

    def faces(self) -> dict[str, tuple[Sticker, ...]]:
        """All faces as a mapping in U R F D L B order."""
        return {f: self.face(f) for f in FACES}

    def transformed(self, t: Transform) -> "CubeState":
        """The state after a sticker transform (candidates and priors move along)."""
        stickers = tuple(self.stickers[s].turned(k) for s, k in zip(t.source, t.twist))

        def moved(per: tuple[tuple[Hypothesis, ...] | None, ...] | None
                  ) -> tuple[tuple[Hypothesis, ...] | None, ...] | None:
            if per is None:
                return None
            return tuple(None if per[s] is None else
                         tuple(Hypothesis(h.sticker.turned(k), h.score) for h in per[s])
                         for s, k in zip(t.source, t.twist))

        held = frozenset(j for j, s in enumerate(t.source) if s in self.held)
        accepted = frozenset(j for j, s in enumerate(t.source) if s in self.accepted)
        return CubeState(stickers, self.n, moved(self.candidates), moved(self.priors), held,
                         accepted)

    def apply(self, moves: str | Iterable[Move]) -> "CubeState":
        """The state after a move sequence (notation text or parsed moves)."""
        seq = parse_moves(moves) if isinstance(moves, str) else tuple(moves)
        return self.transformed(sequence_transform(seq, self.n))

    def hypotheses(self, index: int) -> tuple[Hypothesis, ...]:
        """The alternatives for one sticker (just the sticker itself when certain)."""
        if self.candidates is not None and self.candidates[index]:
            return self.candidates[index]
        return (Hypothesis(self.stickers[index], None),)

    def without_candidates(self) -> "CubeState":
        """The best reading only."""
        return CubeState(self.stickers, self.n)

    def prior(self, index: int) -> tuple[Hypothesis, ...] | None:
        """What the photos read for a sticker a person typed otherwise than the photo read it
        best and did not insist on (best first): a suspect when no solved cube allows the
        reading; None for a sticker not typed, typed as the photo read it (only confirmed),
        insisted on (:meth:`insisted`), taken with ``y`` (:attr:`accepted`), or typed where
        no photo's alternatives were known.
        The rule the state file uses to mark a correction
        (:func:`models.cube.state_format.written_candidates`)."""
        p = self.photo_reading(index)
        return p if p and p[0].sticker != self.stickers[index] and index not in self.held \
            and index not in self.accepted else None

    def photo_reading(self, index: int) -> tuple[Hypothesis, ...] | None:
        """What the photos read for a sticker a person typed, insisted on or not, or took
        with ``y`` (best first); None for a sticker neither typed nor taken, or typed where no
        photo's alternatives were known. The reading a message offers to take back."""
        return None if self.priors is None else self.priors[index] or None

    def typed_stickers(self) -> tuple[int, ...]:
        """The stickers a person typed that keep the photo's reading (:meth:`prior`): the
        suspects when no solved cube allows the reading."""
        return () if self.priors is None else tuple(
            i for i in range(len(self.stickers)) if self.prior(i) is not None)

    def typed_by_hand(self) -> tuple[int, ...]:
        """Every sticker a person typed and did not take back with ``y``: those held as typed
        (:meth:`insisted`) and those still suspect (:meth:`typed_stickers`), in order."""
        return tuple(sorted(set(self.typed_stickers()) | self.held))

    def insisted(self) -> tuple[int, ...]:
        """The stickers a person typed as the photo read them (confirmed), or typed again as
        they stood after being named as the likely slip: hard, never a suspect (the
        diagnosis looks elsewhere)."""
        return tuple(sorted(self.held))

    def with_sticker(self, index: int, sticker: Sticker, *, typed: bool = False
                     ) -> "CubeState":
        """A copy with one sticker replaced (its candidates become certain). ``typed``: a
        person typed it (a correction). The alternatives read before (the photo's, kept from
        the first typing) are kept (:meth:`photo_reading`); typed otherwise than the photo
        read them best, they are its :meth:`prior`, and it is a suspect when no solved cube
        allows the reading; typed as the photo read it, or typed again as it stands (the
        person insists after it was named as the likely slip), it is hard
        (:meth:`insisted`). A sticker taken with ``y`` (:attr:`accepted`) typed is typed
        for the first time: its photo's reading is what the photo read, not the choice taken."""
        stickers = list(self.stickers)
        stickers[index] = sticker
        cands = None
        if self.candidates is not None:
            cl = list(self.candidates)
            cl[index] = (Hypothesis(sticker, 1.0),)
            cands = tuple(cl)
        priors, held = self.priors, self.held
        if typed and self.candidates is not None:
            raw = self.photo_reading(index)
            photo = raw or self.hypotheses(index)
            # typed before (not only taken with y), and typed again as it stands
            again = raw is not None and index not in self.accepted \
                and self.stickers[index] == sticker
            priors = _with_prior(priors, index, photo, len(self.stickers))
            held = held | {index} if again or photo[0].sticker == sticker else held - {index}
        elif index in self.accepted:
            priors = _with_prior(priors, index, None, len(self.stickers))
        return CubeState(tuple(stickers), self.n, cands, priors, held, self.accepted - {index})

    def with_accepted(self, index: int, sticker: Sticker, rival: Sticker | None = None
                      ) -> "CubeState":
        """A copy where the person took ``sticker``, the grid's choice for a sticker it was
        not sure of, with ``y``: a reading, not a correction. ``y`` only says the person did
        not object, so the sticker stays as soft as a photo's reading, a little stronger:
        ``sticker`` first at score 1, the photo's other readings (those before any typing)
        and the ``rival`` the person was shown kept behind it at :data:`ACCEPTED_RIVAL` of
        it or less. The grid is then sure of it, yet a later correction that no solved cube
        allows with it wins, and the grid asks about this sticker again (a reading
        overruled) instead of naming the correction as the slip. What the photo read stays
        its :meth:`photo_reading` (not a :meth:`prior`: it is not typed), so a token typed
        for it later is weighed against the photo, and a state file keeps it."""
        if self.candidates is None:
            return self.with_sticker(index, sticker)
        photo = self.photo_reading(index) or self.hypotheses(index)
        rest = [h for h in photo if h.sticker != sticker]
        top = max((h.score or 0.0 for h in rest), default=0.0)
        scale = min(1.0, ACCEPTED_RIVAL / top) if top > 0 else 1.0
        behind = [Hypothesis(h.sticker, (h.score or 0.0) * scale) for h in rest]
        if rival is not None and rival != sticker and all(h.sticker != rival for h in rest):
            behind.append(Hypothesis(rival, ACCEPTED_RIVAL))  # what the person was asked
        cl = list(self.candidates)
        cl[index] = (Hypothesis(sticker, 1.0),) + tuple(
            sorted(behind, key=lambda h: -(h.score or 0.0)))
        stickers = list(self.stickers)
        stickers[index] = sticker
        priors = _with_prior(self.priors, index, photo, len(self.stickers))
        return CubeState(tuple(stickers), self.n, tuple(cl), priors, self.held - {index},
                         self.accepted | {index})

    def accepted_rival(self, index: int) -> Sticker | None:
        """For a sticker taken with ``y`` (:attr:`accepted`), the rival the person was shown
        where the photo never read it (kept behind the choice by :meth:`with_accepted`);
        None otherwise. What a state file writes to rebuild the sticker."""
        photo = self.photo_reading(index)
        if index not in self.accepted or not photo or self.candidates is None:
            return None
        read = {h.sticker for h in photo}
        return next((h.sticker for h in self.candidates[index][1:] if h.sticker not in read),
                    None)


def _with_prior(priors: tuple[tuple[Hypothesis, ...] | None, ...] | None, index: int,
                photo: tuple[Hypothesis, ...] | None, count: int
                ) -> tuple[tuple[Hypothesis, ...] | None, ...] | None:
    """``priors`` with one sticker's entry set to ``photo`` (None when no entry is left)."""
    pl = list(priors or (None,) * count)
    pl[index] = photo
    return tuple(pl) if any(p is not None for p in pl) else None


ACCEPTED_RIVAL = 0.05
"""Score, relative to the reading a person took with ``y`` (score 1), that its other
readings keep at most (:meth:`CubeState.with_accepted`): each is then more than
:data:`models.grid.doubt.REVIEW_MARGIN` less likely, so the grid is sure of the reading taken,
and one of them chosen later (a correction elsewhere that the reading taken does not fit)
is a reading overruled, which the grid asks about again."""


def sticker_name(index: int, n: int = 3) -> str:
    """Net name of a sticker index, e.g. 0 -> 'U1', 20 -> 'F3'."""
    per = n * n
    return f"{FACES[index // per]}{index % per + 1}"


def sticker_index(name: str, n: int = 3) -> int:
    """Index of a net name such as 'F7'; raise ValueError when it is not one."""
    name = name.strip().upper()
    if len(name) < 2 or name[0] not in FACES or not name[1:].isdigit():
        raise ValueError(f"{name!r} is not a sticker position; use a face letter and 1-{n * n}, "
                         f"e.g. F7")
    k = int(name[1:])
    if not 1 <= k <= n * n:
        raise ValueError(f"{name!r}: stickers of a face are numbered 1-{n * n}")
    return FACES.index(name[0]) * n * n + k - 1
