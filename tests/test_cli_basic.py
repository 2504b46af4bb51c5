"""The show / apply / encode commands and the CLI error policy, run as a user would."""
from __future__ import annotations

import json
import random

from sudoku_cube.assistant.cli import main
from sudoku_cube.models.cube.state_format import parse_json, to_json, to_text
from tests.conftest import random_design


def _write(tmp_path, state, name="cube.json"):
    path = tmp_path / name
    path.write_text(to_json(state) if name.endswith(".json") else to_text(state))
    return path


def test_apply_json_matches_the_model(tmp_path, capsys):
    s = random_design(random.Random(11))
    path = _write(tmp_path, s)
    assert main(["apply", str(path), "R U' F2 D L' B", "--json"]) == 0
    out = parse_json(capsys.readouterr().out)
    assert out == s.apply("R U' F2 D L' B")


def test_apply_says_whether_the_result_is_solved_and_takes_a_half_turn_written_2prime(
        tmp_path, capsys):
    s = random_design(random.Random(11))
    path = _write(tmp_path, s)
    assert main(["apply", str(path), "R U2'"]) == 0
    out = capsys.readouterr().out
    assert "after R U2" in out and out.rstrip().endswith("not solved")
    assert main(["apply", str(path), "R U2' U2 R'"]) == 0
    assert capsys.readouterr().out.rstrip().splitlines()[-1] == "solved"
    assert main(["apply", str(path), "R2'", "--json"]) == 0
    out = capsys.readouterr()
    assert parse_json(out.out) == s.apply("R2") and out.err.strip() == "not solved"


def test_show_draws_the_net_at_80_columns(tmp_path, capsys):
    s = random_design(random.Random(12))
    path = _write(tmp_path, s, "cube.txt")
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "solved" in out and "not solved" not in out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert s.stickers[0].token in out


def test_encode_prints_every_place(tmp_path, capsys):
    path = _write(tmp_path, random_design(random.Random(13)).apply("R"))
    assert main(["encode", str(path)]) == 0
    out = capsys.readouterr().out
    for place in ("URF", "DRB", "BR", "FL"):
        assert place in out


def test_bad_inputs_exit_2_with_a_message(tmp_path, capsys):
    path = _write(tmp_path, random_design(random.Random(14)))
    assert main(["apply", str(path), "R u"]) == 2
    err = capsys.readouterr().err
    assert "bad move 2: 'u'" in err and "Traceback" not in err
    assert main(["apply", str(tmp_path / "missing.json"), "R"]) == 2
    assert "missing.json: no such state file" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"format": "sudoku-cube/1", "faces": {"U": ["7x"] * 9}}))
    assert main(["show", str(broken)]) == 2
    assert "broken.json: the top face (U), sticker U1: bad token '7x'" in capsys.readouterr().err
    for bad_move in ("x", "Rw", "M", "r"):
        assert main(["apply", str(path), bad_move]) == 2
    assert "not supported" in capsys.readouterr().err


def test_show_and_grid_take_the_symmetric_digits_of_a_profile(tmp_path, capsys):
    """--profile and --symmetric mean the same in every command: a solved cube whose 8s are
    printed upside down is solved for a profile (or a --symmetric) that says 8 looks the same
    upside down, and not otherwise."""
    from sudoku_cube.models.cube.state import CubeState
    from sudoku_cube.models.cube.stickers import Sticker

    s = random_design(random.Random(13))
    flipped = CubeState(tuple(Sticker(t.digit, (t.rot + 2) % 4) if t.digit == 8 else t
                              for t in s.stickers))
    path = _write(tmp_path, flipped)
    assert main(["calibrate", "settings", "--profile", "eights", "--symmetric", "1,8"]) == 0
    capsys.readouterr()
    verdicts = []
    for extra in ([], ["--profile", "eights"], ["--symmetric", "1,8"],
                  ["--profile", "eights", "--symmetric", "1"]):
        assert main(["show", str(path), *extra]) == 0
        verdicts.append(capsys.readouterr().out.strip().splitlines()[-1])
    assert verdicts == ["not solved", "solved", "solved", "not solved"]
    assert main(["grid", str(path), "--profile", "eights", "--json"]) == 0
    grid = json.loads(capsys.readouterr().out)
    assert grid["corrected"] == [] and not any(grid["centre_turns"].values())
    assert main(["grid", str(path), "--json"]) == 2  # 8s that cannot turn: no solved grid


def test_an_error_on_an_80_column_terminal_breaks_between_words(tmp_path, capsys, monkeypatch):
    """A terminal wraps a long line at its edge, mid-word; on a terminal the message is wrapped
    between words instead, and in a pipe it stays one line per line of the message."""
    import io
    import sys

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    path = _write(tmp_path, random_design(random.Random(14)))
    piped = tmp_path / "a-long-folder-name-that-is-one-word" / "cube.json"
    assert main(["apply", str(piped), "R"]) == 2
    one_line = capsys.readouterr().err.strip()
    assert len(one_line) > 80 and "\n" not in one_line
    monkeypatch.setenv("COLUMNS", "80")
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["apply", str(path), "R Q"]) == 2
    lines = terminal.getvalue().splitlines()
    assert len(lines) > 1 and all(len(line) <= 80 for line in lines)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert main(["apply", str(path), "R Q"]) == 2
    assert " ".join(terminal.getvalue().split()) == " ".join(sys.stderr.getvalue().split())


def test_an_unknown_option_is_refused_with_the_commands_own_usage(capsys):
    """``solve --bogus``: the error names the command and shows its usage, whose options a
    person then sees (argparse left it to the top-level parser, which lists none of them);
    with no command, the top-level parser refuses it as before."""
    import pytest

    for argv, prog in ((["solve", "--bogus"], "sudoku-cube solve"),
                       (["guide", "state.json", "--bogus"], "sudoku-cube guide"),
                       (["--bogus"], "sudoku-cube")):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert f"{prog}: error: unrecognized arguments: --bogus" in err, err
        assert err.startswith(f"usage: {prog} "), err
