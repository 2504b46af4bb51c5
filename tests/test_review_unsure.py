"""A reading the grid solver is not sure of (two stickers that may be each other's digit) is
shown for a person to confirm or correct and never becomes a plan silently; a sure reading goes
straight on."""
from __future__ import annotations

import dataclasses
import io
import json

import pytest
from rich.console import Console

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.services.pipeline import solve_state
from sudoku_cube.assistant.services.files import load_state
from sudoku_cube.assistant.services.review import (check_reading, retake_hint,
                                                   unsure_message)
from sudoku_cube.assistant.terminal.given_moves import settled
from sudoku_cube.assistant.terminal.review_ui import (PROMPT, PROMPT_UNSURE, REVIEWED_PREFIX,
                                                      run_review, solve_again)
from sudoku_cube.assistant.terminal.review_view import ReviewView
from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.cube.state import sticker_index, sticker_name
from sudoku_cube.models.cube.state_format import to_dict
from sudoku_cube.models.cube.stickers import Hypothesis
from sudoku_cube.storage.folders import data_dir
from tests.conftest import ALL_STICKERS, open_cell, scripted, swapped_pair, unsure_reading


def _console() -> Console:
    return Console(file=io.StringIO(), width=80, height=24, record=True, color_system=None)


@pytest.fixture(scope="module")
def case():
    """A cube, two stickers a and b, an unsure and a sure reading of them (``swapped_pair``)."""
    return swapped_pair()


def test_unsure_stickers_shown_with_grid_choice_and_rival(case):
    _, a, b, swapped, _ = case
    check = check_reading(swapped)
    assert check.ok and not check.sure and set(check.unsure) == {a, b}
    console = _console()
    console.print(ReviewView(swapped, check))
    text = console.export_text()
    for i in (a, b):
        choice, rival = check.grid.chosen[i].token, check.unsure[i].token
        assert choice != rival
        row = next(line for line in text.splitlines() if f" {sticker_name(i)} " in line)
        assert row.rstrip().endswith(f">{choice}/{rival}")
    assert "not sure of 2 stickers" in text and "consistent" not in text
    assert all(len(line) <= 80 for line in text.splitlines())


def test_unsure_reading_waits_for_the_person_to_confirm(case):
    _, a, b, swapped, _ = case
    ask, prompts = scripted("", "y", "")

    console = _console()
    final, check = run_review(console, swapped, read_line=ask)
    text = console.export_text()
    assert prompts[:2] == [PROMPT_UNSURE, PROMPT_UNSURE] and prompts[2] == PROMPT
    assert "Not yet" in text  # Enter alone did not take the grid's unsure choices
    first = check_reading(swapped).grid
    assert [final.stickers[i] for i in (a, b)] == [first.chosen[a], first.chosen[b]]
    assert check.sure and all(final.hypotheses(i) == (Hypothesis(final.stickers[i], 1.0),)
                              for i in (a, b))
    saved = load_state(_reviewed())  # the confirmation is kept
    assert saved.stickers == final.stickers and check_reading(saved).sure


def test_unsure_reading_corrected_by_the_person(case):
    state, a, b, swapped, _ = case
    typed = (f"{sticker_name(a)} {state.stickers[a].token} "
             f"{sticker_name(b)} {state.stickers[b].token}")
    answers = iter([typed, ""])
    final, check = run_review(_console(), swapped, read_line=lambda _: next(answers))
    assert final.stickers[a] == state.stickers[a] and final.stickers[b] == state.stickers[b]
    assert check.ok and check.sure


def test_without_a_person_an_unsure_reading_stops_naming_the_stickers(case, tmp_path, capsys):
    _, a, b, swapped, _ = case
    with pytest.raises(SudokuCubeError, match="not sure of 2 stickers") as err:
        run_review(_console(), swapped, read_line=None)
    text = str(err.value)
    assert sticker_name(a) in text and sticker_name(b) in text
    assert "sudoku-cube solve state.json" in text and err.value.exit_code == 2
    path = tmp_path / "unsure.json"
    path.write_text(json.dumps(to_dict(swapped)))
    assert main(["solve", str(path), "--json"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and "not sure of 2 stickers" in out.err
    assert sticker_name(a) in out.err and sticker_name(b) in out.err


def test_stickers_to_check_crowded_on_a_face_name_it_for_a_new_photo(case):
    """Where the stickers to check crowd onto one face (a third of it or more), the stop
    without a person names that face and the photo to take again: by its centre when that was
    read surely, by place when it was read with doubt or is itself to be checked, and for
    corner photos the corner photo that shows it; spread over the faces, it adds nothing."""
    state, a, b, swapped, _ = case
    on_l = tuple(sticker_index(f"L{k}") for k in (1, 2, 6))
    hint = retake_hint(on_l + (sticker_index("D9"),), state)
    assert hint.startswith(". 3 of them lie on the face with centre ") and "(L)" in hint
    assert "Retake the photo that shows that face:" in hint and "(D)" not in hint
    assert retake_hint(on_l, state).startswith(". All 3 lie on the face with centre ")
    both = retake_hint(on_l + tuple(sticker_index(f"R{k}") for k in (3, 4, 9)), state)
    assert both.startswith(". All 6 lie on ") and "(L)" in both and "(R)" in both
    assert "Retake the photo that shows each of those faces:" in both
    assert retake_hint((sticker_index("U1"), sticker_index("U2"), sticker_index("F3")),
                       state) == ""
    # the centre among the stickers to check, or read with doubt: the face named by place
    assert "the left face (L)" in retake_hint(on_l + (sticker_index("L5"),), state)
    l5 = sticker_index("L5")
    other = next(s for s in ALL_STICKERS if s.digit != state.stickers[l5].digit)
    doubted = unsure_reading(state, {l5: open_cell({state.stickers[l5]: 0.5, other: 0.45})})
    assert "the left face (L)" in retake_hint(on_l, doubted)
    # corner photos: the photo that shows the face, not a photo of the face alone
    corners = {f: "A" if f in "UFR" else "B" for f in "URFDLB"}
    told = retake_hint(on_l, state, photos=corners)
    assert "Retake corner photo B (faces D L B): " in told and "the corner square on" in told
    assert "shows that face" not in told
    # the stop names them: the grid's own stickers to check with three more on face L
    grid = check_reading(swapped).grid
    crowded = dataclasses.replace(grid, review=tuple(sorted(set(grid.review) | set(on_l))))
    stop = unsure_message(swapped, crowded, photos=corners)
    assert "Retake corner photo B" in stop and stop.endswith("should settle them")
    assert retake_hint(tuple(sorted(set(grid.review) | set(on_l))), swapped, photos=corners) \
        in stop


def test_each_stop_without_a_person_names_the_corner_photo(case):
    """The three ways a reading stops without a person (a plan's check or a given plan through
    ``settled``, ``solve`` through ``solve_state``, the review with nobody to ask) each hand on
    the corner photos the faces came from, so the stop names corner photo B for stickers
    crowded on face L."""
    _, _, _, swapped, _ = case
    grid = check_reading(swapped).grid
    on_l = {sticker_index(f"L{k}") for k in (1, 2, 6)}
    crowded = dataclasses.replace(grid, review=tuple(sorted(set(grid.review) | on_l)))
    corners = {f: "A" if f in "UFR" else "B" for f in "URFDLB"}
    solver = lambda *_, **__: crowded  # noqa: E731 - the grid solver's answer, fixed
    stops = []
    with pytest.raises(SudokuCubeError) as err:
        settled(swapped, CubeSettings(), None, lambda: "fix", solve_again, None, solver, corners)
    stops.append(str(err.value))
    with pytest.raises(SudokuCubeError) as err:
        solve_state(swapped, CubeSettings(), require_sure=True, grid_solver=solver,
                    photos=corners)
    stops.append(str(err.value))
    with pytest.raises(SudokuCubeError) as err:
        run_review(_console(), swapped, CubeSettings(), None, solver, photos=corners)
    stops.append(str(err.value))
    assert all("Retake corner photo B (faces D L B)" in stop for stop in stops), stops


def test_sure_reading_goes_straight_on(case):
    state, a, b, _, clear = case
    console = _console()
    final, check = run_review(console, clear, read_line=None)
    assert check.sure and final.stickers[a] == state.stickers[a]
    assert "not sure" not in console.export_text()
    prompts = []
    final, _ = run_review(_console(), clear, read_line=lambda p: prompts.append(p) or "")
    assert prompts == [PROMPT] and final.stickers == state.stickers


def _reviewed():
    """The one file of corrections the test's review wrote in its own data folder."""
    files = sorted(data_dir().glob(f"{REVIEWED_PREFIX}*.json"))
    assert len(files) == 1, files
    return files[0]


def test_two_cubes_keep_their_corrections_in_two_files():
    """One cube's corrections never overwrite another's: each reading has its own file, and
    the same reading read again names the same file."""
    from sudoku_cube.assistant.terminal.review_ui import keep_corrections, reviewed_path
    from sudoku_cube.models.generator.cube3 import make_puzzle

    paths = []
    for seed in (1, 2):
        read = make_puzzle(seed, 20).state
        fixed = read.with_sticker(0, read.stickers[0].turned(1))
        paths.append(keep_corrections(read, fixed))
        assert paths[-1] == reviewed_path(read) and load_state(paths[-1]) == fixed
    assert paths[0] != paths[1] and all(p.exists() for p in paths)
    assert load_state(paths[0]).stickers != load_state(paths[1]).stickers
