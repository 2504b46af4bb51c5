"""The whole way from photos (or a state file) to the guide, for a person at the terminal:
read -> review -> grid -> plan -> guide, through the one pipeline
(:mod:`assistant.services.pipeline`).

The ``solve`` and ``guide`` commands both call in here; neither imports the other. The planner's
tables load in the background while the photos are read, and the reading's plan is computed
while the person reviews it. The plan the guide follows is remembered with the session, so a
re-run on the same cube continues that plan.
"""
from __future__ import annotations

import argparse
import json
import os
import time
from dataclasses import replace
from pathlib import Path
from typing import Callable, NamedTuple

from rich.console import Console

from ...models.cube.face_words import PhotoNaming
from ...models.cube.state import CubeState
from ...models.grid import GridUnsolvableError, photo_refusal
from ...models.grid.hopeless import PhotoNames
from ...models.printable import printable
from ...models.profile import CubeSettings
from ...vision.recognise.footed import OneVerdict
from ...vision.reading.faces import Reading
from ..services.cube_input import (DEMO_SAMPLE, CubeRead, GridSolver, footed_as_read,
                                   Upright, footed_settings, read_input,
                                   turned_upright)
from ..services.export import check_export_path
from ..services.review import earlier_answers
from ..services.pipeline import (BackgroundPlanner, Progress, RememberedSolver, SolveResult,
                                 TablesLoading, solve_state, start_tables)
from ..services.sessions import followed_plans
from .guide_run import Companion, guide_plan
from .keys import interactive, read_line
from .markup import plain
from .one_words import upright_against_photos
from .profile_option import chosen_reader, deciding_option
from .progress_view import ConsoleProgress
from .review_ui import ReviewQuit, kept_corrections, run_review, taken_up
from .wrapping import print_wrapped


def read_cube(path: str | None, console: Console, args: argparse.Namespace | None = None,
              progress: Progress | None = None, reading: Reading | None = None,
              naming: PhotoNaming | None = None) -> CubeRead:
    """The cube in a photo folder (read with the ``--profile`` and ``--ocr`` of ``args``) or a
    state file (:func:`read_input`; ``reading`` and ``naming`` as it takes them); None reads
    the demo sample, and says so, as it says what the reader decided (a corner photo held with
    no face on top, named by its digits: :func:`say_notes`, which the caller runs once a
    progress bar on another console is gone, as a note printed beside it would run on from
    the bar's line)."""
    p = Path(path) if path else DEMO_SAMPLE
    if not path:
        console.print(f"No input given: reading the bundled demo photos in {plain(p)}",
                      soft_wrap=True)
    return read_input(p, chosen_reader(args), progress, reading, naming)


def say_notes(console: Console, got: CubeRead) -> None:
    """What the reader decided about the cube ``got`` (a corner photo held with no face on
    top, named by its digits), one note a line."""
    for note in got.notes:
        console.print(printable(note), highlight=False, markup=False)


def upright_photos(state: CubeState, settings: CubeSettings, files: dict[str, str] | None,
                   console: Console, solver: GridSolver | None = None,
                   corners: dict[str, str] | None = None,
                   told: Callable[[Upright], None] | None = None) -> CubeState:
    """The reading with a photo held turned set upright (:func:`turned_upright`), said; and
    the finding told to ``told``, whether a photo was held turned or none was (a companion's
    page, which shows the photos' reading and must show it upright too, with the same words,
    and until then says nothing that a photo held turned would change)."""
    found = turned_upright(state, settings, files, solver, corners)
    if found.said:
        console.print(printable(found.said), highlight=False, markup=False)
    if told is not None:
        told(found)
    return found.state


def settings_for(state: CubeState, settings: CubeSettings, ones: OneVerdict | None,
                 args: argparse.Namespace | None, console: Console,
                 solver: GridSolver | None = None, *, checked: bool = True) -> CubeSettings:
    """The cube settings with the photos' verdict on the 1 (:func:`footed_settings`; not
    ``checked``, as the reader gave it: :func:`footed_as_read`), said; unchanged when
    ``--symmetric`` or ``--profile`` says which digits are symmetric (said where that asks
    every 1 to end upright but the photos showed 1s without a foot:
    :func:`upright_against_photos`)."""
    option = deciding_option(args)
    if option:
        said = upright_against_photos(ones, settings, option) if ones is not None else ""
        if said:
            print_wrapped(console, f"{said}.")
        return settings
    settings, said = (footed_settings(state, settings, ones, solver) if checked
                      else footed_as_read(settings, ones))
    if said:
        console.print(said, highlight=False)
    return settings


def as_solve_takes(state: CubeState, settings: CubeSettings, ones: OneVerdict | None,
                   files: dict[str, str] | None, corners: dict[str, str] | None,
                   args: argparse.Namespace, console: Console,
                   solver: GridSolver | None = None) -> tuple[CubeState, CubeSettings]:
    """The reading and settings a plan is made from: the photos' verdict on the 1
    (:func:`settings_for`), then a photo held turned set upright (:func:`upright_photos`)."""
    settings = settings_for(state, settings, ones, args, console, solver)
    return upright_photos(state, settings, files, console, solver, corners), settings


class Given(NamedTuple):
    """A cube read for a plan given with ``--moves`` (:func:`read_for_given`): the reading
    and settings as ``solve`` takes them, the photos each face was read from (for a refusal
    or a stop naming the photo to retake, :attr:`CubeRead.photo_names`), what the review saves
    with corrections (the verdict on the 1), and the grid solver that remembers its answer for
    the reading."""

    state: CubeState
    settings: CubeSettings
    photos: PhotoNames | None
    extra: dict | None
    solver: RememberedSolver


def read_for_given(path: str, settings: CubeSettings, args: argparse.Namespace,
                   console: Console) -> Given:
    """The cube in ``path`` (state file or photo folder) as ``solve`` takes it
    (:func:`as_solve_takes`: the photos' verdict on the 1, a photo held turned set upright), for
    ``guide`` and ``check`` alike. A reading too doubtful for that is taken as read, with the
    verdict on the 1 as the reader gave it (the grid cannot check it): a plan given decides
    (:func:`given_moves.given_start`), none is refused naming the photos."""
    got = read_cube(path, console, args)
    say_notes(console, got)
    state, ones = got.state, got.ones
    solver = RememberedSolver()
    try:
        settings = settings_for(state, settings, ones, args, console, solver)
    except GridUnsolvableError:
        settings = settings_for(state, settings, ones, args, console, checked=False)
    state = upright_photos(state, settings, got.face_files, console, solver, got.corner_photos)
    return Given(state, settings, got.photo_names,
                 {"one": ones.to_dict()} if ones is not None else None, solver)


def produce(path: str | None, settings: CubeSettings, args: argparse.Namespace, *,
            progress: Progress, tables: TablesLoading | None = None,
            remembered: bool = False, console: Console | None = None) -> SolveResult:
    """Read and solve without asking anything (``remembered``: keep a plan being followed); a
    reading the grid solver is not sure of stops with the stickers to check (exit 2). What
    the reading says goes to ``console`` (stderr by default): the console a live progress bar
    draws on, so that a note is printed above the bar, not run on from its line."""
    tables = tables or start_tables()
    t0 = time.perf_counter()
    err = console or Console(stderr=True)
    got = read_cube(path, err, args, progress)
    say_notes(err, got)  # err: the console the bar draws on, where one is given
    state, photos = got.state, got.photo_names
    answers = earlier_answers(state)  # a state file a review kept: say what the person gave
    if answers:
        print_wrapped(err, answers)
    reading_ms = 1000 * (time.perf_counter() - t0)
    solver = RememberedSolver()
    try:
        state, settings = as_solve_takes(state, settings, got.ones, got.face_files,
                                         got.corner_photos, args, err, solver)
        result = solve_state(state, settings, optimal=getattr(args, "optimal", False),
                             reading_ms=reading_ms, tables=tables, progress=progress,
                             known=followed_plans(settings.symmetric) if remembered else None,
                             require_sure=True, grid_solver=solver, photos=photos,
                             read_from=path or None)
        # the grid may have been solved before (for the 1, or to set a photo upright) and
        # answered from memory there: its whole solving time is the grid's
        return replace(result, timings_ms={**result.timings_ms, "grid": round(
            solver.solving_ms if result.grid is not None else 0.0, 1)})
    except GridUnsolvableError as e:
        raise photo_refusal(e, state, photos) from None


def continues_followed(args: argparse.Namespace) -> bool:
    """Whether this run continues the plan being followed for its reading (after a slip, a
    plan from the real cube): only the interactive guide does, and not with ``--restart``;
    printed, JSON and exported plans are always the plan for the cube in the photos."""
    return (interactive() and not getattr(args, "plain", False)
            and not getattr(args, "restart", False) and not getattr(args, "export", None))


def guide_state_file(path: str, settings: CubeSettings, args: argparse.Namespace) -> int:
    """``guide STATE``: plan the state file's solution and guide it."""
    if args.export:
        check_export_path(args.export)
    with ConsoleProgress() as progress:
        result = produce(path, settings, args, progress=progress,
                         remembered=continues_followed(args), console=progress.console)
    if result.already_solved:
        Console().print("The cube is already solved: nothing to turn.")
        return 0
    return guide_plan(result.plan, args, reading=result.state.without_candidates(),
                      settings=result.settings)


TIMINGS_ENV = "SUDOKU_CUBE_TIMINGS"
"""Names a file that receives the stages' timings of an interactive solve (``bench e2e``)."""


def write_timings(entered: float, timings_ms: dict[str, float]) -> None:
    """Write the stages' timings, the time the command started working and the time the guide
    starts (epoch seconds) to the file named by :data:`TIMINGS_ENV`, when it is set: the
    reader (``bench e2e``) splits the whole wall time to the first instruction with them.

    Stages (ms): ``reading`` the photos; ``footed`` the check whether the 1 has a foot and
    setting photos held turned upright; ``review`` showing the reading; ``grid`` the grid
    solver, wherever it ran (excluded from the two before it, so the stages add up);
    ``tables`` waiting for the planner's tables; ``planning`` waiting for the plan."""
    path = os.environ.get(TIMINGS_ENV)
    if path:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(dict(timings_ms, entered_epoch=entered, guide_epoch=time.time()), f)


def solve_with_review(path: str | None, settings: CubeSettings, args: argparse.Namespace,
                      console: Console | None = None, *, reading: Reading | None = None,
                      companion: Companion | None = None, fresh: bool = False,
                      reviewed: bool = False, take_up: bool = False) -> int:
    """Read, review (interactive when a person is there), plan and guide; ``reading``: the
    folder's reading when it was already read; ``companion``: another front end that shows the
    steps too and takes a check's photos (:class:`assistant.terminal.guide_run.Companion`;
    told of a photo set upright, which it shows so; q at the review raises
    :class:`ReviewQuit` where the companion retakes photos);
    the companion names the photos its own way in the refusals and the advice to retake
    them (:attr:`Companion.naming`);
    ``fresh``: the photos were taken just now (``scan``, ``serve``), so the cube they show, not
    the step saved before, says where a plan being followed goes on; ``reviewed``: the person
    has just reviewed this reading (``scan`` wrote it after its review), so it is not shown
    and asked again (a reading the grid solver is not sure of stops, naming the stickers);
    ``take_up``: a review of this reading may have stopped before (``serve --resume``), so the
    review starts from the corrections kept then (:func:`taken_up`), not asking them again."""
    console = console or Console()
    if getattr(args, "export", None):
        check_export_path(args.export)
    entered = time.time()
    tables = start_tables()
    t0 = time.perf_counter()
    with ConsoleProgress() as progress:
        got = read_cube(path, console, args, progress, reading,
                        companion.naming if companion else None)
    say_notes(console, got)
    state, ones, photos = got.state, got.ones, got.photo_names
    t1 = time.perf_counter()
    reading_ms = 1000 * (t1 - t0)
    solver = RememberedSolver()
    try:
        settings = settings_for(state, settings, ones, args, console, solver)
    except GridUnsolvableError as e:
        raise photo_refusal(e, state, photos) from None
    planner = BackgroundPlanner(settings, tables, optimal=getattr(args, "optimal", False),
                                known=followed_plans(settings.symmetric, fresh)
                                if continues_followed(args) else None, solve=solver)
    try:
        state = upright_photos(state, settings, got.face_files, console, planner.solver,
                               got.corner_photos, companion.upright if companion else None)
    except GridUnsolvableError as e:
        planner.close()
        raise photo_refusal(e, state, photos) from None
    t2 = time.perf_counter()
    grid_before = solver.solving_ms  # the grid solved for the 1 or to set photos upright
    person = interactive() and not getattr(args, "plain", False)
    read_from = path or None  # the state file or photo folder, named in a stop
    try:
        grid = None
        if not reviewed:
            if take_up:
                state = taken_up(console, state)
            try:
                state, check = run_review(console, state, settings,
                                          read_line if person else None, planner.solver,
                                          extra={"one": ones.to_dict()} if ones is not None
                                          else None, photos=photos, read_from=read_from,
                                          checked=companion.checked if companion else None)
            except ReviewQuit as stop:
                if companion is not None and companion.retakes:
                    raise  # the companion takes photos again and says so
                print_wrapped(console, "Stopped at the review; nothing was planned. The input "
                                       "is unchanged: run the same command to review it "
                                       f"again.{kept_corrections(stop)}")
                return 0
            grid = check.grid
        t3 = time.perf_counter()
        review_grid = solver.solving_ms - grid_before  # the grid solved during the review
        with ConsoleProgress() as progress:  # reviewed: the grid is solved here, sure or a stop
            result = solve_state(state, settings, grid=grid, tables=tables, planner=planner,
                                 progress=progress, require_sure=True,
                                 grid_solver=planner.solver, photos=photos,
                                 read_from=read_from)
    finally:
        planner.close()
    write_timings(entered, dict(result.timings_ms, reading=round(reading_ms, 1),
                                footed=round(1000 * (t2 - t1) - grid_before, 1),
                                grid=round(solver.solving_ms, 1),
                                review=round(1000 * (t3 - t2) - review_grid, 1)))
    return guide_plan(result.plan, args, console, reading=state.without_candidates(),
                      companion=companion, settings=settings, fresh=fresh)
