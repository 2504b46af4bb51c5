"""``grid`` and ``check`` take the photo folder that ``solve`` takes, as well as a state file,
and give the same answer for both."""
from __future__ import annotations

import json
from pathlib import Path

from sudoku_cube.assistant.cli import main

ROOT = Path(__file__).resolve().parents[1]

EASY = Path(__file__).resolve().parents[1] / "samples" / "cubes" / "01-easy"


def _out(capsys, argv: list[str]) -> str:
    code = main(argv)
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


def test_grid_and_check_read_a_photo_folder_as_its_state_file(capsys, tmp_path):
    state = tmp_path / "state.json"
    state.write_text(_out(capsys, ["read", str(EASY), "--json", "--no-ocr"]))
    from_photos = json.loads(_out(capsys, ["grid", str(EASY), "--json", "--no-ocr"]))
    from_file = json.loads(_out(capsys, ["grid", str(state), "--json"]))
    from_photos.pop("stats"), from_file.pop("stats")  # timings
    assert from_photos == from_file and len(from_photos["chosen"]) == 6
    moves = json.loads(_out(capsys, ["solve", str(EASY), "--json", "--no-ocr"]))["moves"]
    ask = ["--moves", " ".join(moves), "--step", "2", "--suggest", "--json"]
    assert json.loads(_out(capsys, ["check", str(EASY), "--no-ocr", *ask])) == \
        json.loads(_out(capsys, ["check", str(state), *ask]))


def test_one_photo_given_for_a_cube_names_the_folder_to_give(capsys, tmp_path):
    """A photo file where a cube is expected (``solve U.jpg``) is not a broken state file: the
    message says to give the folder that holds the photos."""
    heic = tmp_path / "A.HEIC"
    heic.write_bytes(b"\x00\x00\x00\x18ftypheic")
    for argv, folder in ((["solve", str(EASY / "U.jpg"), "--plain"], EASY),
                         (["grid", str(EASY / "F.jpg")], EASY),
                         (["check", str(heic), "--step", "0"], tmp_path)):
        assert main(argv) == 2
        err = " ".join(capsys.readouterr().err.split())
        assert "is a photo;" in err and f"give the folder ({folder})" in err, err
        assert "state file" not in err and "Traceback" not in err


def test_guide_follows_given_moves_on_a_photo_folder(capsys):
    """``guide FOLDER --moves ...`` reads the folder as ``guide FOLDER`` and ``check FOLDER
    --moves ...`` do, instead of refusing it as not a state file."""
    moves = json.loads(_out(capsys, ["solve", str(EASY), "--json", "--no-ocr"]))["moves"]
    out = _out(capsys, ["guide", str(EASY), "--moves", " ".join(moves), "--plain"])
    assert f"turns:   {' '.join(moves)}" in out


def test_state_only_commands_given_a_folder_say_how_to_make_a_state_file(capsys):
    """``show``, ``apply`` and ``encode`` take a state file; given a photo folder they say which
    command writes its state file."""
    for argv in (["show", str(EASY)], ["apply", str(EASY), "R"], ["encode", str(EASY)]):
        assert main(argv) == 2
        err = " ".join(capsys.readouterr().err.split())
        assert f"`sudoku-cube read {EASY} --json > state.json`" in err, err


def test_the_demo_ends_with_what_to_do_for_your_own_cube(capsys):
    """``solve`` with no input (``make demo``) ends by saying how to solve one's own cube; a
    solve of a folder does not. The demo's solved cube shows 1s pointing against their faces,
    and the line after "Done" says why and that nothing need be done."""
    out = " ".join(_out(capsys, ["solve", "--plain", "--no-ocr"]).split())
    assert out.endswith("docs/photos.md shows, and run `sudoku-cube solve FOLDER`.")
    after = out[out.index("Done: the cube is solved."):]
    assert "end pointing the other way from the rest of their faces: a 1 is taken to look " \
        "the same upside down" in after and "there is nothing to do" in after
    assert "solve it again with --symmetric none added to the solve or guide command: then " \
        "every 1 ends upright" in after
    assert "That was the bundled demo" not in _out(capsys, ["solve", str(EASY), "--plain",
                                                            "--no-ocr"])


def test_a_given_plan_starts_where_the_grid_read_a_doubtful_sticker():
    """A reading whose best guess at one sticker is wrong (the grid solver chose the other
    reading, as solve planned from): the plan solve printed is taken, and starts from the
    grid's choice; a plan that solves neither is refused."""
    import pytest

    from sudoku_cube.assistant.terminal.guide_run import given_plan
    from sudoku_cube.models.cube.moves import format_moves, invert_moves, parse_moves
    from sudoku_cube.models.cube.state import CubeState
    from sudoku_cube.models.cube.state_format import parse_state
    from sudoku_cube.models.cube.stickers import Hypothesis, Sticker
    from sudoku_cube.models.errors import SudokuCubeError
    from sudoku_cube.models.profile import CubeSettings

    solved = parse_state((ROOT / "samples/states/solved-example.json").read_text())
    scramble = parse_moves("R U F' L2 D B")
    truth = solved.apply(scramble)
    k = 4  # a centre: its digit read as another face's centre digit
    wrong = Sticker(truth.stickers[13].digit, truth.stickers[k].rot)
    stickers = list(truth.stickers)
    stickers[k] = wrong
    cands = tuple(((Hypothesis(wrong, 0.6), Hypothesis(truth.stickers[k], 0.4)) if i == k
                   else (Hypothesis(s, 1.0),)) for i, s in enumerate(truth.stickers))
    reading = CubeState(tuple(stickers), 3, cands)
    plan = format_moves(invert_moves(scramble))
    got, read = given_plan(reading, plan, CubeSettings(), "photos")
    assert got.start.stickers == truth.stickers and read == reading.without_candidates()
    with pytest.raises(SudokuCubeError, match="do not solve photos"):
        given_plan(reading, "R U", CubeSettings(), "photos")
