"""Ctrl-C loses nothing: a real `scan` process interrupted by SIGINT keeps the faces it captured
and `scan --resume` completes them; a real `guide` in a terminal interrupted by SIGINT continues
at the step reached. Exit status 130 and a note on how to resume."""
from __future__ import annotations

import os
import pty
import select
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.services.files import load_state
from tests.conftest import said_captured, shell_words, video_centres

ROOT = Path(__file__).resolve().parents[1]
VIDEO = ROOT / "samples" / "video" / "show-six-faces.avi"
TRUTH = ROOT / "samples" / "video" / "truth.json"


def _env() -> dict[str, str]:
    """The test's data folder (set by conftest) and unbuffered output, for the child."""
    env = dict(os.environ, PYTHONUNBUFFERED="1", COLUMNS="100")
    env["PYTHONPATH"] = str(ROOT)
    return env


def _slow_video(dst: Path) -> None:
    """U and R held, then the person fumbles (no face) for a long while: time to press Ctrl-C."""
    cap = cv2.VideoCapture(str(VIDEO))
    frames = [cap.read()[1] for _ in range(22)]
    cap.release()
    blank = np.full_like(frames[0], 90)
    out = cv2.VideoWriter(str(dst), cv2.VideoWriter_fourcc(*"MJPG"), 8,
                          (blank.shape[1], blank.shape[0]))
    for f in frames + [blank] * 1500:
        out.write(f)
    out.release()


def test_ctrl_c_during_scan_keeps_the_faces_and_resume_finishes(tmp_path, capsys):
    video = tmp_path / "fumble.avi"
    _slow_video(video)
    # stderr goes into the one pipe read here: a second pipe nobody reads until the end could
    # fill up and stop the child before it ever gets to face R
    proc = subprocess.Popen([sys.executable, "-m", "sudoku_cube.assistant.cli", "scan", str(video),
                             "--no-window"], cwd=ROOT, env=_env(), text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    seen = []
    for line in proc.stdout:
        seen.append(line)
        if said_captured("R", line):
            break
    assert any(said_captured("R", s) for s in seen), "".join(seen)
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 130, out
    assert "Traceback" not in out
    assert "2 of 6 faces saved" in out and "scan --resume" in out
    result = tmp_path / "scan.json"
    assert main(["scan", "--resume", str(VIDEO), "--no-window", "-o", str(result)]) == 0
    text = capsys.readouterr().out
    assert f"Resuming: 2 of 6 faces already captured ({video_centres('UR')})" in text
    assert not said_captured("U", text) and said_captured("B", text)
    assert load_state(result).stickers == load_state(TRUTH).stickers


class Terminal:
    """A child process on a pseudo-terminal: type keys, wait for text."""

    def __init__(self, argv: list[str]) -> None:
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen(argv, cwd=ROOT, env=dict(_env(), TERM="xterm"),
                                     stdin=slave, stdout=slave, stderr=slave,
                                     start_new_session=True)
        os.close(slave)
        self.text = ""
        self.seen = 0  # wait_for looks at output after the last thing it found

    def wait_for(self, needle: str, timeout: float = 30.0) -> None:
        end = time.monotonic() + timeout
        while needle not in self.text[self.seen:]:
            left = end - time.monotonic()
            assert left > 0, f"{needle!r} never appeared in:\n{self.text[-2000:]}"
            ready, _, _ = select.select([self.master], [], [], min(left, 0.5))
            if ready:
                try:
                    self.text += os.read(self.master, 65536).decode("utf-8", "replace")
                except OSError:  # the child closed the terminal
                    time.sleep(0.05)
        self.seen += self.text[self.seen:].index(needle) + len(needle)

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def finish(self, timeout: float = 30.0) -> int:
        end = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    self.text += os.read(self.master, 65536).decode("utf-8", "replace")
                except OSError:
                    break
        code = self.proc.wait(timeout=max(1.0, end - time.monotonic()))
        os.close(self.master)
        return code


def _guide_of_four_steps(tmp_path, capsys) -> tuple[Path, list[str]]:
    """A state file four face turns from solved, and the command line that guides it."""
    state = tmp_path / "state.json"
    assert main(["apply", str(ROOT / "samples/states/solved-example.json"), "R U F' L2",
                 "--json"]) == 0
    state.write_text(capsys.readouterr().out)
    return state, [sys.executable, "-m", "sudoku_cube.assistant.cli", "guide", str(state)]


def test_ctrl_c_during_guide_continues_at_the_step_reached(tmp_path, capsys):
    state, argv = _guide_of_four_steps(tmp_path, capsys)
    term = Terminal(argv)
    for step in (1, 2):
        term.wait_for(f"Step {step} of")
        term.wait_for("quit")  # the key line: the guide now waits for a key
        term.type("n")
    term.wait_for("Step 3 of")
    term.wait_for("quit")
    os.killpg(term.proc.pid, signal.SIGINT)  # Ctrl-C goes to the terminal's process group
    assert term.finish() == 130, term.text
    assert "Traceback" not in term.text and "interrupted" in term.text
    flowing = " ".join(term.text.split())
    assert f"stopped at step 3 of 4; run `sudoku-cube guide {state}` to continue there" in flowing
    again = Terminal(argv)
    again.wait_for("Step 3 of")
    again.wait_for("Continuing at step 3 of 4")  # the notice under the step
    again.type("q")
    assert again.finish() == 0, again.text
    assert "run the same command again to continue there" in again.text


SWALLOWED = """
import os, signal, time
from sudoku_cube.assistant.terminal import interrupt
with interrupt.remembered_ctrl_c():
    try:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1)
    except KeyboardInterrupt:
        pass  # swallowed, as Python does when it lands in a weakref callback
    try:
        interrupt.check()
        print("lost")
    except KeyboardInterrupt:
        print("raised again")
interrupt.check()
print("cleared")
"""


def test_a_swallowed_ctrl_c_is_raised_again_by_the_loop_check():
    out = subprocess.run([sys.executable, "-c", SWALLOWED], cwd=ROOT, env=_env(),
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["raised", "again", "cleared"]


def _stopped_at_step_two(argv: list[str], stop: str) -> Terminal:
    """The guide run as ``argv``, moved on to step 2 and stopped there by ``stop`` ("q", or
    "ctrl-c" to its process group), with the exit status each stop gives checked."""
    term = Terminal(argv)
    term.wait_for("Step 1 of")
    term.wait_for("quit")
    term.type("n")
    term.wait_for("Step 2 of")
    term.wait_for("quit")
    if stop == "q":
        term.type("q")
        assert term.finish() == 0, term.text
    else:
        os.killpg(term.proc.pid, signal.SIGINT)
        assert term.finish() == 130, term.text
    return term


def test_after_restart_the_command_named_to_go_on_leaves_restart_out(tmp_path, capsys):
    """``guide STATE --restart`` starts at step 1; the command it names to continue where the
    person stopped (after Ctrl-C, or q) is the same without ``--restart``, which would start at
    step 1 again."""
    state, argv = _guide_of_four_steps(tmp_path, capsys)
    for stop in ("ctrl-c", "q"):
        term = _stopped_at_step_two(argv + ["--restart"], stop)
        flowing = " ".join(term.text.split())
        assert f"step 2 of 4; run `sudoku-cube guide {state}` to continue there" in flowing, stop
        assert "--restart" not in flowing


def test_after_restart_a_plan_pasted_over_two_lines_is_named_on_one(tmp_path, capsys):
    """``guide STATE --moves PLAN --restart`` with the plan pasted from two lines of a screen
    (a line break between two moves): the command named to go on, after Ctrl-C and after q,
    has the plan on one line in double quotes, kept in its backticks (a command with a line
    break in it was wrapped as prose, a copy running without its state file)."""
    state, argv = _guide_of_four_steps(tmp_path, capsys)
    for stop in ("ctrl-c", "q"):
        term = _stopped_at_step_two(argv + ["--moves", "L2 F\nU' R'", "--restart"], stop)
        command = f"sudoku-cube guide {state} --moves \"L2 F U' R'\""
        # words up to the plan longer than the line (a long temporary path) are broken
        # between them, each line ending in the shell's line continuation; a head that fits
        # starts the moves on a line of their own, after a space the shell reads as none
        text = term.text.replace("\r", "").replace(" \\\n", " ")
        flowing = " ".join(text.split()).replace('--moves " ', '--moves "')
        assert f"step 2 of 4; run `{command}` to continue there" in flowing, (stop, term.text)
        tail = term.text[term.text.rindex("step 2 of 4"):].replace("\r", "")
        copied = shell_words(tail.split("`")[1])  # as copied from the screen, lines and all
        assert copied[:4] == shlex.split(command)[:4] and copied[4].split() == "L2 F U' R'".split()


def test_a_restart_is_saved_before_the_command_without_it_is_named(tmp_path, capsys):
    """A run stopped at step 3 saved it; ``--restart`` then quit at once at step 1 names the
    command without ``--restart``, and that command starts at step 1, not at the old step 3."""
    state, argv = _guide_of_four_steps(tmp_path, capsys)
    term = Terminal(argv)
    term.wait_for("Step 1 of")
    for step in (2, 3):
        term.wait_for("quit")
        term.type("n")
        term.wait_for(f"Step {step} of")
    term.wait_for("quit")
    term.type("q")
    assert term.finish() == 0, term.text
    term = Terminal(argv + ["--rest"])  # a prefix argparse takes for --restart
    term.wait_for("Step 1 of")
    term.wait_for("quit")
    term.type("q")
    assert term.finish() == 0, term.text
    flowing = " ".join(term.text.split())
    assert f"step 1 of 4; run `sudoku-cube guide {state}` to continue there" in flowing
    term = Terminal(argv)
    term.wait_for("Step 1 of")
    term.wait_for("quit")
    term.type("q")
    assert term.finish() == 0, term.text
    assert "Step 3 of" not in term.text


def test_a_restart_not_yet_taken_stays_in_every_command_named_to_go_on():
    """Before the guide has gone back to step 1 (a quit at the review of ``solve X
    --restart``), the command to go on keeps ``--restart``, the review's state file too; once
    it has, the command without it goes on."""
    from sudoku_cube.assistant.terminal import interrupt

    try:
        interrupt.set_command_after_restart("sudoku-cube solve X")
        assert interrupt.resume_command("sudoku-cube solve X --restart") == \
            "sudoku-cube solve X --restart"
        interrupt.set_resume_command("sudoku-cube solve F.json")  # corrections saved
        assert interrupt.resume_command("ran") == "sudoku-cube solve F.json --restart"
        interrupt.restart_taken()
        assert interrupt.resume_command("ran") == "sudoku-cube solve F.json"
        interrupt.set_resume_command(None)
        interrupt.set_command_after_restart("sudoku-cube solve X")
        interrupt.restart_taken()
        assert interrupt.resume_command("ran") == "sudoku-cube solve X"
    finally:
        interrupt.set_resume_command(None)
        interrupt.set_command_after_restart(None)
