"""A reading the grid solver is not sure of (two stickers that may be each other's digit) is
shown for a person to confirm or correct and never becomes a plan silently; a sure reading goes
straight on."""
from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.services import pipeline
from sudoku_cube.assistant.services.cube_input import read_input
from sudoku_cube.assistant.services.pipeline import solve_state
from sudoku_cube.assistant.services.files import load_state
from sudoku_cube.assistant.services.review import (check_reading, retake_hint,
                                                   unsure_message)
from sudoku_cube.assistant.terminal import solve_flow
from sudoku_cube.assistant.terminal.given_moves import settled
from sudoku_cube.assistant.terminal.review_ui import (PROMPT, PROMPT_UNSURE, REVIEWED_PREFIX,
                                                      run_review, solve_again)
from sudoku_cube.assistant.terminal.review_view import ReviewView
from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.cube.state import sticker_index, sticker_name
from sudoku_cube.models.cube.state_format import to_dict
from sudoku_cube.models.cube.stickers import Hypothesis
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.grid.hopeless import FACE_ON, HOPELESS_DOUBTFUL, PhotoNames
from sudoku_cube.storage.folders import data_dir
from sudoku_cube.vision.reading.reader import Reader
from tests.conftest import ALL_STICKERS, open_cell, scripted, swapped_pair, unsure_reading
from tests.test_grid_hopeless import _doubtful, _face_cells


CORNER_PHOTOS = PhotoNames({f: "A" if f in "UFR" else "B" for f in "URFDLB"}, corners=True)
"""Where each face was photographed when read from corner photos A and B."""


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
    # taken as readings a little surer than the photo's, not as corrections (y is soft)
    assert check.sure and all(final.hypotheses(i)[0] == Hypothesis(final.stickers[i], 1.0)
                              and max(h.score for h in final.hypotheses(i)[1:]) <= 0.05
                              for i in (a, b))
    assert final.typed_stickers() == () and final.insisted() == ()
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
    # the --json stop names the state file given as the one to correct, not one to write
    err = " ".join(out.err.split())
    assert f"correct them in {path} (its tokens" in err and "writes one" not in err
    assert f"`sudoku-cube solve {path}` again" in err


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
    corners = CORNER_PHOTOS
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
    corners = CORNER_PHOTOS
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


# Where each face was photographed reaches the stop: face photos by their files, and a state
# file written by ``read --json`` by the photos its ``reading`` section names, for the messages
# alone (a state file's faces may have been corrected by hand: no photo's reading is turned).

EASY = Path(__file__).resolve().parents[1] / "samples" / "cubes" / "01-easy"
FACE_FILES = PhotoNames({f: f"{f}.jpg" for f in "URFDLB"})
"""Where each face was photographed when read from six face photos."""
NEUTRAL = "Retake the photo that shows that face: "
"""The stop's advice for stickers crowded on one face when the photos are not known."""


@pytest.fixture
def crowded_on_l(case, monkeypatch):
    """The unsure reading, every grid solve of the commands answering with its grid and
    three more stickers to check, all on face L."""
    swapped = case[3]
    grid = check_reading(swapped).grid
    on_l = {sticker_index(f"L{k}") for k in (1, 2, 6)}
    crowded = dataclasses.replace(grid, review=tuple(sorted(set(grid.review) | on_l)))
    monkeypatch.setattr(pipeline, "solve_grid", lambda *_, **__: crowded)
    return swapped


def _state_file(path: Path, state, reading) -> Path:
    """``state`` written as ``read --json`` writes it, with ``reading`` as its ``reading``
    section (left out when None)."""
    data = to_dict(state) | ({} if reading is None else {"reading": reading})
    path.write_text(json.dumps(data))
    return path


def _sources(name) -> dict:
    """A ``reading`` section as ``read --json`` writes it, each face's photo in a folder of
    its own name (``name(face)``: the photo's file name)."""
    return {f: {"source": f"/home/someone/cube photos/{name(f)}", "confidence": [0.9] * 9}
            for f in "URFDLB"}


CORNER_SOURCES = _sources(lambda f: "A.jpg" if f in "URF" else "B.jpg")
FACE_SOURCES = _sources(lambda f: f"{f}.jpg")


def test_face_photos_name_the_file_to_retake(case):
    """Read from six face photos, the stop names each photo to take again by its file."""
    state = case[0]
    on_l = tuple(sticker_index(f"L{k}") for k in (1, 2, 6))
    on_r = tuple(sticker_index(f"R{k}") for k in (3, 4, 9))
    one = retake_hint(on_l, state, photos=FACE_FILES)
    assert f"Retake L.jpg: {FACE_ON}; " in one and "shows that face" not in one
    assert f". Retake R.jpg and L.jpg: {FACE_ON}; " in retake_hint(on_l + on_r, state,
                                                                   photos=FACE_FILES)


def test_a_face_photo_folder_stops_naming_the_file(crowded_on_l, monkeypatch, capsys):
    """``solve`` of a folder of face photos, unsure of stickers crowded on face L: the stop
    names L's photo by its file."""
    real = Reader.read_photo_set

    def unsure(self, path, **kwargs):
        return dataclasses.replace(real(self, path, **kwargs), state=crowded_on_l)

    monkeypatch.setattr(Reader, "read_photo_set", unsure)
    assert main(["solve", str(EASY), "--json", "--no-ocr"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"Retake L.jpg: {FACE_ON}; " in err, err
    # the state file to correct them in is written from that folder, named as it is
    assert f"`sudoku-cube read {EASY} --json > state.json`" in err, err


@pytest.mark.parametrize("flag", ["--json", "--plain"])
@pytest.mark.parametrize(("reading", "told"), [
    (CORNER_SOURCES, "Retake corner photo B (faces D L B): "),
    (FACE_SOURCES, "Retake L.jpg: "),
    (None, NEUTRAL),
], ids=["corner photos", "face photos", "no reading section"])
def test_a_state_file_names_the_photos_its_reading_came_from(crowded_on_l, tmp_path,
                                                             monkeypatch, capsys, reading,
                                                             told, flag):
    """``solve state.json`` of a state file that ``read --json`` wrote: the stop names the
    photos its ``reading`` section names (the file name alone, not where it was), while no
    photo's reading is turned upright from it (a person may have corrected its faces)."""
    turned = []
    real = solve_flow.turned_upright

    def spy(state, settings, files, solver=None, corners=None):
        turned.append((files, corners))
        return real(state, settings, files, solver, corners)

    monkeypatch.setattr(solve_flow, "turned_upright", spy)
    path = _state_file(tmp_path / "state.json", crowded_on_l, reading)
    assert main(["solve", str(path), flag]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "not sure of" in err and told in err, err
    assert "someone" not in err and "cube photos" not in err
    assert turned == [(None, None)]


@pytest.mark.parametrize("reading", [
    pytest.param([], id="a list"), pytest.param("A.jpg", id="a string"),
    pytest.param(7, id="a number"), pytest.param({"U": "A.jpg"}, id="a face as a string"),
    pytest.param({f: {"source": 7} for f in "URFDLB"}, id="sources not strings"),
    pytest.param({f: {"source": None} for f in "URFDLB"}, id="sources null"),
    pytest.param({f: {"source": ["A.jpg"]} for f in "URFDLB"}, id="sources lists"),
    pytest.param({f: v for f, v in CORNER_SOURCES.items() if f in "URF"}, id="three faces"),
    pytest.param({f: v for f, v in FACE_SOURCES.items() if f in "URF"},
                 id="three face photos"),
    pytest.param(CORNER_SOURCES | {"X": {"source": "A.jpg"}, "B": {"source": "A.jpg"}},
                 id="face B from photo A"),
    pytest.param(_sources(lambda f: "B.jpg" if f in "URF" else "A.jpg"),
                 id="corner photos swapped"),
    pytest.param(_sources(lambda f: "R.jpg"), id="one photo for every face"),
    pytest.param(_sources(lambda f: f"{f}.json"), id="not photos"),
    pytest.param(_sources(lambda f: f"{f}.jpg/../../../etc/passwd"), id="a path beyond"),
])
def test_a_state_file_with_a_reading_section_not_to_trust_names_no_photo(tmp_path, case,
                                                                          reading):
    """A ``reading`` section of the wrong shape, or whose sources are not six face photos nor
    the corner photos A and B each with its own faces, names no photo (the stop falls back to
    the faces): nothing in it is trusted, and nothing in it stops the file being read."""
    swapped = case[3]
    got = read_input(_state_file(tmp_path / "state.json", swapped, reading), Reader())
    assert got.state == swapped and got.photo_names is None
    assert got.corner_photos is None and got.face_files is None


def test_a_malformed_reading_section_falls_back_to_naming_the_face(crowded_on_l, tmp_path,
                                                                   capsys):
    """A state file whose ``reading`` section is malformed stops as one without it: the face
    named, no photo, no traceback."""
    path = _state_file(tmp_path / "state.json", crowded_on_l, {"U": ["A.jpg"], "R": None})
    assert main(["solve", str(path), "--json"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and NEUTRAL in " ".join(err.split()), err


@pytest.mark.parametrize("command", [["solve"], ["check", "--step", "0"], ["grid"]])
def test_a_state_file_too_doubtful_names_its_corner_photos(tmp_path, capsys, command):
    """The early refusal of a reading too doubtful to settle names the corner photos of the
    state file's ``reading`` section too, with the advice for both corners, whichever command
    met it."""
    state = make_puzzle(11, 25).state
    doubtful = _doubtful(state, _face_cells("UFRD", HOPELESS_DOUBTFUL))
    path = _state_file(tmp_path / "state.json", doubtful, CORNER_SOURCES)
    assert main([command[0], str(path), *command[1:], "--json"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "cannot be settled" in err and "Retake corner photo A (faces U R F) and B" in err
    assert "each corner square on" in err and "Traceback" not in err


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


def test_a_later_review_of_the_same_reading_never_replaces_the_earlier_corrections(case):
    """Corrections typed at a review of a reading and kept on q are never replaced by those of
    a later review of the same reading: the later ones go to the next free name, and the later
    review names the earlier file and the command that goes on from it. The same corrections
    kept again name the same file (no new copy)."""
    from sudoku_cube.assistant.terminal.review_ui import ReviewQuit, reviewed_path

    state, a, b, swapped, _ = case

    def quit_after(typed: str) -> tuple[Path, str]:
        console = Console(file=io.StringIO(), width=300, color_system=None, record=True)
        with pytest.raises(ReviewQuit) as stop:
            run_review(console, swapped, read_line=scripted(typed, "q")[0])
        return stop.value.saved, console.export_text()

    first_typed = f"{sticker_name(a)} {state.stickers[a].token}"
    first, told = quit_after(first_typed)
    assert first == reviewed_path(swapped) and "earlier review" not in told
    kept = first.read_text()
    second, told = quit_after(f"{sticker_name(b)} {state.stickers[b].token}")
    assert second != first and second.name == f"{first.stem}-2.json"
    assert first.read_text() == kept  # the first review's corrections are still there
    assert load_state(first).stickers[a] == state.stickers[a]
    assert load_state(second).stickers[b] == state.stickers[b]
    assert f"earlier review of this reading are in {first}: `sudoku-cube solve {first}`" in told
    again, told = quit_after(first_typed)
    assert again == first and f"are in {second}:" in told  # the latest one named
    assert set(data_dir().glob(f"{REVIEWED_PREFIX}*.json")) == {first, second}


def test_without_a_person_a_state_file_is_named_as_the_file_to_correct(case, tmp_path, capsys):
    """``solve --plain STATE.json`` that cannot go on says to correct STATE.json itself, not
    to write a state file from the photos, whether the reading is unsure or inconsistent."""
    _, a, _, swapped, _ = case
    unsure = tmp_path / "unsure.json"
    unsure.write_text(json.dumps(to_dict(swapped)))
    wrong = tmp_path / "wrong.json"
    sticker = swapped.stickers[a]
    counts_off = swapped.with_sticker(a, sticker._replace(digit=sticker.digit % 9 + 1))
    wrong.write_text(json.dumps(to_dict(counts_off.without_candidates())))
    for path, why in ((unsure, "not sure of 2 stickers"), (wrong, "not consistent")):
        assert main(["solve", str(path), "--plain"]) == 2
        err = " ".join(capsys.readouterr().err.split())
        assert why in err and f"orrect them in {path} (its tokens" in err, err  # C or c
        assert f"`sudoku-cube solve {path}` again" in err and "writes one" not in err


def test_a_centre_whose_turn_is_in_doubt_is_said_as_such(case):
    """A centre read upside down at twenty to one goes to review (nothing in the cube checks
    its half turn): the stop says that, not that another reading is about as likely; a
    swapped pair keeps the usual words."""
    from sudoku_cube.assistant.services.review import unsure_message
    from sudoku_cube.models.cube.pieces import centre_facelets
    from sudoku_cube.models.grid import solve_grid

    truth = case[0]
    centre = centre_facelets()[4]  # L5
    true = truth.stickers[centre]
    read = unsure_reading(truth, {centre: (Hypothesis(true.turned(2), 0.95),
                                           Hypothesis(true, 0.044))})
    grid = solve_grid(read, CubeSettings())
    said = " ".join(unsure_message(read, grid).split())
    assert "L5 (grid" in said and "nothing in the cube checks a centre's half turn" in said
    swapped = case[3]
    said = " ".join(unsure_message(swapped, solve_grid(swapped, CubeSettings())).split())
    assert "another reading about as likely" in said and "half turn" not in said
