"""A command a person is told to run is never broken over lines (``terminal.wrapping``): a
command copied from two lines of the screen runs early or without its options. Messages are
wrapped between words; a command in backticks and a long path are kept whole."""
from __future__ import annotations

from rich.console import Console

from sudoku_cube.assistant.terminal.wrapping import print_wrapped, wrap_words

PLAN = "B' L R' F' D R' D2 L' F2 R D B' L' R2 U' R' L' D U2 F U D2 L2 R'"
PATH = "/home/someone/.local/share/sudoku-cube/reviewed-bafbc9bcf3.json"
COMMAND = f'sudoku-cube guide {PATH} --moves "{PLAN}" --speak'


def test_a_long_command_keeps_a_line_of_its_own_and_the_prose_wraps_between_words():
    text = f"sudoku-cube: interrupted; run `{COMMAND}` to go on: it continues at the step it " \
           "reached and keeps every option you gave."
    lines = wrap_words(text, 80).splitlines()
    assert f"`{COMMAND}`" in lines
    assert all(len(line) <= 80 for line in lines if COMMAND not in line)
    assert " ".join(text.split()) == " ".join(" ".join(lines).split())


def test_a_short_command_that_fits_stays_in_the_sentence():
    text = "the corrections are kept: `sudoku-cube solve x.json` goes on from there"
    assert wrap_words(text, 80) == text


def test_rich_messages_break_no_path_and_no_command():
    console = Console(record=True, width=80)
    print_wrapped(console, f"Your corrections are saved with the reading in {PATH} "
                           f"(`{COMMAND}` uses them again).")
    lines = console.export_text().splitlines()
    assert any(PATH in line for line in lines) and f"(`{COMMAND}`" in lines


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
    indented as `check` prints it (not at the first column), the command to take the new plan up later on
    one line."""
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


def test_a_command_longer_than_the_guides_screen_is_left_whole_for_the_terminal():
    """At 80 columns the command that takes a new plan up later is longer than a line: the
    guide prints it whole on a line of its own (the terminal wraps it, and a copy of it is one
    line), not cut at a space inside it, and the screen still fits the terminal's rows."""
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
    note = f"Found the slip. To take it up later: `{COMMAND}`"
    console = Console(file=io.StringIO(), width=80, height=24, color_system=None)
    run_interactive(console, cursor, lambda: "q", clear=False, note=note)
    screen = console.file.getvalue().split("Stopped at step")[0].splitlines()
    assert f"`{COMMAND}`" in screen, screen
    assert sum(max(1, -(-len(line) // 80)) for line in screen) <= 23, screen


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
