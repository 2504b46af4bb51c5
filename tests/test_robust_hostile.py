"""Hostile input through the real CLI (issue 35): names, files and paths built to break the
program. Each gives a clear message naming the input, exit 2, no traceback, nothing run."""
from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.services.files import load_state
from sudoku_cube.assistant.services.sessions import (CapturedFace, ScanSession, guide_session_path,
                                            load_guide_step, scan_session_path)
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.printable import MESSAGE_LIMIT
from sudoku_cube.models.cube.state_format import to_text
from sudoku_cube.models.cube.stickers import Hypothesis
from sudoku_cube.storage.file_input import MAX_FILE_BYTES
from tests.conftest import assert_clear_error
from tests.fuzzcount import tried

ROOT = Path(__file__).resolve().parents[1]


def _profiles_root() -> Path:
    from sudoku_cube.storage.folders import profiles_root
    return profiles_root()


def test_profile_name_with_a_trailing_newline_is_refused(capsys):
    code = main(["calibrate", "settings", "--profile", "mine\n", "--symmetric", "1,8"])
    assert_clear_error(code, capsys.readouterr().err, "profile name", "letters, digits")
    root = _profiles_root()
    assert not root.exists() or not any(root.iterdir())


# --- hostile JSON in every reader -------------------------------------------------------------

STATE_DOC = (ROOT / "samples/states/scrambled-example.json").read_text()
PROFILE_DOC = json.dumps({"format": "sudoku-cube-profile/1", "name": "mine",
                          "settings": {"symmetric": [1, 8]}})
SCAN_DOC = json.dumps({"format": "sudoku-cube-scan/1", "source": "0", "faces": {}})


def _with(doc: str, key: str, raw: str) -> str:
    """``doc`` (a JSON object) with ``"key": raw`` (raw JSON text) added first."""
    return "{" + json.dumps(key) + ": " + raw + ", " + doc.lstrip()[1:]


HOSTILE = {
    "integer of 5000 digits": (lambda d: _with(d, "x", "1" * 5000), "5000 characters"),
    "nesting 100000 deep": (lambda d: _with(d, "x", "[" * 100_000 + "]" * 100_000),
                            "nested more than"),
    "score of 400 digits": (lambda d: _with(d, "x", "9" * 400 + ".5"), "402 characters"),
    "1e999": (lambda d: _with(d, "x", "1e999"), "too large"),
    "NaN": (lambda d: _with(d, "x", "NaN"), "NaN"),
    "duplicate key": (lambda d: _with(d, "format", '"sudoku-cube/0"'),
                      'the key "format" appears twice'),
}


def _reader_run(reader: str, text: str, tmp_path: Path) -> tuple[list[str], str]:
    """Write ``text`` where ``reader`` reads it; the command line that reads it and the file's
    name as the message must show it."""
    if reader == "state":
        path = tmp_path / "my-state.json"
        path.write_text(text, encoding="utf-8")
        return ["grid", str(path)], "my-state.json"
    if reader == "profile":
        folder = _profiles_root() / "mine"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "profile.json").write_text(text, encoding="utf-8")
        return ["calibrate", "settings", "--profile", "mine", "--symmetric", "1,8"], "profile.json"
    path = scan_session_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return ["scan", "--resume", "--no-window", str(tmp_path / "no-such.avi")], path.name


BASE = {"state": STATE_DOC, "profile": PROFILE_DOC, "scan session": SCAN_DOC}


@pytest.mark.parametrize("hostile", list(HOSTILE))
@pytest.mark.parametrize("reader", list(BASE))
def test_hostile_json_is_refused_naming_the_file(reader, hostile, tmp_path, capsys):
    make, words = HOSTILE[hostile]
    argv, name = _reader_run(reader, make(BASE[reader]), tmp_path)
    assert_clear_error(main(argv), capsys.readouterr().err, name, words)


@pytest.mark.parametrize("hostile", list(HOSTILE))
def test_hostile_guide_session_starts_afresh(hostile):
    path = guide_session_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    make, _ = HOSTILE[hostile]
    path.write_text(make(json.dumps({"format": "sudoku-cube-guide/1", "plans": {"k": 3}})))
    assert load_guide_step("k") == 0


def test_a_byte_order_mark_is_skipped(tmp_path, capsys):
    state = tmp_path / "notepad.json"
    state.write_bytes(b"\xef\xbb\xbf" + STATE_DOC.encode())
    assert main(["show", str(state)]) == 0, capsys.readouterr().err
    text = tmp_path / "notepad.txt"
    text.write_bytes(b"\xef\xbb\xbf" + to_text(load_state(state)).encode())
    assert main(["show", str(text)]) == 0, capsys.readouterr().err
    argv, _ = _reader_run("profile", "\ufeff" + PROFILE_DOC, tmp_path)
    assert main(argv) == 0, capsys.readouterr().err


@st.composite
def _hostile_text(draw, base: str) -> str:
    """A reader's good document, mutated, with hostile pieces put in at random places."""
    chars = list(base)
    pieces = ["\ufeff", "1" * 5000, "[" * 3000, "]" * 3000, "9" * 400 + ".5", "NaN",
              "-Infinity", "1e999", '"format": 1, "format": 2, ', "\x00", "\ud800", "{", "}"]
    for _ in range(draw(st.integers(1, 4))):
        pos = draw(st.integers(0, len(chars)))
        if draw(st.booleans()):
            chars.insert(pos, draw(st.sampled_from(pieces)))
        elif chars:
            chars[min(pos, len(chars) - 1)] = draw(st.characters(codec="utf-8"))
    return "".join(chars)


@pytest.mark.parametrize("reader", list(BASE))
def test_fuzzed_json_readers_exit_0_or_2(reader, tmp_path_factory):
    @given(st.data())
    @settings(max_examples=60, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    def run(data):
        tried(f"{reader} reader, hostile JSON")
        text = data.draw(_hostile_text(BASE[reader]))
        folder = tmp_path_factory.mktemp("fuzz")
        argv, _ = _reader_run(reader, text.encode("utf-8", "surrogatepass").decode(
            "utf-8", "replace"), folder)
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = main(argv)
        assert code in (0, 2), err.getvalue()
        assert "Traceback" not in err.getvalue()

    run()


# --- files that are not ordinary files, or too large ------------------------------------------

def _cli(*argv: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """The installed command in a child process (a blocking open would hang the test run)."""
    return subprocess.run([sys.executable, "-m", "sudoku_cube.assistant.cli", *argv],
                          capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "SUDOKU_CUBE_SECRET": "do-not-echo-me"})


def test_a_named_pipe_as_state_file_is_refused_at_once(tmp_path):
    fifo = tmp_path / "state.json"
    os.mkfifo(fifo)
    done = _cli("show", str(fifo))
    assert_clear_error(done.returncode, done.stderr, "state.json", "named pipe")


def test_a_device_as_state_file_is_refused(capsys):
    assert_clear_error(main(["show", "/dev/zero"]), capsys.readouterr().err, "/dev/zero",
                       "is a device")


def test_proc_files_are_not_echoed():
    done = _cli("show", "/proc/self/environ")
    assert_clear_error(done.returncode, done.stderr, "/proc/self/environ", "not an ordinary file")
    assert "do-not-echo-me" not in done.stderr + done.stdout


def test_a_huge_state_file_is_refused_before_it_is_read(tmp_path, capsys):
    path = tmp_path / "huge.json"
    path.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    assert_clear_error(main(["grid", str(path)]), capsys.readouterr().err, "huge.json",
                       "bytes; a file of at most")


def test_a_named_pipe_as_profile_or_session_is_refused(tmp_path):
    folder = _profiles_root() / "mine"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "profile.json")
    done = _cli("calibrate", "settings", "--profile", "mine", "--symmetric", "1,8")
    assert_clear_error(done.returncode, done.stderr, "profile.json", "named pipe")
    session = scan_session_path()
    os.mkfifo(session)
    done = _cli("scan", "--resume", "--no-window", str(tmp_path / "none.avi"))
    assert_clear_error(done.returncode, done.stderr, session.name, "named pipe")


# --- terminal escapes and long input in messages ----------------------------------------------

ESCAPES = "\x1b]0;PWNED\x07\x1b[2J\x9b1m\u202e"
"""Set the window title, clear the screen, a C1 CSI, a right-to-left override."""


def _no_raw_escapes(text: str) -> None:
    for ch in "\x1b\x07\x9b\u202e":
        assert ch not in text, (ch, text)


def test_escapes_in_a_file_name_are_shown_not_obeyed(tmp_path, capsys):
    path = tmp_path / f"state{ESCAPES}.json"
    assert_clear_error(main(["show", str(path)]), (err := capsys.readouterr().err),
                       "no such state file", r"\x1b]0;PWNED\x07", r"\u202e")
    _no_raw_escapes(err)


def test_escapes_in_a_token_and_an_argument_are_shown_not_obeyed(tmp_path, capsys):
    doc = json.loads(STATE_DOC)
    doc["faces"]["F"][3] = f"7{ESCAPES}"
    path = tmp_path / "state.json"
    path.write_text(json.dumps(doc))
    assert_clear_error(main(["grid", str(path)]), (err := capsys.readouterr().err),
                       "the front face (F), sticker F4", r"\x1b")
    _no_raw_escapes(err)
    with pytest.raises(SystemExit) as stop:
        main(["show", str(path), ESCAPES])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "unrecognized arguments" in err
    _no_raw_escapes(err)


def test_a_huge_token_is_shortened_in_the_message(tmp_path, capsys):
    doc = json.loads(STATE_DOC)
    doc["faces"]["F"][3] = "7" + "x" * 1_000_000
    path = tmp_path / "state.json"
    path.write_text(json.dumps(doc))
    assert_clear_error(main(["grid", str(path)]), (err := capsys.readouterr().err),
                       "state.json", "characters left out")
    assert len(err) < 3 * MESSAGE_LIMIT


# --- rich markup in paths ---------------------------------------------------------------------

MARKUP = "[/][bold red]x[/bold red]"
"""A folder name rich reads as markup: a closing tag with nothing open, and a style."""


def _shown(text: str, printed: str) -> bool:
    """Whether ``text`` was printed as it is (rich wraps long lines: whitespace is ignored)."""
    return "".join(text.split()) in "".join(printed.split())


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / MARKUP
    folder.mkdir(parents=True)  # "[/]" is a folder "[" holding "]..."
    return folder


def test_markup_in_the_export_path(tmp_path, capsys):
    page = _folder(tmp_path) / "plan.html"
    assert main(["guide", str(ROOT / "samples/states/scrambled-example.json"), "--plain",
                 "--export", str(page)]) == 0
    assert page.is_file() and _shown(f"written to {page}", capsys.readouterr().err)


def test_markup_in_the_generate_out_folder(tmp_path, capsys):
    out = _folder(tmp_path) / "cube"
    assert main(["generate", "--seed", "7", "--out", str(out)]) == 0
    printed = capsys.readouterr()
    assert _shown(f"{out / 'scrambled.json'}", printed.out + printed.err)


def test_markup_in_the_debug_folder(tmp_path, capsys):
    out = _folder(tmp_path) / "dbg"
    assert main(["read", str(ROOT / "samples/cubes/01-easy/F.jpg"), "--debug", str(out),
                 "--no-ocr"]) == 0
    assert _shown(f"written to {out}", capsys.readouterr().err)


def test_markup_in_the_scan_output(tmp_path, capsys):
    puzzle = make_puzzle(11, 14)
    session = ScanSession(source="0")  # all six faces captured: no camera is opened
    for f in "URFDLB":
        stickers = puzzle.state.face(f)
        session.faces[f] = CapturedFace(stickers, tuple((Hypothesis(s, 1.0),) for s in stickers),
                                        (0, 0))
    session.save()
    out = _folder(tmp_path) / "scan.json"
    assert main(["scan", "--resume", "--no-window", "-o", str(out)]) == 0
    assert out.is_file() and _shown(f"written to {out}", capsys.readouterr().out)


def test_markup_in_the_contact_sheet_path(tmp_path, capsys):
    cube = ROOT / "samples/cubes/01-easy"
    sheet = _folder(tmp_path) / "sheet.png"
    assert main(["calibrate", "templates", str(cube), "--truth", str(cube / "truth.json"),
                 "--profile", "mine", "--sheet", str(sheet)]) == 0
    assert sheet.is_file() and _shown(str(sheet), capsys.readouterr().out)
