"""Where a plan starts: the reading settled as ``solve`` settles it, and the start of a plan
given with ``--moves``. ``check`` and ``guide`` take a given plan the same way: a reading the
grid solver is not sure of goes to the review where a person is at the terminal; where nobody
is, the plan decides only when it solves exactly one of the readings in question (the reading
as read, the grid's choice or its close rival), and is said to; otherwise the stop names the
stickers (or the photos) to check, so a plan is never followed or checked from a guess."""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Callable, Sequence

from rich.console import Console

from ...models.cube.moves import Move, format_moves
from ...models.cube.solved import is_solved
from ...models.cube.state import CubeState
from ...models.cube.stickers import same_sticker
from ...models.errors import SudokuCubeError
from ...models.grid import GridSolution, GridUnsolvableError, photo_refusal, solve_grid
from ...models.grid.hopeless import PhotoNames
from ...models.profile import CubeSettings
from ..services.cube_input import GridSolver
from ..services.review import unsure_message, unsure_names, unsure_stickers
from .keys import LineReader
from .review_ui import GoOn, keep_reading, run_review, solve_again
from .shell_words import command_line, quoted


AGAIN_OPTIONS = (("--moves", "moves"), ("--step", "step"), ("--face", "face"),
                 ("--tokens", "tokens"), ("--photo", "photo"), ("--corner", "corner"),
                 ("--suggest", "suggest"), ("--camera", "camera"), ("--no-window", "no_window"),
                 ("--speak", "speak"), ("--profile", "profile"), ("--symmetric", "symmetric"),
                 ("--ocr", "ocr"), ("--no-ocr", "no_ocr"))
"""The options of ``check`` and ``guide`` the command that goes on from a saved review keeps
(``--json``, ``--plain`` and ``--export`` are left out: it is run by a person at the
terminal; ``--ocr`` reads check's ``--photo`` and ``--corner`` as the person asked)."""

AGAIN_DEFAULTS = {"ocr": "auto"}
"""Values of :data:`AGAIN_OPTIONS` that are the default, not named in the command."""


def again(command: str, args: argparse.Namespace) -> GoOn:
    """``sudoku-cube COMMAND FILE`` with the options of ``args`` that were given (the plan
    given with ``--moves`` among them): the command that goes on from a state file, the one
    keeping a review's corrections or one made from the photos."""
    def go_on(path: str) -> str:
        words = ["sudoku-cube", command, path]
        for flag, dest in AGAIN_OPTIONS:
            value = getattr(args, dest, None)
            if value is None or value is False or AGAIN_DEFAULTS.get(dest) == value:
                continue
            if value is True:
                words.append(flag)
            else:
                for one in value if isinstance(value, list) else [value]:
                    words += [flag, str(one)]
        return command_line(words)  # a plan pasted from two lines named on one
    return go_on


CUBE_OPTIONS = (("--profile", "profile"), ("--symmetric", "symmetric"))
"""The options that say which cube it is: a command another one names keeps them."""


def cube_options(args: argparse.Namespace) -> str:
    """' --profile NAME --symmetric 1,8': the options of :data:`CUBE_OPTIONS` that ``args``
    gave, for a command named to the person (the guide after a slip), or ''."""
    return "".join(f" {flag} {quoted(str(getattr(args, dest)))}" for flag, dest in CUBE_OPTIONS
                   if getattr(args, dest, None) is not None)


Fix = Callable[[], str]
"""How to settle unsure stickers without a terminal, asked for when the command stops on them
(it may save the reading first)."""


def fix_for(where: str, go_on: GoOn, reading: CubeState | None = None,
            extra: dict | None = None) -> Fix:
    """How to settle unsure stickers without a terminal: correct them in the state file
    ``where`` and run ``go_on`` on it. For a photo folder the ``reading`` the command stopped on
    (as it took it: a photo held turned set upright, the sticker names of the stop refer to
    it; ``extra`` such as the verdict on the 1) is written to a file in the data folder when
    the stop is made (:func:`review_ui.keep_reading`), and named with ``go_on`` on it: a
    ``read --json`` of the folder would lose the profile and the upright photos."""
    def fix() -> str:
        if Path(where).is_dir() and reading is not None:
            path = str(keep_reading(reading, extra))
            return (f"correct them in {path} (the reading stopped on; a token changed in its "
                    f"faces counts as certain) and run `{go_on(path)}`")
        return (f"correct them in {where} (a token changed in its faces counts as certain) and "
                f"run `{go_on(where)}`")
    return fix


def settled(state: CubeState, settings: CubeSettings, ask: LineReader | None, fix: Fix,
            go_on: GoOn = solve_again, extra: dict | None = None,
            solver: GridSolver = solve_grid, photos: PhotoNames | None = None
            ) -> tuple[CubeState, GridSolution]:
    """The reading and its grid solution (``solver`` solves the grid): when the grid solver is
    not sure of some stickers, or the reading is not consistent (a misread the reader was sure
    of, a bad hand correction), the person confirms or corrects them in the review (``ask``, on
    stderr; ``go_on`` and ``extra`` as :func:`review_ui.run_review` takes them), as ``solve``
    reviews it. With nobody to ask (``ask`` None) an unsure reading is a clear stop naming the
    stickers, ``fix`` saying how to go on, and an inconsistent one raises the
    :class:`GridUnsolvableError`; so does a reading too doubtful for the grid solver, whose
    photos are to be retaken (``photos``: where each face was photographed, so that the stop
    or the review names the photo to retake). A quit at the review raises
    :class:`review_ui.ReviewQuit`."""
    try:
        grid = solver(state, settings)
    except GridUnsolvableError as e:
        if ask is None or e.reason == "too-doubtful":
            raise
    else:
        if grid.sure:
            return state, grid
        if ask is None:
            raise SudokuCubeError(unsure_message(state, grid, settings, fix(), photos))
    return _reviewed(state, settings, ask, solver, go_on, extra, photos)


def _reviewed(state: CubeState, settings: CubeSettings, ask: LineReader, solver: GridSolver,
              go_on: GoOn, extra: dict | None, photos: PhotoNames | None = None
              ) -> tuple[CubeState, GridSolution]:
    """The reading the person confirmed or corrected in the review, and its grid solution."""
    state, check = run_review(Console(stderr=True), state, settings, ask, solver, go_on=go_on,
                              extra=extra, photos=photos)
    return state, check.grid


def given_start(state: CubeState, moves: Sequence[Move], settings: CubeSettings, where: str,
                ask: LineReader | None, fix: Fix, *, photos: PhotoNames | None = None,
                go_on: GoOn = solve_again, extra: dict | None = None,
                solver: GridSolver = solve_grid) -> tuple[CubeState, CubeState]:
    """The reading (settled, without candidates) and the state a plan given with ``--moves``
    starts from.

    A reading the grid solver is not sure of, or one that is not consistent (but not too
    doubtful), goes to the review where a person is at the terminal (``ask``; ``go_on`` and
    ``extra`` as :func:`review_ui.run_review` takes them; ``solver`` solves the grid), and the
    plan starts from the reviewed reading or the grid's choice for it. Otherwise the plan
    decides between the readings in question, the reading as read, the grid's choice and its
    close rival (of a reading too doubtful for the grid solver only the reading as read): it
    starts from the one the moves solve when they solve exactly one, said on stderr when the
    reading was in doubt. Moves that solve none (or, the reading in doubt, several) are
    refused: a doubtful reading with its stickers named (``fix`` saying how to go on; too
    doubtful, the photos to retake, ``photos`` naming them as
    :func:`models.grid.photo_refusal` takes them), a sure one naming ``where`` (the state file
    or folder)."""
    read = state.without_candidates()
    if state.candidates is None:
        return read, _solved_by(moves, [read], settings, where)
    try:
        grid: GridSolution | None = solver(state, settings)
    except GridUnsolvableError as e:
        if ask is None or e.reason == "too-doubtful":
            if not _solves(read, moves, settings):
                raise photo_refusal(e, state, photos) from None
            doubt = (f"{len(e.doubtful)} stickers are read with doubt, too many for the grid "
                     "solver" if e.doubtful else "The grid solver could not settle the reading")
            _say(f"{doubt}; the moves given solve the reading as read, so the plan starts "
                 "from it.")
            return read, read
        grid = None  # inconsistent: reviewed
    if ask is not None and (grid is None or not grid.sure):
        state, grid = _reviewed(state, settings, ask, solver, go_on, extra, photos)
        read = state.without_candidates()
    chosen = CubeState(tuple(grid.chosen), state.n)
    if grid.sure or ask is not None:
        return read, _solved_by(moves, [read, chosen], settings, where)
    readings = _distinct([(read, "the reading as read"), (chosen, "the grid's choice")]
                         + ([(CubeState(tuple(grid.rival), state.n), "the rival reading")]
                            if grid.rival else []), settings)
    solving = [(r, name) for r, name in readings if _solves(r, moves, settings)]
    if len(solving) != 1:
        given = (f"--moves {format_moves(moves)!r} solve "
                 + ("none of the readings in question: they may not be the plan for this cube "
                    "(give the plan the guide or solve showed for it); if they are, "
                    if not solving else
                    " and ".join(name for _, name in solving) + ", so they do not tell them "
                    "apart; "))
        raise SudokuCubeError(given + unsure_message(state, grid, settings, fix(), photos))
    unsure = unsure_stickers(state, grid, settings)
    _say(f"The grid solver is not sure of {unsure_names(unsure, grid, state.n)}; the moves "
         f"given solve {solving[0][1]} alone, so the plan starts from it.")
    return read, solving[0][0]


def _distinct(readings: list[tuple[CubeState, str]], settings: CubeSettings
              ) -> list[tuple[CubeState, str]]:
    """``readings`` (each with its name), one of each: two that differ only in how a
    symmetric digit is turned are one, named by both names ("the reading as read (the
    grid's choice)")."""
    out: list[tuple[CubeState, str]] = []
    for state, name in readings:
        same = next((k for k, (kept, _) in enumerate(out)
                     if all(same_sticker(a, b, settings.symmetric)
                            for a, b in zip(kept.stickers, state.stickers))), None)
        if same is None:
            out.append((state, name))
        else:
            out[same] = (out[same][0], f"{out[same][1]} ({name})")
    return out


def _solves(start: CubeState, moves: Sequence[Move], settings: CubeSettings) -> bool:
    """Whether ``moves`` solve ``start``."""
    return is_solved(start.apply(moves), settings.symmetric)


def _solved_by(moves: Sequence[Move], starts: list[CubeState], settings: CubeSettings,
               where: str) -> CubeState:
    """The first of ``starts`` that ``moves`` solve; none refused, naming ``where``."""
    for start in starts:
        if _solves(start, moves, settings):
            return start
    given = f"--moves {format_moves(moves)!r} do not solve" if moves else \
        "--moves is empty, which does not solve"
    raise SudokuCubeError(f"{given} {where}; give the plan the guide or solve showed for this "
                          "state")


def _say(text: str) -> None:
    """Tell the person on stderr (stdout may carry JSON or the plan)."""
    Console(stderr=True).print(text, highlight=False, markup=False)
