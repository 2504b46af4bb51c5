"""``sudoku-cube guide STATE``: step-by-step instructions to solve the cube in a state file (or
a photo folder)."""
from __future__ import annotations

import argparse

from rich.console import Console

from ...models.cube.moves import parse_moves
from ...vision.photo.camera import check_video_file, parse_source
from ..services.export import check_export_path
from ..services.pipeline import already_solved
from ..terminal.given_moves import again, fix_for
from ..terminal.guide_run import given_plan, guide_plan
from ..terminal.keys import interactive, read_line
from ..terminal.profile_option import add_profile_option, cube_settings, profile_camera
from ..terminal.review_ui import ReviewQuit, kept_corrections
from ..terminal.solve_flow import guide_state_file, read_for_given
from ..terminal.solve_options import add_guide_options, add_ocr_option
from ..terminal.wrapping import print_wrapped


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``guide`` subcommand."""
    p = sub.add_parser("guide",
                       help="guide the face turns step by step, going on where you stopped "
                            "(--moves: a plan given, --camera: the camera watches)",
                       description="Show one face turn at a time: the move in large letters and "
                                   "words, the cube before and after, progress and phase. "
                                   "Keys: right/down/PgDn/n/space next, left/up/PgUp/b back, "
                                   "c check the cube (find a "
                                   "slip and plan again from the real cube), r restart, q "
                                   "quit, ? help. Without a "
                                   "terminal (or with --plain) every step is printed.")
    p.add_argument("state", metavar="STATE|PHOTOS",
                   help="state file (JSON or text, see docs/conventions.md) or a folder of "
                        "photos, as solve takes")
    p.add_argument("--moves", help="follow this plan (face turns) instead of planning STATE")
    p.add_argument("--camera", nargs="?", const="", default=None, metavar="N|VIDEO",
                   help="watch mode: the camera (default: the --profile's camera, with its "
                        "saved settings, else 0) or a video file looks at the cube "
                        "from the U-F-R corner after each move and confirms it; a slip is "
                        "told with a new plan and watching goes on")
    p.add_argument("--no-window", action="store_true",
                   help="with --camera: no window (the terminal only), even with a display")
    add_guide_options(p)
    add_ocr_option(p)
    add_profile_option(p)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Plan the solution of the state file or photo folder (or take ``--moves``) and guide
    it."""
    settings = cube_settings(args)
    if args.camera == "":  # --camera without a value: the profile's camera, else camera 0
        camera = profile_camera(args)
        args.camera = str(camera.source) if camera is not None else "0"
    if args.camera is not None:
        # a mistyped camera, a photo or a file that is no video is refused before planning
        check_video_file(parse_source(args.camera))
    if args.moves is None:
        return guide_state_file(args.state, settings, args)
    if args.export:
        check_export_path(args.export)
    parse_moves(args.moves)  # a mistyped move is refused before the photos are read
    got = read_for_given(args.state, settings, args, Console(stderr=True))  # as check reads it
    state, settings = got.state, got.settings
    if already_solved(state, settings):
        Console().print("The cube is already solved: nothing to turn.")
        return 0
    person = interactive() and not args.plain
    go_on = again("guide", args)
    try:
        plan, reading = given_plan(state, args.moves, settings, args.state,
                                   read_line if person else None,
                                   fix_for(args.state, go_on, state, got.extra),
                                   photos=got.photos, go_on=go_on, extra=got.extra,
                                   solver=got.solver)
    except ReviewQuit as stop:
        print_wrapped(Console(), "Stopped at the review; nothing was guided. The input is "
                                 "unchanged: run the same command to review it again."
                                 f"{kept_corrections(stop)}")
        return 0
    return guide_plan(plan, args, reading=reading, settings=settings)
