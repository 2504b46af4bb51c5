"""The edges of the command line, through the real console script's entry: Ctrl-C while the
program is still loading, output piped into a reader that stops early (`| head`), and camera
arguments that are neither a camera number nor a file."""
from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from sudoku_cube.assistant.cli import main
from tests.conftest import assert_clear_error

ROOT = Path(__file__).resolve().parents[1]
SOLVED = ROOT / "samples" / "states" / "solved-example.json"
ENTRY = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]["sudoku-cube"]
"""The console script's entry point, as installed (``module:function``)."""

SCRIPT = """
import os, signal, sys
class CtrlC:  # Ctrl-C pressed while the CLI module is being imported
    def find_spec(self, name, path=None, target=None):
        if name == "sudoku_cube.assistant.cli":
            os.kill(os.getpid(), signal.SIGINT)
        return None
if sys.argv[1] == "ctrl-c":
    sys.meta_path.insert(0, CtrlC())
sys.argv = ["sudoku-cube", *sys.argv[2:]]
from {module} import {function} as main  # what the installed console script does
sys.exit(main())
"""


def _console_script(*argv: str, **kw) -> subprocess.CompletedProcess:
    module, function = ENTRY.split(":")
    code = SCRIPT.format(module=module, function=function)
    return subprocess.run([sys.executable, "-c", code, *argv], cwd=ROOT, text=True,
                          capture_output=kw.pop("capture", True), timeout=120, **kw)


def test_python_m_on_the_entry_runs_the_cli():
    """``python -m`` on the console script's module runs the CLI (it exited 0 printing
    nothing): its output, its errors and their exit status."""
    module = ENTRY.split(":")[0]
    run = [sys.executable, "-m", module]
    out = subprocess.run([*run, "--version"], cwd=ROOT, text=True, capture_output=True,
                         timeout=120)
    assert out.returncode == 0 and out.stdout.startswith("sudoku-cube "), out
    out = subprocess.run([*run, "show", "no-such.json"], cwd=ROOT, text=True,
                         capture_output=True, timeout=120)
    assert out.returncode == 2 and "no-such.json: no such state file" in out.stderr, out


def test_ctrl_c_while_the_program_loads_is_no_traceback():
    out = _console_script("ctrl-c", "show", str(SOLVED))
    assert out.returncode == 130, out.stderr
    assert "Traceback" not in out.stderr and "KeyboardInterrupt" not in out.stderr
    assert out.stderr.strip().startswith("sudoku-cube: interrupted") and out.stdout == ""


def test_output_into_a_closed_pipe_exits_as_sigpipe_says():
    """`sudoku-cube show STATE | head -0`: the reader is gone before the first line."""
    for argv in (["show", str(SOLVED)], ["profiles", "--json"], ["--help"]):
        read, write = os.pipe()
        os.close(read)
        proc = subprocess.run([sys.executable, "-c", SCRIPT.format(
            module=ENTRY.split(":")[0], function=ENTRY.split(":")[1]), "run", *argv],
            cwd=ROOT, stdout=write, stderr=subprocess.PIPE, text=True, timeout=120)
        os.close(write)
        expected = (0, 141) if argv == ["--help"] else (141,)  # argparse ignores the error
        assert proc.returncode in expected, (argv, proc.returncode, proc.stderr)
        assert proc.stderr == "", (argv, proc.stderr)  # no "Exception ignored", no traceback


@pytest.mark.parametrize("value", ["²", "٣", "1" * 30, "no\0such", "x" * 5000])
@pytest.mark.parametrize("command", [["scan", "--no-window"], ["calibrate", "camera"]])
def test_a_camera_that_is_neither_a_number_nor_a_file(command, value, capsys):
    code = main([*command, "--camera", value])
    assert_clear_error(code, capsys.readouterr().err, "--camera", "give a number such as 0")
