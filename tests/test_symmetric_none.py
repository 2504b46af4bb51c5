"""A person whose cube's 1 has a foot says so with ``--symmetric none`` (``""`` still works):
``--help`` shows it, and the verdict line ``read`` and ``scan`` print names it wherever the
photos left the 1 symmetric (no foot seen, or too few 1s to tell)."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from sudoku_cube.assistant.cli import build_parser, main
from sudoku_cube.assistant.commands import scan as scan_command
from sudoku_cube.assistant.terminal.one_words import verdict_line
from sudoku_cube.assistant.terminal.profile_option import cube_settings
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.cube.moves import parse_moves
from sudoku_cube.models.cube.state import CubeState
from sudoku_cube.models.cube.state_format import to_dict
from sudoku_cube.models.cube.stickers import Sticker
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.vision.recognise.footed import OneVerdict
from tests.conftest import assert_clear_error
from tests.test_footed_one_scan import _scanned

ROOT = Path(__file__).resolve().parents[1]
ADVICE = "if your cube's 1 has a foot, add --symmetric none"


@pytest.mark.parametrize("given", ["none", "None", " NONE ", ""])
def test_none_and_empty_say_no_digit_is_symmetric(given):
    args = argparse.Namespace(profile=None, symmetric=given)
    assert cube_settings(args).symmetric == frozenset()
    assert cube_settings(argparse.Namespace(profile=None, symmetric="1,8")).symmetric == {1, 8}


def test_a_bad_value_names_none_as_the_way_to_say_no_digit(capsys):
    assert main(["show", "samples/states/solved-example.json", "--symmetric", "no"]) == 2
    assert_clear_error(2, capsys.readouterr().err, "--symmetric", "1,8", "none", "'no'")


@pytest.mark.parametrize("command", ["solve", "guide", "grid", "scan", "calibrate settings"])
def test_help_shows_none(command, capsys):
    with pytest.raises(SystemExit):
        build_parser(command.split()[0]).parse_args([*command.split(), "--help"])
    assert "none when no digit does (a 1 with a foot)" in " ".join(capsys.readouterr().out.split())


def test_the_verdict_names_the_option_only_where_the_1_was_taken_as_symmetric():
    assert verdict_line(OneVerdict(6, 0)).endswith(f"a 1 may end upside down; {ADVICE}")
    assert verdict_line(OneVerdict(1, 1), "solve").endswith(f"(the default); {ADVICE} to solve")
    assert ADVICE not in verdict_line(OneVerdict(6, 6))
    assert verdict_line(OneVerdict(6, 0), "solve", "--symmetric ''").endswith(
        "; --symmetric '' decides instead")


def test_an_option_that_decides_leaves_only_what_the_photos_showed():
    """Where ``--symmetric`` or ``--profile`` decides, the line does not say what the verdict
    would have made of the 1 (taken as symmetric, or kept upright): that is not what happens."""
    none = "--symmetric ''"
    assert verdict_line(OneVerdict(6, 0), "solve", none) == (
        "digit 1 has no foot (6 of 6 clear 1s); --symmetric '' decides instead")
    assert verdict_line(OneVerdict(1, 0), "solve", none) == (
        "digit 1: only 1 read clearly, too few to tell whether it has a foot; "
        "--symmetric '' decides instead")
    assert verdict_line(OneVerdict(6, 6), "solve", "--symmetric 1") == (
        "digit 1 has a foot (6 of 6 clear 1s); --symmetric 1 decides instead")


def test_read_of_plain_ones_names_the_option(capsys):
    assert main(["read", str(ROOT / "samples/cubes/01-easy"), "--no-ocr"]) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert f"digit 1 has no foot (6 of 6 clear 1s): symmetric, a 1 may end upside down; " \
           f"{ADVICE} to solve, guide and check" in err


def test_read_with_a_profile_says_the_profile_decides(capsys):
    """``solve --profile X`` takes the profile's symmetric digits, not the photos' verdict:
    said as deciding where the profile takes the 1 otherwise than the photos show it, and
    as agreeing where it takes it as they do (a new profile's 1 is symmetric)."""
    from dataclasses import replace

    from sudoku_cube.calibration.profiles import Profile, save_profile
    mine = Profile(name="mine")
    save_profile(mine)
    assert main(["read", str(ROOT / "samples/cubes/01-easy"), "--no-ocr", "--profile",
                 "mine"]) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert "digit 1 has no foot (6 of 6 clear 1s), as --profile mine has it" in err
    assert ADVICE not in err and "upside down" not in err and "decides instead" not in err
    save_profile(replace(mine, settings=replace(mine.settings, symmetric=frozenset())))
    assert main(["read", str(ROOT / "samples/cubes/01-easy"), "--no-ocr", "--profile",
                 "mine"]) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert "digit 1 has no foot (6 of 6 clear 1s); --profile mine decides instead" in err


def test_read_of_footed_ones_does_not(capsys):
    assert main(["read", str(ROOT / "samples/cubes/09-black"), "--no-ocr"]) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert "digit 1 has a foot" in err and "--symmetric" not in err


def test_scan_of_plain_ones_names_the_option_and_passes_it_on(tmp_path, capsys):
    puzzle = make_puzzle(11, 14, symmetric=())  # every 1 upright: solvable either way
    _scanned(puzzle, (1, 0))
    out = tmp_path / "scan.json"
    assert main(["scan", "--resume", "--no-window", "-o", str(out)]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert f"a 1 may end upside down; {ADVICE} to solve" in said
    _scanned(puzzle, (1, 0))
    assert main(["scan", "--resume", "--no-window", "-o", str(out), "--symmetric", ""]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "digit 1 has no foot (6 of 6 clear 1s); --symmetric '' decides instead" in said
    assert "upside down" not in said
    # a long path is wrapped anywhere, mid-name too
    assert f"Next:sudoku-cubesolve{out}--symmetric''" in said.replace(" ", "")


def test_solve_after_scan_keeps_an_empty_symmetric():
    args = argparse.Namespace(profile=None, symmetric="")
    assert scan_command._solve_argv(args, Path("s.json")) == ["solve", "s.json", "--symmetric", ""]
    args.symmetric = None
    assert scan_command._solve_argv(args, Path("s.json")) == ["solve", "s.json"]
    assert CubeSettings().symmetric == {1}


def test_a_reading_that_solves_only_with_a_1_turned_over_names_the_sticker_under_none(
        tmp_path, capsys):
    """The note under such a solved cube says ``--symmetric none`` names the sticker read
    wrong where no plan keeps every 1 upright: so it does, as the one misread sticker."""
    solved = CubeState.from_faces({f: [Sticker(d, 2 if (f, d) == ("U", 1) else 0)
                                       for d in range(1, 10)] for f in FACES})
    state = tmp_path / "state.json"
    state.write_text(json.dumps(to_dict(solved.apply(parse_moves("R U F' L D2 B")))))
    assert main(["solve", str(state), "--plain"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "--symmetric none added to the solve or guide command" in out, out
    assert main(["solve", str(state), "--plain", "--symmetric", "none"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "The fewest stickers that, read differently, make it solvable (1):" in err, err
    assert "read as 1v, a solution needs 1^ there" in err, err


@pytest.mark.parametrize("given, ones, said", [
    ("none", OneVerdict(6, 0), True),  # clear 1s, none footed: asked upright against them
    ("", OneVerdict(6, 0), True),
    ("none", OneVerdict(6, 6), False),  # the photos agree
    ("none", OneVerdict(2, 0), False),  # too few 1s to tell
    ("1,8", OneVerdict(6, 0), False),  # the 1 left symmetric
])
def test_solve_says_where_the_option_asks_footless_ones_to_end_upright(given, ones, said):
    """``solve --symmetric none`` on a cube whose photos show every 1 without a foot may fit no
    plan (a 1 without a foot shows no up): the person is told why before the grid speaks."""
    import io

    from rich.console import Console

    from sudoku_cube.assistant.terminal.solve_flow import settings_for

    args = argparse.Namespace(profile=None, symmetric=given)
    console = Console(file=io.StringIO(), width=200)
    settings = cube_settings(args)
    state = make_puzzle(11, 14, symmetric=()).state
    assert settings_for(state, settings, ones, args, console) == settings
    out = " ".join(console.file.getvalue().split())
    option = "--symmetric none" if given else "--symmetric ''"
    assert (out == f"digit 1 has no foot (6 of 6 clear 1s), yet {option} asks every 1 to end "
            "upright: a 1 without a foot does not show which way is up, so no plan may fit; "
            "leave the option out unless your cube's 1 has a foot.") == said
    assert said or out == ""


def test_a_profile_asking_footless_ones_to_end_upright_is_mended_by_its_digits_alone():
    """A profile (its templates wanted still) that takes the 1 as not symmetric, on photos of
    1s without a foot: the words give the --symmetric that mends it, for the command and for
    the profile, keeping the profile's other symmetric digits; never "leave the option out",
    which would drop its templates too."""
    from sudoku_cube.assistant.terminal.one_words import upright_against_photos

    said = upright_against_photos(OneVerdict(6, 0), CubeSettings(symmetric=(8,)),
                                  "--profile black1")
    assert "leave the option out" not in said
    assert ("add --symmetric 1,8 to the command, or make it the profile's (sudoku-cube "
            "calibrate settings --profile black1 --symmetric 1,8), unless your cube's 1 has a "
            "foot") in said, said
