"""Reading a key press from the terminal, and knowing whether we may ask for one at all."""
from __future__ import annotations

import sys
from typing import Callable


def interactive() -> bool:
    """True when both stdin and stdout are terminals (a person can press keys and see them)."""
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def read_key() -> str:
    """One key press, without waiting for Enter when the terminal allows it.

    Ctrl-C arrives as ``KeyboardInterrupt`` (the CLI turns it into a clean exit). End of input
    counts as 'q'.
    """
    try:
        import termios
        import tty
    except ImportError:  # not a POSIX terminal: read a line instead
        return read_line()
    fd = sys.stdin.fileno()
    try:
        old = termios.tcgetattr(fd)
    except termios.error:
        return read_line()
    try:
        tty.setcbreak(fd, termios.TCSANOW)  # not TCSAFLUSH: keep keys typed ahead
        ch = sys.stdin.read(1)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
    if ch == "\x03":
        raise KeyboardInterrupt
    return ch or "q"


def read_line(prompt: str = "") -> str:
    """One typed line (end of input counts as 'q')."""
    try:
        return input(prompt)
    except EOFError:
        return "q"


KeyReader = Callable[[], str]
