"""The ``sudoku-cube`` command: argument parsing and the error policy.

Each subcommand lives in ``assistant/commands/<name>.py`` with ``register(subparsers)`` that
adds its parser and sets ``handler``. Errors the user can act on (:class:`SudokuCubeError`)
print a message and exit 2; anything else is an internal error (exit 1) with a hint to report
it; ``--debug`` shows the traceback. Ctrl-C exits 130 with a note on how to resume.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
import traceback
from typing import Sequence

from sudoku_cube.assistant.interrupt import remembered_ctrl_c
from sudoku_cube.models.errors import SudokuCubeError

COMMAND_MODULES = (
    "show", "apply", "encode", "grid", "solve", "guide", "check", "read", "scan",
    "generate", "bench", "calibrate", "profiles",
)


def build_parser() -> argparse.ArgumentParser:
    """The top-level parser with every available subcommand."""
    parser = argparse.ArgumentParser(
        prog="sudoku-cube",
        description="Read a Sudoku Cube from photos or a webcam, solve its grid and guide the moves.")
    parser.add_argument("--debug", action="store_true", help="show tracebacks of errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        modname = f"sudoku_cube.assistant.commands.{name}"
        if importlib.util.find_spec(modname) is None:
            continue  # a command whose module is not written yet
        importlib.import_module(modname).register(sub)
    return parser



def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in args_list
    try:
        parser = build_parser()
        args = parser.parse_args(args_list)
        if not getattr(args, "handler", None):
            parser.print_help()
            return 2
        with remembered_ctrl_c():
            code = args.handler(args)
        return int(code or 0)
    except SudokuCubeError as e:
        if debug:
            traceback.print_exc()
        print(f"sudoku-cube: {e}", file=sys.stderr)
        return e.exit_code
    except KeyboardInterrupt:
        print("\nsudoku-cube: interrupted; nothing saved so far was lost "
              "(scan --resume and guide continue where you left off).", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # noqa: BLE001 - the error policy: never a bare traceback
        if debug:
            traceback.print_exc()
        print(f"sudoku-cube: internal error: {type(e).__name__}: {e}\n"
              "  This is a bug. Please report it with the command you ran; "
              "run again with --debug to see the traceback.", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
