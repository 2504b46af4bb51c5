"""``sudoku-cube solve [PHOTOS_DIR|STATE]``: from photos or a state file to the face turns
that solve the cube, centres included.

With no input it reads the bundled demo photos. ``--json`` prints one JSON object
(``assistant.services.pipeline.solve_result_dict``) and never asks anything; otherwise the reading
is reviewed (interactively when a person is at the terminal) and the plan is guided step by step
(``--plain`` prints every step). ``--optimal`` asks for a provably shortest plan (cubes up to 8
turns from solved; a farther cube gets the usual short plan, said on stderr, and the JSON's
``stats.proved_shortest`` is false). The work is done by ``assistant.terminal.solve_flow``.
"""
from __future__ import annotations

import argparse
import json

from rich.console import Console

from ..services.export import check_export_path
from ..services.pipeline import optimal_notice, solve_result_dict
from ..terminal import solve_flow
from ..terminal.guide_run import export_said, guided_steps
from ..terminal.keys import interactive
from ..terminal.profile_option import add_profile_option, cube_settings
from ..terminal.solve_options import add_guide_options, add_ocr_option


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``solve`` subcommand."""
    p = sub.add_parser("solve",
                       help="start here: read the cube (photos or a state), review doubtful "
                            "stickers, plan the face turns and guide them",
                       description="Read the photos (or a state file), let you correct doubtful "
                                   "stickers, solve the grid, plan short verified face turns "
                                   "(pieces and centres) and guide them one at a time (every "
                                   "step printed with --plain or without a terminal).")
    p.add_argument("input", nargs="?", default=None, metavar="PHOTOS_DIR|STATE",
                   help="a folder of face photos (U.jpg ... B.jpg, or corner photos A and B) "
                        "or a state file; default: the bundled demo photos")
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    p.add_argument("--optimal", action="store_true",
                   help="provably shortest plan (only for cubes up to 8 turns from solved)")
    add_guide_options(p)
    add_ocr_option(p)
    add_profile_option(p)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Solve and print the JSON result, or review and guide."""
    settings = cube_settings(args)
    if args.json:
        if args.export:  # a file that cannot be written: refused before the work
            check_export_path(args.export)
        with solve_flow.ConsoleProgress() as progress:
            result = solve_flow.produce(args.input, settings, args, progress=progress,
                                        console=progress.console)
        notice = optimal_notice(result.plan)  # on stderr, as the other notes; stdout is JSON
        if notice:
            Console(stderr=True).print(notice, highlight=False)
        if args.export:  # the plan as the guide exports it, from the cube as read
            steps, start = guided_steps(result.plan, result.state.without_candidates(),
                                        result.settings)
            export_said(args.export, steps, start, result.settings)
        print(json.dumps(solve_result_dict(result), indent=2))
        return 0
    code = solve_flow.solve_with_review(args.input, settings, args)
    demo = args.input is None and code == 0
    if demo and (args.plain or not interactive()):  # the plan printed (``make demo``): what next
        Console().print(YOUR_CUBE, highlight=False)
    return code


YOUR_CUBE = ("That was the bundled demo. Your own cube: photograph its six faces as U.jpg R.jpg "
             "F.jpg D.jpg L.jpg B.jpg (or two corner photos A.jpg and B.jpg) into a folder, as "
             "docs/photos.md shows, and run `sudoku-cube solve FOLDER`.")
"""Said after the demo solve, the first thing a newcomer runs."""
