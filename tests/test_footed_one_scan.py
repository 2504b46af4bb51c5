"""The footed-1 verdict reaches ``scan``, ``solve`` and ``guide``: each face read live counts
its 1s and their feet, the scan says what they show and writes it into the state file, and
``solve``/``guide`` of that file keep every footed 1 upright."""
from __future__ import annotations

import json
from pathlib import Path

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.services.scan_reader import read_frame_face
from sudoku_cube.assistant.services.sessions import CapturedFace, ScanSession
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.cube.moves import parse_moves
from sudoku_cube.models.cube.solved import face_direction, is_solved
from sudoku_cube.models.cube.stickers import Hypothesis
from sudoku_cube.render import PhotoStyle, render_face_photo

VIDEO = Path(__file__).resolve().parents[1] / "samples" / "video" / "show-six-faces.avi"


def test_a_live_reading_counts_the_feet_of_its_ones():
    """A serif face's 1s are footed, a sans face's (base bar) are not."""
    puzzle = make_puzzle(11, 14, symmetric=())
    face = next(f for f in FACES if sum(s.digit == 1 for s in puzzle.state.face(f)) >= 1)
    ones = sum(s.digit == 1 for s in puzzle.state.face(face))
    for font, footed in (("texgyreschola-bold.otf", True), ("LiberationSans-Bold.ttf", False)):
        style = PhotoStyle(font=font, difficulty=0.05, size=(640, 480))
        img, _ = render_face_photo(puzzle.state.face(face), 1300, style)
        obs = read_frame_face(img)
        assert obs is not None and 1 <= obs.ones[0] <= ones
        assert obs.ones[1] == (obs.ones[0] if footed else 0), (font, obs.ones)


def _scanned(puzzle, ones_per_face: tuple[int, int]) -> None:
    session = ScanSession(source=str(VIDEO))  # all six captured: the video is not read
    for f in FACES:
        stickers = puzzle.state.face(f)
        session.faces[f] = CapturedFace(stickers, tuple((Hypothesis(s, 1.0),) for s in stickers),
                                        ones_per_face)
    session.save()


def test_scan_writes_the_verdict_and_solve_and_guide_keep_footed_ones_upright(tmp_path, capsys):
    puzzle = make_puzzle(11, 14, symmetric=())  # a design with every 1 upright
    _scanned(puzzle, (1, 1))
    out = tmp_path / "scan.json"
    assert main(["scan", "--resume", "--no-window", "-o", str(out)]) == 0
    assert "digit 1 has a foot (6 of 6 clear 1s)" in capsys.readouterr().out
    assert json.loads(out.read_text())["one"] == {"seen": 6, "footed": 6, "symmetric": False}
    assert main(["solve", str(out), "--json"]) == 0
    got = capsys.readouterr()
    assert "has a foot" in got.err
    end = puzzle.state.apply(parse_moves(json.loads(got.out)["moves"]))
    assert is_solved(end, ())
    for f in FACES:
        up = face_direction(end.face(f), frozenset())
        assert all(s.rot == up for s in end.face(f) if s.digit == 1)
    assert main(["guide", str(out), "--plain"]) == 0
    assert "has a foot" in capsys.readouterr().err


def test_a_scan_of_plain_ones_leaves_the_1_symmetric(tmp_path, capsys):
    puzzle = make_puzzle(12, 14)
    _scanned(puzzle, (1, 0))
    out = tmp_path / "scan.json"
    assert main(["scan", "--resume", "--no-window", "-o", str(out)]) == 0
    assert "digit 1 has no foot" in capsys.readouterr().out
    assert json.loads(out.read_text())["one"]["symmetric"] is True
    assert main(["solve", str(out), "--json"]) == 0
    assert "foot" not in capsys.readouterr().err


def test_the_guide_remembers_its_plan_under_the_photos_verdict_on_the_1(monkeypatch):
    """A plan made for a cube whose 1 has a foot is remembered under those settings (no
    symmetric digit), as the next run looks it up: under the options' own (1 symmetric) a
    re-run after a slip would not find the plan being followed."""
    import argparse

    from sudoku_cube.assistant.terminal import guide_run
    from sudoku_cube.models.cube.moves import parse_moves
    from sudoku_cube.models.cube.state_format import parse_state
    from sudoku_cube.models.plan.planner import PIECES, verified_plan
    from sudoku_cube.models.profile import CubeSettings
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    solved = parse_state((root / "samples/states/solved-example.json").read_text())
    moves = parse_moves("R U")
    footed = CubeSettings(symmetric=frozenset())
    start = solved.apply(parse_moves("U' R'"))
    plan = verified_plan(start, moves, tuple(PIECES for _ in moves), footed, {"method": "given"})
    saved = []
    monkeypatch.setattr(guide_run, "interactive", lambda: True)
    monkeypatch.setattr(guide_run, "save_followed_plan", lambda s, sym, *a: saved.append(sym))
    monkeypatch.setattr(guide_run, "chosen_reader", lambda args: None)
    monkeypatch.setattr(guide_run, "make_checker", lambda *a, **k: None)
    monkeypatch.setattr(guide_run, "run_interactive", lambda *a, **k: None)
    monkeypatch.setattr(guide_run, "GuideCursor", lambda *a, **k: None)
    args = argparse.Namespace(export=None, plain=False, camera=None, restart=False, speak=False,
                              profile=None, symmetric=None)
    assert guide_run.guide_plan(plan, args, settings=footed) == 0
    assert [tuple(s) for s in saved] == [()]


def test_a_solve_result_names_the_settings_it_was_planned_with():
    """``guide STATE`` hands the guide the settings the plan was made with (the state file's
    verdict on the 1 included), which the result carries."""
    from pathlib import Path

    from sudoku_cube.assistant.services.pipeline import solve_state
    from sudoku_cube.models.cube.moves import parse_moves
    from sudoku_cube.models.cube.state_format import parse_state
    from sudoku_cube.models.profile import CubeSettings

    root = Path(__file__).resolve().parents[1]
    solved = parse_state((root / "samples/states/solved-example.json").read_text())
    footed = CubeSettings(symmetric=frozenset())
    result = solve_state(solved.apply(parse_moves("U' R'")), footed)
    assert result.settings == footed and result.plan.moves


def test_a_face_held_turned_to_the_camera_is_read_upright_and_said(tmp_path, capsys):
    """Face F was shown to the camera a quarter turn round: its reading turned back makes the
    cube consistent, so the scan reads it so, says so with the command that captures it again,
    and writes the cube as it is (it ended in a refusal that named no face)."""
    from sudoku_cube.models.grid.photo_turn import photo_turned

    puzzle = make_puzzle(11, 14)
    turned = photo_turned(puzzle.state, "F", 1)
    session = ScanSession(source=str(VIDEO))  # all six captured: the video is not read
    for f in FACES:
        stickers = turned.face(f)
        session.faces[f] = CapturedFace(stickers, tuple((Hypothesis(s, 1.0),) for s in stickers))
    session.save()
    out = tmp_path / "scan.json"
    assert main(["scan", "--resume", "--no-window", "-o", str(out)]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "Face F as captured shows its face turned a quarter turn" in said, said
    assert "`sudoku-cube scan --resume --retake F`" in said, said
    from sudoku_cube.assistant.services.files import load_state
    assert load_state(out).stickers == puzzle.state.stickers
