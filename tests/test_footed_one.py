"""Is the cube's 1 symmetric? The reader measures the foot of every clearly read 1; when the
photos show footed 1s, the plan keeps every 1 upright with its face."""
from __future__ import annotations

import json

import cv2
import numpy as np

from sudoku_cube.assistant.cli import main
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.cube.moves import parse_moves
from sudoku_cube.models.cube.state_format import to_dict
from sudoku_cube.models.cube.solved import face_direction, is_solved
from sudoku_cube.render import PhotoStyle, render_face_photo
from sudoku_cube.vision.recognise.footed import OneVerdict, has_foot, judge_ones
from sudoku_cube.vision.recognise.templates import find_font, render_digit


def _one(font: str) -> np.ndarray:
    return render_digit(1, find_font(font), 80) < 128


SERIF = ("texgyreschola-bold.otf", "DejaVuSerif-Bold.ttf", "LiberationSerif-Bold.ttf",
         "FreeSerifBold.ttf")
SANS = ("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf", "DejaVuSansCondensed-Bold.ttf",
        "FreeSansBold.ttf")
"""Serif 1s stand on a thin foot; sans 1s are a plain stroke or stand on a base bar as deep
as the stem (DejaVu, Liberation): only the serif foot gives the 1 a direction."""


def _glyph(font: str, size: int) -> np.ndarray:
    return render_digit(1, find_font(font), size) < 128


def test_a_serif_foot_is_told_from_a_sans_base_in_any_rotation_and_size():
    for size in (30, 45, 70):
        for font in SERIF:
            one = _glyph(font, size)
            assert all(has_foot(np.rot90(one, -rot), rot) for rot in range(4)), (font, size)
            # read the wrong way up, the foot is at the top: no foot where it should be
            assert not has_foot(np.rot90(one, 2), 0), (font, size)
        for font in SANS:
            one = _glyph(font, size)
            assert not any(has_foot(np.rot90(one, -rot), rot) for rot in range(4)), (font, size)


def test_the_cube_verdict_needs_enough_clear_ones():
    footed = _one("texgyreschola-bold.otf")
    assert judge_ones([(footed, 0, 0.99)] * 5).has_foot
    assert not judge_ones([(footed, 0, 0.99)] * 2).has_foot  # too few to tell
    assert not judge_ones([(footed, 0, 0.5)] * 6).has_foot   # none read clearly
    plain = _one("DejaVuSans-Bold.ttf")
    # feet on fewer than half of the clear 1s: symmetric; on half (blur hides feet, it does
    # not make them): footed
    assert not judge_ones([(footed, 0, 0.99)] * 2 + [(plain, 0, 0.99)] * 4).has_foot
    assert judge_ones([(footed, 0, 0.99)] * 3 + [(plain, 0, 0.99)] * 3).has_foot
    assert "not symmetric" in OneVerdict(6, 6).describe()


def test_footed_ones_end_upright_with_their_face(tmp_path, capsys):
    """Six photos of a cube printed with a footed 1 whose design has every 1 upright: the
    reader says the 1 has a foot, and the plan, applied to the true cube, leaves every 1
    pointing the way of its face (solved with no symmetric digit)."""
    puzzle = make_puzzle(11, 14, symmetric=())
    style = PhotoStyle(font="texgyreschola-bold.otf", difficulty=0.1, size=(640, 480))
    for i, f in enumerate(FACES):
        img, _ = render_face_photo(puzzle.state.face(f), 1100 + i, style)
        cv2.imwrite(str(tmp_path / f"{f}.jpg"), img)
    assert main(["read", str(tmp_path), "--json", "--no-ocr"]) == 0
    assert json.loads(capsys.readouterr().out)["one"]["symmetric"] is False
    assert main(["solve", str(tmp_path), "--json"]) == 0
    out = capsys.readouterr()
    assert "has a foot" in out.err
    end = puzzle.state.apply(parse_moves(json.loads(out.out)["moves"]))
    assert is_solved(end, ())
    for f in FACES:
        face = end.face(f)
        up = face_direction(face, frozenset())
        assert all(s.rot == up for s in face if s.digit == 1)


def test_a_plan_never_leaves_a_footed_one_upside_down():
    """A cube solved but for a centre 1 turned half round: with a symmetric 1 there is
    nothing to do; with a footed 1 the plan turns it upright, and every 1 ends with its face."""
    from dataclasses import replace

    from sudoku_cube.assistant.services.pipeline import solve_state
    from sudoku_cube.models.profile import CubeSettings
    from sudoku_cube.models.cube.state import CubeState
    from sudoku_cube.models.cube.stickers import Sticker

    design = next(p.design for p in (make_puzzle(s, 0, symmetric=()) for s in range(200))
                  if any(p.design.stickers[9 * k + 4].digit == 1 for k in range(6)))
    k = next(k for k in range(6) if design.stickers[9 * k + 4].digit == 1)
    stickers = list(design.stickers)
    centre = stickers[9 * k + 4]
    stickers[9 * k + 4] = Sticker(1, (centre.rot + 2) % 4)
    state = CubeState(tuple(stickers), 3)
    assert is_solved(state) and not is_solved(state, ())
    assert not solve_state(state, CubeSettings()).plan.moves
    footed = replace(CubeSettings(), symmetric=frozenset())
    end = state.apply(solve_state(state, footed).plan.moves)
    assert is_solved(end, ())


def test_a_cube_printed_in_a_sans_font_with_a_base_bar_keeps_its_1_symmetric(tmp_path, capsys):
    """Six photos of a cube printed in Liberation Sans (its 1 stands on a base bar) whose
    design turns 1s over: the reader calls the 1 symmetric, and solve says nothing of a
    foot, so its verdict never contradicts the cube's solution."""
    puzzle = make_puzzle(12, 14)
    assert any(s.digit == 1 and s.rot != face_direction(puzzle.design.face(f), frozenset({1}))
               for f in FACES for s in puzzle.design.face(f))  # a 1 turned over in the design
    style = PhotoStyle(font="LiberationSans-Bold.ttf", difficulty=0.1, size=(640, 480))
    for i, f in enumerate(FACES):
        img, _ = render_face_photo(puzzle.state.face(f), 1200 + i, style)
        cv2.imwrite(str(tmp_path / f"{f}.jpg"), img)
    assert main(["read", str(tmp_path), "--json", "--no-ocr"]) == 0
    one = json.loads(capsys.readouterr().out)["one"]
    assert one["symmetric"] is True and one["seen"] >= 3


def test_a_reading_that_solves_neither_way_keeps_its_footed_one_unblamed(tmp_path, capsys):
    """A reading whose digit counts are wrong solves with the 1 neither footed nor symmetric:
    the verdict of the photos (footed) stands and nothing says the cube needs a 1 turned over;
    a reading that solves only with a 1 turned over is still said so and taken as symmetric."""
    from sudoku_cube.assistant.services.cube_input import footed_settings
    from sudoku_cube.models.profile import CubeSettings

    state = make_puzzle(11, 14, symmetric=()).state.without_candidates()
    i = next(i for i, s in enumerate(state.stickers) if s.digit not in (1, 9))
    wrong = state.with_sticker(i, state.stickers[i]._replace(digit=state.stickers[i].digit + 1))
    ones = OneVerdict(9, 9)
    settings, said = footed_settings(wrong, CubeSettings(), ones)
    assert 1 not in settings.symmetric and said == ones.describe()
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps({**to_dict(wrong), "one": ones.to_dict()}))
    assert main(["solve", str(path), "--plain"]) == 2
    out = capsys.readouterr()
    assert "not consistent" in out.err and "has a foot" in out.out + out.err
    assert "turned over" not in out.out + out.err

    turned = make_puzzle(12, 14).state.without_candidates()  # its design turns a 1 over
    settings, said = footed_settings(turned, CubeSettings(), ones)
    assert 1 in settings.symmetric and "only solves with a 1 turned over" in said
