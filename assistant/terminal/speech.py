"""Each move said aloud (``guide --speak``), so the eyes can stay on the cube: the guide's own
words for the step, spoken by espeak-ng. With watch mode the camera sees each turn and the next
move is spoken: a hands-free solve.

The text goes to espeak-ng on its standard input (an argument list, no shell), so no step text
is ever taken for an option.
"""
from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from ...models.errors import SudokuCubeError
from ..services.guide import GuideCursor

PROGRAM = "espeak-ng"


AFTER_SLIP = "That turn was a slip: here is a new plan from the cube as it is now."
"""Said before the first step of a plan made after a slip, so that a person who only listens
knows why step 1 comes again."""


def step_sentence(cursor: GuideCursor) -> str:
    """What is said for the cursor's screen: the step and its move in the guide's words (the
    first step of a plan made after a slip says so first)."""
    if cursor.done:
        return f"Done. All {cursor.total} steps are taken: the cube is solved."
    step = cursor.current
    words = step.description or step.move.describe()
    said = f"Step {cursor.position + 1} of {cursor.total}. {words[0].upper()}{words[1:]}."
    return f"{AFTER_SLIP} {said}" if cursor.after_slip and cursor.position == 0 else said


def _program() -> str:
    found = shutil.which(PROGRAM)
    if found is None:
        raise SudokuCubeError(f"--speak needs {PROGRAM} to say the moves aloud; install it "
                              f"(sudo apt-get install {PROGRAM}) or leave --speak out")
    return found


@dataclass
class Speaker:
    """Says one sentence at a time; a new one cuts the one still being said."""

    program: str = field(default_factory=_program)
    _speaking: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    def say(self, text: str) -> None:
        """Start saying ``text`` (returns at once)."""
        self.stop()
        self._speaking = subprocess.Popen([self.program, "--stdin"], stdin=subprocess.PIPE,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        assert self._speaking.stdin is not None
        try:
            self._speaking.stdin.write(text.encode())
            self._speaking.stdin.close()
        except BrokenPipeError:  # no sound device: espeak-ng gave up; the screen still shows it
            pass

    def stop(self) -> None:
        """Cut the sentence being said, if any."""
        if self._speaking is not None and self._speaking.poll() is None:
            self._speaking.terminate()
        self._speaking = None

    def say_step(self, cursor: GuideCursor) -> None:
        """Say the cursor's step."""
        self.say(step_sentence(cursor))


def speak_to_wav(text: str, path: Path, program: str | None = None) -> Path:
    """Write ``text`` spoken as a WAV file (for tests and for people without a sound device)."""
    subprocess.run([program or _program(), "-w", str(path), "--stdin"], input=text.encode(),
                   check=True, capture_output=True, timeout=60)
    return path
