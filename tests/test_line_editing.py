"""Line editing at the review and check prompts: on a terminal the arrow keys edit the line and
bring back earlier entries (Python's readline), and an entry that was refused is offered again
for editing, so that a mistyped token is mended rather than nine typed again."""
from __future__ import annotations

import io
import sys

from rich.console import Console

from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
from sudoku_cube.assistant.terminal.guide_check import check_cube
from sudoku_cube.assistant.terminal.review_ui import run_review
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.cube.face_words import face_words
from sudoku_cube.models.cube.moves import invert_moves, simplify
from tests.conftest import scripted
from tests.test_guide_terminal import SizedTerminal, _state
from tests.test_robust_interrupt import ROOT


def test_a_refused_correction_is_offered_again_for_editing():
    from tests.test_assistant_review import _other_digit, _reading, _truth, sticker_index

    truth = _truth(12)
    f7 = truth.stickers[sticker_index("F7")]
    reading = _reading(truth, {"F7": (_other_digit(f7), 0.9, 0.0)})
    ask, prompts = scripted("F7 x>", "F7 " + f7.token, "")
    console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
    final, check = run_review(console, reading, read_line=ask)
    assert check.ok and final.stickers == truth.stickers
    assert not prompts[0].endswith("]") and prompts[1].endswith("[F7 x>]"), prompts
    assert not prompts[2].endswith("]")  # a correction taken is not offered again


def test_a_refused_face_at_the_check_is_offered_again_for_editing():
    pz = make_puzzle(5, 12)
    plan = simplify(invert_moves(pz.scramble))
    cursor = GuideCursor(steps_from_moves(pz.state, plan), pz.state, remember=False, position=2)
    ask, prompts = scripted("1^ 2^", "q")
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    assert check_cube(cursor, console, ask) == "Check cancelled."
    name = face_words(cursor.state(), prompts[0][0], pointing=False)  # the face asked for ("F> ")
    assert f"{name[0].upper()}{name[1:]}: 2 tokens given" in " ".join(console.export_text().split())
    assert prompts[1].endswith("> [1^ 2^]"), prompts


def test_after_a_refused_answer_only_what_answers_is_said_again():
    """The whole question (seven lines at 80 columns) printed after every refusal pushed the
    refusal off a small terminal: it is asked once, and each refusal is followed by one short
    line of what answers it."""
    pz = make_puzzle(5, 12)
    plan = simplify(invert_moves(pz.scramble))
    cursor = GuideCursor(steps_from_moves(pz.state, plan), pz.state, remember=False, position=2)
    ask, prompts = scripted("1^ 2^", "nosuch.jpg", "q")
    console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
    assert check_cube(cursor, console, ask) == "Check cancelled."
    lines = console.export_text().splitlines()
    face = prompts[0][0]
    short = (f"Answer with the nine tokens of {face}, a photo's path, A=path or B=path "
             "(q: cancel).")
    assert sum(t.startswith("Check: ") for t in lines) == 1, lines
    assert lines.count(short) == 2, lines
    told = " ".join(" ".join(lines).split())
    assert told.index("tokens given") < told.index(short) < told.index("nosuch.jpg: no such")
    assert told.endswith(short), told


def test_the_short_line_names_enter_where_the_camera_or_phone_answers():
    from sudoku_cube.assistant.terminal.guide_check import _accepted

    assert _accepted("F", True, "the phone") == (
        "Answer with Enter to take corner photo A from the phone, the nine tokens of F, a "
        "photo's path, A=path or B=path (q: cancel).")
    assert "Enter" not in _accepted("F", False, "")


def test_arrow_keys_edit_the_check_prompt_on_a_real_terminal(tmp_path, capsys):
    argv = [sys.executable, "-m", "sudoku_cube.assistant.cli", "guide", _state(tmp_path, capsys)]
    term = SizedTerminal(argv, 100, 30)
    term.wait_for("Step 1 of 4")
    term.type("c")
    term.wait_for("cancel).")  # the prompt's last words (wrapped at 100 columns)
    term.wait_for("> ")
    term.type("1^ 2^\r")
    term.wait_for("tokens given")
    term.wait_for("> 1^ 2^")  # the refused entry, back on the line for editing
    term.type("\x15q\r")  # Ctrl-U clears the line; q cancels
    term.wait_for("Check cancelled.")
    term.type("c")
    term.wait_for("cancel).")  # the prompt's last words (wrapped at 100 columns)
    term.wait_for("> ")
    term.type("\x1b[A\r")  # the up arrow brings back the last entry: q
    term.wait_for("Check cancelled.")
    term.type("q")
    assert term.finish() == 0
    assert "^[[A" not in term.text and "bad token" not in term.text
