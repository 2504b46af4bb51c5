"""The ``sudoku-cube`` command: argument parsing and the error policy.

Each subcommand lives in ``assistant/commands/<name>.py`` with ``register(subparsers)`` that
adds its parser and sets ``handler``. Only the command being run is imported (its module loads
OpenCV, OR-Tools or rich as it needs them); the others appear in ``--help`` by name and one-line
help from :data:`COMMANDS`, so ``sudoku-cube --help`` starts fast.

Errors the user can act on (:class:`SudokuCubeError`, and a file that cannot be read or
written: an ``OSError`` naming it) print a message and exit 2; anything else is an internal error
(exit 1) with a hint to report it; ``--debug`` shows the traceback. Ctrl-C exits 130 with the
command to run to go on from there.
"""
from __future__ import annotations

import argparse
import errno
import importlib
import io
import os
import shutil
import sys
import traceback
from typing import NoReturn, Sequence

from ..models.errors import SudokuCubeError
from ..models.printable import printable
from ..storage.write_errors import WriteFailed
from .services.allocator import keep_freed_memory
from .terminal.interrupt import (RESTART, held_ctrl_c, remembered_ctrl_c, resume_command,
                                 resume_hint, set_command_after_restart)
from .terminal.shell_words import command_line
from .terminal.wrapping import wrap_words

DISK_FULL = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS)
"""Errors of a write that only the person can fix (free space, another folder): exit 2."""

COMMANDS = {
    "show": "draw a state file as a net",
    "apply": "apply face turns to a state",
    "encode": "print the piece encoding of a state",
    "grid": "solve the grid: where every piece goes and how every face points",
    "solve": ("start here: read the cube (photos or a state), review doubtful stickers, plan "
              "the face turns and guide them"),
    "guide": ("guide the face turns step by step, going on where you stopped (--moves: a plan "
              "given, --camera: the camera watches)"),
    "check": "compare the cube with the plan at a step and find a slip",
    "read": "read six face photos (U R F D L B) or two corner photos (A B) into a state",
    "scan": "capture the six faces with a webcam or from a video",
    "serve": "take the photos with a phone: a page in its browser (--lan: opened from a QR code)",
    "generate": "make a random solvable cube (and its photos)",
    "bench": "run a speed/accuracy benchmark",
    "calibrate": "fit the reading to your cube: its templates, settings and camera",
    "profiles": "list calibration profiles",
    "tables": "build or check the planner's tables in the cache folder (once)",
}
"""Every subcommand and its one-line help (the same line its module registers)."""


def version() -> str:
    """The installed version of sudoku-cube (from the package metadata). Imported here, not
    at the top: the metadata module is only needed for ``--version`` and costs every other
    command's start-up."""
    import importlib.metadata
    try:
        return importlib.metadata.version("sudoku-cube")
    except importlib.metadata.PackageNotFoundError:  # run from a checkout without installing
        return "(not installed)"


def command_of(argv: Sequence[str]) -> str | None:
    """The subcommand named on a command line (the first word that is not an option)."""
    return next((a for a in argv if not a.startswith("-")), None)


def build_parser(command: str | None = None, *, every: bool = False) -> argparse.ArgumentParser:
    """The top-level parser. The module of ``command`` (or of every command when ``every``)
    registers its full parser; the others are listed by name and help only."""
    parser = Parser(
        prog="sudoku-cube",
        description="Read a Sudoku Cube from photos or a webcam, solve its grid and guide the "
                    "moves.")
    parser.add_argument("--debug", action="store_true", help="show tracebacks of errors")
    parser.add_argument("--version", action=ShowVersion, help="print the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, help_line in COMMANDS.items():
        if every or name == command:
            importlib.import_module(f"sudoku_cube.assistant.commands.{name}").register(sub)
        else:
            sub.add_parser(name, help=help_line)
    return parser


class ShowVersion(argparse.Action):
    """``--version``: print ``sudoku-cube VERSION`` on stdout and exit 0, as argparse's own
    version action does, but looking the version up only when it is asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(f"sudoku-cube {version()}")
        parser.exit()


NATIVE_THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "OMP_THREAD_LIMIT",
                  "OPENCV_FOR_THREADS_NUM")
"""Thread pools of the native libraries, held to one thread each unless the user set them."""


def limit_native_threads() -> None:
    """One thread for OpenBLAS (numpy), OpenMP (tesseract) and OpenCV, set before they load.

    The faces are read two at a time and the planner searches on two threads; OpenBLAS's own
    threads busy-wait between the small products of the recognisers, and on the 2-core machine
    they took the cores from the work: reading six faces took 2.4 s of CPU instead of 0.17 s
    (``bench e2e``). OpenCV's pool, woken for every small image of a sticker, cost about a
    quarter more CPU per face for the same readings and no gain in time (38 -> 28 ms of CPU per
    black or white-ink face with one thread, wall time equal). Variables the user set are
    kept."""
    for name in NATIVE_THREADS:
        os.environ.setdefault(name, "1")


RESUMABLE = {
    "solve": "run `{command}` to go on from there",
    "guide": "run `{command}` to go on: it continues at the step it reached",
    "check": "run `{command}` to go on from there",
    "scan": "run `{command}` again",  # the scan says more once it knows what it holds
}
"""What to run after Ctrl-C, per command (the default when the command set no hint of its own
through :func:`assistant.terminal.interrupt.set_resume_hint`)."""


def _is_restart(arg: str) -> bool:
    """True for ``--restart`` or a prefix argparse takes for it (``--rest``)."""
    return len(arg) > len("--") and RESTART.startswith(arg)


def interrupted_hint(args_list: Sequence[str]) -> str:
    """How to go on after Ctrl-C: the hint the command set, else the command's default."""
    line = command_line(["sudoku-cube", *args_list])
    hint = resume_hint(line) or RESUMABLE.get(command_of(args_list) or "", "").format(
        command=resume_command(line))
    return (hint or "nothing was saved; run the command again") + "."


def top_level_debug(argv: Sequence[str]) -> bool:
    """True when ``--debug`` comes before the subcommand: the top-level option that shows
    tracebacks. A subcommand's own ``--debug DIR`` (``read``'s debug pictures)
    shows none."""
    command = command_of(argv)
    return "--debug" in (argv[:list(argv).index(command)] if command else argv)


PIPE_CLOSED = 141
"""Exit status when the reader of the output went away (``| head``): 128 + SIGPIPE, as the
usual command-line tools report it."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line (``sys.argv`` when ``argv`` is None); returns the exit status.
    The console script reaches it through :mod:`assistant.entry`."""
    quiet_before = _stdout_is_devnull()
    try:
        code = _main(argv)
        sys.stdout.flush()  # a closed pipe shows here, not in Python's flush at exit
        return code
    except SystemExit as e:
        # rich answers a closed pipe by pointing stdout at /dev/null and exiting 1
        if e.code == 1 and not quiet_before and _stdout_is_devnull():
            return PIPE_CLOSED
        try:
            sys.stdout.flush()  # argparse's --help, a scan's exit
        except BrokenPipeError:
            return pipe_closed()
        raise
    except BrokenPipeError:
        return pipe_closed()


def _stdout_is_devnull() -> bool:
    """True when file descriptor 1 is /dev/null."""
    try:
        return os.path.samestat(os.fstat(1), os.stat(os.devnull))
    except OSError:
        return False


def pipe_closed() -> int:
    """The reader of stdout went away (``| head``). As Python's documentation advises, stdout
    is pointed at /dev/null, so that the final flush at exit does not fail once more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass  # stdout is not a file (a test's capture): nothing to flush at exit
    return PIPE_CLOSED


def _main(argv: Sequence[str] | None) -> int:
    """:func:`main` without the closed-pipe check of rich's exit."""
    limit_native_threads()
    keep_freed_memory()
    args_list = list(sys.argv[1:] if argv is None else argv)
    debug = top_level_debug(args_list)
    try:
        with held_ctrl_c():  # the command's modules load here
            parser = build_parser(command_of(args_list))
            args = parser.parse_args(args_list)
        if not getattr(args, "handler", None):
            parser.print_help()
            return 2
        with remembered_ctrl_c():
            if getattr(args, "restart", False):  # once the guide restarted, go on from there
                set_command_after_restart(command_line(
                    ["sudoku-cube", *(a for a in args_list if not _is_restart(a))]))
            code = args.handler(args)
        return int(code or 0)
    except SudokuCubeError as e:
        if debug:
            traceback.print_exc()
        say(str(e))
        return e.exit_code
    except KeyboardInterrupt:
        say(f"interrupted; {interrupted_hint(args_list)}", start="\n")
        return 130
    except BrokenPipeError:
        return pipe_closed()
    except OSError as e:
        if e.errno in DISK_FULL:  # a write outside storage.atomic (which says it itself)
            say(str(WriteFailed(e.filename or "a file", e)))
            return 2
        if not e.filename:  # not about a file the user named: a bug, reported below
            return internal_error(e, debug)
        if debug:
            traceback.print_exc()
        say(f"{e.filename}: {e.strerror or e}; check the path, that its folder exists and that "
            "you may write there, then run the command again")
        return 2
    except Exception as e:  # noqa: BLE001 - the error policy: never a bare traceback
        return internal_error(e, debug)


def internal_error(e: Exception, debug: bool) -> int:
    """Report a bug (exit 1): what happened, and how to see the traceback."""
    if debug:
        traceback.print_exc()
    say(f"internal error: {type(e).__name__}: {e}\n"
        "  This is a bug. Please report it with the command you ran; "
        "run again with --debug to see the traceback.")
    return 1


def say(message: str, start: str = "") -> None:
    """Print an error message on stderr, as ``sudoku-cube: message``. Messages quote file
    names, tokens and lines of files, so they pass through :func:`models.printable.printable`:
    a terminal escape in a file name is shown, not obeyed, and a 20 MB line is shortened."""
    text = f"{start}sudoku-cube: {printable(message)}"
    if sys.stderr.isatty():  # a terminal wraps at its edge, mid-word: wrap between words
        text = wrap_words(text, shutil.get_terminal_size().columns)
    print(text, file=sys.stderr)


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose usage errors (which quote the arguments given) are printed
    through :func:`models.printable.printable` too."""

    def error(self, message: str) -> NoReturn:
        """Print the usage and the error, exit 2 (as argparse does)."""
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {printable(message)}\n")

    def parse_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                   namespace: argparse.Namespace | None = None) -> argparse.Namespace:
        """argparse's parse, but an argument no option of the command takes is refused by the
        command's own parser, with its usage (``sudoku-cube solve: error: ...``): argparse
        leaves that to the top-level parser, whose usage names no command's options."""
        parsed, extra = self.parse_known_args(args, namespace)
        if extra:
            commands = next((a.choices for a in self._actions
                             if isinstance(a, argparse._SubParsersAction)), {})
            owner = commands.get(getattr(parsed, "command", None) or "", self)
            owner.error(f"unrecognized arguments: {' '.join(extra)}")
        return parsed


if __name__ == "__main__":
    sys.exit(main())
