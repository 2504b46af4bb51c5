"""The review's and the guide check's prompts as a person at a terminal uses them: a photo's
path pasted as a terminal writes a file dragged onto it (in quotes, with backslash escapes, as
a file:// URI) is taken as a shell takes it; a refused line kept on the prompt says so, and
new typing run on after it is pointed out; a line being typed when Ctrl-C comes is said, kept,
and back on the prompt when the person goes on. Lines already entered are kept as before."""
from __future__ import annotations

import io
import json
import os
import select
import shlex
import signal
import sys
import time
from pathlib import Path
from urllib.parse import quote

import cv2
import pytest
from rich.console import Console

from sudoku_cube.assistant.services.files import load_state
from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
from sudoku_cube.assistant.services.typed_paths import photo_given
from sudoku_cube.assistant.services.unfinished import (LINE_MAX, Unfinished, drop_unfinished,
                                                        keep_unfinished, kept_unfinished,
                                                        review_key, unfinished_path)
from sudoku_cube.assistant.terminal.guide_check import check_cube
from sudoku_cube.assistant.terminal.keys import LineInterrupted
from sudoku_cube.assistant.terminal.line_words import unfinished_words
from sudoku_cube.assistant.terminal.review_ui import (ReviewQuit, reviewed_path, run_review,
                                                     taken_up)
from sudoku_cube.models.cube.moves import invert_moves, simplify
from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.models.generator.cube3 import make_puzzle
from tests import render_cache
from tests.conftest import one_line, scripted
from tests.test_assistant_review import _other_digit, _reading, _truth, sticker_index
from tests.test_guide_terminal import SizedTerminal, _state
from tests.open_slips import slip_left_open
from tests.test_slips_first_look import DONE, case  # noqa: F401 - the fixture, used by name

CLI = [sys.executable, "-m", "sudoku_cube.assistant.cli"]


def _console(width: int = 100) -> Console:
    return Console(file=io.StringIO(), width=width, record=True, color_system=None)


# 1. paths as a shell takes them


def test_a_pasted_path_is_taken_as_a_shell_takes_it(tmp_path):
    folder = tmp_path / "my photos"
    folder.mkdir()
    for name in ("F.jpg", "A.jpg"):
        (folder / name).write_bytes(b"")
    plain = tmp_path / "abs"
    plain.mkdir()
    (plain / "U.jpg").write_bytes(b"")
    f, a, u = str(folder / "F.jpg"), str(folder / "A.jpg"), str(plain / "U.jpg")
    escaped = f.replace(" ", "\\ ")
    assert photo_given(f"'{f}'") == ("", f)  # quoted, as a terminal drops a file
    assert photo_given(f'"{f}"') == ("", f)
    assert photo_given(escaped) == ("", f)  # backslash before the space
    assert photo_given(f) == ("", f)  # typed as it stands: it names a file
    assert photo_given(f"'{u}'") == ("", u)  # quoted, no spaces
    assert photo_given("file://" + quote(f)) == ("", f)  # %20 for the space
    assert photo_given("file://localhost" + quote(f)) == ("", f)
    assert photo_given(f"A='{a}'") == ("A", a)
    assert photo_given(f"'A={a}'") == ("A", a)
    assert photo_given(f"B={a.replace(' ', chr(92) + ' ')}") == ("B", a)
    assert photo_given(f"A={a}") == ("A", a)  # as before: the rest of the line as it stands
    # a face photo named with its face, as check's --photo FACE=PATH takes it
    assert photo_given(f"U='{f}'") == ("U", f) and photo_given(f"r={u}") == ("R", u)
    from sudoku_cube.assistant.terminal.guide_check import Named, _named
    assert _named(f"U='{f}'", "F") == Named(False, "U", f)
    assert _named(f"B='{a}'", "F") == Named(True, "B", a)  # B= stays corner photo B
    assert photo_given("~/F.jpg") == ("", str(Path.home() / "F.jpg"))
    # a face's tokens are not a path, however they are typed
    for tokens in ("5^ 4> 6^ 3v 6^ 5< 8^ 2^ 2>", "5^,4>,6^", "5^", "1^ 2^"):
        assert photo_given(tokens) is None, tokens


def test_an_unclosed_quote_is_refused_in_words():
    with pytest.raises(SudokuCubeError) as refused:
        photo_given("'/tmp/my photos/F.jpg")
    said = str(refused.value)
    assert said.startswith("\"'/tmp/my photos/F.jpg\" has a quote that is not closed")
    assert "'/path/my photos/F.jpg'" in said and "/path/my\\ photos/F.jpg" in said
    with pytest.raises(SudokuCubeError, match="has a quote that is not closed"):
        photo_given("A='/tmp/my photos/A.jpg")
    assert photo_given("/tmp/F.jpg\\") == ("", "/tmp/F.jpg\\")  # as typed: not found, said so


def _check_at(step: int, remember: bool = False) -> GuideCursor:
    pz = make_puzzle(5, 12)
    plan = simplify(invert_moves(pz.scramble))
    return GuideCursor(steps_from_moves(pz.state, plan), pz.state, remember=remember,
                       position=step)


def test_the_check_prompt_refuses_an_unclosed_quote_without_a_traceback():
    ask, prompts = scripted("'/tmp/my photos/F.jpg", "q")
    console = _console()
    assert check_cube(_check_at(2), console, ask) == "Check cancelled."
    told = one_line(console.export_text())
    assert "has a quote that is not closed" in told and "tokens given" not in told
    face = prompts[0][0]
    assert prompts[1] == f"{face}, mend your line (Ctrl-U clears it)> ['/tmp/my photos/F.jpg]"


def test_the_guide_check_reads_photos_pasted_in_quotes_or_escaped(case, tmp_path):  # noqa: F811
    start, plan, look, slip, real = case
    folder = tmp_path / "my photos"
    folder.mkdir()
    # the photos test_slips_first_look checks with
    img, _ = render_cache.corner_photo(real.faces(), "A", seed=6, style="white")
    cv2.imwrite(str(folder / "A.png"), img)
    img, _ = render_cache.face_photo(real.face(look.face), seed=3, style="white")
    cv2.imwrite(str(folder / f"{look.face}.png"), img)
    corner, face = folder / "A.png", folder / f"{look.face}.png"
    for answer in (f"'{corner}'", f"A='{corner}'", str(corner).replace(" ", "\\ "),
                   f"'{face}'", "file://" + quote(str(face))):
        ask, _ = scripted(answer, "q")
        console = _console()
        cursor = GuideCursor(steps_from_moves(start, plan), start, remember=False,
                             position=DONE)
        line = check_cube(cursor, console, ask)
        assert line.startswith("Found the slip") and f"step {slip.step}" in line, \
            (answer, one_line(console.export_text()))


# 2. a refused line kept on the prompt


def test_a_refused_correction_stays_on_a_prompt_that_says_so():
    truth = _truth(12)
    f7 = truth.stickers[sticker_index("F7")]
    reading = _reading(truth, {"F7": (_other_digit(f7), 0.9, 0.0)})
    ask, prompts = scripted("F7 x>", "F7 x>U3 2^", "F7 " + f7.token, "")
    console = _console(80)
    final, check = run_review(console, reading, read_line=ask)
    assert check.ok and final.stickers == truth.stickers
    assert prompts[1] == "mend your line (Ctrl-U clears it): [F7 x>]", prompts
    assert prompts[2] == "mend your line (Ctrl-U clears it): [F7 x>U3 2^]", prompts
    assert prompts[3].startswith("correction (e.g. F7 6>)") and not prompts[3].endswith("]")
    told = one_line(console.export_text())
    note = ("The new typing went on after the line kept, 'F7 x>': press Ctrl-U to clear the "
            "line before typing a new one.")
    assert told.count(note) == 1, told  # after the line typed on, not after the first refusal
    assert told.index("'F7 x>U3 2^'") < told.index(note)


def test_a_refused_face_stays_on_a_check_prompt_that_says_so():
    ask, prompts = scripted("1^ 2^", "1^ 2^3^", "q")
    console = _console()
    assert check_cube(_check_at(2), console, ask) == "Check cancelled."
    face = prompts[0][0]
    assert prompts[0] == f"{face}> "
    assert prompts[1] == f"{face}, mend your line (Ctrl-U clears it)> [1^ 2^]", prompts
    assert prompts[2] == f"{face}, mend your line (Ctrl-U clears it)> [1^ 2^3^]", prompts
    told = one_line(console.export_text())
    assert told.count("The new typing went on after the line kept, '1^ 2^': press Ctrl-U") == 1


# 3. Ctrl-C keeps the line being typed


def _interrupted(line: str, *before: str):
    """A person who types the ``before`` lines and then presses Ctrl-C with ``line`` typed."""
    given = iter(before)

    def ask(prompt: str, prefill: str = "") -> str:
        for answer in given:
            return answer
        raise LineInterrupted(line)

    return ask


def test_ctrl_c_at_the_review_keeps_the_unfinished_line_and_the_corrections():
    truth = _truth(12)
    f7 = truth.stickers[sticker_index("F7")]
    reading = _reading(truth, {"F7": (_other_digit(f7), 0.9, 0.0)})
    console = _console(80)
    with pytest.raises(KeyboardInterrupt) as stop:
        run_review(console, reading, read_line=_interrupted("F1 7", "F7 " + f7.token))
    assert stop.value.kept
    told = one_line(console.export_text())
    saved = reviewed_path(reading)
    assert f"Your corrections are saved with the reading in {saved}." in told
    assert ("Your unfinished line 'F1 7' was not applied; it comes back on the prompt when you "
            "go on.") in told
    kept = load_state(saved)  # the line entered is saved as before; the unfinished one is not
    assert kept.stickers == truth.stickers
    # going on from the corrections saved: the line is back on the first prompt, once
    ask, prompts = scripted("")
    again = _console(80)
    run_review(again, kept, read_line=ask)
    assert prompts == ["finish your line (Ctrl-U clears it): [F1 7]"]
    assert "The line you were typing when you stopped is back on the prompt, not yet applied." \
        in one_line(again.export_text())
    ask, prompts = scripted("")
    run_review(_console(80), kept, read_line=ask)
    assert not prompts[0].endswith("]"), prompts


def test_the_reading_taken_up_again_brings_back_the_line_and_the_corrections():
    """`scan --resume` shows the review of the same reading again, taking up the corrections
    kept (:func:`taken_up`): the line typed when Ctrl-C came is back on its first prompt."""
    truth = _truth(12)
    f7 = truth.stickers[sticker_index("F7")]
    reading = _reading(truth, {"F7": (_other_digit(f7), 0.9, 0.0)})
    with pytest.raises(KeyboardInterrupt):
        run_review(_console(80), reading, read_line=_interrupted("F1 7", "F7 " + f7.token))
    again = _console(80)
    state = taken_up(again, reading)
    assert state.stickers == truth.stickers
    assert f"Taking up your corrections from an earlier review of this reading " \
           f"({reviewed_path(reading)})" in one_line(again.export_text())
    ask, prompts = scripted("")
    run_review(again, state, read_line=ask)
    assert prompts == ["finish your line (Ctrl-U clears it): [F1 7]"]


def test_ctrl_c_before_any_correction_keeps_the_line_for_the_same_reading():
    truth = _truth(12)
    f7 = truth.stickers[sticker_index("F7")]
    reading = _reading(truth, {"F7": (_other_digit(f7), 0.9, 0.0)})
    console = _console(80)
    with pytest.raises(KeyboardInterrupt):
        run_review(console, reading, read_line=_interrupted("F7 " + f7.token))
    told = one_line(console.export_text())
    assert "saved with the reading" not in told and not reviewed_path(reading).exists()
    assert f"Your unfinished line 'F7 {f7.token}' was not applied; it comes back" in told
    f8 = truth.stickers[sticker_index("F8")]
    other = _reading(truth, {"F8": (_other_digit(f8), 0.9, 0.0)})
    ask, prompts = scripted("q")
    with pytest.raises(ReviewQuit):
        run_review(_console(80), other, read_line=ask)  # another reading: not offered there
    assert not prompts[0].endswith("]"), prompts
    ask, prompts = scripted("q")  # the same photos read again: offered there
    with pytest.raises(ReviewQuit):
        run_review(_console(80), reading, read_line=ask)
    assert prompts == [f"finish your line (Ctrl-U clears it): [F7 {f7.token}]"]


def test_a_line_that_cannot_be_kept_is_still_said(tmp_path, monkeypatch):
    truth = _truth(12)
    f7 = truth.stickers[sticker_index("F7")]
    reading = _reading(truth, {"F7": (_other_digit(f7), 0.9, 0.0)})
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(blocked))  # nothing can be written there
    console = _console(80)
    with pytest.raises(KeyboardInterrupt) as stop:
        run_review(console, reading, read_line=_interrupted("F1 7"))
    assert not stop.value.kept
    told = one_line(console.export_text())
    assert told.endswith("Your unfinished line 'F1 7' was not applied."), told


def test_a_damaged_file_of_lines_is_replaced_not_a_traceback():
    path = unfinished_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for damaged in ("{", '{"format": "other", "lines": {"k": "x"}}', "[1, 2]",
                    '{"format": "sudoku-cube-unfinished/2", "lines": {"k": 3}}',
                    '{"format": "sudoku-cube-unfinished/2", "lines": {"k": {"line": 3}}}'):
        path.write_text(damaged)
        assert kept_unfinished("k") is None
        assert keep_unfinished("k", "F1 7") and kept_unfinished("k") == Unfinished("F1 7")
        drop_unfinished("k", "F1 7")
        assert kept_unfinished("k") is None  # offered once
    for i in range(30):  # the most recent are kept
        assert keep_unfinished(f"k{i}", str(i))
    assert kept_unfinished("k29") == Unfinished("29") and kept_unfinished("k0") is None
    keep_unfinished("k", "new")
    drop_unfinished("k", "old")  # a newer line kept since the old one was offered stays
    assert kept_unfinished("k") == Unfinished("new")


def test_ctrl_c_at_the_check_keeps_the_line_for_that_step_and_face():
    with pytest.raises(KeyboardInterrupt) as stop:
        check_cube(_check_at(2, remember=True), _console(), _interrupted("1^ 2^"))
    assert stop.value.kept and stop.value.line == "1^ 2^"
    ask, prompts = scripted("q")
    check_cube(_check_at(3, remember=True), _console(), ask)  # another step: not offered
    assert not prompts[0].endswith("]"), prompts
    ask, prompts = scripted("q")
    console = _console()
    check_cube(_check_at(2, remember=True), console, ask)
    face = prompts[0][0]
    assert prompts == [f"{face}, finish your line (Ctrl-U clears it)> [1^ 2^]"]
    assert "is back on the prompt, not yet applied" in one_line(console.export_text())
    ask, prompts = scripted("q")
    check_cube(_check_at(2, remember=True), _console(), ask)  # offered once
    assert prompts == [f"{face}> "]


def _stopped(term: SizedTerminal, typed: str) -> int:
    """Type ``typed`` at the prompt shown, press Ctrl-C, and the exit status. Ctrl-C goes to
    the terminal's process group. Python's line editor (readline) acts on a signal only while
    it waits for a key: one that lands while it draws the line just typed waits for the next
    signal, so a press that finds it so is pressed again, as a person would; only when nothing
    at all came out since the last press, for a while, so that a second press never lands in
    the handler of the first however slow the machine."""
    term.type(typed)
    term.wait_for(typed)  # echoed: the line editor has it
    time.sleep(0.2)
    os.killpg(term.proc.pid, signal.SIGINT)
    pressed, quiet, end = len(term.text), time.monotonic(), time.monotonic() + 60
    while "interrupted" not in term.text[term.seen:] and term.proc.poll() is None:
        assert time.monotonic() < end, term.text[-2000:]
        ready, _, _ = select.select([term.master], [], [], 0.1)
        if ready:
            try:
                term.text += os.read(term.master, 65536).decode("utf-8", "replace")
            except OSError:  # the child closed the terminal
                break
            quiet = time.monotonic()
        elif len(term.text) == pressed and time.monotonic() - quiet > 2.0:
            os.killpg(term.proc.pid, signal.SIGINT)  # not yet taken: press again
            pressed, quiet = len(term.text), time.monotonic()
    return term.finish()


def test_ctrl_c_at_the_guide_check_on_a_terminal_says_the_line_and_brings_it_back(tmp_path,
                                                                                   capsys):
    argv = [*CLI, "guide", _state(tmp_path, capsys)]
    term = SizedTerminal(argv, 100, 30)
    term.wait_for("Step 1 of 4")
    term.type("c")
    term.wait_for("cancel).")
    term.wait_for("> ")
    assert _stopped(term, "1^ 2^") == 130, term.text
    told = one_line(term.text)
    assert "Traceback" not in told
    face = told.split("> 1^ 2^")[0][-1]
    assert ("Your unfinished line '1^ 2^' was not applied; it comes back on the check's prompt "
            f"for {face} when you press c at this step.") in told, told[-600:]
    again = SizedTerminal(argv, 100, 30)
    again.wait_for("Step 1 of 4")
    again.type("c")
    again.wait_for("is back on the prompt, not yet applied.")
    again.wait_for("finish your line (Ctrl-U clears it)> 1^ 2^")
    again.type("\x15q\r")  # Ctrl-U clears it, as the prompt says; q cancels
    again.wait_for("Check cancelled.")
    again.type("q")
    assert again.finish() == 0


def _inconsistent_state(tmp_path: Path, capsys) -> Path:
    """A state file whose F7 is misread (a digit too many): solve reviews it at once."""
    state = json.loads(Path(_state(tmp_path, capsys)).read_text())
    face = state["faces"]["F"]
    face[6] = ("2" if face[6][0] != "2" else "3") + face[6][1:]
    path = tmp_path / "misread.json"
    path.write_text(json.dumps(state))
    return path


def test_ctrl_c_at_the_review_on_a_terminal_brings_the_line_back(tmp_path, capsys):
    path = _inconsistent_state(tmp_path, capsys)
    argv = [*CLI, "solve", str(path)]
    term = SizedTerminal(argv, 100, 30)
    term.wait_for("q to quit: ")
    assert _stopped(term, "F1 7") == 130, term.text
    told = one_line(term.text)
    assert "Your unfinished line 'F1 7' was not applied; it comes back on the prompt when you " \
        "go on." in told, told[-600:]
    assert f"run `sudoku-cube solve {shlex.quote(str(path))}` to go on" in told
    again = SizedTerminal(argv, 100, 30)
    again.wait_for("finish your line (Ctrl-U clears it): F1 7")
    again.type("\x15q\r")
    assert again.finish() == 0
    assert "Stopped at the review" in again.text


# 4. a kept line is never lost before its prompt is answered


def _misread() -> tuple:
    truth = _truth(12)
    f7 = truth.stickers[sticker_index("F7")]
    return truth, f7, _reading(truth, {"F7": (_other_digit(f7), 0.9, 0.0)})


def _ctrl_c(prompt: str, prefill: str = "") -> str:
    """Ctrl-C at the prompt with nothing on the line (cleared, or without line editing, where
    the line offered is shown above it)."""
    raise KeyboardInterrupt


def test_ctrl_c_before_the_review_prompt_loses_no_kept_line(monkeypatch):
    truth, f7, reading = _misread()
    with pytest.raises(KeyboardInterrupt):
        run_review(_console(80), reading, read_line=_interrupted("F1 7"))
    from sudoku_cube.assistant.terminal import review_ui

    def stopped(*args, **kwargs):  # Ctrl-C while the grid solver checks the reading
        raise KeyboardInterrupt

    with monkeypatch.context() as m:
        m.setattr(review_ui, "check_reading", stopped)
        with pytest.raises(KeyboardInterrupt):
            run_review(_console(80), reading, read_line=scripted("q")[0])
    with pytest.raises(KeyboardInterrupt):  # offered, and Ctrl-C on the prompt
        run_review(_console(80), reading, read_line=_ctrl_c)
    ask, prompts = scripted("q")
    with pytest.raises(ReviewQuit):
        run_review(_console(80), reading, read_line=ask)
    assert prompts == ["finish your line (Ctrl-U clears it): [F1 7]"]
    ask, prompts = scripted("q")  # answered: offered once
    with pytest.raises(ReviewQuit):
        run_review(_console(80), reading, read_line=ask)
    assert not prompts[0].endswith("]"), prompts


def test_ctrl_c_on_the_check_prompt_offered_loses_no_kept_line():
    with pytest.raises(KeyboardInterrupt):
        check_cube(_check_at(2, remember=True), _console(), _interrupted("1^ 2^"))
    with pytest.raises(KeyboardInterrupt):
        check_cube(_check_at(2, remember=True), _console(), _ctrl_c)
    ask, prompts = scripted("q")
    check_cube(_check_at(2, remember=True), _console(), ask)
    face = prompts[0][0]
    assert prompts == [f"{face}, finish your line (Ctrl-U clears it)> [1^ 2^]"]
    ask, prompts = scripted("q")
    check_cube(_check_at(2, remember=True), _console(), ask)
    assert prompts == [f"{face}> "]


# 5. a data folder that cannot hold the line never stops the review


def test_a_data_folder_whose_name_is_too_long_does_not_stop_the_review(tmp_path, monkeypatch):
    truth, f7, reading = _misread()
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path / ("h" * 300)))
    ask, _ = scripted("")
    final, check = run_review(_console(80), _reading(truth, {}), read_line=ask)
    assert check.ok and final.stickers == truth.stickers
    with pytest.raises(ReviewQuit):
        run_review(_console(80), reading, read_line=scripted("q")[0])
    console = _console(80)
    with pytest.raises(KeyboardInterrupt) as stop:
        run_review(console, reading, read_line=_interrupted("F1 7"))
    assert not stop.value.kept
    said = one_line(console.export_text())
    assert said.endswith("Your unfinished line 'F1 7' was not applied.")
    ask, prompts = scripted("q")
    assert check_cube(_check_at(2), _console(), ask) == "Check cancelled."
    assert kept_unfinished("check") is None


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="the superuser reads any folder")
def test_a_data_folder_that_cannot_be_read_does_not_stop_the_review(tmp_path, monkeypatch):
    truth, f7, reading = _misread()
    home = tmp_path / "home"
    home.mkdir()
    home.chmod(0)
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(home / "data"))
    try:
        ask, _ = scripted("")
        final, check = run_review(_console(80), _reading(truth, {}), read_line=ask)
        assert check.ok and final.stickers == truth.stickers
        with pytest.raises(ReviewQuit):
            run_review(_console(80), reading, read_line=scripted("q")[0])
    finally:
        home.chmod(0o700)


# 6. tokens with a stray quote, Windows paths, a quote inside a name


def test_a_stray_quote_in_a_faces_tokens_gets_the_tokens_error():
    for typed, token in (("1> 5v 4' 7< 4v 7v 3< 3v 6>", "4'"),
                         ("1> 5v 4^ 7< 4v 7v 3< 3v 6>\\", "6>\\")):
        assert photo_given(typed) is None, typed
        ask, _ = scripted(typed, "q")
        console = _console(200)
        assert check_cube(_check_at(2), console, ask) == "Check cancelled."
        told = one_line(console.export_text())
        assert "bad token" in told and token in told, told
        assert "not closed" not in told and "backslash" not in told, told


def test_a_windows_path_keeps_its_backslashes():
    assert photo_given(r"C:\Users\me\F.jpg") == ("", r"C:\Users\me\F.jpg")
    assert photo_given(r"B=C:\x\B.jpg") == ("B", r"C:\x\B.jpg")
    assert photo_given(r'"C:\my photos\F.jpg"') == ("", r"C:\my photos\F.jpg")
    assert photo_given(r"\\server\share\F.jpg") == ("", r"\\server\share\F.jpg")
    assert photo_given(r"/x/Photo\ \(1\).jpg") == ("", "/x/Photo (1).jpg")  # a shell's escapes
    for typed, path in ((r"C:\Users\me\F.jpg", r"C:\Users\me\F.jpg"),
                        (r"B=C:\x\B.jpg", r"C:\x\B.jpg")):
        ask, _ = scripted(typed, "q")
        console = _console(200)
        check_cube(_check_at(2), console, ask)
        assert f"{path}: no such file" in one_line(console.export_text())


def test_a_missing_path_with_a_quote_inside_a_name_is_not_found():
    typed = "/tmp/nothere/it's/F.jpg"
    assert photo_given(typed) == ("", typed)
    assert photo_given("A=" + typed) == ("A", typed)
    ask, _ = scripted(typed, "q")
    console = _console(200)
    check_cube(_check_at(2), console, ask)
    told = one_line(console.export_text())
    assert f"{typed}: no such file" in told and "not closed" not in told, told


# 7. a line typed at a follow-up face comes back on that face's prompt


@pytest.fixture(scope="module")
def follow_up():
    """A plan, a slip at step DONE the first face leaves open, and the cube as it is."""
    pz = make_puzzle(11, 20)
    plan = simplify(invert_moves(pz.scramble))
    real, look, v = slip_left_open(pz.state, plan, DONE)
    return pz.state, plan, look.face, v.ask_face, real


def test_a_line_typed_at_a_follow_up_face_comes_back_on_that_faces_prompt(follow_up):
    start, plan, first, then, real = follow_up
    typed = " ".join(s.token for s in real.face(first))

    def check(ask):
        cursor = GuideCursor(steps_from_moves(start, plan), start, remember=True, position=DONE)
        console = _console(200)
        return check_cube(cursor, console, ask), one_line(console.export_text())

    with pytest.raises(KeyboardInterrupt) as stop:
        check(_interrupted("1^ 2^", typed))  # the first face answered; Ctrl-C at the next
    assert stop.value.kept
    said = unfinished_words(stop.value, "on the check's prompt when you press c at this step")
    assert said == (f"Your unfinished line '1^ 2^' was not applied; it comes back on the "
                    f"check's prompt for {then} when you press c at this step and the check "
                    f"asks for {then} again")
    ask, prompts = scripted("q")  # c again: the first face is asked first; the line waits
    _, told = check(ask)
    assert prompts == [f"{first}> "]
    assert f"Your unfinished line '1^ 2^', typed for {then}, comes back when the check asks " \
        f"for {then}." in told
    ask, prompts = scripted(typed, "q")  # the first face answered again: the line is back
    _, told = check(ask)
    assert prompts == [f"{first}> ", f"{then}, finish your line (Ctrl-U clears it)> [1^ 2^]"]
    assert f"The line you were typing for {then} when you stopped is back on the prompt" in told


# 8. the size of what is kept


def test_a_line_too_long_to_keep_is_said_not_kept():
    truth, f7, reading = _misread()
    long_line = "F1 7 " * (LINE_MAX // 5 + 1)
    console = _console(80)
    with pytest.raises(KeyboardInterrupt) as stop:
        run_review(console, reading, read_line=_interrupted(long_line))
    assert not stop.value.kept and kept_unfinished(review_key(reading)) is None
    told = one_line(console.export_text())
    assert told.endswith(f"was not applied; it is too long to keep (over {LINE_MAX:,} "
                         "characters): copy it from here."), told[-300:]
    assert keep_unfinished("k", "x" * LINE_MAX)
    for i in range(40):  # however many, the file stays one the reader takes
        keep_unfinished(f"k{i}", "\u00e9\U0001f600" * (LINE_MAX // 2))
    assert unfinished_path().stat().st_size < 4 << 20
    assert kept_unfinished("k39") is not None


# 9. without line editing the line is shown above the prompt, and the prompt says so


def test_without_line_editing_the_prompt_asks_to_type_the_line_again(monkeypatch, capsys):
    from sudoku_cube.assistant.terminal import keys
    monkeypatch.setattr(keys, "_line_editing", lambda: None)
    answers, prompts = iter(["1^ 2^", "1^ 2^3^", "q"]), []

    def typed(prompt: str = "") -> str:
        prompts.append(prompt)
        return next(answers)

    monkeypatch.setattr("builtins.input", typed)
    console = _console()
    assert check_cube(_check_at(2), console, keys.read_line) == "Check cancelled."
    face = prompts[0][0]
    assert prompts[1:] == [f"{face}, type your line again, mended (it is shown above)> "] * 2
    assert "(your line: 1^ 2^)" in capsys.readouterr().out
    assert "The new typing went on" not in one_line(console.export_text())  # typed in full
    truth, f7, reading = _misread()
    with pytest.raises(KeyboardInterrupt):
        run_review(_console(80), reading, read_line=_interrupted("F1 7"))
    answers, prompts = iter(["q"]), []
    console = _console(80)
    with pytest.raises(ReviewQuit):
        run_review(console, reading, read_line=keys.read_line)
    assert prompts == ["type your line again to finish it (it is shown above): "]
    assert "(your line: F1 7)" in capsys.readouterr().out
    assert "The line you were typing when you stopped is shown below, not yet applied." \
        in one_line(console.export_text())


def test_a_face_prefix_before_tokens_is_the_tokens_of_that_face():
    """F="5^ 4> ..." as check's --tokens takes it is a face's tokens, not a photo's path."""
    from sudoku_cube.assistant.terminal.guide_check import _answer
    from sudoku_cube.vision.reading.reader import Reader

    tokens = "5^ 4> 6^ 3v 6^ 5< 8^ 2^ 2>"
    assert photo_given(f'F="{tokens}"') is None and photo_given(f"F={tokens}") is None
    answer = _answer(f'F="{tokens}"', "F", Reader(ocr="never"), None)
    assert answer is not None and answer.typed == ("F",)
    assert [h[0].sticker.token for h in answer.faces["F"]] == tokens.split()
