"""The guide in a real pseudo-terminal, as a person runs it: the screen fits 80x24, arrow and
page keys move (their escape sequences are read whole), Esc does nothing, only q quits, r asks
first, and a window made larger is redrawn with more on it."""
from __future__ import annotations

import fcntl
import os
import struct
import sys
import termios

from sudoku_cube.assistant.cli import main
from tests.test_robust_interrupt import ROOT, Terminal


def _set_size(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class SizedTerminal(Terminal):
    """A :class:`Terminal` of a given size (no COLUMNS/LINES: the program asks the terminal)."""

    def __init__(self, argv: list[str], cols: int, rows: int) -> None:
        saved = {k: os.environ.pop(k, None) for k in ("COLUMNS", "LINES")}
        master_fd, slave_fd = os.openpty()
        _set_size(slave_fd, cols, rows)
        os.close(master_fd)
        os.close(slave_fd)
        try:
            super().__init__(argv)
        finally:
            for k, v in saved.items():
                if v is not None:
                    os.environ[k] = v
        _set_size(self.master, cols, rows)

    def resize(self, cols: int, rows: int) -> None:
        _set_size(self.master, cols, rows)


def _state(tmp_path, capsys) -> str:
    state = tmp_path / "state.json"
    assert main(["apply", str(ROOT / "samples/states/solved-example.json"), "R U F' L2",
                 "--json"]) == 0
    state.write_text(capsys.readouterr().out)
    return str(state)


def test_keys_escape_sequences_restart_question_and_resize(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)
    argv = [sys.executable, "-m", "sudoku_cube.assistant.cli", "guide", _state(tmp_path, capsys)]
    term = SizedTerminal(argv, 80, 24)
    term.wait_for("Step 1 of 4")
    term.wait_for("quit")
    assert "\x1b[?1049h" in term.text  # the alternate screen
    for keys, expect in (("\x1b[C", "Step 2 of 4"), ("\x1b", None), ("\x1b[D", "Step 1 of 4"),
                         ("\x1b[6~", "Step 2 of 4"), ("\x1b[B", "Step 3 of 4"),
                         ("\x1b[5~", "Step 2 of 4"), ("r", "Restart from step 1?"),
                         ("x", "Step 2 of 4")):
        term.type(keys)
        if expect:
            term.wait_for(expect)
            term.wait_for("quit")
    term.resize(120, 40)
    term.wait_for("After")  # redrawn with both nets once there is room
    term.wait_for("quit")
    term.type("q")
    assert term.finish() == 0, term.text
    assert "\x1b[?1049l" in term.text
    assert "Stopped at step 2 of 4" in term.text and "Traceback" not in term.text
