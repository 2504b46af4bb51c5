"""Guiding a plan on the terminal as the ``guide`` and ``solve`` options ask: export, every step
printed, the interactive guide with its check key, or watch mode with a camera. The plan being
followed is remembered with the guide session, so a re-run on the same cube continues it.
Shared by ``guide`` and ``solve`` (through :mod:`assistant.terminal.solve_flow`), so no command
imports another."""
from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Callable

from rich.console import Console

from ...models.cube.face_words import PhotoNaming
from ...models.cube.moves import parse_moves
from ...models.cube.state import CubeState
from ...models.grid import solve_grid
from ...models.grid.hopeless import PhotoNames
from ...models.profile import CubeSettings
from ...models.printable import printable
from ...models.plan.planner import PIECES, Plan, Step, verified_plan
from ..services.cube_input import GridSolver, Upright
from ..services.export import export_plan
from ..services.guide import GuideCursor, steps_as_read
from ..services.review import ReviewCheck
from ..services.pipeline import AFTER_SLIP, optimal_notice, steps_done_words
from ..services.sessions import save_followed_plan, set_aside_unreadable
from .guide_check import TAKE_UP_LATER, Capture, make_checker, take_up_later
from .guide_ui import print_plain, run_interactive
from .guide_view import done_line
from .given_moves import Fix, cube_options, fix_for, given_start
from .interrupt import restart_taken
from .guide_watch import camera_capture, watch_end, watch_plain, watch_screen
from .keys import LineReader, interactive, read_key, read_line
from .markup import plain
from .one_words import turned_ones_line
from .profile_option import chosen_reader, cube_settings, profile_camera
from .review_ui import GoOn, solve_again
from .scan_window import open_or_tell
from .wrapping import print_wrapped
from .shell_words import quoted
from .speech import Speaker


@dataclass(frozen=True)
class Companion:
    """Another front end beside the terminal's guide (the phone page of ``serve``): ``shown``
    is told the steps guided and the cube they start from (again when a check finds a slip
    and a new plan starts), and ``capture`` takes the photo a check asks for, from ``source``
    ("the phone"); ``at``, when given, is told the step the guide shows (0-based) whenever it
    changes, and at the start. ``checked`` is told each verdict of the review on the reading
    (whether it is consistent). ``upright`` is told what the check for a photo held turned
    found (:func:`assistant.services.cube_input.turned_upright`: the reading so turned, the
    words the terminal says, the turn; no turn where none was), so that a companion showing
    the photos' reading shows it as the terminal does. ``retakes``: q at the review goes back
    to the companion to retake photos (:class:`assistant.terminal.review_ui.ReviewQuit` is
    raised to its caller, which says what follows) instead of stopping with the words for a
    command run again. ``naming``: how the companion names the photos it took, where the
    refusals of the reading and the advice to retake photos name them (the page by its
    cards, :func:`assistant.services.cube_input.read_input`); None: by their files."""

    shown: Callable[[list[Step], CubeState], None]
    capture: Capture
    source: str
    at: Callable[[int], None] | None = None
    checked: Callable[[ReviewCheck], None] | None = None
    upright: Callable[[Upright], None] | None = None
    retakes: bool = False
    naming: PhotoNaming | None = None
    said: Callable[[str], None] | None = None
    """Told what each check of the guide ended with (the line the terminal shows under the
    step), so that a companion that is the person's screen says it too."""


def guide_plan(plan, args: argparse.Namespace, console: Console | None = None,
               reading: CubeState | None = None, companion: Companion | None = None,
               settings: CubeSettings | None = None, fresh: bool = False) -> int:
    """Export and/or guide a plan as the options ask; ``reading`` is the cube as read (the
    steps are shown from it, see :func:`assistant.services.guide.steps_as_read`); ``companion``
    shows the steps too and takes a check's photos; ``settings``: the cube settings the plan
    was made with (the photos' verdict on the 1 included), else the options' own. The plan
    followed is remembered under them, so a re-run finds it. ``fresh``: the reading comes from
    photos taken just now, which show the plan's start (a plan being followed is found by
    its start), so the guide starts at step 1, not at a step saved before
    (:class:`assistant.services.guide.GuideCursor`'s ``fresh``)."""
    console = console or Console()
    settings = settings or cube_settings(args)  # read once, not at each of its uses below
    steps, start = guided_steps(plan, reading, settings)
    if companion is not None:
        companion.shown(steps, start)
    notice = optimal_notice(plan)
    if notice:
        Console(stderr=True).print(notice, highlight=False)
    # said again on the guide's first screen, which hides what was printed
    written = export_said(args.export, steps, start, settings) if args.export else ""
    if getattr(args, "speak", False) and (args.plain or not interactive()):
        Console(stderr=True).print(SPEAK_PLAIN, highlight=False)
    if (args.plain or not interactive()) and getattr(args, "camera", None) is None:
        print_plain(console, steps, start, settings=settings)
        return 0
    lost = set_aside_unreadable()  # saved places that cannot be read: kept, not overwritten
    written = " ".join(x for x in (lost, written) if x)
    # a re-run on the same cube continues this plan (assistant.services.pipeline)
    if AFTER_SLIP not in plan.stats and plan.moves:
        save_followed_plan(plan.start, settings.symmetric, plan.moves, plan.phases)
    speaker = Speaker() if getattr(args, "speak", False) else None  # a missing espeak-ng: now
    speak = speaker.say_step if speaker is not None else None
    cursor = GuideCursor(steps, start, position=0 if args.restart else None,
                         on_follow=companion.shown if companion is not None else None,
                         settings=settings, after_slip=AFTER_SLIP in plan.stats,
                         fresh=fresh, on_move=companion.at if companion is not None else None)
    if companion is not None and companion.at is not None:
        companion.at(cursor.position)  # a step rewound by the photos is not saved yet
    if args.restart:  # saved, so that the same command without --restart goes on from here
        cursor.restart()
        restart_taken()
    if AFTER_SLIP in plan.stats:  # said on the first screen, which hides what is printed
        notice = replan_notice(plan.stats[AFTER_SLIP], finished=cursor.done)
        written = " ".join(x for x in (notice, written) if x)
    reader = chosen_reader(args)  # what the check key and the camera read photos with
    capture, source = (companion.capture, companion.source) if companion else (None, "")
    # a plan made after a slip and finished before stays finished: no turn to watch
    if getattr(args, "camera", None) is not None and cursor.done and (
            args.plain or not interactive()):
        note = turned_ones_line(cursor.state(), cursor.settings)  # as every finished guide
        print_wrapped(console, " ".join(x for x in (written, done_line(cursor.total), note) if x))
        return 0
    if getattr(args, "camera", None) is not None and not cursor.done:
        camera = profile_camera(args)
        window = (None if getattr(args, "no_window", False) else
                  open_or_tell(lambda m: console.print(m, markup=False, highlight=False),
                               WATCH_WINDOW))
        if not interactive() or args.plain:
            watch_plain(console, cursor, args.camera, settings, camera, reader, window)
            later = _after_watch(cursor, args)
            if later and not cursor.done:
                console.print(f"{TAKE_UP_LATER}`{later}`", highlight=False, markup=False,
                              soft_wrap=True)  # one line, to copy
            return 0
        events = watch_screen(console, cursor, args.camera, settings, camera, speak, reader,
                              window, note=written)
        if cursor.done:
            return 0
        _after_watch(cursor, args)  # named below as the command that goes on
        written = watch_end(cursor, events)  # why the watch stopped and what to do now
        capture = camera_capture(args.camera, reader, camera)  # go on by keys; c checks
        source = "the camera"
    checker = make_checker(console, read_line, settings, capture, reader, source,
                           cube_options(args),
                           getattr(args, "state", None) or getattr(args, "input", None) or "",
                           companion.said if companion is not None else None,
                           retake_there=companion is not None)
    run_interactive(console, cursor, read_key, checker=checker, speak=speak, note=written)
    return 0


SPEAK_PLAIN = ("--speak says the steps of the guide on its screen: with --plain, or without a "
               "terminal, the steps are printed and none is said aloud.")
"""Said where ``--speak`` meets the printed steps, which are not spoken (all at once they
would be no guide)."""


def guided_steps(plan: Plan, reading: CubeState | None, settings: CubeSettings
                 ) -> tuple[list[Step], CubeState]:
    """The plan's steps shown from the cube as it was read
    (:func:`assistant.services.guide.steps_as_read`), and the cube they start from."""
    steps = steps_as_read(plan, reading, settings.symmetric)
    return steps, steps[0].before if steps else plan.start


def export_said(path: str, steps: list[Step], start: CubeState, settings: CubeSettings) -> str:
    """Export the plan (``--export``: :func:`assistant.services.export.export_plan`) and say
    where on stderr, the path kept whole; the same words, for the guide's first screen."""
    written = export_plan(path, steps, start, settings)
    Console(stderr=True).print(f"Plan with {len(steps)} steps written to {plain(written)}",
                               highlight=False, soft_wrap=True)
    return f"Plan with {len(steps)} steps written to {printable(written)}."


def _after_watch(cursor: GuideCursor, args: argparse.Namespace) -> str | None:
    """Where the watch followed a plan made after a slip: the command that takes it up in a
    later run, watching again (:func:`assistant.terminal.guide_check.take_up_later`: the real
    cube saved in the data folder, :func:`~assistant.terminal.guide_check.after_slip_name`),
    made the one named to go on;
    None where no slip was found or the file cannot be written."""
    if not cursor.after_slip:
        return None
    try:
        return take_up_later(cursor.start, [s.move for s in cursor.steps],
                             cube_options(args) + f" --camera {quoted(str(args.camera))}")
    except OSError:
        return None


WATCH_WINDOW = "sudoku-cube watch"
"""The title of the watch-mode window."""


def replan_notice(after_step: int | None, finished: bool = False) -> str:
    """What a person continuing a plan made after a slip is told: which plan this is, from
    which cube, and how to go back to the photos' plan; or, where they ``finished`` it before
    (the guide shows its last screen, :class:`assistant.services.guide.GuideCursor`), that
    and how to start again."""
    when = steps_done_words(after_step)
    if finished:
        return (f"You finished the new plan made when a check {when} found a slip. To follow "
                "the photos' plan from step 1 again, quit and run again with --restart (the "
                "r key restarts this new plan, from the cube as it was when the slip was "
                "found).")
    return (f"Continuing the new plan made when a check {when} found a slip: it starts from "
            "the cube as it was then, not from the photos. The r key restarts this new plan; "
            "to follow the photos' plan from step 1 instead, quit and run again with "
            "--restart.")


def given_plan(state: CubeState, text: str, settings: CubeSettings, where: str,
               ask: LineReader | None = None, fix: Fix | None = None, *,
               photos: PhotoNames | None = None, go_on: GoOn = solve_again,
               extra: dict | None = None, solver: GridSolver | None = None
               ) -> tuple[Plan, CubeState]:
    """A plan given with ``--moves`` and the reading it was taken for: its start taken as
    ``check`` takes it (:func:`given_moves.given_start`: a reading the grid solver is not sure
    of is reviewed with ``ask``, the person at the terminal, a quit there naming ``go_on`` on
    the corrections saved; or the moves decide where they solve exactly one reading in
    question, else a stop naming the stickers, ``fix`` saying how to go on: by default
    :func:`given_moves.fix_for` ``where``), and checked to solve that start on the model
    first."""
    moves = parse_moves(text)
    reading, start = given_start(state, moves, settings, where, ask,
                                 fix or fix_for(where, go_on, state, extra), photos=photos,
                                 go_on=go_on, extra=extra, solver=solver or solve_grid)
    plan = verified_plan(start, moves, tuple(PIECES for _ in moves), settings, {"method": "given"})
    return plan, reading
