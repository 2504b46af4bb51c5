"""``sudoku-cube check STATE --step N``: does the cube still follow the plan? If not, which slip
happened, and a new plan from where the cube really is."""
from __future__ import annotations

import argparse
import json

from typing import NamedTuple, Sequence

from rich.console import Console

from ...models.cube.moves import Move, format_moves, parse_moves
from ...models.cube.state import CubeState
from ...models.errors import SudokuCubeError
from ...models.grid import GridUnsolvableError, photo_refusal
from ...models.profile import CubeSettings
from ...models.plan.planner import Plan
from ...models.cube.state_format import to_dict
from ...models.slips.find import Verdict, find_slip
from ...models.slips.first_look import first_look
from ..services.given_photos import by_centres_words, corner_by_centres, photo_as_given
from ..services.pipeline import AFTER_SLIP, already_solved, solve_state, steps_done_words
from ..services.guide import steps_from_moves
from ..services.sessions import follow_instead, followed_plans
from ..services.slip_check import (Cells, check_face, corner_cells, corner_photo, face_letter,
                                   first_look_json, first_look_words, how_to_show, photo_cells,
                                   photo_face, read_again_words, refuse_wrong_faces, split_face,
                                   tokens_cells, verdict_json)
from ..services.slipped_cubes import slipped_cubes
from ..services.wrong_centres import refuse_wrong_corners, refuse_wrong_tokens
from ..terminal.given_moves import again, cube_options, fix_for, given_start, settled
from ..terminal.guide_check import after_slip_guide
from ..terminal.keys import LineReader, interactive, read_line
from ..terminal.markup import plain
from ..terminal.profile_option import add_cube_options, chosen_reader, cube_settings
from ..terminal.review_ui import ReviewQuit, kept_corrections
from ..terminal.solve_flow import read_for_given
from ..terminal.solve_options import add_ocr_option
from ..terminal.wrapping import print_wrapped

EXIT_AMBIGUOUS = 3
"""Exit status when several slips fit, or one face cannot settle the one that fits (it may be
another face, shown by mistake): show the face named and check again."""
EXIT_NO_SLIP = 4
"""Exit status when no likely slip explains what was seen: read the whole cube again."""


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``check`` subcommand."""
    p = sub.add_parser(
        "check", help="compare the cube with the plan at a step and find a slip",
        description="Compare what the cube shows after N steps of a plan with what the plan "
                    "expects. Give one face as nine typed tokens (--tokens) or a photo "
                    "(--photo), or a corner photo (--corner A.jpg: U F R in view; B.jpg: D L "
                    "B); more faces as FACE=VALUE. When the cube differs, the likely slips of "
                    "the last steps (wrong direction, half for quarter turn, wrong face, "
                    "skipped or repeated step, cube held turned; one or two of them) are "
                    "searched. Exit status: 0 as expected or slip found (with a new plan), 3 "
                    "several slips fit, or one face cannot settle the one that does (show "
                    "the face named), 4 no likely slip fits (read the cube again), 2 bad "
                    "input (a face photo, corner photo or typed tokens whose centre is no face's, "
                    "or another face's that no slip explains: retake or retype it; where the "
                    "cube may have been held turned since, such a face is one of the slips "
                    "weighed, and the answer may be 3).")
    p.add_argument("state",
                   help="the state file the plan starts from (JSON or text), or the folder of "
                        "photos it was planned from")
    add_ocr_option(p)
    p.add_argument("--moves", help="the plan being followed (default: the one the guide "
                                   "follows for STATE, which is the new plan where a check "
                                   "found a slip; else STATE planned again)")
    p.add_argument("--step", type=int, required=True, metavar="N",
                   help="steps of the plan made so far (0 = none)")
    p.add_argument("--face", default=None,
                   help="the face a --tokens or --photo value without FACE= shows (default: "
                        "for a photo the face its file is named after, U.jpg is U; else F)")
    p.add_argument("--tokens", action="append", default=[], metavar="[FACE=]TOKENS",
                   help="nine tokens read off a face, row by row, e.g. \"F=5^ 4> 6^ ...\"")
    p.add_argument("--photo", action="append", default=[], metavar="[FACE=]PATH",
                   help="a photo of one face, taken as the net shows it; a file named A is "
                        "corner photo A, and one named B or after no face that shows a corner "
                        "of the cube is read as a corner photo")
    p.add_argument("--corner", action="append", default=[], metavar="[A=|B=]PATH",
                   help="a corner photo: A (U, F and R in view) or B (D, L and B in view, held "
                        "as in photo B); the letter comes from A=/B= or the file's name (A.jpg, "
                        "B.png), else from the centres the photo shows")
    p.add_argument("--suggest", action="store_true",
                   help="only say what to show first: corner photo A or the single face that "
                        "tells the most (the guide's c key asks for the same)")
    p.add_argument("--json", action="store_true", help="print the answer as JSON")
    add_cube_options(p)
    p.set_defaults(handler=run)


def _asked(args: argparse.Namespace) -> LineReader | None:
    """How the review asks the person at the terminal, or None where nobody is (``--json``)."""
    return read_line if interactive() and not args.json else None


def plan_of(args: argparse.Namespace, settings: CubeSettings
            ) -> tuple[CubeState, list[Move], CubeSettings]:
    """The plan's start state, its moves and the cube settings (the photos' verdict on the 1
    taken): ``--moves`` on STATE, or the plan the guide follows
    for STATE (planned again, the same way, when there is none). STATE is taken as ``solve``
    takes it (:func:`solve_flow.read_for_given`: the photos' verdict on the 1, a photo held
    turned); a reading with candidates is settled as ``solve`` settles it, a given plan's start
    as the guide takes it (:mod:`terminal.given_moves`)."""
    given = parse_moves(args.moves) if args.moves is not None else None  # before the photos
    got = read_for_given(args.state, settings, args, Console(stderr=True))
    state, settings = got.state, got.settings
    go_on = again("check", args)
    fix = fix_for(args.state, go_on, state, got.extra)
    if given is None:
        grid = None
        if not already_solved(state, settings):
            try:
                state, grid = settled(state, settings, _asked(args), fix, go_on, got.extra,
                                      got.solver, got.photos)
            except GridUnsolvableError as e:
                raise photo_refusal(e, state, got.photos) from None
        plan = solve_state(state, settings, grid=grid,
                           known=followed_plans(settings.symmetric)).plan
        Console(stderr=True).print(f"{plan_words(plan, args.state)}: {format_moves(plan.moves)} "
                                   "(give --moves with the plan you follow if it is another)",
                                   highlight=False)
        return plan.start, list(plan.moves), settings
    return given_start(state, given, settings, args.state, _asked(args), fix,
                       photos=got.photos, go_on=go_on, extra=got.extra,
                       solver=got.solver)[1], given, settings


def plan_words(plan: Plan, state: str) -> str:
    """Which plan ``--step`` counts in: the photos' plan, or the new plan the guide follows
    since a check found a slip (it starts from the cube as it was then, so its steps are not
    those ``solve --plain`` prints)."""
    if AFTER_SLIP not in plan.stats:
        return f"Plan of {plain(state)}"
    after = plan.stats[AFTER_SLIP]
    when = steps_done_words(after)
    return (f"Plan the guide follows for {plain(state)}, made when a check {when} found a slip "
            "(from the cube as it was then)")


class Observed(NamedTuple):
    """What the command line gives to compare: every face as scored cells (``seen``), and
    where each came from, so that a centre that is not its face's is refused in the words of
    what it came from (:func:`refuse_wrong_centres`): the face photos (face -> file), the
    corner photos (letter -> file), the faces typed, and the lines that say how a photo whose
    file's name left it open was taken (:mod:`assistant.services.given_photos`)."""

    seen: dict[str, Cells]
    photos: dict[str, str]
    corners: dict[str, str]
    typed: list[str]
    said: list[str]


def observations(args: argparse.Namespace, cube: CubeState | None = None,
                 settings: CubeSettings = CubeSettings()) -> Observed:
    """Every face given on the command line, as scored cells (photos read with the
    ``--profile``'s reader, loaded only when a photo is given). ``cube`` (the cube as the plan
    expects it) names a face by its centre digit in a refusal, as it looks on ``settings``'
    cube, and tells a photo whose file's name leaves it open which it is: a ``--photo`` named
    A is corner photo A, one named B or after no face a corner photo where it shows a corner
    (:func:`assistant.services.given_photos.photo_as_given`; a face named with ``FACE=`` or
    ``--face`` is taken at its word), and a ``--corner`` with no letter photo A or B by its
    centres (:func:`corner_by_centres`)."""
    face_option = face_letter(args.face, "--face") if args.face else None
    default = face_option or "F"
    got = Observed({}, {}, {}, [], [])
    reader = None

    def add(face: str, cells: Cells) -> None:
        if face in got.seen:
            name = check_face(face, cube, settings)
            raise SudokuCubeError(f"{name[0].upper()}{name[1:]} is given twice; give each "
                                  "face once")
        got.seen[face] = cells

    def add_corner(letter: str, path: str, faces: dict[str, Cells]) -> None:
        for face, cells in faces.items():
            add(face, cells)
        got.corners[letter] = path

    for value in args.tokens:
        face, text = split_face(value, default)
        add(face, tokens_cells(face, text, cube, settings))
        got.typed.append(face)
    for value in args.photo:
        reader = reader if reader is not None else chosen_reader(args)
        face, path = photo_face(value, face_option)
        told = bool(split_face(value, "")[0] or face_option)  # the person named its face
        given = photo_as_given(face, path, reader, cube, settings, told, photo_cells,
                               corner_cells)
        if given.corner:
            add_corner(given.corner, path, given.faces)
            got.said.append(given.said)
        else:
            add(face, given.faces[face])
            got.photos[face] = path
    for value in args.corner:
        reader = reader if reader is not None else chosen_reader(args)
        letter, path = corner_photo(value)
        if letter:
            add_corner(letter, path, corner_cells(path, reader, letter))
            continue
        letter, faces = corner_by_centres(path, reader, cube, settings, corner_cells)
        add_corner(letter, path, faces)
        said = by_centres_words(path, letter)
        if said:
            got.said.append(said)
    return got


def refuse_wrong_centres(got: Observed, cube: CubeState, verdict: Verdict | None,
                         maybe: Sequence[CubeState], settings: CubeSettings) -> None:
    """Refuse a face photo, corner photo or typed tokens whose centre is not its face's in
    ``cube`` (the cube as the plan expects it), before the slip search (``verdict`` None: a
    centre no face has) and after it (one no cube held turned brings there)."""
    refuse_wrong_faces(got.photos, got.seen, cube, verdict, maybe, settings)
    refuse_wrong_corners(got.corners, got.seen, cube, verdict, maybe, settings)
    refuse_wrong_tokens(got.typed, got.seen, cube, verdict, settings)


def run(args: argparse.Namespace) -> int:
    """Check the cube and print the verdict."""
    settings = cube_settings(args)
    try:
        start, moves, settings = plan_of(args, settings)
    except ReviewQuit as stop:
        print_wrapped(Console(), "Stopped at the review; nothing was checked. The input is "
                                 f"unchanged.{kept_corrections(stop)}")
        return 0
    if not 0 <= args.step <= len(moves):
        raise SudokuCubeError(f"--step {args.step}: the plan has {len(moves)} steps; give 0-"
                              f"{len(moves)} (the steps made so far)")
    console = Console()
    expected = start.apply(moves[:args.step])  # names faces by their centres as they are now
    maybe = slipped_cubes(start, moves, args.step)  # a slip may have turned centres
    if args.suggest:
        look = first_look(start, moves, args.step, settings)
        if args.json:
            print(json.dumps(first_look_json(look, expected, maybe, settings), indent=2))
        else:
            words = first_look_words(look, expected, maybe, settings)
            console.print(f"{words}. Then check with --corner PATH, or "
                          f"--tokens {look.face}=\"nine tokens\" or --photo {look.face}=PATH.",
                          highlight=False)
        return 0
    got = observations(args, expected, settings)
    seen = got.seen
    if not seen:
        raise SudokuCubeError("nothing to compare: give a face with --tokens or --photo, or "
                              "corner photo A with --corner")
    for line in got.said:  # how a photo whose name left it open was taken
        print_wrapped(Console(stderr=True), line)
    refuse_wrong_centres(got, expected, None, maybe, settings)  # before any search
    verdict = find_slip(start, moves, args.step, seen, settings)
    refuse_wrong_centres(got, expected, verdict, maybe, settings)
    again = read_again_words(args.state)
    photo = " and ".join(f"corner photo {c}" for c in got.corners)
    followed = _followed_anew(start, verdict, args.step)
    if args.json:
        out = verdict_json(verdict, args.step, list(seen), expected, maybe, again, photo,
                           settings)
        if verdict.outcome == "found" and verdict.best is not None:  # where the plan starts
            out["state"] = to_dict(verdict.best.state)
            try:
                out["guide"] = after_slip_guide(verdict.best.state, verdict.repair) \
                    + cube_options(args)
            except OSError:  # the state above is all the same
                pass
        print(json.dumps(out, indent=2))
    else:
        print_wrapped(console, verdict.message(expected, maybe, again=again, photo=photo))
        if verdict.outcome == "found" and verdict.best is not None:
            try:
                guide = after_slip_guide(verdict.best.state, verdict.repair) + cube_options(args)
            except OSError as e:  # the slip and its new plan are said above all the same
                print_wrapped(console, "The cube after the slip could not be saved for the "
                                       f"guide ({e.strerror or e}): follow the new plan above.")
            else:
                print_wrapped(console, f"To be guided through it: `{guide}`")
            if followed:  # as the guide's own check does
                print_wrapped(console, f"The guide on {args.state} goes on with this new plan "
                                       "too.")
        face = verdict.ask_face
        if verdict.outcome == "ambiguous" and face:
            hold = how_to_show(face, expected, maybe, settings)
            print_wrapped(console, f"To show it, hold {hold}, and check "
                                   f"again with both faces: add --photo {face}=PATH or --tokens "
                                   f"{face}=\"nine tokens\" to the same command.")
    return {"ambiguous": EXIT_AMBIGUOUS, "none": EXIT_NO_SLIP}.get(verdict.outcome, 0)


def _followed_anew(start: CubeState, verdict: Verdict, step: int) -> bool:
    """Where a slip was found: the guide's plan from ``start`` (the reading's, when the guide
    follows it) replaced by the new plan from the real cube, as the guide's own check replaces
    it, so that the guide run on the same photos later goes on with the new plan, not the old
    one on a cube no longer there; whether a plan followed was replaced."""
    if verdict.outcome != "found" or verdict.best is None:
        return False
    real = verdict.best.state
    phases = [s.phase for s in steps_from_moves(real, verdict.repair)]
    try:
        return follow_instead(start, real, verdict.repair, phases, after_step=step) > 0
    except (SudokuCubeError, OSError):  # the slip and its plan are said all the same
        return False
