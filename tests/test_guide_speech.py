"""``guide --speak``: each step said aloud in the guide's own words, through espeak-ng (real in
these tests, as the Makefile installs it): a step rendered to a WAV file is speech, not
silence; the guide says each new step once; a missing espeak-ng is a clear error."""
from __future__ import annotations

import io
import wave

import numpy as np
import pytest
from rich.console import Console

from sudoku_cube.assistant.terminal import speech
from sudoku_cube.assistant.services.guide import GuideCursor, plan_steps
from sudoku_cube.assistant.terminal.guide_ui import run_interactive
from sudoku_cube.assistant.services.pipeline import solve_state
from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.profile import CubeSettings


@pytest.fixture(scope="module")
def cursor_parts():
    plan = solve_state(make_puzzle(12, 20).state, CubeSettings()).plan
    return plan_steps(plan), plan.start


def test_the_sentence_is_the_guides_words(cursor_parts):
    steps, start = cursor_parts
    cursor = GuideCursor(steps, start, remember=False)
    said = speech.step_sentence(cursor)
    assert said.startswith(f"Step 1 of {len(steps)}. Turn ")
    assert steps[0].move.describe()[1:] in said


def test_the_new_plans_first_step_after_a_slip_says_why_it_starts_again(cursor_parts):
    """Heard, not seen: after a slip the plan starts again at step 1, so its first sentence
    says it is a new plan after a slip; its later steps and the first plan's do not."""
    steps, start = cursor_parts
    cursor = GuideCursor(steps, start, remember=False)
    cursor.next()
    assert not speech.step_sentence(cursor).startswith(speech.AFTER_SLIP)
    real = start.apply([steps[0].move.inverse()])  # the turn made the wrong way
    new = plan_steps(solve_state(real, CubeSettings()).plan)
    cursor.follow(new, real)
    said = speech.step_sentence(cursor)
    assert said.startswith(f"{speech.AFTER_SLIP} Step 1 of {len(new)}. "), said
    cursor.next()
    assert speech.step_sentence(cursor).startswith(f"Step 2 of {len(new)}. ")


def test_a_step_spoken_to_a_wav_file_is_not_silent(cursor_parts, tmp_path):
    steps, start = cursor_parts
    path = speech.speak_to_wav(speech.step_sentence(GuideCursor(steps, start, remember=False)),
                               tmp_path / "step.wav")
    with wave.open(str(path)) as w:
        rate, frames = w.getframerate(), w.readframes(w.getnframes())
        assert w.getsampwidth() == 2
    samples = np.frombuffer(frames, np.int16).astype(float)
    assert len(samples) / rate > 1.0  # a sentence, not a click
    assert np.sqrt(np.mean(samples ** 2)) > 300  # speech energy, not silence


def test_the_guide_says_each_new_step_once(cursor_parts):
    steps, start = cursor_parts
    cursor = GuideCursor(steps, start, remember=False)
    said: list[int] = []
    keys = iter(["n", "?", "x", "n", "b", "q"])  # help and an unknown key say nothing new
    console = Console(file=io.StringIO(), width=80, height=24)
    run_interactive(console, cursor, lambda: next(keys), clear=False,
                    speak=lambda c: said.append(c.position))
    assert said == [0, 1, 2, 1]


def test_speak_without_espeak_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(speech.shutil, "which", lambda name: None)
    with pytest.raises(SudokuCubeError, match="--speak needs espeak-ng.*apt-get install"):
        speech.Speaker()


def test_speak_with_plain_says_that_the_printed_steps_are_not_spoken(tmp_path, capsys):
    """``--plain`` prints every step at once, which is no guide to hear: ``--speak`` with it
    says so (on stderr) and the steps are printed, not spoken."""
    from sudoku_cube.assistant.cli import main
    from sudoku_cube.assistant.terminal.guide_run import SPEAK_PLAIN
    from sudoku_cube.models.cube.state_format import to_json

    state = tmp_path / "cube.json"
    state.write_text(to_json(make_puzzle(12, 20).state), encoding="utf-8")
    assert main(["guide", str(state), "--plain", "--speak"]) == 0
    out, err = capsys.readouterr()
    assert " ".join(SPEAK_PLAIN.split()) in " ".join(err.split())
    assert "1/" in out and "Step" not in err
