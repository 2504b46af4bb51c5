"""The hold words compare digits as they look on the person's cube: with ``--symmetric 1,8``
an 8 upside down looks upright, so words that told two holds apart by an 8's direction would
fit both. Every caller passes the cube's settings."""
from __future__ import annotations

import io

from rich.console import Console

from sudoku_cube.assistant.services.export import plan_html, plan_svg
from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
from sudoku_cube.assistant.terminal.guide_ui import print_plain, resume_notice
from sudoku_cube.assistant.terminal.guide_watch import hold_hint
from sudoku_cube.assistant.web.views import step_view
from sudoku_cube.models.cube.face_words import hold_phrase, hold_words
from sudoku_cube.models.cube.moves import invert_moves, simplify
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.profile import CubeSettings
from tests.test_hold_words import _identity, holds_fitting

SYM_18 = CubeSettings(symmetric=frozenset({1, 8}))


def test_words_fit_exactly_one_hold_when_8_is_symmetric():
    state = make_puzzle(1, 20).state
    words = hold_words(state, SYM_18)
    assert holds_fitting(state, words, SYM_18.symmetric) == [_identity()], words


def test_every_caller_passes_the_cubes_settings():
    puzzle = make_puzzle(1, 20)
    start = puzzle.state
    steps = steps_from_moves(start, simplify(invert_moves(puzzle.scramble)))
    phrase = hold_phrase(start, settings=SYM_18)
    assert phrase != hold_phrase(start)  # the 8 alone no longer tells the holds apart
    cursor = GuideCursor(steps, start, remember=False, position=0, settings=SYM_18)
    console = Console(file=io.StringIO(), width=400, color_system=None)
    print_plain(console, steps, start, pictures=False, settings=SYM_18)
    printed = " ".join(console.file.getvalue().split())
    svg = plan_svg(steps, start, SYM_18)
    assert svg != plan_svg(steps, start)  # its start row says the longer hold
    for words in (resume_notice(cursor), hold_hint(start, SYM_18),
                  plan_html(steps, start, settings=SYM_18),
                  step_view(steps, start, 0, SYM_18)["hold"],
                  printed):
        assert phrase in words, words
    assert holds_fitting(start, resume_notice(cursor), SYM_18.symmetric) == [_identity()]


def test_a_symmetric_digit_is_told_upright_or_on_its_side():
    """A 1 looks the same upside down: "the 1 upside down" would puzzle a person who sees an
    upright 1, so a symmetric digit is told only by how it lies."""
    state = make_puzzle(17, 20).state
    words = hold_words(state)
    assert "the 1 upright" in words, words
    assert holds_fitting(state, words) == [_identity()]
    for seed in range(120):
        state = make_puzzle(seed, 20).state
        for settings in (CubeSettings(), SYM_18):
            words = hold_words(state, settings)
            for d in settings.symmetric:
                assert f"the {d} upside down" not in words and f"the {d} pointing" not in words
            assert holds_fitting(state, words, settings.symmetric) == [_identity()], words


def test_a_symmetric_centre_named_with_its_direction_is_never_upside_down():
    from sudoku_cube.models.cube.face_words import centre_name
    from sudoku_cube.models.cube.stickers import Sticker

    assert centre_name(Sticker(1, 2), "F", clash=True) == "centre 1, upright (F)"
    assert centre_name(Sticker(1, 3), "F", clash=True) == "centre 1, lying on its side (F)"
    assert centre_name(Sticker(7, 2), "F", clash=True) == "centre 7, upside down (F)"


def test_the_scans_hold_words_take_the_cubes_settings(monkeypatch):
    """The scan's panel and window, and the phone page's photo and check words, compare the
    centres read so far as they look on the person's cube: with ``--symmetric 1,8`` an 8 on
    its side is told as lying on its side, never as pointing one way."""
    import numpy as np

    from sudoku_cube.assistant.services.face_poses import corner_hold_words
    from sudoku_cube.assistant.services.face_poses import hold_words as scan_hold_words
    from sudoku_cube.assistant.services.scanner import Observation, Scanner
    from sudoku_cube.assistant.terminal.scan_canvas import scan_scene
    from sudoku_cube.assistant.terminal.scan_view import ScanPanel
    from sudoku_cube.assistant.web.service import PhoneService
    from sudoku_cube.models.cube.stickers import Hypothesis
    from sudoku_cube.assistant.web.store import PhotoFolder, new_folder
    from sudoku_cube.vision.reading.reader import Reader

    state = make_puzzle(3, 20).state  # centre 8 pointing right towards you, and on the right
    centres = {f: state.face(f)[4] for f in "URFDLB"}
    assert "the 8 pointing right" in scan_hold_words("R", centres)
    scanner = Scanner(save=False, settings=SYM_18)
    for f in "URFD":
        obs = Observation(state.face(f), tuple((Hypothesis(s, 0.9),) for s in state.face(f)))
        for _ in range(scanner.stable_frames):
            scanner.feed(obs)
    console = Console(file=io.StringIO(), width=400, color_system=None)
    console.print(ScanPanel(scanner))
    service = PhoneService(PhotoFolder(new_folder()), Reader(ocr="never"), settings=SYM_18)
    monkeypatch.setattr(service, "_centres", lambda: centres)
    # as once the terminal has checked the whole reading for a photo held turned (before,
    # the page names no direction a turned photo would change)
    monkeypatch.setattr(service, "_turned", lambda kind: ())
    service.ask_check("A")
    told = [scan_hold_words("R", centres, SYM_18), corner_hold_words("A", centres, SYM_18),
            " ".join(console.file.getvalue().split()),
            scan_scene(np.zeros((48, 64, 3), np.uint8), None, scanner).hold,
            service.status()["photos"][1]["hold"], service.status()["check"]["hold"]]
    service.close()
    for words in told:
        assert "8 lying on its side" in words and "8 pointing" not in words, words
