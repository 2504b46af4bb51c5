"""The ``sudoku-cube`` console script's entry: Ctrl-C from the very first moment ends quietly.

The script imports only this small module and calls :func:`main`. Its first act is to hold
Ctrl-C back while the real CLI (:mod:`assistant.cli`) is imported: a ``KeyboardInterrupt``
raised in the middle of an import printed a traceback of the import, or landed in one of
Python's callbacks, which printed it and carried on. A press while loading now ends the
program with exit status 130 and one line, as Ctrl-C does later on. (Python's own start-up,
before this module runs, is out of its reach.) ``python -m sudoku_cube.assistant.entry`` runs
it too, where the script is not on the PATH."""
from __future__ import annotations

import signal
import sys

INTERRUPTED = 130
"""Exit status after Ctrl-C (128 + SIGINT), as the CLI uses."""


def main() -> int:
    """Run the CLI; Ctrl-C while it loads exits 130 with a short message."""
    held: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: held.append(signum))
    try:
        from .cli import main as cli_main  # inside the guard on purpose
    finally:
        signal.signal(signal.SIGINT, previous)
    if held:
        print("\nsudoku-cube: interrupted while starting; nothing was done: run the command "
              "again", file=sys.stderr)
        return INTERRUPTED
    return cli_main()


if __name__ == "__main__":  # python -m sudoku_cube.assistant.entry runs as the console script
    sys.exit(main())
