"""A cube with no digits (a plain colour cube) is refused from every input, not only from photos:
a state file whose record of its photos says most faces showed no digit (``read --json`` writes
it before refusing the photos), and the webcam scan, whose captured faces keep the stickers
they showed no digit on. Same words as for photos, exit 2, before any review or search."""
from __future__ import annotations

import dataclasses
import io
import json
import re
from pathlib import Path

from rich.console import Console

from sudoku_cube.assistant.cli import build_parser, main
from sudoku_cube.assistant.commands import scan
from sudoku_cube.assistant.services.cube_input import read_input
from sudoku_cube.assistant.services.scan_reader import observation_of
from sudoku_cube.assistant.services.scanner import Observation, Scanner
from sudoku_cube.assistant.services.sessions import ScanSession, scan_session_path
from sudoku_cube.models.cube.state_format import parse_state, to_dict
from sudoku_cube.models.cube.stickers import Hypothesis
from sudoku_cube.vision.reading.reader import Reader
from tests.conftest import one_line

CUBE = Path(__file__).resolve().parents[1] / "samples" / "cubes" / "01-easy"
TRUTH = parse_state((CUBE / "truth.json").read_text())
PLAIN = "URFD"
"""The faces read without a digit: most of the cube."""


def _written_by_read(path: Path, plain: str = PLAIN, typed: str = "") -> Path:
    """A state file as ``read --json`` writes it for six face photos (the sample's tokens, each
    read with a score), whose ``reading`` records no digit seen on any sticker of the faces in
    ``plain``; on the faces in ``typed`` the first sticker was typed over by hand (the token no
    longer its best candidate)."""
    data = to_dict(TRUTH)
    data["candidates"] = {f: [[{"token": t, "score": 0.4}] for t in toks]
                          for f, toks in data["faces"].items()}
    for f in typed:
        data["candidates"][f][0] = [{"token": "1^" if data["faces"][f][0] != "1^" else "2^",
                                     "score": 0.4}]
    data["reading"] = {f: {"source": str(CUBE / f"{f}.jpg"),
                           "blank": list(range(9)) if f in plain else []} for f in "URFDLB"}
    path.write_text(json.dumps(data))
    return path


def test_a_state_file_of_a_plain_cube_is_refused_as_its_photos_are(tmp_path, capsys):
    state = _written_by_read(tmp_path / "plain.json")
    assert main(["solve", str(state), "--plain"]) == 2
    out = capsys.readouterr()
    err = one_line(out.err)
    assert out.out == "" and "Traceback" not in err
    assert err.count("is this a Sudoku Cube (a digit on every sticker)?") == 1, err
    assert (f"{state}, as its record of the photos says: no digit seen on 36 of the 54 "
            "stickers, none at all on the top face (U), the right face (R)") in err, err
    assert "If so, retake U.jpg, R.jpg, F.jpg and D.jpg: sharp" in err, err
    assert ('If the digits in plain.json are right (a token typed the same as the photo read '
            'it still counts as read), delete the "blank" entries of its "reading" section, '
            'or that whole section, and give the file again') in err, err


def test_the_refused_state_files_advice_works(tmp_path):
    """The refusal's way on for a state file whose digits are right: with the "blank" entries
    of its "reading" section deleted, or that section, it is read, the photos still named."""
    for name, drop in (("entries.json", "blank"), ("section.json", "reading")):
        path = _written_by_read(tmp_path / name)
        data = json.loads(path.read_text())
        if drop == "blank":
            for face in data["reading"].values():
                del face["blank"]
        else:
            del data["reading"]
        path.write_text(json.dumps(data))
        got = read_input(path, Reader())
        assert got.state.stickers == TRUTH.stickers
        assert (got.photo_names is not None) == (drop == "blank"), got.photo_names


def test_a_state_file_with_digits_on_most_faces_or_typed_over_is_read(tmp_path):
    """Two faces without digits are the review's to settle, and a face typed over by hand is
    the person's word: neither refuses the cube."""
    for name, plain, typed in (("two.json", "UR", ""), ("typed.json", PLAIN, "UR")):
        got = read_input(_written_by_read(tmp_path / name, plain, typed), Reader())
        assert got.state.stickers == TRUTH.stickers and got.photo_names is not None


def _session(plain: str = PLAIN) -> ScanSession:
    """A scan session of the sample cube's six faces, captured through the scanner, those in
    ``plain`` seen without a digit on any sticker."""
    session = ScanSession(source="0")
    scanner = Scanner(session, save=False)
    while scanner.next_face is not None:
        f = scanner.next_face
        stickers = TRUTH.face(f)
        scanner.capture(Observation(stickers, tuple((Hypothesis(s, 0.4),) for s in stickers),
                                    blank=tuple(range(9)) if f in plain else ()), force=True)
    return session


def test_a_scan_of_a_plain_cube_is_refused_and_its_faces_kept(tmp_path, monkeypatch, capsys):
    """All six faces captured (here a resumed session: no camera), most without a digit: the
    scan refuses the cube before the review, writes no state file, and keeps the session."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path / "home"))
    _session().save()
    out = tmp_path / "scan.json"
    assert main(["scan", "--resume", "--no-window", "-o", str(out)]) == 2
    err = one_line(capsys.readouterr().err)
    assert ("is this a Sudoku Cube (a digit on every sticker)? If so, take faces U, R, F and "
            "D again with `sudoku-cube scan --resume --retake URFD`, in even light") in err, err
    assert f"The six faces captured stay in the scan session ({scan_session_path()})" in err
    assert not out.exists() and scan_session_path().exists()
    assert ScanSession.load().blank() == _session().blank()  # kept as captured
    # the command named resumes the session without the faces to take again
    named = re.search(r"`sudoku-cube (scan [^`]+)`", err).group(1).split()
    args = build_parser("scan").parse_args([*named, "--no-window"])
    session, _, known = scan._session(args, Console(file=io.StringIO()))
    assert set(session.faces) == set("LB") and set(known) == set(PLAIN)


def test_the_scan_keeps_the_stickers_it_saw_no_digit_on(monkeypatch):
    """A frame's reading hands the scanner the stickers without a digit (a plain face: all
    nine), and the session saves and loads them; a session saved without them has none."""
    photo = CUBE / "U.jpg"
    from sudoku_cube.vision.photo.images import load_image

    reading = Reader(ocr="never").read_face(load_image(photo), face="U")
    plain = dataclasses.replace(reading, digit_seen=(0.1,) * 9)
    assert observation_of(plain).blank == tuple(range(9))
    assert observation_of(reading).blank == reading.blank
    session = _session("UF")
    raw = session.to_dict()
    assert raw["faces"]["F"]["blank"] == list(range(9)) and raw["faces"]["R"]["blank"] == []
    del raw["faces"]["U"]["blank"]
    from sudoku_cube.assistant.services.sessions import CapturedFace

    assert CapturedFace.from_dict(raw["faces"]["U"], "U").blank == ()
    assert CapturedFace.from_dict(raw["faces"]["F"], "F").blank == tuple(range(9))


def test_show_encode_apply_and_grid_refuse_a_plain_cubes_state_file_too(tmp_path, capsys):
    """Every command that takes a cube's state file refuses it as ``solve`` does (same words,
    exit 2), before drawing, encoding, turning or solving a cube with no digits."""
    state = _written_by_read(tmp_path / "plain.json")
    for command, *rest in (["show"], ["encode"], ["grid"], ["apply", "R U", "--json"]):
        assert main([command, str(state), *rest]) == 2, command
        out = capsys.readouterr()
        err = one_line(out.err)
        assert out.out == "" and "Traceback" not in err, (command, out)
        assert f"{state}, as its record of the photos says: no digit seen on 36 of the 54" in err
        assert 'delete the "blank" entries of its "reading" section' in err, (command, err)
