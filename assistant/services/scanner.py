"""The live scanner's logic, without camera or terminal: readings of frames come in, faces get
captured once the reading holds still over several frames (or on request), and the session is
saved after every captured face. A face that cannot be saved (a full disk) is kept in memory
and saved with the next one; :attr:`Scanner.saved` says how many faces are on disk.

A reading that matches a face already captured is not taken again (the person is still showing
it, or a resumed scan replays faces it has); the scanner says which face it thinks it saw.
The phone page of ``serve`` refuses such a face photo by the same rule and words
(:func:`repeated_face`, :func:`repeat_words`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

import numpy as np

from ...models.cube.stickers import Hypothesis, Sticker
from ...models.profile import CubeSettings
from ...storage.write_errors import WriteFailed
from .face_poses import SCAN_ORDER, captured_centres, face_name, show_title
from .sessions import CapturedFace, ScanSession

STABLE_FRAMES = 3
"""Consecutive frames with the same reading before a face is captured by itself."""
SLACK_FRAMES = 3
"""Frames in the window beyond ``stable_frames``: misses or odd readings that are forgiven."""
SAME_FACE_STICKERS = 7
"""A reading sharing this many stickers (same place) with a captured face is that face."""


@dataclass(frozen=True)
class Observation:
    """What the reader made of one frame: 9 stickers with alternatives, where the face is."""

    stickers: tuple[Sticker, ...]
    candidates: tuple[tuple[Hypothesis, ...], ...]
    confidence: float = 1.0
    quad: np.ndarray | None = None  # 4x2 corner points in the frame, when known
    ones: tuple[int, int] = (0, 0)  # 1s read clearly enough to judge, and how many are footed
    blank: tuple[int, ...] = ()  # stickers (0-8) on which no digit was seen


@dataclass(frozen=True)
class ScanEvent:
    """Something the person should be told: kind is 'captured', 'seen-before', 'steady', 'done'."""

    kind: str
    face: str | None = None
    message: str = ""


def _same(a: Sequence[Sticker | None], b: Sequence[Sticker | None]) -> int:
    return sum(1 for x, y in zip(a, b) if x is not None and x == y)


def repeated_face(stickers: Sequence[Sticker | None],
                  captured: Mapping[str, Sequence[Sticker | None]],
                  face: str | None = None) -> str | None:
    """The face of ``captured`` (face -> its nine stickers) that ``stickers`` read as again:
    :data:`SAME_FACE_STICKERS` of them the same in the same places; None when none is. A
    sticker None (no digit seen there) matches nothing, so two dark or blank photos are not
    taken for the same face. ``face``: the face these stickers are taken for, left out (a
    retake of it is no repeat). The scan and the phone page of ``serve`` both refuse such a
    face."""
    for other, seen in captured.items():
        if other != face and _same(stickers, seen) >= SAME_FACE_STICKERS:
            return other
    return None


def repeat_words(before: str, face: str, centres: Mapping[str, Sticker],
                 settings: CubeSettings = CubeSettings(), show: str = "show",
                 turned: Sequence[Mapping[str, Sticker]] = ()) -> str:
    """'this is centre 7 (U) again (already captured); show the face on the right (R)': a
    reading of ``face`` that repeats the captured face ``before``, and what to ``show``
    instead (the phone page says "photograph"), the faces named by ``centres``
    (:func:`face_name`, :func:`show_title`, which take ``turned``)."""
    return (f"this is {face_name(before, centres, settings, turned)} again (already "
            f"captured); {show} {show_title(face, centres, settings, turned)}")


@dataclass
class Scanner:
    """Capture the faces of :data:`SCAN_ORDER` one after another into ``session``."""

    session: ScanSession = field(default_factory=ScanSession)
    stable_frames: int = STABLE_FRAMES
    min_confidence: float = 0.3
    save: bool = True
    recent: list[Observation | None] = field(default_factory=list)
    last_event: ScanEvent | None = None
    saved: int = -1
    """Faces of the session on disk (a resumed session's count at the start, else 0)."""
    unsaved: WriteFailed | None = None
    """Why the last save failed (None: every captured face is on disk)."""
    wrote: bool = False
    """Whether this scan has written its session (the file an earlier scan left stays as it
    was until then)."""
    known: dict[str, Sticker] = field(default_factory=dict)
    """Centres of faces seen in this scan, kept when a face is retaken (it is named by its
    centre digit when it is asked for again)."""
    settings: CubeSettings = field(default_factory=CubeSettings)
    """The cube's settings (``--symmetric``, the profile's): the hold words compare centres
    as they look on it."""

    def __post_init__(self) -> None:
        if self.saved < 0:
            self.saved = len(self.session.faces)
        self.known = {**self.known, **self.centres}

    @property
    def next_face(self) -> str | None:
        """The face to show now (None when all six are captured)."""
        missing = self.session.missing(SCAN_ORDER)
        return missing[0] if missing else None

    @property
    def centres(self) -> dict[str, Sticker]:
        """The centre stickers of the faces captured so far (faces are named by them)."""
        return captured_centres({f: c.stickers for f, c in self.session.faces.items()})

    @property
    def names(self) -> dict[str, Sticker]:
        """The centres by which faces are named: those captured, and those seen before a
        retake."""
        return {**self.known, **self.centres}

    @property
    def steadiness(self) -> int:
        """How many of the recent frames show the latest reading (for 'hold still').

        Frames without a face in between do not reset it (a live detector misses a frame now
        and then); different readings push it out of the window.
        """
        latest = next((o for o in reversed(self.recent) if o is not None), None)
        if latest is None:
            return 0
        return sum(1 for o in self.recent if o is not None and o.stickers == latest.stickers)

    def seen_before(self, obs: Observation) -> str | None:
        """The captured face this reading looks like, if any."""
        return repeated_face(obs.stickers, {f: c.stickers
                                            for f, c in self.session.faces.items()})

    def feed(self, obs: Observation | None) -> ScanEvent | None:
        """Take one frame's reading (None: no face found); return an event when one happens."""
        if self.next_face is None:
            return None
        if obs is not None and obs.confidence < self.min_confidence:
            obs = None
        self.recent = (self.recent + [obs])[-(self.stable_frames + SLACK_FRAMES):]
        if obs is None or self.steadiness < self.stable_frames:
            return None
        return self.capture(obs)

    def capture(self, obs: Observation, force: bool = False) -> ScanEvent | None:
        """Capture ``obs`` as the next face (``force``: even if it looks like a captured one)."""
        face = self.next_face
        if face is None:
            return None
        before = self.seen_before(obs)
        if before is not None and not force:
            event = ScanEvent("seen-before", before,
                              repeat_words(before, face, self.names, self.settings))
            if self.last_event != event:
                self.last_event = event
                return event
            return None
        self.session.faces[face] = CapturedFace(obs.stickers, obs.candidates, obs.ones,
                                                 obs.blank)
        self.known[face] = self.centres[face]
        self.save_session()
        self.recent.clear()
        tokens = " ".join(s.token for s in obs.stickers)
        note = "" if self.unsaved is None else (
            f" (not saved: {self.unsaved.path}: {self.unsaved.reason}; {self.unsaved.fix}; "
            "the scan keeps the face and saves it with the next one)")
        self.last_event = ScanEvent("captured", face, f"captured {self.name(face)}: "
                                                      f"{tokens}{note}")
        return self.last_event

    def name(self, face: str) -> str:
        """A captured face as the scan names it (:func:`face_name` on its settings)."""
        return face_name(face, self.centres, self.settings)

    def save_session(self) -> bool:
        """Write the session (when ``save``); a disk problem is remembered in :attr:`unsaved`,
        the faces stay in memory. Returns True when every captured face is on disk."""
        if not self.save:
            return True
        try:
            self.session.save()
        except WriteFailed as e:
            self.unsaved = e
            return False
        self.unsaved, self.saved, self.wrote = None, len(self.session.faces), True
        return True

    def retake(self, face: str) -> None:
        """Forget a captured face so that it is scanned again next."""
        self.session.faces.pop(face, None)
        self.recent.clear()
        self.last_event = None
        self.save_session()

    def last_captured(self) -> str | None:
        """The most recently captured face in scan order (for 'retake the last one')."""
        captured = [f for f in SCAN_ORDER if f in self.session.faces]
        return captured[-1] if captured else None
