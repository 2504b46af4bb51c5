"""Reading a key press from the terminal, and knowing whether we may ask for one at all.

Keys are returned as names: a printable character as itself, Enter as ``"\\r"``, and the
escape sequences a terminal sends for special keys as words (``"right"``, ``"pgdn"``, ...).
A lone Esc is ``"esc"``. When the terminal changes size while waiting, ``"resize"`` comes back
so that the caller can redraw.
"""
from __future__ import annotations

import os
import select
import shutil
import sys
from types import ModuleType
from typing import Callable, Protocol

ESCAPES = {
    "[A": "up", "[B": "down", "[C": "right", "[D": "left", "OA": "up", "OB": "down",
    "OC": "right", "OD": "left", "[5~": "pgup", "[6~": "pgdn", "[H": "home", "[F": "end",
    "OH": "home", "OF": "end", "[1~": "home", "[4~": "end", "[2~": "insert", "[3~": "delete",
}
"""Escape sequences (after ESC) of the keys the guide knows, as xterm and the Linux console
send them."""

RESIZE = "resize"
"""What :func:`read_key` returns when the terminal changed size while it waited."""


def interactive() -> bool:
    """True when both stdin and stdout are terminals (a person can press keys and see them)."""
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def split_keys(data: str) -> list[str]:
    """The key names in a chunk read from a terminal: ``"n\\x1b[Cq"`` -> ``['n', 'right', 'q']``.

    An escape sequence the table does not know is skipped whole (it never becomes stray
    letters that would act as commands); a lone ESC is ``'esc'``.
    """
    keys: list[str] = []
    i = 0
    while i < len(data):
        ch = data[i]
        if ch != "\x1b":
            keys.append(ch)
            i += 1
            continue
        rest = data[i + 1:]
        if not rest or rest[0] not in "[O":
            keys.append("esc")
            i += 1
            continue
        seq = rest[:2]
        if rest[0] == "[":
            end = 1
            while end < min(len(rest), 8) and not (rest[end].isalpha() or rest[end] == "~"):
                end += 1
            seq = rest[:end + 1]
        keys.append(ESCAPES.get(seq, ""))
        i += 1 + len(seq)
    return [k for k in keys if k]


class TerminalKeys:
    """Keys from a terminal file descriptor, one at a time (several may arrive in one read)."""

    def __init__(self, fd: int | None = None, poll_s: float = 0.25) -> None:
        self.fd = sys.stdin.fileno() if fd is None else fd
        self.poll_s = poll_s
        self.pending: list[str] = []
        self.size = shutil.get_terminal_size()

    def _resized(self) -> bool:
        size = shutil.get_terminal_size()
        changed = size != self.size
        self.size = size
        return changed

    def _read_chunk(self) -> str:
        """What was typed so far (waits for the first byte; an escape sequence's tail, which
        may arrive a moment later, is waited for up to 50 ms)."""
        data = os.read(self.fd, 64)
        if not data:
            return "q"  # end of input counts as q
        while b"\x1b" in data[-4:] and select.select([self.fd], [], [], 0.05)[0]:
            more = os.read(self.fd, 64)
            if not more:
                break
            data += more
        return data.decode("utf-8", "replace")

    def __call__(self) -> str:
        """The next key (see the module docstring for the names)."""
        while not self.pending:
            ready = select.select([self.fd], [], [], self.poll_s)[0]
            if not ready:
                if self._resized():
                    return RESIZE
                continue
            self.pending.extend(split_keys(self._read_chunk()))
        key = self.pending.pop(0)
        if key == "\x03":
            raise KeyboardInterrupt
        return key


_READER: TerminalKeys | None = None


def read_key() -> str:
    """One key press, without waiting for Enter when the terminal allows it.

    Ctrl-C arrives as ``KeyboardInterrupt`` (the CLI turns it into a clean exit). End of input
    counts as 'q'.
    """
    global _READER
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
    if _READER is None or _READER.fd != fd:
        _READER = TerminalKeys(fd)
    try:
        tty.setcbreak(fd, termios.TCSANOW)  # not TCSAFLUSH: keep keys typed ahead
        return _READER()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)


class LineReader(Protocol):
    """Asks a question and returns the typed line ("q" at end of input); ``prefill`` is text
    offered for editing (an entry that was refused, to mend rather than type again)."""

    def __call__(self, prompt: str, /, prefill: str = "") -> str:
        ...


def _line_editing() -> ModuleType | None:
    """Python's readline (arrow keys, history, editing for ``input``) where the platform has
    it and stdin is a terminal; None otherwise."""
    if not sys.stdin.isatty():
        return None
    try:
        import readline
    except ImportError:  # not every platform has it: plain input() then
        return None
    return readline


class LineInterrupted(KeyboardInterrupt):
    """Ctrl-C while a line was being typed: ``line`` is what was on it, not entered, so that
    the caller can keep it (:func:`unfinished_line`) rather than lose it. ``kept`` says
    whether the caller saved it to come back on the prompt next time."""

    def __init__(self, line: str) -> None:
        super().__init__()
        self.line = line
        self.kept = False
        self.again = ""
        """Where a line kept comes back, when the caller that kept it knows better than the
        one that says it (the guide's check: the prompt for the face it was typed for)."""


def unfinished_line(stop: BaseException) -> str:
    """The line that was being typed when Ctrl-C raised ``stop`` ("" when none was)."""
    return stop.line if isinstance(stop, LineInterrupted) else ""


def edits_on_line(ask: LineReader) -> bool:
    """Whether ``ask`` puts the text it is offered (``prefill``) on the line for editing:
    :func:`read_line` does with line editing; without it, it shows the text above an empty
    prompt, to be typed again. Any other reader (a test's) is taken to."""
    return ask is not read_line or _line_editing() is not None


def read_line(prompt: str = "", prefill: str = "") -> str:
    """One typed line, with line editing and the earlier entries a press of the up arrow away
    on a terminal; ``prefill`` is put on the line for editing (end of input counts as 'q';
    without line editing it is shown above the prompt, to type again). Ctrl-C with text on
    the line raises :class:`LineInterrupted` carrying that text."""
    editing = _line_editing()
    if editing is not None and prefill:
        editing.set_startup_hook(lambda: editing.insert_text(prefill))
    elif prefill:
        print(f"(your line: {prefill})")
    try:
        return input(prompt)
    except EOFError:
        return "q"
    except KeyboardInterrupt:
        typed = editing.get_line_buffer() if editing is not None else ""
        if typed.strip():
            raise LineInterrupted(typed) from None
        raise
    finally:
        if editing is not None and prefill:
            editing.set_startup_hook(None)


KeyReader = Callable[[], str]
