"""The guide as a person uses it: steps shown one at a time, keys, remembered position, plain
printout and exported pages. Plans here are built from known scrambles (the planner has its
own tests); the end-to-end CLI tests use the real planner."""
from __future__ import annotations

import io
import random
import re

import pytest

from rich.console import Console

from sudoku_cube.assistant.services.export import export_plan, plan_html
from sudoku_cube.assistant.services.guide import GuideCursor, command_of, steps_from_moves
from sudoku_cube.assistant.terminal.guide_ui import print_plain, resume_notice, run_interactive
from sudoku_cube.assistant.terminal.guide_ui import FIRST_STEP, RESTART_QUESTION, screen_of
from sudoku_cube.assistant.terminal.keys import split_keys
from sudoku_cube.assistant.services.phases import moved_stickers
from sudoku_cube.assistant.terminal.guide_view import SHORT_NOTES, StepView, short_note
from sudoku_cube.assistant.terminal.net import NetView
from sudoku_cube.models.cube.moves import invert_moves, move_transform
from sudoku_cube.models.cube.solved import is_solved
from tests.conftest import one_line, random_design, random_moves


def _plan(seed: int = 1, count: int = 6):
    rng = random.Random(seed)
    solved = random_design(rng)
    scramble = random_moves(rng, count)
    start = solved.apply(scramble)
    moves = invert_moves(scramble)
    phases = ["pieces"] * (count - 2) + ["centres"] * 2
    return start, steps_from_moves(start, moves, phases)


def _console() -> Console:
    return Console(file=io.StringIO(), width=80, record=True, color_system=None)


def test_steps_applied_to_the_model_solve_the_cube():
    start, steps = _plan(2, 8)
    state = start
    for step in steps:
        assert step.before == state
        state = state.apply([step.move])
        assert step.after == state
    assert is_solved(state)


def _screens_after(steps, start, keys: list[str]) -> list[str]:
    """Each screen the guide draws (its words on one line) as ``keys`` are pressed, from
    step 1 of ``steps``."""
    pressed = iter(keys)
    screens: list[str] = []
    console = _console()
    real_print = console.print

    def capture(*objects, **kw):
        before = len(console.export_text(clear=False))
        real_print(*objects, **kw)
        screens.append(" ".join(console.export_text(clear=False)[before:].split()))
    console.print = capture
    run_interactive(console, GuideCursor(steps, start, remember=False), lambda: next(pressed),
                    clear=False)
    return screens


def _screen(cursor: GuideCursor, width: int, height: int, notice: str = "") -> str:
    console = Console(file=io.StringIO(), width=width, height=height, record=True,
                      color_system=None)
    console.print(screen_of(cursor, notice))
    return console.export_text()


def test_step_screen_with_room_shows_move_words_progress_and_both_nets():
    start, steps = _plan(3, 6)
    console = Console(file=io.StringIO(), width=80, height=40, record=True, color_system=None)
    console.print(StepView(steps[1], 1, len(steps)))
    text = console.export_text()
    assert "Step 2 of 6" in text and "Phase 1 of 2: pieces" in text
    # the words wrap beside the large letters: read them without the letters' blocks
    beside = " ".join(w for w in text.split() if set(w) != {"█"})
    assert steps[1].move.describe() in beside
    assert "1/6 turns done" in text
    assert "Before (moving stickers marked)" in text and "After" in text
    assert "█" in text  # the move in large letters
    assert all(len(line) <= 80 for line in text.splitlines())
    # the same screen twice is the same (deterministic snapshot)
    again = Console(file=io.StringIO(), width=80, height=40, record=True, color_system=None)
    again.print(StepView(steps[1], 1, len(steps)))
    assert again.export_text() == text


def _left_of_picture(lines: list[str]) -> str:
    """The screen's text without the held-cube picture placed beside the move (its columns
    on the lines above the nets), to read the words that wrap beside the large letters."""
    top = next((k for k, line in enumerate(lines)
                if "As you hold it" in line and not line.startswith("Before")), None)
    if top is None:
        return "\n".join(lines)
    left = lines[top].index("As you hold it")
    end = next((k for k in range(top, len(lines)) if lines[k].startswith("Before")), len(lines))
    return "\n".join(line[:left] if top <= k < end else line for k, line in enumerate(lines))


@pytest.mark.parametrize("width,height", [(80, 24), (100, 30), (160, 50), (120, 30), (99, 40),
                                          (60, 12), (44, 8)])
def test_every_screen_fits_the_terminal_and_always_shows_the_move_and_its_words(width, height):
    start, steps = _plan(10, 6)
    for position in range(len(steps) + 1):
        cursor = GuideCursor(steps, start, remember=False, position=position)
        notice = "Continuing at step 2 of 6 (press r to restart)." if position == 0 else ""
        text = _screen(cursor, width, height, notice)
        lines = text.splitlines()
        assert len(lines) <= height - 1, (width, height, position, text)  # nothing scrolls away
        assert all(len(line.rstrip()) <= width for line in lines)
        assert "quit" in lines[-1]
        if position == len(steps):
            assert "The cube is solved" in lines[0]
            continue
        step = steps[position]
        assert lines[0].startswith(f"Step {position + 1} of 6")
        flowing = " ".join(_left_of_picture(lines).replace("█", " ").split())  # words wrap
        assert str(step.move) in text and step.move.describe() in flowing  # beside big letters
        assert notice in flowing
        if height >= 24:
            assert "█" in text and "Before (moving stickers marked)" in text
            assert f"{position}/6 turns done" in text
        if width >= 92 and height >= 30:
            assert "After" in text  # both nets side by side


def test_phase_note_shows_once_per_phase_in_one_line():
    start, steps = _plan(11, 6)
    first = _screen(GuideCursor(steps, start, remember=False, position=0), 80, 24)
    second = _screen(GuideCursor(steps, start, remember=False, position=1), 80, 24)
    centres = _screen(GuideCursor(steps, start, remember=False, position=4), 80, 24)
    assert short_note("pieces") in first and short_note("pieces") not in second
    assert short_note("centres") in centres
    assert all(len(note) <= 78 for note in SHORT_NOTES.values())


def test_a_three_line_notice_at_80x24_keeps_the_net_on_the_first_screen():
    """Where the plan was exported and a hold that names three centres make a notice of three
    lines: at 80x24 the net still shows (the blank line above it goes), nothing scrolls."""
    start, steps = _plan(10, 6)
    cursor = GuideCursor(steps, start, remember=False, position=0)
    notice = ("Plan with 6 steps written to /tmp/plan.html. Hold the cube with centre 7 towards "
              "you (F, the 7 pointing left), centre 7 on top (U, the 7 pointing right) and "
              "centre 7 on the right (R) for the whole solve.")
    text = _screen(cursor, 80, 24, notice)
    lines = text.splitlines()
    assert len(lines) <= 23 and "Before (moving stickers marked)" in text and "█" in text
    assert notice in " ".join(text.split())
    roomy = _screen(cursor, 80, 24, "Continuing at step 2 of 6 (press r to restart).")
    before = roomy.splitlines().index("Before (moving stickers marked)")
    assert roomy.splitlines()[before - 1] == ""  # with room, the blank line stays


@pytest.mark.parametrize("width,height", [(80, 24), (120, 40)])
def test_a_resumed_screen_keeps_the_progress_bar(width, height):
    """The guide run again part-way through a plan says where it goes on and how to hold the
    cube (two lines at 80 columns): its first screen still has the progress bar every step's
    screen has, with the move in large letters and the net (the blank line above the net
    goes first), and fits the terminal."""
    start, steps = _plan(10, 6)
    for reached in range(1, len(steps)):  # turns made before
        GuideCursor(steps, start, position=reached - 1).next()  # saved
        again = GuideCursor(steps, start)
        assert again.resumed and again.position == reached
        console = Console(file=io.StringIO(), width=width, height=height, record=True,
                          color_system=None)
        run_interactive(console, again, lambda: "q", clear=False)
        screen = console.export_text().split("Stopped at step")[0]
        lines = screen.splitlines()
        assert len(lines) <= height - 1 and all(len(line) <= width for line in lines), screen
        assert f"Continuing at step {reached + 1} of 6" in " ".join(screen.split()), screen
        assert f"{reached}/6 turns done" in screen, screen
        assert "█" in screen and "Before (moving stickers marked)" in screen, screen


def test_centre_phase_explains_why_centres_need_their_own_algorithms():
    start, steps = _plan(4, 6)
    console = _console()
    console.print(StepView(steps[4], 4, 6, phase_changed=True))
    text = " ".join(console.export_text().replace("│", " ").split())
    assert "Phase 2 of 2: centres" in text
    assert short_note("centres") in text  # the guide's one line; --plain has the long note
    plain = _console()
    print_plain(plain, steps, start, pictures=False)
    assert "plain cube solver ignores that" in " ".join(plain.export_text().split())


def test_moving_stickers_are_highlighted():
    start, steps = _plan(5, 3)
    step = steps[0]
    moved = moved_stickers(step)
    assert moved == move_transform(step.move).moved() and len(moved) == 21
    lines = NetView(step.before, highlight=moved).lines()
    marked = sum(1 for line in lines for span in line.spans if "reverse" in str(span.style))
    assert marked == 21


def test_keys_next_back_restart_quit_and_position_is_remembered():
    start, steps = _plan(6, 5)
    keys = iter(["n", " ", "n", "b", "q"])
    cursor = GuideCursor(steps, start)
    assert not run_interactive(_console(), cursor, lambda: next(keys), clear=False)
    assert cursor.position == 2
    again = GuideCursor(steps, start)  # a new run of the same plan continues there
    assert again.resumed and again.position == 2
    console = _console()
    keys = iter(["r", "x", "r", "y", "n", "n", "n", "n", "n", "q"])  # r asks first: x = stay
    assert run_interactive(console, again, lambda: next(keys), clear=False)
    text = console.export_text()
    assert one_line(RESTART_QUESTION) in one_line(text) and "The cube is solved" in text
    assert is_solved(again.state())
    assert command_of("x") is None and command_of("\r") == "next"


def test_fresh_photos_of_the_start_restart_a_plan_only_previewed_and_say_so():
    """Steps previewed with n, then Ctrl-C: photos taken again show the cube as at the start
    (a plan being followed is found by its start), so the plan goes on at step 1, not at the
    step reached, and says why; step 1 is saved at once, so a stop names a command that goes
    on from it."""
    start, steps = _plan(14, 5)
    GuideCursor(steps, start).next()
    GuideCursor(steps, start).next()  # step 3 reached without a turn made
    assert GuideCursor(steps, start).position == 2  # a state file cannot tell: the saved step
    shown: list[int] = []
    cursor = GuideCursor(steps, start, fresh=True, on_move=shown.append)
    assert cursor.position == 0 and not cursor.resumed and cursor.rewound == 2
    words = " ".join(resume_notice(cursor).split())
    assert "start of the plan: starting at step 1 of 5, not at step 3 reached before" in words
    assert "(the turns of steps 1-2 were not made)" in words
    assert GuideCursor(steps, start).position == 0  # step 1 saved with the photos' word
    cursor.next()
    assert GuideCursor(steps, start).position == 1 and shown == [1]
    again = GuideCursor(steps, start, fresh=True)
    assert again.rewound == 1 and "(the turns of step 1 were not made)" in resume_notice(again)
    cursor.restart()
    assert GuideCursor(steps, start, fresh=True).rewound == 0  # nothing reached: no notice


def test_back_on_the_first_step_says_why_nothing_moved():
    start, steps = _plan(6, 5)
    keys = iter(["b", "q"])
    console = _console()
    run_interactive(console, GuideCursor(steps, start, remember=False), lambda: next(keys),
                    clear=False)
    assert " ".join(FIRST_STEP.split()) in " ".join(console.export_text().split())


def test_the_last_screen_ends_only_on_q_or_enter_as_its_key_line_says():
    """On the last screen n, space, → and the other next keys say it is the last screen and
    leave it up (a press too many must not close it unseen); q and Enter end the guide, as the
    key line says."""
    from sudoku_cube.assistant.terminal.guide_ui import LAST_SCREEN
    from sudoku_cube.assistant.terminal.guide_view import DONE_KEYS

    start, steps = _plan(15, 3)
    for end in ("q", "\r"):
        cursor = GuideCursor(steps, start, remember=False)
        keys = iter(["n", "n", "n", "n", " ", "right", "down", "pgdn", end])
        console = _console()
        assert run_interactive(console, cursor, lambda: next(keys), clear=False)
        assert next(keys, None) is None  # every key was read: none of the next keys quit
        flat = " ".join(console.export_text().split())
        assert flat.count(" ".join(LAST_SCREEN.split())) == 5
        assert "q[/]/Enter quit" in DONE_KEYS and "press q or Enter to quit" in LAST_SCREEN


def test_the_line_after_the_guide_says_why_a_1_points_the_other_way():
    """The line printed after the guide ends carries the last screen's note on 1s pointing the
    other way, as ``--plain`` does."""
    from sudoku_cube.assistant.terminal.one_words import turned_ones_line
    from tests.test_turned_ones_note import SCRAMBLE, _solved

    solved = _solved({"U": 1, "F": 1})
    start = solved.apply(SCRAMBLE)
    steps = steps_from_moves(start, invert_moves(SCRAMBLE))
    cursor = GuideCursor(steps, start, remember=False)
    keys = iter(["n"] * len(steps) + ["q"])
    console = _console()
    assert run_interactive(console, cursor, lambda: next(keys), clear=False)
    text = console.export_text()
    after = " ".join(text[text.rindex("Done: all 3 steps taken"):].split())
    note = turned_ones_line(cursor.state(), cursor.settings)
    assert note and after == f"Done: all 3 steps taken. The cube is solved. {note}"


def test_a_resumed_guide_says_how_to_hold_the_cube():
    """A person who put the cube down between runs is told the hold again with the step the
    guide goes on at, its centres as they lie at that step."""
    from sudoku_cube.models.cube.face_words import hold_words

    start, steps = _plan(16, 6)
    GuideCursor(steps, start).next()
    cursor = GuideCursor(steps, start)
    cursor.next()
    cursor.next()
    again = GuideCursor(steps, start)
    assert again.resumed and again.position == 3
    assert resume_notice(again) == (f"Continuing at step 4 of 6 (press r to restart). "
                                    f"{hold_words(steps[3].before)}.")


@pytest.mark.parametrize("key", ["b", "x", "left"])
def test_a_key_that_changes_nothing_on_step_1_keeps_the_hold_line(key):
    """Step 1 says how to hold the cube; b (there is no step before) or a key that does
    nothing adds its own line under it and the hold stays; leaving the step drops it."""
    from sudoku_cube.models.cube.face_words import hold_words

    start, steps = _plan(17, 4)
    screens = _screens_after(steps, start, [key, "n", "q"])
    hold = " ".join(f"{hold_words(start)} for the whole solve.".split())
    assert hold in screens[0] and hold in screens[1]
    said = FIRST_STEP if key != "x" else "'x' does nothing here"
    assert " ".join(said.split()) in screens[1]
    assert screens[1].index(hold) < screens[1].index(" ".join(said.split())[:20])
    assert hold not in screens[2]  # step 2
    both = f"{hold_words(start)} for the whole solve.\n{FIRST_STEP}"  # at 80x24 the net stays
    assert "Before (moving stickers marked)" in _screen(GuideCursor(steps, start, remember=False),
                                                        80, 24, both)


def test_arrow_keys_page_keys_and_esc_move_or_do_nothing_only_q_quits():
    start, steps = _plan(12, 5)
    cursor = GuideCursor(steps, start, remember=False)
    keys = iter(split_keys("\x1b[C\x1b[B\x1b[6~\x1b[D\x1bOA\x1b[5~\x1b\x1b[C\x1b[1;5Cq"))
    console = _console()
    assert not run_interactive(console, cursor, lambda: next(keys), clear=False)
    # right, down, PgDn: 3 steps on; left, up (SS3 form), PgUp: back to 0; Esc nothing;
    # right: 1; an unknown sequence (ctrl-right) nothing; q quits
    assert cursor.position == 1
    assert "Stopped at step 2 of 5" in console.export_text()
    assert split_keys("n\x1b") == ["n", "esc"] and command_of("esc") is None


def test_a_finished_plan_run_again_starts_at_step_1_and_says_so():
    start, steps = _plan(13, 3)
    cursor = GuideCursor(steps, start)
    keys = iter(["n", "n", "n", "\r"])
    assert run_interactive(_console(), cursor, lambda: next(keys), clear=False)
    again = GuideCursor(steps, start)
    assert again.position == 0 and again.finished_before
    console = _console()
    keys = iter(["q"])
    run_interactive(console, again, lambda: next(keys), clear=False)
    text = console.export_text()
    assert "starting again at step 1 of 3" in text and "step 4 of 3" not in text.lower()


def test_plain_prints_every_step():
    start, steps = _plan(7, 6)
    console = _console()
    print_plain(console, steps, start)
    text = console.export_text()
    for i, step in enumerate(steps):
        assert re.search(rf"{i + 1}/6\s+{re.escape(str(step.move))}\s", text)
    assert "Phase 2 of 2: centres" in text and "Done: the cube is solved." in text


def test_plain_without_colours_marks_each_moving_sticker_with_a_star():
    """Reverse video does not show in a file or a pipe: there the nets that say "moving stickers
    marked" put a ``*`` after each of them (and only them); with colours nothing changes."""
    start, steps = _plan(7, 6)
    console = _console()
    print_plain(console, steps[:1], start)
    text = console.export_text()
    before = text[text.index("Before (moving stickers marked)"):text.index("After")]
    assert before.count("*") == len(moved_stickers(steps[0])) == 21
    tokens = re.findall(r"(\d[\^>v<])([ *])", before)
    marked = [i for i, (_, mark) in enumerate(tokens) if mark == "*"]
    assert len(tokens) == 54 and len(marked) == 21
    coloured = Console(file=io.StringIO(), width=80, record=True, color_system="standard")
    coloured.print(NetView(steps[0].before, highlight=moved_stickers(steps[0])))
    assert "*" not in coloured.export_text(styles=False)


def test_plain_on_a_solved_cube_says_there_is_nothing_to_do():
    start, _ = _plan(8, 0)
    console = _console()
    print_plain(console, [], start)
    assert "already solved" in console.export_text()


def test_export_html_and_svg(tmp_path):
    start, steps = _plan(9, 4)
    html_path = export_plan(tmp_path / "plan.html", steps, start)
    html = html_path.read_text()
    assert html.count('<section class="step"') == 4
    assert html.count("<svg") == 3 * 4 + 2  # per step: held cube, before, after; the start
    assert html == plan_html(steps, start)
    assert html.count("Done: the cube is solved.") == 1  # at its end, as solve --plain's
    svg = export_plan(tmp_path / "plan.svg", steps, start).read_text()
    # a row for the start, each step and the end, each with two pictures
    assert svg.startswith("<svg") and svg.count("<svg") == 1 + 2 * (1 + 4 + 1)
    assert svg.rindex(">Done<") > svg.rindex("Step 4 of 4") and "the cube is solved" in svg
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    # both name the faces to hold by their centre digits, as the guide does
    from sudoku_cube.models.cube.face_words import centre, hold_words
    hold = hold_words(start)
    assert f"centre {centre(start, 'F').digit} towards you (F" in hold
    assert hold in html and hold in " ".join(re.sub(r"<[^>]+>", " ", svg).split())


def test_question_mark_shows_the_keys_in_80x24_and_any_key_goes_back():
    """``?`` draws the help screen (every key, how to read a step) within 80x24; the next key
    only closes it; an unknown key says to press ? ; the key line names ? on every screen."""
    from sudoku_cube.assistant.terminal.guide_view import GUIDE_HELP
    from sudoku_cube.models.cube.face_words import centre_words, hold_words

    start, steps = _plan(14, 4)
    cursor = GuideCursor(steps, start, remember=False)
    keys = iter(["?", "n", "x", "n", "q"])
    console = Console(file=io.StringIO(), width=80, height=24, record=True, color_system=None)
    run_interactive(console, cursor, lambda: next(keys), clear=False)
    assert cursor.position == 1  # the n that closed the help did not move on
    text = console.export_text()
    help_screen = text[text.index("Guide help"):text.index("Press any key")]
    lines = help_screen.splitlines()
    assert len(lines) + 1 <= 23 and all(len(line) <= 80 for line in lines)
    for key, _ in GUIDE_HELP:
        assert key in help_screen
    assert "Press any key to go back to step 1 of 4" in text
    flat = " ".join(help_screen.split())  # the faces to hold named by their centre digits
    hold = hold_words(start)
    assert f"Now: {hold[0].lower()}{hold[1:]}. Keep the same faces towards you and on top" in flat
    assert "with F towards you" not in flat
    places = ("top", "right", "front", "bottom", "left", "back")  # each letter as held
    for face, place in zip("URFDLB", places):
        assert f"{face} = the {place} face ({centre_words(start, face)})" in flat
    assert "U up, D down" not in flat
    assert "'x' does nothing here: press ? for the keys." in text
    key_lines = [line for line in text.splitlines() if "q quit" in line]
    assert key_lines and all("? help" in line for line in key_lines)


def test_watch_mode_key_line_names_only_the_keys_that_work():
    """While the camera watches only n/b/q work: the key line says so (no c, r or ?), and that
    q stops the watch, as the window's key line does (the key-driven guide goes on after it)."""
    from sudoku_cube.assistant.terminal.watch_canvas import WATCH_WINDOW_KEYS
    from sudoku_cube.assistant.terminal.guide_ui import screen_of
    from sudoku_cube.assistant.terminal.guide_view import WATCH_KEYS

    start, steps = _plan(15, 3)
    console = Console(file=io.StringIO(), width=80, height=24, record=True, color_system=None)
    console.print(screen_of(GuideCursor(steps, start, remember=False), keys=WATCH_KEYS))
    last = console.export_text().rstrip().splitlines()[-1]
    assert "q stop watching" in last and "camera" in last, last
    assert "quit" not in last and "check" not in last and "?" not in last
    assert "q: stop watching" in WATCH_WINDOW_KEYS


def test_a_prime_in_large_letters_is_a_slanted_tick():
    from sudoku_cube.assistant.terminal.bigtext import big_lines

    tick = [row[len("████  "):] for row in big_lines("R'")]
    filled = [{i for i, c in enumerate(row) if c == "█"} for row in tick if "█" in row]
    assert len(filled) >= 2 and min(filled[0]) > min(filled[-1])  # leaning, not a bar


def test_a_wide_screen_shows_the_cube_as_held_with_the_layer_to_turn():
    """At 120x40 the held cube sits beside the nets, the turning layer in the mark's yellow;
    at 80x24 there is no room and the screen still fits."""
    from sudoku_cube.assistant.terminal.held_picture import held_picture

    start, steps = _plan(3, 6)
    wide = Console(file=io.StringIO(), width=120, height=40, record=True, color_system=None)
    wide.print(StepView(steps[1], 1, len(steps), height=40))
    text = wide.export_text()
    assert "As you hold it" in text and all(len(line) <= 120 for line in text.splitlines())
    assert len(text.splitlines()) <= 40
    picture = held_picture(steps[1].before, steps[1].move, 24)
    colours = {str(span.style.color.triplet.hex) for span in picture.spans
               if span.style.color is not None and span.style.color.triplet is not None}
    assert "#ffd43b" in colours and "#d9480f" in colours  # the marked layer and the arrow
    narrow = Console(file=io.StringIO(), width=80, height=24, record=True, color_system=None)
    narrow.print(StepView(steps[1], 1, len(steps), height=24))
    assert "As you hold it" not in narrow.export_text()
    assert len(narrow.export_text().splitlines()) <= 24


def _held_size(width: int, height: int, notice: str = "") -> tuple[int, int, list[str]]:
    """Columns and lines of the held-cube picture on a ``width`` x ``height`` step screen
    (0, 0 without one), and the screen's lines."""
    start, steps = _plan(3, 6)
    console = Console(file=io.StringIO(), width=width, height=height, record=True,
                      color_system=None)
    console.print(StepView(steps[1], 1, len(steps), notice=notice, height=height))
    lines = console.export_text().rstrip("\n").splitlines()
    top = next((k for k, line in enumerate(lines) if "As you hold it" in line), None)
    if top is None:
        return 0, 0, lines
    left = lines[top].index("As you hold it")
    rows = [k for k, line in enumerate(lines) if k > top and set(line[left:]) & set("▀▄")]
    cols = [c for k in rows for c, ch in enumerate(lines[k]) if c >= left and ch in "▀▄"]
    return max(cols) - min(cols) + 1, rows[-1] - rows[0] + 1, lines


def test_the_held_cube_grows_with_the_room_and_shows_the_front_digits():
    """The picture is larger on a larger terminal (beside the move, not squeezed beside the
    nets) and then carries the front face's digits as the nets show them; at 80x24 there is
    no room for it and nothing of the step is cut; the step words, keys and a notice show."""
    start, steps = _plan(3, 6)
    notice = "Hold the cube with centre 2 towards you."
    sizes = {}
    for width, height in ((80, 24), (120, 30), (120, 40), (160, 50)):
        cols, rows, lines = _held_size(width, height, notice)
        sizes[width, height] = cols, rows
        assert len(lines) < height and all(len(line) <= width for line in lines), (width, height)
        assert lines[0].startswith("Step 2 of 6") and "q quit" in lines[-1]
        assert notice in lines[-2] and steps[1].description.split()[0] in "\n".join(lines)
        assert sum("|" in line for line in lines) >= 9  # the "before" net
        if width >= 120:
            assert "After" in "\n".join(lines)
    assert sizes[80, 24] == (0, 0)
    assert sizes[120, 30][1] <= 12  # beside the nets where the lines are few, as before
    assert sizes[120, 40][1] >= 16 and sizes[120, 40][0] >= 30  # was about 18x10
    assert sizes[160, 50][0] >= sizes[120, 40][0] and sizes[160, 50][1] >= sizes[120, 40][1]
    _, rows, lines = _held_size(120, 40)
    top = next(k for k, line in enumerate(lines) if "As you hold it" in line)
    left = lines[top].index("As you hold it")
    seen = " ".join(line[left:] for line in lines[top:top + rows + 2])
    front = [s.token for s in steps[1].before.face("F")]
    assert sorted(re.findall(r"[1-9][<>v^]", seen)) == sorted(front)  # all nine, as tokens


def test_the_help_screen_and_the_manual_list_every_key_that_works():
    """Each key the guide knows is on the ``?`` screen on the line of what it does, and only
    those; the manual names the same keys."""
    from pathlib import Path
    from sudoku_cube.assistant.services.guide import KEYS
    from sudoku_cube.assistant.terminal.guide_view import GUIDE_HELP

    names = {"→": ["right"], "↓": ["down"], "PgDn": ["pgdn"], "←": ["left"], "↑": ["up"],
             "PgUp": ["pgup"], "space": [" "], "Enter": ["\r", "\n", ""]}
    listed: set[str] = set()
    for keys, _ in GUIDE_HELP:  # one line, one command
        line = [key for name in keys.split() for key in names.get(name, [name])]
        assert len({command_of(key) for key in line} - {None}) == 1, keys
        assert None not in {command_of(key) for key in line}, keys
        listed.update(line)
    pressed = {key for named in names.values() for key in named}
    known = {key for key, cmd in KEYS.items()
             if cmd != "redraw" and (len(key) < 2 or key in pressed)}  # not typed words
    assert listed == known, listed ^ known
    manual = " ".join((Path(__file__).parents[1] / "docs/manual.md").read_text().split())
    assert ("Keys: →, ↓, PgDn, n, space or Enter next; ←, ↑, PgUp, b or p back; r restart "
            "(asks first); `?` (or h) shows every key") in manual



def test_back_at_step_1_says_the_hold_again():
    """n then b: step 1 shows how to hold the cube again, as the first screen did (the hold
    is what its turn is made in); at 80x24 the net still fits beside it."""
    from sudoku_cube.models.cube.face_words import hold_words

    start, steps = _plan(17, 4)
    screens = _screens_after(steps, start, ["n", "b", "q"])
    hold = " ".join(f"{hold_words(start)} for the whole solve.".split())
    assert "Step 1 of" in screens[2] and hold in screens[2], screens[2]
    assert hold not in screens[1]  # step 2
    said = f"{hold_words(start)} for the whole solve."
    assert "Before (moving stickers marked)" in _screen(GuideCursor(steps, start, remember=False),
                                                        80, 24, said)


def test_the_last_screen_offers_the_check_and_c_runs_it():
    """The plan is made, but a slip may have left the real cube unsolved: the last screen's
    key line and its notice name c, and c there runs the check."""
    from sudoku_cube.assistant.terminal.guide_ui import LAST_SCREEN

    start, steps = _plan(15, 3)
    cursor = GuideCursor(steps, start, remember=False)
    checked = []
    keys = iter(["n", "n", "n", "n", "c", "q"])
    console = _console()
    run_interactive(console, cursor, lambda: next(keys), clear=False,
                    checker=lambda c: checked.append(c.position) or "checked")
    flat = " ".join(console.export_text().split())
    assert checked == [3] and "c not solved? check it" in flat
    assert "c to check the cube if it is not solved" in LAST_SCREEN


def test_a_doubtful_sticker_is_underlined_as_well_as_yellow():
    """A doubtful reading in the net is yellow, and underlined, which shows where a
    terminal's colours do not tell yellow apart (the review's net on a monochrome screen);
    the others are not."""
    start, _ = _plan(2, 1)
    lines = NetView(start, doubtful=frozenset({4})).lines()
    underlined = [span for line in lines for span in line.spans if "underline" in str(span.style)]
    assert len(underlined) == 1 and "yellow" in str(underlined[0].style)


def test_back_says_to_undo_the_turn_of_the_step_shown_again():
    """Going back shows a step whose turn is still to make; a person who made it must turn it
    back first, which the screen says on one line (80 columns) with the undoing turn."""
    from sudoku_cube.assistant.terminal.guide_ui import BACK_STEP

    start, steps = _plan(18, 4)
    screens = _screens_after(steps, start, ["n", "n", "b", "q"])
    move = steps[1].move
    said = BACK_STEP.format(number=2, move=move, undo=move.inverse())
    assert len(said) <= 80 and said.endswith(f"undo it first: {move.inverse()}.")
    assert " ".join(said.split()) in screens[3]
    assert "Back to step" not in screens[2]
    assert "Step 2 of 4" in screens[3]
