"""The guide's model: a cursor over the steps of a plan (next, back, restart) that remembers
where the person got to. No terminal here: views live in :mod:`assistant.terminal.guide_view`."""
from __future__ import annotations

from typing import Callable, Iterable, Sequence

from ...models.cube.moves import Move
from ...models.cube.solved import DEFAULT_SYMMETRIC, is_solved
from ...models.cube.state import CubeState
from ...models.cube.stickers import same_sticker
from ...models.errors import SudokuCubeError
from ...models.plan.planner import Plan, Step, steps_of
from ...models.plan.search import Phase
from ...models.profile import CubeSettings
from .pipeline import AFTER_SLIP
from .sessions import follow_instead, load_guide_step, plan_key, save_guide_step


def steps_from_moves(start: CubeState, moves: Iterable[Move],
                     phases: Sequence[Phase] | None = None) -> list[Step]:
    """Steps of a move list applied to ``start`` (phase 'pieces' unless given)."""
    return steps_of(start, tuple(moves), phases)


def plan_steps(plan: Plan) -> list[Step]:
    """The steps of a planner ``Plan``."""
    return list(plan.steps())


def steps_as_read(plan: Plan, reading: CubeState | None,
                  symmetric: Iterable[int] = DEFAULT_SYMMETRIC) -> list[Step]:
    """The plan's steps, shown from the cube as it was read.

    The planner starts from the grid solver's arrangement, in which a digit that looks the same
    upside down (``symmetric``, 1 by default) is turned whichever way the solved face needs.
    Turned 180 degrees it is the same sticker, so the same moves are replayed from the reading:
    the guide's first net then matches the review's "What was read" sticker for sticker. Where
    the grid solver chose another reading (a doubtful sticker), its choice is kept. A plan made
    after a slip starts from the real cube the check found, not from the reading, so it stands
    as planned (and a re-run finds the step reached under its start).
    """
    steps = plan_steps(plan)
    if reading is None or not steps or reading.n != plan.start.n or AFTER_SLIP in plan.stats:
        return steps
    sym = frozenset(symmetric)
    shown = tuple(r if same_sticker(r, c, sym) else c
                  for r, c in zip(reading.stickers, plan.start.stickers))
    if shown == plan.start.stickers:
        return steps
    replay = steps_from_moves(CubeState(shown, plan.start.n), [s.move for s in steps],
                              [s.phase for s in steps])
    return replay if is_solved(replay[-1].after, sym) else steps


class GuideCursor:
    """Position in a plan: ``position`` is the step shown next (``len(steps)`` = all done).

    With ``remember=True`` every change is saved to the guide session file, and a new cursor
    on the same plan starts where the last one stopped (a finished plan at step 1 again, but
    one made after a slip on its last screen: :attr:`finished_before`), unless ``fresh``: the
    plan's start is the cube as just photographed (``scan``, ``serve``; a plan being followed
    is found by its start), so no turn of it was made and it starts at step 1, ``rewound``
    keeping the step reached before (steps only previewed with the next key), for the notice;
    step 1 is saved, so a stop names a command that goes on from it. ``on_move`` is told
    every step shown (a companion shows it too, the rewound one included).
    """

    def __init__(self, steps: Sequence[Step], start: CubeState, *, remember: bool = True,
                 position: int | None = None,
                 on_follow: Callable[[list[Step], CubeState], None] | None = None,
                 settings: CubeSettings = CubeSettings(), after_slip: bool = False,
                 fresh: bool = False, on_move: Callable[[int], None] | None = None) -> None:
        self.on_follow = on_follow
        """Told the new steps and their start when the cursor follows another plan."""
        self.on_move = on_move
        """Told the step (0-based) the cursor shows whenever it changes."""
        self.settings = settings
        """The cube's settings: its hold words compare digits as they look on it."""
        self.after_slip = after_slip
        """Whether the plan is one a check made after a slip, from the real cube, not the
        photos' plan: the r key restarts it, ``--restart`` goes back to the photos' plan."""
        self.steps = list(steps)
        self.start = start
        self.remember = remember
        self.key = plan_key(start, [s.move for s in self.steps])
        self.unsaved = ""
        """Why the step last reached could not be saved (a file in the way, a folder not
        writable), until the guide has said it; the guide goes on without saving."""
        saved = load_guide_step(self.key) if remember and position is None else 0
        self.finished_before = bool(self.steps) and saved >= len(self.steps)
        """Whether every step of this plan was taken in an earlier run."""
        self.rewound = 0
        """The step (0-based) reached before that photos of the start overruled (0: none)."""
        if position is None:
            # a finished plan starts afresh, but for one a check made after a slip: its start
            # is a cube half-way through the solve, no longer there once it is solved, so it
            # stays finished (``--restart`` starts the photos' plan again)
            position = 0 if self.finished_before and not after_slip else saved
            if fresh and position > 0:  # photos of the start: its turns were not made
                self.rewound, position = position, 0
                if remember:  # a stop now names a command that goes on from step 1 too
                    self._saving(lambda: save_guide_step(self.key, 0))
        self.position = max(0, min(position, len(self.steps)))
        self.resumed = self.position > 0

    def _saving(self, write: Callable[[], None]) -> None:
        """Save with ``write``; where it fails, keep why in :attr:`unsaved` and go on: a
        place that cannot be saved must not end the solve."""
        try:
            write()
        except (SudokuCubeError, OSError) as e:
            self.unsaved = str(e)

    @property
    def total(self) -> int:
        """Number of steps."""
        return len(self.steps)

    @property
    def done(self) -> bool:
        """True once every step was taken."""
        return self.position >= self.total

    @property
    def current(self) -> Step | None:
        """The step to do now (None when done)."""
        return None if self.done else self.steps[self.position]

    def state(self) -> CubeState:
        """The cube as it should look now."""
        if self.done:
            return self.steps[-1].after if self.steps else self.start
        return self.steps[self.position].before

    def _moved(self, pos: int) -> None:
        self.position = max(0, min(pos, self.total))
        if self.remember:
            self._saving(lambda: save_guide_step(self.key, self.position))
        if self.on_move is not None:
            self.on_move(self.position)

    def next(self) -> None:
        """Go to the following step (the current move was made)."""
        self._moved(self.position + 1)

    def back(self) -> None:
        """Go back one step (undo the last move on the cube)."""
        self._moved(self.position - 1)

    def follow(self, steps: Sequence[Step], start: CubeState,
               after_step: int | None = None) -> None:
        """Follow another plan from now on (a check found a slip after ``after_step`` steps,
        the step shown by default: a new plan starts from the real cube); its first step is
        next. With ``remember``, a re-run on the reading whose plan this cursor followed
        continues the new plan (:func:`sessions.follow_instead`)."""
        if self.remember:
            done = self.position if after_step is None else after_step
            self._saving(lambda: follow_instead(self.start, start, [s.move for s in steps],
                                                [s.phase for s in steps], after_step=done))
        self.steps = list(steps)
        self.start = start
        self.key = plan_key(start, [s.move for s in self.steps])
        self.finished_before = self.resumed = False
        self.rewound = 0
        self.after_slip = True
        self._moved(0)
        if self.on_follow is not None:
            self.on_follow(self.steps, start)

    def restart(self) -> None:
        """Back to the first step."""
        self._moved(0)


KEYS = {"n": "next", " ": "next", "\r": "next", "\n": "next", "": "next", "next": "next",
        "right": "next", "down": "next", "pgdn": "next",
        "b": "back", "p": "back", "back": "back", "left": "back", "up": "back", "pgup": "back",
        "r": "restart", "restart": "restart", "c": "check", "check": "check",
        "q": "quit", "quit": "quit", "?": "help", "h": "help", "help": "help",
        "resize": "redraw"}
"""Keys (as :func:`assistant.terminal.keys.read_key` names them, or typed words) and what they do.
Only q quits: Esc and unknown keys do nothing (a stray key must not end the guide)."""


def command_of(key: str) -> str | None:
    """The guide command a key (or typed word) stands for, or None."""
    return KEYS.get(key.strip().lower() if len(key) > 1 else key.lower())
