"""Watch mode: the camera looks at the cube from the corner of corner photo A (U, F and R in
view, where every face turn changes something visible) and confirms each move of the plan.

Each frame that shows the three faces is compared with the plan at the step reached: the cube
as before the step (nothing done yet: wait), as after it (confirmed: the guide moves on), or
neither: then the slips of that step are searched (and a skipped step followed by the next,
and the step before made again). The same answer on two readable frames in a row is acted on,
so a hand passing in front of the cube or one misread frame changes nothing. A slip found is
told in words and switches the guide to a new plan from the real cube, recorded as found after
the step it was judged at; the watch goes on with that plan. Several slips that fit stop it,
asking for the face that splits them, and so does a cube that no likely slip explains.
A frame that shows another corner of the cube (:mod:`.watch_corner`) is skipped, named once
the same corner repeats, and clears the count of frames that fit nothing: those are the
frames of the cube turning to it and back.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator

import numpy as np

from ...models.cube.moves import Move
from ...models.cube.state import CubeState
from ...models.errors import SudokuCubeError
from ...models.profile import CubeSettings
from ...models.slips.find import Verdict, find_slip
from ...vision.reading.reader import Reader
from .guide import GuideCursor, steps_from_moves
from .slip_check import Cells
from .slipped_cubes import slipped_cubes
from .watch_corner import OtherCorner, other_corner

STABLE = 2
"""Readable frames in a row that must give the same answer before the watch acts on it."""
LOST_AFTER = 3
"""Readable frames in a row that no likely slip explains before the watch gives up (one such
frame is usually a misread: a finger over a sticker)."""

SEEN_ONLY = ("wrong corner", "right corner")
"""Events about what the camera is shown, not about the cube: nothing to keep after the
watch, and never why it stopped."""


@dataclass
class WatchEvent:
    """Something the watch saw: ``kind`` is ``confirmed`` (step ``step`` made as planned),
    ``slip`` (a slip found; the cursor follows a new plan and the watch goes on with it),
    ``ambiguous`` (several slips fit: show ``verdict.ask_face``) or ``lost`` (no likely slip
    fits: scan again); the last two stop the watch. ``wrong corner`` (the camera is shown
another corner of the cube: ``corner``) and ``right corner`` (corner A again after it) stop
nothing; each is said once the same answer repeats on :data:`STABLE` frames, and the message
is the terminal's to word (empty here)."""

    kind: str
    step: int
    message: str
    verdict: Verdict | None = None
    corner: OtherCorner | None = None
    """For ``wrong corner``: the corner the camera is shown instead of corner A."""


def _key(verdict: Verdict) -> tuple:
    """What must repeat on consecutive frames: the outcome and the state it points to."""
    state = verdict.best.state.stickers if verdict.best is not None else ()
    cands = tuple(c.state.stickers for c in verdict.candidates)
    return verdict.outcome, state, cands


@dataclass(frozen=True)
class EarlierPlan:
    """A plan the watch left at a slip: its ``moves``, the one a person who goes on with it
    makes next (``next``, an index) and the cube it would be made on (``cube``: the real
    cube after the slip, or after the turns of that plan made since)."""

    moves: tuple[Move, ...]
    next: int
    cube: CubeState


@dataclass
class Watcher:
    """Feeds readings of corner view A to the guide's cursor; see the module docstring. Without
    ``go_on_after_slip`` a slip found stops it too (``bench watch`` measures that first stop)."""

    cursor: GuideCursor
    settings: CubeSettings = field(default_factory=CubeSettings)
    stable: int = STABLE
    go_on_after_slip: bool = True
    stopped: bool = False
    _last: tuple | None = None
    _count: int = 0
    _lost: int = 0
    _corner: OtherCorner | None = None
    """The other corner last said to be in view (None: corner A, or none said)."""
    _seeing: tuple[OtherCorner | None, int] = (None, 0)
    """The other corner of the last frames and how many frames in a row showed it."""
    _back: int = 0
    """Frames of corner A in a row (fitting the plan or a slip), for ``right corner``."""
    _earlier: EarlierPlan | None = None
    """The plan left at the last slip, and the cube then, to tell a person who goes on with
    it (:meth:`_earlier_turn`)."""

    def judge(self, seen: dict[str, Cells]) -> tuple[str, Verdict, int, int]:
        """``wait``, ``next`` or a verdict to act on, for what one frame shows, with the step
        the verdict was judged at and its window of slips."""
        c = self.cursor
        moves = [s.move for s in c.steps]
        p = c.position
        now = find_slip(c.start, moves, p, seen, self.settings, window=1, repair=False)
        if now.outcome == "as expected":
            return "wait", now, p, 1
        if p >= c.total:
            return "act", find_slip(c.start, moves, p, seen, self.settings, window=1), p, 1
        after = find_slip(c.start, moves, p + 1, seen, self.settings, window=1)
        if after.outcome == "as expected":
            return "next", after, p + 1, 1
        if after.outcome == "found" and p + 2 <= c.total:
            # "the next step's face turned instead" may be the step skipped and the next made
            skipped = find_slip(c.start, moves, p + 2, seen, self.settings, window=2)
            if skipped.outcome == "found" and skipped.best is not None and after.best is not None \
                    and [s.kind for s in skipped.best.slips] == ["skip"] \
                    and skipped.best.state.stickers == after.best.state.stickers:
                return "act", skipped, p + 2, 2
        if after.outcome in ("found", "ambiguous"):
            return "act", after, p + 1, 1
        for done, window in ((p + 2, 2), (p, 1)):  # step p+1 skipped; step p made again
            if 0 < done <= c.total:
                v = find_slip(c.start, moves, done, seen, self.settings, window=window)
                if v.outcome == "found":
                    return "act", v, done, window
        return "act", after, p + 1, 1

    def _earlier_turn(self, real: CubeState) -> str | None:
        """Where the cube ``real`` (a slip found on the new plan) is the plan left at the last
        slip gone on with, its next turn made: the words that say so (kept, to tell the
        next such turn too), else None. A person who missed the slip's words goes on with the
        moves they had, and each such turn was told as one more slip on a growing plan."""
        e = self._earlier
        if e is None or e.next >= len(e.moves):
            return None
        move = e.moves[e.next]
        if e.cube.apply([move]).without_candidates().stickers != \
                real.without_candidates().stickers:
            return None
        self._earlier = EarlierPlan(e.moves, e.next + 1, real)
        return (f" That turn ({move}) was step {e.next + 1} of the plan before the slip: the "
                "plan changed there, so follow the new plan shown, not the earlier one.")

    def _message(self, verdict: Verdict, done: int, window: int) -> str:
        """What to tell the person of ``verdict``, judged at step ``done`` with slips in the
        ``window`` steps up to it: faces named by their centres as the plan has them there,
        a centre's direction only where no slip in that window turned it."""
        c = self.cursor
        moves = [s.move for s in c.steps]
        return verdict.message(c.start.apply(moves[:done]),
                               slipped_cubes(c.start, moves, done, window))

    def _other_corner(self, seen: dict[str, Cells]) -> OtherCorner | None:
        """The other corner of the cube that ``seen`` shows (:func:`other_corner`), for the
        cube as the plan has it before and after the step to make."""
        c = self.cursor
        states = [c.state()] + ([c.current.after] if c.current is not None else [])
        return other_corner(states, seen, self.settings)

    def _corner_frame(self, seen: dict[str, Cells], verdict: Verdict) -> OtherCorner | None:
        """The other corner ``seen`` shows, where ``verdict`` (the frame judged as corner A)
        leaves room for one: no slip fits, or only a made-up one (the whole cube turned, or
        two slips and more). The cube as planned, just turned, needs no slip: it is preferred."""
        if verdict.outcome == "none" or (verdict.outcome in ("found", "ambiguous") and any(
                len(e.slips) > 1 or any(s.kind == "held" for s in e.slips)
                for e in (verdict.best, *verdict.candidates) if e is not None)):
            return self._other_corner(seen)
        return None

    def feed(self, seen: dict[str, Cells]) -> WatchEvent | None:
        """One readable frame (face -> scored cells); an event when the watch acts."""
        if self.stopped:
            return None
        what, verdict, done, window = self.judge(seen)
        corner = self._corner_frame(seen, verdict)
        if corner is not None:  # skipped: another corner of the cube is in view
            self._lost, self._back = 0, 0  # the frames turning the cube to it are not lost
            self._last, self._count = None, 0
            seen_before = self._seeing[0] == corner
            self._seeing = (corner, self._seeing[1] + 1 if seen_before else 1)
            if corner == self._corner or self._seeing[1] < self.stable:
                return None
            self._corner = corner
            return WatchEvent("wrong corner", self.cursor.position, "", corner=corner)
        self._seeing = (None, 0)
        if verdict.outcome == "none":
            self._back = 0
            return self._act(what, verdict, done, window)
        self._back += 1
        event = self._act(what, verdict, done, window)
        if self._corner is not None and (event is not None or self._back >= self.stable):
            self._corner = None  # corner A in view again: said unless the frame is acted on
            if event is None:
                return WatchEvent("right corner", self.cursor.position, "")
        return event

    def _act(self, what: str, verdict: Verdict, done: int, window: int) -> WatchEvent | None:
        """The event of a frame of corner A judged (:meth:`judge`), once the same answer
        repeats (a ``lost`` one after :data:`LOST_AFTER` frames), else None."""
        if verdict.outcome == "none":
            self._lost += 1
            if self._lost < LOST_AFTER:
                return None  # skipped: neither counts nor breaks a run of equal answers
        else:
            self._lost = 0
            key = (what,) + _key(verdict)
            self._count = self._count + 1 if key == self._last else 1
            self._last = key
            if self._count < self.stable or what == "wait":
                return None
        self._last, self._count, self._lost = None, 0, 0
        c = self.cursor
        if what == "next":
            c.next()
            return WatchEvent("confirmed", c.position, f"Step {c.position} confirmed.")
        if verdict.outcome == "found" and verdict.best is not None and \
                all(s.kind == "ahead" for s in verdict.best.slips):
            for _ in range(max(s.step for s in verdict.best.slips) - c.position):
                c.next()  # the person went on faster than the camera looked: nothing wrong
            return WatchEvent("confirmed", c.position, f"Step {c.position} confirmed.")
        if verdict.outcome == "found" and verdict.best is not None:
            step = c.position  # the watch goes on: the new plan's start is the cube seen now
            real = verdict.best.state
            earlier = self._earlier_turn(real)
            if earlier is None:  # a slip of its own: the plan it left is the one to compare
                self._earlier = EarlierPlan(tuple(s.move for s in c.steps), step + 1, real)
            c.follow(steps_from_moves(real, verdict.repair), real, after_step=done)
            self.stopped = not self.go_on_after_slip
            return WatchEvent("slip", step, verdict.message() + (earlier or ""), verdict)
        self.stopped = True
        message = self._message(verdict, done, window)
        if verdict.outcome == "ambiguous":
            return WatchEvent("ambiguous", c.position, message, verdict)
        return WatchEvent("lost", c.position, message, verdict)


def corner_readings(frames: Iterable[np.ndarray], reader: Reader = Reader(),
                    on_frame: Callable[[np.ndarray, dict[str, np.ndarray]], None] | None = None
                    ) -> Iterator[dict[str, Cells] | None]:
    """Each frame's three faces of corner view A as scored cells, read with ``reader`` without
    OCR (None when the frame does not show them: a hand in front, the cube moving).
    ``on_frame`` gets each frame with the outlines of the faces found in it (a window draws
    them)."""
    live = reader.with_ocr("never")
    for frame in frames:
        try:
            faces = live.read_corner_photo(frame, "A")
        except SudokuCubeError:
            if on_frame is not None:
                on_frame(frame, {})
            yield None
            continue
        if on_frame is not None:
            on_frame(frame, {f: np.asarray(r.geometry.quad) for f, r in faces.items()})
        yield {f: tuple(r.candidates) for f, r in faces.items()}


def watch(cursor: GuideCursor, readings: Iterable[dict[str, Cells] | None],
          settings: CubeSettings = CubeSettings(),
          on_event: Callable[[WatchEvent], None] = lambda e: None,
          poll_key: Callable[[], str | None] = lambda: None,
          go_on_after_slip: bool = True) -> list[WatchEvent]:
    """Watch until the plan is done, the frames end, ``q`` is pressed or an ``ambiguous`` or
    ``lost`` event stops it (after a slip it goes on with the new plan, unless not
    ``go_on_after_slip``); n and b still move the cursor by hand. Returns the events."""
    w = Watcher(cursor, settings, go_on_after_slip=go_on_after_slip)
    events: list[WatchEvent] = []
    for seen in readings:
        key = poll_key()
        if key == "q":
            break
        if key in ("n", " ", "right"):
            cursor.next()
        elif key in ("b", "left"):
            cursor.back()
        if seen is None:
            continue
        ev = w.feed(seen)
        if ev is not None:
            events.append(ev)
            on_event(ev)
        if w.stopped or cursor.done:
            break
    return events
