"""The live scanner's logic, without camera or terminal: readings of frames come in, faces get
captured once the reading holds still over several frames (or on request), and the session is
saved after every captured face.

A reading that matches a face already captured is not taken again (the person is still showing
it, or a resumed scan replays faces it has); the scanner says which face it thinks it saw.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from assistant.scan_protocol import SCAN_ORDER
from assistant.sessions import CapturedFace, ScanSession
from models.stickers import Hypothesis, Sticker

STABLE_FRAMES = 4
"""Consecutive frames with the same reading before a face is captured by itself."""
SAME_FACE_STICKERS = 7
"""A reading sharing this many stickers (same place) with a captured face is that face."""


@dataclass(frozen=True)
class Observation:
    """What the reader made of one frame: 9 stickers with alternatives, where the face is."""

    stickers: tuple[Sticker, ...]
    candidates: tuple[tuple[Hypothesis, ...], ...]
    confidence: float = 1.0
    quad: Any = None  # 4x2 corner points in the frame, when known


@dataclass(frozen=True)
class ScanEvent:
    """Something the person should be told: kind is 'captured', 'seen-before', 'steady', 'done'."""

    kind: str
    face: str | None = None
    message: str = ""


def _same(a: Sequence[Sticker], b: Sequence[Sticker]) -> int:
    return sum(1 for x, y in zip(a, b) if x == y)


@dataclass
class Scanner:
    """Capture the faces of :data:`SCAN_ORDER` one after another into ``session``."""

    session: ScanSession = field(default_factory=ScanSession)
    stable_frames: int = STABLE_FRAMES
    min_confidence: float = 0.3
    save: bool = True
    recent: list[Observation] = field(default_factory=list)
    last_event: ScanEvent | None = None

    @property
    def next_face(self) -> str | None:
        """The face to show now (None when all six are captured)."""
        missing = self.session.missing(SCAN_ORDER)
        return missing[0] if missing else None

    @property
    def steadiness(self) -> int:
        """How many of the last frames agree (for the 'hold still' display)."""
        if not self.recent:
            return 0
        last = self.recent[-1].stickers
        k = 0
        for obs in reversed(self.recent):
            if obs.stickers != last:
                break
            k += 1
        return k

    def seen_before(self, obs: Observation) -> str | None:
        """The captured face this reading looks like, if any."""
        for face, captured in self.session.faces.items():
            if _same(obs.stickers, captured.stickers) >= SAME_FACE_STICKERS:
                return face
        return None

    def feed(self, obs: Observation | None) -> ScanEvent | None:
        """Take one frame's reading (None: no face found); return an event when one happens."""
        if self.next_face is None:
            return None
        if obs is None or obs.confidence < self.min_confidence:
            self.recent.clear()
            return None
        self.recent = (self.recent + [obs])[-self.stable_frames:]
        if self.steadiness < self.stable_frames:
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
                              f"this is face {before} again (already captured); show face {face}")
            if self.last_event != event:
                self.last_event = event
                return event
            return None
        self.session.faces[face] = CapturedFace(obs.stickers, obs.candidates)
        if self.save:
            self.session.save()
        self.recent.clear()
        tokens = " ".join(s.token for s in obs.stickers)
        self.last_event = ScanEvent("captured", face, f"captured face {face}: {tokens}")
        return self.last_event

    def retake(self, face: str) -> None:
        """Forget a captured face so that it is scanned again next."""
        self.session.faces.pop(face, None)
        self.recent.clear()
        self.last_event = None
        if self.save:
            self.session.save()

    def last_captured(self) -> str | None:
        """The most recently captured face in scan order (for 'retake the last one')."""
        captured = [f for f in SCAN_ORDER if f in self.session.faces]
        return captured[-1] if captured else None
