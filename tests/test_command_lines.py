"""A command a person is told to run is never broken where a copy of it would run early
(``terminal.wrapping``): a command copied from two lines of the screen runs early or without
its options. Messages are wrapped between words; a command in backticks and a long path are
kept whole, but for a command longer than a line, which is wrapped between the moves of its
quoted plan (never inside a move): the shell reads a copy of it on to the closing quote; and
where its words before the plan are longer than a line, between those words, each such line
ending in a backslash, the shell's line continuation."""
from __future__ import annotations

import io
import re
import shlex

from rich.console import Console

from sudoku_cube.assistant.terminal.wrapping import print_wrapped, wrap_words
from sudoku_cube.models.cube.moves import parse_moves
from tests.conftest import shell_words

PLAN = "B' L R' F' D R' D2 L' F2 R D B' L' R2 U' R' L' D U2 F U D2 L2 R'"
PATH = "/home/someone/.local/share/sudoku-cube/reviewed-bafbc9bcf3.json"
COMMAND = f'sudoku-cube guide {PATH} --moves "{PLAN}" --speak'
SHORT_PATH = "/home/me/.local/share/sudoku-cube/after-slip.json"
"""A path short enough that the command up to its plan fits a line of 80 columns."""


def _copied(lines: list[str]) -> str:
    """The command in backticks as a person copies it from the screen: its lines, line breaks
    and all."""
    text = "\n".join(lines)
    start = text.index("`") + 1
    return text[start:text.index("`", start)]


def _runs_as(copied: str, command: str) -> None:
    """A copied command is read by the shell as ``command`` is, its plan the same moves."""
    got, want = shell_words(copied), shlex.split(command)
    at = want.index("--moves") + 1
    assert got[:at] == want[:at] and got[at + 1:] == want[at + 1:], (got, want)
    assert parse_moves(got[at]) == parse_moves(want[at]), got[at]


def _splits_no_move(lines: list[str], width: int = 80) -> None:
    """The command's lines are no longer than ``width`` (its words before the plan broken
    between them where they are longer, each such line ending in the shell's line
    continuation), and every line of the plan ends and starts at a whole move."""
    text = "\n".join(lines)
    plan = re.search(r'--moves "\n?([^"]*)"', text).group(1)
    for line in plan.split("\n"):
        assert all(parse_moves(tok) for tok in line.split()), line
    for line in lines:
        assert len(line) <= width, lines


def test_a_long_command_wraps_between_its_moves_and_the_prose_between_words():
    for command in (COMMAND, f'sudoku-cube guide {SHORT_PATH} --moves "{PLAN}" --speak'):
        text = f"sudoku-cube: interrupted; run `{command}` to go on: it continues at the " \
               "step it reached and keeps every option you gave."
        lines = wrap_words(text, 80).splitlines()
        first = next(i for i, line in enumerate(lines) if "`" in line)
        # on a line of its own, or its words up to a long path after the prose, continued
        assert lines[first].startswith("`sudoku-cube guide ") \
            or lines[first].endswith("`sudoku-cube guide \\"), lines
        _runs_as(_copied(lines), command)
        _splits_no_move(lines)
        assert len(lines) - first <= 4, lines
        assert all(len(line) <= 80 for line in lines if "--moves" not in line), lines
        joined = "\n".join(lines).replace(" \\\n", " ")  # the shell's line continuation
        joined = " ".join(joined.split()).replace('--moves " ', '--moves "')  # before a plan
        assert " ".join(text.split()) == joined


def test_a_command_that_fits_a_line_keeps_its_line_whole():
    command = "sudoku-cube guide /tmp/after-slip.json --moves \"R U F2 D' L B2 R' U2 L\""
    text = f"Found the slip: step 3 (R) was turned the other way. To take it up later: " \
           f"`{command}` and press n."
    lines = wrap_words(text, 80).splitlines()
    assert any(line.startswith(f"`{command}`") for line in lines), lines


def test_a_short_command_that_fits_stays_in_the_sentence():
    text = "the corrections are kept: `sudoku-cube solve x.json` goes on from there"
    assert wrap_words(text, 80) == text


def test_rich_messages_break_no_path_and_no_move():
    for command in (COMMAND, f"sudoku-cube guide {SHORT_PATH} --moves \"{PLAN}\""):
        console = Console(file=io.StringIO(), record=True, width=80)
        print_wrapped(console, f"Your corrections are saved with the reading in {PATH} "
                               f"(`{command}` uses them again).")
        lines = console.export_text().splitlines()
        assert any(PATH in line for line in lines)
        _runs_as(_copied(lines), command)
        _splits_no_move(lines)


def test_a_folder_named_like_markup_is_printed_as_it_is():
    console = Console(record=True, width=80)
    print_wrapped(console, "saved in /tmp/[bold]/[/]/x.json")
    assert "/tmp/[bold]/[/]/x.json" in console.export_text()


def test_printed_steps_go_on_under_their_words_not_under_their_number():
    """`guide --plain` at 60 columns: a step's words wrapped go on under its words."""
    import random

    from sudoku_cube.assistant.services.guide import steps_from_moves
    from sudoku_cube.assistant.terminal.guide_ui import print_plain
    from sudoku_cube.models.cube.moves import invert_moves
    from tests.conftest import random_design, random_moves

    rng = random.Random(5)
    scramble = random_moves(rng, 12)
    start = random_design(rng).apply(scramble)
    steps = steps_from_moves(start, invert_moves(scramble))
    console = Console(record=True, width=60, color_system=None)
    print_plain(console, steps, start, pictures=False)
    lines = console.export_text().splitlines()
    starts = [i for i, line in enumerate(lines) if line[:6].strip().endswith(f"/{len(steps)}")]
    assert len(starts) == len(steps)
    wrapped = [i + 1 for i in starts if i + 1 < len(lines) and lines[i + 1].startswith(" " * 13)]
    assert wrapped  # some step's words are longer than a line
    for i in starts:
        assert len(lines[i]) <= 60
        words = lines[i][13:]
        assert words.strip() and not lines[i][13 - 1].strip()  # the words start in column 13
    for i in wrapped:
        assert lines[i][13] != " " and len(lines[i]) <= 60


def test_the_faces_listed_in_order_stay_on_one_line_at_80_columns(tmp_path):
    """The missing-faces message names "U R F D L B" twice: at 80 columns no folder name may
    split the list over two lines (it read as two lists); a plan's moves still wrap."""
    from sudoku_cube.vision.photo.photo_files import missing_faces_message

    for k in range(1, 40):
        folder = tmp_path / ("c" * k)
        folder.mkdir()
        text = missing_faces_message(folder, list("URFDLB"))
        wrapped = wrap_words(text, 80)
        assert wrapped.count("U R F D L B") == text.count("U R F D L B") == 2, wrapped
        assert " ".join(wrapped.split()) == " ".join(text.split())
    moves = wrap_words(f"New plan from here (24 moves): {PLAN} {PLAN}", 80).splitlines()
    assert len(moves) == 2 and all(len(line) <= 80 for line in moves)


def test_the_guides_notice_goes_on_indented_at_80_columns():
    """A check's result shown as the guide's notice: a listed explanation that wraps goes on
    indented as `check` prints it (not at the first column), the command to take the new plan up
    later on one line."""
    import io
    import random

    from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
    from sudoku_cube.assistant.terminal.guide_ui import screen_of
    from sudoku_cube.models.cube.moves import invert_moves
    from tests.conftest import random_design, random_moves

    rng = random.Random(5)
    scramble = random_moves(rng, 6)
    start = random_design(rng).apply(scramble)
    cursor = GuideCursor(steps_from_moves(start, invert_moves(scramble)), start, remember=False)
    item = ("  1. At step 3 the turn R was made as R' and at step 5 the turn U2 was left out, "
            "so the cube is two slips from the plan")
    command = "`sudoku-cube guide /tmp/after-slip.json --moves \"R U F2 D' L B2 R' U2 L\"`"
    notice = f"2 explanations fit what was seen:\n{item}\nTo take it up later: {command}"
    for screen in (screen_of(cursor, notice), screen_of(cursor.__class__(
            cursor.steps, start, remember=False, position=len(cursor.steps)), notice)):
        console = Console(file=io.StringIO(), width=80, height=40, record=True,
                          color_system=None)
        console.print(screen)
        lines = console.export_text().splitlines()
        first = next(i for i, line in enumerate(lines) if line.startswith("  1. At step 3"))
        assert lines[first + 1].startswith("  ") and lines[first + 1].strip(), lines
        assert any(command in line for line in lines), lines


def test_a_command_longer_than_the_guides_screen_wraps_between_its_moves():
    """At 80 columns the command that takes a new plan up later is longer than a line: the
    guide wraps it between the moves of its plan (left to the terminal, it was wrapped inside
    a move, 'R' and '2' on two lines), so that a copy of it runs as the command does, and the
    screen still fits the terminal's rows."""
    import io
    import random

    from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
    from sudoku_cube.assistant.terminal.guide_ui import run_interactive
    from sudoku_cube.models.cube.moves import invert_moves
    from tests.conftest import random_design, random_moves

    rng = random.Random(5)
    scramble = random_moves(rng, 6)
    start = random_design(rng).apply(scramble)
    cursor = GuideCursor(steps_from_moves(start, invert_moves(scramble)), start, remember=False)
    for command in (COMMAND, f"sudoku-cube guide {SHORT_PATH} --moves \"{PLAN}\" --speak"):
        note = f"Found the slip. To take it up later: `{command}`"
        console = Console(file=io.StringIO(), width=80, height=24, color_system=None)
        run_interactive(console, cursor, lambda: "q", clear=False, note=note)
        screen = console.file.getvalue().split("Stopped at step")[0].splitlines()
        _runs_as(_copied(screen), command)
        _splits_no_move(screen)
        assert sum(max(1, -(-len(line) // 80)) for line in screen) <= 23, screen


def test_a_plan_pasted_over_two_lines_is_named_again_on_one():
    """The plan of a command copied from two lines of the screen has a line break between two
    moves: the commands that go on from it name it on one line."""
    import argparse

    from sudoku_cube.assistant.cli import interrupted_hint
    from sudoku_cube.assistant.terminal.given_moves import again

    pasted = "R U' F2\nD' L"
    args = argparse.Namespace(moves=pasted)
    assert again("guide", args)("x.json") == 'sudoku-cube guide x.json --moves "R U\' F2 D\' L"'
    assert "--moves \"R U' F2 D' L\"" in interrupted_hint(["guide", "x.json", "--moves", pasted])
    assert "\n" not in interrupted_hint(["guide", "x.json", "--moves", pasted])


def test_a_numbered_explanation_goes_on_under_its_words():
    """A check's explanations are numbered: a long one goes on under its words, so that the
    numbers stand out on the left as a list's do."""
    text = ("2 explanations fit what was seen:\n  1. step 1 (R) was turned anticlockwise instead "
            "of clockwise (R' instead of R)\n  2. before step 1 the whole cube was turned and "
            "held that way: the face that was back is now in front and the face that was down "
            "is on top\nShow me the face with centre 7 (U) to tell them apart.")
    lines = wrap_words(text, 80).splitlines()
    item = lines.index(next(line for line in lines if line.startswith("  2. before")))
    assert lines[item + 1].startswith("     ") and lines[item + 1][5] != " ", lines
    assert lines[-1].startswith("Show me"), lines


def test_the_ctrl_c_hint_with_a_primed_plan_wraps_between_its_moves_and_runs_as_given():
    """The real hint after Ctrl-C names the plan in double quotes (shlex's ``'B'"'"' L'`` is no
    plan the wrapping can break between moves): at 80 columns no move is split, and the lines
    copied give the shell the arguments that were run."""
    from sudoku_cube.assistant.cli import interrupted_hint
    from sudoku_cube.assistant.terminal import interrupt

    args = ["guide", "/tmp/after-slip.json", "--moves", PLAN]
    interrupt.set_resume_hint("stopped at step 3 of 24; run `{command}` to continue there")
    try:
        lines = wrap_words("sudoku-cube: interrupted; " + interrupted_hint(args), 80).splitlines()
    finally:
        interrupt.set_resume_hint(None)
    assert len(lines) > 2, lines
    _splits_no_move(lines)
    got = shlex.split(_copied(lines))
    assert got[:4] == ["sudoku-cube", *args[:3]] and got[4].split() == PLAN.split(), got


def test_a_path_with_a_line_break_is_named_as_it_is_and_a_plan_given_with_equals_on_one_line():
    """Only the plan is put on one line: a path keeps its line break (another path without
    it names another file), and ``--moves=PLAN`` is cleaned as ``--moves PLAN`` is."""
    from sudoku_cube.assistant.cli import interrupted_hint

    said = interrupted_hint(["solve", "my\nphotos"])
    assert shlex.quote("my\nphotos") in said, said
    said = interrupted_hint(["guide", "x.json", "--moves=R U'\n F2"])
    assert "`sudoku-cube guide x.json --moves \"R U' F2\"`" in said, said


def test_a_numbered_items_command_too_long_for_its_continuation_lines_wraps_between_moves():
    """A command that fits 80 columns but not a numbered item's continuation line (after its
    indent) is wrapped between its moves, not left whole for the terminal to split."""
    command = "sudoku-cube guide /home/me/xx.json --moves \"R U F2 D' L B2 R' U2 L F2 R2 U'\""
    assert 80 - len("  2. ") < len(command) + len("``.") <= 80
    lines = wrap_words(f"  2. Take it up later with `{command}`.", 80).splitlines()
    assert all(len(line) <= 80 for line in lines), lines
    _runs_as(_copied(lines), command)
    _splits_no_move(lines)


def test_a_second_plan_opens_with_no_stray_space():
    """Of two plans in one long command only the first may start a line of its own after its
    opening quote: the second follows a break between the first one's moves."""
    command = f'sudoku-cube check /tmp/a.json --moves "{PLAN}" --moves "{PLAN}"'
    lines = wrap_words(f"To go on: `{command}` now.", 80).splitlines()
    text = "\n".join(lines)
    assert '--moves " ' not in text and '--moves "\n' not in text, lines
    assert shlex.split(_copied(lines))[:4] == shlex.split(command)[:4]
