"""Why a solved face may show a 1 pointing the other way: the plain printout and the guide's
last screen say so in one sentence (a 1 is taken to look the same upside down, nothing to do;
if the cube's 1 has a foot, the solve or guide command again with ``--symmetric none``), and
say nothing when every digit points with its face."""
from __future__ import annotations

import io

from rich.console import Console

from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
from sudoku_cube.assistant.services.phases import symmetric_note, turned_symmetric
from sudoku_cube.assistant.terminal.guide_ui import print_plain, screen_of
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.cube.moves import invert_moves, parse_moves
from sudoku_cube.models.cube.solved import is_solved
from sudoku_cube.models.cube.state import CubeState
from sudoku_cube.models.cube.stickers import Sticker
from sudoku_cube.models.profile import CubeSettings

SCRAMBLE = parse_moves("R U F'")


def _solved(turned: dict[str, int] = {}) -> CubeState:
    """Every face 1..9 upright, but for the digit ``turned[face]`` of that face upside down."""
    return CubeState.from_faces({f: [Sticker(d, 2 if turned.get(f) == d else 0)
                                     for d in range(1, 10)] for f in FACES})


def _printed(solved: CubeState, settings: CubeSettings = CubeSettings()) -> str:
    start = solved.apply(SCRAMBLE)
    steps = steps_from_moves(start, invert_moves(SCRAMBLE))
    console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
    print_plain(console, steps, start, pictures=False, settings=settings)
    return " ".join(console.export_text().split())


def test_a_turned_1_is_explained_after_done():
    solved = _solved({"U": 1, "D": 1})
    assert is_solved(solved) and turned_symmetric(solved, {1}) == {"U": [1], "D": [1]}
    text = _printed(solved)
    done = text.index("Done: the cube is solved.")
    assert text[done:].startswith(
        "Done: the cube is solved. The 1s on U and D end pointing the other way from the rest "
        "of their faces: a 1 is taken to look the same upside down, so those faces still "
        "count as solved and there is nothing to do (if your cube's 1 has a foot, solve it "
        "again with --symmetric none added to the solve or guide command: then every 1 ends "
        "upright, or, where no plan can do that, the sticker read wrong is named).")


def test_no_note_when_every_digit_points_with_its_face():
    assert "the other way" not in _printed(_solved())
    assert symmetric_note(_solved(), {1}) == ""


def test_a_cube_with_no_symmetric_digit_gets_no_note():
    """A footed 1 (``--symmetric none``, or the photos' verdict) is kept upright by the plan;
    a state where it is not is no solved cube of that print, and gets no note."""
    assert turned_symmetric(_solved({"U": 1}), ()) == {}
    assert "the other way" not in _printed(_solved(), CubeSettings(symmetric=frozenset()))


def test_another_symmetric_digit_is_named_without_the_foot_advice():
    solved = _solved({"R": 8})
    assert symmetric_note(solved, {1, 8}) == (
        "The 8 on R ends pointing the other way from the rest of its face: an 8 is taken to "
        "look the same upside down, so that face still counts as solved and there is nothing "
        "to do.")
    assert "1 and 8 are taken to look the same upside down" in symmetric_note(
        _solved({"R": 8, "U": 1}), {1, 8})
    assert "--symmetric none" not in _printed(solved, CubeSettings(symmetric=frozenset({1, 8})))


def test_the_guides_last_screen_says_it_under_the_solved_net():
    solved = _solved({"F": 1})
    start = solved.apply(SCRAMBLE)
    steps = steps_from_moves(start, invert_moves(SCRAMBLE))
    cursor = GuideCursor(steps, start, remember=False, position=len(steps))
    assert cursor.done
    console = Console(file=io.StringIO(), width=80, height=40, record=True, color_system=None)
    console.print(screen_of(cursor))
    text = console.export_text()
    assert text.index("Solved") < text.index("The 1 on F ends pointing the other way")
    assert "there is nothing to do" in " ".join(text.split())


def _steps(solved: CubeState):
    start = solved.apply(SCRAMBLE)
    return steps_from_moves(start, invert_moves(SCRAMBLE)), start


def test_the_exported_plan_ends_with_the_note():
    """The printable plan (HTML and SVG) ends with the sentence ``solve --plain`` prints after
    "Done", and has none where every digit points with its face."""
    from html import escape

    from sudoku_cube.assistant.services.export import plan_html, plan_svg

    solved = _solved({"U": 1, "D": 1})
    steps, start = _steps(solved)
    note = symmetric_note(solved, {1})
    assert note.startswith("The 1s on U and D end pointing the other way")
    html = plan_html(steps, start)
    assert escape(note) in html and html.index(escape(note)) > html.index(f'id="step-{len(steps)}"')
    svg = " ".join(t.split(">", 1)[1] for t in plan_svg(steps, start).split("<text")[1:]
                   if "</text>" in t)
    words = " ".join(w.replace("</text>", "") for w in svg.split())
    assert "Done" in words and "there is nothing to do." in words
    assert "The 1s on U and D end pointing the other way" in words
    plain_steps, plain_start = _steps(_solved())
    assert "the other way" not in plan_html(plain_steps, plain_start)
    assert "the other way" not in plan_svg(plain_steps, plain_start)
    # a cube already solved: no steps, the note all the same (as the phone page says it)
    assert escape(note) in plan_html([], solved) and "Done. " not in plan_html([], solved)
    assert "The 1s on U and D end" in " ".join(plan_svg([], solved).split())
    assert "the other way" not in plan_html([], _solved()) + plan_svg([], _solved())
    # its intro says so, not how steps are shown (there are none)
    assert "already solved: nothing to turn" in plan_html([], solved)
    assert "0 face turns" not in plan_html([], solved)
    assert "Each step shows" not in plan_html([], solved) and "Each step shows" in html
    none = " ".join(t.split(">", 1)[1].replace("</text>", "")
                    for t in plan_svg([], solved).split("<text")[1:] if "</text>" in t)
    assert "already solved: nothing to turn" in " ".join(none.split())
    assert "0 face turns" not in none


def test_the_phone_pages_last_step_says_it():
    from sudoku_cube.assistant.web.views import step_view

    solved = _solved({"F": 1})
    steps, start = _steps(solved)
    done = step_view(steps, start, len(steps))
    assert done["done"] and done["words"] == f"The cube is solved. {symmetric_note(solved, {1})}"
    assert "The 1 on F ends pointing the other way" in done["words"]
    assert "the other way" not in step_view(steps, start, len(steps) - 1)["words"]
    plain_steps, plain_start = _steps(_solved())
    assert step_view(plain_steps, plain_start, len(plain_steps))["words"] == "The cube is solved."
    assert step_view([], solved, 0)["words"] == f"The cube is solved. {symmetric_note(solved, {1})}"
